"""Whole games in small ints, for the engine benchmarks (engine_speed.py, compiled_speed.py):
each plays random legal moves as the engine does, many times faster, through the engine's
game interface (`clone()`, `legal_moves()`, `apply(move)`, `finished`, `results`).

`FastGame` is a whole game of Sticheln; `FastHattrickGame` deals Hattrick's deals as the
engine does and plays each on the package's `fast.hattrick.FastDeal`; `FastPlay` plays a
Seven Seals deal's cards on `fast.seven_seals.FastDeal`. The package ships only what the
bots search with; these live here, and run as a script this module checks that each
plays seeded random games exactly as its engine does:

    python benchmarks/fast_engines.py [--games N]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from sticheln_tui.core.game import ChooseColours, Game, Phase, PickPain, PlayCard, SettleTie
from sticheln_tui.core.hattrick import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    HattrickGame,
    HattrickOptions,
    PassCard,
    deck_for,
)
from sticheln_tui.core.options import PRESETS
from sticheln_tui.core.seven_seals import (
    SEAL_KINDS,
    ReturnSeal,
    SevenSealsGame,
    SevenSealsOptions,
)
from sticheln_tui.core.seven_seals import Phase as SevenSealsPhase
from sticheln_tui.core.sticheln import Rules, deal_leader, winners
from sticheln_tui.core.table import shuffle
from sticheln_tui.fast import hattrick, seven_seals, sticheln
from sticheln_tui.fast.bits import bits_of
from sticheln_tui.fast.sticheln import TrickPlay

# FastGame's phases, as `core.game.Phase`'s.
PICK, PLAY, CHOOSE, TIE, OVER = range(5)


class FastGame:
    """A whole game of Sticheln in ints, for random play: `core.game.Game`'s rules and
    deals (the same seed deals the same cards), without views, log or checks (a move
    must be one of `legal_moves()`).

    A move is an int: a card to lay down or play, a colour mask to choose (Late), or 1
    to play a tie-break deal and 0 to share the win.
    """

    def __init__(self, players: int, rules: Rules, first_leader: int, seed: int) -> None:
        self.tables: sticheln.Tables = sticheln.tables(rules, players)
        self.trick_play: TrickPlay = TrickPlay(self.tables)  # the trick on the table
        self.players: int = players
        self.next_seat: list[int] = self.tables.next_seat
        self.rules: Rules = rules
        self.latest_trump: bool = rules.latest_trump
        self.first_leader: int = first_leader
        # The deals' generator; a clone makes its own, from the state it was cloned in,
        # only when it deals (a fresh `random.Random` costs more than a deal).
        self._rng: random.Random | None = random.Random(seed)
        self._rng_state: tuple[Any, ...] | None = None
        self.deals_total: int = rules.deals_for(players)
        self.results: list[list[int]] = []  # each deal's scores by seat
        self.totals: list[int] = [0] * players
        self.positive: list[int] = [0] * players  # deals scored above zero, by seat
        self.tie_dealt: list[int] = []  # tied seats that have dealt their extra deal
        self.tied: list[int] = []
        self.finished: bool = False
        self.phase: int = PICK
        self.to_move: int = 0
        self.deal_index: int = 0
        self.dealer: int = 0
        self.leader: int = 0
        self.closer: int = 0  # who plays the current trick's last card
        # The current deal: hands as sorted lists (they are the legal plays), the rest
        # as masks; `chosen` is Late's choice by seat (-1: none yet).
        self.hands: list[list[int]] = []
        self.pain: list[int] = []
        self.pain_count: list[int] = []
        self.pain_colours: list[int] = []
        self.chosen: list[int] = []
        self.won: list[int] = []
        # Each pile's points so far, by its seat's pain colours (Late: scored at the end).
        self.points: list[int] = []
        self.scoring: list[list[int]] = []  # by seat: each card's points (`Orders.score`)
        self._legal: list[int] = []  # what legal_moves() returns now
        self._start_deal(0, -1)

    def clone(self) -> FastGame:
        copy = FastGame.__new__(FastGame)
        copy.tables = self.tables
        copy.trick_play = TrickPlay(self.tables)
        self.trick_play.copy_trick_to(copy.trick_play)
        copy.players = self.players
        copy.next_seat = self.next_seat
        copy.rules = self.rules
        copy.latest_trump = self.latest_trump
        copy.first_leader = self.first_leader
        if self._rng_state is None:
            assert self._rng is not None
            self._rng_state = self._rng.getstate()
        copy._rng = None
        copy._rng_state = self._rng_state
        copy.deals_total = self.deals_total
        copy.results = list(self.results)
        copy.totals = list(self.totals)
        copy.positive = list(self.positive)
        copy.tie_dealt = list(self.tie_dealt)
        copy.tied = list(self.tied)
        copy.finished = self.finished
        copy.phase = self.phase
        copy.to_move = self.to_move
        copy.deal_index = self.deal_index
        copy.dealer = self.dealer
        copy.leader = self.leader
        copy.closer = self.closer
        copy.hands = [list(hand) for hand in self.hands]
        copy.pain = list(self.pain)
        copy.pain_count = list(self.pain_count)
        copy.pain_colours = list(self.pain_colours)
        copy.chosen = list(self.chosen)
        copy.won = list(self.won)
        copy.points = list(self.points)
        copy.scoring = self.scoring
        copy._legal = copy._moves_open()
        return copy

    def _start_deal(self, index: int, dealer: int) -> None:
        """Deal as `Game._start_deal` does; `dealer` -1: the next in the rotation."""
        tables = self.tables
        count = self.players
        self.deal_index = index
        rng = self._rng
        if rng is None:
            assert self._rng_state is not None  # cloned in that state
            rng = self._rng = random.Random.__new__(random.Random)
            rng.setstate(self._rng_state)
        self._rng_state = None  # the generator moves on
        deck = list(range(tables.size))
        shuffle(deck, rng)
        size = tables.size // count
        self.hands = [sorted(deck[seat * size : (seat + 1) * size]) for seat in range(count)]
        self.pain = [0] * count
        self.pain_count = [0] * count
        self.pain_colours = [0] * count
        self.chosen = [-1] * count
        self.won = [0] * count
        self.points = [0] * count
        self.scoring = [tables.orders(0).score] * count
        self.trick_play.trick = []
        if dealer < 0:
            shift = 0 if self.rules.dealer_leads else 1
            dealer = (self.first_leader + index - shift) % count
        self.dealer = dealer
        self.leader = self.to_move = deal_leader(dealer, count, self.rules)
        self.phase = PICK if tables.picks else PLAY
        self._legal = self._moves_open()

    def legal_moves(self) -> list[int]:
        """The moves open to the seat to move, in `Game.legal_moves()`'s order (worked
        out once per turn; a card play's list is the hand itself: read it, do not change
        it)."""
        return self._legal

    def _moves_open(self) -> list[int]:
        if self.phase == PLAY:
            return self.hands[self.to_move]
        if self.phase == PICK:
            return self._pickable(self.to_move)
        if self.phase == CHOOSE:
            return self._colour_choices(self.to_move)
        if self.phase == TIE:
            return [1, 0]
        return []

    def _pickable(self, seat: int) -> list[int]:
        """`Game._pickable`: a second pain card of another colour, if the hand has one."""
        colour = self.tables.colour
        kept = self.pain[seat]
        taken = self.pain_colours[seat]
        if not kept:
            return list(self.hands[seat])
        open_cards = [card for card in self.hands[seat] if not kept >> card & 1]
        return [card for card in open_cards if not taken >> colour[card] & 1] or open_cards

    def _colour_choices(self, seat: int) -> list[int]:
        """`colour_choices` over the sorted pile, as colour masks."""
        tables = self.tables
        won = self.won[seat]
        colours = [c for c, cards in enumerate(tables.colour_mask) if won & cards]
        count = min(tables.pain_colour_count, len(colours))
        return [sum(1 << c for c in chosen) for chosen in combinations(colours, count)]

    def apply(self, move: int) -> None:
        if self.phase != PLAY:
            self._apply_other(move)
            return
        seat = self.to_move
        self._legal.remove(move)  # the hand
        on_table = self.trick_play
        trick = on_table.trick
        if not trick:
            on_table.open_trick(seat, move)
            self.closer = seat - 1 if seat else self.players - 1
        elif self.latest_trump:
            on_table.follow(seat, move)
        elif on_table.takers[on_table.best] >> move & 1:  # `follow`, written out
            on_table.best = move
            on_table.winner = seat
        trick.append(move)
        if seat != self.closer:
            seat = self.to_move = self.next_seat[seat]
            self._legal = self.hands[seat]
            return
        winner = on_table.winner
        pile = self.won[winner]
        score = self.scoring[winner]
        points = 0
        for card in trick:
            pile |= 1 << card
            points += score[card]
        self.won[winner] = pile
        self.points[winner] += points
        on_table.trick = []
        self.leader = self.to_move = winner
        self._legal = self.hands[winner]
        if not self.hands[winner]:
            if self.rules.late:
                self.phase = CHOOSE
                self._next_chooser(0)
            else:
                self._finish_deal()
            self._legal = self._moves_open()

    def _apply_other(self, move: int) -> None:
        seat = self.to_move
        if self.phase == PICK:
            tables = self.tables
            self.pain[seat] |= 1 << move
            self.pain_count[seat] += 1
            self.pain_colours[seat] |= 1 << tables.colour[move]
            if not tables.pain_in_hand:
                self.hands[seat].remove(move)
            self._next_picker()
        elif self.phase == CHOOSE:
            self.chosen[seat] = move
            self._next_chooser(1)
        elif move:
            self.tied = []
            self.tie_dealt.append(seat)
            self._start_deal(self.deal_index + 1, seat)
        else:
            self._over()
        self._legal = self._moves_open()

    def _next_picker(self) -> None:
        count = self.players
        for step in range(count):
            seat = (self.to_move + step) % count
            if self.pain_count[seat] < self.tables.picks:
                self.to_move = seat
                return
        self.phase = PLAY
        self.to_move = self.leader
        self.scoring = [self.tables.orders(colours).score for colours in self.pain_colours]

    def _next_chooser(self, start: int) -> None:
        """Late: the next seat (from the leader round) that won cards and has not chosen."""
        count = self.players
        for step in range(start, count + 1):
            seat = (self.to_move + step) % count
            if self.chosen[seat] < 0 and self.won[seat]:
                self.to_move = seat
                return
        self._finish_deal()

    def _finish_deal(self) -> None:
        tables = self.tables
        scores = []
        for seat in range(self.players):
            if tables.late:
                colours = self.chosen[seat] if self.chosen[seat] >= 0 else 0
                score = tables.pile_score(self.won[seat], colours)
            elif tables.pain_in_hand:
                score = self.points[seat]
            else:
                score = self.points[seat] + tables.pile_score(
                    self.pain[seat], self.pain_colours[seat]
                )
            scores.append(score)
            self.totals[seat] += score
            self.positive[seat] += score > 0
        self.results.append(scores)
        if len(self.results) < self.deals_total:
            self._start_deal(self.deal_index + 1, -1)
            return
        leaders = self.winners()
        waiting = [seat for seat in leaders if seat not in self.tie_dealt]
        if len(leaders) > 1 and self.rules.tie_break and waiting:
            self.tied = leaders
            self.phase = TIE
            self.to_move = waiting[0]
            return
        self._over()

    def _over(self) -> None:
        self.tied = []
        self.phase = OVER
        self.finished = True

    def winners(self) -> list[int]:
        """The seats in the lead (`core.game.standings`), sharing the win once over."""
        return winners(self.totals, self.positive if self.rules.tie_break else None)


class FastHattrickGame:
    """A whole game in ints for random play, dealt exactly as `HattrickGame` with the same
    seed: `clone()`, `legal_moves()`, `apply(move)`, `finished`; `results` holds each
    finished deal's scores by seat."""

    def __init__(
        self,
        players: int,
        options: HattrickOptions | None = None,
        first_leader: int = 0,
        seed: int = 0,
    ) -> None:
        self.table: hattrick.Tables = hattrick.tables(players)
        self.deals_total: int = (options or HattrickOptions()).deals
        self.first_leader: int = first_leader
        self.rng: random.Random = random.Random(seed)
        self.results: list[list[int]] = []
        self.finished: bool = False
        self.deal: hattrick.FastDeal = self._dealt()

    def _dealt(self) -> hattrick.FastDeal:
        """The next deal, shuffled and shared out as `TableGame._deal` does; the seat left
        of its dealer leads (`TableGame._rotation_dealer`)."""
        table = self.table
        count = table.players
        deck = deck_for(count)
        shuffle(deck, self.rng)
        size = len(deck) // count
        hands = [table.mask(deck[seat * size : (seat + 1) * size]) for seat in range(count)]
        dealer = (self.first_leader + len(self.results) - 1) % count
        leader = (dealer + 1) % count
        return hattrick.FastDeal(table, hands, [0] * count, [0] * count, [], [], 0, leader)

    def clone(self) -> FastHattrickGame:
        copy = FastHattrickGame.__new__(FastHattrickGame)
        copy.table = self.table
        copy.deals_total = self.deals_total
        copy.first_leader = self.first_leader
        copy.rng = random.Random()
        copy.rng.setstate(self.rng.getstate())
        copy.results = list(self.results)
        copy.finished = self.finished
        copy.deal = self.deal.copy()
        return copy

    def legal_moves(self) -> list[int]:
        return [] if self.finished else self.deal.legal_moves()

    def apply(self, move: int) -> None:
        """Make a legal move (not checked: the engine refuses illegal ones)."""
        self.deal.apply(move)
        if self.deal.finished():
            self.results.append(self.deal.scores())
            if len(self.results) < self.deals_total:
                self.deal = self._dealt()
            else:
                self.finished = True

    @property
    def totals(self) -> list[int]:
        return [sum(scores[seat] for scores in self.results) for seat in range(self.table.players)]


