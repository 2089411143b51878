"""Seven Seals' play phase in small ints and bit masks, for the strong bot's playouts.

Layouts (one table size each, see `Tables`):
- a card is its index in `deck_for(players)`: colour index (`COLOURS` order) * top + value - 1,
  so within a colour a higher bit is a higher card, and ascending indices are `sort_hand`'s
  order;
- a hand, or any set of cards, is an int mask with bit i set for card i;
- a seal kind is its index in `SEAL_KINDS`: the five card colours in `COLOURS` order, then
  white, then black;
- every seat's seals are one flat list of counts, seat * KINDS + kind; the supply is a
  list of counts by kind.

The rule tables are derived from `core.seven_seals`' own rule functions, once per table size.
The rules of thumb of `bots/seven_seals/thumb.py` are written out again here in ints;
property tests hold both (and the engine's play) equal.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from ..core.cards import Card
from ..core.seven_seals import (
    BLACK,
    COLOURED_PENALTY,
    COLOURS,
    PENALTY,
    SEAL_KINDS,
    TRUMP,
    WHITE,
    SevenSealsGame,
    deal_penalty,
    deck_for,
    legal_cards,
    saboteur_penalty,
    seals_to_return,
    trick_winner,
)
from .bits import NEVER_DRAWN, CardIndex, any_bit

COLOUR_COUNT = len(COLOURS)
KINDS = len(SEAL_KINDS)
assert SEAL_KINDS[:COLOUR_COUNT] == COLOURS  # a colour's index is its seal kind's
TRUMP_COLOUR = COLOURS.index(TRUMP)
WHITE_KIND = SEAL_KINDS.index(WHITE)
BLACK_KIND = SEAL_KINDS.index(BLACK)
NO_SEAT = -1  # no saboteur this deal

# The rules of thumb's weights, as bots/seven_seals/thumb.py sets them (a test holds them
# equal; the thumb's docstrings say what each means).
ROUND_SURVIVES = (1.0, 0.85, 0.65, 0.45, 0.3)
GUARDED = 0.4
RUFF = 0.6
KEEP = 0.8
OVERTAKE = 0.75
SABOTEUR_KEEP = KEEP / 2
RETURN_GAIN = COLOURED_PENALTY
BLACK_COST = PENALTY[BLACK]


class Tables(CardIndex):
    """One table size's deck and rules, as ints; build it with `tables(players)`."""

    def __init__(self, players: int) -> None:
        deck = deck_for(players)
        self.players: int = players
        self.deck: list[Card] = deck
        self.top: int = deck[-1].value
        super().__init__(deck)
        self.colour: list[int] = [COLOURS.index(card.colour) for card in deck]
        self.colour_mask: list[int] = [
            self.mask(card for card in deck if card.colour == colour) for colour in COLOURS
        ]
        # By the card led: the cards a hand must follow with when it holds any.
        self.follow: list[int] = [self.mask(legal_cards([card], deck)) for card in deck]
        # By the card winning a trick so far: the cards that would take it over.
        self.beaten_by: list[int] = [
            self.mask(other for other in deck if trick_winner([card, other]) == 1) for card in deck
        ]
        # By card: the higher cards of its colour.
        self.above: list[int] = [
            self.beaten_by[index] & self.colour_mask[self.colour[index]]
            for index in range(len(deck))
        ]
        # By lead colour * COLOUR_COUNT + the winning card's colour: the seal kinds the
        # winner may give back, when held (`SEAL_KINDS` order).
        every_seal = dict.fromkeys(SEAL_KINDS, 1)
        self.returns: list[list[int]] = [[] for _ in range(COLOUR_COUNT * COLOUR_COUNT)]
        for lead in deck:
            for winner in deck:
                if lead == winner or trick_winner([lead, winner]) == 1:
                    trick = [lead] if lead == winner else [lead, winner]
                    kinds = seals_to_return(trick, every_seal)
                    slot = COLOURS.index(lead.colour) * COLOUR_COUNT + COLOURS.index(winner.colour)
                    self.returns[slot] = [SEAL_KINDS.index(kind) for kind in kinds]
        # By kind: the penalty of one seal held at the deal's end.
        self.penalty: list[int] = [deal_penalty({kind: 1}) for kind in SEAL_KINDS]
        # By card: what keeping it weighs in the rule of thumb (a seat / the saboteur).
        self.keep: list[float] = [KEEP * card.value / self.top for card in deck]
        self.saboteur_keep: list[float] = [SABOTEUR_KEEP * card.value / self.top for card in deck]


_TABLES: dict[int, Tables] = {}


