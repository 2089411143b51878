"""Sticheln (Klaus Palesch), with every variant: the game as the table lists it."""

from __future__ import annotations

import argparse

from ...core.option_table import OPTIONS, PRESET_LABELS
from ...i18n import N_, _
from .. import CommandLine, GameInfo


def add_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        _("Sticheln's rules"),
        _("Choose a preset, then switch single options on (--reverse) or off (--no-reverse)."),
    )
    group.add_argument(
        "--preset",
        choices=list(PRESET_LABELS),
        default=argparse.SUPPRESS,
        help=_("the starting set of rules (default: classic)"),
    )
    for option in OPTIONS:
        group.add_argument(
            option.flag,
            dest=option.field,
            action=argparse.BooleanOptionalAction,
            default=argparse.SUPPRESS,
            help=option.help_line(),
        )


def rules_from(args: argparse.Namespace) -> object:
    """The preset with every option given on the command line (`--deals` too).

    Options the preset switched on give way to a conflicting option given here (as at
    setup); options given here that conflict with each other, or that another option
    given here makes meaningless, raise ValueError.
    """
    from dataclasses import fields

    from ...core.options import PRESETS, not_applicable, with_option
    from ...core.sticheln import Rules

    given = {field.name: getattr(args, field.name) for field in fields(Rules) if field.name in args}
    # Refuses a combination impossible in itself, or an option that another one given
    # makes meaningless (the setup form greys it out): silently dropped, it would surprise.
    for name, why in not_applicable(Rules(**given)).items():
        if given.get(name):
            flag = next(option.flag for option in OPTIONS if option.field == name)
            raise ValueError(_("{flag} does not apply: {why}").format(flag=flag, why=why))
    rules = PRESETS[getattr(args, "preset", "classic")]
    for name, value in given.items():
        rules = with_option(rules, name, value)
    return rules


INFO = GameInfo(
    key="sticheln",
    # Translators: a game's name; Sticheln and Hattrick stay as they are.
    title=N_("Sticheln"),
    quit_question=N_("Quit Sticheln?"),
    needs_room=N_(
        "Sticheln needs {needed_width}x{needed_height}; this terminal is {width}x{height}."
        " The game waits until it fits."
    ),
    players=range(3, 9),
    play="sticheln_tui.games.sticheln.play",
    screens="sticheln_tui.screens.sticheln",
    command_line=CommandLine(
        rules_from, add_options, ("preset", *(option.field for option in OPTIONS))
    ),
)
