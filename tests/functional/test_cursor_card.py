"""The card under the cursor keeps its slot in the hand, measured in terminal cells."""

from __future__ import annotations

import unicodedata

from helpers import screen_text
from rich.cells import cell_len

from sticheln_tui.app import StichelnApp
from sticheln_tui.core.cards import FRENCH_SUITS, Card
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.widgets.cards import card_label
from sticheln_tui.widgets.hand import Hand

FRENCH_CARDS = [Card(suit, value) for suit in FRENCH_SUITS for value in range(2, 15)]


def test_the_focus_marks_are_one_cell_in_every_terminal():
    """The marks take the brackets' place, and no terminal draws them wider: characters
    of ambiguous East Asian width are two cells in terminals set for East Asian text."""
    for card in [*FRENCH_CARDS, Card("red", 7), Card("blue", 10)]:
        for pain in (False, True):
            plain = card_label(card, pain=pain)
            focused = card_label(card, pain=pain, focused=True)
            assert cell_len(focused) == cell_len(plain) == len(plain)
            for mark in set(focused) - set(plain):
                assert unicodedata.east_asian_width(mark) in ("N", "Na"), mark


async def test_the_french_cursor_card_fits_its_slot_on_screen():
    # The table sheet keeps the pain cards in hand: marked cards are the widest there are.
    rules = Rules(french_deck=True, harsh=True, pain_in_hand=True)
    game = Game(["Ann", "Bob", "Cid", "Dee"], rules, first_leader=1, seed=5)
    while game.phase is Phase.PICK or game.to_move != 0:
        game.apply(game.legal_moves()[0])
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.continue_game(game, [None, "easy", "easy", "easy"])
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        hand = app.screen.query_one(Hand)
        assert hand.border_title.startswith("Your hand (pain: ")
        marked = {card for card in hand.cards if card.colour in hand.pain_colours}
        assert marked and len(hand._spots()) == len(hand.cards) == 13
        slots = hand._spots()
        left, top = hand.content_region.x, hand.content_region.y
        for cursor in range(len(hand.cards)):
            hand.cursor = cursor
            await pilot.pause()
            assert hand._spots() == slots
            lines = screen_text(app).splitlines()
            for index, (card, slot) in enumerate(zip(hand.cards, slots, strict=True)):
                label = card_label(card, pain=card in marked, focused=index == cursor)
                start = left + slot.x
                assert cell_len(label) == slot.width
                assert lines[top + slot.row][start - 1 : start + slot.width + 1] in (
                    f" {label} ",
                    f"│{label} ",  # the hand's border and padding, or the next card
                    f" {label}│",
                ), (cursor, card)
