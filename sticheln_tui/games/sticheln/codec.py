"""How a save writes Sticheln: moves {"pick": "red 7"}, {"play": "red 7"}, {"choose": ["red",
"blue"]}, {"tie": "extra deal" | "share"}; seen {"deals": n, "reveal": bool}."""

from __future__ import annotations

from ...codec import Codec, MoveKind, SaveError, card_move, describe, expect
from ...core.cards import COLOUR_ORDER
from ...core.game import ChooseColours, Game, PickPain, SettleTie
from ...core.sticheln import Rules
from ...core.table import PlayCard
from ...i18n import _

_TIE_ANSWERS = {"extra deal": True, "share": False}


def _colours(detail: object, what: str) -> ChooseColours:
    colours = expect(detail, list, what)
    if not 1 <= len(colours) <= 2:
        raise SaveError(
            _("{what} should choose one or two colours, not {count}").format(
                what=what, count=len(colours)
            )
        )
    for colour in colours:
        if expect(colour, str, _("a colour in {what}").format(what=what)) not in COLOUR_ORDER:
            raise SaveError(
                _("{what} has the unknown colour {colour}").format(
                    what=what, colour=describe(colour)
                )
            )
    return ChooseColours(tuple(colours))


def _tie(detail: object, what: str) -> SettleTie:
    if isinstance(detail, str) and detail in _TIE_ANSWERS:
        return SettleTie(_TIE_ANSWERS[detail])
    # Translators: 'extra deal' and 'share' stay as they are (the file's words).
    raise SaveError(
        _("{what} should settle the tie with 'extra deal' or 'share'").format(what=what)
    )


CODEC = Codec(
    game=Game,
    options=Rules,
    nullable=frozenset({"deals"}),  # one deal per player
    moves=(
        card_move("pick", PickPain),
        card_move("play", PlayCard),
        MoveKind("choose", ChooseColours, lambda move: list(move.colours), _colours),
        MoveKind("tie", SettleTie, lambda move: "extra deal" if move.extra_deal else "share", _tie),
    ),
    seen=("deals", "reveal"),
)
