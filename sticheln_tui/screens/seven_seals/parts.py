"""Text for the parts of Seven Seals' screens, drawn from a seat view (or the public view).

Every consequence shown comes from the same rule functions the engine uses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from rich.text import Text

from ...core.cards import COLOUR_LETTERS, Card
from ...core.seven_seals import (
    BLACK,
    COLOURS,
    TRUMP,
    WHITE,
    CompletedTrick,
    Move,
    Phase,
    Predict,
    ReturnSeal,
    SevenSealsGame,
    SevenSealsView,
    TakeSaboteur,
    deal_penalty,
    legal_cards,
    saboteur_penalty,
    seals_to_return,
    trick_winner,
)
from ...core.table import PlayCard
from ...widgets.cards import CARD_WIDTH, card_text, colour_letter_text, unbroken_lines, words
from ...widgets.names import fit_name, name_column_width
from ...widgets.table_parts import PANEL_FRAME, game_status, trick_stands, turn_text

COUNT_CELLS = 3  # a count of one coloured seal kind, right-aligned
WHITE_HEADER, BLACK_HEADER, NOW_HEADER = " white", " black", "  now"
TOOK_HEADER = "  took"  # the seals a seat took when it predicted: `R2 B1`
# The cells of a seat's counts, which a saboteur's or a waiting seat's words take instead.
COUNTS_CELLS = len(COLOURS) * COUNT_CELLS + len(WHITE_HEADER) + len(BLACK_HEADER)
SEALS_FIXED = PANEL_FRAME + len("▶ ") + len(" D ") + COUNTS_CELLS + len(NOW_HEADER)
TOOK_CELLS = len("  R5 Y3 G3 B3 P3")
WINNING, TAKES, TOOK = "  ◀ winning", "  ◀ takes it", "  ◀ took it"
TRICK_FIXED = PANEL_FRAME + 1 + CARD_WIDTH + len(TAKES)
SUPPLY = "supply"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def variants_note(view: SevenSealsView) -> str:
    """The saboteur variants in force, in a few words (none: nothing)."""
    options = view.options
    named = [
        ("costs 5", options.saboteur_costs_5),
        ("escalating", options.escalating_saboteur),
        ("auction", options.saboteur_auction),
    ]
    chosen = [name for name, on in named if on]
    return f"saboteur: {', '.join(chosen)}" if chosen else ""


def status_line(view: SevenSealsView) -> Text:
    """`Seven Seals  Deal 2/4  Trick 6/15  saboteur: auction`."""
    return game_status(SevenSealsGame.TITLE, view, variants_note(view))


def name_width(view: SevenSealsView, width: int) -> int:
    """The name column shared by the seals panel and the trick panel at a terminal
    `width`: the longest name's, if both panels can make room for it."""
    return name_column_width(view.players, (width - SEALS_FIXED - TRICK_FIXED) // 2)


def took_room(names: int, width: int) -> bool:
    """Whether the seals panel has room, beside the trick panel at its narrowest, for
    the seals each seat took when it predicted."""
    return width - SEALS_FIXED - TRICK_FIXED - 2 * names >= TOOK_CELLS


# -- the seals ------------------------------------------------------------------------


def seals_header(with_now: bool, with_took: bool = False) -> Text:
    """The heading over the seal counts: colour letters, `white`, `black` (and `now`,
    and `took`)."""
    header = Text(" " * len(" D "))
    for colour in COLOURS:
        header.append(" " * (COUNT_CELLS - 1))
        header.append_text(colour_letter_text(colour))
    header.append(WHITE_HEADER + BLACK_HEADER + (NOW_HEADER if with_now else ""), style="dim")
    if with_took:
        header.append(TOOK_HEADER, style="dim")
    return header


def took_text(view: SevenSealsView, seat: int) -> Text:
    """`R2 B1`: the seals the seat took when it predicted (`none`: it predicted nothing)."""
    wanted = view.predictions[seat]
    if wanted is None:
        return Text("")
    taken = [f"{COLOUR_LETTERS[colour]}{n}" for colour in COLOURS if (n := wanted.get(colour))]
    return Text(" ".join(taken) or "none")


def _counts(held: Mapping[str, int]) -> Text:
    line = Text()
    for kind in (*COLOURS, WHITE, BLACK):
        cells = COUNT_CELLS if kind in COLOURS else len(WHITE_HEADER)
        count = held.get(kind, 0)
        shown = str(count) if count else "·"
        line.append(f"{shown:>{cells}}", style="" if count else "dim")
    return line


def penalty_now(view: SevenSealsView, seat: int) -> int:
    """What the seat would score if the deal ended now (public: seals lie open)."""
    if seat == view.saboteur:
        others = sum(view.blacks_taken) - view.blacks_taken[seat]
        return saboteur_penalty(others, view.saboteur_price)
    return deal_penalty(view.seals[seat])


def seal_line(view: SevenSealsView, seat: int, with_now: bool, with_took: bool = False) -> Text:
    """A seat's seals: dealer mark, then the seals it holds by kind (and its penalty now,
    and the seals it took when it predicted); the saboteur's holder, a seat yet to predict
    and the one choosing say so instead."""
    line = Text(" D " if seat == view.dealer else "   ", style="bold")
    if seat == view.saboteur:
        label = f"  saboteur, costs {view.saboteur_price}"
        line.append(f"{label:<{COUNTS_CELLS}}", style="bold")
    elif view.phase == Phase.PREDICT and view.predictions[seat] is None:
        waiting = "  choosing..." if seat == view.to_move else "  to come"
        line.append(f"{waiting:<{COUNTS_CELLS}}", style="bold" if seat == view.to_move else "dim")
        return line
    else:
        line.append_text(_counts(view.seals[seat]))
    if with_now:
        line.append(f"{penalty_now(view, seat):>{len(NOW_HEADER)}}", style="bold")
    if with_took:
        line.append("  ").append_text(took_text(view, seat))
    return line


def seals_text(
    view: SevenSealsView, names: int, *, supply: bool = False, with_took: bool = False
) -> Text:
    """A heading, then (`supply`) what the supply holds, then a line a seat: turn marker,
    name and its `seal_line` (`with_took`: what it took when it predicted). During play
    each seat's penalty if the deal ended now."""
    with_now = view.phase != Phase.PREDICT
    if supply:
        names = max(names, len(SUPPLY))
    lines = [Text(" " * (len("▶ ") + names)) + seals_header(with_now, with_took)]
    if supply:
        lines.append(Text(f"  {SUPPLY:<{names}}   ", style="italic") + _counts(view.supply))
    for seat, name in enumerate(view.players):
        line = Text()
        line.append("▶ " if seat == view.to_move else "  ", style="bold")
        line.append(fit_name(name, names, view.players), style="bold" if seat == view.seat else "")
        lines.append(line + seal_line(view, seat, with_now, with_took))
    return Text("\n").join(lines)


def seals_title(view: SevenSealsView) -> str:
    if view.phase == Phase.PREDICT:
        return "Seals taken (public; D: dealer)"
    left = view.supply.get(BLACK, 0)
    return f"Seals to give back ({plural(left, 'black seal')} left)"


# -- the trick --------------------------------------------------------------------------


def outcome(view: SevenSealsView, taken: CompletedTrick, saboteur: int | None) -> str:
    """What taking the trick did: `Cid gave back a blue seal`, `took a black seal`..."""
    name = view.players[taken.winner]
    if taken.returned is not None:
        return f"{name} gave back a {taken.returned} seal"
    if taken.took_black:
        return f"{name} took a black seal"
    if taken.winner == saboteur:
        return f"{name}, the saboteur, gives back nothing"
    return f"{name} had no seal to give back, and no black seal was left"


def trick_title(view: SevenSealsView) -> str:
    """`Trick 6/15: blue led` (the note under it says what red does), or the trick
    just taken."""
    count = f"Trick {view.trick_number}/{view.tricks_per_deal}"
    if trick_stands(view):
        return f"Trick {view.trick_number - 1}/{view.tricks_per_deal}, taken"
    if view.phase == Phase.RETURN:
        return f"{count}, taken"
    lead = view.lead_colour
    if lead is None:
        return f"{count}: any card leads"
    if lead == TRUMP:
        return f"{count}: red (trump) led"
    return f"{count}: {lead} led"


def _play_line(view: SevenSealsView, seat: int, card: Card | None, names: int) -> Text:
    line = Text(fit_name(view.players[seat], names, view.players) + " ")
    if card is not None:
        line.append_text(card_text(card))
    elif seat == view.to_move:
        line.append("...", style="bold blink")
    else:
        line.append("·", style="dim")
    return line


def trick_text(view: SevenSealsView, names: int) -> Text:
    """What the trick asks for, then the seats in play order with the winning card marked;
    between tricks (or while its winner chooses a seal) the trick just taken."""
    if trick_stands(view):
        last = view.last_trick
        lines = [Text(f"{outcome(view, last, view.saboteur)}.", style="italic")]
        for play in last.plays:
            line = _play_line(view, play.seat, play.card, names)
            if play.seat == last.winner:
                line.append(TOOK, style="bold")
            lines.append(line)
        return Text("\n").join(lines)
    count = len(view.players)
    winner = view.winning_seat
    leader = view.trick[0].seat if view.trick else view.to_move
    if view.phase == Phase.RETURN:
        note = f"{view.players[winner]} gives back {' or '.join(view.returnable)}."
    elif view.lead_colour is None:
        note = "Lead any card; red trumps."
    elif view.lead_colour == TRUMP:
        note = "Follow red if you can."
    else:
        note = f"Follow {view.lead_colour}; else red trumps."
    lines = [Text(note, style="italic")]
    for step in range(count):
        seat = (leader + step) % count if leader is not None else step
        card = next((play.card for play in view.trick if play.seat == seat), None)
        line = _play_line(view, seat, card, names)
        if card is not None and seat == winner:
            done = len(view.trick) == count
            line.append(TAKES if done else WINNING, style="bold")
        lines.append(line)
    return Text("\n").join(lines)


def last_trick_text(
    view: SevenSealsView,
    width: int,
    last: CompletedTrick | None = None,
    saboteur: int | None = None,
) -> Text:
    """`Last trick: Cid took [ 7 B] [12 R] [ 9 B] [ 3 Y]; Cid gave back a red seal` in
    lines of `width` cells, no card broken (`saboteur`: who held it in that deal)."""
    if last is None:
        last, saboteur = view.last_trick, view.saboteur
    if last is None:
        return Text("Last trick: none yet this deal", style="dim")
    atoms = words(f"Last trick: {view.players[last.winner]} took")
    atoms += [card_text(play.card) for play in last.plays]
    atoms[-1] = Text.assemble(atoms[-1], ";")
    atoms += words(f"{outcome(view, last, saboteur)}.")
    return unbroken_lines(atoms, width)


def _seal_consequence(view: SevenSealsView, cards: list[Card]) -> str:
    """What winning a trick of these `cards` would make the viewer do with its seals."""
    if view.seat == view.saboteur:
        return " (the saboteur gives back nothing)."
    kinds = seals_to_return(cards, view.seals[view.seat])
    if len(kinds) == 1:
        return f": you give back a {kinds[0]} seal."
    if kinds:
        return f": you give back a {' or '.join(kinds)} seal (you choose)."
    if view.supply.get(BLACK, 0):
        return ": you have no seal to give back and take a black seal."
    return ": you have no seal to give back, but no black seal is left."


def consequence(view: SevenSealsView, card: Card | None) -> Text:
    """One line: what playing `card` now would do, from the rule functions."""
    if card is None or view.to_move != view.seat or view.phase != Phase.PLAY:
        return Text("")
    trick = view.trick_cards
    text = Text("If you play ").append_text(card_text(card))
    if card not in legal_cards(trick, view.hand):
        text = Text("You must follow ").append(view.lead_colour).append(": ")
        return text.append_text(card_text(card)).append(" may not be played.")
    if not trick:
        trumps = " (trump)" if card.colour == TRUMP else ""
        return text.append(f" now, you lead {card.colour}{trumps}.")
    cards = [*trick, card]
    winner = trick_winner(cards)
    last = len(cards) == len(view.players)
    if winner == len(trick):
        text.append(" now, you take the trick" if last else " now, you are winning so far")
        return text.append(_seal_consequence(view, cards))
    seat = view.trick[winner].seat
    ahead = "takes it" if last else "stays ahead"
    return text.append(f" now, {view.players[seat]} {ahead}.")


# -- the moves, as the table saw them ---------------------------------------------------


def steals_words(view: SevenSealsView, steals: tuple[tuple[str, int], ...]) -> str:
    """`blue from Ann, red from Bob and Cid`: whom the steals rob, by colour."""
    by_colour: dict[str, Counter] = {}
    for colour, seat in steals:
        by_colour.setdefault(colour, Counter())[seat] += 1
    parts = []
    for colour, victims in by_colour.items():
        names = [
            view.players[seat] + (f" ({count})" if count > 1 else "")
            for seat, count in sorted(victims.items())
        ]
        parts.append(f"{colour} from {' and '.join(names)}")
    return ", ".join(parts)


def prediction_words(wanted: Mapping[str, int]) -> str:
    """`red 2, blue 1`, or `no seals`."""
    taken = [f"{colour} {count}" for colour in COLOURS if (count := wanted.get(colour, 0))]
    return ", ".join(taken) if taken else "no seals"


def move_text(view: SevenSealsView, move: Move, seat: int) -> Text:
    """A move in public terms: `Ann took red 2, blue 1`, `Bob took the saboteur`,
    `Cid played [ 9 B]`, `Cid gave back a white seal`."""
    name = view.players[seat]
    if isinstance(move, Predict):
        text = f"{name} took {prediction_words(move.wanted)}"
        if move.steals:
            victims = "who take" if len({s for _, s in move.steals}) > 1 else "who takes"
            stolen = steals_words(view, move.steals)
            text += f" ({stolen}, {victims} a white seal)"
        return Text(text)
    if isinstance(move, TakeSaboteur):
        return Text(f"{name} took the saboteur")
    if isinstance(move, ReturnSeal):
        return Text(f"{name} gave back a {move.kind} seal")
    assert isinstance(move, PlayCard)
    return Text(f"{name} played ").append_text(card_text(move.card))


def public_table(public: SevenSealsView, width: int) -> list[Text]:
    """The table as everybody may see it (no hand), at a terminal `width`: where the game
    stands, whose turn, the seals, and during play the trick and the last one."""
    names = name_width(public, width)
    texts = [status_line(public), turn_text(public)]
    predicting = public.phase == Phase.PREDICT
    took = predicting or took_room(names, width)
    texts.append(seals_text(public, names, supply=predicting, with_took=took))
    if public.phase in (Phase.PLAY, Phase.RETURN):
        texts += [trick_text(public, names), last_trick_text(public, width)]
    return texts
