"""Every script in benchmarks/ and scripts/ runs at its smallest, so none rots unseen.

The scripts are found by listing the two folders: a new one is run too, and fails here
until `SMALLEST` gives its smallest run (a file with no `__main__` block is a module the
scripts import, and is loaded as it is). Each runs in a process of its own with a time
limit, on this checkout's package, with the saves and settings of the test's temporary
directory; none may change the working tree (a script that writes files is run so that
it writes to the temporary directory, or only checks). A script that needs an optional
extra which is not installed is skipped, saying which.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("benchmarks", "scripts")
RUNNERS = {".py": [sys.executable], ".sh": ["sh"]}
TIME_LIMIT = 60  # seconds, for each run (every one takes well under ten)

# The smallest run of each script: its arguments ({tmp}: the test's temporary directory).
SMALLEST = {
    "benchmarks/bot_speed.py": ["--deals", "1", "--playouts", "4"],
    "benchmarks/bot_strength.sh": ["1", "1", "1"],  # a game a run, one worker, one deal
    "benchmarks/bot_thinking_lag.py": [],
    "benchmarks/colour_vision.py": [],
    "benchmarks/compiled_speed.py": ["--seconds", "0.05"],
    "benchmarks/engine_speed.py": ["--seconds", "0.01"],
    "benchmarks/fast_engines.py": ["--games", "1"],  # checks they play as the engines
    "benchmarks/ladder.py": [
        *("--against", "frozen", "--deals", "1", "--players", "3"),
        *("--playouts", "4", "--workers", "1"),
    ],
    "benchmarks/memory.py": ["--deals", "1"],
    "benchmarks/responsiveness.py": ["--deals", "1"],
    "benchmarks/startup.py": ["--runs", "1"],
    "benchmarks/table_log.py": ["-n", "1", "-m", "2", "-r", "3", "-s", "0.05", "-i", "0.2"],
    "benchmarks/tables.py": ["--tables", "1", "--idle", "0.5", "--seconds", "2"],
    "scripts/catalogues.py": ["--check"],  # writes nothing; fails if a catalogue is stale
    "scripts/close_terminals.py": ["--closes", "1", "--at-once", "1"],
    "scripts/enter_only.py": ["seven-seals", "--most", "2"],
    "scripts/make_screenshots.py": ["first", "--out", "{tmp}/screenshots"],
    # The battery is run by hand (minutes); here one short category shows it still runs.
    "scripts/outside_attack.py": ["--only", "writes"],
    "scripts/soak_seven_seals.py": ["1"],
}
# Optional extras the scripts may need, by the module they import: how to install them.
EXTRAS = {"pyspiel": "open-spiel: pip install '.[bench]'"}
# Commands the shell scripts call, and where they come from.
COMMANDS = {"benchmarks/bot_strength.sh": ("sticheln", "pip install -e .")}


def scripts() -> list[str]:
    return sorted(
        path.relative_to(ROOT).as_posix()
        for folder in FOLDERS
        for path in (ROOT / folder).iterdir()
        if path.suffix in RUNNERS
    )


def working_tree() -> dict[str, tuple[int, int] | None] | None:
    """Each file of the checkout git knows or would add (tracked, or untracked and not
    ignored), with its size and time of change: a file written again, even unchanged,
    shows. None: not a git checkout."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=TIME_LIMIT,
        )
    except FileNotFoundError:
        return None
    if listed.returncode:
        return None
    state: dict[str, tuple[int, int] | None] = {}
    for name in filter(None, listed.stdout.split("\0")):
        try:
            facts = (ROOT / name).stat()
        except FileNotFoundError:
            state[name] = None  # deleted, not yet staged
            continue
        state[name] = (facts.st_size, facts.st_mtime_ns)
    return state


def test_every_script_is_found():
    assert set(SMALLEST) <= set(scripts()), "a script named here is gone"
    assert {"benchmarks/ladder.py", "scripts/catalogues.py"} <= set(scripts())


@pytest.mark.parametrize("script", scripts())
def test_the_script_runs_at_its_smallest(script, tmp_path):
    path = ROOT / script
    text = path.read_text(encoding="utf-8")
    module = path.suffix == ".py" and 'if __name__ == "__main__":' not in text
    if script in SMALLEST:
        arguments = [argument.format(tmp=tmp_path) for argument in SMALLEST[script]]
    elif module:
        arguments = []  # a module the scripts import: loading it is all it does
    else:
        pytest.fail(f"give {script} its smallest run in SMALLEST")
    if sys.platform == "win32" and script == "scripts/enter_only.py":
        pytest.skip("it plays in a pseudo-terminal")
    python_path = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(python_path)}
    # The commands of this Python's installation first (a virtual environment's sticheln).
    environment["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])
    command, source = COMMANDS.get(script, (None, None))
    if command and shutil.which(command, path=environment["PATH"]) is None:
        pytest.skip(f"it runs {command}, which is not installed ({source})")
    before = working_tree() or {}  # not a git checkout: nothing to compare
    result = subprocess.run(
        [*RUNNERS[path.suffix], str(path), *arguments],
        cwd=ROOT,
        env=environment,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIME_LIMIT,
    )
    if result.returncode:
        for module, extra in EXTRAS.items():
            if f"No module named '{module}'" in result.stderr:
                pytest.skip(f"it needs {extra}")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    assert module or result.stdout.strip(), "it printed nothing"
    after = working_tree() or {}
    changed = sorted(name for name in {*before, *after} if before.get(name) != after.get(name))
    assert not changed, f"it wrote in the working tree: {', '.join(changed)}"
