#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit and API tests (on PGlite and on PostgreSQL), then the
# end-to-end tests in Chromium against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/system-deps.sh
ensure_chromium
ensure_postgres_binaries

# Each step says how long the one before it took, and the run ends with every step's time.
timings=()
step_name=""
step_started=$SECONDS
end_step() {
  if [ -n "$step_name" ]; then timings+=("$(printf '%5ds  %s' $((SECONDS - step_started)) "$step_name")"); fi
}
step() {
  end_step
  step_name="$*"
  step_started=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$*"
}

# Side by side: each is one busy core for about a minute. The lint's output follows the
# typecheck's, and either failing fails the run.
step "Typecheck and lint (side by side)"
lint_log=$(mktemp /tmp/storefront-lint.XXXXXX)
npm run lint >"$lint_log" 2>&1 &
lint_pid=$!
typecheck_status=0
npm run typecheck || typecheck_status=$?
lint_status=0
wait "$lint_pid" || lint_status=$?
cat "$lint_log"
rm -f "$lint_log"
if [ "$typecheck_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then
  echo "Typecheck exited $typecheck_status, lint exited $lint_status" >&2
  exit 1
fi

# The demo's pictures are drawn once for the run: the e2e server's seed draws them into this
# directory and every later fresh database (the e2e variant servers, the crash, restart and
# two-process scripts) links them from there instead of drawing 2,400 pictures again.
export SEED_IMAGES_DIR="${SEED_IMAGES_DIR:-$(mktemp -d /tmp/storefront-seed-images.XXXXXX)}"
cleanup() {
  if [ "$(type -t stop_throwaway_postgres)" = function ]; then stop_throwaway_postgres; fi
  case "$SEED_IMAGES_DIR" in /tmp/storefront-seed-images.*) rm -rf "$SEED_IMAGES_DIR" ;; esac
}
trap cleanup EXIT

# PostgreSQL: the given server, or a throwaway cluster on 127.0.0.1 for this run.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  source scripts/lib/throwaway-postgres.sh
  start_throwaway_postgres
fi

step "Unit and API tests (PGlite and PostgreSQL)"
TEST_DATABASE_URL="$TEST_DATABASE_URL" npx vitest run

step "Build"
npm run build

step "End-to-end tests (Chromium, production build)"
npx playwright test

# Crash safety (ADR 013): the server SIGKILLed while checkouts are placed leaves each order
# whole or absent, on PGlite and on PostgreSQL (about 2 minutes together on a busy 2-core machine).
step "Crash test of order placement (PGlite, then PostgreSQL)"
npm run crash
npm run crash -- --postgres

# A PostgreSQL restart under load, then a stop: the server keeps running, answers 503 meanwhile
# and serves again by itself, with every acknowledged order kept (about 2 minutes with its seed).
step "PostgreSQL restart under load"
npm run db-restart

# Two server processes on one PostgreSQL (ADR 018): a change made through one shows on the
# other's cached pages at once, across a PostgreSQL restart; nobody gets another's page.
step "Page cache with two processes"
npm run page-cache-processes

# Live updates with two processes on one PostgreSQL (ADR 020): a ticket answer and an order's
# status sent through one process appear without a reload in Chromium on the other, across a
# PostgreSQL restart and a kill of that process, each exactly once.
step "Live updates with two processes"
npm run live-processes

end_step
printf '\n\033[1m== Time per step\033[0m\n'
printf '%s\n' "${timings[@]}"
printf '%5ds  total\n' "$SECONDS"
