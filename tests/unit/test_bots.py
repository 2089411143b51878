"""Computer players: legal, repeatable moves made from one seat's view and nothing more.

Games here are seeded and driven through `Game.apply`, so every failure replays. The
strong bot gets a small playout budget (and a time limit that never fires) to keep the
file quick and its moves repeatable. The sampled deals the strong bot plays out in its
head are checked against what the seat has seen and against the real game behind it.
Strength is not tested here: `sticheln simulate` measures it.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from strategies import positions

import sticheln_tui.bots as bots_package
from sticheln_tui.bots import make_bot, match
from sticheln_tui.bots.base import Bot
from sticheln_tui.bots.search import resampled
from sticheln_tui.bots.sticheln import BOTS, NormalBot, StrongBot
from sticheln_tui.bots.sticheln.normal import _Table as normal_table
from sticheln_tui.bots.sticheln.world import Deal, played_cards, sample_deal, won_cards
from sticheln_tui.core.cards import Card, sorted_cards
from sticheln_tui.core.game import (
    ChooseColours,
    Game,
    Phase,
    PickPain,
    PlayCard,
    SeatView,
    SettleTie,
)
from sticheln_tui.core.options import OPTIONS, PRESETS
from sticheln_tui.core.sticheln import Rules, deck_for, trick_winner
from sticheln_tui.games import play_of, registered
from sticheln_tui.seats import LEVELS

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
PLAYER_COUNTS = range(3, 9)
BOTS_DIR = Path(bots_package.__file__).parent


def bot_for(level: str, seed: int) -> Bot:
    """A bot of this level; the strong one with a budget small enough to stay quick and
    a time limit that never cuts it short, so its moves depend on the seed alone."""
    if level == "strong":
        return StrongBot(seed, playouts=60, time_limit=60)
    return make_bot(level, seed)


def new_game(players: int, rules: Rules, seed: int) -> Game:
    return Game(NAMES[:players], rules, seed % players, seed)


def single_line(text: str) -> bool:
    return bool(text.strip()) and "\n" not in text


# Every preset, every option on its own and a few mixes (French deck: 4 players only).
RULE_SETS: dict[str, Rules] = {
    **PRESETS,
    **{option.field: Rules(**{option.field: True}) for option in OPTIONS},
    "harsh+late": Rules(harsh=True, late=True),
    "reverse+dark": Rules(reverse=True, dark=True),
    "table-sheet+harsh": replace(PRESETS["table-sheet"], harsh=True),
    "harsh+pain-in-hand": Rules(harsh=True, pain_in_hand=True),
    "reverse+late+latest-trump": Rules(reverse=True, late=True, latest_trump=True),
    "french+harsh+dark+pain-in-hand": Rules(
        french_deck=True, harsh=True, dark=True, pain_in_hand=True
    ),
}
TABLES = [
    pytest.param(players, rules, id=f"{name}-{players}")
    for name, rules in RULE_SETS.items()
    for players in PLAYER_COUNTS
    if not rules.french_deck or players == 4
]


# -- 1. legal moves in every phase ------------------------------------------------------

# Tables that between them ask for every kind of move: picks (a second one of another
# colour in Harsh, from a hand that keeps the first), tricks, Late's colour choice and
# the tie-break decision (Mild and Late make ties common).
PICKING = [
    (3, Rules(harsh=True, deals=1)),
    (4, Rules(harsh=True, pain_in_hand=True, dark=True, reverse=True, deals=1)),
    (5, Rules(mild=True, latest_trump=True, zeros_trump=True, deals=1)),
    (8, Rules(dark=True, leftover_face_down=True, deals=1)),
]
LATE_TIES = (3, Rules(late=True, mild=True, tie_break=True, deals=1))


def play_through(game: Game, bots: list[Bot], seen: set[Phase]) -> None:
    """Play the game to its end with these bots, checking every move they make."""
    while game.phase is not Phase.OVER:
        seat = game.to_move
        view = game.view(seat)
        advice = bots[seat].advise(view)
        assert advice.move in view.legal_moves, (view.phase, advice.move)
        assert advice.move in game.legal_moves()
        assert single_line(advice.reason), advice.reason
        assert bots[seat].choose(view) == advice.move
        if view.phase is Phase.TIE:  # the rules' extra deal; sharing is for humans to offer
            assert advice.move == SettleTie(True)
        seen.add(view.phase)
        game.apply(advice.move)


@pytest.mark.parametrize("level", LEVELS)
def test_every_move_a_bot_makes_is_legal_in_every_phase(level):
    seen: set[Phase] = set()
    tables = PICKING[:2] if level == "strong" else PICKING
    for seed, (players, rules) in enumerate(tables):
        game = new_game(players, rules, seed)
        play_through(game, [bot_for(level, seed * 10 + seat) for seat in range(players)], seen)
    # Keep playing Late, tie-break games until one of them ends in a tie.
    players, rules = LATE_TIES
    for seed in range(20):
        game = new_game(players, rules, seed)
        play_through(game, [bot_for(level, seed * 10 + seat) for seat in range(players)], seen)
        if Phase.TIE in seen:
            break
    assert seen == {Phase.PICK, Phase.PLAY, Phase.CHOOSE, Phase.TIE}


def test_bot_levels_and_make_bot():
    assert LEVELS == ("easy", "normal", "strong")
    # Every game has a bot of each level the seats name, weakest first.
    assert all(tuple(play_of(key).bots) == LEVELS for key in registered())
    for level in LEVELS:
        bot = make_bot(level, 7)
        assert isinstance(bot, BOTS[level])
        assert bot.level == level
        assert bot.seed == 7
    with pytest.raises(ValueError, match="easy, normal, strong"):
        make_bot("grandmaster")


def test_a_strong_bot_out_of_time_still_plays_a_legal_card():
    game = new_game(4, Rules(deals=1), 3)
    bot = StrongBot(1, playouts=600, time_limit=0.0)
    while game.phase is not Phase.OVER:
        view = game.view(game.to_move)
        advice = bot.advise(view)
        assert advice.move in view.legal_moves
        if view.phase is Phase.PLAY and len(view.hand) > 1:
            assert "over 1 sampled deals" in advice.reason
        game.apply(advice.move)


def test_halving_spends_the_playouts_on_the_close_candidates():
    """Clear losers drop out after a round, so the best candidates are weighed on more
    deals than an even split of the same budget would give them."""
    played = Counter()

    def trial(world: list[float], candidate: int) -> list[float]:
        played[candidate] += 1
        return [candidate + world[0], 0, 0, 0]

    rng = random.Random(1)
    bot = StrongBot(playouts=800, time_limit=60)
    best, _ = bot.search(0, 4, range(8), lambda: [rng.uniform(-2, 2)], trial)
    assert best == 7
    assert sum(played.values()) <= 800
    assert played[7] > 2 * 800 // 8 > played[0]


def test_resampling_keeps_the_drawn_deals_in_proportion_to_their_weights():
    """Of four drawn deals, one is kept with a chance in proportion to its weight: a deal
    weighing three times another comes up about three times as often."""
    drawn = iter(range(10**6))
    rng = random.Random(2)
    draw = resampled(lambda: next(drawn), lambda deal: 3.0 if deal % 4 == 1 else 1.0, 4, rng)
    kept = Counter(draw() % 4 for _ in range(6000))
    assert 2.6 < kept[1] / kept[0] < 3.4
    assert 0.8 < kept[2] / kept[0] < 1.25
    assert 0.8 < kept[3] / kept[0] < 1.25


def test_in_a_games_last_deal_the_win_outweighs_a_bigger_margin():
    """Seat 0 trails seat 1 by 10 before the last deal: ending 9 up with the others far
    down is the bigger margin, ending 11 up wins the game, and only then does it count."""
    deals = {"margin": [9, 0, -9, -9], "win": [11, 0, 0, 0]}
    bot = StrongBot(playouts=40, time_limit=60)

    def best() -> str:
        return bot.search(0, 4, list(deals), lambda: [], lambda _, move: deals[move])[0]

    assert best() == "margin"
    bot.final_totals = (0, 10, 0, 0)
    assert best() == "win"


# -- 2. the same seed and view give the same move -------------------------------------


def sample_views(seed: int) -> list[SeatView]:
    """Views of the seat to move at many points of two seeded games (picks, tricks and
    Late's colour choice), the games played on by random legal moves."""
    views = []
    rng = random.Random(seed)
    for players, rules in ((4, Rules(harsh=True, deals=1)), (3, Rules(late=True, deals=1))):
        game = new_game(players, rules, seed)
        while game.phase is not Phase.OVER:
            if game.phase is not Phase.PLAY or rng.random() < 0.2:
                views.append(game.view(game.to_move))
            game.apply(rng.choice(game.legal_moves()))
    return views


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_and_view_give_the_same_move(level):
    views = sample_views(5)
    assert {view.phase for view in views} == {Phase.PICK, Phase.PLAY, Phase.CHOOSE}
    first, second = bot_for(level, 42), bot_for(level, 42)
    for view in views[:: 3 if level == "strong" else 1]:
        random.seed(1)  # a bot must not draw on the global random generator
        advice = first.advise(view)
        random.seed(2)
        assert first.advise(view) == advice
        assert second.advise(dataclasses.replace(view)) == advice
        assert first.choose(copy.deepcopy(view)) == advice.move


def test_easy_bots_of_different_seeds_do_play_differently():
    """The seed does reach the easy bot's whims (else the test above proves little)."""
    views = [view for view in sample_views(6) if len(view.legal_moves) > 2]
    moves = {seed: [make_bot("easy", seed).choose(view) for view in views] for seed in range(4)}
    assert len({tuple(moves[seed]) for seed in moves}) > 1


# -- 3. no access to hidden state ------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_moves_only_for_its_own_seat_on_its_turn(level):
    game = new_game(4, Rules(deals=1), 2)
    bot = bot_for(level, 0)
    for _ in range(3):  # a pick, then a play
        mover = game.to_move
        for view in (game.view(None), game.view((mover + 1) % 4)):
            with pytest.raises(ValueError, match="own seat, on its turn"):
                bot.choose(view)
            with pytest.raises(ValueError, match="own seat, on its turn"):
                bot.advise(view)
        game.apply(bot.choose(game.view(mover)))
    while game.phase is not Phase.OVER:
        game.apply(game.legal_moves()[0])
    with pytest.raises(ValueError):
        bot.choose(game.view(0))


def imported_names(path: Path) -> set[str]:
    """Every name a module imports, and every module it imports by name."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            names.update(alias.name for alias in node.names)
            names.add(node.module or "")
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def mentioned_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    return names | {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}


GAME_NAMES = {"Game", "HattrickGame", "TableGame", "engines", "engine_of"}
# The registry's look-up of a game's parts: the bots of a game (make_bot) and the review's
# judge are found by the game's key; neither hands a bot the game.
PARTS_LOOKUP = {"__init__.py": "play_of", "review.py": "play_of"}


def test_only_the_match_runner_knows_the_game():
    """A bot cannot reach the game: no module of the bots (of any game) but the one that
    runs whole bot-only games imports a game class or the games' registry (or names one,
    or imports the engine whole)."""
    modules = sorted(BOTS_DIR.rglob("*.py"))
    names = {str(path.relative_to(BOTS_DIR)) for path in modules}
    games = {f"{key}/world.py" for key in ("sticheln", "hattrick", "seven_seals")}
    assert names >= {"base.py", "match.py", "sticheln/strong.py", *games}
    for path in modules:
        if path.name == "match.py":
            assert "engine_of" in imported_names(path)
            continue
        if path.parent == BOTS_DIR and path.name in PARTS_LOOKUP:
            assert PARTS_LOOKUP[path.name] in imported_names(path)
        assert not GAME_NAMES & imported_names(path), path.name
        assert not GAME_NAMES & mentioned_names(path), path.name
        registry = {"games"} if path.parent == BOTS_DIR and path.name in PARTS_LOOKUP else set()
        assert not {"games", "core.table", "core"} - registry & imported_names(path), path.name
        assert not {"sticheln_tui.core.game", "sticheln_tui.core"} & imported_names(path)


def reachable(value, found: list) -> None:
    """Collect the cards and games reachable from a view's fields."""
    if isinstance(value, Card | Game):
        found.append(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            reachable(getattr(value, item.name), found)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            reachable(item, found)
    elif isinstance(value, dict):
        for item in value.items():
            reachable(item, found)


@pytest.mark.parametrize("rules", [Rules(deals=1), PRESETS["table-sheet"]], ids=["classic", "ts"])
def test_a_seat_view_holds_no_card_of_another_hand(rules):
    """What a bot is handed: nothing in it leads to the game or to a hidden card (in
    the first deal, where no earlier deal's cards can look like hidden ones)."""
    game = new_game(5, rules, 11)
    rng = random.Random(11)
    while not game.results and game.phase is not Phase.OVER:
        for seat in range(5):
            view = game.view(seat)
            found: list = []
            reachable(view, found)
            assert not any(isinstance(item, Game) for item in found)
            shown = {s: set(cards or ()) for s, cards in enumerate(view.pain_cards)}
            for other in range(5):
                if other != seat:
                    hidden = set(game.hands[other]) - shown[other]
                    assert not hidden & set(found), (seat, other)
        game.apply(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_over_a_different_hidden_deal_gives_the_same_move(level):
    """Two games that differ only in the cards two other seats hold look the same from
    the bot's seat, and the bot plays the same card in both."""
    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        game = new_game(4, Rules(deals=1), seed)
        while game.phase is not Phase.OVER:
            me = game.to_move
            if game.phase is Phase.PLAY and len(game.hands[me]) > 2:
                a, b = ((me + 1) % 4, (me + 2) % 4)
                if game.hands[a] and game.hands[b]:
                    other = copy.deepcopy(game)
                    card_a, card_b = other.hands[a][0], other.hands[b][-1]
                    other.hands[a] = list(sorted_cards([*other.hands[a][1:], card_b]))
                    other.hands[b] = list(sorted_cards([*other.hands[b][:-1], card_a]))
                    assert other.view(a) != game.view(a)
                    assert other.view(me) == game.view(me)
                    bot = bot_for(level, seed)
                    assert bot.advise(other.view(me)) == bot.advise(game.view(me))
                    checked += 1
                    if checked % 3 == 0:
                        break
            game.apply(rng.choice(game.legal_moves()))
    assert checked >= 6


def test_a_bot_only_game_hands_each_bot_its_own_seat_view_only(monkeypatch):
    calls: list[tuple[int, tuple, dict]] = []

    class Recording(Bot):
        def __init__(self, inner: Bot, seat: int) -> None:
            super().__init__(inner.seed)
            self.inner, self.seat = inner, seat

        def choose(self, *args, **kwargs):
            calls.append((self.seat, args, kwargs))
            return self.inner.choose(*args, **kwargs)

    made = iter(range(100))

    def recording_bot(level: str, seed: int = 0, game: str = "sticheln") -> Bot:
        return Recording(make_bot(level, seed, game), next(made))

    monkeypatch.setattr(match, "make_bot", recording_bot)
    levels = ["easy", "normal", "easy", "normal"]
    outcome = match.play_bot_game(levels, Rules(late=True, tie_break=True, deals=2), 9)
    assert len(calls) == sum(outcome.moves.values()) > 0
    for seat, args, kwargs in calls:
        assert not kwargs
        assert len(args) == 1
        (view,) = args
        assert type(view) is SeatView
        assert view.seat == view.to_move == seat
        assert view.legal_moves
    assert {seat for seat, _, _ in calls} == set(range(4))


# -- 4. sampled deals agree with what the seat knows -----------------------------------


def cards_played_by(view: SeatView, seat: int) -> list[Card]:
    plays = [play for trick in view.deal_tricks for play in trick.plays] + list(view.trick)
    return [play.card for play in plays if play.seat == seat]


def check_pain(deal: Deal) -> None:
    for seat, cards in enumerate(deal.pain):
        colours = [card.colour for card in cards]
        assert len(set(colours)) == len(colours)  # Harsh: two colours
        assert deal.pain_colours[seat] == tuple(dict.fromkeys(colours))


def check_sample(deal: Deal, view: SeatView, game: Game) -> None:
    """`deal` (sampled for `view`'s seat) agrees with the view and with the real game."""
    rules, me, count = view.rules, view.seat, len(view.players)
    played = played_cards(view)
    # The public part: piles, the trick, who moves.
    assert deal.won == won_cards(view)
    assert [sorted_cards(pile) for pile in deal.won] == [sorted_cards(p) for p in game.won]
    assert deal.trick == [(play.seat, play.card) for play in view.trick]
    # During the pick the deal waits for the picks still to come, then the leader leads.
    assert deal.to_move == (view.to_move if view.phase is Phase.PLAY else game.leader)
    assert [len(hand) for hand in deal.hands] == list(view.hand_sizes)
    assert deal.hands[me] == list(view.hand)
    assert [len(cards) for cards in deal.pain] == list(view.picked)
    for seat, known in enumerate(view.pain_cards):
        if known is not None:  # a revealed pain card (or our own) stays its owner's
            assert deal.pain[seat] == list(known)
    check_pain(deal)
    # Every card once: in a hand, a pile, the trick or (unless kept in hand) laid down.
    placed = [card for hand in deal.hands for card in hand]
    placed += [card for pile in deal.won for card in pile] + [card for _, card in deal.trick]
    if rules.pain_in_hand:
        for seat, cards in enumerate(deal.pain):
            for card in cards:
                assert card in deal.hands[seat] or card in cards_played_by(view, seat)
    else:
        placed += [card for cards in deal.pain for card in cards]
    repeated = [card for card, times in Counter(placed).items() if times > 1]
    assert not repeated
    deck = deck_for(count, rules)
    assert set(placed) <= set(deck)
    assert len(placed) == len(deck) - view.leftover_count
    assert not set(placed) & set(view.leftover)
    assert not set(played) & {card for hand in deal.hands for card in hand}


@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_sampled_deals_agree_with_what_the_seat_has_seen(players, rules):
    rules = replace(rules, deals=2)
    rng = random.Random(players)
    samples = 0
    for seed in range(2):
        game = new_game(players, rules, seed)
        while game.phase is not Phase.OVER:
            if game.phase in (Phase.PICK, Phase.PLAY) and rng.random() < 0.1:
                view = game.view(rng.randrange(players))
                deal = sample_deal(view, random.Random(rng.getrandbits(32)))
                check_sample(deal, view, game)
                if view.phase is Phase.PICK:
                    deal.finish_picks()
                    assert [len(hand) for hand in deal.hands] == [view.tricks_per_deal] * players
                    assert [len(cards) for cards in deal.pain] == [rules.picks] * players
                    for seat, known in enumerate(view.pain_cards):
                        assert deal.pain[seat][: len(known or ())] == list(known or ())
                    check_pain(deal)
                deal.play_out(Deal.thumb)
                assert deal.finished() and not any(deal.hands) and not deal.trick
                assert sum(map(len, deal.won)) == players * view.tricks_per_deal
                scores = deal.scores()
                assert len(scores) == players
                assert all(type(score) is int for score in scores)
                samples += 1
            game.apply(rng.choice(game.legal_moves()))
    assert samples >= 5


def test_sampling_hidden_harsh_pain_cards_keeps_hand_sizes():
    """Dark + Harsh: late in a deal a seat's unseen cards (its hand plus its two face-
    down pain cards) are sampled; they must hold two colours for the pain cards."""
    game = new_game(4, Rules(dark=True, harsh=True, deals=1), 0)
    rng = random.Random(0)
    for _ in range(56):
        game.apply(rng.choice(game.legal_moves()))
    view = game.view(game.to_move)
    for sample in range(20):
        deal = sample_deal(view, random.Random(sample))
        assert [len(hand) for hand in deal.hands] == list(view.hand_sizes), sample
        assert [len(cards) for cards in deal.pain] == list(view.picked), sample


def real_deal(game: Game) -> Deal:
    """The deal in progress as it really is, in the simulator's terms."""
    pain = [list(cards) for cards in game.pain_cards]
    return Deal(
        game.rules,
        [list(hand) for hand in game.hands],
        pain,
        [tuple(dict.fromkeys(card.colour for card in cards)) for cards in pain],
        [list(pile) for pile in game.won],
        [(play.seat, play.card) for play in game.trick],
        game.to_move,
    )


@pytest.mark.parametrize(("players", "rules"), TABLES[::5])
def test_played_out_deals_score_as_the_engine_does(players, rules):
    """The strong bot's simulator follows the rules: a deal played out from the real
    state scores as the engine scores it (Late choosing the best colours)."""
    rules = replace(rules, deals=1, tie_break=False)
    for seed in range(3):
        game = new_game(players, rules, seed)
        rng = random.Random(seed)
        while game.phase is Phase.PICK or len(game.deal_tricks) < seed * 3:
            game.apply(rng.choice(game.legal_moves()))
        deal = real_deal(game)
        while game.phase is Phase.PLAY:
            card = deal.thumb()
            deal.play(card)
            game.apply(PlayCard(card))
        assert deal.finished()
        while game.phase is Phase.CHOOSE:
            game.apply(NormalBot().choose(game.view(game.to_move)))
        assert [score.total for score in game.results[-1].scores] == deal.scores()


# -- 5. soak: whole bot-only games under every rule set --------------------------------


class TinyStrong(StrongBot):
    """A strong bot on a shoestring: one sampled deal a move."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, playouts=1, time_limit=60)


def soak_levels(players: int, seed: int, strong: bool) -> list[str]:
    """Mostly easy bots (they are quick), a normal one in every third seat, and where
    asked one strong bot, each somewhere else round the table from game to game."""
    levels = ["normal" if (seat + seed) % 3 == 0 else "easy" for seat in range(players)]
    if strong:
        levels[(seed + 1) % players] = "strong"
    return levels


def play_and_keep(monkeypatch, levels: list[str], rules: Rules, seed: int) -> Game:
    """Play a bot-only game through the match runner; returns the finished game."""
    games: list[Game] = []

    class Kept(Game):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            games.append(self)

    monkeypatch.setattr(match, "engine_of", lambda key: Kept)
    monkeypatch.setitem(BOTS, "strong", TinyStrong)
    outcome = match.play_bot_game(levels, rules, seed, first_leader=seed % len(levels))
    (game,) = games
    assert game.phase is Phase.OVER
    public = game.view(None)
    assert outcome.totals == public.totals and outcome.winners == public.winners
    assert outcome.winners and len(outcome.totals) == len(levels)
    assert sum(outcome.moves.values()) == len(game.moves)
    assert set(outcome.seconds) == set(levels)
    replayed = Game.replay(game.players, rules, game.first_leader, game.seed, game.moves)
    assert replayed.phase is Phase.OVER and replayed.view(None).totals == public.totals
    return game


@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_bot_only_games_finish_under_every_rule_set(monkeypatch, players, rules):
    # Whole games under the presets, one deal under the single options and mixes.
    if rules not in PRESETS.values():
        rules = replace(rules, deals=1)
    seed = players * 7 + len(str(rules))
    play_and_keep(monkeypatch, soak_levels(players, seed, strong=True), rules, seed)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_many_easy_and_normal_games_finish(monkeypatch, players):
    for seed in range(4):
        rules = Rules(deals=1, tie_break=True, mild=bool(seed % 2), late=seed > 1)
        play_and_keep(monkeypatch, soak_levels(players, seed, strong=False), rules, seed)


def test_a_strong_bot_finishes_a_dark_harsh_game():
    game = new_game(4, Rules(dark=True, harsh=True, deals=1), 0)
    bots = [bot_for("strong", 0), *(make_bot("normal", seat) for seat in (1, 2, 3))]
    while game.phase is not Phase.OVER:
        game.apply(bots[game.to_move].choose(game.view(game.to_move)))


# -- 6. advice in words ----------------------------------------------------------------


@pytest.mark.parametrize("rules", [Rules(deals=1), Rules(reverse=True, harsh=True, deals=1)])
def test_normal_advice_gives_a_one_line_reason_to_pick_and_play(rules):
    game = new_game(4, rules, 8)
    bot = NormalBot()
    kinds = Counter()
    while game.phase is not Phase.OVER:
        view = game.view(game.to_move)
        advice = bot.advise(view)
        assert single_line(advice.reason), advice.reason
        kinds[type(advice.move)] += 1
        game.apply(advice.move)
    assert kinds[PickPain] == 4 * rules.picks and kinds[PlayCard] > 0
    assert not kinds[ChooseColours] and not kinds[SettleTie]


# -- 7. the normal bot's count of the cards that could beat it ----------------------------


@settings(max_examples=60, deadline=None, database=None)
@given(positions())
def test_the_normal_bot_counts_overtakers_as_the_trick_rule_does(game):
    """The normal bot counts the unseen cards that would take the trick from its card by a
    mask; every such card, played next, must make `trick_winner` name another card."""
    if game.phase is not Phase.PLAY:
        return
    view = game.view(game.to_move)
    table = normal_table(view)
    rules = view.rules
    for card in view.hand:
        cards = [play.card for play in view.trick] + [card]
        position = len(cards) - 1
        if trick_winner(cards, rules) != position:
            continue
        overtaking = sum(trick_winner([*cards, u], rules) != position for u in table.unseen)
        assert table._overtakers(cards) == overtaking
