"""The kit under pytest, on the fixture project (kits/fixture): each inner run is a fresh pytest
process with the plugin, its tests calling the official anthropic and openai SDKs."""

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

FIXTURE = Path(__file__).resolve().parents[2] / "fixture"
SRC = Path(__file__).resolve().parents[1] / "src"

APP_TESTS = '''
import json

import anthropic
import openai
import pytest


def body(name):
    with open(f"bodies/{name}.json") as f:
        return json.load(f)


def test_hit(ulcas):
    message = anthropic.Anthropic().messages.create(**body("hit"))
    assert json.loads(message.content[0].text)["questions"]


def test_miss(ulcas):
    anthropic.Anthropic(max_retries=0).messages.create(**body("miss"))


def test_chat_hit(ulcas):
    answer = openai.OpenAI().chat.completions.create(**body("chat-hit"))
    assert json.loads(answer.choices[0].message.content)["questions"]


@pytest.mark.ulcas(mode="synthetic")
def test_synthetic_answers_a_miss():
    message = anthropic.Anthropic(max_retries=0).messages.create(**body("miss"))
    assert json.loads(message.content[0].text)


def test_a_fault_on_cue(ulcas):
    ulcas.fault("quiz", "overloaded", "ok")
    with pytest.raises(anthropic.InternalServerError):
        anthropic.Anthropic(max_retries=0).messages.create(**body("hit"))
    anthropic.Anthropic(max_retries=0).messages.create(**body("hit"))


def test_not_taking_part():
    assert True
'''


@pytest.fixture
def project(pytester, monkeypatch):
    shutil.copytree(FIXTURE, pytester.path, dirs_exist_ok=True)
    pytester.makepyfile(test_app=APP_TESTS)
    monkeypatch.setenv("PYTHONPATH", str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    # The plugin by -p alone: an installed copy (its entry point) must not load it twice.
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    for key in ("ANTHROPIC_BASE_URL", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "OPENAI_API_KEY", "ULCAS_MODE", "ULCAS_JOURNAL", "ULCAS_STORES"):
        monkeypatch.delenv(key, raising=False)
    return pytester


def run(project, *args):
    return project.runpytest_subprocess("-p", "pytest_ulcas.plugin", "-p", "no:cacheprovider", *args)


def test_hits_pass_misses_fail_with_ulcas_words(project):
    result = run(project)
    result.assert_outcomes(passed=5, failed=1)
    out = result.stdout.str()
    # The miss fails its test with ulcas's explanation, not the SDK's 404 three frames deep.
    assert 'FAILED test_app.py::test_miss - Failed: ulcas miss: No cassette' in out, out
    assert 'ulcas miss: No cassette for task "quiz" (prompt v1) at cassettes/quiz/v1/' in out, out
    assert "nearest" in out, out
    assert "ulcas: 3 hits, 1 miss, 1 synthetic, 1 fault (journal: " in out, out


def test_the_journal_lists_each_tests_requests(project):
    run(project)
    journal = json.loads((project.path / ".ulcas/journal/journal.json").read_text())
    compare = os.environ.get("ULCAS_KIT_COMPARE_DIR")
    if compare:  # the three kits' journals are compared by the ulcas test suite
        shutil.copy(project.path / ".ulcas/journal/journal.json", Path(compare) / "pytest.json")
    by_test = {}
    for r in journal["requests"]:
        by_test.setdefault(r["test"], []).append(r["status"])
    assert by_test == {
        "test_app.py::test_hit": ["hit"],
        "test_app.py::test_miss": ["miss"],
        "test_app.py::test_chat_hit": ["hit"],
        "test_app.py::test_synthetic_answers_a_miss": ["synthetic"],
        "test_app.py::test_a_fault_on_cue": ["fault", "hit"],
    }, by_test
    # The requests as dumps, for ulcas verify --requests and prune --complete-run.
    dumps = list((project.path / ".ulcas/journal/requests").glob("*.json"))
    assert dumps, list((project.path / ".ulcas/journal").iterdir())


def test_a_missing_binary_is_an_error_that_says_how_to_install(project, monkeypatch):
    monkeypatch.setenv("ULCAS_BINARY", str(project.path / "no-such-ulcas"))
    result = run(project, "-k", "test_hit")
    assert result.ret != 0
    assert "ULCAS_BINARY=" in result.stderr.str() + result.stdout.str()
    monkeypatch.delenv("ULCAS_BINARY")
    monkeypatch.setenv("PATH", str(project.path))
    result = project.run(sys.executable, "-m", "pytest", "-p", "pytest_ulcas.plugin", "-p", "no:cacheprovider", "-k", "test_hit")
    said = result.stdout.str() + result.stderr.str()
    assert result.ret != 0 and "pip install ulcas" in said, said


def test_no_server_when_no_test_takes_part(project):
    result = run(project, "-k", "test_not_taking_part")
    result.assert_outcomes(passed=1)
    assert "ulcas:" not in result.stdout.str()
    assert not (project.path / ".ulcas").exists()


def test_with_ulcas_all_a_client_made_at_import_is_pointed_and_attributed(project):
    project.makeini("[pytest]\nulcas_all = true\n")
    project.makepyfile(
        test_import="""
import json
import anthropic

CLIENT = anthropic.Anthropic(max_retries=0)  # made at import, before any test


def test_hit_from_a_module_client():
    with open("bodies/hit.json") as f:
        CLIENT.messages.create(**json.load(f))


def test_miss_from_a_module_client():
    with open("bodies/miss.json") as f:
        CLIENT.messages.create(**json.load(f))
"""
    )
    result = run(project, "test_import.py")
    result.assert_outcomes(passed=1, failed=1)
    assert "FAILED test_import.py::test_miss_from_a_module_client - Failed: ulcas miss: " in result.stdout.str()


class _Upstream:
    """A stand-in for the model API on 127.0.0.1: every POST gets one Messages API answer."""

    ANSWER = {
        "id": "msg_upstream",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-5-5",
        "content": [{"type": "text", "text": '{"questions": []}'}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 5},
    }

    def __enter__(self):
        import http.server
        import threading

        answer = json.dumps(self.ANSWER).encode()
        self.posts = 0
        upstream = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("content-length", 0)))
                upstream.posts += 1
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        return self

    def __exit__(self, *exc):
        self.server.shutdown()


