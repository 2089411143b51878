"""The ladder: one bot against the same opponent in every other seat, on duplicate deals.

Each deal is played as a one-deal game once per seat: the tested bot sits in seat 0, then
seat 1, and so on, against the same cards and the same first leader, so over a deal's
rotations it has held every hand once and the luck of the deal cancels. The deals are the
first deals of `sticheln simulate --seed S`. Bots think without a time limit, so a run
repeats exactly (the playout budget alone rules).

    python benchmarks/ladder.py --game sticheln --tested strong --against frozen \
        --deals 100 --seed 1 --workers 2 [--preset table-sheet --dark ...] [--players 4] \
        [--playouts N] [--gap FILE]

`frozen` is the game's strong bot as it stood (frozen_strong.py): Sticheln's before the
fast core, Hattrick's and Seven Seals' when frozen there. `seer` (seer.py) is the game's
strong bot, with its own search and budget, handed the true deal for every sampled deal:
the most its search could make of a deal. Prints the tested bot's win share (a shared win
counts 1/k to each of its k winners) and mean margin per deal, each with a 95% interval
over deals (a deal's rotations are one sample, as they are not independent), seconds per
move, budget rows, and a last line of JSON. Progress on stderr.

`--gap FILE` takes an earlier run's output (the seer's, say: the last line is all it
reads) of the same game and rules against the same opponents, and reports the share of the
gap closed: how far the tested bot's share S goes from the fair share towards that run's
share R, (S - fair) / (R - fair).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from frozen_strong import FROZEN, FrozenSearch
from report import budget, finish
from seer import SEERS, SeesEveryHand

from sticheln_tui.bots import Bot, make_bot
from sticheln_tui.bots.search import SamplingBot
from sticheln_tui.cli import (
    Parser,
    add_rule_options,
    game_seed,
    number_from_1_to,
    options_from,
)
from sticheln_tui.core.cards import Card
from sticheln_tui.games import engine_of, engines
from sticheln_tui.seats import LEVELS, bot_name
from sticheln_tui.simulate import _reported, describe, jobs

GAMES = engines()

BOTS = (*LEVELS, "frozen", "seer")
# (game, opponent): the win share the strong bot must reach against three of them, and
# the floor its interval's low end must clear (fair share 25%).
TARGETS = {
    ("sticheln", "frozen"): (0.38, 0.30),
    ("hattrick", "normal"): (0.65, 0.25),
    ("seven-seals", "normal"): (0.50, 0.45),
    ("hattrick", "frozen"): (0.30, 0.25),
    ("seven-seals", "frozen"): (0.30, 0.25),
}
RESAMPLES = 2000  # bootstrap resamples for the intervals over deals


def seat_name(level: str, seat: int) -> str:
    """A bot's name at the table: the game's own for its levels ("Strong 2"), else the
    ladder's level's ("Frozen 2")."""
    return bot_name(level, seat) if level in LEVELS else f"{level.capitalize()} {seat + 1}"


def player(level: str, seed: int, game: str, playouts: int | None = None) -> Bot:
    """A bot of `level` for `game`, thinking without a time limit; a searching one plays
    out `playouts` deals a move (None: its own budget)."""
    special = {"frozen": FROZEN[game], "seer": SEERS[game]}
    bot = special[level](seed) if level in special else make_bot(level, seed, game)
    if isinstance(bot, SamplingBot | FrozenSearch):
        bot.time_limit = math.inf
        if playouts is not None:
            bot.playouts = playouts
    return bot


@dataclass(frozen=True)
class Seating:
    """One game of the ladder: deal `group` (its seed and first leader), the tested bot
    in `seat` and the opponent everywhere else."""

    game: str
    options: Any  # the game's options, one deal
    tested: str
    against: str
    players: int
    group: int
    seed: int
    first_leader: int
    seat: int
    playouts: int | None = None  # each searching bot's budget a move (None: its own)


@dataclass(frozen=True)
class Played:
    """How one game of the ladder went."""

    group: int
    seat: int  # the tested bot's
    names: tuple[str, ...]  # the players, by seat ("Strong 2")
    hands: tuple[tuple[Card, ...], ...]  # as dealt, by seat
    shares: tuple[float, ...]  # of the win, by seat: 1/k to each of k winners
    scores: tuple[int, ...]  # the deal's scores, by seat
    tested_seconds: tuple[float, ...]  # per move, on the clock
    others_seconds: tuple[float, ...]
    cpu_seconds: float  # the whole game's: unlike the clock, not slowed by a busy machine
    # The tested bot's moves, in order: two bots' games from the same seating can be
    # compared move by move (the frozen bots' golden tests do).
    tested_moves: tuple[Any, ...] = ()


def seatings(
    game: str,
    options: Any,
    tested: str,
    against: str,
    players: int,
    seed: int,
    deals: int,
    playouts: int | None = None,
) -> list[Seating]:
    """Every game of the ladder: each deal once per seat of the tested bot, a deal's
    rotations together."""
    levels = [tested] + [against] * (players - 1)
    return [
        Seating(game, options, tested, against, players, group, deal_seed, leader, seat, playouts)
        for group, (_, _, deal_seed, leader, _) in enumerate(
            jobs(levels, options, seed, deals, game)
        )
        for seat in range(players)
    ]


def play(seating: Seating) -> Played:
    """Play one game of the ladder; every bot sees its own seat only (the seer aside)."""
    count = seating.players
    levels = [seating.against] * count
    levels[seating.seat] = seating.tested
    table = engine_of(seating.game)(
        [seat_name(level, seat) for seat, level in enumerate(levels)],
        seating.options,
        seating.first_leader,
        seating.seed,
    )
    hands = tuple(tuple(hand) for hand in table.hands)
    bots = [
        player(level, seating.seed * count + s, seating.game, seating.playouts)
        for s, level in enumerate(levels)
    ]
    tested: list[float] = []
    others: list[float] = []
    moves: list[Any] = []
    cpu = time.process_time()
    while not table.finished:
        seat = table.to_move
        bot = bots[seat]
        if isinstance(bot, SeesEveryHand):
            bot.game = table
        started = time.perf_counter()
        move = bot.choose(table.view(seat))
        seconds = time.perf_counter() - started
        if seat == seating.seat:
            tested.append(seconds)
            moves.append(move)
        else:
            others.append(seconds)
        table.apply(move)
    winners = table.view(None).winners
    return Played(
        seating.group,
        seating.seat,
        table.players,
        hands,
        tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(count)),
        tuple(score.total for score in table.results[0].scores),
        tuple(tested),
        tuple(others),
        time.process_time() - cpu,
        tuple(moves),
    )


def run(work: Sequence[Seating], workers: int) -> list[Played]:
    pool = ProcessPoolExecutor(workers) if workers > 1 else contextlib.nullcontext()
    with pool:
        played = pool.map(play, work) if workers > 1 else map(play, work)
        return list(_reported(played, len(work)))


def margin(game: Played, lowest_wins: bool) -> float:
    """How much better the tested bot scored than the others' mean (penalty points: less)."""
    mine = game.scores[game.seat]
    others = (sum(game.scores) - mine) / (len(game.scores) - 1)
    return others - mine if lowest_wins else mine - others


