"""The setup form as a table meets it, and the same table again after a game."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from helpers import screen_text
from key_patterns import DELIBERATE_PAUSE, deliberate, hold, press, real_key_timing

from sticheln_tui import i18n
from sticheln_tui.app import StichelnApp
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.option_table import SABOTEUR_VARIANTS
from sticheln_tui.core.seven_seals import SevenSealsOptions
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.screens.handoff import HandoffScreen
from sticheln_tui.screens.scoreboard import ScoreboardScreen
from sticheln_tui.screens.setup import SetupScreen, SevenSealsSetupScreen

SIZE = (100, 40)


def line_with(app: StichelnApp, words: str) -> str:
    return next(line for line in screen_text(app).splitlines() if words in line)


def messages(app: StichelnApp) -> list[str]:
    return [notification.message for notification in app._notifications]


@pytest.mark.parametrize("game", ["sticheln", "hattrick", "seven-seals"])
async def test_the_form_opens_on_its_first_field_and_enter_there_moves_on(game):
    app = StichelnApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert app.focused is screen.query_one("#count")
        await pilot.press("right")  # the arrows change the number of players at once
        await pilot.pause()
        assert screen.count == 5
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is screen.query_one("#name-0") and app.game is None
        await pilot.press(*"Ann", "enter", "enter")  # a name, then its seat's type
        await pilot.pause()
        assert screen.names()[0] == "Ann" and app.focused is screen.query_one("#name-1")
        assert app.game is None


async def test_enter_on_a_choice_keeps_it_and_goes_to_the_next_field():
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        count = app.screen.query_one("#count")
        count.focus()
        await pilot.press("right")
        await pilot.pause()
        assert "Next field" in screen_text(app)  # the footer says what Enter does here
        await pilot.press("enter")
        await pilot.pause()
        assert count.value == 5
        assert app.focused is app.screen.query_one("#name-0")
        assert app.game is None


async def test_ticked_and_unticked_options_read_apart_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = StichelnApp(game="sticheln", rules=Rules(dark=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.no_color
        ticked, unticked = line_with(app, "Dark: "), line_with(app, "Mild: ")
        box = slice(ticked.index("Dark") - 4, ticked.index("Dark"))
        assert ticked[box].strip() != unticked[box].strip(), (ticked, unticked)
        assert "X" in ticked[box] and "X" not in unticked[box]


@contextlib.asynccontextmanager
async def french_deck_at_three_players():
    """The setup form with the French deck ticked, then three players chosen."""
    app = StichelnApp(game="sticheln", rules=Rules(french_deck=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#count").value = 3
        await pilot.pause()
        yield app, pilot


async def test_a_french_deck_switched_off_by_three_players_comes_back_with_four():
    async with french_deck_at_three_players() as (app, pilot):
        screen = app.screen
        assert not screen.rules.french_deck
        assert "French deck: for 4 players only, ticked again with 4" in screen_text(app)
        screen.query_one("#count").value = 4
        await pilot.pause()
        assert screen.rules.french_deck
        assert screen.query_one("#option-french_deck").value is True
        assert "The French deck is back on, for 4 players." in messages(app)


async def test_a_french_deck_stays_off_when_an_option_ticked_since_rules_it_out():
    async with french_deck_at_three_players() as (app, pilot):
        screen = app.screen
        screen.query_one("#option-zeros_trump").value = True
        screen.query_one("#count").value = 4
        await pilot.pause()
        assert screen.rules.zeros_trump and not screen.rules.french_deck
        assert "The French deck stays off: it does not go with Zeros are trump." in messages(app)


async def test_ticking_reverse_turns_the_latest_trump_text_round():
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#option-latest_trump")
        assert "its highest card" in str(box.label)
        app.screen.query_one("#option-reverse").value = True
        await pilot.pause()
        assert app.screen.rules.reverse
        assert "its lowest non-zero card" in str(box.label)


def words_on_screen(app: StichelnApp) -> str:
    """The screen's words with every run of blanks and line ends as one space."""
    return " ".join(screen_text(app).split())


