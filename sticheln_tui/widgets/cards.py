"""How a card looks: always its value and a colour letter, on its colour."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from rich.text import Text

from ..core.cards import SUIT_SYMBOLS, Card

# Foreground/background per colour; the letter carries the colour without them.
_COLOUR_STYLES = {
    "blue": "bold #ffffff on #1d4ed8",
    "red": "bold #ffffff on #b91c1c",
    "green": "bold #ffffff on #15803d",
    "yellow": "bold #1c1917 on #facc15",
    "purple": "bold #ffffff on #7e22ce",
    "brown": "bold #ffffff on #78350f",
    "spades": "bold #ffffff on #1f2937",
    "hearts": "bold #ffffff on #b91c1c",
    "diamonds": "bold #ffffff on #c2410c",
    "clubs": "bold #ffffff on #166534",
}
COLOUR_HEX = {colour: style.split(" on ")[1] for colour, style in _COLOUR_STYLES.items()}
CARD_WIDTH = 6  # `[ 7 R]`
_FRENCH_RANKS = {11: "J", 12: "Q", 13: "K", 14: "A"}


def rank_text(card: Card) -> str:
    """A card's value as players name it: J, Q, K, A in the French deck."""
    if card.colour in SUIT_SYMBOLS:
        return _FRENCH_RANKS.get(card.value, str(card.value))
    return str(card.value)


def card_label(card: Card, *, pain: bool = False, focused: bool = False) -> str:
    """`[ 7 R]`; `[ 7 R!]` for a pain-colour card; `► 7 R◄` for the focused card.

    French cards show rank, suit symbol and letter: `[ Q♠S]`, `[10♥H]`. The focus marks
    take the brackets' cells: they are one cell wide in every terminal and font (unlike
    ▶ and ◀, which some draw two cells wide or as emoji).
    """
    symbol = SUIT_SYMBOLS.get(card.colour)
    if symbol:
        body = f"{rank_text(card):>2}{symbol}{card.letter}"
    else:
        body = f"{card.value:>2} {card.letter}"
    body += "!" if pain else ""
    return f"►{body}◄" if focused else f"[{body}]"


def card_text(card: Card, *, pain: bool = False, focused: bool = False, dim: bool = False) -> Text:
    style = _COLOUR_STYLES[card.colour]
    if card.value == 0 or dim:
        # Zeros never take a trick (unless every card is a zero), so they look weaker.
        style += " dim"
    if focused:
        style += " reverse"
    return Text(card_label(card, pain=pain, focused=focused), style=style)


def cards_text(cards: Iterable[Card], pain_colours: Collection[str] = ()) -> Text:
    """Cards in a row, one space apart."""
    return Text(" ").join(card_text(card, pain=card.colour in pain_colours) for card in cards)


def colour_name(colour: str) -> Text:
    """A colour's name on its own colour, e.g. for 'pain: red'."""
    return Text(colour, style=f"bold {COLOUR_HEX[colour]}")
