#!/usr/bin/env python3
"""The learner's score against each league member, generation by generation
(shards/gen-NNNN.json of each LL run), and each main exploiter's score in its
own training games against its target. Usage: league_scores.py (from here)."""
import json, pathlib, re


def short(member):
    m = re.search(r"weights=([^,]+)", member)
    if not m:
        return member
    path = m.group(1)
    if "gumbel-selfplay" in path:
        return "X"
    if "run-X-exploiter" in path:
        return "E_X"
    return re.sub(r"run-LL\d-(m\d)/.*", lambda k: k.group(1).upper(), path)


for r in (1, 2, 3):
    run = pathlib.Path(f"run-LL{r}")
    for shard in sorted(run.glob("shards/gen-*.json")):
        d = json.loads(shard.read_text())
        parts = []
        for key, games in d.items():
            if key.startswith("league_games:"):
                member = key.split(":", 1)[1]
                parts.append(f"{short(member)} {d['league_score:' + member] / games:.0%} of {games}")
        print(f"LL{r} {shard.stem}: " + ", ".join(parts))
    for k in (1, 2):
        d = json.loads((pathlib.Path(f"run-LL{r}-m{k}") / "shards/gen-0001.json").read_text())
        print(f"LL{r} M{k} against its target: {d['league_score'] / d['league_games']:.1%} of {d['league_games']}")
