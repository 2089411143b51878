"""`sticheln simulate`: games between computer players, no screen, with the figures.

Textual is never imported here, so a long run starts at once and runs anywhere.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from .bots.match import Outcome, play_bot_game
from .cli import (
    Parser,
    add_language_option,
    add_rule_options,
    game_seed,
    number_from_1_to,
    options_from,
)
from .games import DEFAULT_GAME, engine_of, game_of_options, play_of, registered
from .i18n import _, ngettext
from .seats import LEVELS, level_named

MAX_GAMES = 100_000
REPORT_EVERY = 30.0  # seconds between progress lines when stderr is a log, not a terminal


def _seats(text: str) -> list[str]:
    try:
        return [level_named(part.strip().removeprefix("bot:")) for part in text.split(",")]
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="sticheln simulate",
        description=_("Play games between computer players and print their win rates."),
        epilog=_("Example: sticheln simulate --seats strong,normal,normal,normal --games 400"),
    )
    parser.add_argument(
        "--seats",
        type=_seats,
        required=True,
        metavar=_("LEVELS"),
        help=_(
            "comma-separated bot levels in seat order (Sticheln 3 to 8, Hattrick 4 to 7, "
            "Seven Seals 3 to 5) of: {levels}"
        ).format(levels=", ".join(LEVELS)),
    )
    parser.add_argument(
        "--game",
        choices=list(registered()),
        default=DEFAULT_GAME,
        help=_("the game the bots play (default: sticheln); each takes its own rules options"),
    )
    parser.add_argument(
        "--games",
        type=number_from_1_to("games", MAX_GAMES),
        default=100,
        metavar="N",
        help=_("how many games to play (default: 100)"),
    )
    parser.add_argument(
        "--seed",
        type=game_seed,
        default=1,
        metavar="N",
        help=_("fixes every game, so a run can be repeated exactly (default: 1)"),
    )
    parser.add_argument(
        "--workers",
        type=number_from_1_to("workers", 64),
        default=1,
        metavar="N",
        help=_("processes to play games in parallel (default: 1)"),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=_("end with the figures as one line of JSON (seats numbered from 1, as in the table)"),
    )
    add_language_option(parser)
    add_rule_options(parser)
    return parser


def _play(job: tuple[list[str], Any, int, int, str]) -> Outcome:
    return play_bot_game(*job)


def jobs(levels: list[str], options: Any, seed: int, games: int, game: str = DEFAULT_GAME) -> list:
    """One job per game: its own seed, and the first lead moving round the table."""
    seeds = random.Random(seed)
    return [
        (levels, options, seeds.getrandbits(32), index % len(levels), game)
        for index in range(games)
    ]


def describe(options: Any) -> str:
    """The options in a few words, for the table's title."""
    return play_of(game_of_options(options)).describe(options)


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval)."""
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    spread /= 1 + z * z / games
    return max(0.0, centre - spread), min(1.0, centre + spread)


def summarise(levels: Sequence[str], outcomes: Sequence[Outcome]) -> dict:
    """The figures of a run; a shared win counts 1/k to each of its k winners."""
    games = len(outcomes)
    wins = [0.0] * len(levels)
    scores = [0] * len(levels)
    seconds = dict.fromkeys(levels, 0.0)
    moves = dict.fromkeys(levels, 0)
    for outcome in outcomes:
        for seat in outcome.winners:
            wins[seat] += 1 / len(outcome.winners)
        for seat, total in enumerate(outcome.totals):
            scores[seat] += total
        for level in seconds:
            seconds[level] += outcome.seconds[level]
            moves[level] += outcome.moves[level]
    seats = []
    for seat, level in enumerate(levels):
        low, high = wilson_interval(wins[seat], games)
        seats.append(
            {
                "seat": seat + 1,  # as in the table: people count seats from 1
                "level": level,
                "wins": round(wins[seat], 3),
                "win_rate": round(wins[seat] / games, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "mean_score": round(scores[seat] / games, 2),
            }
        )
    per_move = {level: round(seconds[level] / max(moves[level], 1), 5) for level in seconds}
    return {"games": games, "seats": seats, "seconds_per_move": per_move}


def run(
    levels: list[str],
    options: Any,
    seed: int,
    games: int,
    workers: int,
    game: str = DEFAULT_GAME,
) -> list[Outcome]:
    work = jobs(levels, options, seed, games, game)
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(_reported(pool.map(_play, work), games))
    return list(_reported(map(_play, work), games))


def _reported(outcomes: Iterable[Outcome], games: int) -> Iterator[Outcome]:
    """The outcomes, with progress on stderr (never on stdout, which holds the figures):
    a bar on a terminal, otherwise a line now and then for a log."""
    if sys.stderr.isatty():
        progress = Progress(
            _("Playing"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        with progress:
            yield from progress.track(outcomes, total=games)
        return
    started = reported = time.monotonic()
    for done, outcome in enumerate(outcomes, 1):
        yield outcome
        now = time.monotonic()
        if now - reported >= REPORT_EVERY and done < games:
            reported = now
            to_go = (now - started) / done * (games - done)
            print(
                _("Played {done} of {games} games in {time}; about {left} to go.").format(
                    done=done, games=games, time=_clock(now - started), left=_clock(to_go)
                ),
                file=sys.stderr,
                flush=True,
            )
    # Translators: English keeps one form for any number; give your language's forms.
    played = ngettext("Played {games} games in {time}.", "Played {games} games in {time}.", games)
    print(played.format(games=games, time=_clock(time.monotonic() - started)), file=sys.stderr)


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes // 60}:{minutes % 60:02d}:{seconds:02d}"


def print_table(figures: dict, rules_text: str, penalties: bool = False) -> None:
    """The figures as a table; `penalties`: the game scores penalty points (the lowest
    total wins), shown without a sign."""
    console = Console()
    games = figures["games"]
    # Translators: the table's title: "400 games, Classic + Reverse, seed 1". English keeps
    # one form for any number; give your language's forms.
    title = ngettext("{count} games, {rules}", "{count} games, {rules}", games)
    table = Table(title=title.format(count=games, rules=rules_text))
    score_heading = _("Mean penalty") if penalties else _("Mean score")
    # Translators: the headings of simulate's table; keep them short.
    headings = (
        _("Seat"),
        _("Level"),
        _("Wins"),
        _("Win rate"),
        _("{percent} interval").format(percent="95%"),
        score_heading,
    )
    for column, heading in enumerate(headings):
        table.add_column(heading, justify="left" if column == 1 else "right")
    for seat in figures["seats"]:
        low, high = seat["ci95"]
        table.add_row(
            str(seat["seat"]),
            seat["level"],
            f"{seat['wins']:g}",
            f"{seat['win_rate']:.1%}",
            f"{low:.1%} - {high:.1%}",
            f"{seat['mean_score']:{'.1f' if penalties else '+.1f'}}",
        )
    console.print(table)
    timing = ", ".join(f"{level} {s:.4f}" for level, s in figures["seconds_per_move"].items())
    console.print(_("Seconds per move: {timing}").format(timing=timing))


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        options = options_from(args.game, args)
        # The engine checks the table: the same refusal as at the start of a real game.
        engine_of(args.game)([f"P{seat}" for seat in range(len(args.seats))], options)
    except ValueError as error:
        parser.error(str(error))
    workers = min(args.workers, args.games)
    outcomes = run(args.seats, options, args.seed, args.games, workers, args.game)
    figures = summarise(args.seats, outcomes)
    penalties = engine_of(args.game).LOWEST_WINS
    rules_text = _("{rules}, seed {seed}").format(rules=describe(options), seed=args.seed)
    print_table(figures, rules_text, penalties)
    if args.json:
        print(json.dumps(figures))
    return 0
