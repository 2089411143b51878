"""Prepared positions that tests of several kinds start from (no Textual here)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from sticheln_tui import persistence
from sticheln_tui.bots.seven_seals.world import fitted_prediction
from sticheln_tui.bots.sticheln import NormalBot
from sticheln_tui.core import seven_seals
from sticheln_tui.core.game import Game, Phase, PickPain, PlayCard
from sticheln_tui.core.seven_seals import SevenSealsGame, SevenSealsOptions
from sticheln_tui.core.sticheln import Rules

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")


def tied_game() -> Game:
    """A one-deal tie-break game, played with the first legal move, that ends tied."""
    rules = Rules(deals=1, tie_break=True)
    for seed in range(500):
        game = Game(NAMES[:3], rules, seed=seed)
        while game.phase not in (Phase.TIE, Phase.OVER):
            game.apply(game.legal_moves()[0])
        if game.phase is Phase.TIE:
            return game
    raise AssertionError("no tied game in 500 seeds")


def sticheln_until(
    done: Callable[[Game], bool], rules: Rules = Rules(), players: int = 4, seed: int = 21
) -> Game:
    """A Sticheln game played forward by normal bots in every seat until `done`."""
    game = Game(NAMES[:players], rules, seed=seed)
    bot = NormalBot()
    while not done(game):
        game.apply(bot.choose(game.view(game.to_move)))
    return game


def pain_cards_laid_down() -> Game:
    """Ann, Bob and Cid's Sticheln game with every pain card laid down: the first trick
    comes next, Ann to lead."""
    game = Game(NAMES[:3], Rules(), seed=5)
    while game.phase is Phase.PICK:
        game.apply(game.legal_moves()[0])
    return game


def hand_off_save(directory: Path) -> Path:
    """A save of `pain_cards_laid_down`'s game, all three human, that opens at Ann's
    hand-off."""
    path = directory / "game.json"
    record = persistence.Record(pain_cards_laid_down(), (None, None, None), reveal_seen=True)
    persistence.save(path, record)
    return path


def two_cards_in_the_third_trick(game: Game) -> bool:
    view = game.view(None)
    return view.trick_number == 3 and len(view.trick) == 2


def seven_seals_until(
    done: Callable[[SevenSealsGame], bool],
    players: int = 4,
    seed: int = 1,
    seeds: int = 1,
    options: SevenSealsOptions | None = None,
) -> SevenSealsGame:
    """A Seven Seals game played forward with seeded random legal moves until `done`; the
    first of `seeds` games from `seed` on that gets there."""
    for game_seed in range(seed, seed + seeds):
        game = SevenSealsGame(NAMES[:players], options or SevenSealsOptions(), seed=game_seed)
        rng = random.Random(game_seed)
        while not done(game) and not game.finished:
            game.apply(rng.choice(game.legal_moves()))
        if done(game):
            return game
    raise AssertionError("the position never came")


def random_seven_seals_move(game: SevenSealsGame, rng: random.Random):
    """A random legal move; in the prediction round the saboteur half the time it is
    offered (so auctions happen), else a random prediction of up to two seals a colour
    (drawn directly, from the game's own books: listing every legal prediction, as a
    seat's view does, is slow)."""
    if game.phase is not seven_seals.Phase.PREDICT:
        return rng.choice(game.legal_moves())
    if game._saboteur_offer() is not None and rng.random() < 0.5:
        return seven_seals.TakeSaboteur()
    wanted = {colour: rng.choice((0, 0, 1, 2)) for colour in seven_seals.COLOURS}
    return fitted_prediction(wanted, game.supply, game.seals, game.to_move)


def played_out(game: Game, move_for_ann=None) -> Game:
    """The game played to its end by the normal bot in every seat; `move_for_ann(game)`
    may put another move in Ann's place (None: the bot's)."""
    bots = [NormalBot(seat) for seat in range(len(game.players))]
    while not game.finished:
        seat = game.to_move
        move = (move_for_ann(game) if seat == 0 and move_for_ann else None) or bots[seat].choose(
            game.view(seat)
        )
        game.apply(move)
    return game


def takes_the_trick(game: Game, card) -> bool:
    after = game.clone()
    after.apply(PlayCard(card))
    return after.tricks_won[0] > game.tricks_won[0]


def pain_card_thrown_away() -> tuple[Game, int]:
    """A one-deal game for four in which Ann picks as pain colour the one she holds most
    of, then, last to a trick, takes it with a pain-colour card worth 6 or more (6 points
    or more off her score, where a card that leaves the trick to the others costs
    nothing); the rest played by the normal bot. And the step of that move."""
    for seed in range(40):
        thrown = []

        def throw(game: Game, thrown=thrown):
            if game.phase is Phase.PICK:
                hand = game.hands[0]
                longest = max(hand, key=lambda card: sum(c.colour == card.colour for c in hand))
                return PickPain(min(c for c in hand if c.colour == longest.colour))
            if thrown or game.phase is not Phase.PLAY or len(game.trick) != 3:
                return None
            pain = game.view(0).pain_colours(0)
            for card in sorted(game.hands[0], key=lambda card: -card.value):
                if card.colour in pain and card.value >= 6 and takes_the_trick(game, card):
                    thrown.append(len(game.moves) + 1)
                    return PlayCard(card)
            return None

        game = played_out(Game(NAMES[:4], Rules(deals=1), seed=seed), throw)
        if thrown:
            return game, thrown[0]
    raise AssertionError("Ann never had the chance")
