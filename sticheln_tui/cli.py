"""The `sticheln` command: parse the command line, then start the app.

Textual is imported only once a game is really started, so `--help` stays quick.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence

from . import __version__, i18n
from .core.names import visible
from .games import DEFAULT_GAME, info_of, registered
from .i18n import _
from .locations import SAVES_ENV, saves_directory

# The rules, the engine, the bots, the saves, even dataclasses, typing and pathlib are
# imported where a command needs them, so that `--help` and a mistyped option answer at
# once (within 3x bare Python).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import NoReturn, TypeVar

    from . import persistence
    from .seats import Seat

    Found = TypeVar("Found")


# Only a value it echoes makes a refusal longer than MAX_REFUSAL characters (a seed of
# 5,000 digits pasted by mistake): its middle is cut out, keeping what is said before the
# value and, in the last REFUSAL_END characters, what is said after it.
MAX_REFUSAL, REFUSAL_END = 160, 60


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not the whole usage
        """Every refusal of a bad value passes here: the one place its echo is cut short."""
        if len(message) > MAX_REFUSAL:
            message = message[: MAX_REFUSAL - REFUSAL_END - 3] + "..." + message[-REFUSAL_END:]
        self.exit(
            2,
            _("{prog}: error: {message} (see {prog} --help)").format(
                prog=self.prog, message=message
            )
            + "\n",
        )


def add_language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        type=_language,
        # Translators: placeholders in --help, in capitals, as command-line tools write them.
        metavar=_("CODE"),
        help=_(
            "the language to play in: {languages}; default: the one chosen last time, else "
            "the locale's (LC_ALL, LC_MESSAGES, LANG), else English"
        ).format(languages=", ".join(i18n.LANGUAGES)),
    )


def _language(text: str) -> str:
    if text not in i18n.LANGUAGES:
        raise argparse.ArgumentTypeError(i18n.language_problem(text))
    return text


def start_language(argv: Sequence[str]) -> None:
    """Speak the player's language from the first line printed, help and errors included
    (a bad --lang is refused by the parser, in the language the rest would choose)."""
    from .settings import remembered_language

    wanted = None
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            wanted = argv[index + 1]
        elif word.startswith("--lang="):
            wanted = word.removeprefix("--lang=")
    i18n.use(i18n.choose(wanted, remembered_language(), os.environ))


def _command_at(argv: Sequence[str]) -> int:
    """Where a command such as `simulate` would stand: first, or after `--lang CODE`
    (`sticheln --lang de simulate ...`)."""
    if argv[:1] == ["--lang"]:
        return 2
    return 1 if argv[:1] and argv[0].startswith("--lang=") else 0


def whole_number(text: str, what: str) -> int:
    """`text` as an int; `what` names it in the refusal ("the seed", "--games")."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{what} must be a whole number, not {text}").format(what=what, text=repr(text))
        ) from None


def number_from_1_to(name: str, top: int):
    """A parser of whole numbers from 1 to `top`; `name` names the number in the refusal."""

    def parse(text: str) -> int:
        number = whole_number(text, name)
        if not 1 <= number <= top:
            raise argparse.ArgumentTypeError(
                _("{what} must be from 1 to {most}, not {number}").format(
                    what=name, most=top, number=number
                )
            )
        return number

    return parse


def game_seed(text: str) -> int:
    """A seed the game accepts (`sticheln --seed`, `sticheln simulate --seed`)."""
    from .core.game import seed_problem

    seed = whole_number(text, _("the seed"))
    problem = seed_problem(seed)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return seed


def _seats(text: str) -> list[Seat]:
    """Names and bot levels: `Ann,bot:strong,Bob` (a bot is named after its level);
    `screen:Bob` plays at a screen of his own, which joins with a code."""
    from .seats import Seat, bot_name, level_named, no_human_here_problem, no_human_problem

    seats = []
    for index, entry in enumerate(part.strip() for part in text.split(",")):
        if entry.casefold().startswith("bot:"):
            try:
                level = level_named(entry[4:])
            except ValueError as error:
                raise argparse.ArgumentTypeError(str(error)) from None
            seats.append(Seat(bot_name(level, index), level))
        elif entry.casefold().startswith("screen:"):
            seats.append(Seat(entry[7:].strip(), own_screen=True))
        else:
            seats.append(Seat(entry))
    problem = no_human_problem([seat.level for seat in seats])
    if problem:
        raise argparse.ArgumentTypeError(
            _("{problem} (bots alone: sticheln simulate)").format(problem=problem)
        )
    problem = no_human_here_problem(seats)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return seats


