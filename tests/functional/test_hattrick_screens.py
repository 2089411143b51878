"""Hattrick's screens, each shown with a prepared position's view: the table (dimmed cards,
the consequence line, passing), the scores, the hand-off and the rules help."""

from __future__ import annotations

import random
import re
from collections import Counter
from contextlib import asynccontextmanager

import pytest
from helpers import (
    at_the_table,
    cards_on_screen,
    check_hand_off_hides_every_hand,
    played_until,
    screen_text,
)
from screen_app import Moves, ScreenApp, drawn_plain, shown
from textual.widgets import TabbedContent

from sticheln_tui import i18n
from sticheln_tui.bots import make_bot
from sticheln_tui.core.hattrick import (
    COLOURS,
    HattrickGame,
    HattrickOptions,
    HattrickView,
    PassCard,
    closed_colour,
    passable,
    playable,
)
from sticheln_tui.core.review import frames
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.core.table import PlayCard
from sticheln_tui.screens.hattrick import (
    HattrickHandoffScreen,
    HattrickScoreboardScreen,
    HattrickTableScreen,
)
from sticheln_tui.screens.hattrick.parts import last_trick_text
from sticheln_tui.screens.hattrick.replay import HattrickReplayScreen
from sticheln_tui.screens.rules_help import RulesHelpScreen
from sticheln_tui.widgets.cards import card_label
from sticheln_tui.widgets.hand import Hand
from sticheln_tui.words import colour_name


def mover_view(game: HattrickGame):
    return game.view(game.to_move)


def can_play_and_pass(game: HattrickGame, passes: int = 1) -> bool:
    """The mover may play, and may pass with at least `passes` cards to choose from."""
    if game.finished:
        return False
    view = mover_view(game)
    return bool(playable(view.trick_cards, view.hand)) and (
        len(passable(view.trick_cards, view.hand)) >= passes
    )


@asynccontextmanager
async def at_table(view: HattrickView):
    """`view`'s table at 80x24, alone in the app; yields the app, its pilot and the moves
    the table posts."""
    moves = Moves()
    app = ScreenApp()
    async with app.run_test(size=(80, 24), message_hook=moves) as pilot:
        await shown(pilot, HattrickTableScreen(view))
        yield app, pilot, moves


async def test_the_cards_that_may_not_join_the_trick_are_dimmed_and_enter_plays():
    game = played_until(4, 3, can_play_and_pass)
    view = mover_view(game)
    async with at_table(view) as (app, pilot, moves):
        hand = app.screen.query_one(Hand)
        can_play = set(playable(view.trick_cards, view.hand))
        assert drawn_plain(hand) == set(view.hand) - can_play != set()
        assert hand.focused_card in can_play  # the cursor starts on a playable card
        card = hand.focused_card
        await pilot.press("enter")
        await pilot.pause()
        assert [(m.seat, m.move) for m in moves.chosen] == [(view.seat, PlayCard(card))]


async def test_enter_on_a_dimmed_card_does_nothing():
    game = played_until(4, 3, can_play_and_pass)
    view = mover_view(game)
    async with at_table(view) as (app, pilot, moves):
        hand = app.screen.query_one(Hand)
        hand.cursor = hand.cards.index(
            next(c for c in view.hand if c not in playable(view.trick_cards, view.hand))
        )
        await pilot.press("enter")
        await pilot.pause()
        assert moves.chosen == []


def consequence_line(app) -> str:
    return " ".join(app.screen.query_one("#hint").render().plain.split())


async def test_the_consequence_line_says_which_colour_the_card_takes():
    game = played_until(4, 3, can_play_and_pass)
    view = mover_view(game)
    trick = view.trick_cards
    app = ScreenApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await shown(pilot, HattrickTableScreen(view))
        hand = app.screen.query_one(Hand)
        closed = next(c for c in COLOURS if c not in {card.colour for card in trick})
        for card in playable(trick, view.hand):
            hand.cursor = hand.cards.index(card)
            await pilot.pause()
            line = consequence_line(app)
            same = [c for c in trick if c.colour == card.colour]
            best = max(same, key=lambda c: c.value)
            if card.value > best.value:
                last = len(view.trick) == 3
                taking = f"you take {card.colour}{'' if last else ' so far'}"
                assert f"now, {taking} ({len(same) + 1} cards)." in line, line
            else:
                assert f"now, you do not take {card.colour}: {card_label(best)} is higher" in line
            assert line.startswith(f"If you play {card_label(card, focused=False)}")
            assert line.endswith(f"Or pass (p), showing a {closed} card.")


