"""Sticheln's deal in small ints and bit masks, for playouts by the thousand.

A card is its index in `core.sticheln.deck_for(players, rules)`; a hand, a pile or a set
of cards is an int with bit `1 << index` set for each card in it. A set of colours is an
int too: bit `1 << colour` for each colour index (the deck's colours in deck order). The
rule of thumb sees each hand once more, ranked (see `Orders`), so that its choice is the
lowest bit of a mask.

Every rule table here is worked out once per (rules, players) from the rules' own
functions in `core.sticheln` (`beats`, `is_trump`, `card_score`); `FastDeal` mirrors
`bots.sticheln.world.Deal` and its rule of thumb `bots.sticheln.thumb`, and property tests
hold the two to the same cards and scores on every option and table size.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Self

from ..core.cards import Card
from ..core.sticheln import (
    Rules,
    beats,
    card_score,
    deck_for,
    is_trump,
)
from ..core.table import shuffle
from .bits import NEVER_DRAWN, CardIndex, any_bit, summed


class Orders:
    """What the rule of thumb asks of a card for one set of pain colours (`bots.sticheln.thumb`):
    its score, and its rank in the orders in which cards are taken, led, shed and dumped.
    The lowest rank is chosen; ties go to the lower card index, as the reference's `min`
    and `max` do over a hand sorted in deck order.

    A ranked hand is one int of three parts, `size` bits each: bit `r` for the card of
    strength rank `r` (the same for every pain colour), bit `size + r` for the card of
    lead rank `r`, bit `2 * size + r` for the card of shed rank `r`; `ranked_bit[card]`
    is a card's three bits.
    """

    def __init__(
        self, deck: Sequence[Card], pain: tuple[str, ...], rules: Rules, strength: list[int]
    ) -> None:
        size = len(deck)
        self.score: list[int] = [card_score(card, pain, rules) for card in deck]
        power = [_power(card, rules) for card in deck]
        keep = [-points if points < 0 else 0 for points in self.score]
        lead = _ranks([(-keep[i], power[i], i) for i in range(size)])
        shed = _ranks([(-keep[i], -power[i], i) for i in range(size)])
        dump = _ranks([(-self.score[i], power[i], i) for i in range(size)])
        self.lead_card: list[int] = _unranked(lead)
        self.shed_card: list[int] = _unranked(shed)
        self.ranked_bit: list[int] = [
            1 << strength[i] | 1 << (size + lead[i]) | 1 << (2 * size + shed[i])
            for i in range(size)
        ]
        by_strength = _unranked(strength)
        # By strength rank: the card's three bits, its dump rank; the cards worth points.
        self.ranked_by_strength: list[int] = [self.ranked_bit[i] for i in by_strength]
        self.dump: list[int] = [dump[i] for i in by_strength]
        self.positive: int = sum(1 << strength[i] for i in range(size) if self.score[i] > 0)

    def ranked(self, hand: int) -> int:
        """A hand (a mask of cards) ranked."""
        return _gathered(hand, self.ranked_bit)

    def reranked(self, strength: int) -> int:
        """A hand given as strength-rank bits, ranked."""
        return _gathered(strength, self.ranked_by_strength)


def _gathered(mask: int, bits: list[int]) -> int:
    """The union of `bits[i]` over the set bits `i` of `mask`."""
    gathered = 0
    while mask:
        low = mask & -mask
        gathered |= bits[low.bit_length() - 1]
        mask ^= low
    return gathered


def _power(card: Card, rules: Rules) -> int:
    """How strongly a card contests tricks (`bots.sticheln.thumb.strength`): high cards win, or
    low ones in Reverse."""
    return -card.value if rules.reverse else card.value


def _ranks(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Each index's place when the keys are sorted (all keys differ: the index is last)."""
    ranks = [0] * len(keys)
    for place, index in enumerate(sorted(range(len(keys)), key=keys.__getitem__)):
        ranks[index] = place
    return ranks


def _unranked(ranks: list[int]) -> list[int]:
    """The index at each rank."""
    indices = [0] * len(ranks)
    for index, rank in enumerate(ranks):
        indices[rank] = index
    return indices


