#!/usr/bin/env python3
"""`ulcas serve` under load: replays per second, p50/p99 latency, memory and start-up.

    python3 benches/serve.py [--seconds N] [--startup-store DIR]

Needs wrk (Debian: `apt-get install wrk`). Builds the release binary, takes the generated
100,000-cassette store (`cargo bench --bench generate` writes it), copies it and records two
more cassettes into the copy with `ulcas record` (request material included): a hit of about
5 KB and one of about 50 KB, task `bench` v1. The server runs without a registry: the requests
name task and version in the `x-ulcas-task` / `x-ulcas-prompt-version` headers, and the full
schema comes from the recorded request material. wrk (2 threads, beside the server on the same
machine) then posts each body for N seconds at 1, 16 and 256 connections, streaming and not.
Memory is the server's peak RSS (VmHWM) after all runs; start-up is the time from exec to the
start line, on this store and on --startup-store (e.g. a 1,000,000-cassette store).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "ulcas")
STORE = os.path.join(ROOT, "target", "ulcas-bench", "store-100000")
SCHEMA = {"type": "object", "required": ["text"], "properties": {"text": {"type": "string", "maxLength": 100000}}}


def dump(size):
    fragments = "".join(
        f'<fragment id="frg_{i:012d}">{"bloom grind pour " * 4}</fragment>\n'.replace("0", "a")
        for i in range(8)
    )
    return {
        "task": "bench",
        "prompt_version": 1,
        "model": "claude-bench",
        "schema": SCHEMA,
        "blocks": [{"type": "text", "text": f"size {size}\n{fragments}"}],
        "turns": [],
    }


def body(d, stream):
    return {
        "model": d["model"],
        "max_tokens": 4096,
        "stream": stream,
        "system": [{"type": "text", "text": "Bench prompt."}],
        "messages": [{"role": "user", "content": [{"type": "text", "text": b["text"]} for b in d["blocks"]]}],
        "output_config": {"format": {"type": "json_schema", "schema": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}}}},
    }


def start(store):
    t0 = time.perf_counter()
    p = subprocess.Popen([BIN, "serve", store], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    took = time.perf_counter() - t0
    return p, line.strip().rsplit(" ", 1)[-1], took


def wrk(url, body_file, connections, seconds):
    lua = os.path.join(os.path.dirname(body_file), "post.lua")
    with open(lua, "w") as f:
        f.write(
            'wrk.method = "POST"\n'
            f'local f = io.open("{body_file}", "rb"); wrk.body = f:read("*a"); f:close()\n'
            'wrk.headers["content-type"] = "application/json"\n'
            'wrk.headers["x-ulcas-task"] = "bench"\n'
            'wrk.headers["x-ulcas-prompt-version"] = "1"\n'
            "done = function(summary, latency, requests)\n"
            '  io.write(string.format("RESULT %d %d %d %d %d\\n", summary.requests, summary.duration,'
            " latency:percentile(50), latency:percentile(99), summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))\n"
            "end\n"
        )
    out = subprocess.run(
        ["wrk", "-t", str(min(2, connections)), "-c", str(connections), "-d", f"{seconds}s", "-s", lua, f"{url}/v1/messages"],
        capture_output=True, text=True, check=True,
    ).stdout
    line = next(l for l in out.splitlines() if l.startswith("RESULT"))
    requests, duration_us, p50, p99, errors = map(int, line.split()[1:])
    return requests / (duration_us / 1e6), p50 / 1000, p99 / 1000, errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=5)
    ap.add_argument("--startup-store")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    if not os.path.isdir(STORE):
        subprocess.run(["cargo", "bench", "--bench", "generate"], cwd=ROOT, check=True)
    work = tempfile.mkdtemp(prefix="ulcas-serve-bench-")
    try:
        store = os.path.join(work, "store")
        shutil.copytree(STORE, store, symlinks=True)
        bodies = {}
        for name, size in [("5kb", 5_000), ("50kb", 50_000)]:
            d = dump(size)
            with open(os.path.join(work, f"{name}.json"), "w") as f:
                json.dump(d, f)
            answer = json.dumps({"text": "x" * (size - 12)})
            with open(os.path.join(work, f"{name}.answer"), "w") as f:
                f.write(answer)
            subprocess.run([BIN, "record", os.path.join(work, f"{name}.json"), "--response",
                            os.path.join(work, f"{name}.answer"), "--model", "claude-bench",
                            "--cassettes", store],
                           check=True, capture_output=True)
            for stream in (False, True):
                path = os.path.join(work, f"{name}-{'stream' if stream else 'json'}.body")
                with open(path, "w") as f:
                    json.dump(body(d, stream), f)
                bodies[(name, stream)] = path
        server, url, startup = start(store)
        rows = []
        for (name, stream), path in bodies.items():
            for c in (1, 16, 256):
                rps, p50, p99, errors = wrk(url, path, c, args.seconds)
                rows.append((name, "stream" if stream else "json", c, rps, p50, p99, errors))
                print(f"{name:>5} {'stream' if stream else 'json':>6} c={c:<3} {rps:9.0f} req/s  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  errors {errors}", flush=True)
        with open(f"/proc/{server.pid}/status") as f:
            hwm = next(l for l in f if l.startswith("VmHWM")).split()[1]
        server.terminate()
        server.wait()
        print(f"peak RSS {int(hwm) / 1024:.1f} MB; start-up {startup * 1000:.0f} ms on 100,002 cassettes")
        if args.startup_store:
            s, _, took = start(args.startup_store)
            s.terminate()
            s.wait()
            print(f"start-up {took * 1000:.0f} ms on {args.startup_store}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
