"""The themes the game offers: Textual's dark and light themes, with the colours that fell
below WCAG's 4.5:1 contrast (in 256 or 16 colours, or NO_COLOR's greys) made readable, and
a high-contrast theme of the game's own. Textual's other themes each leave some text below
4.5:1 (tests/functional/test_contrast.py measures every theme offered), so they are not
offered. The palette's choice is kept in the settings file for the next start."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from textual.app import App
from textual.theme import BUILTIN_THEMES, Theme, ThemeProvider

from .i18n import pgettext
from .settings import remember_theme, remembered_theme
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
# Black and white, and colours at full strength: every text at least WCAG's 7:1 (AAA)
# against its background in true colour, but the cards, whose colours every theme shares.
HIGH_CONTRAST = Theme(
    name="sticheln-high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffff00",
    warning="#ffff00",
    error="#ff6e6e",
    success="#00ff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#000000",
    dark=True,
    variables={
        # Text on a coloured button (yellow, green, red): black.
        "button-color-foreground": "#000000",
        "text-muted": "#e0e0e0",
        "text-disabled": "#bdbdbd",
        "footer-foreground": "#ffffff",
        "footer-description-foreground": "#ffffff",
        "footer-key-foreground": "#ffff00",
        "border-blurred": "#ffffff",
        "block-cursor-foreground": "#000000",
        "block-cursor-background": "#ffff00",
        "input-cursor-foreground": "#000000",
        "input-cursor-background": "#ffffff",
        **{f"markdown-h{level}-color": "#ffff00" for level in (1, 2, 3)},
    },
)
THEMES = (DARK, LIGHT, HIGH_CONTRAST)


def theme_label(name: str) -> str:
    """What the palette's list of themes calls a theme, in the player's language (a
    word of its own: "Dark" is also a Sticheln variant, translated otherwise)."""
    labels = {
        # Translators: the colour themes: dark or light background.
        DARK.name: pgettext("theme", "Dark"),
        LIGHT.name: pgettext("theme", "Light"),
        # Translators: the colour theme in black and white with strong colours, for poor sight.
        HIGH_CONTRAST.name: pgettext("theme", "High contrast"),
    }
    return labels.get(name, name)


class ThemeList(ThemeProvider):
    """Textual's list of themes (the palette's Theme), each named in the player's
    language; the theme chosen is kept for the next start."""

    @property
    def commands(self) -> list:
        return [
            (theme_label(name), partial(choose_theme, self.app, name))
            for name, _choose in super().commands
        ]


def choose_theme(app: App, name: str) -> None:
    """Use the theme `name` now and from the next start on (a file that cannot be
    written is said, and the theme is used all the same)."""
    app.theme = name
    problem = remember_theme(name)
    if problem:
        app.notify(problem, severity="warning", markup=False)


def offer_only_our_themes(app: App) -> None:
    """Register our themes in place of Textual's: the palette's theme list offers only
    these, each of them tested for contrast. The app starts in the theme chosen last
    time (a name the file gives that is not among them is ignored with a warning)."""
    for name in list(app.available_themes):
        app.unregister_theme(name)
    for theme in THEMES:
        app.register_theme(theme)
    start_with_theme(app, remembered_theme([theme.name for theme in THEMES]) or DARK.name)
