"""The normal bot: the rule sheets' advice, weighed card by card.

It picks a short, low pain colour, takes tricks that are worth taking when it can hold
them, dumps its pain cards on tricks others will win (on a player whose pain colour it
is, when the table shows it), and counts the cards it has not seen yet.
"""

from __future__ import annotations

import random

from ..core.cards import Card
from ..core.game import PickPain, PlayCard, SeatView
from ..core.options import pain_colour
from ..core.sticheln import CARD_BITS, card_score, takers, trick_winner
from .base import Advice, StichelnBot
from .thumb import pick_card
from .world import own_colours, unseen_cards

# How likely a later player who holds a card that beats ours will use it.
OVERTAKE = 0.7
# How much of a pain card's cost is saved by shedding it now rather than later.
RELIEF = 0.6
# How much we like pushing a card onto a player whose pain colour it is.
SPITE = 0.3


class NormalBot(StichelnBot):
    level = "normal"

    def pick(self, view: SeatView, rng: random.Random) -> Advice:
        card = pick_card(view.hand, view.pain_cards[view.seat] or (), view.rules)
        if view.rules.reverse:
            why = "your most and highest cards"
        elif view.rules.mild:  # every card of it costs 5, whatever its value
            why = "your fewest cards"
        else:
            why = "your fewest and lowest cards"
        return Advice(PickPain(card), f"{card.colour} holds {why}")

    def play(self, view: SeatView, rng: random.Random) -> Advice:
        table = _Table(view)
        card = max(view.hand, key=lambda card: table.value(card) + rng.random() * 0.01)
        return Advice(PlayCard(card), table.why(card))


class _Table:
    """One decision's reading of the table: what each card would likely bring."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.pain = own_colours(view)
        self.unseen = unseen_cards(view)
        rules = view.rules
        unseen = self.unseen
        # What an unknown card that joins the trick is worth to us, on average.
        self.added = sum(card_score(u, self.pain, rules) for u in unseen) / max(len(unseen), 1)
        self.unseen_bits = sum(CARD_BITS[u] for u in unseen)

    def outlook(self, card: Card) -> tuple[float, float, int | None]:
        """(chance we take the trick with this card, what the trick is worth to us,
        who takes it otherwise as far as we know)."""
        view, rules, unseen = self.view, self.view.rules, self.unseen
        count = len(view.players)
        cards = [play.card for play in view.trick] + [card]
        position = len(cards) - 1
        later = count - len(cards)
        worth = sum(card_score(c, self.pain, rules) for c in cards) + later * self.added
        winner = trick_winner(cards, rules)
        if winner != position:
            return 0.0, worth, view.trick[winner].seat
        if not later or not unseen:
            return 1.0, worth, None
        beaten_by = self._overtakers(cards)
        held = sum(view.hand_sizes[(view.seat + step) % count] for step in range(1, later + 1))
        chance_beaten = 1 - (1 - beaten_by / len(unseen)) ** held
        return 1 - OVERTAKE * chance_beaten, worth, None

    def _overtakers(self, cards: list[Card]) -> int:
        """How many unseen cards, played next, would take the trick from its last card,
        which takes it now."""
        rules = self.view.rules
        if rules.latest_trump:  # a new trump colour can hand the trick to an earlier card
            position = len(cards) - 1
            return sum(trick_winner([*cards, u], rules) != position for u in self.unseen)
        return (takers(cards[-1], cards[0].colour, rules) & self.unseen_bits).bit_count()

    def value(self, card: Card) -> float:
        view, rules = self.view, self.view.rules
        chance, worth, taker = self.outlook(card)
        points = card_score(card, self.pain, rules)
        value = chance * worth
        if points < 0:
            value += (1 - chance) * RELIEF * -points
        elif chance < 0.5:
            value -= 0.02 * card.value  # a strong card spent on nothing
        if taker is not None and view.pain_cards[taker] and not rules.late:
            value -= (1 - chance) * SPITE * card_score(card, view.pain_colours(taker), rules)
        return value

    def why(self, card: Card) -> str:
        view = self.view
        chance, worth, taker = self.outlook(card)
        if chance >= 0.5:
            sure = "" if chance == 1 else "likely "
            return f"{sure}takes the trick, worth about {_points(worth)} to you"
        who = view.players[taker] if taker is not None else "someone else"
        points = card_score(card, self.pain, view.rules)
        if points < 0:
            return f"sheds {self._shed_card(points)} on a trick {who} should take"
        if round(worth) < 0:
            return f"stays out of a trick worth about {_points(worth)} to you"
        return f"{who} should take this trick: give up your least useful card"

    def _shed_card(self, points: int) -> str:
        """The card being shed, named by what this seat knows of its cost."""
        rules = self.view.rules
        if rules.late:  # nobody has a pain colour before the deal ends
            return f"a card that could cost you {-points}"
        colours = pain_colour(rules) + ("s" if len(self.pain) > 1 else "")
        if rules.reverse:  # every card outside the luck colours costs 1
            return f"a card outside your {colours}"
        return f"a card of your {colours}"


def _points(worth: float) -> str:
    """Points as a whole signed number: "+3", "-2", and "0" rather than "-0"."""
    points = round(worth)
    return f"{points:+d}" if points else "0"
