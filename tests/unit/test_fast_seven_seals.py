"""Seven Seals' fast core against its references: from positions the engine reached by
random play (3 to 5 players, every combination of the saboteur variants, first and later
deals), the int deal chooses every card and seal as the rules of thumb do on the Card-based
`world.Deal` and ends the deal with the same penalties; and random play through it keeps
the engine's legal moves, trick winners, seals returned and penalties."""

from __future__ import annotations

import random
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st
from positions import NAMES, random_seven_seals_move

from sticheln_tui.bots.seven_seals import thumb
from sticheln_tui.bots.seven_seals.world import Deal
from sticheln_tui.core.seven_seals import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SEAL_KINDS,
    Phase,
    ReturnSeal,
    SevenSealsGame,
    SevenSealsOptions,
    legal_cards,
    sort_hand,
)
from sticheln_tui.core.table import PlayCard
from sticheln_tui.fast import seven_seals as fast
from sticheln_tui.fast.bits import bits_of
from sticheln_tui.fast.seven_seals import FastDeal, deal_of_game, tables

VARIANTS = list(product((False, True), repeat=3))  # costs 5, escalating, auction
SETTINGS = settings(max_examples=100, deadline=None, print_blob=True, database=None)


def game_in_play(players: int, variant: tuple[bool, ...], deals: int, seed: int, cards: int):
    """A game of `deals` deals played by random legal moves into its last deal's play,
    then `cards` more moves on (not past the deal's end)."""
    costs_5, escalating, auction = variant
    options = SevenSealsOptions(deals, costs_5, escalating, auction)
    game = SevenSealsGame(NAMES[:players], options, seed % players, seed)
    rng = random.Random(seed)
    while len(game.results) < deals - 1 or game.phase is Phase.PREDICT:
        game.apply(random_seven_seals_move(game, rng))
    for _ in range(cards):
        if sum(map(len, game.hands)) <= 1:
            break
        game.apply(random_seven_seals_move(game, rng))
    return game, rng


def reference_deal(game: SevenSealsGame) -> Deal:
    """The game's deal in progress as the strong bot's world models it (the hands sorted,
    as the fast deal orders cards)."""
    return Deal(
        [list(hand) for hand in game.hands],
        [dict(held) for held in game.seals],
        dict(game.supply),
        list(game.blacks_taken),
        game.saboteur,
        game.saboteur_price or 0,
        [(play.seat, play.card) for play in game.trick],
        game.to_move,
        thumb.colour_bits(card for hand in game.hands for card in hand),
    )


positions = st.tuples(
    st.integers(MIN_PLAYERS, MAX_PLAYERS),
    st.sampled_from(VARIANTS),
    st.integers(1, 2),
    st.integers(0, 10**6),
    st.integers(0, 80),
)


@SETTINGS
@given(positions)
def test_the_fast_deal_plays_out_as_the_rules_of_thumb(position):
    game, _ = game_in_play(*position)
    table = tables(len(game.players))
    reference, deal = reference_deal(game), deal_of_game(game)
    played_out = deal.copy()
    played_out.play_out()
    while not reference.finished():
        assert deal.hands == [table.mask(hand) for hand in reference.hands]
        if len(reference.trick) == reference.players:
            kind = reference.thumb_return()
            assert SEAL_KINDS[deal.thumb_return()] == kind
            reference.settle(kind)
            deal.settle(SEAL_KINDS.index(kind))
            continue
        card = reference.thumb_card()
        assert table.card(deal.thumb_card()) == card
        assert reference.play(card) == deal.play(table.index(card))
    assert deal.finished()
    assert deal.penalties() == reference.penalties() == played_out.penalties()


@SETTINGS
@given(positions, st.integers(0, 10**6), st.sampled_from([0.0, 0.15, 1.0]))
def test_a_play_out_with_whims_plays_as_its_reference_in_cards(position, seed, whims):
    """The strong bot's playouts: now and then a legal card at random, drawn from the
    generator they are given; the same cards as the reference drawing from a generator
    seeded alike, seals given back by the rules of thumb."""
    game, _ = game_in_play(*position)
    table = tables(len(game.players))
    reference, deal = reference_deal(game), deal_of_game(game)
    deal.play_out(random.Random(seed), whims)
    rng = random.Random(seed)
    while not reference.finished():
        if len(reference.trick) == reference.players:
            reference.settle(reference.thumb_return())
            continue
        if rng.random() < whims:
            trick = [card for _, card in reference.trick]
            legal = sorted(legal_cards(trick, reference.hands[reference.to_move]), key=table.index)
            card = legal[rng.randrange(len(legal))]
        else:
            card = reference.thumb_card()
        if reference.play(card) is not None:
            reference.settle(reference.thumb_return())
    assert deal.finished()
    assert deal.penalties() == reference.penalties()


def fast_moves(deal: FastDeal) -> list[PlayCard | ReturnSeal]:
    """The deal's open moves in ints, as the engine's moves: a card to play, or the seals
    the trick's winner may give back once the trick is full."""
    tables = deal.tables
    if len(deal.trick) == deal.players:
        return [ReturnSeal(SEAL_KINDS[kind]) for kind in deal.returnable()]
    return [PlayCard(tables.card(card)) for card in bits_of(deal.legal())]


@SETTINGS
@given(positions)
def test_random_play_through_the_fast_deal_is_the_engines(position):
    """Legal moves at every step; after every move the same seat to move (a trick's
    winner), seals, supply and black seals; at the end the deal's scores."""
    game, rng = game_in_play(*position)
    deal = deal_of_game(game)
    while not deal.finished():
        moves = fast_moves(deal)
        assert moves == list(game.legal_moves())
        move = rng.choice(moves)
        game.apply(move)
        if isinstance(move, ReturnSeal):
            deal.settle(SEAL_KINDS.index(move.kind))
        else:
            deal.play(deal.tables.index(move.card))
        if not deal.finished():
            assert deal.to_move == game.to_move
        assert deal.supply == [game.supply[kind] for kind in SEAL_KINDS]
        assert deal.seals == [held[kind] for held in game.seals for kind in SEAL_KINDS]
        assert deal.blacks_taken == game.blacks_taken
    assert deal.penalties() == [score.total for score in game.results[-1].scores]


def test_the_thumbs_weights_are_the_rules_of_thumbs():
    for name in ("ROUND_SURVIVES", "GUARDED", "RUFF", "KEEP", "OVERTAKE", "SABOTEUR_KEEP"):
        assert getattr(fast, name) == getattr(thumb, name), name
    assert (fast.RETURN_GAIN, fast.BLACK_COST) == (thumb.RETURN_GAIN, thumb.BLACK_COST)


def test_cards_cross_the_edge_in_hand_order():
    game, _ = game_in_play(5, (True, True, True), 1, 7, 0)
    table = tables(5)
    for hand in game.hands:
        assert table.cards(table.mask(hand)) == list(sort_hand(hand))
    deal = FastDeal.of(
        table, game.hands, game.seals, game.supply, [0] * 5, None, 0, [], game.to_move
    )
    assert deal.hands == deal_of_game(game).hands
