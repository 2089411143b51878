"""What every game at the table shares: seats, seeded deals, dealer rotation, the move log,
replay and take-back, totals.

A game is a state machine of one shape (OpenSpiel's state API is the model): a subclass
says which moves are legal and what a move does; `TableGame` checks every move before
the game sees it, keeps the log, and rebuilds any earlier position by replaying it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, NamedTuple, Self, TypeVar, final

from ..i18n import _
from .cards import COLOUR_LETTERS, Card, sorted_cards
from .names import check_names
from .standings import winners

MAX_SEED = 2**64  # seeds run from 0 to MAX_SEED - 1

_Item = TypeVar("_Item")  # a card, or a card's index in a fast core


def shuffle(cards: list[_Item], rng: random.Random) -> None:
    """Shuffle in place as Python 3.11's `random.Random.shuffle` does (Fisher-Yates,
    drawing with `getrandbits`), the shuffle every saved game was dealt with: written out
    here, a seed deals the same cards whatever Python's own shuffle becomes, and a deal
    starts sooner (one call per card instead of three). A test pins the deals."""
    getrandbits = rng.getrandbits
    for top in range(len(cards) - 1, 0, -1):
        bound = top + 1
        bits = bound.bit_length()
        pick = getrandbits(bits)
        while pick >= bound:
            pick = getrandbits(bits)
        cards[top], cards[pick] = cards[pick], cards[top]


def seed_problem(seed: int) -> str | None:
    """Why this cannot be a game's seed, or None."""
    if not 0 <= seed < MAX_SEED:
        return _("the seed must be from 0 to 2**64 - 1, not {seed}").format(seed=seed)
    return None


class IllegalMove(ValueError):
    """A move that is not legal now; the game is left unchanged."""


class Played(NamedTuple):
    seat: int
    card: Card


