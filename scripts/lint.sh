#!/usr/bin/env bash
# `npm run lint`: ESLint, Prettier's check and the layer rules (dependency-cruiser). The three run
# side by side, since ESLint's type-aware pass keeps one core busy for most of the run; each one's
# output is printed whole, under its name, in a fixed order. Exits 1 when any of them failed.
# `npm run format` (`--format`): Prettier's formatting only.
# `npm run lint:fix` (`--fix`): ESLint's fixes, then Prettier's formatting, last so that the layout
# is Prettier's; what ESLint cannot fix is printed and makes it exit 1.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

BIN=node_modules/.bin
ESLINT_PATHS=(src config migrations test bench scripts jest.config.ts)
PRETTIER_PATHS=('{src,config,migrations,test,bench,scripts}/**/*.ts' 'src/**/*.tsx' jest.config.ts eslint.config.mjs .dependency-cruiser.js)

if [[ ${1:-} == --format ]]; then
  exec "$BIN/prettier" --write --log-level warn "${PRETTIER_PATHS[@]}"
fi
if [[ ${1:-} == --fix ]]; then
  "$BIN/eslint" --fix "${ESLINT_PATHS[@]}"
  eslint_rc=$?
  "$BIN/prettier" --write --log-level warn "${PRETTIER_PATHS[@]}" || exit 1
  exit "$eslint_rc"
fi
[[ -z ${1:-} ]] || { echo "usage: $0 [--format | --fix]" >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# check NAME COMMAND...: runs in the background; leaves NAME.log, NAME.rc and NAME.s in $out.
check() {
  local name=$1
  shift
  (
    start=$(date +%s)
    "$@" >"$out/$name.log" 2>&1
    echo $? >"$out/$name.rc"
    echo $(($(date +%s) - start)) >"$out/$name.s"
  ) &
}

check eslint "$BIN/eslint" --max-warnings 0 "${ESLINT_PATHS[@]}"
check prettier "$BIN/prettier" --check --log-level warn "${PRETTIER_PATHS[@]}"
check layers "$BIN/depcruise" src config --config .dependency-cruiser.js --output-type err
wait

failed=()
for name in eslint prettier layers; do
  rc=$(cat "$out/$name.rc")
  if [[ $rc == 0 ]]; then status=ok; else status="FAILED (exit $rc)"; failed+=("$name"); fi
  printf -- '---- %s: %s in %ss\n' "$name" "$status" "$(cat "$out/$name.s")"
  # Prettier and ESLint print nothing when all is well.
  [[ $rc == 0 && $name != layers ]] || cat "$out/$name.log"
done
if ((${#failed[@]})); then
  echo "lint failed: ${failed[*]} (npm run lint:fix fixes layout and what ESLint can)"
  exit 1
fi
echo "lint: ok"
