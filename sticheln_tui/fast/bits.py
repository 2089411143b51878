"""What the fast cores share: a set of cards is an int mask, bit `1 << index` per card."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.cards import Card


def bits_of(mask: int) -> list[int]:
    """The indices of the set bits of `mask`, lowest first."""
    found: list[int] = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def mask_of(indices: dict[Card, int], cards: Iterable[Card]) -> int:
    """The mask of `cards`, each at its index in `indices`."""
    mask = 0
    for card in cards:
        mask |= 1 << indices[card]
    return mask
