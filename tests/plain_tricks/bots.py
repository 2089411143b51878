"""Plain Tricks' computer players: a card at random, a rule of thumb, and the rule of
thumb played out through sampled deals (the shared search)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sticheln_tui.bots.base import Advice, Bot
from sticheln_tui.bots.search import SamplingBot
from sticheln_tui.core.cards import Card
from sticheln_tui.core.table import PlayCard

from .engine import PlainView, deck, legal_cards, trick_winner


def thumb(trick: Sequence[Card], hand: Sequence[Card]) -> tuple[Card, str]:
    """Lead the highest card; take the trick with the lowest card that takes it; else
    throw the lowest card away."""
    legal = legal_cards(trick, hand)
    if not trick:
        return max(legal, key=lambda card: card.value), "leads with the highest card"
    taking = [card for card in legal if trick_winner([*trick, card]) == len(trick)]
    if taking:
        return min(taking, key=lambda card: card.value), "the lowest card that takes the trick"
    return min(legal, key=lambda card: card.value), "no card takes the trick: the lowest goes"


class PlainBot(Bot):
    def moment(self, view: PlainView) -> str:
        return f"plain/{view.deal}/{view.trick_number}/{len(view.trick)}"

    def decide(self, view: PlainView, rng: random.Random) -> Advice:
        if len(view.legal_moves) == 1:
            return Advice(view.legal_moves[0], "the only card you may play")
        return self.move(view, rng)

    def move(self, view: PlainView, rng: random.Random) -> Advice:
        raise NotImplementedError


class EasyBot(PlainBot):
    level = "easy"

    def move(self, view: PlainView, rng: random.Random) -> Advice:
        return Advice(rng.choice(view.legal_moves), "a card picked at random")


class NormalBot(PlainBot):
    level = "normal"

    def move(self, view: PlainView, rng: random.Random) -> Advice:
        card, why = thumb(view.trick_cards, view.hand)
        return Advice(PlayCard(card), why)


@dataclass
class Deal:
    """One complete guess at the deal in progress, played out by the rule of thumb."""

    hands: list[list[Card]]
    trick: list[tuple[int, Card]]
    to_move: int
    tricks_won: list[int]

    def copy(self) -> Deal:
        return Deal(
            [list(hand) for hand in self.hands],
            list(self.trick),
            self.to_move,
            list(self.tricks_won),
        )

    def play(self, card: Card) -> None:
        self.hands[self.to_move].remove(card)
        self.trick.append((self.to_move, card))
        if len(self.trick) < len(self.hands):
            self.to_move = (self.to_move + 1) % len(self.hands)
            return
        winner = self.trick[trick_winner([card for _seat, card in self.trick])][0]
        self.tricks_won[winner] += 1
        self.trick = []
        self.to_move = winner

    def play_out(self) -> list[int]:
        """Every seat's deal score once each hand is played out."""
        while self.hands[self.to_move]:
            trick = [card for _seat, card in self.trick]
            self.play(thumb(trick, self.hands[self.to_move])[0])
        return self.tricks_won


def sampled(view: PlainView, rng: random.Random) -> Deal:
    """A deal agreeing with all this seat has seen: the cards it has not seen shared out
    at random among the other hands (those left over lie out of play)."""
    me = view.seat
    assert me is not None and view.to_move is not None
    seen = {*view.hand, *view.trick_cards}
    seen.update(play.card for trick in view.deal_tricks for play in trick.plays)
    unseen = [card for card in deck() if card not in seen]
    rng.shuffle(unseen)
    hands = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == me:
            hands.append(list(view.hand))
        else:
            hands.append(unseen[:size])
            del unseen[:size]
    return Deal(
        hands, [(play.seat, play.card) for play in view.trick], view.to_move, list(view.tricks_won)
    )


class StrongBot(SamplingBot, PlainBot):
    level = "strong"
    default_playouts = 60

    def move(self, view: PlainView, rng: random.Random) -> Advice:
        assert view.seat is not None

        def trial(deal: Deal, move: PlayCard) -> list[int]:
            deal.play(move.card)
            return deal.play_out()

        move, reason = self.search(
            view.seat, len(view.players), view.legal_moves, lambda: sampled(view, rng), trial
        )
        return Advice(move, reason)


BOTS: dict[str, type[PlainBot]] = {bot.level: bot for bot in (EasyBot, NormalBot, StrongBot)}
