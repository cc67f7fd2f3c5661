#!/usr/bin/env bash
# The catalogue benchmarks (figures go in the README, never in timed tests):
#   1. import of a 1,000,000-row IRS Business Master File into PostgreSQL, twice (the second
#      changes nothing), then into SQLite (catalogue import-bmf);
#   2. the nonprofit list through the BFF next to the same SQL run directly, on PostgreSQL
#      and on SQLite, with 1,000,000 nonprofits and 32 concurrent requests.
# Needs PostgreSQL (deploy/scripts/services.sh starts it). ROWS overrides the row count.
#
# `bench.sh giving`: the giving benchmark instead (bff/examples/giving_bench.rs: 1,000,000
# donors, 10,000,000 transactions; the list, the Subscribed Donor tabs, the dashboard, the
# export through a BFF process of its own, donations per second), on PostgreSQL then SQLite.
# Its variables (DONORS, TRANSACTIONS, REQUESTS, ROUNDS, KEEP_DATABASE, SQLITE_FILE) are
# described at the top of that file.
#
# `bench.sh content`: the content benchmark (bff/examples/content_bench.rs: public reads at
# 64 concurrent, the contact list at 1,000,000 messages), on PostgreSQL then SQLite.
# `bench.sh engagement`: the engagement benchmark (bff/examples/engagement_bench.rs: 100,000
# communities, 5,000,000 posts, 20,000,000 likes), on PostgreSQL then SQLite.
# `bench.sh chat`: the chat benchmark (services/chat/examples/chat_bench.rs: 100,000 rooms,
# 10,000,000 messages; the user list and history over gRPC at 32 concurrent), on PostgreSQL
# then SQLite. SCALE (default 1) multiplies the rooms.
# `bench.sh capacity`: every service and the BFF as release processes on PostgreSQL, Redis and
# RabbitMQ with the demo data set; per service, one console call through the BFF: CPU per call
# (calls per second per core) and memory at idle and under load (bff/examples/capacity_bench.rs;
# the figures of deploy/README.md's Capacity section).
# `bench.sh cpu`: CPU per request split by process (bff/examples/cpu_bench.rs): the nonprofit
# list over ROWS (200,000 unless ROWS is exported) imported nonprofits, the transaction and
# donor lists and the dashboard (DONORS, 20,000), through the BFF at 32 concurrent; in a cluster
# (every service and the BFF as release processes on PostgreSQL, Redis and RabbitMQ: the BFF's,
# each service's and PostgreSQL's CPU, SQL statements a request from pg_stat_statements) and
# embedded (the one giving-console process on SQLite). Preloads pg_stat_statements first when
# PostgreSQL lacks it (ALTER SYSTEM, then a restart of the cluster). BASELINE_BIN_DIR=dir (another
# build's release binaries) makes it a paired run: both builds take turns on the same data.
# `bench.sh memory`: the embedded console's resident memory at rest (web/scripts/memory-at-rest.mjs,
# issue 35): the release giving-console with DEMO_DATA=1, every menu entry and its tabs opened
# in Chromium as the main admin, then left alone (REST_SECONDS, 75: idle database connections close after 30 to 60 s).
# `bench.sh search`: search everywhere (bff/examples/search_bench.rs, issue 36): GET /admin/search
# as the main admin, one row per kind of query (donor name, email prefix, phone, receipt number,
# provider reference, nonprofit name, Tax ID prefix, a miss) at 1 and 32 concurrent, over the
# giving benchmark's 1,000,000 donors and 10,000,000 transactions and 200,000 imported
# nonprofits, on PostgreSQL then SQLite (its variables at the top of that file).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROWS="${ROWS:-1000000}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-/var/tmp/giving-console-target}"
eval "$(deploy/scripts/services.sh)"
admin_url="${BENCH_DATABASE_URL:-$TEST_DATABASE_URL}"

if [ "${1:-}" = content ] || [ "${1:-}" = engagement ]; then
  cargo build --release -p bff --example "$1_bench" --bin bff
  for backend in postgres sqlite; do
    echo "== $1: $backend"
    BENCH_DATABASE_URL="$admin_url" BFF_BIN="$CARGO_TARGET_DIR/release/bff" "$CARGO_TARGET_DIR/release/examples/$1_bench" "$backend"
  done
  exit 0
fi

if [ "${1:-}" = capacity ]; then
  cargo build --release --workspace --bins
  cargo build --release -p bff --example capacity_bench
  BENCH_DATABASE_URL="$admin_url" BENCH_REDIS_URL="$TEST_REDIS_URL" BENCH_AMQP_URL="$TEST_AMQP_URL" \
    BIN_DIR="$CARGO_TARGET_DIR/release" "$CARGO_TARGET_DIR/release/examples/capacity_bench"
  exit 0
