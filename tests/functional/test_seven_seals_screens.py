"""Seven Seals' screens, each shown with a prepared position's view: the prediction (keys,
steals and whom they rob, a refused choice, the saboteur, the proposal), the table
(dimmed cards, the seal to give back), the scores, the hand-off and the rules help."""

from __future__ import annotations

import re
from contextlib import asynccontextmanager

import pytest
from helpers import at_the_table, cards_on_screen, check_hand_off_hides_every_hand, screen_text
from key_patterns import TableWatch, hold, real_key_timing
from positions import NAMES, seven_seals_until
from screen_app import Moves, ScreenApp, drawn_plain, shown

from sticheln_tui import i18n
from sticheln_tui.app import StichelnApp
from sticheln_tui.bots import make_bot
from sticheln_tui.bots.seven_seals import proposal, proposed_return
from sticheln_tui.core.seven_seals import (
    COLOURS,
    SEALS,
    Phase,
    Predict,
    ReturnSeal,
    SevenSealsGame,
    SevenSealsOptions,
    TakeSaboteur,
    legal_cards,
    predict,
    seals_to_return,
    trick_winner,
)
from sticheln_tui.core.table import PlayCard
from sticheln_tui.screens.rules_help import RulesHelpScreen
from sticheln_tui.screens.seven_seals import (
    SevenSealsHandoffScreen,
    SevenSealsPredictionScreen,
    SevenSealsScoreboardScreen,
    SevenSealsTableScreen,
    last_event_text,
)
from sticheln_tui.widgets.cards import card_label
from sticheln_tui.widgets.hand import Hand
from sticheln_tui.words import colour_name

NO_WHITE = "Not possible: no white seal is left for the robbed player, so no seal can be taken."


def predicted(*wanted: dict[str, int], steals=(), options=None) -> SevenSealsGame:
    """A fresh four-player game (Ann predicts first) after these predictions in turn; the
    last one robs as `steals` say."""
    game = SevenSealsGame(NAMES[:4], options or SevenSealsOptions(), seed=3)
    for index, seals in enumerate(wanted):
        game.apply(predict(seals, steals if index == len(wanted) - 1 else ()))
    return game


def mover_view(game: SevenSealsGame):
    return game.view(game.to_move)


@asynccontextmanager
async def on_screen(screen, size=(80, 24)):
    """`screen` alone in the app; yields the app, its pilot and the moves it posts."""
    moves = Moves()
    app = ScreenApp()
    async with app.run_test(size=size, message_hook=moves) as pilot:
        await shown(pilot, screen)
        yield app, pilot, moves


def flat(app) -> str:
    return " ".join(screen_text(app).split())


async def choose(pilot, screen: SevenSealsPredictionScreen, wanted: dict[str, int]) -> None:
    """Set every colour's count to `wanted`'s (0 if not named) with ↑↓ and ←→."""
    for row, colour in enumerate(COLOURS):
        while screen.row != row:
            await pilot.press("down")
        target = wanted.get(colour, 0)
        while screen.wanted[colour] != target or screen.saboteur_chosen:
            await pilot.press("right" if screen.wanted[colour] < target else "left")
        await pilot.pause()


def seals_row(app, colour: str) -> str:
    """The prediction's row of `colour`: its seals and its count."""
    line = next(line for line in screen_text(app).splitlines() if f" {colour} " in line)
    return re.search(r"([●○]+) +(\d)", line).group(0)


async def test_the_arrows_change_the_counts_and_enter_takes_those_seals():
    game = predicted()
    async with on_screen(SevenSealsPredictionScreen(mover_view(game))) as (app, pilot, moves):
        screen = app.screen
        await choose(pilot, screen, {})
        assert seals_row(app, "red") == "○○○○○  0"
        await pilot.press("down", "right", "right")  # from purple round to red
        await pilot.press("down", "down", "right", "right", "right", "right")  # green: 3 at most
        await pilot.press("up", "up", "up", "right", "left")  # purple, round the top
        await pilot.pause()
        assert screen.wanted == {"red": 2, "yellow": 0, "green": 3, "blue": 0, "purple": 0}
        assert seals_row(app, "red") == "●●○○○  2"
        assert seals_row(app, "green") == "●●●    3"
        words = "You take red 2, green 3: win exactly that many of each colour, 5 tricks in all."
        assert words in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [predict({"red": 2, "green": 3})]