async def test_leading_says_so_and_passing_is_not_offered():
    game = played_until(5, 2, lambda g: len(g.deal_tricks) == 2 and not g.trick)
    view = mover_view(game)
    async with at_table(view) as (app, pilot, moves):
        screen = app.screen
        card = screen.query_one(Hand).focused_card
        assert (
            consequence_line(app) == f"If you play {card_label(card)} now, you lead {card.colour}."
        )
        assert drawn_plain(screen.query_one(Hand)) == set()  # every card may lead
        assert screen.check_action("pass_turn", ()) is None  # greyed out in the footer
        await pilot.press("p")
        await pilot.pause()
        assert moves.chosen == [] and not screen.passing
        assert advice_line(app) == (
            "You cannot pass now: a pass is allowed only once the trick holds two colours."
        )


def advice_line(app) -> str:
    return " ".join(app.screen.query_one("#advice").render().plain.split())


async def test_p_without_a_card_of_the_closed_colour_says_so():
    def two_colours_and_none_of_the_third(game: HattrickGame) -> bool:
        view = None if game.finished else mover_view(game)
        if view is None or closed_colour(view.trick_cards) is None:
            return False
        return not passable(view.trick_cards, view.hand)

    game = played_until(4, 0, two_colours_and_none_of_the_third, seeds=50)
    view = mover_view(game)
    closed = closed_colour(view.trick_cards)
    async with at_table(view) as (app, pilot, moves):
        await pilot.press("p")
        await pilot.pause()
        assert moves.chosen == [] and not app.screen.passing
        assert advice_line(app) == (
            f"You cannot pass now: a pass shows a {closed} card, and you hold none."
        )
        await pilot.press("enter")  # playing goes on as before
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [PlayCard(app.screen.query_one(Hand).focused_card)]


async def test_p_while_another_player_moves_says_whose_turn_it_is():
    game = played_until(4, 3, can_play_and_pass)
    waiting = (game.to_move + 1) % 4
    async with at_table(game.view(waiting)) as (app, pilot, moves):
        await pilot.press("p")
        await pilot.pause()
        name = game.players[game.to_move]
        assert advice_line(app) == f"You cannot pass now: it is {name}'s turn."
        assert moves.chosen == []


async def test_p_passes_showing_the_card_under_the_cursor():
    game = played_until(4, 3, can_play_and_pass)
    view = mover_view(game)
    async with at_table(view) as (app, pilot, moves):
        assert app.screen.check_action("pass_turn", ()) is True
        hand = app.screen.query_one(Hand)
        card = passable(view.trick_cards, view.hand)[-1]
        hand.cursor = hand.cards.index(card)
        await pilot.pause()
        assert f"p passes, showing {card_label(card)} (-2 for you)." in consequence_line(app)
        await pilot.press("p")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [PassCard(card)]


async def test_p_on_a_playable_card_offers_the_cards_to_pass_with():
    game = played_until(4, 3, lambda g: can_play_and_pass(g, passes=2))
    view = mover_view(game)
    can_pass = passable(view.trick_cards, view.hand)
    async with at_table(view) as (app, pilot, moves):
        screen, hand = app.screen, app.screen.query_one(Hand)
        assert hand.focused_card not in can_pass
        await pilot.press("p")
        await pilot.pause()
        assert moves.chosen == [] and screen.passing
        assert drawn_plain(hand) == set(view.hand) - set(can_pass)
        assert hand.focused_card in can_pass
        assert hand.border_title == f"Your hand: choose the {can_pass[0].colour} card to show"
        assert screen_text(app).splitlines()[-1].lstrip().startswith("⏎ Pass")
        await pilot.press("escape")  # changed their mind: back to playing
        await pilot.pause()
        assert not screen.passing and drawn_plain(hand) == set(can_pass)
        assert hand.border_title == "Your hand"
        assert screen_text(app).splitlines()[-1].lstrip().startswith("⏎ Play")
        await pilot.press("p")
        await pilot.pause()
        hand.cursor = hand.cards.index(can_pass[-1])
        await pilot.pause()
        assert consequence_line(app).startswith(f"Enter passes, showing {card_label(can_pass[-1])}")
        await pilot.press("enter")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [PassCard(can_pass[-1])]


