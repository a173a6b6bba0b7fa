#!/usr/bin/env python3
"""The first player's score over the complete deal pairs of a match's game
records (for a match stopped early: games without a result are left out,
and their pairs with them). Usage: pairs_from_records.py RESULTS/NAME [PLAYER]"""
import collections, math, pathlib, sys

games = pathlib.Path(sys.argv[1]) / "games"
player = sys.argv[2] if len(sys.argv) > 2 else "hy"
pairs = collections.defaultdict(list)
for f in sorted(games.glob("*.jqf")):
    tags, result = {}, None
    for line in f.read_text().splitlines():
        if line.startswith("tag "):
            _, key, value = line.split(" ", 2)
            tags[key] = value
        elif line.startswith("result "):
            result = line.split()[1]
    if result is None:
        continue
    seat = "1" if tags["seat1"] == player else "2"
    pairs[tags["pair"]].append(0.5 if result == "draw" else 1.0 if result == seat else 0.0)
scores = [sum(s) / 2 for s in pairs.values() if len(s) == 2]
wins = sum(s.count(1.0) for s in pairs.values() if len(s) == 2)
draws = sum(s.count(0.5) for s in pairs.values() if len(s) == 2)
n = len(scores)
mean = sum(scores) / n
half = 1.96 * math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1) / n)
print(f"{2 * n} games ({n} pairs) W-D-L {wins}-{draws}-{2 * n - wins - draws}: "
      f"{100 * mean:.1f}% [{100 * (mean - half):.1f}, {100 * (mean + half):.1f}]")
