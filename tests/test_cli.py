"""The `sticheln` command line: options, and one-line errors with status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sticheln_tui import cli


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sticheln_tui", *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )


def test_help_explains_every_option():
    result = run("--help")
    assert result.returncode == 0
    for option in ("--players", "--seed", "--first", "--version"):
        assert option in result.stdout


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--players", "Ann,Bob"], "3 to 8 players, not 2"),
        (["--players", "A,B,C,D,E,F,G,H,I"], "3 to 8 players, not 9"),
        (["--players", "Ann,Bob,ann"], "two players are called"),
        (["--players", "Ann,,Bob"], "every player needs a name"),
        (["--seed", "seven"], "the seed must be a whole number"),
        (["--players", "Ann,Bob,Cid", "--first", "Zed"], "'Zed' is not one of the players"),
        (["--first", "Ann"], "--first needs --players"),
        (["--colour", "red"], "unrecognized arguments"),
    ],
)
def test_bad_values_give_one_line_and_status_2(args, reason):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert reason in lines[0]


def test_good_options_reach_the_app(monkeypatch):
    started = {}

    class FakeApp:
        def __init__(self, **kwargs):
            started.update(kwargs)

        def run(self):
            started["ran"] = True

    monkeypatch.setattr("sticheln_tui.app.StichelnApp", FakeApp)
    assert cli.main(["--players", "Ann, Bob ,Cid", "--seed", "42", "--first", "bob"]) == 0
    assert started == {
        "players": ["Ann", "Bob", "Cid"],
        "first_leader": 1,
        "seed": 42,
        "ran": True,
    }
