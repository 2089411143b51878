"""A table played from several screens, without a screen: each screen's flow (the humans
of other screens move there), and two sessions on one saves folder as two screens, which
see each other's moves through the table's log, lose a race to it without harm, hand the
bots and the save over, and play a whole game as one process plays it."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import HandClock

from sticheln_tui import table_log
from sticheln_tui.bots import make_bot
from sticheln_tui.core.hattrick import HattrickGame, HattrickOptions
from sticheln_tui.core.seven_seals import SevenSealsOptions
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.core.table import TableGame
from sticheln_tui.flow import REVEAL, BotTurn, HandOff, Private, Public, TableFlow
from sticheln_tui.games import engine_of
from sticheln_tui.persistence import load
from sticheln_tui.seats import Seat
from sticheln_tui.session import TableSession
from sticheln_tui.table_log import FILE_NAME, JoinRefused, TableLog

ANN, BOB, CY, DI = 0, 1, 2, 3
# Ann plays at the screen that opens the table, Bob at his own, two bots.
SEATS = (Seat("Ann"), Seat("Bob", own_screen=True), Seat("Cy", "easy"), Seat("Di", "normal"))
# Each game at two deals, and a Sticheln that may end tied, for the whole-game tests.
GAMES = {
    "sticheln": Rules(deals=2, tie_break=True),
    "hattrick": HattrickOptions(deals=2),
    "seven-seals": SevenSealsOptions(deals=2),
}


@pytest.fixture
def clock(monkeypatch):
    """Every table log opened from now on reads this clock."""
    clock = HandClock()
    monkeypatch.setattr(
        TableLog, "in_saves", classmethod(lambda cls, saves: cls(Path(saves) / FILE_NAME, clock))
    )
    return clock


class Screen:
    """A screen at the table, doing with its flow's steps what the app does: hand-offs
    are taken and public screens looked at at once, and each person here moves as the
    easy bot would for their seat. The people's choosers are shared between screens (a
    seat plays at one screen only), so a game plays the same however it is split."""

    def __init__(self, session: TableSession, people: dict[int, object]) -> None:
        self.session = session
        self.people = people

    @property
    def flow(self) -> TableFlow:
        assert self.session.flow is not None
        return self.session.flow

    def person(self, seat: int):
        game = self.flow.game
        return self.people.setdefault(seat, make_bot("easy", 100 + seat, game.GAME))

    def choose(self, seat: int):
        """The move of `seat` (a bot's, or a person's here), as the seat sees the game."""
        game = self.flow.game
        chooser = self.flow.bots.get(seat) or self.person(seat)
        return chooser.choose(game.view(seat))

    def decision(self):
        """The scoreboard's decision of the person here who takes it."""
        game = self.flow.game
        return self.person(game.to_move).advise(game.view(game.to_move)).move

    def act(self) -> bool:
        """Take in the others' moves and do what is due here; False when nothing is."""
        session, flow = self.session, self.flow
        session.sync()
        session.save_now()
        if flow.finished:
            return False
        if flow.bots_decide() is not None:
            return session.submit()
        step = flow.next_step()
        if isinstance(step, HandOff):
            return flow.accept_handoff(step.seat)
        if step == Public(REVEAL):
            return flow.saw_reveal()
        if isinstance(step, Public):
            if not flow.hooks.decision_due(flow.game):
                return flow.saw_scores()
            if not flow.decide(self.decision()):
                return False  # the decision is another screen's
        elif isinstance(step, Private):
            assert flow.play(step.seat, self.choose(step.seat))
        elif isinstance(step, BotTurn):
            if not flow.moves_here(step.seat):
                return False
            assert flow.bot_played(step.seat, self.choose(step.seat), len(flow.game.moves))
        return session.submit()


class FirstLegal(Screen):
    """A screen where every seat, bot or person, makes the first legal move."""

    def choose(self, seat: int):
        return self.flow.game.legal_moves()[0]

    def decision(self):
        return self.flow.game.legal_moves()[0]


def opened(saves: Path, game: str = "hattrick", seed: int = 5, seats=SEATS, options=None):
    """The session that opens a table of `seats` (it plays the seats here and keeps the
    table), and the codes of the others'."""
    host = TableSession(saves)
    host.start(game, seats, seed=seed, options=options)
    assert host.shared is not None
    codes = {seats: code for seats, code in host.shared.codes}
    return host, codes


