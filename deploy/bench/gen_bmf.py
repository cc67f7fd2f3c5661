#!/usr/bin/env python3
"""Writes a synthetic IRS Business Master File (the real CSV layout) of N rows to stdout.

Names are drawn from a small vocabulary so searches match realistic shares of rows.
Deterministic for a given seed: the same N and seed give the same file.
"""
import random
import sys

HEADER = ("EIN,NAME,ICO,STREET,CITY,STATE,ZIP,GROUP,SUBSECTION,AFFILIATION,CLASSIFICATION,RULING,"
          "DEDUCTIBILITY,FOUNDATION,ACTIVITY,ORGANIZATION,STATUS,TAX_PERIOD,ASSET_CD,INCOME_CD,"
          "FILING_REQ_CD,PF_FILING_REQ_CD,ACCT_PD,ASSET_AMT,INCOME_AMT,REVENUE_AMT,NTEE_CD,SORT_NAME")
WORDS = ["AMERICAN", "COMMUNITY", "FOUNDATION", "HOPE", "CHILDREN", "FUND", "SOCIETY", "RELIEF", "HEALTH",
         "EDUCATION", "ARTS", "WATER", "ANIMAL", "RESCUE", "HOUSING", "YOUTH", "VETERANS", "FOOD", "BANK",
         "LIBRARY", "FRIENDS", "OF", "THE", "ASSOCIATION", "CENTER", "MISSION", "PARTNERS", "ALLIANCE"]
CITIES = ["SPRINGFIELD", "PEORIA", "CHICAGO", "AUSTIN", "DENVER", "BOSTON", "SEATTLE", "PORTLAND", "MIAMI"]
STATES = ["IL", "TX", "CO", "MA", "WA", "OR", "FL", "NY", "CA"]
NTEE = ["A20", "B20", "E20", "P20", "T20", "X20", "L20", "K30"]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    rnd = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
    out = sys.stdout
    out.write(HEADER + "\n")
    buf = []
    for i in range(n):
        name = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(2, 5))) + f" {i}"
        ein = f"{100000000 + i * 7 % 900000000:09d}"
        k = rnd.randrange(len(CITIES))
        buf.append(f"{ein},{name},,{rnd.randint(1, 9999)} MAIN ST,{CITIES[k]},{STATES[k]},{rnd.randint(10000, 99999)},"
                   f"0000,03,3,1000,199001,1,15,000000000,1,01,202312,0,0,01,0,12,0,0,0,{rnd.choice(NTEE)},\n")
        if len(buf) == 10000:
            out.write("".join(buf))
            buf = []
    out.write("".join(buf))


if __name__ == "__main__":
    main()
