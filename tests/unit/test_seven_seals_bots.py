"""Seven Seals' computer players: legal moves in every phase from one seat's view and
nothing more; the strong bot's sampled deals respect what the seat has seen (the colours
a player showed it lacks, the cards played, its own hand) and play out as the engine
plays; the screens' proposals; normal beats easy; `sticheln simulate --game seven-seals`.

Games are seeded and driven through `SevenSealsGame.apply`, so every failure replays.
The strong bot gets a small playout budget and a time limit that never fires.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter

import pytest
from helpers import bots_play_to_the_end
from positions import random_seven_seals_move

from sticheln_tui import cli
from sticheln_tui.bots import make_bot
from sticheln_tui.bots import seven_seals as seven_seals_bots
from sticheln_tui.bots.match import play_bot_game
from sticheln_tui.bots.seven_seals import world
from sticheln_tui.bots.seven_seals.world import (
    played_cards,
    sample_deal,
    share_out,
    voids,
)
from sticheln_tui.core.cards import Card
from sticheln_tui.core.seven_seals import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Phase,
    PlayCard,
    Predict,
    ReturnSeal,
    SevenSealsGame,
    SevenSealsOptions,
    TakeSaboteur,
)
from sticheln_tui.seats import LEVELS
from sticheln_tui.simulate import jobs, summarise

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
PLAYER_COUNTS = range(MIN_PLAYERS, MAX_PLAYERS + 1)
AUCTION = SevenSealsOptions(deals=2, saboteur_auction=True, escalating_saboteur=True)


def bot_for(level: str, seed: int):
    """A bot of this level; the strong one on a budget small enough to stay quick, with a
    time limit that never cuts it short, so its moves depend on the seed alone."""
    if level == "strong":
        return seven_seals_bots.StrongBot(seed, playouts=16, time_limit=60)
    return make_bot(level, seed, "seven-seals")


def new_game(players: int, seed: int, options: SevenSealsOptions = AUCTION) -> SevenSealsGame:
    return SevenSealsGame(NAMES[:players], options, seed % players, seed)


def phase_of(view) -> str:
    if view.phase is Phase.PREDICT:
        return "auction answer" if view.displaced else "prediction"
    return str(view.phase)


@pytest.fixture(scope="module")
def views_by_phase():
    """Prepared positions of every phase, from first deals of 3-5 players played by random
    legal moves: predictions (with and without the saboteur on offer), auction answers,
    cards to play and seals to give back; by phase, (game, the view of the seat to move)."""
    rng = random.Random(1)
    found: dict[str, list] = {}
    for index in range(24):
        game = new_game(PLAYER_COUNTS[index % len(PLAYER_COUNTS)], rng.randrange(10_000))
        while not game.results:
            view = game.view(game.to_move)
            kind = phase_of(view)
            if kind != "play" or rng.random() < 0.1:
                found.setdefault(kind, []).append((game.clone(), view))
            game.apply(random_seven_seals_move(game, rng))
    return found


def test_every_phase_is_prepared(views_by_phase):
    assert {"prediction", "auction answer", "play", "return"} <= set(views_by_phase)
    assert len(views_by_phase["return"]) >= 3
    assert len(views_by_phase["auction answer"]) >= 3


def test_make_bot_knows_seven_seals():
    for level in LEVELS:
        bot = make_bot(level, 7, "seven-seals")
        assert isinstance(bot, seven_seals_bots.BOTS[level]) and bot.seed == 7


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("phase", ["prediction", "auction answer", "play", "return"])
def test_every_level_advises_a_legal_move_in_every_phase(views_by_phase, level, phase):
    """The advice is legal in the game itself, its reason one line, the same asked twice."""
    for game, view in views_by_phase[phase][:6]:
        bot = bot_for(level, game.seed)
        advice = bot.advise(view)
        assert advice.move in game.legal_moves()
        assert advice.reason.strip() and "\n" not in advice.reason
        assert bot.choose(view) == advice.move


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_moves_only_for_its_own_seat_on_its_turn(views_by_phase, level):
    game, view = views_by_phase["play"][0]
    other = (view.seat + 1) % len(view.players)
    with pytest.raises(ValueError, match="its own seat"):
        bot_for(level, 0).advise(game.view(other))
    with pytest.raises(ValueError, match="its own seat"):
        bot_for(level, 0).advise(game.view(None))


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_over_different_hidden_hands_gives_the_same_move(views_by_phase, level):
    """Two games that differ only in the cards two other seats hold look the same from the
    bot's seat (it is given the view, never the game), and the bot moves the same in both."""
    checked = 0
    for game, view in views_by_phase["play"] + views_by_phase["prediction"]:
        me, players = view.seat, len(view.players)
        a, b = (me + 1) % players, (me + 2) % players
        other = game.clone()
        hands = other.hands
        swap = [(i, j) for i, x in enumerate(hands[a]) for j, y in enumerate(hands[b])]
        swap = [(i, j) for i, j in swap if hands[a][i].colour == hands[b][j].colour]
        if not swap or hands[a][swap[0][0]] == hands[b][swap[0][1]]:
            continue
        i, j = swap[0]
        hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
        assert other.view(me) == view
        bot = bot_for(level, checked)
        assert bot.advise(other.view(me)) == bot.advise(view)
        checked += 1
        if checked == 6:
            break
    assert checked == 6


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_whole_games_of_one_level_play_only_legal_moves(level, players):
    game = new_game(players, players, AUCTION)
    bots_play_to_the_end(game, [bot_for(level, seat) for seat in range(players)])
    assert len(game.results) == 2


