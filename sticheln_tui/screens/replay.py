"""After-game review of a finished game: step through every move with all hands open;
and, on request (`v`), the strong bot's review of every human decision (`bots.review`),
weighed in the background while the replay goes on, its costly moves marked."""

from __future__ import annotations

import contextlib
from typing import Any

from rich.cells import cell_len
from rich.console import JustifyMethod
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import ProgressBar, Static
from textual.worker import Worker

from ..bots.review import Judgment, Review
from ..core.names import visible
from ..core.review import Frame
from ..i18n import N_, _, ngettext
from ..textual_fixes import KeysFooter
from ..widgets.cards import CARD_WIDTH, card_text, cards_text, filled
from ..widgets.names import fit_name, name_column_width
from ..widgets.trick_table import status_room, trick_label

COLUMN_PADDING = 2  # a cell each side of a column
# The turn marker, the name's and the hand's padding, a scroll bar, and the cell a marked
# card takes more.
SEATS_FIXED = 9


def cell_width(cell: str | Text) -> int:
    return cell.cell_len if isinstance(cell, Text) else cell_len(cell)


class ReplayScreen(Screen[None]):
    """Only for finished games (the frames refuse others): every hand is on screen.

    Given the game's `review`, `v` starts weighing the human decisions in the background
    (at once when `reviewing`): a progress bar meanwhile, then a line per human player; a
    costly move's frame is marked and says what was better, and `n` finds the next one.
    Escape leaves at any time, calling the review off.

    A game's replay says what it shows its own way: the methods below `_event`, where
    those without a default are the game's to give (`GameScreens.replay` says which
    screen a game's records replay on)."""

    BINDINGS = [
        Binding("right", "step(1)", N_("Next")),
        # Unshown in the Footer, which has room at 80 columns for the review's key, the
        # rules' and Quit beside these two in every language: the help and the README
        # list them.
        Binding("left", "step(-1)", N_("Back"), show=False),
        Binding("pagedown,down", "trick(1)", N_("Next trick"), key_display="PgDn"),
        Binding("pageup,up", "trick(-1)", N_("Trick back"), key_display="PgUp", show=False),
        Binding("home", "jump(0)", N_("Start"), show=False),
        Binding("end", "jump(-1)", N_("End"), show=False),
        Binding("v", "review", N_("Review")),
        # Translators: a footer key's label, as short as "Review" (it takes that key's place
        # once the review has found a costly move): it goes to the next such move.
        Binding("n", "next_costly", N_("Next costly")),
        Binding("escape", "leave", N_("Leave"), show=False),
    ]

    position = reactive(0, init=False)

    def __init__(
        self,
        frames: list[Frame],
        source: str,
        review: Review | None = None,
        *,
        reviewing: bool = False,
    ) -> None:
        super().__init__()
        self.frames = frames
        self.source = source
        self.review = review
        self._reviewing = reviewing
        self.judged: dict[int, Judgment] = {}  # by step
        self._taken = 0  # decisions weighed so far (some are not judged: see `judge`)
        self._worker: Worker | None = None  # takes the judgments as they are weighed
        self.cut_short = False  # the weighing ended before every decision was weighed

    @property
    def review_done(self) -> bool:
        return self.review is not None and self._taken == len(self.review)

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title", classes="status")  # a long file name has the width
        with Horizontal(id="replay-top"):
            yield Static(id="replay-status", classes="status")
            yield Static(id="replay-step")
        with Horizontal(id="review-progress"):
            yield Static(_("Reviewing the moves (Esc leaves)"), id="review-label")
            yield ProgressBar(show_eta=False)
        yield Static(id="review-summary")
        # Above the hands, which may need to scroll at 80x24: the review of the move shown.
        yield Static(id="review-verdict")
        with VerticalScroll(id="replay-body", can_focus=False):
            yield Static(id="replay-seats")
            yield Static(id="replay-trick")
            yield Static(id="replay-event")
        yield KeysFooter()

    def on_mount(self) -> None:
        # Again when the screen is drawn anew in another language: the review goes on.
        if self._reviewing and self._worker is None:
            self.action_review()
        self._show_review()
        self.watch_position(self.position)

    def on_unmount(self) -> None:
        self._stop_review()

    def watch_position(self, position: int) -> None:
        frame = self.frames[position]
        view = frame.view
        title = Text(_("Replay of {source}").format(source=visible(self.source)), style="bold")
        moves = len(self.frames) - 1
        step = Text(_("move {step} of {moves}").format(step=frame.step, moves=moves))
        judgment = self.judged.get(frame.step)
        if judgment is not None and judgment.costly:
            # Translators: after "move 12 of 240" in the replay, on a move the review marks.
            step.append("  " + _("? costly"), style="bold reverse")
        verdict = self.query_one("#review-verdict", Static)
        verdict.display = judgment is not None
        verdict.update(self.verdict(judgment) if judgment is not None else "")
        self.query_one("#replay-title", Static).update(title)
        self.query_one("#replay-step", Static).update(step)
        room = status_room(self.size.width, step)
        self.query_one("#replay-status", Static).update(self.status(view, room))
        self.query_one("#replay-seats", Static).update(self._seats(frame))
        self.query_one("#replay-trick", Static).update(self.trick(view, self._name_width(view)))
        self.query_one("#replay-event", Static).update(self._event(frame))

    def _seats(self, frame: Frame) -> Table:
        """A row a seat: the turn marker and name, the open hand, the game's own columns
        (`seat_columns`), the total."""
        view = frame.view
        # Headers of words are dim; a game's own header keeps its styles (colour badges).
        table = Table(box=None, padding=(0, 1), show_header=True, header_style="")
        table.add_column("", no_wrap=True)
        # Translators: column headings of the replay: a seat's hand, its total.
        table.add_column(Text(_("hand"), style="dim"), no_wrap=True)
        columns = [*self.seat_columns(view), (_("total"), "right")]
        for header, justify in columns:
            shown = Text(header, style="dim") if isinstance(header, str) else header
            table.add_column(shown, justify=justify, no_wrap=True)
        cells = [
            [*self.seat_cells(view, seat), str(view.totals[seat])]
            for seat in range(len(view.players))
        ]
        names = self._name_width(view)
        # A card never breaks across lines: the hand wraps between cards (a marked card
        # is a cell wider), in the room the other columns leave.
        others = sum(
            max(cell_width(header), *(cell_width(row[index]) for row in cells)) + COLUMN_PADDING
            for index, (header, _justify) in enumerate(columns)
        )
        room = self.size.width - names - others - SEATS_FIXED
        per_line = max(1, room // (CARD_WIDTH + 2))  # in a narrow room, fewer per line
        for seat, name in enumerate(view.players):
            marker = "▶ " if seat == view.to_move else "  "
            hand = frame.hands[seat]
            lines = [hand[start : start + per_line] for start in range(0, len(hand), per_line)]
            marked = self.marked_colours(view, seat)
            table.add_row(
                Text(
                    marker + fit_name(name, names, view.players),
                    style="bold" if marker.strip() else "",
                ),
                Text("\n").join(cards_text(line, marked) for line in lines),
                *cells[seat],
            )
        return table

    def _name_width(self, view) -> int:
        return name_column_width(view.players, self.size.width // 8)

    def _event(self, frame: Frame) -> Text:
        view = frame.view
        if frame.move is None:
            return Text(_("The cards are dealt. → steps through the game."), style="dim")
        assert frame.mover is not None  # set with the move
        text = self.move_line(view, frame.move, frame.mover)
        earlier = self.frames[frame.step - 1].view
        if len(view.results) > len(earlier.results):  # that move ended a deal
            result = view.results[-1]
            text.append("\n")
            text.append_text(self.deal_last_trick(view, result))
            scores = ", ".join(
                f"{name} {score.total:+d}"
                for name, score in zip(view.players, result.scores, strict=True)
            )
            scored = _("Deal {deal} scored: {scores}.").format(deal=result.deal, scores=scores)
            text.append("\n" + scored)
        if view.winners:
            names = [view.players[seat] for seat in view.winners]
            if len(names) == 1:
                over = _("Game over: {name} wins.").format(name=names[0])
            else:
                # Translators: {names} and {last}: the winners, e.g. "Ann" and "Bob".
                over = _("Game over: {names} and {last} win.").format(
                    names=_(" and ").join(names[:-1]), last=names[-1]
                )
            text.append("\n" + over)
        return text

    # -- the review ----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return self.review is not None and self._worker is None and len(self.review) > 0
        if action == "next_costly":
            return any(judgment.costly for judgment in self.judged.values())
        return True

    def action_review(self) -> None:
        """Start the review: a worker takes its judgments as they are weighed (`_weigh`)."""
        if self.review is None or self._worker is not None:
            return
        self._reviewing = True
        self._worker = self.run_worker(self._weigh(), group="review", exit_on_error=False)
        self.refresh_bindings()
        self._show_review()

    async def _weigh(self) -> None:
        """The judgments, shown as they come (`Review.weighed`: in a process of its own)
        until all are in or the weighing fails; once the worker is cancelled
        (`_stop_review`), the weighing ends at once."""
        assert self.review is not None
        async with contextlib.aclosing(self.review.weighed()) as judgments:
            while True:
                try:
                    judgment = await anext(judgments)
                except Exception:  # all weighed (StopAsyncIteration), or the weighing failed
                    break
                self._taken += 1
                if judgment is not None:
                    self.judged[judgment.step] = judgment
                self._show_judged()
        self.cut_short = not self.review_done
        self._show_judged()

    def _show_judged(self) -> None:
        self._show_review()
        self.refresh_bindings()
        self.watch_position(self.position)

    def _stop_review(self) -> None:
        if self._worker is not None:
            self._worker.cancel()

    def _show_review(self) -> None:
        progress = self.query_one("#review-progress")
        ended = self.review_done or self.cut_short
        progress.display = self._reviewing and not ended
        if self.review is not None:
            self.query_one(ProgressBar).update(total=len(self.review), progress=self._taken)
        summary = self.query_one("#review-summary", Static)
        summary.display = ended and self._reviewing
        if summary.display:
            summary.update(self.summary())

    def summary(self) -> Text:
        """A line per human player: decisions weighed, the costly ones, the costliest."""
        assert self.review is not None
        lines = []
        for found in self.review.summaries(list(self.judged.values())):
            if found.costly:
                # Translators: the review's line for a player; {worst} is a number of
                # points, e.g. "7": what the costliest move cost; "costly" moves cost at
                # least a point and a half each.
                line = ngettext(
                    "{name}: {decisions} decision reviewed, {costly} costly, the costliest "
                    "about {worst} points",
                    "{name}: {decisions} decisions reviewed, {costly} costly, the costliest "
                    "about {worst} points",
                    found.decisions,
                )
            else:
                # Translators: the review's line for a player none of whose moves was costly.
                line = ngettext(
                    "{name}: {decisions} decision reviewed, none costly",
                    "{name}: {decisions} decisions reviewed, none costly",
                    found.decisions,
                )
            lines.append(
                line.format(
                    name=self.frames[0].view.players[found.seat],
                    decisions=found.decisions,
                    costly=found.costly,
                    worst=round(found.worst),
                )
            )
        if self.cut_short:
            lines.append(
                # Translators: the review's last line when it could not weigh every move.
                _("The review stopped after {done} of {total} decisions.").format(
                    done=self._taken, total=len(self.review)
                )
            )
        return Text("\n".join(lines))

    def verdict(self, judgment: Judgment) -> Text:
        """What the review says of a human move: `Trick 5/15: [ 9 B] cost about 3 points;
        [ 2 R] was better.`"""
        decision = self.decision_words(judgment.view)
        if not judgment.costly:
            # Translators: the review's word on a move that cost little or nothing.
            return Text(_("Review: {decision}: no costly mistake.").format(decision=decision))
        points = max(1, round(judgment.cost))
        # Translators: the review of a costly move: "Trick 5/15: [ 9 B] cost about 3
        # points; [ 2 R] was better."; {move} and {better} are cards, passes, predictions.
        sentence = ngettext(
            "Review: {decision}: {move} cost about {points} point; {better} was better.",
            "Review: {decision}: {move} cost about {points} points; {better} was better.",
            points,
        )
        return filled(
            sentence,
            decision=decision,
            move=self.move_words(judgment.view, judgment.move),
            points=str(points),
            better=self.move_words(judgment.view, judgment.best),
        )

    def action_next_costly(self) -> None:
        """To the next costly move after this frame (round to the first)."""
        costly = sorted(step for step, judgment in self.judged.items() if judgment.costly)
        later = [step for step in costly if step > self.position]
        if costly:
            self.position = (later or costly)[0]

    def action_leave(self) -> None:
        self._stop_review()
        self.dismiss()

    # -- what a game shows its own way ------------------------------------------------

    def status(self, view: Any, room: int) -> Text:
        """Where the game stands in `room` cells: `Sticheln  Deal 2/5  Trick 6/14  Classic`."""
        raise NotImplementedError(f"{type(self).__name__} has no status line")

    def seat_columns(self, view: Any) -> list[tuple[str | Text, JustifyMethod]]:
        """The game's columns between a seat's hand and its total: header, alignment."""
        return []

    def seat_cells(self, view: Any, seat: int) -> list[str | Text]:
        """A seat's cells in those columns."""
        return []

    def marked_colours(self, view: Any, seat: int) -> tuple[str, ...]:
        """The colours whose cards a seat's hand marks (`!`): none in most games."""
        return ()

    def trick(self, view: Any, names: int) -> Text | str:
        """The trick on the table, if any, its names `names` cells wide."""
        raise NotImplementedError(f"{type(self).__name__} draws no trick")

    def move_line(self, view: Any, move: Any, mover: int) -> Text:
        """The move just made, as the whole table saw it."""
        raise NotImplementedError(f"{type(self).__name__} has no move_line")

    def deal_last_trick(self, view: Any, result: Any) -> Text:
        """The last trick of the deal just scored (`result`)."""
        raise NotImplementedError(f"{type(self).__name__} has no deal_last_trick")

    def decision_words(self, view: Any) -> str:
        """What a player was deciding, in a few words: `Trick 5/15`."""
        return trick_label(view.trick_number, view.tricks_per_deal)

    def move_words(self, view: Any, move: Any) -> Text:
        """A move the review names: here a card move's card."""
        return card_text(move.card)

    def action_step(self, step: int) -> None:
        self.position = max(0, min(len(self.frames) - 1, self.position + step))

    def action_jump(self, position: int) -> None:
        self.position = position % len(self.frames)

    def action_trick(self, direction: int) -> None:
        """To the next (or previous) moment a trick is complete, or the end."""
        position = self.position + direction
        while 0 < position < len(self.frames) - 1 and not self._trick_done(position):
            position += direction
        self.position = max(0, min(len(self.frames) - 1, position))

    def _trick_done(self, position: int) -> bool:
        frame = self.frames[position]
        earlier = self.frames[position - 1].view
        return (not frame.view.trick and bool(earlier.trick)) or (
            len(frame.view.results) > len(earlier.results)
        )
