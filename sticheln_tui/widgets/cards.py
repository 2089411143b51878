"""How a card looks: always its value and a colour letter, on its colour.

A colour's name and letter in the player's language (`colour_name`, `colour_letter`) come
from `sticheln_tui.words`, which the screen-free flow and the bots use too."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from rich.text import Text
from textual.geometry import Size

from ..core.cards import SUIT_SYMBOLS, Card
from ..words import colour_letter, colour_name
from .colours import CARD_COLOURS

# Each colour's text on its background (`CARD_COLOURS`, the same in every theme): each
# pair keeps 4.5:1 in true colour, 256 colours, 16 colours and NO_COLOR's greys; in 16
# colours each colour of a deck lands on an ANSI colour of its own (green stays green);
# and the colours of a deck stay apart under the common colour-vision deficiencies
# (benchmarks/colour_vision.py). The letter carries the colour without them.
_COLOUR_STYLES = {colour: f"bold {text} on {back}" for colour, (text, back) in CARD_COLOURS.items()}
CARD_WIDTH = 6  # `[ 7 R]`
BIG_CARD_WIDTH, BIG_CARD_HEIGHT = 6, 3  # a card drawn as a card, where there is room
TALL_CARD_WIDTH, TALL_CARD_HEIGHT = 10, 5  # a trick's card where there is height too
# From this terminal size on, the screens draw their cards big (`big_card_lines`) and a
# table its trick as the seats' places; below it, everything as at 80x24.
ROOMY = Size(120, 36)
_FRENCH_RANKS = {11: "J", 12: "Q", 13: "K", 14: "A"}


def big_card_size(tall: bool) -> tuple[int, int]:
    """A card's width and height drawn big (`tall`: five lines high)."""
    if tall:
        return TALL_CARD_WIDTH, TALL_CARD_HEIGHT
    return BIG_CARD_WIDTH, BIG_CARD_HEIGHT


def is_roomy(size: Size) -> bool:
    return size.width >= ROOMY.width and size.height >= ROOMY.height


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
        body = f"{rank_text(card):>2}{symbol}{colour_letter(card.colour)}"
    else:
        body = f"{card.value:>2} {colour_letter(card.colour)}"
    body += "!" if pain else ""
    return f"►{body}◄" if focused else f"[{body}]"


def card_text(
    card: Card, *, pain: bool = False, focused: bool = False, unavailable: bool = False
) -> Text:
    """A card on its colours; a card that may not be chosen now is drawn without them.

    Zeros never take a trick (unless every card is a zero), so they are not bold: weaker,
    yet as readable as the rest (dimmed colours fall below 4.5:1 in 256 or 16 colours).
    """
    return Text(
        card_label(card, pain=pain, focused=focused), style=_card_style(card, focused, unavailable)
    )


def _card_style(card: Card, focused: bool, unavailable: bool) -> str:
    style = "" if unavailable else _COLOUR_STYLES[card.colour]
    if card.value == 0:
        style += " not bold"
    if focused:
        style += " reverse"
    return style.strip()


def big_card_lines(
    card: Card, *, pain: bool = False, focused: bool = False, unavailable: bool = False
) -> list[Text]:
    """A card as three lines, outlined like a card so it reads without its colours, with
    its value in two corners and its colour's letter (and `!` for a pain colour) between::

        ╭12──╮   ┏12━━┓  focused: a heavy outline, and the marks of `card_label`
        │ R! │   ►♠S! ◄
        ╰──12╯   ┗━━12┛
    """
    rank = rank_text(card)
    middle = f"{SUIT_SYMBOLS.get(card.colour, '')}{colour_letter(card.colour)}{'!' * pain}"
    if focused:
        rows = f"┏{rank:━<4}┓", f"►{middle:^4}◄", f"┗{rank:━>4}┛"
    else:
        rows = f"╭{rank:─<4}╮", f"│{middle:^4}│", f"╰{rank:─>4}╯"
    style = _card_style(card, focused, unavailable)
    return [Text(row, style=style) for row in rows]


