"""The Markdown the rules help of every game is built from: each paragraph, bullet and
key is one message, put together here in the player's language when the help is shown."""

from __future__ import annotations

from collections.abc import Iterable

from ..i18n import N_, _, ngettext
from ..words import colour_letter

ARROWS = "← → ↑ ↓"
# Translators: in the table of keys: clicking with the mouse.
MOUSE = N_("mouse")
# The keys every game's table of keys ends with (`QUIT` last, after the game's own).
RULES_AND_COMMANDS = (
    # Translators: two keys, "?" and "F1".
    (N_("? or F1"), N_("these rules")),
    ("Ctrl+P", N_("commands")),
    ("i", N_("say the situation in one line of text, for a screen reader")),
    (
        "Tab, Shift+Tab",
        N_("on the scores, the statistics and every game's rules: the next tab, the previous one"),
    ),
    ("e", N_("on the final scores: export the game record, for a replay")),
    (
        "v",
        N_(
            "on the final scores or in a replay: the strong computer player reviews "
            "the humans' moves (n: the next costly one; Esc: leave the replay)"
        ),
    ),
)
QUIT = (
    ("q", N_("quit (asks first; the game is saved after every move)")),
    ("Ctrl+C", N_("save and quit at once")),
)


def document(*blocks: str) -> str:
    """Headings, paragraphs and lists, one blank line apart."""
    return "\n\n".join(blocks) + "\n"


def heading(text: str) -> str:
    return f"# {text}"


def bullets(*items: str) -> str:
    return "\n".join(f"- {item}" for item in items)


def numbered(*items: str) -> str:
    return "\n".join(f"{number}. {item}" for number, item in enumerate(items, 1))


def letters(colours: Iterable[str]) -> str:
    """The letters the cards of these colours show, e.g. "R B G"."""
    return " ".join(colour_letter(colour) for colour in colours)


def keys_table(rows: Iterable[tuple[str, str]]) -> str:
    """The keys and what they do; both are given marked with N_ (a key's name only
    where a language may name it differently: "Enter" stays "Enter")."""
    # Translators: the headings of the table of keys in the rules help.
    table = [(_("key"), _("does")), ("---", "---")] + [(_(key), _(does)) for key, does in rows]
    return "\n".join(f"| {key} | {does} |" for key, does in table)


def length_line(deals: int) -> str:
    """The game's length, as a line of "This game"."""
    return _("**Length:** {length}.").format(
        length=ngettext("{count} deal", "{count} deals", deals).format(count=deals)
    )


def this_game(title: str) -> str:
    """The heading over the options in force."""
    # Translators: heading over the rules in force; {game} is the game's name or, for
    # Sticheln, its preset and variants, e.g. "Classic + Harsh, 3 deals".
    return heading(_("This game: {game}").format(game=title))
