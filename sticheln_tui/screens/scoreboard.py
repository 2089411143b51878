"""Scores after each deal, and the final result."""

from __future__ import annotations

from itertools import accumulate

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..core.game import SeatView
from ..core.sticheln import winners
from ..widgets.cards import cards_text

BARS = "▁▂▃▄▅▆▇█"


def score_table(view: SeatView) -> Table:
    """Rows are players, columns the deals, then the last deal's breakdown and the total."""
    totals = view.totals
    leaders = set(winners(totals))
    last = view.results[-1]
    table = Table(box=None, padding=(0, 1), header_style="bold")
    table.add_column("Player")
    for result in view.results:
        table.add_column(f"D{result.deal}", justify="right")
    table.add_column("Pain")
    table.add_column(f"Deal {last.deal}: cards, pain", justify="right")
    table.add_column("Total", justify="right")
    for seat, name in enumerate(view.players):
        score = last.scores[seat]
        style = "bold reverse" if seat in leaders else ""
        table.add_row(
            Text(("★ " if seat in leaders else "  ") + name, style=style),
            *(f"{result.scores[seat].total:+d}" for result in view.results),
            cards_text(score.pain_cards),
            f"+{score.gained} cards, {score.lost} pain",
            Text(f"{totals[seat]:+d}", style="bold"),
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


class ScoreboardScreen(Screen):
    """Public: shown after each deal; after the last one it is the final screen."""

    def __init__(self, public: SeatView, final: bool) -> None:
        super().__init__()
        self.view = public
        self.final = final

    BINDINGS = [
        Binding("enter", "next_deal", "Next deal", priority=True),
        Binding("enter", "new_game", "New game", priority=True),
    ]

    def compose(self) -> ComposeResult:
        view = self.view
        if self.final:
            names = [view.players[seat] for seat in view.winners]
            verdict = (
                f"{names[0]} wins!"
                if len(names) == 1
                else f"{', '.join(names[:-1])} and {names[-1]} share the win!"
            )
            yield Static("Game over", id="game-over")
            yield Static(verdict, id="verdict")
        else:
            yield Static(
                f"Scores after deal {view.results[-1].deal} of {view.rules.deals}",
                classes="screen-title",
            )
        yield Static(score_table(view), id="scores")
        if self.final:
            chart = Static(totals_chart(view), id="chart")
            chart.border_title = "Running totals"
            yield chart
        action = "Enter: new game, q: quit" if self.final else "Enter: next deal"
        yield Static(action, classes="explain")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_deal":
            return not self.final
        if action == "new_game":
            return self.final
        return True

    def action_next_deal(self) -> None:
        self.app.scores_seen()

    def action_new_game(self) -> None:
        self.app.new_game()
