"""The `i` key's line, for each game: what a sighted player sees on the screen, the most
urgent first; from a seat's view it names that seat's hand (its pain cards marked), from
the public view no hand at all, and never what the table may not see."""

from __future__ import annotations

import re

import pytest
from helpers import english_only, played_until, words
from positions import seven_seals_until

from sticheln_tui import i18n
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.seven_seals import BLACK, WHITE
from sticheln_tui.core.seven_seals import Phase as SevenSealsPhase
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.games import screens_of
from sticheln_tui.screens.seven_seals.parts import penalty_now
from sticheln_tui.widgets.situation import situation_line
from sticheln_tui.words import card_words, colour_name


def said(game, seat: int | None) -> str:
    """The line from `seat`'s view (None: the public view), in the game's own words."""
    return situation_line(game.view(seat), screens_of(game.GAME).words)


def sticheln_mid_trick(rules: Rules | None = None) -> Game:
    """Two cards of the second deal's first trick down: a deal scored."""
    game = Game(["Ann", "Bob", "Cid", "Dee"], rules or Rules(), seed=4)
    while not (game.results and game.phase is Phase.PLAY and len(game.view(None).trick) == 2):
        game.apply(game.legal_moves()[0])
    return game


def hattrick_with_a_pass():
    """A pass in the trick, piles and pass cards on the table, a deal scored."""
    return played_until(
        4,
        1,
        lambda g: (
            g.results and len(g.deal_tricks) > 2 and any(t.passed for t in g.view(None).trick)
        ),
        seeds=50,
    )


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
def test_the_line_says_the_turn_the_trick_the_hand_the_seats_and_the_scores_in_that_order(make):
    game = make()
    seat = game.to_move
    view = game.view(seat)
    line = said(game, seat)
    turn = f"Your turn, {game.players[seat]}."
    assert line.startswith(turn)
    plays = [line.index(f"{game.players[t.seat]} ") for t in view.trick]
    assert plays and all(card_words(turn.card) in line for turn in view.trick)
    marked = screens_of(game.GAME).words.marked(view)
    hand = line.index(" ".join(card_words(card, card.colour in marked) for card in view.hand))
    seats = [line.index(f" {name}: ") for name in view.players]
    deal = line.index(f"Deal {view.deal}/{view.deals_total}.")
    scores = line.index("Scores: " if game.GAME != "seven-seals" else "Penalty points: ")
    assert len(turn) < min(plays) and max(plays) < hand < min(seats)
    assert seats == sorted(seats) and max(seats) < deal < scores
    assert "\n" not in line


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_the_public_line_names_no_hand(make):
    game = make()
    public = said(game, None)
    in_hands = set(every_hand(game)) - {card_words(turn.card) for turn in game.view(None).trick}
    assert in_hands and not [card for card in in_hands if card in public]
    assert "Your hand" not in public
    assert public.startswith(f"{game.players[game.to_move]} to ")


def test_a_hattrick_pass_card_is_said_as_a_pass():
    game = hattrick_with_a_pass()
    passed = next(turn for turn in game.view(None).trick if turn.passed)
    name = game.players[passed.seat]
    assert f"{name} passed, showing {card_words(passed.card)}" in said(game, None)


def test_sticheln_names_your_pain_colour_and_marks_its_cards_only_on_your_screen():
    game = sticheln_mid_trick()
    seat = game.to_move
    view = game.view(seat)
    (pain,) = view.pain_colours(seat)
    line = said(game, seat)
    marked = [card_words(card, pain=True) for card in view.hand if card.colour == pain]
    assert f"Your hand (pain: {colour_name(pain)}): " in line
    assert marked and all(card in line for card in marked)
    assert "!" not in line.replace("".join(marked), "").replace(" ".join(marked), "")
    assert "!" not in said(game, None)


def test_sticheln_says_each_seats_pain_card_tricks_and_points_as_its_panel_does():
    game = sticheln_mid_trick()
    view = game.view(None)
    line = said(game, None)
    for seat, name in enumerate(view.players):
        (card,) = view.pain_cards[seat]
        points = view.points_so_far(seat)
        tricks = view.tricks_won[seat]
        unit = "point" if abs(points) == 1 else "points"
        entry = f"{name}: pain {card_words(card)}, {tricks} tricks, {points:+d} {unit}."
        assert entry in line