def joined(saves: Path, code: str) -> TableSession:
    guest = TableSession(saves)
    guest.join(code)
    return guest


@pytest.fixture
def table(tmp_path, clock):
    """Ann's screen (the host) and Bob's, at a Hattrick table with two bots."""
    host, codes = opened(tmp_path)
    guest = joined(tmp_path, codes[(BOB,)])
    yield host, guest
    guest.let_go()
    host.let_go()


def play_to(screens: list[Screen], done, limit: int = 5000) -> None:
    """The screens act in turn until `done()`."""
    for _ in range(limit):
        if done():
            return
        if not any([screen.act() for screen in screens]):
            raise AssertionError("no screen has anything to do")
    raise AssertionError("too many steps")


def moves(session: TableSession, read: bool = False) -> list:
    """The moves of the session's game (`read`: after it read the log)."""
    if read:
        session.sync()
    assert session.game is not None
    return list(session.game.moves)


# -- one screen's flow -------------------------------------------------------------


def hattrick_flow(remote=(BOB,)) -> TableFlow:
    game = HattrickGame(["Ann", "Bob", "Cy", "Di"], seed=5)
    return TableFlow(game, (None, None, "easy", "normal"), remote)


def test_the_humans_of_a_screen_are_its_own_and_a_lone_one_sees_no_hand_off():
    flow = hattrick_flow()
    assert flow.humans == [ANN]
    assert flow.lone_human == ANN and flow.keyboard == ANN
    steps = []
    for _ in range(12):
        step = flow.next_step()
        steps.append(step)
        seat = flow.game.seat_to_move()
        if isinstance(step, Private):
            assert flow.play(seat, flow.game.legal_moves()[0])
        elif flow.moves_here(seat):
            assert flow.bot_played(seat, flow.game.legal_moves()[0], len(flow.game.moves))
        else:  # Bob moves at his screen: the move comes through the log
            game = flow.game.clone()
            game.apply(game.legal_moves()[0])
            flow.caught_up(game)
    assert not any(isinstance(step, HandOff) for step in steps)
    assert {step.seat for step in steps if isinstance(step, Private)} == {ANN}


def test_a_remote_seats_turn_is_a_bot_turn_this_screen_does_not_move():
    flow = hattrick_flow()
    while flow.game.seat_to_move() != BOB:
        flow.game.apply(flow.game.legal_moves()[0])
    step = flow.next_step()
    assert isinstance(step, BotTurn) and step.seat == BOB
    assert not flow.moves_here(BOB)
    assert not flow.play(BOB, flow.game.legal_moves()[0])
    assert not flow.bot_played(BOB, flow.game.legal_moves()[0], len(flow.game.moves))
    assert flow.moves_here(ANN) and flow.moves_here(CY)
    flow.bots_here = False  # another screen keeps the bots
    assert not flow.moves_here(CY) and flow.moves_here(ANN)


def test_a_bot_is_at_no_screen():
    with pytest.raises(ValueError):
        hattrick_flow(remote=(CY,))


def test_the_scoreboards_decision_is_refused_when_its_mover_is_at_another_screen():
    from positions import tied_game

    game = tied_game()
    mover = game.to_move
    flow = TableFlow(game.clone(), (), remote=(mover,))
    assert flow.next_step() == Public("scores")
    assert not flow.decide(game.legal_moves()[0])
    assert flow.game.moves == game.moves
    here = TableFlow(game.clone(), (), remote=((mover + 1) % len(game.players),))
    here.next_step()
    assert here.decide(game.legal_moves()[0])


def test_caught_up_takes_the_logs_game_names_its_mover_and_shuts_the_take_back():
    flow = hattrick_flow()
    assert flow.play(ANN, flow.game.legal_moves()[0]) and flow.take_back_open
    game = flow.game.clone()
    game.apply(game.legal_moves()[0])
    flow.caught_up(game)
    assert flow.game is game and flow.last_event() == (game.moves[-1], BOB)
    assert not flow.take_back_open and flow.take_back() is None
    flow.caught_up(game.rewound(1))  # a take-back at another screen: nobody moved
    assert len(flow.game.moves) == 1 and flow.last_event() is None


# -- two screens, one table ---------------------------------------------------------


