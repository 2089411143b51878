"""Worked examples of Seven Seals' rules (RULES.md section 4): the pinned rule functions,
then the game playing them out."""

from __future__ import annotations

import pytest
from helpers import blue, cards_in, green, red, yellow
from positions import NAMES

from sticheln_tui.core.cards import Card
from sticheln_tui.core.seven_seals import (
    BLACK,
    COLOURS,
    SEALS,
    WHITE,
    Phase,
    Predict,
    ReturnSeal,
    SevenSealsGame,
    SevenSealsOptions,
    TakeSaboteur,
    deal_penalty,
    deck_for,
    legal_cards,
    no_choice_of_victims,
    predict,
    prediction_problem,
    proposed_steals,
    robbable,
    saboteur_base_cost,
    saboteur_penalty,
    seals_to_return,
    standard_deals,
    steals_needed,
    trick_winner,
    victim_choices,
)
from sticheln_tui.core.table import IllegalMove, PlayCard
from sticheln_tui.games import engines

GAMES = engines()

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


def test_the_predictor_chooses_among_the_ways_to_rob_and_is_told_when_there_is_none():
    supply = {**FULL_SUPPLY, "green": 0, "red": 3}
    seals = [{"green": 2}, {}, {"green": 1, "red": 2}]
    players = ["Ann", "Bob", "Cid"]
    choices = victim_choices(supply, seals, 1, {"green": 2, "red": 4, "blue": 1})
    assert choices == {"green": [(0, 0), (0, 2)], "red": [(2,)]}
    assert no_choice_of_victims(supply, seals, 1, {"green": 2}, players) is None
    only_cid = no_choice_of_victims(supply, seals, 1, {"red": 4}, players)
    assert only_cid == "only Cid holds the seals the supply lacks"
    # Green 3: Ann's two and Cid's one, the only way; with red, two players in one way.
    nobody = "nobody else holds the seals the supply lacks"
    assert no_choice_of_victims(supply, seals, 1, {"green": 3, "red": 4}, players) == nobody
    from_supply = no_choice_of_victims(supply, seals, 1, {"blue": 3}, players)
    assert from_supply == "the supply has all the seals you take"


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
    assert "seals the supply lacks from a player" in prediction_problem(
        FULL_SUPPLY, seals, 1, {"blue": 1}, [("green", 0)]
    )
    assert "seals the supply lacks from a player" in prediction_problem(
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


# -- the game ---------------------------------------------------------------------------
# Positions are reached by playing the engine forward from a seed with chosen moves.

# Seed 5 at four players: seat 0 holds green 12, the highest green, and every other seat
# holds a green, so seat 0's green 12 lead wins the first trick (nobody may trump it).
SURE_WIN = 5
# Seed 38 at four players: seat 0 holds a green, seat 1 none but red, seats 2 and 3 a green
# (so they must follow): seat 1 wins a green lead with red.
TRUMP_WIN = 38


def new_game(players: int = 4, seed: int = 0, **options) -> SevenSealsGame:
    """Deal 1 is dealt by the last seat: seat 0 predicts first and leads."""
    return SevenSealsGame(NAMES[:players], SevenSealsOptions(**options), 0, seed)


def hand(game: SevenSealsGame, seat: int) -> tuple[Card, ...]:
    return game.view(seat).hand


def colour_of(cards, colour: str) -> list[Card]:
    return [card for card in cards if card.colour == colour]


def apply_all(game: SevenSealsGame, *moves) -> None:
    for move in moves:
        game.apply(move)


def nobody_predicts(game: SevenSealsGame) -> None:
    while game.phase is Phase.PREDICT:
        game.apply(predict({}))


def finish_deal(game: SevenSealsGame) -> None:
    """Every seat still to predict predicts nothing; then the first legal card each time,
    and the first seal offered."""
    deals = len(game.results)
    while len(game.results) == deals:
        if game.phase is Phase.PREDICT:
            game.apply(predict({}))
        else:
            game.apply(game.legal_moves()[0])


def snapshot(game: SevenSealsGame) -> tuple:
    """Everything observable about a game, to check that nothing changed."""
    seats = range(len(game.players))
    return (tuple(game.moves), tuple(game.results), game.view(None), *map(game.view, seats))


def refused(game: SevenSealsGame, move, reason: str) -> None:
    """`move` raises IllegalMove saying `reason`, and the game is as it was."""
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=reason):
        game.apply(move)
    assert snapshot(game) == before


