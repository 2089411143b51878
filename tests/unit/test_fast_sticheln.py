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
from hypothesis import strategies as st
from strategies import positions, seeds

from sticheln_tui.bots.sticheln.thumb import _orders
from sticheln_tui.bots.sticheln.world import Deal, colours_so_far, sample_deal
from sticheln_tui.core.cards import Card
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.sticheln import Rules, beats, cards_taking
from sticheln_tui.fast.sticheln import FastDeal, tables

SETTINGS = settings(max_examples=60, deadline=None, print_blob=True, database=None)


def assert_same(fast: FastDeal, deal: Deal) -> None:
    table = fast.tables
    assert fast.hands == [table.mask(hand) for hand in deal.hands]
    assert fast.pain == [table.mask(cards) for cards in deal.pain]
    assert fast.won == [table.mask(pile) for pile in deal.won]
    assert fast.to_move == deal.to_move


def sampled(game, seed: int) -> tuple[Deal, FastDeal]:
    """A deal drawn from the view of the seat to move, as the strong bot draws them, in
    cards and in ints."""
    deal = sample_deal(game.view(game.to_move), random.Random(seed))
    fast = deal.in_ints()
    for hand in deal.hands:  # in deck order, as the engine holds them: the reference's
        hand.sort(key=fast.tables.index)  # rule of thumb takes the first of equal cards
    return deal, fast


@SETTINGS
@given(positions(), seeds)
def test_fast_deal_plays_out_as_the_reference(game, seed):
    deal, fast = sampled(game, seed)
    table = fast.tables
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


def sighted_card(deal: Deal) -> Card:
    """The sighted follower's card, worked out in cards: as the rule of thumb, except that a
    trick worth taking is taken only with the weakest card worth points to it that no hand
    still to play to the trick can beat; without one, it stays out as the thumb does."""
    trick = [card for _, card in deal.trick]
    rules = deal.rules
    if not trick or rules.latest_trump:
        return deal.thumb()
    seat = deal.to_move
    players = len(deal.hands)
    orders = _orders(colours_so_far(deal.won[seat], deal.pain_colours[seat], rules), rules)
    hand = deal.hands[seat]
    taking = cards_taking(trick, hand, rules)
    later = [
        card
        for step in range(1, players - len(trick))
        for card in deal.hands[(seat + step) % players]
    ]
    if sum(orders.score[card] for card in trick) >= 0:
        strength = tables(rules, players).strength  # the fast core's order, ties by deck
        index = tables(rules, players).index
        clean = sorted(
            (card for card in taking if orders.score[card] > 0),
            key=lambda card: strength[index(card)],
        )
        for card in clean:
            if not any(beats(other, card, trick[0].colour, rules) for other in later):
                return card
    losing = [card for card in hand if card not in taking]
    if losing:
        return max(losing, key=orders.shed.__getitem__)
    return max(taking, key=orders.dump.__getitem__)


@SETTINGS
@given(positions(), seeds)
def test_a_sighted_play_out_plays_as_its_reference_in_cards(game, seed):
    """The strong bot's playouts: followers who see the hands still to play to the trick."""
    deal, fast = sampled(game, seed)
    table = fast.tables
    if game.phase is Phase.PICK:
        deal.finish_picks()
        fast.finish_picks()
    fast.play_out(sure=True)
    while not deal.finished():
        deal.play(sighted_card(deal))
    assert fast.won == [table.mask(pile) for pile in deal.won]
    assert fast.scores() == deal.scores()


def whimsical_card(deal: Deal, rng: random.Random, whims: float) -> Card:
    """The card of a playout with whims, worked out in cards: with probability `whims` a
    card of the hand drawn at random (each equally likely, counted in the fast core's
    strength order), otherwise the sighted follower's card; no whims under the
    latest-trump rule."""
    if deal.rules.latest_trump or rng.random() >= whims:
        return sighted_card(deal)
    table = tables(deal.rules, len(deal.hands))
    hand = sorted(deal.hands[deal.to_move], key=lambda card: table.strength[table.index(card)])
    return hand[rng.randrange(len(hand))]


@SETTINGS
@given(positions(), seeds, st.sampled_from([0.0, 0.15, 1.0]))
def test_a_play_out_with_whims_plays_as_its_reference_in_cards(game, seed, whims):
    """A card now and then at random, drawn from the generator it is given: the same
    cards as the reference drawing from a generator seeded alike, every card played once."""
    deal, fast = sampled(game, seed)
    table = fast.tables
    if game.phase is Phase.PICK:
        deal.finish_picks()
        fast.finish_picks()
    fast.play_out(True, random.Random(seed), whims)
    reference = random.Random(seed)
    while not deal.finished():
        deal.play(whimsical_card(deal, reference, whims))
    assert fast.won == [table.mask(pile) for pile in deal.won]
    assert fast.scores() == deal.scores()
    assert fast.finished() and not any(fast.hands)


def test_whims_change_the_play_outs_of_one_deal():
    """Played out on a whim, one deal ends in different ways (the thumb alone always ends
    it the same way): what lets the all-seeing reference use its budget. Without whims,
    nothing is drawn from the generator."""
    game = Game(["A", "B", "C", "D"], Rules(), seed=3)
    _deal, fast = sampled(game, 3)
    fast.finish_picks()
    rng = random.Random(1)
    ends = set()
    for _ in range(20):
        played_out = fast.copy()
        played_out.play_out(True, rng, 0.15)
        ends.add(tuple(played_out.scores()))
    assert len(ends) > 5
    steady, sighted = fast.copy(), fast.copy()
    drawn = rng.getstate()
    steady.play_out(True, rng, 0.0)
    sighted.play_out(True)
    assert rng.getstate() == drawn
    assert steady.won == sighted.won


def test_tables_convert_cards_both_ways():
    table = tables(Rules(french_deck=True), 4)
    hand = [table.card(0), table.card(51), table.card(13)]
    assert table.cards(table.mask(hand)) == sorted(hand, key=table.index)
    assert [table.index(card) for card in table.deck] == list(range(52))
    assert tables(Rules(french_deck=True), 4) is table
