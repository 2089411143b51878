"""Refresh the translation catalogues after the game's text changed in the code.

    pip install ".[test]" && python scripts/catalogues.py [--check]

Extracts every marked string (`_`, `ngettext`, `pgettext`, `N_`) into
sticheln_tui/locale/sticheln.pot, merges it into each language's catalogue
(sticheln_tui/locale/CODE/LC_MESSAGES/sticheln.po: new text comes in untranslated, changed
text as fuzzy, for a translator to settle) and compiles them into the .mo files the game
reads. English is the code's own text: its catalogue is filled in from the code.
`tests/unit/test_catalogues.py` fails until every catalogue is complete and compiled.
With `--check` nothing in the project changes: a copy of the catalogues is refreshed, and
the files that would change are listed (status 1 if any).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "sticheln_tui" / "locale"
TEMPLATE_NAME = "sticheln.pot"
sys.path.insert(0, str(ROOT))
from sticheln_tui.i18n import DOMAIN, ENGLISH, LANGUAGES  # noqa: E402


def pybabel(*arguments: str) -> None:
    if CommandLineInterface().run(["pybabel", *arguments]):
        raise SystemExit(f"pybabel {arguments[0]} failed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing; list the catalogues that are not up to date (status 1 if any)",
    )
    args = parser.parse_args(argv)
    os.chdir(ROOT)  # locations relative to the project, the same on every machine
    if not args.check:
        refresh(LOCALE)
        return 0
    with tempfile.TemporaryDirectory() as temporary:
        copy = Path(temporary) / "locale"
        shutil.copytree(LOCALE, copy)
        refresh(copy)
        stale = [
            path.relative_to(copy)
            for path in sorted(copy.rglob("*"))
            if path.is_file() and not _same(path, LOCALE / path.relative_to(copy))
        ]
    for path in stale:
        print(f"not up to date: {LOCALE.relative_to(ROOT) / path}")
    if stale:
        print("run python scripts/catalogues.py, then translate what it marks")
        return 1
    print("the catalogues are up to date")
    return 0


def _same(refreshed: Path, project: Path) -> bool:
    if not project.exists():
        return False
    if refreshed.name == TEMPLATE_NAME:  # its creation date aside
        return _without_date(refreshed.read_text(encoding="utf-8")) == _without_date(
            project.read_text(encoding="utf-8")
        )
    return refreshed.read_bytes() == project.read_bytes()


def refresh(locale: Path) -> None:
    """Extract the code's text into the template in `locale`, merge it into each
    language's catalogue there and compile them."""
    template = locale / TEMPLATE_NAME
    before = template.read_text(encoding="utf-8") if template.exists() else ""
    pybabel(
        "extract",
        "--mapping-file",
        str(ROOT / "babel.cfg"),
        "--output-file",
        str(template),
        "--add-location",
        "file",  # no line numbers: a catalogue changes only with the text
        "--add-comments",
        "Translators:",
        "--sort-by-file",
        "--project",
        "Sticheln TUI",
        "--no-wrap",
        "sticheln_tui",
    )
    if _without_date(template.read_text(encoding="utf-8")) == _without_date(before):
        template.write_text(before, encoding="utf-8")  # the same text: no new date to commit
    for code in LANGUAGES:
        catalogue = locale / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        files = ["--input-file", str(template), "--output-file", str(catalogue)]
        files += ["--locale", code, "--no-wrap"]
        if catalogue.exists():
            pybabel("update", *files, "--ignore-obsolete")
        else:
            catalogue.parent.mkdir(parents=True, exist_ok=True)
            pybabel("init", *files)
        if code == ENGLISH:
            _english_from_the_code(catalogue)
    pybabel("compile", "--directory", str(locale), "--domain", DOMAIN, "--statistics")


def _without_date(template: str) -> str:
    return "\n".join(line for line in template.splitlines() if "POT-Creation-Date" not in line)


def _english_from_the_code(path: Path) -> None:
    with path.open("rb") as file:
        catalogue = read_po(file, locale=ENGLISH)
    for message in catalogue:
        if message.id:
            message.string = message.id
            message.flags.discard("fuzzy")
    with path.open("wb") as file:
        write_po(file, catalogue, width=0)


if __name__ == "__main__":
    sys.exit(main())
