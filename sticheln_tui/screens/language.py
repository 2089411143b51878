"""Changing the language while playing: the languages to choose from, and every screen up
drawn again in the one chosen, as it was."""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import LANGUAGES, N_, _, language

TYPE_CHECKING = False
if TYPE_CHECKING:
    from textual.command import SimpleCommand
    from textual.screen import Screen

# Each language named in the one in use, beside its own name in the list.
NAMES_IN_USE = {
    # Translators: the game's languages, named in yours, as in a list of them.
    "en": N_("English"),
    "fi": N_("Finnish"),
    "it": N_("Italian"),
    "nl": N_("Dutch"),
    "de": N_("German"),
}


def language_entry() -> str:
    """The first screen's entry that changes the language, naming the one in use."""
    # Translators: {language} is the name of the language in use, in itself ("Suomi").
    return _("Language: {language}").format(language=LANGUAGES[language()])


def language_commands(speak: Callable[[str], object]) -> list[SimpleCommand]:
    """The five languages by their own names, for the command palette: `speak(code)`;
    each also named in the language in use, where that differs."""
    from textual.command import SimpleCommand

    commands = []
    # The language in use first: an Enter held from the screen before chooses it, and
    # choosing it changes nothing.
    for code, name in sorted(LANGUAGES.items(), key=lambda item: item[0] != language()):
        named_here = _(NAMES_IN_USE[code])
        help_text = named_here if named_here.casefold() != name.casefold() else None
        commands.append(SimpleCommand(name, lambda code=code: speak(code), help_text))
    return commands


async def redraw(screen: Screen) -> None:
    """Draw `screen` again in the language now in use: the same screen (what it shows of
    the game and who may see it do not change), composed and mounted anew, keeping what
    its widgets hold (names typed, choices, the cursor, the tab open, the focus, where
    it was scrolled to).

    Textual's `recompose` runs `compose` only; the screens here finish drawing in
    `on_mount` (a scoreboard's tables, a dialog's focus, the layout for the terminal's
    size), so that runs again too: every class's, as Textual runs them on mounting (the
    most derived first), not only the one a subclass would override."""
    from textual.widgets import Input, OptionList, TabbedContent

    from ..widgets.choice import Choice
    from ..widgets.hand import Hand

    # What a widget holds that a player chose or typed.
    kept_attributes = (
        (Input, "value"),
        (Choice, "value"),
        (OptionList, "highlighted"),
        (Hand, "cursor"),
        (TabbedContent, "active"),
    )
    kept = [
        (widget.id, attribute, getattr(widget, attribute))
        for widget in screen.query("*")
        if widget.id
        for kind, attribute in kept_attributes
        if isinstance(widget, kind)
    ]
    scrolled = [
        (widget.id, widget.scroll_offset)
        for widget in screen.query("*")
        if widget.id and widget.is_scrollable and widget.scroll_offset
    ]
    focused = screen.focused.id if screen.focused is not None else None
    await screen.recompose()
    screen.refresh_bindings()  # a new footer shows its keys once told of them
    for cls in type(screen).__mro__:
        on_mount = cls.__dict__.get("on_mount")
        if on_mount is not None:
            on_mount(screen)
    for widget_id, attribute, value in kept:
        for widget in screen.query(f"#{widget_id}"):
            setattr(widget, attribute, value)
    if focused is not None:
        for widget in screen.query(f"#{focused}"):
            screen.set_focus(widget)

    def scroll_back() -> None:  # once laid out: there is nothing to scroll before
        for widget_id, (x, y) in scrolled:
            for widget in screen.query(f"#{widget_id}"):
                widget.scroll_to(x, y, animate=False, immediate=True)

    screen.call_after_refresh(scroll_back)
