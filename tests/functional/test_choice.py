"""The setup form's one-line choices."""

from __future__ import annotations

import pytest
from textual.app import App

from sticheln_tui.widgets.choice import Choice

OPTIONS = [("three", 3), ("four", 4), ("five", 5)]


class ChoiceApp(App):
    def __init__(self) -> None:
        super().__init__()
        self.changes: list[object] = []

    def compose(self):
        yield Choice(OPTIONS, 4, id="choice")

    def on_choice_changed(self, event: Choice.Changed) -> None:
        assert event.control is event.choice
        self.changes.append(event.value)


async def test_keys_step_through_the_options_and_wrap_around():
    app = ChoiceApp()
    async with app.run_test() as pilot:
        choice = app.query_one(Choice)
        choice.focus()
        await pilot.press("right")
        await pilot.pause()
        assert choice.value == 5
        assert "five" in choice.render().plain
        await pilot.press("space", "left", "left", "left")  # 3, then back: 5, 4, 3
        await pilot.pause()
        assert choice.value == 3
        assert app.changes == [5, 3, 5, 4, 3]


async def test_a_click_on_the_left_arrow_steps_back_elsewhere_on():
    app = ChoiceApp()
    async with app.run_test() as pilot:
        await pilot.click("#choice", offset=(6, 0))
        await pilot.pause()
        assert app.query_one(Choice).value == 5
        await pilot.click("#choice", offset=(0, 0))
        await pilot.pause()
        assert app.query_one(Choice).value == 4
        assert app.query_one(Choice).has_focus


async def test_values_set_by_the_program_are_checked_and_announced():
    app = ChoiceApp()
    async with app.run_test() as pilot:
        choice = app.query_one(Choice)
        choice.value = 3
        choice.value = 3  # no change: no message
        with pytest.raises(ValueError, match="not one of the options"):
            choice.value = 7
        await pilot.pause()
        assert choice.value == 3
        assert app.changes == [3]


async def test_new_options_keep_the_value_while_it_is_among_them():
    app = ChoiceApp()
    async with app.run_test() as pilot:
        choice = app.query_one(Choice)
        choice.set_options([("four", 4), ("six", 6)])
        assert choice.value == 4
        choice.set_options([("six", 6), ("seven", 7)])
        await pilot.pause()
        assert choice.value == 6
        assert app.changes == [6]
        assert "six" in choice.render().plain
