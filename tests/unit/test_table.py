"""The protocol every game at the table keeps (core/table.py), checked for each game in
GAMES: moves are real cards, views stop at the table's edge, illegal moves change
nothing, and a game is rebuilt exactly from its moves."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import sticheln_tui.core.table
from sticheln_tui.core.cards import Card
from sticheln_tui.core.game import Game, PickPain
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.core.table import IllegalMove, TableGame
from sticheln_tui.games import engines

GAMES = engines()

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")
SETTINGS = settings(max_examples=25, deadline=None, print_blob=True, database=None)


def new_game(game_class: type[TableGame], players: int = 4, seed: int = 1) -> TableGame:
    return game_class(NAMES[:players], first_leader=seed % players, seed=seed)


def state(game: TableGame) -> tuple:
    return (tuple(game.moves), game.view(None), *(game.view(s) for s in range(len(game.players))))


def card_move_with_value(game_class: type[TableGame], values: set[int]):
    """A legal card move, at the start of some seeded game, whose card has one of `values`."""
    for seed in range(100):
        game = new_game(game_class, seed=seed)
        while not any(hasattr(move, "card") for move in game.legal_moves()):
            game.apply(game.legal_moves()[0])  # Seven Seals: everybody predicts first
        for move in game.legal_moves():
            if move.card.value in values:
                return game, move
    raise AssertionError("no seed deals such a card")


@pytest.mark.parametrize("game_class", GAMES.values(), ids=GAMES)
@pytest.mark.parametrize(
    "fake",
    [
        tuple,  # ("red", 1): equal to the card, and hashed alike
        lambda card: Card(card.colour, bool(card.value)),
        lambda card: Card(card.colour, float(card.value)),
        lambda card: Card(card.colour, str(card.value)),
    ],
    ids=["tuple", "bool", "float", "str"],
)
def test_moves_take_real_cards_with_int_values_only(game_class, fake):
    game, move = card_move_with_value(game_class, {0, 1})
    before = state(game)
    with pytest.raises(IllegalMove):
        game.apply(type(move)(fake(move.card)))
    assert state(game) == before
    game.apply(move)  # the real card is taken
    assert game.moves[-1] == move


@pytest.mark.parametrize("game_class", GAMES.values(), ids=GAMES)
def test_a_game_takes_only_its_own_options(game_class):
    for other in GAMES.values():
        if other is not game_class:
            with pytest.raises(ValueError, match=f"{game_class.TITLE} takes"):
                game_class(("Ann", "Bob", "Cid", "Dee"), other.OPTIONS())


@pytest.mark.parametrize("game_class", GAMES.values(), ids=GAMES)
@pytest.mark.parametrize("seat", [-1, -4, 4, 5, True, 1.0, "0"])
def test_a_view_is_only_for_a_seat_at_the_table(game_class, seat):
    game = new_game(game_class)
    with pytest.raises(ValueError, match="a seat is from 0 to 3"):
        game.view(seat)


def test_harsh_with_a_one_colour_hand_lays_down_two_cards_of_it(monkeypatch):
    """RULES.md 1.7: a hand of one colour lays down two cards of it and has one pain
    colour, and every hand stays the same size (it deadlocked before)."""
    monkeypatch.setattr(sticheln_tui.core.table, "shuffle", lambda cards, rng: None)
    game = Game(NAMES[:6], Rules(harsh=True, deals=1), first_leader=0, seed=1)
    # Undealt, the deck's first fifteen cards (blue 0-14) are seat 0's hand.
    assert {card.colour for card in game.hands[0]} == {"blue"}
    for _ in range(200):
        if game.finished:
            break
        if game.phase == "play" and not game.trick and not game.deal_tricks:
            assert len({len(hand) for hand in game.hands}) == 1
        game.apply(game.legal_moves()[0])
    assert game.finished
    score = game.results[0].scores[0]
    assert [card.colour for card in score.pain_cards] == ["blue", "blue"]
    assert score.pain_colours == ("blue",)


def test_harsh_still_asks_for_a_second_colour_when_the_hand_has_one():
    game = Game(NAMES[:4], Rules(harsh=True), seed=3)
    seat = game.to_move
    first = game.hands[seat][0]
    game.apply(PickPain(first))
    assert game.to_move == seat
    assert {move.card.colour for move in game.legal_moves()} == {
        card.colour for card in game.hands[seat]
    } - {first.colour}


# -- every game, random play ----------------------------------------------------------


def check_protocol(game: TableGame, rng: random.Random) -> None:
    """Random play to the end, checking the protocol at every position."""
    while not game.finished:
        legal = game.legal_moves()
        assert legal and game.to_move is not None
        assert game.view(None).hand == ()
        if rng.random() < 0.2:  # an illegal move raises and changes nothing
            before = state(game)
            for move in ("nothing", None, object()):
                with pytest.raises(IllegalMove):
                    game.apply(move)
            assert state(game) == before
        if rng.random() < 0.05:  # a clone goes on alike, without moving the original
            copy = game.clone()
            move = rng.choice(legal)
            copy.apply(move)
            assert len(copy.moves) == len(game.moves) + 1
            game.apply(move)
            assert state(copy) == state(game)
            continue
        game.apply(rng.choice(legal))
    assert game.legal_moves() == () and game.to_move is None
    best = min if game.LOWEST_WINS else max
    assert game.winners and all(game.totals[s] == best(game.totals) for s in game.winners)
    with pytest.raises(IllegalMove):
        game.apply(rng.choice(game.moves))


@SETTINGS
@given(
    key=st.sampled_from(list(GAMES)),
    players=st.integers(min_value=3, max_value=7),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_every_game_keeps_the_protocol_in_random_play(key, players, seed):
    game_class = GAMES[key]
    try:
        game_class(NAMES[:players])
    except ValueError:
        assume(False)  # not a table size of this game
    rng = random.Random(seed)
    game = new_game(game_class, players, seed)
    check_protocol(game, rng)
    again = game_class.replay(game.players, game.options, game.first_leader, seed, game.moves)
    assert state(again) == state(game)
    cut = rng.randrange(len(game.moves))
    assert state(game.rewound(cut)) == state(
        game_class.replay(game.players, game.options, game.first_leader, seed, game.moves[:cut])
    )
