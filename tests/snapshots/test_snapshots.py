"""Snapshot checks of the real screens at the smallest supported size, 80x24, and of the
tables and private screens at 120x40, where the cards are drawn big.

After an intended change of a screen, review and refresh them with
`pytest tests/snapshots --snapshot-update`.
"""

from __future__ import annotations

import pytest
from helpers import played_until, press_until
from positions import seven_seals_until, sticheln_until, two_cards_in_the_third_trick

from sticheln_tui import i18n, persistence
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.hattrick import HattrickGame, passable, playable
from sticheln_tui.core.seven_seals import Phase as SevenSealsPhase
from sticheln_tui.core.seven_seals import SevenSealsGame, TakeSaboteur, predict
from sticheln_tui.screens.scoreboard import ScoreboardScreen
from sticheln_tui.screens.sticheln.pain_pick import PainPickScreen
from sticheln_tui.screens.sticheln.reveal import RevealScreen
from sticheln_tui.widgets.hand import Hand

SIZE = (80, 24)
ROOMY_SIZE = (120, 40)
LARGE_SIZE = (160, 50)  # a large terminal: the hand's cards tall too
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def game_app() -> StichelnApp:
    return StichelnApp(players=PLAYERS, seed=21)


def reach(screen_type, extra=lambda app: True):
    async def run_before(pilot) -> None:
        app = pilot.app
        await press_until(pilot, lambda: isinstance(app.screen, screen_type) and extra(app))

    return run_before


class TestScreens:
    def test_hattrick_setup(self, snap_compare):
        assert snap_compare(StichelnApp(game="hattrick"), terminal_size=SIZE)

    def test_pain_pick(self, snap_compare):
        assert snap_compare(game_app(), terminal_size=SIZE, run_before=reach(PainPickScreen))

    def test_reveal(self, snap_compare):
        assert snap_compare(game_app(), terminal_size=SIZE, run_before=reach(RevealScreen))


def mid_deal(game: HattrickGame) -> bool:
    """Pass cards on the table, two colours in the trick, and a mover who may play or
    pass."""
    if game.finished:
        return False
    view = game.view(game.to_move)
    trick = view.trick_cards
    return (
        any(view.passes) and bool(passable(trick, view.hand)) and bool(playable(trick, view.hand))
    )


def continued(game: HattrickGame, *keys: str):
    """The app takes over a prepared game (four humans: a hand-off first), then `keys`."""

    async def run_before(pilot) -> None:
        await pilot.pause()
        pilot.app.continue_game(game)
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    return run_before


class TestHattrick:
    def test_handoff_after_a_pass(self, snap_compare):
        game = played_until(4, 3, mid_deal)
        view = game.view(game.to_move)

        async def pass_then_hand_off(pilot) -> None:
            await continued(game, "enter")(pilot)
            hand = pilot.app.screen.query_one(Hand)
            hand.cursor = hand.cards.index(passable(view.trick_cards, view.hand)[0])
            await pilot.press("p")
            await pilot.pause()

        assert snap_compare(StichelnApp(), terminal_size=SIZE, run_before=pass_then_hand_off)

    def test_deal_scores(self, snap_compare):
        game = played_until(4, 3, lambda g: len(g.results) == 1)

        async def scores(pilot) -> None:
            await pilot.pause()
            pilot.app.resume(persistence.Record(game, (None,) * 4), None)
            await pilot.pause()

        assert snap_compare(StichelnApp(), terminal_size=SIZE, run_before=scores)

    def test_game_over(self, snap_compare):
        game = played_until(4, 3, lambda g: g.finished)
        assert snap_compare(StichelnApp(), terminal_size=SIZE, run_before=continued(game))

    def test_first_screen_continue(self, snap_compare, saves_in_a_temporary_directory):
        game = played_until(4, 3, lambda g: len(g.results) == 2)
        record = persistence.Record(game, (None,) * 4, 2)
        persistence.save(saves_in_a_temporary_directory / "hattrick.json", record)

        async def offered(pilot) -> None:
            await pilot.pause()
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()

        assert snap_compare(StichelnApp(), terminal_size=SIZE, run_before=offered)


class TestSevenSeals:
    def test_return_choice(self, snap_compare):
        game = seven_seals_until(lambda g: g.phase == SevenSealsPhase.RETURN, seed=21, seeds=20)
        assert snap_compare(StichelnApp(), terminal_size=SIZE, run_before=continued(game, "enter"))

    def test_deal_scores(self, snap_compare):
        game = seven_seals_until(lambda g: len(g.results) == 1, seed=21)

        async def scores(pilot) -> None:
            await pilot.pause()
            pilot.app.resume(persistence.Record(game, (None,) * 4), None)
            await pilot.pause()

        assert snap_compare(StichelnApp(), terminal_size=SIZE, run_before=scores)


