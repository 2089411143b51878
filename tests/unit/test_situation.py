"""The `i` key's line, for each game: from a seat's view it names that seat's hand, from
the public view no hand at all."""

from __future__ import annotations

import pytest
from helpers import played_until
from positions import seven_seals_until

from sticheln_tui import i18n
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.widgets.colours import card_words
from sticheln_tui.widgets.situation import situation_line


def sticheln_mid_trick() -> Game:
    game = Game(["Ann", "Bob", "Cid", "Dee"], seed=4)
    while not (game.phase is Phase.PLAY and len(game.view(None).trick) == 2):
        game.apply(game.legal_moves()[0])
    return game


def hattrick_with_a_pass():
    return played_until(4, 1, lambda g: any(t.passed for t in g.view(None).trick), seeds=50)


def seven_seals_mid_trick():
    return seven_seals_until(lambda g: len(g.view(None).trick) == 2 and g.results)


GAMES = {
    "Sticheln": sticheln_mid_trick,
    "Hattrick": hattrick_with_a_pass,
    "Seven Seals": seven_seals_mid_trick,
}


def every_hand(game) -> list[str]:
    return [card_words(card) for seat in range(len(game.players)) for card in game.view(seat).hand]


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_the_line_says_the_turn_the_trick_the_hand_and_the_scores(make):
    game = make()
    view = game.view(game.to_move)
    line = situation_line(view)
    assert f"Your turn, {game.players[game.to_move]}." in line
    for turn in view.trick:
        assert f"{game.players[turn.seat]} " in line and card_words(turn.card) in line
    assert "Your hand: " + " ".join(card_words(card) for card in view.hand) in line
    if view.results:
        first = view.players[0]
        assert f"Scores: {first} {view.totals[0]:+d}" in line
    assert "\n" not in line


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_the_public_line_names_no_hand(make):
    game = make()
    public = situation_line(game.view(None))
    in_hands = set(every_hand(game)) - {card_words(turn.card) for turn in game.view(None).trick}
    assert in_hands and not [card for card in in_hands if card in public]
    assert "Your hand" not in public
    assert f"{game.players[game.to_move]} to " in public


def test_a_hattrick_pass_card_is_said_as_a_pass():
    game = hattrick_with_a_pass()
    passed = next(turn for turn in game.view(None).trick if turn.passed)
    name = game.players[passed.seat]
    assert f"{name} passed, showing {card_words(passed.card)}" in situation_line(game.view(None))


def test_the_line_is_in_the_players_language():
    i18n.use("de")
    line = situation_line(sticheln_mid_trick().view(None))
    assert line.startswith("Runde 1/5. Stich 1/14. Cid ist dran. ")
    assert "Your" not in line and "Trick:" not in line
