"""Every text on every screen is readable: WCAG's 4.5:1 contrast against its background,
measured on the screens as drawn (after Textual has resolved styles, dim and NO_COLOR's
greys), in every theme the game offers, in true colour, 256 colours and 16 colours.

256 and 16 colours are what Rich sends to such a terminal (its own downgrade of each
colour); 16 colours are shown with the standard VGA palette Rich matches against.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator
from functools import partial

import pytest
from positions import seven_seals_until, tied_game
from rich._palettes import EIGHT_BIT_PALETTE, STANDARD_PALETTE
from rich.cells import cell_len
from rich.color import Color, ColorSystem, ColorType
from rich.style import Style
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, RadioButton

from sticheln_tui import screens as screens_package
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.cards import FRENCH_SUITS, STICHELN_COLOURS, Card
from sticheln_tui.core.game import Game, Phase, PickPain
from sticheln_tui.core.hattrick import HattrickGame, passable, playable
from sticheln_tui.core.review import frames
from sticheln_tui.core.seven_seals import Phase as SevenSealsPhase
from sticheln_tui.core.seven_seals import SevenSealsGame, TakeSaboteur, predict
from sticheln_tui.core.statistics import statistics
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.persistence import Record, SaveEntry
from sticheln_tui.screens.confirm import ConfirmScreen
from sticheln_tui.screens.hattrick import (
    HattrickHandoffScreen,
    HattrickScoreboardScreen,
    HattrickTableScreen,
)
from sticheln_tui.screens.hattrick import last_event_text as hattrick_event
from sticheln_tui.screens.hattrick.replay import HattrickReplayScreen
from sticheln_tui.screens.join_codes import JoinCodesScreen
from sticheln_tui.screens.load_problem import LoadProblemScreen
from sticheln_tui.screens.menu import MenuScreen
from sticheln_tui.screens.open_elsewhere import OpenElsewhereScreen, SaveLookScreen
from sticheln_tui.screens.rules_help import RulesHelpScreen
from sticheln_tui.screens.setup import (
    HattrickSetupScreen,
    SevenSealsSetupScreen,
    StichelnSetupScreen,
)
from sticheln_tui.screens.seven_seals import (
    SevenSealsHandoffScreen,
    SevenSealsPredictionScreen,
    SevenSealsReplayScreen,
    SevenSealsScoreboardScreen,
    SevenSealsTableScreen,
)
from sticheln_tui.screens.seven_seals import last_event_text as seven_seals_event
from sticheln_tui.screens.statistics import StatisticsScreen
from sticheln_tui.screens.sticheln.choose_colour import ChooseColourScreen
from sticheln_tui.screens.sticheln.handoff import StichelnHandoffScreen
from sticheln_tui.screens.sticheln.pain_pick import PainPickScreen
from sticheln_tui.screens.sticheln.parts import last_event_text
from sticheln_tui.screens.sticheln.replay import StichelnReplayScreen
from sticheln_tui.screens.sticheln.reveal import RevealScreen
from sticheln_tui.screens.sticheln.scoreboard import StichelnScoreboardScreen
from sticheln_tui.screens.sticheln.table import StichelnTableScreen
from sticheln_tui.screens.too_small import TooSmallScreen
from sticheln_tui.themes import HIGH_CONTRAST
from sticheln_tui.widgets.cards import card_text
from sticheln_tui.widgets.colours import CARD_COLOURS

MINIMUM = 4.5  # WCAG 2 AA for text
AAA = 7.0  # WCAG 2 AAA for text
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
SIZE = (100, 32)
DEPTHS = {
    "true colour": ColorSystem.TRUECOLOR,
    "256 colours": ColorSystem.EIGHT_BIT,
    "16 colours": ColorSystem.STANDARD,
}
THEMES = sorted(StichelnApp().available_themes)


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def linear(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(value) for value in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: tuple[int, int, int], two: tuple[int, int, int]) -> float:
    dark, light = sorted((luminance(one), luminance(two)))
    return (light + 0.05) / (dark + 0.05)


def shown(color: Color, depth: ColorSystem) -> tuple[int, int, int]:
    """The colour a terminal of this depth shows for `color`."""
    color = color.downgrade(depth)
    if color.type is ColorType.STANDARD:
        return tuple(STANDARD_PALETTE[color.number])
    if color.type is ColorType.EIGHT_BIT:
        return tuple(EIGHT_BIT_PALETTE[color.number])
    assert color.type is ColorType.TRUECOLOR, f"a terminal default colour: {color}"
    return tuple(color.triplet)


def unticked_marks(screen: Screen) -> set[tuple[int, int]]:
    """Where unticked boxes have their X, which Textual draws barely visible on purpose:
    it means "not ticked"."""
    return {
        (box.content_region.x + 1, box.content_region.y)
        for box in [*screen.query(Checkbox), *screen.query(RadioButton)]
        if not box.value and box.region
    }


def drawn_colours(screen: Screen) -> dict[tuple[Color, Color], str]:
    """Each (foreground, background) pair of the screen as composited, with its text.

    Skipped: spaces; box-drawing and block characters (borders, rules, scroll bars and
    the chart's bars: lines and shapes, not letters); emoji such as the palette's 🔎
    (terminals draw them in their own colours); characters drawn in their own
    background colour (nothing shows); the mark of an unticked box; and a dialog's
    backdrop, which fades the screen beneath on purpose. The colours are those sent to
    the terminal, after Textual has applied dim, opacity and NO_COLOR.
    """
    dialog = isinstance(screen, ModalScreen)
    hidden = unticked_marks(screen)
    found: dict[tuple[Color, Color], str] = {}
    for y, line in enumerate(composited(screen)):
        x = 0
        for text, style, _ in (segment for strip in line for segment in strip):
            style = style or Style()
            fg, bg = style.color, style.bgcolor
            if style.reverse:
                fg, bg = bg, fg
            assert not style.dim, "dim is left to the terminal, which may dim any amount"
            for char in text:
                if (
                    (x, y) not in hidden
                    and fg != bg
                    and not char.isspace()
                    and not "─" <= char <= "▟"
                    and char < "\U0001f000"
                    and not (dialog and screen.get_widget_at(x, y)[0] is screen)
                ):
                    found[fg, bg] = found.get((fg, bg), "") + char
                x += cell_len(char)
    return found


def composited(screen: Screen) -> list:
    """The screen's lines as the compositor's full update has them (Textual 8.2
    internals): what the driver writes to the terminal."""
    beneath = screen.app._background_screens
    return screen._compositor.render_update(full=True, screen_stack=beneath).strips


def played_to(game: Game, done: Callable[[Game], bool]) -> Game:
    while not done(game):
        game.apply(game.legal_moves()[0])
    return game


def mid_trick(game: Game) -> bool:
    view = game.view(None)
    return game.phase is Phase.PLAY and view.trick_number == 3 and len(view.trick) == 2


def hattrick_to(done: Callable[[HattrickGame], bool]) -> HattrickGame:
    """A Hattrick game that passes whenever it may (the pass cards show), until `done`."""
    game = HattrickGame(PLAYERS, seed=7)
    while not done(game):
        game.apply(game.legal_moves()[-1])
    return game


def may_play_or_pass(game: HattrickGame) -> bool:
    """The mover may play, or pass with one of several cards; passes lie on the table."""
    view = game.view(game.to_move)
    return (
        len(view.deal_tricks) > 2
        and bool(playable(view.trick_cards, view.hand))
        and len(passable(view.trick_cards, view.hand)) > 1
    )


def focus(selector: str) -> Callable[[Screen], None]:
    return lambda screen: screen.query_one(selector).focus()


def refused_seed(screen: Screen) -> None:
    screen.query_one("#seed").value = "12x"
    screen.action_start()


def offer(save: SaveEntry) -> Callable[[Screen], None]:
    """The first screen found a game to continue."""
    return lambda screen: screen._offer(save)


# A key to press, something done to the screen, or seconds to wait for it to settle.
Step = str | Callable[[Screen], None] | float


def screens(tmp_path) -> Iterator[tuple[str, Callable[[], Screen], tuple[Step, ...]]]:
    """Every screen, in prepared positions that show its variants and the states of its
    widgets: (name, screen, steps after it shows)."""
    pick = Game(PLAYERS, seed=7)
    table = played_to(Game(PLAYERS, seed=7), mid_trick)
    save = SaveEntry(tmp_path / "save.json", 0.0, Record(table, (None, "normal", None, None)), None)
    yield "first screen", lambda: MenuScreen(tmp_path), ()
    yield "first screen, a game to continue", lambda: MenuScreen(tmp_path), (offer(save),)
    yield "setup", StichelnSetupScreen, ()
    yield "setup, a choice", StichelnSetupScreen, (focus("#count"), "left")
    yield "setup, an option", StichelnSetupScreen, (focus("#option-harsh"), "space")
    yield "setup, the start button", StichelnSetupScreen, (focus("#start"),)
    yield "setup, a refused seed", StichelnSetupScreen, (refused_seed,)
    yield "Hattrick's setup", HattrickSetupScreen, ()
    moved = Game(PLAYERS, seed=7)
    moved.apply(moved.legal_moves()[0])
    news = last_event_text(moved.view(None), moved.moves[-1], 0)
    yield "hand-off", lambda: StichelnHandoffScreen(moved.view(None), 1, news), ()
    yield "pain pick", lambda: PainPickScreen(pick.view(0)), ("right",)
    french = Game(PLAYERS, Rules(french_deck=True), seed=7)
    yield "French pain pick", lambda: PainPickScreen(french.view(0)), ()
    harsh = Game(PLAYERS, Rules(harsh=True), seed=7)
    harsh.apply(PickPain(harsh.view(0).hand[0]))
    harsh = played_to(harsh, lambda g: g.to_move == 0)
    yield "harsh second pick", lambda: PainPickScreen(harsh.view(0)), ()
    late = played_to(Game(PLAYERS, Rules(late=True), seed=7), lambda g: g.phase is Phase.CHOOSE)
    yield "choose colour", lambda: ChooseColourScreen(late.view(late.to_move)), ("down",)
    reveal = played_to(Game(PLAYERS, seed=7), lambda g: g.phase is Phase.PLAY)
    yield "reveal", lambda: RevealScreen(reveal.view(None)), ()
    yield "table", lambda: StichelnTableScreen(table.view(table.to_move)), ("right", "h")
    for rules in (Rules(french_deck=True), Rules(reverse=True), Rules(dark=True)):
        variant = played_to(Game(PLAYERS, rules, seed=7), mid_trick)
        yield f"table, {rules}", lambda g=variant: StichelnTableScreen(g.view(g.to_move)), ()
    scored = played_to(Game(PLAYERS, seed=7), lambda g: len(g.results) == 1)
    yield "scoreboard", lambda: StichelnScoreboardScreen(scored.view(None)), ()
    over = played_to(Game(PLAYERS, seed=7), lambda g: g.phase is Phase.OVER)
    yield "final scores", lambda: StichelnScoreboardScreen(over.view(None)), ()
    tie = tied_game()
    yield "tie", lambda: StichelnScoreboardScreen(tie.view(None)), ()
    yield "rules", lambda: RulesHelpScreen(Rules()), ()
    hattrick = hattrick_to(may_play_or_pass)
    yield "Hattrick table", lambda: HattrickTableScreen(hattrick.view(hattrick.to_move)), ("h",)
    passing = ("p",)  # choosing the card to pass with: the others dimmed
    yield "Hattrick passing", lambda: HattrickTableScreen(hattrick.view(hattrick.to_move)), passing
    public = hattrick.view(None)
    mover = (public.trick or public.last_trick.turns)[-1].seat
    news = hattrick_event(public, hattrick.moves[-1], mover)
    yield "Hattrick hand-off", lambda: HattrickHandoffScreen(public, hattrick.to_move, news), ()
    deal = hattrick_to(lambda g: len(g.results) == 1)
    yield "Hattrick scores", lambda: HattrickScoreboardScreen(deal.view(None)), ()
    end = hattrick_to(lambda g: g.finished)
    yield "Hattrick final", lambda: HattrickScoreboardScreen(end.view(None)), ()
    finished = [
        SaveEntry(tmp_path / f"{number}.json", number, Record(game, levels), None)
        for number, (game, levels) in enumerate(
            ((over, (None, "easy", "strong", None)), (over, (None,) * 4), (end, (None,) * 4))
        )
    ]
    yield "statistics", partial(statistics_screen, tmp_path, finished), ()
    yield from seven_seals_screens()
    yield "rules, end", lambda: RulesHelpScreen(Rules()), ("end",)
    yield "replay", lambda: StichelnReplayScreen(frames(over), "a.json"), ("pagedown", "right")
    # A trick under way late in the game: piles, pass cards and hands all on screen.
    yield "Hattrick replay", lambda: HattrickReplayScreen(frames(end), "a.json"), ("end", "left")
    broken = SaveEntry(tmp_path / "broken.json", 0.0, None, "it is cut short")
    yield "load problem", lambda: LoadProblemScreen(broken), ()
    yield "open elsewhere", lambda: OpenElsewhereScreen(save), ()
    yield "look at a save open elsewhere", lambda: SaveLookScreen(save), ()
    yield "too small", lambda: TooSmallScreen(Size(60, 16), "hattrick"), ()
    yield "confirm", lambda: ConfirmScreen("Quit Sticheln?"), ()
    codes = ["Ann (this screen; to come back): sticheln join 4kQ", "Bob: sticheln join x9Z"]
    yield "join codes", lambda: JoinCodesScreen(codes), ()
    yield "command palette", StichelnSetupScreen, ("ctrl+p", 0.2)
    yield "theme list", StichelnSetupScreen, ("ctrl+p", 0.2, *"theme", 0.2, "enter", 0.2)


def statistics_screen(saves, entries: list[SaveEntry]) -> StatisticsScreen:
    """The statistics of these saves, already read."""
    screen = StatisticsScreen(saves)
    screen.stats = statistics(entries)
    return screen


def seven_seals_screens() -> Iterator[tuple[str, Callable[[], Screen], tuple[Step, ...]]]:
    """Seven Seals' screens: the prediction (a steal shown, the saboteur held), the table,
    the seal to give back, the hand-off, the scores and the replay."""
    yield "Seven Seals' setup", SevenSealsSetupScreen, ()
    predicting = SevenSealsGame(PLAYERS, seed=7)
    predicting.apply(predict({"yellow": 3}))
    predicting.apply(TakeSaboteur())
    steal = ("down", "right")  # a yellow seal from Ann
    yield "Seven Seals prediction", partial(SevenSealsPredictionScreen, predicting.view(2)), steal
    playing = seven_seals_until(lambda g: len(g.view(None).trick) == 2 and len(g.results) == 0)
    yield "Seven Seals table", lambda: SevenSealsTableScreen(playing.view(playing.to_move)), ("h",)
    returning = seven_seals_until(lambda g: g.phase == SevenSealsPhase.RETURN, seeds=20)
    choice = partial(SevenSealsTableScreen, returning.view(returning.to_move))
    yield "Seven Seals seal to give back", choice, ("right",)
    public = playing.view(None)
    news = seven_seals_event(public, playing.moves[-1], public.trick[-1].seat)
    yield "Seven Seals hand-off", lambda: SevenSealsHandoffScreen(public, 0, news), ()
    scored = seven_seals_until(lambda g: len(g.results) == 1)
    yield "Seven Seals scores", lambda: SevenSealsScoreboardScreen(scored.view(None)), ()
    over = seven_seals_until(lambda g: g.finished, players=3)
    yield "Seven Seals final", lambda: SevenSealsScoreboardScreen(over.view(None)), ()
    replay = partial(SevenSealsReplayScreen, frames(over), "a.json")
    yield "Seven Seals replay", replay, ("end", "left")


async def measured_screens(
    theme: str, tmp_path
) -> list[tuple[str, type[Screen], dict[tuple[Color, Color], str]]]:
    """Each screen's drawn colours (the screen on top once its steps are done); the table
    also under two notifications."""
    measured = []
    app = StichelnApp(saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = theme
        for name, make, steps in screens(tmp_path):
            depth = len(app.screen_stack)
            await app.push_screen(make())
            await pilot.pause()
            for step in steps:
                if isinstance(step, str):
                    await pilot.press(step)
                elif isinstance(step, float):
                    await pilot.pause(step)
                else:
                    step(app.screen)
            if name == "table":
                app.notify("Ann: your card is back in your hand.")
                app.notify("Could not save the game.", severity="error")
            await pilot.pause()
            measured.append((name, type(app.screen), drawn_colours(app.screen)))
            app.clear_notifications()
            while len(app.screen_stack) > depth:  # the screen and what it opened
                await app.pop_screen()
    return measured


# Measured by default: the high-contrast theme where its stricter AAA applies (colour),
# the usual dark one, and the light one under NO_COLOR; the other three with the slow
# tests (each walk through every screen takes half a minute).
MEASURED_BY_DEFAULT = {
    ("sticheln-dark", False),
    ("sticheln-high-contrast", False),
    ("sticheln-light", True),
}


def themes_and_colours():
    """Each theme in colour and under NO_COLOR."""
    for theme in THEMES:
        for no_color in (False, True):
            yield pytest.param(
                theme,
                no_color,
                id=f"{theme}-{'NO_COLOR' if no_color else 'colour'}",
                marks=() if (theme, no_color) in MEASURED_BY_DEFAULT else pytest.mark.slow,
            )


@pytest.mark.parametrize(("theme", "no_color"), themes_and_colours())
async def test_every_text_has_enough_contrast(theme, no_color, monkeypatch, tmp_path):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")  # Textual then draws in greys
    # Nobody holds the save these two screens show: on a busy machine they would take
    # it up, or end the look, before they were measured.
    monkeypatch.setattr(OpenElsewhereScreen, "CHECK_SECONDS", 3600.0)
    monkeypatch.setattr(SaveLookScreen, "REFRESH_SECONDS", 3600.0)
    faults = []
    measured = await measured_screens(theme, tmp_path)
    assert game_screens() <= {screen for _, screen, _ in measured}
    for name, _, colours in measured:
        for (fg, bg), text in colours.items():
            for depth_name, depth in DEPTHS.items():
                ratio = contrast(shown(fg, depth), shown(bg, depth))
                if ratio < minimum(theme, depth, no_color, (fg, bg)):
                    faults.append(
                        f"{name}, {depth_name}: {ratio:.2f} {fg.name} on {bg.name}: {text[:30]}"
                    )
    assert not faults, "\n".join(faults)


def minimum(theme: str, depth: ColorSystem, no_color: bool, pair: tuple[Color, Color]) -> float:
    """WCAG's AA for text; AAA (7:1) in the high-contrast theme in true colour, but for
    the cards, which keep their colours in every theme."""
    card_colours = {
        frozenset({Color.parse(text), Color.parse(back)}) for text, back in CARD_COLOURS.values()
    }
    high_contrast = theme == HIGH_CONTRAST.name and depth is ColorSystem.TRUECOLOR
    if high_contrast and not no_color and frozenset(pair) not in card_colours:
        return AAA
    return MINIMUM


def game_screens() -> set[type[Screen]]:
    """Every screen the game has: each class of a screen module that is not a base of
    others."""
    found = set()
    for module in pkgutil.iter_modules(screens_package.__path__):
        names = vars(importlib.import_module(f"{screens_package.__name__}.{module.name}"))
        found |= {
            value
            for value in names.values()
            if isinstance(value, type)
            and issubclass(value, Screen)
            and value.__module__.startswith(screens_package.__name__)
        }
    return {screen for screen in found if not screen.__subclasses__()}


def test_the_palette_offers_only_the_measured_themes():
    app = StichelnApp()
    assert sorted(app.available_themes) == THEMES
    assert {"sticheln-dark", "sticheln-light", "sticheln-high-contrast"} <= set(THEMES)
    assert app.theme == "sticheln-dark"


@pytest.mark.parametrize("deck", [STICHELN_COLOURS, FRENCH_SUITS], ids=["Sticheln", "French"])
def test_in_16_colours_the_colours_of_a_deck_stay_apart(deck):
    ansi = {
        colour: Style.parse(card_text(Card(colour, 5)).style)
        .bgcolor.downgrade(ColorSystem.STANDARD)
        .number
        for colour in deck
    }
    assert len(set(ansi.values())) == len(deck), ansi
    green = {"green", "clubs"} & set(deck)
    assert all(ansi[colour] in (2, 10) for colour in green), ansi  # green stays green


FOCUS_CONTRAST = 3.0  # WCAG 2.2's least contrast between a focused and an unfocused state


def drawn_background(widget) -> Color:
    """The background the terminal is sent for a widget's first cell."""
    x, y = widget.content_region.offset
    column = 0
    for text, style, _ in (segment for strip in composited(widget.screen)[y] for segment in strip):
        column += cell_len(text)
        if column > x:
            style = style or Style()
            return style.color if style.reverse else style.bgcolor
    raise AssertionError(f"nothing drawn at {x}, {y}")


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
@pytest.mark.parametrize("theme", THEMES)
async def test_the_setup_form_opens_on_its_first_field_marked_in_every_theme(
    theme, no_color, monkeypatch
):
    """The first field has the focus, and its mark (the field's background) stands apart
    from a field without it, at every colour depth."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=SIZE) as pilot:
        app.theme = theme
        await pilot.pause()
        focused, unfocused = app.screen.query_one("#count"), app.screen.query_one("#leader")
        assert app.focused is focused
        for depth_name, depth in DEPTHS.items():
            ratio = contrast(
                shown(drawn_background(focused), depth), shown(drawn_background(unfocused), depth)
            )
            assert ratio >= FOCUS_CONTRAST, f"{depth_name}: {ratio:.2f}"
