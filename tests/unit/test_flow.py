"""The table's promise, without a screen: who holds the keyboard and what is due next.

Every test runs for each kind of game (the `kind` fixture); a game without a public
opening moment or a decision on the scoreboard simply never meets those steps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from positions import tied_game

from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.hattrick import HattrickGame, HattrickOptions
from sticheln_tui.core.seven_seals import Phase as SealsPhase
from sticheln_tui.core.seven_seals import (
    Predict,
    ReturnSeal,
    SevenSealsGame,
    SevenSealsOptions,
    TakeSaboteur,
)
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.flow import (
    REVEAL,
    SCORES,
    BotTurn,
    HandOff,
    Private,
    Public,
    Step,
    TableFlow,
)

PLAYERS = ("Ann", "Bob", "Cid", "Dee")  # a table every game allows


@dataclass(frozen=True)
class Kind:
    """A game to test the flow with: `new(first_leader, seed)` deals a short game."""

    name: str
    new: Callable[[int, int], object]


KINDS = [
    Kind("sticheln", lambda leader, seed: Game(PLAYERS, Rules(deals=2), leader, seed)),
    Kind(
        "hattrick",
        lambda leader, seed: HattrickGame(PLAYERS, HattrickOptions(deals=2), leader, seed),
    ),
    Kind(
        "seven-seals",
        lambda leader, seed: SevenSealsGame(PLAYERS, SevenSealsOptions(deals=2), leader, seed),
    ),
]


@pytest.fixture(params=KINDS, ids=lambda kind: kind.name)
def kind(request) -> Kind:
    return request.param


class Table:
    """The people at the table, as the app would show them the flow's steps: a hand-off is
    taken, a public screen looked at, and every move is the first legal one."""

    def __init__(self, flow: TableFlow) -> None:
        self.flow = flow
        self.seen: list[Step] = []

    def step(self):
        """What the flow says is due now (a bot's decision on the scores taken first)."""
        self.flow.bots_decide()
        step = self.flow.next_step()
        self.seen.append(step)
        return step

    def answer(self, step) -> None:
        flow = self.flow
        first_legal = flow.game.legal_moves()[0] if not flow.finished else None
        if isinstance(step, HandOff):
            assert flow.accept_handoff(step.seat)
        elif isinstance(step, Public) and step.moment == REVEAL:
            assert flow.saw_reveal()
        elif isinstance(step, Public) and not flow.finished:
            assert (
                flow.decide(first_legal)
                if flow.hooks.decision_due(flow.game)
                else (flow.saw_scores())
            )
        elif isinstance(step, Private):
            assert flow.play(step.seat, first_legal)
        elif isinstance(step, BotTurn):
            assert flow.bot_played(step.seat, first_legal, len(flow.game.moves))

    def run(self, until: Callable[[object], bool] = lambda step: False):
        """Step and answer until the game is over or `until` a step; returns that step."""
        for _ in range(5000):
            step = self.step()
            if until(step) or self.flow.finished:
                return step
            self.answer(step)
        raise AssertionError("the game did not end")


def flow_of(kind: Kind, levels, leader: int = 0, seed: int = 3) -> TableFlow:
    return TableFlow(kind.new(leader, seed), levels)


def test_a_lone_human_never_sees_a_hand_off(kind):
    table = Table(flow_of(kind, (None, "easy", "easy", "easy")))
    table.run()
    assert table.flow.finished
    assert not [step for step in table.seen if isinstance(step, HandOff)]
    private = {step.seat for step in table.seen if isinstance(step, Private)}
    watchers = {step.watcher for step in table.seen if isinstance(step, BotTurn)}
    assert private == {0} and watchers <= {0, None}


def test_with_two_humans_the_keyboard_passes_between_them_through_hand_offs(kind):
    flow = flow_of(kind, ("easy", None, "easy", None))
    table = Table(flow)
    holder = None  # who took the keyboard on a hand-off, since the last public screen
    for _ in range(5000):
        step = table.step()
        if flow.finished:
            break
        if isinstance(step, HandOff):
            assert step.seat in (1, 3)
            holder = step.seat
        elif isinstance(step, Public):
            holder = None  # the whole table looked: the keyboard is nobody's
        elif isinstance(step, Private):
            assert step.seat == holder
        elif isinstance(step, BotTurn):
            # A hand stays up only while its owner is the next human to move.
            assert step.watcher in (None, flow.next_human(step.seat))
            if step.hand_off is not None:
                assert step.hand_off == flow.next_human(step.seat)
                holder = None
        table.answer(step)
    assert flow.finished
    hand_offs = [step.seat for step in table.seen if isinstance(step, HandOff)]
    assert set(hand_offs) == {1, 3}
    private = {step.seat for step in table.seen if isinstance(step, Private)}
    assert private == {1, 3}


def test_a_hand_is_left_up_only_for_the_next_human(kind):
    """Ann (0) and Cid (2) with bots between: after Ann's move the bot at seat 1 plays on
    Cid's hand-off, never on Ann's table."""
    flow = flow_of(kind, (None, "easy", None, "easy"))
    table = Table(flow)
    for step in iter(table.step, None):
        if isinstance(step, BotTurn) and flow.hooks.watched(flow.game):
            assert step.watcher == flow.next_human(step.seat) == flow.keyboard
        if isinstance(step, HandOff) and flow.game.to_move in flow.bots:
            assert step.seat == flow.next_human(flow.game.to_move)
        if flow.finished:
            break
        table.answer(step)


def play_to_a_human_move(table: Table, seat: int) -> None:
    """On to `seat`'s private screen in the deal's play (its opening seen)."""
    flow = table.flow
    table.run(until=lambda step: step == Private(seat) and flow.hooks.watched(flow.game))


def test_the_take_back_window_opens_on_a_human_move_and_closes_when_a_bot_answers(kind):
    flow = flow_of(kind, (None, "easy", "easy", "easy"))
    table = Table(flow)
    play_to_a_human_move(table, 0)
    before = list(flow.game.moves)
    move = flow.game.legal_moves()[0]
    assert not flow.take_back_open
    assert flow.play(0, move)
    assert flow.take_back_open
    step = table.step()
    assert isinstance(step, BotTurn) and flow.take_back_open  # the bot has not answered
    assert flow.take_back() == move
    assert flow.game.moves == before and flow.card_taken_back == getattr(move, "card", None)
    assert not flow.take_back_open and flow.take_back() is None
    assert table.step() == Private(0)  # a lone human keeps the keyboard
    assert flow.play(0, move)
    step = table.step()
    assert flow.bot_played(step.seat, flow.game.legal_moves()[0], len(flow.game.moves))
    assert not flow.take_back_open  # the bot answered: what was done stands
    assert flow.take_back() is None


def test_the_take_back_window_closes_when_the_next_human_takes_the_keyboard(kind):
    flow = flow_of(kind, (None, None, "easy", "easy"))
    table = Table(flow)
    play_to_a_human_move(table, 0)
    assert flow.play(0, flow.game.legal_moves()[0])
    step = table.step()
    assert step == HandOff(1) and flow.take_back_open  # Ann may still take it back
    assert flow.accept_handoff(1)
    assert not flow.take_back_open


def test_a_take_back_from_the_hand_off_hides_the_hand_behind_its_own_hand_off(kind):
    flow = flow_of(kind, (None, None, "easy", "easy"))
    table = Table(flow)
    play_to_a_human_move(table, 0)
    assert flow.play(0, flow.game.legal_moves()[0])
    assert table.step() == HandOff(1)
    move = flow.take_back()
    assert flow.keyboard is None  # Bob may be the one who pressed it
    assert table.step() == HandOff(0)
    assert not flow.play(0, move)  # a late Enter on Ann's old screen: not without her


def test_the_take_back_window_closes_across_a_deal_end(kind):
    flow = flow_of(kind, (None, None, None, None))
    table = Table(flow)
    # On to the deal's last move, whoever makes it.
    table.run(until=lambda step: isinstance(step, Private) and last_move_of_deal(flow))
    assert flow.play(flow.game.to_move, flow.game.legal_moves()[0])
    assert flow.take_back_open
    assert table.step() == Public(SCORES)
    assert not flow.take_back_open and flow.take_back() is None


def last_move_of_deal(flow: TableFlow) -> bool:
    game = flow.game.clone()
    game.apply(game.legal_moves()[0])
    return len(game.results) > len(flow.game.results)


def test_a_resumed_game_starts_behind_a_hand_off_even_for_a_lone_human(kind):
    game = kind.new(0, 3)
    levels = (None, "easy", "easy", "easy")
    while game.to_move != 0 or len(game.moves) < 8:
        game.apply(game.legal_moves()[0])
    flow = TableFlow.resumed(game, levels, deals_seen=0, reveal_seen=True)
    table = Table(flow)
    assert table.step() == HandOff(0)
    table.answer(HandOff(0))
    assert table.step() == Private(0)
    # A game taken over (not resumed) trusts that its lone human is at the keyboard.
    assert Table(TableFlow(game.clone(), levels)).step() == Private(0)


@pytest.mark.parametrize(
    ("levels", "keyboard"),
    [((None, "easy", "easy", "easy"), 0), ((None, "easy", None, "easy"), None)],
    ids=["lone human", "two humans"],
)
def test_after_a_public_screen_the_keyboard_is_the_lone_humans_or_nobodys(kind, levels, keyboard):
    flow = flow_of(kind, levels)
    table = Table(flow)
    public = 0
    for step in iter(table.step, None):
        if flow.finished:
            break
        table.answer(step)
        if isinstance(step, Public):
            public += 1
            assert flow.keyboard == keyboard
            following = table.step()
            if keyboard is None and not isinstance(following, Public):
                # Whoever has a hand to see next takes the keyboard on a hand-off.
                assert isinstance(following, HandOff) or (
                    isinstance(following, BotTurn) and following.watcher is None
                )
            table.answer(following)
    assert public >= 1


def test_stale_events_change_nothing(kind):
    flow = flow_of(kind, (None, None, "easy", "easy"))
    table = Table(flow)
    play_to_a_human_move(table, 0)
    moves = list(flow.game.moves)
    legal = flow.game.legal_moves()
    assert not flow.play(1, legal[0])  # Bob's old screen: he does not hold the keyboard
    assert not flow.accept_handoff(1)  # no hand-off for Bob is up
    assert not flow.saw_scores() and not flow.saw_reveal()
    illegal = next(move for move in legal_moves_of_another_seat(flow) if move not in legal)
    assert not flow.play(0, illegal)  # the engine refuses it
    assert flow.game.moves == moves and flow.keyboard == 0 and not flow.take_back_open


def test_a_bot_move_no_longer_due_changes_nothing(kind):
    """A bot's answer worked out for a position the game has left (a second worker, a
    take-back) is refused, even where the engine would take it."""
    flow = flow_of(kind, (None, "easy", "easy", "easy"))
    table = Table(flow)
    step = table.run(until=lambda step: isinstance(step, BotTurn))
    position = len(flow.game.moves)
    first, *_ = flow.game.legal_moves()
    assert not flow.bot_played(0, first, position)  # seat 0 is human
    assert not flow.bot_played(step.seat, first, position - 1)  # worked out a move ago
    assert flow.game.moves[position:] == []
    assert flow.bot_played(step.seat, first, position)
    assert not flow.bot_played(step.seat, first, position)  # the same answer, twice
    assert len(flow.game.moves) == position + 1


def legal_moves_of_another_seat(flow: TableFlow):
    """Moves that are legal for the next seat once this one has moved: not now."""
    game = flow.game.clone()
    game.apply(game.legal_moves()[0])
    return game.legal_moves()


def test_the_hand_off_tells_the_last_move_and_who_made_it(kind):
    flow = flow_of(kind, (None, None, "easy", "easy"))
    table = Table(flow)
    play_to_a_human_move(table, 0)
    move = flow.game.legal_moves()[0]
    flow.play(0, move)
    assert flow.last_event() == (move, 0)
    flow.take_back()
    assert flow.last_event() is None


def test_a_table_of_bots_only_is_refused(kind):
    with pytest.raises(ValueError, match="at least one player must be human"):
        flow_of(kind, ("easy",) * 4)


def test_a_tie_is_settled_on_the_scoreboard_by_the_table_or_a_tied_bot():
    game = tied_game()
    flow = TableFlow(game.clone())
    assert Table(flow).step() == Public(SCORES)
    assert not flow.saw_scores()  # the table must answer first
    assert flow.decide(game.legal_moves()[0])
    assert flow.game.phase is not Phase.TIE and flow.deals_seen == len(game.results)
    seat = game.to_move
    levels = ["easy" if s == seat else None for s in range(len(game.players))]
    flow = TableFlow(game.clone(), levels)
    news = flow.bots_decide()
    assert news.startswith(game.players[seat]) and flow.game.phase is not Phase.TIE


# -- Seven Seals: the prediction round ----------------------------------------------


def seven_seals_flow(levels, deals: int = 1, seed: int = 3) -> TableFlow:
    """Ann leads first, so she predicts first; then Bob, Cid and Dee."""
    return TableFlow(SevenSealsGame(PLAYERS, SevenSealsOptions(deals), 0, seed), levels)


def test_predictions_pass_the_keyboard_and_bots_predict_behind_the_next_hand_off():
    """Ann (0) and Cid (2) with bots between: each human predicts behind a hand-off, and
    a bot's prediction, a private choice with nothing to watch, is made behind the next
    human's hand-off, never on Ann's screen."""
    flow = seven_seals_flow((None, "easy", None, "easy"))
    table = Table(flow)
    assert flow.game.phase is SealsPhase.PREDICT
    assert table.step() == HandOff(0)
    table.answer(HandOff(0))
    assert table.step() == Private(0)
    table.answer(Private(0))
    assert table.step() == BotTurn(1, hand_off=2)
    assert flow.shown == HandOff(2) and flow.keyboard is None
    table.answer(BotTurn(1, hand_off=2))
    assert table.step() == HandOff(2)  # the same hand-off, still up
    table.answer(HandOff(2))
    assert table.step() == Private(2)
    table.answer(Private(2))
    assert table.step() == BotTurn(3, hand_off=0)
    table.answer(BotTurn(3, hand_off=0))
    # Every seat has predicted: Ann leads the first trick, on her hand-off.
    assert flow.game.phase is SealsPhase.PLAY
    assert table.step() == HandOff(0)
    predictions = flow.game.view(None).predictions
    assert all(
        prediction is not None or flow.game.view(None).saboteur == seat
        for seat, prediction in enumerate(predictions)
    )


def test_a_lone_human_sees_the_bots_predict_without_a_hand_off():
    flow = seven_seals_flow((None, "easy", "easy", "easy"))
    table = Table(flow)
    assert table.step() == Private(0)
    table.answer(Private(0))
    for seat in (1, 2, 3):
        step = table.step()
        assert step == BotTurn(seat)  # thought out behind the screen up: nothing to watch
        table.answer(step)
    assert flow.game.phase is SealsPhase.PLAY and table.step() == Private(0)
    step = (table.answer(Private(0)), table.step())[1]
    assert step == BotTurn(1, watcher=0)  # cards are played on the table, to be watched


def test_a_prediction_taken_back_from_the_next_hand_off_comes_back_behind_its_own():
    flow = seven_seals_flow((None, None, "easy", "easy"))
    table = Table(flow)
    table.answer(table.step())
    assert table.step() == Private(0)
    prediction = next(m for m in flow.game.legal_moves() if isinstance(m, Predict))
    assert flow.play(0, prediction)
    assert table.step() == HandOff(1) and flow.take_back_open
    assert flow.take_back() == prediction
    assert flow.taken_back_news(prediction) == "Ann: choose your seals again."
    assert flow.game.moves == [] and flow.game.view(None).predictions[0] is None
    assert table.step() == HandOff(0)  # Bob may be the one who pressed it
    table.answer(HandOff(0))
    assert table.step() == Private(0)
    assert flow.play(0, prediction)
    assert table.step() == HandOff(1)
    assert flow.accept_handoff(1) and flow.take_back() is None  # Bob has the keyboard


def test_the_saboteur_taken_back_is_offered_again():
    flow = seven_seals_flow((None, "easy", "easy", "easy"))
    table = Table(flow)
    assert table.step() == Private(0)
    assert TakeSaboteur() in flow.game.legal_moves()
    assert flow.play(0, TakeSaboteur())
    assert flow.game.view(None).saboteur == 0
    assert flow.take_back() == TakeSaboteur()
    news = flow.taken_back_news(TakeSaboteur())
    assert news == "Ann: the saboteur is given back; predict or take it again."
    assert flow.game.view(None).saboteur is None
    assert flow.game.view(0).saboteur_offer is not None


def at_a_seal_to_give_back(seed: int = 3) -> SevenSealsGame:
    """A four-player game on to a trick's winner choosing which seal to give back: each
    seat predicts the most seals it may, and plays its first legal card."""
    game = SevenSealsGame(PLAYERS, SevenSealsOptions(deals=1), 0, seed)
    while game.phase is not SealsPhase.RETURN:
        moves = game.legal_moves()
        predictions = [move for move in moves if isinstance(move, Predict)]
        most = max(predictions, key=lambda move: sum(move.wanted.values()), default=None)
        game.apply(most or moves[0])
    return game


def test_a_seal_given_back_by_a_human_can_be_taken_back_and_chosen_again():
    game = at_a_seal_to_give_back()
    flow = TableFlow(game, (None,) * 4)
    table = Table(flow)
    winner = game.to_move
    assert table.step() == HandOff(winner)
    table.answer(HandOff(winner))
    assert table.step() == Private(winner)
    assert flow.hooks.watched(game)  # given back on the table, for all to follow
    returnable = game.view(winner).returnable
    assert len(returnable) >= 2
    before = list(game.moves)
    choice = ReturnSeal(returnable[-1])
    assert flow.play(winner, choice)
    assert flow.game.phase is SealsPhase.PLAY and flow.game.to_move == winner
    assert flow.take_back() == choice
    name = PLAYERS[winner]
    assert flow.taken_back_news(choice) == f"{name}: choose again which seal to give back."
    assert flow.game.moves == before and flow.game.phase is SealsPhase.RETURN
    assert table.step() == Private(winner)  # the winner keeps the keyboard
