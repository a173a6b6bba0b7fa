#!/usr/bin/env python3
"""paired.py NAME A1,A2 B1,B2: two agents' four-player matches against one
opponent on the same deals (A1 and B1 one seed, A2 and B2 another; each a
match directory with games/*.jq4 or games.tar.zst, the agent named NAME in
both). Prints each side's score by deal pair (a pair's points, 0-2, normal
interval of their mean, as the match tool's ratings) and B minus A per deal
pair with a 95% normal interval."""
import glob, json, math, os, subprocess, sys, tempfile
from collections import defaultdict

def records(match, tmp):
    found = sorted(glob.glob(os.path.join(match, "games", "*.jq4")))
    if found:
        return found
    d = tempfile.mkdtemp(dir=tmp)
    subprocess.run(["tar", "--zstd", "-xf", os.path.join(match, "games.tar.zst"), "-C", d], check=True)
    return sorted(glob.glob(os.path.join(d, "**", "*.jq4"), recursive=True))

def pair_points(name, match, tmp):
    seed = json.load(open(os.path.join(match, "match.json")))["seed"]
    pts = defaultdict(float)
    for path in records(match, tmp):
        tags, result = {}, None
        for line in open(path):
            if line.startswith("tag "):
                _, k, v = line.rstrip("\n").split(" ", 2)
                tags[k] = v
            elif line.startswith("result "):
                result = line.split()[1]
        mine = "south-north" if tags["south-north"] == name else "east-west"
        other = "east-west" if mine == "south-north" else "south-north"
        pts[(seed, int(tags["pair"]))] += 1.0 if result == mine else 0.0 if result == other else 0.5
    return pts

def interval(x):
    n = len(x); m = sum(x) / n
    var = sum((v - m) ** 2 for v in x) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)

def main():
    name, a, b = sys.argv[1], sys.argv[2].split(","), sys.argv[3].split(",")
    with tempfile.TemporaryDirectory() as tmp:
        pa, pb = {}, {}
        for m in a: pa.update(pair_points(name, m, tmp))
        for m in b: pb.update(pair_points(name, m, tmp))
    for label, p in (("A", pa), ("B", pb)):
        m, h = interval(list(p.values()))
        print(f"{label}: {sum(p.values()):g}/{2*len(p)} = {50*m:.1f}% [{50*(m-h):.1f}, {50*(m+h):.1f}] over {len(p)} pairs")
    common = sorted(set(pa) & set(pb))
    m, h = interval([pb[k] - pa[k] for k in common])
    print(f"B - A: {50*m:+.1f} points per 100 games [{50*(m-h):+.1f}, {50*(m+h):+.1f}] over {len(common)} common pairs")

main()