fi

if [ "${1:-}" = cpu ]; then
  preload="$(runuser -u postgres -- psql -qAtc 'SHOW shared_preload_libraries')"
  if [[ "$preload" != *pg_stat_statements* ]]; then
    echo "== preloading pg_stat_statements: restarting PostgreSQL"
    runuser -u postgres -- psql -qc "ALTER SYSTEM SET shared_preload_libraries = '${preload:+$preload,}pg_stat_statements'"
    ver=$(ls /etc/postgresql | sort -V | tail -n1)
    if [ "$(id -u)" = 0 ]; then pg_ctlcluster "$ver" main restart; else sudo pg_ctlcluster "$ver" main restart; fi
    for _ in $(seq 1 30); do
      runuser -u postgres -- psql -qAtc 'SELECT 1' >/dev/null 2>&1 && break
      sleep 1
    done
  fi
  cargo build --release --workspace --bins
  cargo build --release -p bff --example cpu_bench
  BENCH_DATABASE_URL="$admin_url" BENCH_REDIS_URL="$TEST_REDIS_URL" BENCH_AMQP_URL="$TEST_AMQP_URL" \
    BIN_DIR="$CARGO_TARGET_DIR/release" "$CARGO_TARGET_DIR/release/examples/cpu_bench"
  exit 0
fi

if [ "${1:-}" = memory ]; then
  cargo build --release -p console --bin giving-console
  (cd web && { [ -f dist/index.html ] || npm run build; } && GC_BIN="$CARGO_TARGET_DIR/release/giving-console" node scripts/memory-at-rest.mjs)
  exit 0
fi

if [ "${1:-}" = chat ]; then
  cargo build --release -p chat --example chat_bench
  for backend in postgres sqlite; do
    echo "== chat: $backend"
    TEST_DATABASE_URL="$admin_url" BACKEND="$backend" "$CARGO_TARGET_DIR/release/examples/chat_bench"
  done
  exit 0
fi

if [ "${1:-}" = search ]; then
  cargo build --release -p bff --example search_bench
  for backend in postgres sqlite; do
    echo "== search: $backend"
    BENCH_DATABASE_URL="$admin_url" "$CARGO_TARGET_DIR/release/examples/search_bench" "$backend"
  done
  exit 0
fi

if [ "${1:-}" = giving ]; then
  cargo build --release -p bff --example giving_bench --bin bff
  for backend in postgres sqlite; do
    echo "== giving: $backend"
    BENCH_DATABASE_URL="$admin_url" BFF_BIN="$CARGO_TARGET_DIR/release/bff" \
      "$CARGO_TARGET_DIR/release/examples/giving_bench" "$backend"
  done
  exit 0
fi

cargo build --release -p catalogue --bin catalogue
cargo build --release -p bff --example list_bench

file="$(mktemp -d)/bmf.csv"
python3 deploy/bench/gen_bmf.py "$ROWS" > "$file"
echo "== import: $ROWS rows ($(du -h "$file" | cut -f1)) into a new PostgreSQL database"
db="bench_import_$(date +%s)"
base="${admin_url%/*}"
psql "$admin_url" -qc "CREATE DATABASE $db" >/dev/null
CATALOGUE_DATABASE_URL="$base/$db" /usr/bin/time -f "wall %e s, max RSS %M KB" \
  "$CARGO_TARGET_DIR/release/catalogue" import-bmf "$file" --apply
echo "== the same file again (nothing changes)"
CATALOGUE_DATABASE_URL="$base/$db" /usr/bin/time -f "wall %e s, max RSS %M KB" \
  "$CARGO_TARGET_DIR/release/catalogue" import-bmf "$file" --apply
psql "$admin_url" -qc "DROP DATABASE $db" >/dev/null
echo "== import: the same file into a new SQLite database"
sqlite_dir="$(mktemp -d -p /var/tmp)"
CATALOGUE_DATABASE_URL="sqlite://$sqlite_dir/catalogue.db" /usr/bin/time -f "wall %e s, max RSS %M KB" \
  "$CARGO_TARGET_DIR/release/catalogue" import-bmf "$file" --apply
rm -rf "$sqlite_dir" "$file"

for backend in postgres sqlite; do
  echo "== list: $backend"
  BENCH_DATABASE_URL="$admin_url" ROWS="$ROWS" "$CARGO_TARGET_DIR/release/examples/list_bench" "$backend"
done