# A card's value in big figures, three lines high and three cells wide.
_FIGURES = {
    "0": ("┏━┓", "┃ ┃", "┗━┛"),
    "1": ("╺┓ ", " ┃ ", "╺┻╸"),
    "2": ("╺━┓", "┏━┛", "┗━╸"),
    "3": ("╺━┓", " ━┫", "╺━┛"),
    "4": ("╻ ╻", "┗━┫", "  ╹"),
    "5": ("┏━╸", "┗━┓", "╺━┛"),
    "6": ("┏━╸", "┣━┓", "┗━┛"),
    "7": ("╺━┓", "  ┃", "  ╹"),
    "8": ("┏━┓", "┣━┫", "┗━┛"),
    "9": ("┏━┓", "┗━┫", "╺━┛"),
    "J": ("  ╻", "  ┃", "┗━┛"),
    "Q": ("┏━┓", "┃ ┃", "┗━╋"),
    "K": ("╻┏╸", "┣┫ ", "╹┗╸"),
    "A": ("┏━┓", "┣━┫", "╹ ╹"),
}


def tall_card_lines(
    card: Card, *, pain: bool = False, focused: bool = False, unavailable: bool = False
) -> list[Text]:
    """A card as five lines, its value in big figures between the corners, which show
    the value and the colour's letter (and `!`) as `big_card_lines` does, focused too::

        ╭12────R╮
        │╺┓ ╺━┓ │
        │ ┃ ┏━┛ │
        │╺┻╸┗━╸ │
        ╰R────12╯
    """
    rank = rank_text(card)
    mark = f"{SUIT_SYMBOLS.get(card.colour, '')}{colour_letter(card.colour)}{'!' * pain}"
    inner = TALL_CARD_WIDTH - 2
    line = "━" if focused else "─"
    corners = line * (inner - len(rank) - len(mark))
    figures = ["".join(_FIGURES[figure][row] for figure in rank) for row in range(3)]
    left, right = ("►", "◄") if focused else ("│", "│")
    ends = "┏┓┗┛" if focused else "╭╮╰╯"
    rows = [
        f"{ends[0]}{rank}{corners}{mark}{ends[1]}",
        *(f"{left}{figure:^{inner}}{right}" for figure in figures),
        f"{ends[2]}{mark}{corners}{rank}{ends[3]}",
    ]
    style = _card_style(card, focused, unavailable)
    return [Text(row, style=style) for row in rows]


def big_cards_text(cards: Iterable[Card], pain_colours: Collection[str] = ()) -> Text:
    """Cards drawn big (`big_card_lines`) side by side, one cell apart."""
    rows = [Text(), Text(), Text()]
    for index, card in enumerate(cards):
        for row, line in zip(
            rows, big_card_lines(card, pain=card.colour in pain_colours), strict=True
        ):
            row.append(" " if index else "")
            row.append_text(line)
    return Text("\n").join(rows)


def cards_text(cards: Iterable[Card], pain_colours: Collection[str] = ()) -> Text:
    """Cards in a row, one space apart."""
    return Text(" ").join(card_text(card, pain=card.colour in pain_colours) for card in cards)


def colour_name_text(colour: str) -> Text:
    """A colour's name on its card colours, e.g. for 'pain: red': readable on any theme."""
    # Seven Seals' white and black seals have no card colours.
    return Text(colour_name(colour), style=_COLOUR_STYLES.get(colour, ""))


def colour_letter_text(colour: str) -> Text:
    """A colour's letter on its card colours, e.g. over a column of counts."""
    return Text(colour_letter(colour), style=_COLOUR_STYLES[colour])


def unbroken_lines(atoms: Iterable[Text], width: int) -> Text:
    """Words and cards, one space apart, in lines of at most `width` cells, broken only
    between them: Rich would break a card such as `[ 7 R]` at its spaces."""
    lines = [Text()]
    for atom in atoms:
        line = lines[-1]
        if line.cell_len and line.cell_len + 1 + atom.cell_len > width:
            lines.append(atom.copy())
            continue
        if line.cell_len:
            line.append(" ")
        line.append_text(atom)
    return Text("\n").join(lines)


FIELD = re.compile(r"\{(\w+)\}")  # a {field} of a translated sentence


def filled(template: str, **fields: str | Text) -> Text:
    """A translated sentence with its `{fields}` filled in, each keeping its own style (a
    card, a colour on its card colours): the sentence stays one message to translate."""
    text = Text()
    for index, part in enumerate(FIELD.split(template)):
        text.append(fields[part] if index % 2 else part)
    return text


def words(text: str) -> list[Text]:
    """`text` as atoms for `unbroken_lines`."""
    return [Text(word) for word in text.split()]
