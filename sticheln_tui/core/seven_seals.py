"""Seven Seals (Die Sieben Siegel, RULES.md 4): its rules as pure functions, and the game's
state machine.

Each rule lives in exactly one function here; the engine, the screens' hints and the
computer players all call these. A trick, for these functions, is the list of cards
played to it so far, in order. Seals held are a mapping colour -> count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations_with_replacement, product
from types import MappingProxyType
from typing import final

from ..i18n import N_, _, ngettext
from .cards import Card, CardMemo
from .sticheln import deals_problem
from .table import PlayCard as PlayCard  # one of this game's moves, importable from here
from .table import Played, TableGame, TableView

# The card colours, in the order a hand is shown: red (always trump) first.
COLOURS = ("red", "yellow", "green", "blue", "purple")
WHITE, BLACK = "white", "black"
TRUMP = "red"
# The seals in the box, by colour: one per card colour, then the white jokers and the blacks.
SEALS: Mapping[str, int] = MappingProxyType(
    {"red": 5, "yellow": 3, "green": 3, "blue": 3, "purple": 3, WHITE: 4, BLACK: 6}
)
SEAL_KINDS = tuple(SEALS)  # the order seals are listed in
MIN_PLAYERS, MAX_PLAYERS = 3, 5
HAND_SIZE = 15  # every card used is dealt: 15 each, so 15 tricks a deal
MAX_DEALS = 20
SABOTEUR_COST = 4  # the saboteur scores this minus the black seals the others took
PENALTY = {WHITE: 4, BLACK: 3}  # per seal held at the end of a deal; a coloured seal costs 2
COLOURED_PENALTY = 2


# -- the rules ------------------------------------------------------------------------


def check_players(players: int) -> None:
    """Raise ValueError with a player-facing reason if the table size is not playable."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            _("Seven Seals is for {low} to {high} players, not {players}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, players=players
            )
        )


def deck_for(players: int) -> list[Card]:
    """Five colours of 1-9 at three players, 1-12 at four, 1-15 at five: 15 cards each."""
    return list(_deck(players))


@cache  # every deal starts from one
def _deck(players: int) -> tuple[Card, ...]:
    check_players(players)
    top = {3: 9, 4: 12, 5: 15}[players]
    return tuple(Card(colour, value) for colour in COLOURS for value in range(1, top + 1))


def standard_deals(players: int) -> int:
    """One deal per player; two rounds (six deals) at three players (RULES.md 4.5)."""
    return 2 * players if players == MIN_PLAYERS else players


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Grouped by colour in `COLOURS` order, low to high within a colour."""
    return tuple(sorted(cards, key=_HAND_KEYS.__getitem__))


_HAND_KEYS = CardMemo(lambda card: (COLOURS.index(card.colour), card.value))


def legal_cards(trick: Sequence[Card], hand: Iterable[Card]) -> list[Card]:
    """The cards of `hand` that may be played: follow the lead colour if able; otherwise,
    or when leading, any card (red as trump, or a discard)."""
    cards = list(hand)
    if not trick:
        return cards
    lead = trick[0].colour
    following = [card for card in cards if card.colour == lead]
    return following or cards


def trick_winner(trick: Sequence[Card]) -> int:
    """The index of the winning card: the highest red if any red was played, else the
    highest card of the lead colour."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    best = 0
    for index, card in enumerate(trick):
        leader = trick[best]
        if card.colour == leader.colour:
            if card.value > leader.value:
                best = index
        elif card.colour == TRUMP:
            best = index
    return best


def seals_to_return(trick: Sequence[Card], held: Mapping[str, int]) -> list[str]:
    """The seal colours the winner of `trick` may give back, in `SEAL_KINDS` order: the
    lead colour; also red when red won a trick another colour led; white (a joker)
    always. Empty: the winner holds none of them and takes a black seal, if any is left."""
    lead = trick[0].colour
    won_by = trick[trick_winner(trick)].colour
    eligible = {lead, won_by, WHITE}
    return [kind for kind in SEAL_KINDS if kind in eligible and held.get(kind, 0) > 0]


def deal_penalty(held: Mapping[str, int]) -> int:
    """Penalty points for the seals held at a deal's end: 2 a coloured seal, 3 a black,
    4 a white."""
    return sum(count * PENALTY.get(kind, COLOURED_PENALTY) for kind, count in held.items())


