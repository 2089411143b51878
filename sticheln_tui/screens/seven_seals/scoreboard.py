"""Seven Seals' scores: the shared scoreboard, each seat's penalty by seal kind for the
deal, the lowest total in the lead."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.seven_seals import (
    BLACK,
    COLOURED_PENALTY,
    PENALTY,
    WHITE,
    SealScore,
    SevenSealsGame,
    SevenSealsView,
)
from ...i18n import N_, _
from ..scoreboard import SCREEN_MARGIN, Names, ScoreboardScreen
from . import parts

HOW_A_DEAL_SCORES = N_(
    "Each seal still held costs: coloured {coloured}, white {white}, black {black}. "
    "The saboteur costs its price less the black seals the others took, never below 0. "
    "The lowest total wins."
)


def _kind_cell(count: int, each: int) -> Text:
    """`3 = 6`: how many seals of a kind, and what they cost; `·` for none."""
    if not count:
        return Text("·", style="dim")
    return Text(f"{count} = {count * each}")


def _saboteur_cell(score: SealScore) -> Text:
    """`5 - 2 = 3`: the saboteur's price less the blacks the others took; `4 - 6 → 0`
    where that would fall below 0."""
    if score.saboteur_price is None:
        return Text("")
    sign = "=" if score.blacks_by_others <= score.saboteur_price else "→"
    return Text(f"{score.saboteur_price} - {score.blacks_by_others} {sign} {score.total}")


def penalty_table(view: SevenSealsView, names: Names, meaning: str, width: int) -> RenderableType:
    """The deal just played: each seat's seals left by kind with what they cost, the
    saboteur's score, the deal's penalty and the total; then how a deal scores, the
    deal's last trick and what the leader mark means."""
    result = view.results[-1]
    table = Table(box=None, padding=(0, 0, 0, 2), header_style="bold", pad_edge=False)
    table.add_column(_("Player"), no_wrap=True)
    # Translators: Seven Seals' scores, column headings: the seals of each kind left, and
    # what each costs; short as the English.
    coloured = _("Coloured x{penalty}").format(penalty=COLOURED_PENALTY)
    table.add_column(coloured, justify="right")
    table.add_column(_("White x{penalty}").format(penalty=PENALTY[WHITE]), justify="right")
    table.add_column(_("Black x{penalty}").format(penalty=PENALTY[BLACK]), justify="right")
    table.add_column(_("Saboteur"), justify="right")
    table.add_column(_("Deal"), justify="right")
    table.add_column(_("Total"), justify="right")
    for seat in range(len(view.players)):
        score = result.scores[seat]
        table.add_row(
            names.cell(seat),
            _kind_cell(score.coloured, COLOURED_PENALTY),
            _kind_cell(score.count(WHITE), PENALTY[WHITE]),
            _kind_cell(score.count(BLACK), PENALTY[BLACK]),
            _saboteur_cell(score),
            Text(str(score.total), style="bold"),
            str(view.totals[seat]),
        )
    last = parts.last_trick_text(view, width - SCREEN_MARGIN, result.last_trick, result.saboteur)
    how = Text(
        _(HOW_A_DEAL_SCORES).format(
            coloured=COLOURED_PENALTY, white=PENALTY[WHITE], black=PENALTY[BLACK]
        )
    )
    return Group(table, Text(""), how, Text(""), last, Text(""), Text(meaning))


class SevenSealsScoreboardScreen(ScoreboardScreen):
    """Between deals and at the end: the lowest total leads; equal totals share the win."""

    LOWEST_WINS = SevenSealsGame.LOWEST_WINS

    def deal_table(self, names: Names, meaning: str) -> RenderableType:
        return penalty_table(self.view, names, meaning, self.app.size.width)
