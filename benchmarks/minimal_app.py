"""The baseline of every benchmark of the app: a minimal Textual app, one Static and one
Footer, whose Static counts the keys pressed."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Static


class MinimalApp(App):
    count = 0

    def compose(self) -> ComposeResult:
        yield Static("0", id="count")
        yield Footer()

    def on_key(self) -> None:
        self.count += 1
        self.query_one("#count", Static).update(str(self.count))
