"""Every screen at 80x24 in every language says all that a wider terminal says: no name,
title or table row cut short ("…"), wrapped or hidden, no footer key pushed off.

Each screen is put up at 80x24 from a prepared position whose seats have the language's
default names (two humans, a normal and a strong bot), then the terminal is made 160x24
(the same compact layout, twice the width) to see what it shows whole. One app per
language shows them all in turn.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import cache

import pytest
from helpers import played_until, screen_text
from positions import (
    NAMES,
    seven_seals_until,
    sticheln_until,
    tied_game,
    two_cards_in_the_third_trick,
)
from rich.console import Console
from rich.table import Table
from rich.text import Text
from statistics_saves import build
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static, TabbedContent, TabPane

from sticheln_tui import i18n, persistence
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Phase
from sticheln_tui.core.names import default_name
from sticheln_tui.core.options import PRESETS
from sticheln_tui.core.review import frames
from sticheln_tui.core.seven_seals import (
    TRUMP,
    SevenSealsGame,
    SevenSealsOptions,
    TakeSaboteur,
    predict,
)
from sticheln_tui.core.seven_seals import Phase as SevenSealsPhase
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.games import engines, screens_of
from sticheln_tui.screens.rules_help import RulesHelpScreen
from sticheln_tui.screens.statistics import StatisticsScreen
from sticheln_tui.seats import Seat, bot_name
from sticheln_tui.textual_fixes import KeysFooter

GAMES = engines()

NARROW = (80, 24)
WIDE = (160, 24)  # below `ROOMY`'s height: the same layout as at 80x24
# Two humans (so the hand-offs come up) and two bots, by the seat: the human seats move
# in every position below.
LEVELS = (None, "normal", None, "strong")
HUMANS = (0, 2)


def seated(game):
    """`game` replayed with the default names of the language in use, and its seats'
    levels (a bot's name says its level)."""
    levels = (LEVELS * 2)[: len(game.players)]
    names = [
        bot_name(level, seat) if level else default_name(seat) for seat, level in enumerate(levels)
    ]
    kind = type(game)
    return kind.replay(names, game.options, game.first_leader, game.seed, game.moves), levels


# -- the positions, played once ----------------------------------------------------------


def human_to_move(game) -> bool:
    return not game.finished and game.to_move in HUMANS


@cache
def positions() -> dict[str, object]:
    """Each screen's position, their options those with the longest headers a player
    may choose: the table sheet's preset, two pain colours, the saboteur's variants."""
    variants = SevenSealsOptions(saboteur_costs_5=True, escalating_saboteur=True)
    return {
        "sticheln pick": sticheln_until(human_to_move, rules=PRESETS["table-sheet"]),
        "sticheln reveal": sticheln_until(lambda g: g.phase is Phase.PLAY, Rules(harsh=True)),
        "sticheln play": sticheln_until(
            lambda g: two_cards_in_the_third_trick(g) and human_to_move(g)
        ),
        "sticheln choose": sticheln_until(
            lambda g: g.phase is Phase.CHOOSE and human_to_move(g), Rules(late=True)
        ),
        "sticheln scores": sticheln_until(lambda g: bool(g.results)),
        "sticheln over": sticheln_until(lambda g: g.finished, Rules(deals=2)),
        "sticheln tie": tied_game(),
        "hattrick play": played_until(
            4, 3, lambda g: len(g.deal_tricks) == 1 and len(g.trick) == 2 and human_to_move(g)
        ),
        "hattrick scores": played_until(4, 3, lambda g: len(g.results) == 1),
        "hattrick over": played_until(4, 3, lambda g: g.finished),
        "seven seals predict": saboteur_taken(),
        "seven seals yellow gone": yellow_gone(),
        "seven seals play": seven_seals_until(
            lambda g: (
                g.phase == SevenSealsPhase.PLAY
                and g.view(None).lead_colour == TRUMP
                and human_to_move(g)
            ),
            seed=21,
            seeds=20,
            options=variants,
        ),
        "seven seals return": seven_seals_until(
            lambda g: g.phase == SevenSealsPhase.RETURN and human_to_move(g), seed=21, seeds=20
        ),
        "seven seals scores": seven_seals_until(lambda g: len(g.results) == 1, seed=21),
        "seven seals over": seven_seals_until(lambda g: g.finished, seed=21),
    }


def yellow_gone() -> SevenSealsGame:
    """The prediction round of a four-seat deal with the saboteur auctioned, the first
    two seats holding every yellow seal: the third (human) is proposed the saboteur."""
    game = SevenSealsGame(NAMES[:4], SevenSealsOptions(saboteur_auction=True), seed=1)
    game.apply(predict({"yellow": 2}))
    game.apply(predict({"yellow": 1}))
    return game


def saboteur_taken() -> SevenSealsGame:
    """The prediction round of a four-seat deal with the saboteur auctioned, a bot having
    taken it: the third seat (human) predicts."""
    game = SevenSealsGame(NAMES[:4], SevenSealsOptions(saboteur_auction=True), seed=21)
    game.apply(predict({"red": 2, "blue": 1}))
    game.apply(TakeSaboteur())
    return game


# -- the screens, put up scene by scene on a blank app ---------------------------------------

Look = Callable[[str], Awaitable[None]]  # compares the screen now up at both widths
Scene = Callable[[StichelnApp, Pilot, Look], Awaitable[None]]


def taken_over(position: str, *steps: tuple[str, tuple[str, ...]]) -> Scene:
    """The app takes over the position (a hand-off first); each step presses its keys,
    then looks at the screen by the step's name."""

    async def scene(app: StichelnApp, pilot: Pilot, look: Look) -> None:
        app.continue_game(*seated(positions()[position]))
        await pilot.pause()
        for name, keys in steps:
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            await look(name)

    return scene


def resumed(position: str, name: str) -> Scene:
    """The position's save taken up, its last deal's scores not yet seen."""

    async def scene(app: StichelnApp, pilot: Pilot, look: Look) -> None:
        app.resume(persistence.Record(*seated(positions()[position])), None)
        await pilot.pause()
        await look(name)

    return scene


def replayed(position: str, name: str) -> Scene:
    """The finished game's replay, a few tricks in."""

    async def scene(app: StichelnApp, pilot: Pilot, look: Look) -> None:
        game, _ = seated(positions()[position])
        source = persistence.export_name(game.GAME, game.players)
        screen = screens_of(game.GAME).replay(frames(game), source)
        await app.push_screen(screen)
        screen.position = 30
        await pilot.pause()
        await look(name)

    return scene


async def first_screen(app: StichelnApp, pilot: Pilot, look: Look) -> None:
    await app.pop_screen()  # the blank one over it
    await app.workers.wait_for_complete()  # the unfinished game found, and offered
    await pilot.pause()
    await look("first screen")


async def setup_forms(app: StichelnApp, pilot: Pilot, look: Look) -> None:
    """Each game's form, its table two humans and two bots."""
    table = [
        Seat(bot_name(level, seat) if level else default_name(seat), level)
        for seat, level in enumerate(LEVELS)
    ]
    for game, engine in GAMES.items():
        await app.switch_screen(screens_of(game).setup(engine.OPTIONS(), None, table))
        await pilot.pause()
        await look(f"{game} setup")


async def statistics(app: StichelnApp, pilot: Pilot, look: Look) -> None:
    """The statistics, each game's tab in turn."""
    await app.push_screen(StatisticsScreen(app.saves))
    await app.workers.wait_for_complete()
    await pilot.pause()
    for pane in app.screen.query(TabPane):
        app.screen.query_one(TabbedContent).active = pane.id
        await pilot.pause()
        await look(f"statistics: {pane.id.removeprefix('stats-')}")


async def rules_help(app: StichelnApp, pilot: Pilot, look: Look) -> None:
    """Every game's rules, as the first screen shows them."""
    await app.push_screen(RulesHelpScreen(None))
    await pilot.pause()
    await look("rules help")


def step(name: str, *keys: str) -> tuple[str, tuple[str, ...]]:
    return name, keys


SCENES: tuple[Scene, ...] = (
    first_screen,
    setup_forms,
    statistics,
    rules_help,
    taken_over("sticheln pick", step("sticheln pick", "enter")),
    taken_over("sticheln reveal", step("sticheln reveal")),
    taken_over("sticheln play", step("sticheln hand-off"), step("sticheln table", "enter")),
    taken_over("sticheln choose", step("sticheln choose", "enter")),
    resumed("sticheln scores", "sticheln scores"),
    taken_over("sticheln tie", step("sticheln tie")),
    taken_over("sticheln over", step("sticheln game over")),
    replayed("sticheln over", "sticheln replay"),
    taken_over("hattrick play", step("hattrick hand-off"), step("hattrick table", "enter")),
    resumed("hattrick scores", "hattrick scores"),
    taken_over("hattrick over", step("hattrick game over")),
    replayed("hattrick over", "hattrick replay"),
    taken_over("seven seals predict", step("seven seals prediction", "enter")),
    taken_over(
        "seven seals yellow gone",
        step("seven seals prediction, saboteur proposed", "enter"),
        # A yellow seal instead, taken from one of the two who hold them: `w` says whom.
        step("seven seals prediction, robbing", "down", "right"),
    ),
    taken_over(
        "seven seals play", step("seven seals hand-off"), step("seven seals table", "enter")
    ),
    taken_over("seven seals return", step("seven seals return", "enter")),
    resumed("seven seals scores", "seven seals scores"),
    taken_over("seven seals over", step("seven seals game over")),
    replayed("seven seals over", "seven seals replay"),
)


# -- what a screen shows, and what it leaves out ------------------------------------------

_CUT = re.compile(r"[^\s\u2500-\u257f▏]*…[^\s\u2500-\u257f▏]*")  # a word with "…", not a frame


@dataclass(frozen=True)
class Drawn:
    text: str
    keys: tuple[str, ...]  # the footer's keys, each "key description"
    footer: str  # the footer's line as shown
    wrapped_rows: tuple[str, ...]  # the first line of each table that wraps a row
    hidden: dict  # the text of each widget that does not fit, by the widget


# Keys the footer lists only where it has room (the rules help lists them anyway).
WHERE_ROOM = {"export('footer')"}


def footer_keys(app: StichelnApp) -> tuple[str, ...]:
    return tuple(
        f"{key.key_display} {key.description}"
        for key in app.screen.query("KeysFooter FooterKey")
        if key.action not in WHERE_ROOM
    )


def wrapped_rows(app: StichelnApp) -> tuple[str, ...]:
    """Tables on the screen that wrap a row for want of width a terminal twice as wide
    would give them (a hand broken into lines on purpose is no wrapped row)."""
    console = Console(width=1000, legacy_windows=False)
    wrapped = []
    for static in app.screen.query(Static):
        table = static.content if isinstance(static.content, Table) else None
        if table is None or not static.region.area:
            continue
        width = static.content_region.width
        natural = console.measure(table).maximum
        lines = len(console.render_lines(table, console.options.update_width(width), pad=False))
        whole = len(console.render_lines(table, console.options.update_width(natural), pad=False))
        if lines > whole and natural <= width + WIDE[0] - NARROW[0]:
            first = console.render_lines(table, console.options.update_width(natural))[0]
            wrapped.append("".join(segment.text for segment in first).strip())
    return tuple(wrapped)


def hidden(app: StichelnApp) -> dict[Widget, str]:
    """Widgets whose text does not fit where they are: a line of fixed height whose
    words wrap onto lines it does not show, or a widget cut at its container's right
    edge; each with its text. (The footer's keys are counted by `footer_keys`.)"""
    screen = app.screen
    found = {}
    for widget in screen.query("*"):
        if widget.children or not widget.region.area or isinstance(widget.parent, KeysFooter):
            continue
        text = getattr(widget, "content", None) if isinstance(widget, Static) else None
        size = widget.content_size
        if isinstance(text, str | Text):
            needed = widget.get_content_height(widget.parent.size, app.size, size.width)
            if needed > size.height:
                found[widget] = str(text)
        geometry = screen.find_widget(widget)
        if geometry.region.right > geometry.clip.right:
            found[widget] = str(widget.render())[:60]
    return found


def drawn(app: StichelnApp) -> Drawn:
    text = screen_text(app)
    footer = text.splitlines()[-1]  # the footer is the screen's last line
    return Drawn(text, footer_keys(app), footer, wrapped_rows(app), hidden(app))


def shortfalls(wide: Drawn, narrow: Drawn) -> list[str]:
    """What the narrow screen cuts, wraps or leaves out that the wide one shows."""
    found = [f"cut: {word}" for word in _CUT.findall(narrow.text) if word not in wide.text]
    found += [f"footer lacks: {key}" for key in wide.keys if key not in narrow.footer]
    found += [f"wraps: {row}" for row in narrow.wrapped_rows]
    found += [
        f"hides: {type(widget).__name__} {text}"
        for widget, text in narrow.hidden.items()
        if widget not in wide.hidden
    ]
    return found


async def cleared(app: StichelnApp, pilot: Pilot) -> None:
    """Nothing up but a blank screen over the first screen: the screen shown before is
    gone (and the first screen, left beneath, is not drawn again meanwhile)."""
    while len(app.screen_stack) > 2:
        await app.pop_screen()
    if len(app.screen_stack) == 2:
        await app.switch_screen(Screen())
    else:
        await app.push_screen(Screen())
    await pilot.pause()


@pytest.fixture(scope="module")
def games_saved(tmp_path_factory):
    """The statistics' saves: finished games of all three, damaged saves, an unfinished
    game."""
    directory = tmp_path_factory.mktemp("saves")
    build(directory)
    return directory


# By default the two languages with the longest words, the others with the slow tests:
# each language's walk takes half a minute.
DEFAULT_LANGUAGES = {"de", "fi"}


@pytest.fixture(
    params=[
        pytest.param(code, marks=() if code in DEFAULT_LANGUAGES else pytest.mark.slow)
        for code in i18n.LANGUAGES
    ]
)
def language(request) -> str:
    i18n.use(request.param)
    return request.param


@pytest.fixture
def saves(language, games_saved, tmp_path):
    """Those saves, and the finished games of the positions here and the unfinished one
    on the table (offered on the first screen, the newest), their players named in the
    language in use."""
    directory = tmp_path / "saves"
    shutil.copytree(games_saved, directory)
    for name in ("sticheln over", "hattrick over", "seven seals over", "sticheln play"):
        path = directory / f"{name.replace(' ', '-')}.json"
        persistence.save(path, persistence.Record(*seated(positions()[name])))
    return directory


async def every_screen(saves) -> dict[str, list[str]]:
    """Each screen's shortfalls at 80x24 in the language in use, by the screen's name."""
    app = StichelnApp(saves=saves)
    found = {}
    async with app.run_test(size=NARROW) as pilot:

        async def look(name: str) -> None:
            """The screen up, at 80x24 and made wide, then back to 80x24."""
            # Its footer's keys settled first: on a busy machine the footer of a screen
            # just put up is laid out a few frames later.
            keys: tuple[str, ...] | None = None
            for _ in range(20):
                if keys and keys == footer_keys(app):
                    break
                keys = footer_keys(app)
                await pilot.pause(0.05)
            narrow = drawn(app)
            await pilot.resize_terminal(*WIDE)
            wide = drawn(app)
            # The palette's key at the footer's right end: the screen is drawn wide (on a
            # busy machine a few frames after the resize).
            for _ in range(20):
                if len(wide.footer) > NARROW[0]:
                    break
                await pilot.pause(0.05)
                wide = drawn(app)
            assert len(wide.footer) > NARROW[0], f"{name}: not drawn again when made wide"
            found[name] = shortfalls(wide, narrow)
            await pilot.resize_terminal(*NARROW)

        await pilot.pause()
        for scene in SCENES:
            await cleared(app, pilot)
            await scene(app, pilot, look)
    return found


async def test_every_screen_at_80x24_shows_what_a_wider_one_shows(saves):
    found = await every_screen(saves)
    problems = {name: each for name, each in found.items() if each}
    assert not problems, "\n".join(f"{name}: {', '.join(each)}" for name, each in problems.items())
