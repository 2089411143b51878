"""Saves of every game and every file version: version-1 files (Sticheln only, written
by the release before Hattrick, commit 13c783a, kept in tests/unit/v1_saves/ as it wrote them) list,
load, resume, export and replay; a version-2 save of each game loads as the same game; the
saves directory lists and continues games of several kinds."""

from __future__ import annotations

import json
import os
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from strategies import check_same_game

from sticheln_tui import cli, persistence
from sticheln_tui.core.game import Game
from sticheln_tui.core.hattrick import HattrickGame, HattrickOptions, PassCard
from sticheln_tui.core.review import frames
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.games import engines, play_of
from sticheln_tui.persistence import Record, dumps, load, loads

GAMES = engines()

V1_SAVES = Path(__file__).parent / "v1_saves"
SAVED_AT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")

# Each version-1 file: its players, moves, where it stands and the deals the table had seen.
V1_FILES = {
    "classic-mid-game.json": (("Ann", "Bob", "Cid", "Dee"), 80, "deal 2 of 5, trick 5 of 14", 1),
    "one-deal-finished.json": (("Ann", "Bob", "Cid"), 45, "finished", 1),
    "table-sheet-finished.json": (("Ann", "Bob", "Cid", "Dee", "Eve"), 400, "finished", 5),
    "late-harsh-choosing.json": (
        ("Ann", "Bob", "Cid", "Dee", "Eve"),
        75,
        "deal 1 of 1, trick 15 of 15",
        0,
    ),
    "tie-break-finished.json": (("Ann", "Bob", "Cy"), 137, "finished", 3),
    "french-new.json": (("Zoë", "Bob", "Cid", "Dee"), 0, "deal 1 of 5, trick 1 of 11", 0),
}


def v1_text(name: str) -> str:
    return (V1_SAVES / name).read_text(encoding="utf-8")


def random_play(game, rng: random.Random, moves: int | None = None):
    while not game.finished and (moves is None or len(game.moves) < moves):
        game.apply(rng.choice(game.legal_moves()))
    return game


def hattrick(players: int = 4, moves: int | None = None, deals: int = 2, seed: int = 5):
    game = HattrickGame(NAMES[:players], HattrickOptions(deals=deals), 1, seed)
    return random_play(game, random.Random(seed), moves)


def sticheln(moves: int | None = None, seed: int = 5):
    return random_play(Game(NAMES[:3], Rules(deals=1), 0, seed), random.Random(seed), moves)


# -- version 1 ----------------------------------------------------------------------


def test_the_fixtures_are_version_1_files():
    assert sorted(path.name for path in V1_SAVES.iterdir()) == sorted(V1_FILES)
    for name in V1_FILES:
        data = json.loads(v1_text(name))
        assert data["version"] == 1 and "rules" in data and "game" not in data, name


@pytest.mark.parametrize("name", sorted(V1_FILES))
def test_a_version_1_file_loads_as_sticheln(name):
    players, moves, progress, deals_seen = V1_FILES[name]
    record = load(V1_SAVES / name)
    assert record.game.GAME == "sticheln"
    assert record.game.players == players
    assert len(record.game.moves) == moves
    assert record.progress() == progress
    assert record.deals_seen == deals_seen
    assert record.finished is json.loads(v1_text(name))["finished"]
    assert record.game.rules == Rules(**json.loads(v1_text(name))["rules"])


@pytest.mark.parametrize("name", sorted(V1_FILES))
def test_a_version_1_file_saves_again_as_version_2_of_the_check_same_game(name):
    record = load(V1_SAVES / name)
    text = dumps(record, SAVED_AT)
    data = json.loads(text)
    assert data["version"] == 2 and data["game"] == "sticheln"
    old = json.loads(v1_text(name))
    # Only the version, the game and the options' name change; moves and seats are kept.
    assert data["options"] == old["rules"]
    assert (data["seats"], data["moves"], data["seen"]) == (old["seats"], old["moves"], old["seen"])
    again = loads(text)
    check_same_game(again.game, record.game)
    assert (again.levels, again.deals_seen, again.reveal_seen) == (
        record.levels,
        record.deals_seen,
        record.reveal_seen,
    )


