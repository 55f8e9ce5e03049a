"""pytest-ulcas: ``ulcas serve`` for a pytest run (see :mod:`pytest_ulcas.plugin`)."""

from .plugin import Ulcas
from .server import Server, UlcasError

__all__ = ["Server", "Ulcas", "UlcasError"]
