"""The game engine: a seeded, deterministic state machine over Sticheln's rules.

Screens and computer players never touch a `Game`'s fields: they get a `SeatView`,
which holds only what one seat may see (RULES.md section 5), or the public view that
everybody at the table may see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card, sorted_cards
from .names import check_names
from .sticheln import Rules, check_players, deck_for, score_breakdown, trick_winner, winners


class Phase(StrEnum):
    PICK = "pick"  # players lay down their pain cards
    PLAY = "play"  # tricks are played
    OVER = "over"  # the game has ended


@dataclass(frozen=True, slots=True)
class PickPain:
    """Lay this card face down: its colour becomes the player's pain colour."""

    card: Card


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play this card to the current trick."""

    card: Card


Move = PickPain | PlayCard


class IllegalMove(ValueError):
    """A move that is not legal now; the game is left unchanged."""


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CompletedTrick:
    plays: tuple[Played, ...]
    winner: int  # the seat that took it


@dataclass(frozen=True, slots=True)
class DealScore:
    pain_cards: tuple[Card, ...]
    tricks: int
    gained: int  # points from cards outside the pain colour
    lost: int  # points lost to pain-colour cards (zero or negative)

    @property
    def total(self) -> int:
        return self.gained + self.lost


@dataclass(frozen=True, slots=True)
class DealResult:
    deal: int  # 1-based
    scores: tuple[DealScore, ...]  # by seat


@dataclass(frozen=True)
class SeatView:
    """What one seat may see, or (seat None) what the whole table may see."""

    seat: int | None
    players: tuple[str, ...]
    rules: Rules
    phase: Phase
    deal: int  # 1-based; during OVER, the last deal
    trick_number: int  # 1-based within the deal
    tricks_per_deal: int
    dealer: int
    to_move: int | None
    hand: tuple[Card, ...]  # this seat's hand, sorted; empty in the public view
    hand_sizes: tuple[int, ...]
    pain_cards: tuple[tuple[Card, ...] | None, ...]  # by seat; None while hidden from us
    picked: tuple[bool, ...]  # who has laid down a pain card this deal
    leftover: tuple[Card, ...]  # cards out of play this deal, shown to everybody
    trick: tuple[Played, ...]
    last_trick: CompletedTrick | None
    tricks_won: tuple[int, ...]
    results: tuple[DealResult, ...]
    legal_moves: tuple[Move, ...]  # empty unless this seat is to move
    winners: tuple[int, ...]  # filled once the game is over

    @property
    def totals(self) -> tuple[int, ...]:
        return running_totals(self.results, len(self.players))

    @property
    def lead_colour(self) -> str | None:
        return self.trick[0].card.colour if self.trick else None

    @property
    def winning_seat(self) -> int | None:
        """The seat taking the current trick if it ended now."""
        if not self.trick:
            return None
        return self.trick[trick_winner([p.card for p in self.trick], self.rules)].seat

    def pain_colours(self, seat: int) -> tuple[str, ...]:
        cards = self.pain_cards[seat]
        return tuple(dict.fromkeys(card.colour for card in cards)) if cards else ()


def running_totals(results: Sequence[DealResult], players: int) -> tuple[int, ...]:
    """Each seat's total over the deals played so far."""
    return tuple(sum(r.scores[seat].total for r in results) for seat in range(players))


