"""Hattrick's computer players: legal moves from one seat's view and nothing more; the
strong bot's sampled deals agree with what its seat has seen and play out as the engine
plays; normal beats easy; `sticheln simulate --game hattrick`.

Games are seeded and driven through `HattrickGame.apply`, so every failure replays.
The strong bot gets a small playout budget and a time limit that never fires.
"""

from __future__ import annotations

import copy
import json
import random
import statistics
from collections import Counter

import pytest
from helpers import bots_play_to_the_end

from sticheln_tui import cli
from sticheln_tui.bots import hattrick as hattrick_bots
from sticheln_tui.bots import make_bot
from sticheln_tui.bots.hattrick.players import agreement, known_deal
from sticheln_tui.bots.hattrick.world import Deal, sample_deal, seen_cards
from sticheln_tui.bots.match import play_bot_game
from sticheln_tui.core.hattrick import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    HattrickGame,
    HattrickOptions,
    PassCard,
    PlayCard,
    deck_for,
)
from sticheln_tui.fast.hattrick import tables
from sticheln_tui.seats import LEVELS
from sticheln_tui.simulate import jobs

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")
PLAYER_COUNTS = range(MIN_PLAYERS, MAX_PLAYERS + 1)


def bot_for(level: str, seed: int):
    """A bot of this level; the strong one on a budget small enough to stay quick, with a
    time limit that never cuts it short, so its moves depend on the seed alone."""
    if level == "strong":
        return hattrick_bots.StrongBot(seed, playouts=24, time_limit=60)
    return make_bot(level, seed, "hattrick")


def new_game(players: int, seed: int, deals: int = 1) -> HattrickGame:
    return HattrickGame(NAMES[:players], HattrickOptions(deals=deals), seed % players, seed)


def random_positions(count: int, seed: int = 0):
    """Games of 4-7 players played forward by random legal moves to a random point of
    the first deal: (game, the view of the seat to move)."""
    rng = random.Random(seed)
    for index in range(count):
        players = PLAYER_COUNTS[index % len(PLAYER_COUNTS)]
        game = new_game(players, rng.randrange(10_000))
        for _ in range(rng.randrange(players * (game.tricks_per_deal - 1))):
            game.apply(rng.choice(game.legal_moves()))
        yield game, game.view(game.to_move)


def test_make_bot_knows_each_game():
    for level in LEVELS:
        bot = make_bot(level, 7, "hattrick")
        assert isinstance(bot, hattrick_bots.BOTS[level]) and bot.seed == 7
        assert not isinstance(make_bot(level, 7), hattrick_bots.BOTS[level])
    with pytest.raises(ValueError, match="sticheln, hattrick"):
        make_bot("easy", 1, "seven seals")


@pytest.mark.parametrize("level", LEVELS)
def test_every_move_a_bot_advises_is_legal(level):
    """Random positions at every table size, passes possible (the sample must hold some),
    the advice legal, its reason one line, and the same advice asked twice."""
    passes = 0
    for game, view in random_positions(24 if level == "strong" else 80, seed=len(level)):
        bot = bot_for(level, game.seed)
        advice = bot.advise(view)
        assert advice.move in view.legal_moves and advice.move in game.legal_moves()
        assert advice.reason.strip() and "\n" not in advice.reason
        assert bot.choose(view) == advice.move
        passes += any(isinstance(move, PassCard) for move in view.legal_moves)
    assert passes >= 3


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_whole_games_of_one_level_play_only_legal_moves(level, players):
    game = new_game(players, players, deals=2)
    bots_play_to_the_end(game, [bot_for(level, seat) for seat in range(players)])
    assert len(game.results) == 2


def test_a_strong_bot_out_of_time_still_plays_a_legal_move():
    game = new_game(5, 3)
    bot = hattrick_bots.StrongBot(1, time_limit=0.0)
    while not game.finished:
        view = game.view(game.to_move)
        advice = bot.advise(view)
        assert advice.move in view.legal_moves
        if len(view.legal_moves) > 1:
            assert "over 1 sampled deals" in advice.reason
        game.apply(advice.move)


