"""Player names in columns, measured in terminal cells: an emoji or a CJK character takes
two cells, a combining accent none, so counting characters would push the next column
about."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len, set_cell_size

ELLIPSIS = "…"
MIN_NAME_CELLS = 4  # two letters, the ellipsis and a cell that a wide letter may leave


def fit_name(name: str, width: int, table: Sequence[str] = ()) -> str:
    """`name` in exactly `width` cells: padded with spaces, or cut and marked "…". Where
    another name at the `table` would be cut the same way ("Christopher-…" for both
    Christopher-Paul and Christopher-Pete), the cut is in the middle, keeping both ends."""
    if cell_len(name) <= width:
        return set_cell_size(name, width)
    cut = _cut_end(name, width)
    cut_alike = (
        other != name and cell_len(other) > width and _cut_end(other, width) == cut
        for other in table
    )
    if any(cut_alike):
        return _cut_middle(name, width)
    return cut


def _cut_end(name: str, width: int) -> str:
    # A wide character that would straddle the cut gives way to a space.
    return set_cell_size(set_cell_size(name, width - 1).rstrip() + ELLIPSIS, width)


def _cut_middle(name: str, width: int) -> str:
    head_cells = (width - 1) // 2
    tail, tail_cells = "", width - 1 - head_cells
    for character in reversed(name):
        if cell_len(character + tail) > tail_cells:
            break
        tail = character + tail
    head = set_cell_size(name, head_cells).rstrip()
    return set_cell_size(head + ELLIPSIS + tail, width)


def name_column_width(names: Iterable[str], room: int) -> int:
    """A name column's width: the longest name's, as far as `room` allows."""
    longest = max(cell_len(name) for name in names)
    return max(min(longest, room), MIN_NAME_CELLS)
