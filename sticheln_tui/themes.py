"""The themes the game offers: Textual's dark and light themes, with the colours that fell
below WCAG's 4.5:1 contrast (in 256 or 16 colours, or NO_COLOR's greys) made readable."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App
from textual.theme import BUILTIN_THEMES, ThemeProvider

from .i18n import pgettext
from .textual_fixes import start_with_theme

DARK = replace(
    BUILTIN_THEMES["textual-dark"],
    name="sticheln-dark",
    primary="#0a4a9a",
    error="#a51d3c",
    # Dark enough to be black in 16 colours, where the grey it would become leaves light
    # text (a ticked box's mark) below 4.5:1.
    panel="#1e2228",
    variables={
        "footer-background": "#1a1f24",
        "text-error": "#ff7a90",
        # Headings of the rules: the darker primary would be too dark on the background.
        **{f"markdown-h{level}-color": "#4fb3e8" for level in (1, 2, 3)},
    },
)
LIGHT = replace(
    BUILTIN_THEMES["textual-light"],
    name="sticheln-light",
    accent="#6b3a00",
    error="#a51d3c",
    # Light enough to be white in 16 colours, where the grey it would become leaves only
    # black readable.
    panel="#dadada",
    variables={
        "footer-key-foreground": "#004578",
        "footer-background": "#ececec",
        "text-success": "#005000",
    },
)
THEMES = (DARK, LIGHT)


def theme_label(name: str) -> str:
    """What the palette's list of themes calls a theme, in the player's language (a
    word of its own: "Dark" is also a Sticheln variant, translated otherwise)."""
    # Translators: the colour themes: dark or light background.
    labels = {DARK.name: pgettext("theme", "Dark"), LIGHT.name: pgettext("theme", "Light")}
    return labels.get(name, name)


class ThemeList(ThemeProvider):
    """Textual's list of themes (the palette's Theme), each named in the player's language."""

    @property
    def commands(self) -> list:
        return [(theme_label(name), choose) for name, choose in super().commands]


def offer_only_our_themes(app: App) -> None:
    """Register our themes in place of Textual's: the palette's theme list offers only
    these, each of them tested for contrast."""
    for name in list(app.available_themes):
        app.unregister_theme(name)
    for theme in THEMES:
        app.register_theme(theme)
    start_with_theme(app, DARK.name)
