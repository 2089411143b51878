"""Hattrick (RULES.md 3): its rules as pure functions, and the game's state machine.

Each rule lives in exactly one function here; the engine, the screens' hints and the
computer players all call these. A trick, for these functions, is the list of cards
played to it so far, in order; pass cards are not in it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import NamedTuple, final

from ..i18n import N_, _
from .cards import Card, CardMemo, sorted_cards
from .sticheln import deals_problem
from .table import PlayCard as PlayCard  # one of this game's moves, importable from here
from .table import TableGame, TableView

COLOURS = ("red", "blue", "green")  # also the order that settles a tie for the lead
MIN_PLAYERS, MAX_PLAYERS = 4, 7
MAX_DEALS = 20
PASS_PENALTY = -2  # per pass card laid face down


# -- the rules ------------------------------------------------------------------------


def check_players(players: int) -> None:
    """Raise ValueError with a player-facing reason if the table size is not playable."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            _("Hattrick is for {low} to {high} players, not {players}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, players=players
            )
        )


def deck_for(players: int) -> list[Card]:
    """Red, blue and green 1-20; the three zeros join at seven players."""
    return list(_deck(players))


@cache  # every deal starts from one
def _deck(players: int) -> tuple[Card, ...]:
    check_players(players)
    lowest = 0 if players == MAX_PLAYERS else 1
    return tuple(Card(colour, value) for colour in COLOURS for value in range(lowest, 21))


def hand_size(players: int) -> int:
    """Every card is dealt: 15 each at four players, 12 at five, 10 at six, 9 at seven."""
    return len(_deck(players)) // players


def tricks_per_deal(players: int) -> int:
    """Play stops when each hand holds one card, which is set aside unscored."""
    return hand_size(players) - 1


def _colours_in(trick: Iterable[Card]) -> set[str]:
    return {card.colour for card in trick}


def playable(trick: Sequence[Card], hand: Iterable[Card]) -> list[Card]:
    """The cards of `hand` that may join the trick: a trick holds at most two colours."""
    colours = _colours_in(trick)
    if len(colours) < 2:
        return list(hand)
    return [card for card in hand if card.colour in colours]


def closed_colour(trick: Iterable[Card]) -> str | None:
    """The colour that may no longer join the trick, the one a pass shows: the third, once
    the trick holds two colours; none before."""
    colours = _colours_in(trick)
    if len(colours) < 2:
        return None
    # None as well for the three colours no trick holds (the fast tables list every set).
    return next((colour for colour in COLOURS if colour not in colours), None)


def passable(trick: Sequence[Card], hand: Iterable[Card]) -> list[Card]:
    """The cards of `hand` that may be shown and laid face down to pass: those of the
    closed colour (even when the player could play); none while no colour is closed."""
    closed = closed_colour(trick)
    if closed is None:
        return []
    return [card for card in hand if card.colour == closed]


def pass_problem(
    trick: Sequence[Card], hand: Iterable[Card], named: Callable[[str], str] = str
) -> str | None:
    """Why `hand` may not pass on `trick` (`passable` offers no card), or None when it may.
    `named` names a colour for the player (a screen passes its `colour_name`)."""
    closed = closed_colour(trick)
    if closed is None:
        return _("a pass is allowed only once the trick holds two colours")
    if not passable(trick, hand):
        # Translators: {colour} is the colour a pass shows, the one the trick has closed.
        return _("a pass shows a {colour} card, and you hold none").format(colour=named(closed))
    return None


def takers(trick: Sequence[Card]) -> dict[str, int]:
    """For each colour in the trick, the index of its highest card, which takes every card
    of that colour (a colour holds each value once, so there is no tie)."""
    best: dict[str, int] = {}
    for index, card in enumerate(trick):
        if card.colour not in best or card.value > trick[best[card.colour]].value:
            best[card.colour] = index
    return best


def next_leader(trick: Sequence[Card]) -> int:
    """The index of the card whose player leads the next trick (RULES.md 3).

    The taker whose card is higher leads. Equal taking cards are settled by the
    next-highest card of the trick, whoever played it; if two cards share that value, or
    no other card was played, by the taking cards' colour: red, then blue, then green.
    The rule looks no further down the trick.
    """
    if not trick:
        raise ValueError("an empty trick has no next leader")
    taking = sorted(takers(trick).values(), key=lambda index: -trick[index].value)
    if len(taking) == 1 or trick[taking[0]].value != trick[taking[1]].value:
        return taking[0]
    rest = [index for index in range(len(trick)) if index not in taking]
    if rest:
        top = max(trick[index].value for index in rest)
        highest = [index for index in rest if trick[index].value == top]
        if len(highest) == 1:
            return highest[0]
    return min(taking, key=lambda index: COLOURS.index(trick[index].colour))


