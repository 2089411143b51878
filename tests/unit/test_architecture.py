"""The rules core stays free of the user interface, and the command line stays light."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import sticheln_tui.core
import sticheln_tui.fast

CORE_MODULES = [
    f"sticheln_tui.core.{module.name}"
    for module in pkgutil.iter_modules(sticheln_tui.core.__path__)
]
FAST_MODULES = [
    f"sticheln_tui.fast.{module.name}"
    for module in pkgutil.iter_modules(sticheln_tui.fast.__path__)
]
# Pure too, though above the rules: the fast search cores, the table's flow and the
# computer players.
PURE_MODULES = [*CORE_MODULES, *FAST_MODULES, "sticheln_tui.flow", "sticheln_tui.bots"]


def imported_after(code: str) -> set[str]:
    """Top-level packages loaded by running `code` in a fresh interpreter."""
    probe = f"{code}\nimport sys\nprint(' '.join(sorted({{m.split('.')[0] for m in sys.modules}})))"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    return set(result.stdout.split())


def test_the_core_has_modules_to_check():
    assert {
        "sticheln_tui.core.game",
        "sticheln_tui.core.sticheln",
        "sticheln_tui.core.hattrick",
        "sticheln_tui.core.seven_seals",
    } <= set(CORE_MODULES)
    assert "sticheln_tui.fast.sticheln" in FAST_MODULES


@pytest.mark.parametrize("module", PURE_MODULES)
def test_pure_module_imports_neither_textual_nor_rich(module):
    loaded = imported_after(f"import {module}")
    assert "sticheln_tui" in loaded
    assert not loaded & {"textual", "rich"}


def test_the_probe_does_see_textual_when_it_is_imported():
    assert "textual" in imported_after("import sticheln_tui.app")


def test_help_does_not_load_textual():
    loaded = imported_after(
        "from sticheln_tui.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    )
    assert "textual" not in loaded


def test_help_loads_neither_the_engine_nor_the_saves():
    """`--help` answers at once: the engine, the bots and the saves wait for a command."""
    probe = (
        "from sticheln_tui.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "import sys\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    loaded = set(result.stdout.splitlines()[-1].split())  # after the help text
    assert "sticheln_tui.cli" in loaded
    assert not loaded & {"sticheln_tui.core.game", "sticheln_tui.bots", "sticheln_tui.persistence"}


def modules_after(code: str) -> set[str]:
    """Every module loaded by running `code` in a fresh interpreter."""
    probe = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    return set(result.stdout.splitlines()[-1].split())


def test_help_loads_none_of_what_makes_it_slow():
    """Within 3x bare Python: dataclasses (with inspect), typing and platformdirs each
    cost as much as the rest together."""
    loaded = modules_after(
        "from sticheln_tui.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    )
    assert "argparse" in loaded
    slow = {"dataclasses", "typing", "platformdirs", "sticheln_tui.core.sticheln"}
    assert not loaded & slow


def test_the_first_screen_loads_no_game():
    """The first screen comes within 1.15x a minimal Textual app: the engine, the bots,
    the saves and the game's screens wait until a game is chosen."""
    loaded = modules_after("import sticheln_tui.app")
    assert "sticheln_tui.screens.menu" in loaded
    game = {
        "sticheln_tui.core.game",
        "sticheln_tui.core.hattrick",
        "sticheln_tui.core.seven_seals",
        "sticheln_tui.bots",
        "sticheln_tui.persistence",
        "sticheln_tui.screens.setup",
        "sticheln_tui.screens.table",
    }
    assert not loaded & game


def test_saves_are_read_without_the_user_interface():
    """Listing, loading and exporting saves (the command line's --list-saves, --export)
    never start Textual."""
    assert not imported_after("import sticheln_tui.persistence") & {"textual", "rich"}
