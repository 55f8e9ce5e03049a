"""The pytest plugin: ``ulcas serve`` for the session, each test's requests attributed to it,
and a test whose request missed its cassette failed with ulcas's own explanation.

A test takes part when it asks for the ``ulcas`` fixture, has the ``ulcas`` marker, or when the
ini option ``ulcas_all = true`` makes every test take part. During such a test:

- ``ANTHROPIC_BASE_URL`` and ``OPENAI_BASE_URL`` point at the server (with the test's id in the
  path), ``ANTHROPIC_API_KEY`` and ``OPENAI_API_KEY`` are set to a dummy when unset, and
  ``ULCAS_URL`` is the server's URL;
- every request an ``httpx`` client (the official SDKs' transport) sends to the server carries
  the test's id in the ``x-ulcas-test`` header, so clients made before the test count too;
- after the test, a request that missed (or was refused) fails the test with ulcas's message;
- a request for a model API (``/v1/messages``, ``/v1/chat/completions``, ``/v1/responses``) that
  an ``httpx`` client sends anywhere else (a client made at import, before the kit pointed the
  environment at the server, or one given the real API's URL) is sent to the server instead.

No real API by accident: in a test that does not take part, such a request fails the test with
the kit's words, unless ``ULCAS_MODE=record`` or the test has the ``ulcas_live`` marker.

``@pytest.mark.ulcas(mode="synthetic")`` runs one test against a server in another mode.
"""

from __future__ import annotations

import contextvars
import json
import os
import re
import urllib.parse
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence

import pytest

from .server import (
    FAILING,
    Server,
    UlcasError,
    failure_message,
    journal_folder,
    note_written,
    summary,
    test_base_url,
)

#: The pytest-xdist worker this process is (``gw0``, …), if it is one: its journal is a part
#: that the controller joins into journal.json once every worker is done.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER")

#: The test whose requests are being sent (for the transport's header): a context variable
#: for asyncio tasks, and the test of the run for a thread that does not carry the context.
_CURRENT: contextvars.ContextVar[Optional[str]] = contextvars.ContextVar("ulcas_test", default=None)
_RUNNING: List[Optional[str]] = [None]

#: The test running that does not take part, and whether it may call a real API (for the
#: guard: such a test's request for a model API fails it).
_OUTSIDE: List[Optional[str]] = [None]
_LIVE: List[bool] = [False]

#: The paths of the model APIs ulcas serves (with any prefix before ``/v1``).
_MODEL_CALL = re.compile(r"/v1/(?:messages|chat/completions|responses)(?:/|$)")


class Ulcas:
    """What the ``ulcas`` fixture gives a test."""

    def __init__(self, server: Server, test: str) -> None:
        self.server = server
        self.test = test
        #: The server's URL (``http://127.0.0.1:PORT``).
        self.url = server.url
        #: The base URL for an Anthropic client, naming this test.
        self.base_url = test_base_url(server.url, test)
        #: The base URL for an OpenAI client, naming this test.
        self.openai_base_url = self.base_url + "/v1"
        self.mode = server.mode

    def fault(self, target: str, *faults: str) -> None:
        """Arms faults for this test's next requests of ``target`` (``"*"``, ``"quiz"``,
        ``"quiz@v1"`` or a cassette hash): ``ulcas.fault("quiz", "overloaded", "ok")``. Another
        test's requests never take them."""
        self.server.arm_fault(target, faults, self.test)

    def requests(self) -> List[Dict[str, Any]]:
        """What this test's requests got so far (``status``, ``path``, ``why``)."""
        return self.server.requests(self.test)["requests"]


