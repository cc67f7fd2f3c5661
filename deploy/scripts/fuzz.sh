#!/usr/bin/env bash
# Fuzzes the REST API with Schemathesis (PyPI) from the BFF's own OpenAPI document
# (/api-docs/openapi.json, fetched with the main admin's token: it is the main admin's
# unless OPENAPI_PUBLIC is set), as the main admin and as a sub-admin that holds one module:
# every operation gets positive and negative examples (bounded, a fixed seed so a run is
# repeatable), and a run fails on any 5xx, any answer outside its documented shape, status
# or media type. Runs against the embedded console built by the test command
# (`target/debug/giving-console`, demo data, a throwaway data folder).
# Reads CARGO_TARGET_DIR, FUZZ_EXAMPLES (10), FUZZ_SEED, FUZZ_VENV.
set -euo pipefail
cd "$(dirname "$0")/../.."

SCHEMATHESIS_VERSION=4.32.5
venv="${FUZZ_VENV:-${CARGO_TARGET_DIR:-target}/schemathesis-$SCHEMATHESIS_VERSION}"
if [ ! -x "$venv/bin/schemathesis" ]; then
  if ! command -v python3 >/dev/null || ! python3 -c "import ensurepip, venv" 2>/dev/null; then
    apt-get update -qq && apt-get install -y -qq python3 python3-venv >/dev/null
  fi
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "schemathesis==$SCHEMATHESIS_VERSION"
fi

bin="${CARGO_TARGET_DIR:-target}/debug/giving-console"
[ -x "$bin" ] || cargo build -p console --bin giving-console
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
admin_email=fuzz-admin@example.org
admin_password='Fuzz@Admin1'
DATA_DIR="$work/data" PORT=$port DEMO_DATA=1 ADMIN_EMAIL=$admin_email ADMIN_PASSWORD=$admin_password \
  "$bin" >"$work/console.log" 2>&1 &
console=$!
trap 'kill $console 2>/dev/null; wait $console 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 120); do
  curl -sf "$base/readyz" >/dev/null && break
  kill -0 $console 2>/dev/null || { cat "$work/console.log" >&2; exit 1; }
  sleep 1
done
curl -sf "$base/readyz" >/dev/null || { echo "the console did not become ready" >&2; tail -50 "$work/console.log" >&2; exit 1; }

json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
sign_in() {
  curl -sf -X POST "$base/admin-login/login" -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"$2\"}" | json "d['data']['authToken']"
}
admin_token=$(sign_in $admin_email "$admin_password")
curl -sf -X POST "$base/admin/sub-admin/create" -H 'content-type: application/json' -H "Authorization: Bearer $admin_token" \
  -d '{"firstName":"Fuzz","lastName":"Limited","email":"fuzz-sub@example.org","password":"Fuzz@Sub12","permissions":[{"slug":"/donor","actions":["view"]}]}' >/dev/null
sub_token=$(sign_in fuzz-sub@example.org 'Fuzz@Sub12')
# The document is served to the main admin only: fetched once with its token, then read
# from the file by both runs (their requests go to $base).
curl -sf "$base/api-docs/openapi.json" -H "Authorization: Bearer $admin_token" -o "$work/openapi.json" \
  || { echo "the main admin could not fetch /api-docs/openapi.json" >&2; exit 1; }

fuzz() {
  local who=$1 token=$2
  echo "==> Schemathesis as $who"
  # Sign-out and password changes would end or change the session the run uses.
  "$venv/bin/schemathesis" run "$work/openapi.json" --url "$base" \
    -H "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --phases examples,coverage,fuzzing \
    --exclude-path-regex 'logout|changePassword|twoFactor/(disable|setting)' \
    --max-examples "${FUZZ_EXAMPLES:-10}" --seed "${FUZZ_SEED:-20261127}" \
    --request-timeout 30 --workers 2 --no-color \
    --suppress-health-check all --warnings off
}
status=0
fuzz "the main admin" "$admin_token" || status=1
fuzz "a sub-admin with one module" "$sub_token" || status=1
# What the fuzzing did must not have broken the console.
curl -sf "$base/readyz" >/dev/null || { echo "the console is not ready after fuzzing" >&2; status=1; }
if grep -q "panicked" "$work/console.log"; then
  grep -B2 -A8 "panicked" "$work/console.log" >&2
  status=1
fi
exit $status
