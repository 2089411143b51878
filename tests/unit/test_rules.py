"""Worked examples of Sticheln's rules (RULES.md section 1, and section 2's latest trump)."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import c, cards

from sticheln_tui.core.cards import FRENCH_SUITS, STICHELN_COLOURS, Card, sort_key
from sticheln_tui.core.game import (
    Game,
    IllegalMove,
    Phase,
    PickPain,
    PlayCard,
    Played,
    SeatView,
)
from sticheln_tui.core.names import check_names
from sticheln_tui.core.sticheln import (
    Rules,
    card_score,
    deck_for,
    hand_size,
    is_trump,
    score_breakdown,
    score_deal,
    trick_winner,
    winners,
)

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
ALL_BUT_PURPLE = {"blue", "red", "green", "yellow", "brown"}
ALL_SIX = set(STICHELN_COLOURS)

CLASSIC = Rules()
REVERSE = Rules(reverse=True)
MILD = Rules(mild=True)


def all_views(game: Game) -> list[SeatView]:
    return [game.view(None)] + [game.view(seat) for seat in range(len(game.players))]


def snapshot(game: Game):
    """Everything observable about a game, to check that nothing changed."""
    return (
        all_views(game),
        list(game.moves),
        list(game.results),
        game.phase,
        [list(hand) for hand in game.hands],
    )


def first_move(game: Game):
    return game.legal_moves()[0]


def finish_picks(game: Game) -> None:
    while game.phase is Phase.PICK:
        game.apply(first_move(game))


def finish_deal(game: Game) -> None:
    deals = len(game.results)
    while len(game.results) == deals:
        game.apply(first_move(game))


def finish_game(game: Game) -> None:
    while game.phase is not Phase.OVER:
        game.apply(first_move(game))


# -- 1.1 the deck ---------------------------------------------------------------------

# players -> (highest value, colours, cards, dealt each, left over)
DECK_TABLE = {
    3: (8, ALL_BUT_PURPLE, 45, 15, 0),
    4: (11, ALL_BUT_PURPLE, 60, 15, 0),
    5: (14, ALL_BUT_PURPLE, 75, 15, 0),
    6: (14, ALL_SIX, 90, 15, 0),
    7: (17, ALL_SIX, 108, 15, 3),
    8: (18, ALL_SIX, 114, 14, 2),
}


@pytest.mark.parametrize("players", sorted(DECK_TABLE))
def test_deck_table(players):
    top, colours, count, dealt, left = DECK_TABLE[players]
    deck = deck_for(players)
    assert len(deck) == count
    assert {card.colour for card in deck} == colours
    for colour in colours:
        assert sorted(card.value for card in deck if card.colour == colour) == list(range(top + 1))
    assert hand_size(players) == dealt
    assert len(deck) - players * hand_size(players) == left
    assert all(isinstance(card, Card) for card in deck)


@pytest.mark.parametrize("players", sorted(DECK_TABLE))
def test_deck_has_each_card_once(players):
    deck = deck_for(players)
    assert len(set(deck)) == len(deck)
    assert max(Counter(deck).values()) == 1


@pytest.mark.parametrize("players", sorted(DECK_TABLE))
def test_deck_respects_the_colour_ranges(players):
    # blue, red, green run 0-20; yellow, purple, brown 0-18.
    for card in deck_for(players):
        assert 0 <= card.value <= (20 if card.colour in ("blue", "red", "green") else 18)


@pytest.mark.parametrize("players", [0, 1, 2, 9, 10])
def test_deck_for_unplayable_table_raises(players):
    with pytest.raises(ValueError):
        deck_for(players)
    with pytest.raises(ValueError):
        hand_size(players)


def test_french_deck_is_52_cards_for_four_players():
    rules = Rules(french_deck=True)
    deck = deck_for(4, rules)
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert {card.colour for card in deck} == set(FRENCH_SUITS)
    for suit in FRENCH_SUITS:
        assert sorted(card.value for card in deck if card.colour == suit) == list(range(2, 15))
    assert all(card.value != 0 for card in deck)
    assert hand_size(4, rules) == 13


@pytest.mark.parametrize("players", [2, 3, 5, 6, 7, 8, 9])
def test_french_deck_refuses_other_player_counts(players):
    with pytest.raises(ValueError):
        deck_for(players, Rules(french_deck=True))


def test_rules_deal_count_range():
    assert Rules().deals == 5
    assert Rules(deals=1).deals == 1
    assert Rules(deals=20).deals == 20
    for bad in (0, 21, -1):
        with pytest.raises(ValueError):
            Rules(deals=bad)


# -- 1.4 who wins the trick ------------------------------------------------------------


def winner(texts, rules=CLASSIC) -> int:
    return trick_winner(cards(*texts), rules)


def test_highest_trump_wins_whatever_its_colour():
    assert winner(["red 5", "blue 3", "yellow 9", "green 7"]) == 2
    assert winner(["red 20", "blue 1"]) == 1  # any trump beats the highest lead card
    assert winner(["red 5", "green 12", "red 18", "blue 11"]) == 1


def test_without_trump_the_highest_lead_colour_card_wins():
    assert winner(["red 5", "red 9", "red 2"]) == 1
    assert winner(["red 5", "red 3", "red 4"]) == 0


def test_zeros_of_other_colours_do_not_trump():
    assert winner(["red 5", "blue 0", "red 7", "green 0"]) == 2
    assert winner(["red 1", "blue 0", "yellow 0"]) == 0
    assert not is_trump(c("blue 0"), "red")
    assert is_trump(c("blue 1"), "red")
    assert not is_trump(c("red 9"), "red")


def test_tie_between_colours_goes_to_the_card_played_first():
    assert winner(["red 5", "blue 9", "yellow 9"]) == 1
    assert winner(["red 5", "green 3", "blue 9", "yellow 9", "brown 9"]) == 2


def test_all_zeros_the_lead_wins():
    assert winner(["red 0", "blue 0", "green 0"]) == 0
    assert winner(["yellow 0", "blue 0", "green 0", "red 0", "brown 0"]) == 0


def test_zero_lead_sets_the_lead_colour():
    # The red zero leads: red is the lead colour, so red 3 is no trump and beats the zero.
    assert winner(["red 0", "red 3", "blue 0"]) == 1
    # Blue is then trump.
    assert winner(["red 0", "red 3", "blue 1"]) == 2
    assert winner(["red 0", "blue 0", "red 2"]) == 2


def test_trick_winner_works_on_partial_tricks():
    assert winner(["red 5"]) == 0
    assert winner(["red 5", "red 9"]) == 1
    assert winner(["red 5", "red 9", "blue 2"]) == 2
    assert winner(["green 0"]) == 0
    with pytest.raises(ValueError):
        trick_winner([])


def test_reverse_lowest_trump_wins():
    assert winner(["red 5", "blue 3", "yellow 9", "green 7"], REVERSE) == 1
    assert winner(["red 1", "blue 20"], REVERSE) == 1


def test_reverse_without_trump_the_lowest_lead_colour_card_wins():
    assert winner(["red 5", "red 9", "red 2"], REVERSE) == 2
    assert winner(["red 5", "red 9", "blue 0"], REVERSE) == 0


def test_reverse_zeros_never_win_unless_all_zeros():
    assert winner(["red 0", "red 3"], REVERSE) == 1
    assert winner(["red 0", "red 3", "red 7"], REVERSE) == 1
    assert winner(["red 4", "red 0"], REVERSE) == 0
    assert winner(["red 0", "blue 0", "green 0"], REVERSE) == 0
    assert winner(["red 0", "blue 0", "green 5"], REVERSE) == 2
    assert not is_trump(c("blue 0"), "red", REVERSE)


def test_reverse_ties_go_to_the_card_played_first():
    assert winner(["red 5", "blue 2", "yellow 2"], REVERSE) == 1
    assert winner(["red 5", "green 9", "blue 2", "yellow 2"], REVERSE) == 2


# Section 2's latest-trump examples; lead colour red.
LATEST = Rules(latest_trump=True)
LATEST_ZEROS = Rules(latest_trump=True, zeros_trump=True)


@pytest.mark.parametrize("rules", [LATEST, LATEST_ZEROS], ids=["zeros-never", "zeros-trump"])
def test_latest_trump_example_1(rules):
    # red 5, blue 9, yellow 3: latest trump colour yellow, yellow 3 wins.
    assert winner(["red 5", "blue 9", "yellow 3"], rules) == 2


@pytest.mark.parametrize("rules", [LATEST, LATEST_ZEROS], ids=["zeros-never", "zeros-trump"])
def test_latest_trump_example_2(rules):
    # red 5, blue 9, yellow 3, blue 2: latest trump colour blue, blue 9 wins.
    assert winner(["red 5", "blue 9", "yellow 3", "blue 2"], rules) == 1


@pytest.mark.parametrize("rules", [LATEST, LATEST_ZEROS], ids=["zeros-never", "zeros-trump"])
def test_latest_trump_example_3(rules):
    # red 5, blue 9, blue 0: blue 9 wins with and without zeros as trump.
    assert winner(["red 5", "blue 9", "blue 0"], rules) == 1


def test_latest_trump_example_4():
    # red 5, yellow 4, blue 0: zeros as trump -> blue 0; zeros never trump -> yellow 4.
    assert winner(["red 5", "yellow 4", "blue 0"], LATEST_ZEROS) == 2
    assert winner(["red 5", "yellow 4", "blue 0"], LATEST) == 1


def test_latest_trump_differs_from_highest_trump():
    assert winner(["red 5", "blue 9", "yellow 3"], CLASSIC) == 1
    assert winner(["red 5", "blue 9", "yellow 3"], LATEST) == 2


def test_latest_trump_under_reverse_lowest_of_the_last_nonzero_colour():
    rules = Rules(reverse=True, latest_trump=True)
    # Latest non-zero off-lead colour is blue; its lowest non-zero card wins.
    assert winner(["red 5", "blue 9", "yellow 3", "blue 12", "green 0"], rules) == 1


def test_zeros_as_trump_without_latest():
    rules = Rules(zeros_trump=True)
    assert winner(["red 5", "blue 0"], rules) == 1
    assert winner(["red 5", "blue 0", "green 0"], rules) == 1  # tie: first played
    assert winner(["red 5", "blue 0", "green 1"], rules) == 2
    assert is_trump(c("blue 0"), "red", rules)
    assert not is_trump(c("red 0"), "red", rules)


# -- 1.5 scoring -----------------------------------------------------------------------


def test_score_worked_example():
    # Pain card red 4; won red 2, red 5 and 14 other cards: 14 - (4 + 2 + 5) = 3.
    others = [Card(colour, value) for colour in ("blue", "green") for value in range(1, 8)]
    assert len(others) == 14
    pile = [*cards("red 4", "red 2", "red 5"), *others]
    assert score_deal(pile, {"red"}) == 3
    assert score_breakdown(pile, {"red"}) == (14, -11)


def test_other_colours_score_one_whatever_the_value_zeros_included():
    assert score_deal(cards("blue 0", "green 0", "yellow 18"), {"red"}) == 3
    assert card_score(c("blue 0"), {"red"}) == 1
    assert card_score(c("blue 20"), {"red"}) == 1


def test_a_pain_zero_costs_nothing():
    assert card_score(c("red 0"), {"red"}) == 0
    assert score_deal(cards("red 0", "blue 3"), {"red"}) == 1
    assert score_deal(cards("red 0"), {"red"}) == 0


def test_mild_is_a_flat_minus_five_zeros_included():
    assert card_score(c("red 17"), {"red"}, MILD) == -5
    assert card_score(c("red 0"), {"red"}, MILD) == -5
    assert card_score(c("blue 17"), {"red"}, MILD) == 1
    assert score_deal(cards("red 4", "red 0", "red 20", "blue 3", "green 0"), {"red"}, MILD) == -13


def test_reverse_luck_cards_plus_value_others_minus_one():
    assert card_score(c("red 7"), {"red"}, REVERSE) == 7
    assert card_score(c("blue 7"), {"red"}, REVERSE) == -1
    assert card_score(c("blue 0"), {"red"}, REVERSE) == -1
    assert card_score(c("red 0"), {"red"}, REVERSE) == 0
    assert score_deal(cards("red 4", "red 2", "blue 9", "green 0"), {"red"}, REVERSE) == 4


def test_two_pain_colours_both_count():
    assert score_deal(cards("red 4", "blue 3", "green 9"), {"red", "blue"}) == -6


@pytest.mark.parametrize("rules", [CLASSIC, MILD, REVERSE], ids=["classic", "mild", "reverse"])
def test_score_breakdown_sums_to_score_deal(rules):
    pile = cards("red 4", "red 0", "red 11", "blue 0", "blue 3", "green 20", "yellow 1")
    gained, lost = score_breakdown(pile, {"red"}, rules)
    assert gained >= 0
    assert lost <= 0
    assert gained + lost == score_deal(pile, {"red"}, rules)
    assert gained + lost == sum(card_score(card, {"red"}, rules) for card in pile)


def test_score_breakdown_values():
    pile = cards("red 4", "red 0", "red 11", "blue 0", "blue 3", "green 20", "yellow 1")
    assert score_breakdown(pile, {"red"}) == (4, -15)
    assert score_breakdown(pile, {"red"}, MILD) == (4, -15)
    assert score_breakdown(pile, {"red"}, REVERSE) == (15, -4)


def test_empty_pile_scores_zero():
    assert score_deal([], {"red"}) == 0
    assert score_breakdown([], {"red"}) == (0, 0)


def test_winners_share_equal_best_totals():
    assert winners([3, 7, 7, -2]) == [1, 2]
    assert winners([-4, -1, -9]) == [1]
    assert winners([0, 0, 0]) == [0, 1, 2]


# -- names -----------------------------------------------------------------------------


def test_good_names_pass():
    assert check_names(["Ann", "Bob", "Cy"]) is None
    assert check_names(list(NAMES)) is None


@pytest.mark.parametrize(
    "names",
    [["Ann", "Bob", "ann"], ["Ann", "BOB", "bob"], ["Ann", "Bob", " Ann "], ["Äb", "äB", "Cy"]],
)
def test_duplicate_names_case_insensitive(names):
    problem = check_names(names)
    assert problem is not None
    assert "two players" in problem


@pytest.mark.parametrize("names", [["", "Bob", "Cy"], ["Ann", "   ", "Cy"]])
def test_empty_name(names):
    assert check_names(names) == "every player needs a name"


@pytest.mark.parametrize("count", [0, 1, 2, 9, 12])
def test_too_few_or_too_many_players(count):
    """How many may sit is Sticheln's own rule (3 to 8), said with the count."""
    with pytest.raises(ValueError, match=str(count)):
        Game([f"P{i}" for i in range(count)], seed=1)