@pytest.fixture(params=list(i18n.LANGUAGES))
def language(request) -> str:
    """The game in each of its languages (the other tests' screens are English)."""
    i18n.use(request.param)
    return request.param


class TestLanguages:
    """The main screens of every game in every language, at 80x24: the longest words
    must fit as the English do."""

    def test_first_screen(self, snap_compare, language):
        assert snap_compare(StichelnApp(), terminal_size=SIZE)

    def test_setup(self, snap_compare, language):
        assert snap_compare(StichelnApp(game="sticheln"), terminal_size=SIZE)

    def test_handoff(self, snap_compare, language):
        assert snap_compare(game_app(), terminal_size=SIZE)

    def test_table(self, snap_compare, language):
        game = sticheln_until(two_cards_in_the_third_trick)
        assert snap_compare(StichelnApp(), terminal_size=SIZE, run_before=continued(game, "enter"))

    def test_scoreboard(self, snap_compare, language):
        game = sticheln_until(lambda game: bool(game.results))

        async def scores(pilot) -> None:
            await pilot.pause()
            pilot.app.resume(persistence.Record(game, (None,) * 4), None)
            await pilot.pause()
            assert isinstance(pilot.app.screen, ScoreboardScreen)

        assert snap_compare(StichelnApp(), terminal_size=SIZE, run_before=scores)

    def test_hattrick_table(self, snap_compare, language):
        game = played_until(4, 3, mid_deal)
        assert snap_compare(StichelnApp(), terminal_size=SIZE, run_before=continued(game, "enter"))

    def test_seven_seals_prediction(self, snap_compare, language):
        game = SevenSealsGame(PLAYERS, seed=21)
        game.apply(predict({"red": 2, "blue": 1}))
        game.apply(TakeSaboteur())
        assert snap_compare(StichelnApp(), terminal_size=SIZE, run_before=continued(game, "enter"))

    def test_seven_seals_table(self, snap_compare, language):
        game = seven_seals_until(
            lambda g: g.phase == SevenSealsPhase.PLAY and len(g.view(None).trick) == 2, seed=21
        )
        assert snap_compare(StichelnApp(), terminal_size=SIZE, run_before=continued(game, "enter"))


class TestRoomy:
    """Each game's table and the private screens around it at 120x40 (and two tables at
    160x50): big cards, the trick as the seats' places, the panels at the top and the
    height shared out. The positions are those of the 80x24 snapshots above."""

    @pytest.mark.parametrize("size", [ROOMY_SIZE, LARGE_SIZE], ids=["120x40", "160x50"])
    def test_table(self, snap_compare, size):
        game = sticheln_until(two_cards_in_the_third_trick)
        run_before = continued(game, "enter")
        assert snap_compare(StichelnApp(), terminal_size=size, run_before=run_before)

    @pytest.mark.parametrize("size", [ROOMY_SIZE, LARGE_SIZE], ids=["120x40", "160x50"])
    def test_hattrick_table(self, snap_compare, size):
        run_before = continued(played_until(4, 3, mid_deal), "enter")
        assert snap_compare(StichelnApp(), terminal_size=size, run_before=run_before)

    def test_seven_seals_table(self, snap_compare):
        game = seven_seals_until(
            lambda g: g.phase == SevenSealsPhase.PLAY and len(g.view(None).trick) == 2, seed=21
        )
        run_before = continued(game, "enter")
        assert snap_compare(StichelnApp(), terminal_size=ROOMY_SIZE, run_before=run_before)

    def test_seven_seals_prediction(self, snap_compare):
        game = SevenSealsGame(PLAYERS, seed=21)
        game.apply(predict({"red": 2, "blue": 1}))
        game.apply(TakeSaboteur())
        run_before = continued(game, "enter")
        assert snap_compare(StichelnApp(), terminal_size=ROOMY_SIZE, run_before=run_before)

    def test_pain_pick(self, snap_compare):
        run_before = reach(PainPickScreen)
        assert snap_compare(game_app(), terminal_size=ROOMY_SIZE, run_before=run_before)

    def test_reveal(self, snap_compare):
        run_before = reach(RevealScreen)
        assert snap_compare(game_app(), terminal_size=ROOMY_SIZE, run_before=run_before)
