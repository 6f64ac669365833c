#!/usr/bin/env bash
# Runs the emulator's contract and RLS tests once more against a real PostgreSQL (15+, the major
# version hosted Supabase runs), so the migrations and policies are proven beyond PGlite.
# A throw-away cluster is created in a temp folder, started on a free port as the `postgres`
# user, and deleted afterwards. Without a PostgreSQL server this prints one "skipped" line and
# exits 0 (as root with apt-get it first tries to install Debian's postgresql-15).
set -euo pipefail
cd "$(dirname "$0")/.."

server_version() { "$1/postgres" --version 2>/dev/null | sed -E 's/[^0-9]*([0-9]+).*/\1/'; }

find_bindir() {
  local dir candidates=()
  [ -d /usr/lib/postgresql/15/bin ] && candidates+=(/usr/lib/postgresql/15/bin)
  for dir in /usr/lib/postgresql/*/bin; do candidates+=("$dir"); done
  if command -v pg_config >/dev/null 2>&1; then candidates+=("$(pg_config --bindir)"); fi
  for dir in "${candidates[@]}"; do
    if [ -x "$dir/postgres" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      local major
      major=$(server_version "$dir")
      if [ -n "$major" ] && [ "$major" -ge 15 ]; then
        echo "$dir"
        return 0
      fi
    fi
  done
  return 1
}

BINDIR=$(find_bindir || true)
if [ -z "$BINDIR" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ "${SKIP_POSTGRES_INSTALL:-0}" != 1 ]; then
  echo "test-postgres: installing Debian's postgresql-15 ..."
  if (apt-get install -y -qq postgresql-15 >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq postgresql-15 >/dev/null 2>&1; }); then
    BINDIR=$(find_bindir || true)
  fi
fi
if [ -z "$BINDIR" ]; then
  echo "test-postgres: skipped: no PostgreSQL server installed (install postgresql-15 to run the contract tests on it)"
  exit 0
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/emulator-pg-XXXXXX")
PGDATA="$WORK/data"
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

# initdb refuses to run as root: the cluster belongs to the `postgres` user then.
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir "$WORK" --shell /usr/sbin/nologin postgres
  chown -R postgres "$WORK"
  as_owner() { runuser -u postgres -- "$@"; }
fi

cleanup() {
  as_owner "$BINDIR/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "test-postgres: PostgreSQL $(server_version "$BINDIR") from $BINDIR on port $PORT"
as_owner "$BINDIR/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 --locale=C >/dev/null
as_owner "$BINDIR/pg_ctl" -D "$PGDATA" -l "$WORK/server.log" -w -t 60 \
  -o "-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || {
  cat "$WORK/server.log"
  exit 1
}

export SUPABASE_DB_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
npx vitest run --project emulator "$@"
