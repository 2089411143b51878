"""The rules help of every game speaks the player's language, line by line."""

from __future__ import annotations

import re

import pytest

from sticheln_tui import i18n
from sticheln_tui.core.hattrick import HattrickOptions
from sticheln_tui.core.seven_seals import SevenSealsOptions
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.screens.rules_help import rules_markdown

GAMES = [Rules(), HattrickOptions(deals=3), SevenSealsOptions(deals=1, saboteur_auction=True)]
WORD = re.compile(r"[^\W\d_]{2,}")  # a line with no word is markup or numbers


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.ENGLISH])
@pytest.mark.parametrize("options", GAMES, ids=lambda options: type(options).__name__)
def test_no_line_of_the_rules_help_stays_english(code, options):
    english = rules_markdown(options)
    i18n.use(code)
    translated = rules_markdown(options)
    i18n.use(i18n.ENGLISH)
    assert rules_markdown(options) == english  # built when shown, in the language of the moment
    english_lines = set(english.splitlines())
    left_english = [
        line for line in translated.splitlines() if WORD.search(line) and line in english_lines
    ]
    assert left_english == []
    assert translated.count("**") == english.count("**")


@pytest.mark.parametrize("options", GAMES, ids=lambda options: type(options).__name__)
def test_a_cost_is_never_written_negative(options):
    """A pass card "scores -2", or costs 2: "it costs -2" would be a gain."""
    assert not re.search(r"\bcosts? -\d", rules_markdown(options))
