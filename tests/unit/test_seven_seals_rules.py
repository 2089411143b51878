"""Worked examples of Seven Seals' rules (RULES.md section 4): the pinned rule functions,
then the game playing them out."""

from __future__ import annotations

import pytest

from sticheln_tui.core.cards import Card
from sticheln_tui.core.seven_seals import (
    BLACK,
    COLOURS,
    SEALS,
    WHITE,
    SevenSealsOptions,
    deal_penalty,
    deck_for,
    legal_cards,
    prediction_problem,
    proposed_steals,
    robbable,
    saboteur_base_cost,
    saboteur_penalty,
    seals_to_return,
    standard_deals,
    steals_needed,
    trick_winner,
)


def red(value: int) -> Card:
    return Card("red", value)


def yellow(value: int) -> Card:
    return Card("yellow", value)


def green(value: int) -> Card:
    return Card("green", value)


def blue(value: int) -> Card:
    return Card("blue", value)


NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")
FULL_SUPPLY = {kind: count for kind, count in SEALS.items()}


# -- 4.1 components ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "top", "cards"), [(3, 9, 45), (4, 12, 60), (5, 15, 75)])
def test_the_deck_is_five_colours_of_one_to_a_top_value_fifteen_cards_each(players, top, cards):
    deck = deck_for(players)
    assert len(deck) == len(set(deck)) == cards == 15 * players
    assert set(deck) == {Card(colour, value) for colour in COLOURS for value in range(1, top + 1)}
    assert set(COLOURS) == {"red", "yellow", "green", "blue", "purple"}


@pytest.mark.parametrize("players", [2, 6, 0])
def test_other_table_sizes_are_refused(players):
    with pytest.raises(ValueError, match="3 to 5 players"):
        deck_for(players)


def test_the_box_holds_these_seals():
    assert dict(SEALS) == {
        "red": 5,
        "yellow": 3,
        "green": 3,
        "blue": 3,
        "purple": 3,
        WHITE: 4,
        BLACK: 6,
    }


# -- 4.3 play: following, trumping, discarding ---------------------------------------------

HAND = [red(2), yellow(9), green(4), green(11)]


def test_the_leader_plays_any_card():
    assert legal_cards([], HAND) == HAND


def test_a_player_holding_the_lead_colour_must_follow_it():
    assert legal_cards([green(7)], HAND) == [green(4), green(11)]
    assert legal_cards([yellow(3), red(9)], HAND) == [yellow(9)]  # the lead, not the trump


def test_red_led_must_be_followed_with_red():
    assert legal_cards([red(8)], HAND) == [red(2)]


def test_a_player_without_the_lead_colour_may_trump_with_red_or_discard_anything():
    assert legal_cards([blue(7)], HAND) == HAND


# -- 4.3 who wins the trick ---------------------------------------------------------------


def test_the_highest_card_of_the_lead_colour_wins_without_red():
    assert trick_winner([green(7), green(12), green(3)]) == 1


def test_a_discard_never_wins_however_high():
    assert trick_winner([green(2), blue(15), yellow(14)]) == 0


def test_any_red_beats_a_non_red_lead_and_the_highest_red_wins():
    assert trick_winner([green(12), red(1), green(13)]) == 1
    assert trick_winner([green(12), red(1), red(3), green(13)]) == 2


def test_red_led_the_highest_red_wins():
    assert trick_winner([red(4), red(9), green(15), red(5)]) == 1


def test_an_empty_trick_has_no_winner():
    with pytest.raises(ValueError):
        trick_winner([])


# -- 4.3 returning a seal -----------------------------------------------------------------


def test_the_winner_returns_a_seal_of_the_lead_colour():
    trick = [green(7), green(12), blue(3)]
    assert seals_to_return(trick, {"green": 2, "blue": 1}) == ["green"]


def test_won_with_red_on_another_lead_either_colour_may_be_returned():
    trick = [green(7), red(2), green(12)]
    assert seals_to_return(trick, {"red": 1, "green": 1, "blue": 3}) == ["red", "green"]
    assert seals_to_return(trick, {"red": 1}) == ["red"]
    assert seals_to_return(trick, {"green": 2}) == ["green"]


