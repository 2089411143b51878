"""Pilot tests: computer players at the table, through the real app."""

from __future__ import annotations

import asyncio
import contextlib
import threading

import pytest
from helpers import check_final_screen, is_final, screen_text
from key_patterns import TableWatch, deliberate, press, real_key_timing

from sticheln_tui.app import StichelnApp
from sticheln_tui.bots.seven_seals import players as seven_seals_bots
from sticheln_tui.bots.sticheln import NormalBot
from sticheln_tui.bots.sticheln import strong as strong_module
from sticheln_tui.core.game import Game, PlayCard
from sticheln_tui.core.hattrick import HattrickGame
from sticheln_tui.core.seven_seals import SevenSealsGame
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.screens.confirm import ConfirmScreen
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.hattrick import HattrickTableScreen
from sticheln_tui.screens.private import PrivateScreen
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.seats import Seat
from sticheln_tui.widgets.cards import card_label
from sticheln_tui.widgets.hand import Hand


@pytest.fixture(autouse=True)
def quick_strong_bot(monkeypatch):
    monkeypatch.setattr(strong_module.StrongBot, "default_playouts", 40)


async def settle(pilot) -> None:
    """Let a computer player's move (a worker) land and the screen switch."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def step(pilot) -> None:
    await pilot.press("enter")
    await settle(pilot)


async def to_anns_turn(pilot) -> None:
    """Press on until Ann's table asks her for a card."""
    app = pilot.app
    while not (isinstance(app.screen, TableScreen) and app.screen.view.legal_moves):
        await step(pilot)


@contextlib.asynccontextmanager
async def at_anns_turn():
    """A one-deal game of Ann and three bots, at Ann's first turn to play a card."""
    app = StichelnApp(players=solo_table(), seed=5, rules=Rules(deals=1))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await to_anns_turn(pilot)
        yield app, pilot


def solo_table():
    return [
        Seat("Ann"),
        Seat("Normal 2", "normal"),
        Seat("Strong 3", "strong"),
        Seat("Easy 4", "easy"),
    ]


async def test_one_human_with_three_bots_never_sees_a_hand_off():
    app = StichelnApp(players=solo_table(), seed=5, rules=Rules(deals=2))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        private_seats = set()
        presses = 0
        while not is_final(app):
            assert not isinstance(app.screen, HandoffScreen)
            if isinstance(app.screen, PrivateScreen):
                private_seats.add(app.screen.view.seat)
            await step(pilot)
            presses += 1
            assert presses < 400
        check_final_screen(app)
        assert private_seats == {0}  # only Ann's hand was ever on screen
        # Ann made her 2 x (1 pick + 14 cards) moves; the bots made all the others.
        assert sum(1 for _ in app.game.moves) == 2 * 4 * 15


async def until_moved(pilot, moves: int) -> None:
    """Until the game holds more than `moves` moves (a bot's card has landed)."""
    for _ in range(200):
        if len(pilot.app.game.moves) > moves:
            return
        await pilot.pause(0.02)
    raise AssertionError("no move came")


async def test_bots_play_while_the_human_watches_the_trick_grow(monkeypatch):
    async with at_anns_turn() as (app, pilot):
        monkeypatch.setattr(StichelnApp, "BOT_PAUSE", 30.0)
        table = app.screen
        await pilot.press("enter")  # Ann plays a card; the bots follow one by one
        await pilot.pause()
        cards = 0
        while app.game.to_move != 0:
            moves = len(app.game.moves)
            assert f"{app.game.players[app.game.to_move]} to play" in screen_text(app)
            await pilot.press("space")  # the bot's card now
            await until_moved(pilot, moves)
            await pilot.pause()
            # Ann's own table, drawn anew after each card: the card she just saw played.
            assert app.screen is table and table.view == app.game.view(0)
            assert card_label(app.game.moves[moves].card) in screen_text(app)
            cards += 1
        assert cards >= 3  # the three bots at least, each seen on its own


