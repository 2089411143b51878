"""A Finnish player at a new game, pressing only Enter, never meets an English word.

The check looks at every screen on the way, after every press: no word of the game's
English text (the catalogue's originals) may show unless Finnish uses the same word
(names, "Sticheln", "Enter"). Sticheln for three, one deal: its pain cards, the reveal
and two tricks, then the same deal taken up at its last trick and played to the final
scores. The whole game (`sticheln --lang fi --players Ann,Bob,Cid --seed 7`, three
deals) is the same walk, longer.
"""

from __future__ import annotations

from dataclasses import replace

from helpers import english_only, is_final, screen_text, words

from sticheln_tui import i18n
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game
from sticheln_tui.core.sticheln import Rules

PLAYERS = ["Ann", "Bob", "Cid"]
RULES = replace(Rules(), deals=1)
SEED = 7


def last_trick() -> Game:
    """The deal played by first legal moves until each hand holds one card."""
    game = Game(PLAYERS, RULES, seed=SEED)
    while any(size > 1 for size in game.view(None).hand_sizes):
        game.apply(game.legal_moves()[0])
    return game


async def test_enter_alone_through_a_deal_in_finnish_shows_no_english_word():
    i18n.use("fi")
    foreign = english_only("fi")
    app = StichelnApp(players=PLAYERS, seed=SEED, rules=RULES)
    seen: dict[str, str] = {}

    async def enter_until(done) -> None:
        for _ in range(100):
            text = screen_text(app)
            for word in words(text) & foreign:
                seen.setdefault(word, text)
            if done():
                return
            await pilot.press("enter")
            await pilot.pause()
        raise AssertionError("never reached")

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await enter_until(lambda: len(app.game.moves) >= len(PLAYERS) * 3)
        app.continue_game(last_trick(), (None,) * len(PLAYERS))
        await pilot.pause()
        await enter_until(lambda: is_final(app))
    assert not seen, (
        "English on screen: " + ", ".join(sorted(seen)) + "\n" + next(iter(seen.values()))
    )