def test_red_played_but_not_winning_gives_no_red_choice():
    # Red led: only red. Another lead won without red: red is not eligible.
    assert seals_to_return([red(3), red(9)], {"red": 1, "green": 1}) == ["red"]
    assert seals_to_return([green(3), blue(9)], {"red": 1, "blue": 2}) == []


def test_white_is_a_joker_that_may_always_be_returned():
    trick = [green(7), green(12)]
    assert seals_to_return(trick, {"green": 1, WHITE: 1}) == ["green", WHITE]
    assert seals_to_return(trick, {"blue": 2, WHITE: 2}) == [WHITE]


def test_no_eligible_seal_returns_nothing_and_the_winner_takes_a_black():
    assert seals_to_return([green(7), green(12)], {}) == []
    assert seals_to_return([green(7), green(12)], {"blue": 3, "red": 5, BLACK: 2}) == []
    assert seals_to_return([green(7), green(12)], {"green": 0}) == []


# -- 4.4 scoring --------------------------------------------------------------------------


def test_a_deal_costs_two_a_coloured_seal_three_a_black_four_a_white():
    assert deal_penalty({}) == 0
    assert deal_penalty({"red": 1}) == 2
    assert deal_penalty({"yellow": 2, "purple": 1}) == 6
    assert deal_penalty({BLACK: 1}) == 3
    assert deal_penalty({WHITE: 1}) == 4
    assert deal_penalty({"blue": 1, BLACK: 2, WHITE: 3}) == 2 + 6 + 12


def test_the_saboteur_scores_its_cost_less_the_blacks_the_others_took_never_below_zero():
    assert saboteur_penalty(0) == 4
    assert saboteur_penalty(3) == 1
    assert saboteur_penalty(4) == 0
    assert saboteur_penalty(6) == 0
    assert saboteur_penalty(2, cost=7) == 5
    assert saboteur_penalty(6, cost=5) == 0


# -- 4.5 game end -------------------------------------------------------------------------


def test_one_deal_per_player_and_two_rounds_at_three_players():
    assert [standard_deals(players) for players in (3, 4, 5)] == [6, 4, 5]


def test_a_chosen_number_of_deals_from_one_to_twenty():
    assert SevenSealsOptions(deals=1).deals == 1
    assert SevenSealsOptions(deals=20).deals == 20
    for bad in (0, 21, True, 2.0):
        with pytest.raises(ValueError, match="1 to 20 deals"):
            SevenSealsOptions(deals=bad)


# -- 4.6 the saboteur's cost --------------------------------------------------------------


@pytest.mark.parametrize(
    ("costs_5", "escalating", "earlier", "cost"),
    [
        (False, False, 0, 4),
        (False, False, 3, 4),  # without escalation, earlier times cost nothing more
        (True, False, 0, 5),
        (False, True, 0, 4),
        (False, True, 1, 5),
        (False, True, 2, 6),
        (True, True, 0, 5),
        (True, True, 2, 7),
    ],
)
def test_the_saboteur_costs_four_five_with_costs_5_and_one_more_per_earlier_time_escalating(
    costs_5, escalating, earlier, cost
):
    options = SevenSealsOptions(saboteur_costs_5=costs_5, escalating_saboteur=escalating)
    assert saboteur_base_cost(options, earlier) == cost


# -- 4.2 prediction, as a rule ------------------------------------------------------------


def test_predicting_nothing_is_allowed():
    assert prediction_problem(FULL_SUPPLY, [{}, {}, {}], 0, {}, []) is None


def test_a_prediction_from_the_supply_needs_no_steal():
    wanted = {"red": 5, "green": 3, "blue": 1}
    assert steals_needed(FULL_SUPPLY, wanted) == {}
    assert prediction_problem(FULL_SUPPLY, [{}, {}, {}], 1, wanted, []) is None


def test_a_seal_the_supply_lacks_is_taken_from_a_chosen_holder():
    supply = {**FULL_SUPPLY, "green": 0, "red": 3}
    seals = [{"green": 2}, {}, {"green": 1, "red": 2}]
    wanted = {"green": 2, "red": 4}
    assert steals_needed(supply, wanted) == {"green": 2, "red": 1}
    assert robbable(seals, 1, "green") == [0, 2]
    steals = [("green", 0), ("green", 2), ("red", 2)]
    assert prediction_problem(supply, seals, 1, wanted, steals) is None
    assert prediction_problem(supply, seals, 1, wanted, [("green", 0)] * 2 + [("red", 2)]) is None


