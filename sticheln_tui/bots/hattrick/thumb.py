"""Hattrick's rules of thumb: what a card (or a pass) is likely worth to the player
about to move. The normal bot plays them; the strong bot plays them in its playouts.

A player collects one colour (the most numerous in the pile, or while the pile is thin,
the one the hand holds most high cards of): taking its cards is good, taking any other
colour costs. A card that would take its colour now is weighed by the chance that a
later player holds a higher card of that colour (from the cards this player has not
seen); playing a card also frees the hand of it, good for a high card of a colour not
collected, wasteful for a high card of the collected colour. A pass costs 2 for sure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from ...core.cards import Card
from ...core.hattrick import COLOURS, passable, playable

# How likely a later player who holds a card that beats ours will use it.
OVERTAKE = 0.7
# Cards of its colour a later player is likely to add to a trick, on average.
JOIN = 0.4
# How much holding a card weighs (a high card decides who takes its colour later).
KEEP = 0.5
# What a pass card costs (RULES.md 3).
PASS_COST = 2
TOP_VALUE = 20


def colour_to_collect(pile: Sequence[Card], hand: Sequence[Card]) -> str:
    """The pile's most numerous colour, unless high cards in hand outweigh it early on."""
    weight = dict.fromkeys(COLOURS, 0.0)
    for card in pile:
        weight[card.colour] += 1
    for card in hand:
        if card.value > TOP_VALUE // 2:
            weight[card.colour] += 0.5
    return max(COLOURS, key=weight.__getitem__)


class Weight(NamedTuple):
    """A move weighed: its value first, so the best of several is simply their `max`
    (equal values go to the higher card, which is the same card whatever the order)."""

    value: float
    card: Card
    passed: bool
    takes: float  # chance that the card takes its colour (0 for a pass)
    cards: float  # cards of its colour it would take, counting later ones joining


class Situation(NamedTuple):
    """What the player to move knows, as the rules of thumb read it.

    `outside` holds, per colour, a bit for each value of that colour in a hand this
    player has not seen; `later_cards` counts the cards in the hands of the players
    still to act in this trick."""

    hand: Sequence[Card]
    trick: Sequence[Card]  # the cards played to this trick so far, passes left out
    pile: Sequence[Card]
    outside: Mapping[str, int]
    later_seats: int
    later_cards: int

    def collect(self) -> str:
        return colour_to_collect(self.pile, self.hand)

    def weights(self) -> list[Weight]:
        """Every legal move, weighed: the playable cards, then the passes."""
        collect = self.collect()
        outside, later, later_cards = self.outside, self.later_seats, self.later_cards
        unseen = sum(mask.bit_count() for mask in outside.values())
        top: dict[str, int] = {}  # the highest value of each colour in the trick
        count: dict[str, int] = {}
        for colour, value in self.trick:
            count[colour] = count.get(colour, 0) + 1
            top[colour] = max(top.get(colour, -1), value)
        weights = []
        for card in playable(self.trick, self.hand):
            colour, value = card
            keep = _keep(card, collect)
            if top.get(colour, -1) > value:  # it joins a colour somebody else takes
                weights.append(Weight(-keep, card, False, 0.0, 0.0))
                continue
            chance = 1.0
            higher = (outside[colour] >> (value + 1)).bit_count() if later else 0
            if higher:
                chance = 1 - OVERTAKE * (1 - (1 - higher / unseen) ** later_cards)
            cards = count.get(colour, 0) + 1 + JOIN * later
            sign = 1 if colour == collect else -1
            weights.append(Weight(chance * sign * cards - keep, card, False, chance, cards))
        for card in passable(self.trick, self.hand):
            keep = _keep(card, collect)
            weights.append(Weight(-PASS_COST - keep, card, True, 0.0, 0.0))
        return weights

    def best(self) -> Weight:
        return max(self.weights())


def _keep(card: Card, collect: str) -> float:
    """What the card is worth in hand: a high card takes its colour later on."""
    worth = KEEP * card.value / TOP_VALUE
    return worth if card.colour == collect else -worth


def colour_bits(cards: Iterable[Card]) -> dict[str, int]:
    """Per colour, one bit per value held: the `outside` of a `Situation`."""
    bits = dict.fromkeys(COLOURS, 0)
    for colour, value in cards:
        bits[colour] |= 1 << value
    return bits