def _file(text: str) -> Path:
    from pathlib import Path

    if not text.strip():  # Path("") would be the current directory
        raise argparse.ArgumentTypeError(_("the file name is empty"))
    return Path(text)


def _deals(text: str) -> int | None:
    from .core.sticheln import MAX_DEALS, deals_problem

    if text == "per-player":
        return None
    try:
        deals = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("deals must be a whole number or 'per-player', not {text}").format(text=repr(text))
        ) from None
    if not 1 <= deals <= MAX_DEALS:
        raise argparse.ArgumentTypeError(deals_problem(MAX_DEALS, deals))
    return deals


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--deals",
        type=_deals,
        metavar="N|per-player",
        default=argparse.SUPPRESS,
        help=_(
            "number of deals (default: the game's); Sticheln and Seven Seals also: one per "
            "player (Seven Seals' default)"
        ),
    )
    for info in registered().values():
        info.command_line.add(parser)


def any_rules_given(args: argparse.Namespace) -> list[str]:
    """The flags of any game's own options on this command line."""
    return [flag for info in registered().values() for flag in info.command_line.given(args)]


def foreign_rule_problem(args: argparse.Namespace, game: str) -> str | None:
    """Why a flag of another game's options on this command line does not apply to
    `game`; None when there is none."""
    for other, info in registered().items():
        given = info.command_line.given(args) if other != game else []
        if given:
            # Translators: {flag} is a command-line option such as --reverse.
            return _("{flag} does not apply: it is a rule of {other}, not of {game}").format(
                flag=given[0], other=_(info.title), game=_(info_of(game).title)
            )
    return None


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="sticheln",
        description=_(
            "Play Sticheln, Hattrick or Seven Seals, trick-taking card games, at one "
            "keyboard (hot seat)."
        ),
        # Translators: the commands stay as they are; translate "Examples" and the last note.
        epilog=_(
            "Examples: sticheln --players Ann,Bob,Cid --seed 7; "
            "sticheln --players Ann,bot:normal,bot:strong,bot:easy; "
            "sticheln --game hattrick --players Ann,Bob,Cid,Dee; "
            "sticheln --game seven-seals --players Ann,Bob,Cid --saboteur-costs-5; "
            "sticheln simulate --help (games between bots); "
            "sticheln serve --help (play in a web browser)"
        ),
    )
    parser.add_argument(
        "--game",
        choices=list(registered()),
        default=argparse.SUPPRESS,
        help=_("the game to play: {games}; default: {default}").format(
            games=", ".join(registered()), default=DEFAULT_GAME
        ),
    )
    parser.add_argument(
        "--players",
        type=_seats,
        metavar=_("SEATS"),
        help=_(
            "comma-separated names of the players in seat order, or bot:easy, "
            "bot:normal, bot:strong for a computer player; skips the first screen"
        ),
    )
    parser.add_argument(
        "--first",
        metavar=_("NAME"),
        help=_(
            "the player who begins: leads the first trick (the youngest), or in Seven Seals "
            "deals first; default: the first name"
        ),
    )
    parser.add_argument(
        "--seed",
        type=game_seed,
        metavar="N",
        help=_("a whole number that fixes the shuffles, so the same game can be played again"),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        help=_("show the version and exit"),
    )
    add_language_option(parser)
    saves = parser.add_argument_group(
        _("saves"),
        # Not the folder itself: finding it would load a library and slow every --help.
        _(
            "Every game is saved after each move, in the folder --list-saves names "
            "(or in the directory ${variable} names)."
        ).format(variable=SAVES_ENV),
    )
    start = saves.add_mutually_exclusive_group()
    start.add_argument(
        "--resume", action="store_true", help=_("continue the latest unfinished game")
    )
    start.add_argument("--load", type=_file, metavar=_("FILE"), help=_("continue the game in FILE"))
    start.add_argument(
        "--list-saves",
        action="store_true",
        help=_("list the saved games, newest first, and exit"),
    )
    start.add_argument(
        "--stats",
        action="store_true",
        help=_("print statistics of the finished games in the saves, and exit"),
    )
    start.add_argument(
        "--replay",
        type=_file,
        metavar=_("FILE"),
        help=_("step through a finished game in FILE with every hand shown"),
    )
    saves.add_argument(
        "--export",
        type=_file,
        metavar=_("FILE"),
        help=_(
            "write the latest finished game (or the one in --load FILE) to FILE as a "
            "game record, and exit"
        ),
    )
    add_rule_options(parser)
    return parser


