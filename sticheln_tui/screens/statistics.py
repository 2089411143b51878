"""The statistics of the finished games in the saves: a tab per game with its players'
table, their totals game by game as sparklines, their pain colours and their results
against computer players.

Reading the saves replays every game's moves (about 4 ms a save), so they are read in a
thread while a line says so; the screen is drawn again from the figures when the
language changes.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich import box
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Sparkline, Static, TabbedContent, TabPane, Tabs
from textual.worker import Worker, WorkerState

from ..core.statistics import (
    SHARE_COLUMN,
    GameStats,
    PlayerStats,
    Statistics,
    TextTable,
    cells,
    counted_line,
    figure,
    player_label,
    statistics,
    tables,
)
from ..i18n import N_, _
from ..textual_fixes import KeysFooter
from ..words import colour_name
from .tabbed import SCROLL_BINDINGS, TabbedPages, tab_bindings

SHARE_BAR_CELLS = 5  # a win share of 100% fills this many cells
_EIGHTHS = " ▏▎▍▌▋▊▉█"
MOST_GAMES_DRAWN = 40  # a sparkline shows a player's latest games, one cell each or more
SPARKLINE_CELLS = 30  # a sparkline of few games widens each game up to this width
WIDEST_GAME = 3  # cells a game takes at most in a sparkline


class StatisticsScreen(TabbedPages, inherit_bindings=False):  # Tab switches games here
    """Opaque and public: only finished games, whose every card the table has seen.
    Keys as on the scores: Tab (or ← →) the next game, ↑ ↓ PgUp PgDn scroll."""

    BINDINGS = [
        Binding("escape", "close", N_("Back"), key_display="Esc"),
        # Translators: a key's label on the statistics: on to the next game's figures
        # (on every game's rules: to the next game's rules).
        *tab_bindings(N_("Next game")),
        *SCROLL_BINDINGS,
    ]

    def __init__(self, saves: Path) -> None:
        super().__init__()
        self.saves = saves
        self.stats: Statistics | None = None  # once the saves are read
        self._reader: Worker | None = None  # reads them, once (not again on a redraw)

    def compose(self) -> ComposeResult:
        yield Static(_("Statistics"), classes="screen-title")
        if self.stats is None:
            yield Static(_("Reading the saved games..."), id="stats-counted")
        else:
            yield from self._figures(self.stats)
        yield KeysFooter()

    def on_mount(self) -> None:
        if self._reader is None:
            self._reader = self._read()
        elif self.stats is not None:  # drawn again in another language
            self._focus_tabs()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self._reader and event.state is WorkerState.ERROR:
            # Translators: {problem} says why, in a few words (it may be English).
            problem = _("The statistics could not be worked out: {problem}")
            # As Text: the problem may name a folder, which is no markup.
            self.query_one("#stats-counted", Static).update(
                Text(problem.format(problem=event.worker.error))
            )

    @work(thread=True, exit_on_error=False)
    def _read(self) -> None:
        from .. import persistence
        from ..games import registered

        stats = statistics(persistence.list_saves(self.saves), list(registered()))
        # Textual awaits a coroutine given here; its annotation leaves mypy without a type.
        self.app.call_from_thread(self._show, stats)  # type: ignore[arg-type]

    async def _show(self, stats: Statistics) -> None:
        self.stats = stats
        await self.recompose()
        self._focus_tabs()

    def _focus_tabs(self) -> None:
        """← and → switch games."""
        tabs = self.query(Tabs)
        if tabs:
            tabs.first().focus()

    def _figures(self, stats: Statistics) -> ComposeResult:
        if not stats.games:
            yield Static(
                _("No finished games yet: finish one, and its figures appear here."),
                classes="explain",
            )
        counted = counted_line(stats)
        if counted:
            yield Static(counted, id="stats-counted")
        if not stats.games:
            return
        with TabbedContent(id="stats-tabs"):
            for game, game_tables in zip(stats.games, tables(stats, colour_name), strict=True):
                with (
                    TabPane(_(game.title), id=f"stats-{game.game}"),
                    VerticalScroll(classes="stats-scroll", can_focus=False),
                ):
                    main, *others = game_tables
                    yield from titled(main, players_table(main, game))
                    yield from sparklines(game)
                    for table in others:
                        yield from titled(table, rich_table(table))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("next_tab", "previous_tab", "scroll"):
            return bool(self.query(TabbedContent))  # once there are figures to see
        return True

    def action_close(self) -> None:
        self.dismiss()


def titled(table: TextTable, drawn: Table) -> ComposeResult:
    """A table under its title (as wide as the screen, not the table), its note below."""
    yield Static(Text(table.title), classes="stats-heading")
    yield Static(drawn, classes="stats-table")
    if table.note:
        yield Static(Text(table.note), classes="stats-note")


def rich_table(table: TextTable) -> Table:
    # Columns two cells apart (the box's divider and a cell of padding), not three: the
    # longer languages' headings fit 80 columns so.
    drawn = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1, 0, 0))
    for column, (header, figure_column) in enumerate(
        zip(table.headers, table.figures, strict=True)
    ):
        # The names are kept whole; the other columns give way.
        drawn.add_column(header, justify="right" if figure_column else "left", no_wrap=not column)
    for row in table.rows:
        drawn.add_row(*(Text(cell) for cell in row))  # a name is never read as markup
    return drawn


def share_bar(share: float) -> str:
    """A win share as a bar in eighths of a cell."""
    eighths = round(share * SHARE_BAR_CELLS * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + _EIGHTHS[part].strip()).ljust(SHARE_BAR_CELLS)


def players_table(table: TextTable, game: GameStats) -> Table:
    """The players' table with a bar beside each win share."""
    rows = tuple(
        (
            *row[:SHARE_COLUMN],
            f"{row[SHARE_COLUMN]:>4} {share_bar(float(player.wins / player.games))}",
            *row[SHARE_COLUMN + 1 :],
        )
        for player, row in zip(game.players, table.rows, strict=True)
    )
    figures = tuple(column != SHARE_COLUMN and right for column, right in enumerate(table.figures))
    return rich_table(replace(table, rows=rows, figures=figures))


def sparklines(game: GameStats) -> ComposeResult:
    """Each player's totals, game by game, where they played more than one."""
    shown = [player for player in game.players if player.games > 1]
    if not shown:
        return
    # Translators: a heading over a small chart per player of the statistics.
    yield Static(_("Totals, game by game (the latest on the right)"), classes="stats-heading")
    width = max(cells(player_label(player)) for player in shown)
    for player in shown:
        totals = player.totals[-MOST_GAMES_DRAWN:]
        with Horizontal(classes="stats-spark-row"):
            label = Static(Text(player_label(player)), classes="stats-spark-name")
            label.styles.width = width + 1
            yield label
            line = Sparkline(totals, classes="stats-spark")
            line.styles.width = len(totals) * max(
                1, min(WIDEST_GAME, SPARKLINE_CELLS // len(totals))
            )
            yield line
            yield Static(range_text(player, game), classes="stats-spark-range")


def range_text(player: PlayerStats, game: GameStats) -> str:
    signed = not game.lowest_wins
    totals = player.totals[-MOST_GAMES_DRAWN:]
    # Translators: beside a player's chart of totals: the lowest, the highest, the latest.
    return _("{low} to {high}, last {last}").format(
        low=figure(min(totals), signed, 0),
        high=figure(max(totals), signed, 0),
        last=figure(totals[-1], signed, 0),
    )
