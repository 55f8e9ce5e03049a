#!/usr/bin/env bash
# Byte-identical output before and after a refactor: every read-only command, in every format,
# on the sample store, the monorepo stores and a large generated store.
#
#   benches/same_output.sh run BIN OUT      # record stdout, stderr and exit code of each run
#   benches/same_output.sh compare A B      # diff two recordings (exit 1 on any difference)
#
# Typical use: build the old commit's binary, `run` it into /tmp/before, build the new one,
# `run` it into /tmp/after, then `compare /tmp/before /tmp/after`. The large store is the
# 100,000-cassette store of `cargo bench --bench generate` (skipped when it is not there).
# Commands that write (record, prune --delete, migrate --write, lock) run on throw-away copies.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)

run_all() {
    local bin=$1 out=$2
    mkdir -p "$out"
    local work
    work=$(mktemp -d)
    trap 'rm -rf "$work"' RETURN
    # The monorepo laid out as users do.
    mkdir -p "$work/mono/api/packages"
    cp -r "$here/tests/data/ulams/course-builder" "$here/tests/data/ulams/living-course" \
        "$work/mono/api/packages/"
    cp "$here/tests/readme/monorepo/ulcas.toml" "$work/mono/"
    cp -r "$here/cassettes" "$work/sample"
    # A re-recording against git: the sample store committed, then one answer changed.
    mkdir "$work/git" && cp -r "$here/cassettes" "$work/git/cassettes"
    (cd "$work/git" && export GIT_AUTHOR_DATE=2026-01-01T00:00:00Z GIT_COMMITTER_DATE=2026-01-01T00:00:00Z && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm base)
    find "$work/git" -name '*.json' -path '*/v1/*' | sort | head -1 | xargs sed -i 's/"model": "/"model": "x-/'
    local big="$here/target/ulcas-bench/store-100000"
    local req="$here/tests/fixtures/requests"

    one() { # name, folder, args...
        local name=$1 dir=$2
        shift 2
        local code=0
        (cd "$dir" && NO_COLOR=1 COLUMNS=100 "$bin" "$@") >"$out/$name.out" 2>"$out/$name.err" || code=$?
        # Temporary folders differ between runs; name them the same.
        sed -i "s#$work#WORK#g" "$out/$name.out" "$out/$name.err"
        echo "$code" >"$out/$name.code"
    }

    for f in human json github sarif; do
        one "verify-sample-$f" "$work/sample" verify . --format "$f"
        one "verify-mono-$f" "$work/mono" verify --format "$f"
        [ -d "$big" ] && one "verify-big-$f" "$here" verify "$big" --format "$f" --quiet
    done
    for f in human json github; do
        one "prune-sample-$f" "$work/sample" prune . --format "$f"
        one "prune-mono-$f" "$work/mono" prune --format "$f"
        [ -d "$big" ] && one "prune-big-$f" "$here" prune "$big" --format "$f"
        one "migrate-mono-$f" "$work/mono" migrate grounding --format "$f"
        one "migrate-sample-$f" "$work/sample" migrate outline . --format "$f"
    done
    for f in human json; do
        for r in "$req"/*.json; do
            local n
            n=$(basename "$r" .json)
            one "lookup-sample-$n-$f" "$work/sample" lookup "$r" --cassettes . --format "$f"
            one "hash-$n-$f" "$work/sample" hash "$r" --format "$f"
            one "normalize-$n-$f" "$work/sample" normalize "$r" --format "$f"
            one "lookup-synthetic-$n-$f" "$work/sample" lookup "$r" --cassettes . --mode synthetic --format "$f"
        done
        one "diff-requests-$f" "$work/sample" diff "$req/outline.json" "$here/tests/data/requests/outline-edited.json" --format "$f"
        one "diff-stores-$f" "$work/mono" diff api/packages/course-builder/tests/cassettes api/packages/living-course/tests/cassettes --format "$f"
        one "backfill-mono-$f" "$work/mono" backfill --requests "$req" --format "$f"
    done
    for f in human json markdown html; do
        one "review-sample-$f" "$work/sample" review outline . --format "$f"
        one "review-against-$f" "$work/git" review --against HEAD cassettes --format "$f"
    done
    one "verify-sample-requests" "$work/sample" verify . --requests "$req"
    one "prune-sample-requests-json" "$work/sample" prune . --requests "$req" --format json
    # Writes, on copies made for this run.
    one "prune-delete-sample" "$work/sample" prune . --delete --format json
    one "lock-write-mono" "$work/mono" lock --format json
}

case "${1:-}" in
run) run_all "$(realpath "$2")" "$(realpath -m "$3")" ;;
compare)
    if diff -r "$2" "$3"; then
        echo "same output: $(find "$2" -name '*.code' | wc -l) runs"
    else
        echo "outputs differ" >&2
        exit 1
    fi
    ;;
*)
    sed -n '2,11p' "$0" >&2
    exit 2
    ;;
esac
