"""Setting up a game: players, names, who begins, the game's options, and a seed.

One form for every game (`SetupScreen`); each game's form adds its options.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.validation import ValidationResult, Validator
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Static

from ..core import hattrick, seven_seals
from ..core.game import seed_problem
from ..core.hattrick import HattrickOptions
from ..core.names import MAX_NAME_LENGTH, check_names, default_name
from ..core.option_table import OPTION_BY_FIELD, PRESET_LABELS, SABOTEUR_VARIANTS
from ..core.options import (
    OPTIONS,
    PRESETS,
    not_applicable,
    with_option,
)
from ..core.seven_seals import SevenSealsOptions, standard_deals
from ..core.sticheln import MAX_DEALS, MAX_PLAYERS, MIN_PLAYERS, Rules, check_players
from ..games import engine_of, info_of
from ..i18n import N_, _
from ..seats import LEVELS, Seat, bot_name, no_human_here_problem, no_human_problem
from ..textual_fixes import KeysFooter
from ..widgets.choice import Choice, TickBox
from .flow import KeyGuardedScreen
from .messages import MenuRequested, StartRequested

DEFAULT_PLAYERS = 4
HUMAN = "human"
OWN_SCREEN = "own screen"  # a human at a screen of their own, which joins with a code
# Translators: what sits in a seat: a human at this screen, a human at a screen of their
# own (a terminal, ssh or a browser page that joins the table with a code), or a
# computer player of a level.
BOT_LABELS = {"easy": N_("Bot: easy"), "normal": N_("Bot: normal"), "strong": N_("Bot: strong")}
SEAT_KINDS = [
    (N_("Human"), HUMAN),
    *((BOT_LABELS[level], level) for level in LEVELS),
    (N_("Own screen"), OWN_SCREEN),
]
CUSTOM = "custom"
ONE_PER_PLAYER = 0  # the deals selector's value for "one deal per player"


def french_deck_fits(count: int) -> bool:
    """The French deck can be dealt to this many players (only to 4)."""
    try:
        check_players(count, Rules(french_deck=True))
    except ValueError:
        return False
    return True


def seed_text_problem(text: str) -> str | None:
    """Why the seed field's text cannot start a game, or None (blank: a random seed)."""
    text = text.strip()
    if not text:
        return None
    try:
        return seed_problem(int(text))
    except ValueError:
        return _("the seed must be a whole number, not {text}").format(text=repr(text))


class SeedValidator(Validator):
    """Marks the seed field invalid (Textual's red) while its text cannot start a game."""

    def validate(self, value: str) -> ValidationResult:
        problem = seed_text_problem(value)
        return self.failure(problem) if problem else self.success()


class FieldProblem(Static):
    """What is wrong with the field beside it, shown only while something is. Its words
    may wrap below the field, where the form would hide them: they scroll into view
    whenever they take other room."""

    def say(self, words: str) -> None:
        self.update(Text(words))
        self.display = bool(words)

    def on_resize(self) -> None:
        self.scroll_visible(animate=False)


