"""Property tests of Hattrick's engine over random seeded games of 4 to 7 players.

The checks keep their own books (hands, piles, pass cards) and write RULES.md 3 out again
(who may play or pass, who takes each colour, who leads next, how a pile scores) instead
of calling the engine's rule functions. Hypothesis draws whole games; a seeded loop plays
200 deals, and thousands in the slow run (HATTRICK_SOAK_DEALS sets how many, for longer
soaks).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import fields

import pytest
from helpers import cards_in, check_replay_rewind_and_clone
from hypothesis import given, settings
from hypothesis import strategies as st

from sticheln_tui.core.cards import Card
from sticheln_tui.core.hattrick import (
    HattrickGame,
    HattrickOptions,
    PassCard,
    Phase,
)
from sticheln_tui.core.table import IllegalMove, PlayCard

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")
DECKS = {4: 60, 5: 60, 6: 60, 7: 63}
HANDS = {4: 15, 5: 12, 6: 10, 7: 9}
COLOUR_ORDER = ("red", "blue", "green")
QUICK_DEALS = 200
SOAK_DEALS = int(os.environ.get("HATTRICK_SOAK_DEALS", "1000"))

SETTINGS = settings(max_examples=30, deadline=None, print_blob=True, database=None)


def expected_moves(trick_cards: list[Card], hand: list[Card]) -> set:
    colours = {card.colour for card in trick_cards}
    if len(colours) < 2:
        return {PlayCard(card) for card in hand}
    plays = {PlayCard(card) for card in hand if card.colour in colours}
    return plays | {PassCard(card) for card in hand if card.colour not in colours}


def expected_leader(cards: list[Card]) -> int:
    """RULES.md 3, written out: the higher taking card; on a tie, the highest other card
    if no card equals it; failing that, red, then blue, then green."""
    tops = {}
    for index, card in enumerate(cards):
        if card.colour not in tops or card.value > cards[tops[card.colour]].value:
            tops[card.colour] = index
    ranked = sorted(tops.values(), key=lambda i: cards[i].value, reverse=True)
    if len(ranked) == 1 or cards[ranked[0]].value > cards[ranked[1]].value:
        return ranked[0]
    others = sorted(
        (i for i in range(len(cards)) if i not in ranked), key=lambda i: -cards[i].value
    )
    if others and (len(others) == 1 or cards[others[0]].value > cards[others[1]].value):
        return others[0]
    return min(ranked, key=lambda i: COLOUR_ORDER.index(cards[i].colour))


def expected_score(pile: list[Card], passes: list[Card]) -> int:
    counts = Counter(card.colour for card in pile)
    main = max(counts.values(), default=0)
    return main - (len(pile) - main) - 2 * len(passes)


def state(game: HattrickGame) -> tuple:
    return (tuple(game.moves), tuple(map(tuple, game.hands)), game.view(None))


class Books:
    """The test's own record of one game, checked against the engine after every move."""

    def __init__(self, game: HattrickGame) -> None:
        self.game = game
        self.count = len(game.players)
        self.new_deal()

    def new_deal(self) -> None:
        self.hands = [list(hand) for hand in self.game.hands]
        self.piles = [[] for _ in range(self.count)]
        self.passes = [[] for _ in range(self.count)]
        self.turns: list[tuple[int, Card, bool]] = []
        self.tricks = 0
        assert sorted(c for hand in self.hands for c in hand) == sorted(self.deck())
        assert all(len(hand) == HANDS[self.count] for hand in self.hands)

    def deck(self) -> list[Card]:
        lowest = 0 if self.count == 7 else 1
        return [Card(c, v) for c in COLOUR_ORDER for v in range(lowest, 21)]

    def check_position(self) -> None:
        game = self.game
        seat = game.to_move
        trick_cards = [card for _, card, passed in self.turns if not passed]
        assert len({card.colour for card in trick_cards}) <= 2
        assert set(game.legal_moves()) == expected_moves(trick_cards, self.hands[seat])
        assert len(game.legal_moves()) == len(set(game.legal_moves()))
        every = [
            *(c for hand in self.hands for c in hand),
            *(c for pile in self.piles for c in pile),
            *(c for laid in self.passes for c in laid),
            *trick_cards,
        ]
        assert len(every) == DECKS[self.count] == len(set(every))
        assert [sorted(hand) for hand in self.hands] == [sorted(hand) for hand in game.hands]

    def record(self, move) -> None:
        """Book `move`, made by the seat to move, and check what the engine made of it."""
        game = self.game
        seat = game.to_move
        trick_colours = {card.colour for _, card, passed in self.turns if not passed}
        passed = type(move) is PassCard
        if passed:  # only a third-colour card, only once two colours are down
            assert len(trick_colours) == 2 and move.card.colour not in trick_colours
            self.passes[seat].append(move.card)
        self.hands[seat].remove(move.card)
        self.turns.append((seat, move.card, passed))
        deals_before = len(game.results)
        game.apply(move)
        if len(self.turns) < self.count:
            assert game.to_move == (seat + 1) % self.count
            return
        played = [(s, card) for s, card, p in self.turns if not p]
        cards = [card for _, card in played]
        for colour in {card.colour for card in cards}:
            best = max((card for card in cards if card.colour == colour), key=lambda c: c.value)
            taker = played[cards.index(best)][0]
            self.piles[taker].extend(card for card in cards if card.colour == colour)
        leader = played[expected_leader(cards)][0]
        self.turns = []
        self.tricks += 1
        if self.tricks < HANDS[self.count] - 1:
            assert game.to_move == leader
            assert len(game.results) == deals_before
            return
        assert len(game.results) == deals_before + 1  # hand size - 1 tricks a deal
        assert all(len(hand) == 1 for hand in self.hands)  # set aside, unscored
        result = game.results[-1]
        for s, score in enumerate(result.scores):
            assert sorted(score.pile) == sorted(self.piles[s])
            assert score.total == expected_score(self.piles[s], self.passes[s])
        if not game.finished:
            self.new_deal()