async def test_enter_alone_accepts_the_proposal():
    game = predicted()
    kinds = set()
    for _ in range(3):  # three seats in turn, each taking what was proposed
        view = mover_view(game)
        async with on_screen(SevenSealsPredictionScreen(view)) as (_, pilot, moves):
            await pilot.press("enter")
            await pilot.pause()
            assert [(m.seat, m.move) for m in moves.chosen] == [(view.seat, proposal(view).move)]
        kinds.add(type(moves.chosen[0].move))
        game.apply(moves.chosen[0].move)
    assert Predict in kinds


async def test_a_proposed_saboteur_says_why_and_a_good_hand_is_proposed_its_seals():
    game = predicted()  # Ann's hand is poor for predicting
    async with on_screen(SevenSealsPredictionScreen(mover_view(game))) as (app, _, _):
        assert app.screen.saboteur_chosen
        assert (
            "Proposed: the saboteur, as your tricks are hard to foresee: your seals would "
            "likely cost about 5 points, the saboteur 4 at most. Enter takes it"
        ) in flat(app)
    game.apply(predict({"red": 1}))  # Bob's hand suggests seals
    view = mover_view(game)
    async with on_screen(SevenSealsPredictionScreen(view)) as (app, _, _):
        assert not app.screen.saboteur_chosen and view.saboteur_offer is not None
        assert app.screen.chosen_move() == proposal(view).move
        assert "win exactly that many of each colour" in flat(app)


async def test_a_steal_says_whom_it_robs_and_w_robs_another():
    game = predicted({"yellow": 2}, {"yellow": 1})  # the supply has no yellow left
    view = mover_view(game)
    assert view.seat == 2 and view.supply["yellow"] == 0
    async with on_screen(SevenSealsPredictionScreen(view)) as (app, pilot, moves):
        screen = app.screen
        await choose(pilot, screen, {"yellow": 1})
        text = flat(app)
        # Ann holds two yellow seals, Bob one: Ann is proposed.
        assert "Taken from others: yellow from Ann, who takes a white seal." in text
        assert "w: rob another." in text and screen.check_action("rob_another", ())
        await pilot.press("w")
        await pilot.pause()
        assert "yellow from Bob, who takes a white seal." in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [predict({"yellow": 1}, [("yellow", 1)])]


def notifications(app) -> list[str]:
    return [notification.message for notification in app._notifications]


async def test_w_with_nobody_else_to_rob_says_why():
    game = predicted({"yellow": 3})  # Ann takes every yellow seal
    view = mover_view(game)
    async with on_screen(SevenSealsPredictionScreen(view)) as (app, pilot, moves):
        screen = app.screen
        await choose(pilot, screen, {"yellow": 1})
        assert "Taken from others: yellow from Ann" in flat(app)
        assert "w: rob another" not in flat(app) and not screen.check_action("rob_another", ())
        await pilot.press("w")
        await pilot.pause()
        only_ann = "No choice of whom to rob: only Ann holds the seals the supply lacks."
        assert only_ann in flat(app) and not notifications(app)  # on the screen only
        await choose(pilot, screen, {"red": 1})  # from the supply: nobody is robbed
        await pilot.press("w")
        await pilot.pause()
        from_supply = "No choice of whom to rob: the supply has all the seals you take."
        assert from_supply in flat(app)
        screen.saboteur_chosen = True  # as when the saboteur is proposed
        await pilot.press("w")
        await pilot.pause()
        saboteur = "No choice of whom to rob: you take the saboteur, not seals."
        assert saboteur in flat(app)
        assert moves.chosen == []