def test_too_long_or_unprintable_name():
    assert check_names(["A" * 17, "Bob", "Cy"]) is not None
    assert check_names(["A" * 16, "Bob", "Cy"]) is None
    assert check_names(["A\tB", "Bob", "Cy"]) is not None


def test_game_refuses_bad_tables():
    with pytest.raises(ValueError):
        Game(["Ann", "Bob"], seed=1)
    with pytest.raises(ValueError):
        Game(["Ann", "ann", "Cy"], seed=1)
    with pytest.raises(ValueError):
        Game(["Ann", "Bob", "Cy"], first_leader=3, seed=1)
    with pytest.raises(ValueError):
        Game(["Ann", "Bob", "Cy"], rules=Rules(french_deck=True), seed=1)


# -- the game engine ---------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("first_leader", [0, 2])
def test_leaders_and_dealers(players, first_leader):
    game = Game(NAMES[:players], first_leader=first_leader, seed=11)
    for deal in range(5):
        leader = (first_leader + deal) % players
        view = game.view(None)
        assert view.deal == deal + 1
        assert view.dealer == (leader - 1) % players  # dealer is the seat right of the leader
        finish_picks(game)
        view = game.view(None)
        assert view.phase is Phase.PLAY
        assert view.trick == ()
        assert view.to_move == leader
        # The leader's first card leads the first trick.
        move = first_move(game)
        game.apply(move)
        assert game.view(None).trick[0].seat == leader
        assert game.view(None).trick[0].card == move.card
        finish_deal(game)
    assert game.phase is Phase.OVER


