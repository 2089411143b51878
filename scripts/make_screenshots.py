"""Regenerate screenshots/*.svg from the real app (a seeded 4-player game at 100x32).

Run from the project root: python scripts/make_screenshots.py [GROUP ...] [--out DIR];
with groups (tables, sticheln, hattrick, seven-seals, first, statistics), only those screenshots
are made; with `--out`, they go to DIR instead of screenshots/.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
from pathlib import Path

# Draw the checkout's screens, not whatever copy of the package is installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sticheln_tui import persistence
from sticheln_tui.app import StichelnApp
from sticheln_tui.bots import make_bot
from sticheln_tui.core.game import Game, Phase, PlayCard
from sticheln_tui.core.hattrick import HattrickGame, PassCard, passable, playable
from sticheln_tui.core.options import PRESETS
from sticheln_tui.core.seven_seals import COLOURS, SevenSealsGame
from sticheln_tui.core.seven_seals import Phase as SealsPhase
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.locations import SAVES_ENV
from sticheln_tui.screens.handoff import KEY_GUARDS, HandoffScreen
from sticheln_tui.screens.hattrick import HattrickHandoffScreen, HattrickTableScreen
from sticheln_tui.screens.scoreboard import ScoreboardScreen
from sticheln_tui.screens.seven_seals import (
    SevenSealsHandoffScreen,
    SevenSealsPredictionScreen,
    SevenSealsTableScreen,
)
from sticheln_tui.screens.sticheln.choose_colour import ChooseColourScreen
from sticheln_tui.screens.sticheln.pain_pick import PainPickScreen
from sticheln_tui.screens.sticheln.reveal import RevealScreen
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.seats import Seat
from sticheln_tui.session import Join, TableSession
from sticheln_tui.table_log import TableLog
from sticheln_tui.themes import HIGH_CONTRAST

# Keys come faster than any person presses them here, and bots do not pause.
for owner, name in KEY_GUARDS:
    setattr(owner, name, 0.0)
StichelnApp.BOT_PAUSE = 0.0
OUT = Path(__file__).resolve().parent.parent / "screenshots"  # --out changes it
SIZE = (100, 32)
ROOMY_SIZE = (120, 40)  # a big terminal: the tables as they use its room
LARGE_SIZE = (160, 50)  # a large terminal: the hand's cards tall too
EVERYONE = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]
PLAYERS = EVERYONE[:4]
SEED = 7


def fresh_saves() -> None:
    """An empty saves directory, apart from the user's own saves: a start screen shows
    no unfinished game unless a shot puts one there."""
    os.environ[SAVES_ENV] = tempfile.mkdtemp(prefix="sticheln-shots-")


async def until(pilot, condition, key="enter", limit=2000):
    for _ in range(limit):
        if condition():
            return
        await pilot.press(key)
        await pilot.pause()
    raise RuntimeError("screen not reached")


async def first_screen_ready(app, pilot) -> None:
    """The first screen is up and has looked for a game to continue."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def shoot(app, pilot, name: str) -> None:
    await pilot.pause()
    path = OUT / f"{name}.svg"
    app.save_screenshot(str(path))
    print(path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path)


async def main(groups: list[str]) -> None:
    OUT.mkdir(exist_ok=True)
    for group, make in GROUPS.items():
        if not groups or group in groups:
            await make()


