"""Refresh the translation catalogues after the game's text changed in the code.

    pip install ".[test]" && python scripts/catalogues.py

Extracts every marked string (`_`, `ngettext`, `pgettext`, `N_`) into
sticheln_tui/locale/sticheln.pot, merges it into each language's catalogue
(sticheln_tui/locale/CODE/LC_MESSAGES/sticheln.po: new text comes in untranslated, changed
text as fuzzy, for a translator to settle) and compiles them into the .mo files the game
reads. English is the code's own text: its catalogue is filled in from the code.
`tests/unit/test_catalogues.py` fails until every catalogue is complete and compiled.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "sticheln_tui" / "locale"
TEMPLATE = LOCALE / "sticheln.pot"
sys.path.insert(0, str(ROOT))
from sticheln_tui.i18n import DOMAIN, ENGLISH, LANGUAGES  # noqa: E402


def pybabel(*arguments: str) -> None:
    if CommandLineInterface().run(["pybabel", *arguments]):
        raise SystemExit(f"pybabel {arguments[0]} failed")


def main() -> int:
    os.chdir(ROOT)  # locations relative to the project, the same on every machine
    before = TEMPLATE.read_text(encoding="utf-8") if TEMPLATE.exists() else ""
    pybabel(
        "extract",
        "--mapping-file",
        str(ROOT / "babel.cfg"),
        "--output-file",
        str(TEMPLATE),
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
    if _without_date(TEMPLATE.read_text(encoding="utf-8")) == _without_date(before):
        TEMPLATE.write_text(before, encoding="utf-8")  # the same text: no new date to commit
    for code in LANGUAGES:
        catalogue = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        files = ["--input-file", str(TEMPLATE), "--output-file", str(catalogue)]
        files += ["--locale", code, "--no-wrap"]
        if catalogue.exists():
            pybabel("update", *files, "--ignore-obsolete")
        else:
            catalogue.parent.mkdir(parents=True, exist_ok=True)
            pybabel("init", *files)
        if code == ENGLISH:
            _english_from_the_code(catalogue)
    pybabel("compile", "--directory", str(LOCALE), "--domain", DOMAIN, "--statistics")
    return 0


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
