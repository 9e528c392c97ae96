#!/usr/bin/env python3
"""Format check for one hand-written set: python3 check_set.py FILE NAME"""
import json, re, sys, collections
path, name = sys.argv[1], sys.argv[2]
d = json.load(open(path, encoding="utf-8"))
errs = []
if set(d) != {"about", "passages", "items"}:
    errs.append(f"top-level keys must be about, passages, items; got {sorted(d)}")
ps = d.get("passages", {})
if len(ps) != 12:
    errs.append(f"need 12 passages, got {len(ps)}")
for k, v in ps.items():
    if set(v) != {"text"} or not isinstance(v["text"], str):
        errs.append(f"passage {k}: must be {{'text': str}}")
    elif not 1200 <= len(v["text"]) <= 6000:
        errs.append(f"passage {k}: {len(v['text'])} characters; keep 1,200-6,000")
items = d.get("items", [])
if len(items) != 150:
    errs.append(f"need 150 items, got {len(items)}")
c = collections.Counter(it.get("expect") for it in items)
if c != {"faithful": 75, "changed": 75}:
    errs.append(f"need 75 faithful and 75 changed, got {dict(c)}")
need = {"id", "set", "source", "quote", "expect", "kind", "question"}
ids = set()
for n, it in enumerate(items):
    if set(it) != need:
        errs.append(f"item {n}: keys must be {sorted(need)}; got {sorted(it)}")
        continue
    if it["id"] != f"{name}-{n:03d}":
        errs.append(f"item {n}: id must be {name}-{n:03d}, got {it['id']}")
    if it["source"] not in ps:
        errs.append(f"item {it['id']}: unknown source {it['source']}")
        continue
    if it["set"] not in {"legal", "finance", "science", "news", "other"}:
        errs.append(f"item {it['id']}: set must be legal, finance, science, news or other")
    q = it["quote"].strip()
    if len(q) < 12:
        errs.append(f"item {it['id']}: quote too short")
    if it["kind"].startswith("verbatim"):
        core = q.strip("\"'\u201c\u201d\u2018\u2019 ")
        if core not in ps[it["source"]]["text"]:
            errs.append(f"item {it['id']}: kind says verbatim but the quote is not a substring of its passage")
    if it["expect"] == "changed" and it["quote"].strip("\"'\u201c\u201d ") in ps[it["source"]]["text"] and not it["kind"].startswith(("cut", "truncat", "fragment")):
        errs.append(f"item {it['id']}: labelled changed but the quote is verbatim in its passage; say 'cut:' in kind if the change is what the cut leaves out")
per = collections.Counter(it["source"] for it in items)
for k in ps:
    if per[k] < 8:
        errs.append(f"passage {k}: only {per[k]} items; give each passage at least 8")
if errs:
    print("\n".join(errs)); sys.exit(1)
print(f"OK: {len(items)} items, {dict(c)}, {len(ps)} passages")
