"""The app showing one prepared screen at a time, for tests of a game's screens."""

from __future__ import annotations

from pathlib import Path

from textual.message import Message

import sticheln_tui
from sticheln_tui.app import StichelnApp
from sticheln_tui.screens.private import PrivateScreen
from sticheln_tui.widgets.cards import card_label
from sticheln_tui.widgets.hand import Hand


class ScreenApp(StichelnApp):
    """The app's look and keys, showing only the screens a test pushes (no game)."""

    CSS_PATH = Path(sticheln_tui.__file__).parent / StichelnApp.CSS_PATH

    def on_mount(self) -> None:
        pass


class Moves:
    """The moves the screens post, as the app would receive them."""

    def __init__(self) -> None:
        self.chosen: list[PrivateScreen.MoveChosen] = []

    def __call__(self, message: Message) -> None:
        if isinstance(message, PrivateScreen.MoveChosen):
            self.chosen.append(message)


async def shown(pilot, screen) -> None:
    pilot.app.push_screen(screen)
    await pilot.pause()
    await pilot.pause()


def drawn_plain(hand: Hand) -> set:
    """The cards the hand draws without their colours: the ones it dims."""
    rendered = hand.render()
    plain = set()
    for card in hand.cards:
        labels = {card_label(card), card_label(card, focused=True)}
        start = next(rendered.plain.index(label) for label in labels if label in rendered.plain)
        styles = [s.style for s in rendered.spans if s.start <= start < s.end]
        if not any("on #" in str(style) for style in styles):
            plain.add(card)
    return plain
