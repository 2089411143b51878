"""The Textual app: which screen comes next, and nothing else."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.geometry import Size
from textual.screen import Screen

from . import persistence
from .bots import Bot, Seat, make_bot
from .core.game import ChooseColours, Game, Move, Phase, PickPain, SeatView, SettleTie
from .core.review import frames
from .core.sticheln import Rules
from .key_rhythm import KeyRhythm
from .locations import saves_directory
from .persistence import Record, SaveEntry
from .screens.choose_colour import ChooseColourScreen
from .screens.confirm import ConfirmScreen
from .screens.flow import FlowScreen
from .screens.handoff import HandoffScreen
from .screens.load_problem import LoadProblemScreen
from .screens.open_elsewhere import OpenElsewhereScreen
from .screens.pain_pick import PainPickScreen
from .screens.private import PrivateScreen
from .screens.replay import ReplayScreen
from .screens.reveal import RevealScreen
from .screens.rules_help import RulesHelpScreen
from .screens.scoreboard import ScoreboardScreen
from .screens.setup import SetupScreen
from .screens.table import TableScreen
from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .textual_fixes import WorkaroundApp, apply_textual_fixes
from .themes import offer_only_our_themes
from .widgets.table_parts import last_event_text, totals_text, trick_stands

apply_textual_fixes()


class StichelnApp(WorkaroundApp):
    """Hot-seat Sticheln: humans share this keyboard; computer players fill other seats."""

    CSS_PATH = "app.tcss"
    TITLE = "Sticheln"
    BINDINGS = [
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("u", "take_back", "Take back"),
        Binding("q", "request_quit", "Quit"),
        Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True),
        Binding("ctrl+c", "save_and_quit", "Quit", show=False, priority=True),
    ]

    # How long a computer player's card stays "about to be played", so humans can follow
    # (twice that when it leads after a trick was taken); Space skips the wait.
    BOT_PAUSE: ClassVar[float] = 0.8

    def __init__(
        self,
        players: Sequence[str | Seat] | None = None,
        first_leader: int = 0,
        seed: int | None = None,
        rules: Rules = Rules(),
        *,
        saves: Path | None = None,
        resume: SaveEntry | None = None,
        review: bool = False,
    ) -> None:
        """Start at setup, or with a game of these players, or (`resume`) with a save:
        its game, or the offer of its backup when it will not load; or (`review`) step
        through that save's finished game. Games are saved after every move in the
        `saves` directory (default: the user's data directory)."""
        super().__init__()
        offer_only_our_themes(self)
        self._start_with = (players, first_leader, seed)
        self._resume = resume
        self._review = review
        self.saves = saves if saves is not None else saves_directory()
        self.rules = rules  # the rules of the game in progress, or offered at setup
        self.game: Game | None = None
        self.levels: tuple[str | None, ...] = ()  # a bot level per seat; None: human
        self.bots: dict[int, Bot] = {}  # computer players by seat; the others are human
        self.save_path: Path | None = None  # where the game in progress is saved
        self._lock: persistence.SaveLock | None = None  # that file is ours while we hold it
        self._saved: tuple[object, ...] | None = None  # what the save file holds now
        self._save_failed = False
        # Who sits at the keyboard now; private screens of another seat need a hand-off.
        self._keyboard: int | None = None
        self._hurry = asyncio.Event()
        self._thinking: object | None = None  # the pick or choice a bot works on now
        self._deals_shown = 0
        self._reveal_shown = False
        self._take_back_open = False
        self._last_mover: int | None = None
        self.key_rhythm = KeyRhythm()  # tells deliberate presses from held keys
        self._card_taken_back = None  # until its owner moves again

    async def on_event(self, event: events.Event) -> None:
        # Every key is timed as it arrives, before anything acts on it.
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.key_rhythm.press(event.key, event.time)
        await super().on_event(event)

    def on_mount(self) -> None:
        players, first_leader, seed = self._start_with
        if self._review:
            record = self._resume.record
            self.rules = record.game.rules
            self.push_screen(ReplayScreen(frames(record.game), self._resume.path.name))
        elif self._resume is not None:
            self.offer(self._resume)
        elif players:
            self.start_game(players, first_leader, seed, self.rules)
        else:
            self.push_screen(self._setup(seed))
        self._check_size(self.size)
        self._catch_signals()

    # -- saves --------------------------------------------------------------------

    def offer(self, entry: SaveEntry) -> None:
        """Continue a listed save; or say why it will not load and offer its backup; or,
        when another copy of the program has it open, say so and offer a look at it."""
        if entry.record is not None:
            if not self._hold(entry.path):
                self._show(OpenElsewhereScreen(entry))
                return
            # Read again now that it is ours: the other window may have played on since.
            entry = persistence.entry_of(entry.path, entry.modified)
        if entry.record is not None:
            self.resume(entry.record, entry.path)
        else:
            self._hold(None)
            self._show(LoadProblemScreen(entry))

    def _hold(self, path: Path | None) -> bool:
        """Make `path` the file the game is saved in (None: no file), letting go of the
        one before; False, and nothing changes, when another program has it open."""
        if self._lock is not None and self._lock.path == path:
            return True
        lock = persistence.SaveLock.take(path) if path is not None else None
        if path is not None and lock is None:
            return False
        if self._lock is not None:
            self._lock.release()
        self._lock = lock
        self.save_path = path
        return True

    def on_unmount(self) -> None:
        # The system lets go of the lock anyway; this also removes its file.
        if self._lock is not None:
            self._lock.release()

    def resume(self, record: Record, path: Path | None) -> None:
        """Take up a saved game where it was left (`path`: its save, held by `offer`, or
        a new file). Hands stay hidden until their owner has taken the keyboard (a
        hand-off comes first), even for a lone human."""
        self._hold(path)
        self._take_over(record.game, record.levels)
        self._deals_shown = record.deals_seen
        self._reveal_shown = record.reveal_seen
        self._keyboard = None
        if path is not None and path.exists():
            self._saved = self._save_state()  # the file holds this already
        self._show_next()

    @property
    def finished(self) -> bool:
        return self.game is not None and self.game.phase is Phase.OVER

    def export_record(self) -> None:
        """Write the finished game's record to the current directory, for review."""
        try:
            path = Path.cwd() / persistence.export_name(self.game.players)
            persistence.export(path, self._record())
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or error
            self.notify(f"Could not export the game: {reason}.", severity="error", markup=False)
            return
        self.notify(
            f"Game record written to {path}. Review it with: sticheln --replay {path.name}",
            markup=False,
            timeout=10,
        )

    @property
    def saved(self) -> bool:
        """The game in progress is in its save file (a move is saved once the frame that
        shows it is drawn, and every way out saves first)."""
        return self.save_path is not None and not self._save_failed and self._saved is not None

    def _record(self) -> Record:
        """The game in progress with what the table has seen of it, as saves hold it."""
        return Record(self.game, self.levels, self._deals_shown, self._reveal_shown)

    def _save_state(self) -> tuple[object, ...]:
        game = self.game
        return (id(game), len(game.moves), self._deals_shown, self._reveal_shown)

    def _autosave(self) -> None:
        """Save after every change; a failed save is reported once and retried after
        the next move, and the game goes on."""
        if self.save_path is None or self._save_state() == self._saved:
            return
        try:
            persistence.save(self.save_path, self._record())
        except OSError as error:
            if not self._save_failed:
                self.notify(
                    f"Could not save the game ({error.strerror or error}) in "
                    f"{self.save_path.parent}; trying again after the next move.",
                    severity="error",
                    markup=False,
                )
            self._save_failed = True
            return
        self._save_failed = False
        self._saved = self._save_state()

    def _catch_signals(self) -> None:
        """SIGTERM, SIGHUP (terminal closed) and SIGINT save and end the app cleanly."""
        if self.is_headless:
            return
        loop = asyncio.get_running_loop()
        for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            with contextlib.suppress(ValueError, RuntimeError, NotImplementedError):
                loop.add_signal_handler(number, self.action_save_and_quit)

    def action_save_and_quit(self) -> None:
        if self.game is not None:
            self._autosave()
        self.exit(return_code=1 if self._save_failed else 0)

    def before_crash(self) -> None:
        """An unexpected exception ends the app: the game is saved first."""
        if self.game is not None:
            self._autosave()

    # -- terminal size ------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    def _check_size(self, size: Size) -> None:
        """Cover a too-small terminal with a request to enlarge it; uncover once it fits."""
        too_small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        covered = isinstance(self.screen, TooSmallScreen)
        if too_small and not covered:
            self.push_screen(TooSmallScreen(size))
        elif covered and too_small:
            self.screen.show_size(size)
        elif covered:
            self.pop_screen()

    # -- flow ---------------------------------------------------------------------

    def start_game(
        self,
        players: Sequence[str | Seat],
        first_leader: int = 0,
        seed: int | None = None,
        rules: Rules = Rules(),
    ) -> None:
        """Begin a new game; raises ValueError (nothing changes) for a bad table."""
        seats = [Seat(seat) if isinstance(seat, str) else seat for seat in players]
        game = Game([seat.name for seat in seats], rules, first_leader, seed)
        self._take_over(game, [seat.level for seat in seats])
        self._hold(persistence.new_save_path(self.saves, game.players))
        self._show_next()

    def continue_game(self, game: Game, levels: Sequence[str | None] = ()) -> None:
        """Take over a game in any state, with a bot level (or None: human) per seat.

        With several humans, the next private screen needs a hand-off. Raises ValueError
        (nothing changes) for a table without a human.
        """
        self._take_over(game, levels)
        self._hold(None)  # a game handed over is not saved
        self._show_next()

    def _take_over(self, game: Game, levels: Sequence[str | None]) -> None:
        if len(levels) == len(game.players) and all(levels):
            raise ValueError("at least one player must be human")
        self.game = game
        self.rules = game.rules
        self.levels = tuple(levels) or (None,) * len(game.players)
        self.bots = {
            seat: make_bot(level, game.seed * len(game.players) + seat)
            for seat, level in enumerate(levels)
            if level
        }
        self._keyboard = self._lone_human()
        self._last_mover = None
        self._deals_shown = len(game.results)
        public = game.view(None)
        # Once the deal's first card is down, everybody has seen the pain cards.
        self._reveal_shown = bool(public.trick) or public.last_trick is not None
        self._take_back_open = False
        self._saved = None
        self._save_failed = False

    def new_game(self) -> None:
        """The setup form, filled in with the last game's table if there was one."""
        table, leader = (self._seats(), self.game.first_leader) if self.game else ((), 0)
        self.game = None
        self._hold(None)
        self._thinking = None
        self._show(self._setup(table=table, leader=leader))

    def rematch(self) -> None:
        """The same table again: players, seat types and rules; new cards, and the next
        seat leads first."""
        game = self.game
        self.start_game(
            self._seats(), (game.first_leader + 1) % len(game.players), None, game.rules
        )

    def _seats(self) -> list[Seat]:
        """Who sits at the table of the game in hand: names and bot levels."""
        players = self.game.players
        return [Seat(name, level) for name, level in zip(players, self.levels, strict=True)]

    def _setup(
        self, seed: int | None = None, table: Sequence[Seat] = (), leader: int = 0
    ) -> SetupScreen:
        """The start screen, offering the latest unfinished game if there is one."""
        unfinished = persistence.latest_unfinished(self.saves)
        return SetupScreen(self.rules, seed, unfinished, table, leader)

    def _show(self, screen) -> None:
        covered = isinstance(self.screen, TooSmallScreen)
        if covered:  # the game goes on beneath the request to enlarge the terminal
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        if covered:
            self.push_screen(TooSmallScreen(self.size))

    def _lone_human(self) -> int | None:
        """The only human at the table, who keeps the keyboard throughout; or None."""
        humans = [seat for seat in range(len(self.game.players)) if seat not in self.bots]
        return humans[0] if len(humans) == 1 else None

    def _show_next(self) -> None:
        game = self.game
        assert game is not None
        tie_news = None
        if game.phase is Phase.TIE and game.to_move in self.bots:
            tie_news = self._bot_settles_tie()
        # Saved once the screen shows the move: a few milliseconds sooner on screen.
        self.call_after_refresh(self._autosave)
        public = game.view(None)
        if len(game.results) > self._deals_shown or game.phase in (Phase.TIE, Phase.OVER):
            self._take_back_open = False
            self._show(ScoreboardScreen(public))
        elif game.phase is Phase.PLAY and game.rules.picks and not self._reveal_shown:
            self._take_back_open = False
            self._show(RevealScreen(public))
        elif game.to_move in self.bots:
            self._bot_turn(game.to_move)
        else:
            self._show_private(game.to_move)
        if tie_news:
            self.notify(tie_news, markup=False)

    def _show_private(self, seat: int) -> None:
        """The mover's own screen, behind a hand-off if someone else has the keyboard."""
        if seat != self._keyboard:
            self._hand_off(seat)
            return
        view = self.game.view(seat)
        if view.phase is Phase.PLAY:
            self._show_table(view)
            return
        if view.phase is Phase.PICK:
            self._show(PainPickScreen(view, self._card_taken_back))
        else:
            self._show(ChooseColourScreen(view))

    def _show_table(self, view: SeatView) -> None:
        """The seat's table: the one already up is updated in place."""
        stack = self.screen_stack
        shown = stack[-2] if isinstance(self.screen, TooSmallScreen) else stack[-1]
        if isinstance(shown, TableScreen) and shown.view.seat == view.seat:
            shown.show(view)
        else:
            self._show(TableScreen(view, self._card_taken_back))

    def _hand_off(self, seat: int) -> None:
        """The opaque screen asking the table to pass the keyboard to `seat`."""
        self.clear_notifications()  # nothing of the last player's may linger
        public = self.game.view(None)
        self._show(HandoffScreen(public, seat, self._last_event(public)))

    def _last_event(self, public: SeatView) -> Text:
        if self._last_mover is None or not self.game.moves:
            return Text()
        return last_event_text(public, self.game.moves[-1], self._last_mover)

    def handoff_accepted(self, seat: int) -> None:
        self._keyboard = seat
        self._take_back_open = False
        self._show_next()

    def reveal_seen(self) -> None:
        self._reveal_shown = True
        # The whole table watched: the next hand needs a hand-off, unless one human
        # plays alone with bots.
        self._keyboard = self._lone_human()
        self._show_next()

    def scores_seen(self) -> None:
        self._deals_shown = len(self.game.results)
        self._reveal_shown = False
        self._keyboard = self._lone_human()
        self._show_next()

    # -- computer players -----------------------------------------------------------

    @property
    def bot_thinking(self) -> bool:
        """A computer player's pick or choice is being worked out: flow keys wait."""
        return self._thinking is not None

    def _bot_turn(self, seat: int) -> None:
        """A bot moves, thinking in a thread: a card at a readable pace on the screen of
        the human at the keyboard; a pick or a choice (nothing to watch) at once, on the
        screen already up, which ignores its keys meanwhile. A hand stays on screen only
        while its owner is the next human to move: otherwise the next human's hand-off
        comes up at once."""
        game = self.game
        pause = 0.0
        next_human = self._next_human(seat)
        public_screen_up = isinstance(self.screen, FlowScreen) and self._keyboard is None
        if self._keyboard != next_human and (game.phase is Phase.PLAY or not public_screen_up):
            self._keyboard = None
            self._hand_off(next_human)
            if game.phase is Phase.PLAY:
                return  # the cards are played once the next human watches
        elif game.phase is Phase.PLAY:
            view = game.view(self._keyboard)
            self._show_table(view)
            # A trick just taken stands a while longer than a card, to be read.
            pause = self.BOT_PAUSE * (2 if trick_stands(view) else 1)
        self._hurry.clear()
        token = None if game.phase is Phase.PLAY else object()
        self._thinking = token
        self.run_worker(self._bot_move(seat, game, pause, token), group="bots")

    def _next_human(self, seat: int) -> int:
        """The first human clockwise from `seat`."""
        count = len(self.game.players)
        later = ((seat + step) % count for step in range(count))
        return next(s for s in later if s not in self.bots)

    async def _bot_move(self, seat: int, game: Game, pause: float, token: object | None) -> None:
        view = game.view(seat)
        moves_made = len(game.moves)
        started = time.monotonic()
        # The search runs in a thread so the screen keeps answering keys meanwhile.
        move = await asyncio.to_thread(self._bot_choice, seat, view)
        pause -= time.monotonic() - started
        if pause > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._hurry.wait(), pause)
        # Rules help or a dialog on top: the move waits until it is closed.
        while self.game is game and not isinstance(self.screen, FlowScreen):
            await asyncio.sleep(0.05)
        if self._thinking is token:
            self._thinking = None
        if self.game is game and len(game.moves) == moves_made:  # not taken back meanwhile
            self.game.apply(move)
            self._last_mover = seat
            self._take_back_open = False  # the bots have answered: what they did stands
            self._show_next()

    def _bot_choice(self, seat: int, view: SeatView) -> Move:
        """The bot's move; should it ever fail, the rule of thumb plays for it."""
        try:
            return self.bots[seat].choose(view)
        except Exception:  # a bug in a bot must not end the players' evening
            self.log.error(f"bot {self.bots[seat].level} failed; the easy bot moved instead")
            return make_bot("easy", seat).choose(view)

    def _bot_settles_tie(self) -> str:
        """The tied bot decides; returns the news for the table."""
        seat = self.game.to_move
        advice = self.bots[seat].advise(self.game.view(seat))
        self.game.apply(advice.move)
        name = self.game.players[seat]
        choice = "an extra deal" if advice.move.extra_deal else "to share the win"
        return f"{name} chose {choice}: {advice.reason}."

    def action_hurry(self) -> None:
        """Play the waiting computer player's card now."""
        self._hurry.set()

    def settle_tie(self, extra_deal: bool) -> None:
        """The table's answer to a tie: one more deal, or a shared win."""
        self.game.apply(SettleTie(extra_deal))
        self._last_mover = None
        self.scores_seen()

    @on(PrivateScreen.MoveChosen)
    def _move_chosen(self, event: PrivateScreen.MoveChosen) -> None:
        self.submit(event.seat, event.move)

    def submit(self, seat: int, move: Move) -> None:
        """A move chosen on `seat`'s private screen.

        A stale event (a second Enter or click that reached a screen being replaced)
        is ignored rather than applied to whoever moves next.
        """
        game = self.game
        if game is None or seat != game.to_move or move not in game.legal_moves():
            return
        mover = game.to_move
        game.apply(move)
        self._last_mover = mover
        self._card_taken_back = None
        self._take_back_open = True
        self._show_next()

    # -- actions ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if isinstance(self.screen, TooSmallScreen):
            return action == "save_and_quit"  # nothing else until the game fits again
        if action == "take_back":
            if not isinstance(self._screen_in_play, HandoffScreen | PrivateScreen):
                return False
            return self._take_back_open or None
        return True

    @property
    def _screen_in_play(self) -> Screen:
        """The game's screen: the one beneath the command palette while it is open (the
        palette offers what could be done there)."""
        stack = self.screen_stack
        return stack[-2] if isinstance(stack[-1], CommandPalette) else stack[-1]

    def action_take_back(self) -> None:
        """Take back the human's move just made (no computer player has answered yet)."""
        game = self.game
        move = game.moves[-1]
        self.game = game.rewound(len(game.moves) - 1)
        self._take_back_open = False
        # The cursor waits on it, on a hand shown anew after a hand-off too.
        self._card_taken_back = getattr(move, "card", None)
        # From a hand-off screen the next player may be the one pressing u: the
        # taken-back hand only reappears behind its own hand-off.
        if isinstance(self.screen, HandoffScreen):
            self._keyboard = None
        self._last_mover = None
        name = self.game.players[self.game.to_move]
        self._show_next()
        # A toast outlives its screen: it names only cards everybody has seen.
        if isinstance(move, ChooseColours):
            self.notify(f"{name}: choose your colour again.", markup=False)
        elif isinstance(move, PickPain):
            self.notify(f"{name}: lay down your card again.", markup=False)
        else:
            self.notify(f"{name}: your card {move.card} is back in your hand.", markup=False)

    def action_rules(self) -> None:
        if isinstance(self.screen, RulesHelpScreen):
            return
        # At setup, the rules being chosen; in a game, the rules in force.
        rules = self.screen.rules if isinstance(self.screen, SetupScreen) else self.rules
        self.push_screen(RulesHelpScreen(rules))

    def action_quit(self) -> None:
        """The command palette's Quit asks first, like the q key."""
        self.action_request_quit()

    def _leaving_question(self, question: str) -> str:
        """Asks before leaving the game in progress, saying whether it can be continued."""
        if self.game is None or self.game.phase is Phase.OVER:
            return question
        if not self.saved:
            return f"{question} The game in progress could not be saved and will be lost."
        return f"{question} The game is saved: Continue on the start screen picks it up."

    def action_request_quit(self) -> None:
        self._if_sure("Quit Sticheln?", self.action_save_and_quit)

    def _if_sure(self, question: str, then: Callable[[], None]) -> None:
        """Asks before leaving the game in progress, once (not over its own question)."""
        if isinstance(self.screen, ConfirmScreen):
            return

        def if_sure(sure: bool | None) -> None:
            if sure:
                then()

        self.push_screen(ConfirmScreen(self._leaving_question(question)), if_sure)

    # -- command palette ----------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The game's commands where they apply on `screen`, then Textual's theme choice
        and key overview. Every command shows only what the whole table may see."""
        game = self.game
        if game is not None:
            yield SystemCommand("New game", "To the start screen; asks first", self.ask_new_game)
        if not isinstance(screen, RulesHelpScreen):
            yield SystemCommand("Rules", "The rules in force (?)", self.action_rules)
        if self.check_action("take_back", ()) is True:
            yield SystemCommand("Take back", "The move just made (u)", self.action_take_back)
        if game is not None and game.results and not isinstance(screen, ScoreboardScreen):
            yield SystemCommand("Scores", "Everybody's total so far", self.show_totals)
        yield SystemCommand("Quit", "Asks first (q)", self.action_quit)
        for command in super().get_system_commands(screen):
            if command.title in ("Theme", "Keys"):
                yield command

    def ask_new_game(self) -> None:
        self._if_sure("Start a new game?", self.new_game)

    def show_totals(self) -> None:
        """The totals after the deals scored so far, public whoever holds the keyboard."""
        public = self.game.view(None)
        deals = len(public.results)
        totals = totals_text(public)
        heading = f"after {deals} deal" + ("s" if deals != 1 else "")
        self.notify(f"Totals {heading}: {totals}", title="Scores", markup=False)