async def test_with_no_white_seal_left_a_steal_is_refused_and_enter_changes_nothing():
    game = predicted({"yellow": 3, "green": 3})  # Ann
    game.apply(predict({"yellow": 3}, [("yellow", 0)] * 3))  # Bob: three whites to Ann
    game.apply(predict({"green": 1}, [("green", 0)]))  # Cid: the last white
    assert game.view(None).supply["white"] == 0
    view = mover_view(game)
    async with on_screen(SevenSealsPredictionScreen(view)) as (app, pilot, moves):
        await choose(pilot, app.screen, {"green": 1})
        assert NO_WHITE in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert moves.chosen == [] and app.screen.is_current
        await choose(pilot, app.screen, {"red": 1})  # from the supply: allowed
        assert "Not possible" not in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [predict({"red": 1})]


@pytest.mark.parametrize("costs_5", [False, True])
async def test_s_takes_the_saboteur_at_its_cost(costs_5):
    game = predicted(options=SevenSealsOptions(saboteur_costs_5=costs_5))
    async with on_screen(SevenSealsPredictionScreen(mover_view(game))) as (app, pilot, moves):
        cost = 5 if costs_5 else 4
        assert f"s: the saboteur instead, costs {cost} (less the blacks" in flat(app)
        await pilot.press("s")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [TakeSaboteur()]


async def test_at_an_auction_s_bids_one_more():
    game = predicted(options=SevenSealsOptions(saboteur_auction=True))
    game.apply(TakeSaboteur())  # Ann, for 4
    async with on_screen(SevenSealsPredictionScreen(mover_view(game))) as (app, pilot, moves):
        text = flat(app)
        assert "s: take the saboteur from Ann for 5." in text
        assert "Ann saboteur, costs 4" in text
        await pilot.press("s")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [TakeSaboteur()]
    game.apply(TakeSaboteur())  # Bob, for 5: Ann answers at once
    async with on_screen(SevenSealsPredictionScreen(mover_view(game))) as (app, pilot, moves):
        assert app.screen.view.seat == 0
        assert "Bob took the saboteur from you: s bids 6, or take seals." in flat(app)
        await pilot.press("s")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [TakeSaboteur()]


def last_to_play(game: SevenSealsGame) -> bool:
    """The mover ends the trick, may take it and holds seals (not the saboteur)."""
    public = game.view(None)
    if game.phase != Phase.PLAY or len(public.trick) != len(game.players) - 1:
        return False
    view = mover_view(game)
    wins = [
        card
        for card in legal_cards(view.trick_cards, view.hand)
        if trick_winner([*view.trick_cards, card]) == len(view.trick)
    ]
    return bool(wins) and view.seat != view.saboteur and any(view.seals[view.seat].values())


async def test_the_consequence_line_says_which_seal_a_winning_card_gives_back():
    game = seven_seals_until(last_to_play, seeds=20)
    view = mover_view(game)
    async with on_screen(SevenSealsTableScreen(view)) as (app, pilot, _):
        hand = app.screen.query_one(Hand)
        said = set()
        for card in legal_cards(view.trick_cards, view.hand):
            hand.cursor = hand.cards.index(card)
            await pilot.pause()
            line = " ".join(app.screen.query_one("#hint").render().plain.split())
            cards = [*view.trick_cards, card]
            start = f"If you play {card_label(card, focused=False)} now, "
            if trick_winner(cards) != len(view.trick):
                winner = view.players[view.trick[trick_winner(cards)].seat]
                assert line == start + f"{winner} takes it.", line
                continue
            kinds = seals_to_return(cards, view.seals[view.seat])
            if not kinds:
                end = "you have no seal to give back and take a black seal."
            elif len(kinds) == 1:
                end = f"you give back a {kinds[0]} seal."
            else:
                end = f"you give back a {' or '.join(kinds)} seal (you choose)."
            assert line == start + "you take the trick: " + end, line
            said.add(line)
        assert said, "no winning card in this position"


def returning(game: SevenSealsGame) -> bool:
    return game.phase == Phase.RETURN