def test_seven_seals_is_the_tables_third_game():
    assert GAMES["seven-seals"] is SevenSealsGame
    assert SevenSealsGame.TITLE == "Seven Seals"


@pytest.mark.parametrize("players", [2, 6])
def test_the_game_refuses_other_table_sizes(players):
    with pytest.raises(ValueError, match="3 to 5 players"):
        SevenSealsGame([f"P{seat}" for seat in range(players)])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_card_is_dealt_fifteen_to_each_seat(players):
    game = new_game(players, seed=players)
    hands = [hand(game, seat) for seat in range(players)]
    assert all(len(cards) == 15 for cards in hands)
    assert sorted(card for cards in hands for card in cards) == sorted(deck_for(players))
    assert all(
        list(cards) == sorted(cards, key=lambda c: (COLOURS.index(c.colour), c.value))
        for cards in hands
    )


# -- 4.2 the prediction round ---------------------------------------------------------------


def test_the_round_goes_clockwise_from_the_dealers_left_and_that_seat_leads():
    game = SevenSealsGame(NAMES[:4], SevenSealsOptions(), first_leader=2, seed=1)
    assert (game.dealer, game.phase) == (1, Phase.PREDICT)
    order = []
    while game.phase is Phase.PREDICT:
        order.append(game.to_move)
        game.apply(predict({}))
    assert order == [2, 3, 0, 1]
    assert (game.phase, game.to_move) == (Phase.PLAY, 2)


def test_the_deal_passes_one_seat_clockwise():
    game = SevenSealsGame(NAMES[:3], SevenSealsOptions(deals=4), first_leader=1, seed=2)
    starts = []
    while not game.finished:
        starts.append((game.dealer, game.to_move))
        finish_deal(game)
    assert starts == [(0, 1), (1, 2), (2, 0), (0, 1)]


def test_predictions_are_public_as_they_are_made():
    game = new_game(seed=3)
    game.apply(predict({"red": 2, "blue": 1}))
    for seat in (None, 1, 2, 3):
        view = game.view(seat)
        assert view.predictions == ({"red": 2, "blue": 1}, None, None, None)
        assert view.seals[0]["red"] == 2 and view.seals[0]["blue"] == 1
        assert view.supply["red"] == 3 and view.supply["blue"] == 2
        assert view.prediction_round == ((0, predict({"red": 2, "blue": 1})),)


def test_predicting_nothing_takes_no_seal():
    game = new_game(seed=3)
    game.apply(predict({}))
    assert game.view(None).predictions[0] == {}
    assert dict(game.view(None).supply) == dict(SEALS)
    assert predict({}) in game.legal_moves()


def test_a_seal_the_supply_lacks_is_stolen_and_the_robbed_player_takes_a_white():
    game = new_game(seed=3)
    game.apply(predict({"green": 2}))  # seat 0: the supply keeps one green
    game.apply(predict({"green": 2}, [("green", 0)]))  # seat 1: one from supply, one from 0
    view = game.view(None)
    assert view.seals[0]["green"] == 1 and view.seals[0][WHITE] == 1
    assert view.seals[1]["green"] == 2
    assert view.supply["green"] == 0 and view.supply[WHITE] == 3


