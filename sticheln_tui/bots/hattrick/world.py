"""What a Hattrick seat knows of the deal, and whole deals sampled to agree with it.

Every card is dealt, so the cards a seat has not seen are exactly the other hands.
Nothing a player did narrows down where they are: while a trick holds fewer than two
colours any card may be played, and once it holds two, a player may pass even when
able to follow (the pass card shown was in the hand, and it is on the table now). So a
sample shares the unseen cards out at random, each hand getting its known size.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ...core.cards import Card
from ...core.hattrick import HattrickView, deck_for, next_leader, score_pile, takers
from .thumb import Situation, Weight, colour_bits


def seen_cards(view: HattrickView) -> set[Card]:
    """Cards this seat has seen this deal: its hand, the piles, the pass cards, the trick."""
    seen = set(view.hand)
    for cards in (*view.piles, *view.passes):
        seen.update(cards)
    seen.update(turn.card for turn in view.trick)
    return seen


def unseen_cards(view: HattrickView) -> list[Card]:
    """The cards in the other players' hands, as far as this seat can tell."""
    seen = seen_cards(view)
    return [card for card in deck_for(len(view.players)) if card not in seen]


def situation(view: HattrickView) -> Situation:
    """The rules of thumb's reading of a seat's view."""
    me = view.seat
    assert me is not None
    count = len(view.players)
    later = count - len(view.trick) - 1
    return Situation(
        view.hand,
        view.trick_cards,
        view.piles[me],
        colour_bits(unseen_cards(view)),
        later,
        sum(view.hand_sizes[(me + step) % count] for step in range(1, later + 1)),
    )


@dataclass
class Deal:
    """One complete guess at the deal in progress, to be played out to its end."""

    hands: list[list[Card]]
    piles: list[list[Card]]
    passes: list[list[Card]]
    trick: list[tuple[int, Card, bool]]  # (seat, card, passed), in order
    to_move: int
    held: dict[str, int]  # every hand's cards, as `colour_bits`

    def copy(self) -> Deal:
        return Deal(
            [list(hand) for hand in self.hands],
            [list(pile) for pile in self.piles],
            [list(cards) for cards in self.passes],
            list(self.trick),
            self.to_move,
            dict(self.held),
        )

    def trick_cards(self) -> list[Card]:
        return [card for _, card, passed in self.trick if not passed]

    def move(self, card: Card, passed: bool) -> None:
        """Play `card`, or pass showing it, for the seat to move (the move must be legal)."""
        seat = self.to_move
        self.hands[seat].remove(card)
        self.held[card.colour] &= ~(1 << card.value)
        if passed:
            self.passes[seat].append(card)
        self.trick.append((seat, card, passed))
        count = len(self.hands)
        if len(self.trick) < count:
            self.to_move = (seat + 1) % count
            return
        played = [(seat, card) for seat, card, passed in self.trick if not passed]
        cards = [card for _, card in played]
        for colour, index in takers(cards).items():
            self.piles[played[index][0]].extend(card for card in cards if card.colour == colour)
        self.to_move = played[next_leader(cards)][0]
        self.trick = []

    def finished(self) -> bool:
        """The last card of each hand is set aside: a deal ends with one card a hand."""
        return not self.trick and len(self.hands[self.to_move]) <= 1

    def play_out(self, choose: Callable[[Deal], Weight]) -> None:
        while not self.finished():
            weight = choose(self)
            self.move(weight.card, weight.passed)

    def scores(self) -> list[int]:
        return list(map(score_pile, self.piles, self.passes))

    def situation(self) -> Situation:
        """What the seat to move knows: the cards in other hands are the ones it has not seen."""
        me = self.to_move
        count = len(self.hands)
        later = count - len(self.trick) - 1
        hand = self.hands[me]
        outside = dict(self.held)
        for colour, value in hand:
            outside[colour] &= ~(1 << value)
        return Situation(
            hand,
            self.trick_cards(),
            self.piles[me],
            outside,
            later,
            sum(len(self.hands[(me + step) % count]) for step in range(1, later + 1)),
        )

    def thumb(self) -> Weight:
        """The rule-of-thumb move for the seat to move."""
        return self.situation().best()


def sample_deal(view: HattrickView, rng: random.Random) -> Deal:
    """A deal that agrees with everything this seat has seen, hidden cards at random."""
    me = view.seat
    assert me is not None
    pool = unseen_cards(view)
    rng.shuffle(pool)
    hands: list[list[Card]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == me:
            hands.append(list(view.hand))
        else:
            hands.append(pool[len(pool) - size :])
            del pool[len(pool) - size :]
    return Deal(
        hands,
        [list(pile) for pile in view.piles],
        [list(cards) for cards in view.passes],
        [(turn.seat, turn.card, turn.passed) for turn in view.trick],
        me,
        colour_bits(card for hand in hands for card in hand),
    )