def try_illegal(game: HattrickGame, rng: random.Random) -> None:
    """Illegal moves of every kind raise IllegalMove and change nothing."""
    before = state(game)
    seat = game.to_move
    legal = set(game.legal_moves())
    other = rng.choice([s for s in range(len(game.players)) if s != seat and game.hands[s]])
    stranger = rng.choice(game.hands[other])
    own = rng.choice(game.hands[seat])
    attempts = [
        PlayCard(stranger),
        PassCard(stranger),
        PlayCard(tuple(own)),  # a look-alike of a card in hand
        PlayCard(Card(own.colour, float(own.value))),
        "play",
        None,
    ]
    attempts += [move for move in (PlayCard(own), PassCard(own)) if move not in legal]
    for move in attempts:
        with pytest.raises(IllegalMove):
            game.apply(move)
        assert state(game) == before


def play_game(game: HattrickGame, rng: random.Random, check_views: bool = True) -> None:
    books = Books(game)
    while not game.finished:
        books.check_position()
        if rng.random() < 0.1:
            try_illegal(game, rng)
        if check_views and rng.random() < 0.2:
            for seat in range(len(game.players)):
                view = game.view(seat)
                # Earlier deals' results hold this deal's cards too: they were other deals.
                seen = set(
                    cards_in([getattr(view, f.name) for f in fields(view) if f.name != "results"])
                )
                others = {c for s, hand in enumerate(game.hands) if s != seat for c in hand}
                assert not seen & others
                assert game.view(seat).hand == tuple(game.hands[seat])
            assert game.view(None).hand == ()
        books.record(rng.choice(game.legal_moves()))
    assert game.phase is Phase.OVER and game.legal_moves() == ()
    best = max(game.totals)
    assert game.winners == tuple(s for s, total in enumerate(game.totals) if total == best)


@SETTINGS
@given(
    players=st.integers(min_value=4, max_value=7),
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    leader=st.integers(min_value=0, max_value=6),
    deals=st.integers(min_value=1, max_value=3),
    moves_seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_games_keep_every_rule(players, seed, leader, deals, moves_seed):
    game = HattrickGame(NAMES[:players], HattrickOptions(deals), leader % players, seed)
    play_game(game, random.Random(moves_seed))
    assert len(game.results) == deals


@SETTINGS
@given(
    players=st.integers(min_value=4, max_value=7),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    cut=st.floats(min_value=0, max_value=1),
)
def test_clone_replay_and_rewound_give_identical_games(players, seed, cut):
    rng = random.Random(seed)
    game = HattrickGame(NAMES[:players], HattrickOptions(2), seed % players, seed)
    while not game.finished:
        game.apply(rng.choice(game.legal_moves()))
    check_replay_rewind_and_clone(game, cut, state)


@pytest.mark.parametrize(
    "deals", [QUICK_DEALS, pytest.param(SOAK_DEALS, marks=pytest.mark.slow)], ids=["quick", "soak"]
)
def test_seeded_deals(deals):
    """A plain seeded loop: one-deal games over every table size."""
    rng = random.Random(13)
    for number in range(deals):
        players = 4 + number % 4
        game = HattrickGame(NAMES[:players], HattrickOptions(1), number % players, number)
        play_game(game, rng, check_views=number % 10 == 0)
