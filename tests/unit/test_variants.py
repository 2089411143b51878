"""Worked cases for every rule option (RULES.md 1.7, 1.8 and section 2).

Games are driven by simple deterministic policies; where a test needs a particular
situation (a tie, a seat that won nothing), it searches seeds for one and asserts that
the search succeeded, so the test can never pass vacuously.
"""

from __future__ import annotations

from dataclasses import fields, replace
from itertools import combinations, product

import pytest
from helpers import c, cards, reference_points

from sticheln_tui.core.cards import FRENCH_SUITS, Card, sorted_cards
from sticheln_tui.core.game import (
    ChooseColours,
    Game,
    IllegalMove,
    Phase,
    PickPain,
    PlayCard,
    SettleTie,
    standings,
)
from sticheln_tui.core.options import (
    PRESETS,
    badge,
    not_applicable,
    with_option,
)
from sticheln_tui.core.sticheln import (
    Rules,
    card_score,
    score_breakdown,
    score_deal,
    trick_winner,
    tricks_per_deal,
    winners,
)

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
REVERSE = Rules(reverse=True)


def winner(texts, rules) -> int:
    return trick_winner(cards(*texts), rules)


# -- policies and drivers ------------------------------------------------------------------


def first(game: Game):
    return game.legal_moves()[0]


def middle(game: Game):
    moves = game.legal_moves()
    return moves[len(moves) // 2]


def ducking(seat: int):
    """`seat` plays a card that does not take the trick whenever it can; others: first."""

    def policy(game: Game):
        moves = game.legal_moves()
        if game.to_move != seat or game.phase is not Phase.PLAY or not game.view(None).trick:
            return moves[0]
        trick = [play.card for play in game.view(None).trick]
        for move in moves:
            if trick_winner([*trick, move.card], game.rules) != len(trick):
                return move
        return min(moves, key=lambda move: move.card.value)

    return policy


def all_views(game: Game):
    return [game.view(None)] + [game.view(seat) for seat in range(len(game.players))]


def snapshot(game: Game):
    """Everything observable about a game, to check that an illegal move changed nothing."""
    return all_views(game), list(game.moves), list(game.results), game.phase


class Tracker:
    """Plays moves and keeps each seat's picked and won cards since the game began."""

    def __init__(self, game: Game) -> None:
        self.game = game
        n = len(game.players)
        self.pain: list[list[Card]] = [[] for _ in range(n)]
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.trick_winners: list[int] = []

    def apply(self, move) -> None:
        game = self.game
        before = game.view(None)
        seat = before.to_move
        game.apply(move)
        if isinstance(move, PickPain):
            self.pain[seat].append(move.card)
        elif isinstance(move, PlayCard) and len(before.trick) == len(game.players) - 1:
            plays = [*before.trick]
            trick = [play.card for play in plays] + [move.card]
            taker = ([play.seat for play in plays] + [seat])[trick_winner(trick, game.rules)]
            self.won[taker].extend(trick)
            self.trick_winners.append(taker)

    def play_until(self, done, policy=first, limit: int = 5000) -> None:
        for _ in range(limit):
            if done(self.game):
                return
            self.apply(policy(self.game))
        raise AssertionError("the game did not reach the wanted state")


def one_deal(players: int, rules: Rules, seed: int, policy=first, leader: int = 0) -> Tracker:
    """A one-deal game played to its end (Late: to its colour choices)."""
    tracker = Tracker(Game(NAMES[:players], rules, leader, seed))
    tracker.play_until(
        lambda game: game.phase in (Phase.CHOOSE, Phase.TIE, Phase.OVER), policy=policy
    )
    return tracker


def search(build, wanted, seeds=range(400)):
    """The first tracker `build(seed)` for which `wanted(tracker)` holds."""
    for seed in seeds:
        tracker = build(seed)
        if wanted(tracker):
            return seed, tracker
    raise AssertionError("no seed in the range gives the wanted situation")


def expected_total(pile, colours, rules: Rules) -> int:
    return sum(reference_points(card, colours, rules) for card in pile)


# -- forbidden combinations (RULES.md 1.8) -------------------------------------------------


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"mild": True, "reverse": True}, ("mild", "reverse")),
        ({"zeros_trump": True, "reverse": True}, ("zeros", "trump", "reverse")),
        ({"late": True, "dark": True}, ("late", "dark")),
        ({"late": True, "pain_in_hand": True}, ("late", "hand")),
        ({"deals": 0}, ("deals", "0")),
        ({"deals": 21}, ("deals", "21")),
    ],
    ids=["mild+reverse", "zeros+reverse", "late+dark", "late+in-hand", "0 deals", "21 deals"],
)
def test_forbidden_combinations_raise_with_a_reason_naming_both(options, words):
    with pytest.raises(ValueError) as error:
        Rules(**options)
    reason = str(error.value).lower()
    for word in words:
        assert word in reason


BOOL_FIELDS = [item.name for item in fields(Rules) if item.name != "deals"]


