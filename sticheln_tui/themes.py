"""The themes the game offers: Textual's dark and light themes, with the colours that fell
below WCAG's 4.5:1 contrast (in 256 or 16 colours, or NO_COLOR's greys) made readable."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App
from textual.theme import BUILTIN_THEMES

DARK = replace(
    BUILTIN_THEMES["textual-dark"],
    name="sticheln-dark",
    primary="#0a4a9a",
    variables={"footer-background": "#1a1f24"},
)
LIGHT = replace(
    BUILTIN_THEMES["textual-light"],
    name="sticheln-light",
    accent="#6b3a00",
    variables={"footer-key-foreground": "#004578", "footer-background": "#ececec"},
)
THEMES = (DARK, LIGHT)


def offer_only_our_themes(app: App) -> None:
    """Register our themes in place of Textual's: the palette's theme list offers only
    these, each of them tested for contrast."""
    for name in list(app.available_themes):
        app.unregister_theme(name)
    for theme in THEMES:
        app.register_theme(theme)
    app.theme = DARK.name
