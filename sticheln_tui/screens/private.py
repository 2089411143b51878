"""What every seat's own screen shares (a table, a private choice): one seat's view."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from ..bots import Advice, make_bot
from ..core.cards import Card
from ..i18n import N_, _
from ..widgets.cards import card_text, filled
from ..widgets.hand import Hand
from .flow import FlowScreen
from .messages import HurryRequested, MoveChosen

Move = Any  # a move of the game shown; its engine checks it


class PrivateScreen(FlowScreen):
    """A screen that shows one seat's hand; only ever given that seat's view, of any game.
    A game's screen names the game (`GAME`: its normal computer player gives the hint)
    and overrides what its hand shows differently: the cards it marks, its title."""

    BINDINGS = [
        Binding("enter", "choose", N_("Play"), priority=True),
        Binding("h", "hint", N_("Hint")),
        Binding("space", "hurry", N_("Play the bot's card now"), key_display="Space"),
    ]
    AUTO_FOCUS: ClassVar[str | None] = "Hand"

    GAME: ClassVar[str]  # the game's key

    MoveChosen = MoveChosen
    Hurry = HurryRequested

    def __init__(self, view: Any, cursor_card: Card | None = None) -> None:
        """`cursor_card`: where the cursor starts, if in the hand (a card taken back)."""
        super().__init__()
        assert view.seat is not None, "a private screen needs a seat's view"
        self.view = view
        self._cursor_card = cursor_card

    def make_hand(self) -> Hand:
        view = self.view
        hand = Hand(
            view.hand, legal=self.legal_cards(), pain_colours=self.marked_colours(), id="hand"
        )
        if self._cursor_card in view.hand:
            hand.cursor = view.hand.index(self._cursor_card)
        hand.border_title = self.hand_title()
        return hand

    def update_hand(self) -> None:
        """Show this screen's (new) view in its hand."""
        hand = self.query_one(Hand)
        hand.show(self.view.hand, legal=self.legal_cards(), pain_colours=self.marked_colours())
        hand.border_title = self.hand_title()

    def restart(self, view: Any) -> None:
        """Take the seat's view a move later: keys wait a moment again, as on a new
        screen, and the next move may be submitted."""
        self.view = view
        self.first_look = False
        self.show_anew()
        self.refresh_bindings()

    def legal_cards(self) -> set[Card]:
        """The cards the hand offers to choose now (the others are dimmed)."""
        # A card move each: a screen of choices without a card has its own.
        return {move.card for move in self.view.legal_moves}

    def marked_colours(self) -> tuple[str, ...]:
        """The colours whose cards the hand marks (`!`): none in most games."""
        return ()

    def hand_title(self) -> str:
        return _("Your hand")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":  # greyed out while a computer player moves
            return True if self.view.legal_moves else None
        if action == "hint":
            return bool(self.view.legal_moves)
        if action == "hurry":  # shown while a computer player's card is on its way
            return not self.view.legal_moves and self.app.bot_moves_here()  # type: ignore[attr-defined]
        return True

    def action_choose(self) -> None:
        if not self.view.legal_moves:
            return
        if self.settled():
            self.query_one(Hand).choose()
        elif not self.bot_thinking:
            self.too_soon()

    def too_soon(self) -> None:
        """Say why nothing happened: the hand has only just appeared, or the keys had
        begun before this turn."""
        if not self.view.legal_moves:
            return
        if self.looking():
            line = _("Your hand has only just appeared: look at it, then press again.")
        else:
            line = _("Keys pressed before your turn do not count: pause, then press again.")
        self.say_below_hand(Text(line))

    def say_below_hand(self, line: Text) -> None:
        """A line of this screen's own under the hand (a toast would outlive it)."""
        self.query_one("#advice", Static).update(line)

    def action_hurry(self) -> None:
        self.post_message(self.Hurry())

    def action_hint(self) -> None:
        """What the normal computer player would do here and why, in one line on this
        screen (a toast would outlive it); the cursor moves to that choice."""
        advice = self.advice()
        # Translators: {move} is a card or colours, {reason} why (a sentence's end).
        move = self.move_words(advice.move)
        line = filled(_("Hint: {move} {reason}."), move=move, reason=advice.reason)
        self.point_at(advice.move)
        self.say_below_hand(line)

    def advice(self) -> Advice:
        """What the normal computer player of this game would do, and why."""
        assert self.view.seat is not None
        return make_bot("normal", self.view.seat, self.GAME).advise(self.view)

    def move_words(self, move: Move) -> Text:
        """A move in a few words, before the reason for it: here a card move's card."""
        return card_text(move.card)

    def point_at(self, move: Move) -> None:
        """Put the cursor on this move's card, so Enter makes it."""
        hand = self.query_one(Hand)
        hand.cursor = hand.cards.index(move.card)  # a card move

    def submit(self, move: Move) -> None:
        """Hand one move to the game, once: later events of this screen are stale."""
        assert self.view.seat is not None
        self.move_on(self.MoveChosen(self.view.seat, move))
