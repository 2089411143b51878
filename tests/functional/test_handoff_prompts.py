"""The hand-off's prompt is one whole sentence in every language, its verb the next
player's task: a translation never glues a task into a frame ("drück Enter und deine
Siegel zu nehmen")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from positions import NAMES, seven_seals_until
from rich.text import Text
from screen_app import ScreenApp, shown
from textual.widgets import Static

from sticheln_tui import i18n
from sticheln_tui.core import seven_seals
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.hattrick import HattrickGame
from sticheln_tui.core.seven_seals import SevenSealsGame
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.games import screens_of


def sticheln_until_late_choice(rules: Rules) -> Game:
    game = Game(NAMES[:4], replace(rules, late=True), seed=2)
    while game.phase is not Phase.CHOOSE:
        game.apply(game.legal_moves()[0])
    return game


# The position, and the whole English prompt its hand-off shows.
POSITIONS = {
    "pick": (lambda: Game(NAMES[:3]), "{name}, press Enter to lay down your pain card"),
    "reverse-pick": (
        lambda: Game(NAMES[:3], Rules(reverse=True)),
        "{name}, press Enter to lay down your luck card",
    ),
    "late": (
        lambda: sticheln_until_late_choice(Rules()),
        "{name}, press Enter to choose your pain colour",
    ),
    "late-french-reverse": (
        lambda: sticheln_until_late_choice(Rules(french_deck=True, reverse=True)),
        "{name}, press Enter to choose your luck suit",
    ),
    "hattrick": (lambda: HattrickGame(NAMES[:4]), "{name}, press Enter to see your hand"),
    "seven-seals-predict": (
        lambda: SevenSealsGame(NAMES[:4]),
        "{name}, press Enter to take your seals",
    ),
    "seven-seals-return": (
        lambda: seven_seals_until(lambda game: game.phase is seven_seals.Phase.RETURN, seeds=20),
        "{name}, press Enter to give back a seal",
    ),
}


async def prompt_shown(game) -> str:
    screens = screens_of(game.GAME)
    seat = game.to_move
    screen = screens.handoff(game.view(None), seat, Text())
    async with ScreenApp().run_test(size=(100, 32)) as pilot:
        await shown(pilot, screen)
        return str(screen.query_one("#handoff-prompt", Static).render())


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
@pytest.mark.parametrize("position", list(POSITIONS))
async def test_the_prompt_is_the_whole_message_of_the_task(code, position):
    make, english = POSITIONS[position]
    game = make()
    i18n.use(code)
    shown_text = await prompt_shown(game)
    name = game.players[game.to_move]
    assert shown_text == i18n._(english).format(name=name)
    if code != i18n.ENGLISH:
        assert shown_text != english.format(name=name), "translated"


async def test_the_german_prompts_read_as_german():
    i18n.use("de")
    predict, _ = POSITIONS["seven-seals-predict"]
    give_back, _ = POSITIONS["seven-seals-return"]
    shown_predict = await prompt_shown(predict())
    shown_return = await prompt_shown(give_back())
    assert shown_predict.endswith(", drück Enter, um deine Siegel zu nehmen")
    assert shown_return.endswith(", drück Enter, um ein Siegel zurückzugeben")
