"""Pilot tests of the rule variants through the real app."""

from __future__ import annotations

import pytest
from helpers import (
    at_the_table,
    cards_on_screen,
    check_final_screen,
    is_final,
    press_until,
    screen_text,
)
from positions import sticheln_until, tied_game

from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import ChooseColours, Game, Phase, SettleTie
from sticheln_tui.core.options import PRESETS
from sticheln_tui.core.sticheln import Rules, score_deal
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.scoreboard import ScoreboardScreen
from sticheln_tui.screens.setup import SetupScreen
from sticheln_tui.screens.sticheln.choose_colour import ChooseColourScreen
from sticheln_tui.screens.sticheln.pain_pick import PainPickScreen
from sticheln_tui.screens.sticheln.reveal import RevealScreen
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.widgets.hand import Hand

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def on(app, screen_type) -> bool:
    return isinstance(app.screen, screen_type)


@pytest.mark.slow
async def test_enter_alone_plays_a_whole_table_sheet_game():
    app = StichelnApp(players=NAMES[:3], seed=3, rules=PRESETS["table-sheet"])
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: is_final(app))
        assert len(app.game.results) >= 3  # one deal per player, maybe tie-break deals
        check_final_screen(app)


def check_pain_cards_in_dark(app) -> int | None:
    """In Dark, a table shows its own pain card and no other, a hand-off or the reveal
    none; returns the seat whose table is up (None: no table)."""
    game = app.game
    text = screen_text(app)
    if on(app, TableScreen):
        seat = app.screen.view.seat
        own = game.pain_cards[seat]
        others = [c for s, cards in enumerate(game.pain_cards) if s != seat for c in cards]
        assert cards_on_screen(text, own) == own
        assert cards_on_screen(text, others) == []
        return seat
    if on(app, HandoffScreen | RevealScreen):
        everyone = [card for cards in game.pain_cards for card in cards]
        assert cards_on_screen(text, everyone) == []
    return None


async def check_every_pain_card_on_the_deals_scores(app, pilot) -> None:
    """Once the deal is scored, every pain card is shown (in the deal's own tab)."""
    await pilot.press("tab", "tab")
    everyone = [card for score in app.game.results[0].scores for card in score.pain_cards]
    assert sorted(cards_on_screen(screen_text(app), everyone)) == sorted(everyone)


@pytest.mark.slow
async def test_in_dark_each_table_shows_only_its_own_pain_card():
    app = StichelnApp(players=NAMES[:4], seed=6, rules=Rules(dark=True, deals=1))
    async with app.run_test(size=(80, 24)) as pilot:
        tables = set()
        while not on(app, ScoreboardScreen):
            tables.add(check_pain_cards_in_dark(app))
            await pilot.press("enter")
            await pilot.pause()
        assert tables - {None} == {0, 1, 2, 3}
        await check_every_pain_card_on_the_deals_scores(app, pilot)


def in_dark(done) -> Game:
    """A one-deal Dark game of four, played on by the normal bot until `done`."""
    return sticheln_until(done, Rules(dark=True, deals=1), players=4, seed=6)


async def test_in_dark_from_the_reveal_each_table_shows_only_its_own_pain_card():
    """The reveal, then hand-offs and tables in turn, to the third seat's table."""
    game = in_dark(lambda game: game.phase is Phase.PLAY)  # every pain card laid down
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await pilot.pause()
        assert on(app, RevealScreen)
        tables = []
        while len(tables) < 3:
            seat = check_pain_cards_in_dark(app)
            tables += [seat] if seat is not None else []
            await pilot.press("enter")
            await pilot.pause()
        assert len(set(tables)) == 3


async def test_in_dark_the_deals_scores_show_every_pain_card():
    game = in_dark(lambda game: game.phase is Phase.PLAY and sum(map(len, game.hands)) == 1)
    async with at_the_table(game, size=(80, 24)) as pilot:
        await pilot.press("enter")  # the deal's last card
        await pilot.pause()
        assert is_final(pilot.app)
        await check_every_pain_card_on_the_deals_scores(pilot.app, pilot)