class FastPlay:
    """One deal's play phase for random play, with the engine's game interface:
    `players`, `clone()`, `legal_moves()`, `apply(move)`, `finished`, `results` (each
    seat's penalty, once the deal is over). A move is a card, or the deck's size plus a
    seal kind to give back."""

    def __init__(
        self, players: Sequence[str], deal: seven_seals.FastDeal, results: list[list[int]]
    ) -> None:
        self.players = players  # the names, never changed
        self.deal = deal
        self.results = results

    @staticmethod
    def dealt(players: int, options: SevenSealsOptions, seed: int) -> FastPlay:
        """`predicted(players, options, seed)`, from its first card on."""
        game = predicted(players, options, seed)
        return FastPlay(game.players, seven_seals.deal_of_game(game), [])

    def clone(self) -> FastPlay:
        return FastPlay(self.players, self.deal.copy(), list(self.results))

    @property
    def finished(self) -> bool:
        return self.deal.finished()

    def legal_moves(self) -> list[int]:
        deal = self.deal
        if len(deal.trick) == deal.players:  # the winner chooses a seal
            cards = len(deal.tables.deck)
            return [cards + kind for kind in deal.returnable()]
        return bits_of(deal.legal())

    def apply(self, move: int) -> None:
        deal = self.deal
        cards = len(deal.tables.deck)
        if move >= cards:
            deal.settle(move - cards)
        else:
            deal.play(move)
        if deal.finished():
            self.results.append(deal.penalties())

    def move_of(self, move: int) -> PlayCard | ReturnSeal:
        """The engine's move for `move`."""
        tables = self.deal.tables
        if move >= len(tables.deck):
            return ReturnSeal(SEAL_KINDS[move - len(tables.deck)])
        return PlayCard(tables.card(move))