async def sticheln_screens() -> None:
    fresh_saves()
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=SIZE) as pilot:
        await shoot(app, pilot, "setup")

    app = StichelnApp(players=PLAYERS, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await shoot(app, pilot, "handoff")
        await until(pilot, lambda: isinstance(app.screen, PainPickScreen))
        await pilot.press("right", "right", "right")
        await shoot(app, pilot, "pain_pick")
        await until(pilot, lambda: isinstance(app.screen, RevealScreen))
        await shoot(app, pilot, "reveal")
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, TableScreen)
                and app.game.view(None).trick_number == 4
                and len(app.game.view(None).trick) == 2
            ),
        )
        await pilot.press("right", "right")
        await shoot(app, pilot, "table")
        await pilot.resize_terminal(*ROOMY_SIZE)
        await shoot(app, pilot, "table_120x40")
        await pilot.resize_terminal(*LARGE_SIZE)
        await shoot(app, pilot, "table_160x50")
        await pilot.resize_terminal(*SIZE)
        theme, app.theme = app.theme, HIGH_CONTRAST.name
        await shoot(app, pilot, "high_contrast_table")
        app.theme = theme
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await shoot(app, pilot, "handoff_after_play")
        await until(pilot, lambda: isinstance(app.screen, ScoreboardScreen))
        await shoot(app, pilot, "scoreboard")

    # The final screen: the engine plays all but the last card, the app the rest.
    game = Game(PLAYERS, seed=SEED)
    while not (game.phase is Phase.PLAY and len(game.moves) and _one_card_left(game)):
        game.apply(game.legal_moves()[0])
    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await until(pilot, lambda: isinstance(app.screen, ScoreboardScreen) and app.screen.final)
        await shoot(app, pilot, "final")
        await pilot.press("question_mark")
        await shoot(app, pilot, "rules_help")

    await variant_screens()
    await readability_screens()
    await bot_screens()
    await bots_table()
    await save_screens()
    await review_screen()


async def save_screens() -> None:
    """Continue on the first screen, a save that will not load, a small terminal, replay."""
    fresh_saves()
    directory = Path(os.environ[SAVES_ENV])
    game = Game(PLAYERS, seed=SEED)
    while len(game.results) < 2 or len(game.view(None).trick) < 2:
        game.apply(game.legal_moves()[0])
    path = directory / "2026-11-29-203000-ann-bob-cid-dee.json"
    persistence.save(path, persistence.Record(game, (None, None, "normal", None), 2, True))
    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await first_screen_ready(app, pilot)
        await shoot(app, pilot, "first_screen_sticheln_continue")
        await pilot.press("enter")
        await shoot(app, pilot, "resumed")
        await pilot.resize_terminal(60, 16)
        await shoot(app, pilot, "too_small")

    persistence.save(path, persistence.Record(game, (None, None, "normal", None), 2, True))
    path.write_text(path.read_text()[:900])  # a save cut short, its backup whole
    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await first_screen_ready(app, pilot)
        await pilot.press("enter")
        await shoot(app, pilot, "load_problem")

    while game.phase is not Phase.OVER:
        game.apply(game.legal_moves()[-1])
    record = persistence.Record(game, (None, None, "normal", None), len(game.results))
    persistence.export(directory / "record.json", record)
    entry = persistence.SaveEntry(directory / "record.json", 0.0, record, None)
    app = StichelnApp(resume=entry, review=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(
            pilot,
            lambda: (
                isinstance(app.screen.frames[app.screen.position].move, PlayCard)
                and len(app.screen.frames[app.screen.position].view.trick) == 3
            ),
            key="right",
        )
        await pilot.press("pagedown", "pagedown", "pagedown", "right", "right")
        await shoot(app, pilot, "replay")


async def review_screen() -> None:
    """A one-deal game's review (Ann, the human, played by the easy bot), at a costly move."""
    game = Game(PLAYERS, Rules(deals=1), seed=SEED)
    bots = [make_bot("easy" if seat == 0 else "normal", seed=seat) for seat in range(4)]
    while not game.finished:
        game.apply(bots[game.to_move].choose(game.view(game.to_move)))
    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.continue_game(game, (None, "normal", "normal", "normal"))
        await until(pilot, lambda: isinstance(app.screen, ScoreboardScreen) and app.screen.final)
        await pilot.press("v")
        await pilot.pause()
        while not app.screen.review_done:
            await pilot.pause(0.1)
        await pilot.press("n", "n", "n")
        await shoot(app, pilot, "replay_review")


def reach_trick(app, number: int, played: int):
    def reached() -> bool:
        view = app.game.view(None)
        return (
            isinstance(app.screen, TableScreen)
            and view.trick_number == number
            and len(view.trick) == played
        )

    return reached


async def variant_screens() -> None:
    fresh_saves()
    app = StichelnApp(game="sticheln", rules=PRESETS["table-sheet"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#option-harsh").focus()
        await pilot.press("space")
        await shoot(app, pilot, "setup_options")

    app = StichelnApp(players=PLAYERS, seed=SEED, rules=Rules(reverse=True))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, reach_trick(app, 3, 2))
        await shoot(app, pilot, "reverse_table")

    app = StichelnApp(players=PLAYERS, seed=SEED, rules=Rules(harsh=True))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PainPickScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PainPickScreen))
        await shoot(app, pilot, "harsh_pick")

    app = StichelnApp(players=PLAYERS, seed=SEED, rules=Rules(late=True))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChooseColourScreen))
        await shoot(app, pilot, "late_choice")

    app = StichelnApp(players=PLAYERS, seed=SEED, rules=Rules(french_deck=True))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, reach_trick(app, 2, 3))
        await shoot(app, pilot, "french_table")

    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.continue_game(_tied_game())
        await shoot(app, pilot, "tie_break")

    app = StichelnApp(players=PLAYERS[:3], seed=SEED, rules=PRESETS["table-sheet"])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, reach_trick(app, 5, 1))
        await shoot(app, pilot, "table_sheet_table")