class SetupScreen(KeyGuardedScreen):
    """The form every game shares: how many play, their names and seats (human or a bot
    level), who begins (leads first; in Seven Seals, deals first), the game's options and
    a seed. A game's form names the game and its table sizes, adds its options
    (`compose_options`) and says what they allow (`table_problem`). Start asks the app to
    start the game (`StartRequested`); Escape goes back to the first screen."""

    BINDINGS = [Binding("ctrl+s", "start", N_("Start")), Binding("escape", "back", N_("Games"))]
    # The first field, so that what is typed first lands somewhere and Enter moves on;
    # given as the screen first shows: a later change restyles the form.
    AUTO_FOCUS = "#count"
    GAME: ClassVar[str]
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    # The form's keys, said in words (each game's form says what Space ticks).
    KEYS_TEXT: ClassVar[str] = N_(
        "Tab, or Enter on a name or a choice, moves on; Left and Right change a choice;"
        " Enter on Start (or in the seed field) starts the game. Escape: back to the games."
    )
    LEADER_LABEL: ClassVar[str] = N_("Leads first (the youngest)")
    DEFAULT_LEADER: ClassVar[int] = 0  # the first leader the form proposes: Player 1

    StartRequested = StartRequested
    BackRequested = MenuRequested

    def __init__(
        self, seed: int | None = None, table: Sequence[Seat] = (), leader: int | None = None
    ) -> None:
        """`table` and `leader`: the last game's seats and first leader, filled in again
        (None: the form's `DEFAULT_LEADER`)."""
        super().__init__()
        self.seed = seed
        self.table = tuple(table)
        self.leader = self.DEFAULT_LEADER if leader is None else leader

    def compose(self) -> ComposeResult:
        title = _("{game}: a new game").format(game=_(info_of(self.GAME).title))
        yield Static(title, classes="screen-title")
        count = len(self.table) or DEFAULT_PLAYERS
        # Scrolls, but takes no focus: the first Tab goes to the first field.
        with VerticalScroll(id="setup", can_focus=False):
            yield self._choice_row(
                _("Players"),
                [(str(n), n) for n in range(self.MIN_PLAYERS, self.MAX_PLAYERS + 1)],
                count,
                "count",
            )
            with Grid(id="names"):
                for seat in range(self.MAX_PLAYERS):
                    given = self.table[seat] if seat < len(self.table) else None
                    level = given.level if given is not None else None
                    own_screen = given is not None and given.own_screen
                    default = bot_name(level, seat) if level else default_name(seat)
                    typed = self.table[seat].name if seat < len(self.table) else ""
                    name = Input(
                        "" if typed == default else typed,
                        placeholder=default,
                        max_length=MAX_NAME_LENGTH,
                        compact=True,
                        id=f"name-{seat}",
                        classes="name",
                    )
                    chosen = OWN_SCREEN if own_screen else level or HUMAN
                    kind = Choice(SEAT_KINDS, chosen, id=f"kind-{seat}", classes="kind")
                    # Set before mounting: changes after it would restyle the whole form.
                    name.display = kind.display = seat < count
                    yield name
                    yield kind
            yield self._choice_row(
                _(self.LEADER_LABEL),
                self._leader_options(count, [seat.name for seat in self.table]),
                self.leader if self.leader < count else 0,
                "leader",
            )
            yield from self.compose_options(count)
            with Horizontal(classes="setup-row", id="seed-row"):
                yield Label(_("Seed (blank: random)"), classes="setup-label")
                # Any text is kept as typed, so a mistyped seed is seen and explained.
                yield Input(
                    "" if self.seed is None else str(self.seed),
                    compact=True,
                    id="seed",
                    placeholder=_("random"),
                    validators=[SeedValidator()],
                    validate_on=["changed"],
                )
                problem = FieldProblem(id="seed-problem")
                problem.display = False
                yield problem
        yield Static(_(self.KEYS_TEXT), classes="explain")
        yield Static(id="setup-error")
        yield Button(_("Start"), id="start", variant="primary")
        yield KeysFooter()

    def compose_options(self, count: int) -> Iterable[Widget]:
        """The rows of the game's own options, for a table of `count` players."""
        raise NotImplementedError

    def chosen_options(self) -> object:
        """The game's options as the form shows them."""
        raise NotImplementedError

    def table_problem(self, count: int) -> str | None:
        """Why the chosen options do not fit `count` players, or None."""
        return None

    def _choice_row(self, label: str, options: list, value: object, id: str) -> Horizontal:
        """A labelled one-line drop-down."""
        return Horizontal(
            Label(label, classes="setup-label"),
            Choice(options, value, id=id),
            classes="setup-row",
        )

    def action_back(self) -> None:
        self.post_message(self.BackRequested())

    def on_key(self, event: events.Key) -> None:
        """An Enter held or mashed on the screen before (the final scores' New game)
        neither walks the form nor starts a game. It stops here, on its way up from the
        field it reached: the fields' bindings act once it has reached the app."""
        if event.key == "enter" and not self.keys_began_here():
            event.stop()
            event.prevent_default()

    # -- reading the form ---------------------------------------------------------

    @property
    def count(self) -> int:
        return self.query_one("#count", Choice).value

    def _kind(self, seat: int) -> str:
        return self.query_one(f"#kind-{seat}", Choice).value

    def _level(self, seat: int) -> str | None:
        kind = self._kind(seat)
        return None if kind in (HUMAN, OWN_SCREEN) else kind

    def _default_name(self, seat: int) -> str:
        level = self._level(seat)
        return bot_name(level, seat) if level else default_name(seat)

    def names(self) -> list[str]:
        return [
            self.query_one(f"#name-{seat}", Input).value.strip() or self._default_name(seat)
            for seat in range(self.count)
        ]

    def seats(self) -> list[Seat]:
        return [
            Seat(name, self._level(seat), self._kind(seat) == OWN_SCREEN)
            for seat, name in enumerate(self.names())
        ]

    def _leader_options(self, count: int, names: list[str] | None = None) -> list:
        """Each player by name; the value is the game's first leader if they are chosen
        (in Seven Seals the form names the first dealer, whose left-hand seat leads)."""
        names = names or [default_name(seat) for seat in range(count)]
        first_leader_of = engine_of(self.GAME).first_leader_of
        return [(name, first_leader_of(seat, count)) for seat, name in enumerate(names)]

    def _show_name_inputs(self, count: int) -> None:
        for seat in range(self.MAX_PLAYERS):
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

    @on(Input.Changed, ".name")
    def name_changed(self) -> None:
        self._refresh_leaders()

    @on(Choice.Changed, ".kind")
    def kind_changed(self, event: Choice.Changed) -> None:
        assert event.choice.id is not None
        seat = int(event.choice.id.removeprefix("kind-"))
        self.query_one(f"#name-{seat}", Input).placeholder = self._default_name(seat)
        self._refresh_leaders()

    # -- starting -------------------------------------------------------------------

    def _problem(self, seats: list[Seat], seed_text: str) -> str | None:
        names = [seat.name for seat in seats]
        problem = check_names(names)
        if problem is None:
            problem = no_human_problem([seat.level for seat in seats])
        if problem is None:
            problem = no_human_here_problem(seats)
        return problem or seed_text_problem(seed_text) or self.table_problem(len(names))

    @on(Input.Changed, "#seed")
    def seed_changed(self, event: Input.Changed) -> None:
        """Says next to the field what is wrong with the seed, as it is typed."""
        problem = seed_text_problem(event.value)
        words = f"{problem[0].upper()}{problem[1:]}." if problem else ""
        self.query_one("#seed-problem", FieldProblem).say(words)

    @on(Input.Submitted, ".name")
    def next_field(self, event: Input.Submitted) -> None:
        """Names are typed one after another: Enter goes on to the next field."""
        event.stop()
        self.focus_next()

    @on(Input.Submitted, "#seed")
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        error = self.query_one("#setup-error", Static)
        seats = self.seats()
        seed_text = self.query_one("#seed", Input).value.strip()
        problem = self._problem(seats, seed_text)
        if problem:
            self.refuse(problem)
            return
        error.update("")
        seed = int(seed_text) if seed_text else None
        leader = self.query_one("#leader", Choice).value
        self.post_message(
            self.StartRequested(self.GAME, seats, leader, seed, self.chosen_options())
        )

    def refuse(self, problem: str) -> None:
        """Say why the game cannot start; nothing changes."""
        refusal = _("Cannot start: {problem}.").format(problem=problem)
        self.query_one("#setup-error", Static).update(Text(refusal))
        self.notify(refusal, severity="error", markup=False)


