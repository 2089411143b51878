"""The games this table hosts: each describes itself once, in a `GameInfo`.

A game's description is light (its key, title, sentences, table sizes and command-line
options), so that the first screen and `sticheln --help` list every game at once. What
playing it takes is imported only when a game is played, from two modules the
description names:

- `play`: its `GamePlay`, Textual-free: the engine, the save codec, the flow's hooks, the
  computer players, the review's judge and how `simulate` describes its options;
- `screens`: its `GameScreens` (screens/games.py): the table, the hand-off, the
  scoreboard, the replay, the setup form and the rules help.

The games come from this package (Sticheln, Hattrick, Seven Seals), from any installed
package that names a `GameInfo` in the entry point group `sticheln_tui.games`, and from
`register` (a program embedding the table, or a test). A game of its own outside this
package, complete down to its bots and screens, is tests/plain_tricks: the pattern to
follow (its screens subclass the shared ones in screens/, which ask a game for its parts).
"""

from __future__ import annotations

import functools
import importlib
import os
import sys

from ..core.names import visible
from ..i18n import _, ngettext

# Neither dataclasses nor typing: `sticheln --help` lists the games, and each of those
# costs as much as the rest of the help.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Mapping
    from typing import Any

    from ..bots.base import Bot
    from ..bots.review import Weighing
    from ..codec import Codec
    from ..core.table import TableGame
    from ..flow import GameHooks
    from ..screens.games import GameScreens

ENTRY_POINT_GROUP = "sticheln_tui.games"
BUILT_IN = ("sticheln", "hattrick", "seven_seals")  # modules of this package, in menu order
DEFAULT_GAME = "sticheln"
MAX_DECLARATION = 1 << 16  # what is read of a package's entry_points.txt


def no_options(parser: argparse.ArgumentParser) -> None:
    """A game without command-line options of its own (`--deals` is every game's)."""


def default_options(args: argparse.Namespace) -> None:
    """No options given: the game's default (None, as the engine takes it)."""


class CommandLine:
    """A game's own command-line options. `add` adds them to the parser; `fields` are the
    argparse destinations they fill, so that one game's options given for another are
    refused by name; `options` makes the game's options from the parsed command line
    (`--deals` included, when given), raising ValueError for a combination that cannot be."""

    __slots__ = ("add", "fields", "options")

    def __init__(
        self,
        options: Callable[[argparse.Namespace], object] = default_options,
        add: Callable[[argparse.ArgumentParser], None] = no_options,
        fields: tuple[str, ...] = (),
    ) -> None:
        self.options = options
        self.add = add
        self.fields = fields

    def given(self, args: argparse.Namespace) -> list[str]:
        """The flags of this game's own options on this command line."""
        return [f"--{name.replace('_', '-')}" for name in self.fields if name in args]


class GameInfo:
    """A game, as the first screen, `--help` and every switch on the game read it.

    `key`: a save's "game" field and `--game`'s value (never changed once games are
    saved). `title`, `quit_question` ("Quit Sticheln?") and `needs_room` (a too-small
    terminal: "Sticheln needs {needed_width}x{needed_height}; this terminal is
    {width}x{height}. The game waits until it fits.") are whole sentences marked with
    `N_()` and shown through `_()`, so that each language words them for this game.
    `players`: the table sizes it is played at. `play` and `screens`: the modules whose
    `PLAY` (a `GamePlay`) and `SCREENS` (a `GameScreens`) are the game's, imported when
    it is played."""

    __slots__ = (
        "command_line",
        "key",
        "needs_room",
        "play",
        "players",
        "quit_question",
        "screens",
        "title",
    )

    def __init__(
        self,
        *,
        key: str,
        title: str,
        quit_question: str,
        needs_room: str,
        players: range,
        play: str,
        screens: str,
        command_line: CommandLine | None = None,
    ) -> None:
        self.key = key
        self.title = title
        self.quit_question = quit_question
        self.needs_room = needs_room
        self.players = players
        self.play = play
        self.screens = screens
        self.command_line = command_line or CommandLine()