async def readability_screens() -> None:
    """The French pick, the pick without colour, a long game's end at 80x24, long names."""
    fresh_saves()
    app = StichelnApp(players=PLAYERS, seed=SEED, rules=Rules(french_deck=True))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PainPickScreen))
        await shoot(app, pilot, "french_pick")

    os.environ["NO_COLOR"] = "1"
    app = StichelnApp(players=PLAYERS, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PainPickScreen))
        await shoot(app, pilot, "no_color_pick")
    del os.environ["NO_COLOR"]

    eight = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
    game = Game(eight, Rules(deals=20), seed=SEED)
    while not _one_card_left(game):
        game.apply(game.legal_moves()[0])
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await until(pilot, lambda: isinstance(app.screen, ScoreboardScreen) and app.screen.final)
        await shoot(app, pilot, "final_8_players_20_deals")

    names = ["Christopher", "Christoph", "Zoë 🦊", "李小龍", "שרה"]
    app = StichelnApp(players=names, seed=SEED)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, reach_trick(app, 2, 3))
        await shoot(app, pilot, "long_names_table")


async def bots_table() -> None:
    """Ann against three bots, having asked for a hint."""
    seats = [
        Seat("Ann"),
        Seat("Normal 2", "normal"),
        Seat("Strong 3", "strong"),
        Seat("Easy 4", "easy"),
    ]
    app = StichelnApp(players=seats, seed=SEED)
    async with app.run_test(size=SIZE) as pilot:

        async def ann_to_play_trick(number: int) -> bool:
            await app.workers.wait_for_complete()
            await pilot.pause()
            view = app.game.view(None)
            return (
                isinstance(app.screen, TableScreen)
                and app.screen.view.legal_moves
                and view.trick_number == number
            )

        while not await ann_to_play_trick(3):
            await pilot.press("enter")
        await pilot.press("h")
        await shoot(app, pilot, "bots_table")
        StichelnApp.BOT_PAUSE = 60.0  # hold the next bot's card on its way
        await pilot.press("enter")
        await shoot(app, pilot, "bots_waiting")
        StichelnApp.BOT_PAUSE = 0.0


async def bot_screens() -> None:
    fresh_saves()
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for seat, level in ((1, "normal"), (2, "strong"), (3, "easy")):
            app.screen.query_one(f"#kind-{seat}").value = level
        app.screen.query_one("#name-0").value = "Ann"
        await shoot(app, pilot, "setup_bots")


def _tied_game() -> Game:
    """The first seeded one-deal tie-break game that ends level, played by first moves."""
    for seed in range(500):
        game = Game(PLAYERS[:3], Rules(deals=1, tie_break=True), seed=seed)
        while game.phase not in (Phase.TIE, Phase.OVER):
            game.apply(game.legal_moves()[0])
        if game.phase is Phase.TIE:
            return game
    raise RuntimeError("no tied game found")


