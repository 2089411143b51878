"""The Textual app: which screen comes next, and nothing else."""

from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.binding import Binding

from .core.game import ChooseColours, Game, Move, Phase, PickPain, SeatView, SettleTie
from .core.sticheln import Rules
from .screens.choose_colour import ChooseColourScreen
from .screens.confirm import ConfirmScreen
from .screens.handoff import HandoffScreen
from .screens.pain_pick import PainPickScreen
from .screens.private import PrivateScreen
from .screens.reveal import RevealScreen
from .screens.rules_help import RulesHelpScreen
from .screens.scoreboard import ScoreboardScreen
from .screens.setup import SetupScreen
from .screens.table import TableScreen
from .widgets.table_parts import last_event_text


class StichelnApp(App[None]):
    """Hot-seat Sticheln: every seat is a human sharing this keyboard."""

    CSS_PATH = "app.tcss"
    TITLE = "Sticheln"
    BINDINGS = [
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("u", "take_back", "Take back"),
        Binding("q", "request_quit", "Quit"),
        Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True),
        Binding("ctrl+c", "request_quit", "Quit", show=False, priority=True),
    ]

    def __init__(
        self,
        players: list[str] | None = None,
        first_leader: int = 0,
        seed: int | None = None,
        rules: Rules = Rules(),
    ) -> None:
        super().__init__()
        self._start_with = (players, first_leader, seed)
        self.rules = rules  # the rules of the game in progress, or offered at setup
        self.game: Game | None = None
        # Who sits at the keyboard now; private screens of another seat need a hand-off.
        self._keyboard: int | None = None
        self._deals_shown = 0
        self._reveal_shown = False
        self._take_back_open = False
        self._last_mover: int | None = None

    def on_mount(self) -> None:
        players, first_leader, seed = self._start_with
        if players:
            self.start_game(players, first_leader, seed, self.rules)
        else:
            self.push_screen(SetupScreen(self.rules, seed))

    # -- flow ---------------------------------------------------------------------

    def start_game(
        self,
        players: list[str],
        first_leader: int = 0,
        seed: int | None = None,
        rules: Rules = Rules(),
    ) -> None:
        """Begin a new game; raises ValueError (nothing changes) for a bad table."""
        self.continue_game(Game(players, rules, first_leader, seed))

    def continue_game(self, game: Game) -> None:
        """Take over a game in any state; the next private screen needs a hand-off."""
        self.game = game
        self.rules = game.rules
        self._keyboard = None
        self._last_mover = None
        self._deals_shown = len(game.results)
        public = game.view(None)
        # Once the deal's first card is down, everybody has seen the pain cards.
        self._reveal_shown = bool(public.trick) or public.last_trick is not None
        self._take_back_open = False
        self._show_next()

    def new_game(self) -> None:
        self.game = None
        self._show(SetupScreen(self.rules))

    def _show(self, screen) -> None:
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _show_next(self) -> None:
        game = self.game
        assert game is not None
        public = game.view(None)
        if len(game.results) > self._deals_shown or game.phase in (Phase.TIE, Phase.OVER):
            self._take_back_open = False
            self._show(ScoreboardScreen(public))
        elif game.phase is Phase.PLAY and game.rules.picks and not self._reveal_shown:
            self._take_back_open = False
            self._show(RevealScreen(public))
        else:
            self._show_private(game.to_move)

    def _show_private(self, seat: int) -> None:
        """The mover's own screen, behind a hand-off if someone else has the keyboard."""
        if seat != self._keyboard:
            self.clear_notifications()  # nothing of the last player's may linger
            public = self.game.view(None)
            self._show(HandoffScreen(public, seat, self._last_event(public)))
            return
        view = self.game.view(seat)
        screens = {
            Phase.PICK: PainPickScreen,
            Phase.PLAY: TableScreen,
            Phase.CHOOSE: ChooseColourScreen,
        }
        self._show(screens[view.phase](view))

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
        self._keyboard = None  # the whole table watched: the next hand needs a hand-off
        self._show_next()

    def scores_seen(self) -> None:
        self._deals_shown = len(self.game.results)
        self._reveal_shown = False
        self._keyboard = None
        self._show_next()

    def settle_tie(self, extra_deal: bool) -> None:
        """The table's answer to a tie: one more deal, or a shared win."""
        self.game.apply(SettleTie(extra_deal))
        self._last_mover = None
        self.scores_seen()

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
        self._take_back_open = True
        self._show_next()

    # -- actions ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            if not isinstance(self.screen, HandoffScreen | PrivateScreen):
                return False
            return self._take_back_open or None
        return True

    def action_take_back(self) -> None:
        move = self.game.moves[-1]
        self.game = self.game.without_last_move()
        self._take_back_open = False
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

    def action_request_quit(self) -> None:
        if isinstance(self.screen, ConfirmScreen):
            return

        def quit_if_sure(sure: bool | None) -> None:
            if sure:
                self.exit()

        self.push_screen(
            ConfirmScreen("Quit Sticheln? The game in progress will be lost."), quit_if_sure
        )