def tables(players: int) -> Tables:
    """The tables of this table size, built once."""
    found = _TABLES.get(players)
    if found is None:
        found = _TABLES[players] = Tables(players)
    return found


class FastDeal:
    """The int twin of `bots.seven_seals.world.Deal` from its play on: the same methods
    with the same meaning, cards as ints, seals as counts by kind. `trick` holds the cards
    played to it (the first by `leader`); `best` is the card winning it so far (-1: none)."""

    def __init__(
        self,
        tables: Tables,
        hands: list[int],
        seals: list[int],
        supply: list[int],
        blacks_taken: list[int],
        saboteur: int,
        price: int,
        trick: list[int],
        leader: int,
        best: int,
        winner: int,
        to_move: int,
        held: int,
    ) -> None:
        self.tables = tables
        self.players: int = tables.players
        self.hands = hands  # by seat, a card mask
        self.seals = seals  # seat * KINDS + kind -> count
        self.supply = supply  # by kind
        self.blacks_taken = blacks_taken
        self.saboteur = saboteur  # NO_SEAT: none
        self.price = price
        self.trick = trick
        self.leader = leader
        self.best = best
        self.winner = winner  # the seat that played `best`
        self.to_move = to_move
        self.held = held  # every hand's cards

    @staticmethod
    def of(
        tables: Tables,
        hands: Sequence[Iterable[Card]],
        seals: Sequence[Mapping[str, int]],
        supply: Mapping[str, int],
        blacks_taken: Sequence[int],
        saboteur: int | None,
        price: int,
        trick: Sequence[tuple[int, Card]],
        to_move: int,
    ) -> FastDeal:
        """The deal from its Card-and-dict form (as `world.Deal` holds it); `trick` is
        (seat, card) plays in order."""
        masks = [tables.mask(hand) for hand in hands]
        held = 0
        for mask in masks:
            held |= mask
        deal = FastDeal(
            tables,
            masks,
            [held_seals.get(kind, 0) for held_seals in seals for kind in SEAL_KINDS],
            [supply.get(kind, 0) for kind in SEAL_KINDS],
            list(blacks_taken),
            NO_SEAT if saboteur is None else saboteur,
            price,
            [],
            trick[0][0] if trick else to_move,
            -1,
            NO_SEAT,
            to_move,
            held,
        )
        for seat, card in trick:
            deal._add_to_trick(seat, tables.index(card))
        return deal

    def copy(self) -> FastDeal:
        return FastDeal(
            self.tables,
            list(self.hands),
            list(self.seals),
            list(self.supply),
            list(self.blacks_taken),
            self.saboteur,
            self.price,
            list(self.trick),
            self.leader,
            self.best,
            self.winner,
            self.to_move,
            self.held,
        )

    def outside(self, seat: int) -> int:
        """The cards in the hands of the others."""
        return self.held & ~self.hands[seat]

    def legal(self) -> int:
        """The cards the seat to move may play: `legal_cards`, as a mask."""
        hand = self.hands[self.to_move]
        if not self.trick:
            return hand
        return hand & self.tables.follow[self.trick[0]] or hand

    def _add_to_trick(self, seat: int, card: int) -> None:
        if not self.trick:
            self.leader = seat
            self.best, self.winner = card, seat
        elif self.tables.beaten_by[self.best] >> card & 1:
            self.best, self.winner = card, seat
        self.trick.append(card)

    def play(self, card: int) -> int | None:
        """Play `card` for the seat to move (it must be legal). When the trick is complete
        and its winner may give back one of several seals, the trick waits and the winner
        is returned: `settle` it with the kind given back."""
        seat = self.to_move
        self.hands[seat] ^= 1 << card
        self.held ^= 1 << card
        self._add_to_trick(seat, card)
        if len(self.trick) < self.players:
            self.to_move = (seat + 1) % self.players
            return None
        winner = self.winner
        self.to_move = winner
        if winner == self.saboteur:
            self.trick = []
            return None
        options = self.returnable()
        if len(options) > 1:
            return winner
        if options:
            self.settle(options[0])
        else:
            if self.supply[BLACK_KIND]:
                self.supply[BLACK_KIND] -= 1
                self.seals[winner * KINDS + BLACK_KIND] += 1
                self.blacks_taken[winner] += 1
            self.trick = []
        return None

    def settle(self, kind: int) -> None:
        """The trick's winner (the seat to move) gives back a seal of `kind`."""
        self.seals[self.to_move * KINDS + kind] -= 1
        self.supply[kind] += 1
        self.trick = []

    def returnable(self) -> list[int]:
        """The seal kinds the trick's winner (the seat to move) may give back."""
        colour = self.tables.colour
        base = self.to_move * KINDS
        kinds = self.tables.returns[colour[self.trick[0]] * COLOUR_COUNT + colour[self.best]]
        return [kind for kind in kinds if self.seals[base + kind] > 0]

    def finished(self) -> bool:
        return not self.trick and not self.hands[self.to_move]

    def play_out(self, whim: random.Random = NEVER_DRAWN, whims: float = 0.0) -> None:
        """Every seat plays the rest of the deal by the rules of thumb, except that with
        probability `whims` a card is one of the legal cards drawn from `whim` (seals are
        always given back by the rules of thumb)."""
        while not self.finished():
            if len(self.trick) < self.players:  # else the winner has a seal to choose
                on_a_whim = whims > 0.0 and whim.random() < whims
                card = any_bit(self.legal(), whim) if on_a_whim else self.thumb_card()
                if self.play(card) is None:
                    continue
            self.settle(self.thumb_return())

    def thumb_card(self) -> int:
        """`thumb.choose_card` for the seat to move."""
        legal = self.legal()
        if not legal & (legal - 1):  # one card: no choice
            return legal.bit_length() - 1
        seat = self.to_move
        tables = self.tables
        later = 0  # the cards of the seats still to play to this trick
        for step in range(1, self.players - len(self.trick)):
            later += self.hands[(seat + step) % self.players].bit_count()
        blacks_left = self.supply[BLACK_KIND]
        lead = tables.colour[self.trick[0]] if self.trick else -1
        best = self.best if self.trick else -1
        outside = self.outside(seat)
        saboteur = seat == self.saboteur
        rival = 0.0  # for the saboteur: what the trick so far is worth to its winner
        if saboteur and self.trick:
            won_by = tables.colour[self.best]
            rival = trick_outcome(self.seals, self.winner * KINDS, lead, won_by, blacks_left)
        return choose_card(
            tables,
            legal,
            best,
            lead,
            self.seals,
            seat * KINDS,
            outside,
            later,
            blacks_left,
            saboteur,
            rival,
        )

    def thumb_return(self) -> int:
        """`thumb.seal_to_return` for the trick's winner (the seat to move)."""
        seat = self.to_move
        wins = expected_wins(self.tables, self.hands[seat], self.outside(seat))
        base = seat * KINDS
        choice, lowest = -1, 0.0
        for kind in self.returnable():
            self.seals[base + kind] -= 1
            outlook = estimated_penalty(self.seals, base, wins)
            self.seals[base + kind] += 1
            # the lowest outlook; among equals a coloured seal before white
            if choice < 0 or outlook < lowest or (outlook == lowest and choice == WHITE_KIND):
                choice, lowest = kind, outlook
        return choice

    def penalties(self) -> list[int]:
        """Each seat's deal penalty as things stand (at the end: the deal's score)."""
        scores = []
        penalty = self.tables.penalty
        for seat in range(self.players):
            if seat == self.saboteur:
                others = sum(self.blacks_taken) - self.blacks_taken[seat]
                scores.append(saboteur_penalty(others, self.price))
            else:
                base = seat * KINDS
                total = 0
                for kind in range(KINDS):
                    total += self.seals[base + kind] * penalty[kind]
                scores.append(total)
        return scores


