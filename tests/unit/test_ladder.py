"""The ladder benchmark (benchmarks/ladder.py): duplicate deals, fair shares, its figures."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import ladder
import pytest

from sticheln_tui.bots import make_bot
from sticheln_tui.core.cards import Card
from sticheln_tui.core.game import PickPain
from sticheln_tui.core.hattrick import PassCard
from sticheln_tui.core.seven_seals import Predict, ReturnSeal, TakeSaboteur
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.core.table import PlayCard
from sticheln_tui.games import engines
from sticheln_tui.seats import bot_name

GAMES = engines()


@pytest.mark.parametrize("game", list(GAMES))
def test_each_deal_is_played_once_per_seat_with_the_same_cards(game):
    options = dataclasses.replace(GAMES[game].OPTIONS(), deals=1)
    # One deal, four rotations: quick enough for every game.
    played = [ladder.play(s) for s in ladder.seatings(game, options, "normal", "easy", 4, 3, 1)]
    deal = played[0].hands
    assert len(set(deal)) == 4 and all(p.hands == deal for p in played)
    # Where the tested bot really sat: it held every hand of the deal once.
    seats = [p.names.index(bot_name("normal", p.seat)) for p in played]
    assert seats == [p.seat for p in played] == [0, 1, 2, 3]
    assert all(
        p.names.count(bot_name("easy", s)) == (s != p.seat) for p in played for s in range(4)
    )
    assert sorted(p.hands[p.seat] for p in played) == sorted(deal)
    assert all(sum(p.shares) == pytest.approx(1) for p in played)
    assert all(len(p.tested_seconds) and len(p.others_seconds) for p in played)


def test_the_intervals_are_over_deals_and_the_margin_follows_lowest_wins():
    def game(group, seat, shares, scores):
        return ladder.Played(group, seat, (), (), shares, scores, (0.1, 0.3), (0.2,), group + 1)

    games = [
        game(0, 0, (1, 0, 0, 0), (8, 2, 2, 2)),
        game(0, 1, (0.5, 0.5, 0, 0), (8, 2, 2, 2)),
        game(1, 0, (0, 1, 0, 0), (2, 4, 6, 8)),
    ]
    figures = ladder.summarise(games, lowest_wins=False)
    assert (figures["games"], figures["deals"]) == (3, 2)
    assert figures["share"] == pytest.approx((0.75 + 0) / 2)  # a deal's rotations: one sample
    assert figures["share_ci95"] == (0.0, 0.75)
    assert figures["margin"] == pytest.approx(((6 - 2) / 2 - 4) / 2)
    assert ladder.summarise(games, lowest_wins=True)["margin"] == pytest.approx(
        ((-6 + 2) / 2 + 4) / 2
    )
    assert figures["tested_seconds"]["max"] == 0.3
    assert figures["cpu_seconds_per_game"] == pytest.approx(4 / 3)


# By game, a sampled deal's fields that hold cards its seat has not seen, or follow from
# them: a guess draws them, the seer's sample takes them from the game.
HIDDEN_FIELDS = {
    "sticheln": {"hands", "orders", "hands_ranked", "pain", "pain_colours"},
    "hattrick": {"hands", "held"},
    "seven-seals": {"hands", "held"},
}


def cards_of(deal: Any, cards: Any) -> list[Card]:
    """Cards of a sampled deal, sorted: the fast cores' deals hold them as int masks."""
    if isinstance(cards, int):
        index = getattr(deal, "tables", None) or deal.table
        cards = index.cards(cards)
    return sorted(cards)


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("sticheln", Rules(deals=1)),
        ("sticheln", Rules(deals=1, dark=True, harsh=True, pain_in_hand=True)),
        ("hattrick", dataclasses.replace(GAMES["hattrick"].OPTIONS(), deals=1)),
        ("seven-seals", dataclasses.replace(GAMES["seven-seals"].OPTIONS(), deals=1)),
    ],
)
def test_the_seer_searches_the_true_deal(game, options):
    table = GAMES[game](["A", "B", "C", "D"], options, 2, 5)
    moves = random.Random(5)
    seer = ladder.player("seer", 0, game, playouts=8)
    seer.game = table
    guesser = ladder.player("strong", 0, game)
    # Into the play (through Sticheln's pick, Seven Seals' predictions), at every move.
    for _ in range(13):
        view = table.view(table.to_move)
        draw = seer.sampler(view, random.Random(0))
        truth = draw()
        guess = guesser.sampler(view, random.Random(0))()  # agrees on all the seat has seen
        assert [cards_of(truth, hand) for hand in truth.hands] == list(map(sorted, table.hands))
        if game == "sticheln":
            assert [cards_of(truth, pain) for pain in truth.pain] == list(
                map(sorted, table.pain_cards)
            )
        hidden = HIDDEN_FIELDS[game]
        assert {name: value for name, value in vars(truth).items() if name not in hidden} == {
            name: value for name, value in vars(guess).items() if name not in hidden
        }
        assert draw() is not truth  # each draw a deal of its own, to play out
        assert seer.choose(view) in view.legal_moves
        table.apply(moves.choice(view.legal_moves))


@pytest.mark.parametrize("game", list(GAMES))
def test_the_seer_plays_the_ladder_on_the_strong_bots_budget(game):
    assert ladder.player("seer", 0, game).playouts == make_bot("strong", 0, game).playouts
    options = dataclasses.replace(GAMES[game].OPTIONS(), deals=1)
    seating = ladder.seatings(game, options, "seer", "normal", 4, 3, 1, playouts=8)[1]
    played = ladder.play(seating)
    assert played.names[1] == "Seer 2" and played.tested_moves
    assert sum(played.shares) == pytest.approx(1)