def test_dark_sticheln_says_only_your_own_pain_card_and_no_points():
    game = sticheln_mid_trick(Rules(dark=True))
    seat = game.to_move
    own = game.view(seat)
    line, public = said(game, seat), said(game, None)
    (card,) = own.pain_cards[seat]
    assert f"{game.players[seat]}: pain {card_words(card)}, " in line
    assert f"Your hand (pain: {colour_name(card.colour)})" in line
    for other, name in enumerate(game.players):
        if other != seat:
            assert f"{name}: pain card face down, " in line
        assert f"{name}: pain card face down, " in public
    assert not re.search(r"\bpoints?\b", line + public)


def test_hattrick_says_each_seats_pile_pass_cards_and_points_now():
    game = hattrick_with_a_pass()
    view = game.view(None)
    line = said(game, None)
    for seat, name in enumerate(view.players):
        counts = ", ".join(
            f"{colour} {sum(card.colour == colour for card in view.piles[seat])}"
            for colour in ("red", "blue", "green")
        )
        points = view.points_so_far(seat)
        unit = "point" if abs(points) == 1 else "points"
        laid = view.passes[seat]
        passes = ""
        if laid:
            cards = " ".join(card_words(card) for card in laid)
            passes = f"{len(laid)} pass card{'s' if len(laid) > 1 else ''} {cards}, "
        assert f"{name}: pile {counts}, {passes}{points:+d} {unit}." in line
    assert any(view.passes) and any(any(pile) for pile in view.piles)


def seals_said(held) -> str:
    kinds = ("red", "yellow", "green", "blue", "purple", WHITE, BLACK)
    return ", ".join(f"{kind} {held[kind]}" for kind in kinds if held.get(kind)) or "no seals"


def test_seven_seals_says_each_seats_seals_white_and_black_the_saboteur_and_penalties():
    """A deal where a seat holds white seals and another took a black one."""
    game = seven_seals_until(
        lambda g: (
            g.phase == SevenSealsPhase.PLAY
            and g.results
            and g.saboteur is not None
            and any(held.get(WHITE) for held in g.seals)
            and any(held.get(BLACK) for held in g.seals)
        ),
        seeds=40,
    )
    view = game.view(None)
    line = said(game, None)
    for seat, name in enumerate(view.players):
        now = penalty_now(view, seat)
        unit = "point" if now == 1 else "points"
        if seat == view.saboteur:
            entry = f"{name}: saboteur, costs {view.saboteur_price}, {now} penalty {unit} now."
        else:
            entry = f"{name}: {seals_said(view.seals[seat])}, {now} penalty {unit} now."
        assert entry in line
    left = view.supply[BLACK]
    assert f" {left} black seal{'s' if left != 1 else ''} left." in line
    totals = ", ".join(
        f"{name} {total}" for name, total in zip(view.players, view.totals, strict=True)
    )
    assert f"Penalty points: {totals}." in line and "+" not in line


def test_seven_seals_while_predicting_says_the_supply_and_who_is_still_to_come():
    game = seven_seals_until(lambda g: g.view(None).predictions.count(None) == 2)
    view = game.view(None)
    line = said(game, None)
    assert f"Supply: {seals_said(view.supply)}." in line
    waiting = [seat for seat, taken in enumerate(view.predictions) if taken is None]
    for seat in waiting:
        state = "choosing..." if seat == view.to_move else "to come."
        assert f"{view.players[seat]}: {state}" in line
    predicted = next(seat for seat in range(len(view.players)) if seat not in waiting)
    assert f"{view.players[predicted]}: {seals_said(view.seals[predicted])}." in line


def test_the_line_is_in_the_players_language():
    game = sticheln_mid_trick()
    i18n.use("de")
    line = said(game, None)
    assert line.startswith(f"{game.players[game.to_move]} ist dran. Stich 1/14: ")
    assert " Runde 2/5. Punkte: Ann " in line
    assert "Your" not in line and "Trick" not in line


@pytest.mark.parametrize("language", ["de", "fi", "it", "nl"])
@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_the_line_has_no_english_word_in_another_language(make, language):
    game = make()
    i18n.use(language)
    foreign = english_only(language)
    for seat in (game.to_move, None):
        line = said(game, seat)
        assert not words(line) & foreign, line
