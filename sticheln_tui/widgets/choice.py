"""The setup form's choices: one among a few options, stepped through with the arrow keys;
and an option ticked or not."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Checkbox

from ..i18n import N_, _

BACK, ON = "\u2039", "\u203a"  # single angle quotation marks, narrow in every font


class Choice(Widget, can_focus=True):
    """Shows the chosen label between two angle quotes, in the player's language (labels
    are given in English, marked with N_); Left and Right (or Space, or a
    click) step through the options; Enter keeps the choice and goes on to the next field.
    One light widget where Textual's Select builds a drop-down of several: a form of twelve
    choices starts in a fraction of the time."""

    BINDINGS = [
        Binding("left", "step(-1)", N_("Previous"), show=False),
        Binding("right,space", "step(1)", N_("Next"), show=False),
        Binding("enter", "app.focus_next", N_("Next field")),
    ]
    DEFAULT_CSS = """
    Choice { height: 1; width: auto; min-width: 8; background: $boost; }
    Choice:focus { background: $accent; color: $text; text-style: bold; }
    Choice:hover { background: $accent 50%; }
    """

    class Changed(Message):
        """The chosen value changed (by the player or by the program)."""

        def __init__(self, choice: Choice, value: Any) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[str, Any]],
        value: Any,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._options = list(options)
        self._index = self._index_of(value)

    def _index_of(self, value: Any) -> int:
        for index, (_label, option) in enumerate(self._options):
            if option == value:
                return index
        raise ValueError(f"{value!r} is not one of the options")

    @property
    def value(self) -> Any:
        return self._options[self._index][1]

    @value.setter
    def value(self, value: Any) -> None:
        self._select(self._index_of(value))

    def set_options(self, options: Sequence[tuple[str, Any]]) -> None:
        """New options; the value stays if it is still among them, else the first."""
        value = self.value
        self._options = list(options)
        values = [option for _, option in self._options]
        self._index = values.index(value) if value in values else 0
        self.refresh(layout=True)
        if self.value != value:
            self.post_message(self.Changed(self, self.value))

    def _select(self, index: int) -> None:
        if index != self._index:
            self._index = index
            self.refresh(layout=True)
            self.post_message(self.Changed(self, self.value))

    def action_step(self, step: int) -> None:
        self._select((self._index + step) % len(self._options))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self.action_step(-1 if event.x < 2 else 1)  # the left arrow steps back

    def get_content_width(self, container, viewport) -> int:
        return max(len(_(label)) for label, _value in self._options) + 4

    @property
    def cursor_region(self) -> Region:
        """Where the chosen label is on screen, after the left quote: the terminal cursor
        goes there."""
        x, y = self.content_region.offset
        return Region(x + 2, y, max(self.content_size.width - 4, 1), 1)

    def render(self) -> Text:
        label = _(self._options[self._index][0])
        room = max(self.content_size.width, self.get_content_width(None, None)) - 4
        return Text(f"{BACK} {label:<{room}} {ON}")


class TickBox(Checkbox):
    """A Checkbox whose box is empty when unticked, so the two read apart without colour
    (Textual's shows the same X in both, dimmed when off)."""

    # Textual reads the glyph in the box by this name, a class attribute of its own.
    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return "X" if self.value else " "

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the label takes where the stylesheet lets it wrap (Textual's
        box is one line high, whatever it holds)."""
        # Textual's own widgets pass their styles as the rules too (they answer `get`).
        return self.render().get_height(self.styles, width)  # type: ignore[arg-type]
