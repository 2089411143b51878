"""Text for the parts of Hattrick's table, drawn from a seat view (or the public view).

Every consequence shown comes from the same rule functions the engine uses.
"""

from __future__ import annotations

from itertools import permutations

from rich.text import Text

from ...core.cards import Card
from ...core.hattrick import (
    COLOURS,
    PASS_PENALTY,
    CompletedTrick,
    HattrickGame,
    HattrickView,
    Move,
    PassCard,
    Phase,
    Turn,
    closed_colour,
    passable,
    pile_score,
    playable,
    takers,
)
from ...core.table import PlayCard
from ...i18n import N_, _, ngettext
from ...widgets.cards import (
    CARD_WIDTH,
    card_text,
    cards_text,
    colour_letter_text,
    filled,
    unbroken_lines,
)
from ...widgets.names import fit_name, name_column_width
from ...widgets.sentences import capitalised, sentence_atoms
from ...widgets.trick_table import (
    PANEL_FRAME,
    TrickSeat,
    compact_trick_text,
    game_status,
    no_trick_taken_yet,
    points_words,
    trick_stands,
    turn_text,
)
from ...words import card_words, colour_name

COUNT_CELLS = 3  # a pile's count of one colour: up to 20 cards, right-aligned
# Translators: Hattrick's piles panel, a column heading over the pass cards a player laid.
PASS_HEADER = N_("pass")
# Translators: Hattrick's piles panel, a column heading over the points a pile gives now.
NOW_HEADER = N_("now")
# Translators: Hattrick's piles panel, a heading over the pass cards themselves.
PASS_CARDS_HEADER = N_("pass cards")
# Translators: Hattrick's trick panel, between a player's name and the card they showed.
PASSED = N_("passed: showed")
MIN_PASS_CARDS = 2  # fewer would tell little: the column is left out


def heading(word: str) -> str:
    """A column heading of the piles panel, two cells from the one before."""
    return "  " + _(word)


def piles_fixed() -> int:
    """The piles panel's width but for the names."""
    counts = len("▶ ") + len(" D ") + len(COLOURS) * COUNT_CELLS
    return PANEL_FRAME + counts + len(heading(PASS_HEADER)) + len(heading(NOW_HEADER))


def trick_fixed() -> int:
    """The trick panel's width but for the names: its widest line, a pass or a take."""
    passed = len(f" {_(PASSED)} ")
    takes = max(
        len(f"  {_taking_words(verb, colour)}") for verb in (False, True) for colour in COLOURS
    )
    return PANEL_FRAME + max(passed, 1 + takes) + CARD_WIDTH


def trick_min() -> int:
    """The trick panel's narrowest: room for its longest note."""
    notes = (len(_pass_note(*colours)) for colours in permutations(COLOURS))
    return PANEL_FRAME + max(notes)


def status_line(view: HattrickView) -> Text:
    """`Hattrick  Deal 2/5  Trick 6/14`."""
    return game_status(HattrickGame.TITLE, view)


def public_table(public: HattrickView, width: int) -> list[Text]:
    """The table as everybody may see it (no hand), at a terminal `width`: where the game
    stands, whose turn, the piles, and during play the trick and the last one."""
    names = name_width(public, width)
    texts = [status_line(public), turn_text(public), piles_text(public, names, width)]
    if public.phase == Phase.PLAY:
        texts += [trick_text(public, names), last_trick_text(public, width)]
    return texts