async def test_with_no_card_to_play_enter_passes():
    def only_passes(game: HattrickGame) -> bool:
        view = None if game.finished else mover_view(game)
        return view is not None and not playable(view.trick_cards, view.hand)

    game = played_until(4, 0, only_passes, seeds=50)
    view = mover_view(game)
    async with at_table(view) as (app, pilot, moves):
        hand = app.screen.query_one(Hand)
        assert drawn_plain(hand) == set()  # the cards to pass with are offered
        assert hand.border_title == f"Your hand: choose the {view.hand[0].colour} card to show"
        assert screen_text(app).splitlines()[-1].lstrip().startswith("⏎ Pass")
        card = hand.focused_card
        assert consequence_line(app).startswith("None of your cards may join")
        await pilot.press("enter")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [PassCard(card)]


async def test_the_table_updated_in_place_puts_the_cursor_on_a_playable_card():
    game = played_until(4, 3, can_play_and_pass)
    seat = game.to_move
    app = ScreenApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, HattrickTableScreen(game.view(seat)))
        screen = app.screen
        rng = random.Random(1)
        for _ in range(40):  # round the table, back to this seat several times
            game.apply(rng.choice(game.legal_moves()))
            if game.finished or len(game.results):
                break
            screen.show(game.view(seat))
            await pilot.pause()
            view = game.view(seat)
            if view.to_move == seat:
                can_play = playable(view.trick_cards, view.hand)
                offered = can_play or passable(view.trick_cards, view.hand)
                assert screen.query_one(Hand).focused_card in offered


async def test_piles_show_counts_passes_and_the_score_now():
    game = played_until(4, 3, lambda g: can_play_and_pass(g) and any(g.view(None).passes))
    view = mover_view(game)
    app = ScreenApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await shown(pilot, HattrickTableScreen(view))
        text = screen_text(app)
        for seat, name in enumerate(view.players):
            counts = Counter(card.colour for card in view.piles[seat])
            expected = [str(counts[c]) for c in COLOURS] + [str(len(view.passes[seat]))]
            expected.append(f"{view.points_so_far(seat):+d}")
            row = re.search(
                rf"│ [▶ ] {name} +(?:D +)?" + r"(\d+) +(\d+) +(\d+) +(\d+) +([+-]\d+)", text
            )
            assert list(row.groups()) == expected, row.group(0)
            line = text[row.start() :].splitlines()[0]
            assert cards_on_screen(line, view.passes[seat]) == list(view.passes[seat])
        first, second = dict.fromkeys(card.colour for card in view.trick_cards)
        closed = next(colour for colour in COLOURS if colour not in (first, second))
        assert f"Trick: {first} and {second}, no {closed} now" in text


async def test_deal_scores_show_each_piles_breakdown():
    game = played_until(5, 4, lambda g: len(g.results) == 1)
    public = game.view(None)
    app = ScreenApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, HattrickScoreboardScreen(public))
        text = screen_text(app)
        assert "Scores after deal 1 of 5" in text
        leader = max(public.totals)
        for seat, name in enumerate(public.players):
            # Worked out here from the pile and the pass cards, as RULES.md 3 scores them.
            pile = public.results[0].scores[seat].pile
            passes = public.results[0].scores[seat].passes
            counts = Counter(card.colour for card in pile)
            main = max(counts.values(), default=0)
            other = len(pile) - main
            total = main - other - 2 * len(passes)
            row = re.search(
                rf"( [★ ]) {name} +" + r"(\d+) +(\d+) +(\d+) +(\d+) +([+-]\d+) (\w+) +"
                r"([+-]\d+|0) +([+-]\d+|0) +([+-]\d+) +([+-]\d+)",
                text,
            )
            mark, *numbers, colour = row.groups()[:7]
            assert numbers == [str(counts[c]) for c in COLOURS] + [str(len(passes)), f"{main:+d}"]
            assert counts[colour] == main  # the main colour named is a most numerous one
            assert list(row.groups()[7:]) == [
                f"{-other:+d}" if other else "0",  # a cost of nothing: no sign
                f"{-2 * len(passes):+d}" if passes else "0",
                f"{total:+d}",
                f"{total:+d}",  # the running total after one deal
            ]
            assert (mark == " ★") == (total == leader)


