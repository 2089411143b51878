"""Choosing the language: --lang, the choice kept from last time, the locale, English;
and the small settings file that keeps the choice, read with suspicion."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from sticheln_tui import i18n
from sticheln_tui.cli import main
from sticheln_tui.core.seven_seals import SEALS, prediction_problem
from sticheln_tui.locations import config_directory
from sticheln_tui.settings import remember_language, remembered_language, settings_path
from sticheln_tui.words import colour_name


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANG": "fi_FI.UTF-8"}, "fi"),
        ({"LANG": "de_DE@euro"}, "de"),
        ({"LC_ALL": "it_IT.UTF-8", "LANG": "fi_FI.UTF-8"}, "it"),
        ({"LC_MESSAGES": "nl_NL", "LANG": "de_DE.UTF-8"}, "nl"),
        ({"LC_ALL": "sv_SE.UTF-8", "LANG": "fi_FI.UTF-8"}, None),  # LC_ALL decides
        ({"LANG": "C.UTF-8"}, None),
        ({"LANG": ""}, None),
        ({}, None),
    ],
)
def test_the_locale_names_the_language(environ, code):
    assert i18n.language_of_locale(environ) == code


def test_lang_beats_the_kept_choice_which_beats_the_locale():
    locale = {"LANG": "de_DE.UTF-8"}
    assert i18n.choose("fi", "it", locale) == "fi"
    assert i18n.choose(None, "it", locale) == "it"
    assert i18n.choose(None, None, locale) == "de"
    assert i18n.choose(None, None, {"LANG": "sv_SE.UTF-8"}) == "en"


def test_a_bad_lang_exits_2_with_one_line_naming_the_languages(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "xx"])
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "'xx'" in error and "en, fi, it, nl, de" in error


def test_the_choice_is_kept_and_read_back():
    assert remembered_language() is None
    assert remember_language("nl") is None
    assert remembered_language() == "nl"


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe\x00",
        b'["fi"]',
        b'{"language": "xx"}',
        b'{"language": 7}',
        b" " * 20_000,
    ],
)
def test_a_damaged_settings_file_is_ignored_with_one_line(content, capsys):
    path = Path(settings_path())
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert remembered_language() is None
    warning = capsys.readouterr().err
    assert warning.count("\n") == 1 and str(path) in warning


@pytest.mark.parametrize("lang", [["--lang", "de"], ["--lang=de"]])
def test_simulate_answers_in_the_language_given_before_it(lang, capsys):
    assert main([*lang, "simulate", "--seats", "easy,easy,easy", "--games", "1"]) == 0
    table = capsys.readouterr().out
    assert "1 Partie, Klassisch, Startwert 1" in table and "Siegquote" in table


def test_a_refusal_of_the_rules_comes_in_the_players_language(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "it", "--players", "Ann,Bob,Cid", "--late", "--dark"])
    assert "Tardivo non ha scelta iniziale, quindi Al buio non vale" in capsys.readouterr().err


def test_the_prediction_screen_hears_why_with_the_colours_in_the_players_language():
    i18n.use("fi")
    supply = {**SEALS, "green": 0}
    problem = prediction_problem(supply, [{"green": 3}, {}, {}], 1, {"green": 1}, [], colour_name)
    assert problem == "varastosta puuttuu 1 sinetti (vihreä): kerro, keneltä se otetaan"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux shortcut")
@pytest.mark.parametrize("xdg", [None, "", "  ", "/somewhere/config"])
def test_the_settings_folder_is_where_platformdirs_puts_it(monkeypatch, xdg):
    monkeypatch.delenv("STICHELN_CONFIG")
    if xdg is None:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    assert config_directory() == platformdirs.user_config_dir("sticheln", appauthor=False)
