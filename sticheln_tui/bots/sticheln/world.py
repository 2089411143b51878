"""What a seat knows of the deal, and whole deals sampled to agree with it.

Everything here starts from a `SeatView`: the cards a seat has not seen are shared out
at random among the places they may be (other hands, face-down pain cards, face-down
left-overs), so a bot can play the rest of the deal out in its head.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...core.cards import Card
from ...core.game import Phase, SeatView
from ...core.sticheln import Rules, colour_choices, deal_leader, deck_for, score_deal, trick_winner
from ...fast.sticheln import DealSampler, FastDeal, tables
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
    choices = colour_choices(pile, rules)
    return max(choices, key=lambda chosen: score_deal(pile, chosen, rules))


def colours_so_far(pile: Sequence[Card], pain_colours: tuple[str, ...], rules: Rules):
    """A seat's pain colours, or in Late the ones its pile so far would choose."""
    if rules.late:
        return best_colours(pile, rules) if pile else ()
    return pain_colours


def own_colours(view: SeatView) -> tuple[str, ...]:
    """This seat's pain (or luck) colours as far as it can tell now."""
    assert view.seat is not None
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

    def in_ints(self) -> FastDeal:
        """This deal in the fast core's ints, to be played out many times faster."""
        return FastDeal.of(
            tables(self.rules, len(self.hands)),
            self.hands,
            self.pain,
            self.pain_colours,
            self.won,
            self.trick,
            self.to_move,
        )

    def copy(self) -> Deal:
        return Deal(
            self.rules,
            [list(hand) for hand in self.hands],
            [list(cards) for cards in self.pain],
            list(self.pain_colours),
            [list(pile) for pile in self.won],
            list(self.trick),
            self.to_move,
        )

    def lay_down(self, seat: int, card: Card) -> None:
        """Pick a pain card for `seat` (it stays in the hand with pain_in_hand)."""
        self.pain[seat].append(card)
        self.pain_colours[seat] = tuple(dict.fromkeys(c.colour for c in self.pain[seat]))
        if not self.rules.pain_in_hand:
            self.hands[seat].remove(card)

    def finish_picks(self) -> None:
        """Seats still short of pain cards pick by the rule of thumb."""
        for seat, hand in enumerate(self.hands):
            for card in pick_cards(hand, self.rules.picks, self.rules, taken=self.pain[seat]):
                self.lay_down(seat, card)

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


@dataclass
class Unknowns:
    """What a seat's view leaves to chance, worked out once for any number of samples."""

    known: Deal  # the deal as far as seen: hidden cards left out, pain colours of seen cards
    unseen: list[Card]  # in deck order: the pool each sample shuffles
    missing: list[int]  # by seat: how many unseen cards its hand holds
    picked: list[int]  # by seat: how many pain cards it has laid down
    face_down: list[int]  # seats whose hidden pain cards left the hand
    kept: list[int]  # seats whose hidden pain cards stayed in the hand (pain_in_hand)
    played: list[list[Card]]  # by seat: the cards it played this deal, in order

    def in_ints(self) -> DealSampler:
        """The same samples drawn straight into the fast core's ints."""
        known = self.known.in_ints()
        table = known.tables
        return DealSampler(
            known,
            [table.index(card) for card in self.unseen],
            self.missing,
            self.picked,
            self.face_down,
            self.kept,
            [table.mask(cards) for cards in self.played],
        )


def unknowns(view: SeatView) -> Unknowns:
    """What `view`'s seat has not seen, and where it may be."""
    me = view.seat
    assert me is not None
    rules = view.rules
    count = len(view.players)
    played_by: list[list[Card]] = [[] for _ in range(count)]
    for trick in view.deal_tricks:
        for play in trick.plays:
            played_by[play.seat].append(play.card)
    for play in view.trick:
        played_by[play.seat].append(play.card)
    played = set(played_cards(view))
    hands: list[list[Card]] = [[] for _ in range(count)]
    pain: list[list[Card]] = [[] for _ in range(count)]
    hands[me] = list(view.hand)
    for seat, laid in enumerate(view.pain_cards):
        pain[seat] = list(laid or ())
        if seat != me and laid is not None and rules.pain_in_hand:
            # revealed, yet still in the hand unless played
            hands[seat] = [card for card in laid if card not in played]
    hidden = [  # seats whose pain cards this seat has not seen
        seat
        for seat in range(count)
        if seat != me and view.pain_cards[seat] is None and view.picked[seat]
    ]
    to_move = view.to_move if view.to_move is not None else me
    if view.phase is Phase.PICK:  # picks still to come: see Deal.finish_picks
        to_move = deal_leader(view.dealer, count, rules)
    known = Deal(
        rules,
        hands,
        pain,
        [tuple(dict.fromkeys(card.colour for card in cards)) for cards in pain],
        won_cards(view),
        [(play.seat, play.card) for play in view.trick],
        to_move,
    )
    return Unknowns(
        known,
        unseen_cards(view),
        [0 if seat == me else view.hand_sizes[seat] - len(hands[seat]) for seat in range(count)],
        list(view.picked),
        [] if rules.pain_in_hand else hidden,
        hidden if rules.pain_in_hand else [],
        played_by,
    )


def sample_deal(view: SeatView, rng: random.Random) -> Deal:
    """A deal that agrees with everything this seat has seen, hidden cards at random.

    Face-down pain cards that left a hand are drawn at random (of different colours);
    hidden ones kept in hand are guessed by the pick rule of thumb on the sampled hand.
    During the pick, the picks still to come are left to `Deal.finish_picks`.
    `Unknowns.in_ints` draws the same deals in ints (a property test holds them together).
    """
    unknown = unknowns(view)
    deal = unknown.known.copy()
    for _ in range(50):
        pool = list(unknown.unseen)
        rng.shuffle(pool)
        # Drawn first, while every colour is in the pool. One seat's draw can leave too
        # few colours for the next; the real cards fit, so shuffle again until ours do.
        for seat in unknown.face_down:
            deal.pain[seat] = _draw_colours(pool, unknown.picked[seat])
        if all(len(deal.pain[seat]) == unknown.picked[seat] for seat in unknown.face_down):
            break
    for seat, missing in enumerate(unknown.missing):
        deal.hands[seat].extend(pool[len(pool) - missing :])
        del pool[len(pool) - missing :]
    for seat in unknown.kept:  # the pick was made from the whole hand, before any play
        dealt = deal.hands[seat] + unknown.played[seat]
        deal.pain[seat] = pick_cards(dealt, unknown.picked[seat], view.rules)
    deal.pain_colours = [tuple(dict.fromkeys(card.colour for card in cards)) for cards in deal.pain]
    return deal


def _draw_colours(pool: list[Card], count: int) -> list[Card]:
    """Take `count` cards of different colours from the end of a shuffled pool."""
    drawn: list[Card] = []
    for index in range(len(pool) - 1, -1, -1):
        if len(drawn) == count:
            break
        if all(card.colour != pool[index].colour for card in drawn):
            drawn.append(pool.pop(index))
    return drawn
