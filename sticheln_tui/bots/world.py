"""What a seat knows of the deal, and whole deals sampled to agree with it.

Everything here starts from a `SeatView`: the cards a seat has not seen are shared out
at random among the places they may be (other hands, face-down pain cards, face-down
left-overs), so a bot can play the rest of the deal out in its head.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..core.cards import Card
from ..core.game import Phase, SeatView
from ..core.sticheln import Rules, deck_for, score_deal, trick_winner
from .thumb import pick_cards, thumb_card


def played_cards(view: SeatView) -> list[Card]:
    """Cards played in this deal so far, in earlier tricks and the current one."""
    cards = [play.card for trick in view.deal_tricks for play in trick.plays]
    cards.extend(play.card for play in view.trick)
    return cards


def won_cards(view: SeatView) -> list[list[Card]]:
    """Each seat's captured cards this deal, as everybody saw the tricks go."""
    piles: list[list[Card]] = [[] for _ in view.players]
    for trick in view.deal_tricks:
        piles[trick.winner].extend(play.card for play in trick.plays)
    return piles


def unseen_cards(view: SeatView) -> list[Card]:
    """Cards in play that this seat has not seen (in another hand or face down)."""
    seen = set(view.hand) | set(played_cards(view)) | set(view.leftover)
    for cards in view.pain_cards:
        seen.update(cards or ())
    return [card for card in deck_for(len(view.players), view.rules) if card not in seen]


def best_colours(pile: Sequence[Card], rules: Rules) -> tuple[str, ...]:
    """Late: the choice among the colours won that gives the best deal score."""
    colours = list(dict.fromkeys(card.colour for card in pile))
    size = min(rules.pain_colour_count, len(colours))
    return max(combinations(colours, size), key=lambda chosen: score_deal(pile, chosen, rules))


def colours_so_far(pile: Sequence[Card], pain_colours: tuple[str, ...], rules: Rules):
    """A seat's pain colours, or in Late the ones its pile so far would choose."""
    if rules.late:
        return best_colours(pile, rules) if pile else ()
    return pain_colours


def own_colours(view: SeatView) -> tuple[str, ...]:
    """This seat's pain (or luck) colours as far as it can tell now."""
    return colours_so_far(won_cards(view)[view.seat], view.pain_colours(view.seat), view.rules)


@dataclass
class Deal:
    """One complete guess at the deal in progress, to be played out to its end."""

    rules: Rules
    hands: list[list[Card]]
    pain: list[list[Card]]  # laid-down cards by seat (kept in hand with pain_in_hand)
    pain_colours: list[tuple[str, ...]]
    won: list[list[Card]]
    trick: list[tuple[int, Card]]
    to_move: int

    def copy(self) -> Deal:
        return Deal(
            self.rules,
            [list(hand) for hand in self.hands],
            self.pain,
            self.pain_colours,
            [list(pile) for pile in self.won],
            list(self.trick),
            self.to_move,
        )

    def play(self, card: Card) -> None:
        seat = self.to_move
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        count = len(self.hands)
        if len(self.trick) < count:
            self.to_move = (seat + 1) % count
            return
        cards = [played for _, played in self.trick]
        winner = self.trick[trick_winner(cards, self.rules)][0]
        self.won[winner].extend(cards)
        self.trick = []
        self.to_move = winner

    def finished(self) -> bool:
        return not self.trick and not self.hands[self.to_move]

    def play_out(self, choose: Callable[[Deal], Card]) -> None:
        while not self.finished():
            self.play(choose(self))

    def scores(self) -> list[int]:
        """Each seat's deal score once every card is played."""
        rules = self.rules
        result = []
        for seat, pile in enumerate(self.won):
            scored = pile if rules.pain_in_hand else pile + self.pain[seat]
            colours = best_colours(pile, rules) if rules.late else self.pain_colours[seat]
            result.append(score_deal(scored, colours, rules) if scored else 0)
        return result

    def thumb(self) -> Card:
        """The rule-of-thumb card for the seat to move."""
        seat = self.to_move
        return thumb_card(
            self.hands[seat],
            [card for _, card in self.trick],
            colours_so_far(self.won[seat], self.pain_colours[seat], self.rules),
            self.rules,
        )


def sample_deal(view: SeatView, rng: random.Random) -> Deal:
    """A deal that agrees with everything this seat has seen, hidden cards at random.

    Hidden pain cards are guessed by the pick rule of thumb on the sampled hands.
    """
    me = view.seat
    assert me is not None
    rules = view.rules
    count = len(view.players)
    pool = unseen_cards(view)
    rng.shuffle(pool)
    played = set(played_cards(view))
    hands: list[list[Card]] = [[] for _ in range(count)]
    pain: list[list[Card]] = [[] for _ in range(count)]
    hidden_in_hand: list[int] = []  # seats whose kept pain cards we must guess
    for seat in range(count):
        if seat == me:
            hands[seat] = list(view.hand)
            pain[seat] = list(view.pain_cards[me] or ())
            continue
        known = view.pain_cards[seat]
        size = view.hand_sizes[seat]
        if known is not None:
            pain[seat] = list(known)
            if rules.pain_in_hand:  # revealed, yet still in the hand unless played
                hands[seat] = [card for card in known if card not in played]
        elif view.picked[seat] and not rules.pain_in_hand:
            size += view.picked[seat]  # dealt with the face-down cards, picked below
        elif view.picked[seat]:
            hidden_in_hand.append(seat)
        missing = size - len(hands[seat])
        hands[seat].extend(pool[-missing:] if missing else ())
        del pool[len(pool) - missing :]
    for seat in range(count):
        if seat == me or view.pain_cards[seat] is not None or not view.picked[seat]:
            continue
        if seat in hidden_in_hand:  # the pick was made from the hand before any play
            dealt = hands[seat] + [
                p.card for t in view.deal_tricks for p in t.plays if p.seat == seat
            ]
            dealt += [p.card for p in view.trick if p.seat == seat]
            pain[seat] = pick_cards(dealt, view.picked[seat], rules)
        else:
            pain[seat] = pick_cards(hands[seat], view.picked[seat], rules)
            for card in pain[seat]:
                hands[seat].remove(card)
    deal = Deal(
        rules,
        hands,
        pain,
        [tuple(dict.fromkeys(card.colour for card in cards)) for cards in pain],
        won_cards(view),
        [(play.seat, play.card) for play in view.trick],
        view.to_move if view.to_move is not None else me,
    )
    if view.phase is Phase.PICK:
        _finish_picks(deal, view)
    return deal


def _finish_picks(deal: Deal, view: SeatView) -> None:
    """Seats still to pick (this one included) pick by the rule of thumb."""
    rules = deal.rules
    for seat, hand in enumerate(deal.hands):
        chosen = pick_cards(hand, rules.picks, rules, taken=deal.pain[seat])
        deal.pain[seat] = deal.pain[seat] + chosen
        if not rules.pain_in_hand:
            for card in chosen:
                hand.remove(card)
    deal.pain_colours = [tuple(dict.fromkeys(c.colour for c in cards)) for cards in deal.pain]
    leader = (view.dealer if rules.dealer_leads else view.dealer + 1) % len(deal.hands)
    deal.to_move = leader
