"""Cards, colours and their short names."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple, TypeVar

# Sticheln's six colours, in the order a hand is sorted. Blue, red and green run 0-20;
# yellow, purple and brown run 0-18.
STICHELN_COLOURS = ("blue", "red", "green", "yellow", "purple", "brown")
FRENCH_SUITS = ("spades", "hearts", "diamonds", "clubs")

COLOUR_LETTERS = {
    "blue": "B",
    "red": "R",
    "green": "G",
    "yellow": "Y",
    "purple": "P",
    "brown": "N",
    "spades": "S",
    "hearts": "H",
    "diamonds": "D",
    "clubs": "C",
}
SUIT_SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
COLOUR_ORDER = {colour: index for index, colour in enumerate(STICHELN_COLOURS + FRENCH_SUITS)}


class Card(NamedTuple):
    """One card: a colour (lowercase English name) and a value. Hashable and immutable."""

    colour: str
    value: int

    @property
    def letter(self) -> str:
        return COLOUR_LETTERS[self.colour]

    def __str__(self) -> str:
        return f"[{self.value:>2} {self.letter}]"


_Value = TypeVar("_Value")


class CardMemo(dict[Card, _Value]):
    """A value per card, worked out on first use: there are few cards and many lookups,
    and a lookup by `memo.__getitem__` costs no Python call."""

    def __init__(self, make: Callable[[Card], _Value]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, card: Card) -> _Value:
        value = self[card] = self.make(card)
        return value


def sort_key(card: Card) -> tuple[int, int]:
    """Hands are shown grouped by colour, low to high within a colour."""
    return COLOUR_ORDER[card.colour], card.value


_SORT_KEYS = CardMemo(sort_key)


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_SORT_KEYS.__getitem__))
