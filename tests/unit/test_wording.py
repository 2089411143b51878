"""Every sentence the game builds from a position says what is true there.

Seeded games between normal bots, played in code over the variants: at each decision the
hint's reason, the play hint of every card in the hand and the trick box's trump note;
after each move the hand-off news. Each is checked against the facts of the game.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from helpers import card_marks

from sticheln_tui.bots.sticheln import NormalBot
from sticheln_tui.core.game import (
    ChooseColours,
    Game,
    Move,
    Phase,
    PickPain,
    PlayCard,
    SettleTie,
)
from sticheln_tui.core.options import PRESETS
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.screens.sticheln.parts import last_event_text, play_hint, trump_note
from sticheln_tui.widgets.cards import card_label

# Two deals each: the second one starts after a deal's scores, where stale news would show.
VARIANTS = {
    "classic-3": (3, Rules()),
    "reverse-4": (4, Rules(reverse=True)),
    "reverse+harsh-5": (5, Rules(reverse=True, harsh=True)),
    "reverse+dark-4": (4, Rules(reverse=True, dark=True)),
    "late-4": (4, Rules(late=True)),
    "harsh+late-3": (3, Rules(harsh=True, late=True)),
    "reverse+late-4": (4, Rules(reverse=True, late=True)),
    "mild-5": (5, Rules(mild=True)),
    "french-4": (4, Rules(french_deck=True)),
    "french+reverse+harsh-4": (4, Rules(french_deck=True, reverse=True, harsh=True)),
    "table-sheet-4": (4, PRESETS["table-sheet"]),
    "dark-8": (8, Rules(dark=True)),
}
GAMES = [
    pytest.param(players, replace(rules, deals=2), seed, id=f"{name}-seed{seed}")
    for name, (players, rules) in VARIANTS.items()
    for seed in (1, 2)
] + [
    # One deal that ends in a tie: the extra deal starts after the scores, too.
    pytest.param(3, replace(PRESETS["table-sheet"], deals=1), 19, id="table-sheet-tie-3")
]
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")

MINUS_ZERO = re.compile(r"[+-]0(?![\d.])")
DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)
# "a pain-colour card", "a card of your luck suit": the card is of the seat's own colour.
CARD_CLAIM = re.compile(r"\b(?:pain|luck)[- ](?:colour|suit)s? card|card of your (?:pain|luck)")


def check_sentence(text: str, rules: Rules) -> None:
    """What every sentence must be: no "-0", no doubled word, one word for colours."""
    assert not MINUS_ZERO.search(text), text
    assert not DOUBLED.search(text), text
    if rules.french_deck:
        assert "colour" not in text, f"the French deck has suits: {text}"
    else:
        assert "suit" not in text, f"this deck has colours: {text}"


def check_reason(game: Game, move: Move, reason: str) -> None:
    """The hint line, "Hint: <the move> <reason>.", against what the seat knows."""
    rules, seat = game.rules, game.to_move
    view = game.view(seat)
    if isinstance(move, ChooseColours):
        named = " and ".join(move.colours)
    elif isinstance(move, SettleTie):
        named = "an extra deal:"  # the table's news: "Ann chose an extra deal: <reason>."
    else:
        named = card_label(move.card)
    check_sentence(f"{named} {reason}", rules)
    own = view.pain_colours(seat)
    if isinstance(move, PlayCard) and rules.late:
        assert not re.search(r"pain|luck", reason), f"nobody has a colour yet: {reason}"
    if isinstance(move, PlayCard) and CARD_CLAIM.search(reason):
        assert move.card.colour in own, f"{move.card} is not of {own}: {reason}"
    if isinstance(move, PlayCard) and "outside your" in reason:
        assert move.card.colour not in own, f"{move.card} is of {own}: {reason}"
    if "luck" in reason:
        assert rules.reverse, reason
    if rules.mild:
        assert "lowest" not in reason, f"under Mild a card's value does not count: {reason}"


def check_play_hints(game: Game) -> dict:
    """The hint under the hand for every card, and the trump note; returns them by card."""
    view = game.view(game.to_move)
    check_sentence(trump_note(view), game.rules)
    hints = {}
    for card in view.hand:
        hints[card] = play_hint(view, card).plain
        check_sentence(hints[card], game.rules)
    return hints


def check_hint_came_true(game: Game, seat: int, hint: str, was_ahead: int | None) -> None:
    """The play hint said who takes the trick or leads it now; so it went."""
    # The trick just taken; the last of a deal is kept with the deal's scores.
    taken = game.last_trick or (game.results[-1].last_trick if game.results else None)
    if "you take the trick" in hint:
        assert not game.trick and taken.winner == seat, hint
    elif "you are winning so far" in hint:
        assert game.view(None).winning_seat == seat, hint
    elif "you lead" in hint:
        assert [play.seat for play in game.trick] == [seat], hint
    elif hint.endswith(" takes."):
        assert not game.trick and hint.endswith(f", {game.players[taken.winner]} takes."), hint
    else:
        ahead = game.view(None).winning_seat
        stays = "stays" if ahead == was_ahead else "goes"
        assert ahead != seat and hint.endswith(f", {game.players[ahead]} {stays} ahead."), hint


def check_news(game: Game, move: Move, mover: int, before: tuple[int, Phase]) -> None:
    """The hand-off news after `move`: empty once the scores or the reveal (which the
    whole table watches) come between; otherwise the move itself, in public terms."""
    public = game.view(None)
    news = last_event_text(public, move, mover).plain
    deal, phase = before
    moved_on = game.deal_index != deal or game.phase in (Phase.TIE, Phase.OVER)
    revealed = phase is Phase.PICK and game.phase is not Phase.PICK
    if moved_on or revealed:
        assert news == "", f"stale news after {'the scores' if moved_on else 'the reveal'}"
        return
    check_sentence(news, game.rules)
    name = game.players[mover]
    assert news.startswith(f"{name} "), news
    if isinstance(move, PickPain):
        assert "face down" in news and not any(mark in news for mark in card_marks(move.card))
    elif isinstance(move, ChooseColours):
        assert news.startswith(f"{name} chose their "), news
    else:
        assert card_label(move.card) in news, news
        if not game.trick:
            assert f"; {game.players[game.last_trick.winner]} took the trick." in news, news


@pytest.mark.parametrize(("players", "rules", "seed"), GAMES)
def test_every_sentence_of_a_bot_game_is_true(players, rules, seed):
    game = Game(NAMES[:players], rules, seed=seed)
    bot = NormalBot(seed)
    while game.phase is not Phase.OVER:
        mover = game.to_move
        advice = bot.advise(game.view(mover))
        check_reason(game, advice.move, advice.reason)
        hints = check_play_hints(game) if game.phase is Phase.PLAY else {}
        before = (game.deal_index, game.phase)
        was_ahead = game.view(None).winning_seat
        game.apply(advice.move)
        if isinstance(advice.move, PlayCard):
            check_hint_came_true(game, mover, hints[advice.move.card], was_ahead)
        check_news(game, advice.move, mover, before)