def _lowest_ranked(mask: int, rank: list[int]) -> int:
    """The bit of `mask` (not empty) whose `rank` is lowest."""
    if not mask & (mask - 1):
        return mask.bit_length() - 1
    best = -1
    best_rank = 1 << 30
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        if rank[bit] < best_rank:
            best_rank = rank[bit]
            best = bit
        mask ^= low
    return best


class Tables(CardIndex):
    """Sticheln's rules for one (rules, players), as lists and masks over card indices."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules: Rules = rules
        self.players: int = players
        self.deck: list[Card] = deck_for(players, rules)
        self.size: int = len(self.deck)
        super().__init__(self.deck)
        names = list(dict.fromkeys(card.colour for card in self.deck))
        self.colour_names: list[str] = names
        self.colour: list[int] = [names.index(card.colour) for card in self.deck]
        self.colour_mask: list[int] = [
            sum(1 << i for i in range(self.size) if self.colour[i] == c) for c in range(len(names))
        ]
        self.next_seat: list[int] = [(seat + 1) % players for seat in range(players)]
        self.picks: int = rules.picks
        self.pain_colour_count: int = rules.pain_colour_count
        self.pain_in_hand: bool = rules.pain_in_hand
        self.late: bool = rules.late
        self.latest_trump: bool = rules.latest_trump
        # takers[lead colour][best card]: the cards that, played later, take the trick
        # from the best card so far (`beats`).
        self.takers: list[list[int]] = [
            [
                sum(1 << i for i, card in enumerate(self.deck) if beats(card, best, lead, rules))
                for best in self.deck
            ]
            for lead in names
        ]
        # trumps[lead colour]: the cards that are trumps when this colour was led.
        self.trumps: list[int] = [
            sum(1 << i for i, card in enumerate(self.deck) if is_trump(card, lead, rules))
            for lead in names
        ]
        # Pick rule of thumb: a colour's cost is its cards' sum; ties go by colour name.
        self.card_pick_cost: list[int] = [
            -card.value - 2 if rules.reverse else 5 if rules.mild else card.value + 2
            for card in self.deck
        ]
        self.name_rank: list[int] = [sorted(names).index(name) for name in names]
        self.pick_highest: bool = rules.reverse
        # The strength order, weakest first: each card's rank, and the card at each rank.
        self.strength: list[int] = _ranks(
            [(_power(card, rules), i) for i, card in enumerate(self.deck)]
        )
        self.strength_card: list[int] = _unranked(self.strength)
        # `takers`, `trumps` and `colour_mask` as strength-rank bits.
        self.takers_ranked: list[list[int]] = [
            [self.strength_ranked(takers) for takers in row] for row in self.takers
        ]
        self.trumps_ranked: list[int] = [self.strength_ranked(mask) for mask in self.trumps]
        self.colour_ranked: list[int] = [self.strength_ranked(m) for m in self.colour_mask]
        self.strength_part: int = (1 << self.size) - 1  # of a ranked hand
        self.shed_shift: int = 2 * self.size  # where its shed part starts
        self._orders: list[Orders | None] = [None] * (1 << len(names))

    def colours(self, names: Sequence[str]) -> int:
        """A set of colour names as a colour mask."""
        mask = 0
        for name in names:
            mask |= 1 << self.colour_names.index(name)
        return mask

    def orders(self, pain: int) -> Orders:
        """The rule of thumb's orders for a colour mask of pain (luck) colours."""
        found = self._orders[pain]
        if found is None:
            names = tuple(name for c, name in enumerate(self.colour_names) if pain >> c & 1)
            found = Orders(self.deck, names, self.rules, self.strength)
            self._orders[pain] = found
        return found

    def strength_ranked(self, cards: int) -> int:
        """A mask of cards as strength-rank bits."""
        ranked = 0
        while cards:
            low = cards & -cards
            ranked |= 1 << self.strength[low.bit_length() - 1]
            cards ^= low
        return ranked

    def strength_cards(self, ranked: int) -> int:
        """The mask of cards of a ranked hand (its strength part)."""
        cards = 0
        ranked &= self.strength_part
        while ranked:
            low = ranked & -ranked
            cards |= 1 << self.strength_card[low.bit_length() - 1]
            ranked ^= low
        return cards

    def pile_score(self, cards: int, pain: int) -> int:
        """The deal score of these scored cards for a player with these pain colours."""
        return summed(cards, self.orders(pain).score)

    def pick_cost(self, cards: int) -> int:
        """What holding these cards (of one colour) as a pain colour is likely to cost."""
        return summed(cards, self.card_pick_cost)

    def pick_cards(self, hand: int, taken: int, count: int) -> list[int]:
        """`bots.sticheln.thumb.pick_cards`: further pain cards from `hand` by the pick rule, the
        cards `taken` already down, until `count` are (fewer if no new colour is left)."""
        colours = 0  # of the pain cards so far
        down = 0
        while taken:
            low = taken & -taken
            colours |= 1 << self.colour[low.bit_length() - 1]
            down += 1
            taken ^= low
        picked: list[int] = []
        while down + len(picked) < count:
            best = -1
            best_key = (0, 0)
            for colour, cards in enumerate(self.colour_mask):
                if colours >> colour & 1 or not hand & cards:
                    continue
                key = (self.pick_cost(hand & cards), self.name_rank[colour])
                if best < 0 or key < best_key:
                    best, best_key = colour, key
            if best < 0:
                break
            in_colour = hand & self.colour_mask[best]
            # Cards of a colour run low to high in the deck.
            low_card = (in_colour & -in_colour).bit_length() - 1
            picked.append(in_colour.bit_length() - 1 if self.pick_highest else low_card)
            colours |= 1 << best
        return picked

    def late_colours(self, pile: int, order: list[int]) -> int:
        """Late: the best-scoring choice of pain colours among those in the pile, the
        first best in the order the colours were first won (as `colour_choices`)."""
        best = 0
        best_score = 0
        first = True
        for chosen in combinations(order, min(self.pain_colour_count, len(order))):
            pain = 0
            for colour in chosen:
                pain |= 1 << colour
            score = self.pile_score(pile, pain)
            if first or score > best_score:
                best, best_score, first = pain, score, False
        return best


