"""The Textual app: it asks the table's session what is due, shows it, and hands the
players' moves on. The game, its save and its lock are the session's (session.py); the
palette's commands are commands.py's; a game's screens come from the registry (games/)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.widgets import Input, OptionList

from . import i18n
from .commands import GameCommands
from .core.names import visible
from .games import DEFAULT_GAME, info_of, load_problems, screens_of
from .i18n import N_, _, ngettext
from .key_rhythm import KeyRhythm
from .locations import saves_directory
from .screens import messages
from .screens.confirm import ConfirmScreen
from .screens.flow import FlowScreen
from .screens.menu import MenuScreen
from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .session import Join, Menu, Play, Replay, Resume, Setup, Start, TableSession, start_of
from .settings import warnings_given
from .textual_fixes import WorkaroundApp, apply_textual_fixes, option_region, toast_region
from .themes import ThemeList, offer_only_our_themes

if TYPE_CHECKING:
    from collections.abc import Iterable

    from textual.notifications import Notification, SeverityLevel
    from textual.timer import Timer

    from .bots import Bot
    from .core.table import TableGame
    from .flow import BotTurn, TableFlow
    from .persistence import Record, SaveEntry
    from .seats import Seat

apply_textual_fixes()

# What q asks before a game is chosen; a game's own question names it (`GameInfo`).
QUIT_QUESTION = N_("Quit the card table?")


class StichelnApp(WorkaroundApp):
    """Hot-seat card games: humans share this keyboard; computer players fill other seats."""

    CSS_PATH = "app.tcss"
    TITLE = "Sticheln"
    THEME_LIST = ThemeList
    COMMANDS = {GameCommands}  # Textual's own commands are among its
    BINDINGS = [
        Binding("question_mark,f1", "rules", N_("Rules"), key_display="?"),
        Binding("u", "take_back", N_("Take back")),
        # Translators: the footer's key that says the situation as one line (for a screen
        # reader): whose turn, the trick, your hand, the scores. Keep it short.
        # Out of the footers, which the games' own keys fill at 80 columns in some
        # languages; the rules help and the keys panel list it.
        Binding("i", "say", N_("Say"), show=False),
        Binding("q", "request_quit", N_("Quit")),
        Binding("ctrl+q", "request_quit", N_("Quit"), show=False, priority=True),
        Binding("ctrl+c", "save_and_quit", N_("Quit"), show=False, priority=True),
    ]

    # How long a computer player's card stays "about to be played", so humans can follow
    # (twice that when it leads after a trick was taken); Space skips the wait.
    BOT_PAUSE: ClassVar[float] = 0.8
    BOT_GROUP: ClassVar[str] = "bots"  # the workers of computer players' moves

    def __init__(
        self,
        players: Sequence[str | Seat] | None = None,
        first_leader: int = 0,
        seed: int | None = None,
        rules: object = None,
        *,
        game: str | None = None,
        saves: Path | None = None,
        resume: SaveEntry | None = None,
        review: bool = False,
        start: Start | None = None,
        session: TableSession | None = None,
    ) -> None:
        """Start as `start` says (the command line's choice); or, built from the other
        arguments (`session.start_of`): at the first screen, at `game`'s setup form
        (`rules`: its options; None: the game's own default), with a game of these
        players, with a save (`resume`: its game, or the offer of its backup when it
        will not load), or stepping through that save's finished game (`review`). Games
        are saved after every move in the `saves` directory (default: the user's data
        directory). A table joined with a code (`Join`) comes with its `session`, which
        has joined it already (a refused code is said before the app starts)."""
        super().__init__()
        offer_only_our_themes(self)
        self.start = start or start_of(players, first_leader, seed, rules, game, resume, review)
        saves = saves if saves is not None else saves_directory()
        self.session = session or TableSession(saves)
        # The options the command line gave, for their game's form (Escape and back again).
        self._options_given = getattr(self.start, "options", None)
        self._hurry = asyncio.Event()  # Space: the bot's card now
        self._screen_changed = asyncio.Event()
        self._held: FlowScreen | None = None  # holds its keys while a bot thinks behind it
        self._redrawing = False  # the screens are drawn again in another language
        self.key_rhythm = KeyRhythm()  # tells deliberate presses from held keys
        self._said: str | None = None  # the line `i` said last, shown in a toast
        self._said_private = False  # that line named the hand of the screen's seat
        self._table_timers: list[Timer] = []  # a table's log read, and signs of life
        self._waiting: tuple[str, Notification] | None = None  # "Waiting for Bob's screen."

    @property
    def saves(self) -> Path:
        return self.session.saves

    async def on_event(self, event: events.Event) -> None:
        # Every key is timed as it arrives, before anything acts on it.
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.key_rhythm.press(event.key, event.time)
        await super().on_event(event)

    def on_mount(self) -> None:
        start = self.start
        if isinstance(start, Replay):
            record = start.entry.record
            assert record is not None  # a save is replayed only once it has loaded
            screens = screens_of(record.game.GAME)
            review = self._review_of(record.game, record.levels)
            replay = screens.replay(self._frames(record.game), start.entry.path.name, review)
            self.push_screen(replay, lambda _: self.exit())
        elif isinstance(start, Resume):
            self.offer(start.entry)
        elif isinstance(start, Play):
            self.start_game(start.seats, start.first_leader, start.seed, start.options, start.game)
        elif isinstance(start, Setup):
            self.push_screen(self._setup(start.game, start.options, start.seed))
        elif isinstance(start, Join):
            self._at_the_table()
            self._show_next()
        self._check_size(self.size)
        self.catch_ending_signals()
        self.screen_change_signal.subscribe(self, self._on_screen_change, immediate=True)
        for warning in [*warnings_given(), *load_problems()]:  # stderr is hidden too
            self.notify(warning, severity="warning", markup=False, timeout=10)

    def _on_screen_change(self, screen: Screen) -> None:
        self._screen_changed.set()
        if self._said_private:  # a hand said on its own screen does not outlive it
            self.clear_notifications()
            self._said = None
            self._said_private = False

    def get_default_screen(self) -> Screen:
        """With nothing chosen to start with, the first screen is the app's own (drawn
        with the first frame, not pushed over a blank one: that would cost a tenth)."""
        if isinstance(self.start, Menu):
            return MenuScreen(self.saves)
        return super().get_default_screen()

    # -- the game in hand -------------------------------------------------------------

    @property
    def flow(self) -> TableFlow | None:
        """The game in progress and its table's promise, or None."""
        return self.session.flow

    @property
    def game(self) -> TableGame | None:
        """The game in progress, or None (at setup)."""
        return self.session.game

    @property
    def finished(self) -> bool:
        return self.session.finished

    @property
    def bots(self) -> dict[int, Bot]:
        """The computer players of the game in progress, by seat."""
        return self.flow.bots if self.flow is not None else {}

    def start_game(
        self,
        players: Sequence[str | Seat],
        first_leader: int = 0,
        seed: int | None = None,
        options: object = None,
        game: str = DEFAULT_GAME,
    ) -> None:
        """Begin a new game of `game` (its key) with these options (None: the game's
        default); raises ValueError (nothing changes) for a bad table."""
        from .seats import Seat
        from .table_log import TableLogError

        seats = [Seat(seat) if isinstance(seat, str) else seat for seat in players]
        self._cancel_bot_move()
        try:
            self.session.start(game, seats, first_leader, seed, options)
        except TableLogError as error:  # the tables database cannot be used: the form again
            self.notify(str(error), severity="error", markup=False, timeout=20)
            self._show(self._setup(game, options, seed, seats, first_leader))
            return
        self._begun()

    def continue_game(self, game: TableGame, levels: Sequence[str | None] = ()) -> None:
        """Take over a game in any state, with a bot level (or None: human) per seat; it
        is not saved. With several humans, the next private screen needs a hand-off.
        Raises ValueError (nothing changes) for a table without a human."""
        self._cancel_bot_move()
        self.session.take_over(game, levels)
        self._show_next()

    def resume(self, record: Record, path: Path | None) -> None:
        """Take up a saved game where it was left (`path`: its save, or a new file)."""
        self._cancel_bot_move()
        self.session.resume(record, path)
        self._show_next()

    def offer(self, entry: SaveEntry) -> None:
        """Continue a listed save; or say why it will not load and offer its backup; or,
        when another copy of the program has it open, say so and offer a look at it."""
        taken = self.session.take_up(entry)
        if taken is None:
            from .screens.open_elsewhere import OpenElsewhereScreen

            self._show(OpenElsewhereScreen(entry))
        elif taken.record is not None:
            self.resume(taken.record, taken.path)
        else:
            from .screens.load_problem import LoadProblemScreen

            self._show(LoadProblemScreen(taken))

    def new_game(self) -> None:
        """The setup form of the game in hand, filled in with its table (Escape: the
        first screen, for another game); without one (a save that would not load), the
        first screen."""
        game = self.game
        table = self.session.seats() if game is not None else ()
        self._cancel_bot_move()
        self.session.leave()
        if game is None:
            self._show(MenuScreen(self.saves))
            return
        self._show(self._setup(game.GAME, game.options, None, table, game.first_leader))

    def rematch(self) -> None:
        """The same table again, with new cards; the next seat leads first."""
        self._cancel_bot_move()
        self.session.rematch()
        self._begun()

    def _begun(self) -> None:
        """A new game is under way: at a table of several screens, their codes first."""
        self._at_the_table()
        self._show_next()
        if self.session.shared is not None:
            self.show_join_codes()

    def export_record(self) -> None:
        """Write the finished game's record to the current directory, for review."""
        try:
            path = self.session.export(Path.cwd())
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or error
            problem = _("Could not export the game: {reason}.").format(reason=reason)
            self.notify(problem, severity="error", markup=False)
            return
        self.notify(
            _("Game record written to {path}. Review it with: sticheln --replay {name}").format(
                path=visible(path), name=visible(path.name)
            ),
            markup=False,
            timeout=10,
        )

    def _setup(
        self,
        game: str,
        options: object = None,
        seed: int | None = None,
        table: Sequence[Seat] = (),
        leader: int | None = None,
    ) -> Screen:
        """`game`'s setup form, with these options (None: the game's default) and table."""
        from .games import engine_of

        if options is None and type(self._options_given) is engine_of(game).OPTIONS:
            options = self._options_given  # the command line's, for its game's form
        return screens_of(game).setup(options, seed, table, leader)

    @staticmethod
    def _frames(finished: TableGame) -> list[Any]:
        from .core.review import frames

        return frames(finished)

    @staticmethod
    def _review_of(finished: TableGame, levels: Sequence[str | None]) -> Any:
        from .session import review_of

        return review_of(finished, levels)

    def _autosave(self) -> None:
        """Save after every change; a failed save is said once, and the game goes on."""
        problem = self.session.autosave()
        if problem is not None:
            self.notify(problem, severity="error", markup=False)

    # -- the messages of the game's screens -------------------------------------------

    @on(messages.HandOffAccepted)
    def _handoff_accepted(self, message: messages.HandOffAccepted) -> None:
        if self.flow is not None and self.flow.accept_handoff(message.seat):
            self._show_next()

    @on(messages.RevealSeen)
    def _reveal_seen(self) -> None:
        if self.flow is not None and self.flow.saw_reveal():
            self._show_next()

    @on(messages.ScoresSeen)
    def _scores_seen(self) -> None:
        if self.flow is not None and self.flow.saw_scores():
            self._show_next()

    @on(messages.TableDecided)
    def _table_decided(self, message: messages.TableDecided) -> None:
        if self.flow is not None and self.flow.decide(message.move):
            self._submit()
            self._show_next()

    @on(messages.MoveChosen)
    def _move_chosen(self, message: messages.MoveChosen) -> None:
        """A stale move (a second Enter or click that reached a screen being replaced)
        is ignored rather than applied to whoever moves next."""
        if self.flow is not None and self.flow.play(message.seat, message.move):
            self._submit()
            self._show_next()

    def _submit(self) -> None:
        """The move just made goes to the table's log, at a table of several screens;
        another screen's move may have come first (it stands, and this one is void)."""
        if not self.session.submit():
            self._cancel_bot_move()
            self.notify(_("Another screen moved first; the table is as it has it."))

    @on(messages.HurryRequested)
    def _hurry_requested(self) -> None:
        self.action_hurry()

    @on(messages.NewGameRequested)
    def _new_game_requested(self) -> None:
        self.new_game()

    @on(messages.RematchRequested)
    def _rematch_requested(self) -> None:
        if self.finished:
            self.rematch()

    @on(messages.ExportRequested)
    def _export_requested(self) -> None:
        if self.finished:
            self.export_record()

    @on(messages.ReviewRequested)
    def _review_requested(self) -> None:
        """The finished game replayed over its final screen, its review under way."""
        if not self.finished:
            return
        game, session = self.game, self.session
        assert game is not None
        source = session.save_path.name if session.save_path is not None else _(game.TITLE)
        replay = screens_of(game.GAME).replay
        self.push_screen(replay(self._frames(game), source, session.review(), reviewing=True))

    @on(messages.BackupChosen)
    def _backup_chosen(self, message: messages.BackupChosen) -> None:
        # The game goes on in a new file, so the damaged one stays for inspection.
        from .persistence import new_save_path

        record = message.record
        self.resume(record, new_save_path(self.saves, record.game.players))

    @on(messages.TakeUpRequested)
    def _take_up_requested(self, message: messages.TakeUpRequested) -> None:
        self.offer(message.entry)
        if self.session.holds(message.entry.path):  # not a third window's now
            self.notify(message.notice)

    @on(messages.MenuRequested)
    def _menu_requested(self) -> None:
        self._show(MenuScreen(self.saves))

    @on(messages.StartRequested)
    def _start_requested(self, event: messages.StartRequested) -> None:
        self.start_game(event.seats, event.leader, event.seed, event.options, event.game)

    # -- the first screen ---------------------------------------------------------------

    @on(MenuScreen.ContinueChosen)
    def _continue_chosen(self, event: MenuScreen.ContinueChosen) -> None:
        self.offer(event.entry)

    @on(MenuScreen.GameChosen)
    def _game_chosen(self, event: MenuScreen.GameChosen) -> None:
        self._show(self._setup(event.game))

    @on(MenuScreen.StatisticsChosen)
    def _statistics_chosen(self) -> None:
        from .screens.statistics import StatisticsScreen

        self.push_screen(StatisticsScreen(self.saves))

    @on(MenuScreen.RulesChosen)
    def _rules_chosen(self) -> None:
        self.action_rules()

    @on(MenuScreen.LanguageChosen)
    def _language_chosen(self) -> None:
        self.choose_language()

    @on(MenuScreen.QuitChosen)
    def _quit_chosen(self) -> None:
        self.exit()  # no game in progress: nothing to ask about

    # -- what the flow says is due -------------------------------------------------------

    def _show(self, screen: Screen) -> None:
        covered = isinstance(self.screen, TooSmallScreen)
        if covered:  # the game goes on beneath the request to enlarge the terminal
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        if covered:
            self.push_screen(TooSmallScreen(self.size, self._game_in_hand()))

    @property
    def _flow_screen(self) -> Screen:
        """The screen of the game's flow, beneath a request to enlarge the terminal."""
        stack = self.screen_stack
        return stack[-2] if isinstance(self.screen, TooSmallScreen) else stack[-1]

    def _show_next(self) -> None:
        """Show what the flow says is due."""
        from .flow import SCORES, BotTurn, HandOff, Public

        flow = self.flow
        assert flow is not None
        screens = screens_of(flow.game.GAME)
        news = flow.bots_decide()
        if news:
            self._submit()  # the table's decision, taken by a bot, is a move like any
        # Saved once the screen shows the move: a few milliseconds sooner on screen.
        self.call_after_refresh(self._autosave)
        step = flow.next_step()
        if isinstance(step, Public) and step.moment == SCORES:
            self._show(screens.scoreboard(flow.game.view(None)))
        elif isinstance(step, Public):
            assert screens.reveal is not None  # the game's hooks said its opening is due
            self._show(screens.reveal(flow.game.view(None)))
        elif isinstance(step, HandOff):
            self._hand_off(step.seat)
        elif isinstance(step, BotTurn):
            self._bot_turn(step)
        else:
            self._show_private(flow.game.view(step.seat))
        if news:
            self.notify(news, markup=False)

    def _show_private(self, view: Any) -> None:
        """The seat's own screen for its phase: the table already up is updated in place."""
        shown = self._flow_screen
        flow = self.flow
        assert flow is not None
        cursor = flow.card_taken_back
        screens = screens_of(flow.game.GAME)
        on_the_table = view.phase in screens.table_phases
        if on_the_table and type(shown) is screens.table and shown.view.seat == view.seat:
            shown.show(view)
            return
        screen: FlowScreen
        if on_the_table:
            screen = screens.table(view, cursor)
        else:
            assert screens.choice is not None  # a game with phases off the table has one
            screen = screens.choice(view, cursor)
        # A seat's screen put up anew (after a hand-off, the scores, or another choice of
        # the seat's) is looked at before a move counts.
        screen.first_look = True
        self._show(screen)

    def _hand_off(self, seat: int) -> None:
        """The opaque screen asking the table to pass the keyboard to `seat`."""
        self.clear_notifications()  # nothing of the last player's may linger
        game = self.game
        assert game is not None
        handoff = screens_of(game.GAME).handoff
        self._show(handoff(game.view(None), seat, self._last_event_line()))

    def _last_event_line(self) -> Text:
        """The hand-off's line on the last move, in the language in use."""
        flow = self.flow
        assert flow is not None
        event = flow.last_event()
        text = screens_of(flow.game.GAME).last_event_text
        return text(flow.game.view(None), *event) if event else Text()

    # -- computer players -----------------------------------------------------------

    def _bot_turn(self, step: BotTurn) -> None:
        """A bot moves, thinking in a worker: a card at a readable pace on the table of
        the human watching; a pick or a choice (nothing to watch) at once, behind the
        screen up (a hand-off first, if the flow says so), which holds its keys meanwhile."""
        from .widgets.trick_table import trick_stands

        pause = 0.0
        if step.hand_off is not None:
            self._hand_off(step.hand_off)
        if step.watcher is not None:
            assert self.game is not None
            view = self.game.view(step.watcher)
            self._show_private(view)
            # A trick just taken stands a while longer than a card, to be read.
            pause = self.BOT_PAUSE * (2 if trick_stands(view) else 1)
        else:
            self._hold_keys(self._flow_screen)
        flow = self.flow
        assert flow is not None
        if not flow.moves_here(step.seat):  # another screen moves: its move comes through
            if step.watcher is None and step.hand_off is None and flow.lone_human is not None:
                # A private choice made at another screen may take a while: meanwhile the
                # one seat of this screen looks at its own hand, not at nothing.
                self._hold_keys(None)
                self._show_private(flow.game.view(flow.lone_human))
            self._say_who_is_away()  # the table's log
            return
        self._hurry.clear()
        self.run_worker(self._bot_move(step.seat, pause), group=self.BOT_GROUP)

    def _hold_keys(self, screen: Screen | None) -> None:
        """`screen` holds its keys while a bot works out a pick or a choice behind it."""
        if self._held is not None:
            self._held.bot_thinking = False
        self._held = screen if isinstance(screen, FlowScreen) else None
        if self._held is not None:
            self._held.bot_thinking = True

    def _cancel_bot_move(self) -> None:
        """The bot's pending move is void: its position was taken back or left."""
        self.workers.cancel_group(self, self.BOT_GROUP)
        self._hold_keys(None)

    async def _bot_move(self, seat: int, pause: float) -> None:
        from .bots.thinking import bot_thought

        game = self.game
        assert game is not None
        view = game.view(seat)
        position = len(game.moves)
        started = time.monotonic()
        # The search runs in a thread so the screen keeps answering keys meanwhile; it
        # stops once this worker is cancelled.
        move = await bot_thought(self._bot_choice, self.bots[seat], view)
        pause -= time.monotonic() - started
        if pause > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._hurry.wait(), pause)
        # Rules help or a dialog on top, or the screens drawn again in another language:
        # the move waits until that is done.
        while not isinstance(self.screen, FlowScreen) or self._redrawing:
            self._screen_changed.clear()
            await self._screen_changed.wait()
        flow = self.flow
        assert flow is not None  # leaving a game cancels its bot's move first
        if flow.bot_played(seat, move, position):  # a stale answer leaves the hold
            self._hold_keys(None)
            self.session.submit()  # another screen's copy of this bot may have moved first
            self._show_next()

    def _bot_choice(self, bot: Bot, view: Any) -> Any:
        """The bot's move; should it ever fail, the rule of thumb plays for it."""
        from .bots import make_bot

        try:
            return bot.choose(view)
        except Exception:  # a bug in a bot must not end the players' evening
            self.log.error(f"bot {bot.level} failed; the easy bot moved instead")
            assert self.game is not None and view.seat is not None
            return make_bot("easy", view.seat, self.game.GAME).choose(view)

    def bot_moves_here(self) -> bool:
        """A computer player moves next, and this screen moves it (not a human at another
        screen, nor the bots of another screen)."""
        flow = self.flow
        if flow is None or flow.finished:
            return False
        seat = flow.game.seat_to_move()
        return seat in flow.bots and flow.moves_here(seat)

    def action_hurry(self) -> None:
        """Play the waiting computer player's card now."""
        self._hurry.set()

    # -- actions ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if isinstance(self.screen, TooSmallScreen):
            return action == "save_and_quit"  # nothing else until the game fits again
        if action == "say":
            return self.game is not None  # nothing to say at the first screen or setup
        if action == "take_back":
            # No game, no game's screens (they load with the game): nothing to take back.
            if self.flow is None:
                return False
            from .screens.handoff import HandoffScreen
            from .screens.private import PrivateScreen

            if not isinstance(self._screen_in_play, HandoffScreen | PrivateScreen):
                return False
            return self.flow.take_back_open or None
        return super().check_action(action, parameters)

    @property
    def _screen_in_play(self) -> Screen:
        """The game's screen: the one beneath the command palette while it is open (the
        palette offers what could be done there)."""
        stack = self.screen_stack
        return stack[-2] if isinstance(stack[-1], CommandPalette) else stack[-1]

    def action_say(self) -> None:
        """The situation as one line, in a toast with the terminal cursor on it, where a
        screen reader or a braille display finds it. The hand only on its own seat's
        screen; on a hand-off or any screen the table shares, only what all may see."""
        from .screens.private import PrivateScreen
        from .widgets.situation import situation_line

        screen = self._screen_in_play
        seat = screen.view.seat if isinstance(screen, PrivateScreen) else None
        game = self.game
        assert game is not None  # `check_action` offers it only in a game
        words = screens_of(game.GAME).words
        self._said = situation_line(game.view(seat), words)
        self._said_private = seat is not None
        self.notify(self._said, title=_(game.TITLE), markup=False, timeout=20)

    def action_take_back(self) -> None:
        """Take back the human's move just made (no computer player has answered yet):
        the bot's pending answer is void."""
        flow = self.flow
        assert flow is not None  # `check_action` offers it only in a game
        move = flow.take_back()
        if move is None:
            return
        if not self.session.taken_back():
            self.notify(_("Too late to take it back: the next player has moved."))
            self._cancel_bot_move()
            self._show_next()
            return
        self._cancel_bot_move()
        self._show_next()
        # A toast outlives its screen: it names only cards everybody has seen.
        self.notify(flow.taken_back_news(move), markup=False)

    def action_rules(self) -> None:
        from .screens.rules_help import RulesHelpScreen
        from .screens.setup import SetupScreen

        if isinstance(self.screen, RulesHelpScreen):
            return
        # At setup, the options being chosen; in a game or a replay, those in force.
        if isinstance(self.screen, SetupScreen):
            options = self.screen.chosen_options()
        elif self.game is not None:
            options = self.game.options
        elif isinstance(self.start, Replay):
            record = self.start.entry.record
            assert record is not None  # a save is replayed only once it has loaded
            options = record.game.options
        else:
            options = None  # no game chosen yet: every game's rules
        self.push_screen(RulesHelpScreen(options))

    async def action_quit(self) -> None:
        """The command palette's Quit asks first, like the q key."""
        self.action_request_quit()

    def action_request_quit(self) -> None:
        game = self._game_in_hand()
        question = info_of(game).quit_question if game is not None else QUIT_QUESTION
        self._if_sure(_(question), self.action_save_and_quit)

    def _game_in_hand(self) -> str | None:
        """The key of the game being played, replayed or set up; None before one is chosen."""
        if self.game is not None:
            return self.game.GAME
        if isinstance(self.start, Replay):
            record = self.start.entry.record
            assert record is not None  # a save is replayed only once it has loaded
            return record.game.GAME
        # A setup form names its game (it may lie beneath the rules help or a question).
        return next((screen.GAME for screen in self.screen_stack if hasattr(screen, "GAME")), None)

    def _if_sure(self, question: str, then: Callable[[], None]) -> None:
        """Asks before leaving the game in progress, once (not over its own question)."""
        if isinstance(self.screen, ConfirmScreen):
            return

        def if_sure(sure: bool | None) -> None:
            if sure:
                then()

        self.push_screen(ConfirmScreen(self.session.leaving_question(question)), if_sure)

    def ask_new_game(self) -> None:
        self._if_sure(_("Start a new game?"), self.new_game)

    def show_totals(self) -> None:
        """The totals after the deals scored so far, public whoever holds the keyboard."""
        from .widgets.trick_table import totals_text

        game = self.game
        assert game is not None
        public = game.view(None)
        deals = len(public.results)
        totals = ngettext(
            "Totals after {count} deal: {totals}", "Totals after {count} deals: {totals}", deals
        ).format(count=deals, totals=totals_text(public, signed=not game.LOWEST_WINS))
        self.notify(totals, title=_("Scores"), markup=False)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's theme choice and key overview, in the player's language, which
        `GameCommands` lists with the game's own."""
        textual_commands = (
            self.action_change_theme,
            self.action_show_help_panel,
            self.action_hide_help_panel,
        )
        for command in super().get_system_commands(screen):
            if command.callback in textual_commands:  # their words: listed in textual_fixes
                yield command._replace(title=_(command.title), help=_(command.help))

    # -- ending -------------------------------------------------------------------------

    def action_save_and_quit(self) -> None:
        self._autosave()
        self.exit(return_code=self.session.exit_status)

    def on_terminal_lost(self) -> None:
        """Its terminal is gone, though no SIGHUP said so: the app ends as for one."""
        self.end_by_the_deadline()
        self.action_save_and_quit()

    def before_forced_exit(self) -> int:
        """The process is still here at the exit deadline: what the loop has not saved
        yet is saved from here, and the save let go of."""
        self.session.save_now()
        self.session.let_go()
        return self.session.exit_status

    def before_crash(self) -> None:
        """An unexpected exception ends the app: the game is saved first."""
        self._autosave()

    def on_unmount(self) -> None:
        self.session.let_go()

    # -- a table played from several screens ------------------------------------------------

    def _at_the_table(self) -> None:
        """At a table of several screens, read its log ten times a second (a look at the
        database's change counter: no CPU to speak of while nobody moves) and give a sign
        of life every second, which also hands the bots to this screen when their
        screen is gone."""
        for timer in self._table_timers:
            timer.stop()
        self._table_timers = []
        shared = self.session.shared
        if shared is None:
            return
        self._table_timers = [
            self.set_interval(shared.READ_EVERY, self._read_the_table, name="table log"),
            self.set_interval(shared.HEARTBEAT, self._sign_of_life, name="table presence"),
        ]

    def _read_the_table(self) -> None:
        """Another screen moved (or took a move back): the table shows it."""
        flow = self.flow
        if flow is None or self.session.shared is None:
            self._at_the_table()  # the table was left: no more reading
            return
        from .shared_table import TableLogError

        try:
            changed = self.session.sync()
        except TableLogError as error:
            self._table_lost(str(error))
            return
        if not changed:
            return
        self._cancel_bot_move()
        if not flow.still_shown():  # else not put up again under a key meant for it
            self._show_next()
        self._say_who_is_away()

    def _sign_of_life(self) -> None:
        from .shared_table import TableLogError

        try:
            keeper_now = self.session.beat()
        except TableLogError as error:
            self._table_lost(str(error))
            return
        if keeper_now and self.flow is not None and not self.finished:
            self._cancel_bot_move()
            self._show_next()  # the bots' moves are this screen's from now on
        self._say_who_is_away()

    def _table_lost(self, why: str) -> None:
        for timer in self._table_timers:
            timer.stop()
        self.notify(why, severity="error", markup=False, timeout=30)

    def _say_who_is_away(self) -> None:
        """While the table waits on a player at another screen, a line says so: "Waiting
        for Bob's screen" when it has closed (gone once it is back), or who is choosing
        when that is out of sight (a choice is made on its own screen, not the table)."""
        flow, shared = self.flow, self.session.shared
        line: str | None = None
        severity: SeverityLevel = "information"
        if flow is not None and shared is not None and not self.finished:
            seat = flow.game.seat_to_move()
            name = visible(flow.game.players[seat])
            if seat in flow.remote and seat in shared.absent():
                line, severity = _("Waiting for {name}'s screen.").format(name=name), "warning"
            elif seat in flow.remote and not flow.hooks.watched(flow.game):
                line = _("Waiting for {name} to choose.").format(name=name)
        if self._waiting is not None:
            said, toast = self._waiting
            if said == line and toast in self._notifications:
                return  # said already, and still up
            if toast in self._notifications:
                self._unnotify(toast)
            self._waiting = None
        if line is not None:
            from textual.notifications import Notification

            toast = Notification(line, "", severity, 24 * 3600, markup=False)
            # Added at once, as `notify` would a moment later, so it is known to be up.
            self._notifications.add(toast)
            self._refresh_notifications()
            self._waiting = (line, toast)

    def show_join_codes(self) -> None:
        """How each screen joins this table (the codes are known to the screen that
        opened it)."""
        from .screens.join_codes import JoinCodesScreen
        from .shared_table import join_lines

        shared, game = self.session.shared, self.game
        if shared is None or game is None or not shared.codes:
            return
        self.push_screen(JoinCodesScreen(join_lines(shared, game.players)))

    # -- the language -------------------------------------------------------------

    def choose_language(self) -> None:
        """The languages, each by its own name; the one chosen is spoken at once."""
        from .screens.language import language_commands

        self.search_commands(language_commands(self.speak), _("Choose a language…"))

    async def speak(self, code: str) -> None:
        """Speak the language `code` from now on: every screen up is drawn again in it,
        showing what it showed (a hand-off stays a hand-off, the game goes on where it
        stood), and the choice is kept for the next start."""
        from .screens.handoff import HandoffScreen
        from .screens.language import redraw
        from .settings import remember_language

        if code == i18n.language():
            return  # nothing to redraw, nothing new to keep
        i18n.use(code)
        self._redrawing = True
        try:
            for screen in list(self.screen_stack):
                if isinstance(screen, CommandPalette):
                    continue  # closing: its command is this one
                if self.flow is not None and isinstance(screen, HandoffScreen):
                    screen.last_event = self._last_event_line()
                await redraw(screen)
        finally:
            self._redrawing = False
            self._screen_changed.set()  # a computer player's move may go on
        problem = remember_language(code)
        if problem:
            self.notify(problem, severity="warning", markup=False)

    # -- the terminal -------------------------------------------------------------

    def cursor_region(self) -> Region | None:
        """The terminal cursor, which screen readers and braille displays follow: on the
        line `i` said while it shows, else on the focused card or choice (a text field
        places it itself)."""
        said = toast_region(self, self._said) if self._said else None
        if said is not None:
            return said.translate((0, 1))  # the line's first row, below the toast's title
        focused = self.focused
        if focused is None:  # a screen that draws its own choice (Seven Seals' prediction)
            return getattr(self.screen, "cursor_region", None)
        if isinstance(focused, Input):
            return None
        if isinstance(focused, OptionList):
            return option_region(focused)
        return getattr(focused, "cursor_region", focused.content_region)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    def _check_size(self, size: Size) -> None:
        """Cover a too-small terminal with a request to enlarge it; uncover once it fits."""
        too_small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        screen = self.screen
        if not isinstance(screen, TooSmallScreen):
            if too_small:
                self.push_screen(TooSmallScreen(size, self._game_in_hand()))
        elif too_small:
            screen.show_size(size)
        else:
            self.pop_screen()
