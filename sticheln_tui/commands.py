"""The game's commands in the command palette (Ctrl+P): where they apply on the screen it
opened over, each showing only what the whole table may see."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

from textual.app import SystemCommand
from textual.command import DiscoveryHit, Hit, Hits, Provider

from . import i18n
from .i18n import _

if TYPE_CHECKING:
    from .app import StichelnApp


def by_title(command: SystemCommand) -> str:
    return command.title


class GameCommands(Provider):
    """New game, Rules, Take back, Scores, Language and Quit, as they apply now, with
    Textual's own that the App keeps (`get_system_commands`): one provider, so that the
    palette lists them all in one order, by title."""

    @property
    def table(self) -> StichelnApp:
        return cast("StichelnApp", self.app)

    def commands(self) -> Iterator[SystemCommand]:
        from .screens.rules_help import RulesHelpScreen
        from .screens.scoreboard import ScoreboardScreen

        app, screen = self.table, self.screen
        game = app.game
        if game is not None:
            yield SystemCommand(
                _("New game"),
                _("The form, with this table filled in; asks first"),
                app.ask_new_game,
            )
        if not isinstance(screen, RulesHelpScreen):
            yield SystemCommand(_("Rules"), _("The rules in force (?)"), app.action_rules)
        if app.check_action("take_back", ()) is True:
            yield SystemCommand(_("Take back"), _("The move just made (u)"), app.action_take_back)
        if game is not None and game.results and not isinstance(screen, ScoreboardScreen):
            yield SystemCommand(_("Scores"), _("Everybody's total so far"), app.show_totals)
        yield SystemCommand(
            # Translators: a command of the command palette; the languages follow.
            _("Language"),
            ", ".join(i18n.LANGUAGES.values()),
            app.choose_language,
        )
        shared = app.session.shared
        if shared is not None and shared.codes:
            yield SystemCommand(
                _("Join codes"), _("How the other screens join this table"), app.show_join_codes
            )
        yield SystemCommand(_("Quit"), _("Asks first (q)"), app.action_request_quit)
        yield from app.get_system_commands(screen)

    async def discover(self) -> Hits:
        for title, help_text, callback, _discover in sorted(self.commands(), key=by_title):
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback, _discover in self.commands():
            if (match := matcher.match(title)) > 0:
                yield Hit(match, matcher.highlight(title), callback, help=help_text)