def test_a_move_at_one_screen_reaches_the_other_when_it_reads_the_log(table):
    host, guest = table
    people: dict[int, object] = {}
    ann, bob = Screen(host, people), Screen(guest, people)
    assert guest.flow.humans == [BOB] and guest.flow.remote == {ANN}
    assert not guest.flow.bots_here and host.flow.bots_here
    play_to([ann], lambda: len(moves(host)) >= 1)
    assert moves(guest) == []
    assert guest.sync() and moves(guest) == moves(host)
    assert not guest.sync()  # nothing new
    play_to([ann, bob], lambda: len(moves(host)) >= 9)
    guest.sync()
    assert moves(guest) == moves(host)


def test_a_move_made_on_a_stale_game_is_refused_and_the_game_is_the_logs(table):
    host, guest = table
    play_to([Screen(host, {})], lambda: host.flow.game.seat_to_move() == BOB)
    guest.sync()
    # Both screens believe they make move n (Bob's own; the host's copy of it stands
    # for a second screen of Bob's that joined beside the rule).
    first = guest.flow.game.legal_moves()[0]
    other = guest.flow.game.legal_moves()[-1]
    host.flow.game.apply(other)
    assert host.submit()
    guest.flow.game.apply(first)
    assert not guest.submit()
    assert moves(guest) == moves(host)
    assert guest.flow.game.moves[-1] == other
    log = host.shared.log.log(host.shared.table)[1]
    assert len(log) == len(moves(host))


def a_move_after_which_bob_moves(session: TableSession):
    """A move of Ann's after which Bob is to move, if she is to move (the log read) and
    has one."""
    session.sync()
    game = session.flow.game
    if game.finished or game.seat_to_move() != ANN:
        return None
    for move in game.legal_moves():
        trial = game.clone()
        trial.apply(move)
        if not trial.finished and trial.seat_to_move() == BOB:
            return move
    return None


def test_a_take_back_reaches_the_other_screen_and_is_too_late_once_the_next_seat_moved(table):
    host, guest = table
    people: dict[int, object] = {}
    ann, bob = Screen(host, people), Screen(guest, people)
    play_to([ann, bob], lambda: a_move_after_which_bob_moves(host) is not None)
    before = moves(host)
    move = a_move_after_which_bob_moves(host)
    assert host.flow.play(ANN, move) and host.submit()
    assert guest.sync() and moves(guest) == [*before, move]
    assert host.flow.take_back() == move and host.taken_back()
    assert moves(host) == before
    assert guest.sync() and moves(guest) == before
    # Ann plays it again, and Bob answers before she takes it back a second time.
    assert host.flow.play(ANN, move) and host.submit()
    assert bob.act() and len(moves(guest)) == len(before) + 2
    assert host.flow.take_back() == move  # her screen has not read the log yet
    assert not host.taken_back()
    assert moves(host) == moves(guest) and len(moves(host)) == len(before) + 2
    assert host.shared.log.log(host.shared.table)[1] == guest.shared.log.log(guest.shared.table)[1]


def test_the_keeper_writes_the_save_and_the_other_screen_does_not(table):
    host, guest = table
    play_to([Screen(host, {}), Screen(guest, {})], lambda: len(moves(host)) >= 6)
    assert host.shared.keeper and not guest.shared.keeper
    host.save_now()
    assert host.save_path is not None and host.saved
    assert guest.save_path is None and guest.save_now() is None
    assert [path.name for path in host.saves.glob("*.json")] == [host.save_path.name]
    record = load(host.save_path)
    assert record.game.moves == host.flow.game.moves
    assert record.levels == (None, None, "easy", "normal")


def test_the_lease_and_the_save_pass_to_the_other_screen_when_the_keepers_beat_stops(table, clock):
    host, guest = table
    play_to([Screen(host, {}), Screen(guest, {})], lambda: len(moves(host)) >= 6)
    assert not guest.beat() and not guest.shared.keeper
    clock.now += table_log.TableLog.TTL / 2
    assert not host.beat() and host.shared.keeper  # renewed: still the keeper
    clock.now += table_log.TableLog.TTL / 2 + 0.1
    assert not guest.beat()  # the renewed lease holds
    clock.now += table_log.TableLog.TTL
    assert guest.beat() and guest.shared.keeper and guest.flow.bots_here
    assert not guest.beat()  # keeper already: nothing new
    # The old keeper learns it at its next beat and lets the save go.
    assert not host.beat() and not host.flow.bots_here and host.save_path is None
    guest.beat()
    assert guest.save_path == host.shared.save
    play_to([Screen(host, {}), Screen(guest, {})], lambda: len(moves(guest)) >= 12)
    guest.save_now()
    assert load(guest.save_path).game.moves == guest.flow.game.moves


