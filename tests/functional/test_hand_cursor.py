"""The cursor in a hand stays where the player left it while the table moves on."""

from __future__ import annotations

from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.widgets.hand import Hand

LEVELS = (None, "easy", "easy", "easy")  # Ann plays alone: her table updates in place


def anns_second_trick() -> Game:
    """Ann's turn in the second trick of a deal, the first trick in everybody's view."""
    game = Game(["Ann", "Easy 2", "Easy 3", "Easy 4"], Rules(deals=1), seed=3)
    while not (game.view(None).last_trick and game.to_move == 0):
        game.apply(game.legal_moves()[0])
    assert game.phase is Phase.PLAY
    return game


async def at_anns_turn(app: StichelnApp, pilot) -> Hand:
    await pilot.pause()
    app.continue_game(anns_second_trick(), LEVELS)
    await pilot.pause()
    assert isinstance(app.screen, TableScreen) and app.screen.view.legal_moves
    return app.screen.query_one(Hand)


async def test_after_a_play_the_cursor_stays_at_its_place_in_the_hand():
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        hand = await at_anns_turn(app, pilot)
        hand.cursor = 3
        neighbour = hand.cards[4]
        await pilot.press("enter")  # Ann plays her fourth card; the bots answer at once
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.game.to_move == 0 and hand.cards and app.screen.query_one(Hand) is hand
        assert hand.cursor == 3 and hand.focused_card == neighbour


async def test_after_a_take_back_the_cursor_is_on_the_card_taken_back(monkeypatch):
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        hand = await at_anns_turn(app, pilot)
        monkeypatch.setattr(StichelnApp, "BOT_PAUSE", 30.0)  # time to take it back
        hand.cursor = 3
        played = hand.focused_card
        await pilot.press("enter")
        await pilot.pause()
        assert played not in hand.cards
        hand.cursor = 0
        await pilot.press("u")
        await pilot.pause()
        assert hand.focused_card == played


async def test_a_wholly_new_hand_starts_on_its_first_card_that_may_be_played():
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        hand = await at_anns_turn(app, pilot)
        hand.cursor = 3
        others = app.game.hands[1]
        hand.show(others, legal=others[2:], pain_colours=())
        assert hand.cursor == 2


async def test_a_hand_shown_anew_after_a_take_back_has_the_cursor_on_the_card():
    """With two humans the hand comes back behind its own hand-off, on a new screen."""
    game = Game(["Ann", "Bob", "Cid"], Rules(deals=1), seed=3)
    while not (game.view(None).last_trick and game.to_move == 0):
        game.apply(game.legal_moves()[0])
    app = StichelnApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await pilot.pause()
        await pilot.press("enter")  # Ann takes the keyboard
        await pilot.pause()
        hand = app.screen.query_one(Hand)
        hand.cursor = 3
        played = hand.focused_card
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("u")  # taken back from Bob's hand-off
        await pilot.pause()
        await pilot.press("enter")  # Ann takes the keyboard again
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.query_one(Hand) is not hand
        assert app.screen.query_one(Hand).focused_card == played
