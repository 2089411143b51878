"""The tables use the room a terminal has: from `ROOMY` on the cards are drawn big and the
trick as the seats' places; a resize mid-game switches the layout and keeps the game."""

from __future__ import annotations

import pytest
from helpers import played_until, screen_text
from positions import sticheln_until, two_cards_in_the_third_trick
from textual.widgets import Static

from sticheln_tui.app import StichelnApp
from sticheln_tui.bots.sticheln import NormalBot
from sticheln_tui.core.game import Game
from sticheln_tui.screens.table import MAX_GAP, TableScreen
from sticheln_tui.widgets.cards import ROOMY, big_card_lines, tall_card_lines
from sticheln_tui.widgets.hand import Hand

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def third_trick() -> Game:
    return sticheln_until(two_cards_in_the_third_trick)


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
    game = third_trick()
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
    """Hattrick's piles panel, with the pass cards, is wide: six places do not fit beside
    it at 120x40."""
    app = StichelnApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await table_of(app, pilot, hattrick_second_trick(6))
        piles, trick = screen.query_one("#piles"), screen.query_one("#trick")
        assert screen.query_one("#table-row").has_class("-stacked")
        assert trick.region.y >= piles.region.bottom and trick.region.width == piles.region.width
        assert "╭" in trick_shown(screen)
        await pilot.resize_terminal(160, 40)  # room beside it
        await pilot.pause()
        assert not screen.query_one("#table-row").has_class("-stacked")
        assert trick.region.y == piles.region.y


async def test_a_click_anywhere_on_a_big_card_chooses_it():
    app = StichelnApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await table_of(app, pilot, third_trick())
        hand = screen.query_one(Hand)
        assert hand.big and hand.cards[0].colour == hand.cards[1].colour and hand.cursor == 0
        # The hand's frame takes a cell each side and its padding one more across; the
        # second card starts seven cells in. Its bottom line is two lines down.
        await pilot.click(Hand, offset=(1 + 1 + 7 + 2, 1 + 2))
        await pilot.pause()
        assert hand.cursor == 1


def rows_between_parts(screen: TableScreen) -> list[int]:
    """The blank rows between the status line and the keys, run by run, from the regions
    of the parts on the screen; and whether anything goes below the keys."""
    parts = screen.query("#top-line, #table-row, #last-trick, #leftover, Hand, #hint, #advice")
    covered = {y for part in parts for y in range(part.region.y, part.region.bottom)}
    runs, run = [], 0
    for y in range(screen.query_one("KeysFooter").region.y):
        run = 0 if y in covered else run + 1
        runs.append(run)
    assert max(covered) < screen.query_one("KeysFooter").region.y, "a part below the keys"
    return runs


def hattrick_second_trick(players: int):
    return played_until(players, 3, lambda g: len(g.deal_tricks) == 1 and len(g.trick) == 2)


@pytest.mark.parametrize(
    ("position", "size"),
    [
        (third_trick, (120, 40)),
        (lambda: hattrick_second_trick(6), (160, 50)),
    ],
)
async def test_a_big_table_uses_its_height_without_blank_bands(position, size):
    """The panels under the status line, the trick's cards tall, the last trick a row of
    cards in its own panel; the height left over parted into margins of a few lines."""
    game = position()
    app = StichelnApp()
    async with app.run_test(size=size) as pilot:
        screen = await table_of(app, pilot, game)
        assert max(rows_between_parts(screen)) <= MAX_GAP
        assert screen.query_one("#table-row").region.y <= 1 + MAX_GAP
        led = screen.trick_places()[1][0].card
        assert tall_card_lines(led)[0].plain in trick_shown(screen)
        last_trick = screen.query_one("#last-trick", Static)
        assert last_trick.has_class("-panel") and last_trick.border_title == "Last trick"
        last_card = screen.last_places(screen.view.last_trick)[1][-1].card
        drawn = last_trick.content.plain
        drawings = (big_card_lines, tall_card_lines)
        assert any(draw(last_card)[0].plain in drawn for draw in drawings)


async def test_where_the_height_is_short_the_table_gives_up_its_extras_and_still_fits():
    """Eight players at the smallest roomy size: the trick below the seats, its cards
    three lines high, the last trick on one line; nothing pushed off the screen."""
    game = Game([*PLAYERS, "Eve", "Fay", "Gus", "Hal"], seed=21)
    bot = NormalBot()
    while not (game.view(None).trick_number == 3 and len(game.view(None).trick) == 2):
        game.apply(bot.choose(game.view(game.to_move)))
    app = StichelnApp()
    async with app.run_test(size=(ROOMY.width, ROOMY.height)) as pilot:
        screen = await table_of(app, pilot, game)
        assert screen.roomy and screen.query_one("#table-row").has_class("-stacked")
        rows_between_parts(screen)  # nothing below the keys
        assert not screen.query_one("#last-trick").has_class("-panel")
        assert big_card_lines(game.view(None).trick[0].card)[0].plain in trick_shown(screen)
        assert not screen.query_one(Hand).tall