async def test_harsh_second_pick_refuses_a_card_of_the_first_colour():
    app = StichelnApp(players=NAMES[:3], seed=2, rules=Rules(harsh=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: on(app, PainPickScreen))
        await pilot.press("enter")
        await pilot.pause()
        assert on(app, PainPickScreen)  # the same player lays down a second card
        (first,) = app.game.pain_cards[0]
        hand = app.screen.query_one(Hand)
        assert hand.focused_card.colour != first.colour
        same = next(i for i, card in enumerate(hand.cards) if card.colour == first.colour)
        hand.cursor = same
        await pilot.pause()
        assert "cannot be your second card: choose another colour" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.pain_cards[0] == [first]
        hand.cursor = next(i for i, c in enumerate(hand.cards) if c.colour != first.colour)
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.game.pain_cards[0]) == 2
        assert on(app, HandoffScreen) and app.screen.seat == 1


async def test_late_choice_shows_each_score_and_proposes_the_best():
    game = sticheln_until(lambda g: g.phase is Phase.CHOOSE, Rules(late=True, deals=1), 3, 2)
    async with at_the_table(game, size=(80, 24)) as pilot:
        app = pilot.app
        screen = app.screen
        assert on(app, ChooseColourScreen)
        seat = screen.view.seat
        won = app.game.won[seat]
        text = screen_text(app)
        for colours in screen.choices:
            score = score_deal(won, colours, app.game.rules)
            assert f"scores {score:+d}" in text
        best = max(screen.scores)
        assert screen.scores[screen.query_one("#choices").highlighted] == best
        assert "(best)" in text
        # Choose another colour than the proposal: that choice is what counts.
        await pilot.press("down" if screen.query_one("#choices").highlighted == 0 else "up")
        await pilot.press("enter")
        await pilot.pause()
        chosen = next(m for m in app.game.moves if isinstance(m, ChooseColours))
        assert chosen.colours != screen.choices[screen.scores.index(best)] or (
            screen.scores.count(best) > 1
        )
        await press_until(pilot, lambda: on(app, ScoreboardScreen))
        assert app.game.results[0].scores[seat].pain_colours == chosen.colours


async def test_a_tie_offers_an_extra_deal_or_a_shared_win():
    game = tied_game()
    tied = [game.players[seat] for seat in game.tied]
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await pilot.pause()
        assert on(app, ScoreboardScreen) and app.screen.tie
        text = screen_text(app)
        assert "Extra deal" in text and "Share the win" in text
        await pilot.press("s")
        await pilot.pause()
        assert is_final(app)
        assert game.moves[-1] == SettleTie(False)
        verdict = screen_text(app).split("Game over")[1].splitlines()[0]
        assert "share the win" in verdict and all(name in verdict for name in tied)


async def test_a_tie_extra_deal_is_dealt_by_the_first_tied_player():
    game = tied_game()
    first_tied = game.tied[0]
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.phase is Phase.PICK
        assert app.game.dealer == first_tied
        assert "Extra deal 1" in screen_text(app)


async def test_setup_presets_and_options_reach_the_game():
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#preset").value = "table-sheet"
        await pilot.pause()
        assert screen.rules == PRESETS["table-sheet"]
        assert screen.query_one("#option-dark").value is True
        # Late has no pick: ticking it switches the pick options off and greys them.
        screen.query_one("#option-late").focus()
        await pilot.press("space")
        await pilot.pause()
        assert screen.rules.late and not screen.rules.dark and not screen.rules.pain_in_hand
        assert screen.query_one("#option-dark").disabled
        assert screen.query_one("#preset").value == "custom"
        # The French deck is for four players only.
        assert not screen.query_one("#option-french_deck").disabled
        screen.query_one("#count").value = 3
        await pilot.pause()
        assert screen.query_one("#option-french_deck").disabled
        await pilot.click("#start")
        await pilot.pause()
        assert not on(app, SetupScreen)
        assert app.game.rules == screen.rules
        assert app.game.rules.late and app.game.rules.deals is None


async def test_reverse_and_french_tables_speak_their_rules():
    app = StichelnApp(players=NAMES[:4], seed=1, rules=Rules(reverse=True, french_deck=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: on(app, TableScreen))
        text = screen_text(app)
        assert "Classic + Reverse, French deck" in text
        assert "(luck:" in text
        assert any(symbol in text for symbol in "♠♥♦♣")
