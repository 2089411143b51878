"""Hattrick's computer players: easy, normal and strong."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ...core.cards import Card
from ...core.hattrick import HattrickView, Move, PassCard, PlayCard
from ...fast.hattrick import PASS, FastDeal, tables
from ...i18n import _
from ...words import colour_name
from ..base import Advice, Bot
from ..search import SamplingBot, W, resampled
from .thumb import PASS_COST, Weight
from .world import situation, unseen_cards


def move_of(weight: Weight) -> Move:
    return PassCard(weight.card) if weight.passed else PlayCard(weight.card)


class HattrickBot(Bot):
    """A Hattrick player: on its turn it plays a card or passes."""

    def moment(self, view: HattrickView) -> str:
        return f"hattrick/{view.deal}/{view.trick_number}/{len(view.trick)}"

    def decide(self, view: HattrickView, rng: random.Random) -> Advice:
        if len(view.legal_moves) == 1:
            (move,) = view.legal_moves
            if isinstance(move, PassCard):
                return Advice(move, _("no card of yours may join the trick"))
            return Advice(move, _("the only card you may play"))
        return self.move(view, rng)

    def move(self, view: HattrickView, rng: random.Random) -> Advice:
        raise NotImplementedError


class EasyBot(HattrickBot):
    """Any card that may join the trick, at random; it passes only when it must."""

    level = "easy"

    def move(self, view: HattrickView, rng: random.Random) -> Advice:
        plays = [move for move in view.legal_moves if isinstance(move, PlayCard)]
        if plays:
            return Advice(rng.choice(plays), _("a card picked at random"))
        return Advice(rng.choice(view.legal_moves), _("no card of yours may join the trick"))


class NormalBot(HattrickBot):
    """The rules of thumb (see thumb): collect one colour, keep out of the others."""

    level = "normal"

    def move(self, view: HattrickView, rng: random.Random) -> Advice:
        known = situation(view)
        best = known.best()
        return Advice(move_of(best), why(view, best, known.collect()))


def why(view: HattrickView, weight: Weight, collect: str) -> str:
    """The rule of thumb behind a move, in a few words."""
    colour = weight.card.colour
    named = colour_name(colour)  # as the player reads it
    if weight.passed:
        return _("passing costs {cost}; any card you could play would likely cost you more").format(
            cost=PASS_COST
        )
    # Translators: hint lines; {colour} is a colour's name, {name} a player's.
    if weight.takes >= 0.5:
        if colour == collect:
            if weight.takes == 1:
                return _("takes {colour}, the colour you collect").format(colour=named)
            return _("likely takes {colour}, the colour you collect").format(colour=named)
        if weight.takes == 1:
            return _("takes {colour}, the cheapest of your choices").format(colour=named)
        return _("likely takes {colour}, the cheapest of your choices").format(colour=named)
    taker = _taker(view, weight.card)
    if taker is None:
        if colour == collect:
            return _(
                "a later player likely holds a higher {colour}: "
                "gives up a card of the colour you collect"
            ).format(colour=named)
        return _(
            "a later player likely holds a higher {colour}: "
            "sheds a {colour} card, which you do not collect"
        ).format(colour=named)
    name = view.players[taker]
    if colour == collect:
        return _("{name} takes {colour}: gives up a card of the colour you collect").format(
            name=name, colour=named
        )
    return _("{name} takes {colour}: sheds a {colour} card, which you do not collect").format(
        name=name, colour=named
    )


def _taker(view: HattrickView, card: Card) -> int | None:
    """Who takes the card's colour in the trick so far, with a card higher than this one."""
    higher = [
        turn
        for turn in view.trick
        if not turn.passed and turn.card.colour == card.colour and turn.card.value > card.value
    ]
    return max(higher, key=lambda turn: turn.card.value).seat if higher else None