@pytest.mark.parametrize("players", range(3, 9))
def test_every_player_picks_one_pain_card(players):
    game = Game(NAMES[:players], seed=5)
    for _ in range(2):
        dealt = hand_size(players)
        start = game.view(None)
        assert start.hand_sizes == (dealt,) * players
        assert start.picked == (False,) * players
        pickers = []
        while game.phase is Phase.PICK:
            seat = game.view(None).to_move
            moves = game.legal_moves()
            assert all(isinstance(move, PickPain) for move in moves)
            assert {move.card for move in moves} == set(game.view(seat).hand)
            pickers.append(seat)
            game.apply(moves[-1])
            assert len(game.view(seat).hand) == dealt - 1
        assert sorted(pickers) == list(range(players))
        view = game.view(None)
        assert view.picked == (True,) * players
        assert all(len(pain) == 1 for pain in view.pain_cards)
        per_hand = 13 if players == 8 else 14
        assert view.hand_sizes == (per_hand,) * players
        assert view.tricks_per_deal == per_hand
        tricks = 0
        deals = len(game.results)
        while len(game.results) == deals:
            before = len(game.view(None).trick)
            game.apply(first_move(game))
            if before == players - 1:
                tricks += 1
        assert tricks == per_hand
        assert sum(score.tricks for score in game.results[-1].scores) == per_hand


