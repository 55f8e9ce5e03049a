"""The ``ulcas`` binary, installed by this wheel: :func:`find_ulcas_bin` says where it is."""

from __future__ import annotations

import os
import sys
import sysconfig

__all__ = ["find_ulcas_bin"]


def find_ulcas_bin() -> str:
    """The path of the ``ulcas`` binary this package installed.

    Looked for where pip puts scripts: the environment's, the user's (``pip install --user``)
    and the base interpreter's. ``FileNotFoundError`` names every place looked in.
    """
    exe = "ulcas" + (sysconfig.get_config_var("EXE") or "")
    candidates = [sysconfig.get_path("scripts")]
    if sys.version_info >= (3, 10):
        user = sysconfig.get_preferred_scheme("user")
    elif os.name == "nt":
        user = "nt_user"
    elif sys.platform == "darwin" and sys._framework:  # type: ignore[attr-defined]
        user = "osx_framework_user"
    else:
        user = "posix_user"
    candidates.append(sysconfig.get_path("scripts", scheme=user))
    candidates.append(os.path.join(os.path.dirname(sys.executable)))
    for folder in candidates:
        path = os.path.join(folder, exe)
        if os.path.isfile(path):
            return path
    raise FileNotFoundError(f"{exe} is not in any of {', '.join(candidates)}")