async def test_the_winner_chooses_the_seal_to_give_back_on_one_line():
    game = seven_seals_until(returning, seeds=20)
    view = mover_view(game)
    proposed = proposed_return(view).kind
    async with on_screen(SevenSealsTableScreen(view)) as (app, pilot, moves):
        text = flat(app)
        assert "You took the trick. Give back:" in text and f"[{proposed}]" in text
        assert drawn_plain(app.screen.query_one(Hand)) == set(view.hand)  # no card now
        await pilot.press("right")
        await pilot.pause()
        other = view.returnable[(view.returnable.index(proposed) + 1) % len(view.returnable)]
        assert f"[{other}]" in flat(app) and f"[{proposed}]" not in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [ReturnSeal(other)]


def must_follow(game: SevenSealsGame) -> bool:
    """The mover must follow the lead colour and holds other cards too."""
    if game.phase != Phase.PLAY or not game.view(None).trick:
        return False
    view = mover_view(game)
    return 0 < len(legal_cards(view.trick_cards, view.hand)) < len(view.hand)


async def test_the_cards_that_may_not_be_played_are_dimmed():
    game = seven_seals_until(must_follow)
    view = mover_view(game)
    allowed = legal_cards(view.trick_cards, view.hand)
    async with on_screen(SevenSealsTableScreen(view)) as (app, pilot, moves):
        hand = app.screen.query_one(Hand)
        assert drawn_plain(hand) == set(view.hand) - set(allowed)
        lead = view.lead_colour
        assert f"Trick {view.trick_number}/15: {'red (trump)' if lead == 'red' else lead} led" in (
            flat(app)
        )
        hand.cursor = hand.cards.index(next(c for c in view.hand if c not in allowed))
        await pilot.pause()
        assert f"You must follow {view.lead_colour}" in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert moves.chosen == []
        hand.cursor = hand.cards.index(allowed[0])
        await pilot.press("enter")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [PlayCard(allowed[0])]


def seal_cell(count: int, each: int) -> str:
    return f"{count} = {count * each}" if count else "·"


async def test_the_deal_scores_show_penalties_by_seal_kind():
    game = seven_seals_until(lambda g: len(g.results) == 1, seeds=10)
    public = game.view(None)
    result = public.results[0]
    async with on_screen(SevenSealsScoreboardScreen(public), size=(100, 32)) as (app, *_):
        text = screen_text(app)
        assert "Scores after deal 1 of 4" in text
        blacks = [score.count("black") for score in result.scores]
        totals = []
        for seat, name in enumerate(public.players):
            # Worked out here from the seals held, as RULES.md 4.4 scores them.
            score = result.scores[seat]
            held = dict(score.held)
            coloured = sum(held.get(colour, 0) for colour in COLOURS)
            if seat == result.saboteur:
                others = sum(blacks) - blacks[seat]
                total = max(0, 4 - others)
                cells = ["·", "·", "·", f"4 - {others} = {total}"]
            else:
                white, black = held.get("white", 0), held.get("black", 0)
                total = 2 * coloured + 4 * white + 3 * black
                cells = [seal_cell(coloured, 2), seal_cell(white, 4), seal_cell(black, 3)]
            totals.append(total)
            row = next(line for line in text.splitlines() if re.match(rf" [★ ] {name} ", line))
            numbers = re.split(r"\s{2,}", row.strip())
            assert numbers[-2:] == [str(total), str(total)], row
            assert [cell for cell in numbers[1:-2] if cell] == [c for c in cells if c], row
        for seat, name in enumerate(public.players):
            leading = re.search(rf" ★ {name} ", text) is not None
            assert leading == (totals[seat] == min(totals))
        assert "★ in the lead so far: the lowest total." in text


async def test_game_over_ranks_the_lowest_total_first():
    game = seven_seals_until(lambda g: g.finished, players=3)
    public = game.view(None)
    async with on_screen(SevenSealsScoreboardScreen(public)) as (app, *_):
        text = screen_text(app)
        best = min(public.totals)
        winners = [public.players[seat] for seat, t in enumerate(public.totals) if t == best]
        verdict = text.split("Game over: ")[1].splitlines()[0]
        assert all(name in verdict for name in winners)
        ranked = re.findall(r"^ +(\d) [★ ] (\w+) +\+?(\d+) ", text, re.MULTILINE)
        assert [int(total) for _, _, total in ranked] == sorted(public.totals)
        assert ranked[0][0] == "1"


