"""Property tests: a saved game loads as the very same game, of every game, under every
option.

A random seeded Sticheln game (a preset or any valid option combination, possibly edited with
`with_option` as setup does, 3 to 8 players with any acceptable names, a random bot level
per seat with at least one human) is played with seeded random legal moves to a random
move, from the first (no move yet) to game over. `loads(dumps(record))` (and, for some
examples, `save` then `load` through a real file) must give back the same game: every
seat's view and the public view, the moves, results, phase, seat to move, seed, rules,
players, every other engine field and the position of the deck's random stream, plus the
record's levels and what the table had seen. Both games are then finished with the same
seeded choices and must reach the same final results and views, which shows that nothing
the rest of the game depends on was lost (the next deal's shuffle, for one). Hattrick
games (4 to 7 players, any number of deals) and Seven Seals games (3 to 5 players, any
deals, any saboteur variants) are checked the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from strategies import NAMES, all_views, check_same_game, engine_state, seeds, tables

from sticheln_tui.core.game import MAX_SEED, Game, Phase
from sticheln_tui.core.hattrick import MAX_PLAYERS, MIN_PLAYERS, HattrickGame, HattrickOptions
from sticheln_tui.core.names import MAX_NAME_LENGTH, check_names
from sticheln_tui.core.options import OPTIONS, PRESETS, not_applicable, with_option
from sticheln_tui.core.seven_seals import SevenSealsGame, SevenSealsOptions
from sticheln_tui.core.sticheln import Rules
from sticheln_tui.core.table import TableGame
from sticheln_tui.persistence import Record, backup_of, dumps, load, loads, save
from sticheln_tui.seats import LEVELS

SETTINGS = settings(max_examples=80, deadline=None, print_blob=True, database=None)
SAVED_AT = datetime(2026, 11, 29, 21, 5, tzinfo=UTC)


@dataclass(frozen=True)
class Table:
    """Everything a new game is made of, and who plays each seat."""

    names: tuple[str, ...]
    rules: Rules
    leader: int
    seed: int
    levels: tuple[str | None, ...]

    def new_game(self) -> Game:
        return Game(self.names, self.rules, self.leader, self.seed)


@st.composite
def edited_presets(draw) -> tuple[int, Rules]:
    """A preset with a few options switched as setup does it: `with_option`, offering only
    the options that the others leave meaningful (and the French deck only to four)."""
    rules = draw(st.sampled_from(list(PRESETS.values())))
    players = draw(st.integers(min_value=3, max_value=8))
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        offered = [
            option.field
            for option in OPTIONS
            if option.field not in not_applicable(rules)
            and (option.field != "french_deck" or players == 4)
        ]
        field = draw(st.sampled_from([*offered, "deals"]))
        value = draw(st.sampled_from([None, 1, 2]) if field == "deals" else st.booleans())
        rules = with_option(rules, field, value)
    return players, rules


def _fold(name: str) -> str:
    return name.strip().casefold()


names_at_a_table = st.text(min_size=1, max_size=MAX_NAME_LENGTH).filter(
    lambda name: name.strip() and name.isprintable()
)


@st.composite
def table_names(draw, players: int) -> tuple[str, ...]:
    """Names for a table of `players`: the usual ones, or any that may sit together."""
    names = draw(
        st.one_of(
            st.just(NAMES[:players]),
            st.lists(names_at_a_table, min_size=players, max_size=players, unique_by=_fold).map(
                tuple
            ),
        )
    )
    assume(check_names(names) is None)
    return names


@st.composite
def seat_levels(draw, players: int) -> tuple[str | None, ...]:
    """Who plays each seat: a bot level or None (human), one human at least."""
    levels = draw(st.lists(st.sampled_from((None, *LEVELS)), min_size=players, max_size=players))
    levels[draw(st.integers(min_value=0, max_value=players - 1))] = None
    return tuple(levels)


@st.composite
def saved_tables(draw) -> Table:
    players, rules = draw(st.one_of(tables(), edited_presets()))
    names = draw(table_names(players))
    levels = draw(seat_levels(players))
    return Table(
        names=names,
        rules=rules,
        leader=draw(st.integers(min_value=0, max_value=players - 1)),
        seed=draw(st.integers(min_value=0, max_value=MAX_SEED - 1)),
        levels=levels,
    )


def play(game: TableGame, rng: random.Random, stop: int, phase: Phase | None = None) -> None:
    """Random legal moves until `stop` moves are made (and, given a phase, until the game
    is in it) or the game is over."""
    while not game.finished and (
        len(game.moves) < stop or (phase is not None and game.phase is not phase)
    ):
        game.apply(rng.choice(game.legal_moves()))


def check_same_record(loaded: Record, original: Record) -> None:
    check_same_game(loaded.game, original.game)
    assert loaded.levels == original.levels
    assert loaded.deals_seen == original.deals_seen
    assert loaded.reveal_seen is original.reveal_seen
    assert loaded.finished is original.finished
    assert loaded.progress() == original.progress()
    # And it saves as the same text: nothing was normalised on the way.
    assert dumps(loaded, SAVED_AT) == dumps(original, SAVED_AT)


def finish_all(games: list[TableGame], finish_seed: int) -> None:
    """Finish the games with the same seeded choices, each offered the same moves
    throughout; they must end alike."""
    first, *others = games
    choosers = [random.Random(finish_seed) for _ in games]
    while not first.finished:
        offered = first.legal_moves()
        for game, chooser in zip(games, choosers, strict=True):
            assert game.legal_moves() == offered
            game.apply(chooser.choice(offered))
    for game in others:
        assert game.finished
        assert game.moves == first.moves
        assert game.results == first.results
        assert all_views(game) == all_views(first)
        assert engine_state(game) == engine_state(first)


TIE_TABLE = Table(NAMES[:3], Rules(deals=1, tie_break=True), 0, 4344, (None, "easy", "strong"))
LATE_TABLE = Table(
    NAMES[:5], Rules(late=True, harsh=True, deals=1), 4, MAX_SEED - 1, ("strong",) * 4 + (None,)
)


def case(
    table: Table, point: float, phase: Phase | None, through_file=False, choice_seed=5344
) -> dict:
    """An always-run example: `point` of the way through the game, then on to `phase`."""
    return dict(
        table=table,
        choice_seed=choice_seed,
        point=point,
        phase=phase,
        seen=1.0,
        reveal_seen=point > 0,
        finish_seed=1,
        through_file=through_file,
    )


@SETTINGS
@given(
    table=saved_tables(),
    choice_seed=seeds,
    point=st.floats(min_value=0, max_value=1),
    phase=st.sampled_from([None, *Phase]),
    seen=st.floats(min_value=0, max_value=1),
    reveal_seen=st.booleans(),
    finish_seed=seeds,
    through_file=st.booleans(),
)
# No move yet; game over; a tie decision due, settled by an extra deal, shared; a Late
# colour choice. The tie game was found by a search in test_engine_properties: seat 0
# must decide a tie after the one deal (with choice seed 5360 the tie is shared instead).
@example(**case(TIE_TABLE, 0.0, None, through_file=True))
@example(**case(TIE_TABLE, 1.0, None, through_file=True))
@example(**case(TIE_TABLE, 0.0, Phase.TIE))
@example(**case(TIE_TABLE, 1.0, None, choice_seed=5360))  # the tie is shared
@example(**case(TIE_TABLE, 46 / 137, None))  # just after choosing the first extra deal
@example(**case(LATE_TABLE, 0.0, Phase.CHOOSE, through_file=True))
def test_a_loaded_game_is_the_same_game(
    tmp_path_factory,
    table,
    choice_seed,
    point,
    phase,
    seen,
    reveal_seen,
    finish_seed,
    through_file,
):
    """A game saved at any move loads as the same game (through `dumps`/`loads`, and for
    some examples through a file), and goes on exactly as the original would."""
    # How long this game runs with these choices, to stop it at `point` of the way.
    total = table.new_game()
    play(total, random.Random(choice_seed), stop=10**6)
    stop = round(point * len(total.moves))
    game = table.new_game()
    play(game, random.Random(choice_seed), stop, phase)
    assert game.moves == total.moves[: len(game.moves)]
    assert len(game.moves) == stop if phase is None else len(game.moves) >= stop
    record = Record(game, table.levels, round(seen * len(game.results)), reveal_seen)

    loaded = loads(dumps(record))
    check_same_record(loaded, record)
    games = [game, loaded.game]
    if through_file:
        path = tmp_path_factory.mktemp("saves") / "game.json"
        save(path, record)
        from_file = load(path)
        check_same_record(from_file, record)
        assert not backup_of(path).exists()  # a first save has nothing to keep
        games.append(from_file.game)
    finish_all(games, finish_seed)


@st.composite
def hattrick_tables(draw) -> tuple[HattrickGame, tuple[str | None, ...]]:
    """A new Hattrick game of 4 to 7 players (any names, leader, seed and number of deals,
    mostly short games) and who plays each seat, one human at least."""
    players = draw(st.integers(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS))
    names = draw(table_names(players))
    deals = draw(st.one_of(st.integers(min_value=1, max_value=2), st.integers(1, 20)))
    levels = draw(seat_levels(players))
    game = HattrickGame(
        names,
        HattrickOptions(deals),
        draw(st.integers(min_value=0, max_value=players - 1)),
        draw(st.integers(min_value=0, max_value=MAX_SEED - 1)),
    )
    return game, levels


@st.composite
def seven_seals_tables(draw) -> tuple[SevenSealsGame, tuple[str | None, ...]]:
    """A new Seven Seals game of 3 to 5 players (any names, leader and seed, one deal per
    player or a few, any saboteur variants) and who plays each seat, one human at least."""
    players = draw(st.integers(min_value=3, max_value=5))
    names = draw(table_names(players))
    options = SevenSealsOptions(
        deals=draw(st.one_of(st.none(), st.integers(min_value=1, max_value=3))),
        saboteur_costs_5=draw(st.booleans()),
        escalating_saboteur=draw(st.booleans()),
        saboteur_auction=draw(st.booleans()),
    )
    game = SevenSealsGame(
        names,
        options,
        draw(st.integers(min_value=0, max_value=players - 1)),
        draw(st.integers(min_value=0, max_value=MAX_SEED - 1)),
    )
    return game, draw(seat_levels(players))


moved_tables = dict(
    choice_seed=seeds,
    stop=st.integers(min_value=0, max_value=400),
    seen=st.floats(min_value=0, max_value=1),
    finish_seed=seeds,
    through_file=st.booleans(),
)


@settings(SETTINGS, max_examples=40)
@given(table=hattrick_tables(), **moved_tables)
def test_a_loaded_hattrick_game_is_the_same_game(tmp_path_factory, table, **moved):
    """A Hattrick game saved at any move (from the first to game over) loads as the same
    game, and goes on exactly as the original would."""
    check_round_trip(tmp_path_factory, *table, **moved)


@settings(SETTINGS, max_examples=25)
@given(table=seven_seals_tables(), **moved_tables)
def test_a_loaded_seven_seals_game_is_the_same_game(tmp_path_factory, table, **moved):
    """A Seven Seals game saved at any move (a prediction round, a seal to give back,
    game over) loads as the same game, and goes on exactly as the original would."""
    check_round_trip(tmp_path_factory, *table, **moved)


def check_round_trip(
    tmp_path_factory, game, levels, choice_seed, stop, seen, finish_seed, through_file
) -> None:
    """`game` played with random legal moves to its move `stop` (or its end), then saved
    and loaded, goes on as the original would."""
    play(game, random.Random(choice_seed), stop)
    record = Record(game, levels, round(seen * len(game.results)))
    loaded = loads(dumps(record))
    check_same_record(loaded, record)
    games = [game, loaded.game]
    if through_file:
        path = tmp_path_factory.mktemp("saves") / "game.json"
        save(path, record)
        games.append(load(path).game)
        check_same_game(games[-1], game)
    finish_all(games, finish_seed)


@pytest.mark.parametrize("players", [3, 8])
def test_saving_again_keeps_the_previous_save_as_the_backup(tmp_path, players):
    """A save replaces the file and keeps what it replaced as the backup (only that): the
    first of two saves is the backup, the second the save, and both load."""
    rules = PRESETS["table-sheet"]
    game = Game(NAMES[:players], rules, 1, 99)
    levels = (None,) + ("normal",) * (players - 1)
    record = Record(game, levels)
    rng = random.Random(5)
    path = tmp_path / "game.json"
    snapshots = []
    for moves in (0, 20, 21, 200):
        play(game, rng, moves)
        record.deals_seen = len(game.results)
        save(path, record)
        snapshots.append((list(game.moves), len(game.results)))
        saved = load(path)
        assert (saved.game.moves, saved.deals_seen) == snapshots[-1]
        check_same_record(saved, record)
        backup = backup_of(path)
        if len(snapshots) == 1:
            assert not backup.exists()
            continue
        kept = load(backup)
        assert (kept.game.moves, kept.deals_seen) == snapshots[-2]
        assert kept.levels == levels
        assert kept.game.seed == 99
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.bak"]


def test_a_save_and_its_backup_are_separate_files(tmp_path):
    """The backup shares the finished file (a hard link) only until the next save: saving
    again must not change the backup through the shared file."""
    game = Game(NAMES[:4], Rules(), 0, 3)
    record = Record(game, (None, None, "easy", "easy"))
    path = tmp_path / "game.json"
    save(path, record)
    game.apply(game.legal_moves()[0])
    save(path, record)
    first = backup_of(path).read_bytes()
    game.apply(game.legal_moves()[0])
    save(path, record)
    second = backup_of(path).read_bytes()
    assert first != second
    assert len(load(backup_of(path)).game.moves) == 1
    assert len(load(path).game.moves) == 2
    assert not Path(path).samefile(backup_of(path))
