"""Each layer imports only what lies below it: the rules core, the fast cores, the table's
flow, the bots and the saves know no widget, screen or App (nor Textual or Rich), and the
rules core does no I/O; the command line stays light; a test module imports no other test
module and no benchmark."""

from __future__ import annotations

import ast
import importlib.util
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import sticheln_tui

# Every module of the package (a new one is checked as soon as it is there).
MODULES = sorted(
    module.name
    for module in pkgutil.walk_packages(sticheln_tui.__path__, "sticheln_tui.")
    if not module.name.endswith(".__main__")  # it starts the game
)
# The layers below the user interface, and the plain words they share; a module in one of
# them, or anywhere under one, never loads the user interface.
BELOW_THE_INTERFACE = (
    "sticheln_tui.core",
    "sticheln_tui.fast",
    "sticheln_tui.flow",
    "sticheln_tui.bots",
    "sticheln_tui.persistence",
    "sticheln_tui.words",
    "sticheln_tui.seats",
    "sticheln_tui.table_log",
)
THE_INTERFACE = (
    "textual",
    "rich",
    "sticheln_tui.widgets",
    "sticheln_tui.screens",
    "sticheln_tui.app",
)
# What reaches outside the process: files and folders (os, io, pathlib, shutil, glob,
# tempfile, fcntl, mmap), the terminal and the process's own streams (sys, select,
# selectors, logging), other processes and the network (subprocess, multiprocessing,
# socket, ssl, asyncio, urllib, http), stores (sqlite3, dbm, shelve), where files live
# (platformdirs), and the package's own modules that read and write files. The rules core
# is handed what it works on; none of these is needed to compute a rule.
INPUT_OUTPUT = (
    *("os", "io", "pathlib", "shutil", "glob", "tempfile", "fcntl", "mmap"),
    *("sys", "select", "selectors", "logging"),
    *("subprocess", "multiprocessing", "socket", "ssl", "asyncio", "urllib", "http"),
    *("sqlite3", "dbm", "shelve", "platformdirs"),
    *("sticheln_tui.persistence", "sticheln_tui.safe_files", "sticheln_tui.locations"),
    "sticheln_tui.settings",
)
# Calls that read or write outside the process without importing anything.
BUILT_IN_INPUT_OUTPUT = {"open", "print", "input"}


def within(module: str, packages: tuple[str, ...]) -> bool:
    """Whether `module` is one of `packages` or inside one."""
    return any(module == package or module.startswith(package + ".") for package in packages)


def modules_after(code: str) -> set[str]:
    """Every module loaded by running `code` in a fresh interpreter (the last line it
    prints: the code may print before it)."""
    probe = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    return set(result.stdout.splitlines()[-1].split())


def imported_after(code: str) -> set[str]:
    """Top-level packages loaded by running `code` in a fresh interpreter."""
    return {module.split(".")[0] for module in modules_after(code)}


def source_tree(module: str) -> ast.Module:
    return ast.parse(Path(importlib.util.find_spec(module).origin).read_text(encoding="utf-8"))


