"""Property tests of Seven Seals' engine over random seeded games of 3 to 5 players with
every combination of the saboteur variants.

The checks keep their own books (hands, every seat's seals, the supply, the saboteur and
its price, the prediction order) and write RULES.md 4 out again (following colour, the
trick's winner, which seals it may give back, the penalties) instead of calling the
engine's rule functions. Hypothesis draws whole games; scripts/soak_seven_seals.py plays
thousands with the same books.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields
from itertools import product

import pytest
from helpers import cards_in, check_replay_rewind_and_clone
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import NAMES

from sticheln_tui.core.cards import Card
from sticheln_tui.core.seven_seals import (
    COLOURS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SEALS,
    Phase,
    Predict,
    ReturnSeal,
    SevenSealsGame,
    SevenSealsOptions,
    TakeSaboteur,
    predict,
)
from sticheln_tui.core.table import IllegalMove, PlayCard

TOP_VALUE = {3: 9, 4: 12, 5: 15}
# Every combination of the three saboteur variants: costs 5, escalating, auction.
VARIANTS = list(product((False, True), repeat=3))
TABLE_SIZES = st.integers(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS)

SETTINGS = settings(max_examples=8, deadline=None, print_blob=True, database=None)


def options_for(variant: tuple[bool, bool, bool], deals: int | None) -> SevenSealsOptions:
    costs_5, escalating, auction = variant
    return SevenSealsOptions(
        deals=deals,
        saboteur_costs_5=costs_5,
        escalating_saboteur=escalating,
        saboteur_auction=auction,
    )


def expected_winner(cards: list[Card]) -> int:
    """RULES.md 4.3, written out: the highest red if any red was played, else the highest
    card of the lead colour."""
    reds = [i for i, card in enumerate(cards) if card.colour == "red"]
    lead = [i for i, card in enumerate(cards) if card.colour == cards[0].colour]
    return max(reds or lead, key=lambda i: cards[i].value)


def nonzero(counts) -> dict[str, int]:
    return {kind: count for kind, count in counts.items() if count}


def expected_penalty(held: Counter) -> int:
    coloured = sum(held[colour] for colour in COLOURS)
    return 2 * coloured + 3 * held["black"] + 4 * held["white"]


def state(game: SevenSealsGame) -> tuple:
    """Everything observable about a game, to check that nothing changed."""
    seats = range(len(game.players))
    return (tuple(game.moves), tuple(game.results), game.view(None), *map(game.view, seats))


class Books:
    """The test's own record of one game, checked against the engine after every move."""

    def __init__(self, game: SevenSealsGame) -> None:
        self.game = game
        self.count = len(game.players)
        self.options = game.options
        self.times = [0] * self.count  # deals each seat held the saboteur in
        self.deals = 0
        self.events: Counter[str] = Counter()  # what the game went through, for coverage
        self.new_deal()

    # -- the deal's start ---------------------------------------------------------------

    def new_deal(self) -> None:
        game, count = self.game, self.count
        public = game.view(None)
        self.dealer = (game.first_leader - 1 + self.deals) % count
        assert public.dealer == self.dealer
        assert public.phase is Phase.PREDICT
        self.hands = [list(game.view(seat).hand) for seat in range(count)]
        top = TOP_VALUE[count]
        deck = {Card(colour, value) for colour in COLOURS for value in range(1, top + 1)}
        every = [card for hand in self.hands for card in hand]
        assert len(every) == len(set(every)) == len(deck) and set(every) == deck
        assert all(len(hand) == 15 for hand in self.hands)
        self.supply = Counter(SEALS)
        self.held = [Counter() for _ in range(count)]
        self.saboteur: int | None = None
        self.price: int | None = None
        # The prediction round: each seat once, from the dealer's left; an auction's
        # displaced holder answers out of turn.
        self.order = [(self.dealer + 1 + step) % count for step in range(count)]
        self.turn = 0  # index in `order` of the seat whose turn it is
        self.displaced: int | None = None  # answering at an auction
        self.predicted = [False] * count
        self.blacks = [0] * count
        self.trick: list[tuple[int, Card]] = []
        self.tricks = 0
        self.returnable: list[str] = []
        self.leader = self.order[0]

    # -- checks of a position -----------------------------------------------------------

    def to_move(self) -> int:
        game_phase = self.game.view(None).phase
        if game_phase is Phase.PREDICT:
            return self.displaced if self.displaced is not None else self.order[self.turn]
        if game_phase is Phase.RETURN:
            return self.winner
        return (self.leader + len(self.trick)) % self.count

    def check_position(self) -> None:
        public = self.game.view(None)
        assert public.to_move == self.to_move()
        assert public.hand == ()
        for kind, total in SEALS.items():  # seals are conserved
            assert public.supply[kind] + sum(held[kind] for held in public.seals) == total
        assert dict(public.supply) == {kind: self.supply[kind] for kind in SEALS}
        for seat, held in enumerate(public.seals):
            assert nonzero(held) == nonzero(self.held[seat])
        assert public.saboteur == self.saboteur
        assert public.saboteur_price == self.price
        if self.saboteur is not None:
            assert not +self.held[self.saboteur]  # the saboteur holds no seal
        assert sum(public.blacks_taken) == sum(self.blacks) <= SEALS["black"]
        assert public.blacks_taken == tuple(self.blacks)
        seat = public.to_move
        view = self.game.view(seat)
        assert view.hand == tuple(sorted(self.hands[seat], key=hand_key))
        legal = self.game.legal_moves()
        assert view.legal_moves == legal
        assert len(set(legal)) == len(legal)
        if public.phase is Phase.PREDICT:
            assert view.saboteur_offer == self.offer(seat)
            assert view.displaced == (self.displaced is not None)
            assert (TakeSaboteur() in legal) == (self.offer(seat) is not None)
            predictions = {move for move in legal if type(move) is not TakeSaboteur}
            assert predictions == self.expected_predictions(seat)
            self.check_no_steal_without_white(seat)
        elif public.phase is Phase.PLAY:
            assert set(legal) == {PlayCard(card) for card in self.expected_cards(seat)}
        else:
            assert set(view.returnable) == set(self.returnable)
            assert set(legal) == {ReturnSeal(kind) for kind in self.returnable}

    def offer(self, seat: int) -> int | None:
        """What taking the saboteur costs `seat` now (None: it may not), RULES.md 4.6."""
        if self.saboteur is None:
            base = 5 if self.options.saboteur_costs_5 else 4
            return base + (self.times[seat] if self.options.escalating_saboteur else 0)
        if self.options.saboteur_auction and self.saboteur != seat:
            return self.price + 1
        return None

    def expected_predictions(self, seat: int) -> set:
        """Every prediction RULES.md 4.2 allows `seat`: per colour up to its total, a seal
        the supply lacks taken from another holder, one white seal paid per steal."""
        ways = [((), ())]  # (seals, steals) over the colours so far
        for colour in COLOURS:
            grown = []
            for count in range(SEALS[colour] + 1):
                lacking = max(0, count - self.supply[colour])
                others = [s for s in range(self.count) if s != seat]
                for victims in self.victims(colour, others, lacking):
                    for seals, steals in ways:
                        grown.append((seals + ((colour, count),) * bool(count), steals + victims))
            ways = grown
        whites = self.supply["white"]
        # Built in the canonical order `Predict` asks for: colours in order, seats ascending.
        return {Predict(seals, steals) for seals, steals in ways if len(steals) <= whites}

    def check_no_steal_without_white(self, seat: int) -> None:
        """With no white seal left, taking a seal the supply lacks is refused, saying why
        (RULES.md 4.2), and nothing changes."""
        if self.supply["white"]:
            return
        steals = [
            (colour, victim)
            for colour in COLOURS
            if not self.supply[colour]
            for victim in range(self.count)
            if victim != seat and self.held[victim][colour]
        ]
        if not steals:
            return
        self.events["no white for a steal"] += 1
        before = state(self.game)
        for colour, victim in steals:
            with pytest.raises(IllegalMove, match="no white seal is left"):
                self.game.apply(predict({colour: 1}, [(colour, victim)]))
        assert state(self.game) == before

    def victims(self, colour: str, seats: list[int], lacking: int) -> list[tuple]:
        """Every way to take `lacking` seals of `colour` from `seats`, as (colour, seat)
        pairs, no more from a seat than it holds."""
        if not lacking:
            return [()]
        if not seats:
            return []
        first, rest = seats[0], seats[1:]
        return [
            ((colour, first),) * taken + more
            for taken in range(min(lacking, self.held[first][colour]) + 1)
            for more in self.victims(colour, rest, lacking - taken)
        ]

    def expected_cards(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if not self.trick:
            return hand
        lead = self.trick[0][1].colour
        return [card for card in hand if card.colour == lead] or hand

    # -- recording a move -----------------------------------------------------------------

    def record(self, move) -> None:
        """Book `move`, made by the seat to move, and check what the engine made of it."""
        game = self.game
        phase = game.view(None).phase
        seat = self.to_move()
        deals_before = len(game.results)
        game.apply(move)
        if phase is Phase.PREDICT:
            self.record_prediction(seat, move)
        elif phase is Phase.RETURN:
            assert move.kind in self.returnable
            self.give_back(seat, move.kind)
            self.returnable = []
            self.after_trick(deals_before)
        else:
            self.record_card(seat, move.card, deals_before)

    def record_prediction(self, seat: int, move) -> None:
        if type(move) is TakeSaboteur:
            price = self.offer(seat)
            assert price is not None
            self.events["escalated"] += self.options.escalating_saboteur and self.times[seat] > 0
            holder = self.saboteur
            self.saboteur, self.price = seat, price
            if holder is None:  # first taken in this round: the round goes on
                self.events["saboteur taken"] += 1
                self.advance_round(seat)
            else:  # the displaced holder answers at once
                self.events["auction bid"] += 1
                self.events["bid back"] += seat == self.displaced
                self.displaced = holder
            return
        assert not self.predicted[seat]
        self.predicted[seat] = True
        self.events["steal"] += len(move.steals)
        for colour, victim in move.steals:
            assert self.held[victim][colour] > 0 and self.supply["white"] > 0
            self.held[victim][colour] -= 1
            self.held[victim]["white"] += 1
            self.supply["white"] -= 1
            self.held[seat][colour] += 1
        stolen = Counter(colour for colour, _ in move.steals)
        for colour, count in move.seals:
            assert colour in COLOURS and 0 < count <= SEALS[colour]
            from_supply = count - stolen[colour]
            assert 0 <= from_supply <= self.supply[colour]
            # A steal only for a seal the supply lacks.
            assert stolen[colour] == 0 or from_supply == self.supply[colour]
            self.supply[colour] -= from_supply
            self.held[seat][colour] += from_supply
        assert set(stolen) <= {colour for colour, _ in move.seals}
        if self.displaced is not None:
            # The back-and-forth ends: the round goes on left of the seat whose turn it was.
            self.displaced = None
            self.advance_round(self.order[self.turn])
        else:
            self.advance_round(seat)

    def advance_round(self, seat: int) -> None:
        assert seat == self.order[self.turn]
        self.turn += 1
        if self.turn == self.count:
            if self.saboteur is not None:
                self.times[self.saboteur] += 1
            assert self.game.view(None).phase is Phase.PLAY

    def record_card(self, seat: int, card: Card, deals_before: int) -> None:
        hand = self.hands[seat]
        assert card in hand
        if self.trick:
            lead = self.trick[0][1].colour
            # A card not of the lead colour only from a player without it.
            assert card.colour == lead or all(c.colour != lead for c in hand)
        hand.remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.count:
            return
        cards = [c for _, c in self.trick]
        self.winner = self.trick[expected_winner(cards)][0]
        eligible = {cards[0].colour, cards[expected_winner(cards)].colour, "white"}
        held = self.held[self.winner]
        self.returnable = [kind for kind in eligible if held[kind] > 0]
        if self.winner == self.saboteur:  # it never takes or returns a seal
            self.events["saboteur won a trick"] += 1
            self.returnable = []
        elif len(self.returnable) == 1:
            self.give_back(self.winner, self.returnable[0])
            self.returnable = []
        elif not self.returnable and not self.supply["black"]:
            self.events["no black left"] += 1
        elif not self.returnable:
            self.supply["black"] -= 1
            held["black"] += 1
            self.blacks[self.winner] += 1
        if self.returnable:
            self.events["seal chosen"] += 1
            assert self.game.view(None).phase is Phase.RETURN
            assert [p.card for p in self.game.view(None).trick] == cards
            return
        self.after_trick(deals_before)

    def give_back(self, seat: int, kind: str) -> None:
        self.held[seat][kind] -= 1
        self.supply[kind] += 1

    def after_trick(self, deals_before: int) -> None:
        game = self.game
        self.trick = []
        self.tricks += 1
        self.leader = self.winner
        if self.tricks < 15:
            assert len(game.results) == deals_before
            assert game.view(None).phase is Phase.PLAY
            return
        assert len(game.results) == deals_before + 1
        assert all(not hand for hand in self.hands)
        result = game.results[-1]
        assert result.saboteur == self.saboteur
        for seat, score in enumerate(result.scores):
            if seat == self.saboteur:
                others = sum(self.blacks) - self.blacks[seat]
                assert score.saboteur_price == self.price
                assert score.total == max(0, self.price - others)
            else:
                assert dict(score.held) == nonzero(self.held[seat])
                assert score.total == expected_penalty(self.held[seat])
        self.deals += 1
        if not game.finished:
            self.new_deal()


def hand_key(card: Card) -> tuple[int, int]:
    return COLOURS.index(card.colour), card.value


# -- illegal moves ------------------------------------------------------------------------


def illegal_moves(game: SevenSealsGame, books: Books, rng: random.Random) -> list:
    """Moves the rules forbid now, of every kind."""
    public = game.view(None)
    seat = public.to_move
    legal = set(game.legal_moves())
    others = [card for s, hand in enumerate(books.hands) if s != seat for card in hand]
    own = books.hands[seat]
    attempts: list = ["play", None, ReturnSeal("black")]
    if others:
        attempts.append(PlayCard(rng.choice(others)))
    if own:
        card = rng.choice(own)
        attempts += [PlayCard(card), PlayCard(tuple(card)), PlayCard(Card(card.colour, 1.0))]
    if public.phase is Phase.PLAY and books.trick:
        lead = books.trick[0][1].colour
        attempts += [PlayCard(card) for card in own if card.colour != lead]
    attempts += [ReturnSeal(kind) for kind in (*COLOURS, "white")]
    attempts += [
        TakeSaboteur(),
        predict({}),
        predict({"red": 6}),
        predict({"green": 1}, [("green", seat)]),
        predict({"white": 1}),
    ]
    if public.phase is Phase.PREDICT:
        # A steal with the supply's seal still there, or without naming whom to rob.
        colour = rng.choice(COLOURS)
        victim = (seat + 1) % books.count
        attempts.append(predict({colour: 1}, [(colour, victim)]))
        lacking = [c for c in COLOURS if books.supply[c] == 0]
        for colour in lacking:
            attempts.append(predict({colour: 1}))
            if books.supply["white"] == 0:
                holders = [s for s in range(books.count) if s != seat and books.held[s][colour]]
                attempts += [predict({colour: 1}, [(colour, s)]) for s in holders]
    return [move for move in attempts if move not in legal]


def try_illegal(game: SevenSealsGame, books: Books, rng: random.Random) -> None:
    """Illegal moves of every kind raise IllegalMove and change nothing."""
    before = state(game)
    for move in illegal_moves(game, books, rng):
        with pytest.raises(IllegalMove):
            game.apply(move)
        assert state(game) == before


def this_deal_cards(view) -> set[Card]:
    """The cards a view shows of this deal (earlier deals' results hold this deal's cards
    too: they were other deals)."""
    return set(cards_in([getattr(view, f.name) for f in fields(view) if f.name != "results"]))


def check_views(game: SevenSealsGame, books: Books) -> None:
    """A seat sees its own hand and no card of another's; the table sees no hand."""
    for seat in range(books.count):
        view = game.view(seat)
        seen = this_deal_cards(view)
        others = {card for s, hand in enumerate(books.hands) if s != seat for card in hand}
        assert not seen & others
        assert set(view.hand) == set(books.hands[seat])
    public = game.view(None)
    assert public.hand == ()
    assert not this_deal_cards(public) & {card for hand in books.hands for card in hand}


def choose(game: SevenSealsGame, rng: random.Random):
    """A random legal move; the saboteur, one move among hundreds, is taken often enough
    for every variant to be played."""
    legal = game.legal_moves()
    if TakeSaboteur() in legal and rng.random() < 0.3:
        return TakeSaboteur()
    if game.view(None).phase is Phase.PREDICT and rng.random() < 0.5:
        small = [m for m in legal if type(m) is Predict and sum(n for _, n in m.seals) <= 3]
        return rng.choice(small or legal)
    return rng.choice(legal)


def play_game(game: SevenSealsGame, rng: random.Random, checks: float = 1.0) -> Books:
    """Play `game` to its end with random legal moves, checking the books after every
    move; `checks` is the share of positions where illegal moves and views are tried."""
    books = Books(game)
    while not game.finished:
        books.check_position()
        if rng.random() < checks * 0.2:
            try_illegal(game, books, rng)
        if rng.random() < checks * 0.1:
            check_views(game, books)
        books.record(choose(game, rng))
    public = game.view(None)
    assert public.phase is Phase.OVER and game.legal_moves() == ()
    best = min(game.totals)
    assert game.winners == tuple(s for s, total in enumerate(game.totals) if total == best)
    return books


@SETTINGS
@given(
    players=TABLE_SIZES,
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    leader=st.integers(min_value=0, max_value=4),
    deals=st.integers(min_value=1, max_value=3),
    moves_seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_games_keep_every_rule(players, variant, seed, leader, deals, moves_seed):
    game = SevenSealsGame(NAMES[:players], options_for(variant, deals), leader % players, seed)
    books = play_game(game, random.Random(moves_seed))
    assert len(game.results) == books.deals == deals


@SETTINGS
@given(
    players=TABLE_SIZES,
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    cut=st.floats(min_value=0, max_value=1),
)
def test_clone_replay_and_rewound_give_identical_games(players, variant, seed, cut):
    rng = random.Random(seed)
    game = SevenSealsGame(NAMES[:players], options_for(variant, 2), seed % players, seed)
    while not game.finished:
        game.apply(choose(game, rng))
    check_replay_rewind_and_clone(game, cut, state)


EVENTS = {
    "saboteur taken",
    "auction bid",
    "bid back",
    "escalated",
    "steal",
    "no white for a steal",
    "seal chosen",
    "saboteur won a trick",
    "no black left",
}


def test_every_variant_plays_and_every_rule_is_reached():
    """Three deals per variant, over every table size: the checks above did meet steals,
    auctions, escalation, choices of seal, the saboteur winning, the blacks running out
    (the moves' seed is one that reaches them all; most do)."""
    rng = random.Random(14)
    events: Counter[str] = Counter()
    for number, variant in enumerate(VARIANTS):
        players = 3 + number % 3
        game = SevenSealsGame(NAMES[:players], options_for(variant, 3), number % players, number)
        events += play_game(game, rng, checks=0.3).events
    assert set(events) == EVENTS