def predicted(players: int, options: SevenSealsOptions, seed: int) -> SevenSealsGame:
    """A game dealt by `SevenSealsGame` with `seed`, its prediction round played by seeded
    random legal moves."""
    game = SevenSealsGame([f"P{seat}" for seat in range(players)], options, seed=seed)
    rng = random.Random(seed)
    while game.phase is SevenSealsPhase.PREDICT:
        game.apply(rng.choice(game.legal_moves()))
    return game


# -- each plays as its engine ----------------------------------------------------------

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
PHASES = [Phase.PICK, Phase.PLAY, Phase.CHOOSE, Phase.TIE, Phase.OVER]  # FastGame's order
# Every branch of FastGame: both presets, Late's colours chosen at the end, two pain cards,
# the latest trump, pain kept in hand, Dark, Reverse, zeros trump, the French deck, the
# dealer leading and tie-break deals.
STICHELN_TABLES = [
    *((players, rules) for rules in PRESETS.values() for players in (3, 8)),
    (5, Rules(late=True, harsh=True, latest_trump=True, deals=2)),
    (4, Rules(french_deck=True, pain_in_hand=True, dark=True, tie_break=True, deals=1)),
    (6, Rules(reverse=True, harsh=True, dealer_leads=True, tie_break=True, deals=1)),
    (7, Rules(mild=True, zeros_trump=True, latest_trump=True, leftover_face_down=True, deals=1)),
]
SEVEN_SEALS_OPTIONS = [
    SevenSealsOptions(deals=1),
    SevenSealsOptions(
        deals=1, saboteur_costs_5=True, escalating_saboteur=True, saboteur_auction=True
    ),
]