def test_the_proposals_are_the_normal_bots_and_quick(views_by_phase):
    normal = make_bot("normal", 0, "seven-seals")
    slowest = 0.0
    for phase, propose in (
        ("prediction", lambda view: seven_seals_bots.proposal(view).move),
        ("auction answer", lambda view: seven_seals_bots.proposal(view).move),
        ("return", seven_seals_bots.proposed_return),
    ):
        for game, view in views_by_phase[phase][:10]:
            started = time.perf_counter()
            move = propose(view)
            slowest = max(slowest, time.perf_counter() - started)
            assert move == normal.choose(view)
            assert move in game.legal_moves()
            kinds = (Predict, TakeSaboteur) if phase != "return" else (ReturnSeal,)
            assert isinstance(move, kinds)
    assert slowest < 0.05


def test_the_proposal_predicts_unless_the_hand_is_poor_for_predicting():
    """The first predictor of 90 seeded deals, the saboteur free: for most hands the
    proposal is the prediction the hand suggests (it was the saboteur for nearly all); for
    the others it is the saboteur, because the seals would likely cost more than its price
    even if nobody took a black seal, and the reason says both."""
    saboteurs = 0
    for seed in range(90):
        game = new_game(PLAYER_COUNTS[seed % len(PLAYER_COUNTS)], seed, SevenSealsOptions(1))
        advice = seven_seals_bots.proposal(game.view(game.to_move))
        if isinstance(advice.move, TakeSaboteur):
            saboteurs += 1
            cost = re.fullmatch(
                r"your tricks are hard to foresee: your seals would likely cost about "
                r"(\d+) points, the saboteur 4 at most",
                advice.reason,
            )
            assert cost and int(cost.group(1)) > 4, advice.reason
        else:
            assert advice.reason.startswith("your cards look like"), advice.reason
    assert 0 < saboteurs < 90 / 2


# -- the strong bot's sampled deals ------------------------------------------------------


@pytest.mark.parametrize("random_tries", [world.SAMPLE_TRIES, 0])
def test_sampled_deals_respect_voids_and_the_cards_seen(views_by_phase, monkeypatch, random_tries):
    """No seat gets a colour it did not follow, a card already played or a card in our
    hand; each seat gets its known number of cards; every unseen card is dealt once. The
    same for the exact share alone (the random shares switched off)."""
    monkeypatch.setattr(world, "SAMPLE_TRIES", random_tries)
    rng = random.Random(2)
    revealed = 0
    for game, view in views_by_phase["play"] + views_by_phase["return"]:
        me = view.seat
        lacking = voids(view)
        revealed += sum(map(len, lacking))
        played = {card for _, card in played_cards(view)}
        for seat, colours in enumerate(lacking):  # a void is real
            assert not [card for card in game.hands[seat] if card.colour in colours]
        for _ in range(4):
            deal = sample_deal(view, rng)
            assert deal.hands[me] == list(view.hand)
            assert [len(hand) for hand in deal.hands] == list(view.hand_sizes)
            others = [card for seat, hand in enumerate(deal.hands) if seat != me for card in hand]
            assert not set(others) & (played | set(view.hand))
            assert Counter(others) == Counter(
                card for seat, hand in enumerate(game.hands) if seat != me for card in hand
            )
            for seat, hand in enumerate(deal.hands):
                assert not [card for card in hand if card.colour in lacking[seat]]
    assert revealed >= 10


