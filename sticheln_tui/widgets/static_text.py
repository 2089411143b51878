"""Updating a Static without laying out the whole screen again when its size stays."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def update_text(static: Static, text: Text) -> None:
    """Show `text` in `static`; a new layout (which redraws every widget on the screen)
    only when the widget would take another size for it; nothing when it shows `text`
    already."""
    shown = static.content
    if isinstance(shown, Text) and shown == text and shown.style == text.style:
        return  # (Text's == compares the characters and spans, not the base style)
    static.update(text, layout=False)
    size = static.content_size
    width = size.width
    if static.styles.width is not None and static.styles.width.is_auto:
        width = static.get_content_width(static.container_size, static.app.size)
    styles_height = static.styles.height
    height = size.height
    if styles_height is not None and styles_height.is_auto:
        height = static.get_content_height(static.container_size, static.app.size, width)
    if (width, height) != (size.width, size.height):
        static.refresh(layout=True)
