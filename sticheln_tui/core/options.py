"""The rule options as players meet them: names, one-line explanations and presets.

Setup, the command line, the rules badge and the rules help all read this table, so an
option is described once.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from .sticheln import Rules


@dataclass(frozen=True)
class Option:
    field: str  # the Rules field it switches
    label: str
    explanation: str
    in_reverse: str = ""  # the explanation under Reverse, where it differs

    @property
    def flag(self) -> str:
        return "--" + self.field.replace("_", "-")

    def explained(self, rules: Rules) -> str:
        """What the option does under `rules` (Reverse turns some rules round)."""
        return self.in_reverse if rules.reverse and self.in_reverse else self.explanation


OPTIONS: tuple[Option, ...] = (
    Option("reverse", "Reverse", "a luck colour scores plus its value; the lowest card wins"),
    Option("mild", "Mild", "every pain-colour card costs a flat 5, zeros included"),
    Option("harsh", "Harsh", "two pain colours, laid down as two cards of different colours"),
    Option("dark", "Dark", "pain cards stay face down until the end of the deal"),
    Option("late", "Late", "no pick; at the end choose a pain colour you won"),
    Option(
        "pain_in_hand",
        "Pain card stays in hand",
        "you still play it; only captured cards score",
    ),
    Option(
        "latest_trump",
        "Latest trump",
        "the last trump colour played wins, its highest card",
        in_reverse="the last trump colour played wins, its lowest non-zero card",
    ),
    Option("zeros_trump", "Zeros are trump", "zeros of the other colours are trumps too"),
    Option("dealer_leads", "Dealer leads", "the dealer, not the next player, leads each deal"),
    Option("leftover_face_down", "Left-overs face down", "cards out of play are not shown"),
    Option(
        "tie_break",
        "Tie-break",
        "a tie goes to most positive deals, then to extra deals",
    ),
    Option("french_deck", "French deck", "4 players, 52 cards: spades, hearts, diamonds, clubs"),
)
OPTION_BY_FIELD = {option.field: option for option in OPTIONS}

PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    "table-sheet": Rules(
        pain_in_hand=True,
        dark=True,
        latest_trump=True,
        zeros_trump=True,
        dealer_leads=True,
        deals=None,
        leftover_face_down=True,
        tie_break=True,
    ),
}
PRESET_LABELS = {"classic": "Classic", "table-sheet": "Table sheet"}


def not_applicable(rules: Rules) -> dict[str, str]:
    """Options that other options make meaningless (greyed out at setup), with why."""
    off: dict[str, str] = {}
    if rules.late:
        off["dark"] = off["pain_in_hand"] = "Late has no pick"
    if rules.reverse:
        off["mild"] = "Mild is about pain cards"
        off["zeros_trump"] = "in Reverse zeros are never trump"
    if rules.french_deck:
        off["zeros_trump"] = "the French deck has no zeros"
        off["leftover_face_down"] = "the French deck leaves no cards over"
    return off


def with_option(rules: Rules, field: str, value: object) -> Rules:
    """`rules` with one option changed; options it makes meaningless are switched off."""
    return replace(rules, **{field: value, **_cleared(rules, field, value)})


def _cleared(rules: Rules, field: str, value: object) -> dict[str, bool]:
    probe = replace(Rules(), **{field: value})
    return {name: False for name in not_applicable(probe) if getattr(rules, name)}


def pain_word(rules: Rules) -> str:
    """Reverse turns the pain colour into a luck colour."""
    return "luck" if rules.reverse else "pain"


def colour_word(rules: Rules) -> str:
    """The French deck's colours are suits, and every text says so: one word per deck."""
    return "suit" if rules.french_deck else "colour"


def pain_colour(rules: Rules) -> str:
    """What a player's chosen colour is called: "pain colour", "luck suit"..."""
    return f"{pain_word(rules)} {colour_word(rules)}"


def deals_text(rules: Rules) -> str:
    if rules.deals is None:
        return "one deal per player"
    return f"{rules.deals} deal{'s' if rules.deals != 1 else ''}"


def badge(rules: Rules) -> str:
    """A compact name for the rules in force: the nearest preset plus what differs."""
    name, base = min(PRESETS.items(), key=lambda item: len(_differences(rules, item[1])))
    changes = _differences(rules, base)
    label = PRESET_LABELS[name]
    return f"{label} + {', '.join(changes)}" if changes else label


def _differences(rules: Rules, base: Rules) -> list[str]:
    changes = []
    moot = not_applicable(rules)  # switched off by another option: not news
    for item in fields(Rules):
        value = getattr(rules, item.name)
        if value == getattr(base, item.name) or (item.name in moot and not value):
            continue
        if item.name == "deals":
            changes.append(deals_text(rules))
        else:
            label = OPTION_BY_FIELD[item.name].label
            changes.append(label if value else f"no {label.lower()}")
    return changes
