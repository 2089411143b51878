"""Text for the parts of Seven Seals' screens, drawn from a seat view (or the public view).

Every consequence shown comes from the same rule functions the engine uses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from rich.text import Text

from ...core.cards import Card
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
from ...i18n import N_, _, ngettext
from ...widgets.cards import CARD_WIDTH, card_text, colour_letter_text, filled, unbroken_lines
from ...widgets.names import fit_name, name_column_width
from ...widgets.sentences import both, either, sentence_atoms
from ...widgets.trick_table import (
    PANEL_FRAME,
    TrickSeat,
    compact_trick_text,
    game_status,
    no_trick_taken_yet,
    trick_stands,
    turn_text,
)
from ...words import colour_letter, colour_name

COUNT_CELLS = 2  # a count of one coloured seal kind (a digit), right-aligned
DEALER_MARK = " D"  # after the dealer's name; the counts after it begin with a space
# Translators: Seven Seals' seals panel, a column heading over each seat's penalty now.
NOW_HEADER = N_("now")
# Translators: Seven Seals' seals panel, a column heading over the seals each seat took
# when it predicted (`R2 B1`).
TOOK_HEADER = N_("took")
TOOK_CELLS = len("  R5 Y3 G3 B3 P3")
# Translators: Seven Seals' trick panel, after the card winning the trick so far, the one
# taking it, and the one that took it.
WINNING, TAKES, TOOK = N_("winning"), N_("takes it"), N_("took it")
# Translators: Seven Seals' seals panel, the row of the seals nobody has taken.
SUPPLY = N_("supply")


def kind_header(kind: str) -> str:
    """The heading over the white or the black seals: the colour's name."""
    return " " + colour_name(kind)


def now_header() -> str:
    return "  " + _(NOW_HEADER)


def counts_cells() -> int:
    """The cells of a seat's counts, which a saboteur's or a waiting seat's words take
    instead."""
    return len(COLOURS) * COUNT_CELLS + len(kind_header(WHITE)) + len(kind_header(BLACK))


def seals_fixed() -> int:
    """The seals panel's width but for the names."""
    return PANEL_FRAME + len("▶ ") + len(DEALER_MARK) + counts_cells() + len(now_header())


def took_cells() -> int:
    return max(TOOK_CELLS, len("  " + _(TOOK_HEADER)))


def winner_mark(mark: str) -> str:
    """`  ◀ winning` after the card winning the trick (`mark` one of WINNING, TAKES, TOOK)."""
    return "  ◀ " + _(mark)


def trick_fixed() -> int:
    """The trick panel's width but for the names."""
    marks = max(len(winner_mark(mark)) for mark in (WINNING, TAKES, TOOK))
    return PANEL_FRAME + 1 + CARD_WIDTH + marks


# Translators: Seven Seals' saboteur variants, listed after "saboteur:" in the status line.
VARIANTS = (N_("costs 5"), N_("escalating"), N_("auction"))


def variants_note(view: SevenSealsView) -> str:
    """The saboteur variants in force, in a few words (none: nothing)."""
    options = view.options
    switches = (options.saboteur_costs_5, options.escalating_saboteur, options.saboteur_auction)
    chosen = [_(name) for name, on in zip(VARIANTS, switches, strict=True) if on]
    if not chosen:
        return ""
    return _("saboteur: {variants}").format(variants=", ".join(chosen))


def status_line(view: SevenSealsView, room: int | None = None) -> Text:
    """`Seven Seals  Deal 2/4  Trick 6/15  saboteur: auction` (the variants on a line of
    their own where they do not fit the `room`)."""
    return game_status(SevenSealsGame.TITLE, view, variants_note(view), room)


