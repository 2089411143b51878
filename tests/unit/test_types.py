"""The package type-checks, so its types never drift: mypy with the project's configuration
([tool.mypy] in pyproject.toml: strict on the rules cores, the fast cores, the table flow
and the session; the rest checked as configured there)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_is_clean(request):
    # mypy's incremental cache in pytest's own, where there is one (a run after a small
    # change checks in seconds, and `pytest --cache-clear` starts it afresh); else mypy's.
    cache = getattr(request.config, "cache", None)
    cache_dir = ["--cache-dir", str(cache.mkdir("mypy"))] if cache is not None else []
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", *cache_dir],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
