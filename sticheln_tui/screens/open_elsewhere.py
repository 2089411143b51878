"""A save another copy of the program has open, or whose lock file cannot be held: look
at it, read only, or start anew."""

from __future__ import annotations

import os

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Static

from .. import persistence
from ..core.names import visible
from ..games import screens_of
from ..i18n import N_, _
from ..persistence import Record, SaveEntry, SaveError
from ..textual_fixes import KeysFooter
from ..widgets.trick_table import totals_text
from .messages import MenuRequested, NewGameRequested, TakeUpRequested


class OpenElsewhereScreen(Screen):
    """Playing on here would write this window's moves over the other's, and theirs over
    ours, so the save is not taken up: the table may look at it or start a new game. The
    screen watches the save's lock, and once the other window has let go the game goes on
    here (`TakeUp`); `r` looks at once. A lock file that cannot be held (a folder, a link,
    a file this program may not write) is as good as another window: nothing would stop
    one, so the game goes on here once the lock file is put right."""

    BINDINGS = [
        Binding("l", "look", N_("Look at it")),
        Binding("n", "new_game", N_("New game")),
        # Translators: a key (in the keys panel; its button says it on the screen): look
        # again whether the other window has let go of the game.
        Binding("r", "try_again", N_("Try again"), show=False),
        Binding("escape", "back", N_("Back")),
    ]
    CHECK_SECONDS = 1.0  # how often the lock is looked at

    NewGame = NewGameRequested
    TakeUp = TakeUpRequested
    Back = MenuRequested

    def __init__(self, entry: SaveEntry) -> None:
        super().__init__()
        self.entry = entry
        self._taken_up = False
        self._lock_watch: Timer | None = None
        self._lock_problem: str | None = None  # as shown: why the lock could not be held

    def compose(self) -> ComposeResult:
        record = self.entry.record
        assert record is not None  # a save that loads: it is its game that is open
        problem = self._lock_problem = persistence.lock_problem(self.entry.path)
        with Vertical(id="open-elsewhere"):
            if problem is None:
                title = _("This game is open in another window")
                explanation = _(
                    "Two windows on one game would write over each other's moves. Play on in"
                    " the other window, or quit the game there and continue it here."
                )
                until = _("As soon as the other window lets go of the game, it goes on here.")
            else:
                # Translators: {why} is e.g. "cannot be locked (x.json.lock: a folder)".
                title = _("This game {why}").format(why=problem)
                explanation = _(
                    "Without a lock, another window could write over its moves. Remove the"
                    " lock file beside the save, or start a new game."
                )
                until = _("As soon as the lock file is put right, the game goes on here.")
            yield Static(Text(title), classes="screen-title")
            yield Static(
                Text(f"{', '.join(record.game.players)}: {record.progress()}"), classes="explain"
            )
            yield Static(Text(visible(self.entry.path)), classes="explain")
            yield Static(explanation, classes="explain")
            yield Static(until, classes="explain")
            with Horizontal(id="open-elsewhere-buttons"):
                yield Button(_("Look at it, read only (l)"), id="look", variant="primary")
                yield Button(_("New game (n)"), id="new-game")
                yield Button(_("Try again (r)"), id="try-again")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("Button").focus()
        if self._lock_watch is None:  # mounted again by a change of language: one watch
            self._lock_watch = self.set_interval(self.CHECK_SECONDS, self._watch_lock)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"look": self.action_look, "try-again": self.action_try_again}
        actions.get(event.button.id or "", self.action_new_game)()

    def _watch_lock(self) -> None:
        if self.app.screen is self:  # a look at the save ends by itself once it is free
            self._take_up_if_free()

    def _take_up_if_free(self) -> bool:
        """Take up the game if no other window has the save open now and its lock can be
        held; whether it was."""
        if persistence.lock_hindrance(self.entry.path):
            return False
        if not self._taken_up:
            self._taken_up = True
            if self._lock_problem is None:
                notice = _("The other window has let go of the game: it goes on here.")
            else:
                notice = _("The lock file has been put right: the game goes on here.")
            self.post_message(self.TakeUp(self.entry, notice))
        return True

    def action_try_again(self) -> None:
        if not self._take_up_if_free():
            problem = persistence.lock_problem(self.entry.path)
            if problem is None:
                self.notify(_("The game is still open in the other window."), markup=False)
            else:
                self.notify(_("Not yet: the game {why}.").format(why=problem), markup=False)

    def action_look(self) -> None:
        self.app.push_screen(SaveLookScreen(self.entry), self._looked)

    def _looked(self, new_game: bool | None) -> None:
        if new_game:
            self.action_new_game()

    def action_new_game(self) -> None:
        self.post_message(self.NewGame())

    def action_back(self) -> None:
        self.post_message(self.Back())


class SaveLookScreen(Screen[bool]):
    """What everybody at the table can see of the game, as the other window saves it: no
    hand, and no card laid face down. Its file is only read. Once the other window has
    let go of it, the look ends (the game can go on here)."""

    BINDINGS = [
        Binding("escape", "back", N_("Back")),
        Binding("n", "new_game", N_("New game")),
    ]

    REFRESH_SECONDS = 1.0

    def __init__(self, entry: SaveEntry) -> None:
        super().__init__()
        self.path = entry.path
        assert entry.record is not None  # a save that loads: it is its game that is open
        self.record = entry.record
        self._modified = entry.modified
        self._following: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="look-title", classes="status")
        with VerticalScroll(id="look-body", can_focus=False):
            yield Static(id="look-table")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._show(self.record)
        if self._following is None:  # mounted again by a change of language: one timer
            self._following = self.set_interval(self.REFRESH_SECONDS, self._follow)

    def _follow(self) -> None:
        """Show the moves the other window has saved since; go back once it has let go."""
        if not persistence.lock_hindrance(self.path):
            self.dismiss(False)
            return
        try:
            modified = os.stat(self.path).st_mtime
            if modified != self._modified:
                self._modified = modified
                self._show(persistence.load(self.path))
        except (OSError, SaveError):  # caught mid-write, or gone: keep what is shown
            return

    def _show(self, record: Record) -> None:
        self.record = record
        public = record.game.view(None)
        players = ", ".join(public.players)
        title = Text(_("Read only: {players}").format(players=players), style="bold")
        hindrance = persistence.lock_hindrance(self.path)
        if hindrance:
            title.append(f"  ({hindrance})")
        self.query_one("#look-title", Static).update(title)
        parts = screens_of(record.game.GAME).public_table(public, self.app.size.width)
        if public.results:
            totals = totals_text(public, signed=not record.game.LOWEST_WINS)
            parts.append(Text(_("Totals: {totals}").format(totals=totals)))
        self.query_one("#look-table", Static).update(Text("\n\n").join(parts))

    def action_back(self) -> None:
        self.dismiss(False)

    def action_new_game(self) -> None:
        self.dismiss(True)  # the setup screen takes the place of the choice beneath