def test_the_exact_share_is_found_when_random_shares_keep_failing(monkeypatch):
    """A share only one assignment fits: seat 1 lacks red, seat 2 lacks everything but red."""
    monkeypatch.setattr(world, "SAMPLE_TRIES", 0)
    cards = [Card("red", 1), Card("red", 2), Card("blue", 3), Card("green", 4)]
    lacking = {1: {"red"}, 2: {"yellow", "green", "blue", "purple"}}
    for seed in range(5):
        hands = share_out(cards, {1: 2, 2: 2}, lacking, random.Random(seed))
        assert sorted(hands[1]) == [Card("blue", 3), Card("green", 4)]
        assert sorted(hands[2]) == [Card("red", 1), Card("red", 2)]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_played_out_deals_play_and_score_as_the_engine_does(players):
    """The strong bot's simulator follows the rules: from the real hands, its rule-of-thumb
    cards and seals are legal in the real game, and the deal ends with the engine's scores."""
    for seed in range(3):
        game = new_game(players, seed, SevenSealsOptions(deals=1))
        rng = random.Random(seed)
        while game.phase is Phase.PREDICT:
            game.apply(random_seven_seals_move(game, rng))
        for _ in range(seed * players * 3):
            game.apply(rng.choice(game.legal_moves()))
        deal = sample_deal(game.view(game.to_move), random.Random(0))
        deal.hands = [list(hand) for hand in game.hands]
        while not game.results:
            assert deal.to_move == game.to_move
            if game.phase is Phase.RETURN:
                kind = deal.thumb_return()
                assert ReturnSeal(kind) in game.legal_moves()
                deal.settle(kind)
                game.apply(ReturnSeal(kind))
                continue
            card = deal.thumb_card()
            assert PlayCard(card) in game.legal_moves()
            deal.play(card)
            game.apply(PlayCard(card))
        assert deal.finished()
        assert deal.penalties() == [score.total for score in game.results[-1].scores]


# -- strength and the simulate command ----------------------------------------------------


def test_normal_beats_easy_in_a_small_match():
    levels = ["normal", "easy", "easy", "easy"]
    options = SevenSealsOptions(deals=2)
    outcomes = [play_bot_game(*job) for job in jobs(levels, options, 4, 16, "seven-seals")]
    figures = summarise(levels, outcomes)
    assert figures["seats"][0]["wins"] >= 7, figures


def test_simulate_plays_seven_seals(capsys):
    """The lowest total wins: the figures are those of the seeded games, shown with the
    options and the mean penalties."""
    levels = ["normal", "easy", "easy"]
    args = ["--game", "seven-seals", "--seats", ",".join(levels), "--games", "3", "--seed", "2"]
    assert cli.main(["simulate", *args, "--deals", "1", "--saboteur-auction", "--json"]) == 0
    out = capsys.readouterr().out
    assert "Seven Seals, 1 deals, saboteur auction, seed 2" in out and "Mean penalty" in out
    figures = json.loads(out.strip().splitlines()[-1])
    options = SevenSealsOptions(deals=1, saboteur_auction=True)
    outcomes = [play_bot_game(*job) for job in jobs(levels, options, 2, 3, "seven-seals")]
    for outcome in outcomes:
        assert set(outcome.winners) == {
            seat for seat, total in enumerate(outcome.totals) if total == min(outcome.totals)
        }
    expected = summarise(levels, outcomes)
    assert figures["seats"] == expected["seats"]
    assert sum(seat["wins"] for seat in figures["seats"]) == pytest.approx(3, abs=0.01)
