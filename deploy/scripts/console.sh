#!/usr/bin/env bash
# Runs the Giving Console in embedded mode: builds the web console and the workspace,
# then starts one process (BFF + every service, called in process without a socket, SQLite under
# DATA_DIR, in-process bus, in-memory cache) serving http://127.0.0.1:${PORT:-8080}.
# Reads PORT, DATA_DIR (./data), ADMIN_EMAIL, ADMIN_PASSWORD.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v cargo >/dev/null || { echo "Rust (cargo) is required: https://rustup.rs" >&2; exit 1; }
command -v npm >/dev/null || { echo "Node.js 20+ and npm are required" >&2; exit 1; }

if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules ]; then
  (cd web && npm ci --no-audit --no-fund)
fi
(cd web && npm run build)
cargo build --release -p console --bin giving-console

export WEB_DIR="${WEB_DIR:-$PWD/web/dist}"
export DATA_DIR="${DATA_DIR:-$PWD/data}"
exec "${CARGO_TARGET_DIR:-target}/release/giving-console"