class _Kit:
    """The session's servers (one per mode, started when a test first needs it)."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.root = Path(str(config.rootpath))
        self.servers: Dict[str, Server] = {}
        self._journal: Optional[Path] = None

    @property
    def journal(self) -> Path:
        if self._journal is None:
            # A worker's controller cleared the folder before any worker started.
            self._journal = journal_folder(self.root, clear=_WORKER is None)
        return self._journal

    def server(self, mode: Optional[str]) -> Server:
        mode = mode or os.environ.get("ULCAS_MODE") or "cassette"
        if mode not in self.servers:
            try:
                self.servers[mode] = Server.start(mode, Path.cwd(), self.journal)
            except UlcasError as e:
                raise pytest.UsageError(f"ulcas: {e}") from None
        return self.servers[mode]

    def finish(self) -> Optional[str]:
        """Stops the servers and writes the journal; the summary line (``None`` when none ran,
        and in a pytest-xdist worker, whose part the controller joins and sums up)."""
        if not self.servers:
            return self.join_parts()
        counts: Dict[str, int] = {}
        everything: List[Dict[str, Any]] = []
        for server in self.servers.values():
            try:
                listed = server.requests()
            except OSError:
                listed = {"requests": [], "counts": {}}
            for k, v in listed["counts"].items():
                counts[k] = counts.get(k, 0) + v
            for r in listed["requests"]:
                everything.append({**r, "mode": server.mode})
            server.stop()
        self.servers.clear()
        name = f"journal-part-{_WORKER}.json" if _WORKER else "journal.json"
        (self.journal / name).write_text(
            json.dumps({"kit": "pytest", "counts": counts, "requests": everything}, indent=2) + "\n"
        )
        if _WORKER:
            return None
        note_written(self.journal)
        return summary(counts, self.journal)

    def join_parts(self) -> Optional[str]:
        """In the controller of a pytest-xdist run (no server of its own), once its workers are
        done: their journal parts joined into journal.json; the summary line."""
        if _WORKER or self._journal is None:
            return None
        parts = sorted(self._journal.glob("journal-part-*.json"))
        if not parts:
            return None
        counts: Dict[str, int] = {}
        everything: List[Dict[str, Any]] = []
        for part in parts:
            try:
                got = json.loads(part.read_text())
            except (OSError, ValueError):
                continue
            for k, v in got.get("counts", {}).items():
                counts[k] = counts.get(k, 0) + v
            everything.extend(got.get("requests", []))
            part.unlink()
        (self._journal / "journal.json").write_text(
            json.dumps({"kit": "pytest", "counts": counts, "requests": everything}, indent=2) + "\n"
        )
        note_written(self._journal)
        return summary(counts, self._journal)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("ulcas_all", "every test takes part in ulcas (not only those that ask)", type="bool", default=False)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        'ulcas(mode="cassette"): run the test against ulcas serve (mode: cassette, synthetic or record)',
    )
    config.addinivalue_line(
        "markers",
        "ulcas_live: the test may call a real model API (else the kit fails a test that does)",
    )
    config.stash[_KIT] = _Kit(config)
    _patch_transports()
    if _WORKER is None and getattr(config.option, "numprocesses", None):
        # The controller of pytest-xdist workers: the folder is cleared once, before they start.
        config.stash[_KIT].journal


_KIT = pytest.StashKey[_Kit]()


def _takes_part(item: pytest.Item) -> bool:
    return (
        "ulcas" in getattr(item, "fixturenames", ())
        or item.get_closest_marker("ulcas") is not None
        or bool(item.config.getini("ulcas_all"))
    )


def _mode_of(item: pytest.Item) -> Optional[str]:
    marker = item.get_closest_marker("ulcas")
    if marker is None:
        return None
    return marker.kwargs.get("mode") or (marker.args[0] if marker.args else None)


@pytest.fixture(scope="session")
def ulcas_server(request: pytest.FixtureRequest) -> Server:
    """The session's ``ulcas serve`` (in ``ULCAS_MODE``)."""
    return request.config.stash[_KIT].server(None)


@pytest.fixture
def ulcas(request: pytest.FixtureRequest) -> Ulcas:
    """This test's view of the server: its URLs, ``fault()``, ``requests()``."""
    return request.node.stash[_CURRENT_ULCAS]


_CURRENT_ULCAS = pytest.StashKey[Ulcas]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    if _takes_part(item):
        server = item.config.stash[_KIT].server(_mode_of(item))
        view = Ulcas(server, item.nodeid)
        item.stash[_CURRENT_ULCAS] = view
        item.stash[_SAVED_ENV] = _point_clients(view)
    return (yield)


