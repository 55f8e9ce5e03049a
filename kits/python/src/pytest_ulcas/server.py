"""One ``ulcas serve`` for a test run: started on a free port, read from its start line, asked
what each test's requests got (its journal), stopped at the end.

The same contract as the PHP and TypeScript kits (``kits/`` of the ulcas repository):

- ``ULCAS_BINARY``: the ``ulcas`` to run; else ``ulcas`` on the PATH; else the binary of the
  ``ulcas`` wheel when it is installed. Missing: an error that says how to install it.
- ``ULCAS_MODE``: ``cassette`` (the default), ``synthetic`` or ``record`` (with
  ``ULCAS_UPSTREAM``, the API that answers a miss).
- ``ULCAS_STORES``: store folders separated by ``os.pathsep``; else the ``ulcas.toml`` found
  from the working folder.
- ``ULCAS_JOURNAL``: the journal folder, default ``.ulcas/journal``: each request written as a
  dump into its ``requests/`` (``--dump-dir``, what ``ulcas verify --requests`` reads), and
  ``journal.json`` (what each test's requests got) at the end.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import threading
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

#: The statuses that fail the test whose request got them.
FAILING = ("miss", "refused", "error")

#: The file in a journal folder that marks it as the kit's (its dumps are cleared each run).
MARKER = ".ulcas-journal"

MODES = ("cassette", "synthetic", "record")


class UlcasError(RuntimeError):
    """ulcas could not be found, started or asked."""


def find_binary() -> str:
    """The ``ulcas`` binary: ``ULCAS_BINARY``, the PATH, or the ``ulcas`` wheel's."""
    given = os.environ.get("ULCAS_BINARY")
    if given:
        if not os.path.isfile(given):
            raise UlcasError(f"ULCAS_BINARY={given}: no such file")
        return given
    on_path = shutil.which("ulcas")
    if on_path:
        return on_path
    try:
        from ulcas import find_ulcas_bin  # the wheel's module

        return find_ulcas_bin()
    except (ImportError, FileNotFoundError):
        pass
    raise UlcasError(
        "ulcas is not installed: `pip install ulcas` (or `cargo install ulcas --locked`, or "
        "set ULCAS_BINARY to its path)"
    )


def journal_folder(root: Path, clear: bool = True) -> Path:
    """The journal folder of this run. With ``clear`` (the run's first process: not a worker of
    pytest-xdist, whose controller cleared it before the workers start) it is emptied of what an
    earlier run of the kit wrote there, and only that: the marker file lists those files, so a
    folder the team also uses keeps its own."""
    folder = Path(os.environ.get("ULCAS_JOURNAL") or root / ".ulcas" / "journal")
    if not folder.is_absolute():
        folder = root / folder
    if clear:
        for old in written_before(folder):
            try:
                old.unlink()
            except FileNotFoundError:
                pass
        # A run is its files' record from its start: those there now are not the kit's.
        (folder / "requests").mkdir(parents=True, exist_ok=True)
        found = {p.name for p in (folder / "requests").glob("*.json")}
        (folder / MARKER).write_text(_marker_text([], found))
    (folder / "requests").mkdir(parents=True, exist_ok=True)
    return folder


def _marker_text(written: List[str], not_ours: "set[str]") -> str:
    lines = ["# written by an ulcas test kit: the files it wrote (removed at its next run)"]
    lines += [f"wrote {w}" for w in sorted(set(written))]
    lines += [f"found requests/{n}" for n in sorted(not_ours)]
    return "\n".join(lines) + "\n"


def _marker_lines(folder: Path) -> List[str]:
    try:
        return (folder / MARKER).read_text().splitlines()
    except OSError:
        return []


def written_before(folder: Path) -> List[Path]:
    """The files the kit wrote into ``folder`` at its last run, as its marker lists them (a
    marker of an older kit, which listed nothing, stands for its journal and dumps)."""
    lines = _marker_lines(folder)
    if not lines:
        return []
    listed = [folder / line[len("wrote ") :] for line in lines if line.startswith("wrote ")]
    if any(line.startswith(("wrote ", "found ", "#")) for line in lines):
        return [p for p in listed if folder in p.parents and ".." not in p.parts]
    return [folder / "journal.json", *folder.glob("requests/*.json")]


def note_written(folder: Path) -> None:
    """Lists in the marker what the kit wrote this run: the journal files, and every dump in
    requests/ that was not there when the run began."""
    lines = _marker_lines(folder)
    found = {line[len("found requests/") :] for line in lines if line.startswith("found requests/")}
    written = [line[len("wrote ") :] for line in lines if line.startswith("wrote ")]
    written += [p.name for p in [folder / "journal.json", *folder.glob("journal-part-*.json")] if p.exists()]
    written += [f"requests/{p.name}" for p in (folder / "requests").glob("*.json") if p.name not in found]
    (folder / MARKER).write_text(_marker_text(written, found))


def test_base_url(url: str, test: str) -> str:
    """The base URL that names ``test`` in its path (for clients whose headers are not set)."""
    return f"{url}/_ulcas/test/{urllib.parse.quote(test, safe='')}"