def test_the_predictor_chooses_whom_to_rob_among_the_holders():
    game = new_game(seed=3)
    apply_all(game, predict({"green": 1}), predict({"green": 2}))
    assert robbable(game.view(2).seals, 2, "green") == [0, 1]
    refused(game, predict({"green": 1}), "the supply lacks 1 green seal: say whom")
    refused(game, predict({"green": 1}, [("green", 3)]), "holds fewer than 1 green seal")
    refused(game, predict({"green": 1}, [("green", 2)]), "from another player")
    assert predict({"green": 1}, [("green", 0)]) in game.legal_moves()
    game.apply(predict({"green": 1}, [("green", 1)]))
    assert game.view(None).seals[1]["green"] == 1 and game.view(None).seals[1][WHITE] == 1
    assert game.view(None).seals[0]["green"] == 1 and game.view(None).seals[0][WHITE] == 0


def test_no_steal_once_the_white_seals_are_gone():
    game = new_game(seed=3)
    game.apply(predict({"green": 3, "yellow": 3}))  # seat 0 empties green and yellow
    game.apply(predict({"green": 3}, [("green", 0)] * 3))  # three whites paid
    game.apply(predict({"yellow": 1}, [("yellow", 0)]))  # the fourth and last white
    assert game.view(None).supply[WHITE] == 0
    assert game.view(3).seals[1]["green"] == 3
    reason = "no white seal is left for the robbed player, so no seal can be taken"
    refused(game, predict({"green": 1}, [("green", 1)]), reason)
    assert (
        prediction_problem(game.view(3).supply, game.view(3).seals, 3, {"green": 1}, [("green", 1)])
        == reason
    )
    predictions = [move for move in game.legal_moves() if isinstance(move, Predict)]
    assert predictions and all(not move.steals for move in predictions)
    assert all(move.wanted.get("green", 0) == 0 for move in predictions)


def test_a_colour_up_to_its_total_counting_the_seals_stolen():
    game = new_game(seed=3)
    game.apply(predict({"red": 3}))
    reds = {move.wanted.get("red", 0) for move in game.legal_moves() if isinstance(move, Predict)}
    assert reds == {0, 1, 2, 3, 4, 5}  # 2 from the supply, up to 3 from seat 0
    assert predict({"red": 5}, [("red", 0)] * 3) in game.legal_moves()
    refused(game, predict({"red": 6}, [("red", 0)] * 4), "0 to 5 red seals, not 6")
    refused(game, predict({"blue": 4}), "0 to 3 blue seals, not 4")
    game.apply(predict({"red": 5}, [("red", 0)] * 3))
    assert game.view(None).seals[1]["red"] == 5 and game.view(None).seals[0][WHITE] == 3


# -- 4.3 play ---------------------------------------------------------------------------


def test_a_player_must_follow_the_lead_colour_if_able():
    game = new_game(seed=TRUMP_WIN)
    nobody_predicts(game)
    lead = colour_of(hand(game, 0), "green")[0]
    game.apply(PlayCard(lead))
    # Seat 1 has no green: red or any card.
    assert {move.card for move in game.legal_moves()} == set(hand(game, 1))
    game.apply(PlayCard(next(card for card in hand(game, 1) if card.colour != "red")))  # a discard
    # Seat 2 holds green: only green.
    greens = colour_of(hand(game, 2), "green")
    assert {move.card for move in game.legal_moves()} == set(greens)
    other = next(card for card in hand(game, 2) if card.colour != "green")
    refused(game, PlayCard(other), "must follow green")
    refused(game, PlayCard(hand(game, 3)[0]), "is not in Cid's hand")


def test_the_winner_of_a_trick_leads_the_next():
    game = new_game(seed=TRUMP_WIN)
    nobody_predicts(game)
    game.apply(PlayCard(colour_of(hand(game, 0), "green")[0]))
    game.apply(PlayCard(colour_of(hand(game, 1), "red")[0]))
    game.apply(PlayCard(colour_of(hand(game, 2), "green")[-1]))
    game.apply(PlayCard(colour_of(hand(game, 3), "green")[-1]))
    assert game.view(None).last_trick.winner == 1
    assert (game.phase, game.to_move) == (Phase.PLAY, 1)