@pytest.mark.parametrize("name", ["classic-mid-game.json", "late-harsh-choosing.json"])
def test_an_unfinished_version_1_game_resumes_to_the_end(name, tmp_path):
    path = tmp_path / name
    path.write_bytes((V1_SAVES / name).read_bytes())
    record = load(path)
    random_play(record.game, random.Random(1), len(record.game.moves) + 30)
    persistence.save(path, record)  # the game goes on in the same file, now version 2
    assert json.loads(path.read_text())["version"] == 2
    assert json.loads(persistence.backup_of(path).read_text())["version"] == 1
    resumed = load(path)
    check_same_game(resumed.game, record.game)
    random_play(resumed.game, random.Random(2))
    assert load(persistence.backup_of(path)).progress() == V1_FILES[name][2]


@pytest.mark.parametrize("name", ["one-deal-finished.json", "tie-break-finished.json"])
def test_a_finished_version_1_game_exports_and_replays(name, tmp_path, capsys):
    target = tmp_path / "record.json"
    assert cli.main(["--load", str(V1_SAVES / name), "--export", str(target)]) == 0
    assert "written to" in capsys.readouterr().out
    exported = load(target)
    check_same_game(exported.game, load(V1_SAVES / name).game)
    shown = frames(load(V1_SAVES / name).game)
    assert len(shown) == V1_FILES[name][1] + 1
    assert shown[-1].view.winners and all(shown[0].hands)


def test_version_1_files_are_listed_with_newer_saves(tmp_path):
    for number, name in enumerate(sorted(V1_FILES)):
        (tmp_path / name).write_bytes((V1_SAVES / name).read_bytes())
        os.utime(tmp_path / name, (1000 + number, 1000 + number))
    lines = [entry.describe() for entry in persistence.list_saves(tmp_path)]
    assert len(lines) == len(V1_FILES) and all("Sticheln: " in line for line in lines)
    assert persistence.latest_unfinished(tmp_path).path.name == "late-harsh-choosing.json"
    assert persistence.latest_finished(tmp_path).path.name == "tie-break-finished.json"


# -- version 2, every game ------------------------------------------------------------


def test_every_game_has_a_save_codec():
    assert all(play_of(key).codec.game is GAMES[key] for key in GAMES)


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(lambda: sticheln(), id="sticheln-finished"),
        pytest.param(lambda: sticheln(20), id="sticheln-playing"),
        pytest.param(lambda: hattrick(4, 0), id="hattrick-new"),
        pytest.param(lambda: hattrick(5, 37), id="hattrick-playing"),
        pytest.param(lambda: hattrick(7, deals=1), id="hattrick-finished"),
    ],
)
def test_a_version_2_save_of_each_game_loads_as_the_check_same_game(game, tmp_path):
    original = game()
    seats = len(original.players)
    record = Record(original, (None,) + ("normal",) * (seats - 1), len(original.results))
    path = tmp_path / "game.json"
    persistence.save(path, record)
    data = json.loads(path.read_text())
    assert (data["version"], data["game"]) == (2, original.GAME)
    loaded = load(path)
    check_same_game(loaded.game, original)
    assert loaded.levels == record.levels and loaded.deals_seen == record.deals_seen
    assert dumps(loaded, SAVED_AT) == dumps(record, SAVED_AT)
    if not original.finished:  # and it goes on as the original would
        for game in (original, loaded.game):
            random_play(game, random.Random(3))
        check_same_game(loaded.game, original)


def test_a_hattrick_save_holds_its_own_options_moves_and_seen_markers():
    game = hattrick(4, 0)
    while not any(type(move) is PassCard for move in game.moves):
        moves = game.legal_moves()
        passes = [move for move in moves if type(move) is PassCard]
        game.apply(passes[0] if passes else moves[0])
    data = json.loads(dumps(Record(game, (None,) * 4), SAVED_AT))
    assert data["options"] == {"deals": 2}
    assert data["seen"] == {"deals": 0}
    kinds = {next(iter(move)) for move in data["moves"]}
    assert kinds == {"play", "pass"}