def _follow(tables: Tables, orders: Orders, ranked: int, taking: int, trick: list[int]) -> int:
    """The rule of thumb's card to follow a trick (`bots.sticheln.thumb.thumb_card`): take a trick
    worth it with the weakest card that takes it; otherwise shed the card most costly
    to keep, or if every card takes it, dump the least harmful. `ranked` is the hand,
    `taking` its cards that would take the trick (strength-rank bits)."""
    clean = _worth_taking(orders, taking, trick)
    if clean:
        return tables.strength_card[(clean & -clean).bit_length() - 1]
    return _stay_out(tables, orders, ranked, taking)


def _follow_sure(
    tables: Tables,
    orders: Orders,
    ranked: int,
    taking: int,
    trick: list[int],
    takers: list[int],
    hands_ranked: list[int],
    seat: int,
) -> int:
    """`_follow` by `seat`, who sees the hands still to play to this trick: a trick worth
    it is taken with the weakest card that none of them can beat, and where every such
    card can be beaten, the player stays out."""
    clean = _worth_taking(orders, taking, trick)
    later = 0  # the hands still to play, as strength-rank bits (looked at only if needed)
    if clean:
        next_seat = tables.next_seat
        for _ in range(tables.players - 1 - len(trick)):
            seat = next_seat[seat]
            later |= hands_ranked[seat]
        later &= tables.strength_part
    while clean:
        low = clean & -clean
        card = tables.strength_card[low.bit_length() - 1]
        if not takers[card] & later:
            return card
        clean ^= low
    return _stay_out(tables, orders, ranked, taking)


def _worth_taking(orders: Orders, taking: int, trick: list[int]) -> int:
    """The cards of `taking` worth points to their player (strength-rank bits) if the
    trick so far is worth taking to it (its cards' scores add up to 0 or more), else 0."""
    clean = taking & orders.positive
    if not clean:
        return 0
    score = orders.score
    worth = 0
    for card in trick:
        worth += score[card]
    return clean if worth >= 0 else 0


