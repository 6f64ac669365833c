#!/usr/bin/env bash
# Runs the emulator's contract and RLS tests once more against a real PostgreSQL (15+, the major
# version hosted Supabase runs), so the migrations and policies are proven beyond PGlite.
# A throw-away cluster is created in a temp folder, started on a free port as the `postgres`
# user, and deleted afterwards. Without a PostgreSQL server this prints one "skipped" line and
# exits 0, or fails when REQUIRE_POSTGRES=1 (.ci/run sets it, so CI never tests less in silence);
# as root with apt-get it first tries to install Debian's postgresql-15 and postgresql-15-cron.
# POSTGRES_BINDIR=<dir> picks the server (a folder holding postgres, initdb and pg_ctl).
# Before them, a second throw-away cluster shaped like hosted Supabase (`postgres` not superuser,
# owning neither `auth` nor `storage`) proves the migrations and the seed apply there and the
# scheduled jobs run (scripts/check-hosted-migrations.ts); when the server has pg_cron, that
# cluster loads it, as hosted does. `--hosted-only` runs that check alone.
set -euo pipefail
cd "$(dirname "$0")/.."

server_version() { "$1/postgres" --version 2>/dev/null | sed -E 's/[^0-9]*([0-9]+).*/\1/'; }

find_bindir() {
  local dir candidates=()
  if [ -n "${POSTGRES_BINDIR:-}" ]; then candidates+=("$POSTGRES_BINDIR"); fi
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
    apt-get install -y -qq postgresql-15-cron >/dev/null 2>&1 || true
    BINDIR=$(find_bindir || true)
  fi
fi
if [ -z "$BINDIR" ]; then
  if [ "${REQUIRE_POSTGRES:-0}" = 1 ]; then
    echo "test-postgres: FAILED: no PostgreSQL 15 server installed, and REQUIRE_POSTGRES=1 (install postgresql-15)" >&2
    exit 1
  fi
  echo "test-postgres: skipped: no PostgreSQL server installed (install postgresql-15 to run the contract tests on it)"
  exit 0
fi

HOSTED_ONLY=0
if [ "${1:-}" = --hosted-only ]; then
  HOSTED_ONLY=1
  shift
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/emulator-pg-XXXXXX")
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"; }

# initdb refuses to run as root: the clusters belong to the `postgres` user then.
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir "$WORK" --shell /usr/sbin/nologin postgres
  chown -R postgres "$WORK"
  as_owner() { runuser -u postgres -- "$@"; }
fi

CLUSTERS=()
cleanup() {
  local data
  for data in "${CLUSTERS[@]}"; do
    as_owner "$BINDIR/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1 || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

# start_cluster NAME SUPERUSER PORT [SETTINGS]: a new cluster in $WORK/NAME whose bootstrap
# superuser is SUPERUSER, with SETTINGS (more `-c name=value` options) if given.
start_cluster() {
  local data="$WORK/$1"
  CLUSTERS+=("$data")
  as_owner "$BINDIR/initdb" -D "$data" -U "$2" --auth=trust -E UTF8 --locale=C --no-sync >/dev/null
  as_owner "$BINDIR/pg_ctl" -D "$data" -l "$WORK/$1.log" -w -t 60 \
    -o "-p $3 -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 ${4:-}" \
    start >/dev/null || {
    cat "$WORK/$1.log"
    exit 1
  }
}

# pg_cron, when the server has it (Debian's postgresql-15-cron), is loaded by the hosted-shaped
# cluster only, as hosted loads it: the contract tests' cluster makes many databases, and pg_cron
# lives in one, so there the emulator's stand-in serves (supabase/emulator/platform.sql).
SHAREDIR=$("$BINDIR/pg_config" --sharedir 2>/dev/null || true)
HOSTED_SETTINGS=""
CRON="the pg_cron stand-in"
if [ -n "$SHAREDIR" ] && [ -f "$SHAREDIR/extension/pg_cron.control" ]; then
  HOSTED_SETTINGS="-c shared_preload_libraries=pg_cron -c cron.database_name=postgres"
  CRON="pg_cron $(sed -nE "s/^default_version = '(.*)'/\1/p" "$SHAREDIR/extension/pg_cron.control")"
fi

echo "test-postgres: PostgreSQL $(server_version "$BINDIR") from $BINDIR, hosted check with $CRON"

# Hosted Supabase's cluster belongs to supabase_admin; `postgres` is a role made there.
HOSTED_PORT=$(free_port)
start_cluster hosted supabase_admin "$HOSTED_PORT" "$HOSTED_SETTINGS"
npx tsx scripts/check-hosted-migrations.ts "postgres://supabase_admin@127.0.0.1:$HOSTED_PORT/postgres"
as_owner "$BINDIR/pg_ctl" -D "$WORK/hosted" -m immediate stop >/dev/null
[ "$HOSTED_ONLY" = 1 ] && exit 0

PORT=$(free_port)
echo "test-postgres: contract tests on port $PORT"
start_cluster data postgres "$PORT"

export SUPABASE_DB_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
npx vitest run --project emulator "$@"
