#!/usr/bin/env bash
# What can be checked of the Sanity side offline: the schema, every seed document against it,
# and that the generated content types are committed and current.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== sanity schema validate"
npx sanity schema validate

echo "== seed documents against the schema"
# The CLI wants a token even for a local file; nothing is sent anywhere.
SANITY_AUTH_TOKEN="${SANITY_AUTH_TOKEN:-offline}" npx sanity documents validate --file studio/seed/data.ndjson --yes

echo "== generated types are current"
npm run --silent typegen >/dev/null
if ! git diff --exit-code --stat -- schemas/schema.json schemas/sanity.types.ts; then
  echo "schemas/sanity.types.ts is out of date: run \`npm run typegen\` and commit the result." >&2
  exit 1
fi
