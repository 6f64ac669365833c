#!/usr/bin/env bash
# Finds a Chromium for the end-to-end tests and prints its path on stdout (messages go to stderr).
# In order: $CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's own browser (downloaded if the
# network allows), Debian's package installed with apt-get when running as root. Otherwise it stops
# and says what to install.
#   export CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh)"
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '%s\n' "$*" >&2; }
works() { [ -n "${1:-}" ] && [ -x "$1" ] && "$1" --version >/dev/null 2>&1; }

# Chromium renders nothing legible without at least one font; DejaVu is Debian's smallest default.
ensure_fonts() {
  if command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list 2>/dev/null | head -n 1)" ]; then return; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "ensure-chromium: no fonts found, installing fonts-dejavu-core"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-dejavu-core >&2 ||
      { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-dejavu-core >&2; }
  fi
}

found() {
  ensure_fonts
  say "ensure-chromium: using $1 ($("$1" --version 2>/dev/null | head -n 1))"
  printf '%s\n' "$1"
  exit 0
}

if [ -n "${CHROMIUM_PATH:-}" ]; then
  works "$CHROMIUM_PATH" && found "$CHROMIUM_PATH"
  say "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH does not run; looking for another Chromium"
fi
works /usr/bin/chromium && found /usr/bin/chromium

playwright_chromium() {
  node -e "process.stdout.write(require('playwright-core').chromium.executablePath())" 2>/dev/null
}
bundled="$(playwright_chromium || true)"
works "$bundled" && found "$bundled"
say "ensure-chromium: no Chromium found; trying Playwright's own browser (npx playwright install chromium)"
if timeout 600 npx --no-install playwright install chromium >&2 2>&1; then
  bundled="$(playwright_chromium || true)"
  works "$bundled" && found "$bundled"
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  say "ensure-chromium: Playwright could not download its browser; installing Debian's chromium with apt-get"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
  works /usr/bin/chromium && found /usr/bin/chromium
fi

say "ensure-chromium: no usable Chromium. Install one and run again, for example:"
say "  sudo apt-get install -y chromium            (Debian/Ubuntu: /usr/bin/chromium)"
say "  npx playwright install --with-deps chromium (Playwright's own browser, needs the internet)"
say "or point CHROMIUM_PATH at an existing Chromium or Chrome binary."
exit 1