_SAVED_ENV = pytest.StashKey[Dict[str, Optional[str]]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    view = item.stash.get(_CURRENT_ULCAS, None)
    if view is None:
        _OUTSIDE[0] = item.nodeid
        _LIVE[0] = item.get_closest_marker("ulcas_live") is not None
        try:
            return (yield)
        finally:
            _OUTSIDE[0] = None
    token = _CURRENT.set(view.test)
    _RUNNING[0] = view.test
    try:
        result = yield
    except BaseException as raised:
        _fail_on_misses(view, raised)
        raise
    finally:
        _CURRENT.reset(token)
        _RUNNING[0] = None
    _fail_on_misses(view, None)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    try:
        return (yield)
    finally:
        saved = item.stash.get(_SAVED_ENV, None)
        if saved is not None:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def _fail_on_misses(view: Ulcas, raised: Optional[BaseException]) -> None:
    """Fails the test with ulcas's words when one of its requests missed (also when the test
    failed already: the SDK's error is then the cause, not the message)."""
    failing = [r for r in view.requests() if r["status"] in FAILING]
    if failing:
        failed = pytest.fail.Exception(failure_message(failing), pytrace=False)
        if raised is not None:
            raise failed from raised
        raise failed


def _environment(url: str, base_url: str) -> Dict[str, str]:
    """The SDKs' environment pointed at the server at ``url`` through ``base_url`` (the server
    itself, or a test's path on it); a dummy key where none is set."""
    wanted = {"ULCAS_URL": url, "ANTHROPIC_BASE_URL": base_url, "OPENAI_BASE_URL": base_url + "/v1"}
    for key in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY"):
        if not os.environ.get(key):
            wanted[key] = "ulcas-test-key"
    return wanted


def _point_clients(view: Ulcas) -> Dict[str, Optional[str]]:
    """Points the SDKs' environment at the server for one test; what it replaced."""
    wanted = _environment(view.url, view.base_url)
    saved = {key: os.environ.get(key) for key in wanted}
    os.environ.update(wanted)
    return saved


def _patch_transports() -> None:
    """Every ``httpx`` client (the SDKs', whichever module name it has) adds ``x-ulcas-test``
    to a request for the server while a test runs."""
    for name in ("httpx", "httpx2"):
        try:
            module = __import__(name)
        except ImportError:
            continue
        for cls_name in ("Client", "AsyncClient"):
            cls = getattr(module, cls_name, None)
            if cls is None or getattr(cls.send, "_ulcas", False):
                continue
            cls.send = _with_test_header(cls.send)


def _guard(request: Any, test: Optional[str], url: Optional[str]) -> None:
    """A request for a model API that is not for the server: sent to the server in a test that
    takes part (a client made before the kit pointed the environment at it); in a test that
    does not, the test fails, unless the team asked for record mode or marked it live."""
    if url and str(request.url).startswith(url):
        return
    if not _MODEL_CALL.search(request.url.path):
        return
    if test and url:
        server = urllib.parse.urlsplit(url)
        target = request.url.copy_with(scheme=server.scheme, netloc=server.netloc.encode("ascii"))
        request.url = target
        request.headers["host"] = target.netloc.decode("ascii")
        return
    if _OUTSIDE[0] and not _LIVE[0] and os.environ.get("ULCAS_MODE") != "record":
        raise pytest.fail.Exception(
            f"ulcas: {request.method} {request.url} went to a real model API outside ulcas: ask for the `ulcas` fixture (or set `ulcas_all = true`), mark the test "
            "`@pytest.mark.ulcas_live` if it means to, or run with ULCAS_MODE=record",
            pytrace=False,
        )


def _with_test_header(send: Any) -> Any:
    def sending(self: Any, request: Any, *args: Any, **kwargs: Any) -> Any:
        test = _CURRENT.get() or _RUNNING[0]
        url = os.environ.get("ULCAS_URL")
        _guard(request, test, url)
        if test and url and str(request.url).startswith(url) and "x-ulcas-test" not in request.headers:
            # Percent-encoded: any test name travels in a header (the server decodes it).
            request.headers["x-ulcas-test"] = urllib.parse.quote(test, safe="")
        return send(self, request, *args, **kwargs)

    sending._ulcas = True  # type: ignore[attr-defined]
    return sending


def pytest_sessionstart(session: pytest.Session) -> None:
    # With ulcas_all, the server starts before collection and the environment points at it
    # for the whole run: a client made at import reads it too (its requests are attributed
    # to their tests by the header).
    if session.config.getini("ulcas_all"):
        server = session.config.stash[_KIT].server(None)
        os.environ.update(_environment(server.url, server.url))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    line = terminalreporter.config.stash[_KIT].finish()
    if line:
        terminalreporter.write_line(line)


def pytest_unconfigure(config: pytest.Config) -> None:
    # Also when the run is interrupted before the summary: no server outlives the run.
    kit = config.stash.get(_KIT, None)
    if kit is not None:
        kit.finish()
