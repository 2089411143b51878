"""Seven Seals' rules of thumb: how many tricks of each colour a hand can win, what a set
of seals is likely to cost, and which card to play. The normal bot plays them; the strong
bot plays them inside its sampled deals.

Prediction is the skill. A hand's expected tricks per colour come from its high cards (a
card wins a round of its colour when no more cards above it are out than cards of its own
above it to draw them), the later rounds of a colour running into trumps, and the low
reds that trump where the hand runs out of a colour before the others do.

In play, a trick is worth winning when the winner can give a seal back (2 points saved)
and costly when it would take a black seal (3 points); a card is weighed by the chance
that it takes the trick, and by what keeping it is worth: a high card of a colour whose
seals are held wins later, a high card of any other colour is a trick waiting to cost.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ...core.cards import Card
from ...core.seven_seals import (
    BLACK,
    COLOURED_PENALTY,
    COLOURS,
    PENALTY,
    TRUMP,
    WHITE,
    deck_for,
    trick_winner,
)

# How likely the n-th round of a colour other than red is still won by its best card, not
# trumped by a player who has run out of it.
ROUND_SURVIVES = (1.0, 0.85, 0.65, 0.45, 0.3)
# A card with one more card above it out than its own cards above it wins sometimes.
GUARDED = 0.4
# How often a spare low red trumps a round its hand cannot follow.
RUFF = 0.6
# Expected wins round up to a seal from this fraction of a trick: a trick the hand did not
# count on can often be dodged; a seal too many is rarely given back (measured at 3 to 5
# players: better than rounding from a half by about half a point a deal).
ROUND_UP = 0.8
# What a trick is worth to its winner: a seal given back, or a black seal taken.
RETURN_GAIN = COLOURED_PENALTY
BLACK_COST = PENALTY[BLACK]
# How much holding a card weighs (a high card decides who takes its colour later).
KEEP = 0.8
# How likely a later player who can beat the card will.
OVERTAKE = 0.75
# The saboteur keeps high cards less keenly: any trick it takes merely passes.
SABOTEUR_KEEP = KEEP / 2


def colour_bits(cards: Iterable[Card]) -> dict[str, int]:
    """Per colour, one bit per value held."""
    bits = dict.fromkeys(COLOURS, 0)
    for colour, value in cards:
        bits[colour] |= 1 << value
    return bits


def top_value(players: int) -> int:
    """The highest card value of a colour at this table size."""
    return deck_for(players)[-1].value


def outside_of(hand: Sequence[Card], players: int) -> dict[str, int]:
    """Before any card is played: every card not in `hand`, as `colour_bits`."""
    bits = colour_bits(deck_for(players))
    for colour, value in hand:
        bits[colour] &= ~(1 << value)
    return bits


def expected_wins(
    hand: Sequence[Card], outside: Mapping[str, int], players: int
) -> dict[str, float]:
    """Per colour, the tricks this hand can expect to win by trying: led in the colour (or
    won with red, for red). `outside` holds the cards still in the other hands."""
    wins = dict.fromkeys(COLOURS, 0.0)
    mine: dict[str, list[int]] = {colour: [] for colour in COLOURS}
    for colour, value in hand:
        mine[colour].append(value)
    spare_reds = 0.0
    short_rounds = 0.0
    for colour in COLOURS:
        values = sorted(mine[colour], reverse=True)
        out = outside[colour]
        guarded = False
        for rank, value in enumerate(values):
            above = (out >> (value + 1)).bit_count()
            if above <= rank:
                chance = 1.0
            elif above == rank + 1 and not guarded:
                chance, guarded = GUARDED, True
            else:
                chance = 0.0
            if colour == TRUMP:
                spare_reds += 1 - chance
            else:
                chance *= ROUND_SURVIVES[min(rank, len(ROUND_SURVIVES) - 1)]
            wins[colour] += chance
        if colour != TRUMP:
            rounds = min(3.0, out.bit_count() / max(1, players - 1))
            short_rounds += max(0.0, rounds - len(values))
    wins[TRUMP] += RUFF * min(spare_reds, short_rounds)
    return wins


def predicted_seals(wins: Mapping[str, float], bias: float = 0.0) -> dict[str, int]:
    """The seals to take for these expected wins: each colour rounded, up from
    `ROUND_UP` - bias."""
    return {colour: int(wins[colour] + 1 - ROUND_UP + bias) for colour in COLOURS}


def uncertainty(wins: Mapping[str, float]) -> float:
    """How far the expected wins are from whole tricks: the part of a prediction that is
    guesswork."""
    return sum(abs(wins[colour] - round(wins[colour])) for colour in COLOURS)


def estimated_penalty(held: Mapping[str, int], wins: Mapping[str, float]) -> float:
    """What these seals are likely to cost at the deal's end if the hand wins `wins`
    more tricks: coloured seals left over cost 2; wins no coloured seal covers use a white
    seal (else take a black); white seals left over cost 4."""
    leftover = 0.0
    uncovered = 0.0
    for colour in COLOURS:
        gap = held.get(colour, 0) - wins.get(colour, 0.0)
        if gap > 0:
            leftover += gap
        else:
            uncovered -= gap
    whites = held.get(WHITE, 0)
    used = min(whites, uncovered)
    return (
        COLOURED_PENALTY * leftover
        + PENALTY[WHITE] * (whites - used)
        + BLACK_COST * (uncovered - used)
    )


def seal_to_return(
    options: Sequence[str], held: Mapping[str, int], hand: Sequence[Card], outside, players: int
) -> str:
    """The seal to give back: the one whose absence leaves the cheapest outlook. A white
    is kept as a joker while the hand looks like winning more than its coloured seals
    cover; otherwise the seal least likely to be given back later goes now."""
    wins = expected_wins(hand, outside, players)

    def outlook(kind: str) -> float:
        after = dict(held)
        after[kind] -= 1
        return estimated_penalty(after, wins)

    return min(options, key=lambda kind: (outlook(kind), kind == WHITE))


def beats(card: Card, best: Card | None) -> bool:
    """Whether `card` would win a trick whose winning card so far is `best`."""
    if best is None:
        return True
    if card.colour == best.colour:
        return card.value > best.value
    return card.colour == TRUMP


def winning_card(trick: Sequence[Card]) -> Card | None:
    best = None
    for card in trick:
        if beats(card, best):
            best = card
    return best


def eligible(held: Mapping[str, int], lead: str, won_by: str) -> bool:
    """Whether a winner holding `held` gives a seal back for this trick."""
    return held[WHITE] > 0 or held[lead] > 0 or held[won_by] > 0


def trick_outcome(held: Mapping[str, int], lead: str, won_by: str, blacks_left: int) -> float:
    """What winning the trick is worth to a seat holding these seals."""
    if eligible(held, lead, won_by):
        return RETURN_GAIN
    return -BLACK_COST if blacks_left else 0.0


def take_chance(
    card: Card, best: Card | None, lead: str, outside: Mapping[str, int], later_cards: int
) -> float:
    """How likely `card` takes the trick whose winning card so far is `best`: it must beat
    it, and the players still to play (holding `later_cards` cards) must not beat it with
    a higher card of its colour or, having run out of the lead colour, with a red."""
    if not beats(card, best):
        return 0.0
    if not later_cards:
        return 1.0
    colour, value = card
    unseen = sum(bits.bit_count() for bits in outside.values()) or 1
    threat = (outside[colour] >> (value + 1)).bit_count() / unseen
    if colour != TRUMP:
        # likelier the fewer cards of the lead colour are still out
        following = outside[lead].bit_count() / unseen
        threat += outside[TRUMP].bit_count() / unseen * (1 - following) ** 3
    return 1 - OVERTAKE * (1 - (1 - min(threat, 1.0)) ** later_cards)


def rival_worth(
    trick: Sequence[tuple[int, Card]], seals: Sequence[Mapping[str, int]], blacks_left: int
) -> float:
    """What the trick so far, as (seat, card) plays, is worth to the seat winning it
    (nothing while it is empty)."""
    if not trick:
        return 0.0
    cards = [card for _, card in trick]
    seat, card = trick[trick_winner(cards)]
    return trick_outcome(seals[seat], cards[0].colour, card.colour, blacks_left)


def choose_card(
    legal: Sequence[Card],
    trick: Sequence[Card],
    held: Mapping[str, int],
    outside: Mapping[str, int],
    later_cards: int,
    blacks_left: int,
    rival: float | None,
    top: int,
) -> Card:
    """The rule-of-thumb card. `later_cards` counts the cards in the hands of the players
    still to play to this trick; `rival` is, for the saboteur, what the trick is worth to
    the seat winning it so far (None for any other seat): the saboteur takes tricks the
    others would give seals back with and leaves them those that cost a black seal. `top`
    is the highest value of a colour."""
    best = winning_card(trick)
    lead = trick[0].colour if trick else None
    holds_coloured = any(held[colour] for colour in COLOURS)
    choice, most = legal[0], -1e9
    for card in legal:
        colour, value = card
        led = lead or colour
        chance = take_chance(card, best, led, outside, later_cards)
        if rival is None:
            worth = chance * trick_outcome(held, led, colour, blacks_left)
            # a high card of a colour whose seals are held wins later; of any other colour
            # it is a trick waiting to cost
            wanted = held[colour] or held[WHITE] or (colour == TRUMP and holds_coloured)
            keep = KEEP * value / top * (1 if wanted else -1)
        else:
            worth = -(1 - chance) * rival
            keep = SABOTEUR_KEEP * value / top
        if worth - keep > most:
            choice, most = card, worth - keep
    return choice
