"""Sticheln's deal in small ints and bit masks, for playouts by the thousand.

A card is its index in `core.sticheln.deck_for(players, rules)`; a hand, a pile or a set
of cards is an int with bit `1 << index` set for each card in it. A set of colours is an
int too: bit `1 << colour` for each colour index (the deck's colours in deck order).

Every rule table here is worked out once per (rules, players) from the rules' own
functions in `core.sticheln` (`beats`, `is_trump`, `card_score`); `FastDeal` mirrors
`bots.world.Deal` and its rule of thumb `bots.thumb`, and property tests hold the two to
the same cards and scores on every option and table size.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..core.cards import Card
from ..core.sticheln import Rules, beats, card_score, deck_for, is_trump


class Orders:
    """What the rule of thumb asks of a card for one set of pain colours: its score, and
    its rank (lowest first chosen; ties go to the lower card index, as the reference's
    `min`/`max` over a hand sorted in deck order) when led, shed, dumped or taking.

    A hand is also kept in lead order and in shed order: as a mask with bit `1 << rank`
    per card (`lead_bit`, `shed_bit`), whose lowest bit is the card chosen (`lead_card`,
    `shed_card` map a rank back to the card).
    """

    def __init__(self, deck: Sequence[Card], pain: tuple[str, ...], rules: Rules) -> None:
        size = len(deck)
        self.score: list[int] = [card_score(card, pain, rules) for card in deck]
        self.positive: int = sum(1 << i for i in range(size) if self.score[i] > 0)
        strength = [-card.value if rules.reverse else card.value for card in deck]
        keep = [-points if points < 0 else 0 for points in self.score]
        lead = _ranks([(-keep[i], strength[i], i) for i in range(size)])
        shed = _ranks([(-keep[i], -strength[i], i) for i in range(size)])
        self.lead_bit: list[int] = [1 << rank for rank in lead]
        self.lead_card: list[int] = _unranked(lead)
        self.shed_bit: list[int] = [1 << rank for rank in shed]
        self.shed_card: list[int] = _unranked(shed)
        self.dump: list[int] = _ranks([(-self.score[i], strength[i], i) for i in range(size)])
        self.strength: list[int] = _ranks([(strength[i], i) for i in range(size)])

    def ranked(self, hand: int) -> tuple[int, int]:
        """A hand in lead order and in shed order."""
        lead = shed = 0
        while hand:
            low = hand & -hand
            card = low.bit_length() - 1
            lead |= self.lead_bit[card]
            shed |= self.shed_bit[card]
            hand ^= low
        return lead, shed


def _ranks(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Each index's place when the keys are sorted (all keys differ: the index is last)."""
    ranks = [0] * len(keys)
    for place, index in enumerate(sorted(range(len(keys)), key=keys.__getitem__)):
        ranks[index] = place
    return ranks


def _unranked(ranks: list[int]) -> list[int]:
    """The card at each rank."""
    cards = [0] * len(ranks)
    for card, rank in enumerate(ranks):
        cards[rank] = card
    return cards


def _lowest_ranked(mask: int, rank: list[int]) -> int:
    """The card in `mask` (not empty) with the lowest rank."""
    if not mask & (mask - 1):
        return mask.bit_length() - 1
    best = -1
    best_rank = 1 << 30
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        if rank[card] < best_rank:
            best_rank = rank[card]
            best = card
        mask ^= low
    return best


