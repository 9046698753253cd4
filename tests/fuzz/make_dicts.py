#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the libFuzzer dictionary of every target (tests/fuzz/NAME/dict): the words of its
format, taken from the string literals of its reader's source (keys, keywords, enum names) and
from its seeds, so mutations splice in whole keys instead of finding them a byte at a time.
Run it again after a reader learns new keys: tests/fuzz/make_dicts.py"""
import json
import pathlib
import re

here = pathlib.Path(__file__).resolve().parent
root = here.parent.parent

# target: (reader sources, kind) - kind json adds the JSON punctuation and quotes the words.
targets = {
    "bvh": (["core/import/bvh_text.cpp"], "text"),
    "snap_graph": (["core/io/snap_import.cpp", "core/io/snap_export.cpp"], "json"),
    "subgraph": (["core/io/subgraph_import.cpp", "core/io/subgraph_export.cpp"], "json"),
    "pmg_text": (["core/io/pmg_text_parse.cpp", "core/io/pmg_text.cpp", "core/io/pmg_names.cpp"], "text"),
    "pmg_spec": (["core/io/pmg_spec.cpp", "core/io/pmg_json.cpp", "core/io/pmg_names.cpp"], "json"),
    "keys": (["core/io/keys_json.cpp"], "json"),
    "project": (["widgets/document/project_file.cpp", "widgets/document/field_settings.cpp",
                 "widgets/document/hub_list.cpp", "widgets/document/parametric_file.cpp",
                 "widgets/document/edge_sampling_cache.cpp"], "json"),
    "field": (["core/io/field_file.cpp"], "binary"),
    "import_wire": (["core/import/isolated_import.cpp"], "binary"),
}

literal = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
word = re.compile(r"^[A-Za-z_#][A-Za-z0-9_.:\-/#]{0,39}$")
# Words of a format that hold a space (the literal scan keeps single words only).
extra = {"bvh": ["End Site", "Frame Time:", "Frames:"], "import_wire": ["MGMOTION 1\n"],
         "field": ["MGFIELD1"]}
numbers = ["0", "-1", "1e308", "-1e308", "1e-308", "nan", "inf", "-inf", "2147483647", "-2147483648",
           "4294967296", "9223372036854775807", "0.5", "-0"]


def words_of(path: pathlib.Path):
    text = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                     if not line.startswith("#include"))
    for m in literal.finditer(text):
        s = m.group(1).encode().decode("unicode_escape")
        if word.match(s):
            yield s


def seed_words(name: str, kind: str):
    for seed in sorted((here / name / "seeds").glob("*")):
        if kind == "json":
            try:
                doc = json.loads(seed.read_text(encoding="utf-8"))
            except (ValueError, UnicodeDecodeError):
                continue
            stack = [doc]
            while stack:
                v = stack.pop()
                if isinstance(v, dict):
                    yield from v.keys()
                    stack.extend(v.values())
                elif isinstance(v, list):
                    stack.extend(v)
                elif isinstance(v, str) and word.match(v):
                    yield v
        elif kind == "text":
            for w in re.findall(r"[A-Za-z_][A-Za-z0-9_:]*", seed.read_text(encoding="utf-8", errors="replace")):
                if len(w) > 1:
                    yield w


def entry(s: str) -> str:
    escaped = "".join(c if 32 <= ord(c) < 127 and c not in '"\\' else "\\x%02x" % ord(c) for c in s)
    return '"' + escaped + '"'


for name, (sources, kind) in targets.items():
    words = set()
    for src in sources:
        words.update(words_of(root / src))
    words.update(seed_words(name, kind))
    words.update(extra.get(name, []))
    lines = []
    if kind == "json":
        lines += [entry('"' + w + '":') for w in sorted(words)]
        lines += [entry('"' + w + '"') for w in sorted(words)]
        lines += [entry(t) for t in ["{", "}", "[", "]", ":", ",", "true", "false", "null", '""', "[]", "{}"]]
    else:
        lines += [entry(w) for w in sorted(words)]
    if kind != "binary":
        lines += [entry(n) for n in numbers]
    else:
        lines += [entry(t) for t in ["\x00\x00\x00\x00", "\xff\xff\xff\xff", "\xff\xff\xff\x7f", "\x00\x00\x00\x80",
                                      "\x00\x00\x00\x00\x00\x00\xf0\x7f", "\x00\x00\x00\x00\x00\x00\xf8\x7f"]]
    out = here / name / "dict"
    out.write_text("# libFuzzer dictionary, made by tests/fuzz/make_dicts.py: do not edit by hand\n" +
                   "\n".join(dict.fromkeys(lines)) + "\n")
    print(f"{out.relative_to(root)}: {len(set(lines))} entries")
