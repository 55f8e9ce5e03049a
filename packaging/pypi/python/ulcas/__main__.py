"""``python -m ulcas ARGS``: runs the ``ulcas`` binary with ARGS, exiting as it exits."""

from __future__ import annotations

import os
import subprocess
import sys

from ulcas import find_ulcas_bin


def _run() -> "int":
    binary = find_ulcas_bin()
    if sys.platform == "win32":
        return subprocess.run([binary, *sys.argv[1:]]).returncode
    os.execvp(binary, [binary, *sys.argv[1:]])
    return 0  # not reached: execvp replaces this process


if __name__ == "__main__":
    sys.exit(_run())
