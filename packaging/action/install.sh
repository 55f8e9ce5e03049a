#!/usr/bin/env bash
# Installs a released `ulcas` for this runner: the archive of its platform from the release,
# checked against the release's sha256 file, unpacked into a cache folder (kept across runs by
# the Action's cache step, or by a self-hosted runner's tool cache), and put on the PATH. A
# cached install is checked too: its archive against the release's sha256 (fetched each run),
# its binary against the archive's.
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

# The release's own word on the archive: fetched every run (a few bytes), so that neither a
# download nor a cache (which another job or a poisoned restore may have written) is trusted.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
curl --fail --silent --show-error --location --retry 3 --proto '=https,http' \
  --output "$work/$name.sha256" "$base/v$version/$name.sha256" \
  || fail "could not download $base/v$version/$name.sha256 (is $version a release?)"
expected="$(cut -d' ' -f1 < "$work/$name.sha256" | tr -d '\r\n')"
[[ "$expected" =~ ^[0-9a-f]{64}$ ]] || fail "$name.sha256 holds no sha256"

# The binary an archive holds, unpacked into $1.
unpack() {
  mkdir -p "$1"
  if [ "$ext" = zip ]; then
    (cd "$1" && unzip -q "$2") || fail "$name: cannot unpack"
  else
    tar -xzf "$2" -C "$1" || fail "$name: cannot unpack"
  fi
  found="$(find "$1" -type f -name "$exe" | head -n 1)"
  [ -n "$found" ] || fail "$name holds no $exe"
  echo "$found"
}

hit=false
if [ -x "$cache/$exe" ] && [ -f "$cache/$name" ]; then
  # The cached archive must be the release's, and the cached binary the one it holds.
  actual="$(sha256 "$cache/$name")"
  [ "$actual" = "$expected" ] \
    || fail "the cached $name has sha256 $actual, but the release says $expected: not used (clear the cache $cache)"
  member="$(unpack "$work/check" "$cache/$name")"
  cmp -s "$member" "$cache/$exe" \
    || fail "the cached $cache/$exe is not the binary $name holds: not used (clear the cache $cache)"
  hit=true
  echo "ulcas $version ($target): from the cache $cache (checked against the release's sha256)"
else
  echo "ulcas $version ($target): downloading $base/v$version/$name"
  curl --fail --silent --show-error --location --retry 3 --proto '=https,http' \
    --output "$work/$name" "$base/v$version/$name" \
    || fail "could not download $base/v$version/$name (is $version a release?)"
  actual="$(sha256 "$work/$name")"
  [ "$expected" = "$actual" ] \
    || fail "$name: sha256 $actual, but the release says $expected: not installed"
  found="$(unpack "$work/unpacked" "$work/$name")"
  # Into the cache through a temporary folder renamed into place: a cache folder is whole or
  # absent, never half-written (two jobs on one self-hosted runner may install at once). The
  # archive is kept beside the binary: a later run checks both against the release.
  mkdir -p "$(dirname "$cache")"
  staged="$(mktemp -d "$(dirname "$cache")/.staged-XXXXXX")"
  cp "$found" "$staged/$exe"
  cp "$work/$name" "$staged/$name"
  chmod 755 "$staged/$exe"
  if [ -e "$cache" ] && { [ ! -x "$cache/$exe" ] || [ ! -f "$cache/$name" ]; }; then
    rm -rf "$cache" # an empty or partial folder, or one of an older install without its archive
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