def play_sure_win(game: SevenSealsGame) -> None:
    """Seat 0 leads green 12; the others follow with their lowest green."""
    game.apply(PlayCard(green(12)))
    for seat in (1, 2, 3):
        game.apply(PlayCard(colour_of(hand(game, seat), "green")[0]))


def test_the_winner_gives_back_its_only_eligible_seal_at_once():
    game = new_game(seed=SURE_WIN)
    assert green(12) in hand(game, 0)
    assert all(colour_of(hand(game, seat), "green") for seat in (1, 2, 3))
    apply_all(game, predict({"green": 1, "blue": 2}), predict({}), predict({}), predict({}))
    play_sure_win(game)
    trick = game.view(None).last_trick
    assert (trick.winner, trick.returned, trick.took_black) == (0, "green", False)
    assert game.view(None).seals[0]["green"] == 0 and game.view(None).seals[0]["blue"] == 2
    assert game.view(None).supply["green"] == 3
    assert (game.phase, game.to_move) == (Phase.PLAY, 0)


def test_a_white_seal_is_a_joker():
    game = new_game(seed=SURE_WIN)
    # Seat 1 robs seat 0's green: seat 0 holds a white and no green.
    apply_all(game, predict({"green": 1}), predict({"green": 3}, [("green", 0)]))
    apply_all(game, predict({}), predict({}))
    assert game.view(None).seals[0][WHITE] == 1
    play_sure_win(game)
    assert game.view(None).last_trick.returned == WHITE
    assert game.view(None).seals[0][WHITE] == 0 and game.view(None).supply[WHITE] == 4


def test_a_choice_of_seals_waits_for_the_winner_with_the_whole_trick_shown():
    game = new_game(seed=SURE_WIN)
    # Seat 0 keeps a green and gets a white for the one seat 1 takes.
    apply_all(game, predict({"green": 2}), predict({"green": 2}, [("green", 0)]))
    apply_all(game, predict({}), predict({}))
    play_sure_win(game)
    view = game.view(0)
    assert (view.phase, view.to_move) == (Phase.RETURN, 0)
    assert view.returnable == ("green", WHITE)
    assert set(game.legal_moves()) == {ReturnSeal("green"), ReturnSeal(WHITE)}
    assert len(view.trick) == 4 and view.winning_seat == 0
    refused(game, ReturnSeal("blue"), "gives back a green or white seal")
    refused(game, ReturnSeal(BLACK), "gives back a green or white seal")
    refused(game, PlayCard(hand(game, 0)[0]), "gives back")
    game.apply(ReturnSeal(WHITE))
    view = game.view(None)
    assert view.last_trick.returned == WHITE and view.trick == ()
    assert view.seals[0]["green"] == 1 and view.seals[0][WHITE] == 0
    assert (view.phase, view.to_move) == (Phase.PLAY, 0)


def test_won_with_red_on_a_green_lead_the_winner_chooses_red_or_green():
    game = new_game(seed=TRUMP_WIN)
    assert not colour_of(hand(game, 1), "green") and colour_of(hand(game, 1), "red")
    assert all(colour_of(hand(game, seat), "green") for seat in (0, 2, 3))
    apply_all(game, predict({}), predict({"red": 1, "green": 1}), predict({}), predict({}))
    game.apply(PlayCard(colour_of(hand(game, 0), "green")[-1]))
    game.apply(PlayCard(colour_of(hand(game, 1), "red")[0]))
    for seat in (2, 3):
        game.apply(PlayCard(colour_of(hand(game, seat), "green")[-1]))
    assert game.view(1).returnable == ("red", "green")
    game.apply(ReturnSeal("red"))
    assert game.view(None).seals[1]["red"] == 0 and game.view(None).seals[1]["green"] == 1


