#!/usr/bin/env python3
"""`ulcas serve` beside the public LLM mock servers closest in kind, on one machine, one run.

    python3 benches/peers.py [--seconds N] [--runs R]

Installs the peers once with `cargo install --root target/peers` (llmposter 0.5.0 and
vidaimock 0.3.1; never at test time), builds the release binary, and lays out one workspace
under target/ulcas-bench/peers: a prompt registry (one prompt, one schema), a request as the
app's driver sends it (a 3.3 KB wire body: the system text, a cached text block, the schema's
provider form in output_config) and its cassette, recorded with `ulcas record`, whose answer is
5 KB. Each server is set up to answer that request with that answer: ulcas derives the real key
(the prompt from the system text, the full schema by its provider form, the content) and reads
the cassette; llmposter matches the last user message; VidaiMock answers from its template.
The servers run side by side; each answer is checked once, then wrk (Debian: `apt-get install
wrk`) posts the body for N seconds at 1, 16 and 64 connections: the same body again and again
(a request the server answered before), a body with a fragment id of its own each time (a new
request every time, keyed to the same cassette) and the same body streaming,
the servers taking turns run by run (so that the machine's load falls on each alike), and the
script prints a Markdown table of requests per second (the median of R runs, with that run's
p50 latency at one connection) and ulcas's ratio to the best peer. Needs three free ports from
18401 on.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS = os.path.join(ROOT, "target", "peers")
WORK = os.path.join(ROOT, "target", "ulcas-bench", "peers")
ULCAS = os.path.join(ROOT, "target", "release", "ulcas")
PINNED = {"llmposter": "0.5.0", "vidaimock": "0.3.1"}
SYSTEM = "You write one lesson section from the source fragments, citing each fragment you use."
WORDS = ("bloom grind pour kettle scale ratio extraction water coffee filter paper brew time "
         "temperature roast crema body acidity sweetness aroma").split()
LUA = """wrk.method = "POST"
wrk.headers["content-type"] = "application/json"
wrk.headers["x-api-key"] = "dummy-key-for-bench"
wrk.headers["anthropic-version"] = "2023-06-01"
local f = io.open(os.getenv("BODY"), "r"); wrk.body = f:read("*a"); f:close()
"""
# Each request with a fragment id of its own (the ninth fragment's, numbered by wrk's thread and
# by request): every body is new to the server, as a test suite against a fresh database sends
# it, and keyed to the same cassette (ids are placeholders in the key).
LUA_NEW_IDS = LUA + """local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
local sent = 0
function request()
  sent = sent + 1
  local id = string.format("frg_%02d%010d", tid or 0, sent)
  return wrk.format(nil, nil, nil, (wrk.body:gsub("frg_iiiiiiiiiiii", id)))