def saboteur_penalty(blacks_taken_by_others: int, cost: int = SABOTEUR_COST) -> int:
    """The saboteur's penalty: its cost less the black seals the others took, never
    below 0."""
    return max(0, cost - blacks_taken_by_others)


def saboteur_base_cost(options: SevenSealsOptions, earlier_times: int) -> int:
    """What the saboteur costs a player who took it `earlier_times` times before in this
    game: 4, or 5 with "costs 5"; escalating adds 1 per earlier time (RULES.md 4.6)."""
    base = SABOTEUR_COST + 1 if options.saboteur_costs_5 else SABOTEUR_COST
    return base + (earlier_times if options.escalating_saboteur else 0)


def steals_needed(supply: Mapping[str, int], wanted: Mapping[str, int]) -> dict[str, int]:
    """By colour, how many of the wanted seals the supply lacks and must be taken from
    other players."""
    return {
        colour: count - supply.get(colour, 0)
        for colour, count in wanted.items()
        if count > supply.get(colour, 0)
    }


def prediction_problem(
    supply: Mapping[str, int],
    seals: Sequence[Mapping[str, int]],
    predictor: int,
    wanted: Mapping[str, int],
    steals: Sequence[tuple[str, int]],
    named: Callable[[str], str] = str,
) -> str | None:
    """Why `predictor` may not take the `wanted` seals, robbing one seal per
    `(colour, seat)` in `steals`, given the `supply` and every seat's `seals`; None when
    they may. `named` names a colour for the player (a screen passes its `colour_name`)."""
    for colour, count in wanted.items():
        if colour not in COLOURS:
            return _("only seals of the card colours are predicted, not {colour}").format(
                colour=repr(colour)
            )
        if type(count) is not int or not 0 <= count <= SEALS[colour]:
            # Translators: {colour} is a seal's colour.
            return _("a prediction holds 0 to {most} {colour} seals, not {count}").format(
                most=SEALS[colour], colour=named(colour), count=repr(count)
            )
    lacking = steals_needed(supply, wanted)
    robbed = Counter(colour for colour, _ in steals)
    for colour, count in robbed.items():
        if count > lacking.get(colour, 0):
            return _("take only the {colour} seals the supply lacks from a player").format(
                colour=named(colour)
            )
    for colour, count in lacking.items():
        if robbed[colour] < count:
            return ngettext(
                "the supply lacks {count} {colour} seal: say whom to take it from",
                "the supply lacks {count} {colour} seals: say whom to take them from",
                count,
            ).format(count=count, colour=named(colour))
    if len(steals) > supply.get(WHITE, 0):
        return _("no white seal is left for the robbed player, so no seal can be taken")
    per_victim = Counter(steals)
    for (colour, seat), count in per_victim.items():
        if type(seat) is not int or not 0 <= seat < len(seals) or seat == predictor:
            return _("a seal is taken from another player, not seat {seat}").format(seat=repr(seat))
        if seals[seat].get(colour, 0) < count:
            return ngettext(
                "that player holds fewer than {count} {colour} seal",
                "that player holds fewer than {count} {colour} seals",
                count,
            ).format(count=count, colour=named(colour))
    return None


# -- the game -------------------------------------------------------------------------


@dataclass(frozen=True)
class SevenSealsOptions:
    """How many deals, and the saboteur variants (RULES.md 4.6); the variants combine."""

    deals: int | None = None  # None: one deal per player, two rounds at three players
    saboteur_costs_5: bool = False
    escalating_saboteur: bool = False
    saboteur_auction: bool = False

    def __post_init__(self) -> None:
        if self.deals is not None and (
            type(self.deals) is not int or not 1 <= self.deals <= MAX_DEALS
        ):
            raise ValueError(deals_problem(MAX_DEALS, self.deals))
        for name in ("saboteur_costs_5", "escalating_saboteur", "saboteur_auction"):
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"{name} is true or false, not {getattr(self, name)!r}")


class Phase(StrEnum):
    PREDICT = "predict"  # from the dealer's left, each takes seals or the saboteur
    PLAY = "play"  # tricks are played
    RETURN = "return"  # a trick's winner chooses which of its seals to give back
    OVER = "over"  # the game has ended


