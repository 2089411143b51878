"""Pilot tests: the real app, driven by key presses and clicks."""

from __future__ import annotations

import time

import pytest
from helpers import (
    cards_on_screen,
    check_final_screen,
    check_hand_off_hides_every_hand,
    is_final,
    played_until,
    press_until,
    screen_text,
)
from positions import pain_cards_laid_down, sticheln_until, two_cards_in_the_third_trick

from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game, Phase, PlayCard
from sticheln_tui.core.options import PRESETS
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.screens.confirm import ConfirmScreen
from sticheln_tui.screens.flow import FlowScreen
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.private import PrivateScreen
from sticheln_tui.screens.rules_help import RulesHelpScreen
from sticheln_tui.screens.scoreboard import ScoreboardScreen
from sticheln_tui.screens.setup import SetupScreen
from sticheln_tui.screens.sticheln.handoff import StichelnHandoffScreen
from sticheln_tui.screens.sticheln.pain_pick import PainPickScreen
from sticheln_tui.screens.sticheln.reveal import RevealScreen
from sticheln_tui.screens.sticheln.scoreboard import StichelnScoreboardScreen
from sticheln_tui.screens.sticheln.table import StichelnTableScreen
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.widgets.hand import Hand

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]


def on(app, screen_type) -> bool:
    return isinstance(app.screen, screen_type)


