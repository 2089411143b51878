"""Seven Seals: the game as the table lists it."""

from __future__ import annotations

import argparse

from ...core.option_table import SABOTEUR_VARIANTS
from ...i18n import N_, _
from .. import CommandLine, GameInfo


def add_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(_("Seven Seals' saboteur variants"), _("They combine."))
    for option in SABOTEUR_VARIANTS:
        group.add_argument(
            option.flag,
            dest=option.field,
            action="store_true",
            default=argparse.SUPPRESS,
            help=option.help_line(),
        )


def options_from(args: argparse.Namespace) -> object:
    """Its deals (`--deals N|per-player`) and the saboteur variants given."""
    from ...core.seven_seals import SevenSealsOptions

    deals = {"deals": args.deals} if "deals" in args else {}
    variants = {option.field: True for option in SABOTEUR_VARIANTS if option.field in args}
    return SevenSealsOptions(**deals, **variants)


INFO = GameInfo(
    key="seven-seals",
    # Translators: a game's name, as its published edition in your language has it.
    title=N_("Seven Seals"),
    # Translators: Seven Seals is the game's title.
    quit_question=N_("Quit Seven Seals?"),
    # Translators: Seven Seals is the game's title.
    needs_room=N_(
        "Seven Seals needs {needed_width}x{needed_height}; this terminal is {width}x{height}."
        " The game waits until it fits."
    ),
    players=range(3, 6),
    play="sticheln_tui.games.seven_seals.play",
    screens="sticheln_tui.screens.seven_seals",
    command_line=CommandLine(
        options_from, add_options, tuple(option.field for option in SABOTEUR_VARIANTS)
    ),
)
