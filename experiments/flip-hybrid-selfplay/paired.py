#!/usr/bin/env python3
"""Two matches of player `nn` on the same deal pairs (the same match seed and
pairs): each one's score, and the paired difference (new minus baseline) over
the pairs both completed, with its 95% interval (normal, over the pairs'
differences). The records from RESULTS/games, else from RESULTS/games.tar.zst
(as committed). Usage: paired.py NEW-RESULTS BASELINE-RESULTS [PLAYER]

paired.py --pool RESULTS... : one player's (`nn`) matches on different deals
pooled: the score over all their deal pairs, with the same interval."""
import collections, math, pathlib, subprocess, sys, tempfile


def records(results):
    games = pathlib.Path(results) / "games"
    if games.is_dir():
        return [f.read_text() for f in sorted(games.glob("*.jqf"))]
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["tar", "--zstd", "-xf", str(pathlib.Path(results) / "games.tar.zst"), "-C", tmp], check=True)
        return [f.read_text() for f in sorted((pathlib.Path(tmp) / "games").glob("*.jqf"))]


def pair_scores(results, player):
    pairs = collections.defaultdict(list)
    for text in records(results):
        tags, result = {}, None
        for line in text.splitlines():
            if line.startswith("tag "):
                _, key, value = line.split(" ", 2)
                tags[key] = value
            elif line.startswith("result "):
                result = line.split()[1]
        if result is None:
            continue
        seat = "1" if tags["seat1"] == player else "2"
        pairs[tags["pair"]].append(0.5 if result == "draw" else 1.0 if result == seat else 0.0)
    return {p: sum(s) / 2 for p, s in pairs.items() if len(s) == 2}


def interval(values):
    n = len(values)
    mean = sum(values) / n
    half = 1.96 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else float("nan")
    return mean, mean - half, mean + half


def main(argv):
    if argv[1] == "--pool":
        pooled = [s for results in argv[2:] for s in pair_scores(results, "nn").values()]
        m, lo, hi = interval(pooled)
        print(f"pooled over {len(argv) - 2} matches: {2 * len(pooled)} games, {100 * m:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")
        return
    player = argv[3] if len(argv) > 3 else "nn"
    new, base = pair_scores(argv[1], player), pair_scores(argv[2], player)
    for name, scores in (("new", new), ("baseline", base)):
        m, lo, hi = interval(list(scores.values()))
        print(f"{name}: {2 * len(scores)} games, {100 * m:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")
    both = sorted(set(new) & set(base), key=int)
    m, lo, hi = interval([new[p] - base[p] for p in both])
    print(f"paired, new minus baseline over {len(both)} pairs: {100 * m:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]")


if __name__ == "__main__":
    main(sys.argv)
