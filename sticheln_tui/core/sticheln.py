"""Sticheln's rules: the options, the deck, who wins a trick and how a deal scores.

Each rule lives in exactly one function here; the engine, the screens' hints and the
computer players all call these.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations
from typing import Any

from ..i18n import _
from .cards import FRENCH_SUITS, STICHELN_COLOURS, Card
from .standings import winners as winners  # the rule every game's end uses

MIN_PLAYERS = 3
MAX_PLAYERS = 8
MAX_DEALS = 20


def deals_problem(most: int, deals: object) -> str:
    """Why `deals` is no number of deals for a game of at most `most` (every game's words)."""
    return _("a game has 1 to {most} deals, not {deals}").format(most=most, deals=deals)


# players -> (highest value used, colours used); RULES.md 1.1.
_DECK_TABLE = {
    3: (8, 5),
    4: (11, 5),
    5: (14, 5),
    6: (14, 6),
    7: (17, 6),
    8: (18, 6),
}
_COLOURS_WITHOUT_PURPLE = tuple(c for c in STICHELN_COLOURS if c != "purple")


@dataclass(frozen=True)
class Rules:
    """Every rule option of a game, as one immutable value (classic Sticheln by default).

    Combinations that RULES.md 1.8 forbids raise ValueError with the reason.
    """

    reverse: bool = False  # luck colour instead of pain colour; the lowest card wins
    mild: bool = False  # a pain card costs a flat 5 instead of its value
    harsh: bool = False  # two pain colours, from two cards of different colours
    dark: bool = False  # pain cards stay face down until the end of the deal
    late: bool = False  # no pick: pain colour chosen at the end among won colours
    pain_in_hand: bool = False  # the picked card stays in hand; only captured cards score
    latest_trump: bool = False  # the last trump colour played decides the trick
    zeros_trump: bool = False  # zeros of off-lead colours are trumps too
    dealer_leads: bool = False  # the dealer leads the first trick of a deal
    deals: int | None = 5  # deals in a game; None: one deal per player
    leftover_face_down: bool = False  # left-over cards are not shown
    tie_break: bool = False  # most positive deals, then extra deals, break a tie
    french_deck: bool = False  # 52 French cards, four players only

    def __post_init__(self) -> None:
        problem = self.conflict()
        if problem:
            raise ValueError(problem)

    def conflict(self) -> str | None:
        """Why this combination of options cannot be played, or None."""
        if self.deals is not None and not 1 <= self.deals <= MAX_DEALS:
            return deals_problem(MAX_DEALS, self.deals)
        if self.mild and self.reverse:
            return _("Mild cannot be combined with Reverse: Mild is about pain cards")
        if self.zeros_trump and self.reverse:
            return _("in Reverse zeros are never trump")
        if self.late and (self.dark or self.pain_in_hand):
            if self.dark:
                return _("Late has no pick, so Dark does not apply")
            return _("Late has no pick, so pain card stays in hand does not apply")
        return None

    @property
    def picks(self) -> int:
        """Cards each player lays down for their pain colour(s) at the start of a deal."""
        if self.late:
            return 0
        return 2 if self.harsh else 1

    @property
    def pain_colour_count(self) -> int:
        return 2 if self.harsh else 1

    def deals_for(self, players: int) -> int:
        return players if self.deals is None else self.deals

    @cached_property
    def memo(self) -> dict[Hashable, Any]:  # each key names its table, which has its own type
        """Tables worked out from these rules, kept with them for searches that ask
        the same questions millions of times (not a field: no part of their value)."""
        return {}

    def __getstate__(self) -> dict[str, object]:
        """Rules travel (to other processes) without their tables."""
        return {name: value for name, value in self.__dict__.items() if name != "memo"}


def check_players(players: int, rules: Rules = Rules()) -> None:
    """Raise ValueError with a player-facing reason if the table size is not playable."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            _("Sticheln is for {low} to {high} players, not {players}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, players=players
            )
        )
    if rules.french_deck and players != 4:
        raise ValueError(
            _("the French deck is for exactly 4 players, not {players}").format(players=players)
        )


def deck_for(players: int, rules: Rules = Rules()) -> list[Card]:
    """The cards in play for this many players, in a fixed (unshuffled) order."""
    return list(_deck(players, rules.french_deck))


@cache  # every deal starts from one
def _deck(players: int, french: bool) -> tuple[Card, ...]:
    check_players(players, Rules(french_deck=french))
    if french:
        return tuple(Card(suit, value) for suit in FRENCH_SUITS for value in range(2, 15))
    top, colour_count = _DECK_TABLE[players]
    colours = STICHELN_COLOURS if colour_count == 6 else _COLOURS_WITHOUT_PURPLE
    return tuple(Card(colour, value) for colour in colours for value in range(top + 1))


def hand_size(players: int, rules: Rules = Rules()) -> int:
    """Cards dealt to each player; the remainder is left over (RULES.md 1.1)."""
    return len(deck_for(players, rules)) // players


def tricks_per_deal(players: int, rules: Rules = Rules()) -> int:
    """Picked pain cards leave the hand, unless they stay in it (table sheet)."""
    picks = 0 if rules.pain_in_hand else rules.picks
    return hand_size(players, rules) - picks


def deal_leader(dealer: int, players: int, rules: Rules = Rules()) -> int:
    """Who leads a deal's first trick: the player left of the dealer, or the dealer."""
    return dealer if rules.dealer_leads else (dealer + 1) % players


def is_trump(card: Card, lead_colour: str, rules: Rules = Rules()) -> bool:
    """Every colour but the lead colour trumps; zeros only when the option says so."""
    if card.colour == lead_colour:
        return False
    return card.value != 0 or rules.zeros_trump


def beats(card: Card, best: Card, lead: str, rules: Rules = Rules()) -> bool:
    """Whether `card`, played later, takes the trick from `best`, the card taking it so
    far (RULES.md 1.4, 1.7); the latest-trump rule is `trick_winner`'s business.

    Ties go to the card played first, so the later card must be strictly better.
    """
    if is_trump(card, lead, rules):
        if not is_trump(best, lead, rules):
            return True
        return card.value < best.value if rules.reverse else card.value > best.value
    if card.colour != lead or is_trump(best, lead, rules):
        return False  # an off-lead zero never takes a trick
    if rules.reverse:  # zeros never win in Reverse, unless every card is a zero
        return card.value != 0 and (best.value == 0 or card.value < best.value)
    return card.value > best.value


def takers(best: Card, lead: str, rules: Rules) -> int:
    """Every card that `beats` `best` when `lead` was led, as a mask of `CARD_BITS`:
    worked out once per rules (an int stays small where a set of cards would not)."""
    key = ("takers", best, lead)
    found: int | None = rules.memo.get(key)
    if found is None:
        found = sum(bit for card, bit in CARD_BITS.items() if beats(card, best, lead, rules))
        rules.memo[key] = found
    return found


def _every_card() -> tuple[Card, ...]:
    """The cards of every deck: each table size's and the French one."""
    decks = [_deck(players, False) for players in _DECK_TABLE] + [_deck(4, True)]
    return tuple(dict.fromkeys(card for deck in decks for card in deck))


# A bit of its own for every card in any deck, for masks of cards such as `takers`'.
CARD_BITS = {card: 1 << index for index, card in enumerate(_every_card())}


def trick_winner(cards: Sequence[Card], rules: Rules = Rules()) -> int:
    """Index, in play order, of the card that takes the trick (RULES.md 1.4, 1.7, 2).

    Works on an unfinished trick too: then it names the card winning so far. The lead
    takes the trick unless a later card beats it, which settles an all-zeros trick.
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    lead = cards[0].colour
    latest = None
    if rules.latest_trump:  # only trumps of the last trump colour played can win
        latest = next((c.colour for c in reversed(cards) if is_trump(c, lead, rules)), None)
    best = 0
    for index in range(1, len(cards)):
        card = cards[index]
        if latest is not None and card.colour != latest and card.colour != lead:
            continue
        if beats(card, cards[best], lead, rules):
            best = index
    return best


def cards_taking(
    trick: Sequence[Card], cards: Iterable[Card], rules: Rules = Rules()
) -> list[Card]:
    """Those of `cards` that, played next, would take the trick as it stands."""
    if not trick:
        return list(cards)
    if rules.latest_trump:  # a new trump colour can change which earlier card wins
        position = len(trick)
        return [card for card in cards if trick_winner([*trick, card], rules) == position]
    beaten_by = takers(trick[trick_winner(trick, rules)], trick[0].colour, rules)
    return [card for card in cards if CARD_BITS.get(card, 0) & beaten_by]


def colour_choices(pile: Sequence[Card], rules: Rules = Rules()) -> list[tuple[str, ...]]:
    """Late: the pain-colour choices a pile allows, one colour (two in Harsh) among the
    colours in it, in the pile's order (RULES.md 1.7, 1.8)."""
    colours = list(dict.fromkeys(card.colour for card in pile))
    return list(combinations(colours, min(rules.pain_colour_count, len(colours))))


def card_score(card: Card, pain_colours: Collection[str], rules: Rules = Rules()) -> int:
    """What one scored card is worth to a player with these pain (or luck) colours."""
    if rules.reverse:
        return card.value if card.colour in pain_colours else -1
    if card.colour in pain_colours:
        return -5 if rules.mild else -card.value
    return 1


def score_breakdown(
    cards: Iterable[Card], pain_colours: Collection[str], rules: Rules = Rules()
) -> tuple[int, int]:
    """(points gained, points lost) over a player's scored cards; their sum is the score."""
    gained = lost = 0
    for card in cards:
        points = card_score(card, pain_colours, rules)
        if points > 0:
            gained += points
        else:
            lost += points
    return gained, lost


def scored_cards(won: Iterable[Card], picked: Iterable[Card], rules: Rules = Rules()) -> list[Card]:
    """The cards a player's deal is scored over: the cards they won, and the cards they
    picked, unless a picked card stayed in the hand (table sheet): then it scores only
    for whoever captures it."""
    return [*won, *([] if rules.pain_in_hand else picked)]


def score_deal(cards: Iterable[Card], pain_colours: Collection[str], rules: Rules = Rules()) -> int:
    """A player's score for one deal; `cards` are their won cards plus their pain card(s)."""
    return sum(score_breakdown(cards, pain_colours, rules))
