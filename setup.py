"""Optional compiled build of the fast search cores (`sticheln_tui/fast/`).

With STICHELN_COMPILE=1, mypyc compiles those typed modules to C extensions; anything that
goes wrong (no mypyc, no C compiler, a failed compile) leaves the plain Python modules in
place with a warning, so an install never fails for want of a compiler. Everything else
about the package is in pyproject.toml.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

FAST_MODULES = sorted(
    str(path) for path in Path("sticheln_tui/fast").glob("*.py") if path.name != "__init__.py"
)


def warn(message: str) -> None:
    print(f"sticheln-tui: {message}; installing the plain Python modules", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """Builds the compiled modules if it can, and otherwise installs without them."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, or it failed: the .py files remain
            warn(f"the compiled build failed ({error})")

    def build_extension(self, ext) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            warn(f"{ext.name} did not compile ({error})")


def compiled_modules() -> list:
    if os.environ.get("STICHELN_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        warn("mypyc is not installed")
        return []
    try:
        # Only the fast cores are compiled; what they import stays plain Python.
        return mypycify(["--follow-imports=silent", *FAST_MODULES], opt_level="3")
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        warn(f"mypyc refused the modules ({error})")
        return []


setup(ext_modules=compiled_modules(), cmdclass={"build_ext": OptionalBuildExt})