def _one_card_left(game: Game) -> bool:
    view = game.view(None)
    return view.deal == game.rules.deals and sum(view.hand_sizes) == 1


def hattrick_until(players: int, seed: int, reached) -> HattrickGame:
    """A seeded Hattrick game played forward by normal computer players, who here pass a
    quarter of the times they may (so pass cards lie on the table), until `reached(game)`;
    the first seed from `seed` on that gets there."""
    for game_seed in range(seed, seed + 200):
        game = HattrickGame(EVERYONE[:players], seed=game_seed)
        bots = [make_bot("normal", game_seed + seat, game="hattrick") for seat in range(players)]
        rng = random.Random(game_seed)
        while not game.finished and not reached(game):
            passes = [move for move in game.legal_moves() if isinstance(move, PassCard)]
            if passes and rng.random() < 0.25:
                game.apply(min(passes, key=lambda move: move.card.value))
            else:
                game.apply(bots[game.to_move].choose(game.view(game.to_move)))
        if reached(game):
            return game
    raise RuntimeError("no seed reaches the position")


def mid_deal(passes_to_choose: int, latest_trick: int):
    """Some tricks into the first deal (up to `latest_trick`), pass cards on the table, a
    two-colour trick, and a mover who may play or pass (with at least `passes_to_choose`
    cards to show)."""

    def reached(game: HattrickGame) -> bool:
        view = game.view(game.to_move)
        trick = view.trick_cards
        return (
            not view.results
            and 3 <= view.trick_number <= latest_trick
            and sum(map(len, view.passes)) >= 2
            and len(trick) >= 2
            and len(passable(trick, view.hand)) >= passes_to_choose
            and bool(playable(trick, view.hand))
        )

    return reached


async def hattrick_screens() -> None:
    """Hattrick's form, tables, pass choice, hand-off, scores, game over, rules and replay."""
    fresh_saves()
    app = StichelnApp(game="hattrick")
    async with app.run_test(size=SIZE) as pilot:
        await shoot(app, pilot, "hattrick_setup")

    # A 4-player table at the smallest size; the mover then chooses a card to pass with
    # and passes, and the keyboard goes to the next player.
    game = hattrick_until(4, SEED, mid_deal(passes_to_choose=3, latest_trick=8))
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await until(pilot, lambda: isinstance(app.screen, HattrickTableScreen))
        await shoot(app, pilot, "hattrick_table")
        await pilot.resize_terminal(*ROOMY_SIZE)
        await shoot(app, pilot, "hattrick_table_120x40")
        await pilot.resize_terminal(*SIZE)
        await pilot.press("p")
        await shoot(app, pilot, "hattrick_pass_choice")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HattrickHandoffScreen))
        await shoot(app, pilot, "hattrick_handoff")

    game = hattrick_until(7, SEED, mid_deal(passes_to_choose=1, latest_trick=5))
    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await until(pilot, lambda: isinstance(app.screen, HattrickTableScreen))
        await shoot(app, pilot, "hattrick_table_7_players")

    # The first deal's scores, as the table sees them after its last trick, and the end.
    game = hattrick_until(4, SEED, lambda g: len(g.results) == 1)
    await game_end_screens(
        game, hattrick_until(4, SEED, lambda g: g.finished), "hattrick", replay_at=2 / 7
    )


def seven_seals_until(reached, players: int = 4, seed: int = SEED) -> SevenSealsGame:
    """A seeded Seven Seals game played forward by normal computer players until
    `reached(game)`; the first seed from `seed` on that gets there."""
    for game_seed in range(seed, seed + 200):
        game = SevenSealsGame(EVERYONE[:players], seed=game_seed)
        bots = [make_bot("normal", game_seed + s, game="seven-seals") for s in range(players)]
        while not game.finished and not reached(game):
            game.apply(bots[game.to_move].choose(game.view(game.to_move)))
        if reached(game):
            return game
    raise RuntimeError("no seed reaches the position")


