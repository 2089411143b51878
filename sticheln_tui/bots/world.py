"""What a seat knows of the deal, and whole deals sampled to agree with it.

Everything here starts from a `SeatView`: the cards a seat has not seen are shared out
at random among the places they may be (other hands, face-down pain cards, face-down
left-overs), so a bot can play the rest of the deal out in its head.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.cards import Card
from ..core.game import Phase, SeatView
from ..core.sticheln import Rules, colour_choices, deal_leader, deck_for, score_deal, trick_winner
from ..fast.sticheln import FastDeal, tables
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


def sample_deal(view: SeatView, rng: random.Random) -> Deal:
    """A deal that agrees with everything this seat has seen, hidden cards at random.

    Face-down pain cards that left a hand are drawn at random (of different colours);
    hidden ones kept in hand are guessed by the pick rule of thumb on the sampled hand.
    During the pick, the picks still to come are left to `Deal.finish_picks`.
    """
    me = view.seat
    assert me is not None
    rules = view.rules
    count = len(view.players)
    unseen = unseen_cards(view)
    played = set(played_cards(view))
    hands: list[list[Card]] = [[] for _ in range(count)]
    pain: list[list[Card]] = [[] for _ in range(count)]
    hidden = [
        seat
        for seat in range(count)
        if seat != me and view.pain_cards[seat] is None and view.picked[seat]
    ]
    face_down = [] if rules.pain_in_hand else hidden  # hidden pain cards out of hands
    for _ in range(50):
        pool = list(unseen)
        rng.shuffle(pool)
        # Drawn first, while every colour is in the pool. One seat's draw can leave too
        # few colours for the next; the real cards fit, so shuffle again until ours do.
        for seat in face_down:
            pain[seat] = _draw_colours(pool, view.picked[seat])
        if all(len(pain[seat]) == view.picked[seat] for seat in face_down):
            break
    for seat in range(count):
        if seat == me:
            hands[seat] = list(view.hand)
            pain[seat] = list(view.pain_cards[me] or ())
            continue
        known = view.pain_cards[seat]
        if known is not None:
            pain[seat] = list(known)
            if rules.pain_in_hand:  # revealed, yet still in the hand unless played
                hands[seat] = [card for card in known if card not in played]
        missing = view.hand_sizes[seat] - len(hands[seat])
        hands[seat].extend(pool[len(pool) - missing :])
        del pool[len(pool) - missing :]
    if rules.pain_in_hand:
        for seat in hidden:  # the pick was made from the whole hand, before any play
            dealt = hands[seat] + [
                play.card for trick in view.deal_tricks for play in trick.plays if play.seat == seat
            ]
            dealt += [play.card for play in view.trick if play.seat == seat]
            pain[seat] = pick_cards(dealt, view.picked[seat], rules)
    deal = Deal(
        rules,
        hands,
        pain,
        [tuple(dict.fromkeys(card.colour for card in cards)) for cards in pain],
        won_cards(view),
        [(play.seat, play.card) for play in view.trick],
        view.to_move if view.to_move is not None else me,
    )
    if view.phase is Phase.PICK:  # picks still to come: see Deal.finish_picks
        deal.to_move = deal_leader(view.dealer, count, rules)
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