@final
@dataclass(frozen=True, slots=True)
class Predict:
    """Take these seals (colour, count) from the supply, in `COLOURS` order, counts above
    zero (none: predict no trick); `steals` names, per seal the supply lacks, the player
    it is taken from, as (colour, seat), sorted. Build one with `predict()`."""

    seals: tuple[tuple[str, int], ...] = ()
    steals: tuple[tuple[str, int], ...] = ()

    @property
    def wanted(self) -> dict[str, int]:
        return dict(self.seals)


def predict(wanted: Mapping[str, int], steals: Iterable[tuple[str, int]] = ()) -> Predict:
    """The prediction move for these seals, whatever order they are given in."""
    order = {colour: index for index, colour in enumerate(COLOURS)}
    seals = sorted(
        ((colour, count) for colour, count in wanted.items() if count),
        key=lambda pair: order.get(pair[0], len(order)),
    )
    ordered_steals = sorted(steals, key=lambda pair: (order.get(pair[0], len(order)), pair[1]))
    return Predict(tuple(seals), tuple(ordered_steals))


@final
@dataclass(frozen=True, slots=True)
class TakeSaboteur:
    """Take the saboteur instead of predicting (at an auction: from its holder, for 1
    more)."""


@final
@dataclass(frozen=True, slots=True)
class ReturnSeal:
    """The trick's winner gives back a seal of this kind (a colour, or white)."""

    kind: str


Move = Predict | TakeSaboteur | ReturnSeal | PlayCard

_PLAY_MOVES = CardMemo(PlayCard)  # one move object per card


@dataclass(frozen=True)
class CompletedTrick:
    plays: tuple[Played, ...]
    winner: int  # the seat that took it
    returned: str | None  # the seal kind it gave back; None: none (see took_black)
    took_black: bool  # it took a black seal (no eligible seal, and a black was left)


@dataclass(frozen=True)
class SealScore:
    """How one seat scored a deal: the seals it held, or the saboteur's price."""

    held: tuple[tuple[str, int], ...]  # (kind, count) at the deal's end, counts above zero
    saboteur_price: int | None = None  # the saboteur's cost this deal; None: not the saboteur
    blacks_by_others: int = 0  # black seals the others took this deal (for the saboteur)

    @property
    def total(self) -> int:
        if self.saboteur_price is not None:
            return saboteur_penalty(self.blacks_by_others, self.saboteur_price)
        return deal_penalty(dict(self.held))

    def count(self, kind: str) -> int:
        return dict(self.held).get(kind, 0)

    @property
    def coloured(self) -> int:
        """Coloured seals held (2 points each)."""
        return sum(count for kind, count in self.held if kind in COLOURS)


@dataclass(frozen=True)
class DealResult:
    deal: int  # 1-based
    scores: tuple[SealScore, ...]  # by seat
    saboteur: int | None  # who held it this deal
    last_trick: CompletedTrick | None = None  # the deal's final trick, seen by all


@dataclass(frozen=True)
class SevenSealsView(TableView):
    """What one seat may see, or (seat None) what the whole table may see: everything but
    the hands (seals, predictions and the saboteur are public). The hand is sorted by
    `sort_hand`; `trick` holds `Played`s, whole while its winner chooses a seal."""

    supply: Mapping[str, int]  # every seal kind, in SEAL_KINDS order
    seals: tuple[Mapping[str, int], ...]  # by seat: every seal kind it holds now
    predictions: tuple[Mapping[str, int] | None, ...]  # by seat: seals taken (None: not yet)
    saboteur: int | None  # who holds it
    saboteur_price: int | None  # what its holder pays (its score is this less the blacks)
    saboteur_offer: int | None  # what taking it would cost the seat to move (None: closed)
    displaced: bool  # the seat to move lost the saboteur at an auction: bid again or predict
    saboteur_times: tuple[int, ...]  # by seat: deals it held the saboteur in this game
    blacks_taken: tuple[int, ...]  # by seat, this deal
    returnable: tuple[str, ...]  # while its winner chooses: the seal kinds it may give back
    prediction_round: tuple[tuple[int, Move], ...]  # this deal's predictions, in order

    @property
    def trick_cards(self) -> list[Card]:
        return [play.card for play in self.trick]

    @property
    def lead_colour(self) -> str | None:
        return self.trick[0].card.colour if self.trick else None

    @property
    def winning_seat(self) -> int | None:
        """Who wins the trick as it stands."""
        return self.trick[trick_winner(self.trick_cards)].seat if self.trick else None


