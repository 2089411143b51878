"""The table's flow, free of any screen: who holds the keyboard, and what is due next.

Several people share one keyboard, so the table makes a promise: a hand is on screen only
for its owner, who took the keyboard for it on a hand-off (or plays alone with bots);
public moments (a deal's opening, its scores, the end) are seen by all. `TableFlow` keeps
that promise for a game in progress, whatever the game; what differs between games is
asked of its `GameHooks`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Literal, TypeVar

from .bots import Bot, make_bot
from .core.cards import Card
from .core.table import IllegalMove, TableGame
from .games import play_of
from .i18n import _
from .seats import no_human_problem
from .words import card_words

Move = Any  # a move of whichever game is played; its engine checks it


# -- what is due ------------------------------------------------------------------


@dataclass(frozen=True)
class HandOff:
    """The opaque screen asking the table to pass the keyboard to `seat`."""

    seat: int


@dataclass(frozen=True)
class Private:
    """`seat`'s own screen (its hand), for the seat holding the keyboard."""

    seat: int


REVEAL: Final = "reveal"  # a deal's opening moment, shown to all (Sticheln: the pain cards)
SCORES: Final = "scores"  # a deal's scores, a decision the table takes on them, or game over


@dataclass(frozen=True)
class Public:
    """A screen the whole table looks at: `REVEAL` or `SCORES`."""

    moment: Literal["reveal", "scores"]


@dataclass(frozen=True)
class BotTurn:
    """A computer player moves.

    `watcher`: the human whose table shows the move at a readable pace (moves played on
    the table); None: the bot thinks behind the screen already up, which holds its keys
    meanwhile. `hand_off`: first put up this seat's hand-off (the bot thinks behind it).
    """

    seat: int
    watcher: int | None = None
    hand_off: int | None = None


Step = HandOff | Private | Public | BotTurn


# -- what differs between games ---------------------------------------------------


_Game = TypeVar("_Game", bound=TableGame)


class GameHooks(Generic[_Game]):
    """What the flow asks of a game (of the engine class `_Game`). These defaults suit a
    game of plain turns and deal scores (Hattrick): no opening moment, no decision taken on
    a scoreboard."""

    def reveal_due(self, game: _Game) -> bool:
        """The deal opens with a public moment, due now unless the table has seen it."""
        return False

    def reveal_past(self, game: _Game) -> bool:
        """The deal's play has begun, so the table saw its opening (for a game taken up
        without a record of what was seen)."""
        return False

    def decision_due(self, game: _Game) -> bool:
        """The table decides something on the scoreboard (its mover answers there)."""
        return False

    def bot_decides(self, game: _Game, bot: Bot) -> str:
        """A computer player takes the scoreboard's decision; returns the news for all."""
        raise NotImplementedError

    def watched(self, game: _Game) -> bool:
        """The move to make is played on the table, for the humans to follow; otherwise
        it is a private choice with nothing to watch."""
        return game.phase == "play"

    def taken_back_news(self, name: str, move: Move) -> str:
        """The toast after a take-back: only what the whole table has seen."""
        return _("{name}: your card {card} is back in your hand.").format(
            name=name, card=card_words(move.card)
        )


def hooks_of(game: TableGame) -> GameHooks[Any]:
    """What the flow asks of this game."""
    return play_of(game.GAME).hooks


# -- the flow ---------------------------------------------------------------------


