"""A corpus of bad save files: each is refused with a clear one-line reason, by `load` and
by `sticheln --load`, and reading it changes nothing on disk.

The files in tests/unit/bad_saves/ are data, made once by tests/unit/bad_saves/make_bad_saves.py;
these tests only read them (a copy of each, in the test's own directory).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from sticheln_tui import cli, persistence
from sticheln_tui.persistence import SaveError

CORPUS = Path(__file__).parent / "bad_saves"
SCRIPT = CORPUS / "make_bad_saves.py"
FILES = sorted(path.name for path in CORPUS.iterdir() if path.is_file() and path != SCRIPT)
MAX_REASON = 160
OLD_TIME_NS = 1_000_000_000 * 10**9  # 2001: any rewrite of a copy would change its mtime

# A piece of the reason each file must be refused with: the reason has to name the fault.
REASONS = {
    # Not a whole file.
    "empty-file.json": "the file is empty",
    "whitespace-only.json": "the file is empty",
    "truncated-half.json": "damaged or not JSON (Expecting ',' delimiter",
    "truncated-last-brace.json": "damaged or not JSON (Expecting ',' delimiter",
    "truncated-first-byte.json": "damaged or not JSON (Expecting property name",
    "truncated-in-utf8-character.json": "not UTF-8",
    # Not JSON, or not text.
    "not-json-binary.bin.json": "not UTF-8",
    "utf16-encoded.json": "not UTF-8",
    "utf8-bom.json": "damaged or not JSON (Unexpected UTF-8 BOM",
    "nul-bytes.json": "damaged or not JSON (Expecting value",
    "trailing-garbage.json": "damaged or not JSON (Extra data",
    "two-saves-concatenated.json": "damaged or not JSON (Extra data",
    "comment-inside.json": "damaged or not JSON (Expecting property name",
    "python-repr.json": "damaged or not JSON (Expecting property name",
    "nan-seed.json": "seed should be a whole number, not NaN",
    "infinite-seed.json": "seed should be a whole number, not Infinity",
    "huge-number-seed.json": "a number with too many digits",
    "too-large.json": "too large to be a save",
    "deep-nesting.json": "nested too deeply",
    "deep-nesting-in-moves.json": "nested too deeply",
    "duplicate-key-seed.json": 'the field "seed" appears twice',
    # JSON, but not a save of ours.
    "json-array-top.json": 'the file should be an object, not [{"format": "sticheln-game"',
    "json-null.json": "the file should be an object, not null",
    "json-string-top.json": 'the file should be an object, not "{\\n \\"format\\": \\"sticheln',
    "json-number-top.json": "the file should be an object, not 7",
    "other-program-format.json": "not a saved game of this program",
    "missing-format.json": "not a saved game of this program",
    "format-misspelt.json": "not a saved game of this program",
    "wrong-version-99.json": "newer version of this program (file version 99",
    "wrong-version-zero.json": "unknown file version 0",
    "wrong-version-string.json": 'unknown file version "1"',
    "wrong-version-float.json": "unknown file version 2.0",
    "wrong-version-true.json": "unknown file version true",
    "wrong-version-huge.json": "newer version of this program (file version 1000",
    "missing-version.json": "unknown file version null",
    "unknown-top-field.json": 'unexpected field "cheats"',
    "unknown-field-very-long-name.json": 'unexpected field "xxx',
    "missing-seed.json": "lacks the field 'seed'",
    "saved-at-not-text.json": "saved_at should be text, not 1767384900",
    "finished-not-bool.json": 'finished should be true or false, not "no"',
    # Seats.
    "seats-not-a-list.json": 'seats should be a list, not {"Ann": null}',
    "no-seats.json": "3 to 8 players, not 0",
    "two-players-only.json": "3 to 8 players, not 2",
    "nine-players.json": "3 to 8 players, not 9",
    "duplicate-names.json": "two players are called 'Ann'",
    "duplicate-names-differ-in-case.json": "two players are called",
    "empty-name.json": "every player needs a name",
    "blank-name.json": "every player needs a name",
    "name-too-long.json": "the name 'AnnabelleAnnabel'... is longer than 16",
    "name-control-character.json": "the name 'Ann\\x07' has characters that cannot",
    "name-unprintable.json": "the name '\\U000e0041\\U000e0041",
    "name-not-text.json": "seat 1's name should be text, not 1",
    "seat-not-an-object.json": 'seat 2 should be an object, not "Bob"',
    "seat-missing-bot.json": "seat 2 lacks the field 'bot'",
    "seat-extra-field.json": 'seat 2 has an unexpected field "age"',
    "all-bots.json": "at least one player must be human",
    "unknown-bot-level.json": "seat 2's bot should be one of easy, normal, strong",
    "bot-level-not-text.json": "seat 2's bot should be text or null, not 3",
    "first-leader-out-of-range.json": "first leader must be a seat from 0 to 3",
    "first-leader-negative.json": "first leader must be a seat from 0 to 3",
    "first-leader-bool.json": "first_leader should be a whole number, not true",
    "first-leader-name.json": 'first_leader should be a whole number, not "Ann"',
    # Seed.
    "seed-negative.json": "the seed must be from 0 to 2**64 - 1, not -1",
    "seed-2-64.json": "the seed must be from 0 to 2**64 - 1, not 18446744073709551616",
    "seed-4000-digits.json": "the seed must be from 0 to 2**64 - 1, not 100000000",
    "seed-float.json": "seed should be a whole number, not 7.0",
    "seed-string.json": 'seed should be a whole number, not "7"',
    "seed-null.json": "seed should be a whole number, not null",
    # Rules.
    "rules-not-an-object.json": 'options should be an object, not "classic"',
    "unknown-rule-field.json": 'Sticheln has no option "turbo"',
    "missing-rule-field.json": "options lacks the field 'mild'",
    "bool-as-int-rules.json": "option 'mild' should be true or false, not 1",
    "rule-as-string.json": "option 'reverse' should be true or false, not \"false\"",
    "rules-conflict-mild-reverse.json": "Mild cannot be combined with Reverse",
    "rules-conflict-late-dark.json": "Late has no pick, so Dark does not apply",
    "rules-deals-zero.json": "impossible options: a game has 1 to 20 deals, not 0",
    "rules-deals-21.json": "impossible options: a game has 1 to 20 deals, not 21",
    "rules-deals-huge.json": "impossible options: a game has 1 to 20 deals, not 10000",
    "rules-deals-string.json": "'deals' should be a whole number or null, not \"per-player\"",
    "rules-deals-bool.json": "option 'deals' should be a whole number or null, not true",
    "french-deck-three-players.json": "the French deck is for exactly 4 players",
    # Moves that cannot be read.
    "missing-moves.json": "lacks the field 'moves'",
    "moves-not-a-list.json": 'moves should be a list, not {"1": {"pick": "blue 0"}}',
    "move-not-an-object.json": 'move 1 should be an object, not "pick blue 0"',
    "move-null.json": "move 41 should be an object, not null",
    "move-empty-object.json": "move 5 should have exactly one of pick, play, choose, tie",
    "move-two-kinds.json": "move 5 should have exactly one of pick, play, choose, tie",
    "move-unknown-kind.json": 'move 5 has the unknown kind "throw"',
    "card-bad-colour.json": "move 5 should be a card like 'red 7', not \"pink 5\"",
    "card-bad-format.json": "move 5 should be a card like 'red 7'",
    "card-value-three-digits.json": "move 5 should be a card like 'red 7', not \"red 100\"",
    "card-not-text.json": 'move 5 should be text, not ["red", 5]',
    "card-line-separator.json": "move 5 should be a card like 'red 7'",
    "card-lone-surrogate.json": "move 40 should be a card like 'red 7'",
    "tie-answer-unknown.json": "move 5 should settle the tie with 'extra deal' or 'share'",
    "tie-answer-list.json": "move 5 should settle the tie with 'extra deal' or 'share'",
    "tie-answer-object.json": "move 5 should settle the tie with 'extra deal' or 'share'",
    "choose-not-a-list.json": 'move 5 should be a list, not "red"',
    "choose-colour-not-text.json": "a colour in move 5 should be text, not 1",
    # Moves that can be read but not played.
    "too-many-moves-over-limit.json": "10001 moves are more than any game has",
    "duplicate-card-played-twice.json": "move 9 is impossible: [ 8 B] is not in Bob's hand",
    "illegal-history-card-not-in-hand.json": "move 6 is impossible: [ 7 B] is not in",
    "card-value-out-of-deck.json": "move 5 is impossible: [19 R] is not in",
    "french-card-in-sticheln-deck.json": "move 5 is impossible: [ 5 H] is not in",
    "pick-another-players-card.json": "move 1 is impossible: [ 1 B] is not in Ann's hand",
    "play-in-pick-phase.json": "move 1 is impossible: Ann must lay down a pain card now",
    "pick-in-play-phase.json": "move 5 is impossible: Ann must play a card now",
    "tie-move-without-tie.json": "move 5 is impossible: Ann must play a card now",
    "choose-without-late.json": "move 5 is impossible: Ann must play a card now",
    "harsh-second-pain-same-colour.json": "second pain card must be of another colour",
    "late-choose-colour-not-in-deck.json": "move 61 is impossible: Ann cannot choose purple",
    "late-choose-two-colours-without-harsh.json": "Ann cannot choose blue, red",
    "late-choose-unknown-colour.json": 'move 61 has the unknown colour "pink"',
    "late-choose-too-many-colours.json": "move 61 should choose one or two colours, not 1000",
    "late-choose-nothing.json": "move 61 should choose one or two colours, not 0",
    "too-many-moves.json": "move 61 is impossible: the game is over",
    # The story around the moves.
    "finished-flag-lies.json": "says the game is finished, but its moves say otherwise",
    "finished-flag-lies-unfinished.json": "says the game is unfinished",
    "missing-seen.json": "lacks the field 'seen'",
    "seen-not-an-object.json": "seen should be an object, not [0, false]",
    "seen-deals-too-many.json": "seen deals should be from 0 to 0, not 1",
    "seen-deals-negative.json": "seen deals should be from 0 to 0, not -1",
    "seen-deals-huge.json": "seen deals should be from 0 to 0, not 1000",
    "seen-reveal-not-bool.json": 'seen reveal should be true or false, not "yes"',
    "seen-extra-field.json": 'seen has an unexpected field "tricks"',
    # Card text: one spelling per card.
    "card-value-leading-zero.json": "should be a card like 'red 7', not \"blue 08\" (a value",
    "card-value-fullwidth-digits.json": 'not "blue \uff18" (a value is written in the digits 0-9',
    "card-value-arabic-indic-digits.json": 'not "blue \u0668" (a value is written in the digits',
    "card-value-plus-sign.json": "move 5 should be a card like 'red 7', not \"blue +8\"",
    # Which game.
    "missing-game.json": "the file lacks the field 'game'",
    "unknown-game.json": 'game should be one of sticheln, hattrick, seven-seals, not "skat"',
    "game-capitalised.json": 'should be one of sticheln, hattrick, seven-seals, not "Hattrick"',
    "game-not-text.json": 'game should be text, not ["hattrick"]',
    "sticheln-pass-move.json": 'move 5 has the unknown kind "pass"',
    # Hattrick.
    "hattrick-illegal-pass.json": "move 16 is impossible: to pass, show a card of neither green",
    "hattrick-pass-before-two-colours.json": "move 2 is impossible: a pass is allowed only once",
    "hattrick-play-third-colour.json": "move 16 is impossible: the trick holds green and red",
    "hattrick-card-not-in-hand.json": "move 2 is impossible: [ 7 B] is not in Bob's hand",
    "hattrick-zero-at-four-players.json": "move 2 is impossible: [ 0 R] is not in Bob's hand",
    "hattrick-yellow-card.json": "move 2 is impossible: [ 5 Y] is not in Bob's hand",
    "hattrick-pick-move.json": 'move 2 has the unknown kind "pick"',
    "hattrick-move-empty-object.json": "move 2 should have exactly one of play, pass",
    "hattrick-three-players.json": "impossible game: Hattrick is for 4 to 7 players, not 3",
    "hattrick-eight-players.json": "impossible game: Hattrick is for 4 to 7 players, not 8",
    "hattrick-sticheln-rule-option.json": 'Hattrick has no option "mild"',
    "hattrick-sticheln-rules.json": 'Hattrick has no option "dark"',
    "hattrick-options-missing-deals.json": "options lacks the field 'deals'",
    "hattrick-deals-zero.json": "impossible options: a game has 1 to 20 deals, not 0",
    "hattrick-deals-21.json": "impossible options: a game has 1 to 20 deals, not 21",
    "hattrick-deals-null.json": "option 'deals' should be a whole number, not null",
    "hattrick-deals-bool.json": "option 'deals' should be a whole number, not true",
    "hattrick-seen-reveal.json": 'seen has an unexpected field "reveal"',
    "hattrick-seen-deals-too-many.json": "seen deals should be from 0 to 0, not 1",
    "hattrick-finished-flag-lies.json": "says the game is finished, but its moves say otherwise",
    "hattrick-too-many-moves.json": "move 57 is impossible: the game is over",
    # Seven Seals.
    "seven-seals-predict-not-an-object.json": 'move 2 should be an object, not [["red", 2]]',
    "seven-seals-predict-missing-steals.json": "move 2 lacks the field 'steals'",
    "seven-seals-predict-extra-field.json": 'move 2 has an unexpected field "saboteur"',
    "seven-seals-predict-white-seal.json": 'predicts seals of the card colours, not "white"',
    "seven-seals-predict-zero-count.json": "move 2 counts its red seals from 1, not 0",
    "seven-seals-predict-count-as-text.json": 'red seals should be a whole number, not "1"',
    "seven-seals-predict-count-bool.json": "red seals should be a whole number, not true",
    "seven-seals-predict-six-red.json": "move 2 is impossible: a prediction holds 0 to 5 red",
    "seven-seals-predict-huge-count.json": "a prediction holds 0 to 5 red seals, not 1000000",
    "seven-seals-steal-huge-seat.json": "a seal is taken from another player, not seat 100000",
    "seven-seals-steal-not-a-pair.json": 'a steal in move 3 should be [colour, seat], not ["blue"]',
    "seven-seals-steal-seat-name.json": "the seat of a steal in move 3 should be a whole number",
    "seven-seals-steal-unknown-colour.json": 'a steal in move 3 takes a card colour, not "pink"',
    "seven-seals-steal-from-self.json": "a seal is taken from another player, not seat 2",
    "seven-seals-steal-missing.json": "the supply lacks 3 yellow seals: say whom to take them",
    "seven-seals-steal-needless.json": "take only the red seals the supply lacks",
    "seven-seals-saboteur-false.json": "move 1 should take the saboteur with true, not false",
    "seven-seals-saboteur-taken-twice.json": "the saboteur is Ann's: there is no auction",
    "seven-seals-return-black.json": "give back a seal of red, yellow, green, blue, purple, white",
    "seven-seals-return-not-eligible.json": "move 13 is impossible: Bob gives back a purple or",
    "seven-seals-return-during-play.json": "move 5 is impossible: Ann must play a card now",
    "seven-seals-play-during-prediction.json": "Bob must predict (take seals) or take the sabot",
    "seven-seals-card-of-another-hand.json": "move 6 is impossible: [ 6 R] is not in Bob's hand",
    "seven-seals-card-above-the-deck.json": "move 5 is impossible: [13 R] is not in Ann's hand",
    "seven-seals-brown-card.json": "move 5 is impossible: [ 3 N] is not in Ann's hand",
    "seven-seals-pass-move.json": 'move 5 has the unknown kind "pass"',
    "seven-seals-move-empty-object.json": "exactly one of predict, saboteur, return, play",
    "seven-seals-options-missing-variant.json": "options lacks the field 'saboteur_auction'",
    "seven-seals-variant-as-number.json": "option 'saboteur_costs_5' should be true or false",
    "seven-seals-deals-21.json": "impossible options: a game has 1 to 20 deals, not 21",
    "seven-seals-deals-text.json": "'deals' should be a whole number or null, not \"per-player\"",
    "seven-seals-sticheln-option.json": 'Seven Seals has no option "mild"',
    "seven-seals-hattrick-options.json": "options lacks the field 'escalating_saboteur'",
    "seven-seals-two-players.json": "impossible game: Seven Seals is for 3 to 5 players, not 2",
    "seven-seals-six-players.json": "impossible game: Seven Seals is for 3 to 5 players, not 6",
    "seven-seals-seen-reveal.json": 'seen has an unexpected field "reveal"',
    "seven-seals-finished-flag-lies.json": "says the game is finished, but its moves say other",
    "seven-seals-too-many-moves.json": "move 69 is impossible: the game is over",
    "seven-seals-named-hattrick.json": 'Hattrick has no option "escalating_saboteur"',
    "hattrick-named-seven-seals.json": "options lacks the field 'escalating_saboteur'",
    "seven-seals-named-sticheln.json": 'Sticheln has no option "escalating_saboteur"',
    # Version 1 (Sticheln only, its options under "rules").
    "v1-names-a-game.json": 'the file has an unexpected field "game"',
    "v1-options-not-rules.json": 'the file has an unexpected field "options"',
    "v1-unknown-rule-field.json": 'Sticheln has no option "turbo"',
    "v1-rules-conflict.json": "impossible options: Mild cannot be combined with Reverse",
    "v1-card-leading-zero.json": "move 3 should be a card like 'red 7', not \"brown 04\"",
    "v1-pass-move.json": 'move 10 has the unknown kind "pass"',
}

# Undoing the one fault of some files gives a save that loads: the fault is the only problem.
REPAIRS = {
    "too-large.json": (b"  }\n", b" }\n"),  # one byte over the limit
    "utf8-bom.json": (b"\xef\xbb\xbf{", b"{"),
    "trailing-garbage.json": (b"}\ngarbage\n", b"}\n"),
    "truncated-last-brace.json": (b'"reveal": false\n }\n', b'"reveal": false\n }\n}\n'),
    "duplicate-key-seed.json": (b' "seed": 8,\n', b""),
    "wrong-version-99.json": (b'"version": 99,', b'"version": 2,'),
    "wrong-version-float.json": (b'"version": 2.0,', b'"version": 2,'),
    "rules-deals-21.json": (b'"deals": 21', b'"deals": 20'),
    "unknown-rule-field.json": (b',\n  "turbo": true', b""),
    "seen-deals-too-many.json": (b'"deals": 1,', b'"deals": 0,'),
    "finished-flag-lies.json": (b'"finished": true', b'"finished": false'),
    "card-bad-colour.json": (b'"pink 5"', b'"blue 8"'),
    "all-bots.json": (b'"bot": "normal"', b'"bot": null'),  # the first seat only
    "card-value-leading-zero.json": (b'"blue 08"', b'"blue 8"'),
    "card-value-fullwidth-digits.json": ('"blue \uff18"'.encode(), b'"blue 8"'),
    "unknown-game.json": (b'"skat"', b'"sticheln"'),
    "game-capitalised.json": (b'"Hattrick"', b'"hattrick"'),
    "hattrick-deals-21.json": (b'"deals": 21', b'"deals": 20'),
    "hattrick-sticheln-rule-option.json": (b',\n  "mild": false', b""),
    "hattrick-seen-reveal.json": (b',\n  "reveal": false', b""),
    "seven-seals-deals-21.json": (b'"deals": 21', b'"deals": 20'),
    "seven-seals-saboteur-false.json": (b'"saboteur": false', b'"saboteur": true'),
    "seven-seals-return-black.json": (b'"return": "black"', b'"return": "white"'),
    "seven-seals-named-hattrick.json": (b'"game": "hattrick"', b'"game": "seven-seals"'),
    "v1-names-a-game.json": (b',\n "game": "sticheln"', b""),
    "v1-card-leading-zero.json": (b'"brown 04"', b'"brown 4"'),
}


def copied(name: str, directory: Path) -> Path:
    """A copy of a corpus file, alone in its own directory, with an old mtime."""
    directory.mkdir()
    copy = directory / name
    shutil.copyfile(CORPUS / name, copy)
    os.utime(copy, ns=(OLD_TIME_NS, OLD_TIME_NS))
    return copy


def snapshot(directory: Path) -> dict[str, tuple[bytes, int]]:
    """Every entry in the directory, with its bytes and mtime."""
    return {path.name: (path.read_bytes(), path.stat().st_mtime_ns) for path in directory.iterdir()}


def check_reason(name: str, reason: str) -> None:
    assert reason, f"{name}: empty reason"
    assert reason.isprintable(), f"{name}: reason with a line break or control: {reason!r}"
    assert len(reason.splitlines()) == 1 and reason == reason.strip(), repr(reason)
    assert len(reason) < MAX_REASON, f"{name}: reason of {len(reason)} characters"
    assert REASONS.get(name, "no entry in REASONS") in reason, f"{name}: {reason!r}"


def test_every_corpus_file_has_an_expected_reason():
    assert len(FILES) >= 30
    assert sorted(REASONS) == FILES
    assert set(REPAIRS) <= set(FILES)


@pytest.mark.parametrize("name", FILES)
def test_load_refuses_with_a_specific_one_line_reason(name, tmp_path):
    copy = copied(name, tmp_path / "saves")
    before = snapshot(copy.parent)
    assert before[name][0] == (CORPUS / name).read_bytes()
    with pytest.raises(SaveError) as refused:
        persistence.load(copy)
    check_reason(name, str(refused.value))
    assert snapshot(copy.parent) == before  # not changed, not renamed, no backup beside it


@pytest.mark.parametrize("name", FILES)
def test_the_command_line_refuses_in_one_line(name, tmp_path, capsys):
    copy = copied(name, tmp_path / "saves")
    before = snapshot(copy.parent)
    with pytest.raises(SaveError) as refused:
        persistence.load(copy)
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:
        cli.main(["--load", str(copy)])
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"sticheln: cannot load {copy}: {refused.value}\n"
    assert len(err.splitlines()) == 1 and err.startswith("sticheln: cannot load")
    assert snapshot(copy.parent) == before


# -- the saves the corpus was made from ---------------------------------------------


@pytest.fixture(scope="module")
def maker():
    """The generator script as a module (only its valid bases are used; the corpus is not
    rebuilt), imported without leaving bytecode among the corpus files."""
    spec = importlib.util.spec_from_file_location("make_bad_saves", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    writes_bytecode = sys.dont_write_bytecode
    sys.dont_write_bytecode = True
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = writes_bytecode
    return module


def test_the_base_save_loads(maker, tmp_path):
    path = tmp_path / "base.json"
    path.write_text(maker.base_text(), encoding="utf-8")
    record = persistence.load(path)
    assert record.game.players == ("Ann", "Bob", "Cid", "Dee")
    assert record.levels == (None, "easy", None, "strong")
    assert len(record.game.moves) == maker.BASE_MOVES
    assert not record.finished


def test_every_base_loads_and_saves_back_unchanged(maker):
    """Every base loads; those of this version save back as the very same text (a
    version-1 base is saved as this version's file)."""
    bases = maker.bases()
    assert len(bases) >= 7
    for name, text in bases.items():
        record = persistence.loads(text)
        written = persistence.dumps(record, saved_at=maker.SAVED_AT)
        assert (written == text) is (json.loads(text)["version"] == persistence.VERSION), name


@pytest.mark.parametrize("name", sorted(REPAIRS))
def test_undoing_the_one_fault_gives_a_save_that_loads(name, tmp_path):
    fault, repair = REPAIRS[name]
    data = (CORPUS / name).read_bytes()
    assert data.count(fault) >= 1
    path = tmp_path / name
    path.write_bytes(data.replace(fault, repair, 1))
    persistence.load(path)


def test_the_size_limit_is_one_byte_away():
    assert (CORPUS / "too-large.json").stat().st_size == persistence.MAX_FILE_BYTES + 1