@pytest.mark.slow
async def test_enter_alone_plays_a_whole_three_player_game():
    app = StichelnApp(players=NAMES[:3], seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        presses = await press_until(pilot, lambda: is_final(app))
        assert len(app.game.results) == 5
        check_final_screen(app)
        # 5 deals of 3 picks and 42 plays, each with at most one hand-off press.
        assert 5 * (3 + 42) < presses <= 5 * (2 * (3 + 42) + 2)


def before_the_last_trick(game) -> bool:
    """The last deal's last trick is next, and nobody has played to it yet."""
    view = game.view(None)
    last = (view.deals_total, view.tricks_per_deal)
    return (view.deal, view.trick_number) == last and not view.trick


ENDINGS = {
    "classic": lambda: sticheln_until(before_the_last_trick, players=3, seed=11),
    "table-sheet": lambda: sticheln_until(before_the_last_trick, PRESETS["table-sheet"], 3, 3),
    "hattrick": lambda: played_until(4, 47, before_the_last_trick),
}


@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
async def test_enter_alone_plays_the_last_trick_to_the_final_screen(ending):
    """The end of a whole game by Enter alone, from its last trick: each move takes one
    press at the table and at most one on its hand-off, and the final screen tells the
    game's winners (and, in Sticheln, the core's totals)."""
    game = ending()
    moves_before = len(game.moves)
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await pilot.pause()
        presses = await press_until(pilot, lambda: is_final(app), limit=100)
        moves = len(game.moves) - moves_before
        assert moves == len(game.players) and game.finished
        assert moves < presses <= 2 * moves
        text = screen_text(app)
        verdict = text.split("Game over")[1].splitlines()[0]
        assert all(game.players[seat] in verdict for seat in game.view(None).winners)
        if isinstance(game, Game):
            check_final_screen(app)


@pytest.mark.slow
async def test_hand_off_screens_show_no_card_of_any_hand():
    app = StichelnApp(players=NAMES[:7], seed=5)  # 7 players: left-over cards too
    async with app.run_test(size=(100, 32)) as pilot:
        handoffs = tables = 0
        while app.game.results == [] and handoffs < 40:
            text = screen_text(app)
            in_hands = [card for hand in app.game.hands for card in hand]
            if app.game.phase is Phase.PICK:  # face-down pain cards are private too
                in_hands += [card for cards in app.game.pain_cards for card in cards]
            if on(app, HandoffScreen):
                handoffs += 1
                assert cards_on_screen(text, in_hands) == [], text
            elif on(app, TableScreen):
                tables += 1
                # The same detector finds the mover's own hand, so it can fail.
                own = app.game.hands[app.game.to_move]
                assert sorted(cards_on_screen(text, own)) == sorted(own)
            await pilot.press("enter")
            await pilot.pause()
        assert handoffs == 40 and tables > 10


def laying_down_pain_cards(game: Game) -> bool:
    return game.phase is Phase.PICK and sum(game.view(None).picked) == 3


@pytest.mark.parametrize(
    ("position", "face_down"),
    [(laying_down_pain_cards, 3), (two_cards_in_the_third_trick, 0)],
    ids=["pick", "play"],
)
async def test_a_hand_off_at_a_table_of_seven_shows_no_card_of_any_hand(position, face_down):
    """Seven players, so left-over cards too; while pain cards are laid down, those laid
    face down are private as well."""
    game = sticheln_until(position, players=7, seed=5)
    public = game.view(None)
    hidden = [
        card
        for seat, cards in enumerate(game.pain_cards)
        if public.pain_cards[seat] is None
        for card in cards
    ]
    assert len(hidden) == face_down
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await pilot.pause()
        assert cards_on_screen(screen_text(app), hidden) == []
        await check_hand_off_hides_every_hand(pilot, game, HandoffScreen)


async def test_pain_pick_then_reveal_shows_every_pain_card():
    app = StichelnApp(players=NAMES[:3], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: on(app, RevealScreen))
        text = screen_text(app)
        for seat in range(3):
            (pain,) = app.game.pain_cards[seat]
            assert cards_on_screen(text, [pain]) == [pain]
            assert NAMES[seat] in text
        # After the reveal the leader (Ann, seat 0) already has the keyboard? No:
        # Cid picked last, so Ann needs a hand-off before her hand is shown.
        await pilot.press("enter")
        await pilot.pause()
        assert on(app, HandoffScreen) and app.screen.seat == 0


async def test_a_played_card_can_be_taken_back_until_the_next_player_takes_over():
    app = StichelnApp(players=NAMES[:3], seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: on(app, TableScreen))
        mover = app.game.to_move
        hand_before = list(app.game.hands[mover])
        await pilot.press("right", "enter")
        await pilot.pause()
        assert on(app, HandoffScreen)
        assert len(app.game.hands[mover]) == len(hand_before) - 1
        await pilot.press("u")
        await pilot.pause()
        # The next player might be the one who pressed u: the hand that took its card
        # back reappears only behind its own hand-off.
        assert on(app, HandoffScreen) and app.screen.seat == mover
        assert app.game.hands[mover] == hand_before
        await pilot.press("enter")
        await pilot.pause()
        assert on(app, TableScreen) and app.screen.view.seat == mover
        await pilot.press("enter")
        await pilot.pause()
        assert on(app, HandoffScreen)
        moves = len(app.game.moves)
        await pilot.press("enter")  # the next player takes the keyboard
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert len(app.game.moves) == moves
        assert on(app, TableScreen) and app.screen.view.seat != mover


async def test_mouse_click_chooses_then_plays_a_card():
    app = StichelnApp(players=NAMES[:3], seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: on(app, TableScreen))
        hand = app.screen.query_one(Hand)
        mover = app.game.to_move
        second = hand.cards[1]
        spot = hand._spots()[1]
        # Border and padding put the first content cell at (2, 1).
        where = (2 + spot.x + 1, 1 + spot.row)
        first_spot = hand._spots()[0]
        await pilot.click(Hand, offset=(2 + first_spot.x + 1, 1 + first_spot.row))
        await pilot.pause()
        # One click on the card under the cursor only chooses it.
        assert hand.cursor == 0 and len(app.game.hands[mover]) == len(hand.cards)
        await pilot.click(Hand, offset=where)
        await pilot.pause()
        assert hand.cursor == 1
        assert second in app.game.hands[mover]
        await pilot.click(Hand, offset=where)
        await pilot.pause()
        assert second not in app.game.hands[mover]
        assert on(app, HandoffScreen)


@pytest.mark.slow
async def test_rules_help_opens_from_every_screen_and_closes():
    app = StichelnApp(players=NAMES[:3], seed=4)
    seen = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not is_final(app):
            kind = type(app.screen)
            if kind not in seen:
                seen.add(kind)
                await pilot.press("f1")
                await pilot.pause()
                assert on(app, RulesHelpScreen), kind
                await pilot.press("escape")
                await pilot.pause()
                assert on(app, kind)
            if on(app, ScoreboardScreen):
                break
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("q", "f1")
        await pilot.pause()
        assert on(app, RulesHelpScreen)  # over the quit question, too
    assert seen == {
        StichelnHandoffScreen,
        PainPickScreen,
        RevealScreen,
        StichelnTableScreen,
        StichelnScoreboardScreen,
    }


def before_the_first_deals_last_card(game: Game) -> bool:
    return game.phase is Phase.PLAY and sum(map(len, game.hands)) == 1


# A prepared game, the screen it is to show and the presses that bring it from the app's
# first screen of the game (the reveal, or a hand-off).
RULES_HELP_OVER = {
    "reveal": (pain_cards_laid_down, RevealScreen, 0),
    "table": (lambda: sticheln_until(two_cards_in_the_third_trick, players=3), TableScreen, 1),
    "scores": (
        lambda: sticheln_until(before_the_first_deals_last_card, players=3),
        ScoreboardScreen,
        2,  # the hand-off, then the deal's last card
    ),
}


@pytest.mark.parametrize(
    ("position", "screen", "presses"), RULES_HELP_OVER.values(), ids=RULES_HELP_OVER.keys()
)
async def test_rules_help_opens_over_the_reveal_the_table_and_the_scores_and_closes(
    position, screen, presses
):
    """(Over a hand-off and the pain pick: the test of the rules in force, below.)"""
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.continue_game(position())
        await pilot.pause()
        for _ in range(presses):
            await pilot.press("enter")
            await pilot.pause()
        assert on(app, screen)
        await pilot.press("f1")
        await pilot.pause()
        assert on(app, RulesHelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert on(app, screen)
        await pilot.press("q", "f1")
        await pilot.pause()
        assert on(app, RulesHelpScreen)  # over the quit question, too


async def test_rules_help_from_setup_uses_f1():
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert on(app, RulesHelpScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert on(app, SetupScreen)


async def test_rules_help_shows_the_rules_in_force_over_an_opaque_screen():
    rules = Rules(harsh=True, deals=3)
    app = StichelnApp(players=NAMES[:3], seed=4, rules=rules)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("question_mark", "f1"):
            await pilot.press(key)
            await pilot.pause()
            assert on(app, RulesHelpScreen)
            text = screen_text(app)
            assert "This game: Classic + Harsh, 3 deals" in text
            assert "Harsh: two pain colours" in text
            await pilot.press("escape")
            await pilot.pause()
            assert on(app, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert on(app, PainPickScreen)
        await pilot.press("f1")
        await pilot.pause()
        # The help screen is opaque: the hand underneath does not show through.
        text = screen_text(app)
        assert cards_on_screen(text, app.game.hands[0]) == []
        await pilot.press("escape")
        await pilot.pause()
        assert on(app, PainPickScreen)


async def test_a_held_enter_does_not_carry_through_a_hand_off(monkeypatch):
    # A long guard keeps the test sure on a busy machine; the default is a third of that.
    monkeypatch.setattr(FlowScreen, "INPUT_GUARD_SECONDS", 1.5)
    app = StichelnApp(players=NAMES[:3], seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(1.6)
        await pilot.press("enter")  # Ann takes the keyboard
        await pilot.pause(1.6)
        assert on(app, PainPickScreen)
        await pilot.press("enter", "enter", "enter")  # picks, then two stray presses
        await pilot.pause()
        assert on(app, HandoffScreen) and app.screen.seat == 1
        assert len(app.game.moves) == 1


async def test_a_stale_move_from_a_replaced_screen_is_ignored():
    """A second Enter or click on a screen that has made its move, and that move reaching
    the app late: neither is applied, though the game would take it from the next seat."""
    app = StichelnApp(players=NAMES[:3], seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: on(app, TableScreen))
        screen = app.screen
        posted = []
        post = screen.post_message
        screen.post_message = lambda message: posted.append(message) or post(message)
        card = screen.query_one(Hand).focused_card
        after = app.game.clone()
        after.apply(PlayCard(card))
        legal_then = after.legal_moves()[0]  # the next seat's card, once this one is down
        app.key_rhythm.press("enter", time.monotonic())  # the Enter that plays it
        screen.submit(PlayCard(card))
        screen.submit(legal_then)  # a second Enter or click that reached the old screen
        await pilot.pause()
        assert [type(message) for message in posted].count(PrivateScreen.MoveChosen) == 1
        app.post_message(PrivateScreen.MoveChosen(screen.view.seat, legal_then))  # late
        await pilot.pause()
        assert app.game.moves[-1] == PlayCard(card) and len(app.game.moves) == 4


async def test_quit_asks_first():
    app = StichelnApp(players=NAMES[:3], seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert on(app, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert on(app, HandoffScreen)
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_setup_starts_a_game_with_the_chosen_names():
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert on(app, SetupScreen)
        await pilot.click("#name-0")
        await pilot.press(*"Zoe")
        await pilot.click("#name-2")
        await pilot.press(*"Max")
        await pilot.pause()

        def leader_row() -> str:
            return next(line for line in screen_text(app).splitlines() if "Leads first" in line)

        assert "Zoe" in leader_row()  # the choice of leader follows the names typed
        app.screen.query_one("#leader").value = 2
        await pilot.pause()
        assert "Max" in leader_row()
        await pilot.click("#start")
        await pilot.pause()
        assert on(app, HandoffScreen)
        assert app.game.players == ("Zoe", "Player 2", "Max", "Player 4")
        assert app.screen.seat == 2  # Max leads, so Max picks first


async def test_setup_refuses_duplicate_names_and_changes_nothing():
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.click("#name-0")
        await pilot.press(*"Ann")
        await pilot.click("#name-1")
        await pilot.press(*"ann", "ctrl+s")  # Start, from any field
        await pilot.pause()
        assert on(app, SetupScreen)
        assert app.game is None
        assert "two players are called" in screen_text(app)


async def test_no_color_still_shows_every_card_letter(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = StichelnApp(players=NAMES[:4], seed=8)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: on(app, TableScreen))
        assert app.no_color
        own = app.game.hands[app.game.to_move]
        assert sorted(cards_on_screen(screen_text(app), own)) == sorted(own)


async def test_names_that_look_like_markup_are_shown_as_typed():
    names = ["[b]Ann", "Bob[/]", "[red]"]
    app = StichelnApp(players=names, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "[ B ] A N N" in screen_text(app)
        await press_until(pilot, lambda: on(app, TableScreen))
        text = screen_text(app)
        assert "Your turn, [b]Ann" in text
        assert all(name[:8] in text for name in names)
