"""The translation catalogues: complete, current, compiled, and true to the code's text.

Every string the code marks for translation is in the template; every language's
catalogue translates every one of them (none missing, none fuzzy), keeps each format
placeholder of the English text, and is compiled into the .mo file the game reads.
`python scripts/catalogues.py` brings them up to date after the code's text changes.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from sticheln_tui import i18n

PACKAGE = Path(i18n.__file__).parent
LOCALE = Path(i18n.LOCALE_DIR)
ROOT = PACKAGE.parent
# %(name)s, %s, %d, %r and {name}: what a translation must keep, each as often.
PLACEHOLDER = re.compile(
    r"%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[sdrif%]"  # printf style
    r"|\{\w*(?:![rsa])?(?::[^{}]*)?\}"  # str.format style
)


def catalogue(code: str):
    with (LOCALE / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as file:
        return read_po(file, locale=code)


def template_ids() -> set:
    with (LOCALE / f"{i18n.DOMAIN}.pot").open("rb") as file:
        return {message.id for message in read_po(file) if message.id}


def placeholders(text: str) -> list[str]:
    return sorted(found for found in PLACEHOLDER.findall(text) if found != "%%")


def test_the_template_holds_every_string_the_code_marks():
    method_map = [("**.py", "python")]
    in_code = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(str(PACKAGE), method_map)
    }
    assert in_code == template_ids(), "run python scripts/catalogues.py"


def test_no_text_to_translate_hides_inside_an_f_string():
    """Extraction does not look inside f-strings: `f"{_('text')}"` would stay English."""
    hidden = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in PACKAGE.rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\{(?:_|ngettext|pgettext)\(\s*[rb]?[\"']", line)
    ]
    assert not hidden, "give the text its own variable: " + ", ".join(hidden)


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_every_catalogue_translates_every_string(code):
    found = catalogue(code)
    ids = {message.id for message in found if message.id}
    assert ids == template_ids(), "run python scripts/catalogues.py"
    untranslated = [m.id for m in found if m.id and not all(_forms(m.string))]
    fuzzy = [m.id for m in found if m.id and m.fuzzy]
    assert not untranslated, f"{code}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"
    assert not fuzzy, f"{code}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:3]}"


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_translations_keep_the_placeholders_of_the_english(code):
    wrong = []
    for message in catalogue(code):
        if not message.id:
            continue
        english = _forms(message.id)
        for index, translated in enumerate(_forms(message.string)):
            original = english[min(index, len(english) - 1)]
            if translated and placeholders(translated) != placeholders(original):
                wrong.append((original, translated))
    assert not wrong, f"{code}: placeholders differ, e.g. {wrong[:3]}"


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_game_reads_the_catalogues_as_they_are_written(code):
    found = catalogue(code)
    compiled = io.BytesIO()
    write_mo(compiled, found)
    shipped = (LOCALE / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").read_bytes()
    assert compiled.getvalue() == shipped, "run python scripts/catalogues.py"


def test_every_german_message_naming_seven_seals_gives_its_german_title():
    """The game is published in German as "Die Sieben Siegel", capitals and all."""
    naming = [
        message.string
        for message in catalogue("de")
        if message.id and "Seven Seals" in " ".join(_forms(message.id))
    ]
    assert naming and all("Die Sieben Siegel" in " ".join(_forms(text)) for text in naming)


def _forms(text) -> list[str]:
    """A message's id or string as a list of its (plural) forms."""
    return list(text) if isinstance(text, tuple | list) else [text]