@dataclass(frozen=True)
class PileScore:
    """How a player's pile and pass cards score at the end of a deal."""

    pile: tuple[Card, ...]
    passes: tuple[Card, ...]
    main_colour: str | None  # the most numerous colour in the pile (None: an empty pile)
    plus: int  # +1 per card of the main colour
    minus: int  # -1 per card of the other colours
    pass_penalty: int  # -2 per pass card

    @property
    def total(self) -> int:
        return self.plus + self.minus + self.pass_penalty


def pile_score(won: Iterable[Card], passes: Iterable[Card]) -> PileScore:
    """A player's most numerous colour scores +1 a card (either of two equal ones: the
    score is the same), every other card -1, every pass card -2."""
    pile = sorted_cards(won)
    laid = sorted_cards(passes)
    counts = Counter(card.colour for card in pile)
    main = max(COLOURS, key=lambda colour: counts[colour]) if pile else None
    plus = counts[main] if main else 0
    return PileScore(pile, laid, main, plus, plus - len(pile), PASS_PENALTY * len(laid))


def score_pile(won: Iterable[Card], passes: Iterable[Card]) -> int:
    """A player's score for one deal."""
    return pile_score(won, passes).total


# -- the game -------------------------------------------------------------------------


@dataclass(frozen=True)
class HattrickOptions:
    deals: int = 5

    def __post_init__(self) -> None:
        if type(self.deals) is not int or not 1 <= self.deals <= MAX_DEALS:
            raise ValueError(deals_problem(MAX_DEALS, self.deals))


class Phase(StrEnum):
    PLAY = "play"  # tricks are played
    OVER = "over"  # the game has ended


@final
@dataclass(frozen=True, slots=True)
class PassCard:
    """Show this third-colour card to everybody and lay it face down: a pass."""

    card: Card


Move = PlayCard | PassCard

# One move object per card: legal moves are then built without allocating.
_PLAY_MOVES = CardMemo(PlayCard)
_PASS_MOVES = CardMemo(PassCard)


class Turn(NamedTuple):
    seat: int
    card: Card
    passed: bool  # a pass card shown and laid face down, not played to the trick


@dataclass(frozen=True)
class CompletedTrick:
    turns: tuple[Turn, ...]
    taken: tuple[tuple[str, int], ...]  # (colour, the seat that took it), in COLOURS order
    leader: int  # the seat that leads next


@dataclass(frozen=True)
class DealResult:
    deal: int  # 1-based
    scores: tuple[PileScore, ...]  # by seat
    last_trick: CompletedTrick | None = None  # the deal's final trick, seen by all


@dataclass(frozen=True)
class HattrickView(TableView):
    """What one seat may see, or (seat None) what the whole table may see: everything but
    the hands (piles and pass cards are public). `trick` holds `Turn`s, passes included."""

    piles: tuple[tuple[Card, ...], ...]  # by seat, face up, sorted
    passes: tuple[tuple[Card, ...], ...]  # by seat, this deal's pass cards

    @property
    def trick_cards(self) -> list[Card]:
        """The cards played to this trick, passes left out."""
        return [turn.card for turn in self.trick if not turn.passed]

    def points_so_far(self, seat: int) -> int:
        """What `seat` would score if the deal ended now (piles and passes are public)."""
        return score_pile(self.piles[seat], self.passes[seat])


