"""Seven Seals' table: everybody's seals, the trick with who is winning, and your hand;
when a trick's winner has a choice of seal to give back, a one-line choice."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from ...bots.seven_seals import proposed_return
from ...core.cards import Card
from ...core.seven_seals import (
    Move,
    Phase,
    ReturnSeal,
    SevenSealsGame,
    SevenSealsView,
    legal_cards,
)
from ...i18n import N_, _
from ...widgets.trick_table import status_room, turn_text
from ...words import colour_name
from ..table import PartsTableScreen
from . import parts

LINE_PADDING = 2  # a line below the panels is padded one cell each side


class SevenSealsTableScreen(PartsTableScreen):
    """A seat's Seven Seals table, updated in place. Enter plays the card under the
    cursor; after winning a trick with a choice of seals, ←→ choose the seal and Enter
    gives it back (the normal computer player's choice preselected)."""

    BINDINGS = [
        # Bindings of a key replace the base class's, so "Play" is bound here again.
        Binding("enter", "choose", N_("Play"), priority=True),
        Binding("enter", "give_back", N_("Give back"), priority=True),
        # Out of the footer, where Quit did not fit 80 columns: the seal's choice, below
        # the hand, says its keys.
        Binding("left", "seal(-1)", N_("Seal"), show=False, priority=True),
        Binding("right", "seal(1)", N_("Seal"), show=False, priority=True),
    ]
    GAME = SevenSealsGame.GAME
    parts = parts
    SEATS_PANEL = ("seals", N_("Seals"))

    def __init__(self, view: SevenSealsView, cursor_card: Card | None = None) -> None:
        super().__init__(view, cursor_card)
        self.seal = self._proposed_seal()  # the seal to give back, in `view.returnable`

    @property
    def choosing_seal(self) -> bool:
        return self.view.phase == Phase.RETURN and self.view.to_move == self.view.seat

    def _proposed_seal(self) -> int:
        """The normal computer player's choice, preselected (0 when there is no choice)."""
        if not self.choosing_seal:
            return 0
        return self.view.returnable.index(proposed_return(self.view).kind)

    def table_texts(self, width: int) -> dict[str, Text]:
        view = self.view
        names = parts.name_width(view, width)
        turn = turn_text(view)
        return {
            "status": parts.status_line(view, status_room(width, turn)),
            "turn": turn,
            "seals": parts.seals_text(view, names, with_took=parts.took_room(names, width)),
            "trick": parts.trick_text(view, names),
            "last-trick": parts.last_trick_text(view, width - LINE_PADDING),
        }

    def _draw_view(self) -> None:
        super()._draw_view()
        self.query_one("#seals", Static).border_title = parts.seals_title(self.view)

    def restart(self, view: SevenSealsView) -> None:
        super().restart(view)
        self.seal = self._proposed_seal()

    def consequence(self, card: Card | None) -> Text:
        """What playing `card` would do; while choosing a seal, the choice."""
        if self.choosing_seal:
            return self.seal_choice()
        return parts.consequence(self.view, card)

    def seal_choice(self) -> Text:
        """`You took the trick. Give back:  [blue]  white   ←→ Enter`."""
        text = Text(_("You took the trick. Give back:") + " ")
        for index, kind in enumerate(self.view.returnable):
            chosen = index == self.seal
            text.append(" ")
            if chosen:
                text.append(f"[{colour_name(kind)}]", style="bold reverse")
            else:
                text.append(f" {colour_name(kind)} ")
        return text.append("   (←→, Enter)", style="dim")

    def legal_cards(self) -> set[Card]:
        view = self.view
        if view.phase != Phase.PLAY or view.to_move != view.seat:
            return set()
        return set(legal_cards(view.trick_cards, view.hand))

    def hand_title(self) -> str:
        return parts.hand_title(self.view)

    # -- moves -------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("give_back", "seal"):
            return self.choosing_seal
        if action == "choose" and self.choosing_seal:
            return False
        return super().check_action(action, parameters)

    def action_seal(self, step: int) -> None:
        self.seal = (self.seal + step) % len(self.view.returnable)
        self._show_hint(None)

    def action_give_back(self) -> None:
        if self.choosing_seal:
            self.submit(ReturnSeal(self.view.returnable[self.seal]))

    def move_words(self, move: Move) -> Text:
        if isinstance(move, ReturnSeal):
            # Translators: a hint, before the reason for it; {kind} is the seal's colour.
            return Text(_("give back a {kind} seal:").format(kind=colour_name(move.kind)))
        return super().move_words(move)

    def point_at(self, move: Move) -> None:
        if isinstance(move, ReturnSeal):
            self.seal = self.view.returnable.index(move.kind)
            self._show_hint(None)
            return
        super().point_at(move)