def name_width(view: HattrickView, width: int) -> int:
    """The name column shared by the piles panel and the trick panel, at a terminal
    `width`: the longest name's, if both panels can make room for it."""
    return name_column_width(view.players, (width - piles_fixed() - trick_fixed()) // 2)


def pass_cards_room(names: int, width: int) -> int:
    """How many pass cards each line of the piles panel has room for, beside the trick
    panel at its narrowest (a gap of two cells before them); none if only a few."""
    trick = max(trick_min(), trick_fixed() + names)
    room = (width - piles_fixed() - names - trick - 1) // (CARD_WIDTH + 1)
    return room if room >= MIN_PASS_CARDS else 0


def piles_text(view: HattrickView, names: int, width: int) -> Text:
    """A heading, then a line a seat: turn marker, name, and the seat's `pile_line` (with
    the pass cards themselves where there is room)."""
    room = pass_cards_room(names, width)
    lines = [Text(" " * (len("▶ ") + names)) + pile_header(view, room)]
    for seat, name in enumerate(view.players):
        line = Text()
        line.append("▶ " if seat == view.to_move else "  ", style="bold")
        line.append(fit_name(name, names, view.players), style="bold" if seat == view.seat else "")
        lines.append(line + pile_line(view, seat, room))
    return Text("\n").join(lines)


def pile_header(view: HattrickView, room: int) -> Text:
    """The heading over the `pile_line`s: colour letters, `pass`, `now` (and `pass cards`
    if any are laid and there is `room` for them)."""
    header = Text(" " * len(" D "))
    for colour in COLOURS:
        header.append(" " * (COUNT_CELLS - 1))
        header.append_text(colour_letter_text(colour))
    header.append(heading(PASS_HEADER) + heading(NOW_HEADER), style="dim")
    if room and any(view.passes):
        header.append(heading(PASS_CARDS_HEADER), style="dim")
    return header


def pile_line(view: HattrickView, seat: int, room: int) -> Text:
    """A seat's pile: dealer mark, how many cards of each colour it holds (the main
    colour's count bold), the pass cards laid, the score it gives now, and up to `room`
    of the pass cards themselves (the latest)."""
    line = Text()
    line.append(" D " if seat == view.dealer else "   ", style="bold")
    pile = view.piles[seat]
    main = pile_score(pile, ()).main_colour
    for colour in COLOURS:
        count = sum(card.colour == colour for card in pile)
        line.append(f"{count:>{COUNT_CELLS}}", style="bold" if colour == main else "")
    laid = view.passes[seat]
    line.append(f"{len(laid):>{len(heading(PASS_HEADER))}}")
    line.append(f"{view.points_so_far(seat):>+{len(heading(NOW_HEADER))}d}", style="bold")
    if room and laid:
        shown = laid[-room:]
        line.append(" …" if len(shown) < len(laid) else "  ", style="dim")
        line.append_text(cards_text(shown))
    return line


def colours_in(cards: list[Card]) -> list[str]:
    """The colours of a trick in the order they came."""
    return list(dict.fromkeys(card.colour for card in cards))


def trick_title(view: HattrickView) -> str:
    """`Trick: red and blue, no green now`: which colours the trick may still take."""
    if trick_stands(view):
        return _("Trick {number}/{total}, taken").format(
            number=view.trick_number - 1, total=view.tricks_per_deal
        )
    cards = view.trick_cards
    colours = [colour_name(colour) for colour in colours_in(cards)]
    if not colours:
        return _("Trick: any colour may lead")
    if len(colours) == 1:
        return _("Trick: {colour} so far").format(colour=colours[0])
    return _("Trick: {first} and {second}, no {closed} now").format(
        first=colours[0], second=colours[1], closed=colour_name(closed_colour(cards))
    )


def _pass_note(first: str, second: str, closed: str) -> str:
    """What a trick of two colours allows: either, or a pass showing the third."""
    return capitalised(
        _("{first} or {second}, or pass showing {closed}.").format(
            first=colour_name(first), second=colour_name(second), closed=colour_name(closed)
        )
    )


def _taking_words(took: bool, colour: str) -> str:
    """`takes red` beside the card taking it, or (`took`) `took red` once the trick is
    over."""
    if took:
        # Translators: Hattrick's trick panel, after the card that took this colour.
        return _("took {colour}").format(colour=colour_name(colour))
    # Translators: Hattrick's trick panel, after the card taking this colour so far.
    return _("takes {colour}").format(colour=colour_name(colour))


def _taking(turns: tuple[Turn, ...], taken: dict[str, int]) -> dict[int, str]:
    """Which turn takes which colour: `taken` gives each colour's taker as an index among
    the cards played (passes left out)."""
    played = [index for index, turn in enumerate(turns) if not turn.passed]
    return {played[card]: colour for colour, card in taken.items()}


def _turn_place(turn: Turn, colour: str | None, took: bool) -> TrickSeat:
    if turn.passed:
        return TrickSeat(turn.seat, turn.card, shown=_(PASSED))
    mark = f"  {_taking_words(took, colour)}" if colour is not None else ""
    return TrickSeat(turn.seat, turn.card, mark=mark)


def taken_seats(view: HattrickView, taken: CompletedTrick) -> tuple[Text, list[TrickSeat]]:
    """Who leads after the trick `taken`, and each seat's place in it, with the colours
    each card took."""
    leads = _("{name} leads the next trick.").format(name=view.players[taken.leader])
    cards = [turn.card for turn in taken.turns if not turn.passed]
    taking = _taking(taken.turns, takers(cards))
    return Text(leads, style="italic"), [
        _turn_place(turn, taking.get(index), took=True) for index, turn in enumerate(taken.turns)
    ]


def trick_seats(view: HattrickView) -> tuple[Text, list[TrickSeat]]:
    """What may be played, then each seat's place in the trick in play order, with who
    is taking each colour; between tricks, who leads next and the trick just taken."""
    if trick_stands(view):
        return taken_seats(view, view.last_trick)
    cards = view.trick_cards
    colours = colours_in(cards)
    if len(colours) < 2:
        note = _("Any colour may lead.") if not colours else _("Any colour may join.")
    else:
        note = _pass_note(colours[0], colours[1], closed_colour(cards))
    taking = _taking(view.trick, takers(cards))
    seats = [
        _turn_place(turn, taking.get(index), took=False) for index, turn in enumerate(view.trick)
    ]
    count = len(view.players)
    if view.to_move is not None:
        seats += [
            TrickSeat((view.to_move + step) % count) for step in range(count - len(view.trick))
        ]
    return Text(note, style="italic"), seats


def trick_text(view: HattrickView, names: int) -> Text:
    """The trick a line a seat (`trick_seats`)."""
    return compact_trick_text(view, *trick_seats(view), names)


def seat_notes(view: HattrickView, seat: int) -> list[Text]:
    """A seat's place at the roomy table: the points its pile gives now."""
    return [Text(f"{_(NOW_HEADER)} {view.points_so_far(seat):+d}")]


def seat_words(view: HattrickView, seat: int) -> list[str]:
    """A seat's line of the piles panel in words, for the `i` key: its pile by colour,
    the pass cards it laid (shown to everybody) and the points its pile gives now."""
    pile = view.piles[seat]
    counts = ", ".join(
        f"{colour_name(colour)} {sum(card.colour == colour for card in pile)}" for colour in COLOURS
    )
    # Translators: the `i` key's line: a seat's pile by colour, "pile red 3, blue 1, green 0".
    said = [_("pile {counts}").format(counts=counts)]
    laid = view.passes[seat]
    if laid:
        said.append(
            # Translators: the `i` key's line: a seat's pass cards, "2 pass cards [19 B] [16 G]".
            ngettext("{count} pass card {cards}", "{count} pass cards {cards}", len(laid)).format(
                count=len(laid), cards=" ".join(card_words(card) for card in laid)
            )
        )
    said.append(points_words(view.points_so_far(seat)))
    return said


def _taken_cards(taken: CompletedTrick, colour: str) -> list[Card]:
    won = [turn.card for turn in taken.turns if not turn.passed and turn.card.colour == colour]
    return sorted(won, reverse=True)


def taken_summary(view: HattrickView, taken: CompletedTrick) -> str:
    """`Bob took red (2 cards), Ann took blue (1 card); Bob leads`."""
    took = ", ".join(
        _("{name} took {colour} ({cards})").format(
            name=view.players[seat],
            colour=colour_name(colour),
            cards=_cards_word(len(_taken_cards(taken, colour))),
        )
        for colour, seat in taken.taken
    )
    return _("{taken}; {name} leads").format(taken=took, name=view.players[taken.leader])


def last_trick_text(
    view: HattrickView, width: int, last: CompletedTrick | None = None, *, deal_over: bool = False
) -> Text:
    """`Last trick: Bob took red [12 R] [ 4 R], Ann took blue [15 B]; Bob leads` in lines
    of `width` cells, no card broken; `deal_over`: the deal's last trick, after which
    nobody leads."""
    last = last or view.last_trick
    if last is None:
        return no_trick_taken_yet()
    taken: list[Text] = []
    for number, (colour, seat) in enumerate(last.taken):
        taken += sentence_atoms(
            # Translators: Hattrick's last trick; {cards} are the cards of the colour taken.
            _("{name} took {colour} {cards}"),
            name=view.players[seat],
            colour=colour_name(colour),
            cards=[card_text(card) for card in _taken_cards(last, colour)],
        )
        if number < len(last.taken) - 1:  # the mark after the last card, outside its colours
            taken[-1] = Text.assemble(taken[-1], ",")
    if deal_over:
        # Translators: the last trick of a deal that is over, on its scores and in a replay.
        atoms = sentence_atoms(_("Last trick: {taken}"), taken=taken)
    else:
        atoms = sentence_atoms(
            _("Last trick: {taken}; {name} leads"), taken=taken, name=view.players[last.leader]
        )
    return unbroken_lines(atoms, width)


def _cards_word(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def consequence(view: HattrickView, card: Card | None, passing: bool = False) -> Text:
    """What playing (or, `passing`, showing) `card` now would do, from the rule functions."""
    if card is None or view.to_move != view.seat or view.phase != "play":
        return Text("")
    trick = view.trick_cards
    can_play = playable(trick, view.hand)
    can_pass = passable(trick, view.hand)
    closed = closed_colour(trick)
    if passing or card not in can_play:
        return _pass_consequence(view, card, passing=passing and bool(can_play))
    shown = card_text(card)
    colour = colour_name(card.colour)
    cards = [*trick, card]
    taker = takers(cards)[card.colour]
    if not trick:
        text = filled(_("If you play {card} now, you lead {colour}."), card=shown, colour=colour)
    elif taker == len(trick):
        count = _cards_word(sum(c.colour == card.colour for c in cards))
        if len(view.trick) == len(view.players) - 1:
            template = _("If you play {card} now, you take {colour} ({cards}).")
        else:
            template = _("If you play {card} now, you take {colour} so far ({cards}).")
        text = filled(template, card=shown, colour=colour, cards=count)
    else:
        text = filled(
            _("If you play {card} now, you do not take {colour}: {higher} is higher."),
            card=shown,
            colour=colour,
            higher=card_text(cards[taker]),
        )
    if can_pass:
        text.append(" ")
        text.append(_("Or pass (p), showing a {colour} card.").format(colour=colour_name(closed)))
    return text


def _pass_consequence(view: HattrickView, card: Card, passing: bool) -> Text:
    """Passing, showing `card`: when it is the only choice, when the player chose to pass
    (`passing`), or when the card may not be played."""
    trick = view.trick_cards
    closed = closed_colour(trick)
    if card.colour != closed:
        return Text(
            _("Choose a {colour} card to show; Esc: play instead.").format(
                colour=colour_name(closed)
            )
        )
    first, second = (colour_name(colour) for colour in colours_in(trick))
    if passing:
        template = _("Enter passes, showing {card} ({penalty} for you).")
    elif not playable(trick, view.hand):
        template = _(
            "None of your cards may join {first} and {second}: "
            "Enter passes, showing {card} ({penalty} for you)."
        )
    else:
        template = _(
            "{closed} may not join {first} and {second}: "
            "p passes, showing {card} ({penalty} for you)."
        )
    text = filled(
        template,
        closed=colour_name(closed),
        first=first,
        second=second,
        card=card_text(card),
        penalty=str(PASS_PENALTY),
    )
    text.plain = capitalised(text.plain)  # the sentence may begin with a colour
    return text


def move_text(view: HattrickView, move: Move, seat: int) -> Text:
    """`Dee passed, showing [ 3 G]` or `Dee played [ 3 G]`."""
    name = view.players[seat]
    if isinstance(move, PassCard):
        return filled(_("{name} passed, showing {card}"), name=name, card=card_text(move.card))
    assert isinstance(move, PlayCard)
    return filled(_("{name} played {card}"), name=name, card=card_text(move.card))