@dataclass
class Server:
    """A running ``ulcas serve``."""

    mode: str
    url: str
    process: subprocess.Popen
    log_path: Path
    journal: Path
    _stopped: bool = field(default=False, repr=False)

    @classmethod
    def start(cls, mode: str, cwd: Path, journal: Path) -> "Server":
        if mode not in MODES:
            raise UlcasError(f"ULCAS_MODE={mode}: not one of {', '.join(MODES)}")
        args: List[str] = [
            find_binary(),
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--mode",
            mode,
            "--dump-dir",
            str(journal / "requests"),
        ]
        if mode == "record":
            upstream = os.environ.get("ULCAS_UPSTREAM")
            if not upstream:
                raise UlcasError("ULCAS_MODE=record needs ULCAS_UPSTREAM (the API that answers a miss)")
            args += ["--upstream", upstream]
        stores = os.environ.get("ULCAS_STORES")
        if stores:
            args += [s for s in stores.split(os.pathsep) if s]
        log_path = journal / f"serve-{mode}.log"
        log = open(log_path, "wb")
        try:
            # The run's own server on 127.0.0.1: no token (a ULCAS_SERVE_TOKEN of the shell
            # would make the kit's own journal requests a 401).
            env = {k: v for k, v in os.environ.items() if k != "ULCAS_SERVE_TOKEN"}
            process = subprocess.Popen(
                args, cwd=cwd, stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL, env=env
            )
        except OSError as e:
            raise UlcasError(f"cannot run {args[0]}: {e}") from e
        finally:
            log.close()
        line = _first_line(process, timeout=30)
        prefix = "ulcas serve: listening on "
        if not line.startswith(prefix):
            process.kill()
            process.wait()
            said = log_path.read_text(errors="replace").strip()
            raise UlcasError(f"ulcas serve did not start: {said or line or 'no output'}")
        return cls(mode=mode, url=line[len(prefix) :].strip(), process=process, log_path=log_path, journal=journal)

    def requests(self, test: Optional[str] = None, since: int = 0) -> Dict[str, Any]:
        """The journal: ``{"requests": [...], "counts": {...}, "last": N}``."""
        query = {"since": str(since)}
        if test is not None:
            query["test"] = test
        with urllib.request.urlopen(
            f"{self.url}/_ulcas/journal?{urllib.parse.urlencode(query)}", timeout=30
        ) as answer:
            return json.load(answer)

    def arm_fault(self, target: str, faults: Sequence[str], test: Optional[str] = None) -> None:
        """Arms ``faults`` (``"overloaded"``, ``"rate-limit:retry-after=1"``, ``"ok"``, …) for the
        next requests of ``target`` (``"*"``, a task, ``task@vN`` or a cassette hash): of the
        test ``test`` alone when given (another worker's test never takes them)."""
        arming: Dict[str, Any] = {"target": target, "faults": list(faults)}
        if test:
            arming["test"] = test
        body = json.dumps(arming).encode()
        request = urllib.request.Request(
            f"{self.url}/_ulcas/faults", body, {"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30):
            pass

    def stop(self) -> None:
        """Stops the server (SIGTERM, then a kill after ten seconds)."""
        if self._stopped:
            return
        self._stopped = True
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()


def _first_line(process: subprocess.Popen, timeout: float) -> str:
    """The first line of stdout, or "" after ``timeout`` seconds or at its end."""
    got: List[str] = []

    def read() -> None:
        assert process.stdout is not None
        got.append(process.stdout.readline().decode(errors="replace"))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout)
    return got[0] if got else ""


def failure_message(entries: Sequence[Dict[str, Any]]) -> str:
    """What ulcas said of a test's failing requests, as the test's failure."""
    lines = []
    for e in entries:
        why = e.get("why") or e.get("path") or ""
        lines.append(f"ulcas {e['status']}: {why}".rstrip(": "))
    # The server's hint names its own flags; inside a pytest run the kit's variables do it.
    return re.sub(
        r"ulcas serve --mode record --upstream (\S+)",
        r"ULCAS_MODE=record ULCAS_UPSTREAM=\1 pytest",
        "\n".join(lines),
    )


#: The other statuses of a summary line, in their words (one, many).
OTHER_COUNTS = (
    ("recorded", "recorded", "recorded"),
    ("relayed", "relayed (not recorded)", "relayed (not recorded)"),
    ("fault", "fault", "faults"),
    ("refused", "refused", "refused"),
    ("error", "error", "errors"),
)


def summary(counts: Dict[str, int], journal: Path) -> str:
    """``ulcas: 3 hits, 1 miss, 0 synthetic (journal: DIR)``."""

    def n(word: str, key: str) -> str:
        k = counts.get(key, 0)
        return f"{k} {word}" + ("" if k == 1 else ("es" if word.endswith("s") else "s"))

    parts = [n("hit", "hit"), n("miss", "miss"), f"{counts.get('synthetic', 0)} synthetic"]
    for other, one, many in OTHER_COUNTS:
        k = counts.get(other, 0)
        if k:
            parts.append(f"{k} {one if k == 1 else many}")
    return f"ulcas: {', '.join(parts)} (journal: {journal})"