def test_a_winner_without_an_eligible_seal_takes_a_black():
    game = new_game(seed=SURE_WIN)
    apply_all(game, predict({"blue": 1}), predict({}), predict({}), predict({}))
    play_sure_win(game)
    view = game.view(None)
    assert view.last_trick.took_black and view.last_trick.returned is None
    assert view.seals[0][BLACK] == 1 and view.seals[0]["blue"] == 1
    assert view.supply[BLACK] == 5 and view.blacks_taken == (1, 0, 0, 0)


def test_the_saboteur_wins_tricks_but_never_takes_or_returns_a_seal():
    game = new_game(seed=SURE_WIN)
    apply_all(game, TakeSaboteur(), predict({}), predict({}), predict({}))
    play_sure_win(game)
    view = game.view(None)
    assert view.last_trick.winner == 0
    assert view.last_trick.returned is None and not view.last_trick.took_black
    assert view.supply[BLACK] == 6 and not any(view.seals[0].values())


def test_at_most_six_black_seals_a_deal_then_winning_costs_nothing():
    game = new_game(seed=4)
    nobody_predicts(game)  # every winner holds no seal: a black each while any is left
    while len(game.view(None).deal_tricks) < 14:
        game.apply(game.legal_moves()[0])
    took = [trick.took_black for trick in game.view(None).deal_tricks]
    assert took == [True] * 6 + [False] * 8
    assert game.view(None).supply[BLACK] == 0 and sum(game.view(None).blacks_taken) == 6
    finish_deal(game)
    result = game.results[0]
    blacks = [score.count(BLACK) for score in result.scores]
    assert sum(blacks) == 6
    assert [score.total for score in result.scores] == [3 * n for n in blacks]


# -- 4.4 scoring -------------------------------------------------------------------------


def test_a_deal_scores_two_a_coloured_seal_three_a_black_four_a_white():
    game = new_game(seed=SURE_WIN)
    # Seat 0 takes every red and yellow; seat 1 robs it of four (seat 0 gets four whites).
    apply_all(game, predict({"red": 5, "yellow": 3}))
    apply_all(game, predict({"red": 2, "yellow": 2}, [("red", 0)] * 2 + [("yellow", 0)] * 2))
    apply_all(game, predict({"blue": 1}), predict({}))
    finish_deal(game)
    scores = game.results[0].scores
    assert [dict(score.held) for score in scores] == [
        {WHITE: 4},
        {"red": 2, "yellow": 2, BLACK: 1},
        {"blue": 1, BLACK: 1},
        {BLACK: 4},
    ]
    assert [score.total for score in scores] == [4 * 4, 2 * 4 + 3, 2 + 3, 3 * 4]
    assert game.totals == (16, 11, 5, 12) and game.view(None).totals == game.totals


def test_the_saboteur_scores_its_price_less_the_others_blacks_never_below_zero():
    game = new_game(seed=4)
    game.apply(TakeSaboteur())
    finish_deal(game)  # nobody else holds a seal: the others take all six blacks
    result = game.results[0]
    score = result.scores[0]
    assert result.saboteur == 0
    assert (score.saboteur_price, score.held) == (4, ())
    assert score.blacks_by_others == sum(other.count(BLACK) for other in result.scores) == 6
    assert score.total == 0  # 4 - 6, never below 0


# -- 4.5 game end -------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "deals"), [(3, 6), (4, 4), (5, 5)])
def test_one_deal_per_player_two_rounds_at_three(players, deals):
    game = new_game(players, seed=6)
    assert game.deals_total == game.view(None).deals_total == deals
    while not game.finished:
        finish_deal(game)
    assert len(game.results) == deals and game.phase is Phase.OVER


def test_a_chosen_number_of_deals():
    game = new_game(5, seed=6, deals=2)
    finish_deal(game)
    assert not game.finished and game.view(None).deal == 2
    finish_deal(game)
    assert game.finished and game.legal_moves() == ()


def one_deal_totals(seed: int) -> tuple[SevenSealsGame, tuple[int, ...]]:
    game = new_game(3, seed=seed, deals=1)
    finish_deal(game)
    return game, game.totals


