"""Plain Tricks' rules and its state machine, on the shared `TableGame`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from sticheln_tui.core.cards import Card
from sticheln_tui.core.table import PlayCard, Played, TableGame, TableView

COLOURS = ("blue", "red", "green")  # in the order a hand is sorted
VALUES = range(1, 11)
MIN_PLAYERS, MAX_PLAYERS = 3, 5
MAX_DEALS = 9


def deck() -> list[Card]:
    """Blue, red and green, 1 to 10 each: what is left over when they are dealt out
    evenly lies face down, out of play."""
    return [Card(colour, value) for colour in COLOURS for value in VALUES]


def legal_cards(trick: Sequence[Card], hand: Iterable[Card]) -> list[Card]:
    """The cards of `hand` that may join the trick: the colour led, if the hand has it."""
    hand = list(hand)
    if not trick:
        return hand
    following = [card for card in hand if card.colour == trick[0].colour]
    return following or hand


def trick_winner(trick: Sequence[Card]) -> int:
    """The index of the highest card of the colour led."""
    led = trick[0].colour
    return max(
        (index for index, card in enumerate(trick) if card.colour == led),
        key=lambda index: trick[index].value,
    )


@dataclass(frozen=True)
class PlainOptions:
    deals: int = 3

    def __post_init__(self) -> None:
        if type(self.deals) is not int or not 1 <= self.deals <= MAX_DEALS:
            raise ValueError(f"a game has 1 to {MAX_DEALS} deals, not {self.deals!r}")


class Phase(StrEnum):
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class CompletedTrick:
    plays: tuple[Played, ...]
    winner: int


@dataclass(frozen=True)
class TrickScore:
    """A seat's score for a deal: a point a trick."""

    tricks: int

    @property
    def total(self) -> int:
        return self.tricks


@dataclass(frozen=True)
class DealResult:
    deal: int  # 1-based
    scores: tuple[TrickScore, ...]  # by seat
    last_trick: CompletedTrick | None = None


@dataclass(frozen=True)
class PlainView(TableView):
    """A seat's view, or the public one: the tricks each seat took this deal are public."""

    tricks_won: tuple[int, ...]

    @property
    def trick_cards(self) -> list[Card]:
        return [play.card for play in self.trick]

    @property
    def winning_seat(self) -> int | None:
        """The seat taking the trick if it ended now."""
        if not self.trick:
            return None
        return self.trick[trick_winner(self.trick_cards)].seat


class PlainGame(TableGame):
    GAME = "plain-tricks"
    TITLE = "Plain Tricks"
    OPTIONS = PlainOptions
    options: PlainOptions
    phase: Phase

    def _check_table(self, players: int, options: PlainOptions) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(
                f"{self.TITLE} is played by {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}"
            )

    def _start(self) -> None:
        self.deals_total = self.options.deals
        self.tricks_per_deal = len(deck()) // len(self.players)
        self._start_deal(0)

    def _start_deal(self, index: int) -> None:
        self.deal_index = index
        self.hands, _out_of_play = self._deal(deck())
        self.trick: list[Played] = []
        self.last_trick: CompletedTrick | None = None
        self.deal_tricks: list[CompletedTrick] = []
        self.tricks_won = [0] * len(self.players)
        self.dealer = self._rotation_dealer(index)
        self.phase = Phase.PLAY
        self.to_move: int | None = (self.dealer + 1) % len(self.players)

    def _copy_state(self, copy: PlainGame) -> None:
        copy.hands = [list(hand) for hand in self.hands]
        copy.trick = list(self.trick)
        copy.deal_tricks = list(self.deal_tricks)
        copy.tricks_won = list(self.tricks_won)

    def _moves_open(self) -> tuple[PlayCard, ...]:
        if self.to_move is None:
            return ()
        trick = [play.card for play in self.trick]
        return tuple(PlayCard(card) for card in legal_cards(trick, self.hands[self.to_move]))

    def _why_illegal(self, move: object) -> str:
        if self.phase is Phase.OVER:
            return "the game is over"
        name = self.players[self.seat_to_move()]
        if type(move) is not PlayCard:
            return f"{name} must play a card"
        if move.card not in self.hands[self.seat_to_move()]:
            return f"{move.card} is not in {name}'s hand"
        return f"{name} must follow {self.trick[0].card.colour}"

    def _advance(self, move: PlayCard) -> None:
        seat = self.seat_to_move()
        self.hands[seat].remove(move.card)
        self.trick.append(Played(seat, move.card))
        if len(self.trick) < len(self.players):
            self.to_move = (seat + 1) % len(self.players)
            return
        winner = self.trick[trick_winner([play.card for play in self.trick])].seat
        self.last_trick = CompletedTrick(tuple(self.trick), winner)
        self.deal_tricks.append(self.last_trick)
        self.tricks_won[winner] += 1
        self.trick = []
        self.to_move = winner
        if len(self.deal_tricks) == self.tricks_per_deal:
            self._finish_deal()

    def _finish_deal(self) -> None:
        scores = tuple(TrickScore(tricks) for tricks in self.tricks_won)
        self.results.append(DealResult(self.deal_index + 1, scores, self.last_trick))
        if len(self.results) < self.deals_total:
            self._start_deal(self.deal_index + 1)
        else:
            self.phase = Phase.OVER
            self.to_move = None

    def _view(self, seat: int | None) -> PlainView:
        return PlainView(**self._table_view_fields(seat), tricks_won=tuple(self.tricks_won))
