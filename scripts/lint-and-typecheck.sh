#!/usr/bin/env bash
# `npm run lint` and `npm run typecheck` side by side, for `npm test`: both only read the tree, and
# each is mostly one core (ESLint, then Prettier; tsc, then deno check), so on CI's two cores the
# pair takes about as long as the longer one. Each one's output is shown whole, in turn, once both
# have ended; the exit code is non-zero if either failed.
set -uo pipefail
cd "$(dirname "$0")/.."

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for script in lint typecheck; do
  (npm run --silent "$script" >"$out/$script.log" 2>&1 </dev/null; echo $? >"$out/$script.rc") &
done
wait

failed=()
for script in lint typecheck; do
  echo "== npm run $script"
  cat "$out/$script.log"
  [[ $(cat "$out/$script.rc") == 0 ]] || failed+=("$script")
done
if ((${#failed[@]})); then
  echo "✖ failed: ${failed[*]} (output above)" >&2
  exit 1
fi