def test_the_lowest_total_wins_and_equal_totals_share():
    games = [one_deal_totals(seed) for seed in range(12)]
    alone = next(game for game, totals in games if sorted(totals)[0] < sorted(totals)[1])
    shared = next(game for game, totals in games if sorted(totals)[0] == sorted(totals)[1])
    low = min(alone.totals)
    assert alone.winners == (alone.totals.index(low),)
    low = min(shared.totals)
    assert shared.winners == tuple(s for s, total in enumerate(shared.totals) if total == low)
    assert len(shared.winners) >= 2
    assert shared.view(None).winners == shared.winners


# -- 4.6 the saboteur and its variants ------------------------------------------------------


def test_only_one_player_holds_the_saboteur_without_an_auction():
    game = new_game(seed=3)
    assert game.view(0).saboteur_offer == 4 and TakeSaboteur() in game.legal_moves()
    game.apply(TakeSaboteur())
    view = game.view(1)
    assert (view.saboteur, view.saboteur_price, view.saboteur_offer) == (0, 4, None)
    assert TakeSaboteur() not in game.legal_moves()
    refused(game, TakeSaboteur(), "the saboteur is Ann's: there is no auction")
    assert game.to_move == 1  # the round went on


def test_the_saboteur_costs_5_with_that_variant():
    game = new_game(seed=3, saboteur_costs_5=True)
    assert game.view(0).saboteur_offer == 5
    game.apply(TakeSaboteur())
    finish_deal(game)
    assert game.results[0].scores[0].saboteur_price == 5


def test_escalating_the_same_player_pays_one_more_each_time():
    game = new_game(3, seed=3, escalating_saboteur=True)
    game.apply(TakeSaboteur())  # seat 0, deal 1: 4
    finish_deal(game)
    # Deal 2: seat 1 predicts first; seat 1 never took it, seat 0 did once.
    assert game.to_move == 1 and game.view(1).saboteur_offer == 4
    apply_all(game, predict({}), predict({}))
    assert game.view(0).saboteur_offer == 5
    game.apply(TakeSaboteur())
    assert game.view(None).saboteur_price == 5
    finish_deal(game)
    assert [result.scores[0].saboteur_price for result in game.results] == [4, 5]
    assert game.view(None).saboteur_times == (2, 0, 0)


def test_at_an_auction_the_displaced_holder_answers_at_once():
    game = new_game(4, seed=3, saboteur_auction=True)
    game.apply(TakeSaboteur())  # seat 0 at 4
    assert game.to_move == 1 and game.view(1).saboteur_offer == 5
    game.apply(TakeSaboteur())  # seat 1 takes it from seat 0 for 5
    view = game.view(0)
    assert (view.to_move, view.displaced, view.saboteur, view.saboteur_price) == (0, True, 1, 5)
    assert view.saboteur_offer == 6  # bids rise by exactly 1
    game.apply(TakeSaboteur())  # seat 0 back for 6
    view = game.view(1)
    assert (view.to_move, view.displaced, view.saboteur_offer) == (1, True, 7)
    game.apply(predict({"red": 1}))  # seat 1 gives up: the round goes on left of seat 1
    view = game.view(2)
    assert (view.to_move, view.displaced, view.saboteur, view.saboteur_price) == (2, False, 0, 6)
    assert view.saboteur_offer == 7
    game.apply(predict({}))
    game.apply(TakeSaboteur())  # seat 3 takes it from seat 0 for 7
    assert (game.to_move, game.view(0).displaced) == (0, True)
    game.apply(predict({}))  # seat 0 predicts: the round is over
    assert (game.phase, game.to_move) == (Phase.PLAY, 0)
    assert [seat for seat, _ in game.view(None).prediction_round] == [0, 1, 0, 1, 2, 3, 0]
    finish_deal(game)
    score = game.results[0].scores[3]
    assert game.results[0].saboteur == 3 and score.saboteur_price == 7  # replaces 4
    assert score.total == max(0, 7 - score.blacks_by_others)


