"""Textual's Footer, rebuilt only when what it shows changes."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    """Every bindings update rebuilds Textual's Footer, two or three times per screen
    switch here; skipping the updates that change nothing visible makes a switch faster."""

    _shown: tuple | None = None

    def bindings_changed(self, screen: Screen) -> None:
        shown = tuple(
            (binding.key, binding.description, enabled, tooltip)
            for _, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show
        )
        if shown != self._shown:
            self._shown = shown
            super().bindings_changed(screen)
