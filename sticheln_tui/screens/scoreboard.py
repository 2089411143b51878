"""Scores after each deal, and the final result."""

from __future__ import annotations

from itertools import accumulate

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..core.game import Phase, SeatView, running_totals, standings
from ..core.options import pain_word
from ..core.sticheln import Rules
from ..textual_fixes import KeysFooter
from ..widgets.cards import cards_text, colour_name
from ..widgets.table_parts import last_trick_text
from .flow import FlowScreen

BARS = "▁▂▃▄▅▆▇█"
SHOWN_DEALS = 5  # later deals get a column each; earlier ones share one, to fit 80 columns


def _breakdown_words(rules: Rules) -> str:
    return "luck, other" if rules.reverse else "cards, pain"


def score_table(view: SeatView) -> Table:
    """Rows are players, columns the deals, then the last deal's breakdown and the total."""
    totals = view.totals
    count = len(view.players)
    leaders = set(standings(view.results, count, view.rules))
    last = view.results[-1]
    # Two pain cards a row leave room for fewer deal columns at 80 columns.
    room = SHOWN_DEALS - 2 if view.rules.harsh else SHOWN_DEALS
    earlier, shown = view.results[:-room], view.results[-room:]
    table = Table(box=None, padding=(0, 1), header_style="bold")
    table.add_column("Player", no_wrap=True, min_width=10)
    if earlier:
        span = "D1" if len(earlier) == 1 else f"D1-{earlier[-1].deal}"
        table.add_column(span, justify="right")
    for result in shown:
        table.add_column(f"D{result.deal}", justify="right")
    table.add_column("Tricks", justify="right")
    table.add_column(pain_word(view.rules).capitalize(), no_wrap=True)
    table.add_column(f"D{last.deal}: {_breakdown_words(view.rules)}", justify="right")
    table.add_column("Total", justify="right")
    if view.rules.tie_break:
        table.add_column("Deals > 0", justify="right")
    for seat, name in enumerate(view.players):
        score = last.scores[seat]
        style = "bold reverse" if seat in leaders else ""
        cells = [f"{result.scores[seat].total:+d}" for result in shown]
        if earlier:
            cells.insert(0, f"{running_totals(earlier, count)[seat]:+d}")
        positive = sum(result.scores[seat].total > 0 for result in view.results)
        table.add_row(
            Text(("★ " if seat in leaders else "  ") + name, style=style),
            *cells,
            str(score.tricks),
            cards_text(score.pain_cards)
            if score.pain_cards
            else Text(", ").join(colour_name(c) for c in score.pain_colours),
            f"{score.gained:+d}, {score.lost:+d}",
            Text(f"{totals[seat]:+d}", style="bold"),
            *([str(positive)] if view.rules.tie_break else []),
        )
    return table


def totals_chart(view: SeatView) -> Text:
    """Each player's running total after every deal, as a row of bars."""
    runs = [
        list(accumulate(result.scores[seat].total for result in view.results))
        for seat in range(len(view.players))
    ]
    low = min(min(run) for run in runs)
    high = max(max(run) for run in runs)
    span = max(high - low, 1)
    lines = []
    for name, run in zip(view.players, runs, strict=True):
        bars = "".join(BARS[(value - low) * (len(BARS) - 1) // span] for value in run)
        lines.append(Text(f"{name[:10]:<10} {bars}  {run[-1]:+d}"))
    return Text("\n").join(lines)


def names_text(view: SeatView, seats) -> str:
    names = [view.players[seat] for seat in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


class ScoreboardScreen(FlowScreen):
    """Public: shown after each deal; after the last one it is the final screen.

    In a tie-break it asks the table whether to play an extra deal or share the win.
    """

    # Enter moves on; its label in the Footer says where to, for the screen's mode.
    AUTO_FOCUS = "#score-body"  # arrows and PageUp/PageDown scroll a long table
    BINDINGS = [
        Binding("enter", "continue('next')", "Next deal", priority=True),
        Binding("enter", "continue('extra')", "Extra deal", priority=True),
        Binding("enter", "continue('new')", "New game", priority=True),
        Binding("r", "rematch", "Rematch"),
        Binding("s", "share", "Share the win"),
        Binding("e", "export", "Export record"),
    ]

    def __init__(self, public: SeatView) -> None:
        super().__init__()
        self.view = public
        self.final = public.phase is Phase.OVER
        self.tie = public.phase is Phase.TIE
        self.mode = "new" if self.final else "extra" if self.tie else "next"

    def compose(self) -> ComposeResult:
        view = self.view
        if self.final:
            verdict = names_text(view, view.winners)
            verdict += " wins!" if len(view.winners) == 1 else " share the win!"
            yield Static("Game over", id="game-over")
            yield Static(Text(verdict), id="verdict")
        else:
            deal = view.results[-1].deal
            if deal > view.deals_total:
                title = f"Scores after extra deal {deal - view.deals_total}"
            else:
                title = f"Scores after deal {deal} of {view.deals_total}"
            yield Static(title, classes="screen-title")
        with VerticalScroll(id="score-body"):
            yield Static(score_table(view), id="scores")
            last = view.results[-1].last_trick
            yield Static(last_trick_text(view, last), id="deal-last-trick")
            if self.final:
                chart = Static(totals_chart(view), id="chart")
                chart.border_title = "Running totals"
                yield chart
        yield Static(Text(self._next_step()), classes="explain")
        yield KeysFooter()

    def _next_step(self) -> str:
        view = self.view
        if self.final:
            return "Enter: new game, e: export the game record for review, q: quit"
        if self.tie:
            dealer = view.players[view.to_move]
            return (
                f"{names_text(view, view.tied)} are tied on points and on deals above "
                f"zero. Enter: play an extra deal, dealt by {dealer}; s: share the win."
            )
        return "Enter: next deal"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue":
            return parameters == (self.mode,)
        if action == "share":
            return self.tie
        if action in ("export", "rematch"):
            return self.final
        return True

    def action_continue(self, mode: str) -> None:
        if not self.settled():
            return
        if mode == "new":
            self.app.new_game()
        elif mode == "extra":
            self.app.settle_tie(extra_deal=True)
        else:
            self.app.scores_seen()

    def action_rematch(self) -> None:
        """The same table again, with new cards."""
        if self.settled():
            self.app.rematch()

    def action_export(self) -> None:
        self.app.export_record()

    def action_share(self) -> None:
        if self.settled():
            self.app.settle_tie(extra_deal=False)
