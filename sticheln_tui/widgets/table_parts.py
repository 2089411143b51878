"""Text for the parts of the table, drawn from a seat view (or the public view)."""

from __future__ import annotations

from rich.text import Text

from ..core.cards import COLOUR_LETTERS, Card
from ..core.game import Phase, SeatView
from ..core.sticheln import Rules, trick_winner
from .cards import card_text, cards_text, colour_name

NAME_WIDTH = 8


def rules_badge(view: SeatView) -> str:
    """A compact name for the rules in force."""
    return "Classic" if view.rules == Rules() else "Custom rules"


def status_line(view: SeatView) -> Text:
    """`Sticheln  Deal 2/5  Trick 6/14  Classic` and whose turn it is."""
    text = Text()
    text.append("Sticheln", style="bold")
    text.append(f"  Deal {view.deal}/{view.rules.deals}")
    if view.phase is Phase.PLAY:
        text.append(f"  Trick {view.trick_number}/{view.tricks_per_deal}")
    text.append(f"  {rules_badge(view)}", style="italic")
    return text


def turn_text(view: SeatView) -> Text:
    if view.to_move is None:
        return Text("Game over", style="bold")
    name = view.players[view.to_move]
    doing = "to pick" if view.phase is Phase.PICK else "to play"
    if view.to_move == view.seat:
        return Text(f"Your turn, {name}", style="bold reverse")
    return Text(f"{name} {doing}")


def pain_text(view: SeatView, seat: int) -> Text:
    cards = view.pain_cards[seat]
    if cards:
        return cards_text(cards)
    if view.picked[seat]:
        return Text("face down", style="dim")
    return Text("not yet", style="dim")


def players_text(view: SeatView) -> Text:
    """One line a seat, in seat order: turn marker, name, pain card, tricks, dealer."""
    lines = []
    for seat, name in enumerate(view.players):
        line = Text()
        line.append("▶ " if seat == view.to_move else "  ", style="bold")
        line.append(f"{name[:NAME_WIDTH]:<{NAME_WIDTH}}", style="bold" if seat == view.seat else "")
        line.append(" D " if seat == view.dealer else "   ", style="bold")
        line.append_text(pain_text(view, seat))
        line.append(f"  tricks {view.tricks_won[seat]:>2}")
        lines.append(line)
    return Text("\n").join(lines)


def trump_note(view: SeatView) -> str:
    """What the lead colour makes trump, in a few words."""
    lead = view.lead_colour
    if lead is None:
        return "The first card sets the lead colour."
    zeros = "zeros too" if view.rules.zeros_trump else "not zeros"
    return f"Lead {COLOUR_LETTERS[lead]}: other colours trump ({zeros})."


def trick_text(view: SeatView) -> Text:
    """What is trump, then the trick in play order with the winning card marked."""
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


def last_trick_text(view: SeatView) -> Text:
    last = view.last_trick
    if last is None:
        return Text("Last trick: none yet this deal", style="dim")
    text = Text(f"Last trick: {view.players[last.winner]} took ")
    text.append_text(cards_text(p.card for p in last.plays))
    return text


def leftover_text(view: SeatView) -> Text:
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
        text.append(
            ": every other colour becomes trump" + ("" if card.value else " (a zero: weak)")
        )
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
    text = Text("pain: ")
    text.append_text(Text(", ").join(colour_name(c) for c in colours))
    return text