@pytest.mark.slow
async def test_two_humans_hand_off_only_to_each_other():
    seats = [Seat("Ann"), Seat("Easy 2", "easy"), Seat("Bob"), Seat("Normal 4", "normal")]
    app = StichelnApp(players=seats, seed=9, rules=Rules(deals=1))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        handoffs = []
        while not is_final(app):
            if isinstance(app.screen, HandoffScreen):
                handoffs.append(app.screen.seat)
                text = screen_text(app)
                assert "Pass the keyboard to" in text
            if isinstance(app.screen, PrivateScreen):
                assert app.screen.view.seat in (0, 2)
            await step(pilot)
        assert handoffs and set(handoffs) <= {0, 2}


async def test_take_back_works_until_a_bot_answers(monkeypatch):
    async with at_anns_turn() as (app, pilot):
        monkeypatch.setattr(StichelnApp, "BOT_PAUSE", 30.0)
        before = list(app.game.moves)
        await pilot.press("enter")  # Ann plays; Normal 2's card is on its way
        await pilot.pause(0.3)
        assert len(app.game.moves) == len(before) + 1
        await pilot.press("u")
        await settle(pilot)  # at once: the bot's pending card is void
        assert app.game.moves == before  # her card is back
        assert isinstance(app.screen, TableScreen) and app.screen.view.legal_moves
        monkeypatch.setattr(StichelnApp, "BOT_PAUSE", 0.0)
        await step(pilot)  # she plays again, and this time the bots answer
        answered = list(app.game.moves)
        assert len(answered) > len(before) + 1
        await pilot.press("u")  # what the bots did stands: nothing to take back
        await settle(pilot)
        assert app.game.moves[: len(answered)] == answered


def pending_bot_moves(app) -> list:
    return [w for w in app.workers if w.group == app.BOT_GROUP and not w.is_finished]


async def test_a_take_back_or_a_new_game_cancels_the_pending_bot_move(monkeypatch):
    async with at_anns_turn() as (app, pilot):
        monkeypatch.setattr(StichelnApp, "BOT_PAUSE", 30.0)
        await pilot.press("enter")  # Ann plays; Normal 2's card is on its way
        await pilot.pause()
        assert pending_bot_moves(app)
        await pilot.press("u")
        await pilot.pause()
        assert not pending_bot_moves(app)
        await pilot.press("enter")  # she plays again; the bot's card is on its way again
        await pilot.pause()
        assert pending_bot_moves(app)
        app.new_game()
        await pilot.pause()
        assert not pending_bot_moves(app)


async def test_hint_names_a_legal_card_and_why_in_one_line():
    async with at_anns_turn() as (app, pilot):
        hand = app.screen.query_one(Hand)
        hand.cursor = len(hand.cards) - 1
        await pilot.press("h")
        await pilot.pause()
        (line,) = [row for row in screen_text(app).splitlines() if "Hint: " in row]
        advised = NormalBot(0).choose(app.screen.view).card
        assert card_label(advised) in line
        assert hand.focused_card == advised  # Enter now plays the advised card
        made = len(app.game.moves)
        await pilot.press("enter")
        await settle(pilot)
        assert app.game.moves[made] == PlayCard(advised)


async def test_a_bot_waits_while_the_quit_dialog_is_open(monkeypatch):
    async with at_anns_turn() as (app, pilot):
        monkeypatch.setattr(StichelnApp, "BOT_PAUSE", 30.0)
        await pilot.press("enter")  # Ann plays; a bot's card is now pending
        await pilot.pause()
        moves = len(app.game.moves)
        await pilot.press("q")
        await pilot.pause()
        app.action_hurry()  # its pause is over while the dialog is up
        await pilot.pause(0.3)
        assert isinstance(app.screen, ConfirmScreen)
        assert len(app.game.moves) == moves
        monkeypatch.setattr(StichelnApp, "BOT_PAUSE", 0.0)  # the bots after it: at once
        await pilot.press("escape")
        await settle(pilot)
        assert len(app.game.moves) > moves


async def test_setup_seats_bots_by_level_and_names_them():
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.click("#kind-1", offset=(8, 0))  # seat 2: Human -> Bot: easy
        await pilot.pause()
        assert app.screen.query_one("#kind-1").value == "easy"
        await pilot.press("right", "left")  # one step on and back by keys
        await pilot.pause()
        app.screen.query_one("#kind-2").value = "strong"
        app.screen.query_one("#kind-3").value = "normal"
        await pilot.pause()
        assert app.screen.query_one("#name-1").placeholder == "Easy 2"
        await pilot.click("#start")
        await settle(pilot)
        assert app.game.players == ("Player 1", "Easy 2", "Strong 3", "Normal 4")
        assert {seat: bot.level for seat, bot in app.bots.items()} == {
            1: "easy",
            2: "strong",
            3: "normal",
        }
        assert not isinstance(app.screen, HandoffScreen)  # one human: no hand-off at all