def sticheln_moves(fast: FastGame, moves: list[int]) -> list[object]:
    """FastGame's moves as the engine's move objects."""
    table = fast.tables
    if fast.phase == PICK:
        return [PickPain(table.card(move)) for move in moves]
    if fast.phase == PLAY:
        return [PlayCard(table.card(move)) for move in moves]
    if fast.phase == CHOOSE:
        names = table.colour_names
        return [
            ChooseColours(tuple(name for c, name in enumerate(names) if move >> c & 1))
            for move in moves
        ]
    return [SettleTie(bool(move)) for move in moves]


def check_sticheln(players: int, rules: Rules, seed: int) -> None:
    """The same phase, seat to move, piles and legal moves at every step (now and then
    through a clone, which must go on alike), the same results, totals and winners."""
    leader = seed % players
    game = Game(NAMES[:players], rules, leader, seed)
    fast = FastGame(players, rules, leader, seed)
    rng = random.Random(seed)
    while not game.finished:
        assert not fast.finished
        assert fast.phase == PHASES.index(game.phase)
        assert fast.to_move == game.to_move
        assert fast.won == [fast.tables.mask(pile) for pile in game.won]
        moves = fast.legal_moves()
        assert sticheln_moves(fast, moves) == list(game.legal_moves())
        pick = rng.randrange(len(moves))
        if pick % 5 == 0:
            fast = fast.clone()
        game.apply(game.legal_moves()[pick])
        fast.apply(moves[pick])
        assert fast.results == [[score.total for score in r.scores] for r in game.results]
    assert fast.finished and fast.phase == OVER
    assert fast.totals == list(game.totals)
    assert tuple(fast.winners()) == game.winners