def _load(parser: argparse.ArgumentParser, path: Path) -> persistence.Record:
    from . import persistence

    try:
        return persistence.load(path)
    except persistence.SaveError as error:
        parser.exit(
            2,
            _("{prog}: cannot load {path}: {why}").format(
                prog=parser.prog, path=visible(path), why=error
            )
            + "\n",
        )


def _fail(parser: argparse.ArgumentParser, message: str) -> NoReturn:
    """Exit 2 with one line, `message` after the program's name."""
    parser.exit(2, f"{parser.prog}: {message}\n")


def _in_the_saves(parser: argparse.ArgumentParser, look: Callable[[], Found]) -> Found:
    """What `look` finds in the saves folder; exit 2 with one line when the folder cannot
    be read, which is not the same as holding no game."""
    from . import persistence

    try:
        return look()
    except persistence.SavesFolderError as error:
        _fail(parser, str(error))


def _quiet_when_cut_short(report: Callable[[], int]) -> int:
    """Print a report; a reader that stops early (`sticheln --stats | head`) ends it
    quietly, as other command-line tools do, not with a traceback."""
    try:
        return report()
    except BrokenPipeError:
        # Python would fail again flushing the closed pipe at exit: point it at nothing.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _list_saves(parser: argparse.ArgumentParser) -> int:
    from . import persistence

    directory = saves_directory()
    entries = _in_the_saves(parser, lambda: persistence.list_saves(directory))
    if entries:
        print(_("Saved games in {directory}:").format(directory=visible(directory)))
    else:
        print(_("No saved games in {directory}.").format(directory=visible(directory)))
    for entry in entries:
        print(f"  {entry.describe()}")
    return 0


def _stats(parser: argparse.ArgumentParser) -> int:
    import textwrap

    from . import persistence
    from .core.statistics import NOTE_WIDTH, counted_line, plain, statistics, tables
    from .words import colour_name

    directory = saves_directory()
    saves = _in_the_saves(parser, lambda: persistence.list_saves(directory))
    stats = statistics(saves, list(registered()))
    if stats.games:
        print(
            _("Statistics of the finished games in {directory}").format(
                directory=visible(directory)
            )
        )
    else:
        print(
            _(
                "No finished games in {directory} yet: finish one, and its figures appear here."
            ).format(directory=visible(directory))
        )
    for game in tables(stats, colour_name):
        for table in game:
            print("\n" + plain(table))
    counted = textwrap.fill(counted_line(stats), NOTE_WIDTH)
    print("\n" + counted if stats.games else counted)
    return 0


