"""Late: at the end of the deal, choose pain colours among the colours you won."""

from __future__ import annotations

from itertools import groupby

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...core.game import ChooseColours, SeatView
from ...core.options import pain_colour
from ...core.sticheln import score_deal
from ...i18n import N_, _, ngettext
from ...textual_fixes import KeysFooter
from ...widgets.cards import cards_text, colour_name_text
from .parts import status_line
from .private import StichelnPrivateScreen


class ChooseColourScreen(StichelnPrivateScreen):
    """Each choice shows the deal score it gives; the best one is proposed."""

    BINDINGS = [Binding("enter", "choose", N_("Choose"), priority=True)]
    AUTO_FOCUS = "OptionList"

    def __init__(self, view: SeatView) -> None:
        super().__init__(view)
        # Choosing: every legal move is a ChooseColours.
        self.choices = [move.colours for move in view.legal_moves]  # type: ignore[union-attr]
        self.scores = [score_deal(view.won, colours, view.rules) for colours in self.choices]

    def compose(self) -> ComposeResult:
        view = self.view
        assert view.seat is not None
        count = len(self.choices[0])
        # Translators: {pain_colour(s)}: "pain colour(s)", "luck suit(s)"...
        if view.rules.french_deck:
            explain = ngettext(
                "{name}, the deal is over. Choose a suit you won as your {pain_colour}:"
                " it decides how your cards score.",
                "{name}, the deal is over. Choose two suits you won as your {pain_colours}:"
                " it decides how your cards score.",
                count,
            )
        else:
            explain = ngettext(
                "{name}, the deal is over. Choose a colour you won as your {pain_colour}:"
                " it decides how your cards score.",
                "{name}, the deal is over. Choose two colours you won as your {pain_colours}:"
                " it decides how your cards score.",
                count,
            )
        explain = explain.format(
            name=view.players[view.seat],
            pain_colour=pain_colour(view.rules),
            pain_colours=pain_colour(view.rules, count),
        )
        yield Static(status_line(view, self.app.size.width - 2), classes="status")
        yield Static(Text(explain), classes="explain")
        pile = Static(self._pile(), id="pile")
        # As on the hand: any name reads right.
        pile.border_title = _("Your cards from this deal")
        yield pile
        scores = self.scores
        best = max(range(len(scores)), key=lambda i: scores[i])
        options = OptionList(
            *(
                Option(self._label(colours, score, i == best))
                for i, (colours, score) in enumerate(zip(self.choices, scores, strict=True))
            ),
            id="choices",
        )
        options.highlighted = best
        yield options
        yield Static(id="advice")
        yield KeysFooter()

    def _pile(self) -> Text:
        lines = [cards_text(group) for _c, group in groupby(self.view.won, key=lambda c: c.colour)]
        return Text("\n").join(lines)

    def _label(self, colours: tuple[str, ...], score: int, best: bool) -> Text:
        text = Text(" + ").join(colour_name_text(colour) for colour in colours)
        text.append("   " + _("scores {score}").format(score=f"{score:+d}"))
        if best:
            text.append("   " + _("(best)"), style="bold")
        return text

    def action_choose(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is not None:
            self.submit(ChooseColours(self.choices[options.highlighted]))

    def point_at(self, move: ChooseColours) -> None:
        self.query_one(OptionList).highlighted = self.choices.index(move.colours)

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.submit(ChooseColours(self.choices[event.option_index]))