async def test_a_hand_off_shows_the_move_and_no_card_of_any_hand():
    """Through the app: a player plays a card, and the next player's hand-off (the
    exported screen) tells the table the card and shows no card of any hand."""
    game = seven_seals_until(must_follow)
    mover = game.to_move
    async with at_the_table(game) as pilot:
        card = pilot.app.screen.query_one(Hand).focused_card
        await pilot.press("enter")
        await pilot.pause()
        assert game.moves[-1] == PlayCard(card)
        words = await check_hand_off_hides_every_hand(pilot, game, SevenSealsHandoffScreen)
        assert f"{game.players[mover]} played {card_label(card)}" in words


async def test_a_hand_off_after_a_prediction_tells_it():
    game = predicted({"red": 2}, {"yellow": 1})
    async with at_the_table(game, size=(80, 24)) as pilot:  # past Cid's hand-off
        app = pilot.app
        await choose(pilot, app.screen, {"blue": 1})
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SevenSealsHandoffScreen)
        text = flat(app)
        assert "Cid took blue 1." in text and "D E E" in text
        assert "Dee, press Enter to take your seals" in text


@pytest.mark.parametrize("keys", [["enter"], ["enter", "right", "enter", "s", "left"]])
@pytest.mark.parametrize(
    "until",
    [lambda g: True, must_follow, returning],
    ids=["predict", "play", "return"],
)
async def test_a_burst_of_keys_moves_the_game_one_step_at_most(monkeypatch, until, keys):
    clock = real_key_timing(monkeypatch)
    game = seven_seals_until(until, players=3, seeds=20)
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        watch = TableWatch(app, monkeypatch)
        app.continue_game(game)
        await pilot.pause()
        for _ in range(3):  # the hand-off, the seat's screen, and what came next
            screen = type(app.screen)
            steps, hands = watch.steps, len(watch.hands_composed)
            await hold(pilot, clock, keys, repeats=20)
            await pilot.pause()
            watch.check()
            assert watch.steps - steps <= 1, f"one burst on {screen.__name__}"
            assert len(set(watch.hands_composed[hands:])) <= 1
        assert watch.steps >= 2  # the bursts did move the game on


async def test_the_rules_help_follows_the_options():
    options = SevenSealsOptions(deals=3, saboteur_auction=True)
    async with on_screen(RulesHelpScreen(options), size=(100, 150)) as (app, *_):
        text = flat(app)
        assert "How to play Seven Seals" in text and "3 deals" in text
        assert "Saboteur variants: Auction." in text
        assert "If no white seal is left, nobody can be robbed" in text


LONG_NAMES = ["Maximiliane Ross", "Christopher-Paul", "Christoph", "Dee", "Eve"]


@pytest.mark.parametrize("players", [3, 5])
async def test_the_prediction_and_the_table_fit_80x24(players):
    """The biggest hands, long names: every card shows, the footer is below everything."""
    game = SevenSealsGame(LONG_NAMES[:players], seed=players)
    game.apply(predict({"red": SEALS["red"]}))
    view = mover_view(game)
    async with on_screen(SevenSealsPredictionScreen(view)) as (app, *_):
        lines = screen_text(app).splitlines()
        assert lines[-1].lstrip().startswith("⏎ Take")
        assert sorted(cards_on_screen("\n".join(lines), view.hand)) == sorted(view.hand)
        assert f"{LONG_NAMES[0][:4]}" in "\n".join(lines) and "R5" in "\n".join(lines)
    while game.phase != Phase.PLAY or len(game.view(None).trick) != players - 1:
        game.apply(game.legal_moves()[-1])
    view = mover_view(game)
    async with on_screen(SevenSealsTableScreen(view)) as (app, *_):
        lines = screen_text(app).splitlines()
        text = "\n".join(lines)
        assert lines[-1].lstrip().startswith("⏎ Play")
        assert sorted(cards_on_screen(text, view.hand)) == sorted(view.hand)
        assert sum("││" in line for line in lines) >= players + 1  # the panels side by side
        assert "If you play" in text or "You must follow" in text


