#!/usr/bin/env bash
# Checks the BFF's OpenAPI document (what /api-docs/openapi.json serves, printed by
# `cargo run -p bff --example openapi`) as a client generator reads it:
#   - it is a valid OpenAPI 3.1 document (openapi-spec-validator, PyPI): every default fits
#     its type and its values;
#   - every field whose description names its few values ('a', 'b' or 'c') lists them as an
#     `enum` (bff/src/openapi.rs `fixed_values`), so a generated client sees them.
#
#   deploy/scripts/check-openapi.sh [document.json]
#
# The validator is installed once into
# ${GC_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/giving-console-tools}/openapi-venv and reused.
set -euo pipefail
cd "$(dirname "$0")/../.."

TOOLS="${GC_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/giving-console-tools}"
REQUIREMENTS=deploy/scripts/openapi-tools.txt
venv="$TOOLS/openapi-venv"
stamp="$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)"
if [ ! -x "$venv/bin/openapi-spec-validator" ] || [ "$(cat "$venv/.stamp" 2>/dev/null)" != "$stamp" ]; then
  echo "==> installing openapi-spec-validator into $venv"
  if ! command -v python3 >/dev/null || ! python3 -c "import ensurepip, venv" 2>/dev/null; then
    apt-get update -qq && apt-get install -y -qq python3 python3-venv >/dev/null
  fi
  rm -rf "$venv"
  mkdir -p "$TOOLS"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$REQUIREMENTS"
  echo "$stamp" > "$venv/.stamp"
fi

doc="${1:-}"
if [ -z "$doc" ]; then
  doc=$(mktemp --suffix=.json)
  trap 'rm -f "$doc"' EXIT
  cargo run -q -p bff --example openapi > "$doc"
fi

"$venv/bin/openapi-spec-validator" "$doc"

"$venv/bin/python" - "$doc" <<'PY'
import json, re, sys

doc = json.load(open(sys.argv[1]))
# A description that names two or more quoted values: "'a', 'b' or 'c'", '"a" or "b"'.
named = re.compile(r"""(['"])[\w ]+\1(\s*(,|or|\|)\s*(['"])[\w ]+\4)+""")
missing = []

def walk(schema, where):
    if isinstance(schema, dict):
        for name, field in (schema.get("properties") or {}).items():
            if not isinstance(field, dict):
                continue
            target = field.get("items", field) if field.get("type") == "array" else field
            if named.search(field.get("description", "")) and "enum" not in target:
                missing.append(f"{where}.{name}: {field['description']}")
        for key, value in schema.items():
            walk(value, where)
    elif isinstance(schema, list):
        for value in schema:
            walk(value, where)

for name, schema in doc["components"]["schemas"].items():
    walk(schema, name)
enums = json.dumps(doc).count('"enum"')
if missing:
    print("fields that name their values but list none (add them to bff/src/openapi.rs fixed_values):", *missing, sep="\n  ", file=sys.stderr)
    sys.exit(1)
print(f"the OpenAPI document is valid; {enums} fields list their values")
PY
