"""Every game the table hosts supplies every part, as the registry describes it."""

from __future__ import annotations

import argparse

import pytest

from sticheln_tui.bots.base import Bot
from sticheln_tui.bots.review import Weighing
from sticheln_tui.codec import Codec
from sticheln_tui.flow import GameHooks
from sticheln_tui.games import (
    CommandLine,
    GameInfo,
    engine_of,
    game_of_options,
    info_of,
    play_of,
    registered,
    screens_of,
)
from sticheln_tui.i18n import _
from sticheln_tui.screens.games import GameScreens
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.replay import ReplayScreen
from sticheln_tui.screens.scoreboard import ScoreboardScreen
from sticheln_tui.screens.setup import SetupScreen
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.seats import LEVELS

GAMES = list(registered())


def test_the_table_hosts_its_three_games_in_the_first_screens_order():
    assert GAMES[:3] == ["sticheln", "hattrick", "seven-seals"]


@pytest.mark.parametrize("key", GAMES)
def test_a_game_describes_itself(key):
    info = info_of(key)
    assert isinstance(info, GameInfo) and info.key == key
    for sentence in (info.title, info.quit_question, info.needs_room):
        assert isinstance(sentence, str) and sentence.strip()
    assert "{needed_width}" in info.needs_room and "{width}" in info.needs_room
    assert isinstance(info.command_line, CommandLine)


@pytest.mark.parametrize("key", GAMES)
def test_a_games_play_is_complete(key):
    play = play_of(key)
    engine = play.engine
    assert key == engine.GAME and engine is engine_of(key)
    assert isinstance(play.codec, Codec) and play.codec.game is engine
    assert play.codec.options is engine.OPTIONS
    assert isinstance(play.hooks, GameHooks)
    assert set(play.bots) == set(LEVELS)
    assert all(issubclass(bot, Bot) for bot in play.bots.values())
    assert issubclass(play.judge, Weighing)
    assert play.describe(engine.OPTIONS()).strip()
    assert game_of_options(engine.OPTIONS()) == key


@pytest.mark.parametrize("key", GAMES)
def test_a_game_is_played_at_the_table_sizes_it_names(key):
    """The sizes the setup form and the help offer are those the engine accepts."""
    engine, sizes = engine_of(key), info_of(key).players
    for count in range(1, 12):
        names = [f"P{seat}" for seat in range(count)]
        if count in sizes:
            engine(names, seed=1)
        else:
            with pytest.raises(ValueError):
                engine(names, seed=1)


@pytest.mark.parametrize("key", GAMES)
def test_a_games_screens_are_complete(key):
    screens = screens_of(key)
    assert isinstance(screens, GameScreens)
    assert issubclass(screens.setup, SetupScreen) and key == screens.setup.GAME
    assert issubclass(screens.table, TableScreen)
    assert issubclass(screens.handoff, HandoffScreen)
    assert issubclass(screens.scoreboard, ScoreboardScreen)
    assert issubclass(screens.replay, ReplayScreen)
    options = engine_of(key).OPTIONS()
    assert screens.rules_help(options).endswith(screens.how_to_play())
    assert _(info_of(key).title) in screens.rules_help(options)


@pytest.mark.parametrize("key", GAMES)
def test_a_game_takes_its_options_from_the_command_line(key):
    """No flag given: the game's default options."""
    info = info_of(key)
    parser = argparse.ArgumentParser()
    info.command_line.add(parser)
    args = parser.parse_args([])
    assert info.command_line.given(args) == []
    assert info.command_line.options(args) == engine_of(key).OPTIONS()


def test_an_unknown_game_is_refused_naming_the_games():
    with pytest.raises(ValueError, match="sticheln, hattrick, seven-seals"):
        info_of("skat")