def test_the_saves_directory_lists_and_continues_games_of_every_kind(tmp_path):
    made = {
        "v1-finished.json": (V1_SAVES / "one-deal-finished.json").read_text(),
        "v1-playing.json": (V1_SAVES / "classic-mid-game.json").read_text(),
        "sticheln.json": dumps(Record(sticheln(10), (None, "easy", None))),
        "hattrick-done.json": dumps(Record(hattrick(4, deals=1), (None,) * 4, 1)),
        "hattrick.json": dumps(Record(hattrick(4, 70), (None, "easy", "normal", "strong"))),
        "damaged.json": '{"format": "sticheln-game", "version": 2, "game": "hattrick"',
    }
    for age, (name, text) in enumerate(made.items()):
        (tmp_path / name).write_text(text, encoding="utf-8")
        os.utime(tmp_path / name, (1000 + age, 1000 + age))
    # The newest save will not load: it is the one offered (its backup may).
    assert persistence.latest_unfinished(tmp_path).path.name == "damaged.json"
    (tmp_path / "damaged.json").unlink()
    entries = persistence.list_saves(tmp_path)
    assert [entry.path.name for entry in entries] == [
        "hattrick.json",
        "hattrick-done.json",
        "sticheln.json",
        "v1-playing.json",
        "v1-finished.json",
    ]
    lines = [entry.describe() for entry in entries]
    assert "Hattrick: Ann, Bob, Cid, Dee: deal 2 of 2, trick 4 of 14" in lines[0]
    assert "Hattrick: Ann, Bob, Cid, Dee: finished" in lines[1]
    assert "Sticheln: Ann, Bob, Cid: deal 1 of 1, trick " in lines[2]
    assert "Sticheln: Ann, Bob, Cid, Dee: deal 2 of 5, trick 5 of 14" in lines[3]
    assert persistence.latest_unfinished(tmp_path).path.name == "hattrick.json"
    assert persistence.latest_finished(tmp_path).path.name == "hattrick-done.json"
    os.utime(tmp_path / "hattrick.json", (1, 1))  # now the Sticheln game is the latest
    assert persistence.latest_unfinished(tmp_path).path.name == "sticheln.json"
    os.utime(tmp_path / "sticheln.json", (1, 1))
    assert persistence.latest_unfinished(tmp_path).path.name == "v1-playing.json"


def test_list_saves_on_the_command_line_names_each_game(saves_in_a_temporary_directory, capsys):
    directory = saves_in_a_temporary_directory
    persistence.save(directory / "h.json", Record(hattrick(4, 0, deals=5), (None,) * 4))
    persistence.save(directory / "s.json", Record(sticheln(0), (None,) * 3))
    assert cli.main(["--list-saves"]) == 0
    out = capsys.readouterr().out
    assert "Hattrick: Ann, Bob, Cid, Dee: deal 1 of 5, trick 1 of 14  (h.json)" in out
    assert "Sticheln: Ann, Bob, Cid: deal 1 of 1, trick 1 of " in out


def test_a_finished_hattrick_game_exports_and_replays_with_every_hand_open(tmp_path, capsys):
    game = hattrick(5, deals=1)
    source = tmp_path / "done.json"
    persistence.save(source, Record(game, (None,) * 5, 1))
    target = tmp_path / "record.json"
    assert cli.main(["--load", str(source), "--export", str(target)]) == 0
    capsys.readouterr()
    shown = frames(load(target).game)
    assert len(shown) == len(game.moves) + 1
    hand_size = len(shown[0].hands[0])
    assert [len(hand) for hand in shown[0].hands] == [hand_size] * 5
    # Every hand is open at every step: the cards still in hands, in piles and passed
    # (and in the trick) are the whole deck, each once.
    for frame in shown[1:-1]:
        view = frame.view
        held = [card for hand in frame.hands for card in hand]
        kept = [card for pile in view.piles for card in pile]
        passed = [card for cards in view.passes for card in cards]
        assert len(set(held + kept + passed + view.trick_cards)) == 5 * hand_size
    assert shown[-1].view.winners == game.winners


def test_a_zero_is_written_as_a_single_0():
    """One spelling per card: "yellow 0", never "yellow 00" (and never another script's
    digits, refused by the corpus)."""
    record = load(V1_SAVES / "classic-mid-game.json")
    moves = json.loads(dumps(record, SAVED_AT))["moves"]
    assert {"play": "yellow 0"} in moves
    assert loads(dumps(record, SAVED_AT)).game.moves == record.game.moves
