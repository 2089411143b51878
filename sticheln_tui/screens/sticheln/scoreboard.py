"""Sticheln's scores: the shared scoreboard, with each seat's tricks and pain for the deal,
the tie-break's count of deals above zero, and the table's choice on a tie: an extra deal
or a shared win."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ...core.game import Phase, SeatView, SettleTie, standings
from ...i18n import N_, _, pgettext
from ...widgets.cards import cards_text, colour_name_text
from ..scoreboard import (
    NEW_GAME,
    NEXT_DEAL,
    PLAYER,
    TOTAL,
    Names,
    ScoreboardScreen,
    names_text,
    signed,
)
from . import parts


def deal_table(view: SeatView, names: Names, meaning: str) -> RenderableType:
    """The deal just played: tricks, pain cards, points gained and lost, the deal's score
    and the total, then the deal's last trick."""
    rules = view.rules
    result = view.results[-1]
    # Translators: column headings of a deal's scores: points gained and lost; short.
    gain, loss = (_("+luck"), _("-other")) if rules.reverse else (_("+cards"), _("-pain"))
    if rules.picks:
        pain = _("Luck cards") if rules.reverse else _("Pain cards")
    else:
        pain = _("Luck colours") if rules.reverse else _("Pain colours")
    table = Table(box=None, padding=(0, 0, 0, 2), header_style="bold", pad_edge=False)
    table.add_column(_(PLAYER), no_wrap=True)
    table.add_column(_("Tricks"), justify="right")
    table.add_column(pain, no_wrap=True)
    table.add_column(gain, justify="right")
    table.add_column(loss, justify="right")
    # Translators: a column heading, the deal's score.
    table.add_column(pgettext("heading", "Deal"), justify="right")
    table.add_column(_(TOTAL), justify="right")
    if rules.tie_break:
        # Translators: a column heading: how many deals scored above zero.
        table.add_column(_("Deals > 0"), justify="right")
    for seat in range(len(view.players)):
        score = result.scores[seat]
        if score.pain_cards:
            laid = cards_text(score.pain_cards)
        else:
            laid = Text(", ").join(colour_name_text(colour) for colour in score.pain_colours)
        cells: list[str | Text] = [
            str(score.tricks),
            laid,
            signed(score.gained),
            signed(score.lost),
            Text(signed(score.total), style="bold"),
            signed(view.totals[seat]),
        ]
        if rules.tie_break:
            cells.append(str(sum(r.scores[seat].total > 0 for r in view.results)))
        table.add_row(names.cell(seat), *cells)
    last_trick = parts.last_trick_text(view, result.last_trick)
    return Group(table, Text(""), last_trick, Text(""), Text(meaning))


class StichelnScoreboardScreen(ScoreboardScreen):
    """Between deals and at the end; in a tie-break it asks the table whether to play an
    extra deal or share the win."""

    # A key's bindings here replace the shared screen's: Enter's three, in their order.
    BINDINGS = [
        NEXT_DEAL,
        Binding("enter", "continue('extra')", N_("Extra deal"), priority=True),
        NEW_GAME,
        Binding("s", "share", N_("Share the win")),
    ]

    view: SeatView

    def __init__(self, public: SeatView) -> None:
        super().__init__(public)
        self.tie = public.phase == Phase.TIE
        if self.tie:
            self.mode = "extra"

    def compose_decision(self) -> ComposeResult:
        if not self.tie:
            return
        view = self.view
        assert view.to_move is not None  # a seat decides
        dealer = view.players[view.to_move]
        yield Static(
            Text(
                _(
                    "{names} are tied on points and on deals above zero. Enter: play an"
                    " extra deal, dealt by {dealer}; s: share the win."
                ).format(names=names_text(view, view.tied), dealer=dealer)
            ),
            classes="explain",
        )

    def leaders(self) -> set[int]:
        view = self.view
        return set(standings(view.results, len(view.players), view.rules))

    def best(self) -> str:
        if self.view.rules.tie_break:
            return _("the highest total, then the most deals above zero")
        return _("the highest total")

    def deal_table(self, names: Names, meaning: str) -> RenderableType:
        return deal_table(self.view, names, meaning)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "share":
            return self.tie
        return super().check_action(action, parameters)

    def action_continue(self, mode: str) -> None:
        if mode == "extra":
            self.move_on(self.Decided(SettleTie(extra_deal=True)))
        else:
            super().action_continue(mode)

    def action_share(self) -> None:
        self.move_on(self.Decided(SettleTie(extra_deal=False)))
