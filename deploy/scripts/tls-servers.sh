#!/usr/bin/env bash
# Starts PostgreSQL, Redis and RabbitMQ with TLS only, for the TLS tests, and prints the
# variables to export (eval "$(deploy/scripts/tls-servers.sh)"):
#   TLS_TEST_CA          the CA that signed the servers' certificate (PEM)
#   TLS_TEST_WRONG_CA    another CA, which signed nothing the servers show
#   TLS_TEST_SERVER_CERT, TLS_TEST_SERVER_KEY   the servers' certificate (127.0.0.1, localhost)
#   TLS_TEST_POSTGRES_URL  postgres://…?sslmode=verify-full (no sslrootcert: the test adds it)
#   TLS_TEST_REDIS_URL   rediss://127.0.0.1:PORT
#   TLS_TEST_AMQP_URL    amqps://guest:guest@127.0.0.1:PORT/%2f
# Each server is a process of its own (its own data folder and free ports), never the
# shared instances of services.sh, and accepts TLS connections only: PostgreSQL answers
# `hostssl` lines only, Redis has no plain port, RabbitMQ no plain listener. Certificates
# are made at the first start with openssl. Idempotent: servers that still answer are
# reused (a lock serialises callers); `tls-servers.sh stop` ends them.
# Needs root (PostgreSQL and RabbitMQ run as their own users) and the packages
# services.sh installs; installs nothing itself.
set -euo pipefail

STATE=${TLS_SERVERS_DIR:-/tmp/giving-console-tls}
log() { echo "[tls-servers] $*" >&2; }

answers() { timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }
free_port() {
  local p
  while :; do
    p=$(( 20000 + RANDOM % 30000 ))
    answers "$p" || { echo "$p"; return; }
  done
}

stop_all() {
  if [ -f "$STATE/pg/data/postmaster.pid" ]; then
    runuser -u postgres -- /usr/lib/postgresql/"$PGVER"/bin/pg_ctl -D "$STATE/pg/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  for f in "$STATE/redis.pid" "$STATE/rabbit/pid"; do
    if [ -f "$f" ]; then kill "$(cat "$f")" 2>/dev/null || true; fi
  done
  # The RabbitMQ node's Erlang VM: its pid file names it; wait for it to go.
  if [ -f "$STATE/rabbit/pid" ]; then
    for _ in $(seq 1 30); do kill -0 "$(cat "$STATE/rabbit/pid")" 2>/dev/null || break; sleep 0.5; done
  fi
  rm -f "$STATE/env"
}