@pytest.mark.parametrize("players", [3, 8])
def test_leftover_cards_are_public(players):
    game = Game(NAMES[:players], seed=3)
    left = len(deck_for(players)) - players * hand_size(players)
    assert len(game.view(None).leftover) == left
    for seat in range(players):
        assert game.view(seat).leftover == game.view(None).leftover
        assert not set(game.view(seat).hand) & set(game.view(None).leftover)


def test_card_not_in_hand_is_illegal_and_changes_nothing():
    game = Game(NAMES[:4], seed=2)
    seat = game.view(None).to_move
    other = game.view((seat + 1) % 4).hand[0]
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.apply(PickPain(other))
    assert snapshot(game) == before
    finish_picks(game)
    seat = game.view(None).to_move
    other = game.view((seat + 1) % 4).hand[0]
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.apply(PlayCard(other))
    assert snapshot(game) == before
    with pytest.raises(IllegalMove):
        game.apply(PlayCard(Card("purple", 3)))  # not in the 4-player deck at all
    assert snapshot(game) == before


def test_wrong_kind_of_move_is_illegal_and_changes_nothing():
    game = Game(NAMES[:3], seed=4)
    seat = game.view(None).to_move
    own = game.view(seat).hand[0]
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.apply(PlayCard(own))  # still picking
    assert snapshot(game) == before
    with pytest.raises(IllegalMove):
        game.apply("red 5")  # not a move at all
    assert snapshot(game) == before
    finish_picks(game)
    seat = game.view(None).to_move
    own = game.view(seat).hand[0]
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.apply(PickPain(own))  # picking is over
    assert snapshot(game) == before
    game.apply(PlayCard(own))
    assert game.view(None).trick[0].card == own