def test_the_new_keeper_takes_the_save_at_once_when_the_old_screen_is_gone(table, clock):
    host, guest = table
    play_to([Screen(host, {}), Screen(guest, {})], lambda: len(moves(host)) >= 3)
    host.hold(None)  # the old keeper's process ended: the system let go of its lock
    clock.now += 2 * table_log.TableLog.TTL
    assert guest.beat() and guest.save_path == host.shared.save


def test_a_finished_game_closes_the_table_and_its_save_loads_as_the_same_game(tmp_path, clock):
    host, codes = opened(tmp_path, options=HattrickOptions(deals=1))
    guest = joined(tmp_path, codes[(BOB,)])
    people: dict[int, object] = {}
    play_to([Screen(host, people), Screen(guest, people)], lambda: host.finished)
    guest.sync()
    assert guest.finished and moves(guest) == moves(host)
    assert host.shared.log.table(host.shared.table).finished
    host.save_now()
    record = load(host.save_path)
    assert record.game.moves == host.flow.game.moves and record.finished
    assert record.game.totals == host.flow.game.totals
    guest.let_go()
    for code in codes.values():
        with pytest.raises(JoinRefused, match="game is over"):
            joined(tmp_path, code)


def test_a_wrong_code_and_a_second_screen_for_a_connected_seat_are_refused(table, tmp_path):
    with pytest.raises(JoinRefused, match="No table"):
        joined(tmp_path, "not-a-code")
    _host, guest = table
    with pytest.raises(JoinRefused, match="already playing"):
        joined(tmp_path, guest.shared.code)


def test_a_bots_decision_on_the_scoreboard_reaches_the_other_screen(tmp_path, clock):
    from positions import tied_game

    tied = tied_game()
    decider = tied.to_move
    away = (decider + 2) % 3  # the other seat plays at the screen that opens the table
    seats = [Seat(name) for name in tied.players]
    seats[decider] = Seat(tied.players[decider], "easy")
    seats[away] = Seat(tied.players[away], own_screen=True)
    host, codes = opened(tmp_path, "sticheln", tied.seed, seats, tied.options)
    guest = joined(tmp_path, codes[(away,)])
    screens = [FirstLegal(host, {}), FirstLegal(guest, {})]
    play_to(screens, lambda: moves(guest, read=True) == tied.moves)
    assert host.flow.hooks.decision_due(guest.flow.game)
    assert screens[0].act()  # the keeper's bot decides, and the decision goes to the log
    assert guest.sync() and moves(guest) == moves(host) == [*tied.moves, moves(host)[-1]]
    assert not guest.flow.hooks.decision_due(guest.flow.game)


# -- a whole game, each game ----------------------------------------------------------


def one_process(game: str, seed: int, options) -> TableGame:
    """The same seeded game played at one screen (the people as the easy bot), unsaved."""
    session = TableSession(Path("unused"))
    kind = engine_of(game)
    names = [seat.name for seat in SEATS]
    table = kind(names, seed=seed) if options is None else kind(names, options, 0, seed)
    session.take_over(table, [seat.level for seat in SEATS])
    screen = Screen(session, {})
    play_to([screen], lambda: session.finished)
    return session.flow.game


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_played_from_two_screens_is_the_game_played_at_one(tmp_path, clock, game):
    options = GAMES[game]
    host, codes = opened(tmp_path, game, seed=11, options=options)
    guest = joined(tmp_path, codes[(BOB,)])
    people: dict[int, object] = {}
    play_to([Screen(host, people), Screen(guest, people)], lambda: host.finished)
    guest.sync()
    assert guest.finished
    alone = one_process(game, 11, options)
    assert moves(host) == moves(guest) == list(alone.moves)
    assert host.flow.game.totals == guest.flow.game.totals == alone.totals
    host.save_now()
    assert load(host.save_path).game.totals == host.flow.game.totals
