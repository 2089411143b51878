"""Hattrick's table: the piles, the trick with who is taking each colour, and your hand."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from ...core.cards import Card
from ...core.hattrick import (
    HattrickGame,
    HattrickView,
    Move,
    PassCard,
    closed_colour,
    pass_problem,
    passable,
    playable,
)
from ...core.table import PlayCard
from ...i18n import N_, _
from ...widgets.cards import card_text, filled
from ...widgets.hand import Hand
from ...widgets.trick_table import turn_text
from ...words import colour_name
from ..table import PartsTableScreen
from . import parts

LINE_PADDING = 2  # a line below the panels is padded one cell each side


class HattrickTableScreen(PartsTableScreen):
    """A seat's Hattrick table, updated in place. Enter plays the card under the cursor;
    `p` (or a click on it in the footer) passes, showing a card of the colour the trick
    has closed: the one under the cursor, the only one, or one chosen in the hand."""

    BINDINGS = [
        Binding("p", "pass_turn", N_("Pass")),
        # Where passing is not allowed (Pass greyed out), p says why.
        Binding("p", "why_no_pass", N_("Pass"), show=False),
        Binding("escape", "play_instead", N_("Play instead"), key_display="Esc"),
        # Enter says "Pass" while the hand offers the cards to pass with. Bindings of a
        # key replace the base class's, so "Play" is bound here again.
        Binding("enter", "choose", N_("Play"), priority=True),
        Binding("enter", "pass_with_chosen", N_("Pass"), priority=True),
    ]
    GAME = HattrickGame.GAME
    parts = parts
    SEATS_PANEL = ("piles", N_("Piles, face up (D: dealer)"))

    def __init__(self, view: HattrickView, cursor_card: Card | None = None) -> None:
        super().__init__(view, cursor_card)
        self.passing = False  # choosing the card to show for a pass

    def table_texts(self, width: int) -> dict[str, Text]:
        view = self.view
        names = parts.name_width(view, width)
        return {
            "status": parts.status_line(view),
            "turn": turn_text(view),
            "piles": parts.piles_text(view, names, width),
            "trick": parts.trick_text(view, names),
            "last-trick": parts.last_trick_text(view, width - LINE_PADDING),
        }

    def consequence(self, card: Card | None) -> Text:
        return parts.consequence(self.view, card, self.passing)

    # -- what the hand offers --------------------------------------------------------

    def _playable(self) -> list[Card]:
        if self.view.to_move != self.view.seat:
            return []
        return playable(self.view.trick_cards, self.view.hand)

    def _passable(self) -> list[Card]:
        if self.view.to_move != self.view.seat:
            return []
        return passable(self.view.trick_cards, self.view.hand)

    def _offering_passes(self) -> bool:
        """The hand offers the cards to pass with: while choosing one, or when no card may
        join the trick."""
        return bool(self._passable()) and (self.passing or not self._playable())

    def legal_cards(self) -> set[Card]:
        """The cards that may join the trick, or the cards that may be shown to pass."""
        return set(self._passable() if self._offering_passes() else self._playable())

    def hand_title(self) -> str:
        """While the hand offers the cards to pass with, it says so: the cards lit are
        not the ones that may join the trick."""
        if self._offering_passes():
            closed = colour_name(closed_colour(self.view.trick_cards))
            return _("Your hand: choose the {colour} card to show").format(colour=closed)
        return _("Your hand")

    def restart(self, view: HattrickView) -> None:
        self.passing = False
        super().restart(view)

    # -- moves -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_turn":  # greyed out where passing is not allowed
            return True if self._passable() else None
        if action == "why_no_pass":
            return not self._passable()
        if action == "play_instead":
            return self.passing
        if action == "pass_with_chosen":
            return self._offering_passes()
        if action == "choose" and self._offering_passes():
            return False
        return super().check_action(action, parameters)

    def move_for(self, card: Card) -> Move | None:
        if not self.passing and card in self._playable():
            return PlayCard(card)
        return PassCard(card) if card in self._passable() else None

    def move_words(self, move: Move) -> Text:
        if isinstance(move, PassCard):
            # Translators: a hint, before the reason for it.
            return filled(_("pass, showing {card}:"), card=card_text(move.card))
        return super().move_words(move)

    def point_at(self, move: Move) -> None:
        """The hint's card under the cursor; for a pass, among the cards to pass with."""
        self._choose_passing(isinstance(move, PassCard) and bool(self._playable()))
        super().point_at(move)

    def action_pass_turn(self) -> None:
        """Pass showing the card under the cursor, or the only card that may be shown;
        with several to choose from, the hand offers them (Enter passes). Only called
        where passing is allowed (`check_action`)."""
        can_pass = self._passable()
        card = self.query_one(Hand).focused_card
        if card in can_pass or len(can_pass) == 1:
            self.submit(PassCard(card if card in can_pass else can_pass[0]))
            return
        self._choose_passing(True)

    def action_why_no_pass(self) -> None:
        """Say why there is no passing now, on the line a hint's advice takes."""
        view = self.view
        if view.to_move != view.seat:
            assert view.to_move is not None  # a private screen is up while the game goes on
            reason: str | None = _("it is {name}'s turn").format(name=view.players[view.to_move])
        else:
            reason = pass_problem(view.trick_cards, view.hand, colour_name)
        words = _("You cannot pass now: {reason}.").format(reason=reason)
        self.say_below_hand(Text(words))

    def action_pass_with_chosen(self) -> None:
        self.action_choose()

    def action_play_instead(self) -> None:
        self._choose_passing(False)

    def _choose_passing(self, passing: bool) -> None:
        self.passing = passing
        self.update_hand()
        self.refresh_bindings()
        self._show_hint(self.query_one(Hand).focused_card)
