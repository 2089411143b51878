"""Hattrick's deal in small ints and bit masks, for the strong bot's playouts.

Layouts (the same for every table size; `Tables` holds one size's rules):
- a card is its colour's index in `COLOURS` (red, blue, green) * WIDTH + its value (0-20),
  so each colour is one WIDTH-bit field of a mask, with bit `value` set as the rules of
  thumb's `colour_bits` sets it, and within a colour a higher bit is a higher card;
- a hand, pile, set of pass cards or trick is an int mask with bit `card` set per card;
- a set of colours is a 3-bit mask, bit = colour index;
- a move is an int: the card to play, or PASS + the card shown and laid face down.

The rule tables are derived from `core.hattrick`'s own rule functions, once per table size.
The trick walk, the pile score's shape and the rules of thumb of `bots/hattrick/thumb.py`
are written out again in ints; property tests hold them equal to the engine and to the
Card-based `bots/hattrick/world.Deal`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from functools import cache

from ..core.cards import Card
from ..core.hattrick import (
    COLOURS,
    check_players,
    deck_for,
    next_leader,
    passable,
    playable,
    score_pile,
)
from .bits import NEVER_DRAWN, CardIndex, any_bit, bits_of

WIDTH = 21  # values 0-20: one field of a mask per colour
FIELD = (1 << WIDTH) - 1
CARDS = WIDTH * len(COLOURS)  # every card index is below this
PASS = 1 << (CARDS - 1).bit_length()  # a move at or above PASS shows card move - PASS
COUNT_BITS = 5  # a pile's colour counts packed in one int, COUNT_BITS each (at most 21)

# The rules of thumb's weights, as bots/hattrick/thumb.py sets them (a test holds them
# equal; the thumb's docstrings say what each means).
OVERTAKE = 0.7
JOIN = 0.4
KEEP = 0.5
PASS_COST = 2
TOP_VALUE = 20


class Tables(CardIndex):
    """One table size's deck and rules, as ints; build it with `tables(players)`."""

    def __init__(self, players: int) -> None:
        check_players(players)
        deck = deck_for(players)
        self.players: int = players
        self.deck: list[Card] = deck
        # By card index (every index below CARDS, in the deck or not).
        super().__init__([Card(colour, value) for colour in COLOURS for value in range(WIDTH)])
        self.colour: list[int] = [index // WIDTH for index in range(CARDS)]
        self.value: list[int] = [index % WIDTH for index in range(CARDS)]
        self.field: list[int] = [FIELD << (colour * WIDTH) for colour in range(len(COLOURS))]
        # By card: the higher cards of its colour.
        self.above: list[int] = [
            self.field[self.colour[index]] & ~((2 << index) - 1) for index in range(CARDS)
        ]
        # By card: its place in Card order (colour name, then value), which settles equal
        # weights in the rules of thumb as comparing their Weight tuples does.
        self.rank: list[int] = [0] * CARDS
        for place, card in enumerate(sorted(self.card_at)):
            self.rank[self.indices[card]] = place
        # By the colours in the trick (a colour set): the cards that may join it, and the
        # cards that may be shown to pass.
        self.playable: list[int] = []
        self.passable: list[int] = []
        for colours in range(1 << len(COLOURS)):
            trick = [
                card
                for card in deck
                if card.value == 1 and colours >> COLOURS.index(card.colour) & 1
            ]
            self.playable.append(self.mask(playable(trick, deck)))
            self.passable.append(self.mask(passable(trick, deck)))
        # By colour: the cards high enough to count when choosing the colour to collect.
        self.high: list[int] = [
            self.mask(c for c in deck if c.colour == colour and c.value > TOP_VALUE // 2)
            for colour in COLOURS
        ]
        # By collected colour, then card: what keeping the card in hand weighs.
        self.keep: list[list[float]] = [
            [
                (KEEP * self.value[index] / TOP_VALUE)
                * (1 if self.colour[index] == collect else -1)
                for index in range(CARDS)
            ]
            for collect in range(len(COLOURS))
        ]
        # A pile's score by its packed colour counts, worked out by `score_pile` on first use;
        # and what one pass card adds.
        self.pile_scores: dict[int, int] = {}
        self.pass_score: int = score_pile((), deck[:1])

    def move_of(self, card: Card, passed: bool) -> int:
        return self.indices[card] + (PASS if passed else 0)

    def decode(self, move: int) -> tuple[Card, bool]:
        """(the card, whether it is shown to pass) of an int move."""
        if move >= PASS:
            return self.card_at[move - PASS], True
        return self.card_at[move], False

    def pile_score(self, pile: int) -> int:
        """What a pile scores, pass cards left out."""
        key = 0
        for colour in range(len(COLOURS)):
            key |= (pile & self.field[colour]).bit_count() << (colour * COUNT_BITS)
        score = self.pile_scores.get(key)
        if score is None:
            score = self.pile_scores[key] = score_pile(self.cards(pile), ())
        return score


@cache
def tables(players: int) -> Tables:
    return Tables(players)


class FastDeal:
    """The int twin of `bots.hattrick.world.Deal`: one complete deal in progress, to be
    played out to its end. Build it with `FastDeal.of` from Card-based fields."""

    def __init__(
        self,
        table: Tables,
        hands: list[int],
        piles: list[int],
        passes: list[int],
        played: list[int],
        seats: list[int],
        turns: int,
        to_move: int,
    ) -> None:
        self.table: Tables = table
        self.hands: list[int] = hands  # masks, by seat
        self.piles: list[int] = piles  # masks of the cards taken this deal, by seat
        self.passes: list[int] = passes  # masks of the pass cards, by seat
        self.played: list[int] = played  # the cards played to this trick, passes left out
        self.seats: list[int] = seats  # who played each of them
        self.turns: int = turns  # turns taken in this trick, passes included
        self.to_move: int = to_move
        self.trick: int = 0  # mask of `played`
        self.colours: int = 0  # colour set of `played`
        for card in played:
            self.trick |= 1 << card
            self.colours |= 1 << table.colour[card]
        self.held: int = 0  # every hand's cards
        for hand in hands:
            self.held |= hand

    @classmethod
    def of(
        cls,
        table: Tables,
        hands: Sequence[Iterable[Card]],
        piles: Sequence[Iterable[Card]],
        passes: Sequence[Iterable[Card]],
        trick: Sequence[tuple[int, Card, bool]],
        to_move: int,
    ) -> FastDeal:
        """The deal of Card-based fields, as `world.Deal` and the engine keep them; `trick`
        holds (seat, card, passed) turns in order."""
        played = [(seat, card) for seat, card, passed in trick if not passed]
        return cls(
            table,
            [table.mask(hand) for hand in hands],
            [table.mask(pile) for pile in piles],
            [table.mask(laid) for laid in passes],
            [table.index(card) for _, card in played],
            [seat for seat, _ in played],
            len(trick),
            to_move,
        )

    def copy(self) -> FastDeal:
        return FastDeal(
            self.table,
            list(self.hands),
            list(self.piles),
            list(self.passes),
            list(self.played),
            list(self.seats),
            self.turns,
            self.to_move,
        )

    def shared_out(
        self, hidden: Sequence[int], sizes: Sequence[int], rng: random.Random
    ) -> FastDeal:
        """A copy with the `hidden` cards (ascending) shared out at random to the seats
        other than the one to move, each getting its size in `sizes`: drawn as
        `world.sample_deal` draws, so the same generator gives the same deal."""
        pool = list(hidden)
        rng.shuffle(pool)
        deal = self.copy()
        end = len(pool)
        for seat, size in enumerate(sizes):
            if seat != self.to_move:
                hand = 0
                for card in pool[end - size : end]:
                    hand |= 1 << card
                end -= size
                deal.hands[seat] = hand
                deal.held |= hand
        return deal

    def legal_moves(self) -> list[int]:
        """The seat to move's cards that may join the trick, then its passes."""
        hand = self.hands[self.to_move]
        plays = bits_of(hand & self.table.playable[self.colours])
        return plays + [PASS + card for card in bits_of(hand & self.table.passable[self.colours])]

    def apply(self, move: int) -> None:
        if move >= PASS:
            self.move(move - PASS, True)
        else:
            self.move(move, False)

    def move(self, card: int, passed: bool) -> None:
        """Play `card`, or pass showing it, for the seat to move (the move must be legal)."""
        seat = self.to_move
        bit = 1 << card
        self.hands[seat] ^= bit
        self.held ^= bit
        if passed:
            self.passes[seat] |= bit
        else:
            self.played.append(card)
            self.seats.append(seat)
            self.trick |= bit
            self.colours |= 1 << self.table.colour[card]
        self.turns += 1
        count = len(self.hands)
        if self.turns < count:
            self.to_move = seat + 1 if seat + 1 < count else 0
        else:
            self._take_trick()

    def _take_trick(self) -> None:
        """Each colour to its highest card's player (`core.hattrick.takers`); the higher
        taking card leads (`next_leader`, which settles equal ones)."""
        table = self.table
        played = self.played
        first = second = -1  # the taking cards, in colour order
        for colour in range(len(COLOURS)):
            taken = self.trick & table.field[colour]
            if taken:
                top = taken.bit_length() - 1
                self.piles[self.seats[played.index(top)]] |= taken
                if first < 0:
                    first = top
                else:
                    second = top
        leader = first
        if second >= 0:
            if table.value[second] > table.value[first]:
                leader = second
            elif table.value[second] == table.value[first]:
                leader = played[next_leader([table.card_at[card] for card in played])]
        self.to_move = self.seats[played.index(leader)]
        self.played = []
        self.seats = []
        self.trick = 0
        self.colours = 0
        self.turns = 0

    def finished(self) -> bool:
        """The last card of each hand is set aside: a deal ends with one card a hand."""
        return self.turns == 0 and self.hands[self.to_move].bit_count() <= 1

    def play_out(self, whim: random.Random = NEVER_DRAWN, whims: float = 0.0) -> None:
        """Every remaining move by the rules of thumb, except that with probability
        `whims` a move is one of the cards that may join the trick (never a pass), drawn
        from `whim`."""
        while not (self.turns == 0 and self.hands[self.to_move].bit_count() <= 1):
            plays = 0
            if whims > 0.0 and whim.random() < whims:
                plays = self.hands[self.to_move] & self.table.playable[self.colours]
            move = any_bit(plays, whim) if plays else self.thumb()
            if move >= PASS:
                self.move(move - PASS, True)
            else:
                self.move(move, False)

    def scores(self) -> list[int]:
        table = self.table
        return [
            table.pile_score(pile) + table.pass_score * laid.bit_count()
            for pile, laid in zip(self.piles, self.passes, strict=True)
        ]

    def thumb(self) -> int:
        """The rule-of-thumb move for the seat to move (`Situation.best` of its
        `world.Deal.situation`)."""
        table = self.table
        field = table.field
        me = self.to_move
        count = len(self.hands)
        hand = self.hands[me]
        pile = self.piles[me]
        later = count - self.turns - 1
        # Every turn takes one card from a hand, so each seat still to act in this trick
        # holds as many cards as the seat to move.
        later_cards = later * hand.bit_count()
        # The colour to collect: pile cards count 1, high cards in hand 1/2 (doubled
        # here to stay in ints); equal weights go to the first in COLOURS order.
        high = table.high
        first = 2 * (pile & field[0]).bit_count() + (hand & high[0]).bit_count()
        second = 2 * (pile & field[1]).bit_count() + (hand & high[1]).bit_count()
        third = 2 * (pile & field[2]).bit_count() + (hand & high[2]).bit_count()
        collect = 0 if first >= second and first >= third else 1 if second >= third else 2
        keep = table.keep[collect]
        above = table.above
        rank = table.rank
        outside = self.held & ~hand
        unseen = outside.bit_count()
        best = -1
        best_value = -math.inf
        plays = hand & table.playable[self.colours]
        for colour in range(len(COLOURS)):
            moves = plays & field[colour]
            if not moves:
                continue
            joined = self.trick & field[colour]
            collected = colour == collect
            # The cards below the trick's top of their colour only shed; they weigh just
            # what keeping them would, so only the one that weighs least is a candidate.
            shed = moves & ((1 << (joined.bit_length() - 1)) - 1) if joined else 0
            if shed:
                moves ^= shed ^ _least_kept(shed, collected)
            cards = joined.bit_count() + 1 + JOIN * later
            sign = 1 if collected else -1
            while moves:
                low = moves & -moves
                moves ^= low
                card = low.bit_length() - 1
                if low < joined:  # a higher card of its colour is in the trick: shed
                    value = -keep[card]
                else:
                    chance = 1.0
                    higher = (outside & above[card]).bit_count() if later else 0
                    if higher:
                        chance = 1 - OVERTAKE * (1 - (1 - higher / unseen) ** later_cards)
                    value = chance * sign * cards - keep[card]
                if value > best_value or (value == best_value and rank[card] > rank[best]):
                    best = card
                    best_value = value
        # Every pass card is of the one colour not in the trick: again only the one that
        # weighs least in hand is a candidate.
        passes = hand & table.passable[self.colours]
        if passes:
            card = _least_kept(passes, table.colour[passes.bit_length() - 1] == collect)
            card = card.bit_length() - 1
            value = -PASS_COST - keep[card]
            if value > best_value or (value == best_value and rank[card] > rank[best]):
                return PASS + card
        return best


def _least_kept(cards: int, collected: bool) -> int:
    """The bit of the card of `cards` (one colour) that weighs least in hand: the lowest of
    the collected colour, else the highest."""
    return cards & -cards if collected else 1 << (cards.bit_length() - 1)
