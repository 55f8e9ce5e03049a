#!/usr/bin/env python3
"""A small client's latency while large bodies arrive beside it, on each wire.

    python3 benches/neighbours.py [--seconds N]

Needs wrk (Debian: `apt-get install wrk`). Builds the release binary, records one 5 KB hit in a
fresh store (task `bench` v1, no registry: the requests name task and version in the
`x-ulcas-task` / `x-ulcas-prompt-version` headers), starts `ulcas serve` on it, and runs wrk
at one connection posting the 5 KB hit for N seconds: first alone, then with two more wrk
clients posting a 250 KiB body (a miss: keying it is the work) to the Messages API, Chat
Completions and the Responses API in turn. It prints the small client's p50 and p99 each time
(attack round 5: a large body keyed on the serving thread made a neighbour wait tens of
milliseconds; bodies above 64 KiB are keyed on the blocking pool).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve  # noqa: E402  (the serve bench's dump, body, start and wrk)

ROOT = serve.ROOT
BIN = serve.BIN

LUA = """wrk.method = "POST"
local f = io.open("{body}", "rb"); wrk.body = f:read("*a"); f:close()
wrk.headers["content-type"] = "application/json"
wrk.headers["x-ulcas-task"] = "bench"
wrk.headers["x-ulcas-prompt-version"] = "1"
"""


def large_body(wire):
    text = ("bloom grind pour kettle scale ratio " * 7300)[: 250 * 1024]
    if wire == "/v1/messages":
        return {"model": "m", "max_tokens": 16, "system": "Bench prompt.",
                "messages": [{"role": "user", "content": text}]}
    if wire == "/v1/chat/completions":
        return {"model": "m", "messages": [{"role": "system", "content": "Bench prompt."},
                                             {"role": "user", "content": text}]}
    return {"model": "m", "instructions": "Bench prompt.", "input": text}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=5)
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    work = tempfile.mkdtemp(prefix="ulcas-neighbours-")
    try:
        store = os.path.join(work, "store")
        d = serve.dump(5_000)
        with open(os.path.join(work, "5kb.json"), "w") as f:
            json.dump(d, f)
        with open(os.path.join(work, "5kb.answer"), "w") as f:
            f.write(json.dumps({"text": "x" * 4988}))
        subprocess.run([BIN, "record", os.path.join(work, "5kb.json"), "--response",
                        os.path.join(work, "5kb.answer"), "--model", "claude-bench",
                        "--cassettes", store], check=True, capture_output=True)
        small = os.path.join(work, "small.body")
        with open(small, "w") as f:
            json.dump(serve.body(d, False), f)
        server, url, _ = serve.start(store)
        try:
            rps, p50, p99, _ = serve.wrk(url, small, 1, args.seconds)
            print(f"alone                    {rps:8.0f} req/s  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms", flush=True)
            for wire in ("/v1/messages", "/v1/chat/completions", "/v1/responses"):
                large = os.path.join(work, "large.body")
                with open(large, "w") as f:
                    json.dump(large_body(wire), f)
                lua = os.path.join(work, "large.lua")
                with open(lua, "w") as f:
                    f.write(LUA.format(body=large))
                neighbours = [
                    subprocess.Popen(["wrk", "-t", "1", "-c", "1", "-d", f"{args.seconds + 2}s",
                                      "-s", lua, f"{url}{wire}"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    for _ in range(2)
                ]
                rps, p50, p99, _ = serve.wrk(url, small, 1, args.seconds)
                for n in neighbours:
                    n.wait()
                print(f"two 250 KiB {wire:<21} {rps:8.0f} req/s  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms", flush=True)
        finally:
            server.terminate()
            server.wait()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
