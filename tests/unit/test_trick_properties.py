"""Who takes a trick, checked against a reference written straight from RULES.md.

The core decides tricks in one pass (the computer players call it very often); the
reference below is the slow, literal reading of RULES.md 1.4, 1.7, 1.8 and 2.
"""

from __future__ import annotations

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from sticheln_tui.bots.sticheln.thumb import thumb_card
from sticheln_tui.core.cards import Card
from sticheln_tui.core.sticheln import Rules, cards_taking, deck_for, trick_winner


def reference_winner(cards: list[Card], rules: Rules) -> int:
    lead = cards[0].colour

    def trump(card: Card) -> bool:
        return card.colour != lead and (card.value != 0 or rules.zeros_trump)

    candidates = [i for i, card in enumerate(cards) if trump(card)]
    if candidates and rules.latest_trump:
        latest = cards[candidates[-1]].colour
        candidates = [i for i in candidates if cards[i].colour == latest]
    if not candidates:
        candidates = [
            i
            for i, card in enumerate(cards)
            if card.colour == lead and (card.value != 0 or not rules.reverse)
        ]
    if not candidates:
        return 0  # every card a zero: the lead takes it
    if rules.reverse:  # lowest wins; the first played of equal values
        return min(candidates, key=lambda i: (cards[i].value, i))
    return max(candidates, key=lambda i: (cards[i].value, -i))


@st.composite
def tricks(draw) -> tuple[list[Card], Rules]:
    reverse = draw(st.booleans())
    rules = Rules(
        reverse=reverse,
        latest_trump=draw(st.booleans()),
        zeros_trump=not reverse and draw(st.booleans()),
    )
    players = draw(st.integers(3, 8))
    deck = deck_for(players, rules)
    # Zeros and equal values are where the rules get subtle: draw them often.
    pool = [card for card in deck if card.value <= draw(st.sampled_from([2, 4, 20]))]
    cards = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=players, unique=True))
    return cards, rules


@settings(max_examples=150, deadline=None)
@given(tricks())
def test_trick_winner_agrees_with_the_reference(trick):
    cards, rules = trick
    assert trick_winner(cards, rules) == reference_winner(cards, rules)


@settings(max_examples=100, deadline=None)
@given(tricks())
def test_cards_taking_names_exactly_the_cards_that_would_win(trick):
    cards, rules = trick
    *played, _ = cards
    deck = deck_for(8, rules)
    hand = [card for card in deck if card not in cards][::7]
    expected = [card for card in hand if trick_winner([*played, card], rules) == len(played)]
    assert cards_taking(played, hand, rules) == expected


def test_rules_keep_their_worked_out_tables_but_travel_without_them():
    """Searches leave tables in `Rules.memo` (some hold functions); rules must still go
    to other processes (sticheln simulate --workers) and stay equal to themselves."""
    rules = Rules(zeros_trump=True)
    trick = [Card("red", 3)]
    hand = [Card("red", 1), Card("red", 4), Card("green", 0)]
    assert cards_taking(trick, hand, rules) == [Card("red", 4), Card("green", 0)]
    thumb_card([Card("red", 4)], trick, ("red",), rules)
    assert rules.memo
    copied = pickle.loads(pickle.dumps(rules))
    assert copied == rules and hash(copied) == hash(rules)
    assert "memo" not in copied.__dict__
    assert cards_taking(trick, hand, copied) == [Card("red", 4), Card("green", 0)]
