"""The ladder benchmark (benchmarks/ladder.py): duplicate deals, fair shares, its figures."""

from __future__ import annotations

import dataclasses
import json
import random

import ladder
import pytest

from sticheln_tui.bots.sticheln.world import sample_deal
from sticheln_tui.core.game import Game
from sticheln_tui.core.sticheln import Rules
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


@pytest.mark.parametrize(
    "rules", [Rules(deals=1), Rules(deals=1, dark=True, harsh=True, pain_in_hand=True)]
)
def test_the_cheater_searches_the_true_deal(rules):
    game = Game(["A", "B", "C", "D"], rules, 2, seed=5)
    moves = random.Random(5)
    cheater = ladder.CheaterBot(0)
    cheater.game = game
    for _ in range(13):  # through the pick into the second trick, checked at every move
        view = game.view(game.to_move)
        truth = cheater.sample(view, random.Random(0))
        guess = sample_deal(view, random.Random(0))  # agrees on all the seat has seen
        assert truth.hands == game.hands and truth.hands[view.seat] == guess.hands[view.seat]
        assert truth.pain == game.pain_cards
        assert (truth.won, truth.trick, truth.to_move) == (guess.won, guess.trick, guess.to_move)
        assert cheater.choose(view) in view.legal_moves
        game.apply(moves.choice(view.legal_moves))


def test_the_command_ends_with_json_figures(capsys):
    assert (
        ladder.main(["--tested", "easy", "--against", "normal", "--deals", "1", "--workers", "1"])
        == 0
    )
    rows = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert [row["budget"] for row in rows[:2]] == [">= 2.0", ">= 1.0"]  # share 0.5 of fair 0.25
    assert rows[-1]["games"] == 4 and len(rows[-1]["share_ci95"]) == 2
    assert set(rows[-1]["tested_seconds"]) == {"median", "p95", "max"}


def test_frozen_and_cheater_play_sticheln_only(capsys):
    with pytest.raises(SystemExit):
        ladder.main(["--game", "hattrick", "--against", "frozen", "--deals", "1"])
    assert "--against frozen plays Sticheln only" in capsys.readouterr().err
