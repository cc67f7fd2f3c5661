#!/usr/bin/env bash
# Builds every runtime image of deploy/ with buildah (no daemon, no registry) from the
# binaries the test command compiled, then starts each image's binary from its image, as
# the image's non-root user, and checks that it answers:
#   - the seven services (deploy/Dockerfile.service): gRPC health SERVING, on SQLite files
#     inside the container and the in-process bus (no AMQP_URL);
#   - the BFF (deploy/Dockerfile.bff), pointed at those seven: GET /healthz, the console's
#     index.html from /app/web, /readyz on its METRICS_LISTEN reporting every service
#     "serving", /metrics there and a 404 for it on the public listener;
#   - the migrate image (deploy/Dockerfile.migrate): the chart hook's arguments
#     (--source /migrations/<service>) into a throwaway PostgreSQL database per service
#     exit 0 and record every migration, and a second run applies none and exits 0 too.
# A failing check names the image and prints the last lines of its log.
#
# The images are built with --build-arg BINARIES=prebuilt (nothing compiled in the build)
# on a Debian base made here with mmdebstrap (the machine's release: glibc, libgcc,
# CA certificates, plus the essential packages for a shell) instead of distroless. Needs
# `cargo build --workspace --bins` and web/dist (npm run build) first. Everything is kept
# under $CARGO_TARGET_DIR/images: the base tarball (keyed by its package list), buildah's
# storage (vfs), the build contexts (debug binaries copied without their debug sections)
# and the Python venv of the gRPC health client.
# Reads CARGO_TARGET_DIR, TEST_DATABASE_URL (PostgreSQL for the migrate check).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

