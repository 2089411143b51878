"""The fast Sticheln core plays exactly as the reference it re-expresses.

Positions come from the engine: a seeded game under any option combination RULES.md
allows, 3 to 8 players (the French deck at 4), played forward by random legal moves to
somewhere in its deal. From there a deal drawn from the view of the seat to move, as the
strong bot draws them, is played by `bots.sticheln.world.Deal` and by `FastDeal`: they must lay down
the same pain cards, choose the same rule-of-thumb card at every step, see the same cards
take each trick and end on the same scores.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from strategies import positions, seeds

from sticheln_tui.bots.sticheln.world import Deal, sample_deal
from sticheln_tui.core.game import Phase
from sticheln_tui.core.sticheln import Rules, cards_taking
from sticheln_tui.fast.sticheln import FastDeal, tables

SETTINGS = settings(max_examples=60, deadline=None, print_blob=True, database=None)


def assert_same(fast: FastDeal, deal: Deal) -> None:
    table = fast.tables
    assert fast.hands == [table.mask(hand) for hand in deal.hands]
    assert fast.pain == [table.mask(cards) for cards in deal.pain]
    assert fast.won == [table.mask(pile) for pile in deal.won]
    assert fast.to_move == deal.to_move


@SETTINGS
@given(positions(), seeds)
def test_fast_deal_plays_out_as_the_reference(game, seed):
    deal = sample_deal(game.view(game.to_move), random.Random(seed))
    fast = deal.in_ints()
    table = fast.tables
    for hand in deal.hands:  # in deck order, as the engine holds them: the reference's
        hand.sort(key=table.index)  # rule of thumb takes the first of equal cards
    assert_same(fast, deal)
    if game.phase is Phase.PICK:
        deal.finish_picks()
        fast.finish_picks()
        assert_same(fast, deal)
    played_out = fast.copy()
    played_out.play_out()
    while not deal.finished():
        assert not fast.finished()
        hand = deal.hands[deal.to_move]
        trick = [card for _, card in deal.trick]
        if trick:
            expected = table.mask(cards_taking(trick, hand, deal.rules))
            assert fast.taking() == table.strength_ranked(expected)
        card = deal.thumb()
        assert table.card(fast.thumb()) == card
        deal.play(card)
        fast.play(table.index(card))
        assert_same(fast, deal)
    assert fast.finished()
    assert fast.scores() == deal.scores()
    assert played_out.scores() == deal.scores()
    assert played_out.won == fast.won


def test_tables_convert_cards_both_ways():
    table = tables(Rules(french_deck=True), 4)
    hand = [table.card(0), table.card(51), table.card(13)]
    assert table.cards(table.mask(hand)) == sorted(hand, key=table.index)
    assert [table.index(card) for card in table.deck] == list(range(52))
    assert tables(Rules(french_deck=True), 4) is table