class StrongBot(SamplingBot, HattrickBot):
    """Every legal move played out through sampled deals by the rules of thumb (on the
    fast core's int deal, which plays them exactly as `world.Deal` does), now and then
    playing a card at random instead. The sampled deals that explain the others' moves
    so far come up more often (`agreement`)."""

    level = "strong"
    # Twice the 600 it played out when the int deal first made it three times as fast: at
    # 1,200 it won 64.9% of one-deal games against three normals where 600 won 61.7%
    # (benchmarks/ladder.py, 100 deals), its slowest move still well under a second.
    default_playouts = 1200
    # In the playouts, a move is a card drawn at random this often: the same rule of thumb
    # in every playout misjudges the same positions every time (0.15 won 61.7% against
    # three normals where none won 59.6%, and 26.9% against three of the bot without;
    # 0.3, 59.4%; benchmarks/ladder.py, 100 deals).
    whims = 0.15
    # Each sample is one of this many drawn deals, picked by their `agreement`: it won
    # 67.4% of one-deal games against three normals where deals taken as drawn won 64.9%
    # (benchmarks/ladder.py, 100 deals), its slowest move 0.67 s alone (0.39 s before).
    proposals = 4

    def sampler(self, view: HattrickView, rng: random.Random) -> Callable[[], FastDeal]:
        """Draws guesses at the whole deal that agree with what this seat has seen:
        `world.sample_deal`'s deals, drawn straight into ints, then picked among by how
        well they explain the others' moves (`agreement`)."""
        known, hidden = known_deal(view)

        def draw() -> FastDeal:
            return known.shared_out(hidden, view.hand_sizes, rng)

        return self.picked_by_agreement(view, draw, lambda deal: deal.hands, rng)

    def picked_by_agreement(
        self,
        view: HattrickView,
        draw: Callable[[], W],
        masks: Callable[[W], Sequence[int]],
        rng: random.Random,
    ) -> Callable[[], W]:
        """`draw`, each sample then one of `proposals` drawn deals picked by their
        `agreement` (`masks(deal)`: its hands as masks); `draw` itself while no other
        seat has moved this deal."""
        weight = agreement(view)
        if weight is None:
            return draw
        return resampled(draw, lambda deal: weight(masks(deal)), self.proposals, rng)

    def move(self, view: HattrickView, rng: random.Random) -> Advice:
        assert view.seat is not None
        table = tables(len(view.players))

        def trial(deal: FastDeal, move: Move) -> list[int]:
            deal.move(table.index(move.card), isinstance(move, PassCard))
            deal.play_out(rng, self.whims)
            return deal.scores()

        move, reason = self.search(
            view.seat, len(view.players), view.legal_moves, self.sampler(view, rng), trial
        )
        return Advice(move, reason)


def known_deal(view: HattrickView) -> tuple[FastDeal, list[int]]:
    """The seat's view as an int deal whose other hands are still empty, and the cards
    hidden in them, ascending (deck order), for `FastDeal.shared_out`: together they
    sample deals exactly as `world.sample_deal` does."""
    assert view.to_move is not None  # a bot's view, on its turn
    count = len(view.players)
    table = tables(count)
    known = FastDeal.of(
        table,
        [view.hand if seat == view.seat else () for seat in range(count)],
        view.piles,
        view.passes,
        [(turn.seat, turn.card, turn.passed) for turn in view.trick],
        view.to_move,
    )
    return known, [table.index(card) for card in unseen_cards(view)]


# A sampled deal weighs this much less for each move of another seat that the rules of
# thumb would not have made from the hand it gives that seat.
THUMB_MISS = 0.2


def agreement(view: HattrickView) -> Callable[[Sequence[int]], float] | None:
    """How well a sampled deal's hands (masks, by seat) explain the other seats' moves so
    far this deal: the deal is replayed from its first lead, each hand holding what it
    holds now and the cards it has played or passed since, and every move of another seat
    that the rules of thumb would not have made from its hand then costs a factor of
    THUMB_MISS. The normal bot plays by them; the strong one far less often (29% of its
    moves with a choice), yet its margin against the bot without this doubled. None while
    no other seat has moved this deal."""
    me = view.seat
    count = len(view.players)
    table = tables(count)
    turns = [turn for trick in view.deal_tricks for turn in trick.turns] + list(view.trick)
    if all(turn.seat == me for turn in turns):
        return None
    moves = [(turn.seat, table.index(turn.card), turn.passed) for turn in turns]
    spent = [0] * count
    for seat, card, _passed in moves:
        spent[seat] |= 1 << card
    leader = moves[0][0]

    def weight(hands: Sequence[int]) -> float:
        dealt = [hand | cards for hand, cards in zip(hands, spent, strict=True)]
        replay = FastDeal(table, dealt, [0] * count, [0] * count, [], [], 0, leader)
        found = 1.0
        for seat, card, passed in moves:
            if seat != me and replay.thumb() != (PASS + card if passed else card):
                found *= THUMB_MISS
            replay.move(card, passed)
        return found

    return weight


BOTS: dict[str, type[HattrickBot]] = {bot.level: bot for bot in (EasyBot, NormalBot, StrongBot)}
