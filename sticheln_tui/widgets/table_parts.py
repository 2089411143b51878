"""Text for the parts of the table, drawn from a seat view (or the public view)."""

from __future__ import annotations

from rich.text import Text

from ..core.cards import COLOUR_LETTERS, Card
from ..core.game import (
    ChooseColours,
    CompletedTrick,
    Move,
    Phase,
    PickPain,
    PlayCard,
    Played,
    SeatView,
)
from ..core.hattrick import HattrickView
from ..core.options import badge, colour_word, pain_colour, pain_word
from ..core.sticheln import is_trump, trick_winner
from ..i18n import _
from .cards import CARD_WIDTH, card_text, cards_text, colour_name
from .names import fit_name, name_column_width

FACE_DOWN = "[ ?? ]"
PANEL_FRAME = 4  # a panel's border and padding, left and right
TRICKS_HEADER = "tricks"
POINTS_HEADER = "points"
AnyView = SeatView | HattrickView  # a view of any game: the fields they share
WINNING_MARK = "  ◀ winning"


def deal_label(view: AnyView) -> str:
    if view.deal > view.deals_total:
        return f"Extra deal {view.deal - view.deals_total}"
    return f"Deal {view.deal}/{view.deals_total}"


def status_line(view: SeatView) -> Text:
    """`Sticheln  Deal 2/5  Trick 6/14  Classic`: where the game is, and its rules."""
    return game_status("Sticheln", view, badge(view.rules))


# Every game's phases are strings (StrEnum): Seven Seals adds predicting and a trick's
# winner giving back a seal.
TRICK_PHASES = frozenset({"play", "return"})
DOING = {
    Phase.PICK: "to pick",
    Phase.PLAY: "to play",
    Phase.CHOOSE: "to choose",
    "predict": "to predict",
    "return": "to give back a seal",
}


def game_status(title: str, view: AnyView, rules_note: str = "") -> Text:
    """`Title  Deal 2/5  Trick 6/14  note` from any game's view (the deal and trick
    fields are common to every game's view)."""
    text = Text()
    text.append(_(title), style="bold")
    text.append(f"  {deal_label(view)}")
    if view.phase in TRICK_PHASES:
        text.append(f"  Trick {view.trick_number}/{view.tricks_per_deal}")
    if rules_note:
        text.append(f"  {rules_note}", style="italic")
    return text


def turn_text(view: AnyView) -> Text:
    if view.to_move is None:
        return Text("Game over", style="bold")
    name = view.players[view.to_move]
    if view.to_move == view.seat:
        return Text(f"Your turn, {name}", style="bold reverse")
    return Text(f"{name} {DOING.get(view.phase, 'to decide')}")


def pain_text(view: SeatView, seat: int) -> Text:
    """A seat's pain cards as this view may show them, padded to one width."""
    cards = view.pain_cards[seat]
    if cards:
        text = cards_text(cards)
    elif view.picked[seat]:
        text = Text(" ".join([FACE_DOWN] * view.picked[seat]), style="dim")
    else:
        text = Text("", style="dim")
    text.pad_right(pain_width(view) - text.cell_len)
    return text


def pain_width(view: SeatView) -> int:
    return view.rules.picks * (CARD_WIDTH + 1) - 1


def _points_so_far(view: SeatView) -> list[int] | None:
    """Each seat's points in this deal so far, when the whole table may know them."""
    points = [view.points_so_far(seat) for seat in range(len(view.players))]
    return None if None in points else points