def third_to_predict(game: SevenSealsGame) -> bool:
    """The third to predict chooses; the two before took seals, or one the saboteur, as
    DESIGN.md sketches it."""
    view = game.view(None)
    return (
        not view.results
        and view.phase is SealsPhase.PREDICT
        and len(view.prediction_round) == 2
        and sum(view.supply[colour] for colour in COLOURS) < 12
    )


def choosing_a_seal(game: SevenSealsGame) -> bool:
    view = game.view(None)
    return not view.results and view.phase is SealsPhase.RETURN and view.trick_number >= 4


def mid_play(game: SevenSealsGame) -> bool:
    view = game.view(None)
    return (
        not view.results
        and view.phase is SealsPhase.PLAY
        and 5 <= view.trick_number <= 9
        and len(view.trick) == 2
        and view.last_trick is not None
        and view.saboteur is not None
    )


async def seven_seals_screens() -> None:
    """Seven Seals' form, prediction, table, seal choice, hand-off, scores, game over,
    rules and replay."""
    fresh_saves()
    app = StichelnApp(game="seven-seals")
    async with app.run_test(size=SIZE) as pilot:
        await shoot(app, pilot, "seven_seals_setup")

    screens = (
        (third_to_predict, SevenSealsPredictionScreen, "seven_seals_prediction"),
        (mid_play, SevenSealsTableScreen, "seven_seals_table"),
        (choosing_a_seal, SevenSealsTableScreen, "seven_seals_seal_choice"),
    )
    for reached, screen, name in screens:
        game = seven_seals_until(reached)
        app = StichelnApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.continue_game(game)
            await until(pilot, lambda app=app, screen=screen: isinstance(app.screen, screen))
            await shoot(app, pilot, name)
            if name in ("seven_seals_prediction", "seven_seals_table"):
                await pilot.resize_terminal(*ROOMY_SIZE)
                await shoot(app, pilot, f"{name}_120x40")
            if name == "seven_seals_table":
                await pilot.resize_terminal(80, 24)
                await shoot(app, pilot, "seven_seals_table_80x24")
                await pilot.press("enter")
                await until(pilot, lambda app=app: isinstance(app.screen, SevenSealsHandoffScreen))
                await shoot(app, pilot, "seven_seals_handoff")

    game = seven_seals_until(lambda g: len(g.results) == 1)
    await game_end_screens(
        game, seven_seals_until(lambda g: g.finished), "seven_seals", replay_at=2 / 9
    )


