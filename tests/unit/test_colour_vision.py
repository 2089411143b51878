"""The colours of every deck stay apart for players with a colour-vision deficiency, as
benchmarks/colour_vision.py simulates them (Machado et al. 2009, severity 1.0)."""

from __future__ import annotations

import pytest
from colour_vision import VISION, ciede2000, closest_pair, closest_to_background, decks

# CIEDE2000 of 15: two cells of these colours side by side are told apart at a glance
# (2 is the smallest difference seen at all, 10 is "plainly different"), with room left
# for a terminal's own rendering of a colour. The cards are small; a letter names the
# colour too, so this is for play at a glance.
APART = 15
# A card against the table: its text keeps it readable anyway; its colour should still
# stand off the background.
OFF_THE_TABLE = 10


@pytest.mark.parametrize(
    ("one", "two", "expected"),
    [  # Sharma, Wu and Dalal (2005), the published test pairs 1, 7 and 25
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ],
)
def test_the_colour_difference_is_ciede2000(one, two, expected):
    assert ciede2000(one, two) == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize("vision", VISION)
@pytest.mark.parametrize("deck", decks())
def test_the_colours_of_a_deck_stay_apart(deck, vision):
    colours = decks()[deck]
    distance, one, two = closest_pair(colours, vision)
    assert distance >= APART, f"{one} and {two} under {vision}: {distance:.1f}"
    distance, card, theme = closest_to_background(colours, vision)
    assert distance >= OFF_THE_TABLE, f"{card} on {theme} under {vision}: {distance:.1f}"
