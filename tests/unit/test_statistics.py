"""Statistics from the finished saves: every figure checked against the games' own results,
worked out here afresh; damaged saves skipped and counted, unfinished games left out; and
`sticheln --stats`."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import pytest
from statistics_saves import build

from sticheln_tui import i18n, persistence
from sticheln_tui.cli import main
from sticheln_tui.core.statistics import (
    LEVEL_HEADERS,
    PlayerStats,
    game_table,
    player_label,
    ranked,
    statistics,
    tables,
)
from sticheln_tui.seats import LEVELS
from sticheln_tui.words import colour_name

LOWEST_WINS = {"sticheln": False, "hattrick": False, "seven-seals": True}


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    directory = tmp_path_factory.mktemp("statistics") / "saves"
    return directory, build(directory)


def player_key(name: str, level: str | None) -> tuple[str, str | None]:
    """A human by name, whatever its case; a computer player by its level alone."""
    return (name.lower(), None) if level is None else ("", level)


def expected_figures(saved) -> dict[str, dict[tuple[str, str | None], dict]]:
    """Per game and player (`player_key`): the figures, from the deal results."""
    figures: dict[str, dict] = {}
    for entry in saved:
        game = entry.game
        seats = range(len(game.players))
        totals = [sum(result.scores[seat].total for result in game.results) for seat in seats]
        best = min(totals) if LOWEST_WINS[game.GAME] else max(totals)
        winners = [seat for seat in seats if totals[seat] == best]
        assert winners == list(game.winners)  # as the final scoreboard says
        for seat in seats:
            name, level = game.players[seat], entry.levels[seat]
            player = figures.setdefault(game.GAME, {}).setdefault(
                player_key(name, level),
                {"name": None, "totals": [], "deals": 0, "wins": Fraction(0), "pain": Counter()},
            )
            player["name"] = name if level is None else ""  # the latest spelling
            player["totals"].append(totals[seat])
            player["deals"] += len(game.results)
            won = Fraction(1, len(winners)) if seat in winners else Fraction(0)
            player["wins"] += won
            for result in game.results:
                cards = getattr(result.scores[seat], "pain_cards", ())
                player["pain"].update({card.colour for card in cards})
            if level is None:
                against = player.setdefault("against", {})
                for other in set(entry.levels) - {None}:
                    games, wins = against.get(other, (0, Fraction(0)))
                    against[other] = (games + 1, wins + won)
    return figures


def test_every_figure_follows_the_games_results(saves):
    directory, saved = saves
    stats = statistics(persistence.list_saves(directory))
    expected = expected_figures(saved)
    assert [game.game for game in stats.games] == ["sticheln", "hattrick", "seven-seals"]
    assert any(len(entry.game.winners) > 1 for entry in saved)  # a shared win is among them
    for game in stats.games:
        assert game.games == sum(game.game == entry.game.GAME for entry in saved)
        assert game.lowest_wins is LOWEST_WINS[game.game]
        players = expected[game.game]
        assert len(game.players) == len(players)
        for player in game.players:
            wanted = players[player_key(player.name, player.level)]
            assert player.name == wanted["name"]
            assert player.totals == wanted["totals"]
            assert player.games == len(wanted["totals"])
            assert player.wins == wanted["wins"]
            assert player.average == pytest.approx(sum(wanted["totals"]) / len(wanted["totals"]))
            best = min if game.lowest_wins else max
            assert game.best(player) == best(wanted["totals"])
            assert player.per_deal == pytest.approx(sum(wanted["totals"]) / wanted["deals"])
            assert player.pain_colours == wanted["pain"]
            against = {
                level: (record.games, record.wins) for level, record in player.against.items()
            }
            assert against == wanted.get("against", {})
        shares = [player.wins / player.games for player in game.players]
        assert shares == sorted(shares, reverse=True)  # the best win share first


def test_names_fold_case_show_the_latest_spelling_and_bots_are_players_of_their_own(saves):
    directory, _ = saves
    stats = statistics(persistence.list_saves(directory))
    sticheln, hattrick, seven_seals = stats.games
    assert [p.name for p in sticheln.players if p.name.lower() == "ann"] == ["Ann"]
    assert [p.name for p in seven_seals.players if p.name.lower() == "ann"] == ["ANN"]
    assert [p.level for p in sticheln.players if p.name == "Max"] == [None]  # the bot: strong
    annes = [p for p in hattrick.players if p.name == "Ann"]
    assert set(annes[0].against) == {"easy", "strong"}  # a table with two levels counts twice
    assert sticheln.players[0].pain_colours  # Sticheln's pain colours are counted
    assert not any(p.pain_colours for p in hattrick.players + seven_seals.players)


def test_computer_players_are_a_row_per_level_named_in_the_language_in_use(saves):
    """Whatever each seat's bot was called, and in whichever language it was set up: two
    strong bots at one table count two games of one row; Sticheln's normal bots of two
    games ("Normal 3", "Normaal 3") are one row."""
    directory, saved = saves
    stats = statistics(persistence.list_saves(directory))
    for game in stats.games:
        levels = {
            level for entry in saved if game.game == entry.game.GAME for level in entry.levels
        }
        bots = [player.level for player in game.players if player.level is not None]
        assert sorted(bots) == sorted(levels - {None})  # each level at its tables, once
    sticheln = stats.games[0]
    assert {p.level: p.games for p in sticheln.players if p.level} == {
        "easy": 1,
        "normal": 2,
        "strong": 2,
    }
    bots_named = {
        "Normal 3",
        "Easy 4",
        "Strong 3",
        "Normaal 3",
        "Easy 3",
        "Strong 4",
        "Tavallinen 3",
    }
    for language, rows in (
        ("en", ["Easy bot", "Normal bot", "Strong bot"]),
        ("nl", ["Makkelijke pc", "Normale pc", "Sterke pc"]),
    ):
        i18n.use(language)
        assert sorted(player_label(p) for p in sticheln.players if p.level) == rows
        shown = {
            cell
            for game in tables(stats, colour_name)
            for table in game
            for row in table.rows
            for cell in row
        }
        assert not shown & bots_named  # no seat's name


def test_damaged_saves_are_skipped_and_counted_and_unfinished_games_left_out(saves):
    directory, saved = saves
    stats = statistics(persistence.list_saves(directory))
    assert (stats.finished, stats.unfinished, stats.unreadable) == (len(saved), 1, 2)
    # The unfinished game's Zed is nowhere.
    assert all(p.name != "Zed" for game in stats.games for p in game.players)


def test_the_players_table_shows_the_figures(saves):
    directory, saved = saves
    stats = statistics(persistence.list_saves(directory))
    expected = expected_figures(saved)
    for game in stats.games:
        table = game_table(game)
        signed = "+" if not game.lowest_wins else ""
        for player, row in zip(game.players, table.rows, strict=True):
            wanted = expected[game.game][player_key(player.name, player.level)]
            totals, wins = wanted["totals"], wanted["wins"]
            best = (min if game.lowest_wins else max)(totals)
            assert row[1:] == (
                str(len(totals)),
                str(wins) if wins.denominator == 1 else f"{float(wins):.2f}".rstrip("0"),
                f"{round(100 * wins / len(totals))}%",
                f"{sum(totals) / len(totals):{signed}.1f}".replace("+0.0", "0.0"),
                f"{best:{signed}d}".replace("+0", "0"),
                f"{sum(totals) / wanted['deals']:{signed}.1f}".replace("+0.0", "0.0"),
            )
            assert row[0] == (player.name if player.level is None else player_label(player))


def test_a_level_column_for_each_bot_level():
    assert tuple(LEVEL_HEADERS) == LEVELS


def test_the_command_line_prints_the_tables(saves, monkeypatch, capsys):
    directory, saved = saves
    monkeypatch.setenv("STICHELN_SAVES", str(directory))
    assert main(["--stats"]) == 0
    out = capsys.readouterr().out
    for title, count in (("Sticheln", 4), ("Hattrick", 2), ("Seven Seals", 2)):
        assert f"{title}: {count} finished games" in out
    assert "Wins against computer players" in out
    assert "Pain colours chosen (deals)" in out
    assert "Normal bot" in out and "Normal 3" not in out and "Normaal 3" not in out
    counted = out.rstrip().split("\n\n")[-1]  # the last paragraph, wrapped to 80 columns
    assert max(len(line) for line in counted.splitlines()) <= 80
    assert " ".join(counted.split()) == (
        f"{len(saved)} finished games counted. 1 unfinished game is not counted. "
        "2 saves could not be read."
    )
    # Every row of every table (the figures checked above): name, then figures in columns.
    stats = statistics(persistence.list_saves(directory))
    lines = out.splitlines()
    for game in tables(stats, colour_name):
        for table in game:
            for row in table.rows:
                assert any(line.split() == " ".join(row).split() for line in lines), row
    header = next(line for line in lines if line.split()[:2] == ["Player", "Games"])
    row = next(line for line in lines if line.split()[:1] == ["Bob"])
    assert len(row) <= len(header) and row.index("Bob") == header.index("Player")


def test_the_command_line_speaks_the_players_language(saves, monkeypatch, capsys):
    directory, _ = saves
    monkeypatch.setenv("STICHELN_SAVES", str(directory))
    assert main(["--lang", "de", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "Spieler" in out and "Player" not in out


def test_the_command_line_without_finished_games(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("STICHELN_SAVES", str(tmp_path))
    (tmp_path / "damaged.json").write_text("[", encoding="utf-8")
    assert main(["--stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"No finished games in {tmp_path} yet: finish one, and its figures appear here.",
        "1 save could not be read.",
    ]


def test_the_command_line_loads_no_textual(tmp_path):
    probe = (
        "import sys\nfrom sticheln_tui.cli import main\nmain(['--stats'])\n"
        "print('textual' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "STICHELN_SAVES": str(tmp_path), "STICHELN_CONFIG": str(tmp_path)},
    )
    assert result.stdout.splitlines()[-1] == "False"


@pytest.mark.parametrize("lowest_wins", [False, True])
def test_players_with_the_same_win_share_rank_by_their_average(lowest_wins):
    """Hattrick's or Sticheln's higher totals, Seven Seals' lower ones, go first among
    players who won equally often (here: never), whatever their names."""
    low = PlayerStats("Ann", None, totals=[-5, -5], deals=2)
    high = PlayerStats("Zed", None, totals=[-2, -2], deals=2)
    winner = PlayerStats("Max", "easy", totals=[-9, -9], deals=2, wins=Fraction(1))
    expected = [winner, low, high] if lowest_wins else [winner, high, low]
    assert ranked([high, winner, low], lowest_wins) == expected
