"""The scores between deals and the final screen, at the smallest terminal we support."""

from __future__ import annotations

import re
from functools import cache

import pytest
from helpers import screen_text
from screen_app import ScreenApp, shown
from textual.widgets import TabbedContent

from sticheln_tui import i18n
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.screens.scoreboard import ScoreboardScreen
from sticheln_tui.screens.sticheln.pain_pick import PainPickScreen
from sticheln_tui.screens.sticheln.scoreboard import StichelnScoreboardScreen

EIGHT = ["Maximiliane Ross", "Ann", "Christopher", "Christoph", "Dee", "Eve", "Fay", "Gus"]


@cache
def long_game() -> Game:
    """8 players, 20 deals, played to the end with the first legal move."""
    game = Game(EIGHT, Rules(deals=20), seed=7)
    while game.phase is not Phase.OVER:
        game.apply(game.legal_moves()[0])
    return game


def board_lines(text: str) -> list[str]:
    """The rows of a tab's table: every line but the title, the tabs and the footer."""
    return text.splitlines()[3:-1]


def player_rows(text: str, name: str) -> list[str]:
    """The table rows of the player `name`: their name first, after the leader mark."""
    return [line for line in board_lines(text) if re.match(rf" [★ ] {re.escape(name)} ", line)]


async def test_final_screen_at_80x24_shows_8_players_and_20_deals_uncut():
    game = long_game()
    totals = [f"{total:+d}" for total in game.view(None).totals]
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen) and app.screen.final

        totals_tab = screen_text(app)
        assert totals_tab.startswith(" Game over: ")
        for name, total in zip(EIGHT, totals, strict=True):
            assert re.search(rf"\d ..{name} +{re.escape(total)} ", totals_tab), name
        assert "★ winner: the highest total." in totals_tab
        assert "points, from 0 to the total" in totals_tab  # the chart's scale says what
        scale = totals_tab.splitlines()[-3].split()
        assert (
            "0" in scale and len(scale) >= 3 and all(re.fullmatch(r"0|[+-]\d+", s) for s in scale)
        )

        await pilot.press("tab")
        await pilot.pause()
        deals_tab = screen_text(app)
        headers = [line.split() for line in board_lines(deals_tab) if line.startswith(" Player")]
        assert [h for block in headers for h in block if h != "Player"] == [
            *(f"D{deal}" for deal in range(1, 21)),
            "Total",
        ]
        for name, total in zip(EIGHT, totals, strict=True):
            rows = player_rows(deals_tab, name)
            assert len(rows) == len(headers), name  # one line a block: no wrapped cell
            assert rows[-1].endswith(f" {total}"), rows[-1]

        await pilot.press("tab")
        await pilot.pause()
        deal_tab = screen_text(app)
        assert deal_tab.splitlines()[1].split("  ")[-1] == "Deal 20"  # the tab names the deal
        header = next(line for line in board_lines(deal_tab) if line.startswith(" Player"))
        columns = "Player Tricks Pain cards +cards -pain Deal Total"
        assert header.split() == columns.split()
        for name, total in zip(EIGHT, totals, strict=True):
            (row,) = player_rows(deal_tab, name)
            assert row.endswith(f" {total}"), row
        for text in (totals_tab, deals_tab, deal_tab):
            assert "…" not in text


def before_the_last_card() -> Game:
    """A one-human table (seat 0) about to play the first deal's last card."""
    for seed in range(100):
        game = Game(["Ann", "Bob", "Cid"], seed=seed)
        while not game.results:
            last_card = sum(map(len, game.hands)) == 1
            if last_card and game.phase is Phase.PLAY:
                if game.to_move == 0:
                    return game
                break
            game.apply(game.legal_moves()[0])
    raise AssertionError("no such game in 100 seeds")


async def test_scores_between_deals_open_on_the_deal_just_played_and_enter_goes_on():
    game = before_the_last_card()
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.continue_game(game, [None, "easy", "easy"])
        await pilot.pause()
        await pilot.press("enter")  # the deal's last card
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen) and not app.screen.final
        text = screen_text(app)
        assert text.startswith(" Scores after deal 1 of 5")
        result = game.results[0]
        for name, score in zip(game.players, result.scores, strict=True):
            (row,) = player_rows(text, name)
            assert row.split()[-2:] == [f"{score.total:+d}"] * 2, row  # the deal, the total
        assert "★ in the lead so far: the highest total." in text
        assert "Next deal" in text
        await pilot.press("left")  # the arrows switch tabs as well
        await pilot.pause()
        assert app.screen.query_one(TabbedContent).active == "deals"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PainPickScreen)


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
async def test_the_final_footer_shows_export_where_it_has_room_and_e_exports_anyway(code, width):
    """The Footer fits the terminal with every key it shows whole; Export is one of them
    unless the room left could not hold it (at 80 columns Review leaves none in some
    languages), and e exports either way."""
    i18n.use(code)
    game = Game(["Ann", "Bob", "Cid"], Rules(deals=1), seed=2)
    while not game.finished:
        game.apply(game.legal_moves()[0])
    exported = []

    def hook(message) -> None:
        if isinstance(message, ScoreboardScreen.Export):
            exported.append(message)

    async with ScreenApp().run_test(size=(width, 24), message_hook=hook) as pilot:
        await shown(pilot, StichelnScoreboardScreen(game.view(None)))
        footer = screen_text(pilot.app).splitlines()[-1]
        keys, palette = footer.split("▏")
        assert f"q {i18n._('Quit')} " in keys and i18n._("palette") in palette  # all whole
        export = f" e {i18n._('Export')} "
        room = len(keys) - len(keys.rstrip()) - 1  # the blank after the last key is its own
        assert export in keys or room < len(export), f"room for Export: {footer}"
        assert export in keys or (width == 80 and code != "en")
        await pilot.press("e")
        await pilot.pause()
        assert len(exported) == 1
