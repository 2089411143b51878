"""Make the corpus of bad save files in this directory, which tests/unit/test_bad_saves.py reads.

The files are kept in the repository as data: the test only reads them and never runs
this script, so a change to the save format, or to this script, shows up as a deliberate
change to the corpus. The script is kept so that the corpus can be rebuilt and extended
reproducibly (everything in it is fixed: seeds, the saved_at date, the random bytes):

    python tests/unit/bad_saves/make_bad_saves.py

Every variant starts from a valid save (`base_text()`, which loads) and breaks one thing.
After writing, the script loads every file back and exits with status 1 if one of them is
accepted, or raises anything but SaveError. A new variant also needs an entry in REASONS
in tests/unit/test_bad_saves.py. Files the script no longer makes are not deleted.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from sticheln_tui import persistence
from sticheln_tui.codec import card_text
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.hattrick import HattrickGame, HattrickOptions, PassCard
from sticheln_tui.core.seven_seals import (
    Phase as SealsPhase,
)
from sticheln_tui.core.seven_seals import (
    Predict,
    ReturnSeal,
    SevenSealsGame,
    SevenSealsOptions,
    TakeSaboteur,
)
from sticheln_tui.core.sticheln import Rules

HERE = Path(__file__).parent
V1_SAVE = HERE.parent / "v1_saves" / "classic-mid-game.json"  # written by the version-1 release
NAMES = ("Ann", "Bob", "Cid", "Dee")
LEVELS = (None, "easy", None, "strong")
SEED = 7
BASE_MOVES = 40  # four picks, then nine tricks of the first deal
HATTRICK_MOVES = 30  # seven tricks and two cards of the first deal, passes among them
SEALS_MOVES = 40  # the predictions (the saboteur, steals), then tricks of the first deal
SAVED_AT = datetime(2026, 1, 2, 20, 15, tzinfo=UTC)


# -- valid games to start from ----------------------------------------------------


def played(rules: Rules = Rules(), moves: int | None = None, until: Phase | None = None) -> Game:
    """The seed-7 game of NAMES, always making the first legal move: `moves` of them, or
    until the game reaches the phase `until`."""
    game = Game(NAMES, rules, 0, seed=SEED)
    while (moves is None or len(game.moves) < moves) and game.phase is not until:
        game.apply(game.legal_moves()[0])
    return game


def hattrick(deals: int = 5, moves: int | None = None) -> HattrickGame:
    """The seed-7 Hattrick game of NAMES, always making the last legal move (a pass
    whenever one is allowed): `moves` of them, or to the end."""
    game = HattrickGame(NAMES, HattrickOptions(deals), 0, seed=SEED)
    while (moves is None or len(game.moves) < moves) and not game.finished:
        game.apply(game.legal_moves()[-1])
    return game


def greedy(game: SevenSealsGame):
    """A fixed choice that meets every kind of Seven Seals move: the saboteur when it is
    offered, else the prediction of the most seals (so later predictors must steal), the
    last legal card, the last seal that may be given back."""
    moves = game.legal_moves()
    if TakeSaboteur() in moves:
        return TakeSaboteur()
    predictions = [move for move in moves if isinstance(move, Predict)]
    if predictions:
        return max(predictions, key=lambda move: (sum(dict(move.seals).values()), move.steals))
    return moves[-1]


def seven_seals(deals: int | None = 2, moves: int | None = None) -> SevenSealsGame:
    """The seed-7 Seven Seals game of NAMES, moved by `greedy`: `moves` of them, or to the
    end."""
    game = SevenSealsGame(NAMES, SevenSealsOptions(deals), 0, seed=SEED)
    while (moves is None or len(game.moves) < moves) and not game.finished:
        game.apply(greedy(game))
    return game


def other_digits(number: str, zero: str) -> str:
    """The number in another script's digits, from its zero on ("\uff10": full width)."""
    return "".join(chr(ord(zero) + int(digit)) for digit in number)