def _stay_out(tables: Tables, orders: Orders, ranked: int, taking: int) -> int:
    """The rule of thumb's card when not taking the trick: shed the card most costly to
    keep among those that do not take it, or if every card takes it, dump the least
    harmful."""
    if taking:
        by_strength = orders.ranked_by_strength
        rest = taking
        while rest:  # not the cards that take it
            low = rest & -rest
            ranked ^= by_strength[low.bit_length() - 1]
            rest ^= low
        if not ranked:
            return tables.strength_card[_lowest_ranked(taking, orders.dump)]
    shed = ranked >> tables.shed_shift
    return orders.shed_card[(shed & -shed).bit_length() - 1]


_TABLES: dict[tuple[Rules, int], Tables] = {}


def tables(rules: Rules, players: int) -> Tables:
    """The tables for these rules and this many players (worked out once)."""
    key = (rules, players)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = Tables(rules, players)
    return found


class TrickPlay:
    """The trick on the table and who takes it so far: `FastDeal`'s, and any whole game's
    in ints (the engine benchmark's, in benchmarks/fast_engines.py)."""

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        # A bare object for `copy()` and `clone()`: compiled by mypyc, a class without its own
        # __new__ would run __init__ there.
        return super().__new__(cls)

    def __init__(self, tables: Tables) -> None:
        self.tables: Tables = tables
        self.trick: list[int] = []
        self.lead: int = 0  # the trick's lead colour
        self.best: int = 0  # the card taking it so far, and its seat
        self.winner: int = 0
        self.takers: list[int] = []  # `Tables.takers` for the lead colour
        # Latest trump (else none): the trumps for the lead colour, and per colour the
        # best trump of that colour in the trick, as `card * 8 + seat` (-1: none yet).
        self.trumps: int = 0
        self.trump_best: list[int] = []

    def copy_trick_to(self, copy: TrickPlay) -> None:
        copy.tables = self.tables
        copy.trick = list(self.trick)
        copy.lead = self.lead
        copy.best = self.best
        copy.winner = self.winner
        copy.takers = self.takers
        copy.trumps = self.trumps
        copy.trump_best = list(self.trump_best)

    def open_trick(self, seat: int, card: int) -> None:
        tables = self.tables
        self.lead = tables.colour[card]
        self.takers = tables.takers[self.lead]
        self.best = card
        self.winner = seat
        if tables.latest_trump:
            self.trumps = tables.trumps[self.lead]
            self.trump_best = [-1] * len(tables.colour_names)

    def follow(self, seat: int, card: int) -> None:
        """Who takes the trick so far, now that `seat` followed with `card`. Without the
        latest-trump rule, only its last branch applies: hot loops write that out."""
        if self.trumps >> card & 1:
            # Only trumps of the colour played last can win: the best of them does.
            colour = self.tables.colour[card]
            best = self.trump_best[colour]
            if best < 0 or self.takers[best >> 3] >> card & 1:
                self.trump_best[colour] = card * 8 + seat
                self.best = card
                self.winner = seat
            else:
                self.best = best >> 3
                self.winner = best & 7
        elif self.takers[self.best] >> card & 1:
            self.best = card
            self.winner = seat


