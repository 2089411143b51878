"""Snapshot checks of the real screens at the smallest supported size, 80x24.

After an intended change of a screen, review and refresh them with
`pytest tests/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from helpers import press_until

from sticheln_tui.app import StichelnApp
from sticheln_tui.screens.pain_pick import PainPickScreen
from sticheln_tui.screens.reveal import RevealScreen
from sticheln_tui.screens.scoreboard import ScoreboardScreen
from sticheln_tui.screens.table import TableScreen

SIZE = (80, 24)
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def game_app() -> StichelnApp:
    return StichelnApp(players=PLAYERS, seed=21)


def reach(screen_type, extra=lambda app: True):
    async def run_before(pilot) -> None:
        app = pilot.app
        await press_until(pilot, lambda: isinstance(app.screen, screen_type) and extra(app))

    return run_before


class TestScreens:
    def test_first_screen(self, snap_compare):
        assert snap_compare(StichelnApp(), terminal_size=SIZE)

    def test_setup(self, snap_compare):
        assert snap_compare(StichelnApp(game="sticheln"), terminal_size=SIZE)

    def test_hattrick_setup(self, snap_compare):
        assert snap_compare(StichelnApp(game="hattrick"), terminal_size=SIZE)

    def test_handoff(self, snap_compare):
        assert snap_compare(game_app(), terminal_size=SIZE)

    def test_pain_pick(self, snap_compare):
        assert snap_compare(game_app(), terminal_size=SIZE, run_before=reach(PainPickScreen))

    def test_reveal(self, snap_compare):
        assert snap_compare(game_app(), terminal_size=SIZE, run_before=reach(RevealScreen))

    def test_table_mid_trick(self, snap_compare):
        def mid_trick(app) -> bool:
            view = app.game.view(None)
            return view.trick_number == 3 and len(view.trick) == 2

        assert snap_compare(
            game_app(), terminal_size=SIZE, run_before=reach(TableScreen, mid_trick)
        )

    def test_scoreboard(self, snap_compare):
        assert snap_compare(game_app(), terminal_size=SIZE, run_before=reach(ScoreboardScreen))