class StichelnSetupScreen(SetupScreen):
    """Sticheln's form: its rules, as a preset and single options, and the deals."""

    GAME = "sticheln"
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = MAX_PLAYERS
    KEYS_TEXT = N_(
        "Tab, or Enter on a name or a choice, moves on; Left and Right change a choice,"
        " Space ticks an option; Enter on Start (or in the seed field) starts the game."
        " Escape: back to the games."
    )

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        table: Sequence[Seat] = (),
        leader: int | None = None,
    ) -> None:
        super().__init__(seed, table, leader)
        self.rules = rules or Rules()
        # The French deck ticked, then switched off by leaving 4 players: back with 4.
        self._french_waiting = False

    def compose_options(self, count: int) -> Iterable[Widget]:
        yield self._choice_row(
            _("Rules"),
            [*((label, name) for name, label in PRESET_LABELS.items()), (N_("Custom"), CUSTOM)],
            self._preset_name(),
            "preset",
        )
        yield self._choice_row(
            _("Deals"),
            [(N_("one per player"), ONE_PER_PLAYER)]
            + [(str(n), n) for n in range(1, MAX_DEALS + 1)],
            self.rules.deals or ONE_PER_PLAYER,
            "deals",
        )
        off = self._greyed_out(count)
        for option in OPTIONS:
            box = TickBox(
                self._option_text(option),
                value=getattr(self.rules, option.field),
                compact=True,
                id=f"option-{option.field}",
                classes="option",
                disabled=option.field in off,
            )
            box.tooltip = self._greyed_tooltip(option.field, off)
            yield box
        yield Static(self._greyed_text(off), id="greyed", classes="explain")

    def chosen_options(self) -> Rules:
        return self.rules

    def table_problem(self, count: int) -> str | None:
        try:
            check_players(count, self.rules)
        except ValueError as error:
            return str(error)
        return None

    @on(Choice.Changed, "#count")
    def french_deck_follows_count(self) -> None:
        fits = french_deck_fits(self.count)
        if self.rules.french_deck and not fits:
            self.rules = with_option(self.rules, "french_deck", False)
            self._french_waiting = True
            self.notify(_("The French deck is for 4 players only: off until you choose 4 again."))
        elif self._french_waiting and fits:
            self._restore_french_deck()
        self._sync_options()

    def _restore_french_deck(self) -> None:
        """Tick the French deck again, unless an option ticked since rules it out."""
        self._french_waiting = False
        french = with_option(self.rules, "french_deck", True)
        clashing = [
            _(option.label)
            for option in OPTIONS
            if getattr(self.rules, option.field) and not getattr(french, option.field)
        ]
        if clashing:
            # Translators: {options} are option names, e.g. "Dark and Late".
            stays_off = _("The French deck stays off: it does not go with {options}.")
            self.notify(stays_off.format(options=_(" and ").join(clashing)), markup=False)
            return
        self.rules = french
        self.notify(_("The French deck is back on, for 4 players."))

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
                box.label = self._option_text(option)  # Reverse turns some rules round
                box.disabled = option.field in off
                box.tooltip = self._greyed_tooltip(option.field, off)
            self.query_one("#greyed", Static).update(self._greyed_text(off))
            self.query_one("#preset", Choice).value = self._preset_name()
            self.query_one("#deals", Choice).value = self.rules.deals or ONE_PER_PLAYER

    def _option_text(self, option) -> str:
        return f"{_(option.label)}: {option.explained(self.rules)}"

    def _greyed_out(self, count: int) -> dict[str, str]:
        """Options that cannot be ticked now, with why."""
        off = not_applicable(self.rules)
        if not french_deck_fits(count):
            if self._french_waiting:
                off["french_deck"] = _("for 4 players only, ticked again with 4")
            else:
                off["french_deck"] = _("for 4 players only")
        return off

    @staticmethod
    def _greyed_tooltip(field: str, off: dict[str, str]) -> str | None:
        return _("Not available: {reason}").format(reason=off[field]) if field in off else None

    @staticmethod
    def _greyed_text(off: dict[str, str]) -> Text:
        """Greyed boxes cannot take focus, so the reasons are spelt out for keyboards."""
        reasons = "; ".join(f"{_(OPTION_BY_FIELD[f].label)}: {why}" for f, why in off.items())
        return Text(_("Greyed out: {reasons}.").format(reasons=reasons) if reasons else "")

    @on(Checkbox.Changed, ".option")
    def option_changed(self, event: Checkbox.Changed) -> None:
        assert event.checkbox.id is not None
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