REAL_API_TESTS = """
import json
import os

import anthropic
import pytest

# Made at import, before the kit pointed the environment anywhere: the "real API" here is a
# stand-in on 127.0.0.1 (a team's client would name https://api.anthropic.com).
CLIENT = anthropic.Anthropic(base_url=os.environ["REAL_API"], api_key="sk-real", max_retries=0)


def body(name):
    with open(f"bodies/{name}.json") as f:
        return json.load(f)


def test_taking_part(ulcas):
    message = CLIENT.messages.create(**body("hit"))
    assert message.id.startswith("cassette:"), message.id


def test_outside():
    CLIENT.messages.create(**body("hit"))


@pytest.mark.ulcas_live
def test_live():
    assert CLIENT.messages.create(**body("hit")).id == "msg_upstream"
"""


def test_no_real_api_by_accident(project, monkeypatch):
    """A client made at import with the real API's URL: in a test that takes part its request
    is answered by ulcas; in one that does not, the test fails with the kit's words; only a
    test marked ``ulcas_live`` (or a run in record mode) reaches the real API."""
    with _Upstream() as real:
        monkeypatch.setenv("REAL_API", real.url)
        project.makepyfile(test_real=REAL_API_TESTS)
        result = run(project, "test_real.py")
        result.assert_outcomes(passed=2, failed=1)
        out = result.stdout.str()
        assert "FAILED test_real.py::test_outside - Failed: ulcas: POST http://127.0.0.1:" in out, out
        assert "/v1/messages went to a real model API outside ulcas" in out, out
        assert real.posts == 1, "only the live test reached it"
        monkeypatch.setenv("ULCAS_MODE", "record")
        monkeypatch.setenv("ULCAS_UPSTREAM", real.url)
        result = run(project, "test_real.py", "-k", "test_outside")
        result.assert_outcomes(passed=1)
        assert real.posts == 2, "record mode asked for the real API"


