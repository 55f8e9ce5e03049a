#!/usr/bin/env python3
"""Whole-process speed of ulcas against the floor of the same work, on generated inputs.

    python3 benches/compare.py [--runs N]
    python3 benches/compare.py --memory [N]

Generates the inputs once (`cargo bench --bench generate`: a 100,000-cassette store, a
10,000-cassette one-task store with request material, a lookup query one word off, a 16 MB
request), builds the release binary, then for each row runs the two commands alternately N
times after a warm-up (warm page cache) and prints the median time of each, the median of the
paired ratios and ulcas's peak RSS. The figures in the README's table come from this script.

`--memory N` (default 1,000,000) measures peak memory instead: it writes a store of N small
cassettes (ten tasks, two versions each, no request material) under target/ulcas-bench/ once,
and a 100,000-cassette one-task store with request material for `migrate`, then prints the peak
RSS of `verify --quiet`, the `prune` plan (human and JSON) and `migrate` against the 64 MB bound.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(argv, shell=False):
    """Wall seconds and peak RSS (MB) of one run, output discarded."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, shell=shell, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss / 1024, code


def compare(name, ulcas, floor, runs, target, floor_is_shell=True):
    for _ in range(2):
        run(ulcas)
        run(floor, shell=floor_is_shell)
    mine, base, ratios, rss = [], [], [], []
    for _ in range(runs):
        a, mem, code = run(ulcas)
        b, _, _ = run(floor, shell=floor_is_shell)
        if code not in (0, 1):
            sys.exit(f"{name}: ulcas exited {code}: {' '.join(ulcas)}")
        mine.append(a)
        base.append(b)
        ratios.append(a / b)
        rss.append(mem)
    ratio = statistics.median(ratios)
    print(
        f"| {name} | {statistics.median(mine) * 1000:.0f} ms, peak {max(rss):.0f} MB "
        f"| {statistics.median(base) * 1000:.0f} ms | {ratio:.2f}× | {target} |",
        flush=True,
    )
    return ratio


