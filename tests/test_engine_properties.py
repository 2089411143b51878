"""Property tests of the game engine over random seeded games, 3 to 8 players.

Each game is driven by a seeded move-choice rng (seeded from hypothesis), so every
failure replays exactly. The checks here watch the engine only through its public
surface (views, results, moves) and keep their own books of who won which cards.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from sticheln_tui.core.cards import Card
from sticheln_tui.core.game import (
    CompletedTrick,
    DealResult,
    Game,
    Phase,
    PickPain,
    Played,
    SeatView,
)
from sticheln_tui.core.sticheln import (
    Rules,
    deck_for,
    hand_size,
    score_breakdown,
    score_deal,
    trick_winner,
)

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
PLAYER_COUNTS = range(3, 9)

SETTINGS = settings(max_examples=30, deadline=None, print_blob=True, database=None)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.integers(min_value=3, max_value=8)
leaders = st.integers(min_value=0, max_value=7)  # taken modulo the player count


@st.composite
def rule_sets(draw, max_deals: int = 2) -> Rules:
    """Every option combination RULES.md allows (Mild never with Reverse)."""
    reverse = draw(st.booleans())
    return Rules(
        reverse=reverse,
        mild=False if reverse else draw(st.booleans()),
        latest_trump=draw(st.booleans()),
        zeros_trump=draw(st.booleans()),
        deals=draw(st.integers(min_value=1, max_value=max_deals)),
    )


def for_every_player_count(test=None, **extra):
    """Always run one classic two-deal game per player count, on top of the random ones."""

    def decorate(test):
        for players in PLAYER_COUNTS:
            test = example(
                players=players,
                rules=Rules(deals=2),
                seed=1000 + players,
                choice_seed=2000 + players,
                leader=players,
                **extra,
            )(test)
        return test

    return decorate(test) if test is not None else decorate


def new_game(players: int, rules: Rules, seed: int, leader: int) -> Game:
    return Game(NAMES[:players], rules, leader % players, seed)


def all_views(game: Game) -> tuple[SeatView, ...]:
    return (game.view(None), *(game.view(seat) for seat in range(len(game.players))))


def total_moves(players: int, rules: Rules) -> int:
    # Each deal: one pick per player, then every remaining card is played.
    return rules.deals * players * hand_size(players, rules)


@dataclass
class FinishedDeal:
    result: DealResult
    won: list[list[Card]]
    pain: list[list[Card]]
    tricks: list[int]


@dataclass
class Books:
    """Our own record of a game, kept from what the engine shows after each move."""

    players: int
    rules: Rules
    won: list[list[Card]] = field(init=False)
    pain: list[list[Card]] = field(init=False)
    tricks: list[int] = field(init=False)
    finished: list[FinishedDeal] = field(default_factory=list)
    completed_tricks: int = 0

    def __post_init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.won = [[] for _ in range(self.players)]
        self.pain = [[] for _ in range(self.players)]
        self.tricks = [0] * self.players

    def apply(self, game: Game, move) -> None:
        """Apply `move` to `game`, check what the trick rules say, and update the books."""
        n = self.players
        before = game.view(None)
        seat = before.to_move
        deals_before = len(game.results)
        game.apply(move)
        after = game.view(None)

        if isinstance(move, PickPain):
            assert before.phase is Phase.PICK
            self.pain[seat].append(move.card)
            return

        assert before.phase is Phase.PLAY
        plays = (*before.trick, Played(seat, move.card))
        if len(plays) < n:
            assert after.trick == plays
            assert after.to_move == (seat + 1) % n
            assert after.tricks_won == before.tricks_won
            return

        # A trick is complete.
        cards = [play.card for play in plays]
        assert len({play.seat for play in plays}) == n  # everybody played exactly once
        expected = plays[trick_winner(cards, self.rules)].seat
        self.completed_tricks += 1
        if len(game.results) == deals_before:
            # Mid-deal: the table shows the trick and its winner leads the next one.
            last = after.last_trick
            assert last is not None
            assert last.plays == plays
            assert last.winner == expected
            gained = [a - b for a, b in zip(after.tricks_won, before.tricks_won, strict=True)]
            assert sorted(gained) == [0] * (n - 1) + [1]  # exactly one winner
            assert gained.index(1) == expected
            assert after.trick == ()
            assert after.phase is Phase.PLAY
            assert after.to_move == expected
            winner = expected
        else:
            # The deal's last trick: its winner is the one seat whose trick count in the
            # new result exceeds ours by one.
            assert len(game.results) == deals_before + 1
            result = game.results[-1]
            gained = [result.scores[s].tricks - self.tricks[s] for s in range(n)]
            assert sorted(gained) == [0] * (n - 1) + [1]
            winner = gained.index(1)
            assert winner == expected
            if after.phase is Phase.OVER:
                assert after.last_trick == CompletedTrick(plays, winner)
            else:
                assert after.last_trick is None or after.last_trick == CompletedTrick(plays, winner)
        self.won[winner].extend(cards)
        self.tricks[winner] += 1
        if len(game.results) > deals_before:
            self.finished.append(
                FinishedDeal(
                    game.results[-1],
                    [list(pile) for pile in self.won],
                    [list(pain) for pain in self.pain],
                    list(self.tricks),
                )
            )
            if after.phase is not Phase.OVER:
                self._reset()  # the engine keeps showing the final deal once the game is over


def play_out(players, rules, seed, choice_seed, leader, each_step=None):
    """Play a whole game with random legal moves; call each_step(game, books) throughout."""
    game = new_game(players, rules, seed, leader)
    books = Books(players, rules)
    rng = random.Random(choice_seed)
    if each_step:
        each_step(game, books)
    while game.phase is not Phase.OVER:
        books.apply(game, rng.choice(game.legal_moves()))
        if each_step:
            each_step(game, books)
    assert len(game.moves) == total_moves(players, rules)
    return game, books


def visible_cards(view: SeatView) -> set[Card]:
    """Every card that a view shows (except earlier deals' results)."""
    shown = set(view.hand) | set(view.leftover) | {play.card for play in view.trick}
    if view.last_trick is not None:
        shown |= {play.card for play in view.last_trick.plays}
    for pain in view.pain_cards:
        if pain is not None:
            shown |= set(pain)
    shown |= {move.card for move in view.legal_moves}
    return shown


# -- properties ----------------------------------------------------------------------------


@SETTINGS
@for_every_player_count
@given(players=player_counts, rules=rule_sets(), seed=seeds, choice_seed=seeds, leader=leaders)
def test_cards_are_conserved(players, rules, seed, choice_seed, leader):
    deck = Counter(deck_for(players, rules))
    assert max(deck.values()) == 1

    def check(game: Game, books: Books) -> None:
        public = game.view(None)
        held = Counter()
        for seat in range(players):
            view = game.view(seat)
            held.update(view.hand)
            own_pain = view.pain_cards[seat]
            assert own_pain is not None
            held.update(own_pain)
            assert list(own_pain) == books.pain[seat]
            held.update(books.won[seat])
        held.update(play.card for play in public.trick)
        held.update(public.leftover)
        assert held == deck
        assert max(held.values()) == 1
        assert len(public.leftover) == len(deck) - players * hand_size(players, rules)

    game, books = play_out(players, rules, seed, choice_seed, leader, check)
    assert game.phase is Phase.OVER
    assert len(books.finished) == rules.deals


@SETTINGS
@for_every_player_count
@given(players=player_counts, rules=rule_sets(), seed=seeds, choice_seed=seeds, leader=leaders)
def test_every_trick_has_one_winner_who_leads_next(players, rules, seed, choice_seed, leader):
    # Books.apply checks each trick against trick_winner as it completes.
    _game, books = play_out(players, rules, seed, choice_seed, leader)
    per_deal = hand_size(players, rules) - 1
    assert books.completed_tricks == rules.deals * per_deal
    for deal in books.finished:
        assert sum(deal.tricks) == per_deal
        assert [score.tricks for score in deal.result.scores] == deal.tricks
        for seat in range(players):
            assert len(deal.won[seat]) == players * deal.tricks[seat]


@SETTINGS
@for_every_player_count
@given(players=player_counts, rules=rule_sets(), seed=seeds, choice_seed=seeds, leader=leaders)
def test_deal_scores_follow_score_deal(players, rules, seed, choice_seed, leader):
    game, books = play_out(players, rules, seed, choice_seed, leader)
    assert [deal.result for deal in books.finished] == game.results
    for number, deal in enumerate(books.finished, start=1):
        assert deal.result.deal == number
        for seat in range(players):
            score = deal.result.scores[seat]
            pile = deal.won[seat] + deal.pain[seat]
            colours = {card.colour for card in deal.pain[seat]}
            assert len(deal.pain[seat]) == 1
            assert score.pain_cards == tuple(deal.pain[seat])
            assert score.tricks == deal.tricks[seat]
            assert score.total == score_deal(pile, colours, rules)
            assert (score.gained, score.lost) == score_breakdown(pile, colours, rules)
    totals = tuple(
        sum(deal.result.scores[seat].total for deal in books.finished) for seat in range(players)
    )
    final = game.view(None)
    assert final.totals == totals
    assert final.winners == tuple(s for s in range(players) if totals[s] == max(totals))


@settings(max_examples=25, deadline=None, print_blob=True, database=None)
@for_every_player_count
@given(players=player_counts, rules=rule_sets(), seed=seeds, choice_seed=seeds, leader=leaders)
def test_same_seed_and_choices_give_the_same_game(players, rules, seed, choice_seed, leader):
    runs = []
    for _ in range(2):
        views: list[tuple[SeatView, ...]] = []
        game, _books = play_out(
            players,
            rules,
            seed,
            choice_seed,
            leader,
            lambda game, books, views=views: views.append(all_views(game)),
        )
        runs.append((game, views))
    (first, first_views), (second, second_views) = runs
    assert first.seed == second.seed == seed
    assert first.moves == second.moves
    assert first.results == second.results
    assert len(first_views) == len(second_views) == total_moves(players, rules) + 1
    assert first_views == second_views


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_different_seeds_deal_different_hands(players):
    one = Game(NAMES[:players], seed=1)
    two = Game(NAMES[:players], seed=2)
    assert one.view(0).hand != two.view(0).hand
    assert [one.view(s).hand for s in range(players)] != [two.view(s).hand for s in range(players)]
    # and the same seed deals the same hands
    again = Game(NAMES[:players], seed=1)
    assert [one.view(s).hand for s in range(players)] == [
        again.view(s).hand for s in range(players)
    ]


@SETTINGS
@for_every_player_count(point_seed=12345)
@given(
    players=player_counts,
    rules=rule_sets(),
    seed=seeds,
    choice_seed=seeds,
    leader=leaders,
    point_seed=seeds,
)
def test_replay_and_take_back(players, rules, seed, choice_seed, leader, point_seed):
    total = total_moves(players, rules)
    point = 1 + point_seed % total  # a random move to take back, besides the first and last
    checkpoints = {1, point, total}
    names, first_leader = NAMES[:players], leader % players
    previous: list[tuple[SeatView, ...]] = []

    def check(game: Game, books: Books) -> None:
        if len(game.moves) in checkpoints:
            back = game.without_last_move()
            assert back.moves == game.moves[:-1]
            assert all_views(back) == previous[-1]
            assert tuple(back.results) == previous[-1][0].results
            replayed = Game.replay(names, rules, first_leader, seed, game.moves[:-1])
            assert all_views(back) == all_views(replayed)
            assert back.phase is replayed.phase
        previous.append(all_views(game))

    game, _books = play_out(players, rules, seed, choice_seed, leader, check)
    again = Game.replay(names, rules, first_leader, seed, game.moves)
    assert again.moves == game.moves
    assert again.results == game.results
    assert again.phase is Phase.OVER
    assert all_views(again) == all_views(game)


@SETTINGS
@for_every_player_count
@given(players=player_counts, rules=rule_sets(), seed=seeds, choice_seed=seeds, leader=leaders)
def test_a_seat_never_sees_other_hands_or_hidden_pain(players, rules, seed, choice_seed, leader):
    def check(game: Game, books: Books) -> None:
        hands = [set(hand) for hand in game.hands]
        public = game.view(None)
        assert public.hand == ()
        assert public.legal_moves == ()
        if public.phase is Phase.PICK:
            assert public.pain_cards == (None,) * players
        for seat in range(players):
            view = game.view(seat)
            if public.phase is not Phase.OVER:
                assert set(view.hand) == hands[seat]
            shown = visible_cards(view)
            others = set().union(*(hands[t] for t in range(players) if t != seat))
            assert not shown & others
            assert not set(view.hand) & others
            if seat != public.to_move:
                assert view.legal_moves == ()
            for other in range(players):
                if other == seat:
                    continue
                if public.phase is Phase.PICK:
                    assert view.pain_cards[other] is None
                    assert not shown & set(books.pain[other])
                else:
                    assert view.pain_cards[other] == tuple(books.pain[other])

    play_out(players, rules, seed, choice_seed, leader, check)
