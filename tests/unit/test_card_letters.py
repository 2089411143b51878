"""Cards stay readable without colour in every language: each colour's letter is its own
within the deck it belongs to, and names and letters follow the language."""

from __future__ import annotations

import pytest

from sticheln_tui import i18n
from sticheln_tui.core.cards import FRENCH_SUITS, STICHELN_COLOURS, Card
from sticheln_tui.widgets.cards import card_label
from sticheln_tui.words import colour_letter, colour_name


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
@pytest.mark.parametrize("deck", [STICHELN_COLOURS, FRENCH_SUITS], ids=["sticheln", "french"])
def test_every_colour_of_a_deck_has_a_letter_of_its_own(code, deck):
    i18n.use(code)
    letters = [colour_letter(colour) for colour in deck]
    assert all(len(letter) == 1 and letter.isupper() for letter in letters), letters
    assert len(set(letters)) == len(deck), f"{code}: {dict(zip(deck, letters, strict=True))}"
    assert len({colour_name(colour) for colour in deck}) == len(deck)


def test_a_card_shows_the_letter_and_name_of_the_language_in_use():
    assert card_label(Card("blue", 7)) == "[ 7 B]"
    i18n.use("fi")
    assert card_label(Card("blue", 7)) == "[ 7 S]"
    assert colour_name("blue") == "sininen"
    i18n.use("en")
    assert colour_name("blue") == "blue"