async def game_end_screens(scored, finished, prefix: str, replay_at: float) -> None:
    """A game's first deal's scores (`scored` has just finished one), and from the
    `finished` game its final screen, its rules help, and its record replayed some way
    in (`replay_at`: the share of its frames)."""
    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.resume(persistence.Record(scored, (None,) * 4), None)
        await pilot.pause()
        await shoot(app, pilot, f"{prefix}_scoreboard")

    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.continue_game(finished)
        await until(pilot, lambda: isinstance(app.screen, ScoreboardScreen) and app.screen.final)
        await shoot(app, pilot, f"{prefix}_final")
        await pilot.press("question_mark")
        await shoot(app, pilot, f"{prefix}_rules_help")

    path = Path(os.environ[SAVES_ENV]) / f"{prefix}-record.json"
    record = persistence.Record(finished, (None,) * 4, len(finished.results))
    persistence.export(path, record)
    entry = persistence.SaveEntry(path, 0.0, record, None)
    app = StichelnApp(resume=entry, review=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.position = int(len(app.screen.frames) * replay_at)
        await shoot(app, pilot, f"{prefix}_replay")


async def first_screens() -> None:
    """The first screen, without and with a game to continue (a Hattrick game)."""
    fresh_saves()
    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await first_screen_ready(app, pilot)
        await shoot(app, pilot, "first_screen")

    game = hattrick_until(4, SEED, lambda g: len(g.results) == 2 and g.view(None).trick_number == 5)
    path = Path(os.environ[SAVES_ENV]) / "2026-11-29-203000-ann-bob-cid-dee.json"
    persistence.save(path, persistence.Record(game, (None,) * 4, 2))
    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await first_screen_ready(app, pilot)
        await shoot(app, pilot, "first_screen_continue")


def finished_saves(directory: Path, games: int) -> None:
    """Finished games of all three games in `directory`: Ann and Bob with and against
    computer players of every level (normal bots play every seat, for speed)."""
    tables = (
        (Game, ["Ann", "Bob", "Normal 3", "Strong 4"], (None, None, "normal", "strong")),
        (HattrickGame, ["Ann", "Easy 2", "Normal 3", "Cid"], (None, "easy", "normal", None)),
        (SevenSealsGame, ["Bob", "Ann", "Strong 3"], (None, None, "strong")),
    )
    for number in range(games):
        kind, names, levels = tables[number % len(tables)]
        game = kind(names, kind.OPTIONS(), number % len(names), SEED + number)
        bots = [make_bot("normal", seat, game=kind.GAME) for seat in range(len(names))]
        while not game.finished:
            game.apply(bots[game.to_move].choose(game.view(game.to_move)))
        path = directory / f"{kind.GAME}-{number:03}.json"
        persistence.save(path, persistence.Record(game, levels, len(game.results)))
        os.utime(path, (number, number))  # saved in the order played


async def statistics_screens() -> None:
    """The statistics of 30 finished games, from the first screen."""
    fresh_saves()
    finished_saves(Path(os.environ[SAVES_ENV]), 30)
    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await first_screen_ready(app, pilot)
        menu = app.screen.query_one("#menu")
        menu.highlighted = menu.get_option_index("statistics")
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await shoot(app, pilot, "statistics")


async def table_screens() -> None:
    """A table of several screens: the host's join codes, the host waiting for Bob's
    screen once it has closed, and Bob's own screen (joined with his code)."""
    fresh_saves()
    saves = Path(os.environ[SAVES_ENV])
    TableLog.TTL = 0.5  # Bob's closed screen is missed at once
    seats = [Seat("Ann"), Seat("Bob", own_screen=True), Seat("Normal 3", "normal")]
    seats.append(Seat("Easy 4", "easy"))
    host = StichelnApp(players=seats, game="hattrick", seed=SEED, saves=saves)
    async with host.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await shoot(host, pilot, "table_join_codes")
        bob = TableSession(saves)
        bob.join(next(code for seated, code in host.session.shared.codes if seated == (1,)))
        await until(pilot, lambda: host.game.seat_to_move() == 1)
        bob.leave()  # Bob's screen closes
        await pilot.pause(1.2)  # the host misses its signs of life
        await shoot(host, pilot, "table_waiting")
    TableLog.TTL = 3.0
    fresh_saves()
    saves = Path(os.environ[SAVES_ENV])
    table = TableSession(saves)  # the host's screen, played here without one
    table.start("hattrick", seats, seed=SEED)
    code = next(code for seated, code in table.shared.codes if seated == (1,))
    flow = table.flow
    flow.play(0, flow.game.view(0).legal_moves[0])
    table.submit()
    bob = TableSession(saves)
    bob.join(code)
    joined = StichelnApp(start=Join(code), session=bob, saves=saves)
    async with joined.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        await shoot(joined, pilot, "table_own_screen")
    table.leave()


GROUPS = {
    "tables": table_screens,
    "sticheln": sticheln_screens,
    "hattrick": hattrick_screens,
    "seven-seals": seven_seals_screens,
    "first": first_screens,
    "statistics": statistics_screens,
}

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("groups", nargs="*", help=f"of {', '.join(GROUPS)} (default: all)")
    parser.add_argument("--out", type=Path, default=OUT, help="where the SVGs go")
    args = parser.parse_args()
    unknown = set(args.groups) - set(GROUPS)
    if unknown:
        parser.error(f"no such group: {', '.join(sorted(unknown))} (groups: {', '.join(GROUPS)})")
    OUT = args.out
    asyncio.run(main(args.groups))
