#!/usr/bin/env bash
# Runs every test of the Giving Console: the Rust and web formatting, Rust unit and integration tests (storage on
# SQLite and PostgreSQL, BFF over HTTP, events on RabbitMQ, cache on Redis, cluster
# mode as separate processes, the previous release's catalogue binary on this release's
# database), clippy, the web console's API types against the BFF's OpenAPI
# document, the web console's type check, lint and Vitest suite, its bundle budget,
# the Playwright end-to-end flows in Chromium, Schemathesis over the OpenAPI document, and the deployment checks (helm lint and
# render, every manifest against the Kubernetes schemas, Dockerfile lint), and every container
# image built with buildah from the compiled binaries and started (deploy/scripts/images.sh).
# Installs and starts PostgreSQL, Redis, RabbitMQ and Chromium when they are absent (Debian packages).
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)
step() { printf '\n==> %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }

step "formatting (cargo fmt, rustfmt.toml)"
# rustfmt ships with the toolchain here (as clippy does); a toolchain without it says so.
if cargo fmt --version >/dev/null 2>&1; then
  cargo fmt --all -- --check
else
  echo "rustfmt is not installed (rustup component add rustfmt): the Rust format is not checked" >&2
fi

step "services"
eval "$(deploy/scripts/services.sh)"
export REQUIRE_SERVICES=1

step "web dependencies"
if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules ]; then
  (cd web && npm ci --no-audit --no-fund)
fi

step "web formatting (Prettier, web/.prettierrc.json)"
(cd web && npm run --silent format:check)

step "the previous release's catalogue binary (for the rolling-upgrade test)"
# Built first: this tree's build then links its own binaries in place again.
PREVIOUS_RELEASE_DIR=$(deploy/scripts/previous-release.sh)
export PREVIOUS_RELEASE_DIR

step "cargo build, with clippy's lints (-D warnings) on every workspace crate as it compiles"
# One compile instead of two: clippy-driver stands in for rustc on the workspace's own crates
# (what `cargo clippy` does, but with code generation), so the lints of `cargo clippy
# --workspace --all-targets -- -D warnings` fail this build, and the dependencies are compiled
# once, not once more in check mode. cargo test below runs with the same wrapper, so it reuses
# what this build made.
clippy_driver="$(rustc --print sysroot)/bin/clippy-driver"
if [ -x "$clippy_driver" ]; then
  export RUSTC_WORKSPACE_WRAPPER="$clippy_driver"
  export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
  # Every target clippy --all-targets lints, but benches (their profile is release-like).
  cargo build --workspace --lib --bins --tests --examples
else
  echo "clippy is not installed (rustup component add clippy)" >&2
  exit 1
fi

step "cargo test"
cargo test --workspace

step "web API types match the BFF's OpenAPI document"
# openapi-typescript needs TypeScript 5 (the console uses 7): its own small package.
if [ ! -d web/tools/openapi/node_modules ] || [ web/tools/openapi/package-lock.json -nt web/tools/openapi/node_modules ]; then
  (cd web/tools/openapi && npm ci --no-audit --no-fund)
fi
checked_in=$(mktemp)
cp web/src/api/schema.d.ts "$checked_in"
(cd web/tools/openapi && npm run --silent generate)
if ! diff -u "$checked_in" web/src/api/schema.d.ts; then
  echo "web/src/api/schema.d.ts was stale (regenerated above): commit it" >&2
  exit 1
fi
rm -f "$checked_in"

step "OpenAPI document: valid (openapi-spec-validator), every field of a few values lists them"
deploy/scripts/check-openapi.sh

step "web: type check, lint, unit tests, build"
(cd web && npm run typecheck && npm run lint && npm test && npm run build)

step "web: bundle budgets (sign-in at most 200 kB compressed either way, every other route 350 kB brotli with the shell)"
(cd web && npm run check:bundle)

step "end to end (Chromium)"
(cd web && npm run e2e)

step "API fuzzing (Schemathesis, as the main admin and as a sub-admin)"
deploy/scripts/fuzz.sh

step "helm chart, manifests and Dockerfiles"
deploy/scripts/check-chart.sh

step "container images: built with buildah, each binary started from its image"
deploy/scripts/images.sh

step "all tests passed"
