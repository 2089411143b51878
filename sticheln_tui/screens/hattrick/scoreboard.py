"""Hattrick's scores: the shared scoreboard, with each pile's breakdown for the deal."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.hattrick import COLOURS, PASS_PENALTY, HattrickView
from ...i18n import N_, _, pgettext
from ...widgets.cards import colour_letter_text, colour_name_text
from ..scoreboard import SCREEN_MARGIN, Names, ScoreboardScreen
from . import parts

HOW_A_DEAL_SCORES = N_(
    "A pile scores +1 a card of its main (most numerous) colour, -1 every other card, "
    "{penalty} a pass card."
)


def _cost(points: int) -> str:
    """What the other colours or the passes cost: `-3`, or `0` (`+0` would read as a gain)."""
    return f"{points:+d}" if points else "0"


def pile_table(view: HattrickView, names: Names, meaning: str, width: int) -> RenderableType:
    """The deal just played: each pile's cards by colour and pass cards, what its main
    colour gives, what the other colours and the passes cost, the deal's score and the
    total; then how a pile scores, the deal's last trick and what the leader mark means."""
    result = view.results[-1]
    table = Table(box=None, padding=(0, 0, 0, 2), header_style="bold", pad_edge=False)
    table.add_column(_("Player"), no_wrap=True)
    for colour in COLOURS:
        table.add_column(colour_letter_text(colour), justify="right")
    # Translators: Hattrick's scores, column headings: the pass cards laid, what the main
    # colour gives, what the other colours and the passes cost; short as the English.
    table.add_column(pgettext("score column", "Pass"), justify="right")
    table.add_column(_("+main"), justify="left", no_wrap=True)
    table.add_column(_("-other"), justify="right")
    table.add_column(_("-pass"), justify="right")
    table.add_column(_("Deal"), justify="right")
    table.add_column(_("Total"), justify="right")
    for seat in range(len(view.players)):
        score = result.scores[seat]
        counts = [str(sum(card.colour == colour for card in score.pile)) for colour in COLOURS]
        main = Text(f"{score.plus:+d} ")
        if score.main_colour is not None:
            main.append_text(colour_name_text(score.main_colour))
        table.add_row(
            names.cell(seat),
            *counts,
            str(len(score.passes)),
            main,
            _cost(score.minus),
            _cost(score.pass_penalty),
            Text(f"{score.total:+d}", style="bold"),
            f"{view.totals[seat]:+d}",
        )
    last_trick = parts.last_trick_text(
        view, width - SCREEN_MARGIN, result.last_trick, deal_over=True
    )
    how = Text(_(HOW_A_DEAL_SCORES).format(penalty=PASS_PENALTY))
    return Group(table, Text(""), how, Text(""), last_trick, Text(""), Text(meaning))


class HattrickScoreboardScreen(ScoreboardScreen):
    """Between deals and at the end: equal totals share the win (no tie-break)."""

    def deal_table(self, names: Names, meaning: str) -> RenderableType:
        return pile_table(self.view, names, meaning, self.app.size.width)