async def test_setup_refuses_a_table_of_bots_only():
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for seat in range(4):
            app.screen.query_one(f"#kind-{seat}").value = "easy"
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert app.game is None
        assert "at least one player must be human" in screen_text(app)


async def test_bot_cards_wait_a_readable_moment_and_space_skips_it(monkeypatch):
    async with at_anns_turn() as (app, pilot):
        monkeypatch.setattr(StichelnApp, "BOT_PAUSE", 30.0)
        await pilot.press("enter")  # Ann plays; Normal 2 is next
        await pilot.pause(0.5)
        moves = len(app.game.moves)
        assert app.game.to_move == 1
        assert "Normal 2 to play" in screen_text(app)
        await pilot.press("space")
        await pilot.pause(0.3)
        assert len(app.game.moves) == moves + 1


async def test_the_table_updated_in_place_guards_keys_again(monkeypatch):
    """After the bots' cards, the same table shows Ann's turn: like a new screen, it
    lets a moment pass before Enter counts, so a doubled Enter plays one card only."""
    async with at_anns_turn() as (app, pilot):
        table = app.screen
        clock = real_key_timing(monkeypatch)  # the guards as shipped, on a turned clock
        await deliberate(pilot, clock, "enter")  # Ann plays; the bots answer on her table
        await settle(pilot)
        assert app.screen is table and app.game.to_move == 0  # updated in place
        moves = len(app.game.moves)
        await press(pilot, clock, "enter")  # at once: her Enter again, doubled
        assert len(app.game.moves) == moves
        await deliberate(pilot, clock, "enter")  # a moment later, on purpose
        assert len(app.game.moves) > moves  # Ann's card (and maybe the bots' answers)
        assert isinstance(app.game.moves[moves], PlayCard)


async def test_a_taken_trick_stands_until_the_next_card_and_space_skips_it(monkeypatch):
    """The last card of a trick is seen in the trick box: the trick stays there while the
    next leader (a bot) waits, and Space plays on."""
    monkeypatch.setattr(StichelnApp, "BOT_PAUSE", 30.0)
    levels = (None, "easy", "easy")
    game = Game(["Ann", "Bob", "Cid"], Rules(deals=1), seed=3)
    # Cid (a bot) to lead after a trick was taken; Ann answers next.
    while not (game.view(None).last_trick and not game.view(None).trick and game.to_move == 2):
        game.apply(game.legal_moves()[0])
    taken = game.view(None).last_trick
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        app.continue_game(game, levels)
        await pilot.pause()
        text = screen_text(app)
        assert f"{game.players[taken.winner]} took this trick" in text
        assert all(card_label(play.card) in text for play in taken.plays)
        moves = len(app.game.moves)
        await pilot.press("space")
        await settle(pilot)
        assert len(app.game.moves) == moves + 1
        assert "took this trick" not in screen_text(app)


async def test_a_failing_bot_is_stood_in_for_by_the_easy_bot_of_the_game_played(monkeypatch):
    """A bug in a Seven Seals bot must not end the evening: the stand-in reads the same
    game's views (Sticheln's easy bot crashed on them)."""

    def broken(self, view):
        raise RuntimeError("a bug in the bot")

    # The strong bot fails; the screens' proposals come from the normal one.
    monkeypatch.setattr(seven_seals_bots.StrongBot, "choose", broken)
    game = SevenSealsGame(["Ann", "Bob", "Cid", "Dee"], seed=3)
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.continue_game(game, (None, "strong", "strong", "strong"))
        for _ in range(40):  # Ann predicts, the bots predict, and play reaches her again
            await step(pilot)
            if app.game.phase == "play" and app.game.to_move == 0:
                break
        assert app.game.phase == "play" and len(app.game.view(None).prediction_round) == 4