def test_record_mode_records_a_miss_from_the_upstream(project, monkeypatch):
    with _Upstream() as upstream:
        monkeypatch.setenv("ULCAS_MODE", "record")
        monkeypatch.setenv("ULCAS_UPSTREAM", upstream.url)
        result = run(project, "-k", "test_miss")
        result.assert_outcomes(passed=1, deselected=5)
        assert upstream.posts == 1
    journal = json.loads((project.path / ".ulcas/journal/journal.json").read_text())
    assert [r["status"] for r in journal["requests"]] == ["recorded"], journal
    recorded = project.path / journal["requests"][0]["path"]
    assert json.loads(recorded.read_text())["text"] == '{"questions": []}'
    assert "1 recorded" in result.stdout.str()


def test_record_mode_without_an_upstream_says_what_it_needs(project, monkeypatch):
    monkeypatch.setenv("ULCAS_MODE", "record")
    monkeypatch.delenv("ULCAS_UPSTREAM", raising=False)
    result = run(project, "-k", "test_hit")
    said = result.stdout.str() + result.stderr.str()
    assert result.ret != 0 and "ULCAS_UPSTREAM" in said, said


PROMPT_IN_CODE_APP = '''
import anthropic

SYSTEM = "You are a kind baking tutor. Answer with one tip."  # the prompt, in code


def tip(fragment):
    message = anthropic.Anthropic(max_retries=0).messages.create(
        model="claude-sonnet-5-5", max_tokens=200, system=SYSTEM,
        messages=[{"role": "user", "content": f'<fragment id="{fragment}">How long should dough proof?</fragment>'}])
    return message.content[0].text
'''

PROMPT_IN_CODE_TESTS = '''
import os

import app


def test_tip(ulcas):
    assert app.tip(os.environ["FRAGMENT"]) == '{"questions": []}'
'''


