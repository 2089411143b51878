"""Text for the parts of the table, drawn from a seat view (or the public view)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
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
from ..core.options import badge, pain_colour, pain_word
from ..core.sticheln import is_trump, trick_winner
from ..core.table import TableView
from ..i18n import N_, _, ngettext
from ..words import card_words
from .cards import (
    BIG_CARD_HEIGHT,
    BIG_CARD_WIDTH,
    CARD_WIDTH,
    TALL_CARD_HEIGHT,
    TALL_CARD_WIDTH,
    big_card_lines,
    card_text,
    cards_text,
    colour_letter,
    colour_name_text,
    filled,
    tall_card_lines,
    unbroken_lines,
    words,
)
from .names import fit_name, name_column_width

FACE_DOWN = "[ ?? ]"
PANEL_FRAME = 4  # a panel's border and padding, left and right
# Translators: headings of the players panel's columns, as short as the English.
TRICKS_HEADER = N_("tricks")
POINTS_HEADER = N_("points")
AnyView = SeatView | TableView  # a view of any game: the fields they share
# Translators: after the card that wins the trick so far; keep it short.
WINNING_MARK = N_("  ◀ winning")
# On a roomy screen (`cards.is_roomy`) a table shows the trick as the seats' places.
COLUMN_GAP = 2  # cells between two seats' places in the roomy trick
PLACE_MIN = 2 + 8 + COLUMN_GAP  # a seat's place: the turn mark, a name cut to 8 cells, a gap


def places_fit(width: int, seats: int, tall: bool = False) -> bool:
    """Whether `seats` places fit side by side in `width` cells (`tall`: with the cards
    five lines high, which are wider)."""
    place = 2 + TALL_CARD_WIDTH + COLUMN_GAP if tall else PLACE_MIN
    return width >= seats * place


@dataclass(frozen=True)
class TrickSeat:
    """A seat's place in the trick, in play order: the card it played (None: not yet),
    the words shown dim before it (a pass) and the mark after it (who wins)."""

    seat: int
    card: Card | None = None
    shown: str = ""
    mark: str = ""


def compact_trick_text(view: AnyView, note: Text, seats: Sequence[TrickSeat], names: int) -> Text:
    """The trick a line a seat: `Bob [ 7 Y]  ◀ winning`, `Cid ...` (to play), `Dee ·`."""
    lines = [note]
    for place in seats:
        line = Text(fit_name(view.players[place.seat], names, view.players))
        if place.card is None:
            waiting = place.seat == view.to_move
            line.append(" ")
            line.append("..." if waiting else "·", style="bold blink" if waiting else "dim")
        else:
            if place.shown:
                line.append(f" {place.shown} ", style="dim")
            else:
                line.append(" ")
            line.append_text(card_text(place.card))
            line.append(place.mark, style="bold")
        lines.append(line)
    return Text("\n").join(lines)


def roomy_trick_text(
    view: AnyView,
    note: Text,
    seats: Sequence[TrickSeat],
    seat_notes: Callable[[int], list[Text]],
    width: int,
    tall: bool = False,
) -> Text:
    """The trick as the seats' places side by side, in play order, in `width` cells: the
    name (`▶` whose turn it is), the seat's `seat_notes` (tricks taken, pain card...),
    the card it played drawn big (`tall`: five lines high), and under it what it does."""
    return Text("\n").join([note, Text(), *roomy_places(view, seats, seat_notes, width, tall)])


def roomy_places(
    view: AnyView,
    seats: Sequence[TrickSeat],
    seat_notes: Callable[[int], list[Text]],
    width: int,
    tall: bool = False,
    current: bool = True,
) -> list[Text]:
    """The lines of `roomy_trick_text` below its note (not `current`: a trick taken
    before, which marks nobody's turn)."""
    column = min(width // max(len(seats), 1), 3 * (BIG_CARD_WIDTH + COLUMN_GAP))
    inner = column - COLUMN_GAP
    to_move = view.to_move if current else None
    columns = [
        _roomy_place(view, place, seat_notes(place.seat), inner, tall, to_move) for place in seats
    ]
    height = max((len(cells) for cells in columns), default=0)
    rows = [Text() for _ in range(height)]
    for cells in columns:
        cells += [Text()] * (height - len(cells))
        for row, cell in zip(rows, cells, strict=True):
            cell.truncate(inner)
            row.append_text(cell)
            row.append(" " * (inner - cell.cell_len + COLUMN_GAP))  # unstyled, unlike pad
    for row in rows:
        row.rstrip()
    return rows


def _roomy_place(
    view: AnyView, place: TrickSeat, notes: list[Text], inner: int, tall: bool, to_move: int | None
) -> list[Text]:
    """A seat's place, its lines indented past the `▶` that marks whose turn it is."""
    seat = place.seat
    indent = "  "
    name = Text("▶ " if seat == to_move else indent, style="bold")
    name.append(
        fit_name(view.players[seat], inner - len(indent), view.players),
        style="bold" if seat == view.seat else "",
    )
    if place.card is not None:
        card = tall_card_lines(place.card) if tall else big_card_lines(place.card)
    else:
        card = _empty_place(seat == to_move, tall)
    # Under the card, the mark's words alone (the compact line's arrow points sideways),
    # in lines as wide as the card's place.
    if place.mark:
        mark = unbroken_lines(words(place.mark.replace("◀", "")), inner - len(indent))
        mark.stylize("bold")
    else:
        mark = unbroken_lines(words(place.shown), inner - len(indent))
        mark.stylize("dim")
    lines = [*notes, Text()] if notes else []
    lines += [*card, *mark.split("\n")]
    return [name, *(Text(indent) + line for line in lines)]


def _empty_place(waiting: bool, tall: bool) -> list[Text]:
    """The card's place, empty: the seat to play waits with `...` in it."""
    inner = (TALL_CARD_WIDTH if tall else BIG_CARD_WIDTH) - 2
    height = TALL_CARD_HEIGHT if tall else BIG_CARD_HEIGHT
    dots = Text.assemble(("┆", "dim"), (f"{'...' if waiting else '':^{inner}}", "bold blink"))
    dots.append("┆", style="dim")
    sides = Text(f"┆{' ' * inner}┆", style="dim")
    middle = [sides] * ((height - 3) // 2)
    return [
        Text(f"╭{'┄' * inner}╮", style="dim"),
        *middle,
        dots,
        *middle,
        Text(f"╰{'┄' * inner}╯", style="dim"),
    ]


def deal_label(view: AnyView) -> str:
    if view.deal > view.deals_total:
        return _("Extra deal {number}").format(number=view.deal - view.deals_total)
    return _("Deal {deal}/{deals}").format(deal=view.deal, deals=view.deals_total)


def status_line(view: SeatView, room: int | None = None) -> Text:
    """`Sticheln  Deal 2/5  Trick 6/14  Classic`: where the game is, and its rules (on a
    line of their own where they do not fit the `room`)."""
    return game_status("Sticheln", view, badge(view.rules), room)


# Every game's phases are strings (StrEnum): Seven Seals adds predicting and a trick's
# winner giving back a seal.
TRICK_PHASES = frozenset({"play", "return"})
DOING = {
    Phase.PICK: N_("{name} to pick"),
    Phase.PLAY: N_("{name} to play"),
    Phase.CHOOSE: N_("{name} to choose"),
    "predict": N_("{name} to predict"),
    "return": N_("{name} to give back a seal"),
}


def trick_label(number: int, tricks: int) -> str:
    """`Trick 6/14`."""
    return _("Trick {number}/{tricks}").format(number=number, tricks=tricks)


def game_status(title: str, view: AnyView, rules_note: str = "", room: int | None = None) -> Text:
    """`Title  Deal 2/5  Trick 6/14  note` from any game's view (the deal and trick
    fields are common to every game's view). A note that does not fit in `room` cells
    (None: any) goes on a second line, whole, rather than being cut or broken."""
    text = Text()
    text.append(_(title), style="bold")
    text.append(f"  {deal_label(view)}")
    if view.phase in TRICK_PHASES:
        text.append("  ")
        text.append(trick_label(view.trick_number, view.tricks_per_deal))
    if rules_note:
        fits = room is None or text.cell_len + 2 + cell_len(rules_note) <= room
        text.append(("  " if fits else "\n") + rules_note, style="italic")
    return text


def status_room(width: int, turn: Text) -> int:
    """The cells the status line has on a screen `width` wide, beside the `turn_text`
    (each padded a cell either side)."""
    return width - turn.cell_len - 4


def turn_text(view: AnyView) -> Text:
    if view.to_move is None:
        return Text(_("Game over"), style="bold")
    name = view.players[view.to_move]
    if view.to_move == view.seat:
        return Text(_("Your turn, {name}").format(name=name), style="bold reverse")
    return Text(_(DOING.get(view.phase, N_("{name} to decide"))).format(name=name))


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
    points = []
    for seat in range(len(view.players)):
        seat_points = view.points_so_far(seat)
        if seat_points is None:
            return None
        points.append(seat_points)
    return points


def table_name_width(view: SeatView, width: int) -> int:
    """The width of the name column in the players panel and the trick box, which share
    a terminal `width`: the longest name's, if both panels can make room for it."""
    players_panel = PANEL_FRAME + len("▶ ") + len(" D ") + len(_(TRICKS_HEADER))
    if view.rules.picks:
        players_panel += pain_width(view) + 2
    if _points_so_far(view) is not None:
        players_panel += 2 + len(_(POINTS_HEADER))
    trick_box = PANEL_FRAME + 1 + CARD_WIDTH + len(_(WINNING_MARK))
    return name_column_width(view.players, (width - players_panel - trick_box) // 2)


def players_text(view: SeatView, name_width: int) -> Text:
    """A heading, then one line a seat in seat order: turn marker, name, dealer, pain
    card, tricks and, where it is public, the points taken so far this deal."""
    points = _points_so_far(view)
    tricks, points_header = _(TRICKS_HEADER), _(POINTS_HEADER)
    header = " " * (len("▶ ") + name_width + len(" D "))
    if view.rules.picks:
        header += f"{pain_word(view.rules):<{pain_width(view)}}  "
    header += tricks + (f"  {points_header}" if points is not None else "")
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
        line.append(f"{view.tricks_won[seat]:>{len(tricks)}}")
        if points is not None:
            line.append(f"  {points[seat]:>+{len(points_header)}d}")
        lines.append(line)
    return Text("\n").join(lines)


def trump_note(view: SeatView) -> str:
    """What the lead colour makes trump, in a few words."""
    rules = view.rules
    lead = view.lead_colour
    if lead is None:
        if rules.french_deck:
            return _("The first card sets the lead suit.")
        return _("The first card sets the lead colour.")
    if rules.french_deck:  # the French deck has no zeros
        note = _("Lead {letter}: other suits trump").format(letter=colour_letter(lead))
    else:
        other = next(colour for colour in COLOUR_LETTERS if colour != lead)
        if is_trump(Card(other, 0), lead, rules):
            note = _("Lead {letter}: other colours trump (zeros too)")
        else:
            note = _("Lead {letter}: other colours trump (not zeros)")
        note = note.format(letter=colour_letter(lead))
    if rules.latest_trump:
        # Translators: added to "Lead B: other colours trump" (or suits).
        note += (
            _("; the last trump suit decides")
            if rules.french_deck
            else _("; the last trump colour decides")
        )
    # Translators: added to the trump note under the Reverse rules.
    return note + (_("; lowest wins") if rules.reverse else "") + "."


def trick_stands(view: AnyView) -> bool:
    """The trick just taken stays in view until the next one's first card, as it would
    on a real table (in every game: its view's phase "play", trick and last trick)."""
    return view.phase == Phase.PLAY and not view.trick and view.last_trick is not None


def trick_seats(view: SeatView) -> tuple[Text, list[TrickSeat]]:
    """What is trump, then each seat's place in the trick in play order, the winning card
    marked; between tricks, who took the one just taken, and its cards."""
    if trick_stands(view):
        return taken_seats(view, view.last_trick)  # type: ignore[arg-type]  # it stands: it is there
    count = len(view.players)
    leader = view.trick[0].seat if view.trick else view.to_move
    seats = []
    for step in range(count):
        seat = (leader + step) % count if leader is not None else step
        played = next((p.card for p in view.trick if p.seat == seat), None)
        mark = _(WINNING_MARK) if played is not None and seat == view.winning_seat else ""
        seats.append(TrickSeat(seat, played, mark=mark))
    return Text(trump_note(view), style="italic"), seats


def taken_seats(view: SeatView, taken: CompletedTrick) -> tuple[Text, list[TrickSeat]]:
    """Who took the trick `taken`, and each seat's place in it, the card that took it
    marked."""
    winner = view.players[taken.winner]
    taken_by = _("{name} took this trick and leads the next.").format(name=winner)
    # Translators: after the card that took the trick; keep it short.
    took = _("  ◀ took it")
    return Text(taken_by, style="italic"), [
        TrickSeat(play.seat, play.card, mark=took if play.seat == taken.winner else "")
        for play in taken.plays
    ]


def trick_text(view: SeatView, name_width: int) -> Text:
    """The trick a line a seat (`trick_seats`)."""
    return compact_trick_text(view, *trick_seats(view), name_width)


def seat_notes(view: SeatView, seat: int) -> list[Text]:
    """A seat's place at the roomy table: the tricks it took, and its pain cards as the
    view may show them, a line each."""
    notes = [Text(f"{_(TRICKS_HEADER)} {view.tricks_won[seat]}")]
    shown = view.pain_cards[seat] or ()
    for pick in range(view.rules.picks):
        if pick < len(shown):
            notes.append(card_text(shown[pick]))
        else:
            notes.append(Text(FACE_DOWN if pick < view.picked[seat] else "", style="dim"))
    return notes


def public_table(public: SeatView, width: int) -> list[Text]:
    """The table as everybody may see it (no hand), at a terminal `width`: where the game
    stands, whose turn, the players, and during play the trick and the last one."""
    name_width = table_name_width(public, width)
    texts = [status_line(public), turn_text(public), players_text(public, name_width)]
    if public.phase is Phase.PLAY:
        texts += [trick_text(public, name_width), last_trick_text(public)]
    return texts


def totals_text(public: AnyView, signed: bool = True) -> str:
    """`Ann +12, Bob -3, Cid +7`: everybody's total after the deals scored so far (not
    `signed`: penalty points, `Ann 12, Bob 3`)."""
    pairs = zip(public.players, public.totals, strict=True)
    return ", ".join(f"{name} {total:+d}" if signed else f"{name} {total}" for name, total in pairs)


def seat_words(view: SeatView, seat: int) -> list[str]:
    """A seat's line of the players panel in words, for the `i` key: its pain cards as the
    view may show them, the tricks it took and, where the table may know them, its
    points so far this deal."""
    said = []
    if view.rules.picks:
        shown = view.pain_cards[seat]
        face_down = view.picked[seat]
        if shown:
            # Translators: a seat's pain cards in the `i` key's line, as the players panel
            # shows them: "pain [ 9 R]"; {pain} is the word "pain" (or "luck").
            cards = " ".join(card_words(card) for card in shown)
            said.append(_("{pain} {cards}").format(pain=pain_word(view.rules), cards=cards))
        elif face_down and view.rules.reverse:
            said.append(
                ngettext("luck card face down", "{count} luck cards face down", face_down).format(
                    count=face_down
                )
            )
        elif face_down:
            said.append(
                ngettext("pain card face down", "{count} pain cards face down", face_down).format(
                    count=face_down
                )
            )
    tricks = view.tricks_won[seat]
    said.append(ngettext("{count} trick", "{count} tricks", tricks).format(count=tricks))
    points = _points_so_far(view)
    if points is not None:
        said.append(points_words(points[seat]))
    return said


def points_words(points: int) -> str:
    """`+3 points`: what a seat would score if the deal ended now."""
    # Translators: the points a seat would score if the deal ended now, with their sign.
    return ngettext("{points} point", "{points} points", abs(points)).format(points=f"{points:+d}")


def table_words(view: SeatView) -> list[str]:
    """What else the table shows, for the `i` key: the cards out of play (7 or 8 players)."""
    return [leftover_text(view).plain] if view.leftover_count else []


def hand_title(view: SeatView) -> str:
    """Always the viewer's own hand, whatever their name ("Me's hand" reads wrong), with
    its pain colours."""
    assert view.seat is not None
    pain = pain_colour_words(view, view.seat).plain
    return _("Your hand ({pain})").format(pain=pain) if pain else _("Your hand")


def marked_colours(view: SeatView) -> tuple[str, ...]:
    """The colours whose cards the viewer's hand marks (`!`): its pain colours."""
    assert view.seat is not None
    return view.pain_colours(view.seat)


def last_trick_text(view: SeatView, last: CompletedTrick | None = None) -> Text:
    last = last or view.last_trick
    if last is None:
        return Text(_("Last trick: none yet this deal"), style="dim")
    return filled(
        _("Last trick: {name} took {cards}"),
        name=view.players[last.winner],
        cards=cards_text(p.card for p in last.plays),
    )


def leftover_text(view: SeatView) -> Text:
    if not view.leftover:
        count = view.leftover_count
        return Text(
            ngettext(
                "{count} card out of play this deal, face down.",
                "{count} cards out of play this deal, face down.",
                count,
            ).format(count=count),
            style="dim",
        )
    text = filled(_("Out of play this deal: {cards}"), cards=cards_text(view.leftover))
    text.style = "dim"
    return text


def play_hint(view: SeatView, card: Card | None) -> Text:
    """The one-line consequence of playing `card` now, from the same rule the engine uses."""
    if card is None or view.to_move != view.seat or view.phase is not Phase.PLAY:
        return Text("")
    played = card_text(card)
    if not view.trick:
        if view.rules.french_deck:
            message = _(
                "If you play {card} now, you lead {colour}: every other suit becomes trump."
            )
        elif card.value:
            message = _(
                "If you play {card} now, you lead {colour}: every other colour becomes trump."
            )
        else:
            message = _(
                "If you play {card} now, you lead {colour}: every other colour becomes trump"
                " (a zero: weak)."
            )
        return filled(message, card=played, colour=colour_name_text(card.colour))
    cards = [p.card for p in view.trick] + [card]
    winner = trick_winner(cards, view.rules)
    last = len(cards) == len(view.players)
    if winner == len(view.trick):
        if last:
            return filled(_("If you play {card} now, you take the trick."), card=played)
        return filled(_("If you play {card} now, you are winning so far."), card=played)
    # Under the latest-trump rule a card that does not win may still hand the trick to
    # another earlier card.
    seat = view.trick[winner].seat
    if last:
        message = _("If you play {card} now, {name} takes.")
    elif seat == view.winning_seat:
        message = _("If you play {card} now, {name} stays ahead.")
    else:
        message = _("If you play {card} now, {name} goes ahead.")
    return filled(message, card=played, name=view.players[seat])


def pain_colour_words(view: SeatView, seat: int) -> Text:
    colours = view.pain_colours(seat)
    if not colours:
        return Text("")
    # Translators: e.g. "pain: red, blue"; {pain} is the word "pain" (or "luck").
    return filled(
        _("{pain}: {colours}"),
        pain=pain_word(view.rules),
        colours=Text(", ").join(colour_name_text(c) for c in colours),
    )


def last_event_text(public: SeatView, move: Move, mover: int) -> Text:
    """What the last move did, in public terms (a hand-off screen shows it). Nothing once
    the table has moved on to a new phase or deal: the reveal or the scores, which the
    whole table has just seen, come between that move and the next hand-off."""
    name = public.players[mover]
    if isinstance(move, PickPain) and public.phase is Phase.PICK:
        if public.rules.reverse:
            return Text(_("{name} laid a luck card face down.").format(name=name))
        return Text(_("{name} laid a pain card face down.").format(name=name))
    if isinstance(move, ChooseColours) and public.phase is Phase.CHOOSE:
        # Translators: {pain_colours} is "pain colour(s)", "luck suit(s)"...
        return Text(
            _("{name} chose their {pain_colours}.").format(
                name=name, pain_colours=pain_colour(public.rules, len(move.colours))
            )
        )
    if not isinstance(move, PlayCard) or not _just_played(public, Played(mover, move.card)):
        return Text()
    if public.trick:
        return filled(_("{name} played {card}."), name=name, card=card_text(move.card))
    taken = public.last_trick
    assert taken is not None  # the card ended the trick
    return filled(
        _("{name} played {card}; {winner} took the trick."),
        name=name,
        card=card_text(move.card),
        winner=public.players[taken.winner],
    )


def pain_card_term(rules, count: int = 1) -> str:
    """What the cards laid down are called, `count` of them: "pain card", "luck cards"."""
    if rules.reverse:
        return ngettext("luck card", "luck cards", count)
    return ngettext("pain card", "pain cards", count)


def _just_played(public: SeatView, play: Played) -> bool:
    """Whether `play` is the last card on the table: in the trick, or ending the trick
    just taken (not the last trick of a deal whose scores have come since)."""
    if public.phase not in (Phase.PLAY, Phase.CHOOSE):
        return False
    if public.trick:
        return public.trick[-1] == play
    return public.last_trick is not None and public.last_trick.plays[-1] == play
