"""The settings file keeps several settings: writing one keeps the others, and anything odd
in it is ignored with one warning."""

from __future__ import annotations

import json
from pathlib import Path

from sticheln_tui.app import StichelnApp
from sticheln_tui.settings import (
    remember_language,
    remember_theme,
    remembered_language,
    remembered_theme,
    settings_path,
)
from sticheln_tui.themes import HIGH_CONTRAST, LIGHT

THEMES = ["sticheln-dark", "sticheln-light"]


def test_writing_one_setting_keeps_the_others():
    assert remember_language("nl") is None
    assert remember_theme("sticheln-light") is None
    assert remember_language("de") is None
    assert json.loads(Path(settings_path()).read_text()) == {
        "language": "de",
        "theme": "sticheln-light",
    }
    assert remembered_language() == "de" and remembered_theme(THEMES) == "sticheln-light"


def test_a_damaged_file_is_one_warning_and_is_replaced_when_written(capsys):
    path = Path(settings_path())
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{not json")
    assert remembered_language() is None and remembered_theme(THEMES) is None
    warning = capsys.readouterr().err
    assert warning.count("\n") == 1 and "not JSON" in warning
    assert remember_theme("sticheln-light") is None
    assert json.loads(path.read_text()) == {"theme": "sticheln-light"}


def test_an_unknown_theme_is_ignored_with_a_warning_and_the_language_kept(capsys):
    path = Path(settings_path())
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"language": "fi", "theme": "neon"}))
    assert remembered_theme(THEMES) is None
    assert "no theme is called 'neon'" in capsys.readouterr().err
    assert remembered_language() == "fi"
    assert StichelnApp().theme == "sticheln-dark"  # the default


def test_the_app_starts_in_the_theme_kept():
    assert remember_theme(HIGH_CONTRAST.name) is None
    assert StichelnApp().theme == HIGH_CONTRAST.name
    assert remember_theme(LIGHT.name) is None
    assert StichelnApp().theme == LIGHT.name


def test_a_setting_that_cannot_be_kept_says_why(tmp_path, monkeypatch):
    """A config folder that is a file: said so, not "File exists" as making it says."""
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    monkeypatch.setenv("STICHELN_CONFIG", str(blocked))
    why = f"({blocked} is not a directory)."
    assert remember_language("de") == f"The language could not be kept for next time {why}"
    assert remember_theme(LIGHT.name) == f"The theme could not be kept for next time {why}"


def test_a_setting_of_the_wrong_kind_is_ignored_with_a_warning(capsys):
    path = Path(settings_path())
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"language": ["fi"], "theme": {"name": "x"}}))
    assert remembered_language() is None and remembered_theme(THEMES) is None
    assert capsys.readouterr().err.count("\n") == 2  # one line for each
