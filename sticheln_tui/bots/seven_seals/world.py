"""What a Seven Seals seat knows of the deal, and whole deals sampled to agree with it.

Every card is dealt, so the cards a seat has not seen are exactly the other hands. What a
player did narrows down where they are: one who did not follow the lead colour holds none
of it. A sample shares the unseen cards out at random, each hand getting its known size
and no card of a colour its seat is known to lack.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...core.cards import Card
from ...core.seven_seals import (
    BLACK,
    COLOURS,
    SEALS,
    WHITE,
    Phase,
    Predict,
    SevenSealsView,
    TakeSaboteur,
    deal_penalty,
    deck_for,
    legal_cards,
    predict,
    prediction_problem,
    proposed_steals,
    saboteur_penalty,
    seals_to_return,
    trick_winner,
)
from .thumb import (
    choose_card,
    colour_bits,
    expected_wins,
    predicted_seals,
    rival_worth,
    seal_to_return,
    top_value,
)

SAMPLE_TRIES = 30  # random shares before the exact one (rarely needed)


def played_cards(view: SevenSealsView) -> list[tuple[int, Card]]:
    """(seat, card) of every card played this deal, the trick in progress included."""
    plays = [(play.seat, play.card) for trick in view.deal_tricks for play in trick.plays]
    plays.extend((play.seat, play.card) for play in view.trick)
    return plays


def voids(view: SevenSealsView) -> list[set[str]]:
    """By seat, the colours it is known to lack: it did not follow them."""
    lacking: list[set[str]] = [set() for _ in view.players]
    for plays in [trick.plays for trick in view.deal_tricks] + [view.trick]:
        if plays:
            lead = plays[0].card.colour
            for play in plays[1:]:
                if play.card.colour != lead:
                    lacking[play.seat].add(lead)
    return lacking


def unseen_cards(view: SevenSealsView) -> list[Card]:
    """The cards in the other players' hands, as far as this seat can tell."""
    seen = set(view.hand) | {card for _, card in played_cards(view)}
    return [card for card in deck_for(len(view.players)) if card not in seen]


def outside_bits(view: SevenSealsView) -> dict[str, int]:
    """The cards in the other hands, as `colour_bits`."""
    return colour_bits(unseen_cards(view))


def share_out(
    cards: Sequence[Card],
    sizes: Mapping[int, int],
    lacking: Mapping[int, set[str]],
    rng: random.Random,
) -> dict[int, list[Card]]:
    """Deal `cards` to the seats in `sizes` (each gets exactly its size), never a card of
    a colour its seat lacks. Random shares first; should they keep running into a dead
    end, an exact share of the counts per colour (which always exists for a real deal)
    dealt at random within each colour."""
    for _ in range(SAMPLE_TRIES):
        pool = list(cards)
        rng.shuffle(pool)
        room = dict(sizes)
        # the cards fewest seats may take go first
        pool.sort(key=lambda card: sum(card.colour not in lacking[s] for s in room))
        hands: dict[int, list[Card]] = {seat: [] for seat in sizes}
        for card in pool:
            open_seats = [s for s, left in room.items() if left and card.colour not in lacking[s]]
            if not open_seats:
                break
            weights = [room[s] for s in open_seats]
            seat = rng.choices(open_seats, weights)[0]
            hands[seat].append(card)
            room[seat] -= 1
        else:
            return hands
    return _exact_share(cards, sizes, lacking, rng)


def _exact_share(cards, sizes, lacking, rng) -> dict[int, list[Card]]:
    """A share by augmenting paths over (colour -> seat) counts: tiny, and always found."""
    by_colour: dict[str, list[Card]] = {}
    for card in cards:
        by_colour.setdefault(card.colour, []).append(card)
    counts = {(colour, seat): 0 for colour in by_colour for seat in sizes}
    room = dict(sizes)

    def place(colour: str, visited: set[str]) -> bool:
        """Give one more `colour` card a seat, moving other cards along if need be."""
        visited.add(colour)
        seats = [seat for seat in sizes if colour not in lacking[seat]]
        for seat in seats:
            if room[seat]:
                room[seat] -= 1
                counts[colour, seat] += 1
                return True
        for seat in seats:
            for other in by_colour:
                if other not in visited and counts[other, seat] and place(other, visited):
                    counts[other, seat] -= 1
                    counts[colour, seat] += 1
                    return True
        return False

    for colour, held in by_colour.items():
        for _ in held:
            if not place(colour, set()):
                raise ValueError("no deal agrees with what this seat has seen")
    hands: dict[int, list[Card]] = {seat: [] for seat in sizes}
    for colour, held in by_colour.items():
        pool = list(held)
        rng.shuffle(pool)
        for seat in sizes:
            for _ in range(counts[colour, seat]):
                hands[seat].append(pool.pop())
    return hands


