"""Optional compiled build of the fast search cores (`sticheln_tui/fast/`).

With STICHELN_COMPILE=1, mypyc compiles those typed modules to C extensions; anything that
goes wrong (no mypyc, no C compiler, a failed compile) leaves the plain Python modules in
place with a warning, so an install never fails for want of a compiler. Everything else
about the package is in pyproject.toml.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build import build
from setuptools.command.build_ext import build_ext

COMPILE_WANTED = os.environ.get("STICHELN_COMPILE") == "1"
# Steps that only read the metadata (pip runs two before it builds): no compiling there.
METADATA_STEPS = {"egg_info", "dist_info", "sdist"}
FAST_MODULES = sorted(
    str(path) for path in Path("sticheln_tui/fast").glob("*.py") if path.name != "__init__.py"
)


def warn(message: str) -> None:
    print(f"sticheln-tui: {message}; installing the plain Python modules", file=sys.stderr)


def compiled_modules() -> list:
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


class OptionalBuildExt(build_ext):
    """Compiles when the build reaches this step (not each time the metadata is read), and
    builds all the modules or none: a module without mypyc's shared library would not import,
    so one failure removes everything this step built."""

    def finalize_options(self) -> None:
        if not METADATA_STEPS.issuperset(self.distribution.commands):
            self.distribution.ext_modules = compiled_modules()
        super().finalize_options()

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, or it failed: the .py files remain
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            warn(f"the compiled build failed ({type(error).__name__}, shown above)")


class CleanBuild(build):
    """Starts from an empty build directory: the wheel takes all it holds, so a compiled
    module left by an earlier build would be installed even when this one falls back."""

    def run(self) -> None:
        shutil.rmtree(self.build_platlib, ignore_errors=True)
        super().run()


class CompiledDistribution(Distribution):
    """A distribution with a build_ext step, so the wheel is built (and tagged) per platform."""

    def has_ext_modules(self) -> bool:
        return True


if COMPILE_WANTED:
    setup(
        distclass=CompiledDistribution,
        cmdclass={"build": CleanBuild, "build_ext": OptionalBuildExt},
    )
else:
    setup()