def robbable(seals: Sequence[Mapping[str, int]], predictor: int, colour: str) -> list[int]:
    """The seats `predictor` could take a `colour` seal from: the others holding one."""
    return [
        seat for seat, held in enumerate(seals) if seat != predictor and held.get(colour, 0) > 0
    ]


def victim_choices(
    supply: Mapping[str, int],
    seals: Sequence[Mapping[str, int]],
    predictor: int,
    wanted: Mapping[str, int],
) -> dict[str, list[tuple[int, ...]]]:
    """By colour the supply lacks of the `wanted` seals, every way to take those seals
    from the other players: whom, as sorted seats. The predictor chooses (RULES.md 4.2)."""
    return {
        colour: [
            tuple(seat for _colour, seat in way)
            for way in _victims(colour, robbable(seals, predictor, colour), seals, lacking)
        ]
        for colour, lacking in steals_needed(supply, wanted).items()
    }


def no_choice_of_victims(
    supply: Mapping[str, int],
    seals: Sequence[Mapping[str, int]],
    predictor: int,
    wanted: Mapping[str, int],
    players: Sequence[str],
) -> str | None:
    """Why the predictor of the `wanted` seals has no choice of whom to rob, or None when
    the seals of some colour may be taken from more than one player (or set of players)."""
    choices = victim_choices(supply, seals, predictor, wanted)
    if not choices:
        return _("the supply has all the seals you take")
    if any(len(ways) > 1 for ways in choices.values()):
        return None
    robbed = {seat for ways in choices.values() for way in ways for seat in way}
    if len(robbed) == 1:
        return _("only {name} holds the seals the supply lacks").format(name=players[robbed.pop()])
    return _("nobody else holds the seals the supply lacks")


def proposed_steals(
    supply: Mapping[str, int],
    seals: Sequence[Mapping[str, int]],
    predictor: int,
    wanted: Mapping[str, int],
) -> tuple[tuple[str, int], ...]:
    """Whom to rob, as a first proposal: each seal the supply lacks from the player who
    then holds most of that colour (the nearest clockwise from `predictor` among equals).
    Fewer steals than needed when the others hold too few."""
    count = len(seals)
    steals: list[tuple[str, int]] = []
    for colour, lacking in steals_needed(supply, wanted).items():
        left = {seat: seals[seat].get(colour, 0) for seat in robbable(seals, predictor, colour)}
        for _steal in range(lacking):
            holders = [seat for seat, held in left.items() if held]
            if not holders:
                break
            seat = max(holders, key=lambda s: (left[s], -((s - predictor) % count)))
            left[seat] -= 1
            steals.append((colour, seat))
    return predict({}, steals).steals


