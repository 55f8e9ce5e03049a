#!/usr/bin/env bash
# Installs a released `ulcas` for this runner: the archive of its platform from the release,
# checked against the release's sha256 file, unpacked into a cache folder (kept across runs by
# the Action's cache step, or by a self-hosted runner's tool cache), and put on the PATH.
#
# Inputs (environment):
#   ULCAS_VERSION       the release, as `0.3.0` or `v0.3.0` (required)
#   ULCAS_DOWNLOAD_URL  where the releases are (default: this repository's GitHub releases);
#                       the archive is $ULCAS_DOWNLOAD_URL/v$VERSION/ulcas-$VERSION-$TARGET.$EXT
#   ULCAS_CACHE_DIR     the cache folder (default: $RUNNER_TOOL_CACHE/ulcas)
#   RUNNER_OS, RUNNER_ARCH, GITHUB_PATH, GITHUB_OUTPUT   as GitHub Actions sets them
# Outputs: `path` (the folder holding the binary) and `cache-hit` in $GITHUB_OUTPUT.
set -euo pipefail

fail() {
  echo "::error title=ulcas install::$*" >&2
  exit 1
}

version="${ULCAS_VERSION:-}"
version="${version#v}"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$ ]] \
  || fail "version: '${ULCAS_VERSION:-}' is not a release version such as 0.3.0"
case "$version" in
  *-*) fail "version: $version is a development version, never released; name a release (CHANGELOG.md lists them)" ;;
esac

case "${RUNNER_OS:-}/${RUNNER_ARCH:-}" in
  Linux/X64) target=x86_64-unknown-linux-musl ext=tar.gz ;;
  Linux/ARM64) target=aarch64-unknown-linux-musl ext=tar.gz ;;
  macOS/X64) target=x86_64-apple-darwin ext=tar.gz ;;
  macOS/ARM64) target=aarch64-apple-darwin ext=tar.gz ;;
  Windows/X64) target=x86_64-pc-windows-msvc ext=zip ;;
  *) fail "no ulcas release for ${RUNNER_OS:-?}/${RUNNER_ARCH:-?} (there are Linux X64 and ARM64, macOS X64 and ARM64, Windows X64); build from source: cargo install ulcas --version $version --locked" ;;
esac

exe=ulcas
[[ "$target" == *windows* ]] && exe=ulcas.exe
base="${ULCAS_DOWNLOAD_URL:-https://github.com/ulcas/ulcas/releases/download}"
cache="${ULCAS_CACHE_DIR:-${RUNNER_TOOL_CACHE:-${TMPDIR:-/tmp}}/ulcas}/$version/$target"
name="ulcas-$version-$target.$ext"

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

hit=false
if [ -x "$cache/$exe" ] && [ -f "$cache/.sha256" ]; then
  hit=true
  echo "ulcas $version ($target): from the cache $cache"
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  echo "ulcas $version ($target): downloading $base/v$version/$name"
  curl --fail --silent --show-error --location --retry 3 --proto '=https,http' \
    --output "$work/$name" "$base/v$version/$name" \
    || fail "could not download $base/v$version/$name (is $version a release?)"
  curl --fail --silent --show-error --location --retry 3 --proto '=https,http' \
    --output "$work/$name.sha256" "$base/v$version/$name.sha256" \
    || fail "could not download $base/v$version/$name.sha256"
  expected="$(cut -d' ' -f1 < "$work/$name.sha256" | tr -d '\r\n')"
  actual="$(sha256 "$work/$name")"
  [[ "$expected" =~ ^[0-9a-f]{64}$ ]] || fail "$name.sha256 holds no sha256"
  [ "$expected" = "$actual" ] \
    || fail "$name: sha256 $actual, but the release says $expected: not installed"
  mkdir -p "$work/unpacked"
  if [ "$ext" = zip ]; then
    (cd "$work/unpacked" && unzip -q "../$name") || fail "$name: cannot unpack"
  else
    tar -xzf "$work/$name" -C "$work/unpacked" || fail "$name: cannot unpack"
  fi
  found="$(find "$work/unpacked" -type f -name "$exe" | head -n 1)"
  [ -n "$found" ] || fail "$name holds no $exe"
  # Into the cache through a temporary folder renamed into place: a cache folder is whole or
  # absent, never half-written (two jobs on one self-hosted runner may install at once).
  mkdir -p "$(dirname "$cache")"
  staged="$(mktemp -d "$(dirname "$cache")/.staged-XXXXXX")"
  cp "$found" "$staged/$exe"
  chmod 755 "$staged/$exe"
  echo "$actual" > "$staged/.sha256"
  if [ -e "$cache" ] && [ ! -x "$cache/$exe" ]; then
    rm -rf "$cache" # an empty or partial folder (a cache restored without the binary)
  fi
  if [ -e "$cache" ] || ! mv "$staged" "$cache" 2>/dev/null; then
    rm -rf "$staged"
    [ -x "$cache/$exe" ] || fail "cannot write the cache folder $cache"
  fi
fi

"$cache/$exe" --version >/dev/null 2>&1 || fail "$cache/$exe does not run on this runner"
if [ -n "${GITHUB_PATH:-}" ]; then
  echo "$cache" >> "$GITHUB_PATH"
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  {
    echo "path=$cache"
    echo "cache-hit=$hit"
  } >> "$GITHUB_OUTPUT"
fi
echo "ulcas $version installed: $cache/$exe"
