"""The game review in the replay: `v` on the final scores replays the game while the
strong bot weighs the human's moves in a process of its own; its progress shows, the
replay can be stepped through meanwhile, costly moves are marked and found with `n`, and
Escape leaves at any time, the weighing called off."""

from __future__ import annotations

import sys

import pytest
from called_off import IDLE, cpu_once_stopped, needs_proc, until_busy
from helpers import screen_text
from positions import pain_card_thrown_away
from textual.widgets import ProgressBar
from textual.worker import WorkerState

from sticheln_tui import i18n, persistence
from sticheln_tui.app import StichelnApp
from sticheln_tui.bots import thinking
from sticheln_tui.bots.review import Review
from sticheln_tui.screens.replay import ReplayScreen
from sticheln_tui.screens.scoreboard import ScoreboardScreen

LEVELS = (None, "normal", "normal", "normal")


def weigh_on(monkeypatch, samples: int) -> None:
    """The review the app starts weighs each decision on this many deals."""
    made = Review.__init__

    def with_samples(review, game, decisions, humans, _samples=None):
        made(review, game, decisions, humans, samples)

    monkeypatch.setattr(Review, "__init__", with_samples)


async def reviewing(pilot, app: StichelnApp, game) -> ReplayScreen:
    """The final scores of `game`, then `v`."""
    await pilot.pause()
    app.continue_game(game, LEVELS)
    await pilot.pause()
    assert isinstance(app.screen, ScoreboardScreen) and app.screen.final
    await pilot.press("v")
    await pilot.pause()
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


@pytest.mark.parametrize("language", ["de", "fi"])
async def test_the_review_marks_the_thrown_away_card_and_n_finds_it(monkeypatch, language):
    weigh_on(monkeypatch, 20)
    game, step = pain_card_thrown_away()
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        i18n.use(language)
        screen = await reviewing(pilot, app, game)
        while not screen.review_done:
            await pilot.pause(0.05)
        await pilot.pause()
        assert screen.judged[step].costly
        summary = str(screen.query_one("#review-summary").render())
        assert summary.startswith("Ann: ") and "\n" not in summary  # one human, one line
        assert not screen.query_one("#review-progress").display
        for _ in range(len(screen.frames)):
            if screen.position == step:
                break
            await pilot.press("n")
        assert screen.position == step
        await pilot.pause()
        text = screen_text(app)
        thrown = screen.judged[step]
        # The move's number and its mark, on the line of where the game stands.
        assert i18n._("? costly") in text.splitlines()[1]
        verdict = screen.verdict(thrown).plain
        assert f"[{thrown.move.card.value:>2}" in verdict and verdict.split(":")[0] in text
        # The Footer offers the way on and the review's key, in every language.
        footer = text.splitlines()[-1]
        assert i18n._("Next costly") in footer and i18n._("Next trick") in footer


@needs_proc
async def test_escape_leaves_a_review_under_way_and_ends_its_process(monkeypatch):
    """A review far too long to finish: the replay steps on meanwhile, and Escape goes
    back to the final scores, the review's process ended within `STOP` seconds."""
    weigh_on(monkeypatch, 100_000)
    game, _ = pain_card_thrown_away()
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await reviewing(pilot, app, game)
        worker = screen._worker
        assert worker is not None and worker.state is WorkerState.RUNNING
        bar = screen.query_one(ProgressBar)
        assert screen.query_one("#review-progress").display
        assert bar.total == len(screen.review) and bar.progress == 0
        await until_busy(1.0)  # its process has started, and weighs
        await pilot.press("right", "right", "pagedown")
        assert screen.position > 2
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        assert worker.state is WorkerState.CANCELLED
        assert await cpu_once_stopped() < IDLE
        assert not screen.judged  # called off before its first decision was weighed


@pytest.mark.parametrize(
    "weighing",
    [
        "import sys; sys.stdin.close()",
        "import sys; sys.stdin.buffer.read(); print('garbled')",
        "import sys; sys.stdin.buffer.read(); sys.exit(1)",
    ],
)
async def test_a_review_whose_process_fails_says_so_and_the_replay_goes_on(monkeypatch, weighing):
    """The weighing process ends before its first judgment (without reading the review,
    writing garbage, or failing): no crash, no progress bar left waiting, a line that says
    so."""
    monkeypatch.setattr(thinking, "APART_COMMAND", [sys.executable, "-c", weighing])
    game, _ = pain_card_thrown_away()
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await reviewing(pilot, app, game)
        for _ in range(200):  # within ten seconds
            if screen.cut_short:
                break
            await pilot.pause(0.05)
        await pilot.pause()
        assert screen.cut_short
        assert not screen.query_one("#review-progress").display
        summary = str(screen.query_one("#review-summary").render())
        assert f"The review stopped after 0 of {len(screen.review)} decisions." in summary
        await pilot.press("right")
        assert screen.position == 1 and app.is_running


async def test_a_replayed_record_offers_the_review_and_escape_ends_the_program(
    tmp_path, monkeypatch
):
    """`sticheln --replay FILE`: `v` starts the review; Escape leaves the program."""
    weigh_on(monkeypatch, 100_000)
    game, _ = pain_card_thrown_away()
    path = tmp_path / "record.json"
    persistence.export(path, persistence.Record(game, LEVELS, len(game.results)))
    entry = persistence.SaveEntry(path, 0.0, persistence.load(path), None)
    app = StichelnApp(resume=entry, review=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen._worker is None
        assert "v " + i18n._("Review") in screen_text(app).splitlines()[-1]
        await pilot.press("v")
        await pilot.pause()
        assert screen._worker is not None and screen.query_one("#review-progress").display
        await pilot.press("escape")
        await pilot.pause()
        assert screen._worker.state is WorkerState.CANCELLED
    assert app.return_code == 0
