"""Test-wide settings."""

from __future__ import annotations

import pytest

from sticheln_tui import i18n, persistence, settings
from sticheln_tui.app import StichelnApp
from sticheln_tui.screens.handoff import KEY_GUARDS


@pytest.fixture(autouse=True)
def no_input_guard(monkeypatch):
    """Pilot presses keys faster than any person, each one as if after a pause; the
    guards get their own tests."""
    for owner, name in KEY_GUARDS:
        monkeypatch.setattr(owner, name, 0.0)


@pytest.fixture(autouse=True)
def no_bot_pause(monkeypatch):
    """Computer players move at once in tests; the pause has its own test."""
    monkeypatch.setattr(StichelnApp, "BOT_PAUSE", 0.0)


@pytest.fixture(autouse=True)
def saves_in_a_temporary_directory(monkeypatch, tmp_path):
    """Games are saved where each test can look, never among the user's saves."""
    directory = tmp_path / "saves"
    monkeypatch.setenv("STICHELN_SAVES", str(directory))
    return directory


@pytest.fixture(autouse=True)
def settings_of_its_own(monkeypatch, tmp_path):
    """Each test starts with no settings kept and in English, whatever the developer's
    own settings and locale, and leaves the language as it found it."""
    monkeypatch.setenv("STICHELN_CONFIG", str(tmp_path / "config"))
    monkeypatch.setattr(settings, "_said", [])  # no warning of another test's file
    for variable in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    yield
    i18n.use(i18n.ENGLISH)


@pytest.fixture
def full_disk(monkeypatch):
    """Every save fails as on a full disk."""

    def no_space(path, record):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(persistence, "save", no_space)