log() { printf '[images] %s\n' "$*" >&2; }
die() { printf '[images] FAILED: %s\n' "$*" >&2; exit 1; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

target=$(mkdir -p "${CARGO_TARGET_DIR:-target}" && cd "${CARGO_TARGET_DIR:-target}" && pwd)
cache="$target/images"
mkdir -p "$cache"
TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://giving:giving@127.0.0.1:5432/giving}"

# ------------------------------------------------------------------ tools
need=()
command -v buildah >/dev/null || need+=(buildah)
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
command -v objcopy >/dev/null || need+=(binutils)
command -v psql >/dev/null || need+=(postgresql-client)
command -v ss >/dev/null || need+=(iproute2)
if [ ${#need[@]} -gt 0 ]; then
  log "installing ${need[*]}"
  as_root apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need[@]}" >/dev/null
fi
# Our own storage, so the shared /var/lib/containers is left alone; vfs needs no overlay
# support from the kernel or the file system under the target directory.
B=(buildah --root "$cache/storage" --runroot "$cache/run" --storage-driver vfs)

# The gRPC health client (grpc.health.v1.Health/Check) in a venv beside the other caches.
GRPCIO_VERSION=1.85.1
venv="$target/grpc-health-$GRPCIO_VERSION"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import grpc_health.v1' 2>/dev/null; then
  log "installing grpcio $GRPCIO_VERSION into $venv"
  if ! python3 -c "import ensurepip, venv" 2>/dev/null; then
    as_root apt-get update -qq && DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq python3 python3-venv >/dev/null
  fi
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check \
    "grpcio==$GRPCIO_VERSION" "grpcio-health-checking==$GRPCIO_VERSION"
  log "grpcio installed (${SECONDS}s)"
fi

# ------------------------------------------------------------------ base image
# The machine's Debian release (the binaries were linked against its glibc).
# shellcheck source=/dev/null
release=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$release" ] || die "no VERSION_CODENAME in /etc/os-release"
base_packages="ca-certificates"
base_opts=(--variant=essential --include="$base_packages"
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*'
  --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*')
key=$(printf '%s\n' "$release" "${base_opts[@]}" | sha256sum | cut -c1-12)
base_tar="$cache/base-$release-$key.tar"
base="localhost/giving-console-test-base:$key"
if ! "${B[@]}" inspect --type image "$base" >/dev/null 2>&1; then
  if [ ! -s "$base_tar" ]; then
    log "making the $release base with mmdebstrap (once)"
    mmdebstrap --quiet "${base_opts[@]}" "$release" "$base_tar.tmp" \
      "deb http://deb.debian.org/debian $release main" \
      "deb http://deb.debian.org/debian $release-updates main" \
      "deb http://deb.debian.org/debian-security $release-security main"
    mv "$base_tar.tmp" "$base_tar"
    log "base made (${SECONDS}s)"
  fi
  c=$("${B[@]}" from scratch)
  "${B[@]}" add "$c" "$base_tar" / >/dev/null
  "${B[@]}" commit --quiet --rm "$c" "$base" >/dev/null
fi

# ------------------------------------------------------------------ build contexts
services=()
for main in services/*/src/main.rs; do
  services+=("$(basename "$(dirname "$(dirname "$main")")")")
done
ctx="$cache/context"
mkdir -p "$ctx/service/prebuilt" "$ctx/bff/prebuilt" "$ctx/migrate/prebuilt"
# Debug binaries without their debug sections (about a tenth of the size: vfs copies every
# layer whole). Copied again only when the binary is newer.
strip_copy() {
  [ -x "$1" ] || die "$1 is missing: run cargo build --workspace --bins first"
  if [ ! -e "$2" ] || [ "$1" -nt "$2" ]; then
    objcopy --strip-debug "$1" "$2.tmp" && mv "$2.tmp" "$2"
  fi
}
for svc in "${services[@]}"; do strip_copy "$target/debug/$svc" "$ctx/service/prebuilt/$svc"; done
strip_copy "$target/debug/bff" "$ctx/bff/prebuilt/bff"
[ -s web/dist/index.html ] || die "web/dist/index.html is missing: run npm run build in web/ first"
rm -rf "$ctx/bff/prebuilt/web" && cp -r web/dist "$ctx/bff/prebuilt/web"
install -d -m 0750 "$ctx/bff/prebuilt/media"
strip_copy "$target/debug/migrate" "$ctx/migrate/prebuilt/migrate"
rm -rf "$ctx/migrate/services"
for dir in services/*/migrations; do
  mkdir -p "$ctx/migrate/$(dirname "$dir")" && cp -r "$dir" "$ctx/migrate/$dir"
done
# The contexts hold only what the images take: nothing to leave out. (Without --ignorefile
# buildah would read deploy/Dockerfile.*.dockerignore, which keeps prebuilt/ out.)
: > "$ctx/ignore-nothing"

# ------------------------------------------------------------------ build
tag="test"
built=()
"${B[@]}" rmi --prune >/dev/null 2>&1 || true
build() { # image dockerfile context [build args...]
  local image=$1 file=$2 dir=$3 t0=$SECONDS
  shift 3
  if ! "${B[@]}" bud --quiet --isolation chroot --layers=false --pull-never \
      --ignorefile "$ctx/ignore-nothing" -f "$repo/deploy/$file" \
      --build-arg BINARIES=prebuilt --build-arg RUNTIME_IMAGE="$base" "$@" \
      -t "localhost/$image:$tag" "$dir" >"$cache/build-$image.log" 2>&1; then
    tail -n 30 "$cache/build-$image.log" >&2
    die "$image: the build of deploy/$file failed (log above)"
  fi
  local user
  user=$("${B[@]}" inspect --type image --format '{{.OCIv1.Config.User}}' "localhost/$image:$tag")
  built+=("localhost/$image:$tag")
  [ "$user" = 65532:65532 ] || die "$image: runs as '$user', not 65532:65532"
  log "built $image ($((SECONDS - t0))s)"
}
log "base image and build contexts ready (${SECONDS}s)"
for svc in "${services[@]}"; do
  build "giving-console-$svc" Dockerfile.service "$ctx/service" --build-arg BIN="$svc"
done
build giving-console-bff Dockerfile.bff "$ctx/bff"
build giving-console-migrate Dockerfile.migrate "$ctx/migrate" --build-arg TOOLS_IMAGE="$base"

# ------------------------------------------------------------------ run and check
work=$(mktemp -d)
containers=()
pids=()
declare -A pid_of
dbs=()
cleanup() {
  local pid c db
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  for c in "${containers[@]}"; do "${B[@]}" rm "$c" >/dev/null 2>&1 || true; done
  for db in "${dbs[@]}"; do psql -q "$TEST_DATABASE_URL" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true; done
  # The test images go too (vfs keeps a whole copy of each: gigabytes); the base image
  # stays, so the next run builds on it without mmdebstrap.
  "${B[@]}" rmi "${built[@]}" >/dev/null 2>&1 || true
  "${B[@]}" rmi --prune >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() { # image message
  log "last lines of $1's log:"
  tail -n 40 "$work/$1.log" >&2 || true
  die "$1: $2"
}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# The process listening on a local TCP port.
listener() { ss -Hltnp "sport = :$1" | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -n1; }

# Starts the image's entrypoint in a fresh working container (host network), in the
# background; the rest of the arguments are --env settings.
start() { # image [--env K=V ...]
  local image=$1 c entry
  shift
  c=$("${B[@]}" from --quiet --pull-never --name "$image-check-$$" "localhost/$image:$tag")
  containers+=("$c")
  mapfile -t entry < <("${B[@]}" inspect --type image --format '{{range .OCIv1.Config.Entrypoint}}{{println .}}{{end}}' "localhost/$image:$tag" | sed '/^$/d')
  "${B[@]}" run --isolation chroot --network host "$@" "$c" -- "${entry[@]}" >"$work/$image.log" 2>&1 &
  pids+=($!)
  pid_of[$image]=$!
}
# The started binary runs as 65532, not root: read from /proc of the process on the port.
check_user() { # image port
  local pid uid
  pid=$(listener "$2")
  [ -n "$pid" ] || fail "$1" "nothing listens on port $2"
  uid=$(awk '/^Uid:/ {print $2}' "/proc/$pid/status")
  [ "$uid" = 65532 ] || fail "$1" "its process $pid runs as uid $uid, not 65532"
}

jwt=images-check-jwt-secret-of-at-least-32-characters
declare -A port
for svc in "${services[@]}"; do
  port[$svc]=$(free_port)
  upper=${svc^^}
  start "giving-console-$svc" --env "GRPC_LISTEN=127.0.0.1:${port[$svc]}" --env METRICS_LISTEN= \
    --env "${upper}_DATABASE_URL=sqlite:///tmp/data/$svc.db" --env "JWT_SECRET=$jwt"
done
health_py='
import sys, grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
with grpc.insecure_channel(sys.argv[1]) as ch:
    try:
        r = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(service=""), timeout=2)
        print(health_pb2.HealthCheckResponse.ServingStatus.Name(r.status))
    except grpc.RpcError as e:
        print(e.code().name)
'
for svc in "${services[@]}"; do
  image="giving-console-$svc" status=""
  for _ in $(seq 1 120); do
    status=$("$venv/bin/python" -c "$health_py" "127.0.0.1:${port[$svc]}")
    [ "$status" = SERVING ] && break
    kill -0 "${pid_of[$image]}" 2>/dev/null || fail "$image" "exited before answering its health check"
    sleep 0.5
  done
  [ "$status" = SERVING ] || fail "$image" "gRPC health answered $status, not SERVING, after 60 s"
  check_user "$image" "${port[$svc]}"
  log "$image: gRPC health SERVING on port ${port[$svc]}, uid 65532"
done

bff_port=$(free_port)
bff_metrics=$(free_port)
bff_env=(--env "LISTEN=127.0.0.1:$bff_port" --env "METRICS_LISTEN=127.0.0.1:$bff_metrics" --env "JWT_SECRET=$jwt")
for svc in "${services[@]}"; do bff_env+=(--env "${svc^^}_URL=http://127.0.0.1:${port[$svc]}"); done
start giving-console-bff "${bff_env[@]}"
base_url="http://127.0.0.1:$bff_port"
for _ in $(seq 1 120); do
  curl -sf "$base_url/healthz" >/dev/null && break
  kill -0 "${pid_of[giving-console-bff]}" 2>/dev/null || fail giving-console-bff "exited before answering /healthz"
  sleep 0.5
done
[ "$(curl -sf "$base_url/healthz" || true)" = ok ] || fail giving-console-bff "GET /healthz did not answer 200 ok within 60 s"
check_user giving-console-bff "$bff_port"
curl -sf "$base_url/" | grep -q '<div id="root">' \
  || fail giving-console-bff "GET / did not answer the console's index.html (from /app/web)"
# The detailed /readyz and /metrics are on the metrics listener; the public one has no /metrics.
readyz=$(curl -s "http://127.0.0.1:$bff_metrics/readyz" || true)
for svc in "${services[@]}"; do
  printf '%s' "$readyz" | python3 -c "import json,sys; sys.exit(json.load(sys.stdin).get('$svc') != 'serving')" \
    || fail giving-console-bff "/readyz on METRICS_LISTEN does not report $svc serving: $readyz"
done
metrics=$(curl -sf "http://127.0.0.1:$bff_metrics/metrics" || true)
grep -q '^# TYPE http_server_requests_seconds histogram' <<<"$metrics" \
  || fail giving-console-bff "GET /metrics on METRICS_LISTEN did not answer the request histograms"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base_url/metrics")" = 404 ] \
  || fail giving-console-bff "GET /metrics on the public listener did not answer 404"
log "giving-console-bff: /healthz ok, the console at /, /readyz (METRICS_LISTEN) sees all ${#services[@]} services serving, /metrics there only, uid 65532"

# Migrate: each service's folder into its own database, twice (the second run a no-op),
# with the arguments the chart's hook Job passes.
# shellcheck disable=SC2016 # the template's text, braces and all: nothing to expand
hook_args='args: ["--source", "/migrations/{{ $svc.name }}"]'
grep -qF "$hook_args" helm/giving-console/templates/migrations-hook.yaml \
  || die "helm/giving-console/templates/migrations-hook.yaml no longer passes $hook_args: update this check with it"
image=giving-console-migrate
c=$("${B[@]}" from --quiet --pull-never --name "$image-check-$$" "localhost/$image:$tag")
containers+=("$c")
mapfile -t entry < <("${B[@]}" inspect --type image --format '{{range .OCIv1.Config.Entrypoint}}{{println .}}{{end}}' "localhost/$image:$tag" | sed '/^$/d')
in_image=$(find "$("${B[@]}" mount "$c")/migrations" -mindepth 1 -maxdepth 1 -printf '%f\n' | sort | tr '\n' ' ')
"${B[@]}" umount "$c" >/dev/null
expected=$(for d in services/*/migrations/postgres; do s=${d#services/}; s=${s%%/*}; [ "$s" = common ] || echo "$s"; done | sort | tr '\n' ' ')
[ "$in_image" = "$expected" ] || fail "$image" "/migrations holds '$in_image', not '$expected'"
: > "$work/$image.log"
for svc in $in_image; do
  db="gc_images_${svc}_$$"
  dbs+=("$db")
  PGOPTIONS="-c client_min_messages=warning" psql -q "$TEST_DATABASE_URL" -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null \
    || die "cannot create database $db on $TEST_DATABASE_URL"
  url="${TEST_DATABASE_URL%/*}/$db"
  files=$(find "services/$svc/migrations/postgres" services/common/migrations/postgres -name '*.sql' | wc -l)
  for run in 1 2; do
    echo "== $svc, run $run" >>"$work/$image.log"
    out=$("${B[@]}" run --isolation chroot --network host --env "DATABASE_URL=$url" "$c" -- \
        "${entry[@]}" --source "/migrations/$svc" 2>>"$work/$image.log") \
      || fail "$image" "--source /migrations/$svc (run $run) exited non-zero"
    echo "$out" >>"$work/$image.log"
    want=$([ "$run" = 1 ] && echo "$files" || echo 0)
    # The answer is the last line: a log line (sqlx's slow-statement warning on a loaded
    # machine) may come before it.
    [ "${out##*$'\n'}" = "$want migration(s) applied from /migrations/$svc" ] \
      || fail "$image" "$svc run $run answered '$out', not $want migration(s) applied"
  done
  applied=$(psql -qAt "$url" -c 'SELECT count(*) FROM _sqlx_migrations WHERE success')
  [ "$applied" = "$files" ] || fail "$image" "$svc: $applied migrations recorded, $files expected"
done
log "$image: applied every service's migrations ($in_image) to PostgreSQL, and again as a no-op"
log "all ${#services[@]} service images, the bff and the migrate image built and answered (${SECONDS}s)"
