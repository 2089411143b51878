"""The games this program hosts, by key and title, as the first screen and `sticheln
--help` list them.

Kept apart from the games themselves (`core.games`, which loads every engine) because
both are on the start-up path; tests/functional/test_menu.py holds it to `core.games.GAMES`.
"""

from __future__ import annotations

from ..i18n import N_

DEFAULT_GAME = "sticheln"
# In the first screen's order; a title is shown through `_()`.
TITLES = {
    # Translators: a game's name; Sticheln and Hattrick stay as they are.
    "sticheln": N_("Sticheln"),
    "hattrick": N_("Hattrick"),
    # Translators: a game's name, as its published edition in your language has it.
    "seven-seals": N_("Seven Seals"),
}