# -- the rules of thumb, in ints -------------------------------------------------------


def trick_outcome(seals: list[int], base: int, lead: int, won_by: int, blacks_left: int) -> float:
    """What winning the trick is worth to the seat holding `seals[base:base + KINDS]`: a
    seal given back (it holds one the trick lets it return), else a black seal taken."""
    if seals[base + WHITE_KIND] > 0 or seals[base + lead] > 0 or seals[base + won_by] > 0:
        return RETURN_GAIN
    return -BLACK_COST if blacks_left else 0.0


def choose_card(
    tables: Tables,
    legal: int,
    best: int,
    lead: int,
    seals: list[int],
    base: int,
    outside: int,
    later_cards: int,
    blacks_left: int,
    saboteur: bool,
    rival: float,
) -> int:
    """`thumb.choose_card` for the seat holding `seals[base:base + KINDS]`: `best` is the
    card winning the trick so far and `lead` its lead colour (-1 both: it leads); for the
    saboteur, `rival` is what the trick so far is worth to the seat winning it."""
    unseen = outside.bit_count() or 1
    ruff, ruff_lead = 0.0, -1  # the threat of a red to a card of the colour led `ruff_lead`
    holds_white = seals[base + WHITE_KIND] > 0
    holds_coloured = False
    for colour in range(COLOUR_COUNT):
        if seals[base + colour]:
            holds_coloured = True
    colour_of, above, keeps = tables.colour, tables.above, tables.keep
    beats = tables.beaten_by[best] if best >= 0 else legal  # the cards that take the trick
    choice, most = -1, -1e9
    rest = legal
    while rest:
        card = (rest & -rest).bit_length() - 1
        rest ^= 1 << card
        colour = colour_of[card]
        led = colour if lead < 0 else lead
        # thumb.take_chance: it must beat the best card so far, and the players still to
        # play must not beat it with a higher card of its colour or a red
        if not beats >> card & 1:
            chance = 0.0
        elif not later_cards:
            chance = 1.0
        else:
            threat = (outside & above[card]).bit_count() / unseen
            if colour != TRUMP_COLOUR:
                if led != ruff_lead:  # (cards come by colour: once a colour led)
                    ruff, ruff_lead = ruff_threat(tables, outside, unseen, led), led
                threat += ruff
            threat = threat if threat < 1.0 else 1.0
            chance = 1 - OVERTAKE * (1 - (1 - threat) ** later_cards)
        if saboteur:
            worth = -(1 - chance) * rival
            keep = tables.saboteur_keep[card]
        else:
            # (a trick it cannot take is worth nothing, whatever it would bring)
            worth = chance * trick_outcome(seals, base, led, colour, blacks_left) if chance else 0.0
            # a high card of a colour whose seals are held wins later; of any other colour
            # it is a trick waiting to cost
            wanted = (
                seals[base + colour] or holds_white or (colour == TRUMP_COLOUR and holds_coloured)
            )
            keep = keeps[card] if wanted else -keeps[card]
        if worth - keep > most:
            choice, most = card, worth - keep
    return choice