def test_exactly_the_four_forbidden_pairs_are_refused():
    refused = 0
    for values in product([False, True], repeat=len(BOOL_FIELDS)):
        options = dict(zip(BOOL_FIELDS, values, strict=True))
        forbidden = (options["reverse"] and (options["mild"] or options["zeros_trump"])) or (
            options["late"] and (options["dark"] or options["pain_in_hand"])
        )
        if forbidden:
            refused += 1
            with pytest.raises(ValueError):
                Rules(**options)
        else:
            assert Rules(**options).conflict() is None
    # (reverse, mild, zeros_trump) and (late, dark, pain_in_hand): 5 of 8 settings each
    # are allowed, whatever the six other options.
    assert len(BOOL_FIELDS) == 12
    assert refused == 2**12 - 2**6 * 5 * 5


def test_deals_none_means_one_deal_per_player():
    assert Rules(deals=None).deals_for(3) == 3
    assert Rules(deals=None).deals_for(8) == 8
    assert Rules(deals=4).deals_for(8) == 4


# -- options: presets, badge, switching ----------------------------------------------------


def test_table_sheet_preset_matches_rules_section_2():
    sheet = PRESETS["table-sheet"]
    assert sheet.pain_in_hand  # pain card: stays in hand
    assert sheet.dark  # pain cards revealed: at the end of the deal
    assert sheet.latest_trump  # trump rule: latest trump colour
    assert sheet.zeros_trump  # zeros as trump: zeros are trump
    assert sheet.dealer_leads  # first trick of a deal: led by the dealer
    assert sheet.deals is None  # number of deals: one per player
    assert sheet.leftover_face_down  # left-over cards: face down
    assert sheet.tie_break  # tie at the end: most positive deals, then extra deals
    # Everything else stays classic (Double pain colour, French deck are sheet variants).
    assert not (sheet.reverse or sheet.mild or sheet.harsh or sheet.late or sheet.french_deck)
    assert (
        replace(
            sheet,
            pain_in_hand=False,
            dark=False,
            latest_trump=False,
            zeros_trump=False,
            dealer_leads=False,
            deals=5,
            leftover_face_down=False,
            tie_break=False,
        )
        == Rules()
    )


def test_classic_preset_is_the_default_rules():
    assert PRESETS["classic"] == Rules()
    assert Rules().deals == 5
    assert set(PRESETS) == {"classic", "table-sheet"}


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        (Rules(), "Classic"),
        (PRESETS["table-sheet"], "Table sheet"),
        (Rules(reverse=True, harsh=True), "Classic + Reverse, Harsh"),
        (Rules(deals=3), "Classic + 3 deals"),
        (Rules(deals=1), "Classic + 1 deal"),
        (replace(PRESETS["table-sheet"], dark=False, deals=3), "Table sheet + no dark, 3 deals"),
        (replace(PRESETS["table-sheet"], french_deck=True), "Table sheet + French deck"),
    ],
)
def test_badge_names_the_nearest_preset_and_the_differences(rules, text):
    assert badge(rules) == text


def test_switching_reverse_on_turns_mild_and_zeros_trump_off():
    rules = Rules(mild=True, zeros_trump=True, harsh=True, deals=3)
    changed = with_option(rules, "reverse", True)
    assert changed == Rules(reverse=True, harsh=True, deals=3)
    # Switching it off again does not bring them back.
    assert with_option(changed, "reverse", False) == Rules(harsh=True, deals=3)


def test_switching_late_on_turns_the_pick_options_off():
    rules = PRESETS["table-sheet"]
    changed = with_option(rules, "late", True)
    assert changed.late
    assert not changed.dark
    assert not changed.pain_in_hand
    assert changed == replace(rules, late=True, dark=False, pain_in_hand=False)


def test_switching_an_unrelated_option_changes_only_it():
    rules = Rules(reverse=True, dark=True)
    assert with_option(rules, "harsh", True) == Rules(reverse=True, dark=True, harsh=True)
    assert with_option(rules, "deals", None) == Rules(reverse=True, dark=True, deals=None)


def test_not_applicable_greys_out_what_the_other_options_forbid():
    assert not_applicable(Rules()) == {}
    assert set(not_applicable(Rules(late=True))) == {"dark", "pain_in_hand"}
    assert set(not_applicable(Rules(reverse=True))) == {"mild", "zeros_trump"}
    assert set(not_applicable(Rules(reverse=True, late=True))) == {
        "mild",
        "zeros_trump",
        "dark",
        "pain_in_hand",
    }


# -- Reverse -------------------------------------------------------------------------------

REVERSE_LATEST = Rules(reverse=True, latest_trump=True)


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        # Section 2's examples under Reverse (1.8: latest = last non-zero off-lead colour,
        # its lowest non-zero card wins).
        (["red 5", "blue 9", "yellow 3"], 2),
        (["red 5", "blue 9", "yellow 3", "blue 2"], 3),
        (["red 5", "blue 9", "blue 0"], 1),
        (["red 5", "yellow 4", "blue 0"], 1),
        # A trailing zero does not change the latest colour.
        (["red 5", "yellow 4", "blue 7", "green 0"], 2),
        # No trump at all: the lowest non-zero lead card wins; all zeros: the lead.
        (["red 0", "blue 0", "red 3"], 2),
        (["red 6", "red 2", "blue 0"], 1),
        (["red 0", "blue 0", "green 0"], 0),
    ],
)
def test_reverse_with_latest_trump(trick, expected):
    assert winner(trick, REVERSE_LATEST) == expected


