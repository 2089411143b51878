"""Who wins: one rule for every game's end (no other import, so every core module may
use it)."""

from __future__ import annotations

from collections.abc import Sequence


def winners(
    totals: Sequence[int],
    positive_deals: Sequence[int] | None = None,
    lowest_wins: bool = False,
) -> list[int]:
    """Seats with the best total, sharing the win when equal (RULES.md 1.6, 3): the highest,
    or with penalty points the lowest (RULES.md 4.5); with the table sheet's tie-break,
    equal totals are split by the number of deals each seat scored above zero (RULES.md 2)."""
    keys = [
        (-total if lowest_wins else total, positive_deals[seat] if positive_deals else 0)
        for seat, total in enumerate(totals)
    ]
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]