def test_a_steal_must_name_a_holder_of_the_colour_and_not_the_predictor():
    supply = {**FULL_SUPPLY, "green": 0}
    seals = [{"green": 1}, {}, {"green": 2}]
    wanted = {"green": 1}
    assert "from another player" in prediction_problem(supply, seals, 2, wanted, [("green", 2)])
    assert "holds fewer" in prediction_problem(supply, seals, 2, wanted, [("green", 1)])
    assert "holds fewer" in prediction_problem(
        supply, seals, 1, {"green": 2}, [("green", 0), ("green", 0)]
    )
    assert "from another player" in prediction_problem(supply, seals, 1, wanted, [("green", 3)])


def test_the_steals_must_match_what_the_supply_lacks():
    supply = {**FULL_SUPPLY, "green": 0}
    seals = [{"green": 3}, {}, {}]
    assert "say whom" in prediction_problem(supply, seals, 1, {"green": 1}, [])
    assert "nobody is robbed" in prediction_problem(
        FULL_SUPPLY, seals, 1, {"blue": 1}, [("green", 0)]
    )
    assert "say whom" in prediction_problem(
        supply, seals, 1, {"green": 1}, [("green", 0), ("green", 0)]
    )


def test_no_steal_when_no_white_seal_is_left():
    seals = [{"green": 3}, {}, {}]
    supply = {**FULL_SUPPLY, "green": 0, WHITE: 0}
    problem = prediction_problem(supply, seals, 1, {"green": 1}, [("green", 0)])
    assert problem == "no white seal is left for the robbed player, so no seal can be taken"
    # One white left: one steal, not two.
    supply = {**FULL_SUPPLY, "green": 0, WHITE: 1}
    assert prediction_problem(supply, seals, 1, {"green": 1}, [("green", 0)]) is None
    problem = prediction_problem(supply, seals, 1, {"green": 2}, [("green", 0)] * 2)
    assert problem is not None and "no white seal" in problem


def test_up_to_each_colours_total_counting_the_seals_stolen():
    supply = {**FULL_SUPPLY, "red": 2}
    seals = [{"red": 3}, {}, {}]
    assert prediction_problem(supply, seals, 1, {"red": 5}, [("red", 0)] * 3) is None
    problem = prediction_problem(supply, seals, 1, {"red": 6}, [("red", 0)] * 4)
    assert problem == "a prediction holds 0 to 5 red seals, not 6"
    assert "0 to 3 green" in prediction_problem(FULL_SUPPLY, seals, 1, {"green": 4}, [])
    assert "0 to 3 green" in prediction_problem(FULL_SUPPLY, seals, 1, {"green": -1}, [])


def test_white_and_black_are_never_predicted():
    for kind in (WHITE, BLACK):
        problem = prediction_problem(FULL_SUPPLY, [{}, {}, {}], 0, {kind: 1}, [])
        assert problem == f"only seals of the card colours are predicted, not {kind!r}"


def test_the_proposed_victim_holds_most_of_the_colour_then_sits_nearest_clockwise():
    supply = {**FULL_SUPPLY, "green": 0}
    seals = [{"green": 1}, {"green": 1}, {}, {"green": 1}]
    # Equal holders: the nearest clockwise from the predictor (seat 2) is seat 3.
    assert proposed_steals(supply, seals, 2, {"green": 1}) == (("green", 3),)
    assert proposed_steals(supply, seals, 2, {"green": 3}) == (
        ("green", 0),
        ("green", 1),
        ("green", 3),
    )
    seals = [{"green": 1}, {"green": 2}, {}, {}]
    assert proposed_steals(supply, seals, 2, {"green": 1}) == (("green", 1),)
    # Too few held by the others: fewer steals than needed (the prediction is then refused).
    assert proposed_steals(supply, [{}, {}, {}, {}], 2, {"green": 1}) == ()
