"""The build backend: setuptools', asking for mypyc only when a compiled build is wanted.

`STICHELN_COMPILE=1 pip install .` compiles the fast search cores (setup.py); a plain
`pip install .` needs nothing beyond setuptools and builds pure Python.
"""

from __future__ import annotations

import os

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 (the rest of the backend, unchanged)

COMPILER = "mypy>=1.10"


def compile_wanted() -> bool:
    return os.environ.get("STICHELN_COMPILE") == "1"


def get_requires_for_build_wheel(config_settings=None) -> list[str]:
    extra = [COMPILER] if compile_wanted() else []
    return build_meta.get_requires_for_build_wheel(config_settings) + extra