def test_reverse_with_latest_trump_differs_from_reverse_alone():
    trick = ["red 5", "blue 9", "yellow 3", "blue 12", "yellow 8"]
    assert winner(trick, REVERSE) == 2  # lowest trump: yellow 3
    assert winner(trick, REVERSE_LATEST) == 2  # latest colour yellow: yellow 3
    trick = ["red 5", "yellow 3", "blue 9", "blue 12"]
    assert winner(trick, REVERSE) == 1
    assert winner(trick, REVERSE_LATEST) == 2  # latest colour blue: blue 9


def test_reverse_harsh_has_two_luck_colours():
    rules = Rules(reverse=True, harsh=True)
    pile = cards("red 4", "blue 7", "blue 0", "green 9", "yellow 2")
    assert score_deal(pile, {"red", "blue"}, rules) == 4 + 7 + 0 - 1 - 1
    assert score_breakdown(pile, {"red", "blue"}, rules) == (11, -2)


def reverse_trick_winner(trick: list[Card]) -> int:
    """RULES.md 1.7 Reverse, written out: lowest non-zero trump, else lowest lead card."""
    lead = trick[0].colour
    trumps = [i for i, card in enumerate(trick) if card.colour != lead and card.value]
    if trumps:
        return min(trumps, key=lambda i: (trick[i].value, i))
    leads = [i for i, card in enumerate(trick) if card.colour == lead and card.value]
    return min(leads, key=lambda i: (trick[i].value, i)) if leads else 0


@pytest.mark.parametrize("seed", [3, 4])
def test_reverse_game_lowest_card_wins_and_luck_scores(seed):
    players = 4
    game = Game(NAMES[:players], Rules(reverse=True, deals=1), 0, seed)
    tracker = Tracker(game)
    won = [[] for _ in range(players)]
    while game.phase is not Phase.OVER:
        before = game.view(None)
        move = middle(game)
        tracker.apply(move)
        if isinstance(move, PlayCard) and len(before.trick) == players - 1:
            trick = [play.card for play in before.trick] + [move.card]
            seats = [play.seat for play in before.trick] + [before.to_move]
            won[seats[reverse_trick_winner(trick)]].extend(trick)
    assert won == tracker.won
    scores = game.results[0].scores
    totals = []
    for seat in range(players):
        luck = tracker.pain[seat][0].colour
        pile = won[seat] + tracker.pain[seat]
        plus = sum(card.value for card in pile if card.colour == luck)
        minus = -sum(1 for card in pile if card.colour != luck)
        assert (scores[seat].gained, scores[seat].lost) == (plus, minus)
        totals.append(plus + minus)
    # The highest total still wins in Reverse.
    assert game.view(None).winners == tuple(s for s in range(players) if totals[s] == max(totals))


# -- Mild ----------------------------------------------------------------------------------


def test_mild_with_two_pain_colours_costs_five_each_zeros_included():
    rules = Rules(mild=True, harsh=True)
    pile = cards("red 0", "red 20", "blue 1", "green 7", "green 0")
    assert score_deal(pile, {"red", "blue"}, rules) == -15 + 2
    assert card_score(c("blue 0"), {"red", "blue"}, rules) == -5


def test_mild_game_scores_a_flat_five_per_pain_card():
    def has_pain_zero(tracker):
        return any(
            card.value == 0 and card.colour == tracker.pain[seat][0].colour
            for seat in range(3)
            for card in tracker.won[seat] + tracker.pain[seat]
        )

    _seed, tracker = search(
        lambda seed: one_deal(3, Rules(mild=True, deals=1), seed), has_pain_zero
    )
    scores = tracker.game.results[0].scores
    for seat in range(3):
        colour = tracker.pain[seat][0].colour
        pile = tracker.won[seat] + tracker.pain[seat]
        painful = sum(card.colour == colour for card in pile)
        assert scores[seat].lost == -5 * painful
        assert scores[seat].gained == len(pile) - painful


# -- Harsh ---------------------------------------------------------------------------------


