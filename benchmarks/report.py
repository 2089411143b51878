"""How every benchmark here reports a budget: one line per figure for people, and a last
line of JSON for machines (one object per budget, in a list)."""

from __future__ import annotations

import json
import platform
import sys


def budget(
    name: str,
    project: float,
    baseline: float | None,
    limit: float,
    *,
    higher_is_better: bool,
    unit: str,
) -> dict:
    """A budget on the ratio project/baseline: at least `limit` when a higher figure is
    better (throughput), at most `limit` when a lower one is (time, memory). Without a
    baseline (not installed), the ratio and verdict are None."""
    ratio = project / baseline if baseline else None
    met = None if ratio is None else (ratio >= limit if higher_is_better else ratio <= limit)
    word = ">=" if higher_is_better else "<="
    shown = "no baseline" if ratio is None else f"ratio {ratio:.2f} (budget {word} {limit})"
    verdict = {True: "met", False: "NOT MET", None: "not checked"}[met]
    base = "-" if baseline is None else f"{baseline:,.4g}"
    print(f"{name}: project {project:,.4g} {unit}, baseline {base} {unit}, {shown}: {verdict}")
    return {
        "benchmark": name,
        "project": round(project, 4),
        "baseline": None if baseline is None else round(baseline, 4),
        "ratio": None if ratio is None else round(ratio, 3),
        "budget": f"{word} {limit}",
        "unit": unit,
        "met": met,
    }


def finish(rows: list[dict]) -> None:
    """The machine-readable last line."""
    print(f"({platform.python_implementation()} {platform.python_version()} on {sys.platform})")
    print(json.dumps(rows))
