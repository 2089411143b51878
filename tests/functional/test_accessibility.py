"""The terminal cursor, which screen readers and braille displays follow, sits on the
focused card or choice; the `i` key says the situation in one line, a hand only on its
own seat's screen."""

from __future__ import annotations

import pytest
from helpers import at_the_table, cards_on_screen, screen_text
from positions import seven_seals_until
from textual.widgets import OptionList
from textual.widgets._toast import Toast

from sticheln_tui import i18n
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game
from sticheln_tui.core.seven_seals import Phase as SevenSealsPhase
from sticheln_tui.core.seven_seals import SevenSealsGame, SevenSealsOptions
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.seven_seals.prediction import SevenSealsPredictionScreen
from sticheln_tui.screens.sticheln.pain_pick import PainPickScreen
from sticheln_tui.screens.sticheln.reveal import RevealScreen
from sticheln_tui.widgets.choice import Choice
from sticheln_tui.widgets.hand import Hand
from sticheln_tui.words import card_words, colour_name


def a_game_in_play() -> Game:
    game = Game(["Ann", "Bob", "Cid", "Dee"], seed=4)
    for _ in range(5):
        game.apply(game.legal_moves()[0])
    return game


def text_at(app: StichelnApp, x: int, y: int, width: int) -> str:
    """What the screen shows from (x, y) on, `width` cells."""
    line = app.screen._compositor.render_update(full=True).strips[y]
    text = "".join(segment.text for strip in line for segment in strip)
    return text.ljust(x + width)[x : x + width]


@pytest.mark.parametrize("size", [(100, 32), (120, 40), (160, 50)])  # small, big, tall cards
async def test_the_cursor_follows_the_chosen_card(size):
    async with at_the_table(a_game_in_play(), size) as pilot:
        app = pilot.app
        hand = app.screen.query_one(Hand)
        seen = set()
        for _ in range(3):
            await pilot.press("right")
            await pilot.pause()
            x, y = app.cursor_position
            assert (x, y) == hand.cursor_region.offset
            assert text_at(app, x, y, 1) == "►"  # the card under the hand's cursor
            seen.add((x, y))
        assert len(seen) == 3


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_cursor_follows_the_colour_chosen_in_a_seven_seals_prediction(size):
    game = SevenSealsGame(["Ann", "Bob", "Cid", "Dee"], SevenSealsOptions(), seed=3)
    async with at_the_table(game, size) as pilot:
        app = pilot.app
        assert isinstance(app.screen, SevenSealsPredictionScreen)
        rows = []
        for _ in range(3):
            await pilot.pause()
            x, y = app.cursor_position
            assert text_at(app, x, y, 1) == "▸"
            rows.append(y)
            await pilot.press("down")
        assert rows == sorted(set(rows))  # down the colours, a row each


async def test_the_cursor_follows_the_menu_and_the_forms_choices():
    app = StichelnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        rows = set()
        for _ in range(2):
            await pilot.press("down")
            await pilot.pause()
            entry = menu.get_option_at_index(menu.highlighted).prompt
            x, y = app.cursor_position
            assert str(entry).strip() in text_at(app, x, y, menu.content_region.width)
            rows.add(y)
        assert len(rows) == 2
        menu.highlighted = 0
        await pilot.press("enter")  # Sticheln's setup form
        await pilot.pause()
        count = app.screen.query_one("#count", Choice)
        count.focus()
        await pilot.pause()
        assert app.cursor_position == count.cursor_region.offset
        assert text_at(app, *app.cursor_position, 1).isdigit()  # the number of players


async def test_say_names_the_hand_only_on_its_own_screen():
    game = a_game_in_play()
    app = StichelnApp()
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        app.continue_game(game)
        await pilot.pause()
        await pilot.press("enter")  # past the hand-off
        await pilot.pause()
        seat = game.to_move
        await pilot.press("i")
        await pilot.pause()
        view = game.view(seat)
        (pain,) = view.pain_colours(seat)
        own = [card_words(card, pain=card.colour == pain) for card in view.hand]
        assert f"Your hand (pain: {colour_name(pain)}): " + " ".join(own) in app._said
        await pilot.pause()  # the toast is mounted
        toast = app.screen.query_one(Toast)
        x, y = toast.content_region.offset  # where a reader looks: the line, under its title
        assert text_at(app, x, y, 8) == "Sticheln"  # the game's title
        assert app.cursor_position == (x, y + 1)
        assert text_at(app, x, y + 1, 10) == "Your turn,"  # the most urgent first
        await pilot.press("enter")  # the card is played; the next seat's hand-off
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert not app.screen.query(Toast)  # the line with the hand went with its screen
        await pilot.press("i")
        await pilot.pause()
        in_hands = [card for other in range(4) for card in game.view(other).hand]
        assert cards_on_screen(screen_text(app), in_hands) == []
        assert "Your hand" not in app._said and f"{game.players[game.to_move]} to play" in app._said


async def test_a_said_hand_goes_with_its_screen_when_a_public_one_follows():
    """The last pain card laid down, the reveal comes up with no hand-off between: the
    line naming that hand is gone from it."""
    game = Game(["Ann", "Bob", "Cid"], seed=4)
    for _ in range(2):  # Ann and Bob have laid down theirs; Cid's is the last
        game.apply(game.legal_moves()[0])
    app = StichelnApp()
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        app.continue_game(game)
        await pilot.pause()
        await pilot.press("enter")  # past Cid's hand-off
        await pilot.pause()
        assert isinstance(app.screen, PainPickScreen)
        await pilot.press("i")
        await pilot.pause()
        assert "Your hand" in app._said and app.screen.query(Toast)
        await pilot.press("enter")  # the last pick: the reveal, public
        await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        assert not app.screen.query(Toast) and app._said is None


async def test_say_on_a_seven_seals_hand_off_is_titled_by_the_game_and_says_the_seals():
    """In the player's language; on the shared screen, the seals all may see."""
    game = seven_seals_until(lambda g: g.phase == SevenSealsPhase.PLAY and g.results)
    i18n.use("de")
    app = StichelnApp()
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        app.continue_game(game)
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("i")
        await pilot.pause()
        toast = app.screen.query_one(Toast)
        x, y = toast.content_region.offset
        assert text_at(app, x, y, 16) == "Die Sieben Siegel"[:16]
        assert "Strafpunkte" in app._said and "+" not in app._said
        in_hands = [card for seat in range(4) for card in game.view(seat).hand]
        assert cards_on_screen(screen_text(app), in_hands) == []
