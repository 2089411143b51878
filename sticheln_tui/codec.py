"""How a save writes a game's moves: the vocabulary every game's save codec is made of.

Each game's codec (`Codec`) says how its options, its moves and what the table had seen are
written in a save (persistence.py writes and reads the rest of the file). Reading refuses
with `SaveError` and a one-line reason whatever a file holds that is not a move of the game.
No Textual, no Rich, no files: just JSON values to moves and back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, TypeVar, overload

from .core.cards import COLOUR_ORDER, Card
from .core.table import TableGame
from .i18n import N_, _

# A colour, a space and a value: ASCII digits only (a str's \d takes any script's
# digits), and no leading zero, so that each card has one spelling.
CARD_TEXT = re.compile(r"([a-z]+) (0|[1-9][0-9]?)")

# What a JSON value should be, in a refusal ("seed should be a whole number, not ...").
KIND_NAMES = {
    dict: N_("an object"),
    list: N_("a list"),
    str: N_("text"),
    int: N_("a whole number"),
    bool: N_("true or false"),
    type(None): N_("null"),
}


class SaveError(ValueError):
    """A file that is not a loadable game; the message is one line saying why."""


Kind = TypeVar("Kind")
OtherKind = TypeVar("OtherKind")


# The value as the kind it was checked to be: expect(value, int, ...) is an int.
@overload
def expect(value: object, kind: type[Kind], what: str) -> Kind: ...
@overload
def expect(
    value: object, kind: tuple[type[Kind], type[OtherKind]], what: str
) -> Kind | OtherKind: ...
@overload
def expect(value: object, kind: tuple[type, ...], what: str) -> object: ...
def expect(value: object, kind: type | tuple[type, ...], what: str) -> object:
    # bool is an int to Python, never to a save file.
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if type(value) not in kinds:
        # Translators: joins what a value may be ("a whole number or null").
        names = _(" or ").join(_(KIND_NAMES[k]) for k in kinds)
        # Translators: {what} names a place in the file; {kinds} e.g. "a whole number".
        raise SaveError(
            _("{what} should be {kinds}, not {value}").format(
                what=what, kinds=names, value=describe(value)
            )
        )
    return value


def describe(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    if not text.isprintable():  # line separators (U+2028), lone surrogates: escape them
        text = json.dumps(value)
    return text if len(text) <= 30 else text[:27] + "..."


def required_keys(data: dict, required: set[str], what: str) -> None:
    unknown = sorted(set(data) - required)
    if unknown:
        raise SaveError(
            _("{what} has an unexpected field {field}").format(
                what=what, field=describe(unknown[0])
            )
        )
    missing = sorted(required - set(data))
    if missing:
        raise SaveError(
            _("{what} lacks the field {field}").format(what=what, field=repr(missing[0]))
        )


def card_text(card: Card) -> str:
    return f"{card.colour} {card.value}"


def card(value: object, what: str) -> Card:
    text = expect(value, str, what)
    match = CARD_TEXT.fullmatch(text)
    if not match or match[1] not in COLOUR_ORDER:
        value = text.partition(" ")[2]
        # Translators: {what} names a place in the file, e.g. "move 3"; 'red 7' stays as it is.
        problem = _("{what} should be a card like 'red 7', not {value}")
        if value.isdigit() and (not value.isascii() or value.startswith("0")):
            problem = _(
                "{what} should be a card like 'red 7', not {value} "
                "(a value is written in the digits 0-9, without leading zeros)"
            )
        raise SaveError(problem.format(what=what, value=describe(text)))
    return Card(match[1], int(match[2]))


@dataclass(frozen=True)
class MoveKind:
    """One kind of move as a save writes it: {name: detail}."""

    name: str
    type: type
    detail: Callable[[Any], object]  # the move's detail as JSON
    read: Callable[[object, str], Any]  # the move from its detail; `what` names it in errors


def card_move(name: str, move_type: type) -> MoveKind:
    """A move made with one card: {"play": "red 7"}."""
    return MoveKind(
        name,
        move_type,
        lambda move: card_text(move.card),
        lambda detail, what: move_type(card(detail, what)),
    )


@dataclass(frozen=True)
class Codec:
    """How a save writes one game: its options, its moves and what the table had seen."""

    game: type[TableGame]
    options: type  # the game's options dataclass; every field a bool or an int
    nullable: frozenset[str]  # whole-number options that may also be null
    moves: tuple[MoveKind, ...]
    seen: tuple[str, ...]  # the "seen" markers: "deals", and "reveal" if the game has one

    def move_json(self, move: object) -> dict[str, object]:
        kind = next(kind for kind in self.moves if type(move) is kind.type)
        return {kind.name: kind.detail(move)}

    def move(self, value: object, what: str) -> Any:
        entry = expect(value, dict, what)
        names = [kind.name for kind in self.moves]
        if len(entry) != 1:
            raise SaveError(
                _("{what} should have exactly one of {names}").format(
                    what=what, names=", ".join(names)
                )
            )
        ((name, detail),) = entry.items()
        if name not in names:
            raise SaveError(
                _("{what} has the unknown kind {kind}").format(what=what, kind=describe(name))
            )
        return self.moves[names.index(name)].read(detail, what)

    def option_kinds(self) -> dict[str, tuple[type, ...]]:
        return {
            field.name: (int, type(None)) if field.name in self.nullable else (type(field.default),)
            for field in fields(self.options)
        }