class FastDeal(TrickPlay):
    """A whole deal in progress, `bots.sticheln.world.Deal` in ints: the same methods, the same
    cards chosen by the rule of thumb, the same scores."""

    def __init__(self, tables: Tables) -> None:
        super().__init__(tables)
        count = tables.players
        self.hands: list[int] = [0] * count
        self.orders: list[Orders] = [tables.orders(0)] * count  # the thumb's, per seat
        self.hands_ranked: list[int] = [0] * count  # each hand ranked by its seat's orders
        self.pain: list[int] = [0] * count  # laid-down cards (kept in hand with pain_in_hand)
        self.pain_colours: list[int] = [0] * count
        self.won: list[int] = [0] * count
        # What each pile scores so far (before Late's colours are chosen: nothing).
        self.points: list[int] = [0] * count
        # Late: the colours of each pile in the order first won (choices go in this order).
        self.won_order: list[list[int]] = [[] for _ in range(count)]
        self.to_move: int = 0

    @classmethod
    def of(
        cls,
        tables: Tables,
        hands: Sequence[Sequence[Card]],
        pain: Sequence[Sequence[Card]],
        pain_colours: Sequence[Sequence[str]],
        won: Sequence[Sequence[Card]],
        trick: Sequence[tuple[int, Card]],
        to_move: int,
    ) -> FastDeal:
        """The deal given in cards, as `bots.sticheln.world.Deal`'s fields hold it."""
        deal = cls(tables)
        deal.hands = [tables.mask(hand) for hand in hands]
        deal.pain = [tables.mask(cards) for cards in pain]
        deal.pain_colours = [tables.colours(colours) for colours in pain_colours]
        deal.won = [tables.mask(pile) for pile in won]
        if not tables.late:
            deal.points = [
                tables.pile_score(pile, colours)
                for pile, colours in zip(deal.won, deal.pain_colours, strict=True)
            ]
        for seat, card in trick:  # back in hand, to be played again below
            deal.hands[seat] |= 1 << tables.indices[card]
        for seat in range(tables.players):
            colours = deal.pain_colours[seat]
            if tables.late:
                order = [tables.colour[tables.indices[card]] for card in won[seat]]
                deal.won_order[seat] = list(dict.fromkeys(order))
                colours = tables.late_colours(deal.won[seat], deal.won_order[seat])
            deal.orders[seat] = orders = tables.orders(colours)
            deal.hands_ranked[seat] = orders.ranked(deal.hands[seat])
        for seat, card in trick:
            deal.to_move = seat
            deal.play(tables.indices[card])
        deal.to_move = to_move
        return deal

    def copy(self) -> FastDeal:
        copy = FastDeal.__new__(FastDeal)
        self.copy_trick_to(copy)
        copy.hands = list(self.hands)
        copy.orders = list(self.orders)
        copy.hands_ranked = list(self.hands_ranked)
        copy.pain = list(self.pain)
        copy.pain_colours = list(self.pain_colours)
        copy.won = list(self.won)
        copy.points = list(self.points)
        copy.won_order = [list(order) for order in self.won_order]
        copy.to_move = self.to_move
        return copy

    def _set_orders(self, seat: int, orders: Orders) -> None:
        self.orders[seat] = orders
        strength = self.hands_ranked[seat] & self.tables.strength_part
        self.hands_ranked[seat] = orders.reranked(strength)

    def lay_down(self, seat: int, card: int) -> None:
        """Pick a pain card for `seat` (it stays in the hand with pain_in_hand)."""
        tables = self.tables
        self.pain[seat] |= 1 << card
        self.pain_colours[seat] |= 1 << tables.colour[card]
        if not tables.pain_in_hand:
            self.hands[seat] &= ~(1 << card)
            self.hands_ranked[seat] &= ~self.orders[seat].ranked_bit[card]
        self._set_orders(seat, tables.orders(self.pain_colours[seat]))
        self.points[seat] = tables.pile_score(self.won[seat], self.pain_colours[seat])

    def finish_picks(self) -> None:
        """Seats still short of pain cards pick by the rule of thumb (`bots.sticheln.thumb`'s)."""
        tables = self.tables
        for seat in range(tables.players):
            for card in tables.pick_cards(self.hands[seat], self.pain[seat], tables.picks):
                self.lay_down(seat, card)

    def play(self, card: int) -> None:
        seat = self.to_move
        self.hands[seat] ^= 1 << card
        self.hands_ranked[seat] ^= self.orders[seat].ranked_bit[card]
        tables = self.tables
        trick = self.trick
        if trick:
            self.follow(seat, card)
        else:
            self.open_trick(seat, card)
        trick.append(card)
        if len(trick) < tables.players:
            self.to_move = tables.next_seat[seat]
            return
        self.to_move = self.winner
        self._take_trick()

    def _take_trick(self) -> None:
        """The full trick goes to its winner (and leaves the table)."""
        winner = self.winner
        score = self.orders[winner].score
        pile = self.won[winner]
        gained = 0
        for played in self.trick:
            pile |= 1 << played
            gained += score[played]
        self.won[winner] = pile
        self.points[winner] += gained
        if self.tables.late:
            self._late_choice(winner)
        self.trick.clear()

    def _late_choice(self, seat: int) -> None:
        """Late: `seat` took the trick (still on the table); the colours its pile would
        choose now steer its rule of thumb."""
        tables = self.tables
        order = self.won_order[seat]
        for played in self.trick:
            colour = tables.colour[played]
            if colour not in order:
                order.append(colour)
        self._set_orders(seat, tables.orders(tables.late_colours(self.won[seat], order)))

    def finished(self) -> bool:
        return not self.trick and not self.hands[self.to_move]

    def taking(self) -> int:
        """The cards of the hand to move that, played next, would take the trick as it
        stands, as strength-rank bits (see `Orders`)."""
        tables = self.tables
        ranked = self.hands_ranked[self.to_move]
        takers = tables.takers_ranked[self.lead]
        if not tables.latest_trump:
            return ranked & takers[self.best]
        trumps = tables.trumps_ranked[self.lead]
        taking = ranked & ~trumps & takers[self.best]
        for colour, best in enumerate(self.trump_best):
            colour_trumps = ranked & trumps & tables.colour_ranked[colour]
            if colour_trumps:
                taking |= colour_trumps if best < 0 else colour_trumps & takers[best >> 3]
        return taking

    def thumb(self) -> int:
        """The rule-of-thumb card for the seat to move (`bots.sticheln.thumb.thumb_card`)."""
        seat = self.to_move
        orders = self.orders[seat]
        ranked = self.hands_ranked[seat]
        if not self.trick:
            lead = ranked >> self.tables.size
            return orders.lead_card[(lead & -lead).bit_length() - 1]
        return _follow(self.tables, orders, ranked, self.taking(), self.trick)

    def play_out(
        self, sure: bool = False, whim: random.Random = NEVER_DRAWN, whims: float = 0.0
    ) -> None:
        """Every remaining card, played by the rule of thumb: `play(thumb())` written out
        over local ints (the ranked hands are played from; `hands` catch up at the end).
        `sure`: a player following sees the hands still to play to the trick
        (`_follow_sure`). With probability `whims`, a card is instead one of the hand
        drawn from `whim`, so that playouts of one deal differ. Neither applies under the
        latest-trump rule."""
        tables = self.tables
        players = tables.players
        lead_shift = tables.size
        colour_of = tables.colour
        takers_by_lead = tables.takers_ranked
        takers_cards_by_lead = tables.takers
        next_seat = tables.next_seat
        latest = tables.latest_trump
        hands_ranked = self.hands_ranked
        orders_of = self.orders
        trick = self.trick
        seat = self.to_move
        takers = takers_by_lead[self.lead]
        takers_cards = takers_cards_by_lead[self.lead]
        best = self.best
        winner = self.winner
        chance = whims if not latest else 0.0
        while True:
            orders = orders_of[seat]
            ranked = hands_ranked[seat]
            on_a_whim = chance > 0.0 and whim.random() < chance
            if not trick:
                if not ranked:
                    break
                if on_a_whim:
                    card = tables.strength_card[any_bit(ranked & tables.strength_part, whim)]
                else:
                    lead = ranked >> lead_shift
                    card = orders.lead_card[(lead & -lead).bit_length() - 1]
                takers = takers_by_lead[colour_of[card]]
                takers_cards = takers_cards_by_lead[colour_of[card]]
                best = card
                winner = seat
                if latest:
                    self.open_trick(seat, card)
            elif latest:
                self.to_move = seat
                card = _follow(tables, orders, ranked, self.taking(), trick)
                self.follow(seat, card)
                best = self.best
                winner = self.winner
            else:
                taking = ranked & takers[best]
                if on_a_whim:
                    card = tables.strength_card[any_bit(ranked & tables.strength_part, whim)]
                elif sure and taking:
                    card = _follow_sure(
                        tables, orders, ranked, taking, trick, takers, hands_ranked, seat
                    )
                else:
                    card = _follow(tables, orders, ranked, taking, trick)
                if takers_cards[best] >> card & 1:
                    best = card
                    winner = seat
            hands_ranked[seat] ^= orders.ranked_bit[card]
            trick.append(card)
            if len(trick) < players:
                seat = next_seat[seat]
                continue
            self.winner = seat = winner
            self._take_trick()
        self.to_move = seat
        for seat, ranked in enumerate(hands_ranked):
            self.hands[seat] = tables.strength_cards(ranked) if ranked else 0

    def scores(self) -> list[int]:
        """Each seat's deal score once every card is played."""
        tables = self.tables
        result = []
        for seat in range(tables.players):
            pile = self.won[seat]
            if tables.late:
                pain = tables.late_colours(pile, self.won_order[seat])
                result.append(tables.pile_score(pile, pain))
            elif tables.pain_in_hand:
                result.append(self.points[seat])
            else:
                pain = self.pain_colours[seat]
                result.append(self.points[seat] + tables.pile_score(self.pain[seat], pain))
        return result