class GamePlay:
    """What playing a game takes, free of any screen: its `engine`; its save `codec`
    (how a save writes its options, moves and what the table had seen); the `hooks` the
    table's flow asks of it; its computer players, `bots`, by level (every level); the
    review's `judge` (weighs a decision against the other candidates); and `describe`,
    its options in a few words (simulate's table title)."""

    __slots__ = ("bots", "codec", "describe", "engine", "hooks", "judge")

    def __init__(
        self,
        *,
        engine: type[TableGame],
        codec: Codec,
        hooks: GameHooks,
        bots: Mapping[str, type[Bot]],
        judge: type[Weighing],
        describe: Callable[[Any], str],
    ) -> None:
        self.engine = engine
        self.codec = codec
        self.hooks = hooks
        self.bots = bots
        self.judge = judge
        self.describe = describe


_load_problems: list[str] = []


@functools.cache
def _hosted() -> dict[str, GameInfo]:
    """The games hosted, filled on first use: this package's, then installed packages'."""
    games = {}
    for name in BUILT_IN:
        info = importlib.import_module(f"{__name__}.{name}").INFO
        games[info.key] = info
    if not _group_declared():
        return games
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            info = point.load()
        except Exception as error:  # another package's fault must not stop the table
            _load_problems.append(
                _("The game {name} from {package} could not be loaded: {error}").format(
                    name=visible(point.name),
                    package=visible(point.value),
                    error=visible(str(error)),
                )
            )
            continue
        if isinstance(info, GameInfo):
            games.setdefault(info.key, info)
    return games


def _group_declared() -> bool:
    """Whether an installed package declares a game: a look at each package's
    entry_points.txt on the path, a millisecond or two, so that a table without such games
    never imports importlib.metadata (a tenth of a second: more than `--help` may take)."""
    marker = f"[{ENTRY_POINT_GROUP}]"
    for folder in sys.path:
        try:
            names = os.listdir(folder or ".")
        except OSError:  # not a folder (a zip file), or gone
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                declared = os.path.join(folder, name, "entry_points.txt")
                if not os.path.isfile(declared):  # no FIFO or folder is opened
                    continue
                try:
                    with open(declared, encoding="utf-8", errors="replace") as text:
                        if marker in text.read(MAX_DECLARATION):
                            return True
                except OSError:
                    continue
    return False


def load_problems() -> list[str]:
    """Why a game an installed package offers is not hosted, one line each."""
    _hosted()
    return list(_load_problems)


def register(info: GameInfo) -> None:
    """Host this game too (a key already hosted: its description is replaced)."""
    _hosted()[info.key] = info


def unregister(key: str) -> None:
    """Host this game no more."""
    _hosted().pop(key, None)


def registered() -> dict[str, GameInfo]:
    """Every game hosted, by key, in the first screen's order."""
    return dict(_hosted())


def info_of(key: str) -> GameInfo:
    """The game called `key`; ValueError naming the choices for any other key."""
    try:
        return _hosted()[key]
    except KeyError:
        choices = ", ".join(_hosted())
        raise ValueError(
            _("there is no game {key}; choose one of: {choices}").format(
                key=repr(key), choices=choices
            )
        ) from None


def play_of(key: str) -> GamePlay:
    """What playing the game `key` takes (imported on first need)."""
    return importlib.import_module(info_of(key).play).PLAY


def screens_of(key: str) -> GameScreens:
    """The screens of the game `key` (imported on first need, with Textual)."""
    return importlib.import_module(info_of(key).screens).SCREENS


def game_of_options(options: object) -> str:
    """The key of the game whose options these are."""
    for key in _hosted():
        if type(options) is play_of(key).engine.OPTIONS:
            return key
    raise ValueError(f"no game hosted has the options {options!r}")


def engine_of(key: str) -> type[TableGame]:
    """The engine of the game `key`."""
    return play_of(key).engine


def engines() -> dict[str, type[TableGame]]:
    """Every hosted game's engine, by key (every game's play is imported)."""
    return {key: engine_of(key) for key in _hosted()}


def deals_in_words(count: int) -> str:
    """ "3 deals", as a game's description of its options says it."""
    # Translators: English keeps one form for any number; give your language's forms.
    return ngettext("{count} deals", "{count} deals", count).format(count=count)
