"""The games this program hosts, by key and title, as the first screen and `sticheln
--help` list them.

Kept apart from the games themselves (`core.games`, which loads every engine) because
both are on the start-up path; tests/functional/test_menu.py holds it to `core.games.GAMES`.
"""

from __future__ import annotations

DEFAULT_GAME = "sticheln"
TITLES = {
    "sticheln": "Sticheln",
    "hattrick": "Hattrick",
    "seven-seals": "Seven Seals",
}  # in the first screen's order