@dataclass
class Deal:
    """One complete guess at the deal in progress, to be played out to its end."""

    hands: list[list[Card]]
    seals: list[dict[str, int]]
    supply: dict[str, int]
    blacks_taken: list[int]
    saboteur: int | None
    price: int
    trick: list[tuple[int, Card]]  # (seat, card), in order
    to_move: int
    held: dict[str, int]  # every hand's cards, as `colour_bits`

    def copy(self) -> Deal:
        return Deal(
            [list(hand) for hand in self.hands],
            [dict(held) for held in self.seals],
            dict(self.supply),
            list(self.blacks_taken),
            self.saboteur,
            self.price,
            list(self.trick),
            self.to_move,
            dict(self.held),
        )

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def top(self) -> int:
        return top_value(self.players)

    def outside(self, seat: int) -> dict[str, int]:
        """The cards in the hands of the others, as `colour_bits`."""
        outside = dict(self.held)
        for colour, value in self.hands[seat]:
            outside[colour] &= ~(1 << value)
        return outside

    # -- the prediction round --------------------------------------------------------

    def take(self, seat: int, move: Predict | TakeSaboteur) -> None:
        """A prediction or the saboteur, for `seat` (the move must be legal)."""
        if isinstance(move, TakeSaboteur):
            self.saboteur = seat
            return
        for colour, count in move.seals:
            self.supply[colour] -= count
            self.seals[seat][colour] += count
        for colour, victim in move.steals:
            self.supply[colour] += 1
            self.seals[victim][colour] -= 1
            self.seals[victim][WHITE] += 1
            self.supply[WHITE] -= 1

    def predict_for(self, seat: int) -> None:
        """`seat` predicts by the rule of thumb."""
        self.take(seat, thumb_prediction(self, seat))

    # -- play -----------------------------------------------------------------------

    def play(self, card: Card) -> int | None:
        """Play `card` for the seat to move (it must be legal). When the trick is complete
        and its winner may give back one of several seals, the trick waits and the winner
        is returned: `settle` it with the kind given back."""
        seat = self.to_move
        self.hands[seat].remove(card)
        self.held[card.colour] &= ~(1 << card.value)
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            self.to_move = (seat + 1) % self.players
            return None
        cards = [played for _, played in self.trick]
        winner = self.trick[trick_winner(cards)][0]
        self.to_move = winner
        if winner == self.saboteur:
            self.trick = []
            return None
        options = seals_to_return(cards, self.seals[winner])
        if len(options) > 1:
            return winner
        if options:
            self.settle(options[0])
        else:
            if self.supply[BLACK]:
                self.supply[BLACK] -= 1
                self.seals[winner][BLACK] += 1
                self.blacks_taken[winner] += 1
            self.trick = []
        return None

    def settle(self, kind: str) -> None:
        """The trick's winner (the seat to move) gives back a seal of `kind`."""
        self.seals[self.to_move][kind] -= 1
        self.supply[kind] += 1
        self.trick = []

    def returnable(self) -> list[str]:
        return seals_to_return([card for _, card in self.trick], self.seals[self.to_move])

    def finished(self) -> bool:
        return not self.trick and not self.hands[self.to_move]

    def play_out(self) -> None:
        """Every seat plays the rest of the deal by the rules of thumb."""
        while not self.finished():
            waiting = len(self.trick) == self.players  # a seal to choose
            if waiting or self.play(self.thumb_card()) is not None:
                self.settle(self.thumb_return())

    def thumb_card(self) -> Card:
        seat = self.to_move
        hand = self.hands[seat]
        cards = [card for _, card in self.trick]
        later = range(1, self.players - len(cards))
        rival = None
        if seat == self.saboteur:
            rival = rival_worth(self.trick, self.seals, self.supply[BLACK])
        return choose_card(
            legal_cards(cards, hand),
            cards,
            self.seals[seat],
            self.outside(seat),
            sum(len(self.hands[(seat + step) % self.players]) for step in later),
            self.supply[BLACK],
            rival,
            self.top,
        )

    def thumb_return(self) -> str:
        seat = self.to_move
        return seal_to_return(
            self.returnable(), self.seals[seat], self.hands[seat], self.outside(seat), self.players
        )

    def penalties(self) -> list[int]:
        """Each seat's deal penalty as things stand (at the end: the deal's score)."""
        scores = []
        for seat, held in enumerate(self.seals):
            if seat == self.saboteur:
                others = sum(self.blacks_taken) - self.blacks_taken[seat]
                scores.append(saboteur_penalty(others, self.price))
            else:
                scores.append(deal_penalty(held))
        return scores


