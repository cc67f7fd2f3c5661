#!/usr/bin/env python3
"""Checks of the Giving Console's Kubernetes delivery, run by check-chart.sh.

  manifests  validate every document of rendered manifests against the Kubernetes
             OpenAPI JSON schemas shipped by the kubernetes-validate package (strict:
             unknown fields fail; a kind without a schema fails too)
  chart      assert what every rendered release must hold: for each enabled service a
             Deployment with startup/readiness/liveness gRPC probes, resources,
             restrictive securityContext, preStop sleep, a ClusterIP Service and a
             headless one (the BFF's URL of the service), an HPA
             and a PDB (or none when turned off), METRICS_LISTEN with its `metrics`
             port and scrape annotations (or "" when off), its NetworkPolicy and hook
             Job; the BFF with /healthz and /readyz on its http port, TRUSTED_PROXIES
             and OPENAPI_PUBLIC as the values say (none and false by default),
             METRICS_LISTEN with its `metrics` port and scrape annotations (or "" when
             off), Service, HPA, PDB, Ingress, NetworkPolicy (metricsFrom on `metrics`)
  values-doc every value of values.yaml has a description in values.schema.json and
             a row in deploy/README.md
  repo       skaffold.yaml, docker-compose.yml, the Dockerfiles and the chart agree:
             every chart service has a crate, a skaffold artifact, image templates and
             a compose service

Exit status 1 when any check fails; every failure is printed.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
CHART = ROOT / "helm" / "giving-console"
ERRORS: list[str] = []


def fail(msg: str) -> None:
    ERRORS.append(msg)


def load_docs(path: Path) -> list[dict]:
    docs = [d for d in yaml.safe_load_all(path.read_text()) if d]
    for d in docs:
        if not isinstance(d, dict) or "kind" not in d or "apiVersion" not in d:
            fail(f"{path}: a document without kind/apiVersion: {str(d)[:80]}")
    return [d for d in docs if isinstance(d, dict) and "kind" in d]


# --------------------------------------------------------------------------- manifests

def cmd_manifests(args: argparse.Namespace) -> None:
    import kubernetes_validate.utils as kv

    for f in args.files:
        docs = load_docs(Path(f))
        if not docs:
            fail(f"{f}: no Kubernetes documents")
        seen = set()
        for d in docs:
            ident = (d["apiVersion"], d["kind"], d.get("metadata", {}).get("name"))
            if ident in seen:
                fail(f"{f}: duplicate {ident}")
            seen.add(ident)
            for version in args.kube:
                try:
                    kv.validate(d, version, strict=True)
                except kv.SchemaNotFoundError as e:
                    fail(f"{f}: {e.message}")
                except kv.ValidationError as e:
                    path = ".".join(str(p) for p in e.path)
                    fail(f"{f}: {d['kind']}/{ident[2]} invalid for Kubernetes {e.version}: {path}: {e.message}")
        print(f"  {f}: {len(docs)} documents checked against Kubernetes {', '.join(args.kube)} (strict)")


# --------------------------------------------------------------------------- values

def coalesce(base: dict, over: dict) -> dict:
    """Helm's merge of a values file over the chart defaults: null deletes a key the
    defaults have; a null for a key they lack stays (and then overrides serviceDefaults
    in the chart's per-service merge, e.g. services.<name>.metricsPort: null)."""
    out = copy.deepcopy(base)
    for k, v in (over or {}).items():
        if v is None:
            if k in out:
                out.pop(k)
            else:
                out[k] = None
        elif isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = coalesce(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def deep_merge(base: dict, over: dict | None) -> dict:
    """The chart's gc.deepMerge: maps merge, anything else (false and 0 too) replaces."""
    out = copy.deepcopy(base)
    for k, v in (over or {}).items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = deep_merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def load_values(files: list[str]) -> dict:
    values = yaml.safe_load((CHART / "values.yaml").read_text())
    for f in files:
        values = coalesce(values, yaml.safe_load(Path(f).read_text()) or {})
    return values


def enabled_services(values: dict) -> dict[str, dict]:
    out = {}
    for name in sorted(values.get("services") or {}):
        svc = deep_merge(values["serviceDefaults"], values["services"][name])
        if svc.get("enabled"):
            out[name] = svc
    return out


def env_prefix(name: str) -> str:
    return name.upper().replace("-", "_")


# --------------------------------------------------------------------------- chart

def labels_match(selector: dict, labels: dict) -> bool:
    return bool(selector) and all(labels.get(k) == v for k, v in selector.items())


class Render:
    def __init__(self, path: Path):
        self.path = path
        self.docs = load_docs(path)

    def of(self, kind: str, component: str | None = None) -> list[dict]:
        return [d for d in self.docs if d["kind"] == kind and (
            component is None or d["metadata"].get("labels", {}).get("app.kubernetes.io/component") == component)]

    def one(self, kind: str, component: str) -> dict | None:
        found = self.of(kind, component)
        if len(found) != 1:
            fail(f"{self.path}: expected one {kind} of component '{component}', found {len(found)}")
            return None
        return found[0]

    def named(self, kind: str, name: str) -> dict | None:
        for d in self.docs:
            if d["kind"] == kind and d["metadata"]["name"] == name:
                return d
        return None


def env_map(container: dict) -> dict[str, dict]:
    return {e["name"]: e for e in container.get("env", [])}


def check_pod(r: Render, where: str, pod: dict, values: dict) -> None:
    spec = pod["spec"]
    if spec.get("automountServiceAccountToken") is not False:
        fail(f"{where}: automountServiceAccountToken must be false")
    psc = spec.get("securityContext", {})
    volumes = {v["name"] for v in spec.get("volumes", [])}
    for c in spec.get("containers", []) + spec.get("initContainers", []):
        cw = f"{where} container {c['name']}"
        sc = c.get("securityContext", {})
        if not (sc.get("runAsNonRoot") or psc.get("runAsNonRoot")):
            fail(f"{cw}: runAsNonRoot is not set")
        if sc.get("readOnlyRootFilesystem") is not True:
            fail(f"{cw}: readOnlyRootFilesystem must be true")
        if sc.get("allowPrivilegeEscalation") is not False:
            fail(f"{cw}: allowPrivilegeEscalation must be false")
        if "ALL" not in (sc.get("capabilities", {}).get("drop") or []):
            fail(f"{cw}: capabilities must drop ALL")
        if sc.get("privileged"):
            fail(f"{cw}: privileged")
        seccomp = (sc.get("seccompProfile") or psc.get("seccompProfile") or {}).get("type")
        if seccomp not in ("RuntimeDefault", "Localhost"):
            fail(f"{cw}: seccompProfile must be RuntimeDefault")
        res = c.get("resources", {})
        for key in ("cpu", "memory"):
            if key not in res.get("requests", {}):
                fail(f"{cw}: resources.requests.{key} missing")
        if "memory" not in res.get("limits", {}):
            fail(f"{cw}: resources.limits.memory missing")
        image = c.get("image", "")
        if not image or " " in image or image.endswith(":"):
            fail(f"{cw}: bad image '{image}'")
        for ef in c.get("envFrom", []):
            cm = ef.get("configMapRef", {}).get("name")
            if cm and not r.named("ConfigMap", cm):
                fail(f"{cw}: envFrom ConfigMap {cm} is not rendered")
        for e in c.get("env", []):
            ref = e.get("valueFrom", {}).get("secretKeyRef")
            if ref is not None and (not ref.get("name") or not ref.get("key")):
                fail(f"{cw}: env {e['name']} has an empty secretKeyRef")
        port_names = {p.get("name") for p in c.get("ports", [])}
        for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
            handler = c.get(probe, {})
            for kind in ("httpGet", "tcpSocket"):
                port = handler.get(kind, {}).get("port")
                if isinstance(port, str) and port not in port_names:
                    fail(f"{cw}: {probe} uses unknown port name {port}")
        for m in c.get("volumeMounts", []):
            if m["name"] not in volumes:
                fail(f"{cw}: volumeMount {m['name']} has no volume")
        check_tls_ca(cw, spec, c, values)


def check_tls_ca(cw: str, spec: dict, c: dict, values: dict) -> None:
    """The CA bundle of values `tls` reaches every container as TLS_CA_FILE, mounted from
    the named Secret or ConfigMap (its key as ca.pem); none without it."""
    tls = values.get("tls") or {}
    env = env_map(c)
    source = ("secret", tls.get("caSecret")) if tls.get("caSecret") else ("configMap", tls.get("caConfigMap")) if tls.get("caConfigMap") else None
    if source is None:
        if "TLS_CA_FILE" in env:
            fail(f"{cw}: TLS_CA_FILE set although no tls.caSecret or tls.caConfigMap is")
        return
    if env.get("TLS_CA_FILE", {}).get("value") != "/etc/giving-console/tls/ca.pem":
        fail(f"{cw}: TLS_CA_FILE is not /etc/giving-console/tls/ca.pem")
    mount = next((m for m in c.get("volumeMounts", []) if m.get("mountPath") == "/etc/giving-console/tls"), None)
    if mount is None:
        fail(f"{cw}: the CA bundle is not mounted at /etc/giving-console/tls")
        return
    volume = next((v for v in spec.get("volumes", []) if v["name"] == mount["name"]), {})
    kind, name = source
    ref = volume.get(kind) or {}
    if (ref.get("secretName") if kind == "secret" else ref.get("name")) != name:
        fail(f"{cw}: the CA volume does not come from {kind} {name}")
    if ref.get("items") != [{"key": tls.get("caKey", "ca.crt"), "path": "ca.pem"}]:
        fail(f"{cw}: the CA volume does not map key {tls.get('caKey')} to ca.pem")


def check_scaling(r: Render, comp: str, dep: dict, cfg: dict, require: bool) -> None:
    name = dep["metadata"]["name"]
    pod_labels = dep["spec"]["template"]["metadata"]["labels"]
    hpa = r.of("HorizontalPodAutoscaler", comp)
    if cfg["autoscaling"]["enabled"]:
        if len(hpa) != 1:
            fail(f"{comp}: autoscaling is on but {len(hpa)} HPAs were rendered")
        else:
            h = hpa[0]
            if h["apiVersion"] != "autoscaling/v2":
                fail(f"{comp}: HPA is {h['apiVersion']}, not autoscaling/v2")
            t = h["spec"]["scaleTargetRef"]
            if (t.get("kind"), t.get("name"), t.get("apiVersion")) != ("Deployment", name, "apps/v1"):
                fail(f"{comp}: HPA targets {t}, not Deployment {name}")
            if h["spec"]["minReplicas"] != cfg["autoscaling"]["minReplicas"] or \
                    h["spec"]["maxReplicas"] != cfg["autoscaling"]["maxReplicas"]:
                fail(f"{comp}: HPA min/max differ from the values")
            if not h["spec"].get("metrics"):
                fail(f"{comp}: HPA without metrics")
        if "replicas" in dep["spec"]:
            fail(f"{comp}: Deployment sets replicas although the HPA owns them")
    else:
        if hpa:
            fail(f"{comp}: autoscaling is off but an HPA was rendered")
        if dep["spec"].get("replicas") != cfg["replicas"]:
            fail(f"{comp}: replicas {dep['spec'].get('replicas')} != {cfg['replicas']}")
    pdb = r.of("PodDisruptionBudget", comp)
    if cfg["pdb"]["enabled"]:
        if len(pdb) != 1:
            fail(f"{comp}: pdb is on but {len(pdb)} PDBs were rendered")
        elif not labels_match(pdb[0]["spec"]["selector"].get("matchLabels"), pod_labels):
            fail(f"{comp}: the PDB selector does not select the pods")
        elif ("minAvailable" in pdb[0]["spec"]) == ("maxUnavailable" in pdb[0]["spec"]):
            fail(f"{comp}: the PDB needs exactly one of minAvailable/maxUnavailable")
    elif pdb:
        fail(f"{comp}: pdb is off but a PDB was rendered")
    if require and not (cfg["autoscaling"]["enabled"] and cfg["pdb"]["enabled"]):
        fail(f"{comp}: these values must give every component an HPA and a PDB")


def check_lifecycle(comp: str, pod_spec: dict, container: dict, cfg: dict) -> None:
    grace = pod_spec.get("terminationGracePeriodSeconds")
    if grace != cfg["terminationGracePeriodSeconds"]:
        fail(f"{comp}: terminationGracePeriodSeconds {grace} != {cfg['terminationGracePeriodSeconds']}")
    sleep = container.get("lifecycle", {}).get("preStop", {}).get("sleep", {}).get("seconds")
    if cfg["preStopSleepSeconds"]:
        if sleep != cfg["preStopSleepSeconds"]:
            fail(f"{comp}: preStop sleep {sleep} != {cfg['preStopSleepSeconds']}")
        elif grace is not None and sleep >= grace:
            fail(f"{comp}: preStop sleep {sleep}s leaves no time in a {grace}s grace period")
    elif sleep is not None:
        fail(f"{comp}: preStopSleepSeconds is 0 but a preStop sleep was rendered")


def check_service_obj(r: Render, comp: str, pod_labels: dict, container: dict, port: int, port_name: str,
                      headless: bool = False) -> dict | None:
    """The component's ClusterIP Service, or (headless) its Service without a cluster IP."""
    found = [s for s in r.of("Service", comp) if (s["spec"].get("clusterIP") == "None") == headless]
    kind = "headless Service" if headless else "ClusterIP Service"
    if len(found) != 1:
        fail(f"{r.path}: expected one {kind} of component '{comp}', found {len(found)}")
        return None
    svc = found[0]
    spec = svc["spec"]
    if headless and spec.get("publishNotReadyAddresses"):
        fail(f"{comp}: the headless Service publishes pods that are not ready")
    if spec.get("type", "ClusterIP") != "ClusterIP":
        fail(f"{comp}: Service type {spec.get('type')} is not ClusterIP")
    if not labels_match(spec.get("selector"), pod_labels):
        fail(f"{comp}: the Service selector does not select the pods")
    ports = {p.get("name"): p for p in spec.get("ports", [])}
    if port_name not in ports:
        fail(f"{comp}: Service has no port named {port_name}")
    else:
        tp = ports[port_name].get("targetPort")
        cports = {p.get("name"): p["containerPort"] for p in container.get("ports", [])}
        if tp not in cports and tp not in cports.values():
            fail(f"{comp}: Service targetPort {tp} is not a container port")
        if port is not None and ports[port_name]["port"] != port:
            fail(f"{comp}: Service port {ports[port_name]['port']} != {port}")
    return svc


def check_netpol_ingress(r: Render, comp: str, pod_labels: dict, expected: list[tuple[list[dict], str]]) -> None:
    """The one ingress NetworkPolicy of the pods has exactly the expected rules, in order:
    each (allowed peers, port name) opens only that port, to a non-empty `from` whose
    every peer is one of the allowed ones."""
    pols = [p for p in r.of("NetworkPolicy") if labels_match(p["spec"]["podSelector"].get("matchLabels"), pod_labels)
            and "Ingress" in p["spec"].get("policyTypes", [])]
    if len(pols) != 1:
        fail(f"{comp}: expected one ingress NetworkPolicy selecting its pods, found {len(pols)}")
        return
    rules = pols[0]["spec"].get("ingress", [])
    if len(rules) != len(expected):
        fail(f"{comp}: NetworkPolicy must have exactly {len(expected)} ingress rule(s), has {len(rules)}")
        return
    for i, (rule, (allowed, port)) in enumerate(zip(rules, expected)):
        if [p.get("port") for p in rule.get("ports", [])] != [port]:
            fail(f"{comp}: NetworkPolicy rule {i} must open only port {port}, opens {rule.get('ports')}")
        if not rule.get("from"):
            fail(f"{comp}: NetworkPolicy rule {i} allows every source")
        for peer in rule.get("from", []):
            if not any(all(peer.get(k) == v for k, v in a.items()) for a in allowed):
                fail(f"{comp}: NetworkPolicy rule {i} (port {port}) allows an unexpected peer {peer}")


def check_scrape_annotations(comp: str, pod: dict, port: int, extra: dict | None) -> None:
    """prometheus.io/* annotations for `port` (none when 0), overridable by podAnnotations."""
    want: dict[str, str] = {}
    if port:
        want = {"prometheus.io/scrape": "true", "prometheus.io/port": str(port), "prometheus.io/path": "/metrics"}
    want.update({k: str(v) for k, v in (extra or {}).items()})
    ann = pod["metadata"].get("annotations") or {}
    for k, v in want.items():
        if ann.get(k) != v:
            fail(f"{comp}: pod annotation {k} is {ann.get(k)!r}, expected {v!r}")
    for k in ann:
        if k.startswith("prometheus.io/") and k not in want:
            fail(f"{comp}: pod annotation {k} although metrics are off")


def cmd_chart(args: argparse.Namespace) -> None:
    r = Render(Path(args.render))
    values = load_values(args.values)
    services = enabled_services(values)
    where = str(r.path)
    if not services:
        fail(f"{where}: no service is enabled")

    bff_dep = r.one("Deployment", "bff")
    bff_labels = bff_dep["spec"]["template"]["metadata"]["labels"] if bff_dep else {}

    for name, cfg in services.items():
        dep = r.one("Deployment", name)
        if not dep:
            continue
        pod = dep["spec"]["template"]
        labels = pod["metadata"]["labels"]
        if not labels_match(dep["spec"]["selector"]["matchLabels"], labels):
            fail(f"{name}: Deployment selector does not match its pod labels")
        check_pod(r, f"{where} Deployment {name}", pod, values)
        containers = pod["spec"]["containers"]
        if len(containers) != 1:
            fail(f"{name}: expected one container")
            continue
        c = containers[0]
        port = cfg["grpcPort"]
        if {"name": "grpc", "containerPort": port, "protocol": "TCP"} not in c.get("ports", []):
            fail(f"{name}: no container port grpc/{port}")
        for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
            if c.get(probe, {}).get("grpc", {}).get("port") != port:
                fail(f"{name}: {probe} is not a gRPC health probe on port {port}")
        check_lifecycle(name, pod["spec"], c, cfg)
        env = env_map(c)
        want = {f"{env_prefix(name)}_DATABASE_URL": True, "AMQP_URL": cfg["events"],
                "JWT_SECRET": cfg["jwt"], "SMTP_URL": cfg["smtp"]}
        for var, present in want.items():
            if present and "secretKeyRef" not in env.get(var, {}).get("valueFrom", {}):
                fail(f"{name}: {var} must come from a Secret")
            if not present and var in env:
                fail(f"{name}: {var} is set although its switch is off")
        db_ref = env.get(f"{env_prefix(name)}_DATABASE_URL", {}).get("valueFrom", {}).get("secretKeyRef", {})
        cms = [r.named("ConfigMap", ef["configMapRef"]["name"]) for ef in c.get("envFrom", []) if "configMapRef" in ef]
        data = {k: v for cm in cms if cm for k, v in (cm.get("data") or {}).items()}
        if data.get("GRPC_LISTEN") != f"0.0.0.0:{port}":
            fail(f"{name}: GRPC_LISTEN is {data.get('GRPC_LISTEN')}")
        if data.get("SHUTDOWN_DRAIN_SECS") != str(cfg["shutdownDrainSeconds"]):
            fail(f"{name}: SHUTDOWN_DRAIN_SECS is {data.get('SHUTDOWN_DRAIN_SECS')!r}, values say {cfg['shutdownDrainSeconds']}")
        if cfg["preStopSleepSeconds"] + cfg["shutdownDrainSeconds"] >= cfg["terminationGracePeriodSeconds"]:
            fail(f"{name}: preStop sleep + drain leave no time for in-flight calls in the grace period")
        # Metrics: 0/null = off, and off must be an explicit "" (the binaries' default is on).
        metrics_port = cfg.get("metricsPort") or 0
        metrics_ports = [p for p in c.get("ports", []) if p.get("name") == "metrics"]
        if metrics_port:
            if metrics_ports != [{"name": "metrics", "containerPort": metrics_port, "protocol": "TCP"}]:
                fail(f"{name}: expected container port metrics/{metrics_port}, found {metrics_ports}")
            if data.get("METRICS_LISTEN") != f"0.0.0.0:{metrics_port}":
                fail(f"{name}: METRICS_LISTEN is {data.get('METRICS_LISTEN')!r}, expected 0.0.0.0:{metrics_port}")
            if metrics_port == port:
                fail(f"{name}: metricsPort equals grpcPort {port}")
        else:
            if metrics_ports:
                fail(f"{name}: metrics are off but a metrics container port was rendered")
            if data.get("METRICS_LISTEN") != "":
                fail(f"{name}: metrics are off but METRICS_LISTEN is {data.get('METRICS_LISTEN')!r}, not \"\"")
        if "METRICS_LISTEN" in env:
            fail(f"{name}: METRICS_LISTEN must come from the ConfigMap only")
        check_scrape_annotations(name, pod, metrics_port, cfg.get("podAnnotations"))
        for k, v in (cfg.get("env") or {}).items():
            if data.get(k) != str(v):
                fail(f"{name}: env {k} is {data.get(k)!r}, values say {v!r}")
        if values.get("logLevel") and data.get("RUST_LOG") != values["logLevel"]:
            fail(f"{name}: RUST_LOG is not logLevel")
        check_service_obj(r, name, labels, c, port, "grpc")
        # The BFF balances over the pods of the headless one (bff/src/discovery.rs).
        headless = check_service_obj(r, name, labels, c, port, "grpc", headless=True)
        check_scaling(r, name, dep, cfg, args.require_scaling)
        if values["networkPolicy"]["enabled"]:
            bff_sel = {k: bff_labels[k] for k in ("app.kubernetes.io/name", "app.kubernetes.io/instance",
                                                   "app.kubernetes.io/component") if k in bff_labels}
            expected = [([{"podSelector": {"matchLabels": bff_sel}}], "grpc")]
            metrics_from = list(values["networkPolicy"].get("metricsFrom") or [])
            if metrics_from and metrics_port:
                expected.append((metrics_from, "metrics"))
            check_netpol_ingress(r, name, labels, expected)
        hook = values["migrations"]["hook"]
        jobs = r.of("Job", f"migrate-{name}")
        if hook["enabled"] and cfg.get("migrate", True):
            if len(jobs) != 1:
                fail(f"{name}: migration hook enabled but {len(jobs)} Jobs rendered")
            else:
                j = jobs[0]
                ann = j["metadata"].get("annotations", {})
                if set(ann.get("helm.sh/hook", "").split(",")) != {"pre-install", "pre-upgrade"}:
                    fail(f"{name}: migration Job is not a pre-install,pre-upgrade hook")
                check_pod(r, f"{where} Job migrate-{name}", j["spec"]["template"], values)
                jc = j["spec"]["template"]["spec"]["containers"][0]
                jref = env_map(jc).get("DATABASE_URL", {}).get("valueFrom", {}).get("secretKeyRef")
                if jref != db_ref:
                    fail(f"{name}: migration Job reads {jref}, the service reads {db_ref}")
                if f"/migrations/{name}" not in jc.get("args", []):
                    fail(f"{name}: migration Job does not run /migrations/{name}")
        elif jobs:
            fail(f"{name}: migration Job rendered although the hook is off")
        # The BFF reaches its pods through the headless Service.
        if bff_dep and headless:
            url = f"http://{headless['metadata']['name']}:{port}"
            bff_c = bff_dep["spec"]["template"]["spec"]["containers"][0]
            bff_cm = r.named("ConfigMap", bff_c["envFrom"][0]["configMapRef"]["name"]) or {}
            got = (bff_cm.get("data") or {}).get(f"{env_prefix(name)}_URL")
            if got != url:
                fail(f"bff: {env_prefix(name)}_URL is {got}, expected {url}")

    # Services that are off must leave nothing behind.
    for name in values.get("services") or {}:
        if name not in services and r.of("Deployment", name):
            fail(f"{name}: disabled but a Deployment was rendered")

    # The BFF.
    if bff_dep:
        cfg = values["bff"]
        pod = bff_dep["spec"]["template"]
        check_pod(r, f"{where} Deployment bff", pod, values)
        c = pod["spec"]["containers"][0]
        for probe, path in (("readinessProbe", "/readyz"), ("livenessProbe", "/healthz"), ("startupProbe", "/healthz")):
            if c.get(probe, {}).get("httpGet", {}).get("path") != path:
                fail(f"bff: {probe} must be httpGet {path}")
            # The kubelet asks the public listener (its /readyz answers the status alone).
            if c.get(probe, {}).get("httpGet", {}).get("port") != "http":
                fail(f"bff: {probe} must ask the http port")
        check_lifecycle("bff", pod["spec"], c, cfg)
        env = env_map(c)
        for var in ("JWT_SECRET", "REDIS_URL", "AMQP_URL"):
            if "secretKeyRef" not in env.get(var, {}).get("valueFrom", {}):
                fail(f"bff: {var} must come from a Secret")
        cm = r.named("ConfigMap", c["envFrom"][0]["configMapRef"]["name"]) or {}
        data = cm.get("data") or {}
        if data.get("WEB_DIR") != "/app/web":
            fail("bff: WEB_DIR must be /app/web")
        if data.get("LISTEN") != f"0.0.0.0:{cfg['port']}":
            fail(f"bff: LISTEN is {data.get('LISTEN')}")
        if data.get("GRPC_RESOLVE_INTERVAL_SECS") != str(cfg["grpcResolveIntervalSeconds"]):
            fail(f"bff: GRPC_RESOLVE_INTERVAL_SECS is {data.get('GRPC_RESOLVE_INTERVAL_SECS')}")
        # Client addresses: only the proxies the values name are believed; the chart's own
        # default names none (any pod could otherwise write its own address).
        if data.get("TRUSTED_PROXIES") != cfg["trustedProxies"]:
            fail(f"bff: TRUSTED_PROXIES is {data.get('TRUSTED_PROXIES')!r}, values say {cfg['trustedProxies']!r}")
        if not args.values and data.get("TRUSTED_PROXIES") != "":
            fail(f"bff: the chart's default TRUSTED_PROXIES is {data.get('TRUSTED_PROXIES')!r}: it must trust no proxy (\"\")")
        if data.get("OPENAPI_PUBLIC") != str(bool(cfg["openapiPublic"])).lower():
            fail(f"bff: OPENAPI_PUBLIC is {data.get('OPENAPI_PUBLIC')!r}, values say {cfg['openapiPublic']!r}")
        if not args.values and data.get("OPENAPI_PUBLIC") != "false":
            fail("bff: the chart's default must serve the OpenAPI document to the main admin only")
        # Metrics: on their own port (never http), or off as an explicit "" (the binary's default is on).
        bff_metrics = cfg.get("metricsPort") or 0
        bff_metrics_ports = [p for p in c.get("ports", []) if p.get("name") == "metrics"]
        if bff_metrics:
            if bff_metrics_ports != [{"name": "metrics", "containerPort": bff_metrics, "protocol": "TCP"}]:
                fail(f"bff: expected container port metrics/{bff_metrics}, found {bff_metrics_ports}")
            if data.get("METRICS_LISTEN") != f"0.0.0.0:{bff_metrics}":
                fail(f"bff: METRICS_LISTEN is {data.get('METRICS_LISTEN')!r}, expected 0.0.0.0:{bff_metrics}")
            if bff_metrics == cfg["port"]:
                fail(f"bff: metricsPort equals port {cfg['port']}")
        else:
            if bff_metrics_ports:
                fail("bff: metrics are off but a metrics container port was rendered")
            if data.get("METRICS_LISTEN") != "":
                fail(f"bff: metrics are off but METRICS_LISTEN is {data.get('METRICS_LISTEN')!r}, not \"\"")
        check_scrape_annotations("bff", pod, bff_metrics, cfg.get("podAnnotations"))
        svc = check_service_obj(r, "bff", pod["metadata"]["labels"], c, cfg["service"]["port"], "http")
        check_scaling(r, "bff", bff_dep, cfg, args.require_scaling)
        ing = values["ingress"]
        ingresses = r.of("Ingress", "bff")
        if ing["enabled"]:
            if len(ingresses) != 1:
                fail(f"bff: ingress enabled but {len(ingresses)} Ingresses rendered")
            elif svc:
                i = ingresses[0]
                backends = [p["backend"]["service"] for rule in i["spec"]["rules"] for p in rule["http"]["paths"]]
                for b in backends:
                    if b["name"] != svc["metadata"]["name"] or b["port"].get("name", "http") != "http":
                        fail(f"bff: Ingress backend {b} is not the BFF Service")
                if [rule["host"] for rule in i["spec"]["rules"]] != [ing["host"]]:
                    fail("bff: Ingress host differs from ingress.host")
                if ing["tls"]["enabled"] and not i["spec"].get("tls"):
                    fail("bff: TLS enabled but the Ingress has no tls")
                ann = i["metadata"].get("annotations", {})
                if "nginx" in (ing.get("className") or ""):
                    for a in ("nginx.ingress.kubernetes.io/proxy-read-timeout",
                              "nginx.ingress.kubernetes.io/proxy-send-timeout"):
                        if int(ann.get(a, "0")) < 300:
                            fail(f"bff: {a} must keep WebSockets open (>= 300 s)")
        elif ingresses:
            fail("bff: ingress disabled but an Ingress was rendered")
        if values["networkPolicy"]["enabled"]:
            np = values["networkPolicy"]
            allowed = [{"namespaceSelector": np["ingressController"]["namespaceSelector"],
                        "podSelector": np["ingressController"]["podSelector"]}] + list(np.get("extraBffFrom") or [])
            expected = [(allowed, "http")]
            if np.get("metricsFrom") and bff_metrics:
                expected.append((list(np["metricsFrom"]), "metrics"))
            check_netpol_ingress(r, "bff", pod["metadata"]["labels"], expected)
    if values["networkPolicy"]["enabled"] and values["networkPolicy"]["egress"]["enabled"]:
        eg = [p for p in r.of("NetworkPolicy") if "Egress" in p["spec"].get("policyTypes", [])]
        if len(eg) != 1:
            fail(f"{where}: egress restriction on but {len(eg)} egress NetworkPolicies rendered")
    # Names must be DNS labels.
    for d in r.docs:
        n = d["metadata"]["name"]
        if len(n) > 63 or not re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", n):
            fail(f"{where}: {d['kind']} name {n!r} is not a DNS label")
    kinds = sorted({d["kind"] for d in r.docs})
    print(f"  {where}: services {', '.join(services)} + bff; kinds: {', '.join(kinds)}")


# --------------------------------------------------------------------------- values-doc

def resolve(node: dict, schema: dict) -> dict:
    """Follows $ref and allOf into one merged view of a schema node."""
    out: dict = {}
    if "$ref" in node:
        target = schema
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        out.update(resolve(target, schema))
    for sub in node.get("allOf", []):
        merged = resolve(sub, schema)
        props = {**out.get("properties", {}), **merged.get("properties", {})}
        out.update(merged)
        if props:
            out["properties"] = props
    for sub in node.get("anyOf", []):
        merged = resolve(sub, schema)
        if merged.get("properties"):
            out.update(merged)
    out.update({k: v for k, v in node.items() if k not in ("$ref", "allOf", "anyOf")})
    return out


def value_paths(values: dict, node: dict, schema: dict, prefix: str, out: list[tuple[str, dict]]) -> None:
    node = resolve(node, schema)
    props = node.get("properties")
    if not isinstance(values, dict) or not props and not isinstance(node.get("additionalProperties"), dict):
        return
    for k, v in values.items():
        path = f"{prefix}.{k}" if prefix else k
        if props and k in props:
            child = resolve(props[k], schema)
        elif isinstance(node.get("additionalProperties"), dict):
            child = resolve(node["additionalProperties"], schema)
            path = f"{prefix}.<name>" if prefix else "<name>"
        else:
            fail(f"values.yaml: {path} is not in values.schema.json")
            continue
        out.append((path, child))
        if child.get("properties"):
            value_paths(v, child, schema, path, out)


def cmd_values_doc(args: argparse.Namespace) -> None:
    import json
    schema = json.loads((CHART / "values.schema.json").read_text())
    values = yaml.safe_load((CHART / "values.yaml").read_text())
    paths: list[tuple[str, dict]] = []
    value_paths(values, schema, schema, "", paths)
    readme = (ROOT / "deploy" / "README.md").read_text()
    seen = set()
    for path, node in paths:
        if path in seen:
            continue
        seen.add(path)
        if not node.get("description"):
            fail(f"values.schema.json: {path} has no description")
        if f"`{path}`" not in readme:
            fail(f"deploy/README.md: the values table has no row for `{path}`")
    # deploy/ci-values.yaml must set every value (so the CI render exercises all of them).
    ci = yaml.safe_load((ROOT / "deploy" / "ci-values.yaml").read_text())

    for path in seen:
        node = ci
        for part in path.split("."):
            if not isinstance(node, dict) or part not in node:
                fail(f"deploy/ci-values.yaml does not set {path}")
                break
            node = node[part]
    print(f"  {len(seen)} value paths described in values.schema.json and deploy/README.md; all set by ci-values.yaml")


# --------------------------------------------------------------------------- repo

def crate_name(dir_: Path) -> str | None:
    toml = dir_ / "Cargo.toml"
    if not toml.exists():
        return None
    m = re.search(r'^name\s*=\s*"([^"]+)"', toml.read_text(), re.M)
    return m.group(1) if m else None


def sanitize(image: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "_", image)


def cmd_repo(args: argparse.Namespace) -> None:
    values = load_values([])
    services = enabled_services(values)
    workspace = (ROOT / "Cargo.toml").read_text()

    for name in services:
        if crate_name(ROOT / "services" / name) != name:
            fail(f"chart service {name}: no crate services/{name} named {name}")
        if f'"services/{name}"' not in workspace:
            fail(f"chart service {name}: services/{name} is not a workspace member")

    for df in sorted((ROOT / "deploy").glob("Dockerfile.*")):
        if df.name.endswith(".dockerignore"):
            continue
        if not (df.parent / f"{df.name}.dockerignore").exists():
            fail(f"{df.name}: no {df.name}.dockerignore (the build context is the repository root)")

    # skaffold.yaml
    sk = yaml.safe_load((ROOT / "skaffold.yaml").read_text())
    if not str(sk.get("apiVersion", "")).startswith("skaffold/v4"):
        fail(f"skaffold.yaml: apiVersion {sk.get('apiVersion')} is not skaffold/v4*")
    artifacts = sk["build"]["artifacts"]
    releases = sk["deploy"]["helm"]["releases"]
    if len(releases) != 1 or (ROOT / releases[0]["chartPath"]).resolve() != CHART:
        fail("skaffold.yaml: expected one helm release of helm/giving-console")
    templates = releases[0].get("setValueTemplates", {})
    bins = {}
    for a in artifacts:
        ctx = ROOT / a.get("context", ".")
        dockerfile = ctx / a.get("docker", {}).get("dockerfile", "Dockerfile")
        if not dockerfile.exists():
            fail(f"skaffold.yaml: {a['image']}: {dockerfile} does not exist")
        b = a.get("docker", {}).get("buildArgs", {}).get("BIN")
        if dockerfile.name == "Dockerfile.service":
            if not b or crate_name(ROOT / "services" / b) != b:
                fail(f"skaffold.yaml: {a['image']}: BIN {b!r} is not a crate under services/")
            bins[b] = a["image"]
        s = sanitize(a["image"])
        used = [v for v in templates.values() if f"IMAGE_REPO_{s}" in v or f"IMAGE_TAG_{s}" in v]
        if len(used) < 2:
            fail(f"skaffold.yaml: {a['image']} is built but its IMAGE_REPO/IMAGE_TAG are not both in setValueTemplates")
    for name in services:
        img = bins.get(name)
        if not img:
            fail(f"skaffold.yaml: chart service {name} has no artifact (deploy/Dockerfile.service, BIN={name})")
            continue
        s = sanitize(img)
        for key, tmpl in ((f"services.{name}.image.repository", f"{{{{.IMAGE_REPO_{s}}}}}"),
                          (f"services.{name}.image.tag", f"{{{{.IMAGE_TAG_{s}}}}}")):
            if templates.get(key) != tmpl:
                fail(f"skaffold.yaml: setValueTemplates {key} must be {tmpl!r}")
    for key in templates:
        m = re.match(r"services\.([^.]+)\.", key)
        if m and m.group(1) not in services:
            fail(f"skaffold.yaml: setValueTemplates {key} names no enabled chart service")
    release = releases[0]["name"]
    bff_service = (release if "giving-console" in release else f"{release}-giving-console") + "-bff"
    for pf in sk.get("portForward", []) + [p for prof in sk.get("profiles", []) for p in prof.get("portForward", [])]:
        if pf.get("localPort") == 8080 and pf.get("resourceName") != bff_service:
            fail(f"skaffold.yaml: port-forward 8080 targets {pf.get('resourceName')}, the BFF Service is {bff_service}")
    profiles = {p["name"]: p for p in sk.get("profiles", [])}
    if "dev" not in profiles:
        fail("skaffold.yaml: no dev profile")
    for prof in profiles.values():
        for patch in prof.get("patches", []):
            v = patch.get("value")
            files = [v] if isinstance(v, str) else (v or {}).get("rawYaml", []) if isinstance(v, dict) else []
            for f in files:
                if not (ROOT / f).exists():
                    fail(f"skaffold.yaml: profile {prof['name']} names {f}, which does not exist")

    # docker-compose.yml
    compose_path = ROOT / "deploy" / "docker-compose.yml"
    compose = yaml.safe_load(compose_path.read_text())
    cs = compose.get("services", {})
    for name, svc in cs.items():
        for dep in (svc.get("depends_on") or {}):
            if dep not in cs:
                fail(f"docker-compose.yml: {name} depends on unknown service {dep}")
        build = svc.get("build")
        if build:
            df = (compose_path.parent / build["context"] / build["dockerfile"]).resolve()
            if not df.exists():
                fail(f"docker-compose.yml: {name}: {df} does not exist")
            b = (build.get("args") or {}).get("BIN")
            if b is not None and crate_name(ROOT / "services" / b) != b:
                fail(f"docker-compose.yml: {name}: BIN {b} is not a crate")
        for vol in svc.get("volumes", []):
            src = vol.split(":")[0]
            if src.startswith("."):
                if not (compose_path.parent / src).exists():
                    fail(f"docker-compose.yml: {name}: mounts missing {src}")
    for name in list(services) + ["bff"]:
        if name not in cs:
            fail(f"docker-compose.yml: chart component {name} has no compose service")
    dbs = str(cs.get("postgres", {}).get("environment", {}).get("POSTGRES_SERVICE_DATABASES", "")).replace(",", " ").split()
    for name in services:
        if name not in dbs:
            fail(f"docker-compose.yml: POSTGRES_SERVICE_DATABASES lacks {name}")
    # The dev profile's backing stores: a database and a URL Secret per service.
    dev = load_docs(ROOT / "deploy" / "k8s" / "dev-dependencies.yaml")
    dev_secrets = {d["metadata"]["name"]: d for d in dev if d["kind"] == "Secret"}
    dev_sql = "".join(str(v) for d in dev if d["kind"] == "ConfigMap" for v in (d.get("data") or {}).values())
    for name, cfg in services.items():
        secret = cfg["database"].get("secretName") or f"giving-console-{name}-db"
        if cfg["database"]["secretKey"] not in (dev_secrets.get(secret, {}).get("stringData") or {}):
            fail(f"deploy/k8s/dev-dependencies.yaml: no Secret {secret} with key {cfg['database']['secretKey']}")
        if f"CREATE DATABASE {name};" not in dev_sql:
            fail(f"deploy/k8s/dev-dependencies.yaml: no CREATE DATABASE {name};")
    for ref in ("jwt", "amqp", "redis"):
        r = values["secrets"][ref]
        if r["key"] not in (dev_secrets.get(r["name"], {}).get("stringData") or {}):
            fail(f"deploy/k8s/dev-dependencies.yaml: no Secret {r['name']} with key {r['key']}")
    print(f"  skaffold: {len(artifacts)} artifacts; compose: {len(cs)} services; chart services: {', '.join(services)}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("manifests")
    m.add_argument("--kube", action="append", required=True)
    m.add_argument("files", nargs="+")
    c = sub.add_parser("chart")
    c.add_argument("--render", required=True)
    c.add_argument("--values", action="append", default=[])
    c.add_argument("--require-scaling", action="store_true")
    sub.add_parser("values-doc")
    sub.add_parser("repo")
    args = p.parse_args()
    {"manifests": cmd_manifests, "chart": cmd_chart, "values-doc": cmd_values_doc, "repo": cmd_repo}[args.cmd](args)
    for e in ERRORS:
        print(f"  FAIL {e}", file=sys.stderr)
    return 1 if ERRORS else 0


if __name__ == "__main__":
    sys.exit(main())
