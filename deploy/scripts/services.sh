#!/usr/bin/env bash
# Installs (when absent) and starts what the tests need: PostgreSQL, Redis, RabbitMQ
# and Chromium, from Debian's packages, without systemd. Idempotent: running services
# are left alone. Prints the URLs to export (eval "$(deploy/scripts/services.sh)").
set -euo pipefail

log() { echo "[services] $*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

need=()
command -v pg_ctlcluster >/dev/null || need+=(postgresql)
command -v redis-server >/dev/null || need+=(redis-server)
command -v rabbitmq-server >/dev/null || need+=(rabbitmq-server)
command -v chromium >/dev/null || need+=(chromium)
command -v openssl >/dev/null || need+=(openssl)   # the TLS tests' certificates (tls-servers.sh)
if [ ${#need[@]} -gt 0 ]; then
  log "installing ${need[*]}"
  as_root apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need[@]}" >&2
fi

# PostgreSQL: the first cluster Debian made; a 'giving' superuser for tests.
ver=$(ls /etc/postgresql | sort -V | tail -n1)
if ! pg_lsclusters -h | awk '{print $4}' | grep -q online; then
  log "starting PostgreSQL $ver"
  as_root pg_ctlcluster "$ver" main start >&2
fi
for _ in $(seq 1 30); do
  runuser -u postgres -- psql -qAtc 'SELECT 1' >/dev/null 2>&1 && break
  sleep 1
done
runuser -u postgres -- psql -qAtc "SELECT 1 FROM pg_roles WHERE rolname='giving'" | grep -q 1 \
  || runuser -u postgres -- psql -qc "CREATE ROLE giving LOGIN SUPERUSER PASSWORD 'giving'" >&2
runuser -u postgres -- psql -qAtc "SELECT 1 FROM pg_database WHERE datname='giving'" | grep -q 1 \
  || runuser -u postgres -- psql -qc "CREATE DATABASE giving OWNER giving" >&2

# Redis
if ! redis-cli -p 6379 ping >/dev/null 2>&1; then
  log "starting Redis"
  redis-server --daemonize yes --port 6379 --save '' --appendonly no >&2
  for _ in $(seq 1 20); do redis-cli -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
fi

# RabbitMQ. `ping` answers as soon as the node is up; `check_running` once the broker
# itself has booted (recovering many durable queues takes a while, and needs a file
# handle each: the limit is raised as far as the machine allows).
if ! rabbitmq-diagnostics -q check_running >/dev/null 2>&1; then
  if ! rabbitmq-diagnostics -q ping >/dev/null 2>&1; then
    log "starting RabbitMQ"
    as_root bash -c 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; rabbitmq-server -detached' >&2 || true
  fi
  for _ in $(seq 1 120); do rabbitmq-diagnostics -q check_running >/dev/null 2>&1 && break; sleep 1; done
  rabbitmq-diagnostics -q check_running >/dev/null 2>&1 || { log "RabbitMQ did not start"; exit 1; }
fi

echo "export TEST_DATABASE_URL=postgres://giving:giving@127.0.0.1:5432/giving"
echo "export TEST_REDIS_URL=redis://127.0.0.1:6379"
echo "export TEST_AMQP_URL=amqp://guest:guest@127.0.0.1:5672/%2f"
echo "export CHROMIUM_PATH=$(command -v chromium)"
