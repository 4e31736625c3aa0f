#!/usr/bin/env bash
# Builds the default templates templates/<name>.odt (invoice, credit-note, debit-note) from their
# reviewable flat-XML sources templates/source/<name>.fodt, then checks that LibreOffice kept every
# carbone marker intact (it may split text into spans).
# Usage: templates/source/build.sh [name...]   (needs soffice and unzip; default: all three)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
templates="$(dirname "$here")"
names=("$@")
[[ ${#names[@]} -gt 0 ]] || names=(invoice credit-note debit-note)

soffice_bin="${SOFFICE:-$(command -v soffice || true)}"
for candidate in /usr/lib/libreoffice/program/soffice /opt/libreoffice*/program/soffice; do
  [[ -n "$soffice_bin" ]] && break
  [[ -x "$candidate" ]] && soffice_bin="$candidate"
done
[[ -n "$soffice_bin" ]] || { echo "soffice not found (set SOFFICE=/path/to/soffice)" >&2; exit 1; }

# A private profile: a running LibreOffice (or the service's converter) would otherwise
# take the job over, or lock the default profile.
profile="$(mktemp -d)"
outdir="$(mktemp -d)"
trap 'rm -rf "$profile" "$outdir"' EXIT

markers() { grep -o '{[^{}]*}' | grep '^{d\.' | sort -u; }

for name in "${names[@]}"; do
  source_file="$here/$name.fodt"
  built_file="$templates/$name.odt"
  [[ -f "$source_file" ]] || { echo "no source $source_file" >&2; exit 1; }

  "$soffice_bin" --headless --norestore "-env:UserInstallation=file://$profile" \
    --convert-to odt --outdir "$outdir" "$source_file" 2>&1 | grep -v javaldx || true
  [[ -s "$outdir/$name.odt" ]] || { echo "conversion of $name produced no file" >&2; exit 1; }

  expected="$(markers < "$source_file")"
  actual="$(unzip -p "$outdir/$name.odt" content.xml styles.xml | markers)"
  if [[ "$expected" != "$actual" ]]; then
    echo "markers of $name changed by the conversion:" >&2
    diff <(echo "$expected") <(echo "$actual") >&2 || true
    exit 1
  fi

  mv "$outdir/$name.odt" "$built_file"
  echo "built $built_file ($(echo "$expected" | wc -l) distinct markers intact)"
done
