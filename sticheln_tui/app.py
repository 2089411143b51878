"""The Textual app: which screen comes next, and nothing else."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.widgets import Input, OptionList

from . import i18n
from .core.names import visible
from .core.sticheln import Rules
from .i18n import N_, _, ngettext
from .key_rhythm import KeyRhythm
from .locations import saves_directory
from .screens.confirm import ConfirmScreen
from .screens.flow import FlowScreen
from .screens.menu import MenuScreen
from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .settings import warnings_given
from .textual_fixes import WorkaroundApp, apply_textual_fixes, option_region, toast_region
from .themes import ThemeList, offer_only_our_themes

apply_textual_fixes()


def _load_the_game() -> None:
    """What a game needs and the first screen does not: the engine, the bots, the saves
    and the game's screens. Imported once a game is chosen, resumed or asked for, so that
    the first screen is drawn at once (within 1.15x a minimal Textual app)."""
    global persistence, Bot, Seat, make_bot, frames, decisions, Record, Review, SaveEntry
    global GAMES, Game, Move, SeatView, SCORES, BotTurn, HandOff, Public, TableFlow
    global GAME_SCREENS, HandoffScreen, LoadProblemScreen, OpenElsewhereScreen
    global PrivateScreen, RevealScreen, RulesHelpScreen, ScoreboardScreen
    global SETUP_FORMS, SetupScreen, TableScreen
    global totals_text, trick_stands
    from . import persistence
    from .bots import Bot, make_bot
    from .bots.review import Review
    from .core.game import Game, Move, SeatView
    from .core.games import GAMES
    from .core.review import decisions, frames
    from .flow import SCORES, BotTurn, HandOff, Public, TableFlow
    from .persistence import Record, SaveEntry
    from .screens.games import GAME_SCREENS
    from .screens.handoff import HandoffScreen
    from .screens.load_problem import LoadProblemScreen
    from .screens.open_elsewhere import OpenElsewhereScreen
    from .screens.private import PrivateScreen
    from .screens.reveal import RevealScreen
    from .screens.rules_help import RulesHelpScreen
    from .screens.scoreboard import ScoreboardScreen
    from .screens.setup import SETUP_FORMS, SetupScreen
    from .screens.table import TableScreen
    from .seats import Seat
    from .widgets.table_parts import totals_text, trick_stands


# What q asks, naming the game in hand (None: no game chosen yet): each a whole question.
QUIT_QUESTIONS = {
    None: N_("Quit the card table?"),
    "sticheln": N_("Quit Sticheln?"),
    "hattrick": N_("Quit Hattrick?"),
    # Translators: Seven Seals is the game's title.
    "seven-seals": N_("Quit Seven Seals?"),
}


def _review_of(finished: Game, levels: Sequence[str | None]) -> Review:
    """The review of a finished game's human players (the seats without a bot level)."""
    humans = [seat for seat, level in enumerate(levels) if level is None]
    return Review(finished.GAME, decisions(finished, humans), humans)