@pytest.mark.parametrize("in_hand", [False, True], ids=["laid-down", "in-hand"])
def test_harsh_second_pick_must_be_of_another_colour(in_hand):
    game = Game(NAMES[:3], Rules(harsh=True, pain_in_hand=in_hand), 0, 7)
    seat = game.view(None).to_move
    hand = game.view(seat).hand
    picked = hand[0]
    game.apply(PickPain(picked))
    assert game.view(None).to_move == seat  # the same player lays the second card
    assert game.view(None).picked[seat] == 1
    same_colour = [card for card in game.view(seat).hand if card.colour == picked.colour]
    same_colour = [card for card in same_colour if card != picked]
    assert same_colour  # seed 7 deals the first picker two cards of that colour
    offered = {move.card for move in game.legal_moves()}
    assert offered == {card for card in game.view(seat).hand if card.colour != picked.colour}
    before = snapshot(game)
    with pytest.raises(IllegalMove, match="another colour"):
        game.apply(PickPain(same_colour[0]))
    assert snapshot(game) == before
    if in_hand:
        with pytest.raises(IllegalMove):
            game.apply(PickPain(picked))  # the kept card cannot be picked twice
        assert snapshot(game) == before
    other = next(card for card in game.view(seat).hand if card.colour != picked.colour)
    game.apply(PickPain(other))
    assert game.view(seat).pain_cards[seat] == (picked, other)
    assert game.view(seat).pain_colours(seat) == (picked.colour, other.colour)
    assert game.view(None).to_move != seat


@pytest.mark.parametrize(
    ("players", "rules", "hand", "tricks"),
    [
        (3, Rules(harsh=True), 15, 13),
        (8, Rules(harsh=True), 14, 12),
        (3, Rules(harsh=True, pain_in_hand=True), 15, 15),
        (8, Rules(harsh=True, pain_in_hand=True), 14, 14),
        (4, Rules(harsh=True, french_deck=True), 13, 11),
        (4, Rules(harsh=True, pain_in_hand=True, french_deck=True), 13, 13),
        (5, Rules(harsh=True, late=True), 15, 15),
    ],
)
def test_harsh_tricks_per_deal(players, rules, hand, tricks):
    rules = replace(rules, deals=1)
    game = Game(NAMES[:players], rules, 0, 5)
    assert game.view(None).hand_sizes == (hand,) * players
    tracker = Tracker(game)
    tracker.play_until(lambda game: game.phase is Phase.PLAY)
    view = game.view(None)
    assert view.hand_sizes == (tricks,) * players
    assert view.tricks_per_deal == tricks == tricks_per_deal(players, rules)
    assert view.picked == (rules.picks,) * players
    tracker.play_until(lambda game: game.phase in (Phase.CHOOSE, Phase.OVER, Phase.TIE))
    assert len(tracker.trick_winners) == tricks
    assert sum(game.view(None).tricks_won) == tricks


@pytest.mark.parametrize(
    "rules",
    [Rules(harsh=True, deals=1), Rules(harsh=True, reverse=True, deals=1)],
    ids=["harsh", "harsh+reverse"],
)
def test_harsh_deal_scores_both_colours(rules):
    tracker = one_deal(3, rules, seed=5, policy=middle)
    scores = tracker.game.results[0].scores
    for seat in range(3):
        pain = tracker.pain[seat]
        colours = (pain[0].colour, pain[1].colour)
        assert scores[seat].pain_cards == tuple(pain)
        assert scores[seat].pain_colours == colours
        pile = tracker.won[seat] + pain
        assert scores[seat].total == expected_total(pile, colours, rules)
        # Each colour counts (each pile holds at least its pain card of that colour):
        # scoring one of them alone gives another total.
        assert scores[seat].total != expected_total(pile, colours[:1], rules)
        assert scores[seat].total != expected_total(pile, colours[1:], rules)


# -- Dark ----------------------------------------------------------------------------------


@pytest.mark.parametrize("in_hand", [False, True], ids=["laid-down", "in-hand"])
def test_dark_shows_only_your_own_pain_cards_until_the_result(in_hand):
    players = 4
    rules = Rules(dark=True, harsh=True, pain_in_hand=in_hand, deals=2)
    game = Game(NAMES[:players], rules, 1, 23)
    tracker = Tracker(game)
    steps = 0
    while not game.results:
        public = game.view(None)
        assert public.pain_cards == (None,) * players
        for seat in range(players):
            view = game.view(seat)
            assert view.pain_cards[seat] == tuple(tracker.pain[seat])
            for other in range(players):
                if other != seat:
                    assert view.pain_cards[other] is None
                    assert view.pain_colours(other) == ()
            if in_hand and public.phase is Phase.PLAY:
                unplayed = [card for card in tracker.pain[seat] if card in game.hands[seat]]
                assert set(unplayed) <= set(view.hand)
        tracker.apply(middle(game))
        steps += 1
    assert steps > players * 10
    # The deal's result shows every pain card; the next deal hides them again.
    result = game.results[0]
    assert [score.pain_cards for score in result.scores] == [tuple(p) for p in tracker.pain]
    assert all(len(score.pain_cards) == 2 for score in result.scores)
    assert game.view(None).phase is Phase.PICK
    assert game.view(2).pain_cards == (None, None, (), None)
    assert game.view(None).pain_cards == (None,) * players
    assert game.view(2).results == (result,)


def test_without_dark_pain_cards_show_once_everybody_picked():
    players = 3
    game = Game(NAMES[:players], Rules(pain_in_hand=True), 0, 23)
    tracker = Tracker(game)
    tracker.play_until(lambda game: game.phase is Phase.PLAY)
    expected = tuple(tuple(pain) for pain in tracker.pain)
    assert game.view(None).pain_cards == expected
    assert all(game.view(seat).pain_cards == expected for seat in range(players))


