"""The rule options: presets, what options do to each other, and the words for them.

The options' names and explanations are in `core.option_table` (re-exported here).
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from ..i18n import _, ngettext
from .option_table import OPTION_BY_FIELD, PRESET_LABELS
from .option_table import OPTIONS as OPTIONS  # re-exported: the table's readers ask here
from .sticheln import Rules

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


def not_applicable(rules: Rules) -> dict[str, str]:
    """Options that other options make meaningless (greyed out at setup), with why (in the
    player's language)."""
    off: dict[str, str] = {}
    if rules.late:
        off["dark"] = off["pain_in_hand"] = _("Late has no pick")
    if rules.reverse:
        off["mild"] = _("Mild is about pain cards")
        off["zeros_trump"] = _("in Reverse zeros are never trump")
    if rules.french_deck:
        off["zeros_trump"] = _("the French deck has no zeros")
        off["leftover_face_down"] = _("the French deck leaves no cards over")
    return off


def with_option(rules: Rules, field: str, value: object) -> Rules:
    """`rules` with one option changed; options it makes meaningless are switched off."""
    changes: dict[str, Any] = {field: value, **_cleared(rules, field, value)}  # any field's type
    return replace(rules, **changes)


def _cleared(rules: Rules, field: str, value: object) -> dict[str, bool]:
    change: dict[str, Any] = {field: value}  # any field's type
    probe = replace(Rules(), **change)
    return {name: False for name in not_applicable(probe) if getattr(rules, name)}


def pain_word(rules: Rules) -> str:
    """Reverse turns the pain colour into a luck colour (the word alone, as a heading)."""
    # Translators: the word alone, as a column heading and in "pain: blue"; keep it short.
    return _("luck") if rules.reverse else _("pain")


def colour_word(rules: Rules) -> str:
    """The French deck's colours are suits, and every text says so: one word per deck."""
    return _("suit") if rules.french_deck else _("colour")


def pain_colour(rules: Rules, count: int = 1) -> str:
    """What a player's chosen colour is called ("pain colour", "luck suit"...); `count`
    of them ("pain colours")."""
    if rules.reverse:
        if rules.french_deck:
            return ngettext("luck suit", "luck suits", count)
        return ngettext("luck colour", "luck colours", count)
    if rules.french_deck:
        return ngettext("pain suit", "pain suits", count)
    return ngettext("pain colour", "pain colours", count)


def deals_text(rules: Rules) -> str:
    if rules.deals is None:
        return _("one deal per player")
    return ngettext("{count} deal", "{count} deals", rules.deals).format(count=rules.deals)


def badge(rules: Rules) -> str:
    """A compact name for the rules in force: the nearest preset plus what differs."""
    name, base = min(PRESETS.items(), key=lambda item: len(_differences(rules, item[1])))
    changes = _differences(rules, base)
    label = _(PRESET_LABELS[name])
    # Translators: the rules in force, e.g. "Classic + reverse, 3 deals".
    return (
        _("{preset} + {changes}").format(preset=label, changes=", ".join(changes))
        if changes
        else label
    )


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
            option = OPTION_BY_FIELD[item.name]
            # Translators: an option switched off, e.g. "no dark".
            off = _("no {option}").format(option=option.in_sentence())
            changes.append(_(option.label) if value else off)
    return changes
