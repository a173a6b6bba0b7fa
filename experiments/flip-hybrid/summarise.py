#!/usr/bin/env python3
"""Scores of the first player with 95% intervals over deal pairs (each pair:
one game in each seat), from each results/NAME/ratings.txt's pairing line."""
import math, pathlib, re, sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "experiments/flip-hybrid/results")
for d in sorted(p for p in root.iterdir() if (p / "ratings.txt").exists()):
    line = next(l for l in (d / "ratings.txt").read_text().splitlines() if " vs " in l)
    wdl = re.search(r"(\d+)-(\d+)-(\d+)", line).groups()
    counts = [int(c) for c in re.search(r"(\d+)/(\d+)/(\d+)/(\d+)/(\d+)", line).groups()]
    pairs = sum(counts)
    scores = [s / 2 for s, c in zip((0, 0.5, 1, 1.5, 2), counts) for _ in range(c)]  # a pair's mean game score
    mean = sum(scores) / pairs
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (pairs - 1))
    half = 1.96 * sd / math.sqrt(pairs)
    print(f"{d.name:22} {2 * pairs:4} games  {'-'.join(wdl):11}  {100 * mean:5.1f}% [{100 * (mean - half):5.1f}, {100 * (mean + half):5.1f}]")