def test_the_normal_bot_says_what_its_move_does():
    """The player the normal bot names as taking a colour holds the trick's highest card
    of it, above the card played; "takes" (not "likely takes") means nobody left to play
    can beat the card. Last to act in a trick, its reason is a certainty, and true: the
    colour it says it takes, it takes; the player it names takes the colour."""
    said = Counter()
    for game, view in random_positions(240, seed=11):
        if len(view.legal_moves) < 2:
            continue
        advice = make_bot("normal", 0, "hattrick").advise(view)
        card, last = advice.move.card, len(view.trick) == len(view.players) - 1
        others = [c for seat, hand in enumerate(game.hands) if seat != view.seat for c in hand]
        game.apply(advice.move)
        taken = dict(game.deal_tricks[-1].taken) if last else {}
        if isinstance(advice.move, PassCard):
            assert advice.reason.startswith("passing costs 2")
            said["pass"] += 1
        elif advice.reason.startswith(("takes ", "likely takes ")):
            assert advice.reason.removeprefix("likely ").startswith(f"takes {card.colour},")
            if advice.reason.startswith("takes ") and not last:  # nobody can beat it
                assert not [c for c in others if c.colour == card.colour and c.value > card.value]
            assert not last or taken[card.colour] == view.seat
            said["takes"] += last
        elif " takes " in advice.reason:
            who, rest = advice.reason.split(" takes ", 1)
            assert rest.startswith(f"{card.colour}:")
            same = [t for t in view.trick if t.card.colour == card.colour and not t.passed]
            top = max(same, key=lambda turn: turn.card.value)
            assert view.players[top.seat] == who and top.card.value > card.value
            assert not last or taken[card.colour] == top.seat
            said["gives"] += last
        else:
            assert advice.reason.startswith(f"a later player likely holds a higher {card.colour}")
    assert min(said["takes"], said["gives"]) >= 5 and said["pass"] >= 1, said


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_over_different_hidden_hands_gives_the_same_move(level):
    """Two games that differ only in the cards two other seats hold look the same from
    the bot's seat, and the bot makes the same move in both."""
    checked = 0
    for game, view in random_positions(12, seed=3):
        me, players = view.seat, len(view.players)
        a, b = (me + 1) % players, (me + 2) % players
        other = copy.deepcopy(game)
        card_a, card_b = other.hands[a][0], other.hands[b][-1]
        other.hands[a] = [*other.hands[a][1:], card_b]
        other.hands[b] = [*other.hands[b][:-1], card_a]
        assert other.view(a) != game.view(a)
        assert other.view(me) == view
        bot = bot_for(level, checked)
        assert bot.advise(other.view(me)) == bot.advise(view)
        checked += 1
    assert checked == 12


def test_easy_bots_of_different_seeds_play_differently():
    """The seed reaches the easy bot's choice (else the test above proves little)."""
    views = [view for _, view in random_positions(20, seed=5) if len(view.legal_moves) > 2]
    bots = [make_bot("easy", seed, "hattrick") for seed in range(4)]
    assert len({tuple(bot.choose(view) for view in views) for bot in bots}) > 1


# -- the strong bot's sampled deals ------------------------------------------------------


def test_sampled_deals_agree_with_what_the_seat_has_seen():
    """Each seat gets its known number of cards; no seat gets a card the sampling seat has
    seen (its own hand, the piles, the pass cards, the trick); every card is somewhere
    exactly once; and the hidden cards are the ones really in the other hands."""
    rng = random.Random(2)
    for game, view in random_positions(60, seed=7):
        me = view.seat
        seen = seen_cards(view)
        shown = {card for laid in view.passes for card in laid}
        assert shown <= seen
        hidden = Counter(card for s, hand in enumerate(game.hands) if s != me for card in hand)
        for _ in range(3):
            deal = sample_deal(view, rng)
            assert deal.hands[me] == list(view.hand)
            assert [len(hand) for hand in deal.hands] == list(view.hand_sizes)
            others = [card for seat, hand in enumerate(deal.hands) if seat != me for card in hand]
            assert not set(others) & seen
            assert Counter(others) == hidden
            placed = [*others, *deal.hands[me], *(c for pile in deal.piles for c in pile)]
            placed += [card for laid in deal.passes for card in laid]
            placed += [card for _, card, passed in deal.trick if not passed]
            assert sorted(placed) == sorted(deck_for(len(view.players)))