async def test_game_over_names_the_winners():
    game = played_until(4, 6, lambda g: g.finished)
    public = game.view(None)
    app = ScreenApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, HattrickScoreboardScreen(public))
        text = screen_text(app)
        winners = [public.players[seat] for seat in public.winners]
        verdict = text.split("Game over: ")[1].splitlines()[0]
        assert all(name in verdict for name in winners)
        assert sum(name in verdict for name in public.players) == len(winners)


@pytest.mark.parametrize(
    "done", [lambda g: len(g.results) == 1, lambda g: g.finished], ids=["deal-1", "game-over"]
)
async def test_the_scores_of_a_deal_over_name_nobody_to_lead(done):
    """The deal's last trick, on its scores: who took what, and no "Ann leads" (no trick
    follows in that deal; the next deal's leader sits left of its dealer)."""
    game = played_until(4, 6, done)
    app = ScreenApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, HattrickScoreboardScreen(game.view(None)))
        app.screen.query_one(TabbedContent).active = "deal"
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Last trick: " in text and " took " in text
        assert "leads" not in text


async def test_a_replay_ends_with_the_card_each_player_set_aside():
    """The last frame shows each hand's last card, never played (as each player saw it at
    the table), and the last trick with nobody to lead."""
    game = HattrickGame(["Ann", "Bob", "Cid", "Dee"], HattrickOptions(deals=1), seed=5)
    while not game.finished:
        game.apply(game.legal_moves()[0])
    shown_frames = frames(game)
    played = {seat: set() for seat in range(4)}
    for frame in shown_frames[1:]:
        played[frame.mover].add(frame.move.card)
    set_aside = [set(hand) - played[seat] for seat, hand in enumerate(shown_frames[0].hands)]
    assert all(len(cards) == 1 for cards in set_aside)
    app = ScreenApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, HattrickReplayScreen(shown_frames, "a.json"))
        await pilot.press("end")
        await pilot.pause()
        assert [set(hand) for hand in shown_frames[-1].hands] == set_aside
        text = screen_text(app)
        for name, cards in zip(game.players, set_aside, strict=True):
            (row,) = [line for line in text.splitlines() if line.startswith(f"    {name} ")]
            assert cards_on_screen(row, cards) == list(cards)
        assert "Game over" in text and "leads" not in text


async def test_a_hand_off_shows_the_pass_and_no_card_of_any_hand():
    """Through the app: a player passes, and the next player's hand-off (the exported
    screen) tells the table the pass and shows no card of any hand."""
    game = played_until(4, 8, can_play_and_pass)
    mover = game.to_move
    async with at_the_table(game) as pilot:
        hand = pilot.app.screen.query_one(Hand)
        shown_card = passable(game.view(mover).trick_cards, game.view(mover).hand)[0]
        hand.cursor = hand.cards.index(shown_card)
        await pilot.press("p")
        await pilot.pause()
        assert game.moves[-1] == PassCard(shown_card)
        words = await check_hand_off_hides_every_hand(pilot, game, HattrickHandoffScreen)
        assert f"{game.players[mover]} passed, showing {card_label(shown_card)}" in words


async def test_the_rules_help_follows_the_game():
    app = ScreenApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, RulesHelpScreen(HattrickOptions(deals=3)))
        text = screen_text(app)
        assert "How to play Hattrick" in text and "3 deals" in text
        app.pop_screen()
        await shown(pilot, RulesHelpScreen(Rules(reverse=True, latest_trump=True)))
        text = " ".join(screen_text(app).split())
        assert "its lowest non-zero card" in text and "its highest card" not in text


def advised(game: HattrickGame):
    view = mover_view(game)
    return make_bot("normal", view.seat, game="hattrick").advise(view).move