class HattrickSetupScreen(SetupScreen):
    """Hattrick's form: its one option is the number of deals."""

    GAME = "hattrick"
    MIN_PLAYERS = hattrick.MIN_PLAYERS
    MAX_PLAYERS = hattrick.MAX_PLAYERS

    def __init__(
        self,
        options: HattrickOptions | None = None,
        seed: int | None = None,
        table: Sequence[Seat] = (),
        leader: int | None = None,
    ) -> None:
        super().__init__(seed, table, leader)
        self.options = options or HattrickOptions()

    def compose_options(self, count: int) -> Iterable[Widget]:
        deals = range(1, hattrick.MAX_DEALS + 1)
        deal_choices = [(str(n), n) for n in deals]
        yield self._choice_row(_("Deals"), deal_choices, self.options.deals, "deals")

    def chosen_options(self) -> HattrickOptions:
        return HattrickOptions(deals=self.query_one("#deals", Choice).value)


class SevenSealsSetupScreen(SetupScreen):
    """Seven Seals' form: the deals and the saboteur variants, which combine."""

    GAME = "seven-seals"
    MIN_PLAYERS = seven_seals.MIN_PLAYERS
    MAX_PLAYERS = seven_seals.MAX_PLAYERS
    KEYS_TEXT = N_(
        "Tab, or Enter on a name or a choice, moves on; Left and Right change a choice,"
        " Space ticks a variant; Enter on Start (or in the seed field) starts the game."
        " Escape: back to the games."
    )
    LEADER_LABEL = N_("First dealer")
    DEFAULT_LEADER = 1  # Player 1 deals, Player 2 leads

    def __init__(
        self,
        options: SevenSealsOptions | None = None,
        seed: int | None = None,
        table: Sequence[Seat] = (),
        leader: int | None = None,
    ) -> None:
        super().__init__(seed, table, leader)
        self.options = options or SevenSealsOptions()

    def compose_options(self, count: int) -> Iterable[Widget]:
        deals = self.options.deals or ONE_PER_PLAYER
        yield self._choice_row(_("Deals"), self._deals_options(count), deals, "deals")
        for option in SABOTEUR_VARIANTS:
            yield TickBox(
                f"{_(option.label)}: {_(option.explanation)}",
                value=getattr(self.options, option.field),
                compact=True,
                id=f"option-{option.field}",
                classes="option",
            )

    @staticmethod
    def _deals_options(count: int) -> list[tuple[str, int]]:
        standard = standard_deals(count)
        if standard == count:
            label = _("one per player ({count} deals)").format(count=standard)
        else:
            label = _("two rounds ({count} deals)").format(count=standard)
        choices = range(1, seven_seals.MAX_DEALS + 1)
        return [(label, ONE_PER_PLAYER)] + [(str(n), n) for n in choices]

    @on(Choice.Changed, "#count")
    def deals_follow_count(self) -> None:
        """The default choice of deals says how many deals it means at this table."""
        self.query_one("#deals", Choice).set_options(self._deals_options(self.count))

    def chosen_options(self) -> SevenSealsOptions:
        variants = {
            option.field: self.query_one(f"#option-{option.field}", Checkbox).value
            for option in SABOTEUR_VARIANTS
        }
        return SevenSealsOptions(self.query_one("#deals", Choice).value or None, **variants)