class TableFlow:
    """One game in progress at a hot-seat table; the screens ask it what is due.

    At a table played from several screens, each screen has a flow of its own: the
    humans at other screens (`remote`) move there, like bots this screen does not move
    (`bots_here` False: another screen moves them); their moves arrive through
    `caught_up`."""

    def __init__(
        self,
        game: TableGame,
        levels: Sequence[str | None] = (),
        remote: Iterable[int] = (),
    ) -> None:
        """Take over `game` in any state, with a bot level (None: human) per seat; no
        levels: all human. Raises ValueError (nothing changes) for a table without a
        human. The table is taken to have seen everything up to now."""
        levels = tuple(levels) or (None,) * len(game.players)
        problem = no_human_problem(levels)
        if problem:
            raise ValueError(problem)
        self.game = game
        self.hooks = hooks_of(game)
        self.levels = levels
        self.remote = frozenset(remote)  # humans at screens of their own
        if self.remote and (self.remote & {s for s, level in enumerate(levels) if level}):
            raise ValueError("a bot plays at no screen")
        self.bots_here = True  # this screen moves the bots
        self.bots: dict[int, Bot] = {
            seat: make_bot(level, game.seed * len(game.players) + seat, game.GAME)
            for seat, level in enumerate(levels)
            if level
        }
        self.keyboard: int | None = self.lone_human  # who sits at the keyboard now
        self.deals_seen = len(game.results)  # deal scoreboards the table has looked at
        self.reveal_seen = self.hooks.reveal_past(game)  # the current deal's opening
        self.take_back_open = False  # a human's move may be taken back
        # Where the cursor waits, until its owner moves again.
        self.card_taken_back: Card | None = None
        self.last_mover: int | None = None  # who made the last move, for the event line
        self.shown: Step | None = None  # what the table shows now, as this flow said

    @classmethod
    def resumed(
        cls,
        game: TableGame,
        levels: Sequence[str | None],
        deals_seen: int,
        reveal_seen: bool,
        remote: Iterable[int] = (),
    ) -> TableFlow:
        """A saved game taken up again: hands stay hidden until their owner has taken
        the keyboard (a hand-off comes first), even for a lone human."""
        flow = cls(game, levels, remote)
        flow.deals_seen = deals_seen
        flow.reveal_seen = reveal_seen
        flow.keyboard = None
        return flow

    # -- the table ----------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        """The humans at this screen."""
        others = self.bots.keys() | self.remote
        return [seat for seat in range(len(self.game.players)) if seat not in others]

    def moves_here(self, seat: int) -> bool:
        """`seat`'s moves are made at this screen: a human here, or a bot while this
        screen moves the bots."""
        return seat not in self.remote and (seat not in self.bots or self.bots_here)

    @property
    def lone_human(self) -> int | None:
        """The only human at the table, who keeps the keyboard throughout; or None."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def next_human(self, seat: int) -> int:
        """The first human at this screen clockwise from `seat` (`seat` itself if one)."""
        count = len(self.game.players)
        later = ((seat + step) % count for step in range(count))
        humans = self.humans
        return next(s for s in later if s in humans)

    @property
    def finished(self) -> bool:
        return self.game.finished

    # -- what is due ----------------------------------------------------------------

    def bots_decide(self) -> str | None:
        """A scoreboard decision that falls to a computer player is taken at once;
        returns the news for the table."""
        game = self.game
        if self.hooks.decision_due(game) and game.to_move in self.bots and self.bots_here:
            return self.hooks.bot_decides(game, self.bots[game.to_move])
        return None

    def next_step(self) -> Step:
        """What the table is to see now; the flow takes it as shown."""
        step = self._due()
        if isinstance(step, BotTurn):
            # A bot thinking behind the screen already up leaves it as it is.
            if step.hand_off is not None:
                self.shown = HandOff(step.hand_off)
            elif step.watcher is not None:
                self.shown = Private(step.watcher)
        else:
            self.shown = step
        if isinstance(step, Public):
            self.take_back_open = False
        return step

    def _due(self) -> Step:
        game = self.game
        if len(game.results) > self.deals_seen or self.hooks.decision_due(game) or self.finished:
            return Public(SCORES)
        if self.hooks.reveal_due(game) and not self.reveal_seen:
            return Public(REVEAL)
        seat = game.seat_to_move()
        if seat in self.bots or seat in self.remote:
            return self._bot_turn(seat)
        if seat != self.keyboard:
            return HandOff(seat)
        return Private(seat)

    def _bot_turn(self, seat: int) -> BotTurn | HandOff:
        """A hand stays on screen only while its owner is the next human to move:
        otherwise the next human's hand-off comes up at once. A move played on the
        table waits for that human to watch; a private choice is worked out meanwhile,
        behind the hand-off or the public screen already up."""
        next_human = self.next_human(seat)
        watched = self.hooks.watched(self.game)
        public_up = isinstance(self.shown, HandOff | Public) and self.keyboard is None
        if self.keyboard != next_human and (watched or not public_up):
            self.keyboard = None
            return HandOff(next_human) if watched else BotTurn(seat, hand_off=next_human)
        return BotTurn(seat, watcher=self.keyboard if watched else None)

    # -- what the table does ----------------------------------------------------------

    def accept_handoff(self, seat: int) -> bool:
        """`seat` took the keyboard on its hand-off; False (nothing changes) unless that
        hand-off is up."""
        if self.shown != HandOff(seat):
            return False
        self.keyboard = seat
        self.take_back_open = False
        return True

    def saw_reveal(self) -> bool:
        """The whole table saw the deal's opening: the next hand needs a hand-off, unless
        one human plays alone with bots. False (nothing changes) unless it was up."""
        if self.shown != Public(REVEAL):
            return False
        self.reveal_seen = True
        self.keyboard = self.lone_human
        return True

    def saw_scores(self) -> bool:
        """The whole table saw a deal's scores; False (nothing changes) unless they were
        up, or when the table still has to decide there, or the game is over."""
        if self.shown != Public(SCORES) or self.hooks.decision_due(self.game) or self.finished:
            return False
        self._scores_seen()
        return True

    def _scores_seen(self) -> None:
        self.deals_seen = len(self.game.results)
        self.reveal_seen = False
        self.keyboard = self.lone_human

    def decide(self, move: Move) -> bool:
        """The table's decision on the scoreboard (Sticheln: an extra deal, or a shared
        win); False (nothing changes) for a stale or illegal one."""
        if self.shown != Public(SCORES) or not self.hooks.decision_due(self.game):
            return False
        if self.game.to_move not in self.humans:  # its mover decides, at another screen
            return False
        try:
            self.game.apply(move)
        except IllegalMove:
            return False
        self.last_mover = None
        self._scores_seen()
        return True

    def play(self, seat: int, move: Move) -> bool:
        """A move chosen on `seat`'s private screen. A stale one (a second Enter or a
        click that reached a screen being replaced) changes nothing and gives False."""
        game = self.game
        if seat != self.keyboard or seat != game.to_move or seat in self.bots:
            return False
        try:
            game.apply(move)
        except IllegalMove:
            return False
        self.last_mover = seat
        self.card_taken_back = None
        self.take_back_open = True
        return True

    def bot_played(self, seat: int, move: Move, position: int) -> bool:
        """A computer player's move, worked out after the game's first `position` moves:
        the bots have answered, so what was done stands. A stale one (the game has moved
        since, or the seat is not a bot's to move) changes nothing and gives False."""
        game = self.game
        if seat not in self.bots or seat != game.to_move or len(game.moves) != position:
            return False
        try:
            game.apply(move)
        except IllegalMove:
            return False
        self.last_mover = seat
        self.take_back_open = False
        return True

    def caught_up(self, game: TableGame) -> None:
        """The game as the table's log has it now, with moves made at other screens (or
        one of this screen's that another screen's move beat to the log)."""
        grew = len(game.moves) > len(self.game.moves)
        self.last_mover = game.rewound(len(game.moves) - 1).seat_to_move() if grew else None
        self.game = game
        self.take_back_open = False
        self.card_taken_back = None

    def still_shown(self) -> bool:
        """What the table shows is what is due still, after moves made at other screens:
        the deal's opening or its scores not yet seen here, or the same hand-off. Put up
        again, it would take a key meant for it. (A public screen or a hand-off is up
        only with nobody at the keyboard, so asking what is due changes nothing.)"""
        if not isinstance(self.shown, HandOff | Public):
            return False
        if self.finished or self.hooks.decision_due(self.game):
            return False  # the end, or the table's decision: shown anew
        return self._due() == self.shown

    def take_back(self) -> Move | None:
        """Take back the human's move just made, while no computer player has answered
        and nobody else has taken the keyboard; returns it (None: nothing to take back)."""
        if not self.take_back_open:
            return None
        game = self.game
        move = game.moves[-1]
        self.game = game.rewound(len(game.moves) - 1)
        self.take_back_open = False
        # The cursor waits on it, on a hand shown anew after a hand-off too.
        self.card_taken_back = getattr(move, "card", None)
        # From a hand-off screen the next player may be the one taking it back: the
        # taken-back hand only reappears behind its own hand-off.
        if isinstance(self.shown, HandOff):
            self.keyboard = None
        self.last_mover = None
        return move

    def taken_back_news(self, move: Move) -> str:
        """What the table is told of a take-back (a toast outlives its screen)."""
        name = self.game.players[self.game.seat_to_move()]
        return self.hooks.taken_back_news(name, move)

    def last_event(self) -> tuple[Move, int] | None:
        """The last move and its mover, for the hand-off's event line; None when there
        is nothing to tell (a move taken back, a decision on the scoreboard)."""
        if self.last_mover is None or not self.game.moves:
            return None
        return self.game.moves[-1], self.last_mover
