"""Property tests of the game engine over random seeded games, under every option.

Each game is driven by a seeded move-choice rng (seeded from hypothesis), so every
failure replays exactly. The rule strategy draws every legal combination of options
(RULES.md 1.7, 1.8 and section 2) directly, without filtering. The checks watch the
engine through its public surface (views, results, moves) and keep their own books of
who picked, won and chose what; expected scores are computed here, from the books, with
the scoring rules written out again rather than with the engine's scoring functions.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import combinations

import pytest
from helpers import reference_points
from hypothesis import example, given, settings
from hypothesis import strategies as st
from strategies import NAMES, all_views, seeds, tables

from sticheln_tui.core.cards import Card, sorted_cards
from sticheln_tui.core.game import (
    ChooseColours,
    CompletedTrick,
    DealResult,
    Game,
    Phase,
    PickPain,
    PlayCard,
    Played,
    SeatView,
    SettleTie,
    shuffle,
)
from sticheln_tui.core.options import PRESETS
from sticheln_tui.core.sticheln import Rules, deck_for, trick_winner

DECK_SIZES = {3: 45, 4: 60, 5: 75, 6: 90, 7: 108, 8: 114}
PLAYER_COUNTS = range(3, 9)

SETTINGS = settings(max_examples=40, deadline=None, print_blob=True, database=None)

leaders = st.integers(min_value=0, max_value=7)  # taken modulo the player count


TABLE_SHEET = PRESETS["table-sheet"]
# Always-run games: a classic two-deal game per player count, plus a few option mixes.
EXAMPLE_TABLES = [(players, Rules(deals=2)) for players in PLAYER_COUNTS] + [
    (3, TABLE_SHEET),
    (4, replace(TABLE_SHEET, french_deck=True, harsh=True, deals=1)),
    (8, Rules(harsh=True, pain_in_hand=True, dark=True, deals=1, leftover_face_down=True)),
    (7, Rules(reverse=True, harsh=True, late=True, latest_trump=True, deals=1)),
    (5, Rules(mild=True, harsh=True, late=True, zeros_trump=True, dealer_leads=True, deals=2)),
    (6, Rules(reverse=True, dark=True, pain_in_hand=True, tie_break=True, deals=1)),
]
# (table, seed, choice_seed, leader) of each always-run game.
EXAMPLE_GAMES = [
    ((players, rules), 1000 + index, 2000 + index, players - 1 + index)
    for index, (players, rules) in enumerate(EXAMPLE_TABLES)
] + [
    # Found by a search: seats 0 and 1 tie, seat 0 deals an extra deal, then seats 1 and 2
    # tie and seat 1 deals another, which seat 2 wins.
    ((3, Rules(deals=1, tie_break=True)), 4344, 5344, 0),
]


def with_examples(test=None, **extra):
    """Always run the example games, on top of the random ones."""

    def decorate(test):
        for table, seed, choice_seed, leader in EXAMPLE_GAMES:
            test = example(table=table, seed=seed, choice_seed=choice_seed, leader=leader, **extra)(
                test
            )
        return test

    return decorate(test) if test is not None else decorate


def new_game(players: int, rules: Rules, seed: int, leader: int) -> Game:
    return Game(NAMES[:players], rules, leader % players, seed)


# -- the rules, written out again for the checks ---------------------------------------


def dealt_each(players: int, rules: Rules) -> int:
    return 13 if rules.french_deck else (14 if players == 8 else 15)


def picks_per_seat(rules: Rules) -> int:
    if rules.late:
        return 0
    return 2 if rules.harsh else 1


def expected_tricks(players: int, rules: Rules) -> int:
    """Cards in hand once everybody picked: picked cards leave it unless kept in hand."""
    kept = rules.late or rules.pain_in_hand
    return dealt_each(players, rules) - (0 if kept else picks_per_seat(rules))


def regular_deals(players: int, rules: Rules) -> int:
    return players if rules.deals is None else rules.deals


def expected_dealer_and_leader(players: int, rules: Rules, first_leader: int, index: int):
    """Regular deal `index` (0-based): classic play deals right of the leader."""
    if rules.dealer_leads:
        dealer = (first_leader + index) % players
        return dealer, dealer
    return (first_leader + index - 1) % players, (first_leader + index) % players


def expected_score(pile, colours, rules: Rules) -> tuple[int, int]:
    points = [reference_points(card, colours, rules) for card in pile]
    return sum(p for p in points if p > 0), sum(p for p in points if p <= 0)


def leaders_of(results, players: int, rules: Rules) -> list[int]:
    totals = [sum(r.scores[s].total for r in results) for s in range(players)]
    if rules.tie_break:
        positive = [sum(r.scores[s].total > 0 for r in results) for s in range(players)]
    else:
        positive = [0] * players
    keys = list(zip(totals, positive, strict=True))
    return [seat for seat in range(players) if keys[seat] == max(keys)]


def most_moves(players: int, rules: Rules) -> int:
    """An upper bound on the moves of any game: every possible deal, pick and choice."""
    deals = regular_deals(players, rules) + players  # tie-break deals: one per tied seat
    per_deal = players * (dealt_each(players, rules) + 2 + 1)
    return deals * per_deal + players


# -- books -----------------------------------------------------------------------------


@dataclass
class FinishedDeal:
    number: int
    dealer: int
    result: DealResult
    won: list[list[Card]]
    pain: list[list[Card]]
    chosen: list[tuple[str, ...] | None]
    choosers: list[int]
    tricks: list[int]
    last_winner: int


@dataclass
class Books:
    """Our own record of a game, kept from what the engine shows after each move."""

    players: int
    rules: Rules
    first_leader: int
    deal: int = 1
    dealer: int = 0
    won: list[list[Card]] = field(init=False)
    pain: list[list[Card]] = field(init=False)
    chosen: list[tuple[str, ...] | None] = field(init=False)
    choosers: list[int] = field(init=False)
    tricks: list[int] = field(init=False)
    last_winner: int = -1
    finished: list[FinishedDeal] = field(default_factory=list)
    completed_tricks: int = 0
    tie_dealt: list[int] = field(default_factory=list)  # who dealt an extra deal, in order
    tie_decisions: list[tuple[int, bool]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        n = self.players
        self.won = [[] for _ in range(n)]
        self.pain = [[] for _ in range(n)]
        self.chosen = [None] * n
        self.choosers = []
        self.tricks = [0] * n
        self.last_winner = -1

    @property
    def extra_deals(self) -> int:
        return len(self.finished) - regular_deals(self.players, self.rules)

    def start(self, game: Game) -> None:
        view = game.view(None)
        assert view.deal == 1
        dealer, _ = expected_dealer_and_leader(self.players, self.rules, self.first_leader, 0)
        assert view.dealer == dealer
        self.dealer = dealer
        self._check_new_deal(view)

    def _check_new_deal(self, view: SeatView) -> None:
        n, rules = self.players, self.rules
        assert view.phase is (Phase.PLAY if rules.late else Phase.PICK)
        assert view.hand_sizes == (dealt_each(n, rules),) * n
        assert view.tricks_won == (0,) * n
        assert view.trick == ()
        assert view.tricks_per_deal == expected_tricks(n, rules)
        assert view.deals_total == regular_deals(n, rules)

    def leader_of_this_deal(self) -> int:
        return (self.dealer + (0 if self.rules.dealer_leads else 1)) % self.players

    def apply(self, game: Game, move) -> None:
        """Apply `move` to `game`, check it against the rules, and update the books."""
        before = game.view(None)
        seat = before.to_move
        assert seat is not None
        offered = game.view(seat).legal_moves
        assert move in offered
        deals_before = len(game.results)
        game.apply(move)
        after = game.view(None)
        assert game.moves[-1] == move

        if isinstance(move, PickPain):
            self._pick(game, before, after, seat, move)
        elif isinstance(move, PlayCard):
            self._play(game, before, after, seat, move)
        elif isinstance(move, ChooseColours):
            self._choose(before, seat, move, offered)
        else:
            self._settle(before, after, seat, move)

        if len(game.results) > deals_before:
            assert len(game.results) == deals_before + 1
            self._deal_over(game, after)
        if after.deal != self.deal:
            assert after.deal == self.deal + 1
            self._reset()
            self.deal = after.deal
            self.dealer = after.dealer
            self._check_new_deal(after)

    def _pick(self, game, before, after, seat, move) -> None:
        assert before.phase is Phase.PICK
        assert len(self.pain[seat]) < picks_per_seat(self.rules)
        assert move.card.colour not in {card.colour for card in self.pain[seat]}
        self.pain[seat].append(move.card)
        view = game.view(seat)
        assert (move.card in view.hand) == self.rules.pain_in_hand
        assert view.pain_cards[seat] == tuple(self.pain[seat])
        if after.phase is Phase.PLAY:
            assert all(len(p) == picks_per_seat(self.rules) for p in self.pain)
            assert after.hand_sizes == (expected_tricks(self.players, self.rules),) * self.players
            assert after.to_move == self.leader_of_this_deal()

    def _play(self, game, before, after, seat, move) -> None:
        n, rules = self.players, self.rules
        assert before.phase is Phase.PLAY
        if not before.trick and sum(self.tricks) == 0:
            assert seat == self.leader_of_this_deal()  # the first trick's leader
        plays = (*before.trick, Played(seat, move.card))
        if len(plays) < n:
            assert after.trick == plays
            assert after.to_move == (seat + 1) % n
            assert after.tricks_won == before.tricks_won
            return

        # A trick is complete.
        cards = [play.card for play in plays]
        assert len({play.seat for play in plays}) == n  # everybody played exactly once
        winner = plays[trick_winner(cards, rules)].seat
        self.completed_tricks += 1
        self.won[winner].extend(cards)
        self.tricks[winner] += 1
        self.last_winner = winner
        if after.deal == before.deal and after.phase in (Phase.PLAY, Phase.CHOOSE):
            # Within the deal (or Late's choice after the last trick): the table shows
            # the trick and its winner moves next.
            assert after.last_trick == CompletedTrick(plays, winner)
            assert after.tricks_won == tuple(self.tricks)
            assert after.trick == ()
            assert after.to_move == winner
            last = sum(self.tricks) == expected_tricks(n, rules)
            assert after.phase is (Phase.CHOOSE if last else Phase.PLAY)
            if last:
                assert rules.late
                assert after.hand_sizes == (0,) * n
        else:
            # The deal's last trick, scored at once (the deal's result checks the winner).
            assert len(game.results) == len(self.finished) + 1
            assert not rules.late
            assert sum(self.tricks) == expected_tricks(n, rules)

    def _choose(self, before, seat, move, offered) -> None:
        rules = self.rules
        assert before.phase is Phase.CHOOSE
        assert rules.late
        # Seats choose clockwise from the last trick's winner, skipping empty piles.
        order = [(self.last_winner + step) % self.players for step in range(self.players)]
        waiting = [s for s in order if self.won[s] and s not in self.choosers]
        assert seat == waiting[0]
        colours = {card.colour for card in self.won[seat]}
        size = min(2 if rules.harsh else 1, len(colours))
        assert {frozenset(m.colours) for m in offered} == {
            frozenset(choice) for choice in combinations(colours, size)
        }
        assert len(offered) == len({frozenset(m.colours) for m in offered})
        assert len(move.colours) == size
        self.chosen[seat] = move.colours
        self.choosers.append(seat)

    def _settle(self, before, after, seat, move) -> None:
        assert before.phase is Phase.TIE
        assert self.rules.tie_break
        self.tie_decisions.append((seat, move.extra_deal))
        if move.extra_deal:
            self.tie_dealt.append(seat)
            assert after.deal == before.deal + 1
            assert after.dealer == seat  # the tied seat deals the extra deal
        else:
            assert after.phase is Phase.OVER
            assert after.winners == before.tied

    def _deal_over(self, game: Game, after: SeatView) -> None:
        n, rules = self.players, self.rules
        result = game.results[-1]
        self.finished.append(
            FinishedDeal(
                number=self.deal,
                dealer=self.dealer,
                result=result,
                won=[list(pile) for pile in self.won],
                pain=[list(pain) for pain in self.pain],
                chosen=list(self.chosen),
                choosers=list(self.choosers),
                tricks=list(self.tricks),
                last_winner=self.last_winner,
            )
        )
        assert [score.tricks for score in result.scores] == self.tricks
        if rules.late:
            assert sorted(self.choosers) == [s for s in range(n) if self.won[s]]
        # What comes next: another regular deal, a tie-break decision, or the end.
        regular = regular_deals(n, rules)
        if len(self.finished) < regular:
            assert after.deal == self.deal + 1
            dealer, _ = expected_dealer_and_leader(n, rules, self.first_leader, self.deal)
            assert after.dealer == dealer
            return
        leaders = leaders_of(game.results, n, rules)
        if rules.tie_break and len(leaders) > 1:
            # RULES.md 2: while a tie remains, the next tied seat (seat order) that has not
            # dealt an extra deal yet decides and deals one; when all have, the win is shared.
            waiting = [seat for seat in leaders if seat not in self.tie_dealt]
            if waiting:
                assert after.phase is Phase.TIE
                assert after.deal == self.deal
                assert after.tied == tuple(leaders)
                assert after.to_move == waiting[0]
                assert set(game.view(after.to_move).legal_moves) == {
                    SettleTie(True),
                    SettleTie(False),
                }
                return
        assert after.phase is Phase.OVER
        assert after.to_move is None
        assert after.winners == tuple(leaders)


def play_out(players, rules, seed, choice_seed, leader, each_step=None):
    """Play a whole game with random legal moves; call each_step(game, books) throughout."""
    game = new_game(players, rules, seed, leader)
    books = Books(players, rules, leader % players)
    books.start(game)
    rng = random.Random(choice_seed)
    if each_step:
        each_step(game, books)
    limit = most_moves(players, rules)
    while game.phase is not Phase.OVER:
        assert len(game.moves) < limit
        books.apply(game, rng.choice(game.legal_moves()))
        if each_step:
            each_step(game, books)
    return game, books


def play_quickly(players, rules, seed, choice_seed, leader, each_step) -> Game:
    """The game play_out plays, without the books; each_step(game) after every move."""
    game = new_game(players, rules, seed, leader)
    rng = random.Random(choice_seed)
    each_step(game)
    while game.phase is not Phase.OVER:
        game.apply(rng.choice(game.legal_moves()))
        each_step(game)
    return game


def visible_cards(view: SeatView) -> set[Card]:
    """Every card a view shows outside its pain cards (except earlier deals' results)."""
    shown = set(view.hand) | set(view.leftover) | set(view.won)
    shown |= {play.card for play in view.trick}
    if view.last_trick is not None:
        shown |= {play.card for play in view.last_trick.plays}
    shown |= {move.card for move in view.legal_moves if isinstance(move, PickPain | PlayCard)}
    return shown


def shown_pain(view: SeatView) -> set[Card]:
    return {card for cards in view.pain_cards if cards is not None for card in cards}


# -- properties ----------------------------------------------------------------------------


@SETTINGS
@with_examples
@given(table=tables(), seed=seeds, choice_seed=seeds, leader=leaders)
def test_cards_are_conserved(table, seed, choice_seed, leader):
    players, rules = table
    deck = Counter(deck_for(players, rules))
    assert len(deck) == (52 if rules.french_deck else DECK_SIZES[players])
    assert max(deck.values()) == 1
    left_over = len(deck) - players * dealt_each(players, rules)

    def check(game: Game, books: Books) -> None:
        public = game.view(None)
        held = Counter()
        views = [game.view(seat) for seat in range(players)]
        for seat, view in enumerate(views):
            held.update(view.hand)
            own_pain = view.pain_cards[seat]
            assert own_pain == tuple(books.pain[seat])
            if not rules.pain_in_hand:
                held.update(own_pain)  # laid down, out of the hand
            held.update(books.won[seat])
        held.update(play.card for play in public.trick)
        assert public.leftover_count == left_over
        if rules.leftover_face_down:
            assert public.leftover == ()
            assert all(view.leftover == () for view in views)
        else:
            assert len(public.leftover) == left_over
            held.update(public.leftover)
        assert max(held.values(), default=1) == 1  # no card is in two places
        assert set(held) <= set(deck)
        assert sum(held.values()) == len(deck) - (left_over if rules.leftover_face_down else 0)
        if rules.pain_in_hand:
            # A picked card is still with its owner until it is played to a trick.
            played = set().union(*map(set, books.won)) | {p.card for p in public.trick}
            for seat in range(players):
                for card in books.pain[seat]:
                    assert card in played or card in views[seat].hand

    game, books = play_out(players, rules, seed, choice_seed, leader, check)
    assert game.phase is Phase.OVER
    assert len(books.finished) >= regular_deals(players, rules)


@SETTINGS
@with_examples
@given(table=tables(), seed=seeds, choice_seed=seeds, leader=leaders)
def test_every_trick_has_one_winner_who_leads_next(table, seed, choice_seed, leader):
    # Books.apply checks each trick against trick_winner as it completes, and each deal's
    # dealer and first leader.
    players, rules = table
    _game, books = play_out(players, rules, seed, choice_seed, leader)
    per_deal = expected_tricks(players, rules)
    assert books.completed_tricks == len(books.finished) * per_deal
    for deal in books.finished:
        assert sum(deal.tricks) == per_deal
        assert [score.tricks for score in deal.result.scores] == deal.tricks
        for seat in range(players):
            assert len(deal.won[seat]) == players * deal.tricks[seat]
        regular = regular_deals(players, rules)
        if deal.number <= regular:
            dealer, _ = expected_dealer_and_leader(
                players, rules, leader % players, deal.number - 1
            )
        else:
            dealer = books.tie_dealt[deal.number - regular - 1]
        assert deal.dealer == dealer


@SETTINGS
@with_examples
@given(table=tables(), seed=seeds, choice_seed=seeds, leader=leaders)
def test_deal_scores_follow_the_rules(table, seed, choice_seed, leader):
    players, rules = table
    game, books = play_out(players, rules, seed, choice_seed, leader)
    assert [deal.result for deal in books.finished] == game.results
    for number, deal in enumerate(books.finished, start=1):
        assert deal.result.deal == number
        for seat in range(players):
            score = deal.result.scores[seat]
            pain = deal.pain[seat]
            if rules.late:
                assert pain == []
                colours = deal.chosen[seat] or ()
                assert (colours == ()) == (deal.won[seat] == [])
                pile = deal.won[seat]
            else:
                assert len(pain) == picks_per_seat(rules)
                colours = tuple(card.colour for card in pain)
                assert len(set(colours)) == len(colours)  # Harsh: two different colours
                # A kept pain card scores only for its captor (it is in a won pile).
                pile = deal.won[seat] + ([] if rules.pain_in_hand else pain)
            assert score.pain_cards == tuple(pain)
            assert set(score.pain_colours) == set(colours)
            assert score.tricks == deal.tricks[seat]
            assert (score.gained, score.lost) == expected_score(pile, colours, rules)
            assert score.total == score.gained + score.lost
            if not deal.won[seat] and (rules.late or rules.pain_in_hand):
                assert score.total == 0
    totals = tuple(
        sum(deal.result.scores[seat].total for deal in books.finished) for seat in range(players)
    )
    final = game.view(None)
    assert final.totals == totals
    if rules.tie_break:
        positive = [
            sum(d.result.scores[s].total > 0 for d in books.finished) for s in range(players)
        ]
        keys = list(zip(totals, positive, strict=True))
    else:
        keys = list(totals)
    assert final.winners == tuple(s for s in range(players) if keys[s] == max(keys))


@settings(max_examples=20, deadline=None, print_blob=True, database=None)
@with_examples
@given(table=tables(), seed=seeds, choice_seed=seeds, leader=leaders)
def test_same_seed_and_choices_give_the_same_game(table, seed, choice_seed, leader):
    players, rules = table
    runs = []
    for _ in range(2):
        views: list[tuple[SeatView, ...]] = []
        game = play_quickly(
            players,
            rules,
            seed,
            choice_seed,
            leader,
            lambda game, views=views: views.append(all_views(game)),
        )
        runs.append((game, views))
    (first, first_views), (second, second_views) = runs
    assert first.seed == second.seed == seed
    assert first.moves == second.moves
    assert first.results == second.results
    assert len(first_views) == len(second_views) == len(first.moves) + 1
    assert first_views[-1][0].phase is Phase.OVER
    assert first_views == second_views


@pytest.mark.parametrize(
    ("players", "rules"),
    [(players, Rules()) for players in PLAYER_COUNTS] + [(4, Rules(french_deck=True))],
)
def test_different_seeds_deal_different_hands(players, rules):
    one = Game(NAMES[:players], rules, seed=1)
    two = Game(NAMES[:players], rules, seed=2)
    assert one.view(0).hand != two.view(0).hand
    assert [one.view(s).hand for s in range(players)] != [two.view(s).hand for s in range(players)]
    # and the same seed deals the same hands
    again = Game(NAMES[:players], rules, seed=1)
    assert [one.view(s).hand for s in range(players)] == [
        again.view(s).hand for s in range(players)
    ]


@SETTINGS
@with_examples(point_seed=12345)
@given(table=tables(), seed=seeds, choice_seed=seeds, leader=leaders, point_seed=seeds)
def test_replay_and_take_back(table, seed, choice_seed, leader, point_seed):
    players, rules = table
    names, first_leader = NAMES[:players], leader % players
    # A first run finds the moves worth taking back: the first and the last, a random one,
    # the first of each phase (pick, play, choose, tie) and the first of each deal.
    phases: list[tuple[Phase, int]] = []
    game = play_quickly(
        players,
        rules,
        seed,
        choice_seed,
        leader,
        lambda game: phases.append((game.phase, game.deal_index)),
    )
    moves = list(game.moves)
    total = len(moves)
    assert len(phases) == total + 1
    firsts: dict[object, int] = {}
    for index, (phase, deal) in enumerate(phases[:-1]):
        firsts.setdefault(phase, index + 1)
        firsts.setdefault(deal, index + 1)
    checkpoints = {1, 1 + point_seed % total, total, *firsts.values()}
    # A second run, with the same seeds, records the views around those moves.
    wanted = checkpoints | {point - 1 for point in checkpoints}
    history: dict[int, tuple[SeatView, ...]] = {}

    def record(game: Game) -> None:
        if len(game.moves) in wanted:
            history[len(game.moves)] = all_views(game)

    second = play_quickly(players, rules, seed, choice_seed, leader, record)
    assert second.moves == moves
    assert set(history) == wanted
    for point in sorted(checkpoints):
        replayed = Game.replay(names, rules, first_leader, seed, moves[:point])
        assert replayed.moves == moves[:point]
        assert all_views(replayed) == history[point]
        back = replayed.rewound(len(replayed.moves) - 1)
        assert back.moves == moves[: point - 1]
        assert back.seed == seed
        assert all_views(back) == history[point - 1]
        assert tuple(back.results) == history[point - 1][0].results
        # Playing the same move again gives the same game.
        back.apply(moves[point - 1])
        assert all_views(back) == history[point]
    again = Game.replay(names, rules, first_leader, seed, moves)
    assert again.results == game.results
    assert again.phase is Phase.OVER
    assert all_views(again) == all_views(game)


@SETTINGS
@with_examples
@given(table=tables(), seed=seeds, choice_seed=seeds, leader=leaders)
def test_a_seat_never_sees_other_hands_or_hidden_pain(table, seed, choice_seed, leader):
    players, rules = table

    def check(game: Game, books: Books) -> None:
        hands = [set(hand) for hand in game.hands]
        public = game.view(None)
        phase = public.phase
        in_deal = phase in (Phase.PICK, Phase.PLAY, Phase.CHOOSE)
        # Pain cards are face down while anybody picks, and in Dark for the whole deal.
        hidden = phase is Phase.PICK or (rules.dark and in_deal)
        played = set().union(*map(set, books.won)) | {play.card for play in public.trick}
        assert public.hand == ()
        assert public.won == ()
        assert public.legal_moves == ()
        # Scores appear only for finished deals (a running score could give a colour away).
        assert public.results == tuple(deal.result for deal in books.finished)
        if hidden:
            assert public.pain_cards == (None,) * players
        for seat in range(players):
            view = game.view(seat)
            if phase is not Phase.OVER:
                assert set(view.hand) == hands[seat]
            if phase is Phase.CHOOSE:
                assert view.won == sorted_cards(books.won[seat])
            else:
                assert view.won == ()
            shown = visible_cards(view)
            others = set().union(*(hands[t] for t in range(players) if t != seat))
            assert not shown & others
            assert not set(view.hand) & others
            if seat != public.to_move:
                assert view.legal_moves == ()
            assert view.pain_cards[seat] == tuple(books.pain[seat])
            for other in range(players):
                if other == seat:
                    continue
                unplayed = set(books.pain[other]) - played
                if hidden:
                    assert view.pain_cards[other] is None
                    assert view.pain_colours(other) == ()
                    assert not (shown | shown_pain(view)) & unplayed
                elif rules.dark:
                    # The deal is scored: its result shows the cards; the view may too.
                    assert view.pain_cards[other] in (None, tuple(books.pain[other]))
                else:
                    # Revealed. A kept pain card is the one card of another hand that may
                    # be seen (RULES.md 2, "open pain colours").
                    assert view.pain_cards[other] == tuple(books.pain[other])
            if not rules.pain_in_hand:
                assert not shown_pain(view) & others

    play_out(players, rules, seed, choice_seed, leader, check)


@settings(max_examples=40, deadline=None, print_blob=True, database=None)
@with_examples
@given(table=tables(), seed=seeds, choice_seed=seeds, leader=leaders)
def test_random_games_always_end(table, seed, choice_seed, leader):
    players, rules = table
    game = new_game(players, rules, seed, leader)
    rng = random.Random(choice_seed)
    limit = most_moves(players, rules)
    ties = 0
    while game.phase is not Phase.OVER and len(game.moves) < limit:
        ties += game.phase is Phase.TIE
        game.apply(rng.choice(game.legal_moves()))
    assert game.phase is Phase.OVER
    assert game.legal_moves() == ()
    view = game.view(None)
    assert view.winners
    extra = len(game.results) - regular_deals(players, rules)
    assert extra >= 0
    assert extra == sum(isinstance(m, SettleTie) and m.extra_deal for m in game.moves)
    assert ties == sum(isinstance(m, SettleTie) for m in game.moves)
    if not rules.tie_break:
        assert ties == 0
        assert extra == 0


@settings(max_examples=60, deadline=None, print_blob=True, database=None)
@given(
    table=tables(tie_break=st.just(True), deals=st.just(1)),
    seed=seeds,
    choice_seed=seeds,
    leader=leaders,
)
@example(table=(3, Rules(deals=1, tie_break=True)), seed=0, choice_seed=0, leader=0)
def test_tie_breaks_end_with_every_decision(table, seed, choice_seed, leader):
    # One-deal games tie often; random SettleTie choices must still lead to OVER, with the
    # books checking each tie decision (who decides, who deals, who wins).
    players, rules = table
    game, books = play_out(players, rules, seed, choice_seed, leader)
    assert game.phase is Phase.OVER
    assert books.extra_deals == len(books.tie_dealt) <= players
    assert len(set(books.tie_dealt)) == len(books.tie_dealt)  # nobody deals twice
    assert len(books.tie_decisions) >= books.extra_deals


def test_the_tie_example_game_does_reach_two_tie_decisions():
    # Keeps EXAMPLE_GAMES honest: its tie game exercises both tie-break rounds.
    (players, rules), seed, choice_seed, leader = EXAMPLE_GAMES[-1]
    game, books = play_out(players, rules, seed, choice_seed, leader)
    assert books.tie_dealt == [0, 1]
    assert books.tie_decisions == [(0, True), (1, True)]
    assert [deal.dealer for deal in books.finished[1:]] == [0, 1]
    assert game.view(None).winners == (2,)


# Python 3.11's random.Random(seed).shuffle of range(n) for these n and seeds 0-199:
# the deals every saved game was made with.
SHUFFLE_LENGTHS = (0, 1, 2, 45, 60, 70, 114)
SHUFFLES_DIGEST = "8bd2d11a45d4a62483d6b47fcb7121c363ed4557334164e417215eed44278688"


def test_the_deal_shuffle_deals_as_it_always_has():
    """Saved games are replayed from their seed: the engine's shuffle must go on dealing
    what it dealt when they were saved, whatever Python's own shuffle does."""
    digest = hashlib.sha256()
    for length in SHUFFLE_LENGTHS:
        for seed in range(200):
            cards = list(range(length))
            shuffle(cards, random.Random(seed))
            digest.update(repr(cards).encode())
    assert digest.hexdigest() == SHUFFLES_DIGEST


def test_a_clone_shares_no_list_with_the_original():
    game = Game(NAMES[:4], seed=3)
    clone = game.clone()
    for name, value in vars(game).items():
        if isinstance(value, list):
            assert vars(clone)[name] is not value, name
            for inner, copied in zip(value, vars(clone)[name], strict=True):
                assert not isinstance(inner, list) or copied is not inner, name


@SETTINGS
@given(table=tables(), seed=seeds, choice_seed=seeds, leader=leaders, point_seed=seeds)
def test_a_clone_plays_on_like_the_original_and_apart_from_it(
    table, seed, choice_seed, leader, point_seed
):
    players, rules = table
    game = new_game(players, rules, seed, leader)
    rng = random.Random(choice_seed)
    stop = point_seed % 200
    while game.phase is not Phase.OVER and len(game.moves) < stop:
        game.apply(rng.choice(game.legal_moves()))
    before = all_views(game)
    clone = game.clone()
    assert all_views(clone) == before
    assert clone.legal_moves() == game.legal_moves()
    # The clone plays the game out, even across deals; the original is left as it was.
    chooser = random.Random(seed)
    while clone.phase is not Phase.OVER:
        clone.apply(chooser.choice(clone.legal_moves()))
    assert all_views(game) == before
    # The original, given the clone's moves, ends exactly as the clone did.
    for move in clone.moves[len(game.moves) :]:
        game.apply(move)
    assert game.results == clone.results
    assert all_views(game) == all_views(clone)
