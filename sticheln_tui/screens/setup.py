"""Setting up a game: how many play, their names, who leads first, and a seed."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ..core.names import check_names, default_name
from ..core.sticheln import MAX_PLAYERS, MIN_PLAYERS

DEFAULT_PLAYERS = 4


class SetupScreen(Screen):
    BINDINGS = [Binding("ctrl+s", "start", "Start")]

    def compose(self) -> ComposeResult:
        with Vertical(id="setup"):
            yield Static("Sticheln: a new game", classes="screen-title")
            with Horizontal(classes="setup-row"):
                yield Label("Players", classes="setup-label")
                yield Select(
                    [(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                    value=DEFAULT_PLAYERS,
                    allow_blank=False,
                    compact=True,
                    id="count",
                )
            with Grid(id="names"):
                for seat in range(MAX_PLAYERS):
                    yield Input(
                        placeholder=default_name(seat),
                        max_length=16,
                        compact=True,
                        id=f"name-{seat}",
                        classes="name",
                    )
            with Horizontal(classes="setup-row"):
                yield Label("Leads first (the youngest)", classes="setup-label")
                yield Select(
                    self._leader_options(DEFAULT_PLAYERS),
                    value=0,
                    allow_blank=False,
                    compact=True,
                    id="leader",
                )
            with Horizontal(classes="setup-row"):
                yield Label("Seed (blank: random)", classes="setup-label")
                yield Input(type="integer", compact=True, id="seed", placeholder="random")
            yield Static(
                "Tab moves between the fields; Enter starts the game. Empty names stay as shown.",
                classes="explain",
            )
            yield Static(id="setup-error")
            yield Button("Start", id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self._show_name_inputs(DEFAULT_PLAYERS)
        self.query_one("#start", Button).focus()

    # -- reading the form ---------------------------------------------------------

    @property
    def count(self) -> int:
        return self.query_one("#count", Select).value

    def names(self) -> list[str]:
        return [
            self.query_one(f"#name-{seat}", Input).value.strip() or default_name(seat)
            for seat in range(self.count)
        ]

    def _leader_options(self, count: int, names: list[str] | None = None) -> list:
        names = names or [default_name(seat) for seat in range(count)]
        return [(name, seat) for seat, name in enumerate(names)]

    def _show_name_inputs(self, count: int) -> None:
        for seat in range(MAX_PLAYERS):
            self.query_one(f"#name-{seat}", Input).display = seat < count

    def _refresh_leaders(self) -> None:
        leader = self.query_one("#leader", Select)
        chosen = leader.value if leader.value < self.count else 0
        leader.set_options(self._leader_options(self.count, self.names()))
        # Select redraws its label only when the value changes, so step off and back.
        leader.value = 1 if chosen == 0 else 0
        leader.value = chosen

    @on(Select.Changed, "#count")
    def count_changed(self) -> None:
        self._show_name_inputs(self.count)
        self._refresh_leaders()

    @on(Input.Changed, ".name")
    def name_changed(self) -> None:
        self._refresh_leaders()

    # -- starting -----------------------------------------------------------------

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        error = self.query_one("#setup-error", Static)
        names = self.names()
        problem = check_names(names)
        seed_text = self.query_one("#seed", Input).value.strip()
        if problem is None and seed_text and not seed_text.lstrip("-").isdigit():
            problem = f"the seed must be a whole number, not {seed_text!r}"
        if problem:
            error.update(f"Cannot start: {problem}.")
            self.notify(f"Cannot start: {problem}.", severity="error")
            return
        error.update("")
        seed = int(seed_text) if seed_text else None
        self.app.start_game(names, self.query_one("#leader", Select).value, seed)