def interval(samples: Sequence[float]) -> tuple[float, float]:
    """95% interval of the mean of `samples` (percentile bootstrap, seeded: repeatable)."""
    rng = random.Random(0)
    means = sorted(statistics.fmean(rng.choices(samples, k=len(samples))) for _ in range(RESAMPLES))
    return means[int(0.025 * RESAMPLES)], means[int(0.975 * RESAMPLES) - 1]


def timing(seconds: Sequence[float]) -> dict[str, float]:
    """Median, 95th percentile and longest of these per-move times (every game has many)."""
    return {
        "median": statistics.median(seconds),
        "p95": statistics.quantiles(seconds, n=20, method="inclusive")[18],
        "max": max(seconds),
    }


def summarise(games: Sequence[Played], lowest_wins: bool) -> dict:
    """The tested bot's figures; its intervals are taken over deals (each deal's
    rotations averaged into one sample)."""
    by_group: dict[int, list[Played]] = {}
    for game in games:
        by_group.setdefault(game.group, []).append(game)
    shares = [statistics.fmean(g.shares[g.seat] for g in group) for group in by_group.values()]
    margins = [
        statistics.fmean(margin(g, lowest_wins) for g in group) for group in by_group.values()
    ]
    return {
        "games": len(games),
        "deals": len(by_group),
        "share": statistics.fmean(shares),
        "share_ci95": interval(shares),
        "margin": statistics.fmean(margins),
        "margin_ci95": interval(margins),
        "tested_seconds": timing([s for g in games for s in g.tested_seconds]),
        "others_seconds": timing([s for g in games for s in g.others_seconds]),
        "cpu_seconds_per_game": statistics.fmean(g.cpu_seconds for g in games),
    }


