"""The README's way in works as written, and continuous integration runs exactly it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The README's text from the heading `## title` to the next heading of that level."""
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end]


def commands(text: str) -> list[str]:
    """The lines of the shell blocks in `text`."""
    blocks = re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_the_way_in_says_where_the_source_comes_from_and_where_to_run_it():
    """`pip install .` installs the folder it runs in: in a fresh folder pip says
    "Directory '.' is not installable"."""
    before_the_commands = section("Play").split("```sh")[0]
    words = " ".join(before_the_commands.split())
    assert "clone of its repository" in words and "unpacked copy of its source" in words
    assert "the project's folder" in words and "pyproject.toml" in words


def test_ci_runs_the_readmes_commands_exactly():
    ci_lines = [line.strip() for line in CI.splitlines()]
    play = section("Play")
    (venv,) = re.findall(r"`(python3 -m venv [^`]*)`", play)
    (install_and_play,) = commands(play)
    install = install_and_play.removesuffix(" && sticheln")  # nobody plays in CI
    test, *chromium = commands(section("Test"))
    assert [venv, install, test] == [line for line in ci_lines if line in (venv, install, test)]
    assert all(line in CI for line in chromium)
