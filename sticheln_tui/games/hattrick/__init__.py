"""Hattrick: the game as the table lists it."""

from __future__ import annotations

import argparse

from ...i18n import N_, _
from .. import CommandLine, GameInfo


def options_from(args: argparse.Namespace) -> object:
    """Its one option, the number of deals (`--deals N`)."""
    from ...core.hattrick import HattrickOptions

    deals = {"deals": args.deals} if "deals" in args else {}
    if deals and args.deals is None:
        raise ValueError(
            _("--deals per-player does not apply: {game} has a number of deals").format(
                game=_(INFO.title)
            )
        )
    return HattrickOptions(**deals)


INFO = GameInfo(
    key="hattrick",
    title=N_("Hattrick"),
    quit_question=N_("Quit Hattrick?"),
    needs_room=N_(
        "Hattrick needs {needed_width}x{needed_height}; this terminal is {width}x{height}."
        " The game waits until it fits."
    ),
    players=range(4, 8),
    play="sticheln_tui.games.hattrick.play",
    screens="sticheln_tui.screens.hattrick",
    command_line=CommandLine(options_from),
)