def table_name_width(view: SeatView, width: int) -> int:
    """The width of the name column in the players panel and the trick box, which share
    a terminal `width`: the longest name's, if both panels can make room for it."""
    players_panel = PANEL_FRAME + len("▶ ") + len(" D ") + len(TRICKS_HEADER)
    if view.rules.picks:
        players_panel += pain_width(view) + 2
    if _points_so_far(view) is not None:
        players_panel += 2 + len(POINTS_HEADER)
    trick_box = PANEL_FRAME + 1 + CARD_WIDTH + len(WINNING_MARK)
    return name_column_width(view.players, (width - players_panel - trick_box) // 2)


def players_text(view: SeatView, name_width: int) -> Text:
    """A heading, then one line a seat in seat order: turn marker, name, dealer, pain
    card, tricks and, where it is public, the points taken so far this deal."""
    points = _points_so_far(view)
    header = " " * (len("▶ ") + name_width + len(" D "))
    if view.rules.picks:
        header += f"{pain_word(view.rules):<{pain_width(view)}}  "
    header += TRICKS_HEADER + (f"  {POINTS_HEADER}" if points is not None else "")
    lines = [Text(header, style="dim")]
    for seat, name in enumerate(view.players):
        line = Text()
        line.append("▶ " if seat == view.to_move else "  ", style="bold")
        line.append(
            fit_name(name, name_width, view.players), style="bold" if seat == view.seat else ""
        )
        line.append(" D " if seat == view.dealer else "   ", style="bold")
        if view.rules.picks:
            line.append_text(pain_text(view, seat))
            line.append("  ")
        line.append(f"{view.tricks_won[seat]:>{len(TRICKS_HEADER)}}")
        if points is not None:
            line.append(f"  {points[seat]:>+{len(POINTS_HEADER)}d}")
        lines.append(line)
    return Text("\n").join(lines)


def trump_note(view: SeatView) -> str:
    """What the lead colour makes trump, in a few words."""
    rules = view.rules
    lead = view.lead_colour
    word = colour_word(rules)
    if lead is None:
        return f"The first card sets the lead {word}."
    note = f"Lead {COLOUR_LETTERS[lead]}: other {word}s trump"
    if not rules.french_deck:  # the French deck has no zeros
        other = next(colour for colour in COLOUR_LETTERS if colour != lead)
        note += " (zeros too)" if is_trump(Card(other, 0), lead, rules) else " (not zeros)"
    if rules.latest_trump:
        note += f"; the last trump {word} decides"
    return note + ("; lowest wins." if rules.reverse else ".")


def trick_stands(view: AnyView) -> bool:
    """The trick just taken stays in view until the next one's first card, as it would
    on a real table (in every game: its view's phase "play", trick and last trick)."""
    return view.phase == Phase.PLAY and not view.trick and view.last_trick is not None


def trick_text(view: SeatView, name_width: int) -> Text:
    """What is trump, then the trick in play order with the winning card marked; between
    tricks, the one just taken."""
    if trick_stands(view):
        return _taken_trick_text(view, view.last_trick, name_width)
    count = len(view.players)
    winner = view.winning_seat
    leader = view.trick[0].seat if view.trick else view.to_move
    lines = [Text(trump_note(view), style="italic")]
    for step in range(count):
        seat = (leader + step) % count if leader is not None else step
        line = Text(fit_name(view.players[seat], name_width, view.players) + " ")
        played = next((p.card for p in view.trick if p.seat == seat), None)
        if played is not None:
            line.append_text(card_text(played))
            if seat == winner:
                line.append(WINNING_MARK, style="bold")
        elif seat == view.to_move:
            line.append("...", style="bold blink")
        else:
            line.append("·", style="dim")
        lines.append(line)
    return Text("\n").join(lines)


def _taken_trick_text(view: SeatView, taken: CompletedTrick, name_width: int) -> Text:
    winner = view.players[taken.winner]
    lines = [Text(f"{winner} took this trick and leads the next.", style="italic")]
    for play in taken.plays:
        line = Text(fit_name(view.players[play.seat], name_width, view.players) + " ")
        line.append_text(card_text(play.card))
        if play.seat == taken.winner:
            line.append("  ◀ took it", style="bold")
        lines.append(line)
    return Text("\n").join(lines)


def public_table(public: SeatView, width: int) -> list[Text]:
    """The table as everybody may see it (no hand), at a terminal `width`: where the game
    stands, whose turn, the players, and during play the trick and the last one."""
    name_width = table_name_width(public, width)
    texts = [status_line(public), turn_text(public), players_text(public, name_width)]
    if public.phase is Phase.PLAY:
        texts += [trick_text(public, name_width), last_trick_text(public)]
    return texts


def totals_text(public: SeatView) -> str:
    """`Ann +12, Bob -3, Cid +7`: everybody's total after the deals scored so far."""
    pairs = zip(public.players, public.totals, strict=True)
    return ", ".join(f"{name} {total:+d}" for name, total in pairs)


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
        text.append(f": every other {colour_word(view.rules)} becomes trump{zero_note}.")
        return text
    cards = [p.card for p in view.trick] + [card]
    winner = trick_winner(cards, view.rules)
    last = len(cards) == len(view.players)
    if winner == len(view.trick):
        text.append(" now, you take the trick." if last else " now, you are winning so far.")
        return text
    # Under the latest-trump rule a card that does not win may still hand the trick to
    # another earlier card.
    seat = view.trick[winner].seat
    ahead = "takes" if last else ("stays ahead" if seat == view.winning_seat else "goes ahead")
    text.append(f" now, {view.players[seat]} {ahead}.")
    return text


def pain_colour_words(view: SeatView, seat: int) -> Text:
    colours = view.pain_colours(seat)
    if not colours:
        return Text("")
    text = Text(f"{pain_word(view.rules)}: ")
    text.append_text(Text(", ").join(colour_name(c) for c in colours))
    return text


def last_event_text(public: SeatView, move: Move, mover: int) -> Text:
    """What the last move did, in public terms (a hand-off screen shows it). Nothing once
    the table has moved on to a new phase or deal: the reveal or the scores, which the
    whole table has just seen, come between that move and the next hand-off."""
    name = public.players[mover]
    if isinstance(move, PickPain) and public.phase is Phase.PICK:
        return Text(f"{name} laid a {pain_word(public.rules)} card face down.")
    if isinstance(move, ChooseColours) and public.phase is Phase.CHOOSE:
        plural = "s" if len(move.colours) > 1 else ""
        return Text(f"{name} chose their {pain_colour(public.rules)}{plural}.")
    if not isinstance(move, PlayCard) or not _just_played(public, Played(mover, move.card)):
        return Text()
    line = Text(f"{name} played ")
    line.append_text(card_text(move.card))
    if not public.trick:
        line.append(f"; {public.players[public.last_trick.winner]} took the trick")
    line.append(".")
    return line


def _just_played(public: SeatView, play: Played) -> bool:
    """Whether `play` is the last card on the table: in the trick, or ending the trick
    just taken (not the last trick of a deal whose scores have come since)."""
    if public.phase not in (Phase.PLAY, Phase.CHOOSE):
        return False
    if public.trick:
        return public.trick[-1] == play
    return public.last_trick is not None and public.last_trick.plays[-1] == play
