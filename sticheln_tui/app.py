"""The Textual app: which screen comes next, and nothing else."""

from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.binding import Binding

from .core.game import Game, Move, Phase, PickPain, SeatView
from .screens.confirm import ConfirmScreen
from .screens.handoff import HandoffScreen
from .screens.pain_pick import PainPickScreen
from .screens.reveal import RevealScreen
from .screens.rules_help import RulesHelpScreen
from .screens.scoreboard import ScoreboardScreen
from .screens.setup import SetupScreen
from .screens.table import TableScreen
from .widgets.cards import card_text


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
    ) -> None:
        super().__init__()
        self._start_with = (players, first_leader, seed)
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
            self.start_game(players, first_leader, seed)
        else:
            self.push_screen(SetupScreen())

    # -- flow ---------------------------------------------------------------------

    def start_game(
        self, players: list[str], first_leader: int = 0, seed: int | None = None
    ) -> None:
        """Begin a new game; raises ValueError (nothing changes) for a bad table."""
        self.continue_game(Game(players, first_leader=first_leader, seed=seed))

    def continue_game(self, game: Game) -> None:
        """Take over a game in any state; the next private screen needs a hand-off."""
        self.game = game
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
        self._show(SetupScreen())

    def _show(self, screen) -> None:
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _show_next(self) -> None:
        game = self.game
        assert game is not None
        public = game.view(None)
        if len(game.results) > self._deals_shown:
            self._take_back_open = False
            self._show(ScoreboardScreen(public, final=len(game.results) == game.rules.deals))
        elif game.phase is Phase.PLAY and not self._reveal_shown:
            self._take_back_open = False
            self._show(RevealScreen(public))
        else:
            self._show_private(game.to_move)

    def _show_private(self, seat: int) -> None:
        """The mover's own screen, behind a hand-off if someone else has the keyboard."""
        if seat != self._keyboard:
            public = self.game.view(None)
            self._show(HandoffScreen(public, seat, self._last_event(public)))
            return
        view = self.game.view(seat)
        screen = PainPickScreen(view) if view.phase is Phase.PICK else TableScreen(view)
        self._show(screen)

    def _last_event(self, public: SeatView) -> Text:
        """What just happened, in public terms, for the hand-off screen."""
        mover = self._last_mover
        if mover is None or not self.game.moves:
            return Text()
        move = self.game.moves[-1]
        name = public.players[mover]
        if isinstance(move, PickPain):
            return Text(f"{name} laid a pain card face down.")
        line = Text(f"{name} played ")
        line.append_text(card_text(move.card))
        if not public.trick and public.last_trick is not None:
            line.append(f"; {public.players[public.last_trick.winner]} took the trick")
        line.append(".")
        return line

    def handoff_accepted(self, seat: int) -> None:
        self._keyboard = seat
        self._take_back_open = False
        self._show_next()

    def reveal_seen(self) -> None:
        self._reveal_shown = True
        self._show_next()

    def scores_seen(self) -> None:
        self._deals_shown += 1
        self._reveal_shown = False
        self._show_next()

    def submit(self, move: Move) -> None:
        """A move chosen on a private screen by the seat at the keyboard."""
        game = self.game
        mover = game.to_move
        game.apply(move)
        self._last_mover = mover
        self._take_back_open = True
        self._show_next()

    # -- actions ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            if not isinstance(self.screen, HandoffScreen | TableScreen | PainPickScreen):
                return False
            return self._take_back_open or None
        return True

    def action_take_back(self) -> None:
        if not self._take_back_open or self.game is None or not self.game.moves:
            self.notify("Nothing to take back now.", severity="warning")
            return
        move = self.game.moves[-1]
        self.game = self.game.without_last_move()
        self._take_back_open = False
        self._keyboard = self.game.to_move
        self._last_mover = None
        what = "pain card" if isinstance(move, PickPain) else f"card {move.card}"
        self.notify(f"{self.game.players[self.game.to_move]}: your {what} is back in your hand.")
        self._show_next()

    def action_rules(self) -> None:
        if not isinstance(self.screen, RulesHelpScreen):
            self.push_screen(RulesHelpScreen())

    def action_request_quit(self) -> None:
        if isinstance(self.screen, ConfirmScreen):
            return

        def quit_if_sure(sure: bool | None) -> None:
            if sure:
                self.exit()

        self.push_screen(
            ConfirmScreen("Quit Sticheln? The game in progress will be lost."), quit_if_sure
        )
