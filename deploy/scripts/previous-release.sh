#!/usr/bin/env bash
# Builds the previous release's catalogue binary for the rolling-upgrade test
# (services/catalogue/tests/upgrade.rs): the commit deploy/previous-release names, taken from
# this clone's history, built in the same CARGO_TARGET_DIR so that the dependencies already
# built are reused (only that commit's own crates compile). Prints the folder that holds it,
# for PREVIOUS_RELEASE_DIR. Run it before building this tree: cargo links the binary it built
# last to $CARGO_TARGET_DIR/debug/catalogue, and the next build of this tree links it back.
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=$(grep -v '^#' deploy/previous-release | tr -d '[:space:]')
if ! git cat-file -e "$commit^{commit}" 2>/dev/null && [ "$(git rev-parse --is-shallow-repository)" = true ]; then
  echo "a shallow clone: fetching the history that holds $commit" >&2
  git fetch --quiet --unshallow >&2 || true
fi
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
  echo "deploy/previous-release names $commit, which this clone does not hold (git fetch --unshallow failed or the commit was never on main)" >&2
  exit 1
fi
if ! git merge-base --is-ancestor "$commit" HEAD; then
  echo "deploy/previous-release names $commit, which is not an ancestor of HEAD" >&2
  exit 1
fi
target="${CARGO_TARGET_DIR:-$PWD/target}"
mkdir -p "$target"
target=$(cd "$target" && pwd)
out="$target/previous-release/$commit"
if [ ! -x "$out/catalogue" ]; then
  src="$target/previous-release/src"
  rm -rf "$src"
  mkdir -p "$src"
  git archive "$commit" .cargo Cargo.toml Cargo.lock proto services bff | tar -x -C "$src"
  (cd "$src" && CARGO_TARGET_DIR="$target" cargo build --locked --bin catalogue --test upgrade >&2)
  mkdir -p "$out"
  cp "$target/debug/catalogue" "$out/catalogue"
  rm -rf "$src"
fi
echo "$out"