end
"""
MODES = ("message", "new ids", "stream")


def install():
    for name, version in PINNED.items():
        binary = os.path.join(PEERS, "bin", name)
        if not os.path.exists(binary):
            print(f"installing {name} {version} into target/peers (once)", file=sys.stderr)
            subprocess.run(["cargo", "install", "--quiet", "--locked", "--root", PEERS, name,
                            "--version", version], check=True)


def words(n, seed):
    return " ".join(WORDS[(seed * 7 + i * 13) % len(WORDS)] for i in range(n))


def workspace():
    """The registry, the store with its one cassette, the wire bodies and the peers' configs."""
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "prompts", "section"))
    os.makedirs(os.path.join(WORK, "schemas"))
    schema = {"type": "object", "required": ["heading", "body", "citations"],
              "additionalProperties": False,
              "properties": {"heading": {"type": "string"}, "body": {"type": "string"},
                             "citations": {"type": "array", "items": {"type": "string"}}}}
    with open(os.path.join(WORK, "schemas", "section.json"), "w") as f:
        json.dump(schema, f)
    with open(os.path.join(WORK, "prompts", "section", "v1.md"), "w") as f:
        f.write(f"---\nid: bench/section\nversion: 1\ntask: section\nschema: section.json\n---\n"
                f"{SYSTEM}\n")
    fragments = "\n".join(
        f'<fragment id="frg_{chr(97 + i) * 12}" section="§{i + 1}">{words(34, i)}</fragment>'
        for i in range(9))
    text = f"<source_document untrusted=\"true\">\n{fragments}\n</source_document>"
    answer = json.dumps({"heading": words(6, 99), "body": words(780, 7),
                         "citations": [f"frg_{'a' * 12}", f"frg_{'b' * 12}"]})
    dump = {"task": "section", "prompt_version": 1, "model": "claude-sonnet-5-5",
            "schema": schema, "blocks": [{"type": "text", "text": text}], "turns": []}
    with open(os.path.join(WORK, "request.json"), "w") as f:
        json.dump(dump, f)
    with open(os.path.join(WORK, "answer.txt"), "w") as f:
        f.write(answer)
    subprocess.run([ULCAS, "record", "request.json", "--response", "answer.txt", "--model",
                    "claude-sonnet-5-5", "--cassettes", "store", "-q"], cwd=WORK, check=True,
                   stdout=subprocess.DEVNULL)
    body = {"model": "claude-sonnet-5-5", "max_tokens": 4096,
            "system": [{"type": "text", "text": SYSTEM,
                        "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
            "messages": [{"role": "user", "content": [{"type": "text", "text": text}]}],
            "output_config": {"effort": "medium",
                              "format": {"type": "json_schema", "schema": schema}}}
    for stream in (False, True):
        with open(os.path.join(WORK, f"body-{'stream' if stream else 'message'}.json"), "w") as f:
            json.dump({**body, "stream": True} if stream else body, f)
    # llmposter: the last user message names the fixture.
    with open(os.path.join(WORK, "llmposter.yaml"), "w") as f:
        f.write("fixtures:\n  - match:\n      user_message: \"frg_aaaaaaaaaaaa\"\n"
                f"    response:\n      content: {json.dumps(answer)}\n")
    # VidaiMock: its Anthropic provider only, with a template that is the message.
    config = os.path.join(WORK, "vidaimock")
    os.makedirs(os.path.join(config, "providers"))
    os.makedirs(os.path.join(config, "templates", "anthropic"))
    message = {"id": "msg_bench", "type": "message", "role": "assistant",
               "model": "claude-sonnet-5-5", "content": [{"type": "text", "text": answer}],
               "stop_reason": "end_turn", "stop_sequence": None,
               "usage": {"input_tokens": 900, "output_tokens": 1200}}
    with open(os.path.join(config, "templates", "anthropic", "message.json.j2"), "w") as f:
        f.write("{% raw %}" + json.dumps(message) + "{% endraw %}")
    # Its own stream templates (a text delta per word), from the crate cargo installed.
    import glob
    source = glob.glob(os.path.expanduser(
        "~/.cargo/registry/src/*/vidaimock-0.3.1/config/templates/anthropic/stream"))[0]
    shutil.copytree(source, os.path.join(config, "templates", "anthropic", "stream"))
    with open(os.path.join(config, "providers", "anthropic.yaml"), "w") as f:
        f.write('name: "anthropic"\nmatcher: "^/v1/messages$"\n'
                'response_template: "anthropic/message.json.j2"\n'
                "stream:\n  enabled: true\n  frame_format: raw\n  lifecycle:\n"
                + "".join(f"    {event}:\n      template_path: \"anthropic/stream/{name}.json.j2\"\n"
                          for event, name in [("on_start", "start"), ("on_chunk", "delta"),
                                              ("on_stop", "stop")]))
    with open(os.path.join(WORK, "post.lua"), "w") as f:
        f.write(LUA)
    with open(os.path.join(WORK, "post-new-ids.lua"), "w") as f:
        f.write(LUA_NEW_IDS)
    return answer


SERVERS = {
    "ulcas serve": lambda port: [ULCAS, "serve", "store", "--prompts", "prompts",
                                 "--listen", f"127.0.0.1:{port}", "-q"],
    "llmposter 0.5.0": lambda port: [os.path.join(PEERS, "bin", "llmposter"), "--fixtures",
                                     "llmposter.yaml", "--port", str(port)],
    "VidaiMock 0.3.1": lambda port: [os.path.join(PEERS, "bin", "vidaimock"), "--host",
                                     "127.0.0.1", "--port", str(port), "--isolated",
                                     "--config-dir", "vidaimock", "--mode", "benchmark"],
}


def post(url, body):
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        return answer.status, answer.read().decode()


def start(name, port):
    proc = subprocess.Popen(SERVERS[name](port), cwd=WORK, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1/messages"
    body = open(os.path.join(WORK, "body-message.json"), "rb").read()
    for _ in range(100):
        try:
            return proc, url, post(url, body)
        except OSError:
            time.sleep(0.05)
    proc.kill()
    sys.exit(f"{name} did not answer on port {port}")


def cpu_ticks(pid):
    """User plus system clock ticks the process has used so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def wrk(url, connections, seconds, mode, pid):
    stream = mode == "stream"
    body = os.path.join(WORK, f"body-{'stream' if stream else 'message'}.json")
    script = "post-new-ids.lua" if mode == "new ids" else "post.lua"
    threads = min(2, connections)
    before = cpu_ticks(pid)
    out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency",
                          "-s", os.path.join(WORK, script), url],
                         env={**os.environ, "BODY": body}, capture_output=True, text=True,
                         check=True).stdout
    ticks = cpu_ticks(pid) - before
    rate = float(next(l for l in out.splitlines() if l.startswith("Requests/sec")).split()[1])
    p50 = next(l for l in out.splitlines() if l.strip().startswith("50%")).split()[1]
    requests = int(next(l for l in out.splitlines() if " requests in " in l).split()[0])
    errors = [l for l in out.splitlines() if "Non-2xx" in l or "Socket errors" in l]
    if errors:
        sys.exit(f"{url}: {errors}")
    # The server's CPU time per request (user and system), in microseconds: what the work
    # costs, less swayed than the rate by what else the machine runs.
    cpu = ticks / os.sysconf("SC_CLK_TCK") / max(requests, 1) * 1e6
    return rate, p50, cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("needs wrk (apt-get install wrk)")
    install()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    answer = workspace()
    # Every server runs at once and the runs take turns (each server once, then again), so a
    # change in the machine's load falls on all of them alike; each cell is the median.
    servers = {}
    try:
        for i, name in enumerate(SERVERS):
            proc, url, (status, text) = start(name, 18401 + i)
            servers[name] = (proc, url)
            if status != 200 or json.loads(text)["content"][0]["text"] != answer:
                sys.exit(f"{name}: not the answer: {status} {text[:300]}")
        runs = {}
        for mode in MODES:
            for connections in (1, 16, 64):
                for _ in range(args.runs):
                    for name, (proc, url) in servers.items():
                        runs.setdefault((name, mode, connections), []).append(
                            wrk(url, connections, args.seconds, mode, proc.pid))
    finally:
        for proc, _ in servers.values():
            proc.terminate()
            proc.wait()
    rows = {}
    for (name, mode, connections), measured in runs.items():
        rates = sorted(r[0] for r in measured)
        p50 = sorted(measured, key=lambda r: r[0])[len(measured) // 2][1]
        cpu = sorted(r[2] for r in measured)[len(measured) // 2]
        rows.setdefault(name, {})[(mode, connections)] = (rates[len(rates) // 2], p50, cpu)
    load = os.getloadavg()[0]
    print(f"\n{os.cpu_count()} cores, load {load:.2f}, {args.seconds} s a run, median of "
          f"{args.runs}; a 3.3 KB request, a 5 KB answer\n")
    print("| server | mode | 1 conn | 16 conns | 64 conns | p50 at 1 conn |")
    print("| --- | --- | --- | --- | --- | --- |")
    for mode in MODES:
        for name, cells in rows.items():
            rates = [f"{cells[(mode, c)][0]:,.0f}" for c in (1, 16, 64)]
            print(f"| {name} | {mode} | {' | '.join(rates)} | {cells[(mode, 1)][1]} |")
        peers = [n for n in rows if n != "ulcas serve"]
        ratios = []
        for c in (1, 16, 64):
            best = max(rows[n][(mode, c)][0] for n in peers)
            ratios.append(f"{rows['ulcas serve'][(mode, c)][0] / best:.2f}×")
        print(f"| ulcas ÷ best peer | {mode} | {' | '.join(ratios)} | |")
    # The servers' CPU time per request: the answers of non-streaming requests only (the
    # peers' streams are paced, so theirs would compare no work).
    for mode in ("message", "new ids"):
        print(f"\nCPU time per answered request (user + system, µs, median), {mode}:\n")
        print("| server | 1 conn | 16 conns | 64 conns |")
        print("| --- | --- | --- | --- |")
        for name, cells in rows.items():
            cpu = [f"{cells[(mode, c)][2]:.1f}" for c in (1, 16, 64)]
            print(f"| {name} | {' | '.join(cpu)} |")


if __name__ == "__main__":
    main()
