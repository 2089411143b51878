"""Text for the parts of Sticheln's table, drawn from a seat view (or the public view)."""

from __future__ import annotations

from rich.text import Text

from ...core.cards import COLOUR_LETTERS, Card
from ...core.game import (
    ChooseColours,
    CompletedTrick,
    Move,
    Phase,
    PickPain,
    PlayCard,
    Played,
    SeatView,
)
from ...core.options import badge, pain_colour, pain_word
from ...core.sticheln import is_trump, trick_winner
from ...i18n import N_, _, ngettext
from ...widgets.cards import (
    CARD_WIDTH,
    card_text,
    cards_text,
    colour_letter,
    colour_name_text,
    filled,
)
from ...widgets.names import fit_name, name_column_width
from ...widgets.trick_table import (
    PANEL_FRAME,
    TrickSeat,
    compact_trick_text,
    game_status,
    no_trick_taken_yet,
    points_words,
    trick_label,
    trick_stands,
    turn_text,
)
from ...words import card_words

FACE_DOWN = "[ ?? ]"
# Translators: headings of the players panel's columns, as short as the English.
TRICKS_HEADER = N_("tricks")
POINTS_HEADER = N_("points")
# Translators: after the card that wins the trick so far; keep it short.
WINNING_MARK = N_("  ◀ winning")


def status_line(view: SeatView, room: int | None = None) -> Text:
    """`Sticheln  Deal 2/5  Trick 6/14  Classic`: where the game is, and its rules (on a
    line of their own where they do not fit the `room`)."""
    return game_status("Sticheln", view, badge(view.rules), room)


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


def trick_title(view: SeatView) -> str:
    """`Trick 6/14`, or once it is taken, `Trick 6/14, taken`."""
    if trick_stands(view):
        return _("Trick {number}/{tricks}, taken").format(
            number=view.trick_number - 1, tricks=view.tricks_per_deal
        )
    return trick_label(view.trick_number, view.tricks_per_deal)


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
        return no_trick_taken_yet()
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
