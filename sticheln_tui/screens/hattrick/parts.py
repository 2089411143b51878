"""Text for the parts of Hattrick's table, drawn from a seat view (or the public view).

Every consequence shown comes from the same rule functions the engine uses.
"""

from __future__ import annotations

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
    passable,
    pile_score,
    playable,
    takers,
)
from ...core.table import PlayCard
from ...widgets.cards import (
    CARD_WIDTH,
    card_text,
    cards_text,
    colour_letter_text,
    unbroken_lines,
    words,
)
from ...widgets.names import fit_name, name_column_width
from ...widgets.table_parts import PANEL_FRAME, game_status, trick_stands, turn_text

COUNT_CELLS = 3  # a pile's count of one colour: up to 20 cards, right-aligned
PASS_HEADER = "  pass"
NOW_HEADER = "  now"
PILES_FIXED = PANEL_FRAME + len("▶ ") + len(" D ") + len(COLOURS) * COUNT_CELLS
PILES_FIXED += len(PASS_HEADER) + len(NOW_HEADER)
PASSED = " passed: showed "
TRICK_FIXED = PANEL_FRAME + len(PASSED) + CARD_WIDTH  # a pass is the trick's widest line
TRICK_MIN = PANEL_FRAME + len("Green or blue, or pass showing red.")  # its longest note
PASS_CARDS_HEADER = "  pass cards"
MIN_PASS_CARDS = 2  # fewer would tell little: the column is left out


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
    return name_column_width(view.players, (width - PILES_FIXED - TRICK_FIXED) // 2)


def pass_cards_room(names: int, width: int) -> int:
    """How many pass cards each line of the piles panel has room for, beside the trick
    panel at its narrowest (a gap of two cells before them); none if only a few."""
    trick = max(TRICK_MIN, TRICK_FIXED + names)
    room = (width - PILES_FIXED - names - trick - 1) // (CARD_WIDTH + 1)
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
    header.append(PASS_HEADER + NOW_HEADER, style="dim")
    if room and any(view.passes):
        header.append(PASS_CARDS_HEADER, style="dim")
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
    line.append(f"{len(laid):>{len(PASS_HEADER)}}")
    line.append(f"{view.points_so_far(seat):>+{len(NOW_HEADER)}d}", style="bold")
    if room and laid:
        shown = laid[-room:]
        line.append(" …" if len(shown) < len(laid) else "  ", style="dim")
        line.append_text(cards_text(shown))
    return line


def colours_in(cards: list[Card]) -> list[str]:
    """The colours of a trick in the order they came."""
    return list(dict.fromkeys(card.colour for card in cards))


def closed_colour(cards: list[Card]) -> str | None:
    """The colour that may not join the trick: none until two colours are down."""
    colours = colours_in(cards)
    if len(colours) < 2:
        return None
    return next(colour for colour in COLOURS if colour not in colours)


def trick_title(view: HattrickView) -> str:
    """`Trick: red and blue, no green now`: which colours the trick may still take."""
    if trick_stands(view):
        return f"Trick {view.trick_number - 1}/{view.tricks_per_deal}, taken"
    cards = view.trick_cards
    colours = colours_in(cards)
    if not colours:
        return "Trick: any colour may lead"
    if len(colours) == 1:
        return f"Trick: {colours[0]} so far"
    return f"Trick: {colours[0]} and {colours[1]}, no {closed_colour(cards)} now"


def _taking(turns: tuple[Turn, ...], taken: dict[str, int]) -> dict[int, str]:
    """Which turn takes which colour: `taken` gives each colour's taker as an index among
    the cards played (passes left out)."""
    played = [index for index, turn in enumerate(turns) if not turn.passed]
    return {played[card]: colour for colour, card in taken.items()}


def _turn_line(view: HattrickView, turn: Turn, names: int, colour: str | None, verb: str) -> Text:
    line = Text(fit_name(view.players[turn.seat], names, view.players))
    if turn.passed:
        line.append(PASSED, style="dim")
        line.append_text(card_text(turn.card))
        return line
    line.append(" ")
    line.append_text(card_text(turn.card))
    if colour is not None:
        line.append(f"  {verb} {colour}", style="bold")
    return line


def trick_text(view: HattrickView, names: int) -> Text:
    """What may be played, then the turns in order with who is taking each colour; between
    tricks, the one just taken."""
    if trick_stands(view):
        return _taken_trick_text(view, view.last_trick, names)
    cards = view.trick_cards
    colours = colours_in(cards)
    if len(colours) < 2:
        note = "Any colour may lead." if not colours else "Any colour may join."
    else:
        closed = closed_colour(cards)
        note = f"{colours[0].capitalize()} or {colours[1]}, or pass showing {closed}."
    lines = [Text(note, style="italic")]
    taking = _taking(view.trick, takers(cards))
    for index, turn in enumerate(view.trick):
        lines.append(_turn_line(view, turn, names, taking.get(index), "takes"))
    count = len(view.players)
    if view.to_move is not None:
        for step in range(count - len(view.trick)):
            seat = (view.to_move + step) % count
            line = Text(fit_name(view.players[seat], names, view.players) + " ")
            line.append("..." if step == 0 else "·", style="bold blink" if step == 0 else "dim")
            lines.append(line)
    return Text("\n").join(lines)


def _taken_trick_text(view: HattrickView, taken: CompletedTrick, names: int) -> Text:
    lines = [Text(f"{view.players[taken.leader]} leads the next trick.", style="italic")]
    cards = [turn.card for turn in taken.turns if not turn.passed]
    taking = _taking(taken.turns, takers(cards))
    for index, turn in enumerate(taken.turns):
        lines.append(_turn_line(view, turn, names, taking.get(index), "took"))
    return Text("\n").join(lines)


def _taken_cards(taken: CompletedTrick, colour: str) -> list[Card]:
    won = [turn.card for turn in taken.turns if not turn.passed and turn.card.colour == colour]
    return sorted(won, reverse=True)


def taken_summary(view: HattrickView, taken: CompletedTrick) -> str:
    """`Bob took red (2 cards), Ann took blue (1 card); Bob leads`."""
    took = ", ".join(
        f"{view.players[seat]} took {colour} ({_cards_word(len(_taken_cards(taken, colour)))})"
        for colour, seat in taken.taken
    )
    return f"{took}; {view.players[taken.leader]} leads"


def last_trick_text(view: HattrickView, width: int, last: CompletedTrick | None = None) -> Text:
    """`Last trick: Bob took red [12 R] [ 4 R], Ann took blue [15 B]; Bob leads` in lines
    of `width` cells, no card broken."""
    last = last or view.last_trick
    if last is None:
        return Text("Last trick: none yet this deal", style="dim")
    atoms = words("Last trick:")
    for number, (colour, seat) in enumerate(last.taken):
        atoms += words(f"{view.players[seat]} took {colour}")
        atoms += [card_text(card) for card in _taken_cards(last, colour)]
        # The mark after the last card, outside the card's colours.
        atoms[-1] = Text.assemble(atoms[-1], "," if number < len(last.taken) - 1 else ";")
    atoms += words(f"{view.players[last.leader]} leads")
    return unbroken_lines(atoms, width)


def _cards_word(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


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
    text = Text("If you play ").append_text(card_text(card))
    cards = [*trick, card]
    taker = takers(cards)[card.colour]
    if not trick:
        text.append(f" now, you lead {card.colour}.")
    elif taker == len(trick):
        count = _cards_word(sum(c.colour == card.colour for c in cards))
        last = len(view.trick) == len(view.players) - 1
        so_far = "" if last else " so far"
        text.append(f" now, you take {card.colour}{so_far} ({count}).")
    else:
        text.append(f" now, you do not take {card.colour}: ")
        text.append_text(card_text(cards[taker])).append(" is higher.")
    if can_pass:
        text.append(f" Or pass (p), showing a {closed} card.")
    return text


def _pass_consequence(view: HattrickView, card: Card, passing: bool) -> Text:
    """Passing, showing `card`: when it is the only choice, when the player chose to pass
    (`passing`), or when the card may not be played."""
    trick = view.trick_cards
    closed = closed_colour(trick)
    if card.colour != closed:
        return Text(f"Choose a {closed} card to show; Esc: play instead.")
    colours = " and ".join(colours_in(trick))
    if passing:
        text = Text("Enter passes, showing ")
    elif not playable(trick, view.hand):
        text = Text(f"None of your cards may join {colours}: Enter passes, showing ")
    else:
        text = Text(f"{closed.capitalize()} may not join {colours}: p passes, showing ")
    text.append_text(card_text(card))
    return text.append(f" ({PASS_PENALTY} for you).")


def move_text(view: HattrickView, move: Move, seat: int) -> Text:
    """`Dee passed, showing [ 3 G]` or `Dee played [ 3 G]`."""
    name = view.players[seat]
    if isinstance(move, PassCard):
        return Text(f"{name} passed, showing ").append_text(card_text(move.card))
    assert isinstance(move, PlayCard)
    return Text(f"{name} played ").append_text(card_text(move.card))