# -- Late ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand"), [(3, 15), (8, 14)])
def test_late_has_no_pick_and_keeps_full_hands(players, hand):
    game = Game(NAMES[:players], Rules(late=True), 0, 2)
    view = game.view(None)
    assert view.phase is Phase.PLAY
    assert view.hand_sizes == (hand,) * players
    assert view.tricks_per_deal == hand
    assert view.picked == (0,) * players
    seat = view.to_move
    assert all(isinstance(move, PlayCard) for move in game.legal_moves())
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.apply(PickPain(game.view(seat).hand[0]))
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "rules",
    [
        Rules(late=True, deals=1),
        Rules(late=True, reverse=True, deals=1),
        Rules(late=True, mild=True, deals=1),
    ],
    ids=["late", "late+reverse", "late+mild"],
)
def test_late_choose_phase_offers_the_won_colours(rules):
    players = 3
    # A deal where some seat missed a colour, to offer it a colour it did not win.
    _seed, tracker = search(
        lambda seed: one_deal(players, rules, seed),
        lambda tracker: any(0 < len({card.colour for card in pile}) < 5 for pile in tracker.won),
    )
    game = tracker.game
    public = game.view(None)
    assert public.phase is Phase.CHOOSE
    last = tracker.trick_winners[-1]
    assert public.to_move == last == public.last_trick.winner
    assert public.won == ()
    for seat in range(players):
        assert game.view(seat).won == sorted_cards(tracker.won[seat])
    order = [(last + step) % players for step in range(players)]
    choosers = [seat for seat in order if tracker.won[seat]]
    chosen = {}
    unwon_checked = 0
    for seat in choosers:
        assert game.view(None).to_move == seat
        won_colours = list(dict.fromkeys(card.colour for card in sorted_cards(tracker.won[seat])))
        offered = game.view(seat).legal_moves
        assert offered == tuple(ChooseColours((colour,)) for colour in won_colours)
        before = snapshot(game)
        # A colour of the deck this seat did not win, or else one that is not in the deck.
        missing = [
            col for col in ("blue", "red", "green", "yellow", "brown") if col not in won_colours
        ]
        unwon_checked += bool(missing)
        for bad in (
            ChooseColours(((missing or ["purple"])[0],)),
            ChooseColours(tuple(won_colours[:2])),
            ChooseColours(()),
            PlayCard(Card("red", 1)),
            SettleTie(True),
        ):
            with pytest.raises(IllegalMove):
                game.apply(bad)
            assert snapshot(game) == before
        # Each player takes the colour that suits them best (as the screen proposes).
        pick = max(offered, key=lambda move: expected_total(tracker.won[seat], move.colours, rules))
        game.apply(pick)
        chosen[seat] = pick.colours
    assert unwon_checked
    assert game.phase is Phase.OVER
    scores = game.results[0].scores
    for seat in range(players):
        colours = chosen.get(seat, ())
        assert scores[seat].pain_cards == ()
        assert scores[seat].pain_colours == colours
        assert scores[seat].total == expected_total(tracker.won[seat], colours, rules)
        assert scores[seat].tricks * players == len(tracker.won[seat])


def test_late_seat_that_won_nothing_is_skipped_and_scores_zero():
    _seed, tracker = search(
        lambda seed: one_deal(3, Rules(late=True, deals=1), seed, policy=ducking(2)),
        lambda tracker: not tracker.won[2],
        seeds=range(300, 500),
    )
    game = tracker.game
    assert game.phase is Phase.CHOOSE
    assert game.view(2).won == ()
    choosers = []
    while game.phase is Phase.CHOOSE:
        seat = game.view(None).to_move
        assert seat != 2
        assert game.view(2).legal_moves == ()
        choosers.append(seat)
        game.apply(first(game))
    last = tracker.trick_winners[-1]
    assert choosers == [last, 1 - last]
    score = game.results[0].scores[2]
    assert (score.tricks, score.total, score.gained, score.lost) == (0, 0, 0, 0)
    assert score.pain_colours == ()


def test_harsh_late_chooses_two_colours_or_one_if_only_one_was_won():
    rules = Rules(late=True, harsh=True, deals=1)
    _seed, tracker = search(
        lambda seed: one_deal(3, rules, seed),
        lambda tracker: any(len({card.colour for card in pile}) == 1 for pile in tracker.won),
    )
    game = tracker.game
    chosen = {}
    while game.phase is Phase.CHOOSE:
        seat = game.view(None).to_move
        won_colours = list(dict.fromkeys(card.colour for card in sorted_cards(tracker.won[seat])))
        offered = game.view(seat).legal_moves
        if len(won_colours) == 1:
            assert offered == (ChooseColours((won_colours[0],)),)
        else:
            assert offered == tuple(ChooseColours(pair) for pair in combinations(won_colours, 2))
            before = snapshot(game)
            with pytest.raises(IllegalMove):
                game.apply(ChooseColours((won_colours[0],)))  # Harsh: two colours
            assert snapshot(game) == before
        move = offered[-1]
        game.apply(move)
        chosen[seat] = move.colours
    assert sorted(len(colours) for colours in chosen.values()) == [1, 2, 2]
    for seat, colours in chosen.items():
        score = game.results[0].scores[seat]
        assert score.pain_colours == colours
        assert score.total == expected_total(tracker.won[seat], colours, rules)


