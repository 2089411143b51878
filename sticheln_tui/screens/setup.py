"""Setting up a game: players, names, who leads first, the rules, and a seed."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Static

from ..bots import LEVELS, Seat, bot_name
from ..core.game import seed_problem
from ..core.names import MAX_NAME_LENGTH, check_names, default_name
from ..core.options import (
    OPTION_BY_FIELD,
    OPTIONS,
    PRESET_LABELS,
    PRESETS,
    not_applicable,
    with_option,
)
from ..core.sticheln import MAX_DEALS, MAX_PLAYERS, MIN_PLAYERS, Rules, check_players
from ..persistence import SaveEntry
from ..textual_fixes import KeysFooter
from ..widgets.choice import Choice

DEFAULT_PLAYERS = 4
HUMAN = "human"
SEAT_KINDS = [("Human", HUMAN)] + [(f"Bot: {level}", level) for level in LEVELS]
CUSTOM = "custom"
ONE_PER_PLAYER = 0  # the deals selector's value for "one deal per player"


class SetupScreen(Screen):
    BINDINGS = [Binding("ctrl+s", "start", "Start")]

    def __init__(
        self, rules: Rules = Rules(), seed: int | None = None, unfinished: SaveEntry | None = None
    ) -> None:
        """`unfinished`: the latest unfinished game's save, offered to continue."""
        super().__init__()
        self.rules = rules
        self.seed = seed
        self.unfinished = unfinished
        # Focused as the screen first shows: a later change of focus restyles the form.
        self.AUTO_FOCUS = "#continue" if unfinished is not None else "#start"

    def compose(self) -> ComposeResult:
        if self.unfinished is not None:
            with Horizontal(id="continue-row"):
                yield Static(self._unfinished_text(), id="continue-text")
                yield Button("Continue", id="continue", variant="success")
        yield Static("Sticheln: a new game", classes="screen-title")
        with VerticalScroll(id="setup"):
            yield self._choice_row(
                "Players",
                [(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                DEFAULT_PLAYERS,
                "count",
            )
            with Grid(id="names"):
                for seat in range(MAX_PLAYERS):
                    name = Input(
                        placeholder=default_name(seat),
                        max_length=MAX_NAME_LENGTH,
                        compact=True,
                        id=f"name-{seat}",
                        classes="name",
                    )
                    kind = Choice(SEAT_KINDS, HUMAN, id=f"kind-{seat}", classes="kind")
                    # Set before mounting: changes after it would restyle the whole form.
                    name.display = kind.display = seat < DEFAULT_PLAYERS
                    yield name
                    yield kind
            yield self._choice_row(
                "Leads first (the youngest)",
                self._leader_options(DEFAULT_PLAYERS),
                0,
                "leader",
            )
            yield self._choice_row(
                "Rules",
                [*((label, name) for name, label in PRESET_LABELS.items()), ("Custom", CUSTOM)],
                self._preset_name(),
                "preset",
            )
            yield self._choice_row(
                "Deals",
                [("one per player", ONE_PER_PLAYER)]
                + [(str(n), n) for n in range(1, MAX_DEALS + 1)],
                self.rules.deals or ONE_PER_PLAYER,
                "deals",
            )
            off = self._greyed_out(DEFAULT_PLAYERS)
            for option in OPTIONS:
                box = Checkbox(
                    f"{option.label}: {option.explanation}",
                    value=getattr(self.rules, option.field),
                    compact=True,
                    id=f"option-{option.field}",
                    classes="option",
                    disabled=option.field in off,
                )
                box.tooltip = self._greyed_tooltip(option.field, off)
                yield box
            yield Static(self._greyed_text(off), id="greyed", classes="explain")
            with Horizontal(classes="setup-row"):
                yield Label("Seed (blank: random)", classes="setup-label")
                yield Input(
                    "" if self.seed is None else str(self.seed),
                    type="integer",
                    compact=True,
                    id="seed",
                    placeholder="random",
                )
        yield Static(
            "Tab moves between fields; Left and Right change a choice, Space ticks an "
            "option; Enter on Start (or in a text field) starts the game.",
            classes="explain",
        )
        yield Static(id="setup-error")
        yield Button("Start", id="start", variant="primary")
        yield KeysFooter()

    def _choice_row(self, label: str, options: list, value: object, id: str) -> Horizontal:
        """A labelled one-line drop-down."""
        return Horizontal(
            Label(label, classes="setup-label"),
            Choice(options, value, id=id),
            classes="setup-row",
        )

    def _unfinished_text(self) -> Text:
        entry = self.unfinished
        if entry.record is None:
            return Text(f"The last game's save will not load: {entry.problem}", style="bold")
        players = ", ".join(entry.record.game.players)
        return Text.assemble(
            ("Unfinished game: ", "bold"), f"{players}; {entry.record.progress()}."
        )

    @on(Button.Pressed, "#continue")
    def continue_unfinished(self) -> None:
        self.app.offer(self.unfinished)

    # -- reading the form ---------------------------------------------------------

    @property
    def count(self) -> int:
        return self.query_one("#count", Choice).value

    def _level(self, seat: int) -> str | None:
        kind = self.query_one(f"#kind-{seat}", Choice).value
        return None if kind == HUMAN else kind

    def _default_name(self, seat: int) -> str:
        level = self._level(seat)
        return bot_name(level, seat) if level else default_name(seat)

    def names(self) -> list[str]:
        return [
            self.query_one(f"#name-{seat}", Input).value.strip() or self._default_name(seat)
            for seat in range(self.count)
        ]

    def seats(self) -> list[Seat]:
        return [Seat(name, self._level(seat)) for seat, name in enumerate(self.names())]

    def _leader_options(self, count: int, names: list[str] | None = None) -> list:
        names = names or [default_name(seat) for seat in range(count)]
        return [(name, seat) for seat, name in enumerate(names)]

    def _show_name_inputs(self, count: int) -> None:
        for seat in range(MAX_PLAYERS):
            self.query_one(f"#name-{seat}", Input).display = seat < count
            self.query_one(f"#kind-{seat}", Choice).display = seat < count

    def _refresh_leaders(self) -> None:
        leader = self.query_one("#leader", Choice)
        chosen = leader.value if leader.value < self.count else 0
        leader.set_options(self._leader_options(self.count, self.names()))
        leader.value = chosen

    @on(Choice.Changed, "#count")
    def count_changed(self) -> None:
        self._show_name_inputs(self.count)
        self._refresh_leaders()
        if self.rules.french_deck and self.count != 4:
            self.rules = with_option(self.rules, "french_deck", False)
            self.notify("The French deck is for 4 players only: switched off.")
        self._sync_options()

    @on(Input.Changed, ".name")
    def name_changed(self) -> None:
        self._refresh_leaders()

    @on(Choice.Changed, ".kind")
    def kind_changed(self, event: Choice.Changed) -> None:
        seat = int(event.choice.id.removeprefix("kind-"))
        self.query_one(f"#name-{seat}", Input).placeholder = self._default_name(seat)
        self._refresh_leaders()

    # -- rules ----------------------------------------------------------------------

    def _preset_name(self) -> str:
        return next((name for name, rules in PRESETS.items() if rules == self.rules), CUSTOM)

    def _sync_options(self) -> None:
        """Show `self.rules`: ticks, greyed-out options, the preset and the deals."""
        off = self._greyed_out(self.count)
        with self.prevent(Checkbox.Changed, Choice.Changed):
            for option in OPTIONS:
                box = self.query_one(f"#option-{option.field}", Checkbox)
                box.value = getattr(self.rules, option.field)
                box.disabled = option.field in off
                box.tooltip = self._greyed_tooltip(option.field, off)
            self.query_one("#greyed", Static).update(self._greyed_text(off))
            self.query_one("#preset", Choice).value = self._preset_name()
            self.query_one("#deals", Choice).value = self.rules.deals or ONE_PER_PLAYER

    def _greyed_out(self, count: int) -> dict[str, str]:
        """Options that cannot be ticked now, with why."""
        off = not_applicable(self.rules)
        if count != 4:
            off["french_deck"] = "for 4 players only"
        return off

    @staticmethod
    def _greyed_tooltip(field: str, off: dict[str, str]) -> str | None:
        return f"Not available: {off[field]}" if field in off else None

    @staticmethod
    def _greyed_text(off: dict[str, str]) -> Text:
        """Greyed boxes cannot take focus, so the reasons are spelt out for keyboards."""
        reasons = "; ".join(f"{OPTION_BY_FIELD[f].label}: {why}" for f, why in off.items())
        return Text(f"Greyed out: {reasons}." if reasons else "")

    @on(Checkbox.Changed, ".option")
    def option_changed(self, event: Checkbox.Changed) -> None:
        field = event.checkbox.id.removeprefix("option-")
        self.rules = with_option(self.rules, field, event.value)
        self._sync_options()

    @on(Choice.Changed, "#preset")
    def preset_changed(self, event: Choice.Changed) -> None:
        if event.value in PRESETS:
            self.rules = PRESETS[event.value]
        self._sync_options()  # "Custom" alone changes nothing, so it shows what is set

    @on(Choice.Changed, "#deals")
    def deals_changed(self, event: Choice.Changed) -> None:
        self.rules = with_option(self.rules, "deals", event.value or None)
        self._sync_options()

    # -- starting -------------------------------------------------------------------

    def _problem(self, seats: list[Seat], seed_text: str) -> str | None:
        names = [seat.name for seat in seats]
        problem = check_names(names)
        if problem is None and all(seat.level for seat in seats):
            problem = "at least one player must be human"
        if problem is None and seed_text:
            try:
                problem = seed_problem(int(seed_text))
            except ValueError:
                problem = f"the seed must be a whole number, not {seed_text!r}"
        if problem is None:
            try:
                check_players(len(names), self.rules)
            except ValueError as error:
                problem = str(error)
        return problem

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        error = self.query_one("#setup-error", Static)
        seats = self.seats()
        seed_text = self.query_one("#seed", Input).value.strip()
        problem = self._problem(seats, seed_text)
        if problem:
            error.update(Text(f"Cannot start: {problem}."))
            self.notify(f"Cannot start: {problem}.", severity="error", markup=False)
            return
        error.update("")
        seed = int(seed_text) if seed_text else None
        leader = self.query_one("#leader", Choice).value
        self.app.start_game(seats, leader, seed, self.rules)
