#!/usr/bin/env bash
# What can be checked of the Sanity side offline: the schema, and that the generated content
# types are committed and current. (The seed is checked against the schema by
# `npm run content:validate`, which needs minutes offline while the CLI waits on the network.)
set -euo pipefail
cd "$(dirname "$0")/.."
# The CLI's telemetry would wait on the network for minutes here.
export DO_NOT_TRACK=1 SANITY_TELEMETRY_DISABLED=1

echo "== sanity schema validate"
npx sanity schema validate

echo "== generated types are current"
npm run --silent typegen >/dev/null
if ! git diff --exit-code --stat -- schemas/schema.json schemas/sanity.types.ts; then
  echo "schemas/sanity.types.ts is out of date: run \`npm run typegen\` and commit the result." >&2
  exit 1
fi