def test_late_won_pile_is_shown_only_while_choosing():
    tracker = Tracker(Game(NAMES[:3], Rules(late=True, deals=2), 0, 8))
    game = tracker.game
    while game.phase is not Phase.CHOOSE:
        assert all(game.view(seat).won == () for seat in range(3))
        tracker.apply(first(game))
    assert any(game.view(seat).won for seat in range(3))
    while game.phase is Phase.CHOOSE:
        game.apply(first(game))
    assert game.view(None).deal == 2
    assert all(game.view(seat).won == () for seat in range(3))


# -- pain card stays in hand ---------------------------------------------------------------


def test_kept_pain_card_stays_in_hand_and_can_be_played():
    game = Game(NAMES[:3], Rules(pain_in_hand=True), 0, 12)
    seat = game.view(None).to_move
    card = game.view(seat).hand[4]
    game.apply(PickPain(card))
    assert card in game.view(seat).hand
    assert len(game.view(seat).hand) == 15
    tracker = Tracker(game)
    tracker.play_until(lambda game: game.phase is Phase.PLAY)
    assert game.view(None).hand_sizes == (15,) * 3
    tracker.play_until(lambda game: game.view(None).to_move == seat)
    assert PlayCard(card) in game.view(seat).legal_moves
    game.apply(PlayCard(card))
    assert card not in game.view(seat).hand


def captured_pain(tracker: Tracker, captor_has_colour: bool):
    """(owner, captor, card): a kept pain card (value > 0) won by another seat."""
    for owner, pain in enumerate(tracker.pain):
        for card in pain:
            for captor, pile in enumerate(tracker.won):
                captor_colours = {p.colour for p in tracker.pain[captor]}
                if (
                    captor != owner
                    and card in pile
                    and card.value > 0
                    and (card.colour in captor_colours) == captor_has_colour
                ):
                    return owner, captor, card
    return None


@pytest.mark.parametrize("captor_has_colour", [False, True], ids=["plus-one", "costs-value"])
def test_kept_pain_card_scores_for_its_captor_against_the_captors_colours(captor_has_colour):
    rules = Rules(pain_in_hand=True, deals=1)
    _seed, tracker = search(
        lambda seed: one_deal(4, rules, seed, policy=middle),
        lambda tracker: captured_pain(tracker, captor_has_colour) is not None,
    )
    owner, captor, card = captured_pain(tracker, captor_has_colour)
    scores = tracker.game.results[0].scores
    for seat in range(4):
        colours = {p.colour for p in tracker.pain[seat]}
        # Only captured cards score: the kept card is not added to its owner's pile.
        assert scores[seat].total == expected_total(tracker.won[seat], colours, rules)
    owner_colours = {card.colour}
    assert card not in tracker.won[owner]
    assert scores[owner].total != expected_total(tracker.won[owner] + [card], owner_colours, rules)
    captor_colours = {p.colour for p in tracker.pain[captor]}
    assert reference_points(card, captor_colours, rules) == (
        -card.value if captor_has_colour else 1
    )
    without = [other for other in tracker.won[captor] if other != card]
    assert scores[captor].total - expected_total(
        without, captor_colours, rules
    ) == reference_points(card, captor_colours, rules)


# -- latest trump and zeros as trump -------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (Rules(), 0),  # zeros never trump: all zeros, the lead wins (1.4 rule 4)
        (Rules(zeros_trump=True), 1),  # zeros of other colours trump: tie, first played
        (Rules(zeros_trump=True, latest_trump=True), 2),  # latest trump colour green
        (Rules(latest_trump=True), 0),
        (REVERSE, 0),
        (REVERSE_LATEST, 0),
    ],
    ids=["classic", "zeros", "zeros+latest", "latest", "reverse", "reverse+latest"],
)
def test_all_zero_trick(rules, expected):
    assert winner(["red 0", "blue 0", "green 0"], rules) == expected


def test_latest_trump_colour_may_be_a_zero_when_zeros_are_trump():
    trick = ["red 5", "blue 9", "yellow 0"]
    assert winner(trick, Rules(latest_trump=True, zeros_trump=True)) == 2
    assert winner(trick, Rules(latest_trump=True)) == 1
    assert winner(trick, Rules(zeros_trump=True)) == 1


# -- dealer leads ----------------------------------------------------------------------------


