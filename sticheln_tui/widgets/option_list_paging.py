"""A guard for a crash in Textual 8.2's OptionList (the command palette's list, a Select's
drop-down): PageUp/PageDown pressed while the list has options but no size yet (it was
just opened or refilled) raises KeyError and would end the app."""

from __future__ import annotations

from textual.widgets import OptionList

_move_page = OptionList._move_page


def _move_page_once_laid_out(self: OptionList, direction: int) -> None:
    if (self.highlighted or 0) in self._index_to_line:
        _move_page(self, direction)


def guard_option_list_paging() -> None:
    OptionList._move_page = _move_page_once_laid_out
