"""The rules of the game in play (or being set up), in the program's own words,
reachable from every screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from ..games import game_of_options, registered, screens_of
from ..i18n import N_, _
from ..textual_fixes import KeysFooter
from .tabbed import SCROLL_BINDINGS, TabbedPages, tab_bindings


def rules_markdown(options: object) -> str:
    """The rules help of the game these options belong to: the options in force first."""
    return screens_of(game_of_options(options)).rules_help(options)


class RulesHelpScreen(TabbedPages, inherit_bindings=False):  # Tab switches games here
    """Opaque, so a hand underneath never shows through to whoever reads the rules.
    Given the game's options (Sticheln's `Rules`, or another game's), it shows that
    game's rules; given none (no game chosen yet), every game's, one tab each, with the
    keys of the statistics' tabs."""

    BINDINGS = [
        Binding("escape,enter,question_mark,f1", "close", N_("Back"), key_display="Esc"),
        *tab_bindings(N_("Next game")),
        *SCROLL_BINDINGS,
    ]
    AUTO_FOCUS = "Tabs, .rules-scroll"  # the one game's rules scroll with their own keys

    def __init__(self, rules: object) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        # Imported here: Markdown brings a parser the start-up does not need.
        from textual.widgets import Markdown, TabbedContent, TabPane

        if self.rules is not None:
            with VerticalScroll(id="rules-scroll", classes="rules-scroll"):
                yield Markdown(rules_markdown(self.rules))
        else:
            with TabbedContent():
                for game, info in registered().items():
                    with TabPane(_(info.title)), VerticalScroll(classes="rules-scroll"):
                        yield Markdown(screens_of(game).how_to_play())
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("next_tab", "previous_tab", "scroll"):
            return self.rules is None  # the tabs of every game's rules
        return True

    def action_close(self) -> None:
        self.dismiss()