def imports_of(module: str) -> set[str]:
    """Every module `module`'s source names in an import statement, made absolute."""
    is_package = importlib.util.find_spec(module).submodule_search_locations is not None
    package = module if is_package else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(source_tree(module)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def calls_in(module: str) -> set[str]:
    """The names of the functions and methods `module`'s source calls."""
    called = set()
    for node in ast.walk(source_tree(module)):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                called.add(node.func.id)
            elif isinstance(node.func, ast.Attribute):
                called.add(node.func.attr)
    return called


CORE_MODULES = [module for module in MODULES if within(module, ("sticheln_tui.core",))]
LAYERED_MODULES = [module for module in MODULES if within(module, BELOW_THE_INTERFACE)]


def test_every_layer_has_modules_to_check():
    assert {
        "sticheln_tui.core.game",
        "sticheln_tui.core.sticheln",
        "sticheln_tui.core.hattrick",
        "sticheln_tui.core.seven_seals",
    } <= set(CORE_MODULES)
    for layer in BELOW_THE_INTERFACE:
        assert layer in LAYERED_MODULES
    assert "sticheln_tui.bots.seven_seals.thumb" in LAYERED_MODULES  # packages are walked
    assert not set(LAYERED_MODULES) & {"sticheln_tui.app", "sticheln_tui.widgets.cards"}


@pytest.mark.parametrize("module", LAYERED_MODULES)
def test_a_layer_below_the_interface_never_loads_it(module):
    loaded = modules_after(f"import {module}")
    assert module in loaded
    assert not {name for name in loaded if within(name, THE_INTERFACE)}


def test_the_probe_does_see_the_interface_when_it_is_imported():
    loaded = modules_after("import sticheln_tui.app, sticheln_tui.screens.table")
    assert {"textual", "rich", "sticheln_tui.widgets", "sticheln_tui.screens"} <= loaded


def test_the_saves_read_the_levels_without_a_computer_player():
    """Seats and levels come from `seats`; loading a save starts no bot."""
    loaded = modules_after("import sticheln_tui.persistence")
    assert "sticheln_tui.seats" in loaded
    assert not {name for name in loaded if within(name, ("sticheln_tui.bots",))}


@pytest.mark.parametrize("module", CORE_MODULES)
def test_the_rules_core_does_no_input_or_output(module):
    """Checked in the source, as Python itself loads os, io and sys before any module (and
    the core's translations, from `i18n`, do read their catalogues)."""
    assert not {name for name in imports_of(module) if within(name, INPUT_OUTPUT)}
    assert not calls_in(module) & BUILT_IN_INPUT_OUTPUT


def globals_rewritten(tree: ast.Module) -> set[str]:
    """The names a module's functions rebind at module level (`global`)."""
    return {name for node in ast.walk(tree) if isinstance(node, ast.Global) for name in node.names}


@pytest.mark.parametrize("module", MODULES)
def test_no_function_rewrites_a_modules_globals(module):
    """State lives in objects that say whose it is, never in module globals a function
    rewrites (the App once loaded 25 of them at run time)."""
    assert not globals_rewritten(source_tree(module))


def test_the_source_checks_see_imports_and_calls():
    assert {"os", "json", "sticheln_tui.safe_files.read_capped"} <= imports_of(
        "sticheln_tui.settings"
    )
    assert "sticheln_tui.core.cards" in imports_of("sticheln_tui.core.game")  # made absolute
    assert "print" in calls_in("sticheln_tui.cli")
    assert globals_rewritten(ast.parse(Path(__file__).read_text(encoding="utf-8"))) == {"SEEN"}


def _sees_a_global_statement() -> None:  # what globals_rewritten must find
    global SEEN
    SEEN = True


def test_help_does_not_load_textual():
    loaded = imported_after(
        "from sticheln_tui.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    )
    assert "textual" not in loaded


def test_help_loads_neither_the_engine_nor_the_saves():
    """`--help` answers at once: the engine, the bots and the saves wait for a command."""
    loaded = modules_after(
        "from sticheln_tui.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    )
    assert "sticheln_tui.cli" in loaded
    assert not loaded & {"sticheln_tui.core.game", "sticheln_tui.bots", "sticheln_tui.persistence"}


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


TESTS = Path(__file__).resolve().parents[1]
BENCHMARKS = TESTS.parent / "benchmarks"


def imported_modules(path: Path) -> set[str]:
    """The top-level modules a file imports, anywhere in it (inside a function too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_tests_share_through_their_helper_modules_only():
    """What tests share (strategies.py, positions.py, helpers.py, ...) is imported from
    there: no file of the tests imports a test module, nor a benchmark script unless that
    benchmark is what it tests (test_ladder.py: ladder.py); no benchmark imports the
    tests' modules (a benchmark runs without them)."""
    test_files = sorted(TESTS.rglob("*.py"))
    test_modules = {path.stem for path in test_files if path.stem.startswith("test_")}
    helper_modules = {path.stem for path in TESTS.glob("*.py")} - {"conftest"}
    benchmarks = {path.stem for path in BENCHMARKS.glob("*.py")}
    assert {"strategies", "positions", "helpers"} <= helper_modules
    assert {"ladder", "engine_speed"} <= benchmarks
    for path in test_files:
        subject = path.stem.removeprefix("test_")
        wrong = imported_modules(path) & (test_modules | benchmarks - {subject})
        assert not wrong, f"{path.relative_to(TESTS)} imports {', '.join(sorted(wrong))}"
    for path in BENCHMARKS.glob("*.py"):
        assert not imported_modules(path) & helper_modules, path.name