class SevenSealsGame(TableGame):
    """One game of Seven Seals from the first deal to the final scores."""

    GAME = "seven-seals"
    TITLE = N_("Seven Seals")
    OPTIONS = SevenSealsOptions
    options: SevenSealsOptions
    phase: Phase
    LOWEST_WINS = True  # penalty points

    @classmethod
    def first_leader_of(cls, chosen: int, players: int) -> int:
        """The chosen player deals first (RULES.md 4.2): the seat on their left predicts
        and leads first."""
        return (chosen + 1) % players

    def _check_table(self, players: int, options: SevenSealsOptions) -> None:
        check_players(players)

    def _start(self) -> None:
        count = len(self.players)
        self.deals_total = self.options.deals or standard_deals(count)
        self.tricks_per_deal = HAND_SIZE
        self.saboteur_times = [0] * count
        self._start_deal(0)

    def _copy_state(self, copy: SevenSealsGame) -> None:
        copy.saboteur_times = list(self.saboteur_times)
        copy.hands = [list(hand) for hand in self.hands]
        copy.supply = dict(self.supply)
        copy.seals = [dict(held) for held in self.seals]
        copy.blacks_taken = list(self.blacks_taken)
        copy.trick = list(self.trick)
        copy.trick_cards = list(self.trick_cards)
        copy.deal_tricks = list(self.deal_tricks)
        copy.prediction_round = list(self.prediction_round)
        copy._waiting = list(self._waiting)

    # -- deals --------------------------------------------------------------------

    def _start_deal(self, index: int) -> None:
        count = len(self.players)
        self.deal_index = index
        self.hands, _ = self._deal(deck_for(count))  # every card is dealt
        self.hands = [list(sort_hand(hand)) for hand in self.hands]
        self.supply: dict[str, int] = dict(SEALS)
        self.seals: list[dict[str, int]] = [dict.fromkeys(SEAL_KINDS, 0) for _ in range(count)]
        self.saboteur: int | None = None
        self.saboteur_price: int | None = None
        self.blacks_taken = [0] * count
        self.trick: list[Played] = []
        self.trick_cards: list[Card] = []
        self.last_trick: CompletedTrick | None = None
        self.deal_tricks: list[CompletedTrick] = []
        self.prediction_round: list[tuple[int, Move]] = []
        # Deal 1 is dealt by the seat right of the chosen player, who predicts and leads
        # first; the deal then moves one seat clockwise (RULES.md 4.2).
        self.dealer = self._rotation_dealer(index)
        first = (self.dealer + 1) % count
        # The seats still to predict after the one whose turn it is, in order.
        self._waiting = [(first + step) % count for step in range(1, count)]
        self._displaced: int | None = None  # an auction's loser, who answers at once
        self.phase = Phase.PREDICT
        self.to_move: int | None = first

    def _next_in_round(self) -> None:
        """The prediction round goes on left of the seat whose turn it was; after the
        last, play begins."""
        self._displaced = None
        if self._waiting:
            self.to_move = self._waiting.pop(0)
            return
        if self.saboteur is not None:
            self.saboteur_times[self.saboteur] += 1
        self.phase = Phase.PLAY
        self.to_move = (self.dealer + 1) % len(self.players)

    def _finish_trick(self) -> None:
        winner = self.trick[trick_winner(self.trick_cards)].seat
        choices = [] if winner == self.saboteur else self._returnable(winner)
        if len(choices) > 1:
            self.phase = Phase.RETURN
            self.to_move = winner
            return
        self._close_trick(winner, choices[0] if choices else None)

    def _returnable(self, seat: int) -> list[str]:
        return seals_to_return(self.trick_cards, self.seals[seat])

    def _close_trick(self, winner: int, returned: str | None) -> None:
        took_black = False
        if returned is not None:
            self.seals[winner][returned] -= 1
            self.supply[returned] += 1
        elif winner != self.saboteur and self.supply[BLACK]:
            took_black = True
            self.supply[BLACK] -= 1
            self.seals[winner][BLACK] += 1
            self.blacks_taken[winner] += 1
        self.last_trick = CompletedTrick(tuple(self.trick), winner, returned, took_black)
        self.deal_tricks.append(self.last_trick)
        self.trick = []
        self.trick_cards = []
        self.phase = Phase.PLAY
        self.to_move = winner
        if len(self.deal_tricks) == self.tricks_per_deal:
            self._finish_deal()

    def _finish_deal(self) -> None:
        blacks = sum(self.blacks_taken)
        scores = tuple(
            SealScore((), self.saboteur_price, blacks)
            if seat == self.saboteur
            else SealScore(tuple((kind, n) for kind, n in held.items() if n))
            for seat, held in enumerate(self.seals)
        )
        self.results.append(DealResult(self.deal_index + 1, scores, self.saboteur, self.last_trick))
        if len(self.results) < self.deals_total:
            self._start_deal(self.deal_index + 1)
        else:
            self.phase = Phase.OVER
            self.to_move = None

    # -- moves --------------------------------------------------------------------

    def _saboteur_offer(self) -> int | None:
        """What taking the saboteur would cost the seat to move now; None when it may
        not: it is held and there is no auction (or the seat holds it already)."""
        if self.phase is not Phase.PREDICT:
            return None
        seat = self.seat_to_move()
        if self.saboteur is None:
            return saboteur_base_cost(self.options, self.saboteur_times[seat])
        if self.options.saboteur_auction and self.saboteur != seat:
            price = self.saboteur_price
            assert price is not None  # set with the saboteur
            return price + 1
        return None

    def _moves_open(self) -> tuple[Move, ...]:
        if self.phase is Phase.PLAY:
            hand = self.hands[self.seat_to_move()]
            return tuple(map(_PLAY_MOVES.__getitem__, legal_cards(self.trick_cards, hand)))
        if self.phase is Phase.RETURN:
            return tuple(ReturnSeal(kind) for kind in self._returnable(self.seat_to_move()))
        if self.phase is Phase.PREDICT:
            sabotage = (TakeSaboteur(),) if self._saboteur_offer() is not None else ()
            return sabotage + tuple(self._predictions_open())
        return ()

    def _predictions_open(self) -> Iterable[Predict]:
        """Every legal prediction of the seat to move, with every choice of whom to rob."""
        seat = self.seat_to_move()
        supply, whites = self.supply, self.supply[WHITE]
        others = {colour: robbable(self.seals, seat, colour) for colour in COLOURS}
        ranges = [
            range(min(SEALS[c], supply[c] + sum(self.seals[s][c] for s in others[c])) + 1)
            for c in COLOURS
        ]
        # Worked out once per colour and count rather than once per prediction: there are
        # some 1,500 predictions and only a few dozen of these.
        lacks = [
            [steals_needed(supply, {colour: count}).get(colour, 0) for count in counts]
            for colour, counts in zip(COLOURS, ranges, strict=True)
        ]
        ways: dict[tuple[str, int], list[list[tuple[str, int]]]] = {}
        for seals, lacking, _left in _seals_within(list(zip(COLOURS, lacks, strict=True)), whites):
            options = []
            for colour, lack in lacking:
                found = ways.get((colour, lack))
                if found is None:
                    found = ways[colour, lack] = _victims(colour, others[colour], self.seals, lack)
                options.append(found)
            if not options:
                yield Predict(seals)
                continue
            for choice in product(*options):
                # Built in order (colours, then seats), as `predict` would sort them.
                yield Predict(seals, tuple(pair for victims in choice for pair in victims))

    def _allows(self, move: object) -> bool:
        # A prediction is checked by its rule, not found among the ~1,500 open ones.
        if self.phase is Phase.PREDICT:
            if type(move) is TakeSaboteur:
                return self._saboteur_offer() is not None
            return type(move) is Predict and self._prediction_problem(move) is None
        return move in self.legal_moves()

    def _prediction_problem(self, move: Predict) -> str | None:
        try:
            if move != predict(move.wanted, move.steals):
                return _("a prediction lists its seals in colour order, each count above zero")
            return prediction_problem(
                self.supply, self.seals, self.seat_to_move(), move.wanted, move.steals
            )
        except (TypeError, ValueError):
            return _("a prediction is (colour, count) pairs and (colour, seat) steals")

    def _why_illegal(self, move: object) -> str:
        if self.phase is Phase.OVER:
            return _("the game is over")
        seat = self.seat_to_move()
        name = self.players[seat]
        if self.phase is Phase.PREDICT:
            if type(move) is TakeSaboteur:
                holder = self.saboteur
                assert holder is not None  # refused, so held by somebody
                if holder == seat:
                    return _("{name} holds the saboteur already").format(name=name)
                return _("the saboteur is {holder}'s: there is no auction").format(
                    holder=self.players[holder]
                )
            if type(move) is not Predict:
                return _("{name} must predict (take seals) or take the saboteur now").format(
                    name=name
                )
            return self._prediction_problem(move) or _("that prediction is not open now")
        if self.phase is Phase.RETURN:
            # Translators: joins the kinds of seal a player may give back ("red or white").
            choices = _(" or ").join(self._returnable(seat))
            # Translators: {kinds} is one or two seal colours ("red or white").
            return _("{name} gives back a {kinds} seal now").format(name=name, kinds=choices)
        if type(move) is not PlayCard:
            return _("{name} must play a card now").format(name=name)
        if move.card not in self.hands[seat]:
            return _("{card} is not in {name}'s hand").format(card=move.card, name=name)
        # Translators: {colour} is the colour led.
        return _("{name} must follow {colour}").format(name=name, colour=self.trick_cards[0].colour)

    def _advance(self, move: Move) -> None:
        seat = self.seat_to_move()
        if type(move) is PlayCard:
            self.hands[seat].remove(move.card)
            self.trick.append(Played(seat, move.card))
            self.trick_cards.append(move.card)
            if len(self.trick) < len(self.players):
                self.to_move = (seat + 1) % len(self.players)
            else:
                self._finish_trick()
        elif type(move) is ReturnSeal:
            self._close_trick(seat, move.kind)
        elif type(move) is TakeSaboteur:
            self._take_saboteur(seat)
        else:
            self._predict(seat, move)

    def _take_saboteur(self, seat: int) -> None:
        self.prediction_round.append((seat, TakeSaboteur()))
        holder, price = self.saboteur, self._saboteur_offer()
        self.saboteur, self.saboteur_price = seat, price
        if holder is None:
            self._next_in_round()
        else:  # an auction: the displaced holder answers at once
            self._displaced = holder
            self.to_move = holder

    def _predict(self, seat: int, move: Predict) -> None:
        self.prediction_round.append((seat, move))
        for colour, count in move.seals:
            taken_from_supply = min(count, self.supply[colour])
            self.supply[colour] -= taken_from_supply
            self.seals[seat][colour] += count
        for colour, victim in move.steals:
            self.seals[victim][colour] -= 1
            self.seals[victim][WHITE] += 1
            self.supply[WHITE] -= 1
        # After an auction's loser predicts, the round goes on left of the seat whose
        # turn it was.
        self._next_in_round()

    # -- views --------------------------------------------------------------------

    def _predictions(self) -> tuple[dict[str, int] | None, ...]:
        """By seat, the seals it took in this deal's prediction round (None: not yet)."""
        taken: list[dict[str, int] | None] = [None] * len(self.players)
        for seat, move in self.prediction_round:
            if type(move) is Predict:
                taken[seat] = move.wanted
        return tuple(taken)

    def _view(self, seat: int | None) -> SevenSealsView:
        return SevenSealsView(
            **self._table_view_fields(seat),
            supply=dict(self.supply),
            seals=tuple(dict(held) for held in self.seals),
            predictions=self._predictions(),
            saboteur=self.saboteur,
            saboteur_price=self.saboteur_price,
            saboteur_offer=self._saboteur_offer(),
            displaced=self._displaced is not None and self._displaced == self.to_move,
            saboteur_times=tuple(self.saboteur_times),
            blacks_taken=tuple(self.blacks_taken),
            returnable=tuple(self._returnable(self.seat_to_move()))
            if self.phase is Phase.RETURN
            else (),
            prediction_round=tuple(self.prediction_round),
        )


