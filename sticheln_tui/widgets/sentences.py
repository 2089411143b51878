"""Translated sentences with styled parts: a card or a colour keeps its colours inside a
sentence whose word order the player's language decides."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce

from rich.text import Text

from ..i18n import _
from .cards import FIELD


def capitalised(text: str) -> str:
    """`text` with its first letter upper case: a sentence may begin with a field."""
    return text[:1].upper() + text[1:]


def sentence_atoms(template: str, **fields: str | Text | list[Text]) -> list[Text]:
    """`template` (already translated) as atoms for `unbroken_lines`: its words, each card
    (a Text field, or a list of them) an atom of its own; punctuation next to a field
    stays with it, outside its colours."""
    atoms: list[Text] = []
    for word in template.split():
        current = Text()
        for index, piece in enumerate(FIELD.split(word)):
            if index % 2 == 0:
                current.append(piece)
                continue
            value = fields[piece]
            if isinstance(value, str):
                value = [Text(part) for part in value.split()]
            elif isinstance(value, Text):
                value = [value]
            for number, atom in enumerate(value):
                if number:
                    atoms.append(current)
                    current = Text()
                current.append_text(atom)
        atoms.append(current)
    return atoms


def either(choices: Sequence[str]) -> str:
    """`blue or white`: one of `choices`, in words."""
    return reduce(
        lambda first, second: _("{first} or {second}").format(first=first, second=second), choices
    )


def both(items: Sequence[str]) -> str:
    """`Ann and Bob`: all of `items`, in words."""
    return reduce(
        lambda first, second: _("{first} and {second}").format(first=first, second=second), items
    )