def test_illegal_move_is_a_value_error():
    assert issubclass(IllegalMove, ValueError)


def test_any_move_when_over_is_illegal_and_changes_nothing():
    game = Game(NAMES[:3], rules=Rules(deals=1), seed=6)
    finish_game(game)
    assert game.phase is Phase.OVER
    assert game.legal_moves() == ()
    assert game.view(None).to_move is None
    before = snapshot(game)
    for move in (
        PickPain(Card("red", 1)),
        PlayCard(Card("red", 1)),
        PlayCard(game.view(None).last_trick.plays[0].card),
    ):
        with pytest.raises(IllegalMove):
            game.apply(move)
        assert snapshot(game) == before


@pytest.mark.parametrize("players", [3, 5, 8])
def test_five_deals_then_over_with_best_totals_winning(players):
    game = Game(NAMES[:players], seed=21)
    finish_game(game)
    assert game.phase is Phase.OVER
    assert len(game.results) == 5
    assert [result.deal for result in game.results] == [1, 2, 3, 4, 5]
    totals = [sum(r.scores[seat].total for r in game.results) for seat in range(players)]
    best = max(totals)
    view = game.view(None)
    assert view.totals == tuple(totals)
    assert list(view.winners) == [seat for seat in range(players) if totals[seat] == best]
    assert view.winners
    for seat in range(players):
        assert game.view(seat).winners == view.winners
        assert game.view(seat).hand == ()
    for result in game.results:
        for score in result.scores:
            assert score.total == score.gained + score.lost
            assert len(score.pain_cards) == 1
        per_hand = 13 if players == 8 else 14
        assert sum(score.tricks for score in result.scores) == per_hand


