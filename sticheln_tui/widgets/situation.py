"""The situation in one line of plain text, for a screen reader (the `i` key): what a
sighted player sees on the screen, the most urgent first: whose turn it is, the trick so
far and what it asks for, the hand of the seat whose view it is, each seat's place at
the table (pain cards, piles, seals: each game's own), the trick taken last, the deal
and the scores. Made from one view only: the public view (no seat) never names a hand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from ..i18n import _
from ..words import card_words
from .trick_table import (
    TRICK_PHASES,
    AnyView,
    TrickSeat,
    deal_label,
    totals_text,
    trick_label,
    trick_stands,
    turn_text,
)

UNWRAPPED = 10_000  # cells: a part of the line wrapped to this width stays one line


def _your_hand(view: Any) -> str:
    return _("Your hand")


def _no_marks(view: Any) -> tuple[str, ...]:
    return ()


def _nothing_more(view: Any) -> list[str]:
    return []


@dataclass(frozen=True)
class GameWords:
    """What a game's line says of its own table, each from a view of it."""

    trick_seats: Callable[[Any], tuple[Text, list[TrickSeat]]]  # the trick, as drawn
    seat_words: Callable[[Any, int], list[str]]  # a seat's place at the table, in words
    last_trick: Callable[[Any], Text]  # the line on the trick taken last
    hand_title: Callable[[Any], str] = _your_hand  # the hand's title, as the screen's
    marked: Callable[[Any], tuple[str, ...]] = _no_marks  # colours the hand marks `!`
    table_words: Callable[[Any], list[str]] = _nothing_more  # what else the table shows
    lowest_wins: bool = False  # the totals are penalty points


def situation_line(view: AnyView, words: GameWords) -> str:
    """Every game's view has the fields read here; a seat's view adds its own hand."""
    playing = view.phase in TRICK_PHASES
    sentences = [turn_text(view).plain]
    if playing:
        sentences += _trick_words(view, words)
    if view.seat is not None and view.hand:
        marked = words.marked(view)
        hand = " ".join(card_words(card, pain=card.colour in marked) for card in view.hand)
        # Translators: the `i` key's line: the hand's title as the screen shows it ("Your
        # hand (pain: red)"), then its cards.
        sentences.append(_("{title}: {cards}").format(title=words.hand_title(view), cards=hand))
    for seat, name in enumerate(view.players):
        # Translators: the `i` key's line: a seat's place at the table ("pain [ 9 R],
        # 2 tricks, +3 points").
        details = ", ".join(words.seat_words(view, seat))
        sentences.append(_("{name}: {details}").format(name=name, details=details))
    sentences += words.table_words(view)
    if playing and view.last_trick is not None and not trick_stands(view):
        sentences.append(words.last_trick(view).plain)
    sentences.append(deal_label(view))
    if view.results:
        totals = totals_text(view, signed=not words.lowest_wins)
        if words.lowest_wins:
            sentences.append(_("Penalty points: {totals}").format(totals=totals))
        else:
            sentences.append(_("Scores: {totals}").format(totals=totals))
    return " ".join(_ended(sentence) for sentence in sentences)


def _ended(sentence: str) -> str:
    """The sentence with a full stop, unless it ends in one already."""
    return sentence if sentence.endswith((".", "…", "?", "!")) else sentence + "."


def _trick_words(view: AnyView, words: GameWords) -> list[str]:
    """The trick as its panel shows it: who played what so far (a Hattrick pass card
    too), which card is winning or took it, then what the trick asks for or who took it;
    a trick just taken stands until the next one's first card."""
    note, places = words.trick_seats(view)
    turns = [_turn_words(view, place) for place in places if place.card is not None]
    number = view.trick_number - trick_stands(view)
    trick = trick_label(number, view.tricks_per_deal)
    if turns:
        # Translators: the `i` key's line: "Trick 3/14: Ann played [ 5 B], Bob played ...".
        said = _("{trick}: {turns}").format(trick=trick, turns=", ".join(turns))
    else:
        said = _("{trick}: no card yet").format(trick=trick)
    return [said, note.plain]


def _turn_words(view: AnyView, place: TrickSeat) -> str:
    assert place.card is not None  # only the seats that have played are told
    name, card = view.players[place.seat], card_words(place.card)
    if place.shown:
        return _("{name} passed, showing {card}").format(name=name, card=card)
    if place.mark:
        # Translators: the `i` key's line; {mark} is what the card does, as the trick
        # panel says beside it: "winning", "takes red", "took it".
        mark = place.mark.replace("◀", "").strip()
        return _("{name} played {card} ({mark})").format(name=name, card=card, mark=mark)
    return _("{name} played {card}").format(name=name, card=card)
