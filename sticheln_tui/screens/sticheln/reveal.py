"""All pain cards turned face up at once, large enough to remember (or, in Dark, a note
that they stay hidden)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ...core.game import SeatView
from ...core.options import pain_colour
from ...i18n import N_, _
from ...textual_fixes import KeysFooter
from ...widgets.cards import big_cards_text, card_text, colour_name_text
from ..flow import FlowScreen
from ..messages import RevealSeen
from .parts import status_line


class RevealScreen(FlowScreen):
    """Public: every player's pain card, then the deal's first lead."""

    BINDINGS = [Binding("enter", "continue", N_("Start the deal"), priority=True)]

    Seen = RevealSeen

    def __init__(self, public: SeatView) -> None:
        super().__init__()
        self.view = public

    def compose(self) -> ComposeResult:
        view = self.view
        luck = view.rules.reverse
        assert view.to_move is not None  # the deal's play begins
        leader = view.players[view.to_move]
        leads = _("{name} leads the first trick.").format(name=leader)
        yield Static(status_line(view, self.app.size.width - 2), classes="status")
        if view.rules.dark:
            if luck:
                title = _("Every luck card lies face down")
                explain = _(
                    "Dark rules: the luck cards stay hidden until the end of the deal, "
                    "so only their owners know them."
                )
            else:
                title = _("Every pain card lies face down")
                explain = _(
                    "Dark rules: the pain cards stay hidden until the end of the deal, "
                    "so only their owners know them."
                )
            yield Static(title, classes="screen-title")
            yield Static(Text(f"{explain} {leads}"), classes="explain")
        else:
            if luck:
                title = _("The luck cards are turned face up")
            else:
                title = _("The pain cards are turned face up")
            yield Static(title, classes="screen-title")
            yield Static(self._cards_table(), id="reveal-table")
            # Translators: {pain_colours} is "pain colours", "luck suits"...
            marked = _("Each player's {pain_colours} are marked with these cards.").format(
                pain_colours=pain_colour(view.rules, 2)
            )
            yield Static(Text(f"{marked} {leads}"), classes="explain")
        yield KeysFooter()

    def fit(self) -> None:
        if not self.view.rules.dark:
            self.query_one("#reveal-table", Static).update(self._cards_table())

    def _cards_table(self) -> Table:
        """A row a player: name, pain cards (big where there is room), their colours."""
        table = Table(box=None, padding=(0, 2), show_header=False)
        table.add_column(vertical="middle")
        table.add_column()
        table.add_column(vertical="middle")
        for seat, name in enumerate(self.view.players):
            cards = self.view.pain_cards[seat] or ()
            if self.roomy:
                row = big_cards_text(cards)
            else:
                row = Text(" ").join(card_text(card) for card in cards)
            colours = Text(", ").join(colour_name_text(card.colour) for card in cards)
            table.add_row(Text(name, style="bold"), row, colours)
        return table

    def action_continue(self) -> None:
        self.move_on(self.Seen())
