"""Where the game keeps its files. Kept apart so that `sticheln --help`, which names the
saves directory's variable, loads none of the engine, the bots or the saves code (nor
pathlib or platformdirs, until a directory is asked for)."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

SAVES_ENV = "STICHELN_SAVES"  # a directory to keep saves in instead of the usual one


def saves_directory() -> Path:
    """Where autosaves live: $STICHELN_SAVES, else the user's data directory."""
    from pathlib import Path

    override = os.environ.get(SAVES_ENV)
    if override:
        return Path(override)
    import platformdirs

    return platformdirs.user_data_path("sticheln", appauthor=False) / "saves"


CONFIG_ENV = "STICHELN_CONFIG"  # a directory to keep the settings in instead of the usual one


def config_directory() -> Path:
    """Where the settings live: $STICHELN_CONFIG, else the user's config directory."""
    from pathlib import Path

    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    import platformdirs

    return platformdirs.user_config_path("sticheln", appauthor=False)
