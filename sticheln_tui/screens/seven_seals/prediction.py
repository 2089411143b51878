"""Seven Seals' prediction: your hand beside the seals you take of each colour, whom a
seal the supply lacks is taken from, or the saboteur instead (RULES.md 4.2)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.geometry import Region
from textual.widgets import Static

from ...bots.seven_seals import proposal
from ...core.cards import Card
from ...core.seven_seals import (
    COLOURS,
    SEALS,
    Predict,
    SevenSealsView,
    TakeSaboteur,
    no_choice_of_victims,
    predict,
    prediction_problem,
    proposed_steals,
    victim_choices,
)
from ...i18n import N_, _, ngettext
from ...textual_fixes import KeysFooter
from ...widgets.cards import (
    BIG_CARD_WIDTH,
    CARD_WIDTH,
    big_cards_text,
    card_text,
    colour_name_text,
    unbroken_lines,
)
from ...widgets.static_text import update_text
from ...widgets.trick_table import status_room, turn_text
from ...words import colour_name
from ..private import PrivateScreen
from . import parts

TAKEN, LEFT = "●", "○"  # a seal of the colour taken, and one not taken
CHOSEN_MARK = "▸"  # before the colour being chosen


def colour_cells() -> int:
    """The column of the colours' names: the longest name's."""
    return max(len(colour_name(colour)) for colour in COLOURS)


def row_fixed() -> int:
    """Left of a colour's cards: the panel's frame, the cursor, the colour's name, its
    seals and their count."""
    return (
        parts.PANEL_FRAME
        + len(f"{CHOSEN_MARK} ")
        + colour_cells()
        + 2
        + max(SEALS.values())
        + len(" 5  ")
    )


class SevenSealsPredictionScreen(PrivateScreen):
    """↑↓ a colour, ←→ fewer or more of its seals, `w` another player to rob, Enter takes
    these seals, `s` the saboteur. The normal computer player's choice is preselected, so
    Enter alone accepts it; a choice the rules refuse says why and Enter changes nothing."""

    BINDINGS = [
        Binding("enter", "take_seals", N_("Take seals"), priority=True),
        Binding("enter", "take_saboteur", N_("Take saboteur"), priority=True),
        Binding("s", "saboteur", N_("Saboteur")),
        # Said on the screen where they act, not in the footer, where with them Take back
        # and Quit did not fit 80 columns: the arrows under the colours they choose, w on
        # the line of the seals it takes from another player.
        Binding("up", "colour(-1)", N_("Colour"), show=False),
        Binding("down", "colour(1)", N_("Colour"), show=False),
        Binding("left", "count(-1)", N_("Fewer/more"), show=False),
        Binding("right", "count(1)", N_("Fewer/more"), show=False),
        # Translators: a key's name in the keys panel: choose whom to take a seal from.
        Binding("w", "rob_another", N_("Whom"), show=False),
        # Where there is nobody else to choose, w says why.
        Binding("w", "why_nobody_else", N_("Whom"), show=False),
    ]
    AUTO_FOCUS = None  # the screen's own keys: no widget takes the arrows

    def __init__(self, view: SevenSealsView, cursor_card: Card | None = None) -> None:
        super().__init__(view, cursor_card)
        self.row = 0  # the colour under the cursor
        self.wanted = dict.fromkeys(COLOURS, 0)
        self.victims: dict[str, tuple[int, ...]] = {}  # by colour, whom its steals rob
        self.saboteur_chosen = False  # Enter takes the saboteur (the proposal was that)
        self.proposal_reason = ""  # the normal bot's, said with the proposal
        if view.legal_moves:  # else another seat, at another screen, predicts first
            proposed = proposal(view)
            self.proposal_reason = proposed.reason
            self._take(proposed.move)

    def _take(self, move: Predict | TakeSaboteur) -> None:
        """Preselect `move`."""
        if isinstance(move, TakeSaboteur):
            self.saboteur_chosen = True
            return
        self.wanted.update(move.wanted)
        for colour, seat in move.steals:
            self.victims[colour] = (*self.victims.get(colour, ()), seat)
        self.row = next((i for i, c in enumerate(COLOURS) if self.wanted[c]), 0)

    # -- what is chosen -------------------------------------------------------------------

    @property
    def steals(self) -> tuple[tuple[str, int], ...]:
        return tuple((colour, seat) for colour, seats in self.victims.items() for seat in seats)

    def chosen_move(self) -> Predict:
        return predict(self.wanted, self.steals)

    def problem(self) -> str | None:
        """Why the seals chosen may not be taken (the core's one rule), or None."""
        view = self.view
        return prediction_problem(
            view.supply, view.seals, view.seat, self.wanted, self.steals, colour_name
        )

    def victim_choices(self, colour: str) -> list[tuple[int, ...]]:
        """Every way the rules leave to rob the seals of `colour` the supply lacks, for
        the seals chosen: whom, as sorted seats."""
        view = self.view
        choices = victim_choices(view.supply, view.seals, view.seat, self.wanted)
        return choices.get(colour, [])

    def _robbing_colour(self) -> str | None:
        """The colour whose victims `w` changes: the one under the cursor if it has a choice
        of victims, else the first that has."""
        order = [COLOURS[self.row], *COLOURS]
        return next((c for c in order if len(self.victim_choices(c)) > 1), None)

    # -- the screen -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="top-line"):
            yield Static(id="status", classes="status")
            yield Static(turn_text(self.view), id="turn")
        seals = Static(id="seals", classes="seats-panel")
        seals.border_title = parts.seals_title(self.view)
        yield seals
        rows = Static(id="prediction")
        rows.border_title = _("Your hand, and the seals you take")
        # Translators: under Seven Seals' prediction, the keys that choose the seals.
        rows.border_subtitle = _("↑↓ colour  ←→ fewer or more")
        yield rows
        yield Static(id="choice-line")
        yield Static(id="steal-line")
        yield Static(id="saboteur-line")
        yield KeysFooter()

    def fit(self) -> None:
        self._draw()

    def _draw(self) -> None:
        width = self.app.size.width
        room = status_room(width, turn_text(self.view))
        update_text(self.query_one("#status", Static), parts.status_line(self.view, room))
        names = parts.name_width(self.view, width)
        seals = parts.seals_text(self.view, names, supply=True, with_took=True)
        update_text(self.query_one("#seals", Static), seals)
        self.query_one("#prediction", Static).update(self._rows(width))
        for line_id, text in (
            ("choice-line", self._choice_line()),
            ("steal-line", self._steal_line()),
            ("saboteur-line", self._saboteur_line()),
        ):
            line = self.query_one(f"#{line_id}", Static)
            line.display = bool(text)  # an empty line would leave a gap
            update_text(line, text)
        self.refresh_bindings()

    @property
    def cursor_region(self) -> Region | None:
        """Where the terminal cursor goes: on the colour being chosen, its ▸."""
        rows = self.query_one("#prediction", Static)
        for y, line in enumerate(rows.render_lines(Region(0, 0, *rows.size))):
            x = line.text.find(CHOSEN_MARK)
            if x >= 0:
                return Region(rows.region.x + x, rows.region.y + y, 1, 1)
        return None

    def _rows(self, width: int) -> Table:
        """A row a colour, red first: the cursor, the colour, its seals taken of the
        colour's total, and your cards of that colour."""
        table = Table(box=None, padding=(0, 2, 0, 0), show_header=False, pad_edge=False)
        table.add_column(no_wrap=True, vertical="middle")
        table.add_column(no_wrap=True, vertical="middle")
        table.add_column(no_wrap=True)
        room = max(width - row_fixed(), CARD_WIDTH)
        cells = colour_cells()
        for index, colour in enumerate(COLOURS):
            here = index == self.row
            count = self.wanted[colour]
            name = Text(f"{CHOSEN_MARK} " if here else "  ", style="bold").append_text(
                colour_name_text(colour)
            )
            name.append(" " * (cells - len(colour_name(colour))))
            seals = Text(TAKEN * count, style="bold").append(LEFT * (SEALS[colour] - count))
            seals.append(" " * (max(SEALS.values()) - SEALS[colour]) + f" {count}")
            if self.saboteur_chosen:
                seals.stylize("dim")
            held = [card for card in self.view.hand if card.colour == colour]
            cards = self._cards(held, room) if held else Text(_("no cards"), style="dim")
            table.add_row(name, seals, cards)
        return table

    def _cards(self, cards: list[Card], room: int) -> Text:
        """Cards of a colour in lines of `room` cells: drawn big where there is room."""
        if not self.roomy:
            return unbroken_lines([card_text(card) for card in cards], room)
        per_line = max(1, (room + 1) // (BIG_CARD_WIDTH + 1))
        lines = [cards[start : start + per_line] for start in range(0, len(cards), per_line)]
        return Text("\n").join(big_cards_text(line) for line in lines)

    def _choice_line(self) -> Text:
        view = self.view
        if not view.legal_moves and view.to_move is not None:  # at a table of screens
            # Translators: another player, at another screen, takes seals before you.
            waiting = _("{name} chooses first; then it is your turn.")
            return Text(waiting.format(name=view.players[view.to_move]), style="bold")
        if self.saboteur_chosen:  # its price: on the saboteur's line below
            # Translators: {reason} is a clause, e.g. "your tricks are hard to foresee: your
            # seals would likely cost about 5 points, the saboteur 4 at most".
            proposed = _(
                "Proposed: the saboteur, as {reason}. Enter takes it; ←→: seals instead."
            ).format(reason=self.proposal_reason)
            return Text(proposed, style="bold")
        total = sum(self.wanted.values())
        if not total:
            return Text(_("You take no seals: you mean to win no trick."), style="bold")
        text = ngettext(
            "You take {seals}: win exactly that many of each colour, {count} trick in all.",
            "You take {seals}: win exactly that many of each colour, {count} tricks in all.",
            total,
        )
        return Text(text.format(seals=parts.prediction_words(self.wanted), count=total))

    def _steal_line(self) -> Text:
        """The steals the choice implies, and whom they rob; or why it may not be made."""
        if self.saboteur_chosen:
            return Text("")
        problem = self.problem()
        if problem:
            # Translators: {problem} is the rules' refusal, e.g. "the supply has no white seal".
            return Text(_("Not possible: {problem}.").format(problem=problem), style="bold")
        if not self.steals:
            return Text("")
        view = self.view
        victims = len({seat for _, seat in self.steals})
        taken = ngettext(
            "Taken from others: {robbed}, who takes a white seal.",
            "Taken from others: {robbed}, who take a white seal.",
            victims,
        )
        text = Text(taken.format(robbed=parts.steals_words(view, self.steals)))
        if self._robbing_colour() is not None:
            text.append(" " + _("w: rob another."), style="bold")
        return text

    def _saboteur_line(self) -> Text:
        """Who holds the saboteur, or what `s` would pay for it."""
        view = self.view
        offer = view.saboteur_offer
        if offer is None:
            if view.saboteur is None:
                return Text("")
            holder = view.players[view.saboteur]
            return Text(_("The saboteur is {name}'s.").format(name=holder), style="dim")
        if view.displaced:
            holder = view.players[view.saboteur]
            return Text(
                _("{name} took the saboteur from you: s bids {offer}, or take seals.").format(
                    name=holder, offer=offer
                )
            )
        if view.saboteur is not None:
            holder = view.players[view.saboteur]
            return Text(
                _("s: take the saboteur from {name} for {offer}.").format(name=holder, offer=offer)
            )
        return Text(
            _("s: the saboteur instead, costs {offer} (less the blacks the others take).").format(
                offer=offer
            )
        )

    # -- keys -------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mine = bool(self.view.legal_moves)
        if action == "take_seals":
            return mine and not self.saboteur_chosen
        if action == "take_saboteur":
            return mine and self.saboteur_chosen
        if action == "saboteur":  # greyed out when the saboteur may not be taken
            return True if mine and self.view.saboteur_offer is not None else None
        if action == "rob_another":
            return mine and not self.saboteur_chosen and self._robbing_colour() is not None
        if action == "why_nobody_else":
            return mine and (self.saboteur_chosen or self._robbing_colour() is None)
        if action == "hint":  # the normal computer player's choice is preselected
            return False
        return super().check_action(action, parameters)

    def say_below_hand(self, line: Text) -> None:
        update_text(self.query_one("#choice-line", Static), line)

    def action_colour(self, step: int) -> None:
        self.row = (self.row + step) % len(COLOURS)
        self._draw()

    def action_count(self, step: int) -> None:
        colour = COLOURS[self.row]
        count = max(0, min(SEALS[colour], self.wanted[colour] + step))
        if self.saboteur_chosen:  # choosing seals instead of the saboteur proposed
            self.saboteur_chosen = False
        elif count == self.wanted[colour]:
            self.app.bell()
            return
        self.wanted[colour] = count
        view = self.view
        steals = proposed_steals(view.supply, view.seals, view.seat, {colour: count})
        self.victims[colour] = tuple(seat for _, seat in steals)
        self._draw()

    def action_rob_another(self) -> None:
        colour = self._robbing_colour()
        if colour is None:
            return
        choices = self.victim_choices(colour)
        now = tuple(sorted(self.victims.get(colour, ())))
        later = (choices.index(now) + 1) % len(choices) if now in choices else 0
        self.victims[colour] = choices[later]
        self._draw()

    def action_why_nobody_else(self) -> None:
        if self.saboteur_chosen:
            reason: str | None = _("you take the saboteur, not seals")
        else:
            view = self.view
            reason = no_choice_of_victims(
                view.supply, view.seals, view.seat, self.wanted, view.players
            )
        self.say_below_hand(Text(_("No choice of whom to rob: {reason}.").format(reason=reason)))

    def action_take_seals(self) -> None:
        if self.problem() is not None:  # said on the screen already
            self.app.bell()
            return
        self.submit(self.chosen_move())

    def action_take_saboteur(self) -> None:
        self.action_saboteur()

    def action_saboteur(self) -> None:
        if TakeSaboteur() in self.view.legal_moves:
            self.submit(TakeSaboteur())
