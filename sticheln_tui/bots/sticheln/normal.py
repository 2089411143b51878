"""The normal bot: the rule sheets' advice, weighed card by card.

It picks a short, low pain colour, takes tricks that are worth taking when it can hold
them, dumps its pain cards on tricks others will win (on a player whose pain colour it
is, when the table shows it), and counts the cards it has not seen yet.
"""

from __future__ import annotations

import random

from ...core.cards import Card
from ...core.game import PickPain, PlayCard, SeatView
from ...core.options import pain_colour
from ...core.sticheln import CARD_BITS, card_score, cards_taking, takers, trick_winner
from ...i18n import _
from ...words import colour_name
from ..base import Advice
from .player import StichelnBot
from .thumb import card_scores, pick_card
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
        assert view.seat is not None
        card = pick_card(view.hand, view.pain_cards[view.seat] or (), view.rules)
        if view.rules.reverse:
            # Translators: a hint line; {colour} is a colour's name.
            why = _("{colour} holds your most and highest cards")
        elif view.rules.mild:  # every card of it costs 5, whatever its value
            why = _("{colour} holds your fewest cards")
        else:
            why = _("{colour} holds your fewest and lowest cards")
        return Advice(PickPain(card), why.format(colour=colour_name(card.colour)))

    def play(self, view: SeatView, rng: random.Random) -> Advice:
        table = _Table(view)
        card = max(view.hand, key=lambda card: table.value(card) + rng.random() * 0.01)
        return Advice(PlayCard(card), table.why(card))


class _Table:
    """One decision's reading of the table: what each card would likely bring."""

    def __init__(self, view: SeatView) -> None:
        assert view.seat is not None
        self.view = view
        self.pain = own_colours(view)
        self.score = card_scores(self.pain, view.rules)
        self.unseen = unseen = unseen_cards(view)
        self.trick = [play.card for play in view.trick]
        # What the cards on the table and an unknown card that joins the trick are worth
        # to us, on average.
        self.trick_worth = sum(map(self.score.__getitem__, self.trick))
        self.added = sum(map(self.score.__getitem__, unseen)) / max(len(unseen), 1)
        self.unseen_bits = sum(map(CARD_BITS.__getitem__, unseen))
        self.taking = set(cards_taking(self.trick, view.hand, view.rules))
        count = len(view.players)
        self.later = count - len(self.trick) - 1  # players still to play after us
        # The cards those players hold, any of which might overtake us.
        self.held = sum(
            view.hand_sizes[(view.seat + step) % count] for step in range(1, self.later + 1)
        )

    def outlook(self, card: Card) -> tuple[float, float, int | None]:
        """(chance we take the trick with this card, what the trick is worth to us,
        who takes it otherwise as far as we know)."""
        later, unseen = self.later, self.unseen
        worth = self.trick_worth + self.score[card] + later * self.added
        if card not in self.taking:
            cards = [*self.trick, card]
            return 0.0, worth, self.view.trick[trick_winner(cards, self.view.rules)].seat
        if not later or not unseen:
            return 1.0, worth, None
        beaten_by = self._overtakers([*self.trick, card])
        chance_beaten = 1 - (1 - beaten_by / len(unseen)) ** self.held
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
        points = self.score[card]
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
            # Translators: hint lines; {points} is a signed number ("+3", "-2", "0").
            if chance == 1:
                return _("takes the trick, worth about {points} to you").format(
                    points=_points(worth)
                )
            return _("likely takes the trick, worth about {points} to you").format(
                points=_points(worth)
            )
        who = view.players[taker] if taker is not None else _("someone else")
        points = self.score[card]
        if points < 0:
            # Translators: {card} is "a card of your pain colour" or the like; {who} a name.
            return _("sheds {card} on a trick {who} should take").format(
                card=self._shed_card(points), who=who
            )
        if round(worth) < 0:
            return _("stays out of a trick worth about {points} to you").format(
                points=_points(worth)
            )
        return _("{who} should take this trick: give up your least useful card").format(who=who)

    def _shed_card(self, points: int) -> str:
        """The card being shed, named by what this seat knows of its cost."""
        rules = self.view.rules
        if rules.late:  # nobody has a pain colour before the deal ends
            return _("a card that could cost you {points}").format(points=-points)
        colours = pain_colour(rules, len(self.pain))
        if rules.reverse:  # every card outside the luck colours costs 1
            # Translators: {colours} is "pain colour(s)", "luck colour(s)", "pain suit(s)"...
            return _("a card outside your {colours}").format(colours=colours)
        return _("a card of your {colours}").format(colours=colours)


def _points(worth: float) -> str:
    """Points as a whole signed number: "+3", "-2", and "0" rather than "-0"."""
    points = round(worth)
    return f"{points:+d}" if points else "0"
