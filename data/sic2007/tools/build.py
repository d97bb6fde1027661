#!/usr/bin/env python3
"""Build data/sic2007/sic2007.csv from Companies House's condensed SIC 2007 list.

Usage:
  python3 tools/build.py SOURCE_CSV [--crosscheck CONSTANTS_YML]

SOURCE_CSV     Companies House "SIC07_CH_condensed_list_en.csv" (columns "SIC Code,Description";
               see SOURCES.md for where it was read and its SHA-256).
CONSTANTS_YML  optional: companieshouse/api-enumerations constants.yml; its five-digit
               `sic_descriptions` entries are compared with the source and the differences printed.

Changes made to the source (and nothing else):
  * header renamed to "code,description";
  * runs of whitespace inside a description collapsed to one space, ends trimmed;
  * written as UTF-8 without BOM, LF line endings, quoted only where CSV needs it, sorted by code.
The script refuses to write when a code is not five digits or appears twice.
"""
import argparse
import csv
import hashlib
import io
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "sic2007.csv"


def read_source(path: Path) -> dict[str, str]:
    raw = path.read_bytes()
    print(f"source: {path}  sha256={hashlib.sha256(raw).hexdigest()}  bytes={len(raw)}")
    text = raw.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    header, body = rows[0], [r for r in rows[1:] if r]
    # The published file says "SIC Code,Description"; some copies rename it "code,description".
    if [h.strip().lower() for h in header] not in (["sic code", "description"], ["code", "description"]):
        sys.exit(f"unexpected header {header!r}")
    out: dict[str, str] = {}
    changed = []
    for code, description in body:
        if not re.fullmatch(r"\d{5}", code):
            sys.exit(f"not a five-digit code: {code!r}")
        if code in out:
            sys.exit(f"duplicate code {code}")
        clean = re.sub(r"\s+", " ", description).strip()
        if clean != description:
            changed.append((code, description, clean))
        out[code] = clean
    print(f"codes: {len(out)}")
    for code, before, after in changed:
        print(f"WHITESPACE {code}: {before!r} -> {after!r}")
    return out


def write_csv(entries: dict[str, str]) -> None:
    buf = io.StringIO(newline="")
    writer = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(["code", "description"])
    for code in sorted(entries):
        writer.writerow([code, entries[code]])
    data = buf.getvalue().encode("utf-8")
    OUT.write_bytes(data)
    print(f"wrote {OUT}  rows={len(entries)}  sha256={hashlib.sha256(data).hexdigest()}")


def crosscheck(entries: dict[str, str], constants: Path) -> None:
    import yaml  # only needed for the cross-check

    sic = yaml.safe_load(constants.read_text(encoding="utf-8"))["sic_descriptions"]
    other = {str(k): re.sub(r"\s+", " ", str(v)).strip() for k, v in sic.items() if len(str(k)) == 5}
    print(f"cross-check: {constants}  five-digit codes={len(other)}")
    for code in sorted(set(entries) - set(other)):
        print(f"ONLY-IN-SOURCE {code}")
    for code in sorted(set(other) - set(entries)):
        print(f"ONLY-IN-CROSSCHECK {code}")
    differ = [c for c in sorted(set(entries) & set(other)) if entries[c] != other[c]]
    for code in differ:
        print(f"TEXT {code}: {entries[code]!r} | {other[code]!r}")
    print(f"descriptions that differ: {len(differ)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("source", type=Path)
    parser.add_argument("--crosscheck", type=Path)
    args = parser.parse_args()
    entries = read_source(args.source)
    write_csv(entries)
    if args.crosscheck:
        crosscheck(entries, args.crosscheck)


if __name__ == "__main__":
    main()
