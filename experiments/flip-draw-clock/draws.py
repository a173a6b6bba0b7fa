#!/usr/bin/env python3
"""draws.py GAMES-DIR: the quiet-turn draws of a flip match and who stood
better when they ended: nn's material minus its opponent's on the final
board (rough piece values: marshal 10, general 9, division 8, brigade 7,
regiment 6, battalion 5, company 4, platoon 3, engineer 3, bomb 5,
landmine 4, flag 0; lower case is blue, upper case red)."""
import glob, statistics, subprocess, sys

VALUES = dict(M=10, G=9, D=8, I=7, R=6, J=5, C=4, P=3, E=3, B=5, L=4, F=0)
JUNQI = "../../build/tools/junqi"
leads = []
for f in sorted(glob.glob(sys.argv[1] + "/*.jqf")):
    text = open(f).read()
    if "quiet-moves" not in text:
        continue
    seat1 = next(l for l in text.split("\n") if l.startswith("tag seat1 ")).split()[-1]
    out = subprocess.run([JUNQI, "replay", f], capture_output=True, text=True, check=True).stdout
    fields = next(l for l in out.split("\n") if l.startswith("position flip")).split()
    board, seat1Colour = fields[2], fields[4]
    red = sum(VALUES.get(c, 0) for c in board if c.isupper())
    blue = sum(VALUES.get(c.upper(), 0) for c in board if c.islower())
    nnRed = (seat1Colour == "r") == (seat1 == "nn")
    leads.append(red - blue if nnRed else blue - red)
if leads:
    print(f"{len(leads)} quiet-turn draws; nn's material lead at the end: mean {statistics.mean(leads):.1f}, "
          f"ahead {sum(d > 0 for d in leads)}, level {sum(d == 0 for d in leads)}, behind {sum(d < 0 for d in leads)}")
else:
    print("no quiet-turn draws")