def check_hattrick(players: int, seed: int) -> None:
    """The same hands, piles, pass cards, seat to move and legal moves at every step (now
    and then through a clone), the same scores each deal."""
    options = HattrickOptions(2)
    game = HattrickGame(NAMES[:players], options, seed % players, seed)
    fast = FastHattrickGame(players, options, seed % players, seed)
    table = fast.table
    rng = random.Random(seed)
    while not game.finished:
        assert not fast.finished
        deal = fast.deal
        assert deal.to_move == game.to_move
        assert deal.hands == [table.mask(hand) for hand in game.hands]
        assert deal.piles == [table.mask(pile) for pile in game.piles]
        assert deal.passes == [table.mask(laid) for laid in game.passes]
        legal = game.legal_moves()
        decoded = [table.decode(move) for move in fast.legal_moves()]
        assert sorted(decoded) == sorted((move.card, type(move) is PassCard) for move in legal)
        move = rng.choice(legal)
        if rng.random() < 0.1:
            fast = fast.clone()
        game.apply(move)
        fast.apply(table.move_of(move.card, type(move) is PassCard))
        assert len(fast.results) == len(game.results)
    assert fast.finished and fast.legal_moves() == []
    assert fast.results == [[score.total for score in result.scores] for result in game.results]
    assert fast.totals == list(game.totals)


def check_seven_seals(players: int, options: SevenSealsOptions, seed: int) -> None:
    """The same legal moves, seat to move, seals, supply and black seals at every step (now
    and then through a clone), the same penalties at the end."""
    game = predicted(players, options, seed)
    play = FastPlay.dealt(players, options, seed)
    rng = random.Random(seed)
    while not play.finished:
        moves = play.legal_moves()
        assert [play.move_of(move) for move in moves] == list(game.legal_moves())
        move = rng.choice(moves)
        if rng.random() < 0.1:
            play = play.clone()
        play.apply(move)
        game.apply(play.move_of(move))
        deal = play.deal
        if not play.finished:
            assert deal.to_move == game.to_move
        assert deal.supply == [game.supply[kind] for kind in SEAL_KINDS]
        assert deal.seals == [held[kind] for held in game.seals for kind in SEAL_KINDS]
        assert deal.blacks_taken == game.blacks_taken
    assert play.results == [[score.total for score in game.results[-1].scores]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="seeded games per table")
    args = parser.parse_args()
    seeds = range(args.games)
    for players, rules in STICHELN_TABLES:
        for seed in seeds:
            check_sticheln(players, rules, seed)
    print(f"FastGame: {len(STICHELN_TABLES) * args.games} games played as Game plays them")
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for seed in seeds:
            check_hattrick(players, seed)
    tables = MAX_PLAYERS - MIN_PLAYERS + 1
    print(f"FastHattrickGame: {tables * args.games} games played as HattrickGame plays them")
    for options in SEVEN_SEALS_OPTIONS:
        for players in range(3, 6):
            for seed in seeds:
                check_seven_seals(players, options, seed)
    deals = len(SEVEN_SEALS_OPTIONS) * 3 * args.games
    print(f"FastPlay: {deals} deals played as SevenSealsGame plays them")


if __name__ == "__main__":
    main()
