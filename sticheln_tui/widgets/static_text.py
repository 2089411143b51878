"""Updating a Static without laying out the whole screen again when its size stays."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def update_text(static: Static, text: Text) -> None:
    """Show `text` in `static`; a new layout (which redraws every widget on the screen)
    only when the widget would take another size for it; nothing when it shows `text`
    already."""
    if static.content == text:
        return
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
