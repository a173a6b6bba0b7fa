#!/usr/bin/env python3
"""cost.py RESULTS/NAME...: the nn agent's CPU seconds per action in each match
against `heuristic`: the process's user + system CPU (NAME.time) over the
actions nn chose (counted from the records in NAME/games.tar.zst; seats
alternate, seat1 first). An upper bound: the heuristic's own actions and the
match's bookkeeping are counted as nn's."""
import subprocess, sys, tarfile, io

for run in sys.argv[1:]:
    user, _, system = open(run + ".time").read().split()[:3]
    cpu = float(user) + float(system)
    raw = subprocess.run(["zstd", "-dc", run + "/games.tar.zst"], capture_output=True, check=True).stdout
    actions = 0
    with tarfile.open(fileobj=io.BytesIO(raw)) as tar:
        for m in tar.getmembers():
            if not m.name.endswith(".jqf"):
                continue
            lines = tar.extractfile(m).read().decode().split("\n")
            seat1 = next(l.split()[-1] for l in lines if l.startswith("tag seat1 "))
            n = sum(1 for l in lines if l.startswith("action "))
            actions += (n + 1) // 2 if seat1 == "nn" else n // 2
    print(f"{run}: {cpu:.1f} CPU-s, {actions} nn actions, {cpu / actions * 1000:.1f} ms an action")
