"""How a save writes Seven Seals: moves {"predict": {"seals": {"red": 2, "blue": 1},
"steals": [["blue", 1]]}} (the seals taken, counts above zero, none for a prediction of no
trick; one [colour, seat] per seal taken from another player, the seat counted from 0),
{"saboteur": true}, {"return": "white"} (the seal a trick's winner gives back),
{"play": "red 7"}; seen {"deals": n}. Its option "deals" is null for one deal per player."""

from __future__ import annotations

from ...codec import Codec, MoveKind, SaveError, card_move, describe, expect, required_keys
from ...core.seven_seals import (
    COLOURS,
    WHITE,
    Predict,
    ReturnSeal,
    SevenSealsGame,
    SevenSealsOptions,
    TakeSaboteur,
    predict,
)
from ...core.table import PlayCard
from ...i18n import _


def _prediction(detail: object, what: str) -> Predict:
    entry = expect(detail, dict, what)
    required_keys(entry, {"seals", "steals"}, what)
    wanted = {}
    for colour, count in expect(
        entry["seals"], dict, _("{what}'s seals").format(what=what)
    ).items():
        if colour not in COLOURS:
            raise SaveError(
                _("{what} predicts seals of the card colours, not {colour}").format(
                    what=what, colour=describe(colour)
                )
            )
        # Translators: {colour} is the file's (English) name of a colour.
        seals_named = _("{what}'s {colour} seals").format(what=what, colour=colour)
        if expect(count, int, seals_named) < 1:
            raise SaveError(
                _("{what} counts its {colour} seals from 1, not {count}").format(
                    what=what, colour=colour, count=describe(count)
                )
            )
        wanted[colour] = count
    steals = []
    for steal in expect(entry["steals"], list, _("{what}'s steals").format(what=what)):
        a_steal = _("a steal in {what}").format(what=what)
        pair = expect(steal, list, a_steal)
        if len(pair) != 2:
            raise SaveError(
                _("{steal} should be [colour, seat], not {value}").format(
                    steal=a_steal, value=describe(pair)
                )
            )
        colour = expect(pair[0], str, _("the colour of {steal}").format(steal=a_steal))
        if colour not in COLOURS:
            raise SaveError(
                _("{steal} takes a card colour, not {colour}").format(
                    steal=a_steal, colour=describe(colour)
                )
            )
        seat = expect(pair[1], int, _("the seat of {steal}").format(steal=a_steal))
        steals.append((colour, seat))
    return predict(wanted, steals)


def _prediction_json(move: Predict) -> dict[str, object]:
    return {"seals": dict(move.seals), "steals": [list(steal) for steal in move.steals]}


def _saboteur(detail: object, what: str) -> TakeSaboteur:
    if detail is not True:
        raise SaveError(
            _("{what} should take the saboteur with true, not {value}").format(
                what=what, value=describe(detail)
            )
        )
    return TakeSaboteur()


_RETURNABLE = (*COLOURS, WHITE)  # black seals are taken, never given back


def _returned(detail: object, what: str) -> ReturnSeal:
    kind = expect(detail, str, what)
    if kind not in _RETURNABLE:
        choices = ", ".join(_RETURNABLE)
        raise SaveError(
            _("{what} should give back a seal of {choices}, not {value}").format(
                what=what, choices=choices, value=describe(kind)
            )
        )
    return ReturnSeal(kind)


CODEC = Codec(
    game=SevenSealsGame,
    options=SevenSealsOptions,
    nullable=frozenset({"deals"}),  # one deal per player
    moves=(
        MoveKind("predict", Predict, _prediction_json, _prediction),
        MoveKind("saboteur", TakeSaboteur, lambda move: True, _saboteur),
        MoveKind("return", ReturnSeal, lambda move: move.kind, _returned),
        card_move("play", PlayCard),
    ),
    seen=("deals",),
)