async def test_a_bad_seed_is_explained_next_to_it_and_starts_nothing():
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=(80, 24)) as pilot:  # the words wrap, and stay in view
        await pilot.pause()
        seed = app.screen.query_one("#seed")
        seed.focus()
        await pilot.press(*"1x")
        await pilot.pause()
        assert seed.value == "1x"  # kept as typed, not silently dropped
        assert "The seed must be a whole number, not '1x'." in words_on_screen(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.game is None
        assert "Cannot start: the seed must be a whole number" in screen_text(app)
        await pilot.press("backspace", "backspace", "minus", "1")
        await pilot.pause()
        assert "The seed must be from 0 to 2**64 - 1, not -1." in words_on_screen(app)
        await pilot.press("backspace", "backspace", "7")
        await pilot.pause()
        assert "The seed must" not in words_on_screen(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.seed == 7


WORD = re.compile(r"[^\W\d_]{3,}")
# The words of the game's English text a language may show: the keys' and games' names,
# and each language's own words that English happens to spell the same.
KEPT_EVERYWHERE = {"enter", "esc", "tab", "sticheln", "hattrick"}
SHARED_WITH_ENGLISH = {
    "de": {"hand", "mild", "option", "plus", "saboteur", "start"},
    "fi": {"per"},
    "it": {"come", "extra", "fine", "non", "per"},
    "nl": {"extra", "hand", "hard", "mild", "min", "per", "plus", "saboteur", "start", "variant"},
}


def english_words() -> set[str]:
    with (Path(i18n.LOCALE_DIR) / f"{i18n.DOMAIN}.pot").open("rb") as file:
        ids = [message.id for message in read_po(file) if message.id]
    texts = [text for id_ in ids for text in (id_ if isinstance(id_, tuple) else [id_])]
    return {word.casefold() for text in texts for word in WORD.findall(text)}


@pytest.mark.parametrize("game", ["sticheln", "hattrick", "seven-seals"])
@pytest.mark.parametrize("code", sorted(SHARED_WITH_ENGLISH))
async def test_a_form_in_another_language_leaves_no_english_word(code, game):
    """Every word of the form, its keys' help and a bad seed's explanation included (an
    Italian form read "Seed (vuoto: casuale)" and "Space spunta una variante")."""
    i18n.use(code)
    app = StichelnApp(game=game)
    async with app.run_test(size=(80, 60)) as pilot:  # the whole form in view
        await pilot.pause()
        app.screen.query_one("#seed").focus()
        await pilot.press("x")
        await pilot.pause()
        shown = {word.casefold() for word in WORD.findall(screen_text(app))}
    english = shown & english_words() - KEPT_EVERYWHERE - SHARED_WITH_ENGLISH[code]
    assert not english, f"English in the {code} form: {sorted(english)}"


def finished_game() -> Game:
    game = Game(["Ann", "Normal 2", "Bob"], Rules(deals=1, dark=True), first_leader=1, seed=5)
    while game.phase is not Phase.OVER:
        game.apply(game.legal_moves()[0])
    return game


LEVELS = (None, "normal", None)


@contextlib.asynccontextmanager
async def at_the_final_screen(game: Game):
    app = StichelnApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.continue_game(game, LEVELS)
        await pilot.pause()
        yield app, pilot


async def test_rematch_seats_the_same_table_with_new_cards_and_the_next_leader():
    game = finished_game()
    async with at_the_final_screen(game) as (app, pilot):
        assert isinstance(app.screen, ScoreboardScreen) and app.screen.final
        assert "Rematch" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        rematch = app.game
        assert rematch is not game and rematch.moves == []
        assert rematch.players == game.players and rematch.rules == game.rules
        assert app.flow.levels == LEVELS and set(app.bots) == {1}
        assert rematch.first_leader == 2
        assert rematch.seed != game.seed
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 2


async def test_new_game_after_game_over_fills_in_the_last_table():
    game = finished_game()
    async with at_the_final_screen(game) as (app, pilot):
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.query_one("#count").value == 3
        assert [screen.query_one(f"#kind-{seat}").value for seat in range(3)] == [
            "human",
            "normal",
            "human",
        ]
        # A bot's default name stays a placeholder, so it follows a change of level.
        assert [screen.query_one(f"#name-{seat}").value for seat in range(3)] == ["Ann", "", "Bob"]
        assert screen.query_one("#leader").value == 1
        assert screen.query_one("#seed").value == ""
        assert screen.query_one("#option-dark").value is True
        await pilot.click("#start")
        await pilot.pause()
        assert app.game is not game and app.game.players == game.players
        assert app.flow.levels == LEVELS and app.game.rules == game.rules


async def test_enter_after_a_name_goes_on_to_the_next_name():
    app = StichelnApp(game="sticheln")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#name-0").focus()
        await pilot.press(*"Ann", "enter")
        await pilot.pause()
        assert app.game is None and app.focused is not app.screen.query_one("#name-0")
        assert app.screen.query_one("#name-0").value == "Ann"


async def test_two_enters_after_game_over_open_the_form_and_move_on_in_it(monkeypatch):
    clock = real_key_timing(monkeypatch)
    async with at_the_final_screen(finished_game()) as (app, pilot):
        await deliberate(pilot, clock, "enter")  # the final scores' New game
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen) and app.focused is screen.query_one("#count")
        await deliberate(pilot, clock, "enter")
        await pilot.pause()
        assert app.screen is screen and app.game is None  # no new game
        assert app.focused is screen.query_one("#name-0")


async def mash(pilot, clock, key: str, times: int, every: float = 0.12) -> None:
    """`key` pressed again and again, faster than a deliberate press, after a pause."""
    clock.advance(DELIBERATE_PAUSE)
    for _ in range(times):
        await press(pilot, clock, key)
        clock.advance(every)


@pytest.mark.parametrize("keys", ["held", "mashed"])
async def test_an_enter_held_or_mashed_through_game_over_leaves_the_form_alone(monkeypatch, keys):
    """Game over, then Enter held or mashed: the form comes up on its first field, and
    waits for a deliberate press; Enter on Start then starts the game."""
    clock = real_key_timing(monkeypatch)
    async with at_the_final_screen(finished_game()) as (app, pilot):
        if keys == "held":
            await hold(pilot, clock, ["enter"])
        else:
            await mash(pilot, clock, "enter", 30)
        screen = app.screen
        assert isinstance(screen, SetupScreen) and app.game is None
        assert app.focused is screen.query_one("#count")  # the keys walked no field
        start = screen.query_one("#start")
        start.focus()
        # The pause before a deliberate press, in Textual's clock too: a Button ignores
        # presses while it shows the last one (its active effect).
        await pilot.pause(start.active_effect_duration + 0.05)
        await deliberate(pilot, clock, "enter")
        await pilot.pause()  # the form asks the app to start the game
        assert app.game is not None


# -- Seven Seals' form ----------------------------------------------------------------


async def test_seven_seals_form_offers_three_to_five_players_deals_and_the_variants():
    app = StichelnApp(game="seven-seals")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SevenSealsSetupScreen)
        text = screen_text(app)
        assert "Seven Seals: a new game" in text
        assert [value for _, value in screen.query_one("#count")._options] == [3, 4, 5]
        # The first dealer is chosen (RULES.md 4.2); the seat on their left leads first.
        assert "Player 1" in line_with(app, "First dealer")
        assert screen.query_one("#leader").value == 1
        assert "one per player (4 deals)" in line_with(app, "Deals")
        for option in SABOTEUR_VARIANTS:  # each with its one-line explanation, unticked
            assert f"{option.label}: {option.explanation}" in text
        assert "Space ticks a variant" in words_on_screen(app)
        assert screen.chosen_options() == SevenSealsOptions()
        screen.query_one("#count").value = 3
        await pilot.pause()
        assert "two rounds (6 deals)" in line_with(app, "Deals")  # two rounds at three players
        assert screen.chosen_options().deals is None