class DealSampler:
    """`bots.sticheln.world.sample_deal` in ints: deals that agree with what one seat has seen,
    drawn from a generator exactly as the reference draws them (the same shuffle of the
    same pool, the same cards to the same places), straight into a `FastDeal`. What the
    view fixes is worked out once (`bots.sticheln.world.Unknowns.in_ints`); a sample only
    shuffles the unseen cards and deals them out."""

    def __init__(
        self,
        known: FastDeal,
        unseen: list[int],
        missing: list[int],
        picked: list[int],
        face_down: list[int],
        kept: list[int],
        played: list[int],
    ) -> None:
        self.known: FastDeal = known  # the deal as seen, the hidden cards left out
        self.unseen: list[int] = unseen  # in deck order, as the reference's pool
        self.missing: list[int] = missing  # by seat: unseen cards in its hand
        self.picked: list[int] = picked  # by seat: pain cards laid down
        self.face_down: list[int] = face_down  # seats whose hidden pain left the hand
        self.kept: list[int] = kept  # seats whose hidden pain stayed in the hand
        self.played: list[int] = played  # by seat: the cards it played this deal

    def sample(self, rng: random.Random) -> FastDeal:
        tables = self.known.tables
        pool: list[int] = []
        drawn: list[list[int]] = []  # by seat of `face_down`
        for _ in range(50):
            pool = list(self.unseen)
            shuffle(pool, rng)
            drawn = [
                _draw_colours(pool, self.picked[seat], tables.colour) for seat in self.face_down
            ]
            if all(
                len(cards) == self.picked[seat]
                for seat, cards in zip(self.face_down, drawn, strict=True)
            ):
                break
        deal = self.known.copy()
        for seat, cards in zip(self.face_down, drawn, strict=True):
            self._lay_down(deal, seat, cards)  # first: its colours rank the hand dealt next
        hands = deal.hands
        hands_ranked = deal.hands_ranked
        end = len(pool)
        for seat in range(tables.players):
            start = end - self.missing[seat]
            hand = hands[seat]
            ranked = hands_ranked[seat]
            ranked_bit = deal.orders[seat].ranked_bit
            for index in range(start, end):
                card = pool[index]
                hand |= 1 << card
                ranked |= ranked_bit[card]
            hands[seat] = hand
            hands_ranked[seat] = ranked
            end = start
        for seat in self.kept:  # picked from the whole hand, before any play
            dealt = hands[seat] | self.played[seat]
            self._lay_down(deal, seat, tables.pick_cards(dealt, 0, self.picked[seat]))
        return deal

    def _lay_down(self, deal: FastDeal, seat: int, cards: list[int]) -> None:
        """A guess at `seat`'s hidden pain cards, and what its pain colours decide."""
        tables = deal.tables
        pain = 0
        colours = 0
        for card in cards:
            pain |= 1 << card
            colours |= 1 << tables.colour[card]
        deal.pain[seat] = pain
        deal.pain_colours[seat] = colours
        if not tables.late:  # Late's colours come from the pile (`FastDeal.of`)
            deal.points[seat] = tables.pile_score(deal.won[seat], colours)
            deal._set_orders(seat, tables.orders(colours))


def _draw_colours(pool: list[int], count: int, colour: list[int]) -> list[int]:
    """Take `count` cards of different colours from the end of a shuffled pool
    (`bots.sticheln.world._draw_colours`)."""
    drawn: list[int] = []
    colours = 0
    for index in range(len(pool) - 1, -1, -1):
        if len(drawn) == count:
            break
        card_colour = colour[pool[index]]
        if not colours >> card_colour & 1:
            colours |= 1 << card_colour
            drawn.append(pool.pop(index))
    return drawn
