"""The tables use the room a terminal has: from `ROOMY` on the cards are drawn big and the
trick as the seats' places; a resize mid-game switches the layout and keeps the game."""

from __future__ import annotations

from helpers import screen_text
from positions import seven_seals_until
from textual.widgets import Static

from sticheln_tui.app import StichelnApp
from sticheln_tui.bots import NormalBot
from sticheln_tui.core.game import Game
from sticheln_tui.core.seven_seals import Phase as SevenSealsPhase
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.widgets.cards import tall_card_lines
from sticheln_tui.widgets.hand import Hand

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def two_cards_in_the_third_trick() -> Game:
    game = Game(PLAYERS, seed=21)
    bot = NormalBot()
    while not (game.view(None).trick_number == 3 and len(game.view(None).trick) == 2):
        game.apply(bot.choose(game.view(game.to_move)))
    return game


async def table_of(app: StichelnApp, pilot, game) -> TableScreen:
    """The app takes over `game` (four humans: through the hand-off to the table)."""
    await pilot.pause()
    app.continue_game(game)
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, TableScreen)
    return app.screen


def trick_shown(screen: TableScreen) -> str:
    return screen.query_one("#trick", Static).content.plain


async def test_a_resize_mid_game_switches_the_layout_and_keeps_the_cursor_and_the_game():
    game = two_cards_in_the_third_trick()
    led = game.view(None).trick[0].card
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table_of(app, pilot, game)
        hand = screen.query_one(Hand)
        hand.cursor = 3
        await pilot.pause()
        chosen, moves = hand.focused_card, len(app.game.moves)
        compact = screen_text(app)
        assert not screen.has_class("-roomy") and hand.size.height == 2  # two rows of cards

        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.screen is screen and screen.has_class("-roomy")
        assert hand.size.height == 3  # one row of cards, each three lines high
        top_of_led_card = tall_card_lines(led)[0].plain  # the trick has the height for them
        assert top_of_led_card in trick_shown(screen)
        assert top_of_led_card in screen_text(app)
        assert hand.focused_card == chosen and len(app.game.moves) == moves

        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.has_class("-roomy") and hand.size.height == 2
        assert screen_text(app) == compact  # exactly the compact table again
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.moves[moves].card == chosen  # the game went on from where it was


async def test_where_the_seats_places_do_not_fit_beside_the_seats_panel_they_go_below_it():
    """Seven Seals' seals panel is wide: five places do not fit beside it at 120x40."""
    game = seven_seals_until(
        lambda g: g.phase == SevenSealsPhase.PLAY and len(g.view(None).trick) == 2,
        players=5,
        seed=21,
    )
    app = StichelnApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await table_of(app, pilot, game)
        seals, trick = screen.query_one("#seals"), screen.query_one("#trick")
        assert screen.query_one("#table-row").has_class("-stacked")
        assert trick.region.y >= seals.region.bottom and trick.region.width == seals.region.width
        assert "╭" in trick_shown(screen)
        await pilot.resize_terminal(160, 40)  # room beside it
        await pilot.pause()
        assert not screen.query_one("#table-row").has_class("-stacked")
        assert trick.region.y == seals.region.y


async def test_a_click_anywhere_on_a_big_card_chooses_it():
    app = StichelnApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await table_of(app, pilot, two_cards_in_the_third_trick())
        hand = screen.query_one(Hand)
        assert hand.big and hand.cards[0].colour == hand.cards[1].colour and hand.cursor == 0
        # The hand's frame takes a cell each side and its padding one more across; the
        # second card starts seven cells in. Its bottom line is two lines down.
        await pilot.click(Hand, offset=(1 + 1 + 7 + 2, 1 + 2))
        await pilot.pause()
        assert hand.cursor == 1
