"""A saves directory for the statistics' tests: finished games of all three games (one
deal each, played by easy bots), a shared win, a damaged save, a save cut short and an
unfinished game. No Textual here."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from sticheln_tui import persistence
from sticheln_tui.bots import make_bot
from sticheln_tui.core.game import Game
from sticheln_tui.core.hattrick import HattrickGame, HattrickOptions
from sticheln_tui.core.seven_seals import SevenSealsGame, SevenSealsOptions
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.core.table import TableGame


@dataclass(frozen=True)
class Saved:
    game: TableGame
    levels: tuple[str | None, ...]


# Oldest first. "ann" is written "Ann" in the latest games; a bot and a human share the
# name "Max", and two strong bots one table; Sticheln's normal bots and Seven Seals' are
# named as set up in English, Dutch and Finnish; Hattrick's Ann meets bots of two levels
# at once.
TABLES = (
    (Game, Rules(deals=1), ("ann", "Bob", "Normal 3", "Easy 4"), (None, None, "normal", "easy")),
    (Game, Rules(deals=2), ("Ann", "Max", "Strong 3"), (None, "strong", "strong")),
    (Game, Rules(deals=1, harsh=True), ("Bob", "Max", "Normaal 3"), (None, None, "normal")),
    (
        HattrickGame,
        HattrickOptions(deals=1),
        ("Ann", "Bob", "Easy 3", "Strong 4"),
        (None, None, "easy", "strong"),
    ),
    (HattrickGame, HattrickOptions(deals=2), ("Bob", "Ann", "Cid", "Dee"), (None,) * 4),
    (
        SevenSealsGame,
        SevenSealsOptions(deals=1),
        ("Ann", "Bob", "Tavallinen 3"),
        (None, None, "normal"),
    ),
    (SevenSealsGame, SevenSealsOptions(deals=2), ("Bob", "ANN", "Easy 3"), (None, None, "easy")),
)


def played(kind: type[TableGame], options, names, seed: int) -> TableGame:
    game = kind(names, options, 0, seed)
    bots = [make_bot("easy", seed + seat, game=kind.GAME) for seat in range(len(names))]
    while not game.finished:
        game.apply(bots[game.to_move].choose(game.view(game.to_move)))
    return game


def shared_win() -> Game:
    """The first seeded one-deal Sticheln game of three, played by easy bots, whose win
    is shared."""
    for seed in range(1000):
        game = played(Game, Rules(deals=1), ("Ann", "Bob", "Cid"), seed)
        if len(game.winners) > 1:
            return game
    raise AssertionError("no shared win in 1000 seeds")


def build(directory: Path) -> list[Saved]:
    """Write the saves; the finished games, oldest first."""
    directory.mkdir(parents=True, exist_ok=True)
    saved = [
        Saved(played(kind, options, names, seed), levels)
        for seed, (kind, options, names, levels) in enumerate(TABLES, 11)
    ]
    saved.insert(1, Saved(shared_win(), (None, None, None)))
    for number, entry in enumerate(saved):
        path = directory / f"game-{number:02}.json"
        record = persistence.Record(entry.game, entry.levels, len(entry.game.results))
        persistence.save(path, record)
        os.utime(path, (1000 + number, 1000 + number))  # saved in this order
    (directory / "damaged.json").write_text("{not a save", encoding="utf-8")
    whole = (directory / "game-00.json").read_text(encoding="utf-8")
    (directory / "cut-short.json").write_text(whole[: len(whole) // 2], encoding="utf-8")
    unfinished = Game(("Ann", "Zed", "Bob"), Rules(), seed=3)
    for _ in range(5):
        unfinished.apply(unfinished.legal_moves()[0])
    persistence.save(directory / "unfinished.json", persistence.Record(unfinished, (None,) * 3))
    return saved
