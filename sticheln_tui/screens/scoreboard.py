"""Scores after each deal, and the final result, for every game.

Three tabs: the totals as a chart, every deal's scores, and the detail of the deal just
played (the one tab each game draws its own way). Each is drawn for the terminal's width,
so 8 players and 20 deals fit 80x24 and a wider terminal shows more deals side by side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static, TabbedContent, TabPane

from ..core.standings import winners
from ..i18n import N_, _, ngettext
from ..textual_fixes import KeysFooter, footer_cells
from ..widgets.names import fit_name, name_column_width
from ..widgets.trick_table import AnyView
from .flow import FlowScreen
from .messages import (
    ExportRequested,
    NewGameRequested,
    RematchRequested,
    ReviewRequested,
    ScoresSeen,
    TableDecided,
)
from .tabbed import SCROLL_BINDINGS, TabbedPages, tab_bindings

LEADER_MARK = "★ "
# Translators: column headings.
PLAYER, TOTAL = N_("Player"), N_("Total")
SCREEN_MARGIN = 4  # a tab's padding and room for a scroll bar
LABEL_GAP = 2  # cells at least between two labels of the chart's scale
MAX_SCALE_STEPS = 6  # more labels would crowd the scale without telling more


def names_text(view: AnyView, seats) -> str:
    names = [view.players[seat] for seat in seats]
    if len(names) == 1:
        return names[0]
    # Translators: the end of a list of names: "Ann, Bob and Cid".
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def deal_name(view: AnyView, result) -> str:
    extra = result.deal - view.deals_total
    if extra > 0:
        return _("Extra deal {number}").format(number=extra)
    return _("Deal {deal}").format(deal=result.deal)


def mark_meaning(view: AnyView, best: str) -> str:
    """What the leader mark says, in words; `best`: what puts a player in the lead."""
    # Translators: {best} says what puts a player in the lead, e.g. "the highest total".
    if view.phase != "over":
        meaning = _("in the lead so far: {best}.")
    elif len(view.winners) > 1:
        meaning = _("winners, sharing the win: {best}.")
    else:
        meaning = _("winner: {best}.")
    return LEADER_MARK + meaning.format(best=best)


def signed(value: int) -> str:
    return f"{value:+d}"


class Names:
    """The table's names as one column: fitted to the terminal, the leaders marked."""

    def __init__(self, players: Sequence[str], leaders: set[int], width: int) -> None:
        self.players = players
        self.leaders = leaders
        self.width = name_column_width(players, width // 4)

    def cell(self, seat: int) -> Text:
        mark = LEADER_MARK if seat in self.leaders else " " * len(LEADER_MARK)
        style = "bold" if seat in self.leaders else ""
        return Text(mark + fit_name(self.players[seat], self.width, self.players), style=style)

    @property
    def cells(self) -> int:
        return len(LEADER_MARK) + self.width


class _Scale:
    """Points laid out along `cells` columns, between round numbers below and above."""

    def __init__(self, low: int, high: int, cells: int) -> None:
        self.cells = cells
        self.step, self.low, self.high = self._round(low, high)

    def _round(self, low: int, high: int) -> tuple[int, int, int]:
        """The finest step (1, 2 or 5 times a power of ten) whose labels fit, and the
        range it spans from `low` to `high`."""
        power = 1
        while True:
            for step in (power, 2 * power, 5 * power):
                start, stop = math.floor(low / step) * step, math.ceil(high / step) * step
                label = max(len(signed(start)), len(signed(stop))) + LABEL_GAP
                steps = (stop - start) // step
                if steps <= MAX_SCALE_STEPS and steps * label <= self.cells:
                    return step, start, max(stop, start + step)
            power *= 10

    def column(self, value: int) -> int:
        return round((value - self.low) * (self.cells - 1) / (self.high - self.low))

    def bar(self, value: int) -> str:
        """A bar from zero to `value`, across the zero line."""
        zero, end = self.column(0), self.column(value)
        return "".join(
            "│" if cell == zero else "█" if min(end, zero) <= cell <= max(end, zero) else " "
            for cell in range(self.cells)
        )

    def axis(self) -> tuple[str, str]:
        """The axis with a tick at each step, and the ticks' values below it."""
        axis = ["─"] * self.cells
        labels = [" "] * self.cells
        free = 0  # the first cell the next label may take
        for tick in range(self.low, self.high + 1, self.step):
            axis[self.column(tick)] = "┬"
            label = "0" if tick == 0 else signed(tick)
            start = min(max(self.column(tick) - len(label) // 2, free), self.cells - len(label))
            if start >= free:
                labels[start : start + len(label)] = label
                free = start + len(label) + LABEL_GAP
        return "".join(axis), "".join(labels)


def totals_chart(
    view: AnyView, names: Names, width: int, meaning: str, lowest_wins: bool = False
) -> Text:
    """The players from first to last place (`lowest_wins`: the lowest total first):
    place, name, total and a bar from zero to the total, over a scale in points; then
    what the leader mark means."""
    totals = view.totals
    better = -1 if lowest_wins else 1  # ranks a total: the higher `better * total`, the better
    total_heading = _(TOTAL)
    total_cells = max(len(total_heading), *(len(signed(total)) for total in totals))
    prefix = len(" 1 ") + names.cells + 1 + total_cells + 2
    scale = _Scale(min(0, *totals), max(0, *totals), max(width - SCREEN_MARGIN - prefix, 10))
    heading = Text(f"{total_heading:>{prefix - 2}}  ", style="bold")
    label = _("points, from 0 to the total")
    heading.append(f"{label:^{scale.cells}}", style="dim")
    lines = [heading]
    for seat in sorted(range(len(totals)), key=lambda seat: -better * totals[seat]):
        place = 1 + sum(better * total > better * totals[seat] for total in totals)
        line = Text(f"{place:>2} ")
        line.append_text(names.cell(seat))
        line.append(f" {signed(totals[seat]):>{total_cells}}  ", style="bold")
        line.append(scale.bar(totals[seat]))
        lines.append(line)
    axis, labels = scale.axis()
    lines += [Text(" " * prefix + axis, style="dim"), Text(" " * prefix + labels, style="dim")]
    lines += [Text(""), Text(meaning)]
    return Text("\n").join(lines)


def deals_table(view: AnyView, names: Names, width: int) -> RenderableType:
    """Every deal's score for every player, the total last; as many deals side by side
    as the width allows, the rest in further blocks below."""
    results = view.results
    cell = 1 + max(
        max(len(deal_heading(result)), *(len(signed(s.total)) for s in result.scores))
        for result in results
    )
    total_cells = 1 + max(len(_(TOTAL)), *(len(signed(t)) for t in view.totals))
    room = max((width - SCREEN_MARGIN - names.cells - total_cells) // cell, 1)
    size = math.ceil(len(results) / math.ceil(len(results) / room))  # blocks alike
    blocks = [results[start : start + size] for start in range(0, len(results), size)]
    tables = [_deals_block(view, names, block, total=block is blocks[-1]) for block in blocks]
    return Group(*(part for table in tables for part in (table, Text(""))))


def deal_heading(result) -> str:
    # Translators: a column heading, "D" for deal, e.g. "D3"; as short as the English.
    return _("D{deal}").format(deal=result.deal)


def _deals_block(view: AnyView, names: Names, results: Sequence, total: bool) -> Table:
    table = Table(box=None, padding=(0, 0, 0, 1), header_style="bold", pad_edge=False)
    table.add_column(_(PLAYER), no_wrap=True)
    for result in results:
        table.add_column(deal_heading(result), justify="right", no_wrap=True)
    if total:
        table.add_column(_(TOTAL), justify="right", no_wrap=True)
    for seat in range(len(view.players)):
        cells: list[str | Text] = [signed(result.scores[seat].total) for result in results]
        if total:
            cells.append(Text(signed(view.totals[seat]), style="bold"))
        table.add_row(names.cell(seat), *cells)
    return table


# Enter moves on; its label in the Footer says where to, for the screen's mode.
NEXT_DEAL = Binding("enter", "continue('next')", N_("Next deal"), priority=True)
NEW_GAME = Binding("enter", "continue('new')", N_("New game"), priority=True)


class ScoreboardScreen(FlowScreen, TabbedPages, inherit_bindings=False):  # Tab switches tabs here
    """Public: shown after each deal; after the last one it is the final screen.

    A game's scoreboard draws the tab of the deal just played (`deal_table`); one whose
    table decides something on its scores (the flow's `GameHooks.decision_due`) asks it
    below the tabs (`compose_decision`), with keys of its own.
    """

    # Each key's availability is one entry of `check_action`.
    BINDINGS = [
        NEXT_DEAL,
        NEW_GAME,
        Binding("r", "rematch", N_("Rematch")),
        # Export is in the Footer where it has room (at 80 columns Review leaves none in
        # some languages); e exports all the same, and the rules help lists it.
        EXPORT := Binding("e", "export('footer')", N_("Export")),
        Binding("e", "export('key')", N_("Export"), show=False),
        Binding("v", "review", N_("Review")),
        # Out of the Footer: the tabs show themselves, and the rules help lists the key.
        *tab_bindings(N_("Next tab"), show=False),
        *SCROLL_BINDINGS,
    ]
    LOWEST_WINS = False  # the totals chart ranks the lowest total first

    Seen = ScoresSeen
    Decided = TableDecided
    NewGame = NewGameRequested
    Rematch = RematchRequested
    Export = ExportRequested
    Review = ReviewRequested

    def __init__(self, public: AnyView) -> None:
        super().__init__()
        self.view = public
        self.final = public.phase == "over"
        self.mode = "new" if self.final else "next"  # which Enter binding is active
        self.export_in_footer = False  # the final Footer has room for Export (`_draw`)

    def compose(self) -> ComposeResult:
        view = self.view
        if self.final:
            verdict = ngettext(
                "Game over: {names} wins!", "Game over: {names} share the win!", len(view.winners)
            ).format(names=names_text(view, view.winners))
            yield Static(Text(verdict), id="game-over")
        else:
            deal, deals = view.results[-1].deal, view.deals_total
            if deal > deals:
                title = _("Scores after extra deal {number} of {deals}")
            else:
                title = _("Scores after deal {number} of {deals}")
            number = deal - deals if deal > deals else deal
            yield Static(title.format(number=number, deals=deals), classes="screen-title")
        # The whole game first at the end; between deals, the deal just played.
        with TabbedContent(initial="totals" if self.final else "deal", id="score-tabs"):
            for pane_id, title in (
                ("totals", _("Totals")),
                ("deals", _("Deal by deal")),
                ("deal", deal_name(view, view.results[-1])),
            ):
                with TabPane(title, id=pane_id), VerticalScroll(can_focus=False):
                    yield Static(id=f"{pane_id}-body", classes="score-body")
        yield from self.compose_decision()
        yield KeysFooter()

    def compose_decision(self) -> ComposeResult:
        """What the table is asked to decide on these scores, below the tabs: nothing here."""
        yield from ()

    def on_mount(self) -> None:
        self._draw()

    @on(events.Resize)
    @on(events.ScreenResume)  # the terminal may have been resized beneath another screen
    def _draw(self) -> None:
        view, width = self.view, self.app.size.width
        names = Names(view.players, self.leaders(), width)
        meaning = mark_meaning(view, self.best())
        self.query_one("#totals-body", Static).update(
            totals_chart(view, names, width, meaning, self.LOWEST_WINS)
        )
        self.query_one("#deals-body", Static).update(deals_table(view, names, width))
        self.query_one("#deal-body", Static).update(self.deal_table(names, meaning))
        self.export_in_footer = False  # the Footer's keys without it, and then with it
        fits = footer_cells(self, self.EXPORT) <= width
        self.export_in_footer = self.final and fits
        self.refresh_bindings()

    def leaders(self) -> set[int]:
        """The seats in the lead (the winners, once the game is over): the best total."""
        return set(winners(self.view.totals, lowest_wins=self.LOWEST_WINS))

    def best(self) -> str:
        """What puts a player in the lead, in words."""
        return _("the lowest total") if self.LOWEST_WINS else _("the highest total")

    def deal_table(self, names: Names, meaning: str) -> RenderableType:
        """The tab of the deal just played: each seat's score and how it came about, then
        the leader mark's `meaning`."""
        raise NotImplementedError(f"{type(self).__name__} draws no deal_table")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        available = {
            "continue": parameters == (self.mode,),
            "export": self.final and (parameters == ("footer",)) == self.export_in_footer,
            "review": self.final,
            "rematch": self.final,
        }
        return available.get(action, True)

    def action_continue(self, mode: str) -> None:
        if mode == "new":
            self.move_on(self.NewGame())
        else:
            self.move_on(self.Seen())

    def action_rematch(self) -> None:
        """The same table again, with new cards."""
        self.move_on(self.Rematch())

    def action_export(self, _shown: str) -> None:
        self.post_message(self.Export())

    def action_review(self) -> None:
        self.post_message(self.Review())
