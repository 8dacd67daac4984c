#!/usr/bin/env bash
# The server the end-to-end tests run against: the production build (`npm run build`
# must have run) on a fresh embedded database with the demo data, run the way `npm start`
# runs it: plain Node 24, no development packages.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-$(mktemp -d /tmp/storefront-e2e.XXXXXX)}"
export HOST=127.0.0.1
node src/server/cli/seed.ts --if-empty
# Every test shopper places from 127.0.0.1: the placement limits (ADR 010) are lifted for
# this server; the API tests prove them.
node src/server/cli/settings.ts set order_limit_per_account 100000 >/dev/null
node src/server/cli/settings.ts set order_limit_per_address 100000 >/dev/null
NODE_ENV=production exec node src/server/http/serve.ts
