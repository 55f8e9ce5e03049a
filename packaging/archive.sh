#!/usr/bin/env bash
# Packs a built ulcas into the release archive of its platform, with its sha256 file:
#
#   bash packaging/archive.sh TARGET BINARY OUT
#
# writes OUT/ulcas-VERSION-TARGET.tar.gz (a .zip for Windows) holding the folder
# ulcas-VERSION-TARGET/ (the binary, README.md, LICENSE, CHANGELOG.md, the shell completions and
# the man pages), and OUT/ulcas-VERSION-TARGET.tar.gz.sha256 in `sha256sum` format. VERSION is
# Cargo.toml's (ARCHIVE_VERSION overrides it: the tests pack a made-up release). Prints the
# archive's path.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 3 ] || { echo "usage: bash packaging/archive.sh TARGET BINARY OUT" >&2; exit 2; }
target="$1" binary="$2" out="$3"
[ -f "$binary" ] || { echo "archive.sh: $binary: no such file" >&2; exit 2; }
version="${ARCHIVE_VERSION:-$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)}"
name="ulcas-$version-$target"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name" "$out"
exe=ulcas
[[ "$target" == *windows* ]] && exe=ulcas.exe
cp "$binary" "$stage/$name/$exe"
chmod 755 "$stage/$name/$exe"
cp README.md LICENSE CHANGELOG.md "$stage/$name/"
cp -R completions "$stage/$name/completions"
out="$(cd "$out" && pwd)"
if [[ "$target" == *windows* ]]; then
  archive="$out/$name.zip"
  rm -f "$archive"
  if command -v 7z >/dev/null 2>&1; then
    (cd "$stage" && 7z a -tzip -bso0 "$archive" "$name")
  else
    (cd "$stage" && zip -qr "$archive" "$name")
  fi
else
  archive="$out/$name.tar.gz"
  # Reproducible: sorted names, no owner, the commit's time (SOURCE_DATE_EPOCH) where set.
  tar_flags=(--owner=0 --group=0 --numeric-owner --sort=name)
  if ! tar --version 2>/dev/null | grep -q GNU; then tar_flags=(); fi
  if [ -n "${SOURCE_DATE_EPOCH:-}" ] && [ ${#tar_flags[@]} -gt 0 ]; then
    tar_flags+=("--mtime=@$SOURCE_DATE_EPOCH")
  fi
  (cd "$stage" && tar "${tar_flags[@]}" -cf - "$name" | gzip -n -9 > "$archive")
fi
if command -v sha256sum >/dev/null 2>&1; then
  (cd "$out" && sha256sum "$(basename "$archive")" > "$archive.sha256")
else
  (cd "$out" && shasum -a 256 "$(basename "$archive")" > "$archive.sha256")
fi
echo "$archive"
