"""The first screen: continue the latest unfinished game, start one of the games, see the
statistics, read the rules, choose the language, or quit.

Drawn at once: it loads no game, and the unfinished game (reading a save replays its
moves) is looked up in a thread once the first frame is up, then offered at the top.
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..games import registered
from ..i18n import _
from ..textual_fixes import KeysFooter
from .flow import KeyGuardedScreen
from .language import language_entry

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from ..persistence import SaveEntry

CONTINUE, STATISTICS, RULES, LANGUAGE, QUIT = (
    "continue",
    "statistics",
    "rules",
    "language",
    "quit",
)


class MenuScreen(KeyGuardedScreen):
    class ContinueChosen(Message):
        """Continue this save (or hear why it will not load)."""

        def __init__(self, entry: SaveEntry) -> None:
            super().__init__()
            self.entry = entry

    class GameChosen(Message):
        """Open the setup form of this game (its key)."""

        def __init__(self, game: str) -> None:
            super().__init__()
            self.game = game

    class StatisticsChosen(Message):
        """Show the statistics of the finished games."""

    class RulesChosen(Message):
        """Show the rules."""

    class LanguageChosen(Message):
        """Choose the language the game speaks."""

    class QuitChosen(Message):
        """Leave the program."""

    def __init__(self, saves: Path) -> None:
        """`saves`: the directory whose latest unfinished game is offered."""
        super().__init__()
        self.saves = saves
        self.unfinished: SaveEntry | None = None
        self.saves_problem: str | None = None  # why the saves folder cannot be read
        self._looked_for_unfinished = False

    def compose(self) -> ComposeResult:
        yield Static(_("Card games for friends at one keyboard"), classes="screen-title")
        yield OptionList(*self._entries(), id="menu")
        yield Static(
            _(
                "Up and Down choose, Enter opens: a game opens its form (players, who "
                "begins, the game's options)."
            ),
            classes="explain",
        )
        yield KeysFooter()

    def _entries(self) -> list[Option]:
        """The menu; Continue on top once an unfinished game was found."""
        entries = [Option(_(info.title), id=game) for game, info in registered().items()]
        entries += [
            Option(_("Statistics"), id=STATISTICS),
            Option(_("Rules"), id=RULES),
            Option(language_entry(), id=LANGUAGE),
            Option(_("Quit"), id=QUIT),
        ]
        if self.unfinished is not None:
            entries.insert(0, Option(continue_text(self.unfinished), id=CONTINUE))
        elif self.saves_problem is not None:
            problem = Text.assemble(continue_label(), self.saves_problem)
            entries.insert(0, Option(problem, id=CONTINUE, disabled=True))
        return entries

    def on_mount(self) -> None:
        # Once: the screen is mounted again when the language changes.
        if not self._looked_for_unfinished:
            self._looked_for_unfinished = True
            self.call_after_refresh(self._look_for_unfinished)

    @work(thread=True, exit_on_error=False)
    def _look_for_unfinished(self) -> None:
        from .. import persistence

        try:
            entry = persistence.latest_unfinished(self.saves)
        except persistence.SavesFolderError as error:
            self.app.call_from_thread(self._say_unreadable, str(error))
            return
        if entry is not None:
            self.app.call_from_thread(self._offer, entry)

    def _offer(self, entry: SaveEntry) -> None:
        """Continue goes on top, chosen unless a player has moved on the menu already."""
        self.unfinished = entry
        self._put_continue_on_top(chosen=True)

    def _say_unreadable(self, problem: str) -> None:
        """Where Continue would go, why no game can be continued; it cannot be chosen."""
        self.saves_problem = problem
        self._put_continue_on_top(chosen=False)

    def _put_continue_on_top(self, chosen: bool) -> None:
        """The entries again, Continue on top; highlighted if `chosen` and no player has
        moved on the menu already, else the entry highlighted stays."""
        if not self.is_attached:
            return  # a game was chosen meanwhile
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted or 0
        menu.clear_options()
        menu.add_options(self._entries())
        menu.highlighted = 0 if chosen and not highlighted else highlighted + 1

    @on(OptionList.OptionSelected, "#menu")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        if not self.keys_began_here():
            return  # an Enter held on the screen before does not choose here
        choice = event.option.id
        if choice == CONTINUE:
            assert self.unfinished is not None  # the entry is there only then
            self.post_message(self.ContinueChosen(self.unfinished))
        elif choice == STATISTICS:
            self.post_message(self.StatisticsChosen())
        elif choice == RULES:
            self.post_message(self.RulesChosen())
        elif choice == LANGUAGE:
            self.post_message(self.LanguageChosen())
        elif choice == QUIT:
            self.post_message(self.QuitChosen())
        else:
            assert choice is not None  # every entry has its id
            self.post_message(self.GameChosen(choice))


def continue_label() -> tuple[str, str]:
    """The start of the entry Continue, in bold."""
    # Translators: the first screen's entry that takes up the unfinished game.
    return (_("Continue:") + " ", "bold")


def continue_text(entry: SaveEntry) -> Text:
    """Which game, who plays, where it stands; or why its save will not load."""
    label = continue_label()
    if entry.record is None:
        # Translators: after "Continue:"; {problem} says why, in a few words.
        problem = _("the last game's save will not load: {problem}")
        return Text.assemble(label, problem.format(problem=entry.problem))
    game = entry.record.game
    # Translators: after "Continue:": the game's name, its players' names ("Ann, Bob,
    # Cid") and where it stands ("deal 1 of 5, trick 3 of 14").
    where = _("{game} with {players}; {progress}").format(
        game=_(game.TITLE), players=", ".join(game.players), progress=entry.record.progress()
    )
    return Text.assemble(label, where)
