#!/usr/bin/env python3
"""Copies a weights file (nets/weights_file.h, format version 2 or 3) with a new
note and new search settings, the agent parameters a bot plays it with unless
told otherwise, and a recomputed checksum. Usage:
  set-search.py IN.jqw OUT.jqw "sims=400,c=1.5,..." "note"
"""
import struct
import sys


def fnv1a(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def main() -> None:
    if len(sys.argv) != 5:
        sys.exit("usage: set-search.py IN.jqw OUT.jqw SEARCH NOTE")
    src, dst, search, note = sys.argv[1:]
    data = open(src, "rb").read()
    if data[:4] != b"JQNW" or len(data) < 44:
        sys.exit(f"{src}: not a weights file")
    body, checksum = data[:-8], struct.unpack("<Q", data[-8:])[0]
    if fnv1a(body) != checksum:
        sys.exit(f"{src}: checksum mismatch")
    version = struct.unpack_from("<I", data, 4)[0]
    if version < 2:
        sys.exit(f"{src}: format version {version} has no search settings")
    at = 4 + 4 + 4 + 5 * 4  # magic, two versions, five shape numbers

    def string_at(pos):
        n = struct.unpack_from("<I", body, pos)[0]
        return pos + 4 + n

    after_ruleset = string_at(at)
    after_note = string_at(after_ruleset)
    after_search = string_at(after_note)

    def packed(text):
        raw = text.encode()
        return struct.pack("<I", len(raw)) + raw

    out = body[:after_ruleset] + packed(note) + packed(search) + body[after_search:]
    open(dst, "wb").write(out + struct.pack("<Q", fnv1a(out)))


if __name__ == "__main__":
    main()
