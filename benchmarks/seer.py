"""The ladder's all-seeing reference, for every game: the game's own strong bot, with the
same search and budget, whose every sampled deal is the true deal.

It shows what the strong bot's search could make of a deal if it knew every hand; the
ladder's `--gap` reports how much of the way from the fair share to the seer's share a
tested bot goes. The true deal is read from the game itself (the ladder sets `game` before
each move), so it is here, in the benchmark, and never in the game: no bot of the game
may see another seat's cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from sticheln_tui.bots.hattrick.players import StrongBot as HattrickStrongBot
from sticheln_tui.bots.search import World
from sticheln_tui.bots.seven_seals import world as seven_seals_world
from sticheln_tui.bots.seven_seals.players import StrongBot as SevenSealsStrongBot
from sticheln_tui.bots.seven_seals.thumb import colour_bits
from sticheln_tui.bots.sticheln import StrongBot as StichelnStrongBot
from sticheln_tui.bots.sticheln import world as sticheln_world
from sticheln_tui.core.game import Game, Phase
from sticheln_tui.core.hattrick import HattrickGame
from sticheln_tui.core.seven_seals import SEALS, SevenSealsGame
from sticheln_tui.core.seven_seals import Phase as SevenSealsPhase
from sticheln_tui.fast import hattrick as fast_hattrick
from sticheln_tui.fast import sticheln as fast_sticheln


def sticheln_deal(game: Game) -> sticheln_world.Deal:
    """Sticheln's deal in progress exactly as it is, every hand known, in the search's
    deal model (the fast core's property tests take it as their reference too)."""
    return sticheln_world.Deal(
        game.rules,
        [list(hand) for hand in game.hands],
        [list(cards) for cards in game.pain_cards],
        [tuple(dict.fromkeys(card.colour for card in cards)) for cards in game.pain_cards],
        [list(pile) for pile in game.won],
        [(play.seat, play.card) for play in game.trick],
        # During the pick the deal model plays on from the first lead (as sample_deal).
        game.leader if game.phase is Phase.PICK else game.to_move,
    )


def hattrick_deal(game: HattrickGame) -> fast_hattrick.FastDeal:
    """Hattrick's deal in progress, every hand known, in ints (as the strong bot samples)."""
    assert game.to_move is not None, "the game is over"
    return fast_hattrick.FastDeal.of(
        fast_hattrick.tables(len(game.players)),
        game.hands,
        game.piles,
        game.passes,
        [(turn.seat, turn.card, turn.passed) for turn in game.trick],
        game.to_move,
    )


def seven_seals_deal(game: SevenSealsGame) -> seven_seals_world.Deal:
    """Seven Seals' deal in progress, every hand known, in the Card-based deal model the
    strong bot samples (the prediction round is played on it)."""
    assert game.to_move is not None, "the game is over"
    hands = [list(hand) for hand in game.hands]
    predicting = game.phase is SevenSealsPhase.PREDICT
    return seven_seals_world.Deal(
        hands,
        [{kind: held.get(kind, 0) for kind in SEALS} for held in game.seals],
        {kind: game.supply.get(kind, 0) for kind in SEALS},
        list(game.blacks_taken),
        game.saboteur,
        game.saboteur_price or 0,
        [(play.seat, play.card) for play in game.trick],
        # During the prediction round the deal model plays on from the first lead (as
        # sample_deal).
        (game.dealer + 1) % len(game.players) if predicting else game.to_move,
        colour_bits(card for hand in hands for card in hand),
    )


class SeesEveryHand:
    """Mixin for a game's strong bot, which draws its deals through `sampler(view, rng)`:
    every deal it draws is the true deal instead, read from `game`, in the form its own
    sampler draws. The search and its budget stay the strong bot's own: once its playouts
    are random, more of them weigh a move better even on the true deal."""

    level = "seer"
    game: Any  # the table, set by the ladder before each move

    def true_deal(self) -> World:
        raise NotImplementedError

    def sampler(self, view: Any, rng: random.Random) -> Callable[[], World]:
        # A fresh copy each draw: no search can spoil the deal for the next.
        return self.true_deal().copy


class StichelnSeer(SeesEveryHand, StichelnStrongBot):
    def true_deal(self) -> fast_sticheln.FastDeal:
        return sticheln_deal(self.game).in_ints()


class HattrickSeer(SeesEveryHand, HattrickStrongBot):
    def true_deal(self) -> fast_hattrick.FastDeal:
        return hattrick_deal(self.game)


class SevenSealsSeer(SeesEveryHand, SevenSealsStrongBot):
    def true_deal(self) -> seven_seals_world.Deal:
        return seven_seals_deal(self.game)


# The ladder's `seer`, by game.
SEERS: dict[str, type[SeesEveryHand]] = {
    "sticheln": StichelnSeer,
    "hattrick": HattrickSeer,
    "seven-seals": SevenSealsSeer,
}
