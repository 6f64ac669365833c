#!/usr/bin/env bash
# `npm test`: everything, in order, stopping at the first failing section.
#   dependencies · Chromium · typecheck, lint and format (side by side) · unit + emulator contract (vitest)
#   · contract on PostgreSQL 15 · end-to-end (Playwright, builds the site) · bundle budget
# The last line is the count of tests run: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

reports=.tmp/test-reports
rm -rf "$reports" && mkdir -p "$reports"
started=$SECONDS
current=""

section() {
  current="$1"
  section_started=$SECONDS
  printf '\n\033[1m=== %s ===\033[0m\n' "$1"
}
passed() { printf '\033[32m--- %s: ok (%ss)\033[0m\n' "$current" "$((SECONDS - section_started))"; }

# Counts from the JSON/TAP reports of the runners that got as far as writing one; a section that
# failed without a test report (typecheck, lint …) counts as one failure.
summary() {
  node - "$reports" "$1" <<'JS'
const fs = require('node:fs');
const [dir, status] = process.argv.slice(2);
const read = (name) => {
  try { return fs.readFileSync(`${dir}/${name}`, 'utf8'); } catch { return null; }
};
let pass = 0, fail = 0;
const vitest = read('vitest.json');
if (vitest) {
  const r = JSON.parse(vitest);
  pass += r.numPassedTests; fail += r.numFailedTests;
}
const playwright = read('playwright.json');
if (playwright) {
  const s = JSON.parse(playwright).stats;
  pass += s.expected; fail += s.unexpected + s.flaky;
}
const budget = read('budget.tap');
if (budget) {
  pass += Number(/^# pass (\d+)/m.exec(budget)?.[1] ?? 0);
  fail += Number(/^# fail (\d+)/m.exec(budget)?.[1] ?? 0);
}
if (status !== '0' && fail === 0) fail = 1;
console.log(`${pass} passed, ${fail} failed`);
JS
}

finish() {
  local status=$?
  local elapsed=$((SECONDS - started))
  if [ "$status" -ne 0 ]; then
    printf '\n\033[31mFAILED in "%s" after %dm%02ds\033[0m\n' "$current" $((elapsed / 60)) $((elapsed % 60))
  else
    printf '\n\033[32mAll sections passed in %dm%02ds\033[0m\n' $((elapsed / 60)) $((elapsed % 60))
  fi
  summary "$status" || echo "0 passed, 1 failed"
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT TERM

run() { "$@" || exit $?; }

section "dependencies"
if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] ||
  [ package-lock.json -nt node_modules/.package-lock.json ] || [ package.json -nt node_modules/.package-lock.json ]; then
  run npm ci --no-audit --no-fund
else
  echo "node_modules is up to date with package-lock.json"
fi
passed

section "chromium"
CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh)" || exit 1
export CHROMIUM_PATH
passed

# Single-threaded tools side by side: 85 s one after another, about 50 s together on 2 cores.
# Each one's output is printed whole once it ends, and every one that failed is named. gen-types
# fails when src/data/database.types.ts has drifted from supabase/migrations.
section "typecheck (tsc), lint (eslint), format (prettier) and generated types, side by side"
static_checks() {
  local logs="$reports/static" names=(tsc eslint prettier gen-types) pids=() failed=() i
  mkdir -p "$logs"
  npx tsc -p tsconfig.json --noEmit >"$logs/tsc.log" 2>&1 &
  pids+=($!)
  npx eslint . --max-warnings 0 >"$logs/eslint.log" 2>&1 &
  pids+=($!)
  npx prettier --check . --log-level warn >"$logs/prettier.log" 2>&1 &
  pids+=($!)
  npx tsx scripts/gen-types.ts --check >"$logs/gen-types.log" 2>&1 &
  pids+=($!)
  for i in "${!names[@]}"; do
    if wait "${pids[$i]}"; then
      echo "${names[$i]}: ok"
    else
      failed+=("${names[$i]}")
      echo "${names[$i]}: FAILED"
    fi
    cat "$logs/${names[$i]}.log"
  done
  if [ ${#failed[@]} -gt 0 ]; then
    current="$current: ${failed[*]} failed"
    return 1
  fi
}
run static_checks
passed

section "unit, component and emulator contract tests (vitest)"
run npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
passed

section "emulator contract tests on PostgreSQL 15"
if [ -f scripts/test-postgres.sh ]; then
  run bash scripts/test-postgres.sh
else
  echo "skipped: scripts/test-postgres.sh is not there yet"
fi
passed

section "end-to-end tests (playwright; builds the site against the test emulator)"
# No traces in the full run: recording one for every test (to keep the failures') took a fifth of
# the browser time here (152 s against 189 s for the accessibility specs), and a full run prints
# what failed. `npx playwright test <spec>` records a trace of each failure (playwright.config.ts).
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" run npx playwright test --trace off
passed

section "bundle budget (the build the end-to-end tests used)"
# The test defaults to the e2e build directory (tests/e2e/servers.ts).
run npx tsx --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$reports/budget.tap" tests/budget/*.test.ts
passed
