#!/usr/bin/env python3
"""README.md's "not tuned to mcts" reading: generation G and best/flip.jqw
on the same deals against each opponent of `match.sh others`: each one's
score, G minus best pair by pair, and the pooled paired difference.

Usage: others.py G"""
import pathlib, sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "flip-hybrid-selfplay"))
from paired import interval, pair_scores  # a match's scores by deal pair; a mean with its 95% interval

OPPONENTS = ["pimc-seed159", "heuristic-seed155"] + [f"{s}-seed157" for s in ("flipper", "hoarder", "rusher", "trader")]


def main(generation):
    results = pathlib.Path(__file__).resolve().parent / "results"
    pooled = []
    for name in OPPONENTS:
        new = pair_scores(results / f"gen{generation:04d}-{name}", "nn")
        base = pair_scores(results / f"best-{name}", "nn")
        both = sorted(set(new) & set(base), key=int)
        diffs = [new[p] - base[p] for p in both]
        pooled += diffs
        m, lo, hi = interval(diffs)
        print(f"{name}: G {100 * sum(new.values()) / len(new):.1f}%, best {100 * sum(base.values()) / len(base):.1f}%, "
              f"G minus best {100 * m:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}] over {len(both)} pairs")
    m, lo, hi = interval(pooled)
    print(f"pooled: G minus best {100 * m:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}] over {len(pooled)} pairs")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: others.py G")
    main(int(sys.argv[1]))