class HattrickGame(TableGame):
    """One game of Hattrick from the first deal to the final scores."""

    GAME = "hattrick"
    TITLE = N_("Hattrick")
    OPTIONS = HattrickOptions
    options: HattrickOptions
    phase: Phase

    def _check_table(self, players: int, options: HattrickOptions) -> None:
        check_players(players)

    def _start(self) -> None:
        self.deals_total = self.options.deals
        self.tricks_per_deal = tricks_per_deal(len(self.players))
        self._start_deal(0)

    def _copy_state(self, copy: HattrickGame) -> None:
        copy.hands = [list(hand) for hand in self.hands]
        copy.piles = [list(pile) for pile in self.piles]
        copy.passes = [list(laid) for laid in self.passes]
        copy.trick = list(self.trick)
        copy.trick_cards = list(self.trick_cards)
        copy.deal_tricks = list(self.deal_tricks)

    # -- deals --------------------------------------------------------------------

    def _start_deal(self, index: int) -> None:
        count = len(self.players)
        self.deal_index = index
        self.hands, _ = self._deal(deck_for(count))  # every card is dealt
        self.piles: list[list[Card]] = [[] for _ in range(count)]
        self.passes: list[list[Card]] = [[] for _ in range(count)]
        self.trick: list[Turn] = []
        self.trick_cards: list[Card] = []  # the cards played to it, passes left out
        self.last_trick: CompletedTrick | None = None
        self.deal_tricks: list[CompletedTrick] = []
        # Deal 1 is dealt by the seat right of the chosen player, who leads; the deal then
        # moves one seat clockwise, and the seat left of the dealer leads (RULES.md 3).
        self.dealer = self._rotation_dealer(index)
        self.phase = Phase.PLAY
        self.to_move: int | None = (self.dealer + 1) % count

    def _finish_trick(self) -> None:
        played = [turn for turn in self.trick if not turn.passed]
        cards = self.trick_cards
        taken = takers(cards)
        for colour, index in taken.items():
            self.piles[played[index].seat].extend(c for c in cards if c.colour == colour)
        leader = played[next_leader(cards)].seat
        self.last_trick = CompletedTrick(
            tuple(self.trick),
            tuple((colour, played[taken[colour]].seat) for colour in COLOURS if colour in taken),
            leader,
        )
        self.deal_tricks.append(self.last_trick)
        self.trick = []
        self.trick_cards = []
        self.to_move = leader
        if len(self.deal_tricks) == self.tricks_per_deal:
            self._finish_deal()  # the card left in each hand is set aside unscored

    def _finish_deal(self) -> None:
        scores = tuple(map(pile_score, self.piles, self.passes))
        self.results.append(DealResult(self.deal_index + 1, scores, self.last_trick))
        if len(self.results) < self.deals_total:
            self._start_deal(self.deal_index + 1)
        else:
            self.phase = Phase.OVER
            self.to_move = None

    # -- moves --------------------------------------------------------------------

    def _moves_open(self) -> tuple[Move, ...]:
        if self.to_move is None:
            return ()
        hand = self.hands[self.to_move]
        return (
            *map(_PLAY_MOVES.__getitem__, playable(self.trick_cards, hand)),
            *map(_PASS_MOVES.__getitem__, passable(self.trick_cards, hand)),
        )

    def _why_illegal(self, move: object) -> str:
        if self.phase is Phase.OVER:
            return _("the game is over")
        seat = self.seat_to_move()
        name = self.players[seat]
        if type(move) is not PlayCard and type(move) is not PassCard:
            return _("{name} must play a card or pass now").format(name=name)
        card = move.card
        if card not in self.hands[seat]:
            return _("{card} is not in {name}'s hand").format(card=move.card, name=name)
        # Translators: joins the one or two colours in a trick ("red and blue").
        colours = _(" and ").join(dict.fromkeys(c.colour for c in self.trick_cards))
        if type(move) is PlayCard:
            # Translators: {colours} is one or two colours ("red and blue").
            return _("the trick holds {colours}: {card} would be a third colour").format(
                colours=colours, card=card
            )
        if closed_colour(self.trick_cards) is None:
            problem = pass_problem(self.trick_cards, self.hands[seat])
            assert problem is not None  # no colour is closed: a pass is not allowed yet
            return problem
        # Translators: {colours} is two colours ("red and blue").
        return _("to pass, show a card of neither {colours}").format(colours=colours)

    def _advance(self, move: Move) -> None:
        seat = self.seat_to_move()
        card = move.card
        self.hands[seat].remove(card)
        passed = type(move) is PassCard
        if passed:
            self.passes[seat].append(card)
        else:
            self.trick_cards.append(card)
        self.trick.append(Turn(seat, card, passed))
        if len(self.trick) < len(self.players):
            self.to_move = (seat + 1) % len(self.players)
        else:
            self._finish_trick()

    # -- views --------------------------------------------------------------------

    def _view(self, seat: int | None) -> HattrickView:
        return HattrickView(
            **self._table_view_fields(seat),
            piles=tuple(sorted_cards(pile) for pile in self.piles),
            passes=tuple(tuple(laid) for laid in self.passes),
        )
