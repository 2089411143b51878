"""Textual's Footer, rebuilt only when its keys cannot simply be rewritten."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """Textual rebuilds its Footer on every bindings update, and a rebuild restyles every
    key: tens of milliseconds. Here an update that changes nothing visible is skipped, and
    one that keeps the number of keys (a key greyed out, or Hint giving way to the bot's
    Space) rewrites the keys in place. The first update, a change in the number of keys,
    and grouped keys (new or shown) rebuild it as Textual does."""

    _shown: tuple | None = None

    def bindings_changed(self, screen: Screen) -> None:
        shown = tuple(
            (binding, enabled, tooltip)
            for _, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show
        )
        if shown == self._shown:
            return
        keys = [key for key in self.children if not key.has_class("-command-palette")]
        # Textual's Footer shows one key per action: the first binding of each.
        first_per_action: dict[str, tuple] = {}
        for binding, enabled, tooltip in shown:
            first_per_action.setdefault(binding.action, (binding, enabled, tooltip))
        rewritable = (
            self._shown is not None
            and len(first_per_action) == len(keys)
            and all(isinstance(key, FooterKey) for key in keys)  # no group shown
            and not any(binding.group for binding, _, _ in shown)  # nor coming
        )
        self._shown = shown
        if not rewritable:
            super().bindings_changed(screen)
            return
        for key, (binding, enabled, tooltip) in zip(keys, first_per_action.values(), strict=True):
            display = self.app.get_key_display(binding)
            resized = (len(display), len(binding.description)) != (
                len(key.key_display),
                len(key.description),
            )
            key.key = binding.key
            key.key_display = display
            key.description = binding.description
            key.action = binding.action
            key._disabled = not enabled
            key.tooltip = tooltip or None
            key.set_class(not enabled, "-disabled")
            key.refresh(layout=resized)
