"""`sticheln simulate`: bot-only games with figures, repeatable, one-line errors, no
Textual; and the figures themselves (shared wins, the Wilson interval)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sticheln_tui import cli
from sticheln_tui.bots.match import Outcome, play_bot_game
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.simulate import jobs, summarise, wilson_interval

SEAT_KEYS = {"seat", "level", "wins", "win_rate", "ci95", "mean_score"}


def simulate(capsys, *args: str) -> dict:
    """Run `sticheln simulate ... --json` in this process; the figures it printed last."""
    assert cli.main(["simulate", *args, "--json"]) == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    figures = json.loads(lines[-1])
    assert isinstance(figures, dict)
    assert f"{figures['games']} games" in out  # the table comes first
    return figures


def without_timing(figures: dict) -> dict:
    return {key: value for key, value in figures.items() if key != "seconds_per_move"}


def test_json_figures_add_up(capsys):
    figures = simulate(capsys, "--seats", "normal,easy,easy", "--games", "6", "--seed", "3")
    assert set(figures) == {"games", "seats", "seconds_per_move"}
    assert figures["games"] == 6
    seats = figures["seats"]
    assert [seat["seat"] for seat in seats] == [1, 2, 3]  # numbered as in the table
    assert [seat["level"] for seat in seats] == ["normal", "easy", "easy"]
    for seat in seats:
        assert set(seat) == SEAT_KEYS
        low, high = seat["ci95"]
        assert 0 <= low <= seat["win_rate"] <= high <= 1
        assert seat["win_rate"] == pytest.approx(seat["wins"] / 6, abs=1e-3)
        assert isinstance(seat["mean_score"], int | float)
    assert sum(seat["wins"] for seat in seats) == pytest.approx(6, abs=0.01)
    assert set(figures["seconds_per_move"]) == {"normal", "easy"}
    assert all(seconds >= 0 for seconds in figures["seconds_per_move"].values())


def test_the_figures_are_those_of_the_seeded_games(capsys):
    """The command plays exactly the games `jobs` lays out, and sums them up."""
    levels = ["easy", "normal", "easy", "easy"]
    figures = simulate(capsys, "--seats", ",".join(levels), "--games", "5", "--seed", "8")
    outcomes = [play_bot_game(*job) for job in jobs(levels, Rules(), 8, 5)]
    assert without_timing(figures) == without_timing(summarise(levels, outcomes))


def test_the_table_and_the_json_number_the_seats_alike(capsys):
    args = ["--seats", "easy,normal,easy", "--games", "1", "--deals", "1"]
    figures = simulate(capsys, *args)
    assert figures["seats"][1] == {**figures["seats"][1], "seat": 2, "level": "normal"}
    cli.main(["simulate", *args])
    lines = capsys.readouterr().out.splitlines()
    rows = [[cell.strip() for cell in line.split("│")] for line in lines]
    assert ["", "2", "normal"] in [row[:3] for row in rows]  # seat 2 is normal, as in the JSON


def test_progress_goes_to_stderr_and_leaves_the_json_alone(capsys, monkeypatch):
    """Not a terminal (a log, a pipe): a line now and then with an estimate, never on
    stdout, and a last line with the time taken."""
    monkeypatch.setattr("sticheln_tui.simulate.REPORT_EVERY", 0.0)
    assert cli.main(["simulate", "--seats", "easy,easy,easy", "--games", "3", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out.splitlines()[-1])["games"] == 3
    assert "Played" not in captured.out
    lines = captured.err.splitlines()
    assert [line.split(" in ")[0] for line in lines] == [
        "Played 1 of 3 games",
        "Played 2 of 3 games",
        "Played 3 games",
    ]
    assert all(" to go." in line for line in lines[:2])


def test_jobs_give_each_game_its_seed_and_move_the_first_lead_round():
    levels = ["easy", "normal", "strong"]
    work = jobs(levels, Rules(harsh=True), 5, 7)
    assert work == jobs(levels, Rules(harsh=True), 5, 7)
    assert [job[3] for job in work] == [0, 1, 2, 0, 1, 2, 0]
    assert len({job[2] for job in work}) == 7
    assert all(job[0] == levels and job[1] == Rules(harsh=True) for job in work)
    assert [job[2] for job in jobs(levels, Rules(), 6, 7)] != [job[2] for job in work]


def test_the_same_seed_gives_the_same_figures(capsys):
    args = ("--seats", "easy,normal,easy,normal,easy", "--games", "4", "--seed", "12")
    first = simulate(capsys, *args)
    assert without_timing(simulate(capsys, *args)) == without_timing(first)


def test_workers_do_not_change_the_figures(capsys):
    args = ("--seats", "normal,easy,easy", "--games", "4", "--seed", "5", "--harsh")
    alone = simulate(capsys, *args, "--workers", "1")
    shared = simulate(capsys, *args, "--workers", "2")
    assert without_timing(shared) == without_timing(alone)


def test_rule_flags_and_seat_spellings_are_accepted(capsys):
    figures = simulate(
        capsys,
        "--seats",
        "bot:easy, easy ,easy,easy",
        "--games",
        "2",
        "--preset",
        "table-sheet",
        "--deals",
        "1",
        "--french-deck",
    )
    assert [seat["level"] for seat in figures["seats"]] == ["easy"] * 4
    assert sum(seat["wins"] for seat in figures["seats"]) == pytest.approx(2, abs=0.01)


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (
            ["--seats", "easy,genius,easy"],
            "a bot level is one of easy, normal, strong, not 'genius'",
        ),
        (["--seats", "easy,easy"], "3 to 8 players, not 2"),
        (["--seats", ",".join(["easy"] * 9)], "3 to 8 players, not 9"),
        (["--seats", "easy,easy,easy", "--games", "0"], "games must be from 1 to"),
        (["--seats", "easy,easy,easy", "--games", "x"], "games must be a whole number"),
        (["--seats", "easy,easy,easy", "--workers", "0"], "workers must be from 1 to 64"),
        (["--seats", "easy,easy,easy", "--seed", "s"], "the seed must be a whole number"),
        (["--seats", "easy,easy,easy", "--seed", "-1"], "the seed must be from 0 to 2**64 - 1"),
        (["--seats", "easy,easy,easy", "--seed", str(2**64)], "the seed must be from 0 to"),
        (["--seats", "easy,easy,easy", "--mild", "--reverse"], "Mild cannot be combined"),
        (["--seats", "easy,easy,easy", "--late", "--dark"], "Late has no pick"),
        (["--seats", "easy,easy,easy", "--french-deck"], "for exactly 4 players, not 3"),
        (["--seats", "easy,easy,easy", "--deals", "0"], "1 to 20 deals, not 0"),
        (["--games", "3"], "the following arguments are required: --seats"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(capsys, args, reason):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["simulate", *args])
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("sticheln simulate: error: ")
    assert reason in lines[0]


def test_the_command_itself_refuses_bad_arguments():
    result = subprocess.run(
        [sys.executable, "-m", "sticheln_tui", "simulate", "--seats", "easy,easy"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "sticheln simulate: error: Sticheln is for 3 to 8 players, not 2 "
        "(see sticheln simulate --help)"
    ]


def test_simulate_never_imports_textual():
    code = (
        "from sticheln_tui.cli import main\n"
        "main(['simulate', '--seats', 'easy,easy,easy', '--games', '1', '--json'])\n"
        "import sys\n"
        "print(' '.join(sorted({name.split('.')[0] for name in sys.modules})))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    figures_line, modules_line = result.stdout.strip().splitlines()[-2:]
    assert json.loads(figures_line)["games"] == 1
    loaded = set(modules_line.split())
    assert {"sticheln_tui", "rich"} <= loaded
    assert "textual" not in loaded


# -- the figures -------------------------------------------------------------------------


def outcome(totals, winners, seconds=None, moves=None) -> Outcome:
    return Outcome(
        tuple(totals),
        tuple(winners),
        seconds or {"easy": 0.3, "normal": 0.6},
        moves or {"easy": 20, "normal": 10},
    )


def test_summarise_splits_a_shared_win_among_its_winners():
    levels = ["easy", "normal", "easy"]
    outcomes = [
        outcome([10, 4, -2], [0]),
        outcome([7, 7, 1], [0, 1]),
        outcome([3, 3, 3], [0, 1, 2]),
        outcome([-5, 0, 12], [2]),
    ]
    figures = summarise(levels, outcomes)
    assert figures["games"] == 4
    seats = figures["seats"]
    assert [seat["wins"] for seat in seats] == [
        round(1 + 1 / 2 + 1 / 3, 3),
        round(1 / 2 + 1 / 3, 3),
        round(1 / 3 + 1, 3),
    ]
    assert sum(seat["wins"] for seat in seats) == pytest.approx(4, abs=0.01)
    assert [seat["win_rate"] for seat in seats] == [
        round(11 / 6 / 4, 4),
        round(5 / 6 / 4, 4),
        round(4 / 3 / 4, 4),
    ]
    assert [seat["mean_score"] for seat in seats] == [3.75, 3.5, 3.5]
    assert [seat["level"] for seat in seats] == levels
    assert seats[0]["ci95"] == [round(x, 4) for x in wilson_interval(11 / 6, 4)]
    # Thinking time by level: 4 games of 1.2 s over 80 moves, 2.4 s over 40 moves.
    assert figures["seconds_per_move"] == {"easy": 0.015, "normal": 0.06}


def test_wilson_interval_matches_known_values():
    assert wilson_interval(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson_interval(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson_interval(1, 4) == pytest.approx((0.0456, 0.6994), abs=1e-4)
    low, high = wilson_interval(2.5, 7)  # a shared win counts as a fraction
    assert 0 < low < 2.5 / 7 < high < 1
