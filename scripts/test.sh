#!/usr/bin/env bash
# `npm test`: everything, stopping after the first step that has a failing stage.
#   dependencies · Chromium
#   · typecheck, lint, format, generated types and the end-to-end site's build, side by side
#   · unit + emulator contract (vitest, PGlite) beside the contract tests on PostgreSQL 15
#   · end-to-end (Playwright, a worker's emulator each, serving the build made above)
#   · bundle budget (that build)
# Stages that run side by side each write to a log, printed whole when the step ends, and every
# one that failed is named. The end prints each stage's wall and CPU seconds, then the count of
# tests run: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

reports=.tmp/test-reports
rm -rf "$reports" && mkdir -p "$reports/logs"
started=$SECONDS
current=""
timings=()

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

# "stage wall user sys" lines, written by each stage as it ends: the table at the end.
stage_table() {
  [ ${#timings[@]} -eq 0 ] && return
  printf '\n%-34s %7s %7s\n' 'stage' 'wall s' 'CPU s'
  local line name wall user sys
  for line in "${timings[@]}"; do
    read -r name wall user sys <<<"$line"
    printf '%-34s %7s %7s\n' "$name" "$wall" "$(awk "BEGIN { printf \"%.0f\", $user + $sys }")"
  done
  # The shell's children: every stage (a server a stage started as a daemon is not counted).
  local user sys
  times >"$reports/logs/total.times"
  read -r user sys < <(sed -n 2p "$reports/logs/total.times")
  printf '%-34s %7s %7.0f\n' 'total' "$((SECONDS - started))" "$(awk "BEGIN { print $(cpu_seconds "$user") + $(cpu_seconds "$sys") }")"
}

finish() {
  local status=$?
  local elapsed=$((SECONDS - started))
  stage_table
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

# seconds of CPU ("1m2.5s" → 62.5) from a `times` field
cpu_seconds() { awk -v t="$1" 'BEGIN { split(t, p, /[ms]/); printf "%.1f", p[1] * 60 + p[2] }'; }

# side_by_side NAME COMMAND [NAME COMMAND ...]: starts every stage at once, each writing its log,
# then waits for each in turn, prints its log whole and its time, and fails naming every stage
# that failed. A stage's CPU time is its processes' (`times` in its own subshell).
side_by_side() {
  local names=() pids=() failed=() i name
  while [ $# -gt 0 ]; do
    name="$1"
    names+=("$name")
    (
      begun=$SECONDS
      bash -c "$2" >"$reports/logs/$name.log" 2>&1
      code=$?
      # A builtin redirected, not piped: in a pipeline it would count a new subshell's children.
      times >"$reports/logs/$name.times"
      read -r user sys < <(sed -n 2p "$reports/logs/$name.times")
      echo "$name $((SECONDS - begun)) $(cpu_seconds "$user") $(cpu_seconds "$sys")" >"$reports/logs/$name.time"
      exit $code
    ) &
    pids+=($!)
    shift 2
  done
  for i in "${!names[@]}"; do
    name="${names[$i]}"
    if wait "${pids[$i]}"; then
      printf '\033[32m--- %s: ok\033[0m\n' "$name"
    else
      failed+=("$name")
      printf '\033[31m--- %s: FAILED\033[0m\n' "$name"
    fi
    cat "$reports/logs/$name.log"
    timings+=("$(cat "$reports/logs/$name.time" 2>/dev/null || echo "$name ? 0 0")")
  done
  if [ ${#failed[@]} -gt 0 ]; then
    current="$current: ${failed[*]} failed"
    return 1
  fi
}

section "dependencies"
if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] ||
  [ package-lock.json -nt node_modules/.package-lock.json ] || [ package.json -nt node_modules/.package-lock.json ]; then
  run side_by_side npm-ci 'npm ci --no-audit --no-fund'
else
  echo "node_modules is up to date with package-lock.json"
fi
passed

section "chromium"
CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh)" || exit 1
export CHROMIUM_PATH
passed

# Single-threaded tools side by side, with the site the end-to-end tests use (built against a
# seeded emulator whose database every Playwright worker then copies): nothing here waits on
# another. gen-types fails when src/data/database.types.ts has drifted from supabase/migrations.
section "typecheck, lint, format, generated types and the end-to-end site's build, side by side"
run side_by_side \
  tsc 'npx tsc -p tsconfig.json --noEmit' \
  eslint 'npx eslint . --max-warnings 0' \
  prettier 'npx prettier --check . --log-level warn' \
  gen-types 'npx tsx scripts/gen-types.ts --check' \
  e2e-site-build 'npx tsx tests/e2e/build-site.ts'
passed

# The contract tests on PostgreSQL wait on its server as much as on the CPU: beside vitest's
# own run they fill the cores vitest leaves idle.
section "unit, component and contract tests (vitest, PGlite) beside the contract tests on PostgreSQL 15"
run side_by_side \
  vitest "npx vitest run --reporter=default --reporter=json --outputFile.json=$reports/vitest.json" \
  contract-postgres 'if [ -f scripts/test-postgres.sh ]; then bash scripts/test-postgres.sh; else echo "skipped: scripts/test-postgres.sh is not there yet"; fi'
passed

section "end-to-end tests (playwright; a worker's emulator each, serving the build above)"
# No traces in the full run: recording one for every test (to keep the failures') took a fifth of
# the browser time here (152 s against 189 s for the accessibility specs), and a full run prints
# what failed. `npx playwright test <spec>` records a trace of each failure (playwright.config.ts).
run side_by_side \
  playwright "E2E_SITE_BUILT=1 PLAYWRIGHT_JSON_OUTPUT_NAME=$reports/playwright.json npx playwright test --trace off"
passed

section "bundle budget (the build the end-to-end tests used)"
# The test defaults to the e2e build directory (tests/e2e/servers.ts).
run side_by_side \
  bundle-budget "npx tsx --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination=$reports/budget.tap tests/budget/*.test.ts"
passed
