"""Translated sentences with styled parts: a card keeps its colours wherever a language
puts it, and a line broken between atoms never breaks a card."""

from __future__ import annotations

from rich.text import Text

from sticheln_tui.core.cards import Card
from sticheln_tui.widgets.cards import card_text, filled
from sticheln_tui.widgets.sentences import both, either, sentence_atoms


def styles_at(text: Text, index: int) -> list[str]:
    return [str(span.style) for span in text.spans if span.start <= index < span.end]


def test_a_card_field_keeps_its_colours_wherever_the_sentence_puts_it():
    card = card_text(Card("red", 7))
    for template in ("If you play {card} now, {name} takes it.", "{name}: {card}!"):
        text = filled(template, card=card, name="Ann")
        assert text.plain == template.format(card=card.plain, name="Ann")
        start = text.plain.index(card.plain)
        assert styles_at(text, start) == [str(card.style)]
        assert styles_at(text, text.plain.index("Ann")) == []


def test_atoms_are_words_and_cards_with_punctuation_outside_the_colours():
    cards = [card_text(Card("red", 12)), card_text(Card("red", 4))]
    atoms = sentence_atoms("Last trick: {taken}; {name} leads", taken=cards, name="Bo Lee")
    assert [atom.plain for atom in atoms] == [
        "Last", "trick:", "[12 R]", "[ 4 R];", "Bo", "Lee", "leads"
    ]  # fmt: skip
    assert styles_at(atoms[3], len("[ 4 R]")) == []  # the ";" is not on the card's colour


def test_lists_read_as_words():
    assert either(["blue", "white", "black"]) == "blue or white or black"
    assert both(["Ann", "Bob"]) == "Ann and Bob"