def thumb_prediction(deal: Deal, seat: int) -> Predict:
    """The rule-of-thumb prediction for `seat` in a sampled deal."""
    wins = expected_wins(deal.hands[seat], deal.outside(seat), deal.players)
    return fitted_prediction(predicted_seals(wins), deal.supply, deal.seals, seat)


def fitted_prediction(
    wanted: Mapping[str, int],
    supply: Mapping[str, int],
    seals: Sequence[Mapping[str, int]],
    seat: int,
) -> Predict:
    """`wanted`, cut down to what can be had: seals the supply lacks are taken from the
    players holding most of them while a white seal is left to give each in exchange."""
    wanted = {colour: min(count, SEALS[colour]) for colour, count in wanted.items() if count}
    whites = supply[WHITE]
    for colour in COLOURS:
        if colour not in wanted:
            continue
        lacking = max(0, wanted[colour] - supply[colour])
        others = sum(held[colour] for s, held in enumerate(seals) if s != seat)
        taken = min(lacking, others, whites)
        whites -= taken
        wanted[colour] = min(wanted[colour], supply[colour] + taken)
    steals = proposed_steals(supply, seals, seat, wanted)
    move = predict(wanted, steals)
    assert prediction_problem(supply, seals, seat, move.wanted, move.steals) is None
    return move


def sample_deal(view: SevenSealsView, rng: random.Random) -> Deal:
    """A deal that agrees with everything this seat has seen, hidden cards at random."""
    me = view.seat
    assert me is not None
    lacking = voids(view)
    sizes = {seat: size for seat, size in enumerate(view.hand_sizes) if seat != me}
    shared = share_out(unseen_cards(view), sizes, dict(enumerate(lacking)), rng)
    hands = [list(view.hand) if seat == me else shared[seat] for seat in range(len(view.players))]
    to_move = view.to_move if view.to_move is not None else me
    if view.phase is Phase.PREDICT:
        to_move = (view.dealer + 1) % len(view.players)
    return Deal(
        hands,
        [{kind: held.get(kind, 0) for kind in SEALS} for held in view.seals],
        {kind: view.supply.get(kind, 0) for kind in SEALS},
        list(view.blacks_taken),
        view.saboteur,
        view.saboteur_price or 0,
        [(play.seat, play.card) for play in view.trick],
        to_move,
        colour_bits(card for hand in hands for card in hand),
    )


def still_to_predict(view: SevenSealsView, after: int, saboteur: int | None) -> list[int]:
    """The seats that predict after `after` this round, in order (a displaced saboteur
    among them)."""
    count = len(view.players)
    seats = [(after + step) % count for step in range(1, count)]
    return [seat for seat in seats if view.predictions[seat] is None and seat != saboteur]


def predict_out(deal: Deal, view: SevenSealsView, move: Predict | TakeSaboteur) -> None:
    """Make our prediction-round move, let the seats still to come predict by the rule of
    thumb, and start the play."""
    me = view.seat
    assert me is not None
    if isinstance(move, TakeSaboteur):
        deal.price = view.saboteur_offer or 0
    deal.take(me, move)
    for seat in still_to_predict(view, me, deal.saboteur):
        deal.predict_for(seat)
