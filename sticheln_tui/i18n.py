"""The player's language: every string a player sees goes through here.

Text is written in English in the code and translated when it is shown: `_("...")`,
`ngettext(...)` for plurals, `pgettext(context, "...")` where one English word needs two
translations. Text defined before any language is chosen (a module constant, a binding's
description, an option's label) is marked with `N_` and translated where it is shown, so a
change of language shows at the next redraw. Catalogues are compiled into the package
(`locale/<code>/LC_MESSAGES/sticheln.mo`); English is the code's own text.

The language comes from `--lang`, else the one chosen in the game last time (a small
settings file), else LC_ALL / LC_MESSAGES / LANG, else English.

Only the standard library here: `sticheln --help` is answered in the player's language
without loading the game.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping

DOMAIN = "sticheln"
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
# Each language by its code, named in itself: the name a player looks for in a list.
LANGUAGES = {
    "en": "English",
    "fi": "Suomi",
    "it": "Italiano",
    "nl": "Nederlands",
    "de": "Deutsch",
}
ENGLISH = "en"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


class _Speaking:
    """The language in use and its catalogue: one for the whole program."""

    __slots__ = ("code", "translation")

    def __init__(self) -> None:
        self.code = ENGLISH
        self.translation: gettext.NullTranslations = gettext.NullTranslations()


_speaking = _Speaking()


def _(message: str) -> str:
    """`message` in the player's language."""
    return _speaking.translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for `count`, in the player's language (whose plural
    rules may have more than two forms)."""
    return _speaking.translation.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the player's language, where `context` tells two uses apart."""
    return _speaking.translation.pgettext(context, message)


def N_(message: str) -> str:
    """Marks `message` for the catalogues; it is translated later, where it is shown."""
    return message


def language() -> str:
    """The code of the language in use."""
    return _speaking.code


def use(code: str) -> None:
    """Speak the language `code` from now on (one of `LANGUAGES`)."""
    if code not in LANGUAGES:
        raise ValueError(language_problem(code))
    if code == ENGLISH:
        _speaking.translation = gettext.NullTranslations()
    else:
        # The catalogue read directly: gettext.translation() would load `locale` and
        # `copy` on the way, a tenth of what `--help` costs.
        path = os.path.join(LOCALE_DIR, code, "LC_MESSAGES", f"{DOMAIN}.mo")
        with open(path, "rb") as catalogue:
            _speaking.translation = gettext.GNUTranslations(catalogue)
    _speaking.code = code
    _translate_argparse()


def language_problem(code: str) -> str:
    """Why `code` is not a language of the game, naming those that are."""
    return _("no language {code}: choose one of {languages}").format(
        code=repr(code), languages=", ".join(LANGUAGES)
    )


def language_of_locale(environ: Mapping[str, str]) -> str | None:
    """The game's language for the locale the environment sets, as gettext reads it: the
    first of LC_ALL, LC_MESSAGES and LANG that is set decides ("fi_FI.UTF-8" is "fi").
    None when it names no language of the game (or "C", or nothing is set)."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].casefold()
            return code if code in LANGUAGES else None
    return None


def choose(wanted: str | None, remembered: str | None, environ: Mapping[str, str]) -> str:
    """The language to start in: `--lang`, else the one chosen last time, else the
    locale's, else English."""
    for code in (wanted, remembered, language_of_locale(environ)):
        if code in LANGUAGES:
            return code
    return ENGLISH


def _translate_argparse() -> None:
    """The command line's own words ("usage:", "options", "show this help message and
    exit", its error lines) come from argparse, which asks gettext's global domain: point
    it at ours, so `--help` answers in the player's language too."""
    import argparse

    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


# argparse's own text that can reach a player, for the catalogues (extraction reads these).
ARGPARSE_TEXT = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("invalid %(type)s value: %(value)r"),
)
