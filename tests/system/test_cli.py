"""The `sticheln` command line: options, and one-line errors with status 2."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from helpers import LeftNoGame, run_command, start_arguments, started_apps

from sticheln_tui import cli
from sticheln_tui.core.hattrick import HattrickOptions
from sticheln_tui.core.options import OPTIONS, PRESETS
from sticheln_tui.core.seven_seals import SevenSealsOptions
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.seats import Seat


def test_help_explains_every_option():
    result = run_command("--help")
    assert result.returncode == 0
    for option in ("--players", "--seed", "--first", "--version", "--game"):
        assert option in result.stdout
    for option in ("--saboteur-costs-5", "--escalating-saboteur", "--saboteur-auction"):
        assert option in result.stdout
    words = " ".join(result.stdout.split())  # as the terminal's width wrapped them
    assert "the game to play: sticheln, hattrick, seven-seals; default: sticheln" in words
    assert "Play Sticheln, Hattrick or Seven Seals" in words
    assert "leads the first trick (the youngest), or in Seven Seals deals first" in words


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
        (["--reverse", "--mild"], "Mild cannot be combined with Reverse"),
        (["--reverse", "--zeros-trump"], "in Reverse zeros are never trump"),
        (["--late", "--dark"], "Late has no pick, so Dark does not apply"),
        (["--late", "--pain-in-hand"], "Late has no pick"),
        (["--french-deck", "--zeros-trump"], "--zeros-trump does not apply: the French deck"),
        (["--french-deck", "--leftover-face-down"], "--leftover-face-down does not apply"),
        (["--players", "Ann,Bob,Cid", "--french-deck"], "for exactly 4 players, not 3"),
        (["--deals", "0"], "1 to 20 deals, not 0"),
        (["--deals", "21"], "1 to 20 deals, not 21"),
        (["--deals", "many"], "whole number or 'per-player'"),
        (["--preset", "house"], "invalid choice: 'house'"),
        (["--game", "chess"], "invalid choice: 'chess'"),
        (["--game", "hattrick", "--reverse"], "--reverse does not apply: it is a rule of Sticheln"),
        (["--game", "hattrick", "--no-dark"], "--dark does not apply: it is a rule of Sticheln"),
        (["--game", "hattrick", "--preset", "classic"], "--preset does not apply"),
        (["--game", "hattrick", "--deals", "per-player"], "--deals per-player does not apply"),
        (["--game", "hattrick", "--deals", "21"], "1 to 20 deals, not 21"),
        (["--game", "hattrick", "--players", "Ann,Bob,Cid"], "4 to 7 players, not 3"),
        (["--game", "hattrick", "--players", "A,B,C,D,E,F,G,H"], "4 to 7 players, not 8"),
        (["--game", "hattrick", "--players", "Ann,Bob,Cid,ann"], "two players are called"),
        (["--game", "hattrick", "--resume"], "--resume works on a saved game"),
        (["--game", "sticheln", "--list-saves"], "--list-saves reports on the saved games"),
        (["--players", "Ann,Bob,Cid", "--stats"], "--stats reports on the saved games"),
        (["--game", "seven-seals", "--players", "Ann,Bob"], "3 to 5 players, not 2"),
        (["--game", "seven-seals", "--players", "A,B,C,D,E,F"], "3 to 5 players, not 6"),
        (["--game", "seven-seals", "--deals", "21"], "1 to 20 deals, not 21"),
        (
            ["--game", "seven-seals", "--reverse"],
            "--reverse does not apply: it is a rule of Sticheln, not of Seven Seals",
        ),
        (
            ["--saboteur-auction"],  # the game is Sticheln, unless --game says otherwise
            "--saboteur-auction does not apply: it is a rule of Seven Seals, not of Sticheln",
        ),
        (
            ["--game", "hattrick", "--players", "Ann,Bob,Cid,Dee", "--saboteur-costs-5"],
            "--saboteur-costs-5 does not apply: it is a rule of Seven Seals, not of Hattrick",
        ),
        (["--escalating-saboteur", "--list-saves"], "drop --escalating-saboteur"),
        (["--saboteur-auction", "--resume"], "--resume works on a saved game"),
    ],
)
def test_bad_values_give_one_line_and_status_2(args, reason):
    result = run_command(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert reason in lines[0]


@pytest.mark.parametrize("report", ["--list-saves", "--stats"])
def test_a_report_read_only_in_part_ends_quietly(tmp_path, report):
    """`sticheln --stats | head`: the reader goes away; no traceback, status 0."""
    command = [sys.executable, "-m", "sticheln_tui", report]
    environment = {**os.environ, "STICHELN_SAVES": str(tmp_path)}
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment
    ) as process:
        process.stdout.close()  # before the report's first line: its writing meets no reader
        assert process.wait(timeout=60) == 0
        assert process.stderr.read() == b""


@pytest.mark.parametrize(
    "args",
    [
        ["--seed", "1" * 4000],  # a whole number, too large
        ["--seed", "1" * 5000],  # more digits than Python turns into a number
        ["--deals", "9" * 4000],
        ["--players", "Ann,Bob,Cid", "--first", "Zed " * 1000],
        ["--players", "Ann,bot:" + "x" * 5000],
        ["--lang", "x" * 5000],
        ["--game", "x" * 5000],
        ["simulate", "--games", "1" * 4000],
        ["serve", "--port", "x" * 5000],
    ],
)
def test_a_long_bad_value_is_echoed_cut_short(args, capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main(args)
    assert stopped.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert len(line) < 250 and "..." in line and line.endswith("--help)")
    assert args[-1][-10:] in line  # the value's end shows, and what is said after it


def test_good_options_reach_the_app(monkeypatch):
    started = {}

    class FakeApp:
        session = LeftNoGame()  # the game never started, so nothing is said about a save
        return_code = 0

        def __init__(self, start):
            started.update(start_arguments(start))

        def run(self):
            started["ran"] = True

    monkeypatch.setattr("sticheln_tui.app.StichelnApp", FakeApp)
    assert cli.main(["--players", "Ann, Bob ,Cid", "--seed", "42", "--first", "bob"]) == 0
    assert started == {
        "players": [Seat("Ann"), Seat("Bob"), Seat("Cid")],
        "first_leader": 1,
        "seed": 42,
        "rules": Rules(),
        "game": "sticheln",
        "ran": True,
    }


def started_with(monkeypatch, args: list[str]) -> dict:
    """The keyword arguments the command line `args` start the app with."""
    apps = started_apps(monkeypatch)
    assert cli.main(args) == 0
    (started,) = apps
    return started


@pytest.mark.parametrize(
    ("args", "game"),
    [
        ([], None),  # the first screen
        (["--seed", "5"], "sticheln"),  # Sticheln's form, the seed filled in
        (["--reverse"], "sticheln"),
        (["--game", "hattrick"], "hattrick"),  # Hattrick's form
        (["--game", "seven-seals", "--saboteur-auction"], "seven-seals"),
    ],
)
def test_a_game_rules_or_a_seed_given_open_that_games_form(monkeypatch, args, game):
    started = started_with(monkeypatch, args)
    assert started["game"] == game and started["players"] is None


def test_a_hattrick_table_reaches_the_app_with_its_options(monkeypatch):
    players = "Ann,bot:normal,Cid,Dee,Eve"
    started = started_with(
        monkeypatch, ["--game", "hattrick", "--players", players, "--deals", "3"]
    )
    assert started["game"] == "hattrick" and started["rules"] == HattrickOptions(deals=3)
    assert [seat.level for seat in started["players"]] == [None, "normal", None, None, None]


@pytest.mark.parametrize(
    ("args", "options"),
    [
        ([], SevenSealsOptions()),  # one deal per player
        (["--deals", "per-player"], SevenSealsOptions(deals=None)),
        (["--deals", "3", "--saboteur-auction"], SevenSealsOptions(3, saboteur_auction=True)),
        (
            ["--saboteur-costs-5", "--escalating-saboteur", "--saboteur-auction"],
            SevenSealsOptions(None, True, True, True),
        ),
    ],
)
def test_a_seven_seals_table_reaches_the_app_with_its_variants(monkeypatch, args, options):
    players = ["--players", "Ann,bot:normal,Cid", "--first", "cid"]
    started = started_with(monkeypatch, ["--game", "seven-seals", *players, *args])
    assert started["game"] == "seven-seals" and started["rules"] == options
    assert [seat.level for seat in started["players"]] == [None, "normal", None]
    assert started["first_leader"] == 0  # Cid deals: Ann, on Cid's left, leads


@pytest.mark.parametrize(
    ("args", "begins"),
    [
        (["--players", "Ann,Bob,Cid"], lambda game: game.leader),  # leads the first trick
        (["--preset", "table-sheet", "--players", "Ann,Bob,Cid"], lambda game: game.dealer),
        (["--game", "hattrick", "--players", "Ann,Bob,Cid,Dee"], lambda game: game.to_move),
        (["--game", "seven-seals", "--players", "Ann,Bob,Cid"], lambda game: game.dealer),
    ],
)
def test_first_names_who_begins_as_the_setup_form_does(monkeypatch, args, begins):
    """Sticheln's and Hattrick's chosen player leads first (under the table sheet the
    dealer leads, so they deal too); Seven Seals' deals first (RULES.md 4.2), as the form's
    "First dealer" says. Without --first, the first name begins."""
    from sticheln_tui.games import engines, screens_of

    GAMES = engines()

    for first, seat in ([], 0), (["--first", "bob"], 1):
        started = started_with(monkeypatch, [*args, *first])
        kind = GAMES[started["game"]]
        names = [seat.name for seat in started["players"]]
        game = kind(names, started["rules"], started["first_leader"], 1)
        assert begins(game) == seat
        form = screens_of(kind.GAME).setup()
        assert (names[seat], started["first_leader"]) in form._leader_options(len(names), names)


def test_simulate_takes_the_seven_seals_variants_through_the_same_function():
    from sticheln_tui import simulate

    args = simulate.build_parser().parse_args(
        ["--seats", "normal,easy,easy", "--game", "seven-seals", "--escalating-saboteur"]
    )
    assert cli.options_from(args.game, args) == SevenSealsOptions(escalating_saboteur=True)
    args = simulate.build_parser().parse_args(["--seats", "normal,easy,easy", "--mild"])
    with pytest.raises(ValueError, match="--mild does not apply"):
        cli.options_from("seven-seals", args)


def parsed_rules(*args: str) -> Rules:
    return cli.options_from("sticheln", cli.build_parser().parse_args(list(args)))


def test_every_option_has_a_flag_that_sets_it():
    for option in OPTIONS:
        assert getattr(parsed_rules(option.flag), option.field) is True
        assert getattr(parsed_rules(option.flag, "--no-" + option.flag[2:]), option.field) is False


def test_presets_and_single_options_combine():
    assert parsed_rules() == Rules()
    assert parsed_rules("--preset", "table-sheet") == PRESETS["table-sheet"]
    assert parsed_rules("--preset", "table-sheet", "--no-dark").dark is False
    assert parsed_rules("--deals", "per-player").deals is None
    assert parsed_rules("--deals", "3", "--harsh") == Rules(deals=3, harsh=True)
    # An option given here wins over what the preset switched on.
    late = parsed_rules("--preset", "table-sheet", "--late")
    assert late.late and not late.dark and not late.pain_in_hand and late.latest_trump


# -- --export: where the record cannot go ----------------------------------------------


@pytest.fixture
def a_finished_game(saves_in_a_temporary_directory):
    from sticheln_tui import persistence
    from sticheln_tui.core.game import Game, Phase

    game = Game(["Ann", "Bob", "Cid"], Rules(deals=1), seed=3)
    while game.phase is not Phase.OVER:
        game.apply(game.legal_moves()[-1])
    record = persistence.Record(game, (None,) * 3)
    persistence.save(saves_in_a_temporary_directory / "done.json", record)


@pytest.mark.usefixtures("a_finished_game")
@pytest.mark.parametrize(
    ("target", "reason"),
    [
        ("", "argument --export: the file name is empty"),
        ("  ", "argument --export: the file name is empty"),
        (
            "{tmp}/no/such/dir/x.json",
            "cannot export to {tmp}/no/such/dir/x.json: there is no directory {tmp}/no/such/dir",
        ),
        ("{tmp}", "{tmp} is a directory; give a file name"),
        ("{tmp}/saves/done.json/x.json", "{tmp}/saves/done.json is not a directory"),
    ],
)
def test_export_where_it_cannot_go_says_why_in_one_line(tmp_path, capsys, target, reason):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--export", target.format(tmp=tmp_path)])
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and reason.format(tmp=tmp_path) in lines[0]
    assert ".tmp" not in lines[0]  # never the temporary file written first
    assert not list(tmp_path.rglob("*.tmp"))
