"""Each card colour's look: its text and background colour on screen (the words for a
colour are in `sticheln_tui.words`)."""

from __future__ import annotations

# A card's text and background colour, the same in every theme.
CARD_COLOURS = {
    "blue": ("#ffffff", "#1e40af"),
    "red": ("#ffffff", "#c81e1e"),
    "green": ("#000000", "#22c55e"),
    "yellow": ("#000000", "#ffff00"),
    "purple": ("#000000", "#c084fc"),
    "brown": ("#ffffff", "#431407"),
    "spades": ("#ffffff", "#1f2937"),
    "hearts": ("#ffffff", "#c81e1e"),
    "diamonds": ("#ffffff", "#2563eb"),
    "clubs": ("#000000", "#22c55e"),
}