@pytest.mark.parametrize("late", [False, True], ids=["pick", "late"])
def test_dealer_leads_each_deal_and_the_deal_moves_clockwise(late):
    players, first_leader = 4, 2
    for dealer_leads in (True, False):
        rules = Rules(dealer_leads=dealer_leads, late=late, deals=3)
        game = Game(NAMES[:players], rules, first_leader, 31)
        for index in range(3):
            view = game.view(None)
            assert view.deal == index + 1
            if dealer_leads:
                dealer = leader = (first_leader + index) % players
            else:
                dealer = (first_leader + index - 1) % players
                leader = (dealer + 1) % players
            assert view.dealer == dealer
            tracker = Tracker(game)
            tracker.play_until(lambda game: game.phase is Phase.PLAY)
            assert game.view(None).to_move == leader
            game.apply(first(game))
            assert game.view(None).trick[0].seat == leader
            tracker.play_until(lambda game, index=index: len(game.results) > index)
        assert game.phase is Phase.OVER


# -- deals: one per player -------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_one_deal_per_player(players):
    game = Game(NAMES[:players], Rules(deals=None, late=True), 0, 41)
    assert game.view(None).deals_total == players
    Tracker(game).play_until(lambda game: game.phase is Phase.OVER, limit=20000)
    assert [result.deal for result in game.results] == list(range(1, players + 1))


# -- left-over cards face down ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "left"), [(7, 3), (8, 2)])
def test_leftover_cards_face_down(players, left):
    hidden = Game(NAMES[:players], Rules(leftover_face_down=True), 0, 51)
    shown = Game(NAMES[:players], Rules(), 0, 51)  # same seed: the same deal
    assert len(shown.view(None).leftover) == left
    assert shown.view(None).leftover_count == left
    for view in all_views(hidden):
        assert view.leftover == ()
        assert view.leftover_count == left
    held = set().union(*(set(hidden.view(seat).hand) for seat in range(players)))
    assert not held & set(shown.view(None).leftover)
    assert [hidden.view(s).hand for s in range(players)] == [
        shown.view(s).hand for s in range(players)
    ]


# -- tie-break -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "positive", "expected"),
    [
        ([5, 5, 3], [1, 2, 0], [1]),
        ([5, 5, 3], [2, 2, 0], [0, 1]),
        ([5, 5, 3], None, [0, 1]),
        ([5, 5, 6], [3, 3, 0], [2]),  # the total comes first
        ([-2, -2, -2, -9], [0, 1, 1, 4], [1, 2]),
        ([0, 0, 0], [0, 0, 0], [0, 1, 2]),
    ],
)
def test_winners_with_positive_deals(totals, positive, expected):
    assert winners(totals, positive) == expected


def tie_game(seed: int, rules: Rules = Rules(deals=1, tie_break=True), policy=first) -> Tracker:
    tracker = Tracker(Game(NAMES[:3], rules, 0, seed))
    tracker.play_until(lambda game: game.phase in (Phase.TIE, Phase.OVER), policy=policy)
    return tracker


def find_tie() -> tuple[int, Tracker]:
    return search(tie_game, lambda tracker: tracker.game.phase is Phase.TIE)


def test_a_tie_on_total_and_positive_deals_asks_the_first_tied_seat():
    _seed, tracker = find_tie()
    game = tracker.game
    view = game.view(None)
    totals = view.totals
    tied = tuple(seat for seat in range(3) if totals[seat] == max(totals))
    assert len(tied) > 1
    assert view.tied == tied
    assert view.to_move == tied[0]
    assert view.deal == 1
    assert view.winners == ()
    assert game.view(tied[0]).legal_moves == (SettleTie(True), SettleTie(False))
    for seat in range(3):
        if seat != tied[0]:
            assert game.view(seat).legal_moves == ()
    before = snapshot(game)
    for bad in (PlayCard(Card("red", 1)), PickPain(Card("red", 1)), ChooseColours(("red",))):
        with pytest.raises(IllegalMove):
            game.apply(bad)
        assert snapshot(game) == before


def test_accepting_the_tie_shares_the_win():
    _seed, tracker = find_tie()
    game = tracker.game
    tied = game.view(None).tied
    game.apply(SettleTie(False))
    view = game.view(None)
    assert view.phase is Phase.OVER
    assert view.winners == tied
    assert len(game.results) == 1
    assert game.legal_moves() == ()


def test_the_same_game_without_tie_break_shares_the_win_at_once():
    seed, tracker = find_tie()
    tied = tracker.game.view(None).tied
    plain = Tracker(Game(NAMES[:3], Rules(deals=1), 0, seed))
    plain.play_until(lambda game: game.phase is Phase.OVER)
    assert plain.game.results == tracker.game.results
    assert plain.game.view(None).winners == tied


def test_an_extra_deal_is_dealt_by_the_first_tied_seat():
    _seed, tracker = find_tie()
    game = tracker.game
    tied = game.view(None).tied
    game.apply(SettleTie(True))
    view = game.view(None)
    assert view.phase is Phase.PICK
    assert view.deal == 2
    assert view.deals_total == 1
    assert view.dealer == tied[0]
    assert view.results == tuple(game.results[:1])
    assert view.hand_sizes == (15,) * 3
    tracker.play_until(lambda game: game.phase is Phase.PLAY)
    assert game.view(None).to_move == (tied[0] + 1) % 3  # classic: left of the dealer leads
    tracker.play_until(lambda game: len(game.results) == 2)
    assert game.results[1].deal == 2
    view = game.view(None)
    leaders = standings(game.results, 3, game.rules)
    if len(leaders) > 1:
        assert view.phase is Phase.TIE
        assert view.to_move == tied[1]
    else:
        assert view.phase is Phase.OVER
        assert view.winners == tuple(leaders)