def build_parser() -> Parser:
    parser = Parser(
        prog="python benchmarks/ladder.py",
        description="One bot against the same opponent in every other seat, on duplicate "
        "one-deal games: each deal is played once per seat of the tested bot.",
        conflict_handler="resolve",  # --deals here counts deals; the rules' --deals is not taken
    )
    parser.add_argument("--game", choices=list(GAMES), default="sticheln")
    parser.add_argument("--tested", choices=BOTS, default="strong", help="the bot measured")
    parser.add_argument(
        "--against",
        choices=BOTS,
        help="every other seat (default: frozen for Sticheln, normal for the other games)",
    )
    add_rule_options(parser)
    parser.add_argument(
        "--deals",
        dest="deal_count",
        type=number_from_1_to("deals", 100_000),
        default=100,
        metavar="N",
        help="deals to play, each once per seat (default: 100)",
    )
    parser.add_argument("--players", type=number_from_1_to("players", 8), default=4, metavar="N")
    parser.add_argument("--seed", type=game_seed, default=1, metavar="N")
    parser.add_argument("--workers", type=number_from_1_to("workers", 64), default=2, metavar="N")
    parser.add_argument(
        "--playouts",
        type=number_from_1_to("playouts", 100_000),
        metavar="N",
        help="deals each searching bot plays out a move (default: each bot's own budget)",
    )
    parser.add_argument(
        "--gap",
        type=Path,
        metavar="FILE",
        help="an earlier run's output, against the same opponents (the seer's, say): "
        "report how much of the gap from the fair share to its share the tested bot closes",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.against is None:
        args.against = "frozen" if args.game == "sticheln" else "normal"
    try:
        options = dataclasses.replace(options_from(args.game, args), deals=1)
        # The engine checks the table: the same refusal as at the start of a real game.
        engine_of(args.game)([f"P{seat}" for seat in range(args.players)], options)
        # What another run must share with this one for their win shares to compare.
        setting = {
            "game": args.game,
            "rules": describe(options),
            "against": args.against,
            "players": args.players,
        }
        # Read before the run, which may take hours, so that a wrong file stops it at once.
        reference = None if args.gap is None else reference_share(args.gap, setting)
    except ValueError as error:
        parser.error(str(error))
    work = seatings(
        args.game,
        options,
        args.tested,
        args.against,
        args.players,
        args.seed,
        args.deal_count,
        args.playouts,
    )
    games = run(work, min(args.workers, len(work)))
    figures = summarise(games, engine_of(args.game).LOWEST_WINS)
    fair = 1 / args.players
    if reference is not None:
        figures["reference_share"] = reference
        figures["gap_closed"] = gap_closed(figures["share"], reference, fair)
    title = f"ladder, {args.game}, {args.tested} against {args.players - 1} {args.against}"
    print(f"{title}: {figures['games']} games ({figures['deals']} deals x {args.players} seats)")
    print(f"{describe(options)}, seed {args.seed}")
    print_figures(figures, fair)
    row = {"benchmark": title, **setting, "tested": args.tested, **rounded(figures)}
    finish([*budgets(title, figures, args), row])
    return 0


def reference_share(path: Path, setting: dict[str, Any]) -> float:
    """The win share of an earlier ladder run, from the last line of its output. The run
    must have had the same `setting` (game, rules, opponents, table size), or the shares do
    not compare: ValueError if it did not, or if this is no ladder run's output."""
    try:
        row = json.loads(path.read_text(encoding="utf-8").strip().splitlines()[-1])[-1]
        share = float(row["share"])
    except (OSError, ValueError, IndexError, KeyError, TypeError) as error:
        raise ValueError(f"--gap {path}: no ladder run's output ({error})") from error
    differ = [key for key in setting if row.get(key) != setting[key]]
    if differ:
        was = ", ".join(f"{key} {row.get(key)}" for key in differ)
        now = ", ".join(f"{key} {setting[key]}" for key in differ)
        raise ValueError(f"--gap {path}: that run had {was}; this one has {now}")
    return share


def gap_closed(share: float, reference: float, fair: float) -> float | None:
    """How much of the way from the fair share to the reference's share `share` goes (0:
    none, 1: all of it); None when the reference is no better than fair: no gap to close."""
    return (share - fair) / (reference - fair) if reference > fair else None


def print_figures(figures: dict, fair: float) -> None:
    low, high = figures["share_ci95"]
    print(
        f"win share {figures['share']:.1%} (95% interval {low:.1%} - {high:.1%}; fair {fair:.0%})"
    )
    low, high = figures["margin_ci95"]
    print(
        f"margin per deal {figures['margin']:+.2f} points better than the others' mean "
        f"(95% interval {low:+.2f} - {high:+.2f})"
    )
    for who in ("tested", "others"):
        seconds = figures[f"{who}_seconds"]
        print(
            f"seconds per move, {'tested bot' if who == 'tested' else 'opponents'}: "
            f"median {seconds['median']:.4f}, p95 {seconds['p95']:.4f}, max {seconds['max']:.4f}"
        )
    print(
        f"CPU seconds per game {figures['cpu_seconds_per_game']:.1f} "
        "(a run takes about games x this / workers on idle cores)"
    )
    if "reference_share" in figures:
        reference, gap = figures["reference_share"], figures["gap_closed"]
        if gap is None:
            print(
                f"gap closed: none to close, the reference's share {reference:.1%} is no more "
                f"than the fair {fair:.0%}"
            )
        else:
            print(
                f"gap closed {gap:.0%}: (share {figures['share']:.1%} - fair {fair:.0%}) / "
                f"(the reference's share {reference:.1%} - fair)"
            )


def budgets(title: str, figures: dict, args: argparse.Namespace) -> list[dict]:
    """The budgets (`TARGETS`): a win share against three of the opponent (fair share
    1/players), the interval's low end above its floor, and against the frozen bot no more
    time per move than it takes."""
    if (args.game, args.against) not in TARGETS:
        return []
    target, floor = TARGETS[args.game, args.against]
    fair = 1 / args.players
    rows = [
        budget(
            f"{title}: win share",
            figures["share"],
            fair,
            target / fair,
            higher_is_better=True,
            unit="share",
        ),
        budget(
            f"{title}: win share, interval low end",
            figures["share_ci95"][0],
            fair,
            floor / fair,
            higher_is_better=True,
            unit="share",
        ),
    ]
    if args.against == "frozen":
        rows.append(
            budget(
                f"{title}: median seconds per move",
                figures["tested_seconds"]["median"],
                figures["others_seconds"]["median"],
                1.0,
                higher_is_better=False,
                unit="s",
            )
        )
    return rows


def rounded(value: Any) -> Any:
    """Figures for JSON: four decimals are plenty."""
    if isinstance(value, dict):
        return {key: rounded(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [rounded(item) for item in value]
    return round(value, 4) if isinstance(value, float) else value


if __name__ == "__main__":
    sys.exit(main())
