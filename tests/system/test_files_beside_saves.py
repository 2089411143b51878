"""Whatever lies beside the saves, or as the settings, is read only if it is a regular
file, never waited on and never read past its cap: a named pipe, a link to a device, a
folder and a file of 3 GB are each listed as not loading (or ignored, as settings) at
once. Every command runs in its own process with a timeout, so a hang fails the test
instead of holding the suite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_command

from sticheln_tui import persistence
from sticheln_tui.core.game import Game
from sticheln_tui.persistence import Record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and /dev/zero")

HANG = 10  # seconds: a command that takes this long is waiting on a file, not working


def run(*args: str) -> subprocess.CompletedProcess:
    return run_command(*args, timeout=HANG)


def odd_file(path: Path, kind: str) -> str:
    """Make `path` a `kind` of thing that is no regular file; what a listing says of it."""
    if kind == "named pipe":
        os.mkfifo(path)
        return "not a file but a named pipe"
    if kind == "device link":
        path.symlink_to("/dev/zero")
        return "not a file but a device"
    if kind == "folder":
        path.mkdir()
        return "not a file but a folder"
    with open(path, "wb") as file:  # 3 GB that take no room on the disk
        file.truncate(3_000_000_000)
    return "too large to be a save"


KINDS = ["named pipe", "device link", "folder", "3 GB file"]


def finished_save(directory: Path) -> Path:
    game = Game(["Ann", "Bob", "Cid"], seed=3)
    while not game.finished:
        game.apply(game.legal_moves()[0])
    path = directory / "finished.json"
    persistence.save(path, Record(game, (None,) * 3, 5, True))
    os.utime(path, (1, 1))  # older than the odd file: the odd one is looked at first
    return path


@pytest.mark.parametrize("kind", KINDS)
def test_an_odd_file_among_the_saves_is_listed_as_not_loading(
    saves_in_a_temporary_directory, kind, tmp_path
):
    saves = saves_in_a_temporary_directory
    saves.mkdir()
    finished_save(saves)
    why = odd_file(saves / "odd.json", kind)
    os.mkfifo(saves / "odd.json.bak")  # its backup, looked at by the "will not load" offer
    listing = run("--list-saves")
    assert listing.returncode == 0, listing.stderr
    assert f"odd.json: cannot be loaded: cannot read it ({why})" in listing.stdout or (
        f"odd.json: cannot be loaded: over 1000 kB: {why}" in listing.stdout
    )
    assert "Ann, Bob, Cid: finished  (finished.json)" in listing.stdout
    record = tmp_path / "record.json"
    exported = run("--export", str(record))  # looks for the latest finished game
    assert exported.returncode == 0, exported.stderr
    assert persistence.load(record).game.players == ("Ann", "Bob", "Cid")
    assert run("--stats").returncode == 0


@pytest.mark.parametrize("kind", KINDS)
def test_odd_settings_are_ignored_with_one_line(settings_of_its_own, tmp_path, kind):
    config = tmp_path / "config"
    config.mkdir()
    odd_file(config / "settings.json", kind)
    for args in (["--version"], ["--help"]):
        result = run(*args)
        assert result.returncode == 0
        assert result.stderr.count("sticheln: ignoring the settings in") == 1, result.stderr
        assert "Traceback" not in result.stderr


def test_settings_nested_a_thousand_deep_are_ignored_with_one_line(settings_of_its_own, tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text("[" * 1000 + "]" * 1000)
    result = run("--version")
    assert result.returncode == 0 and result.stdout.startswith("sticheln ")
    assert result.stderr == (
        f"sticheln: ignoring the settings in {config / 'settings.json'}: "
        "nested too deeply to be a settings file\n"
    )


def test_a_link_planted_as_the_temporary_file_is_not_followed(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("mine\n")
    path = tmp_path / "game.json"
    (tmp_path / ".game.json.tmp").symlink_to(target)
    (tmp_path / ".game.json.bak.tmp").symlink_to(target)
    persistence.save(path, Record(Game(["Ann", "Bob", "Cid"], seed=1), (None,) * 3))
    persistence.save(path, Record(Game(["Ann", "Bob", "Cid"], seed=2), (None,) * 3))
    assert target.read_text() == "mine\n"
    assert persistence.load(path).game.seed == 2
    assert sorted(item.name for item in tmp_path.iterdir()) == [
        "elsewhere.txt",
        "game.json",
        "game.json.bak",
    ]


def test_an_export_over_a_planted_link_leaves_its_target_alone(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("mine\n")
    (tmp_path / ".record.json.tmp").symlink_to(target)
    game = Game(["Ann", "Bob", "Cid"], seed=3)
    while not game.finished:
        game.apply(game.legal_moves()[0])
    persistence.export(tmp_path / "record.json", Record(game, (None,) * 3))
    assert target.read_text() == "mine\n"
    assert persistence.load(tmp_path / "record.json").finished


@pytest.mark.parametrize("option", ["--load", "--replay"])
@pytest.mark.parametrize("kind", ["named pipe", "device link"])
def test_an_odd_file_given_to_load_is_refused_in_one_line(tmp_path, option, kind):
    path = tmp_path / "odd.json"
    why = odd_file(path, kind)
    result = run(option, str(path))
    assert result.returncode == 2
    assert f"cannot read it ({why})" in result.stderr and result.stderr.count("\n") == 1