def test_the_true_hands_explain_every_move_of_normal_bots_and_guessed_ones_seldom_do():
    """The normal bot plays by the rules of thumb, so the hands it really held weigh 1 in
    `agreement` at every move of the deal, while hidden cards shared out at random seldom
    give all its moves; before another seat has moved there is nothing to weigh."""
    truths, guesses = [], []
    rng = random.Random(3)
    for players in (4, 7):
        game = new_game(players, 11)
        bots = [make_bot("normal", seat, "hattrick") for seat in range(players)]
        table = tables(players)
        assert agreement(game.view(game.to_move)) is None
        while not game.finished:
            view = game.view(game.to_move)
            weight = agreement(view)
            if len(view.trick) or view.deal_tricks:
                truths.append(weight([table.mask(hand) for hand in game.hands]))
                known, hidden = known_deal(view)
                guesses.append(weight(known.shared_out(hidden, view.hand_sizes, rng).hands))
            game.apply(bots[game.to_move].choose(view))
    assert set(truths) == {1.0}
    assert statistics.median(guesses) < 0.05


def real_deal(game: HattrickGame) -> Deal:
    """The game's own state as a `Deal`, every hand known."""
    sampled = sample_deal(game.view(game.to_move), random.Random(0))
    sampled.hands = [list(hand) for hand in game.hands]
    return sampled


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_played_out_deals_play_and_score_as_the_engine_does(players):
    """The strong bot's simulator follows the rules: its rule-of-thumb moves are legal in
    the real game, and a deal played out from the real state ends with the engine's
    leaders and scores."""
    for seed in range(3):
        game = new_game(players, seed)
        rng = random.Random(seed)
        for _ in range(seed * players * 2):
            game.apply(rng.choice(game.legal_moves()))
        deal = real_deal(game)
        while not game.results:
            assert deal.to_move == game.to_move
            weight = deal.thumb()
            move = PassCard(weight.card) if weight.passed else PlayCard(weight.card)
            assert move in game.legal_moves()
            deal.move(weight.card, weight.passed)
            game.apply(move)
        assert deal.finished()
        assert deal.scores() == [score.total for score in game.results[-1].scores]


# -- strength and the simulate command ----------------------------------------------------


def test_normal_beats_easy_in_a_small_match():
    levels = ["normal", "easy", "easy", "easy"]
    outcomes = [play_bot_game(*job) for job in jobs(levels, HattrickOptions(2), 4, 12, "hattrick")]
    wins = Counter(seat for outcome in outcomes for seat in outcome.winners)
    assert wins[0] >= 8, wins


def test_simulate_plays_hattrick(capsys):
    args = ["--game", "hattrick", "--seats", "normal,easy,easy,easy,easy", "--games", "2"]
    assert cli.main(["simulate", *args, "--deals", "1", "--json"]) == 0
    out = capsys.readouterr().out
    assert "Hattrick, 1 deals" in out
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["games"] == 2
    assert [seat["level"] for seat in figures["seats"]] == ["normal"] + ["easy"] * 4
    assert sum(seat["wins"] for seat in figures["seats"]) == pytest.approx(2, abs=0.01)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "easy,easy,easy"], "Hattrick is for 4 to 7 players, not 3"),
        (["--seats", ",".join(["easy"] * 8)], "Hattrick is for 4 to 7 players, not 8"),
        (
            ["--seats", "easy,easy,easy,easy", "--harsh"],
            "--harsh does not apply: it is a rule of Sticheln",
        ),
        (["--seats", "easy,easy,easy,easy", "--preset", "classic"], "--preset"),
        (["--seats", "easy,easy,easy,easy", "--deals", "per-player"], "per-player"),
        (["--seats", "easy,easy,easy,easy", "--game", "skat"], "invalid choice: 'skat'"),
    ],
)
def test_simulate_refuses_what_hattrick_does_not_allow(capsys, args, message):
    with pytest.raises(SystemExit) as exited:
        cli.main(["simulate", "--game", "hattrick", *args])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
