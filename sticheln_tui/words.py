"""A colour's name and its letter on a card, in the player's language, and a card named in
a sentence.

Card colours keep their English names inside the game (`card.colour == "blue"`); these
are what a player reads. Plain text, no Textual or Rich: the bots, the table's flow and
the screens all name cards with these words.
"""

from __future__ import annotations

from .core.cards import Card
from .i18n import _, language, pgettext

__all__ = ["card_words", "colour_letter", "colour_name"]


def _names() -> dict[str, str]:
    return {
        "blue": _("blue"),
        "red": _("red"),
        "green": _("green"),
        "yellow": _("yellow"),
        "purple": _("purple"),
        "brown": _("brown"),
        "spades": _("spades"),
        "hearts": _("hearts"),
        "diamonds": _("diamonds"),
        "clubs": _("clubs"),
        "white": _("white"),  # Seven Seals' seals
        "black": _("black"),
    }


def _letters() -> dict[str, str]:
    # Translators: one letter per colour on every card, e.g. [ 7 B]. Each of the six
    # colours (blue, red, green, yellow, purple, brown) needs its own letter, and each of
    # the four suits (spades, hearts, diamonds, clubs) too.
    return {
        "blue": pgettext("letter of blue", "B"),
        "red": pgettext("letter of red", "R"),
        "green": pgettext("letter of green", "G"),
        "yellow": pgettext("letter of yellow", "Y"),
        "purple": pgettext("letter of purple", "P"),
        "brown": pgettext("letter of brown", "N"),
        "spades": pgettext("letter of spades", "S"),
        "hearts": pgettext("letter of hearts", "H"),
        "diamonds": pgettext("letter of diamonds", "D"),
        "clubs": pgettext("letter of clubs", "C"),
    }


# Names and letters by language: a card is drawn often, a catalogue looked up once.
_NAMES: dict[str, dict[str, str]] = {}
_LETTERS: dict[str, dict[str, str]] = {}


def colour_name(colour: str) -> str:
    """A colour's name in the player's language ("blue", "sininen")."""
    names = _NAMES.get(language()) or _NAMES.setdefault(language(), _names())
    return names[colour]


def colour_letter(colour: str) -> str:
    """A colour's one letter on a card, in the player's language."""
    letters = _LETTERS.get(language()) or _LETTERS.setdefault(language(), _letters())
    return letters[colour]


def card_words(card: Card, pain: bool = False) -> str:
    """`[ 7 B]`: a card named in a sentence, plain, its letter in the player's language;
    `[ 7 B!]` for a card of a pain colour, as a hand marks it."""
    return f"[{card.value:>2} {colour_letter(card.colour)}{'!' if pain else ''}]"
