"""Rules of thumb: quick choices from a hand and a trick, shared by every bot level.

The easy bot plays them with a little randomness, the strong bot plays them inside its
simulated deals, and the normal bot uses the pick rule as it is.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...core.cards import Card, CardMemo
from ...core.sticheln import Rules, card_score, cards_taking


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


class _Orders:
    """What the rule of thumb asks of a card, for one set of pain colours: its score,
    and the orders in which cards are led, shed and dumped, looked up without a call."""

    def __init__(self, pain: Collection[str], rules: Rules) -> None:
        def keep_cost(card: Card) -> int:
            return _keep_cost(card, pain, rules)

        self.score = CardMemo(lambda card: card_score(card, pain, rules))
        self.strength = CardMemo(lambda card: strength(card, rules))
        self.lead = CardMemo(lambda card: (-keep_cost(card), strength(card, rules)))
        self.shed = CardMemo(lambda card: (keep_cost(card), strength(card, rules)))
        self.dump = CardMemo(lambda card: (card_score(card, pain, rules), -strength(card, rules)))


def _orders(pain: Collection[str], rules: Rules) -> _Orders:
    key = ("thumb", tuple(pain))
    orders = rules.memo.get(key)
    if orders is None:
        orders = rules.memo[key] = _Orders(pain, rules)
    return orders


def card_scores(pain: Collection[str], rules: Rules) -> CardMemo:
    """What each card is worth when scored by a player with these pain colours, looked
    up without a call."""
    return _orders(pain, rules).score


def thumb_card(
    hand: Sequence[Card], trick: Sequence[Card], pain: Collection[str], rules: Rules
) -> Card:
    """A quick, sensible card: take a trick that is worth it with the weakest card that
    takes it; otherwise get rid of the card most costly to keep."""
    orders = _orders(pain, rules)
    if not trick:
        return min(hand, key=orders.lead.__getitem__)
    taking = cards_taking(trick, hand, rules)
    score = orders.score
    if sum(map(score.__getitem__, trick)) >= 0:
        clean = [card for card in taking if score[card] > 0]
        if clean:
            return min(clean, key=orders.strength.__getitem__)
    losing = [card for card in hand if card not in taking]
    if losing:
        return max(losing, key=orders.shed.__getitem__)
    return max(taking, key=orders.dump.__getitem__)


def _keep_cost(card: Card, pain: Collection[str], rules: Rules) -> int:
    """What keeping a card risks: a pain card may end up in our own pile."""
    points = card_score(card, pain, rules)
    return -points if points < 0 else 0