def test_the_command_ends_with_json_figures(capsys):
    assert (
        ladder.main(
            [
                *("--game", "hattrick", "--tested", "easy", "--against", "normal"),
                *("--deals", "1", "--workers", "1"),
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out.splitlines()[-1])
    # Hattrick's target against normal bots, 65% of the win (fair 25%), its floor the fair share
    assert [row["budget"] for row in rows[:2]] == [">= 2.6", ">= 1.0"]
    assert rows[-1]["games"] == 4 and len(rows[-1]["share_ci95"]) == 2
    assert set(rows[-1]["tested_seconds"]) == {"median", "p95", "max"}


def test_the_gap_closed_runs_from_the_fair_share_to_the_reference():
    assert ladder.gap_closed(0.35, 0.45, 0.25) == pytest.approx(0.5)
    assert ladder.gap_closed(0.20, 0.45, 0.25) == pytest.approx(-0.25)  # below fair
    assert ladder.gap_closed(0.35, 0.25, 0.25) is None  # a reference no better than fair


def test_a_run_reports_the_gap_closed_towards_an_earlier_run(capsys, tmp_path):
    one_deal = ["--against", "easy", "--deals", "1", "--workers", "1"]
    assert ladder.main(["--tested", "normal", *one_deal]) == 0
    earlier = tmp_path / "normal.txt"
    output = capsys.readouterr().out
    # One deal decides little: the earlier run's share is set, to leave a gap to close.
    reference = json.loads(output.splitlines()[-1])[-1]
    earlier.write_text(output + json.dumps([{**reference, "share": 0.45}]), encoding="utf-8")
    assert ladder.main(["--tested", "easy", *one_deal, "--gap", str(earlier)]) == 0
    output = capsys.readouterr().out
    figures = json.loads(output.splitlines()[-1])[-1]
    assert figures["reference_share"] == 0.45
    assert figures["gap_closed"] == pytest.approx((figures["share"] - 0.25) / 0.2, abs=1e-4)
    assert f"gap closed {figures['gap_closed']:.0%}" in output
    # Against other opponents, or at another table, the shares do not compare.
    for other, differ in (
        (["--against", "normal"], "against easy"),
        (["--players", "3"], "players 4"),
    ):
        with pytest.raises(SystemExit):
            ladder.main(["--tested", "easy", *one_deal, *other, "--gap", str(earlier)])
        assert f"that run had {differ};" in capsys.readouterr().err
    earlier.write_text("no run here\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        ladder.main(["--tested", "easy", *one_deal, "--gap", str(earlier)])
    assert "no ladder run's output" in capsys.readouterr().err


@pytest.mark.parametrize("game", list(GAMES))
def test_frozen_and_the_seer_play_every_game(game):
    for level in ("frozen", "seer"):
        args = ladder.build_parser().parse_args(["--game", game, "--tested", level])
        assert args.tested == level


def card_text(card: Card) -> str:
    return f"{card.value}{card.letter}"


def move_text(move: object) -> str:
    """A move in a few characters: "11N" plays a card, "pick:0N", "pass:7R", "return:red",
    "saboteur", "predict:5R3Y/R0" (the seals, then any seal taken from a seat)."""
    match move:
        case PlayCard(card=card):
            return card_text(card)
        case PickPain(card=card):
            return f"pick:{card_text(card)}"
        case PassCard(card=card):
            return f"pass:{card_text(card)}"
        case ReturnSeal(kind=kind):
            return f"return:{kind}"
        case TakeSaboteur():
            return "saboteur"
        case Predict(seals=seals, steals=steals):
            wanted = "".join(f"{count}{Card(colour, 0).letter}" for colour, count in seals)
            taken = "".join(f"{Card(colour, 0).letter}{seat}" for colour, seat in steals)
            return f"predict:{wanted}/{taken}" if taken else f"predict:{wanted}"
    raise AssertionError(f"no text for {move!r}")


def moves_made(game: str, level: str, seed: int, seat: int) -> str:
    """The moves of a `level` bot on its own budget in a ladder game against three normal
    bots (deal `seed`, in `seat`), as text."""
    options = dataclasses.replace(GAMES[game].OPTIONS(), deals=1)
    seating = ladder.seatings(game, options, level, "normal", 4, seed, 1)[seat]
    return " ".join(move_text(move) for move in ladder.play(seating).tested_moves)


# Every move of each frozen bot in one ladder game: (game, deal seed, seat) -> moves. The
# frozen bots are yardsticks: should one of these change, a frozen bot has drifted (or
# something it leans on has, which then belongs in benchmarks/frozen_strong.py, as it was).
FROZEN_MOVES = {
    ("sticheln", 1, 0): "pick:0N 11N 6N 9Y 8G 9N 3G 8R 0B 1G 1B 5Y 8B 4Y 9R",
    ("hattrick", 2, 0): "3R 15B 1R 6R pass:7R 9R 16G 2R 12G 10R 11R 9G pass:13R 13B",
    ("seven-seals", 7, 0): "predict:2R 4B 9R 10P 4P 7R 3Y 9Y 8R 1Y 9G 7G 10Y 1G 4R 4Y",
    ("seven-seals", 9, 2): (
        "predict:5R3Y1G1P/R0 10R return:red 10Y return:yellow 7Y 11R return:red 12R "
        "return:red 11P 3R return:green 10P return:purple 4R return:red 6R 11Y 1Y 7B 12Y 4P"
    ),
}


@pytest.mark.parametrize(("game", "seed", "seat"), list(FROZEN_MOVES))
def test_the_frozen_bots_make_the_moves_they_always_made(game, seed, seat):
    assert moves_made(game, "frozen", seed, seat) == FROZEN_MOVES[game, seed, seat]