def test_deal_count_option_is_honoured():
    game = Game(NAMES[:3], rules=Rules(deals=2), seed=8)
    finish_game(game)
    assert len(game.results) == 2


def test_shared_win_is_possible_in_winners():
    # Sanity check of the engine's use of winners(): it lists every seat with the best total.
    game = Game(NAMES[:4], rules=Rules(deals=1), seed=9)
    finish_game(game)
    totals = game.view(None).totals
    assert set(game.view(None).winners) == {s for s in range(4) if totals[s] == max(totals)}


def test_seat_view_shows_only_that_seats_hand():
    players = 5
    game = Game(NAMES[:players], seed=13)
    hands = [set(game.view(seat).hand) for seat in range(players)]
    for seat in range(players):
        assert len(hands[seat]) == 15
        assert hands[seat] == set(game.hands[seat])
        for other in range(players):
            if other != seat:
                assert not hands[seat] & hands[other]
    assert set().union(*hands) == set(deck_for(players))
    assert game.view(None).hand == ()
    # A card played leaves only its owner's hand.
    finish_picks(game)
    seat = game.view(None).to_move
    card = game.view(seat).hand[0]
    sizes = [len(game.view(s).hand) for s in range(players)]
    game.apply(PlayCard(card))
    assert card not in game.view(seat).hand
    for s in range(players):
        assert len(game.view(s).hand) == sizes[s] - (s == seat)
    assert game.view(None).hand == ()


def test_hand_is_sorted():
    game = Game(NAMES[:4], seed=14)
    hand = game.view(0).hand
    assert list(hand) == sorted(hand, key=sort_key)


def test_pain_cards_hidden_while_picking_and_revealed_after():
    players = 4
    game = Game(NAMES[:players], seed=15)
    picked: dict[int, Card] = {}
    while game.phase is Phase.PICK:
        seat = game.view(None).to_move
        card = game.view(seat).hand[0]
        game.apply(PickPain(card))
        picked[seat] = card
        if game.phase is not Phase.PICK:
            break
        public = game.view(None)
        assert public.pain_cards == (None,) * players
        assert public.picked == tuple(s in picked for s in range(players))
        for viewer in range(players):
            view = game.view(viewer)
            for owner in range(players):
                if owner == viewer:
                    expected = (picked[owner],) if owner in picked else ()
                    assert view.pain_cards[owner] == expected
                else:
                    assert view.pain_cards[owner] is None
    assert len(picked) == players
    expected = tuple((picked[seat],) for seat in range(players))
    assert game.view(None).pain_cards == expected
    for viewer in range(players):
        assert game.view(viewer).pain_cards == expected
        assert game.view(viewer).pain_colours(viewer) == (picked[viewer].colour,)


