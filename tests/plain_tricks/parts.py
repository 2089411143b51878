"""Text for the parts of Plain Tricks' table, from a seat's view or the public one: the
functions `PartsTableScreen` and the situation line (`GameWords`) ask every game for."""

from __future__ import annotations

from rich.text import Text

from sticheln_tui.core.table import PlayCard, Played
from sticheln_tui.widgets.cards import CARD_WIDTH, card_text, cards_text, filled
from sticheln_tui.widgets.names import fit_name, name_column_width
from sticheln_tui.widgets.trick_table import (
    PANEL_FRAME,
    TrickSeat,
    compact_trick_text,
    game_status,
    no_trick_taken_yet,
    trick_label,
    trick_stands,
    turn_text,
)

from . import TITLE
from .engine import CompletedTrick, PlainView, trick_winner

WINNING = "  ◀ winning"
TOOK = "  ◀ took it"
TRICKS = "tricks"


def status_line(view: PlainView, room: int | None = None) -> Text:
    """`Plain Tricks  Deal 2/3  Trick 4/7`."""
    return game_status(TITLE, view, room=room)


def name_width(view: PlainView, width: int) -> int:
    """The name column the seats panel and the trick panel share, at a terminal `width`."""
    seats = PANEL_FRAME + len("▶ ") + len(" D ") + len(TRICKS)
    trick = PANEL_FRAME + 1 + CARD_WIDTH + len(WINNING)
    return name_column_width(view.players, (width - seats - trick) // 2)


def seats_text(view: PlainView, names: int) -> Text:
    """A heading, then a line a seat: turn marker, name, dealer, tricks taken this deal."""
    lines = [Text(" " * (len("▶ ") + names + len(" D ")) + TRICKS, style="dim")]
    for seat, name in enumerate(view.players):
        line = Text("▶ " if seat == view.to_move else "  ", style="bold")
        line.append(fit_name(name, names, view.players), style="bold" if seat == view.seat else "")
        line.append(" D " if seat == view.dealer else "   ", style="bold")
        line.append(f"{view.tricks_won[seat]:>{len(TRICKS)}}")
        lines.append(line)
    return Text("\n").join(lines)


def trick_title(view: PlainView) -> str:
    if trick_stands(view):
        return f"Trick {view.trick_number - 1}/{view.tricks_per_deal}, taken"
    return trick_label(view.trick_number, view.tricks_per_deal)


def taken_seats(view: PlainView, taken: CompletedTrick) -> tuple[Text, list[TrickSeat]]:
    note = Text(f"{view.players[taken.winner]} took this trick and leads the next.")
    return note, [
        TrickSeat(play.seat, play.card, mark=TOOK if play.seat == taken.winner else "")
        for play in taken.plays
    ]


def trick_seats(view: PlainView) -> tuple[Text, list[TrickSeat]]:
    """The colour to follow, then each seat's place in the trick in play order."""
    if trick_stands(view):
        assert view.last_trick is not None
        return taken_seats(view, view.last_trick)
    leader = view.trick[0].seat if view.trick else view.to_move
    count = len(view.players)
    seats = []
    for step in range(count):
        seat = (leader + step) % count if leader is not None else step
        card = next((play.card for play in view.trick if play.seat == seat), None)
        mark = WINNING if card is not None and seat == view.winning_seat else ""
        seats.append(TrickSeat(seat, card, mark=mark))
    led = view.trick[0].card.colour if view.trick else None
    note = f"Follow {led} if you can." if led else "Any card may lead."
    return Text(note, style="italic"), seats


def trick_text(view: PlainView, names: int) -> Text:
    return compact_trick_text(view, *trick_seats(view), names)


def seat_notes(view: PlainView, seat: int) -> list[Text]:
    return [Text(f"{TRICKS} {view.tricks_won[seat]}")]


def seat_words(view: PlainView, seat: int) -> list[str]:
    return [f"{view.tricks_won[seat]} tricks"]


def last_trick_text(view: PlainView, last: CompletedTrick | None = None) -> Text:
    last = last or view.last_trick
    if last is None:
        return no_trick_taken_yet()
    return filled(
        "Last trick: {name} took {cards}",
        name=view.players[last.winner],
        cards=cards_text(play.card for play in last.plays),
    )


def consequence(view: PlainView, card: object) -> Text:
    """What playing `card` now would do."""
    if card is None or view.to_move != view.seat or view.phase != "play":
        return Text()
    trick = view.trick_cards
    if not trick:
        return filled("If you play {card} now, you lead its colour.", card=card_text(card))
    if trick_winner([*trick, card]) == len(trick):
        return filled("If you play {card} now, you are taking the trick.", card=card_text(card))
    return filled("If you play {card} now, you do not take the trick.", card=card_text(card))


def last_event_text(public: PlainView, move: PlayCard, mover: int) -> Text:
    """The card just played, as everybody saw it; nothing once the deal's scores came in
    between."""
    name, play = public.players[mover], Played(mover, move.card)
    if public.trick:
        if public.trick[-1] != play:
            return Text()
        return filled("{name} played {card}.", name=name, card=card_text(move.card))
    taken = public.last_trick
    if public.phase != "play" or taken is None or taken.plays[-1] != play:
        return Text()
    return filled(
        "{name} played {card}; {winner} took the trick.",
        name=name,
        card=card_text(move.card),
        winner=public.players[taken.winner],
    )


def public_table(public: PlainView, width: int) -> list[Text]:
    names = name_width(public, width)
    texts = [status_line(public), turn_text(public), seats_text(public, names)]
    if public.phase == "play":
        texts += [trick_text(public, names), last_trick_text(public)]
    return texts
