"""Player names in the table's columns, and the points each player has taken so far."""

from __future__ import annotations

import pytest
from helpers import reference_points, screen_text
from rich.cells import cell_len

from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.screens.table import TableScreen
from sticheln_tui.widgets.cards import card_label
from sticheln_tui.widgets.names import fit_name

# An emoji and CJK take two cells a character; the Hebrew name's vowel marks take none.
ODD_NAMES = ["Christopher", "Christoph", "😀😀Emoji", "李小龍王", "שָׂרָה", "José", "Ann", "Bob"]
BOTS = [None] + ["easy"] * 7  # one human at seat 0: the table shows seat 0's view


def position(names, rules: Rules = Rules(), plays_in_trick: int = 3) -> Game:
    """A game in its first deal with some tricks done, seat 0 to play into a trick of
    `plays_in_trick` cards."""
    for seed in range(200):
        game = Game(names, rules, seed=seed)
        while game.phase is not Phase.OVER and not game.results:
            if (
                game.phase is Phase.PLAY
                and game.to_move == 0
                and len(game.deal_tricks) >= 2
                and len(game.trick) == plays_in_trick
            ):
                return game
            game.apply(game.legal_moves()[0])
    raise AssertionError("no such position in 200 seeds")


async def table_text(game: Game, size=(80, 24)) -> str:
    app = StichelnApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.continue_game(game, BOTS[: len(game.players)])
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        return screen_text(app)


def column_of(text: str, label: str) -> int:
    """The terminal column (in cells) where `label` starts, on the line showing it."""
    (line,) = [line for line in text.splitlines() if label in line]
    return cell_len(line[: line.index(label)])


def test_a_name_is_fitted_in_terminal_cells_and_a_cut_is_marked():
    assert fit_name("Ann", 6) == "Ann   "
    assert fit_name("Christopher", 8) == "Christo…"
    assert fit_name("李小龍王", 8) == "李小龍王"  # 4 characters, 8 cells
    assert fit_name("李小龍王", 6) == "李小… "  # no half character before the mark
    assert fit_name("שָׂרָה", 5) == "שָׂרָה  "  # 3 cells
    for name in ODD_NAMES:
        for width in range(4, 14):
            assert cell_len(fit_name(name, width)) == width


def test_names_that_would_be_cut_alike_are_cut_in_the_middle():
    table = ["Christopher-Paul", "Christopher-Pete", "Christopher", "Christoph", "Al"]
    fitted = [fit_name(name, 13, table) for name in table]
    assert fitted[:2] == ["Christ…r-Paul", "Christ…r-Pete"]
    assert fitted[2:] == ["Christopher  ", "Christoph    ", "Al           "]
    assert fit_name("Christopher", 8, table) == "Chr…pher"
    assert fit_name("Christopher", 8, ["Christopher", "Al"]) == "Christo…"  # alone: the end
    for width in range(4, 14):
        fitted = {fit_name(name, width, ODD_NAMES) for name in ODD_NAMES}
        assert all(cell_len(name) == width for name in fitted)


async def test_names_cut_alike_at_80_columns_stay_apart_on_the_table():
    names = [f"Christopher-{n}" for n in ("Paul", "Pete", "Anna", "Alex")] + ["A", "B", "C", "D"]
    text = await table_text(position(names, Rules(harsh=True)))
    for name in names[:4]:
        assert name[-4:] in text, text


@pytest.mark.parametrize("width", [80, 120])
async def test_emoji_cjk_and_accented_names_keep_the_card_columns_in_line(width):
    game = position(ODD_NAMES)
    text = await table_text(game, (width, 30))
    pain_columns = {column_of(text, card_label(game.pain_cards[seat][0])) for seat in range(8)}
    trick_columns = {column_of(text, card_label(play.card)) for play in game.trick}
    assert len(pain_columns) == 1, text
    assert len(trick_columns) == 1, text


async def test_names_of_equal_prefix_stay_apart_and_use_the_room_there_is():
    game = position(ODD_NAMES, Rules(harsh=True))  # two pain cards: the narrowest table
    narrow = await table_text(game)
    assert "Christoph…" in narrow and "Christoph " in narrow
    wide = await table_text(game, (120, 30))
    assert "Christopher" in wide and "Christoph " in wide


def points_column(text: str) -> list[str]:
    """The last word of each players-panel row, below its heading."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "tricks" in line)
    rows = lines[start + 1 : start + 9]
    return [row.split("│")[1].split()[-1] for row in rows]


async def test_the_players_panel_shows_the_points_taken_so_far():
    game = position(["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"])
    text = await table_text(game)
    assert "points" in text
    expected = []
    for seat in range(8):
        won = [p.card for t in game.deal_tricks if t.winner == seat for p in t.plays]
        pain = game.pain_cards[seat]
        colours = {card.colour for card in pain}
        expected.append(sum(reference_points(card, colours, game.rules) for card in won + pain))
    assert points_column(text) == [f"{points:+d}" for points in expected]
    assert any(expected)  # a trick with pain cards in it has been taken


@pytest.mark.parametrize("rules", [Rules(dark=True), Rules(late=True)])
async def test_no_running_score_while_a_pain_colour_is_hidden_or_unchosen(rules):
    game = position(["Ann", "Bob", "Cid", "Dee"], rules)
    text = await table_text(game)
    assert "points" not in text
    assert all(game.view(0).points_so_far(seat) is None for seat in range(4))


async def test_a_hand_off_shows_a_long_wide_name_whole():
    name = "李小龍王" * 4  # 16 characters, 32 cells
    game = Game([name, "Ann", "Bob"])
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.continue_game(game)
        await pilot.pause()
        text = screen_text(app)
        assert " ".join(name) in text
        assert f"{name}, press Enter to lay" in text and "down your pain card" in text
