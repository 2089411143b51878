"""What the fast cores share: a set of cards is an int mask, bit `1 << index` per card."""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..core.cards import Card

# Stands in for a playout's generator when no move is made on a whim (never drawn from).
NEVER_DRAWN = random.Random(0)


def bits_of(mask: int) -> list[int]:
    """The indices of the set bits of `mask`, lowest first."""
    found: list[int] = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def any_bit(mask: int, rng: random.Random) -> int:
    """The index of a set bit of `mask` (not 0) drawn at random, each equally likely: a
    playout's move made on a whim."""
    for _ in range(rng.randrange(mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def summed(mask: int, values: list[int]) -> int:
    """The sum of `values[i]` over the set bits `i` of `mask`."""
    total = 0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


class CardIndex:
    """A table's cards by index and indices by card: the edge where `Card`s become ints."""

    def __init__(self, card_at: list[Card]) -> None:
        self.card_at: list[Card] = card_at
        self.indices: dict[Card, int] = {card: i for i, card in enumerate(card_at)}

    def card(self, index: int) -> Card:
        return self.card_at[index]

    def index(self, card: Card) -> int:
        return self.indices[card]

    def mask(self, cards: Iterable[Card]) -> int:
        mask = 0
        for card in cards:
            mask |= 1 << self.indices[card]
        return mask

    def cards(self, mask: int) -> list[Card]:
        """The cards of `mask`, in index order."""
        return [self.card_at[i] for i in bits_of(mask)]