def test_tie_still_there_after_every_tied_seat_dealt_is_shared():
    # Found by a seed search (3 players, Mild, one deal, the `middle` policy): seats 0 and
    # 1 tie after the regular deal and again after each of their extra deals.
    rules = Rules(deals=1, tie_break=True, mild=True)
    tracker = tie_game(502, rules, policy=middle)
    game = tracker.game
    decisions = []
    while game.phase is not Phase.OVER:
        if game.phase is Phase.TIE:
            view = game.view(None)
            decisions.append((view.to_move, view.tied))
            game.apply(SettleTie(True))
            assert game.view(None).dealer == decisions[-1][0]
        else:
            game.apply(middle(game))
    assert decisions == [(0, (0, 1)), (1, (0, 1))]
    assert len(game.results) == 3
    view = game.view(None)
    assert view.totals[0] == view.totals[1] > view.totals[2]
    assert view.winners == (0, 1)


def test_positive_deals_settle_equal_totals_without_a_tie_phase():
    rules = Rules(deals=2, tie_break=True)

    def build(seed):
        tracker = Tracker(Game(NAMES[:3], rules, 0, seed))
        tracker.play_until(lambda game: game.phase in (Phase.TIE, Phase.OVER))
        return tracker

    def equal_totals_decided(tracker):
        totals = tracker.game.view(None).totals
        return tracker.game.phase is Phase.OVER and sum(t == max(totals) for t in totals) > 1

    seed, tracker = search(build, equal_totals_decided)
    view = tracker.game.view(None)
    best = [seat for seat in range(3) if view.totals[seat] == max(view.totals)]
    positive = [sum(r.scores[seat].total > 0 for r in view.results) for seat in range(3)]
    top = max(positive[seat] for seat in best)
    assert view.winners == tuple(seat for seat in best if positive[seat] == top)
    assert len(view.winners) < len(best)
    assert not any(isinstance(move, SettleTie) for move in tracker.game.moves)
    # Without the tie-break the same game is a shared win.
    plain = Tracker(Game(NAMES[:3], replace(rules, tie_break=False), 0, seed))
    plain.play_until(lambda game: game.phase is Phase.OVER)
    assert plain.game.view(None).winners == tuple(best)


# -- French deck -----------------------------------------------------------------------------


@pytest.mark.parametrize(("in_hand", "tricks"), [(False, 12), (True, 13)])
def test_french_deck_game(in_hand, tricks):
    rules = Rules(french_deck=True, pain_in_hand=in_hand, deals=1)
    game = Game(NAMES[:4], rules, 0, 61)
    hands = [game.view(seat).hand for seat in range(4)]
    assert all(len(hand) == 13 for hand in hands)
    dealt = [card for hand in hands for card in hand]
    assert len(set(dealt)) == 52
    assert {card.colour for card in dealt} == set(FRENCH_SUITS)
    assert sorted({card.value for card in dealt}) == list(range(2, 15))
    assert game.view(None).leftover_count == 0
    tracker = Tracker(game)
    tracker.play_until(lambda game: game.phase is Phase.PLAY)
    assert game.view(None).tricks_per_deal == tricks
    tracker.play_until(lambda game: game.phase is Phase.OVER)
    assert len(tracker.trick_winners) == tricks
    assert sum(score.tricks for score in game.results[0].scores) == tricks


@pytest.mark.parametrize("players", [3, 5])
def test_french_deck_is_refused_for_other_tables(players):
    with pytest.raises(ValueError, match="4 players"):
        Game(NAMES[:players], Rules(french_deck=True), 0, 1)


def test_when_a_tie_narrows_the_next_extra_deal_goes_to_a_seat_still_tied():
    # RULES.md 2: "the next tied player deals another": someone the extra deal lifted
    # out of the tie is not asked again, and nobody deals two extra deals.
    rules = Rules(deals=1, tie_break=True)
    for seed in range(3000):
        game = Game(("Ann", "Bob", "Cid"), rules, seed=seed)
        ties: list[tuple[tuple[int, ...], int]] = []
        while game.phase is not Phase.OVER:
            if game.phase is Phase.TIE:
                ties.append((tuple(game.tied), game.to_move))
                game.apply(SettleTie(True))
            else:
                game.apply(game.legal_moves()[0])
        if len(ties) >= 2 and ties[0][0] != ties[1][0]:
            break
    else:
        raise AssertionError("no game whose tie changed after an extra deal")
    dealt = []
    for tied, decider in ties:
        assert decider in tied and decider not in dealt
        assert decider == min(seat for seat in tied if seat not in dealt)
        dealt.append(decider)