@final  # so that `type(move) is PlayCard` tells a type checker all a test by isinstance would
@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play this card to the current trick."""

    card: Card


def running_totals(results: Sequence[Any], players: int) -> tuple[int, ...]:
    """Each seat's total over the deals played so far (each result has
    `.scores[seat].total`)."""
    return tuple(sum(r.scores[seat].total for r in results) for seat in range(players))


@dataclass(frozen=True)
class TableView:
    """What one seat may see of a trick game, or (seat None) what the whole table may see:
    the fields every game's view shares (`TableGame._table_view_fields` fills them); a game's
    view adds its public things."""

    seat: int | None
    players: tuple[str, ...]
    options: Any  # the game's options
    phase: Any  # the game's Phase
    deal: int  # 1-based
    deals_total: int
    trick_number: int  # 1-based within the deal
    tricks_per_deal: int
    dealer: int
    to_move: int | None
    hand: tuple[Card, ...]  # this seat's hand, sorted as the game shows it; empty in public
    hand_sizes: tuple[int, ...]
    trick: tuple[Any, ...]  # this trick's turns, in order
    last_trick: Any  # the game's CompletedTrick, or None
    # Every trick of this deal: the whole table saw each one. Screens list only the last
    # (remembering is part of the game); computer players remember them all.
    deal_tricks: tuple[Any, ...]
    results: tuple[Any, ...]  # the game's DealResults
    legal_moves: tuple[Any, ...]  # empty unless this seat is to move
    winners: tuple[int, ...]  # filled once the game is over

    @property
    def totals(self) -> tuple[int, ...]:
        return running_totals(self.results, len(self.players))


class TableGame:
    """One game at the table from the first deal to the final scores.

    A subclass sets `GAME`, `TITLE` and `OPTIONS` and fills in the hooks: `_check_table`, `_start`,
    `_moves_open`, `_allows`, `_why_illegal`, `_advance`, `_view`, and `_copy_state` for
    the mutable state it keeps. `phase` is a StrEnum of the game with a member OVER.
    """

    GAME: ClassVar[str]
    TITLE: ClassVar[str]
    OPTIONS: ClassVar[type]  # the class of the game's options
    LOWEST_WINS: ClassVar[bool] = False  # totals are penalty points: the lowest wins

    options: Any  # the game's OPTIONS (a game names their class here)
    # Set by the game's `_start` and its deals; this class reads them for the protocol and
    # the view fields every game shares.
    phase: StrEnum  # the game's Phase (a game names it here)
    deal_index: int  # 0-based
    deals_total: int
    tricks_per_deal: int
    dealer: int
    to_move: int | None  # None once the game is over
    hands: list[list[Card]]  # by seat
    trick: list[Any]  # this trick's turns, in order
    last_trick: Any  # the game's CompletedTrick, or None
    deal_tricks: list[Any]  # the game's CompletedTricks of this deal

    def __init__(
        self,
        players: Sequence[str],
        options: Any = None,
        first_leader: int = 0,
        seed: int | None = None,
    ) -> None:
        """`options`: the game's `OPTIONS`; None: its defaults."""
        options = self.OPTIONS() if options is None else options
        names = tuple(players)
        if type(options) is not self.OPTIONS:  # another game's options would half work
            raise ValueError(f"{self.TITLE} takes {self.OPTIONS.__name__}, not {options!r}")
        self._check_table(len(names), options)  # first: the game names its own table sizes
        problem = check_names(names)
        if problem:
            raise ValueError(problem)
        if not 0 <= first_leader < len(names):
            raise ValueError(
                _("first leader must be a seat from 0 to {last}").format(last=len(names) - 1)
            )
        if seed is not None and seed_problem(seed):
            raise ValueError(seed_problem(seed))
        self.players = names
        self.options = options
        self.first_leader = first_leader
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self._rng = random.Random(self.seed)
        self.moves: list[Any] = []
        self.results: list[Any] = []
        self._legal: tuple[Any, ...] | None = None
        self._start()

    # -- hooks --------------------------------------------------------------------

    @classmethod
    def first_leader_of(cls, chosen: int, players: int) -> int:
        """The game's first leader when the setup (its form or `--first`) chose the seat
        `chosen` of `players`: in most games the chosen player ("the youngest") leads."""
        return chosen

    def _check_table(self, players: int, options: Any) -> None:
        """Raise ValueError with a player-facing reason if this table cannot play."""
        raise NotImplementedError

    def _start(self) -> None:
        """Set `deals_total`, `phase`, `to_move`, `dealer` and deal the first deal."""
        raise NotImplementedError

    def _moves_open(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def _allows(self, move: Any) -> bool:
        """Whether `move` is legal now (a game may answer faster than a search of
        `legal_moves()`)."""
        return move in self.legal_moves()

    def _why_illegal(self, move: Any) -> str:
        raise NotImplementedError

    def _advance(self, move: Any) -> None:
        """Make a legal move for the seat to move."""
        raise NotImplementedError

    def _view(self, seat: int | None) -> Any:
        raise NotImplementedError

    def _copy_state(self, copy: Self) -> None:
        """Give `copy` its own copies of this game's mutable fields."""

    def _winners(self) -> list[int]:
        """The seats with the best total share the win."""
        return winners(self.totals, lowest_wins=self.LOWEST_WINS)

    def seat_to_move(self) -> int:
        """`to_move`, for code that asks only while the game goes on (the hooks that check,
        make and refuse moves): only a finished game has nobody to move."""
        seat = self.to_move
        assert seat is not None, "the game is over: nobody is to move"
        return seat

    # -- deals --------------------------------------------------------------------

    def _rotation_dealer(self, deal_index: int, shift: int = 1) -> int:
        """Deal 1 is dealt by the seat `shift` places right of the first leader; the deal
        then moves one seat clockwise each deal."""
        return (self.first_leader + deal_index - shift) % len(self.players)

    def _deal(self, deck: list[Card]) -> tuple[list[list[Card]], tuple[Card, ...]]:
        """Shuffle `deck` with the game's generator and deal it out evenly: the sorted
        hands, by seat, and the sorted cards left over."""
        count = len(self.players)
        shuffle(deck, self._rng)
        size = len(deck) // count
        hands = [list(sorted_cards(deck[seat * size : (seat + 1) * size])) for seat in range(count)]
        return hands, sorted_cards(deck[count * size :])

    # -- the protocol -------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def legal_moves(self) -> tuple[Any, ...]:
        """The moves open to the seat to move (worked out once per position)."""
        if self._legal is None:
            self._legal = self._moves_open()
        return self._legal

    def apply(self, move: Any) -> None:
        """Make a move for the seat to move; an illegal move raises and changes nothing."""
        # A look-alike tuple, or a bool or float value, equals a card in hand but breaks
        # later moves and the save; a colour no deck has cannot even be named in the
        # refusal: only a real Card of a known colour with an int value is taken.
        try:
            card = move.card
        except AttributeError:
            pass  # a move without a card
        else:
            if (
                type(card) is not Card
                or type(card.value) is not int
                or card.colour not in COLOUR_LETTERS
            ):
                raise IllegalMove(
                    f"{card!r} is not a card: a Card of a colour of the deck, "
                    "with a whole-number value"
                )
        if not self._allows(move):
            raise IllegalMove(self._why_illegal(move))
        self._legal = None
        self.moves.append(move)
        self._advance(move)

    def _table_view_fields(self, seat: int | None) -> dict[str, Any]:
        """The fields a game's view shares with every trick game's (Hattrick's, Seven
        Seals'): the deal and trick, whose turn, this seat's hand, the deal's tricks, the
        results and this seat's legal moves. The game keeps `deal_index`, `hands`,
        `tricks_per_deal`, `trick`, `last_trick` and `deal_tricks`."""
        over = self.phase == "over"
        return {
            "seat": seat,
            "players": self.players,
            "options": self.options,
            "phase": self.phase,
            "deal": self.deal_index + 1,
            "deals_total": self.deals_total,
            "trick_number": min(len(self.deal_tricks) + 1, self.tricks_per_deal),
            "tricks_per_deal": self.tricks_per_deal,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hand": tuple(self.hands[seat]) if seat is not None and not over else (),
            "hand_sizes": (0,) * len(self.players)
            if over
            else tuple(len(hand) for hand in self.hands),
            "trick": tuple(self.trick),
            "last_trick": self.last_trick,
            "deal_tricks": tuple(self.deal_tricks),
            "results": tuple(self.results),
            "legal_moves": self.legal_moves() if seat is not None and seat == self.to_move else (),
            "winners": self.winners,
        }

    def view(self, seat: int | None) -> Any:
        """What `seat` may see; `None` gives the public view of the whole table."""
        if seat is not None and not (type(seat) is int and 0 <= seat < len(self.players)):
            raise ValueError(f"a seat is from 0 to {len(self.players) - 1}, not {seat!r}")
        return self._view(seat)

    def opened_view(self) -> Any:
        """The public view with whatever the game keeps face down besides the hands turned
        up, for the review of a finished game; a game that hides nothing else: `view(None)`."""
        return self.view(None)

    def clone(self) -> Self:
        """An independent copy to explore from, as a search over the engine would; both
        go on exactly alike given the same moves."""
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy._rng = random.Random()
        copy._rng.setstate(self._rng.getstate())
        copy.moves = list(self.moves)
        copy.results = list(self.results)
        self._copy_state(copy)
        return copy

    @classmethod
    def replay(
        cls,
        players: Sequence[str],
        options: Any,
        first_leader: int,
        seed: int,
        moves: Sequence[Any],
    ) -> Self:
        """The game reached by playing these moves from the start; raises IllegalMove."""
        game = cls(players, options, first_leader, seed)
        for move in moves:
            game.apply(move)
        return game

    def rewound(self, moves: int) -> Self:
        """This game as it was after its first `moves` moves (the later ones taken back)."""
        if not 0 <= moves < len(self.moves):
            raise IllegalMove(_("there is no move to take back"))
        return type(self).replay(
            self.players, self.options, self.first_leader, self.seed, self.moves[:moves]
        )

    @property
    def totals(self) -> tuple[int, ...]:
        return running_totals(self.results, len(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats sharing the win, once the game is over."""
        return tuple(self._winners()) if self.finished else ()
