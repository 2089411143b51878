"""Text for the parts of the table, drawn from a seat view (or the public view)."""

from __future__ import annotations

from rich.text import Text

from ..core.cards import COLOUR_LETTERS, Card
from ..core.game import ChooseColours, CompletedTrick, Move, Phase, PickPain, PlayCard, SeatView
from ..core.options import badge, pain_word
from ..core.sticheln import is_trump, trick_winner
from .cards import CARD_WIDTH, card_text, cards_text, colour_name

NAME_WIDTH = 8
FACE_DOWN = "[ ?? ]"


def deal_label(view: SeatView) -> str:
    if view.deal > view.deals_total:
        return f"Extra deal {view.deal - view.deals_total}"
    return f"Deal {view.deal}/{view.deals_total}"


def status_line(view: SeatView) -> Text:
    """`Sticheln  Deal 2/5  Trick 6/14  Classic`: where the game is, and its rules."""
    text = Text()
    text.append("Sticheln", style="bold")
    text.append(f"  {deal_label(view)}")
    if view.phase is Phase.PLAY:
        text.append(f"  Trick {view.trick_number}/{view.tricks_per_deal}")
    text.append(f"  {badge(view.rules)}", style="italic")
    return text


def turn_text(view: SeatView) -> Text:
    if view.to_move is None:
        return Text("Game over", style="bold")
    name = view.players[view.to_move]
    if view.to_move == view.seat:
        return Text(f"Your turn, {name}", style="bold reverse")
    doing = {Phase.PICK: "to pick", Phase.PLAY: "to play", Phase.CHOOSE: "to choose"}
    return Text(f"{name} {doing.get(view.phase, 'to decide')}")


def pain_text(view: SeatView, seat: int) -> Text:
    """A seat's pain cards as this view may show them, padded to one width."""
    cards = view.pain_cards[seat]
    if cards:
        text = cards_text(cards)
    elif view.picked[seat]:
        text = Text(" ".join([FACE_DOWN] * view.picked[seat]), style="dim")
    else:
        text = Text("", style="dim")
    width = view.rules.picks * (CARD_WIDTH + 1) - 1
    text.pad_right(width - text.cell_len)
    return text


def players_text(view: SeatView) -> Text:
    """One line a seat, in seat order: turn marker, name, pain card, tricks, dealer."""
    lines = []
    for seat, name in enumerate(view.players):
        line = Text()
        line.append("▶ " if seat == view.to_move else "  ", style="bold")
        line.append(f"{name[:NAME_WIDTH]:<{NAME_WIDTH}}", style="bold" if seat == view.seat else "")
        line.append(" D " if seat == view.dealer else "   ", style="bold")
        if view.rules.picks:
            line.append_text(pain_text(view, seat))
            line.append("  ")
        line.append(f"tricks {view.tricks_won[seat]:>2}")
        lines.append(line)
    return Text("\n").join(lines)


def trump_note(view: SeatView) -> str:
    """What the lead colour makes trump, in a few words."""
    rules = view.rules
    lead = view.lead_colour
    if lead is None:
        return "The first card sets the lead colour."
    if rules.french_deck:
        note = f"Lead {COLOUR_LETTERS[lead]}: other suits trump"
    else:
        other = next(colour for colour in COLOUR_LETTERS if colour != lead)
        zeros = "zeros too" if is_trump(Card(other, 0), lead, rules) else "not zeros"
        note = f"Lead {COLOUR_LETTERS[lead]}: other colours trump ({zeros})"
    if rules.latest_trump:
        note += "; the last trump colour decides"
    return note + ("; lowest wins." if rules.reverse else ".")


def trick_stands(view: SeatView) -> bool:
    """The trick just taken stays in view until the next one's first card, as it would
    on a real table."""
    return view.phase is Phase.PLAY and not view.trick and view.last_trick is not None


