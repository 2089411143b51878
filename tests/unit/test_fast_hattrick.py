"""Hattrick's fast core against its references: from positions the engine reached by random
play (4 to 7 players, first and later deals), the int deal chooses every move as the rules
of thumb do on the Card-based `world.Deal` and ends the deal with the same scores; and
random play of every deal of whole games through it keeps the engine's legal moves, trick
takers, leaders and scores; the strong bot searching on it decides as it did on
`world.Deal`."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st
from positions import NAMES

from sticheln_tui.bots.base import Advice
from sticheln_tui.bots.hattrick import StrongBot, thumb
from sticheln_tui.bots.hattrick.players import known_deal
from sticheln_tui.bots.hattrick.world import Deal, sample_deal
from sticheln_tui.core.cards import Card
from sticheln_tui.core.hattrick import (
    COLOURS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    HattrickGame,
    HattrickOptions,
    PassCard,
    next_leader,
    passable,
    playable,
)
from sticheln_tui.fast import hattrick as fast
from sticheln_tui.fast.hattrick import FastDeal, tables

SETTINGS = settings(max_examples=60, deadline=None, print_blob=True, database=None)


def game_in_play(players: int, deals: int, seed: int, moves: int) -> HattrickGame:
    """A game played by random legal moves into its last deal, then `moves` more moves
    on (not past the deal's end)."""
    game = HattrickGame(NAMES[:players], HattrickOptions(deals), seed % players, seed)
    rng = random.Random(seed)
    while len(game.results) < deals - 1:
        game.apply(rng.choice(game.legal_moves()))
    for _ in range(moves):
        if len(game.results) == deals:
            break
        game.apply(rng.choice(game.legal_moves()))
    return game


def deal_in_ints(game: HattrickGame) -> FastDeal:
    """The game's deal in progress, every hand known, in ints."""
    trick = [(turn.seat, turn.card, turn.passed) for turn in game.trick]
    table = tables(len(game.players))
    return FastDeal.of(table, game.hands, game.piles, game.passes, trick, game.to_move)


def both_deals(game: HattrickGame) -> tuple[Deal, FastDeal]:
    """The game's deal in progress as the strong bot's world models it, and in ints."""
    reference = Deal(
        [list(hand) for hand in game.hands],
        [list(pile) for pile in game.piles],
        [list(laid) for laid in game.passes],
        [(turn.seat, turn.card, turn.passed) for turn in game.trick],
        game.to_move,
        thumb.colour_bits(card for hand in game.hands for card in hand),
    )
    return reference, deal_in_ints(game)


def test_the_rules_of_thumb_weigh_with_the_same_constants():
    for name in ("OVERTAKE", "JOIN", "KEEP", "PASS_COST", "TOP_VALUE"):
        assert getattr(fast, name) == getattr(thumb, name), name


positions = st.tuples(
    st.integers(MIN_PLAYERS, MAX_PLAYERS),
    st.integers(1, 2),
    st.integers(0, 10**6),
    st.integers(0, 60),
)


@SETTINGS
@given(positions)
def test_the_fast_deal_plays_out_as_the_rules_of_thumb(position):
    game = game_in_play(*position)
    if game.finished:
        return
    reference, deal = both_deals(game)
    played_out = deal.copy()
    played_out.play_out()
    table = deal.table
    while not reference.finished():
        assert not deal.finished()
        weight = reference.thumb()
        move = deal.thumb()
        assert table.decode(move) == (weight.card, weight.passed)
        reference.move(weight.card, weight.passed)
        deal.apply(move)
        assert deal.to_move == reference.to_move
        assert deal.piles == [table.mask(pile) for pile in reference.piles]
    assert deal.finished()
    assert deal.scores() == reference.scores() == played_out.scores()


def on_a_whim(rng: random.Random, whims: float) -> Callable[[Deal], thumb.Weight]:
    """The strong bot's playout policy in cards: with probability `whims` a card that may
    join the trick drawn at random (each equally likely, in the fast core's card order;
    never a pass), otherwise the rule of thumb's move."""

    def choose(deal: Deal) -> thumb.Weight:
        if rng.random() < whims:
            hand = deal.hands[deal.to_move]
            index = tables(len(deal.hands)).index
            plays = sorted(playable(deal.trick_cards(), hand), key=index)
            if plays:
                return thumb.Weight(0.0, plays[rng.randrange(len(plays))], False, 0.0, 0.0)
        return deal.thumb()

    return choose


@SETTINGS
@given(positions, st.integers(0, 10**6), st.sampled_from([0.0, 0.15, 1.0]))
def test_a_play_out_with_whims_plays_as_its_reference_in_cards(position, seed, whims):
    """Now and then a card at random, drawn from the generator the playout is given: the
    same moves as the reference drawing from a generator seeded alike."""
    game = game_in_play(*position)
    if game.finished:
        return
    reference, deal = both_deals(game)
    deal.play_out(random.Random(seed), whims)
    reference.play_out(on_a_whim(random.Random(seed), whims))
    assert deal.finished()
    assert deal.piles == [deal.table.mask(pile) for pile in reference.piles]
    assert deal.scores() == reference.scores()


@SETTINGS
@given(st.integers(MIN_PLAYERS, MAX_PLAYERS), st.integers(0, 10**6))
def test_random_play_keeps_the_engine_moves_takers_and_scores(players, seed):
    """Each deal of a two-deal game, taken into ints as it is dealt, played alongside."""
    game = HattrickGame(NAMES[:players], HattrickOptions(2), seed % players, seed)
    table = tables(players)
    rng = random.Random(seed)
    while not game.finished:
        deal = deal_in_ints(game)  # as dealt: no card played yet
        deals_before = len(game.results)
        while len(game.results) == deals_before:
            assert not deal.finished()
            assert deal.to_move == game.to_move
            assert deal.hands == [table.mask(hand) for hand in game.hands]
            assert deal.piles == [table.mask(pile) for pile in game.piles]
            assert deal.passes == [table.mask(laid) for laid in game.passes]
            legal = game.legal_moves()
            decoded = [table.decode(move) for move in deal.legal_moves()]
            assert sorted(decoded) == sorted((move.card, type(move) is PassCard) for move in legal)
            move = rng.choice(legal)
            game.apply(move)
            deal.apply(table.move_of(move.card, type(move) is PassCard))
        assert deal.finished()
        assert deal.scores() == [score.total for score in game.results[-1].scores]


@st.composite
def tied_tricks(draw) -> tuple[int, int, list[tuple[Card, bool]]]:
    """A table size, the leading seat and a complete legal trick as (card, passed) turns,
    whose two taking cards are mostly equal and whose other cards often tie."""
    players = draw(st.integers(MIN_PLAYERS, MAX_PLAYERS))
    first, second, third = draw(st.permutations(COLOURS))
    top = draw(st.integers(2, 20))
    tops = {first: top, second: draw(st.sampled_from([top, top, draw(st.integers(2, 20))]))}
    below = st.tuples(st.sampled_from([first, second]), st.integers(1, min(tops.values()) - 1))
    played = draw(st.integers(2, players))
    rest = draw(st.lists(below, max_size=played - 2, unique=True))
    cards = [Card(colour, value) for colour, value in (*tops.items(), *rest)]
    turns = [(card, False) for card in draw(st.permutations(cards))]
    both = 1 + next(i for i, (card, _) in enumerate(turns) if card.colour != turns[0][0].colour)
    for value in range(1, players - len(turns) + 1):
        turns.insert(draw(st.integers(both, len(turns))), (Card(third, value), True))
    return players, draw(st.integers(0, players - 1)), turns


@SETTINGS
@given(tied_tricks())
def test_the_fast_deal_gives_the_lead_as_the_rules_do(trick):
    players, leader, turns = trick
    seats = [(leader + turn) % players for turn in range(players)]
    hands = [[] for _ in range(players)]
    for seat, (card, _) in zip(seats, turns, strict=True):
        hands[seat].append(card)
    table = tables(players)
    empty = [[] for _ in range(players)]
    deal = FastDeal.of(table, hands, empty, empty, [], leader)
    played: list[Card] = []
    for seat, (card, passed) in zip(seats, turns, strict=True):
        assert deal.to_move == seat
        assert card in (passable if passed else playable)(played, [card])
        deal.apply(table.move_of(card, passed))
        if not passed:
            played.append(card)
    played_by = [seat for seat, (_, passed) in zip(seats, turns, strict=True) if not passed]
    assert deal.to_move == played_by[next_leader(played)]


def test_a_copy_goes_on_alike_and_apart():
    deal = deal_in_ints(game_in_play(5, 1, 11, 0))
    rng = random.Random(3)
    for _ in range(40):
        deal.apply(rng.choice(deal.legal_moves()))
    copy = deal.copy()
    moves = []
    while not deal.finished():
        moves.append(rng.choice(deal.legal_moves()))
        deal.apply(moves[-1])
    assert not copy.finished()
    for move in moves:
        assert not copy.finished()
        copy.apply(move)
    assert copy.finished() and copy.scores() == deal.scores()


def test_moves_and_cards_convert_both_ways():
    table = tables(7)
    for card in table.deck:
        for passed in (False, True):
            assert table.decode(table.move_of(card, passed)) == (card, passed)
    assert table.cards(table.mask(table.deck)) == table.deck


def test_deals_shared_out_in_ints_are_the_sampled_deals():
    rng = random.Random(9)
    for index in range(8):
        players = MIN_PLAYERS + index % (MAX_PLAYERS - MIN_PLAYERS + 1)
        game = game_in_play(players, 1, rng.randrange(10**6), rng.randrange(players * 7))
        view = game.view(game.to_move)
        known, hidden = known_deal(view)
        table = known.table
        for seed in range(3):
            sampled = sample_deal(view, random.Random(seed))
            deal = known.shared_out(hidden, view.hand_sizes, random.Random(seed))
            assert deal.hands == [table.mask(hand) for hand in sampled.hands]
            assert deal.piles == [table.mask(pile) for pile in sampled.piles]
            assert deal.passes == [table.mask(laid) for laid in sampled.passes]
            assert (deal.played, deal.seats, deal.turns, deal.to_move) == (
                [table.index(card) for _, card, passed in sampled.trick if not passed],
                [seat for seat, _, passed in sampled.trick if not passed],
                len(sampled.trick),
                sampled.to_move,
            )
            assert deal.held == table.mask(card for hand in sampled.hands for card in hand)


class ReferenceStrongBot(StrongBot):
    """The strong bot with its playouts on the Card-based `world.Deal`."""

    def move(self, view, rng):
        def trial(deal: Deal, move) -> list[int]:
            deal.move(move.card, isinstance(move, PassCard))
            deal.play_out(on_a_whim(rng, self.whims))
            return deal.scores()

        table = tables(len(view.players))
        sample = self.picked_by_agreement(
            view,
            lambda: sample_deal(view, rng),
            lambda deal: [table.mask(hand) for hand in deal.hands],
            rng,
        )
        move, reason = self.search(view.seat, len(view.players), view.legal_moves, sample, trial)
        return Advice(move, reason)


def test_the_strong_bot_decides_as_with_the_reference_playouts():
    """Same sampled deals, same playouts: the same move, and the same averages in its reason."""
    rng = random.Random(4)
    for index in range(12):
        players = MIN_PLAYERS + index % (MAX_PLAYERS - MIN_PLAYERS + 1)
        game = game_in_play(players, 1, rng.randrange(10**6), rng.randrange(players * 7))
        view = game.view(game.to_move)
        if len(view.legal_moves) < 2:
            continue
        bots = (StrongBot(index, 60, time_limit=60), ReferenceStrongBot(index, 60, time_limit=60))
        fast_advice, reference_advice = (bot.advise(view) for bot in bots)
        assert fast_advice == reference_advice
