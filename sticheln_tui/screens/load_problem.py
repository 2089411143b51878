"""A save that will not load: why, and what can be done instead."""

from __future__ import annotations

import os

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from .. import persistence
from ..core.names import visible
from ..i18n import N_, _
from ..persistence import Record, SaveEntry, SaveError
from ..textual_fixes import KeysFooter
from .messages import BackupChosen, NewGameRequested


class LoadProblemScreen(Screen):
    """Offers the save's backup, if that loads, or a new game. The file itself is left
    exactly as it is."""

    BINDINGS = [
        Binding("b", "backup", N_("Load the backup")),
        Binding("n", "new_game", N_("New game")),
    ]

    Backup = BackupChosen
    NewGame = NewGameRequested

    def __init__(self, entry: SaveEntry) -> None:
        super().__init__()
        self.entry = entry
        self.backup: Record | None = None
        backup = persistence.backup_of(entry.path)
        # A save written once has no backup: said as such, not as a backup that will not load.
        if not os.path.lexists(backup):
            self._backup_note = _("It has no backup to load instead.")
            return
        try:
            self.backup = persistence.load(backup)
            self._backup_note = _(
                "Its backup loads: {players}; {progress} (the save before the last one)."
            ).format(players=", ".join(self.backup.game.players), progress=self.backup.progress())
        except SaveError as error:
            self._backup_note = _("Its backup will not load either: {problem}.").format(
                problem=error
            )

    def compose(self) -> ComposeResult:
        with Vertical(id="load-problem"):
            yield Static(_("This save will not load"), classes="screen-title")
            yield Static(Text(visible(self.entry.path)), classes="explain")
            why = _("Why: {problem}.").format(problem=self.entry.problem)
            yield Static(Text(why), classes="explain")
            yield Static(Text(self._backup_note), classes="explain")
            yield Static(_("The file is left as it is."), classes="explain")
            with Horizontal(id="load-buttons"):
                if self.backup is not None:
                    yield Button(_("Load the backup (b)"), id="backup", variant="primary")
                yield Button(_("New game (n)"), id="new-game")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("Button").focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "backup":
            return self.backup is not None
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "backup":
            self.action_backup()
        else:
            self.action_new_game()

    def action_backup(self) -> None:
        if self.backup is not None:
            self.post_message(self.Backup(self.backup))

    def action_new_game(self) -> None:
        self.post_message(self.NewGame())
