#!/usr/bin/env bash
# Everything on the Sanity side that can be checked offline (`npm run test:content`):
#   1. the schema is valid;
#   2. every seed document is valid against it, as the Studio would judge it;
#   3. the generated content types are committed and current;
#   4. the Studio builds.
set -euo pipefail
cd "$(dirname "$0")/.."

# No network for any of this. DO_NOT_TRACK=1 stops the CLI asking api.sanity.io for the telemetry
# consent (in the main process and the validation worker); NO_UPDATE_NOTIFIER=1 stops the npm
# lookup for a newer CLI. (SANITY_TELEMETRY_DISABLED is kept for older CLIs; 8.x reads DO_NOT_TRACK.)
export DO_NOT_TRACK=1 SANITY_TELEMETRY_DISABLED=1 NO_UPDATE_NOTIFIER=1
sanity=node_modules/.bin/sanity
[[ -x $sanity ]] || { echo "✖ $sanity is missing: run \`npm install\` first." >&2; exit 1; }

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
started=$SECONDS
step() {
  step_started=$SECONDS
  echo "== $1"
}
done_step() { echo "   ok ($((SECONDS - step_started)) s)"; }
fail() {
  echo "✖ test:content: $1" >&2
  exit 1
}

step "schema: sanity schema validate"
"$sanity" schema validate || fail "the schema in schemas/ is invalid (errors above)."
done_step

step "seed: every document of studio/seed/data.ndjson against the schema"
# The CLI wants a token even to read a local file. This one never leaves the machine: the seed
# holds every document it references, so no reference is looked up in a hosted dataset (and if
# one were missing, the lookup would fail rather than pass).
SANITY_AUTH_TOKEN=offline "$sanity" documents validate --file studio/seed/data.ndjson --yes --level warning ||
  fail "studio/seed/data.ndjson has documents the schema rejects (listed above by _id and field). Fix the seed, or the schema if the rule is wrong."
done_step

step "types: schemas/schema.json, schemas/sanity.types.ts and the content parsers match the schema and the queries"
# Regenerate in place, compare with what was there, and put that back: a check changes no file.
# The parsers (*.parser.ts) sit beside their queries (scripts/content-parsers.ts).
parsers() { find web supabase -name '*.parser.ts' -not -path '*/node_modules/*' | sort; }
generated=(schemas/schema.json schemas/sanity.types.ts $(parsers))
mkdir -p "$out/before"
cp --parents "${generated[@]}" "$out/before/"
restore() {
  (cd "$out/before" && cp --parents "${generated[@]}" "$OLDPWD/")
  for file in $(parsers); do [[ -e "$out/before/$file" ]] || rm "$file"; done
}
if ! npm run --silent typegen >"$out/typegen.log" 2>&1; then
  restore
  cat "$out/typegen.log" >&2
  fail "\`npm run typegen\` failed (output above)."
fi
stale=()
for file in "${generated[@]}"; do
  cmp -s "$file" "$out/before/$file" || stale+=("$file")
done
for file in $(parsers); do [[ -e "$out/before/$file" ]] || stale+=("$file (new)"); done
if ((${#stale[@]})); then
  for file in "${stale[@]}"; do diff -u "$out/before/$file" "$file" | head -40 >&2 || true; done
  restore
  fail "out of date: ${stale[*]} (typegen's changes are above). Run \`npm run typegen\` and commit the result."
fi
done_step

step "studio: sanity build"
# Into a temporary folder: the CLI's default, dist/, is where the site's build goes.
"$sanity" build "$out/studio" --yes </dev/null >"$out/build.log" 2>&1 || {
  cat "$out/build.log" >&2
  fail "the Studio does not build (output above)."
}
done_step

echo "test:content passed in $((SECONDS - started)) s"
