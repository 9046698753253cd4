#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Makes a corpus of damaged inputs for replay.sh, the way an attacker or an unlucky user would:
byte flips, truncation, duplicated and deleted lines, huge/NaN/negative numbers, absurd CHANNELS
and Frames counts, deep JOINT nesting, binary junk; export folders (snap graph, subgraph, .pmg with
its capture files) copied with one file mutated.

    mutate.py OUT COUNT SEED SOURCE...

SOURCE is a capture file (BVH, FBX, glTF, ...) or an export folder. Deterministic for a SEED."""
import os
import random
import re
import shutil
import sys

NUMBER = re.compile(rb"-?\d+(\.\d+)?([eE][-+]?\d+)?")
ABSURD = [b"1e308", b"-1e308", b"nan", b"NaN", b"inf", b"-inf", b"0", b"-1", b"4294967296",
          b"100000000", b"2147483647", b"-2147483648", b"1e-320", b"99999999999999999999", b""]


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    kind = rng.randrange(12)
    if not b:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if kind == 0:  # flip bytes
        for _ in range(rng.randrange(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
    elif kind == 1:  # truncate
        b = b[: rng.randrange(len(b))]
    elif kind in (2, 3):  # duplicate or delete lines
        lines = bytes(b).split(b"\n")
        i = rng.randrange(len(lines))
        if kind == 2:
            lines[i:i] = [lines[i]] * rng.randrange(1, 50)
        else:
            del lines[i : i + rng.randrange(1, 5)]
        b = bytearray(b"\n".join(lines))
    elif kind in (4, 5):  # replace numbers by absurd ones
        matches = list(NUMBER.finditer(bytes(b)))
        if matches:
            m = rng.choice(matches)
            b = b[: m.start()] + rng.choice(ABSURD) + b[m.end() :]
    elif kind == 6:  # absurd Frames / CHANNELS counts
        text = bytes(b)
        text = re.sub(rb"Frames:\s*\d+", b"Frames: " + rng.choice([b"100000000", b"99999999", b"2147483647", b"0", b"-5", b"1e9"]), text)
        text = re.sub(rb"CHANNELS \d", b"CHANNELS " + rng.choice([b"7", b"1000000", b"-1", b"0", b"6 Xposition"]), text, count=rng.randrange(1, 3))
        b = bytearray(text)
    elif kind == 7:  # deep JOINT nesting
        text = bytes(b)
        at = text.find(b"JOINT")
        deep = b"".join(b"JOINT J%d\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n" % i for i in range(rng.choice([300, 5000, 100000])))
        b = bytearray(text[:at] + deep + text[at:]) if at >= 0 else bytearray(deep)
    elif kind == 8:  # binary junk, somewhere
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 512)))
        at = rng.randrange(len(b) + 1)
        b = b[:at] + junk + b[at:]
    elif kind == 9:  # NUL or control characters in a name-like token
        at = rng.randrange(len(b))
        b[at:at] = rng.choice([b"\x00", b"\x01", b"\x7f", b" ", b"{", b"\\u0000", b"\\n"])
    elif kind == 10:  # a huge repeated chunk
        i = rng.randrange(len(b))
        chunk = bytes(b[i : i + rng.randrange(1, 200)])
        b[i:i] = chunk * rng.randrange(2, 2000)
    else:  # swap two lines
        lines = bytes(b).split(b"\n")
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        b = bytearray(b"\n".join(lines))
    return bytes(b)


def main() -> None:
    out, count, seed, sources = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    for n in range(count):
        source = rng.choice(sources)
        name = "%05d_%s" % (n, os.path.basename(source.rstrip("/")))
        target = os.path.join(out, name)
        if os.path.isdir(source):
            shutil.copytree(source, target)
            files = sorted(os.path.join(d, f) for d, _, fs in os.walk(target) for f in fs)
            graph = [f for f in files if f.endswith((".json", ".pmg"))]
            victim = rng.choice(graph) if graph and rng.random() < 0.8 else rng.choice(files)
        else:
            shutil.copyfile(source, target)
            victim = target
        with open(victim, "rb") as f:
            data = f.read()
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            data = mutate_bytes(data, rng)
        with open(victim, "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