def trick_text(view: SeatView) -> Text:
    """What is trump, then the trick in play order with the winning card marked; between
    tricks, the one just taken."""
    if trick_stands(view):
        return _taken_trick_text(view, view.last_trick)
    count = len(view.players)
    winner = view.winning_seat
    leader = view.trick[0].seat if view.trick else view.to_move
    lines = [Text(trump_note(view), style="italic")]
    for step in range(count):
        seat = (leader + step) % count if leader is not None else step
        line = Text(f"{view.players[seat][:NAME_WIDTH]:<{NAME_WIDTH}} ")
        played = next((p.card for p in view.trick if p.seat == seat), None)
        if played is not None:
            line.append_text(card_text(played))
            if seat == winner:
                line.append("  ◀ winning", style="bold")
        elif seat == view.to_move:
            line.append("...", style="bold blink")
        else:
            line.append("·", style="dim")
        lines.append(line)
    return Text("\n").join(lines)


def _taken_trick_text(view: SeatView, taken: CompletedTrick) -> Text:
    winner = view.players[taken.winner]
    lines = [Text(f"{winner} took this trick and leads the next.", style="italic")]
    for play in taken.plays:
        line = Text(f"{view.players[play.seat][:NAME_WIDTH]:<{NAME_WIDTH}} ")
        line.append_text(card_text(play.card))
        if play.seat == taken.winner:
            line.append("  ◀ took it", style="bold")
        lines.append(line)
    return Text("\n").join(lines)


def last_trick_text(view: SeatView, last: CompletedTrick | None = None) -> Text:
    last = last or view.last_trick
    if last is None:
        return Text("Last trick: none yet this deal", style="dim")
    text = Text(f"Last trick: {view.players[last.winner]} took ")
    text.append_text(cards_text(p.card for p in last.plays))
    return text


def leftover_text(view: SeatView) -> Text:
    if not view.leftover:
        return Text(f"{view.leftover_count} cards out of play this deal, face down.", style="dim")
    text = Text("Out of play this deal: ", style="dim")
    text.append_text(cards_text(view.leftover))
    return text


def play_hint(view: SeatView, card: Card | None) -> Text:
    """The one-line consequence of playing `card` now, from the same rule the engine uses."""
    if card is None or view.to_move != view.seat or view.phase is not Phase.PLAY:
        return Text("")
    text = Text("If you play ")
    text.append_text(card_text(card))
    if not view.trick:
        text.append(" now, you lead ")
        text.append_text(colour_name(card.colour))
        zero_note = "" if card.value else " (a zero: weak)"
        text.append(f": every other colour becomes trump{zero_note}.")
        return text
    cards = [p.card for p in view.trick] + [card]
    wins = trick_winner(cards, view.rules) == len(cards) - 1
    last = len(cards) == len(view.players)
    if wins:
        text.append(" now, you take the trick." if last else " now, you are winning so far.")
    else:
        current = view.players[view.winning_seat]
        text.append(f" now, {current} {'takes' if last else 'stays ahead'}.")
    return text


def pain_colour_words(view: SeatView, seat: int) -> Text:
    colours = view.pain_colours(seat)
    if not colours:
        return Text("")
    text = Text(f"{pain_word(view.rules)}: ")
    text.append_text(Text(", ").join(colour_name(c) for c in colours))
    return text


def last_event_text(public: SeatView, move: Move, mover: int) -> Text:
    """What the last move did, in public terms (a hand-off screen shows it)."""
    name = public.players[mover]
    word = pain_word(public.rules)
    if isinstance(move, PickPain):
        return Text(f"{name} laid a {word} card face down.")
    if isinstance(move, ChooseColours):
        return Text(f"{name} chose their {word} colour.")
    if not isinstance(move, PlayCard):
        return Text()
    line = Text(f"{name} played ")
    line.append_text(card_text(move.card))
    finished = public.last_trick
    if not public.trick and finished is not None and finished.plays[-1].seat == mover:
        line.append(f"; {public.players[finished.winner]} took the trick")
    line.append(".")
    return line
