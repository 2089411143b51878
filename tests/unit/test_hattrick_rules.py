"""Hattrick's pinned rule functions answer RULES.md 3's examples, and the game follows its
dealing, leading and scoring order."""

from __future__ import annotations

import pytest
from helpers import blue, green, red

from sticheln_tui.core.game import Game
from sticheln_tui.core.hattrick import (
    COLOURS,
    CompletedTrick,
    HattrickGame,
    HattrickOptions,
    PassCard,
    Phase,
    closed_colour,
    deck_for,
    hand_size,
    next_leader,
    pass_problem,
    passable,
    pile_score,
    playable,
    score_pile,
    takers,
)
from sticheln_tui.core.table import IllegalMove, PlayCard
from sticheln_tui.games import engine_of, engines

GAMES = engines()

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")


# -- cards and hands ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "cards", "hand"), [(4, 60, 15), (5, 60, 12), (6, 60, 10), (7, 63, 9)]
)
def test_deck_and_hand_sizes(players, cards, hand):
    deck = deck_for(players)
    assert len(deck) == len(set(deck)) == cards
    assert hand_size(players) == hand
    assert {card.colour for card in deck} == set(COLOURS)


def test_zeros_join_only_at_seven_players():
    assert {card for card in deck_for(7) if card.value == 0} == {red(0), blue(0), green(0)}
    assert min(card.value for card in deck_for(6)) == 1
    assert max(card.value for card in deck_for(4)) == 20


@pytest.mark.parametrize("players", [0, 3, 8, 9])
def test_table_sizes_outside_four_to_seven_are_refused(players):
    with pytest.raises(ValueError, match="4 to 7 players"):
        deck_for(players)
    with pytest.raises(ValueError, match="4 to 7 players"):
        hand_size(players)
    with pytest.raises(ValueError, match="4 to 7 players"):
        HattrickGame([f"P{seat}" for seat in range(players)])


# -- a trick holds at most two colours; passing -----------------------------------------

HAND = [red(3), blue(7), green(12), green(1)]


def test_any_card_joins_a_trick_of_fewer_than_two_colours():
    assert sorted(playable([], HAND)) == sorted(HAND)
    assert sorted(playable([red(5), red(9)], HAND)) == sorted(HAND)
    assert passable([], HAND) == passable([red(5)], HAND) == []


def test_once_two_colours_are_down_only_they_may_be_played_and_the_third_may_pass():
    trick = [red(5), blue(9)]
    assert sorted(playable(trick, HAND)) == sorted([red(3), blue(7)])
    assert sorted(passable(trick, HAND)) == sorted([green(12), green(1)])


def test_a_player_without_the_third_colour_cannot_pass():
    assert passable([red(5), green(9)], [red(1), green(2)]) == []


def test_the_pass_rule_says_why_a_hand_may_not_pass():
    early = "a pass is allowed only once the trick holds two colours"
    assert pass_problem([], HAND) == pass_problem([red(5), red(9)], HAND) == early
    assert closed_colour([red(5), red(9)]) is None and closed_colour([red(5), green(9)]) == "blue"
    closed = pass_problem([red(5), green(9)], [red(1), green(2)], str.upper)
    assert closed == "a pass shows a BLUE card, and you hold none"
    assert pass_problem([red(5), blue(9)], HAND) is None  # green 12 or green 1 may pass


# -- who takes what, who leads next (RULES.md 3's examples) ------------------------------


def test_each_colours_highest_card_takes_it():
    assert takers([red(4), blue(2), red(11), blue(1)]) == {"red": 2, "blue": 1}
    assert takers([green(3)]) == {"green": 0}


def test_the_higher_taking_card_leads():
    assert next_leader([red(4), blue(12), red(11), blue(1)]) == 1


def test_equal_takers_the_next_highest_card_leads():
    # A red 10, B blue 10, C red 2, D blue 1: C leads (red 2 is the next-highest card).
    assert next_leader([red(10), blue(10), red(2), blue(1)]) == 2


def test_equal_takers_and_equal_next_cards_colour_decides():
    # A red 10, B blue 10, C red 4, D blue 4: no card breaks the tie: red before blue.
    assert next_leader([red(10), blue(10), red(4), blue(4)]) == 0
    assert next_leader([blue(10), red(10), blue(4), red(4)]) == 1


def test_equal_takers_and_two_passes_colour_decides():
    # A red 10, B blue 10, C passes, D passes: A leads.
    assert next_leader([red(10), blue(10)]) == 0
    assert next_leader([green(10), blue(10)]) == 1  # blue before green


def test_a_tie_of_the_next_cards_goes_to_colour_at_once():
    # 5 players, A red 10, B blue 10, C red 4, D blue 4, E red 2: still A (the tie of the
    # 4s goes to colour at once; E's red 2 does not count).
    assert next_leader([red(10), blue(10), red(4), blue(4), red(2)]) == 0
    assert next_leader([red(10), blue(10), red(6), blue(6), red(3), blue(5)]) == 0
    assert next_leader([green(10), blue(10), green(6), blue(6), green(5)]) == 1


