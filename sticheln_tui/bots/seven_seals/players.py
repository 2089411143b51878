"""Seven Seals' computer players: easy, normal and strong. Prediction is the skill."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.cards import Card
from ...core.seven_seals import (
    BLACK,
    COLOURS,
    SEAL_KINDS,
    TRUMP,
    WHITE,
    Move,
    Phase,
    PlayCard,
    Predict,
    ReturnSeal,
    SevenSealsView,
    TakeSaboteur,
)
from ...fast.seven_seals import FastDeal, tables
from ...i18n import _
from ...words import colour_name
from ..base import Advice, Bot
from ..search import SamplingBot
from .thumb import (
    beats,
    choose_card,
    eligible,
    estimated_penalty,
    expected_wins,
    predicted_seals,
    rival_worth,
    seal_to_return,
    top_value,
    winning_card,
)
from .world import Deal, fitted_prediction, outside_bits, predict_out, sample_deal

# A prediction costs this much more than its estimate on average: the hand's tricks are
# never quite what they look like.
PREDICTION_SLACK = 1.5


class SevenSealsBot(Bot):
    """A Seven Seals player: it predicts (or takes the saboteur), plays cards and chooses
    which seal to give back."""

    def moment(self, view: SevenSealsView) -> str:
        return (
            f"seven-seals/{view.deal}/{view.phase}/{len(view.prediction_round)}"
            f"/{view.trick_number}/{len(view.trick)}"
        )

    def decide(self, view: SevenSealsView, rng: random.Random) -> Advice:
        if view.phase is Phase.PREDICT:
            return self.prediction(view, rng)
        if view.phase is Phase.RETURN:
            if len(view.legal_moves) == 1:
                return Advice(view.legal_moves[0], _("the only seal you may give back"))
            return self.give_back(view, rng)
        if len(view.legal_moves) == 1:
            return Advice(view.legal_moves[0], _("the only card you may play"))
        return self.play(view, rng)

    def prediction(self, view: SevenSealsView, rng: random.Random) -> Advice:
        raise NotImplementedError

    def play(self, view: SevenSealsView, rng: random.Random) -> Advice:
        raise NotImplementedError

    def give_back(self, view: SevenSealsView, rng: random.Random) -> Advice:
        raise NotImplementedError


def me(view: SevenSealsView) -> int:
    assert view.seat is not None
    return view.seat


def fitted(view: SevenSealsView, wanted: dict[str, int]) -> Predict:
    return fitted_prediction(wanted, view.supply, view.seals, me(view))


def tricks_text(seals: dict[str, int]) -> str:
    """ "2 red, 1 green" or "no trick"."""
    # Translators: a number of tricks in a colour, as in "2 red, 1 green".
    parts = [
        _("{count} {colour}").format(count=seals[colour], colour=colour_name(colour))
        for colour in COLOURS
        if seals.get(colour)
    ]
    return ", ".join(parts) if parts else _("no trick")


class EasyBot(SevenSealsBot):
    """Predicts a rough count of its high cards and long reds; plays high to win when it
    holds a seal of the lead colour, low otherwise; never takes the saboteur unasked."""

    level = "easy"

    def prediction(self, view: SevenSealsView, rng: random.Random) -> Advice:
        top = top_value(len(view.players))
        wanted = dict.fromkeys(COLOURS, 0)
        for colour, value in view.hand:
            if value >= top - 1:
                wanted[colour] += 1
        reds = sum(card.colour == TRUMP for card in view.hand)
        wanted[TRUMP] += reds // 4
        move = fitted(view, wanted)
        # Translators: {tricks} is e.g. "2 red, 1 green" or "no trick".
        return Advice(
            move, _("counts its high cards: {tricks}").format(tricks=tricks_text(move.wanted))
        )

    def play(self, view: SevenSealsView, rng: random.Random) -> Advice:
        cards = [move.card for move in view.legal_moves]
        held = view.seals[me(view)]
        if not view.trick:
            card = rng.choice(cards)
            return Advice(PlayCard(card), _("a card picked at random"))
        if eligible(held, view.trick[0].card.colour, view.trick[0].card.colour):
            card = max(cards, key=lambda c: (c.colour == TRUMP, c.value))
            return Advice(PlayCard(card), _("its highest card: it holds a seal to give back"))
        card = min(cards, key=lambda c: (c.colour == TRUMP, c.value))
        return Advice(PlayCard(card), _("its lowest card: it holds no seal to give back"))

    def give_back(self, view: SevenSealsView, rng: random.Random) -> Advice:
        return Advice(rng.choice(view.legal_moves), _("a seal picked at random"))


class NormalBot(SevenSealsBot):
    """Estimates per colour the tricks its hand will win and takes those seals, or the
    saboteur when the hand is too hard to read; plays to win exactly the tricks it can give
    seals back for."""

    level = "normal"

    def prediction(self, view: SevenSealsView, rng: random.Random) -> Advice:
        players = len(view.players)
        wins = expected_wins(view.hand, outside_bits(view), players)
        move = fitted(view, predicted_seals(wins))
        points = round(estimated_penalty(move.wanted, wins) + PREDICTION_SLACK)
        offer = view.saboteur_offer
        # The saboteur only for a hand poor for predicting: one whose seals look like
        # costing more than the saboteur's whole price, what it costs if nobody takes a
        # black seal. Less the blacks the others usually take, the saboteur would be the
        # cheaper choice for almost every hand, and a player who takes the proposal would
        # never predict, which is the game.
        if offer is not None and points > offer:
            return Advice(
                TakeSaboteur(),
                _(
                    "your tricks are hard to foresee: your seals would likely cost about "
                    "{points} points, the saboteur {price} at most"
                ).format(points=points, price=offer),
            )
        return Advice(
            move, _("your cards look like {tricks}").format(tricks=tricks_text(move.wanted))
        )

    def play(self, view: SevenSealsView, rng: random.Random) -> Advice:
        card = normal_card(view)
        return Advice(PlayCard(card), why_card(view, card))

    def give_back(self, view: SevenSealsView, rng: random.Random) -> Advice:
        kind = normal_return(view)
        if kind == WHITE:
            why = _("your coloured seals look like they will find their tricks")
        elif WHITE in view.returnable:
            why = _("keeps the white seal as a joker for a trick you cannot foresee")
        else:
            why = _("you are least likely to win another trick for a {colour} seal").format(
                colour=colour_name(kind)
            )
        return Advice(ReturnSeal(kind), why)


def normal_card(view: SevenSealsView) -> Card:
    seat = me(view)
    count = len(view.players)
    cards = view.trick_cards
    later = range(1, count - len(cards))
    rival = None
    if view.saboteur == seat:
        rival = rival_worth(view.trick, view.seals, view.supply[BLACK])
    return choose_card(
        [move.card for move in view.legal_moves],
        cards,
        view.seals[seat],
        outside_bits(view),
        sum(view.hand_sizes[(seat + step) % count] for step in later),
        view.supply[BLACK],
        rival,
        top_value(count),
    )


def normal_return(view: SevenSealsView) -> str:
    seat = me(view)
    return seal_to_return(
        view.returnable, view.seals[seat], view.hand, outside_bits(view), len(view.players)
    )


def why_card(view: SevenSealsView, card: Card) -> str:
    """The rule of thumb behind a card, in a few words."""
    cards = view.trick_cards
    lead = cards[0].colour if cards else card.colour
    takes = beats(card, winning_card(cards))
    if view.saboteur == view.seat:
        if not cards:
            return _("as saboteur, leads: whoever wins gives a seal back or takes a black one")
        if takes:
            return _("as saboteur, takes the trick from a player who would give a seal back")
        return _("as saboteur, leaves the trick to a player who may have to take a black seal")
    won_by = card.colour if takes else lead
    can_return = eligible(view.seals[me(view)], lead, won_by)
    if takes and can_return:
        return _("goes for the trick: winning it gives a seal back")
    if takes:
        return _("the card least likely to keep the trick, though it may cost a black seal")
    if card.colour != lead:
        return _("stays out of the trick and sheds a {colour} card").format(
            colour=colour_name(card.colour)
        )
    return _("stays out of the trick")


class StrongBot(SamplingBot, SevenSealsBot):
    """Plays candidate predictions, cards and seals through sampled deals (the others'
    hands agreeing with the colours they have shown they lack) by the rules of thumb, and
    keeps the one that ends best. Every candidate is scored on the same sampled deals, and
    the deals are played out in ints (`fast.seven_seals`), so many more of them fit in a
    move; now and then a playout plays a card at random instead."""

    level = "strong"
    default_playouts = 320
    # In the playouts, a card is one drawn at random this often: the same rule of thumb in
    # every playout misjudges the same positions every time (0.15 won 56.1% against three
    # normals where none won 51.5%, and 28.9% against three of the bot without; 0.25,
    # 53.7%; benchmarks/ladder.py, 100 deals).
    whims = 0.15

    def sampler(self, view: SevenSealsView, rng: random.Random) -> Callable[[], Deal]:
        """Draws guesses at the whole deal that agree with what this seat has seen, in
        the Card-based deal model: the prediction round is played on it."""
        return lambda: sample_deal(view, rng)

    def fast_sampler(self, view: SevenSealsView, rng: random.Random) -> Callable[[], FastDeal]:
        """The sampler's deals in ints, for the play."""
        sample = self.sampler(view, rng)
        return lambda: fast_deal(sample())

    def candidate(self, view: SevenSealsView, move: Move) -> Move | int:
        """Cards and seals are weighed as ints; predictions as themselves."""
        if isinstance(move, PlayCard):
            return tables(len(view.players)).index(move.card)
        if isinstance(move, ReturnSeal):
            return SEAL_KINDS.index(move.kind)
        return move

    def prediction(self, view: SevenSealsView, rng: random.Random) -> Advice:
        players = len(view.players)
        wins = expected_wins(view.hand, outside_bits(view), players)
        candidates: list = []
        for wanted in prediction_candidates(wins):
            move = fitted(view, wanted)
            if move not in candidates:
                candidates.append(move)
        if view.saboteur_offer is not None:
            candidates.append(TakeSaboteur())

        def trial(deal: Deal, move) -> list[int]:
            predict_out(deal, view, move)
            return played_out(fast_deal(deal), rng, self.whims)

        move, why = self.search(me(view), players, candidates, self.sampler(view, rng), trial)
        if isinstance(move, TakeSaboteur):
            # Translators: {why} is "ends best over 40 sampled deals: +1.5 against the table".
            return Advice(move, _("taking the saboteur {why}").format(why=why))
        # Translators: {tricks} is e.g. "2 red, 1 green"; {why} as for the saboteur.
        return Advice(
            move, _("predicting {tricks} {why}").format(tricks=tricks_text(move.wanted), why=why)
        )

    def play(self, view: SevenSealsView, rng: random.Random) -> Advice:
        def trial(deal: FastDeal, card: int) -> list[int]:
            if deal.play(card) is not None:
                deal.settle(deal.thumb_return())
            return played_out(deal, rng, self.whims)

        table = tables(len(view.players))
        cards = [table.index(move.card) for move in view.legal_moves]
        card, why = self.search(
            me(view), len(view.players), cards, self.fast_sampler(view, rng), trial
        )
        return Advice(PlayCard(table.card(card)), why)

    def give_back(self, view: SevenSealsView, rng: random.Random) -> Advice:
        def trial(deal: FastDeal, kind: int) -> list[int]:
            deal.settle(kind)
            return played_out(deal, rng, self.whims)

        kind, why = self.search(
            me(view),
            len(view.players),
            [SEAL_KINDS.index(kind) for kind in view.returnable],
            self.fast_sampler(view, rng),
            trial,
        )
        return Advice(ReturnSeal(SEAL_KINDS[kind]), why)


def fast_deal(deal: Deal) -> FastDeal:
    """A sampled deal in ints."""
    return FastDeal.of(
        tables(deal.players),
        deal.hands,
        deal.seals,
        deal.supply,
        deal.blacks_taken,
        deal.saboteur,
        deal.price,
        deal.trick,
        deal.to_move,
    )


def played_out(deal: FastDeal, whim: random.Random, whims: float) -> list[int]:
    """Every seat's deal score once the rest is played by the rules of thumb, with a card
    drawn at random instead with probability `whims`."""
    deal.play_out(whim, whims)
    return [-penalty for penalty in deal.penalties()]


def prediction_candidates(wins: dict[str, float]) -> list[dict[str, int]]:
    """The rule of thumb's prediction, a bolder and a more careful one, and each with one
    colour a trick more or less."""
    base = predicted_seals(wins)
    found = [base, predicted_seals(wins, -0.3), predicted_seals(wins, 0.3)]
    for colour in COLOURS:
        for step in (-1, 1):
            if base[colour] + step >= 0:
                found.append({**base, colour: base[colour] + step})
    return found


BOTS: dict[str, type[SevenSealsBot]] = {bot.level: bot for bot in (EasyBot, NormalBot, StrongBot)}