def name_width(view: SevenSealsView, width: int) -> int:
    """The name column shared by the seals panel and the trick panel at a terminal
    `width`: the longest name's, if both panels can make room for it. In the prediction
    round the seals panel, with the seals each seat took, has the width to itself."""
    if view.phase == Phase.PREDICT:
        return name_column_width(view.players, width - seals_fixed() - took_cells())
    return name_column_width(view.players, (width - seals_fixed() - trick_fixed()) // 2)


def took_room(names: int, width: int) -> bool:
    """Whether the seals panel has room, beside the trick panel at its narrowest, for
    the seals each seat took when it predicted."""
    return width - seals_fixed() - trick_fixed() - 2 * names >= took_cells()


# -- the seals ------------------------------------------------------------------------


def seals_header(with_now: bool, with_took: bool = False) -> Text:
    """The heading over the seal counts: colour letters, `white`, `black` (and `now`,
    and `took`)."""
    header = Text(" " * len(DEALER_MARK))
    for colour in COLOURS:
        header.append(" " * (COUNT_CELLS - 1))
        header.append_text(colour_letter_text(colour))
    kinds = kind_header(WHITE) + kind_header(BLACK)
    header.append(kinds + (now_header() if with_now else ""), style="dim")
    if with_took:
        header.append("  " + _(TOOK_HEADER), style="dim")
    return header


def took_text(view: SevenSealsView, seat: int) -> Text:
    """`R2 B1`: the seals the seat took when it predicted (`none`: it predicted nothing)."""
    wanted = view.predictions[seat]
    if wanted is None:
        return Text("")
    taken = [f"{colour_letter(colour)}{n}" for colour in COLOURS if (n := wanted.get(colour))]
    # Translators: Seven Seals, the seals a player took when predicting: none at all.
    return Text(" ".join(taken) or _("none"))


def _counts(held: Mapping[str, int]) -> Text:
    line = Text()
    for kind in (*COLOURS, WHITE, BLACK):
        cells = COUNT_CELLS if kind in COLOURS else len(kind_header(kind))
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
    line = Text(DEALER_MARK if seat == view.dealer else " " * len(DEALER_MARK), style="bold")
    cells = counts_cells()
    indent = " " * (COUNT_CELLS - 1)  # words begin where the first count's digit does
    if seat == view.saboteur:
        label = indent + _("saboteur, costs {price}").format(price=view.saboteur_price)
        line.append(f"{label:<{cells}}", style="bold")
    elif view.phase == Phase.PREDICT and view.predictions[seat] is None:
        # Translators: Seven Seals' seals panel, a seat still to predict: choosing now, or later.
        waiting = indent + (_("choosing...") if seat == view.to_move else _("to come"))
        line.append(f"{waiting:<{cells}}", style="bold" if seat == view.to_move else "dim")
        return line
    else:
        line.append_text(_counts(view.seals[seat]))
    if with_now:
        line.append(f"{penalty_now(view, seat):>{len(now_header())}}", style="bold")
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
        names = max(names, len(_(SUPPLY)))
    lines = [Text(" " * (len("▶ ") + names)) + seals_header(with_now, with_took)]
    if supply:
        row = Text(f"  {_(SUPPLY):<{names}}{' ' * len(DEALER_MARK)}", style="italic")
        lines.append(row + _counts(view.supply))
    for seat, name in enumerate(view.players):
        line = Text()
        line.append("▶ " if seat == view.to_move else "  ", style="bold")
        line.append(fit_name(name, names, view.players), style="bold" if seat == view.seat else "")
        lines.append(line + seal_line(view, seat, with_now, with_took))
    return Text("\n").join(lines)


def seals_words(held: Mapping[str, int]) -> str:
    """`red 2, white 1, black 1`: the seals of every kind held, or `no seals`."""
    kinds = (*COLOURS, WHITE, BLACK)
    counts = [f"{colour_name(kind)} {count}" for kind in kinds if (count := held.get(kind, 0))]
    return ", ".join(counts) if counts else _("no seals")


def seat_words(view: SevenSealsView, seat: int) -> list[str]:
    """A seat's line of the seals panel in words, for the `i` key: the saboteur, or the
    seals it holds (a seat yet to predict says so), and during play the penalty points
    it would score if the deal ended now."""
    if seat == view.saboteur:
        said = [_("saboteur, costs {price}").format(price=view.saboteur_price)]
    elif view.phase == Phase.PREDICT and view.predictions[seat] is None:
        return [_("choosing...") if seat == view.to_move else _("to come")]
    else:
        said = [seals_words(view.seals[seat])]
    if view.phase != Phase.PREDICT:
        now = penalty_now(view, seat)
        # Translators: the `i` key's line: what a seat would score if the deal ended now.
        said.append(
            ngettext("{count} penalty point now", "{count} penalty points now", now).format(
                count=now
            )
        )
    return said


def table_words(view: SevenSealsView) -> list[str]:
    """What else the table shows, for the `i` key: while predicting, the seals nobody has
    taken; during play, the black seals left."""
    if view.phase == Phase.PREDICT:
        # Translators: the `i` key's line: the seals nobody has taken yet.
        return [_("Supply: {seals}").format(seals=seals_words(view.supply))]
    left = view.supply.get(BLACK, 0)
    return [
        ngettext("{count} black seal left", "{count} black seals left", left).format(count=left)
    ]


def hand_title(view: SevenSealsView) -> str:
    return _("Your hand ({colour} is trump)").format(colour=colour_name(TRUMP))


def seals_title(view: SevenSealsView) -> str:
    if view.phase == Phase.PREDICT:
        return _("Seals taken (public; D: dealer)")
    left = view.supply.get(BLACK, 0)
    return ngettext(
        "Seals to give back ({count} black left)",
        "Seals to give back ({count} blacks left)",
        left,
    ).format(count=left)


# -- the trick --------------------------------------------------------------------------


def outcome(view: SevenSealsView, taken: CompletedTrick, saboteur: int | None) -> str:
    """What taking the trick did: `Cid gave back a blue seal`, `took a black seal`..."""
    name = view.players[taken.winner]
    if taken.returned is not None:
        return gave_back(name, taken.returned)
    if taken.took_black:
        return _("{name} took a black seal").format(name=name)
    if taken.winner == saboteur:
        return _("{name}, the saboteur, gives back nothing").format(name=name)
    return _("{name} had no seal to give back, and no black seal was left").format(name=name)


def gave_back(name: str, kind: str) -> str:
    """`Cid gave back a blue seal`."""
    # Translators: {kind} is a seal's colour: red, yellow, green, blue, purple, white, black.
    return _("{name} gave back a {kind} seal").format(name=name, kind=colour_name(kind))


def trick_title(view: SevenSealsView) -> str:
    """`Trick 6/15: blue led` (the note under it says what red does), or the trick
    just taken."""
    number, total = view.trick_number, view.tricks_per_deal
    if trick_stands(view) or view.phase == Phase.RETURN:
        number -= trick_stands(view)
        return _("Trick {number}/{total}, taken").format(number=number, total=total)
    lead = view.lead_colour
    if lead is None:
        return _("Trick {number}/{total}: any card leads").format(number=number, total=total)
    if lead == TRUMP:
        template = _("Trick {number}/{total}: {colour} (trump) led")
    else:
        template = _("Trick {number}/{total}: {colour} led")
    return template.format(number=number, total=total, colour=colour_name(lead))


def taken_seats(view: SevenSealsView, taken: CompletedTrick) -> tuple[Text, list[TrickSeat]]:
    """What taking the trick `taken` did, and each seat's place in it, the card that took
    it marked."""
    return Text(f"{outcome(view, taken, view.saboteur)}.", style="italic"), [
        TrickSeat(play.seat, play.card, mark=winner_mark(TOOK) if play.seat == taken.winner else "")
        for play in taken.plays
    ]


def trick_seats(view: SevenSealsView) -> tuple[Text, list[TrickSeat]]:
    """What the trick asks for, then each seat's place in play order with the winning card
    marked; between tricks (or while its winner chooses a seal) the trick just taken."""
    if trick_stands(view):
        return taken_seats(view, view.last_trick)
    count = len(view.players)
    winner = view.winning_seat
    leader = view.trick[0].seat if view.trick else view.to_move
    trump = colour_name(TRUMP)
    if view.phase == Phase.RETURN:
        assert winner is not None  # the trick is complete
        kinds = either([colour_name(kind) for kind in view.returnable])
        note = _("{name} gives back {kinds}.").format(name=view.players[winner], kinds=kinds)
    elif view.lead_colour is None:
        note = _("Lead any card; {trump} trumps.").format(trump=trump)
    elif view.lead_colour == TRUMP:
        note = _("Follow {trump} if you can.").format(trump=trump)
    else:
        note = _("Follow {colour}; else {trump} trumps.").format(
            colour=colour_name(view.lead_colour), trump=trump
        )
    done = len(view.trick) == count
    seats = []
    for step in range(count):
        seat = (leader + step) % count if leader is not None else step
        card = next((play.card for play in view.trick if play.seat == seat), None)
        mark = winner_mark(TAKES if done else WINNING) if card and seat == winner else ""
        seats.append(TrickSeat(seat, card, mark=mark))
    return Text(note, style="italic"), seats


def trick_text(view: SevenSealsView, names: int) -> Text:
    """The trick a line a seat (`trick_seats`)."""
    return compact_trick_text(view, *trick_seats(view), names)


def seat_notes(view: SevenSealsView, seat: int) -> list[Text]:
    """A seat's place at the roomy table: what it would score if the deal ended now."""
    return [Text(f"{_(NOW_HEADER)} {penalty_now(view, seat)}")]


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
        return no_trick_taken_yet()
    atoms = sentence_atoms(
        _("Last trick: {name} took {cards}; {outcome}."),
        name=view.players[last.winner],
        cards=[card_text(play.card) for play in last.plays],
        outcome=outcome(view, last, saboteur),
    )
    return unbroken_lines(atoms, width)


# What winning a trick would make the viewer do with its seals: when the card played
# takes the trick, and when it is winning so far. {card} is the card, {kinds} the seals.
_WINNING_SEALS = {
    "saboteur": (
        N_("If you play {card} now, you take the trick (the saboteur gives back nothing)."),
        N_("If you play {card} now, you are winning so far (the saboteur gives back nothing)."),
    ),
    "one": (
        N_("If you play {card} now, you take the trick: you give back a {kinds} seal."),
        N_("If you play {card} now, you are winning so far: you give back a {kinds} seal."),
    ),
    "choice": (
        N_(
            "If you play {card} now, you take the trick: you give back a {kinds} seal (you choose)."
        ),
        N_(
            "If you play {card} now, you are winning so far: "
            "you give back a {kinds} seal (you choose)."
        ),
    ),
    "black": (
        N_(
            "If you play {card} now, you take the trick: "
            "you have no seal to give back and take a black seal."
        ),
        N_(
            "If you play {card} now, you are winning so far: "
            "you have no seal to give back and take a black seal."
        ),
    ),
    "none": (
        N_(
            "If you play {card} now, you take the trick: "
            "you have no seal to give back, but no black seal is left."
        ),
        N_(
            "If you play {card} now, you are winning so far: "
            "you have no seal to give back, but no black seal is left."
        ),
    ),
}


def _seal_consequence(view: SevenSealsView, cards: list[Card], card: Card, last: bool) -> Text:
    """What playing `card`, winning a trick of these `cards` (`last`: taking it), would
    make the viewer do with its seals."""
    assert view.seat is not None
    kinds = seals_to_return(cards, view.seals[view.seat])
    if view.seat == view.saboteur:
        case = "saboteur"
    elif kinds:
        case = "one" if len(kinds) == 1 else "choice"
    else:
        case = "black" if view.supply.get(BLACK, 0) else "none"
    template = _(_WINNING_SEALS[case][0 if last else 1])
    kinds_words = either([colour_name(kind) for kind in kinds]) if kinds else ""
    return filled(template, card=card_text(card), kinds=kinds_words)


def consequence(view: SevenSealsView, card: Card | None) -> Text:
    """One line: what playing `card` now would do, from the rule functions."""
    if card is None or view.to_move != view.seat or view.phase != Phase.PLAY:
        return Text("")
    trick = view.trick_cards
    shown = card_text(card)
    colour = colour_name(card.colour)
    if card not in legal_cards(trick, view.hand):
        return filled(
            _("You must follow {colour}: {card} may not be played."),
            colour=colour_name(view.lead_colour),
            card=shown,
        )
    if not trick:
        if card.colour == TRUMP:
            template = _("If you play {card} now, you lead {colour} (trump).")
        else:
            template = _("If you play {card} now, you lead {colour}.")
        return filled(template, card=shown, colour=colour)
    cards = [*trick, card]
    winner = trick_winner(cards)
    last = len(cards) == len(view.players)
    if winner == len(trick):
        return _seal_consequence(view, cards, card, last)
    if last:
        template = _("If you play {card} now, {name} takes it.")
    else:
        template = _("If you play {card} now, {name} stays ahead.")
    return filled(template, card=shown, name=view.players[view.trick[winner].seat])


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
        # Translators: seals of a colour taken from other players: `blue from Ann and Bob`.
        parts.append(
            _("{colour} from {names}").format(colour=colour_name(colour), names=both(names))
        )
    return ", ".join(parts)


def prediction_words(wanted: Mapping[str, int]) -> str:
    """`red 2, blue 1`, or `no seals`."""
    taken = [
        f"{colour_name(colour)} {count}" for colour in COLOURS if (count := wanted.get(colour, 0))
    ]
    return ", ".join(taken) if taken else _("no seals")


def move_text(view: SevenSealsView, move: Move, seat: int) -> Text:
    """A move in public terms: `Ann took red 2, blue 1`, `Bob took the saboteur`,
    `Cid played [ 9 B]`, `Cid gave back a white seal`."""
    name = view.players[seat]
    if isinstance(move, Predict):
        seals = prediction_words(move.wanted)
        if not move.steals:
            return Text(_("{name} took {seals}").format(name=name, seals=seals))
        victims = len({seat for _, seat in move.steals})
        text = ngettext(
            "{name} took {seals} ({stolen}, who takes a white seal)",
            "{name} took {seals} ({stolen}, who take a white seal)",
            victims,
        )
        return Text(text.format(name=name, seals=seals, stolen=steals_words(view, move.steals)))
    if isinstance(move, TakeSaboteur):
        return Text(_("{name} took the saboteur").format(name=name))
    if isinstance(move, ReturnSeal):
        return Text(gave_back(name, move.kind))
    assert isinstance(move, PlayCard)
    return filled(_("{name} played {card}"), name=name, card=card_text(move.card))


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
