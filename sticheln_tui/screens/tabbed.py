"""What the screens of tabs share (the scores, the statistics): Tab (or ← →) shows the
next tab, ↑ ↓ PgUp PgDn scroll the one shown."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import TabbedContent, Tabs

SCROLL_BINDINGS = [
    Binding("up", "scroll('up')", show=False),
    Binding("down", "scroll('down')", show=False),
    Binding("pageup", "scroll('page_up')", show=False),
    Binding("pagedown", "scroll('page_down')", show=False),
]


class TabbedPages(Screen):
    """A screen whose tabs each hold a page that scrolls (AUTO_FOCUS on the tabs, so
    that ← and → switch them too)."""

    AUTO_FOCUS = "Tabs"

    def action_next_tab(self) -> None:
        self.query_one(Tabs).action_next_tab()

    def action_scroll(self, direction: str) -> None:
        pane = self.query_one(TabbedContent).active_pane
        if pane is not None:
            getattr(pane.query_one(VerticalScroll), f"scroll_{direction}")()