class StichelnApp(WorkaroundApp):
    """Hot-seat Sticheln: humans share this keyboard; computer players fill other seats."""

    CSS_PATH = "app.tcss"
    TITLE = "Sticheln"
    THEME_LIST = ThemeList
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
    ) -> None:
        """Start at the first screen; or at `game`'s setup form (`rules`: its options;
        None: the game's own default), or with a game of these players (`game` by default
        Sticheln); or (`resume`) with a save: its game, or the offer of its backup when it
        will not load; or (`review`) step through that save's finished game. Games are
        saved after every move in the `saves` directory (default: the user's data
        directory)."""
        super().__init__()
        offer_only_our_themes(self)
        self._start_with = (game, players, first_leader, seed, rules)
        self._resume = resume
        self._review = review
        self.saves = saves if saves is not None else saves_directory()
        # The rules of the Sticheln game in progress, or offered at setup.
        self.rules = rules if isinstance(rules, Rules) else Rules()
        self.flow: TableFlow | None = None  # the game in progress and its table's promise
        self.save_path: Path | None = None  # where the game in progress is saved
        self._lock: persistence.SaveLock | None = None  # that file is ours while we hold it
        self._saved: tuple[object, ...] | None = None  # what the save file holds now
        self._save_problem: str | None = None  # why the latest save failed, if it did
        # The save and its lock are written from the exit deadline's thread too.
        self._files = threading.Lock()
        self._hurry = asyncio.Event()  # Space: the bot's card now
        self._screen_changed = asyncio.Event()
        self._held: FlowScreen | None = None  # holds its keys while a bot thinks behind it
        self._redrawing = False  # the screens are drawn again in another language
        self.key_rhythm = KeyRhythm()  # tells deliberate presses from held keys
        self._said: str | None = None  # the line `i` said last, shown in a toast
        self._said_private = False  # that line named the hand of the screen's seat

    async def on_event(self, event: events.Event) -> None:
        # Every key is timed as it arrives, before anything acts on it.
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.key_rhythm.press(event.key, event.time)
        await super().on_event(event)

    def on_mount(self) -> None:
        game, players, first_leader, seed, options = self._start_with
        if self._review:
            _load_the_game()
            record = self._resume.record
            replay = GAME_SCREENS[record.game.GAME].replay(
                frames(record.game), self._resume.path.name, _review_of(record.game, record.levels)
            )
            self.push_screen(replay, lambda _: self.exit())
        elif self._resume is not None:
            self.offer(self._resume)
        elif players:
            self._start(game or "sticheln", players, first_leader, seed, options)
        elif game:
            self.push_screen(self._setup(game, options, seed))
        self._check_size(self.size)
        self._catch_signals()
        self.screen_change_signal.subscribe(self, self._on_screen_change, immediate=True)
        for warning in warnings_given():  # on stderr too, where the screen hides them
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
        game, players, *_ = self._start_with
        if game or players or self._resume is not None:
            return super().get_default_screen()
        return MenuScreen(self.saves)

    # -- saves --------------------------------------------------------------------

    def offer(self, entry: SaveEntry) -> None:
        """Continue a listed save; or say why it will not load and offer its backup; or,
        when another copy of the program has it open, say so and offer a look at it."""
        _load_the_game()
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
        with self._files:
            if self._lock is not None:
                self._lock.release()
            self._lock = lock
            self.save_path = path
        return True

    def on_unmount(self) -> None:
        self._let_go()

    def _let_go(self) -> None:
        # The system lets go of the lock anyway; this also removes its file.
        with self._files:
            if self._lock is not None:
                self._lock.release()

    def resume(self, record: Record, path: Path | None) -> None:
        """Take up a saved game where it was left (`path`: its save, held by `offer`, or
        a new file). Hands stay hidden until their owner has taken the keyboard (a
        hand-off comes first), even for a lone human."""
        _load_the_game()
        self._hold(path)
        flow = TableFlow.resumed(record.game, record.levels, record.deals_seen, record.reveal_seen)
        self._take_over(flow)
        if path is not None and path.exists():
            self._saved = self._save_state()  # the file holds this already
        self._show_next()

    @property
    def finished(self) -> bool:
        return self.flow is not None and self.flow.finished

    def export_record(self) -> None:
        """Write the finished game's record to the current directory, for review."""
        try:
            path = Path.cwd() / persistence.export_name(self.game.GAME, self.game.players)
            persistence.export(path, self._record())
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

    @property
    def saved(self) -> bool:
        """The game in progress is in its save file (a move is saved once the frame that
        shows it is drawn, and every way out saves first)."""
        return self.save_path is not None and self._save_problem is None and self._saved is not None

    @property
    def save_problem(self) -> str | None:
        """Why the latest save of the game in progress failed; None if it went through."""
        return self._save_problem

    def record_on_file(self) -> Record | None:
        """The game as its save file holds it when the latest save failed: up to the last
        save that went through (the file is replaced only by a whole save). None when the
        game is saved, or nothing of it is."""
        if self.saved or self.save_path is None or self._saved is None:
            return None
        try:
            return persistence.load(self.save_path)
        except persistence.SaveError:
            return None

    def _record(self) -> Record:
        """The game in progress with what the table has seen of it, as saves hold it."""
        flow = self.flow
        return Record(flow.game, flow.levels, flow.deals_seen, flow.reveal_seen)

    def _save_state(self) -> tuple[object, ...]:
        flow = self.flow
        return (id(flow.game), len(flow.game.moves), flow.deals_seen, flow.reveal_seen)

    def _autosave(self) -> None:
        """Save after every change; a failed save is reported once and retried after
        the next move, and the game goes on."""
        failing_already = self._save_problem is not None
        problem = self._save_now()
        if problem is not None and not failing_already:
            self.notify(
                _(
                    "Could not save the game ({reason}) in {folder}; trying again after"
                    " the next move."
                ).format(reason=problem, folder=visible(self.save_path.parent)),
                severity="error",
                markup=False,
            )

    def _save_now(self) -> str | None:
        """Write the game to its save, unless the save holds it already; why not, if
        that failed."""
        with self._files:
            if self.save_path is None or self._save_state() == self._saved:
                return None
            try:
                persistence.save(self.save_path, self._record())
            except OSError as error:
                self._save_problem = persistence.write_problem(self.save_path, error)
                return self._save_problem
            self._save_problem = None
            self._saved = self._save_state()
            return None

    def _catch_signals(self) -> None:
        """SIGTERM, SIGHUP (terminal closed) and SIGINT save and end the app cleanly, and
        the process by the exit deadline."""
        if self.is_headless:
            return
        self.start_exit_watch()
        loop = asyncio.get_running_loop()

        def leave(number: int, frame: object) -> None:
            # Python runs this handler in the main thread between any two steps, even
            # while the loop is stuck in a call that does not return (a handler of the
            # loop's own would wait for it): the deadline is set at once, and the loop
            # saves and quits as soon as it can.
            self.end_by_the_deadline()
            with contextlib.suppress(RuntimeError):  # the loop has closed: the app ended
                loop.call_soon_threadsafe(self.action_save_and_quit)

        # Windows has no SIGHUP (a closed console ends the process there).
        numbers = (signal.SIGTERM, getattr(signal, "SIGHUP", None), signal.SIGINT)
        for number in filter(None, numbers):
            with contextlib.suppress(ValueError):  # not in the main thread
                signal.signal(number, leave)

    def on_terminal_lost(self) -> None:
        """Its terminal is gone, though no SIGHUP said so: the app ends as for one."""
        self.end_by_the_deadline()
        self.action_save_and_quit()

    def action_save_and_quit(self) -> None:
        if self.game is not None:
            self._autosave()
        self.exit(return_code=self._exit_status)

    @property
    def _exit_status(self) -> int:
        """1 while the latest save failed (the game may be lost), else 0."""
        return 1 if self._save_problem is not None else 0

    def before_forced_exit(self) -> int:
        """The process is still here at the exit deadline: what the loop has not saved
        yet is saved from here, and the save let go of."""
        if self.game is not None:
            self._save_now()
        self._let_go()
        return self._exit_status

    def before_crash(self) -> None:
        """An unexpected exception ends the app: the game is saved first."""
        if self.game is not None:
            self._autosave()

    # -- the terminal cursor ------------------------------------------------------

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

    # -- terminal size ------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    def _check_size(self, size: Size) -> None:
        """Cover a too-small terminal with a request to enlarge it; uncover once it fits."""
        too_small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        covered = isinstance(self.screen, TooSmallScreen)
        if too_small and not covered:
            self.push_screen(TooSmallScreen(size, self._game_in_hand()))
        elif covered and too_small:
            self.screen.show_size(size)
        elif covered:
            self.pop_screen()

    # -- flow ---------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The game in progress, or None (at setup)."""
        return self.flow.game if self.flow is not None else None

    @property
    def levels(self) -> tuple[str | None, ...]:
        """A bot level per seat of the game in progress; None: human."""
        return self.flow.levels if self.flow is not None else ()

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
        game: str = "sticheln",
    ) -> None:
        """Begin a new game of `game` (its key) with these options (None: the game's
        default); raises ValueError (nothing changes) for a bad table."""
        _load_the_game()
        seats = [Seat(seat) if isinstance(seat, str) else seat for seat in players]
        kind = GAMES[game]
        names = [seat.name for seat in seats]
        if options is None:
            game = kind(names, first_leader=first_leader, seed=seed)
        else:
            game = kind(names, options, first_leader, seed)
        self._take_over(TableFlow(game, [seat.level for seat in seats]))
        self._hold(persistence.new_save_path(self.saves, game.players))
        self._show_next()

    def continue_game(self, game: Game, levels: Sequence[str | None] = ()) -> None:
        """Take over a game in any state, with a bot level (or None: human) per seat.

        With several humans, the next private screen needs a hand-off. Raises ValueError
        (nothing changes) for a table without a human.
        """
        _load_the_game()
        self._take_over(TableFlow(game, levels))
        self._hold(None)  # a game handed over is not saved
        self._show_next()

    def _take_over(self, flow: TableFlow) -> None:
        self._cancel_bot_move()
        self.flow = flow
        self._screens = GAME_SCREENS[flow.game.GAME]
        self._saved = None
        self._save_problem = None

    def _start(
        self, game: str, seats: Sequence[Seat], leader: int, seed: int | None, options: object
    ) -> None:
        """Start `game` (its key) as the setup form or the command line asked."""
        self.start_game(seats, leader, seed, options, game)

    def new_game(self) -> None:
        """The setup form of the game in hand, filled in with its table (Escape: the
        first screen, for another game); without one (a save that would not load), the
        first screen."""
        game = self.game
        table = self._seats() if game is not None else ()
        self._cancel_bot_move()
        self.flow = None
        self._hold(None)
        if game is None:
            self._show(MenuScreen(self.saves))
            return
        self._show(self._setup(game.GAME, game.options, None, table, game.first_leader))

    def rematch(self) -> None:
        """The same table again: players, seat types and rules; new cards, and the next
        seat leads first."""
        game = self.game
        self.start_game(
            self._seats(),
            (game.first_leader + 1) % len(game.players),
            None,
            game.options,
            game.GAME,
        )

    def _seats(self) -> list[Seat]:
        """Who sits at the table of the game in hand: names and bot levels."""
        players = self.game.players
        return [Seat(name, level) for name, level in zip(players, self.levels, strict=True)]

    def _setup(
        self,
        game: str,
        options: object = None,
        seed: int | None = None,
        table: Sequence[Seat] = (),
        leader: int | None = None,
    ) -> SetupScreen:
        """`game`'s setup form, with these options (None: the game's default) and table."""
        _load_the_game()
        if game == "sticheln":
            options = options or self.rules
        return SETUP_FORMS[game](options, seed, table, leader)

    # -- the first screen and the setup form ----------------------------------------

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

    # Handlers named after the form's messages, not @on(SetupScreen...): the form's
    # module is imported with the game, after the first screen.
    def on_setup_screen_start_requested(self, event) -> None:
        self._start(event.game, event.seats, event.leader, event.seed, event.options)

    def on_setup_screen_back_requested(self) -> None:
        self._show(MenuScreen(self.saves))

    def _show(self, screen) -> None:
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
        flow = self.flow
        news = flow.bots_decide()
        # Saved once the screen shows the move: a few milliseconds sooner on screen.
        self.call_after_refresh(self._autosave)
        step = flow.next_step()
        if isinstance(step, Public):
            screen = self._screens.scoreboard if step.moment == SCORES else RevealScreen
            self._show(screen(flow.game.view(None)))
        elif isinstance(step, HandOff):
            self._hand_off(step.seat)
        elif isinstance(step, BotTurn):
            self._bot_turn(step)
        else:
            self._show_private(flow.game.view(step.seat))
        if news:
            self.notify(news, markup=False)

    def _show_private(self, view: SeatView) -> None:
        """The seat's own screen for its phase: the table already up is updated in place."""
        shown = self._flow_screen
        cursor = self.flow.card_taken_back
        table = self._screens.table
        on_the_table = view.phase in self._screens.table_phases
        if on_the_table and type(shown) is table and shown.view.seat == view.seat:
            shown.show(view)
            return
        screen = table(view, cursor) if on_the_table else self._screens.choice(view, cursor)
        # A seat's screen put up anew (after a hand-off, the scores, or another choice of
        # the seat's) is looked at before a move counts.
        screen.first_look = True
        self._show(screen)

    def _hand_off(self, seat: int) -> None:
        """The opaque screen asking the table to pass the keyboard to `seat`."""
        self.clear_notifications()  # nothing of the last player's may linger
        self._show(self._screens.handoff(self.game.view(None), seat, self._last_event_line()))

    def _last_event_line(self) -> Text:
        """The hand-off's line on the last move, in the language in use."""
        event = self.flow.last_event()
        return self._screens.last_event_text(self.game.view(None), *event) if event else Text()

    # The game's screens are imported with the game, after the first screen: their
    # messages are handled by name (on_<screen>_<message>), not with @on(Screen.Message).

    def on_handoff_screen_accepted(self, message) -> None:
        if self.flow is not None and self.flow.accept_handoff(message.seat):
            self._show_next()

    def on_reveal_screen_seen(self) -> None:
        if self.flow is not None and self.flow.saw_reveal():
            self._show_next()

    def on_scoreboard_screen_seen(self) -> None:
        if self.flow is not None and self.flow.saw_scores():
            self._show_next()

    def on_scoreboard_screen_decided(self, message) -> None:
        if self.flow is not None and self.flow.decide(message.move):
            self._show_next()

    def on_private_screen_move_chosen(self, message) -> None:
        """A stale move (a second Enter or click that reached a screen being replaced)
        is ignored rather than applied to whoever moves next."""
        if self.flow is not None and self.flow.play(message.seat, message.move):
            self._show_next()

    def on_private_screen_hurry(self) -> None:
        self.action_hurry()

    def on_scoreboard_screen_new_game(self) -> None:
        self.new_game()

    def on_load_problem_screen_new_game(self) -> None:
        self.new_game()

    def on_open_elsewhere_screen_new_game(self) -> None:
        self.new_game()

    def on_open_elsewhere_screen_take_up(self, message) -> None:
        path = message.entry.path
        self.offer(message.entry)
        if self._lock is not None and self._lock.path == path:  # not a third window's now
            self.notify(message.notice)

    def on_open_elsewhere_screen_back(self) -> None:
        self._show(MenuScreen(self.saves))

    def on_scoreboard_screen_rematch(self) -> None:
        if self.finished:
            self.rematch()

    def on_scoreboard_screen_export(self) -> None:
        if self.finished:
            self.export_record()

    def on_scoreboard_screen_review(self) -> None:
        """The finished game replayed over its final screen, its review under way."""
        if not self.finished:
            return
        game = self.game
        source = self.save_path.name if self.save_path is not None else _(game.TITLE)
        replay = GAME_SCREENS[game.GAME].replay
        review = _review_of(game, self.flow.levels)
        self.push_screen(replay(frames(game), source, review, reviewing=True))

    def on_load_problem_screen_backup(self, message) -> None:
        # The game goes on in a new file, so the damaged one stays for inspection.
        record = message.record
        self.resume(record, persistence.new_save_path(self.saves, record.game.players))

    # -- computer players -----------------------------------------------------------

    def _bot_turn(self, step: BotTurn) -> None:
        """A bot moves, thinking in a worker: a card at a readable pace on the table of
        the human watching; a pick or a choice (nothing to watch) at once, behind the
        screen up (a hand-off first, if the flow says so), which holds its keys meanwhile."""
        pause = 0.0
        if step.hand_off is not None:
            self._hand_off(step.hand_off)
        if step.watcher is not None:
            view = self.game.view(step.watcher)
            self._show_private(view)
            # A trick just taken stands a while longer than a card, to be read.
            pause = self.BOT_PAUSE * (2 if trick_stands(view) else 1)
        else:
            self._hold_keys(self._flow_screen)
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
        game = self.game
        view = game.view(seat)
        position = len(game.moves)
        started = time.monotonic()
        # The search runs in a thread so the screen keeps answering keys meanwhile.
        move = await asyncio.to_thread(self._bot_choice, seat, view)
        pause -= time.monotonic() - started
        if pause > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._hurry.wait(), pause)
        # Rules help or a dialog on top, or the screens drawn again in another language:
        # the move waits until that is done.
        while not isinstance(self.screen, FlowScreen) or self._redrawing:
            self._screen_changed.clear()
            await self._screen_changed.wait()
        if self.flow.bot_played(seat, move, position):  # a stale answer leaves the hold
            self._hold_keys(None)
            self._show_next()

    def _bot_choice(self, seat: int, view: SeatView) -> Move:
        """The bot's move; should it ever fail, the rule of thumb plays for it."""
        try:
            return self.bots[seat].choose(view)
        except Exception:  # a bug in a bot must not end the players' evening
            self.log.error(f"bot {self.bots[seat].level} failed; the easy bot moved instead")
            return make_bot("easy", seat, self.flow.game.GAME).choose(view)

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
            if not isinstance(self._screen_in_play, HandoffScreen | PrivateScreen):
                return False
            return (self.flow is not None and self.flow.take_back_open) or None
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
        from .widgets.situation import situation_line

        screen = self._screen_in_play
        seat = screen.view.seat if isinstance(screen, PrivateScreen) else None
        self._said = situation_line(self.game.view(seat), self._screens.words)
        self._said_private = seat is not None
        self.notify(self._said, title=_(self.game.TITLE), markup=False, timeout=20)

    def action_take_back(self) -> None:
        """Take back the human's move just made (no computer player has answered yet):
        the bot's pending answer is void."""
        move = self.flow.take_back()
        if move is None:
            return
        self._cancel_bot_move()
        self._show_next()
        # A toast outlives its screen: it names only cards everybody has seen.
        self.notify(self.flow.taken_back_news(move), markup=False)

    def action_rules(self) -> None:
        _load_the_game()  # the help and the forms load after the first screen
        if isinstance(self.screen, RulesHelpScreen):
            return
        # At setup, the options being chosen; in a game or a replay, those in force.
        if isinstance(self.screen, SetupScreen):
            options = self.screen.chosen_options()
        elif self.game is not None:
            options = self.game.options
        elif self._review:
            options = self._resume.record.game.options
        else:
            options = None  # no game chosen yet: every game's rules
        self.push_screen(RulesHelpScreen(options))

    def action_quit(self) -> None:
        """The command palette's Quit asks first, like the q key."""
        self.action_request_quit()

    def _leaving_question(self, question: str) -> str:
        """Asks before leaving the game in progress, saying whether it can be continued."""
        if self.game is None or self.game.finished:
            return question
        if self.saved:
            # Translators: {question} is a question asked before leaving, e.g. "Quit Hattrick?".
            leaving = _("{question} The game is saved: Continue on the start screen picks it up.")
            return leaving.format(question=question)
        on_file = self.record_on_file()
        if on_file is None:
            leaving = _("{question} The game in progress could not be saved and will be lost.")
            return leaving.format(question=question)
        # Translators: {question} is asked before leaving ("Quit Hattrick?"); {progress} is
        # where the game stood after that move: "deal 2 of 5, trick 3 of 14".
        leaving = _(
            "{question} The game could not be saved after move {move}; Continue on the start "
            "screen picks it up from there ({progress})."
        )
        return leaving.format(
            question=question, move=len(on_file.game.moves), progress=on_file.progress()
        )

    def action_request_quit(self) -> None:
        self._if_sure(_(QUIT_QUESTIONS[self._game_in_hand()]), self.action_save_and_quit)

    def _game_in_hand(self) -> str | None:
        """The key of the game being played, replayed or set up; None before one is chosen."""
        if self.game is not None:
            return self.game.GAME
        if self._review:
            return self._resume.record.game.GAME
        # A setup form names its game (it may lie beneath the rules help or a question).
        return next((screen.GAME for screen in self.screen_stack if hasattr(screen, "GAME")), None)

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
        _load_the_game()  # the screens asked about load after the first screen
        game = self.game
        if game is not None:
            yield SystemCommand(
                _("New game"),
                _("The form, with this table filled in; asks first"),
                self.ask_new_game,
            )
        if not isinstance(screen, RulesHelpScreen):
            yield SystemCommand(_("Rules"), _("The rules in force (?)"), self.action_rules)
        if self.check_action("take_back", ()) is True:
            yield SystemCommand(_("Take back"), _("The move just made (u)"), self.action_take_back)
        if game is not None and game.results and not isinstance(screen, ScoreboardScreen):
            yield SystemCommand(_("Scores"), _("Everybody's total so far"), self.show_totals)
        yield SystemCommand(
            # Translators: a command of the command palette; the languages follow.
            _("Language"),
            ", ".join(i18n.LANGUAGES.values()),
            self.choose_language,
        )
        yield SystemCommand(_("Quit"), _("Asks first (q)"), self.action_quit)
        for command in super().get_system_commands(screen):
            if command.title in ("Theme", "Keys"):  # Textual's words, listed in textual_fixes
                yield command._replace(title=_(command.title), help=_(command.help))

    # -- the language -------------------------------------------------------------

    def choose_language(self) -> None:
        """The languages, each by its own name; the one chosen is spoken at once."""
        from .screens.language import language_commands

        self.search_commands(language_commands(self.speak), _("Choose a language…"))

    async def speak(self, code: str) -> None:
        """Speak the language `code` from now on: every screen up is drawn again in it,
        showing what it showed (a hand-off stays a hand-off, the game goes on where it
        stood), and the choice is kept for the next start."""
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

    def ask_new_game(self) -> None:
        self._if_sure(_("Start a new game?"), self.new_game)

    def show_totals(self) -> None:
        """The totals after the deals scored so far, public whoever holds the keyboard."""
        public = self.game.view(None)
        deals = len(public.results)
        totals = ngettext(
            "Totals after {count} deal: {totals}", "Totals after {count} deals: {totals}", deals
        ).format(count=deals, totals=totals_text(public, signed=not self.game.LOWEST_WINS))
        self.notify(totals, title=_("Scores"), markup=False)