# Certificates: a CA, a server certificate it signs (127.0.0.1 and localhost), and a
# second CA that signed nothing (what a wrong CA bundle looks like).
make_certs() {
  mkdir -p "$1"
  (
    cd "$1"
    for ca in ca wrong-ca; do
      openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Giving Console test $ca" \
        -keyout "$ca.key" -out "$ca.pem" 2>/dev/null
    done
    openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout server.key -out server.csr 2>/dev/null
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n' > ext.cnf
    openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile ext.cnf -out server.pem 2>/dev/null
    rm -f server.csr ext.cnf ca.srl ca.key wrong-ca.key
    chmod 644 ./*.pem
    chmod 600 server.key
  )
}

# `tls-servers.sh certs DIR`: only the certificates (ca.pem, wrong-ca.pem, server.pem,
# server.key), for a test's own server (the SMTP test); needs neither root nor servers.
if [ "${1:-}" = certs ]; then
  command -v openssl >/dev/null || { log "openssl is missing"; exit 1; }
  make_certs "${2:?usage: tls-servers.sh certs DIR}"
  exit 0
fi

[ "$(id -u)" = 0 ] || { log "needs root (PostgreSQL and RabbitMQ run as their own users)"; exit 1; }
for c in openssl redis-server; do command -v "$c" >/dev/null || { log "$c is missing (deploy/scripts/services.sh installs it)"; exit 1; }; done
[ -x /usr/lib/rabbitmq/bin/rabbitmq-server ] || { log "rabbitmq-server is missing (deploy/scripts/services.sh installs it)"; exit 1; }
PGVER=$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' 2>/dev/null | sort -V | tail -n1)
[ -n "$PGVER" ] || { log "PostgreSQL is missing (deploy/scripts/services.sh installs it)"; exit 1; }
PGBIN=/usr/lib/postgresql/$PGVER/bin

mkdir -p "$STATE"
chmod 755 "$STATE"
exec 9>"$STATE/lock"
flock 9

if [ "${1:-}" = stop ]; then stop_all; log "stopped"; exit 0; fi

if [ -f "$STATE/env" ]; then
  # shellcheck disable=SC1091
  . "$STATE/env"
  pg=${TLS_TEST_POSTGRES_URL#*127.0.0.1:}; pg=${pg%%/*}
  rd=${TLS_TEST_REDIS_URL##*:}
  mq=${TLS_TEST_AMQP_URL#*127.0.0.1:}; mq=${mq%%/*}
  # Reused while each server answers and the certificate has a day left (they last two).
  if answers "$pg" && answers "$rd" && answers "$mq" && openssl x509 -checkend 86400 -noout -in "$TLS_TEST_SERVER_CERT" >/dev/null 2>&1; then
    sed 's/^/export /' "$STATE/env"
    exit 0
  fi
  log "a server of the last start is gone (or its certificate ends soon): starting all three again"
fi
stop_all
rm -rf "$STATE/pg" "$STATE/rabbit" "$STATE/certs"
started=$(date +%s)

C=$STATE/certs
make_certs "$C"

# PostgreSQL: its own cluster, TLS only (hostssl lines, no plain host line).
PG_PORT=$(free_port)
mkdir -p "$STATE/pg"
cp "$C/server.pem" "$C/server.key" "$STATE/pg/"
chown -R postgres "$STATE/pg"
chmod 600 "$STATE/pg/server.key"
runuser -u postgres -- "$PGBIN/initdb" -D "$STATE/pg/data" -U postgres -A trust --no-sync >/dev/null
cat > "$STATE/pg/data/pg_hba.conf" <<EOF
local   all all              trust
hostssl all all 127.0.0.1/32 trust
EOF
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$STATE/pg/data" -l "$STATE/pg/log" -w -t 60 \
  -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$STATE/pg -c ssl=on -c ssl_cert_file=$STATE/pg/server.pem -c ssl_key_file=$STATE/pg/server.key -c fsync=off -c max_connections=50 -c shared_buffers=16MB" \
  start >/dev/null 9>&-

# Redis: TLS port only.
RD_PORT=$(free_port)
redis-server --port 0 --tls-port "$RD_PORT" --bind 127.0.0.1 --tls-cert-file "$C/server.pem" --tls-key-file "$C/server.key" \
  --tls-ca-cert-file "$C/ca.pem" --tls-auth-clients no --save '' --appendonly no \
  --daemonize yes --pidfile "$STATE/redis.pid" --logfile "$STATE/redis.log" 9>&-

# RabbitMQ: a second node of the installed server (its own name, ports, data and logs; the
# shared node is never touched), with an SSL listener only and no plugins.
MQ_PORT=$(free_port)
DIST_PORT=$(free_port)
R=$STATE/rabbit
mkdir -p "$R/mnesia" "$R/log"
cp "$C/server.pem" "$C/server.key" "$C/ca.pem" "$R/"
cat > "$R/rabbitmq.conf" <<EOF
listeners.tcp = none
listeners.ssl.default = 127.0.0.1:$MQ_PORT
ssl_options.cacertfile = $R/ca.pem
ssl_options.certfile = $R/server.pem
ssl_options.keyfile = $R/server.key
ssl_options.verify = verify_none
ssl_options.fail_if_no_peer_cert = false
EOF
echo '[].' > "$R/enabled_plugins"
chown -R rabbitmq "$R"
chmod 600 "$R/server.key"
NODE="giving-tls-$MQ_PORT@$(hostname -s)"
runuser -u rabbitmq -- env -C /var/lib/rabbitmq HOME=/var/lib/rabbitmq \
  RABBITMQ_NODENAME="$NODE" RABBITMQ_NODE_PORT="$MQ_PORT" RABBITMQ_DIST_PORT="$DIST_PORT" \
  RABBITMQ_MNESIA_BASE="$R/mnesia" RABBITMQ_LOG_BASE="$R/log" RABBITMQ_CONFIG_FILE="$R/rabbitmq.conf" \
  RABBITMQ_ENABLED_PLUGINS_FILE="$R/enabled_plugins" RABBITMQ_PID_FILE="$R/pid" \
  /usr/lib/rabbitmq/bin/rabbitmq-server -detached >"$R/start.log" 2>&1 9>&-

for _ in $(seq 1 180); do
  answers "$RD_PORT" && answers "$MQ_PORT" && break
  sleep 0.5
done
answers "$RD_PORT" || { log "Redis did not open its TLS port (see $STATE/redis.log)"; exit 1; }
answers "$MQ_PORT" || { log "RabbitMQ did not open its TLS listener in 90 s (see $R/log)"; exit 1; }

cat > "$STATE/env" <<EOF
TLS_TEST_CA=$C/ca.pem
TLS_TEST_WRONG_CA=$C/wrong-ca.pem
TLS_TEST_SERVER_CERT=$C/server.pem
TLS_TEST_SERVER_KEY=$C/server.key
TLS_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$PG_PORT/postgres?sslmode=verify-full
TLS_TEST_REDIS_URL=rediss://127.0.0.1:$RD_PORT
TLS_TEST_AMQP_URL=amqps://guest:guest@127.0.0.1:$MQ_PORT/%2f
EOF
log "started in $(( $(date +%s) - started )) s (state in $STATE)"
sed 's/^/export /' "$STATE/env"
