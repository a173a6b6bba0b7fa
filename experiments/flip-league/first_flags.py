#!/usr/bin/env python3
"""What decides a Kawu game: for the matches given (results directories of
`junqi match` of player `nn` against `opp`, games in games/ or
games.tar.zst), the network's score by whose flag was turned over first and
by whom, and each player's share of flips among its actions.

Usage: first_flags.py RESULTS...

The deal lists the face-down points' pieces in square order (A1, B1, ...,
E12 without the ten camps); upper case is one colour, lower case the other,
F/f the flags. Under Kawu rules the first flip decides the colours: the
first player plays the colour of the piece it turns over."""
import collections, pathlib, sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "flip-hybrid-selfplay"))
from paired import records  # a match's records, from games/ or games.tar.zst

CAMPS = {"B3", "D3", "C4", "B5", "D5", "B8", "D8", "C9", "B10", "D10"}
POINTS = [f"{c}{r}" for r in range(1, 13) for c in "ABCDE" if f"{c}{r}" not in CAMPS]


def game(text):
    lines = text.splitlines()
    tags = dict(l.split(" ", 2)[1:] for l in lines if l.startswith("tag "))
    deal = next(l.split()[1] for l in lines if l.startswith("deal "))
    actions = [l.split()[1] for l in lines if l.startswith("action ")]
    result = next(l.split()[1] for l in lines if l.startswith("result"))
    return tags, dict(zip(POINTS, deal)), actions, result


def main(dirs):
    first = collections.defaultdict(lambda: [0, 0.0])
    flips = collections.Counter()
    actions_of = collections.Counter()
    total = 0
    for d in dirs:
        for text in records(d):
            tags, piece, actions, result = game(text)
            nn_seat = 1 if tags["seat1"] == "nn" else 2
            score = 0.5 if result == "draw" else float(int(result) == nn_seat)
            nn_upper = piece[actions[0]].isupper() == (nn_seat == 1)
            total += 1
            for k, a in enumerate(actions):
                who = "nn" if (k % 2 == 0) == (nn_seat == 1) else "opp"
                actions_of[who] += 1
                flips[who] += "-" not in a
            for k, a in enumerate(actions):
                if "-" in a or piece.get(a) not in ("F", "f"):
                    continue
                flipper = "nn" if (k % 2 == 0) == (nn_seat == 1) else "opp"
                owner = "nn" if (piece[a] == "F") == nn_upper else "opp"
                first[(owner, flipper)][0] += 1
                first[(owner, flipper)][1] += score
                break
    print(f"{total} games")
    for (owner, flipper), (n, s) in sorted(first.items()):
        print(f"first flag {owner}'s, turned over by {flipper}: {n} games ({100 * n / total:.1f}%), nn scores {100 * s / n:.1f}%")
    for who in ("nn", "opp"):
        print(f"{who}: {flips[who]} flips of {actions_of[who]} actions ({100 * flips[who] / actions_of[who]:.1f}%)")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: first_flags.py RESULTS...")
    main(sys.argv[1:])
