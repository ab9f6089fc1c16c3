"""Rubriq: offline, deterministic evaluation of prompt/output pairs."""

import os as _os
import sys as _sys

__version__ = "0.1.0"


def _drop_working_directory() -> None:
    """`python -m rubriq ...` and `python -c ...` put the working directory first on `sys.path`. Editors start the
    server inside the repository being edited, so a `textstat.py` there would be imported (and run) instead of the
    real dependency. This runs before the package imports anything else; `python -P` avoids the entry altogether.
    """
    if getattr(_sys.flags, "safe_path", False) or not _sys.path:
        return
    first = _sys.path[0]
    launched_as = _sys.argv[0] if _sys.argv else ""
    if first == "":
        del _sys.path[0]
        return
    try:
        is_working_directory = _os.path.abspath(first) == _os.getcwd()
    except OSError:  # the working directory was removed
        is_working_directory = False
    if launched_as in ("-m", "-c", "") and is_working_directory:
        del _sys.path[0]


_drop_working_directory()