@pytest.fixture
def bare_project(pytester, monkeypatch):
    """An app with its prompt in its code: no prompts folder, no ulcas.toml, no headers, an
    empty store folder."""
    (pytester.path / "cassettes").mkdir()
    pytester.makepyfile(app=PROMPT_IN_CODE_APP, test_app=PROMPT_IN_CODE_TESTS)
    monkeypatch.setenv("PYTHONPATH", str(SRC) + os.pathsep + str(pytester.path) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    for key in ("ANTHROPIC_BASE_URL", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "OPENAI_API_KEY", "ULCAS_MODE", "ULCAS_JOURNAL", "ULCAS_STORES", "ULCAS_UPSTREAM"):
        monkeypatch.delenv(key, raising=False)
    return pytester


def test_an_app_with_its_prompt_in_code_records_replays_and_fails_an_edit(bare_project, monkeypatch):
    # Recorded once, with nothing configured.
    with _Upstream() as upstream:
        monkeypatch.setenv("ULCAS_MODE", "record")
        monkeypatch.setenv("ULCAS_UPSTREAM", upstream.url)
        monkeypatch.setenv("FRAGMENT", "frg_aaaaaaaaaaaa")
        run(bare_project).assert_outcomes(passed=1)
        assert upstream.posts == 1
    recorded = list((bare_project.path / "cassettes").glob("*/v1/*.json"))
    assert [p.parent.parent.name for p in recorded] == ["you-are-a-kind-baking-tutor"], recorded
    # Replayed offline, with a fresh database's ids.
    monkeypatch.delenv("ULCAS_MODE")
    monkeypatch.delenv("ULCAS_UPSTREAM")
    monkeypatch.setenv("FRAGMENT", "frg_bbbbbbbbbbbb")
    result = run(bare_project)
    result.assert_outcomes(passed=1)
    assert "ulcas: 1 hit" in result.stdout.str(), result.stdout.str()
    # One word of the prompt edited: the test fails with the words that changed.
    app = bare_project.path / "app.py"
    app.write_text(app.read_text().replace("kind baking", "stern baking"))
    result = run(bare_project)
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    assert "ulcas miss: No cassette for task" in out, out
    assert "You are a [-kind-]{+stern+} baking tutor." in out, out


def test_under_xdist_the_journal_is_whole(project):
    """pytest -n: every worker's requests reach journal.json (the controller joins their parts
    once they are done), and no worker empties what another wrote."""
    try:
        import xdist  # noqa: F401
    except ImportError:
        assert not os.environ.get("CI"), "CI installs pytest-xdist"
        pytest.skip("pytest-xdist is not installed")
    project.makepyfile(
        test_more="""
import json

import anthropic


def body(name):
    with open(f"bodies/{name}.json") as f:
        return json.load(f)


def test_hit_again(ulcas):
    assert anthropic.Anthropic().messages.create(**body("hit")).id.startswith("cassette:")


def test_hit_once_more(ulcas):
    assert anthropic.Anthropic().messages.create(**body("hit")).id.startswith("cassette:")
"""
    )
    result = run(project, "-n", "2", "-p", "xdist")
    result.assert_outcomes(passed=7, failed=1)
    out = result.stdout.str()
    assert "ulcas: 5 hits, 1 miss, 1 synthetic, 1 fault (journal: " in out, out
    journal = json.loads((project.path / ".ulcas/journal/journal.json").read_text())
    tests = sorted({r["test"] for r in journal["requests"]})
    assert tests == sorted([
        "test_app.py::test_hit", "test_app.py::test_miss", "test_app.py::test_chat_hit",
        "test_app.py::test_synthetic_answers_a_miss", "test_app.py::test_a_fault_on_cue",
        "test_more.py::test_hit_again", "test_more.py::test_hit_once_more",
    ]), tests
    assert not list((project.path / ".ulcas/journal").glob("journal-part-*.json"))
    # The run's dumps are all there: prune --complete-run reads them.
    assert len(list((project.path / ".ulcas/journal/requests").glob("*.json"))) == 2


def test_a_journal_folder_the_team_has_keeps_its_files(project, monkeypatch):
    team = project.path / "team"
    (team / "requests").mkdir(parents=True)
    (team / "notes.json").write_text("{}")
    (team / "requests" / "ours.json").write_text("{}")
    monkeypatch.setenv("ULCAS_JOURNAL", str(team))
    for _ in range(2):
        run(project, "-k", "test_hit")
        assert (team / "notes.json").exists() and (team / "requests" / "ours.json").exists()
        assert (team / "journal.json").exists()


def test_a_test_named_in_any_unicode_however_long_gets_its_misses(project):
    project.makepyfile(
        test_names="""
import json

import anthropic
import pytest


@pytest.mark.parametrize("case", ["long-" + "x" * 600, "café 🍞"])
def test_miss(ulcas, case):
    with open("bodies/miss.json") as f:
        anthropic.Anthropic(max_retries=0).messages.create(**json.load(f))
"""
    )
    # Node ids as written (pytest escapes them to ASCII unless told not to).
    project.makeini("[pytest]\ndisable_test_id_escaping_and_forfeit_all_rights_to_community_support = true\n")
    result = run(project, "test_names.py")
    result.assert_outcomes(failed=2)
    out = result.stdout.str()
    # Both fail with ulcas's words: the long id's miss was found (it was once cut, and passed).
    assert out.count('ulcas miss: No cassette for task "quiz"') >= 2, out
    journal = json.loads((project.path / ".ulcas/journal/journal.json").read_text())
    tests = {r["test"] for r in journal["requests"]}
    assert "test_names.py::test_miss[café 🍞]" in tests, tests


def test_the_summary_and_a_misses_hint_speak_the_kits_words():
    sys.path.insert(0, str(SRC))
    from pytest_ulcas.server import failure_message, summary

    line = summary({"hit": 2, "fault": 2, "relayed": 1, "error": 2}, Path("j"))
    assert line == "ulcas: 2 hits, 0 misses, 0 synthetic, 1 relayed (not recorded), 2 faults, 2 errors (journal: j)"
    said = failure_message([{"status": "miss", "why": "No cassette…\nTo record it: ulcas serve --mode record --upstream https://api.anthropic.com (with the client's key)."}])
    assert "To record it: ULCAS_MODE=record ULCAS_UPSTREAM=https://api.anthropic.com pytest (with the client's key)." in said
    assert "ulcas serve --mode record" not in said