class Game:
    """One game of Sticheln from the first deal to the final scores."""

    def __init__(
        self,
        players: Sequence[str],
        rules: Rules = Rules(),
        first_leader: int = 0,
        seed: int | None = None,
    ) -> None:
        names = tuple(players)
        problem = check_names(names)
        if problem:
            raise ValueError(problem)
        check_players(len(names), rules)
        if not 0 <= first_leader < len(names):
            raise ValueError(f"first leader must be a seat from 0 to {len(names) - 1}")
        self.players = names
        self.rules = rules
        self.first_leader = first_leader
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self._rng = random.Random(self.seed)
        self.moves: list[Move] = []
        self.results: list[DealResult] = []
        self.phase = Phase.PICK
        self._start_deal(0)

    @classmethod
    def replay(
        cls,
        players: Sequence[str],
        rules: Rules,
        first_leader: int,
        seed: int,
        moves: Sequence[Move],
    ) -> Game:
        """The game reached by playing these moves from the start; raises IllegalMove."""
        game = cls(players, rules, first_leader, seed)
        for move in moves:
            game.apply(move)
        return game

    def without_last_move(self) -> Game:
        """This game as it was before its last move (the move is taken back)."""
        if not self.moves:
            raise IllegalMove("there is no move to take back")
        return Game.replay(self.players, self.rules, self.first_leader, self.seed, self.moves[:-1])

    # -- deals --------------------------------------------------------------------

    def _start_deal(self, index: int) -> None:
        count = len(self.players)
        deck = deck_for(count, self.rules)
        self._rng.shuffle(deck)
        size = len(deck) // count
        self.deal_index = index
        self.hands = [
            list(sorted_cards(deck[seat * size : (seat + 1) * size])) for seat in range(count)
        ]
        self.leftover = sorted_cards(deck[count * size :])
        self.pain_cards: list[list[Card]] = [[] for _ in range(count)]
        self.won: list[list[Card]] = [[] for _ in range(count)]
        self.tricks_won = [0] * count
        self.trick: list[Played] = []
        self.last_trick: CompletedTrick | None = None
        # Deal 1 is dealt by the seat right of the chosen player, then the deal moves
        # one seat clockwise, and the seat left of the dealer leads (RULES.md 1.3).
        self.dealer = (self.first_leader + index - 1) % count
        self.leader = (self.dealer + 1) % count
        self.phase = Phase.PICK
        self.to_move: int | None = self.leader

    @property
    def tricks_per_deal(self) -> int:
        return len(deck_for(len(self.players), self.rules)) // len(self.players) - 1

    def _finish_deal(self) -> None:
        scores = []
        for seat, pain in enumerate(self.pain_cards):
            gained, lost = score_breakdown(
                self.won[seat] + pain, {card.colour for card in pain}, self.rules
            )
            scores.append(DealScore(tuple(pain), self.tricks_won[seat], gained, lost))
        scores = tuple(scores)
        self.results.append(DealResult(self.deal_index + 1, scores))
        if len(self.results) == self.rules.deals:
            self.phase = Phase.OVER
            self.to_move = None
        else:
            self._start_deal(self.deal_index + 1)

    # -- moves --------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves open to the seat to move."""
        if self.to_move is None:
            return ()
        hand = self.hands[self.to_move]
        if self.phase is Phase.PICK:
            return tuple(PickPain(card) for card in hand)
        return tuple(PlayCard(card) for card in hand)

    def apply(self, move: Move) -> None:
        """Make a move for the seat to move; an illegal move raises and changes nothing."""
        if self.phase is Phase.OVER:
            raise IllegalMove("the game is over")
        if move not in self.legal_moves():
            raise IllegalMove(self._why_illegal(move))
        seat = self.to_move
        assert seat is not None
        self.moves.append(move)
        self.hands[seat].remove(move.card)
        if isinstance(move, PickPain):
            self.pain_cards[seat].append(move.card)
            self._next_picker()
        else:
            self.trick.append(Played(seat, move.card))
            self._after_play()

    def _why_illegal(self, move: object) -> str:
        name = self.players[self.to_move] if self.to_move is not None else "nobody"
        if not isinstance(move, PickPain | PlayCard):
            return f"{move!r} is not a move"
        if isinstance(move, PickPain) != (self.phase is Phase.PICK):
            wanted = "pick a pain card" if self.phase is Phase.PICK else "play a card"
            return f"{name} must {wanted} now"
        return f"{move.card} is not in {name}'s hand"

    def _next_picker(self) -> None:
        count = len(self.players)
        for step in range(1, count + 1):
            seat = (self.to_move + step) % count
            if not self.pain_cards[seat]:
                self.to_move = seat
                return
        self.phase = Phase.PLAY
        self.to_move = self.leader

    def _after_play(self) -> None:
        count = len(self.players)
        if len(self.trick) < count:
            self.to_move = (self.to_move + 1) % count
            return
        plays = tuple(self.trick)
        winner = plays[trick_winner([p.card for p in plays], self.rules)].seat
        self.won[winner].extend(p.card for p in plays)
        self.tricks_won[winner] += 1
        self.last_trick = CompletedTrick(plays, winner)
        self.trick = []
        self.leader = self.to_move = winner
        if not self.hands[winner]:
            self._finish_deal()

    # -- views --------------------------------------------------------------------

    def view(self, seat: int | None) -> SeatView:
        """What `seat` may see; `None` gives the public view of the whole table."""
        count = len(self.players)
        revealed = self.phase is not Phase.PICK
        over = self.phase is Phase.OVER
        return SeatView(
            seat=seat,
            players=self.players,
            rules=self.rules,
            phase=self.phase,
            deal=self.deal_index + 1,
            trick_number=min(sum(self.tricks_won) + 1, self.tricks_per_deal),
            tricks_per_deal=self.tricks_per_deal,
            dealer=self.dealer,
            to_move=self.to_move,
            hand=tuple(self.hands[seat]) if seat is not None and not over else (),
            hand_sizes=tuple(len(hand) for hand in self.hands) if not over else (0,) * count,
            pain_cards=tuple(
                tuple(self.pain_cards[s]) if revealed or s == seat else None for s in range(count)
            ),
            picked=tuple(bool(cards) for cards in self.pain_cards),
            leftover=self.leftover,
            trick=tuple(self.trick),
            last_trick=self.last_trick,
            tricks_won=tuple(self.tricks_won),
            results=tuple(self.results),
            legal_moves=self.legal_moves() if seat is not None and seat == self.to_move else (),
            winners=tuple(winners(running_totals(self.results, count))) if over else (),
        )