class Tables:
    """Sticheln's rules for one (rules, players), as lists and masks over card indices."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules: Rules = rules
        self.players: int = players
        self.deck: list[Card] = deck_for(players, rules)
        self.size: int = len(self.deck)
        self.indices: dict[Card, int] = {card: i for i, card in enumerate(self.deck)}
        names = list(dict.fromkeys(card.colour for card in self.deck))
        self.colour_names: list[str] = names
        self.colour: list[int] = [names.index(card.colour) for card in self.deck]
        self.value: list[int] = [card.value for card in self.deck]
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
        self._orders: list[Orders | None] = [None] * (1 << len(names))

    def card(self, index: int) -> Card:
        return self.deck[index]

    def index(self, card: Card) -> int:
        return self.indices[card]

    def mask(self, cards: Sequence[Card]) -> int:
        mask = 0
        for card in cards:
            mask |= 1 << self.indices[card]
        return mask

    def cards(self, mask: int) -> list[Card]:
        """The cards of a mask, in deck order."""
        return [self.deck[i] for i in range(self.size) if mask >> i & 1]

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
            found = self._orders[pain] = Orders(self.deck, names, self.rules)
        return found

    def pile_score(self, cards: int, pain: int) -> int:
        """The deal score of these scored cards for a player with these pain colours."""
        score = self.orders(pain).score
        total = 0
        while cards:
            low = cards & -cards
            total += score[low.bit_length() - 1]
            cards ^= low
        return total

    def pick_cost(self, cards: int) -> int:
        """What holding these cards (of one colour) as a pain colour is likely to cost."""
        cost = self.card_pick_cost
        total = 0
        while cards:
            low = cards & -cards
            total += cost[low.bit_length() - 1]
            cards ^= low
        return total

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


_TABLES: dict[tuple[Rules, int], Tables] = {}


def tables(rules: Rules, players: int) -> Tables:
    """The tables for these rules and this many players (worked out once)."""
    key = (rules, players)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = Tables(rules, players)
    return found


class FastDeal:
    """A whole deal in progress, `bots.world.Deal` in ints: the same methods, the same
    cards chosen by the rule of thumb, the same scores."""

    def __init__(self, tables: Tables) -> None:
        self.tables: Tables = tables
        count = tables.players
        self.hands: list[int] = [0] * count
        # Each hand again in its seat's lead and shed order (see `Orders`).
        self.hands_lead: list[int] = [0] * count
        self.hands_shed: list[int] = [0] * count
        self.orders: list[Orders] = [tables.orders(0)] * count  # the thumb's, per seat
        self.pain: list[int] = [0] * count  # laid-down cards (kept in hand with pain_in_hand)
        self.pain_colours: list[int] = [0] * count
        self.won: list[int] = [0] * count
        # Late: the colours of each pile in the order first won (choices go in this order).
        self.won_order: list[list[int]] = [[] for _ in range(count)]
        self.trick: list[int] = []
        self.lead: int = 0  # the current trick's lead colour
        self.best: int = 0  # the card taking it so far, and its seat
        self.winner: int = 0
        # Latest trump: per colour, the best trump of that colour in the trick (-1: none)
        # and its seat; the last trump colour played decides the trick.
        self.trump_best: list[int] = []
        self.trump_seat: list[int] = []
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
        """The deal given in cards, as `bots.world.Deal`'s fields hold it."""
        deal = cls(tables)
        deal.hands = [tables.mask(hand) for hand in hands]
        deal.pain = [tables.mask(cards) for cards in pain]
        deal.pain_colours = [tables.colours(colours) for colours in pain_colours]
        deal.won = [tables.mask(pile) for pile in won]
        for seat, card in trick:  # back in hand, to be played again below
            deal.hands[seat] |= 1 << tables.indices[card]
        for seat in range(tables.players):
            colours = deal.pain_colours[seat]
            if tables.late:
                order = list(
                    dict.fromkeys(tables.colour[tables.indices[card]] for card in won[seat])
                )
                deal.won_order[seat] = order
                colours = tables.late_colours(deal.won[seat], order) if order else 0
            deal._set_orders(seat, tables.orders(colours))
        for seat, card in trick:
            deal.to_move = seat
            deal.play(tables.indices[card])
        deal.to_move = to_move
        return deal

    def copy(self) -> FastDeal:
        copy = FastDeal.__new__(FastDeal)
        copy.tables = self.tables
        copy.hands = list(self.hands)
        copy.hands_lead = list(self.hands_lead)
        copy.hands_shed = list(self.hands_shed)
        copy.orders = list(self.orders)
        copy.pain = list(self.pain)
        copy.pain_colours = list(self.pain_colours)
        copy.won = list(self.won)
        copy.won_order = [list(order) for order in self.won_order]
        copy.trick = list(self.trick)
        copy.lead = self.lead
        copy.best = self.best
        copy.winner = self.winner
        copy.trump_best = list(self.trump_best)
        copy.trump_seat = list(self.trump_seat)
        copy.to_move = self.to_move
        return copy

    def _set_orders(self, seat: int, orders: Orders) -> None:
        self.orders[seat] = orders
        self.hands_lead[seat], self.hands_shed[seat] = orders.ranked(self.hands[seat])

    def lay_down(self, seat: int, card: int) -> None:
        """Pick a pain card for `seat` (it stays in the hand with pain_in_hand)."""
        tables = self.tables
        self.pain[seat] |= 1 << card
        self.pain_colours[seat] |= 1 << tables.colour[card]
        if not tables.pain_in_hand:
            self.hands[seat] &= ~(1 << card)
        self._set_orders(seat, tables.orders(self.pain_colours[seat]))

    def finish_picks(self) -> None:
        """Seats still short of pain cards pick by the rule of thumb (`bots.thumb`'s)."""
        for seat in range(self.tables.players):
            for card in self._pick_cards(seat):
                self.lay_down(seat, card)

    def _pick_cards(self, seat: int) -> list[int]:
        """`bots.thumb.pick_cards` on this seat's hand, with its pain cards taken."""
        tables = self.tables
        hand = self.hands[seat]
        taken = 0  # colours of the pain cards so far
        count = 0
        pain = self.pain[seat]
        while pain:
            low = pain & -pain
            taken |= 1 << tables.colour[low.bit_length() - 1]
            count += 1
            pain ^= low
        picked: list[int] = []
        while count + len(picked) < tables.picks:
            best = -1
            best_key = (0, 0)
            for colour, cards in enumerate(tables.colour_mask):
                if taken >> colour & 1 or not hand & cards:
                    continue
                key = (tables.pick_cost(hand & cards), tables.name_rank[colour])
                if best < 0 or key < best_key:
                    best, best_key = colour, key
            if best < 0:
                break
            in_colour = hand & tables.colour_mask[best]
            # Cards of a colour run low to high in the deck.
            low_card = (in_colour & -in_colour).bit_length() - 1
            picked.append(in_colour.bit_length() - 1 if tables.pick_highest else low_card)
            taken |= 1 << best
        return picked

    def play(self, card: int) -> None:
        seat = self.to_move
        bit = 1 << card
        self.hands[seat] ^= bit
        orders = self.orders[seat]
        self.hands_lead[seat] ^= orders.lead_bit[card]
        self.hands_shed[seat] ^= orders.shed_bit[card]
        tables = self.tables
        trick = self.trick
        if not trick:
            self.lead = tables.colour[card]
            self.best = card
            self.winner = seat
            if tables.latest_trump:
                self.trump_best = [-1] * len(tables.colour_names)
                self.trump_seat = [0] * len(tables.colour_names)
        elif tables.latest_trump and tables.trumps[self.lead] & bit:
            # Only trumps of the colour played last can win: the best of them does.
            colour = tables.colour[card]
            best = self.trump_best[colour]
            if best < 0 or tables.takers[self.lead][best] & bit:
                self.trump_best[colour] = card
                self.trump_seat[colour] = seat
            self.best = self.trump_best[colour]
            self.winner = self.trump_seat[colour]
        elif tables.takers[self.lead][self.best] & bit:
            self.best = card
            self.winner = seat
        trick.append(card)
        if len(trick) < tables.players:
            self.to_move = tables.next_seat[seat]
            return
        winner = self.winner
        for played in trick:
            self.won[winner] |= 1 << played
        if tables.late:
            self._late_choice(winner)
        trick.clear()
        self.to_move = winner

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

    def play_out(self) -> None:
        """Every remaining card, played by the rule of thumb: `play(thumb())` written out
        in one loop over local ints (the latest-trump rule goes the long way)."""
        tables = self.tables
        if tables.latest_trump:
            while self.trick or self.hands[self.to_move]:
                self.play(self.thumb())
            return
        players = tables.players
        colour_of = tables.colour
        takers_by_lead = tables.takers
        next_seat = tables.next_seat
        hands = self.hands
        hands_lead = self.hands_lead
        hands_shed = self.hands_shed
        orders_of = self.orders
        trick = self.trick
        seat = self.to_move
        takers = takers_by_lead[self.lead]
        best = self.best
        winner = self.winner
        won = self.won
        late = tables.late
        trick_cards = 0  # the trick as a mask
        for played in trick:
            trick_cards |= 1 << played
        while True:
            orders = orders_of[seat]
            if not trick:
                if not hands[seat]:
                    break
                ranked = hands_lead[seat]
                card = orders.lead_card[(ranked & -ranked).bit_length() - 1]
                takers = takers_by_lead[colour_of[card]]
                best = card
                winner = seat
            else:
                taking = hands[seat] & takers[best]
                card = -1
                if taking:
                    clean = taking & orders.positive
                    if clean:
                        score = orders.score
                        worth = 0
                        for played in trick:
                            worth += score[played]
                        if worth >= 0:
                            card = _lowest_ranked(clean, orders.strength)
                    if card < 0:
                        shed = hands_shed[seat]
                        shed_bit = orders.shed_bit
                        rest = taking
                        while rest:
                            low = rest & -rest
                            shed ^= shed_bit[low.bit_length() - 1]
                            rest ^= low
                        if shed:
                            card = orders.shed_card[(shed & -shed).bit_length() - 1]
                        else:
                            card = _lowest_ranked(taking, orders.dump)
                        if takers[best] >> card & 1:
                            best = card
                            winner = seat
                    else:
                        best = card
                        winner = seat
                else:
                    shed = hands_shed[seat]
                    card = orders.shed_card[(shed & -shed).bit_length() - 1]
            bit = 1 << card
            hands[seat] ^= bit
            hands_lead[seat] ^= orders.lead_bit[card]
            hands_shed[seat] ^= orders.shed_bit[card]
            trick.append(card)
            trick_cards |= bit
            if len(trick) < players:
                seat = next_seat[seat]
                continue
            won[winner] |= trick_cards
            if late:
                self._late_choice(winner)
            trick.clear()
            trick_cards = 0
            seat = winner
        self.to_move = seat

    def scores(self) -> list[int]:
        """Each seat's deal score once every card is played."""
        tables = self.tables
        result = []
        for seat in range(tables.players):
            pile = self.won[seat]
            scored = pile if tables.pain_in_hand else pile | self.pain[seat]
            if tables.late:
                pain = tables.late_colours(pile, self.won_order[seat]) if pile else 0
            else:
                pain = self.pain_colours[seat]
            result.append(tables.pile_score(scored, pain))
        return result

    def taking(self, hand: int) -> int:
        """The cards of `hand` that, played next, would take the trick as it stands."""
        tables = self.tables
        takers = tables.takers[self.lead]
        if not tables.latest_trump:
            return hand & takers[self.best]
        trumps = tables.trumps[self.lead]
        taking = hand & ~trumps & takers[self.best]
        for colour, best in enumerate(self.trump_best):
            colour_trumps = hand & trumps & tables.colour_mask[colour]
            if colour_trumps:
                taking |= colour_trumps if best < 0 else colour_trumps & takers[best]
        return taking

    def thumb(self) -> int:
        """The rule-of-thumb card for the seat to move (`bots.thumb.thumb_card`)."""
        seat = self.to_move
        orders = self.orders[seat]
        trick = self.trick
        if not trick:
            lead = self.hands_lead[seat]
            return orders.lead_card[(lead & -lead).bit_length() - 1]
        taking = self.taking(self.hands[seat])
        shed = self.hands_shed[seat]
        if taking:
            score = orders.score
            worth = 0
            for card in trick:
                worth += score[card]
            if worth >= 0:
                clean = taking & orders.positive
                if clean:
                    return _lowest_ranked(clean, orders.strength)
            shed_bit = orders.shed_bit
            rest = taking
            while rest:  # shed only the cards that do not take it
                low = rest & -rest
                shed ^= shed_bit[low.bit_length() - 1]
                rest ^= low
            if not shed:
                return _lowest_ranked(taking, orders.dump)
        return orders.shed_card[(shed & -shed).bit_length() - 1]