def small_store(root, n, material):
    """Writes `n` small cassettes under `root` once (a `.complete` marker says it is done)."""
    import hashlib
    import json
    if os.path.exists(os.path.join(root, ".complete")):
        return root
    tasks = ["card"] if material else [f"task{i}" for i in range(10)]
    for i in range(n):
        task = tasks[i % len(tasks)]
        version = 1 if material else 1 + (i // len(tasks)) % 2
        digest = hashlib.md5(f"{material}{i}".encode()).hexdigest()
        folder = os.path.join(root, task, f"v{version}")
        if i < 2 * len(tasks):
            os.makedirs(folder, exist_ok=True)
        cassette = {
            "task": task, "prompt_id": None, "prompt_version": version, "hash": digest,
            "model": "m", "stop_reason": "end_turn", "refusal_category": None,
            "usage": {"input_tokens": 0, "output_tokens": 0, "cache_write_5m_tokens": 0,
                      "cache_write_1h_tokens": 0, "cache_read_tokens": 0},
            "text": json.dumps({"message": f"answer {i}"}),
        }
        if material:
            cassette["request"] = {"content": f"input {i}", "schema": "{}"}
        with open(os.path.join(folder, f"{digest}.json"), "w") as f:
            json.dump(cassette, f, indent=4)
    open(os.path.join(root, ".complete"), "w").close()
    return root


WORDS = ("sourdough starter levain flour water salt autolyse fold shape proof bake crust crumb "
         "hydration ferment yeast bacteria gluten dough oven steam score loaf rye wheat spelt "
         "temperature schedule feeding peak rise bench rest banneton lame dutch").split()


def realistic_store(root, n, seed=7):
    """A store like a real one, generated differently from benches/generate.rs: `n` cassettes
    of ten tasks, about 4.5 KB each (an answer and request material in the words of one
    domain), 32% of them at a stale older version (no registry: the highest is current)."""
    import hashlib
    import json
    import random
    if os.path.exists(root + ".complete"):
        return root
    rng = random.Random(seed)
    tasks = ["outline", "lesson", "quiz", "metadata", "grounding", "interview", "patch",
             "critic_ux", "critic_pedagogy", "update"]
    text = lambda k: " ".join(rng.choice(WORDS) for _ in range(k))
    for i in range(n):
        task = tasks[i % len(tasks)]
        version = 1 if rng.random() < 0.32 else 2
        folder = os.path.join(root, task, f"v{version}")
        os.makedirs(folder, exist_ok=True)
        answer = {"title": text(6), "sections": [
            {"heading": text(4), "body": text(70), "citations": [f"{{{{frg_{j}}}}}"]}
            for j in range(1, 4)]}
        content = "\n".join(f"[{{{{frg_{j}}}}}] {text(70)} ({i})" for j in range(1, 5))
        schema = '{"type":"object"}'
        # The reference key (ASCII content without slashes encodes as Python encodes it).
        keyed = f"[{json.dumps(task)},{version},{schema},{json.dumps(content)}]"
        digest = hashlib.sha256(keyed.encode()).hexdigest()[:32]
        cassette = {
            "task": task, "prompt_id": None, "prompt_version": version, "hash": digest,
            "model": "claude-sonnet-5-5", "stop_reason": "end_turn", "refusal_category": None,
            "usage": {"input_tokens": rng.randint(800, 2000), "output_tokens": rng.randint(100, 600),
                      "cache_write_5m_tokens": 0, "cache_write_1h_tokens": 0,
                      "cache_read_tokens": 0},
            "text": json.dumps(answer),
            "request": {"content": content, "schema": schema},
        }
        with open(os.path.join(folder, f"{digest}.json"), "w") as f:
            json.dump(cassette, f, indent=4, ensure_ascii=False)
            f.write("\n")
    open(root + ".complete", "w").close()
    return root


def registry_for(store, root):
    """A prompt registry for the realistic store: each task at v1 and v2 (v2 current), its
    schema the one the recordings were made with."""
    prompts, schemas = os.path.join(root, "prompts"), os.path.join(root, "schemas")
    if os.path.exists(os.path.join(root, ".complete")):
        return prompts, schemas
    os.makedirs(schemas, exist_ok=True)
    with open(os.path.join(schemas, "answer.json"), "w") as f:
        f.write('{"type": "object"}')
    for task in sorted(os.listdir(store)):
        if not os.path.isdir(os.path.join(store, task)):
            continue
        os.makedirs(os.path.join(prompts, task), exist_ok=True)
        for v in (1, 2):
            with open(os.path.join(prompts, task, f"v{v}.md"), "w") as f:
                f.write(f"---\nid: bench/{task}\nversion: {v}\ntask: {task}\n"
                        f"schema: answer.json\n---\nThe {task} prompt, version {v}.\n")
    open(os.path.join(root, ".complete"), "w").close()
    return prompts, schemas


def rerecorded_repo(root, n):
    """A git repository at `root` whose store of `n` cassettes (ten tasks) was committed and
    then re-recorded in full (every answer and model changed), once."""
    import hashlib
    import json
    if os.path.exists(os.path.join(root, ".complete")):
        return root
    os.makedirs(root, exist_ok=True)
    git = lambda *a: subprocess.run(["git", "-C", root, *a], check=True, capture_output=True)
    git("init", "-q")
    def write(answer):
        for i in range(n):
            task = f"task{i % 10}"
            folder = os.path.join(root, "cassettes", task, "v1")
            os.makedirs(folder, exist_ok=True)
            digest = hashlib.md5(str(i).encode()).hexdigest()
            cassette = {
                "task": task, "prompt_id": None, "prompt_version": 1, "hash": digest,
                "model": "m2" if answer else "m1", "stop_reason": "end_turn",
                "refusal_category": None,
                "usage": {"input_tokens": 1200, "output_tokens": 300 + len(answer),
                          "cache_write_5m_tokens": 0, "cache_write_1h_tokens": 0,
                          "cache_read_tokens": 0},
                "text": json.dumps({"questions": [{"prompt": f"Question {i}?{answer}",
                                                   "choices": ["a", "b", "c"], "answer": 0}]}),
            }
            with open(os.path.join(folder, f"{digest}.json"), "w") as f:
                json.dump(cassette, f, indent=4)
    write("")
    git("add", "-A")
    git("-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "recordings")
    write(" (re-recorded)")
    open(os.path.join(root, ".complete"), "w").close()
    return root


def memory(n):
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    ulcas = os.path.join(ROOT, "target", "release", "ulcas")
    bench = os.path.join(ROOT, "target", "ulcas-bench")
    store = small_store(os.path.join(bench, f"small-{n}"), n, False)
    carded = small_store(os.path.join(bench, "material-100000"), 100_000, True)
    schema = os.path.join(bench, "object.json")
    with open(schema, "w") as f:
        f.write('{"type": "object"}')
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}\n")
    print("| work | peak RSS | bound |")
    print("| --- | --- | --- |")
    for name, argv in [
        (f"`verify --quiet`, {n:,} cassettes", [ulcas, "verify", "--quiet", store]),
        (f"`prune` plan, {n:,} cassettes", [ulcas, "prune", "--quiet", store]),
        (f"`prune --format json`, {n:,} cassettes", [ulcas, "prune", "--format", "json", store]),
        ("`migrate` plan, 100,000 cassettes of one version",
         [ulcas, "migrate", "card", carded, "--schema", schema, "--quiet"]),
    ]:
        _, rss, code = run(argv)
        if code not in (0, 1):
            sys.exit(f"{name}: ulcas exited {code}: {' '.join(argv)}")
        print(f"| {name} | {rss:.0f} MB | 64 MB |", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--memory", type=int, nargs="?", const=1_000_000)
    parser.add_argument("--million", action="store_true",
                        help="also `verify --quiet` on 1,000,000 cassettes (minutes a run)")
    args = parser.parse_args()
    if args.memory:
        return memory(args.memory)
    generated = subprocess.run(
        ["cargo", "bench", "--quiet", "--bench", "generate"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout
    paths = dict(line.split(" ", 1) for line in generated.splitlines() if " " in line)
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    ulcas = os.path.join(ROOT, "target", "release", "ulcas")
    bench = os.path.join(ROOT, "target", "ulcas-bench")
    store, lookup_store = paths["verify-store"], paths["lookup-store"]
    query, request = paths["lookup-query"], paths["request"]
    realistic = realistic_store(os.path.join(bench, "realistic-100000"), 100_000)
    prompts = registry_for(realistic, os.path.join(bench, "realistic-registry"))
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; the median of {args.runs} "
          "paired runs each (ulcas and its floor alternated, after two warm-up runs)\n")
    print("| work | ulcas | floor | ratio | target |")
    print("| --- | --- | --- | --- | --- |")
    cat_all = lambda root: f"find {root} -type f -print0 | xargs -0 cat >/dev/null"
    compare(
        "`verify --quiet`, 100,000 cassettes (generate.rs: twelve tasks, ~5.8 KB)",
        [ulcas, "verify", "--quiet", store], cat_all(store),
        args.runs, "≤ 1.0× `cat` of every file",
    )
    recorded = paths["recorded-store"]
    compare(
        "`verify --quiet`, 20,000 cassettes as `record` writes them (request material with the real quiz schema, non-ASCII content)",
        [ulcas, "verify", "--quiet", recorded], cat_all(recorded),
        args.runs, "≤ 1.0× `cat` of every file",
    )
    compare(
        "`verify --quiet`, 100,000 cassettes (compare.py: ten tasks, ~4 KB, 32% stale), no registry",
        [ulcas, "verify", "--quiet", realistic], cat_all(realistic),
        args.runs, "≤ 1.0× `cat` of every file",
    )
    compare(
        "the same with its prompt registry (schemas validated, staleness by prompt)",
        [ulcas, "verify", "--quiet", realistic, "--prompts", prompts[0], "--schemas", prompts[1]],
        cat_all(realistic),
        args.runs, "≤ 1.0× `cat` of every file",
    )
    if args.million:
        small = small_store(os.path.join(bench, "small-1000000"), 1_000_000, False)
        compare(
            "`verify --quiet`, 1,000,000 small cassettes",
            [ulcas, "verify", "--quiet", small], cat_all(small),
            max(3, args.runs // 3), "≤ 1.0× `cat` of every file",
        )
    compare(
        "`lookup`, full diagnosis, 10,000 same-task cassettes (generate.rs)",
        [ulcas, "lookup", query, "--cassettes", lookup_store, "--format", "json"],
        f"cat {os.path.join(lookup_store, 'lesson', 'v2')}/*.json >/dev/null",
        args.runs, "≤ 1.0× `cat` of the task folder",
    )
    shared = paths["shared-store"]
    compare(
        "`lookup`, full diagnosis, 10,000 recordings of one vocabulary, the query one word off",
        [ulcas, "lookup", paths["shared-query"], "--cassettes", shared, "--format", "json"],
        f"cat {os.path.join(shared, 'lesson', 'v2')}/*.json >/dev/null",
        args.runs, "≤ 1.0× `cat` of the task folder",
    )
    compare(
        "`hash` of a 16 MB request",
        [ulcas, "hash", request],
        f"sha256sum {request} >/dev/null",
        args.runs, "≤ 1.2× `sha256sum`",
    )
    repo = rerecorded_repo(os.path.join(bench, "rerecord-10000"), 10_000)
    compare(
        "`review --against HEAD`, 10,000 re-recorded cassettes",
        [ulcas, "review", "--against", "HEAD", os.path.join(repo, "cassettes"), "--format", "json"],
        f"git -C {repo} diff --numstat HEAD -- cassettes >/dev/null",
        args.runs, "≤ 2.0× `git diff --numstat`",
    )
    compare(
        "`prune` plan, the generate.rs 100,000 cassettes",
        [ulcas, "prune", "--quiet", store],
        [ulcas, "verify", "--quiet", store],
        args.runs, "≤ 1.0× `verify`", floor_is_shell=False,
    )


if __name__ == "__main__":
    main()