@pytest.mark.parametrize("until", [must_follow, returning], ids=["play", "return"])
async def test_the_hint_puts_its_move_under_the_cursor_for_enter(until):
    game = seven_seals_until(until, seeds=20)
    view = mover_view(game)
    move = make_bot("normal", view.seat, game="seven-seals").advise(view).move
    async with on_screen(SevenSealsTableScreen(view)) as (app, pilot, moves):
        await pilot.press("h")
        await pilot.pause()
        line = " ".join(app.screen.query_one("#advice").render().plain.split())
        if isinstance(move, ReturnSeal):
            assert line.startswith(f"Hint: give back a {move.kind} seal:"), line
            assert f"[{move.kind}]" in flat(app)
        else:
            assert line.startswith(f"Hint: {card_label(move.card, focused=False)}"), line
        await pilot.press("enter")
        await pilot.pause()
        assert [m.move for m in moves.chosen] == [move]


def event_line(game: SevenSealsGame, mover: int) -> str:
    return last_event_text(game.view(None), game.moves[-1], mover).plain


def test_the_hand_off_tells_each_kind_of_move():
    game = predicted(options=SevenSealsOptions(saboteur_auction=True))
    game.apply(TakeSaboteur())
    assert event_line(game, 0) == "Ann took the saboteur (it costs 4)."
    game.apply(TakeSaboteur())
    auction = "Bob took the saboteur (it costs 5); Ann bids again or takes seals."
    assert event_line(game, 1) == auction
    game.apply(predict({"yellow": 3}))  # Ann
    game.apply(predict({"yellow": 1}, [("yellow", 0)]))  # Cid
    assert event_line(game, 2) == "Cid took yellow 1 (yellow from Ann, who takes a white seal)."
    game = seven_seals_until(returning, seeds=20)
    winner = game.to_move
    last_card = game.view(None).trick[-1]
    assert event_line(game, last_card.seat).endswith(
        f"; {NAMES[winner]} took the trick and chooses a seal to give back."
    )
    kind = game.view(winner).returnable[-1]
    game.apply(ReturnSeal(kind))
    assert event_line(game, winner) == f"{NAMES[winner]} gave back a {kind} seal."
    game.apply(game.legal_moves()[0])  # the next trick's first card
    assert event_line(game, winner).startswith(f"{NAMES[winner]} played [")


async def test_the_prediction_and_the_table_speak_german_and_fit():
    """In German at 80x24, long names: the prediction's lines and the table's trick are
    German and whole, every card shows."""
    i18n.use("de")
    proposed = {  # by seed: the saboteur, then seals; the table follows the last game
        4: "Vorschlag: der Saboteur, denn deine Stiche sind schwer vorherzusagen: deine Siegel "
        "würden dich wohl etwa 5 Punkte kosten, der Saboteur höchstens 4. Enter nimmt ihn; "
        "←→: lieber Siegel.",
        5: "Du nimmst rot 1, grün 1, lila 1: mach genau so viele je Farbe, 3 Stiche insgesamt.",
    }
    for seed, line in proposed.items():
        game = SevenSealsGame(LONG_NAMES[:5], seed=seed)
        game.apply(predict({"red": SEALS["red"]}))
        view = mover_view(game)
        async with on_screen(SevenSealsPredictionScreen(view)) as (app, *_):
            text = screen_text(app)
            assert "Deine Hand und die Siegel, die du nimmst" in text
            assert line in " ".join(text.split())
            assert sorted(cards_on_screen(text, view.hand)) == sorted(view.hand)
    while game.phase != Phase.PLAY or len(game.view(None).trick) != 4:
        game.apply(game.legal_moves()[-1])
    view = mover_view(game)
    async with on_screen(SevenSealsTableScreen(view)) as (app, *_):
        text = screen_text(app)
        lead = colour_name(view.lead_colour)
        assert f"Stich {view.trick_number}/{view.tricks_per_deal}: {lead} " in text  # not cut
        assert "Spielst du jetzt" in text or "Du musst" in text
        assert "If you play" not in text
        assert sorted(cards_on_screen(text, view.hand)) == sorted(view.hand)