Pairs = tuple[tuple[str, int], ...]


def _seals_within(
    lacks: Sequence[tuple[str, Sequence[int]]], whites: int
) -> list[tuple[Pairs, Pairs, int]]:
    """Every choice of seals to take, one count per colour, that `whites` white seals
    can make up for: (colour, count) for the counts above zero, (colour, seals the supply
    lacks) where it lacks any, and the whites left. `lacks` gives by colour what each
    count lacks; the choices come in `itertools.product`'s order."""
    choices: list[tuple[Pairs, Pairs, int]] = [((), (), whites)]
    for colour, lack in lacks:
        choices = [
            (
                (*seals, (colour, count)) if count else seals,
                (*steals, (colour, lacking)) if lacking else steals,
                left - lacking,
            )
            for seals, steals, left in choices
            for count, lacking in enumerate(lack)
            if lacking <= left
        ]
    return choices


def _victims(
    colour: str, holders: Sequence[int], seals: Sequence[Mapping[str, int]], lacking: int
) -> list[list[tuple[str, int]]]:
    """Every way to take `lacking` seals of `colour` from `holders`, one seal at most
    per seal held: lists of (colour, seat), in seat order."""
    ways = []
    for seats in combinations_with_replacement(holders, lacking):
        taken = Counter(seats)
        if all(seals[seat][colour] >= n for seat, n in taken.items()):
            ways.append([(colour, seat) for seat in seats])
    return ways