def test_the_round_ends_when_the_last_seats_outbid_holder_predicts():
    game = new_game(3, seed=3, saboteur_auction=True)
    apply_all(game, predict({}), TakeSaboteur(), TakeSaboteur())  # seat 2 takes it from 1
    assert game.to_move == 1 and game.view(1).saboteur_offer == 6
    game.apply(predict({}))
    assert game.phase is Phase.PLAY


def test_the_variants_combine():
    options = {"saboteur_costs_5": True, "escalating_saboteur": True, "saboteur_auction": True}
    game = new_game(3, seed=3, **options)
    game.apply(TakeSaboteur())  # seat 0, deal 1: costs 5
    assert game.view(None).saboteur_price == 5
    finish_deal(game)
    # Deal 2 (seat 1 first): seat 0 took it before, so its auction starts at 6.
    apply_all(game, predict({}), predict({}))
    assert game.view(0).saboteur_offer == 6
    game.apply(TakeSaboteur())
    assert game.phase is Phase.PLAY and game.view(None).saboteur_price == 6
    finish_deal(game)
    # Deal 3 (seat 2 first): seat 2 takes it at 5, seat 0 outbids at 6, seat 2 at 7.
    game.apply(TakeSaboteur())
    assert game.view(None).saboteur_price == 5
    game.apply(predict({}))
    assert game.view(1).saboteur_offer == 6
    apply_all(game, TakeSaboteur(), TakeSaboteur())
    assert (game.view(None).saboteur, game.view(None).saboteur_price) == (2, 7)


# -- illegal moves and what each seat sees ------------------------------------------------


def test_a_move_of_the_wrong_phase_is_refused_and_changes_nothing():
    game = new_game(seed=SURE_WIN)
    refused(game, PlayCard(green(12)), "must predict")
    refused(game, ReturnSeal("green"), "must predict")
    refused(game, "red", "must predict")
    nobody_predicts(game)
    refused(game, predict({}), "must play a card")
    refused(game, TakeSaboteur(), "must play a card")
    refused(game, ReturnSeal(WHITE), "must play a card")
    refused(game, PlayCard(Card("green", 12.0)), "not a card")


def test_a_card_of_a_colour_outside_the_deck_is_refused_and_changes_nothing():
    game = new_game(seed=SURE_WIN)
    nobody_predicts(game)
    refused(game, PlayCard(Card("white", 1)), "not a card: a Card of a colour of the deck")


def test_a_malformed_prediction_is_refused_and_changes_nothing():
    game = new_game(seed=3)
    refused(game, Predict((("blue", 1), ("red", 1))), "colour order")
    refused(game, Predict((("red", 0),)), "colour order")
    refused(game, Predict((("red", "1"),)), "a prediction")
    refused(game, predict({WHITE: 1}), "only seals of the card colours")
    refused(game, predict({BLACK: 1}), "only seals of the card colours")
    refused(game, predict({"red": 1}, [("red", 1)]), "seals the supply lacks from a player")


def test_a_seat_sees_its_own_hand_and_nobody_elses():
    game = new_game(seed=SURE_WIN)
    apply_all(game, predict({"green": 1}), predict({}), predict({}), predict({}))
    game.apply(PlayCard(green(12)))
    hands = [set(hand(game, seat)) for seat in range(4)]
    assert all(len(cards) == 15 for cards in hands[1:]) and len(hands[0]) == 14
    for seat in range(4):
        view = game.view(seat)
        seen = set(cards_in(view))
        assert seen >= hands[seat]
        assert not seen & set().union(*(hands[s] for s in range(4) if s != seat))
        assert view.hand_sizes == (14, 15, 15, 15)
    public = game.view(None)
    assert public.hand == () and public.legal_moves == ()
    assert set(cards_in(public)) == {green(12)}  # the trick so far is public
    assert game.view(2).legal_moves == ()  # only the seat to move is offered moves
