"""Start-up: launch to the first screen drawn, and `sticheln --help`.

Each figure is the median wall time of fresh processes (bytecode compiled first, as an
installed copy has it), started in turns with their
baseline so that a busy machine slows both alike:
- `sticheln` (headless, no saved games) until the first frame of its first screen is
  composed, against a minimal Textual app (one Static, one Footer) started and stopped
  the same way;
- `python -m sticheln_tui --help` against `python -c pass`.
It also checks that `--help` and `simulate` never import Textual. The game runs in the
language `--lang` names (Finnish by default), as the player's locale chooses it, so its
catalogue is loaded on the way.

    python benchmarks/startup.py [--runs N] [--lang CODE]

Users run an installed copy: measure one too, in a clean virtual environment with a plain
`pip install .`, running this script with that environment's Python from outside the
working copy (`-c` would find the working copy's package first).

Budgets: first screen within 1.15x the minimal app; --help within 3x bare Python.
The last line printed is JSON.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time

from report import budget, finish

import sticheln_tui
from sticheln_tui.i18n import LANGUAGES, LOCALE_VARIABLES
from sticheln_tui.locations import CONFIG_ENV, SAVES_ENV

# Run in a fresh interpreter: ends the process as soon as the first frame is composed.
FIRST_FRAME_PROBE = """
import os, sys
from textual.app import App

run, display = App.run, App._display

def headless_run(self, *args, **kwargs):
    return run(self, *args, headless=True, **kwargs)

def first_frame(self, screen, renderable):
    display(self, screen, renderable)
    if renderable is not None and self._running:
        os._exit(0)

App.run, App._display = headless_run, first_frame
if sys.argv[1] == "sticheln":
    from sticheln_tui.cli import main
    main([])
else:
    sys.path.insert(0, sys.argv[2])
    from minimal_app import MinimalApp

    MinimalApp().run()
os._exit(1)  # no frame was ever drawn
"""

IMPORTS_PROBE = """
import sys
from sticheln_tui.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print("textual" in sys.modules, file=sys.stderr)
"""


def wall_time(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def medians(pair: tuple[list[str], list[str]], runs: int, env: dict[str, str]) -> list[float]:
    """Median seconds of each command of the pair, run in turns."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for index, command in enumerate(pair):
            times[index].append(wall_time(command, env))
    return [statistics.median(series) for series in times]


def imports_textual(arguments: list[str], env: dict[str, str]) -> bool:
    result = subprocess.run(
        [sys.executable, "-c", IMPORTS_PROBE, *arguments],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    return result.stderr.strip().splitlines()[-1] == "True"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="launches of each command")
    parser.add_argument(
        "--lang", choices=list(LANGUAGES), default="fi", help="the game's language (default fi)"
    )
    args = parser.parse_args()
    # An installed copy has its bytecode compiled by pip; so must a working copy, or
    # every launch would also time compiling the game's source.
    compileall.compile_dir(os.path.dirname(sticheln_tui.__file__), quiet=1)
    python = sys.executable
    with tempfile.TemporaryDirectory() as saves, tempfile.TemporaryDirectory() as config:
        locale = {variable: "" for variable in LOCALE_VARIABLES} | {"LANG": f"{args.lang}.UTF-8"}
        # The settings are looked for where a player's are (not $STICHELN_CONFIG's shortcut).
        env = {**os.environ, SAVES_ENV: saves, "XDG_CONFIG_HOME": config, **locale}
        env.pop(CONFIG_ENV, None)
        game, minimal = medians(
            (
                [python, "-c", FIRST_FRAME_PROBE, "sticheln"],
                [
                    python,
                    "-c",
                    FIRST_FRAME_PROBE,
                    "minimal",
                    os.path.dirname(os.path.abspath(__file__)),
                ],
            ),
            args.runs,
            env,
        )
        helped, bare = medians(
            ([python, "-m", "sticheln_tui", "--help"], [python, "-c", "pass"]), args.runs, env
        )
        loaded = {
            "--help": imports_textual(["--help"], env),
            "simulate": imports_textual(
                ["simulate", "--seats", "easy,easy,easy", "--games", "1"], env
            ),
        }
    print(f"The game in {LANGUAGES[args.lang]} ({args.lang}).")
    for command, textual in loaded.items():
        print(f"{command} imports Textual: {'YES' if textual else 'no'}")
    rows = [
        budget("first_screen", game, minimal, 1.15, higher_is_better=False, unit="s"),
        budget("help", helped, bare, 3.0, higher_is_better=False, unit="s"),
        {
            "benchmark": "no_textual_for_help_or_simulate",
            "project": sorted(command for command, textual in loaded.items() if textual),
            "baseline": [],
            "ratio": None,
            "budget": "never",
            "met": not any(loaded.values()),
        },
    ]
    finish(rows)


if __name__ == "__main__":
    main()
