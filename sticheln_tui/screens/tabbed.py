"""What the screens of tabs share (the scores, the statistics, every game's rules): Tab
and Shift+Tab (or → and ←) show the next and the previous tab, ↑ ↓ PgUp PgDn Home End
scroll the one shown."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import TabbedContent, Tabs

from ..i18n import N_

SCROLL_BINDINGS = [
    Binding("up", "scroll('up')", show=False),
    Binding("down", "scroll('down')", show=False),
    Binding("pageup", "scroll('page_up')", show=False),
    Binding("pagedown", "scroll('page_down')", show=False),
    Binding("home", "scroll('home')", show=False),
    Binding("end", "scroll('end')", show=False),
]


def tab_bindings(label: str, show: bool = True) -> list[Binding]:
    """Tab and Shift+Tab: the next and the previous tab (Tab in the footer, said `label`,
    if `show`)."""
    return [
        Binding("tab", "next_tab", label, key_display="Tab", show=show),
        Binding("shift+tab", "previous_tab", N_("Previous tab"), show=False),
    ]


class TabbedPages(Screen):
    """A screen whose tabs each hold a page that scrolls (AUTO_FOCUS on the tabs, so
    that ← and → switch them too)."""

    AUTO_FOCUS = "Tabs"

    def action_next_tab(self) -> None:
        self.query_one(Tabs).action_next_tab()

    def action_previous_tab(self) -> None:
        self.query_one(Tabs).action_previous_tab()

    def action_scroll(self, direction: str) -> None:
        pane = self.query_one(TabbedContent).active_pane
        if pane is not None:
            getattr(pane.query_one(VerticalScroll), f"scroll_{direction}")()
