"""A table of several screens, seen through the real app: the host's join codes, a screen
that follows moves made elsewhere, the line saying whom the table waits for, and a joined
one-seat screen that never shows a hand-off. The other screen is a `TableSession` driven
in the test, the same code another process runs."""

from __future__ import annotations

import pytest

from sticheln_tui.app import StichelnApp
from sticheln_tui.flow import HandOff, Private, Public
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.join_codes import JoinCodesScreen
from sticheln_tui.screens.private import PrivateScreen
from sticheln_tui.seats import Seat
from sticheln_tui.session import Join, TableSession
from sticheln_tui.table_log import TableLog

# Ann at the host's screen, Bob at his own, two bots: Bob moves second in the first trick.
HATTRICK = [Seat("Ann"), Seat("Bob", own_screen=True), Seat("Cid", "easy"), Seat("Dan", "easy")]


@pytest.fixture(autouse=True)
def quick_presence(monkeypatch):
    """A screen is gone after 1.5 s without a sign of life (3 s in play); the app gives
    one a second."""
    monkeypatch.setattr(TableLog, "TTL", 1.5)


def bob_code(app: StichelnApp) -> str:
    shared = app.session.shared
    assert shared is not None
    return next(code for seats, code in shared.codes if seats == (1,))


def play_bobs_move(bob: TableSession) -> None:
    """Bob's screen, driven as its app would: whatever is due there, then his move."""
    flow = bob.flow
    assert flow is not None
    bob.sync()
    step = flow.next_step()
    while isinstance(step, Public | HandOff):
        assert not isinstance(step, HandOff), "a one-seat screen never shows a hand-off"
        assert flow.saw_reveal() or flow.saw_scores()
        step = flow.next_step()
    assert step == Private(1)
    assert flow.play(1, flow.game.view(1).legal_moves[0])
    assert bob.submit()


async def test_the_host_shows_each_code_once_and_a_held_key_does_not_skip_them(tmp_path):
    app = StichelnApp(players=HATTRICK, game="hattrick", seed=5, saves=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, JoinCodesScreen)
        text = "\n".join(app.screen.lines)
        assert f"Bob: sticheln join {bob_code(app)}" in text
        assert "Ann (this screen; to come back): sticheln join " in text
        assert len(app.screen.lines) == 2  # the bots have no code
        app.key_rhythm.press("enter", 0.0)  # an Enter already held when the codes came up
        app.screen.action_close()
        assert isinstance(app.screen, JoinCodesScreen)
        await pilot.pause(0.6)
        await pilot.press("enter")
        assert not isinstance(app.screen, JoinCodesScreen)


async def test_moves_made_at_another_screen_reach_the_host_and_the_table_waits_for_a_closed_one(
    tmp_path,
):
    app = StichelnApp(players=HATTRICK, game="hattrick", seed=5, saves=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        bob = TableSession(tmp_path)
        bob.join(bob_code(app))
        await pilot.pause(0.6)
        await pilot.press("enter")  # the codes seen
        await pilot.pause(1.1)  # Ann's hand looked at
        await pilot.press("enter")  # Ann leads
        await pilot.pause(0.3)
        assert app.game is not None and app.game.seat_to_move() == 1
        play_bobs_move(bob)
        await pilot.pause(0.4)  # the host reads the log ten times a second
        assert len(app.game.moves) >= 2
        assert app.game.moves[:2] == bob.game.moves[:2]
        bob.leave()  # Bob's screen closes
        while app.game.seat_to_move() != 1:  # the bots and Ann play on until Bob is due
            if app.game.seat_to_move() == 0:
                await pilot.pause(1.1)
                await pilot.press("enter")
            await pilot.pause(0.3)
        await pilot.pause(2.5)  # Bob's signs of life are missed
        said = [toast.message for toast in app._notifications]
        assert "Waiting for Bob's screen." in said
        assert app.bot_moves_here() is False  # no Space offered for Bob's card
        # Bob comes back with his code: the line goes, and he is where he was.
        again = TableSession(tmp_path)
        again.join(bob_code(app))
        assert again.game is not None and again.game.moves == app.game.moves
        for _ in range(3):  # his screen's signs of life
            again.beat()
            await pilot.pause(0.5)
        said = [toast.message for toast in app._notifications]
        assert "Waiting for Bob's screen." not in said
        again.leave()


async def test_a_joined_one_seat_screen_shows_only_its_own_hand_and_no_hand_off(tmp_path):
    host = TableSession(tmp_path)
    host.start("hattrick", HATTRICK, seed=5)
    assert host.shared is not None
    code = next(code for seats, code in host.shared.codes if seats == (1,))
    bob = TableSession(tmp_path)
    bob.join(code)
    app = StichelnApp(start=Join(code), session=bob, saves=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        flow = host.flow
        assert flow is not None
        for _ in range(12):  # Ann and the bots move at the host, Bob at his app
            assert not isinstance(app.screen, HandoffScreen)
            assert isinstance(app.screen, PrivateScreen) and app.screen.view.seat == 1
            game = flow.game
            seat = game.seat_to_move()
            host.beat()  # the host keeps the bots
            if seat == 1:
                for _ in range(30):  # the last move reaches Bob's screen through the log
                    if app.screen.view.legal_moves:
                        break
                    await pilot.pause(0.1)
                await pilot.pause(1.1)  # past the first look at a hand just shown
                await pilot.press("enter")
                for _ in range(30):  # Bob's card reaches the host through the log
                    await pilot.pause(0.1)
                    if host.sync():
                        break
                assert flow.game.seat_to_move() != 1
                continue
            move = game.view(seat).legal_moves[0]
            assert flow.bot_played(seat, move, len(game.moves)) or flow.play(seat, move)
            assert host.submit()
            await pilot.pause(0.3)
            if seat == 0:
                assert app.bot_moves_here() is False  # Ann is a human at another screen
        assert app.game is not None and app.game.moves == flow.game.moves
    host.leave()


async def test_the_form_seats_a_player_at_an_own_screen_and_refuses_a_table_without_one_here(
    tmp_path,
):
    app = StichelnApp(game="hattrick", saves=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        form = app.screen
        for seat, kind in enumerate(["own screen", "own screen", "easy", "easy"]):
            form.query_one(f"#kind-{seat}").value = kind
        form.action_start()
        await pilot.pause()
        assert app.game is None  # somebody must play at the screen that opens the table
        form.query_one("#kind-0").value = "human"
        form.action_start()
        await pilot.pause()
        assert isinstance(app.screen, JoinCodesScreen)
        assert app.flow is not None and app.flow.remote == {1}
        assert [seat.own_screen for seat in app.session.seats()] == [False, True, False, False]