@contextlib.asynccontextmanager
async def bot_predicting_behind_bobs_hand_off(monkeypatch):
    """Ann has predicted; the bot after her works out its prediction behind Bob's hand-off
    until the test lets it go on (`release.set()`)."""
    release = threading.Event()
    choose = StichelnApp._bot_choice

    def held_choice(app, seat, view):
        release.wait(10)
        return choose(app, seat, view)

    monkeypatch.setattr(StichelnApp, "_bot_choice", held_choice)
    clock = real_key_timing(monkeypatch)
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        watch = TableWatch(app, monkeypatch)
        app.continue_game(SevenSealsGame(["Ann", "Normal", "Bob"], seed=4), (None, "normal", None))
        await pilot.pause()
        await deliberate(pilot, clock, "enter")  # Ann takes the keyboard
        await deliberate(pilot, clock, "enter")  # and her proposal
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 2
        assert app.game.to_move == 1 and watch.steps == 2
        yield app, pilot, clock, watch, release
        release.set()


async def test_a_hand_off_holds_its_keys_while_a_bot_thinks_behind_it(monkeypatch):
    async with bot_predicting_behind_bobs_hand_off(monkeypatch) as (app, pilot, clock, watch, go):
        await deliberate(pilot, clock, "enter")  # Bob, too soon: the bot has not predicted
        assert watch.steps == 2 and isinstance(app.screen, HandoffScreen)
        go.set()
        await settle(pilot)
        assert app.game.to_move == 2 and isinstance(app.screen, HandoffScreen)
        await deliberate(pilot, clock, "enter")
        assert watch.steps == 3 and app.screen.view.seat == 2


async def test_a_second_bot_answer_to_one_position_is_refused(monkeypatch):
    """Were the hand-off's keys not held, Bob's Enter would set a second worker on the
    bot's move; the flow takes the first answer only, and the game goes on."""
    monkeypatch.setattr(StichelnApp, "_hold_keys", lambda app, screen: None)
    async with bot_predicting_behind_bobs_hand_off(monkeypatch) as (app, pilot, clock, _, go):
        moves = len(app.game.moves)
        await deliberate(pilot, clock, "enter")  # taken: a second worker starts
        go.set()
        await settle(pilot)
        assert len(app.game.moves) == moves + 1 and app.game.to_move == 2
        assert app.screen.view.seat == 2 and app.return_code is None  # Bob's, taken


async def test_a_bots_card_landing_before_the_table_is_mounted_is_drawn_with_it():
    """A bot's card can come (hurried, on a busy machine) after the table's widgets were
    made and before it was mounted: updated in place then, the app died looking for the
    hand, or the hand kept the cards of the view before, dimmed, and Ann could not play."""
    game = HattrickGame(["Ann", "Bob", "Cid", "Dee"], seed=5)
    while not (game.to_move != 0 and after_one_move(game).to_move == 0):
        game.apply(game.legal_moves()[0])  # until a bot plays next, then Ann
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        table = HattrickTableScreen(game.view(0))  # Ann watches the bot
        app.push_screen(table)
        for _ in range(10_000):  # until the widgets are made, not yet mounted
            if table.query(Hand):
                break
            await asyncio.sleep(0)
        assert table.query(Hand) and not table.is_mounted
        game.apply(game.legal_moves()[0])  # the bot's card: Ann's turn
        table.show(game.view(0))
        await pilot.pause()
        hand = table.query_one(Hand)
        assert game.to_move == 0 and hand.legal == table.legal_cards() != set()
        assert "Your turn" in str(table.query_one("#turn").render())


def after_one_move(game):
    later = game.clone()
    later.apply(later.legal_moves()[0])
    return later


async def test_a_bots_card_landing_on_a_table_being_closed_draws_nothing():
    """The app ending (or the table replaced) while a bot's card is on its way: the table
    being taken down is not drawn into."""
    game = HattrickGame(["Ann", "Bob", "Cid", "Dee"], seed=5)
    while game.to_move == 0:
        game.apply(game.legal_moves()[0])
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        table = HattrickTableScreen(game.view(0))
        app.push_screen(table)
        await pilot.pause()
        app.pop_screen()
        for _ in range(10_000):  # until its widgets are gone
            if not table.query(Hand):
                break
            await asyncio.sleep(0)
        game.apply(game.legal_moves()[0])
        table.show(game.view(0))  # raised NoMatches: its widgets were gone
        await pilot.pause()
        assert app.return_code is None