@pytest.mark.parametrize("advice", [PlayCard, PassCard])
async def test_the_hint_puts_its_move_under_the_cursor_for_enter(advice):
    game = played_until(
        4, 0, lambda g: can_play_and_pass(g) and isinstance(advised(g), advice), seeds=30
    )
    move = advised(game)
    async with at_table(mover_view(game)) as (app, pilot, moves):
        await pilot.press("h")
        await pilot.pause()
        line = " ".join(app.screen.query_one("#advice").render().plain.split())
        shown_card = card_label(move.card, focused=False)
        words = "pass, showing " if advice is PassCard else ""
        assert line.startswith(f"Hint: {words}{shown_card}"), line
        await pilot.press("enter")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [move]


LONG_NAMES = ["Maximiliane Ross", "Christopher-Paul", "Christoph", "Dee", "Eve", "Fay", "Gus"]


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
@pytest.mark.parametrize("players", [4, 5, 6, 7])
async def test_the_whole_table_fits(players, size):
    """Early in a deal (the biggest hands), with two colours down and passes laid: every
    part shows whole, long names fitted."""
    game = HattrickGame(LONG_NAMES[:players], seed=players)
    rng = random.Random(players)
    while not (can_play_and_pass(game) and any(game.view(None).passes)):
        moves = game.legal_moves()
        passes = [move for move in moves if isinstance(move, PassCard)]
        game.apply(rng.choice(passes or moves))
    view = mover_view(game)
    app = ScreenApp()
    async with app.run_test(size=size) as pilot:
        await shown(pilot, HattrickTableScreen(view))
        lines = screen_text(app).splitlines()
        text = "\n".join(lines)
        assert lines[-1].lstrip().startswith("⏎ Play")  # the footer, below everything
        assert sorted(cards_on_screen(text, view.hand)) == sorted(view.hand)
        first, second = dict.fromkeys(card.colour for card in view.trick_cards)
        closed = next(colour for colour in COLOURS if colour not in (first, second))
        assert f"Trick: {first} and {second}, no {closed} now" in text  # not cut
        assert f"{first.capitalize()} or {second}, or pass showing {closed}." in text
        for seat, line in enumerate(lines[3 : 3 + players]):  # below the piles' heading
            piles, trick = line.split("││")  # the two panels side by side, each whole
            assert piles[len("│ ▶ ") :].startswith(view.players[seat][:4])
            assert re.search(r"[+-]\d+( |$)", piles) and trick.endswith("│")
        assert "If you play" in text and "Or pass (p)" in text


def test_the_last_trick_line_breaks_between_cards_never_inside_one():
    game = HattrickGame(LONG_NAMES, seed=3)
    rng = random.Random(3)
    lines_seen = 0
    while not game.results:
        game.apply(rng.choice(game.legal_moves()))
        view = game.view(None)
        if view.trick or view.last_trick is None:
            continue
        text = last_trick_text(view, 78)
        lines = text.plain.splitlines()
        lines_seen = max(lines_seen, len(lines))
        assert all(len(line) <= 78 for line in lines)
        played = [turn.card for turn in view.last_trick.turns if not turn.passed]
        assert sorted(cards_on_screen(text.plain, played)) == sorted(played)
    assert lines_seen > 1  # long enough to wrap


async def test_the_table_speaks_finnish_and_fits():
    """In Finnish (long words) at 80x24, with two colours down and a pass laid: the trick's
    title, its note and the consequence line are Finnish and whole, every card shows."""
    i18n.use("fi")
    game = HattrickGame(LONG_NAMES[:4], seed=4)
    rng = random.Random(4)
    while not (can_play_and_pass(game) and any(game.view(None).passes)):
        moves = game.legal_moves()
        passes = [move for move in moves if isinstance(move, PassCard)]
        game.apply(rng.choice(passes or moves))
    view = mover_view(game)
    async with at_table(view) as (app, *_):
        text = screen_text(app)
        first, second = (colour_name(c) for c in dict.fromkeys(c.colour for c in view.trick_cards))
        assert f"{first} ja {second}, ei " in text  # the trick's title, not cut
        assert "Jos pelaat nyt" in text and "Tai passaa (p)" in text
        assert "If you play" not in text and "Last trick" not in text
        assert sorted(cards_on_screen(text, view.hand)) == sorted(view.hand)
