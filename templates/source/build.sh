#!/usr/bin/env bash
# Builds templates/invoice.odt from the reviewable flat-XML source templates/source/invoice.fodt,
# then checks that LibreOffice kept every carbone marker intact (it may split text into spans).
# Usage: templates/source/build.sh   (needs soffice and unzip)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
templates="$(dirname "$here")"
source_file="$here/invoice.fodt"
built_file="$templates/invoice.odt"

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

"$soffice_bin" --headless --norestore "-env:UserInstallation=file://$profile" \
  --convert-to odt --outdir "$outdir" "$source_file" 2>&1 | grep -v javaldx || true
[[ -s "$outdir/invoice.odt" ]] || { echo "conversion produced no file" >&2; exit 1; }

markers() { grep -o '{[^{}]*}' | grep '^{d\.' | sort -u; }
expected="$(markers < "$source_file")"
actual="$(unzip -p "$outdir/invoice.odt" content.xml styles.xml | markers)"
if [[ "$expected" != "$actual" ]]; then
  echo "markers changed by the conversion:" >&2
  diff <(echo "$expected") <(echo "$actual") >&2 || true
  exit 1
fi

mv "$outdir/invoice.odt" "$built_file"
echo "built $built_file ($(echo "$expected" | wc -l) distinct markers intact)"