def test_an_empty_trick_has_no_leader():
    with pytest.raises(ValueError):
        next_leader([])


# -- scoring ------------------------------------------------------------------------


def test_the_scoring_example():
    # 9 red, 2 blue, 4 green, 1 pass card: 9 - 2 - 4 - 2 = 1.
    pile = [red(v) for v in range(1, 10)] + [blue(1), blue(2)] + [green(v) for v in range(1, 5)]
    assert score_pile(pile, [green(20)]) == 1
    breakdown = pile_score(pile, [green(20)])
    assert (breakdown.main_colour, breakdown.plus, breakdown.minus) == ("red", 9, -6)
    assert breakdown.pass_penalty == -2
    assert breakdown.total == 1


def test_either_of_two_equal_main_colours_scores_the_same():
    assert score_pile([red(1), red(2), blue(3), blue(4), green(5)], []) == 2 - 3
    assert score_pile([], [red(1), blue(1)]) == -4
    assert pile_score([], []).main_colour is None


# -- the game's order of play ---------------------------------------------------------


def test_deal_one_is_dealt_right_of_the_chosen_player_who_leads():
    game = HattrickGame(NAMES[:5], first_leader=2, seed=3)
    assert (game.dealer, game.to_move) == (1, 2)
    assert all(len(hand) == 12 for hand in game.hands)


def test_each_later_deal_is_led_left_of_the_next_dealer():
    game = HattrickGame(NAMES[:4], HattrickOptions(deals=3), first_leader=3, seed=8)
    dealers = []
    while not game.finished:
        if not game.deal_tricks and not game.trick:
            dealers.append((game.dealer, game.to_move))
        game.apply(game.legal_moves()[0])
    assert dealers == [(2, 3), (3, 0), (0, 1)]
    assert len(game.results) == 3


def test_the_last_card_of_each_hand_is_set_aside_unscored():
    game = HattrickGame(NAMES[:6], HattrickOptions(deals=1), seed=4)
    while not game.finished:
        game.apply(game.legal_moves()[0])
    assert len(game.deal_tricks) == hand_size(6) - 1 == game.tricks_per_deal
    set_aside = [card for hand in game.hands for card in hand]
    assert len(set_aside) == 6
    scored = [card for score in game.results[0].scores for card in score.pile + score.passes]
    assert sorted(scored + set_aside) == sorted(deck_for(6))


def test_passing_while_able_to_play_is_allowed_and_lays_the_card_face_down():
    game = HattrickGame(NAMES[:4], seed=1)
    first, second, third = ((game.to_move + step) % 4 for step in range(3))
    # A prepared position: the first two seats bring red and blue to the trick.
    game.hands[first] = [red(20), blue(2)]
    game.hands[second] = [blue(20), green(2)]
    game.hands[third] = [red(1), green(3)]
    game.apply(PlayCard(red(20)))
    game.apply(PlayCard(blue(20)))
    assert PlayCard(red(1)) in game.legal_moves()
    game.apply(PassCard(green(3)))
    assert game.passes[third] == [green(3)]
    assert game.hands[third] == [red(1)]
    assert game.view(None).trick[-1].passed
    assert game.view(None).trick_cards == [red(20), blue(20)]


def test_a_pass_before_two_colours_or_of_a_trick_colour_is_refused():
    game = HattrickGame(NAMES[:4], seed=1)
    seat = game.to_move
    hand = game.hands[seat]
    with pytest.raises(IllegalMove, match="two colours"):
        game.apply(PassCard(hand[0]))
    assert game.moves == [] and game.hands[seat] == hand


def test_the_options_allow_one_to_twenty_deals():
    assert HattrickOptions().deals == 5
    for bad in (0, 21, True, 2.0):
        with pytest.raises(ValueError, match="1 to 20 deals"):
            HattrickOptions(deals=bad)


def test_a_completed_trick_names_its_takers_in_colour_order_and_the_next_leader():
    game = HattrickGame(NAMES[:4], seed=2)
    while not game.deal_tricks:
        game.apply(game.legal_moves()[-1])
    trick = game.deal_tricks[0]
    assert isinstance(trick, CompletedTrick)
    colours = [colour for colour, _ in trick.taken]
    assert colours == [colour for colour in COLOURS if colour in colours]
    assert game.to_move == trick.leader
    assert game.phase is Phase.PLAY


def test_games_are_named_by_their_key():
    assert list(GAMES) == ["sticheln", "hattrick", "seven-seals"]
    assert GAMES["sticheln"] is Game
    assert engine_of("hattrick") is HattrickGame
    assert engine_of("sticheln").TITLE == "Sticheln"
    with pytest.raises(ValueError, match="sticheln, hattrick, seven-seals"):
        engine_of("skat")