def test_public_view_has_an_empty_hand_and_no_moves():
    game = Game(NAMES[:3], seed=16)
    for _ in range(20):
        public = game.view(None)
        assert public.seat is None
        assert public.hand == ()
        assert public.legal_moves == ()
        to_move = public.to_move
        assert game.view(to_move).legal_moves == game.legal_moves()
        for seat in range(3):
            if seat != to_move:
                assert game.view(seat).legal_moves == ()
        game.apply(first_move(game))


def test_rewinding_one_move_restores_the_view():
    game = Game(NAMES[:4], rules=Rules(deals=2), seed=17)
    with pytest.raises(IllegalMove):
        game.rewound(len(game.moves) - 1)
    history = []
    step = 0
    while game.phase is not Phase.OVER:
        history.append(all_views(game))
        game.apply(game.legal_moves()[step % len(game.legal_moves())])
        step += 1
        trick_done = len(game.view(None).trick) == 0
        if step in (1, 3, 4, 5, 17, 60) or game.phase is Phase.OVER or trick_done:
            back = game.rewound(len(game.moves) - 1)
            assert all_views(back) == history[-1]
            assert back.moves == game.moves[:-1]
            assert back.seed == game.seed
    # Taking back the last move of the game reopens it.
    back = game.rewound(len(game.moves) - 1)
    assert back.phase is Phase.PLAY
    assert len(back.results) == 1


def test_seed_is_kept_and_replay_reproduces():
    game = Game(NAMES[:3], rules=Rules(deals=1), first_leader=1, seed=1234)
    assert game.seed == 1234
    for _ in range(25):
        game.apply(first_move(game))
    again = Game.replay(NAMES[:3], Rules(deals=1), 1, 1234, game.moves)
    assert all_views(again) == all_views(game)
    assert again.moves == game.moves


def test_replay_raises_on_an_illegal_move_list():
    game = Game(NAMES[:3], seed=99)
    hand = game.view(game.view(None).to_move).hand
    with pytest.raises(IllegalMove):
        Game.replay(NAMES[:3], Rules(), 0, 99, [PlayCard(hand[0])])


@pytest.mark.parametrize("rules", [CLASSIC, REVERSE, MILD, LATEST_ZEROS], ids=str)
def test_a_deal_worked_through_tricks_and_score(rules):
    players = 3
    game = Game(NAMES[:players], rules=rules, first_leader=1, seed=31)
    pain = {}
    while game.phase is Phase.PICK:
        seat = game.view(None).to_move
        move = first_move(game)
        pain[seat] = move.card
        game.apply(move)
    won = [[] for _ in range(players)]
    while True:
        before = game.view(None)
        move = game.legal_moves()[-1]
        game.apply(move)
        if len(before.trick) < players - 1:
            continue
        plays = (*before.trick, Played(before.to_move, move.card))
        cards_ = [play.card for play in plays]
        taker = plays[trick_winner(cards_, rules)].seat
        won[taker].extend(cards_)
        if game.results:
            break
        after = game.view(None)
        assert after.last_trick.plays == plays
        assert after.last_trick.winner == taker
        assert after.to_move == taker
        assert after.tricks_won[taker] == before.tricks_won[taker] + 1
    scores = game.results[0].scores
    for seat in range(players):
        pile = won[seat] + [pain[seat]]
        assert scores[seat].pain_cards == (pain[seat],)
        assert scores[seat].tricks * players == len(won[seat])
        assert scores[seat].total == score_deal(pile, {pain[seat].colour}, rules)
    assert sum(len(pile) for pile in won) == players * 14
