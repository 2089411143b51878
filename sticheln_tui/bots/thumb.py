"""Rules of thumb: quick choices from a hand and a trick, shared by every bot level.

The easy bot plays them with a little randomness, the strong bot plays them inside its
simulated deals, and the normal bot uses the pick rule as it is.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..core.cards import Card
from ..core.sticheln import Rules, card_score, cards_taking


def colour_cost(hand: Sequence[Card], colour: str, rules: Rules) -> float:
    """How much holding this colour as a pain colour is likely to cost (RULES.md tips:
    the fewest and lowest cards). In Reverse, a luck colour is better the more it holds."""
    cards = [card for card in hand if card.colour == colour]
    if rules.reverse:
        return -sum(card.value for card in cards) - 2 * len(cards)
    if rules.mild:
        return 5 * len(cards)
    return sum(card.value for card in cards) + 2 * len(cards)


def pick_card(hand: Sequence[Card], taken: Collection[Card], rules: Rules) -> Card:
    """The card to lay down: the cheapest colour not picked yet, and within it the card
    that costs least to give up (the lowest, or in Reverse the highest luck card)."""
    taken_colours = {card.colour for card in taken}
    open_cards = [card for card in hand if card.colour not in taken_colours]
    colours = dict.fromkeys(card.colour for card in open_cards)
    best = min(colours, key=lambda colour: (colour_cost(hand, colour, rules), colour))
    in_colour = [card for card in open_cards if card.colour == best]
    if rules.reverse:
        return max(in_colour, key=lambda card: card.value)
    return min(in_colour, key=lambda card: card.value)


def pick_cards(
    hand: Sequence[Card], count: int, rules: Rules, taken: Sequence[Card] = ()
) -> list[Card]:
    """Further pain cards by the pick rule, until `count` are down (fewer if the hand
    runs out of new colours); `taken` are the cards already laid down."""
    picked = list(taken)
    while len(picked) < count:
        colours = {card.colour for card in picked}
        if all(card.colour in colours for card in hand):
            break
        picked.append(pick_card(hand, picked, rules))
    return picked[len(taken) :]


def strength(card: Card, rules: Rules) -> int:
    """How strongly a card contests tricks: high cards win, or low ones in Reverse."""
    return -card.value if rules.reverse else card.value


def thumb_card(
    hand: Sequence[Card], trick: Sequence[Card], pain: Collection[str], rules: Rules
) -> Card:
    """A quick, sensible card: take a trick that is worth it with the weakest card that
    takes it; otherwise get rid of the card most costly to keep."""
    if not trick:
        return min(hand, key=lambda card: (-_keep_cost(card, pain, rules), strength(card, rules)))
    taking = cards_taking(trick, hand, rules)
    losing = [card for card in hand if card not in taking]
    worth = sum(card_score(card, pain, rules) for card in trick)
    clean = [card for card in taking if card_score(card, pain, rules) > 0]
    if worth >= 0 and clean:
        return min(clean, key=lambda card: strength(card, rules))
    if losing:
        return max(losing, key=lambda card: (_keep_cost(card, pain, rules), strength(card, rules)))
    return max(taking, key=lambda card: (card_score(card, pain, rules), -strength(card, rules)))


def _keep_cost(card: Card, pain: Collection[str], rules: Rules) -> int:
    """What keeping a card risks: a pain card may end up in our own pile."""
    points = card_score(card, pain, rules)
    return -points if points < 0 else 0
