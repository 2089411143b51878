"""Plain Tricks (tests/plain_tricks), a game from outside the package: its rules, its save,
its computer players and judge, and what the registry asks of every game; hosted when
registered, or when an installed package declares it; and the shared screens, which a
game's own must complete: a part left out fails at once, naming the screen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import bots_play_to_the_end, check_replay_rewind_and_clone
from plain_tricks import INFO
from plain_tricks.engine import PlainGame, PlainOptions, legal_cards, trick_winner
from rich.text import Text

from sticheln_tui import persistence
from sticheln_tui.bots import make_bot
from sticheln_tui.bots.review import Weighing, judge
from sticheln_tui.core.cards import Card
from sticheln_tui.core.review import decisions, frames
from sticheln_tui.core.table import IllegalMove, PlayCard
from sticheln_tui.games import (
    ENTRY_POINT_GROUP,
    game_of_options,
    info_of,
    play_of,
    register,
    registered,
    screens_of,
    unregister,
)
from sticheln_tui.persistence import Record
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.replay import ReplayScreen
from sticheln_tui.screens.scoreboard import Names, ScoreboardScreen
from sticheln_tui.screens.table import PartsTableScreen, TableScreen
from sticheln_tui.seats import LEVELS

TESTS = Path(__file__).parents[1]
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


@pytest.fixture(autouse=True)
def plain_tricks_hosted():
    register(INFO)
    yield
    unregister(INFO.key)


def red(value: int) -> Card:
    return Card("red", value)


def blue(value: int) -> Card:
    return Card("blue", value)


def played_out(seed: int = 4, deals: int = 2) -> PlainGame:
    game = PlainGame(PLAYERS, PlainOptions(deals), seed=seed)
    bots_play_to_the_end(game, [make_bot(LEVELS[seat % 3], seat, INFO.key) for seat in range(4)])
    return game


# -- the rules --------------------------------------------------------------------


def test_the_colour_led_is_followed_and_its_highest_card_takes_the_trick():
    assert legal_cards([red(3)], [blue(9), red(1), red(7)]) == [red(1), red(7)]
    assert legal_cards([red(3)], [blue(9), blue(2)]) == [blue(9), blue(2)]  # none to follow
    assert trick_winner([red(3), blue(10), red(8), red(2)]) == 2


def test_a_card_that_does_not_follow_is_refused():
    game = PlainGame(PLAYERS, seed=8)
    game.apply(game.legal_moves()[0])
    led = game.view(None).trick[0].card.colour
    hand = game.view(game.to_move).hand
    other = next(card for card in hand if card.colour != led)
    assert any(card.colour == led for card in hand)  # the seed deals this seat the colour
    with pytest.raises(IllegalMove, match=f"must follow {led}"):
        game.apply(PlayCard(other))


def test_every_trick_is_a_point_and_the_game_ends_after_its_deals():
    game = played_out(deals=2)
    public = game.view(None)
    assert [result.deal for result in public.results] == [1, 2]
    for result in public.results:
        assert sum(score.total for score in result.scores) == game.tricks_per_deal
    assert public.winners == tuple(
        seat for seat, total in enumerate(public.totals) if total == max(public.totals)
    )


def test_replay_rewind_and_clone_give_the_same_game():
    check_replay_rewind_and_clone(played_out(), 0.4, lambda game: game.view(None))


# -- what the registry asks of a game ----------------------------------------------------


def test_the_registry_hosts_it_once_registered_and_forgets_it_after():
    assert list(registered())[-1] == INFO.key and info_of(INFO.key) is INFO
    unregister(INFO.key)
    assert INFO.key not in registered()
    register(INFO)


def test_its_play_is_complete():
    play = play_of(INFO.key)
    assert play.engine is PlainGame and play.codec.game is PlainGame
    assert set(play.bots) == set(LEVELS) and issubclass(play.judge, Weighing)
    assert game_of_options(PlainOptions()) == INFO.key
    assert play.describe(PlainOptions(4)) == "Plain Tricks, 4 deals"


def test_its_rules_help_names_the_options_in_force_first():
    screens = screens_of(INFO.key)
    help_text = screens.rules_help(PlainOptions(5))
    assert help_text.endswith(screens.how_to_play()) and "**Length:** 5 deals." in help_text


def test_a_save_of_it_loads_as_the_same_game(tmp_path):
    game = played_out()
    game = game.rewound(37)  # mid-deal
    path = tmp_path / "plain.json"
    persistence.save(path, Record(game, (None, "easy", "normal", "strong"), deals_seen=1))
    back = persistence.load(path)
    assert type(back.game) is PlainGame and back.game.moves == game.moves
    assert back.levels == (None, "easy", "normal", "strong") and back.deals_seen == 1


def test_every_bot_level_plays_legal_cards_to_the_end():
    game = PlainGame(PLAYERS[:3], PlainOptions(1), seed=2)
    bots_play_to_the_end(game, [make_bot(level, 7, INFO.key) for level in LEVELS])
    assert game.finished


def test_the_judge_weighs_a_decision_against_every_card_it_could_have_played():
    game = played_out()
    decision = next(d for d in decisions(game, [0]) if len(d.view.legal_moves) > 2)
    judged = judge(INFO.key, decision.view, decision.move, decision.step, samples=6)
    assert judged is not None and judged.candidates == len(decision.view.legal_moves)
    assert judged.best in decision.view.legal_moves and judged.cost >= 0


# -- from an installed package --------------------------------------------------------


def test_an_installed_package_declaring_it_is_hosted(tmp_path):
    """A package declaring `plain_tricks:INFO` in the entry point group: the table lists
    it and plays it (`sticheln simulate`), in a process of its own that registers nothing."""
    declared = tmp_path / "plain_tricks_game-1.0.dist-info"
    declared.mkdir()
    (declared / "METADATA").write_text("Metadata-Version: 2.1\nName: plain-tricks-game\n")
    (declared / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\n{INFO.key} = plain_tricks:INFO\n"
    )
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(TESTS)])}
    arguments = ["simulate", "--game", INFO.key, "--seats", "easy,strong,normal", "--games", "2"]
    ran = subprocess.run(
        [sys.executable, "-m", "sticheln_tui", *arguments],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    assert "2 games, Plain Tricks, 3 deals, seed 1" in ran.stdout


# -- the shared screens ask a game for its own parts -------------------------------------


def test_a_screen_that_leaves_a_part_out_fails_at_once_naming_itself():
    game = played_out()
    public, seat_view = game.view(None), game.rewound(5).view(1)

    class ForgetfulHandoff(HandoffScreen):
        pass

    class ForgetfulTable(TableScreen):
        GAME = INFO.key

    class ForgetfulScores(ScoreboardScreen):
        pass

    class ForgetfulReplay(ReplayScreen):
        pass

    forgotten = [
        ForgetfulHandoff(public, 0, Text()).status,
        lambda: ForgetfulTable(seat_view).table_texts(80),
        ForgetfulTable(seat_view).trick_title,
        lambda: ForgetfulScores(public).deal_table(Names(PLAYERS, set(), 80), ""),
        lambda: ForgetfulReplay(frames(game), "a.json").status(public, 80),
    ]
    for part in forgotten:
        with pytest.raises(NotImplementedError, match="Forgetful"):
            part()
    assert issubclass(screens_of(INFO.key).table, PartsTableScreen)