def text_of(game: Game | HattrickGame | SevenSealsGame) -> str:
    return persistence.dumps(persistence.Record(game, LEVELS), saved_at=SAVED_AT)


def base_text() -> str:
    """The valid save every variant below breaks: deal 1, in its tenth trick."""
    return text_of(played(moves=BASE_MOVES))


@cache
def bases() -> dict[str, str]:
    """Every valid save the corpus starts from, by name; each one loads."""
    return {
        "base": base_text(),
        "late-choosing": text_of(played(Rules(late=True), until=Phase.CHOOSE)),
        "one-deal-finished": text_of(played(Rules(deals=1), until=Phase.OVER)),
        "harsh-new": text_of(played(Rules(harsh=True), moves=0)),
        "hattrick": text_of(hattrick(moves=HATTRICK_MOVES)),
        "hattrick-finished": text_of(hattrick(deals=1)),
        "seven-seals": text_of(seven_seals(moves=SEALS_MOVES)),
        "seven-seals-finished": text_of(seven_seals(deals=1)),
        "v1": V1_SAVE.read_text(encoding="utf-8"),
    }


def encode(data: object) -> bytes:
    return (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode()


def edited(change: Callable[[dict], object], base: str = "base") -> bytes:
    """The chosen valid save with `change` applied to its parsed JSON."""
    data = json.loads(bases()[base])
    change(data)
    return encode(data)


def field(path: str, value: object, base: str = "base") -> bytes:
    """The valid save with the value at a dotted path ("rules.mild", "seats.0.name")
    replaced."""
    *parents, last = path.split(".")

    def change(data: dict) -> None:
        for key in parents:
            data = data[int(key)] if isinstance(data, list) else data[key]
        data[int(last) if isinstance(data, list) else last] = value

    return edited(change, base)


def without(path: str, base: str = "base") -> bytes:
    *parents, last = path.split(".")

    def change(data: dict) -> None:
        for key in parents:
            data = data[key]
        del data[last]

    return edited(change, base)


def with_move(number: int, move: object, base: str = "base") -> bytes:
    """The save with its move `number` (1-based) replaced, or appended just after the last."""

    def change(data: dict) -> None:
        moves = data["moves"]
        if number == len(moves) + 1:
            moves.append(move)
        else:
            moves[number - 1] = move

    return edited(change, base)


def replaced(old: str, new: str, base: str = "base") -> bytes:
    """The save's text with one exact piece of it replaced (for what JSON cannot hold)."""
    text = bases()[base]
    assert text.count(old) == 1, old
    return text.replace(old, new).encode()


def numbered_seats(count: int) -> list[dict]:
    """`count` human seats named P1, P2, ..."""
    return [{"name": f"P{n}", "bot": None} for n in range(1, count + 1)]


def at_numbered_seats(count: int, base: str) -> bytes:
    """The game `base` at a table of `count` numbered seats, its moves gone."""
    return edited(lambda d: (d.update(seats=numbered_seats(count)), d["moves"].clear()), base)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# -- the variants -----------------------------------------------------------------


def variants() -> dict[str, bytes]:
    base = base_text()
    data = json.loads(base)
    moves = data["moves"]
    assert played(moves=BASE_MOVES).phase is Phase.PLAY  # mid-deal: no tie, no choice due

    # Move 6: the second card of the first trick, while every hand is still full.
    before_6 = played(moves=5)
    other_hand = before_6.hands[(before_6.to_move + 1) % len(NAMES)]
    late_data = json.loads(bases()["late-choosing"])
    harsh = played(Rules(harsh=True), moves=1)
    first_pick = harsh.moves[0].card
    same_colour = next(
        card
        for card in harsh.hands[harsh.to_move]
        if card.colour == first_pick.colour and card != first_pick
    )
    finished = json.loads(bases()["one-deal-finished"])
    rng = random.Random(20260102)
    binary = b"\xff\xd8\xff\xe0" + rng.randbytes(2000)  # a JPEG's start: never UTF-8
    accented = base.replace('"Ann"', '"Zoë"')
    cut_in_character = accented.encode()[: accented.encode().index("ë".encode()) + 1]
    padding = persistence.MAX_FILE_BYTES + 1 - len(base.encode())
    move_5 = moves[4]["play"]
    colour_5, value_5 = move_5.split()
    assert value_5 != "0"  # so that a leading zero changes its spelling, not its card

    # Hattrick: the positions before each move of its base, to break one move.
    hattrick_data = json.loads(bases()["hattrick"])
    hattrick_game = hattrick(moves=HATTRICK_MOVES)
    assert any(type(move) is PassCard for move in hattrick_game.moves)
    before = [hattrick_game.rewound(number) for number in range(HATTRICK_MOVES)]

    def colours(game: HattrickGame) -> set[str]:
        return {card.colour for card in game.view(None).trick_cards}

    def hand(game: HattrickGame) -> list:
        return game.hands[game.to_move]

    # A move made while the trick held two colours, by a seat holding cards of both a
    # trick colour and the third colour; and one made while it held one colour.
    two = next(
        number
        for number, game in enumerate(before)
        if len(colours(game)) == 2
        and {card.colour in colours(game) for card in hand(game)} == {True, False}
    )
    one = next(number for number, game in enumerate(before) if len(colours(game)) == 1)
    in_trick = next(card for card in hand(before[two]) if card.colour in colours(before[two]))
    third = next(card for card in hand(before[two]) if card.colour not in colours(before[two]))
    others = before[1].hands[(before[1].to_move + 1) % len(NAMES)]
    finished_hattrick = json.loads(bases()["hattrick-finished"])
    sticheln_options = json.loads(base)["options"]

    # Seven Seals: its base holds the saboteur taken, predictions with and without steals,
    # and a seal given back by choice.
    seals_data = json.loads(bases()["seven-seals"])
    seals_moves = seals_data["moves"]
    seals_game = seven_seals(moves=SEALS_MOVES)
    assert seals_moves[0] == {"saboteur": True}
    stealing = next(n for n, m in enumerate(seals_moves, 1) if m.get("predict", {}).get("steals"))
    plain = next(n for n, m in enumerate(seals_moves, 1) if "predict" in m and n != stealing)
    returned = next(n for n, m in enumerate(seals_moves, 1) if "return" in m)
    first_play = next(n for n, m in enumerate(seals_moves, 1) if "play" in m)
    before_return = seals_game.rewound(returned - 1)
    assert seals_game.rewound(first_play - 1).phase is SealsPhase.PLAY
    kept = next(
        kind
        for kind in ("red", "yellow", "green", "blue", "purple", "white")
        if kind not in before_return.view(None).returnable
    )
    stealing_move = seals_moves[stealing - 1]["predict"]
    thief = seals_game.rewound(stealing - 1).to_move
    plain_move = seals_moves[plain - 1]["predict"]
    stocked = next(iter(plain_move["seals"]))  # a colour the supply still had
    after_lead = seals_game.rewound(first_play)
    third_hand = after_lead.view((after_lead.to_move + 1) % len(NAMES)).hand
    assert any(type(move) is ReturnSeal for move in seals_game.moves)
    finished_seals = json.loads(bases()["seven-seals-finished"])
    hattrick_options = hattrick_data["options"]

    def seals_predict(number: int, **change: object) -> bytes:
        """The base with prediction `number` changed."""
        return with_move(
            number, {"predict": {**seals_moves[number - 1]["predict"], **change}}, "seven-seals"
        )

    assert json.loads(bases()["v1"])["moves"][2] == {"pick": "brown 4"}

    files = {
        # Not a whole file.
        "empty-file.json": b"",
        "whitespace-only.json": b" \n\t\n",
        "truncated-half.json": base.encode()[: len(base) // 2],
        "truncated-last-brace.json": base.rstrip().removesuffix("}").encode(),
        "truncated-first-byte.json": b"{",
        "truncated-in-utf8-character.json": cut_in_character,
        # Not JSON, or not text.
        "not-json-binary.bin.json": binary,
        "utf16-encoded.json": base.encode("utf-16"),
        "utf8-bom.json": b"\xef\xbb\xbf" + base.encode(),
        "nul-bytes.json": b"\x00" * 64,
        "trailing-garbage.json": base.encode() + b"garbage\n",
        "two-saves-concatenated.json": (base + base).encode(),
        "comment-inside.json": base.replace('{\n "format"', '{\n // saved\n "format"').encode(),
        "python-repr.json": repr(data).encode(),
        "nan-seed.json": replaced('"seed": 7,', '"seed": NaN,'),
        "infinite-seed.json": replaced('"seed": 7,', '"seed": 1e999,'),
        "huge-number-seed.json": replaced('"seed": 7,', f'"seed": {"9" * 5000},'),
        "too-large.json": base.rstrip().removesuffix("}").encode() + b" " * padding + b"}\n",
        "deep-nesting.json": nested(100_000).encode(),
        "deep-nesting-in-moves.json": replaced('"moves": [', f'"moves": [\n  {nested(500)},'),
        "duplicate-key-seed.json": replaced('"seed": 7,', '"seed": 7,\n "seed": 8,'),
        # JSON, but not a save of ours.
        "json-array-top.json": encode([data]),
        "json-null.json": b"null\n",
        "json-string-top.json": encode(base),
        "json-number-top.json": b"7\n",
        "other-program-format.json": encode(
            {"name": "sticheln-tui", "version": "0.1.0", "dependencies": {"textual": "8.2"}}
        ),
        "missing-format.json": without("format"),
        "format-misspelt.json": field("format", "sticheln-games"),
        "wrong-version-99.json": field("version", 99),
        "wrong-version-zero.json": field("version", 0),
        "wrong-version-string.json": field("version", "1"),
        "wrong-version-float.json": field("version", 2.0),
        "wrong-version-true.json": field("version", True),
        "wrong-version-huge.json": field("version", 10**4000),
        "missing-version.json": without("version"),
        "unknown-top-field.json": field("cheats", True),
        "unknown-field-very-long-name.json": field("x" * 5000, 1),
        "missing-seed.json": without("seed"),
        "saved-at-not-text.json": field("saved_at", 1767384900),
        "finished-not-bool.json": field("finished", "no"),
        # Seats.
        "seats-not-a-list.json": field("seats", {"Ann": None}),
        "no-seats.json": field("seats", []),
        "two-players-only.json": field("seats", data["seats"][:2]),
        "nine-players.json": field("seats", numbered_seats(9)),
        "duplicate-names.json": field("seats.2.name", "Ann"),
        "duplicate-names-differ-in-case.json": field("seats.2.name", " ann "),
        "empty-name.json": field("seats.0.name", ""),
        "blank-name.json": field("seats.0.name", "   "),
        "name-too-long.json": field("seats.0.name", "Annabelle" * 500),
        "name-control-character.json": field("seats.0.name", "Ann\x07"),
        "name-unprintable.json": field("seats.0.name", "\U000e0041" * 16),
        "name-not-text.json": field("seats.0.name", 1),
        "seat-not-an-object.json": field("seats.1", "Bob"),
        "seat-missing-bot.json": field("seats.1", {"name": "Bob"}),
        "seat-extra-field.json": field("seats.1", {"name": "Bob", "bot": "easy", "age": 9}),
        "all-bots.json": edited(lambda d: [s.__setitem__("bot", "normal") for s in d["seats"]]),
        "unknown-bot-level.json": field("seats.1.bot", "godlike"),
        "bot-level-not-text.json": field("seats.1.bot", 3),
        "first-leader-out-of-range.json": field("first_leader", 4),
        "first-leader-negative.json": field("first_leader", -1),
        "first-leader-bool.json": field("first_leader", True),
        "first-leader-name.json": field("first_leader", "Ann"),
        # Seed.
        "seed-negative.json": field("seed", -1),
        "seed-2-64.json": field("seed", 2**64),
        "seed-4000-digits.json": field("seed", 10**3999),
        "seed-float.json": field("seed", 7.0),
        "seed-string.json": field("seed", "7"),
        "seed-null.json": field("seed", None),
        # Rules.
        "rules-not-an-object.json": field("options", "classic"),
        "unknown-rule-field.json": field("options.turbo", True),
        "missing-rule-field.json": edited(lambda d: d["options"].pop("mild")),
        "bool-as-int-rules.json": field("options.mild", 1),
        "rule-as-string.json": field("options.reverse", "false"),
        "rules-conflict-mild-reverse.json": edited(
            lambda d: d["options"].update(mild=True, reverse=True)
        ),
        "rules-conflict-late-dark.json": edited(
            lambda d: d["options"].update(late=True, dark=True)
        ),
        "rules-deals-zero.json": field("options.deals", 0),
        "rules-deals-21.json": field("options.deals", 21),
        "rules-deals-huge.json": field("options.deals", 10**3999),
        "rules-deals-string.json": field("options.deals", "per-player"),
        "rules-deals-bool.json": field("options.deals", True),
        "french-deck-three-players.json": edited(
            lambda d: (d["options"].update(french_deck=True), d["seats"].pop(), d["moves"].clear())
        ),
        # Moves that cannot be read.
        "missing-moves.json": without("moves"),
        "moves-not-a-list.json": field("moves", {"1": moves[0]}),
        "move-not-an-object.json": with_move(1, "pick blue 0"),
        "move-null.json": with_move(BASE_MOVES + 1, None),
        "move-empty-object.json": with_move(5, {}),
        "move-two-kinds.json": with_move(5, {"play": moves[4]["play"], "pick": "red 5"}),
        "move-unknown-kind.json": with_move(5, {"throw": moves[4]["play"]}),
        "card-bad-colour.json": with_move(5, {"play": "pink 5"}),
        "card-bad-format.json": with_move(5, {"play": "5 of red"}),
        "card-value-three-digits.json": with_move(5, {"play": "red 100"}),
        "card-not-text.json": with_move(5, {"play": ["red", 5]}),
        "card-line-separator.json": with_move(5, {"play": "red\u20285"}),
        "card-lone-surrogate.json": replaced(
            f'{{\n   "play": "{moves[-1]["play"]}"\n  }}\n ],',
            '{\n   "play": "\\ud800 5"\n  }\n ],',
        ),
        "tie-answer-unknown.json": with_move(5, {"tie": "rematch"}),
        "tie-answer-list.json": with_move(5, {"tie": ["share"]}),
        "tie-answer-object.json": with_move(5, {"tie": {"extra deal": True}}),
        "choose-not-a-list.json": with_move(5, {"choose": "red"}),
        "choose-colour-not-text.json": with_move(5, {"choose": [1]}),
        # Moves that can be read but not played.
        "too-many-moves-over-limit.json": json.dumps(
            {**data, "moves": [moves[4]] * (persistence.MAX_MOVES + 1)}
        ).encode(),
        "duplicate-card-played-twice.json": with_move(9, moves[4]),
        "illegal-history-card-not-in-hand.json": with_move(6, {"play": card_text(other_hand[0])}),
        "card-value-out-of-deck.json": with_move(5, {"play": "red 19"}),
        "french-card-in-sticheln-deck.json": with_move(5, {"play": "hearts 5"}),
        "pick-another-players-card.json": with_move(1, {"pick": moves[1]["pick"]}),
        "play-in-pick-phase.json": with_move(1, {"play": moves[0]["pick"]}),
        "pick-in-play-phase.json": with_move(5, {"pick": moves[4]["play"]}),
        "tie-move-without-tie.json": with_move(5, {"tie": "share"}),
        "choose-without-late.json": with_move(5, {"choose": ["red"]}),
        "harsh-second-pain-same-colour.json": edited(
            lambda d: d["moves"].extend(
                [
                    {"pick": card_text(first_pick)},
                    {"pick": card_text(same_colour)},
                ]
            ),
            "harsh-new",
        ),
        "late-choose-colour-not-in-deck.json": with_move(
            len(late_data["moves"]) + 1, {"choose": ["purple"]}, base="late-choosing"
        ),
        "late-choose-two-colours-without-harsh.json": with_move(
            len(late_data["moves"]) + 1, {"choose": ["blue", "red"]}, base="late-choosing"
        ),
        "late-choose-unknown-colour.json": with_move(
            len(late_data["moves"]) + 1, {"choose": ["pink"]}, base="late-choosing"
        ),
        "late-choose-too-many-colours.json": with_move(
            len(late_data["moves"]) + 1,
            {"choose": ["blue", "red", "green", "yellow", "brown"] * 200},
            base="late-choosing",
        ),
        "late-choose-nothing.json": with_move(
            len(late_data["moves"]) + 1, {"choose": []}, base="late-choosing"
        ),
        "too-many-moves.json": with_move(
            len(finished["moves"]) + 1, {"play": "red 5"}, base="one-deal-finished"
        ),
        # The story around the moves.
        "finished-flag-lies.json": field("finished", True),
        "finished-flag-lies-unfinished.json": field("finished", False, base="one-deal-finished"),
        "missing-seen.json": without("seen"),
        "seen-not-an-object.json": field("seen", [0, False]),
        "seen-deals-too-many.json": field("seen.deals", 1),
        "seen-deals-negative.json": field("seen.deals", -1),
        "seen-deals-huge.json": field("seen.deals", 10**3999),
        "seen-reveal-not-bool.json": field("seen.reveal", "yes"),
        "seen-extra-field.json": field("seen.tricks", 3),
        # Card text: one spelling per card.
        "card-value-leading-zero.json": with_move(5, {"play": f"{colour_5} 0{value_5}"}),
        "card-value-fullwidth-digits.json": with_move(
            5, {"play": colour_5 + " " + other_digits(value_5, "\uff10")}
        ),
        "card-value-arabic-indic-digits.json": with_move(
            5, {"play": colour_5 + " " + other_digits(value_5, "\u0660")}
        ),
        "card-value-plus-sign.json": with_move(5, {"play": f"{colour_5} +{value_5}"}),
        # Which game.
        "missing-game.json": without("game"),
        "unknown-game.json": field("game", "skat"),
        "game-capitalised.json": field("game", "Hattrick", base="hattrick"),
        "game-not-text.json": field("game", ["hattrick"]),
        "sticheln-pass-move.json": with_move(5, {"pass": move_5}),
        # Hattrick.
        "hattrick-illegal-pass.json": with_move(
            two + 1, {"pass": card_text(in_trick)}, base="hattrick"
        ),
        "hattrick-pass-before-two-colours.json": with_move(
            one + 1, {"pass": card_text(hand(before[one])[0])}, base="hattrick"
        ),
        "hattrick-play-third-colour.json": with_move(
            two + 1, {"play": card_text(third)}, base="hattrick"
        ),
        "hattrick-card-not-in-hand.json": with_move(
            2, {"play": card_text(others[0])}, base="hattrick"
        ),
        "hattrick-zero-at-four-players.json": with_move(2, {"play": "red 0"}, base="hattrick"),
        "hattrick-yellow-card.json": with_move(2, {"play": "yellow 5"}, base="hattrick"),
        "hattrick-pick-move.json": with_move(
            2, {"pick": hattrick_data["moves"][1]["play"]}, base="hattrick"
        ),
        "hattrick-move-empty-object.json": with_move(2, {}, base="hattrick"),
        "hattrick-three-players.json": edited(
            lambda d: (d["seats"].pop(), d["moves"].clear()), "hattrick"
        ),
        "hattrick-eight-players.json": at_numbered_seats(8, "hattrick"),
        "hattrick-sticheln-rule-option.json": field("options.mild", False, base="hattrick"),
        "hattrick-sticheln-rules.json": field("options", sticheln_options, base="hattrick"),
        "hattrick-options-missing-deals.json": field("options", {}, base="hattrick"),
        "hattrick-deals-zero.json": field("options.deals", 0, base="hattrick"),
        "hattrick-deals-21.json": field("options.deals", 21, base="hattrick"),
        "hattrick-deals-null.json": field("options.deals", None, base="hattrick"),
        "hattrick-deals-bool.json": field("options.deals", True, base="hattrick"),
        "hattrick-seen-reveal.json": field("seen.reveal", False, base="hattrick"),
        "hattrick-seen-deals-too-many.json": field("seen.deals", 1, base="hattrick"),
        "hattrick-finished-flag-lies.json": field("finished", True, base="hattrick"),
        "hattrick-too-many-moves.json": with_move(
            len(finished_hattrick["moves"]) + 1, {"play": "red 5"}, base="hattrick-finished"
        ),
        # Seven Seals: damaged predictions, steals, returns and options.
        "seven-seals-predict-not-an-object.json": with_move(
            plain, {"predict": [["red", 2]]}, "seven-seals"
        ),
        "seven-seals-predict-missing-steals.json": with_move(
            plain, {"predict": {"seals": plain_move["seals"]}}, "seven-seals"
        ),
        "seven-seals-predict-extra-field.json": seals_predict(plain, saboteur=True),
        "seven-seals-predict-white-seal.json": seals_predict(plain, seals={"white": 1}),
        "seven-seals-predict-zero-count.json": seals_predict(plain, seals={stocked: 0}),
        "seven-seals-predict-count-as-text.json": seals_predict(plain, seals={stocked: "1"}),
        "seven-seals-predict-count-bool.json": seals_predict(plain, seals={stocked: True}),
        "seven-seals-predict-six-red.json": seals_predict(plain, seals={"red": 6}),
        "seven-seals-predict-huge-count.json": seals_predict(plain, seals={"red": 10**4000}),
        "seven-seals-steal-huge-seat.json": seals_predict(
            stealing, steals=[[colour, 10**4000] for colour, _ in stealing_move["steals"]]
        ),
        "seven-seals-steal-not-a-pair.json": seals_predict(stealing, steals=[["blue"]]),
        "seven-seals-steal-seat-name.json": seals_predict(
            stealing,
            steals=[[colour, NAMES[seat]] for colour, seat in stealing_move["steals"]],
        ),
        "seven-seals-steal-unknown-colour.json": seals_predict(
            stealing, steals=[["pink", seat] for _, seat in stealing_move["steals"]]
        ),
        "seven-seals-steal-from-self.json": seals_predict(
            stealing, steals=[[colour, thief] for colour, _ in stealing_move["steals"]]
        ),
        "seven-seals-steal-missing.json": seals_predict(stealing, steals=[]),
        "seven-seals-steal-needless.json": seals_predict(plain, steals=[[stocked, 0]]),
        "seven-seals-saboteur-false.json": with_move(1, {"saboteur": False}, "seven-seals"),
        "seven-seals-saboteur-taken-twice.json": with_move(
            plain, {"saboteur": True}, "seven-seals"
        ),
        "seven-seals-return-black.json": with_move(returned, {"return": "black"}, "seven-seals"),
        "seven-seals-return-not-eligible.json": with_move(
            returned, {"return": kept}, "seven-seals"
        ),
        "seven-seals-return-during-play.json": with_move(
            first_play, {"return": "white"}, "seven-seals"
        ),
        "seven-seals-play-during-prediction.json": with_move(
            plain, {"play": seals_moves[first_play - 1]["play"]}, "seven-seals"
        ),
        "seven-seals-card-of-another-hand.json": with_move(
            first_play + 1, {"play": card_text(third_hand[0])}, "seven-seals"
        ),
        "seven-seals-card-above-the-deck.json": with_move(
            first_play, {"play": "red 13"}, "seven-seals"
        ),
        "seven-seals-brown-card.json": with_move(first_play, {"play": "brown 3"}, "seven-seals"),
        "seven-seals-pass-move.json": with_move(
            first_play, {"pass": seals_moves[first_play - 1]["play"]}, "seven-seals"
        ),
        "seven-seals-move-empty-object.json": with_move(first_play, {}, "seven-seals"),
        "seven-seals-options-missing-variant.json": edited(
            lambda d: d["options"].pop("saboteur_auction"), "seven-seals"
        ),
        "seven-seals-variant-as-number.json": field(
            "options.saboteur_costs_5", 1, base="seven-seals"
        ),
        "seven-seals-deals-21.json": field("options.deals", 21, base="seven-seals"),
        "seven-seals-deals-text.json": field("options.deals", "per-player", base="seven-seals"),
        "seven-seals-sticheln-option.json": field("options.mild", False, base="seven-seals"),
        "seven-seals-hattrick-options.json": field("options", hattrick_options, base="seven-seals"),
        "seven-seals-two-players.json": edited(
            lambda d: (d["seats"].pop(), d["seats"].pop(), d["moves"].clear()), "seven-seals"
        ),
        "seven-seals-six-players.json": at_numbered_seats(6, "seven-seals"),
        "seven-seals-seen-reveal.json": field("seen.reveal", False, base="seven-seals"),
        "seven-seals-finished-flag-lies.json": field("finished", True, base="seven-seals"),
        "seven-seals-too-many-moves.json": with_move(
            len(finished_seals["moves"]) + 1, {"saboteur": True}, base="seven-seals-finished"
        ),
        # The wrong game named: the other game's options do not fit.
        "seven-seals-named-hattrick.json": field("game", "hattrick", base="seven-seals"),
        "hattrick-named-seven-seals.json": field("game", "seven-seals", base="hattrick"),
        "seven-seals-named-sticheln.json": field("game", "sticheln", base="seven-seals"),
        # Version 1 (Sticheln only, the options under "rules"), as the old release wrote it.
        "v1-names-a-game.json": field("game", "sticheln", base="v1"),
        "v1-options-not-rules.json": edited(lambda d: d.update(options=d.pop("rules")), "v1"),
        "v1-unknown-rule-field.json": field("rules.turbo", True, base="v1"),
        "v1-rules-conflict.json": edited(
            lambda d: d["rules"].update(mild=True, reverse=True), "v1"
        ),
        "v1-card-leading-zero.json": with_move(3, {"pick": "brown 04"}, base="v1"),
        "v1-pass-move.json": with_move(10, {"pass": "red 5"}, base="v1"),
    }
    return files


def main() -> int:
    for text in bases().values():
        persistence.loads(text)  # raises if a base is not valid
    problems = 0
    for name, content in variants().items():
        path = HERE / name
        path.write_bytes(content)
        try:
            persistence.load(path)
        except persistence.SaveError as error:
            print(f"{name}: {error}".encode("ascii", "backslashreplace").decode()[:200])
            continue
        except Exception as error:  # a crash: the corpus has found a bug
            print(f"{name}: CRASH {type(error).__name__}: {error}"[:200])
        else:
            print(f"{name}: ACCEPTED")
        problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
