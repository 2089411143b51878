"""Statistics over the finished games in the saves: per game and per player (the computer
players by level), games played, wins, totals, pain colours and results against each bot
level.

Pure: whoever reads the saves (the command line's --stats, the statistics screen) hands
over each save's record, its game and a bot level per seat; this module reads nothing
itself and knows neither the saves' format nor Textual or Rich. The one store is the saves
directory: nothing is kept apart from it. Every figure follows the game's own final
result: `TableGame.winners` (the scoreboard's winners) and `TableGame.totals`.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..i18n import N_, _, ngettext, pgettext
from .cards import COLOUR_ORDER

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    from .table import TableGame

    class Recorded(Protocol):
        """A saved game as the statistics read it (the saves' `Record` is one)."""

        @property
        def game(self) -> TableGame: ...
        @property
        def levels(self) -> Sequence[str | None]: ...  # a bot level per seat; None: human

    class Entry(Protocol):
        """A save as listed (the saves' `SaveEntry` is one): when it was written, and its
        record, None when it will not load."""

        @property
        def modified(self) -> float: ...
        @property
        def record(self) -> Recorded | None: ...


# A human by name (case folded), a computer player by its level alone: the key's name is
# empty for a bot (a human's never is).
Players = dict[tuple[str, str | None], "PlayerStats"]

SHARE_COLUMN = 3  # the players' table's column of win shares (the screen draws bars there)
NOTE_WIDTH = 78  # a table's note is wrapped to fit an 80-column terminal

# A column per bot level, weakest first (the levels of `seats.LEVELS`).
LEVEL_HEADERS = {
    # Translators: statistics' column headers: games against a computer player of this
    # level ("easy", "normal", "strong", as at setup). Short.
    "easy": N_("vs easy"),
    "normal": N_("vs normal"),
    "strong": N_("vs strong"),
}
# A row per bot level, whatever the bots were called (each seat's name, in the language of
# the setup it came from: "Normal 3", "Normaal 4").
BOT_ROWS = {
    # Translators: a row of the statistics gathering every computer player of this level.
    "easy": N_("Easy bot"),
    "normal": N_("Normal bot"),
    "strong": N_("Strong bot"),
}


@dataclass
class Against:
    """A human's games at tables with a computer player of one level, and the wins there."""

    games: int = 0
    wins: Fraction = Fraction(0)


@dataclass
class PlayerStats:
    """One player's record in one game: a human's, or every computer player's of a level
    (each seat a bot of the level took counts as a game of its own)."""

    name: str  # a human's, as written in the latest game; empty for a bot level
    level: str | None  # a bot level; None for a human
    totals: list[int] = field(default_factory=list)  # each game's final total, oldest first
    deals: int = 0  # deals played, tie-break deals included
    wins: Fraction = Fraction(0)  # a win shared by k counts 1/k
    pain_colours: Counter[str] = field(default_factory=Counter)  # Sticheln: colour -> deals
    against: dict[str, Against] = field(default_factory=dict)  # by bot level

    @property
    def games(self) -> int:
        return len(self.totals)

    @property
    def average(self) -> float:
        return sum(self.totals) / len(self.totals)

    @property
    def per_deal(self) -> float:
        return sum(self.totals) / self.deals


@dataclass
class GameStats:
    """Every player's record in one game (its key), best win share first."""

    game: str
    title: str  # the game's title, shown through `_()`
    lowest_wins: bool  # totals are penalty points
    games: int  # finished games of it
    players: list[PlayerStats]

    def best(self, player: PlayerStats) -> int:
        return min(player.totals) if self.lowest_wins else max(player.totals)


@dataclass
class Statistics:
    games: list[GameStats]  # in the first screen's order; only games finished at least once
    finished: int  # finished games counted
    unfinished: int  # saves of games still going: not counted
    unreadable: int  # saves that would not load: skipped


def statistics(entries: Iterable[Entry], order: Sequence[str] = ()) -> Statistics:
    """The statistics of the finished games among these saves (in any order): a save that
    will not load is counted and skipped, an unfinished game counted and left out. The
    games come in `order` (their keys: the first screen's), others after them."""
    unreadable = unfinished = 0
    finished: list[Recorded] = []
    # Oldest first: the last name is the latest.
    for entry in sorted(entries, key=lambda entry: entry.modified):
        if entry.record is None:
            unreadable += 1
        elif not entry.record.game.finished:
            unfinished += 1
        else:
            finished.append(entry.record)
    per_game: dict[str, Players] = {key: {} for key in order}
    counts: Counter[str] = Counter()
    lowest_wins: dict[str, bool] = {}
    titles: dict[str, str] = {}
    for record in finished:
        game, levels = record.game, record.levels
        counts[game.GAME] += 1
        lowest_wins[game.GAME] = game.LOWEST_WINS
        titles[game.GAME] = game.TITLE
        _add_game(per_game.setdefault(game.GAME, {}), game, levels)
    games = [
        GameStats(
            key,
            titles[key],
            lowest_wins[key],
            counts[key],
            ranked(players.values(), lowest_wins[key]),
        )
        for key, players in per_game.items()
        if players
    ]
    return Statistics(games, len(finished), unfinished, unreadable)


def _add_game(players: Players, game: TableGame, levels: Sequence[str | None]) -> None:
    winners = game.winners
    totals = game.totals
    for seat, (name, level) in enumerate(zip(game.players, levels, strict=True)):
        # A bot by its level alone: its seat's name came from the setup's language.
        name = name.strip() if level is None else ""
        player = players.setdefault((name.casefold(), level), PlayerStats(name, level))
        player.name = name
        player.totals.append(totals[seat])
        player.deals += len(game.results)
        share = Fraction(1, len(winners)) if seat in winners else Fraction(0)
        player.wins += share
        for result in game.results:
            # Only Sticheln's deal scores have pain colours; the other games choose none.
            player.pain_colours.update(getattr(result.scores[seat], "pain_colours", ()))
        if level is None:
            for other in {other for other in levels if other is not None}:  # the bot levels
                record = player.against.setdefault(other, Against())
                record.games += 1
                record.wins += share


def ranked(players: Iterable[PlayerStats], lowest_wins: bool) -> list[PlayerStats]:
    """Best win share first; among equal shares, the better average total first."""

    def rank(player: PlayerStats) -> tuple[Fraction, float, int, str, str]:
        better_average = player.average if lowest_wins else -player.average
        share = -player.wins / player.games
        return (share, better_average, -player.games, player.name.casefold(), player.level or "")

    return sorted(players, key=rank)


# -- as tables of text, for the command line and the screen ---------------------------


@dataclass(frozen=True)
class TextTable:
    """Headers and rows of cells; a column of figures is right-aligned."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    figures: tuple[bool, ...]  # by column: right-aligned
    note: str = ""  # what the table means, shown under it


def wins_text(wins: Fraction) -> str:
    """A number of wins, shared ones as fractions: 2, 1.5, 0.33."""
    if wins.denominator == 1:
        return str(wins.numerator)
    return f"{float(wins):.2f}".rstrip("0")


def figure(value: float, signed: bool, places: int = 1) -> str:
    """A score: with its sign where scores run both ways, plain for penalty points."""
    return f"{value:+.{places}f}" if signed and value else f"{value:.{places}f}"


def player_label(player: PlayerStats) -> str:
    """A human's name; a bot level's row named by the level, in the language in use."""
    if player.level is None:
        return player.name
    return _(BOT_ROWS[player.level])


def game_table(stats: GameStats) -> TextTable:
    """Games, wins, win share, average, best total and average per deal of each player."""
    signed = not stats.lowest_wins
    rows = tuple(
        (
            player_label(player),
            str(player.games),
            wins_text(player.wins),
            f"{float(player.wins / player.games):.0%}",
            figure(player.average, signed),
            figure(stats.best(player), signed, 0),
            figure(player.per_deal, signed),
        )
        for player in stats.players
    )
    title = ngettext(
        "{game}: {count} finished game", "{game}: {count} finished games", stats.games
    ).format(game=_(stats.title), count=stats.games)
    notes = []
    if stats.lowest_wins:
        # Translators: under Seven Seals' statistics: its totals are penalty points.
        notes.append(_("Penalty points: the lowest total wins, and the best total is the lowest."))
    if any(player.level is not None for player in stats.players):
        notes.append(
            # Translators: under the statistics' table of players.
            _(
                "A computer player's row gathers every bot of that level: a table with two "
                "of them counts two games."
            )
        )
    headers = (
        _("Player"),
        # Translators: statistics' column headers, short: games played, wins (shared ones
        # as fractions), share of games won, average total, best total, average per deal.
        pgettext("statistics", "Games"),
        _("Wins"),
        _("Won"),
        _("Average"),
        _("Best"),
        _("Per deal"),
    )
    figures = (False, True, True, True, True, True, True)
    return TextTable(title, headers, rows, figures, " ".join(notes))


def pain_table(stats: GameStats, colour_name: Callable[[str], str]) -> TextTable | None:
    """How many deals each player chose each pain colour in (Sticheln only)."""
    players = [player for player in stats.players if player.pain_colours]
    if not players:
        return None
    chosen = {colour for player in players for colour in player.pain_colours}
    colours = sorted(chosen, key=COLOUR_ORDER.__getitem__)
    rows = tuple(
        (player_label(player), *(str(player.pain_colours[colour]) for colour in colours))
        for player in players
    )
    headers = (_("Player"), *(colour_name(colour) for colour in colours))
    # Translators: a heading in the statistics; each colour with the deals it was chosen in.
    return TextTable(
        _("Pain colours chosen (deals)"), headers, rows, (False, *(True,) * len(colours))
    )


def against_table(stats: GameStats) -> TextTable | None:
    """Each human's games and wins at tables with a computer player of each level."""
    humans = [player for player in stats.players if player.level is None and player.against]
    if not humans:
        return None
    levels = [level for level in LEVEL_HEADERS if any(level in p.against for p in humans)]
    rows = tuple(
        (
            player.name,
            *(
                # Translators: wins out of games in the statistics: "1.5 of 4".
                _("{wins} of {games}").format(
                    wins=wins_text(player.against[level].wins), games=player.against[level].games
                )
                if level in player.against
                else "-"
                for level in levels
            ),
        )
        for player in humans
    )
    headers = (_("Player"), *(_(LEVEL_HEADERS[level]) for level in levels))
    return TextTable(
        # Translators: a heading in the statistics.
        _("Wins against computer players"),
        headers,
        rows,
        (False, *(True,) * len(levels)),
        # Translators: under the statistics' table of results against computer players.
        _(
            "A game counts against a level when a computer player of that level sat at the "
            "table; a table with two levels counts for both."
        ),
    )


def tables(stats: Statistics, colour_name: Callable[[str], str]) -> list[list[TextTable]]:
    """Each game's tables: its players, their pain colours, their results against bots.
    `colour_name` names a colour in the player's language."""
    return [
        [
            table
            for table in (game_table(game), pain_table(game, colour_name), against_table(game))
            if table is not None
        ]
        for game in stats.games
    ]


def counted_line(stats: Statistics) -> str:
    """How many saves were counted, left out and skipped (nothing said of none)."""
    counts = (
        (
            stats.finished,
            ngettext(
                "{count} finished game counted.", "{count} finished games counted.", stats.finished
            ),
        ),
        (
            stats.unfinished,
            ngettext(
                "{count} unfinished game is not counted.",
                "{count} unfinished games are not counted.",
                stats.unfinished,
            ),
        ),
        (
            stats.unreadable,
            ngettext(
                "{count} save could not be read.",
                "{count} saves could not be read.",
                stats.unreadable,
            ),
        ),
    )
    return " ".join(text.format(count=count) for count, text in counts if count)


def cells(text: str) -> int:
    """The terminal cells `text` takes: wide characters two, combining ones none."""
    return sum(
        0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1
        for char in text
    )


def plain(table: TextTable) -> str:
    """The table as aligned lines of plain text."""
    widths = [
        max(cells(row[column]) for row in (table.headers, *table.rows))
        for column in range(len(table.headers))
    ]

    def line(row: Sequence[str]) -> str:
        padded = (
            " " * (width - cells(cell)) + cell if figure else cell + " " * (width - cells(cell))
            for cell, width, figure in zip(row, widths, table.figures, strict=True)
        )
        return "  ".join(padded).rstrip()

    lines = [table.title, "", "  " + line(table.headers)]
    lines += ["  " + line(row) for row in table.rows]
    if table.note:
        lines += ["", textwrap.fill(table.note, NOTE_WIDTH)]
    return "\n".join(lines)
