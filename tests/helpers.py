"""Shared test helpers: reading the screen back, and driving the app."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable

from rich.cells import cell_len
from textual.app import App
from textual.pilot import Pilot

from sticheln_tui.core.cards import Card
from sticheln_tui.core.hattrick import HattrickGame, PassCard
from sticheln_tui.widgets.cards import card_label

_TEXT = re.compile(
    r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)" '
    r'clip-path="url\(#[\w-]+-line-(\d+)\)">(.*?)</text>'
)


def svg_lines(svg: str) -> list[str]:
    """The characters of an exported screenshot, one string a terminal line."""
    runs = [
        (float(x), float(length), int(line), html.unescape(raw))
        for x, length, line, raw in _TEXT.findall(svg)
    ]
    cell = min(length / len(text) for _, length, _, text in runs if text)
    grid: dict[int, dict[int, str]] = {}
    for x, _, line, text in runs:
        row = grid.setdefault(line, {})
        column = round(x / cell)
        for char in text:  # a wide character takes two cells, a combining accent none
            width = cell_len(char)
            if width:
                row.update({column: char} | dict.fromkeys(range(column + 1, column + width), ""))
            elif column - 1 in row:
                row[column - 1] += char
            column += width
    return [
        "".join(grid[line].get(col, " ") for col in range(max(grid[line]) + 1)).replace("\xa0", " ")
        for line in sorted(grid)
    ]


def screen_text(app: App) -> str:
    """What the terminal shows now, as plain text (from the exported screenshot)."""
    return "\n".join(svg_lines(app.export_screenshot()))


def c(text: str) -> Card:
    """'red 5' -> Card('red', 5)."""
    colour, value = text.split()
    return Card(colour, int(value))


def cards(*texts: str) -> list[Card]:
    return [c(text) for text in texts]


def reference_points(card: Card, colours, rules) -> int:
    """One card's score, written out from RULES.md 1.5 and 1.7 independently of the core."""
    if rules.reverse:
        return card.value if card.colour in colours else -1
    if card.colour in colours:
        return -5 if rules.mild else -card.value
    return 1


def card_marks(card: Card) -> list[str]:
    """Every way a card can be drawn: plain, pain-marked, focused."""
    return [
        card_label(card),
        card_label(card, pain=True),
        card_label(card, focused=True),
        card_label(card, pain=True, focused=True),
    ]


def cards_on_screen(text: str, cards) -> list[Card]:
    return [card for card in cards if any(mark in text for mark in card_marks(card))]


async def press_until(pilot: Pilot, done, limit: int = 5000, key: str = "enter") -> int:
    """Press `key` until `done()` holds; returns the number of presses."""
    for presses in range(limit):
        if done():
            return presses
        await pilot.press(key)
        await pilot.pause()
    raise AssertionError(f"not reached after {limit} presses of {key}")


def is_final(app: App) -> bool:
    from sticheln_tui.screens.scoreboard import ScoreboardScreen

    return isinstance(app.screen, ScoreboardScreen) and app.screen.final


def check_final_screen(app: App) -> list[int]:
    """The final screen shows "Game over", the core's totals and the core's winners.

    The core's figures come from replaying every move the app made; returns the totals.
    """
    from sticheln_tui.core.game import Game, Phase, running_totals, standings

    game = app.game
    assert game.phase is Phase.OVER
    replayed = Game.replay(game.players, game.rules, game.first_leader, game.seed, game.moves)
    count = len(game.players)
    totals = running_totals(replayed.results, count)
    text = screen_text(app)
    assert "Game over" in text
    for seat, name in enumerate(game.players):  # the Totals tab: place, name, total, bar
        assert re.search(rf"\s{re.escape(name)} +{re.escape(f'{totals[seat]:+d}')} ", text), name
    verdict = text.split("Game over")[1].splitlines()[0]
    for seat in standings(replayed.results, count, game.rules):
        assert game.players[seat] in verdict
    return list(totals)


def played_until(
    players: int, seed: int, done: Callable[[HattrickGame], bool], seeds: int = 1
) -> HattrickGame:
    """A Hattrick game played forward with seeded random moves (a pass now and then) until
    `done`; the first of `seeds` games from `seed` on that gets there."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]
    for game_seed in range(seed, seed + seeds):
        game = HattrickGame(names[:players], seed=game_seed)
        rng = random.Random(game_seed)
        while not done(game) and not game.finished:
            moves = game.legal_moves()
            passes = [move for move in moves if isinstance(move, PassCard)]
            game.apply(rng.choice(passes if passes and rng.random() < 0.3 else moves))
        if done(game):
            return game
    raise AssertionError("the position never came")