def _export(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from . import persistence

    if args.load is not None:
        record = _load(parser, args.load)
    else:
        entry = _in_the_saves(parser, persistence.latest_finished)
        if entry is None:
            _fail(parser, _("no finished game to export (sticheln --list-saves)"))
        assert entry.record is not None  # a finished game's save has loaded
        record = entry.record
    target = visible(args.export)
    # os.path's checks, unlike Path's, never raise (a directory we may not look into).
    if os.path.isdir(args.export):
        _fail(parser, _("{file} is a directory; give a file name").format(file=target))
    if os.path.lexists(args.export):
        _fail(parser, _("{file} exists already; choose another name").format(file=target))
    try:
        persistence.export(args.export, record)
    except ValueError as error:
        _fail(parser, _("cannot export to {file}: {why}").format(file=target, why=error))
    print(
        _("Game record of {players} written to {file}.").format(
            players=", ".join(record.game.players), file=target
        )
    )
    return 0


def _check_alone(
    parser: argparse.ArgumentParser, args: argparse.Namespace, given: str, report: bool = False
) -> None:
    """A saved game brings its own game, table and rules: refuse options that would be lost.
    `report`: `given` reports on every save and plays nothing, so takes no table at all."""
    table = ["--game"] if "game" in args else []
    table += [
        f"--{flag}" for flag in ("players", "first", "seed") if getattr(args, flag) is not None
    ]
    table += any_rules_given(args) + (["--deals"] if "deals" in args else [])
    if table and report:
        parser.error(
            _("{given} reports on the saved games and plays none; drop {flag}").format(
                given=given, flag=table[0]
            )
        )
    if table:
        parser.error(
            _("{given} works on a saved game, with its own table and rules; drop {flag}").format(
                given=given, flag=table[0]
            )
        )


def options_from(game: str, args: argparse.Namespace) -> object:
    """The options of `game` given on the command line; ValueError for another game's."""
    problem = foreign_rule_problem(args, game)
    if problem:
        raise ValueError(problem)
    return info_of(game).command_line.options(args)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    start_language(argv)
    command = _command_at(argv)
    if argv[command : command + 1] == ["simulate"]:
        from .simulate import main as simulate

        return simulate(argv[:command] + argv[command + 1 :])  # simulate takes --lang too
    if argv[command : command + 1] == ["serve"]:
        from .serve import main as serve

        return serve(argv[:command] + argv[command + 1 :])
    if argv[command : command + 1] in (["join"], ["tables"]):
        return _table_command(argv[command], argv[:command] + argv[command + 1 :])
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.export is not None:
        if args.resume or args.replay or args.list_saves or args.stats:
            parser.error(_("--export goes with --load FILE or alone"))
        _check_alone(parser, args, "--export")
        return _export(parser, args)
    if args.list_saves:
        _check_alone(parser, args, "--list-saves", report=True)
        return _quiet_when_cut_short(lambda: _list_saves(parser))
    if args.stats:
        _check_alone(parser, args, "--stats", report=True)
        return _quiet_when_cut_short(lambda: _stats(parser))
    resumed = None
    for given, path in (("--load", args.load), ("--replay", args.replay)):
        if path is not None:
            from .persistence import SaveEntry

            _check_alone(parser, args, given)
            resumed = SaveEntry(path, 0.0, _load(parser, path), None)
    if args.resume:
        from .persistence import latest_unfinished

        _check_alone(parser, args, "--resume")
        resumed = _in_the_saves(parser, latest_unfinished)
        if resumed is None:
            _fail(parser, _("no unfinished game to resume"))
    if args.replay is not None:
        assert resumed is not None  # the loop above loaded it
        if not resumed.finished:
            _fail(
                parser,
                _("cannot replay {file}: the game is not finished").format(
                    file=visible(args.replay)
                ),
            )
    if resumed is not None:
        from .app import StichelnApp
        from .session import start_of

        app = StichelnApp(start=start_of(resume=resumed, review=args.replay is not None))
        app.run()
        return _goodbye(app)
    game = getattr(args, "game", DEFAULT_GAME)
    seats = args.players
    beginner = 0  # the seat --first names; the first name by default
    if args.first is not None:
        if seats is None:
            parser.error(_("--first needs --players"))
        folded = [seat.name.casefold() for seat in seats]
        if args.first.strip().casefold() not in folded:
            parser.error(
                _("--first {name} is not one of the players").format(name=repr(args.first))
            )
        beginner = folded.index(args.first.strip().casefold())
    first_leader = 0
    # Nothing chosen here: the first screen; else that game's form, or with players the game.
    table = args.players is not None or args.seed is not None
    chosen = table or "game" in args or "deals" in args or bool(any_rules_given(args))
    try:
        # The first screen takes no options: their making would load the rules core.
        options = options_from(game, args) if chosen else None
        if seats is not None:  # the game itself checks its table: names, count, options
            from .games import engine_of

            kind = engine_of(game)
            first_leader = kind.first_leader_of(beginner, len(seats))
            kind([seat.name for seat in seats], options, first_leader, args.seed)
    except ValueError as error:
        parser.error(str(error))

    from .app import StichelnApp
    from .session import start_of

    start = start_of(seats, first_leader, args.seed, options, game if chosen else None)
    app = StichelnApp(start=start)
    app.run()
    return _goodbye(app)


def _table_parser(command: str) -> argparse.ArgumentParser:
    if command == "join":
        parser = Parser(
            prog="sticheln join",
            description=_(
                "Take your seat at a table opened on another screen, with the code that "
                "screen shows (over ssh too: ssh HOST sticheln join CODE)."
            ),
        )
        # Translators: a placeholder in --help, in capitals.
        parser.add_argument("code", metavar=_("CODE"), help=_("your seat's join code"))
    else:
        parser = Parser(
            prog="sticheln tables",
            description=_("The open tables played from several screens, and who is at them."),
        )
    add_language_option(parser)
    return parser


def _table_command(command: str, argv: Sequence[str]) -> int:
    """`sticheln join CODE` (this screen takes its seats) or `sticheln tables`."""
    parser = _table_parser(command)
    args = parser.parse_args(argv)
    if command == "tables":
        return _quiet_when_cut_short(lambda: _tables(parser))
    from .session import Join, TableSession
    from .shared_table import JoinRefused, TableLogError

    session = TableSession(_in_the_saves(parser, saves_directory))
    try:
        session.join(args.code)
    except (JoinRefused, TableLogError) as error:
        # One line, and nothing of the table: the code may be a stranger's guess.
        print(_("sticheln join: {why}").format(why=error), file=sys.stderr)
        return 2
    from .app import StichelnApp

    app = StichelnApp(start=Join(args.code), session=session)
    app.run()
    return _goodbye(app)


def _tables(parser: argparse.ArgumentParser) -> int:
    from .shared_table import TableLogError, open_tables

    directory = _in_the_saves(parser, saves_directory)
    try:
        tables = open_tables(directory)
    except TableLogError as error:
        _fail(parser, str(error))
    if not tables:
        print(_("No open tables in {directory}.").format(directory=visible(directory)))
    for line in tables:
        print(line)
    return 0


def _goodbye(app) -> int:
    """After the app: where an unfinished game waits (or up to where it could be saved).
    Returns the app's exit status: non-zero after a crash or a failed save."""
    status = app.return_code or 0
    session = app.session
    if session.rejoin is not None:
        with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP)
            print(
                _("The table plays on. Come back to it with: sticheln join {code}").format(
                    code=session.rejoin
                )
            )
        return status
    if session.game is None or session.finished:
        return status
    in_the_saves = session.save_path is not None and session.save_path.parent == saves_directory()
    if session.saved and in_the_saves:
        message = _("Your game is saved in {path}.\nContinue it with: sticheln --resume").format(
            path=visible(session.save_path)
        )
    elif session.saved:
        message = _("Your game is saved.\nContinue it with: sticheln --load {path}").format(
            path=visible(session.save_path)
        )
    elif (on_file := session.record_on_file()) is not None:
        command = (
            "sticheln --resume" if in_the_saves else f"sticheln --load {visible(session.save_path)}"
        )
        # Translators: {reason} is the system's, e.g. "No space left on device" (it may be
        # English); {command} is "sticheln --resume" or "sticheln --load FILE"; {progress} is
        # where the game stood after that move: "deal 2 of 5, trick 3 of 14".
        message = _(
            "Your game could not be saved after move {move} ({reason}); {command} continues it "
            "from there ({progress})."
        ).format(
            move=len(on_file.game.moves),
            reason=session.save_problem,
            command=command,
            progress=on_file.progress(),
        )
    else:
        message = _("Your game could not be saved.")
    with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP)
        print(message)
    return status


if __name__ == "__main__":
    sys.exit(main())
