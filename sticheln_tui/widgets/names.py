"""Player names in columns, measured in terminal cells: an emoji or a CJK character takes
two cells, a combining accent none, so counting characters would push the next column
about."""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len, set_cell_size

ELLIPSIS = "…"
MIN_NAME_CELLS = 4  # two letters, the ellipsis and a cell that a wide letter may leave


def fit_name(name: str, width: int) -> str:
    """`name` in exactly `width` cells: padded with spaces, or cut and marked "…"."""
    if cell_len(name) <= width:
        return set_cell_size(name, width)
    # A wide character that would straddle the cut gives way to a space.
    return set_cell_size(set_cell_size(name, width - 1).rstrip() + ELLIPSIS, width)


def name_column_width(names: Iterable[str], room: int) -> int:
    """A name column's width: the longest name's, as far as `room` allows."""
    longest = max(cell_len(name) for name in names)
    return max(min(longest, room), MIN_NAME_CELLS)