async def test_space_ticks_a_saboteur_variant_and_the_variants_combine():
    app = StichelnApp(game="seven-seals")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        for field in ("saboteur_costs_5", "saboteur_auction"):
            screen.query_one(f"#option-{field}").focus()
            await pilot.press("space")
            await pilot.pause()
        assert screen.chosen_options() == SevenSealsOptions(
            saboteur_costs_5=True, saboteur_auction=True
        )
        assert "X" in line_with(app, "Saboteur auction")
        assert "X" not in line_with(app, "Escalating saboteur")


async def test_starting_seven_seals_asks_the_app_with_the_whole_table(monkeypatch):
    started = []
    monkeypatch.setattr(
        StichelnApp,
        "start_game",
        lambda app, seats, leader, seed, options, game: started.append(
            (game, seats, leader, seed, options)
        ),
    )
    options = SevenSealsOptions(deals=2, escalating_saboteur=True)
    app = StichelnApp(game="seven-seals", rules=options)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#option-escalating_saboteur").value is True
        screen.query_one("#count").value = 5
        await pilot.pause()  # the form offers a fifth seat
        screen.query_one("#leader").value = 4  # Player 4 deals: Player 5 leads
        screen.query_one("#seed").value = "7"
        await pilot.click("#start")
        await pilot.pause()
        ((game, seats, leader, seed, chosen),) = started
        assert (game, leader, seed, chosen) == ("seven-seals", 4, 7, options)
        assert [seat.name for seat in seats] == [f"Player {n}" for n in range(1, 6)]