def ruff_threat(tables: Tables, outside: int, unseen: int, lead: int) -> float:
    """`thumb.take_chance`'s threat to a card of another colour than red: a red from a
    player out of the lead colour, likelier the fewer cards of it are still out."""
    following = (outside & tables.colour_mask[lead]).bit_count() / unseen
    trumps = (outside & tables.colour_mask[TRUMP_COLOUR]).bit_count()
    return trumps / unseen * (1 - following) ** 3


def expected_wins(tables: Tables, hand: int, outside: int) -> list[float]:
    """`thumb.expected_wins`, by colour index."""
    wins = [0.0] * COLOUR_COUNT
    spare_reds = 0.0
    short_rounds = 0.0
    for colour in range(COLOUR_COUNT):
        mine = hand & tables.colour_mask[colour]
        count = mine.bit_count()
        guarded = False
        rank = 0
        while mine:  # highest first
            card = mine.bit_length() - 1
            mine ^= 1 << card
            above = (outside & tables.above[card]).bit_count()
            if above <= rank:
                chance = 1.0
            elif above == rank + 1 and not guarded:
                chance, guarded = GUARDED, True
            else:
                chance = 0.0
            if colour == TRUMP_COLOUR:
                spare_reds += 1 - chance
            else:
                chance *= ROUND_SURVIVES[min(rank, len(ROUND_SURVIVES) - 1)]
            wins[colour] += chance
            rank += 1
        if colour != TRUMP_COLOUR:
            out = (outside & tables.colour_mask[colour]).bit_count()
            rounds = min(3.0, out / max(1, tables.players - 1))
            short_rounds += max(0.0, rounds - count)
    wins[TRUMP_COLOUR] += RUFF * min(spare_reds, short_rounds)
    return wins


def estimated_penalty(seals: list[int], base: int, wins: list[float]) -> float:
    """`thumb.estimated_penalty` of `seals[base:base + KINDS]`."""
    leftover = 0.0
    uncovered = 0.0
    for colour in range(COLOUR_COUNT):
        gap = seals[base + colour] - wins[colour]
        if gap > 0:
            leftover += gap
        else:
            uncovered -= gap
    whites = seals[base + WHITE_KIND]
    used = min(whites, uncovered)
    return (
        COLOURED_PENALTY * leftover
        + PENALTY[WHITE] * (whites - used)
        + BLACK_COST * (uncovered - used)
    )


def deal_of_game(game: SevenSealsGame) -> FastDeal:
    """The deal in progress of `game` (in its play, or a seal to give back)."""
    assert game.to_move is not None, "the game is over"
    return FastDeal.of(
        tables(len(game.players)),
        game.hands,
        game.seals,
        game.supply,
        game.blacks_taken,
        game.saboteur,
        game.saboteur_price or 0,
        [(play.seat, play.card) for play in game.trick],
        game.to_move,
    )
