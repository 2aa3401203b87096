#!/usr/bin/python3
"""check-fragments.py SRCDIR [POT]

Translators get whole sentences. This reads the strings of the sources (a
fresh xgettext run over po/POTFILES.in, or POT when given) and fails,
naming each, on:

  join      a msgid of placeholders and punctuation only that glues pieces
            into a sentence: "%s: %s", "%s. %s", "%s “%s”: %s", or a bare
            quote around a placeholder, “%s”;
  fragment  a lowercase piece meant to be glued into another sentence: a
            bare noun phrase ("the listing", "the kernel"), or the lowercase
            tail of a sentence ("each run once on every filesystem.");
  plural    an ngettext whose msgid or msgid_plural shows no number;
  wording   an ngettext whose two forms say different things apart from the
            number ("Testing %u filesystem" / "Comparing %u filesystems");
  comment   a msgid with a placeholder and no /* Translators: */ comment.

A msgid with a msgctxt says where it stands alone (a table cell, a unit, a
separator between data), and is not taken as a fragment."""
import os
import re
import subprocess
import sys
import tempfile

SRCDIR = sys.argv[1]

PLACEHOLDER = re.compile(r"%(\d+\$)?[-+ 0#']*\d*(\.\d+)?(hh|h|ll|l|z|j|t)?[a-zA-Z%]|%\"G_[A-Z0-9_]+\"")

# A msgid of placeholders and punctuation that makes one sentence of two.
JOINS = [
    (re.compile(r"X\s*[:.;!?]\s+X"), "glues a sentence after a label or another sentence"),
    (re.compile(r"X\s*“X”\s*:"), "glues a verb, a quoted name and a reason"),
    (re.compile(r"^\s*[“«„\"]X[”»“\"]\s*$"), "quotes a piece of another sentence"),
]
# Bare quotes that quote data as it was recorded (a file name, text an older
# version stored), never a translated word.
QUOTED_DATA_CONTEXTS = {"quoted data"}

NOUN_PHRASE = re.compile(r"^(the|a|an|some|no|its|their) [a-z][\w ’'-]*$")
VERBS = {"is", "are", "has", "have", "does", "do", "lacks", "appears", "names", "was", "were", "can", "cannot"}
SENTENCE_TAIL = re.compile(r"^[a-z][^%]*\.$")
# Names that are written in lowercase at the start of a sentence too.
LOWERCASE_NAMES = ("udisks", "udisks2", "fsbench-cli", "mkfs", "polkit", "ext4", "xfs")

# Inflections the two forms of a plural may differ by (besides -s, -es, -ies).
INFLECTIONS = {("is", "are"), ("was", "were"), ("has", "have"), ("it", "they"), ("its", "their"),
               ("this", "these"), ("that", "those"), ("criterion", "criteria"), ("it", "them"),
               ("does", "do"), ("itself", "themselves"), ("a", ""), ("an", ""), ("one", "")}


def unquote(s):
    s = s.strip()
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s[1:-1])


def read_pot(path):
    entries = []
    for block in open(path, encoding="utf-8").read().split("\n\n"):
        e, field = {"comments": [], "where": []}, None
        for line in block.splitlines():
            if line.startswith("#."):
                e["comments"].append(line[2:].strip())
            elif line.startswith("#:"):
                e["where"] += line[2:].split()
            elif line.startswith("#,"):
                e["flags"] = line[2:]
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$', line)
            if m:
                field = m.group(1)
                e[field] = unquote(m.group(2))
            elif line.startswith('"') and field:
                e[field] += unquote(line)
        if e.get("msgid"):
            entries.append(e)
    return entries


def skeleton(msgid):
    return PLACEHOLDER.sub("X", msgid.replace("%%", ""))


def letters(text):
    return re.search(r"[^\W\d_]", text.replace("X", "")) is not None


def words(msgid):
    return re.findall(r"[\w’'-]+|X", skeleton(msgid).lower())


def inflected(a, b):
    if a == b or (a, b) in INFLECTIONS or (b, a) in INFLECTIONS:
        return True
    return b in (a + "s", a + "es") or a in (b + "s", b + "es") or \
        (a.endswith("y") and b == a[:-1] + "ies") or (b.endswith("y") and a == b[:-1] + "ies")


def same_wording(one, other):
    a, b = words(one), words(other)
    # Words may come and go only as articles (“a time” / “times”).
    a = [w for w in a if w not in ("a", "an", "one")]
    b = [w for w in b if w not in ("a", "an", "one")]
    return len(a) == len(b) and all(inflected(x, y) for x, y in zip(a, b))


def problems(e):
    msgid, ctxt = e["msgid"], e.get("msgctxt")
    plural = e.get("msgid_plural")
    skel = skeleton(msgid)
    if not letters(skel):
        for pattern, why in JOINS:
            if pattern.search(skel) and not (ctxt in QUOTED_DATA_CONTEXTS and "quotes" in why):
                yield "join", why
    if ctxt is None and plural is None and NOUN_PHRASE.match(msgid) and len(msgid.split()) <= 6 \
            and not VERBS & set(msgid.split()):
        yield "fragment", "a bare noun phrase meant to be glued into a sentence"
    if ctxt is None and SENTENCE_TAIL.match(msgid) and msgid.split()[0] not in LOWERCASE_NAMES:
        yield "fragment", "the lowercase tail of a sentence"
    if plural is not None:
        if not PLACEHOLDER.search(msgid.replace("%%", "")) or not PLACEHOLDER.search(plural.replace("%%", "")):
            yield "plural", "a plural whose forms do not all show the number"
        elif not same_wording(msgid, plural):
            yield "wording", f"its plural says something else: “{plural}”"
    if PLACEHOLDER.search(msgid.replace("%%", "")) and not any(
            c.startswith("Translators") for c in e["comments"]) and "no-c-format" not in e.get("flags", ""):
        yield "comment", "a placeholder without a /* Translators: */ comment"


def main():
    if len(sys.argv) > 2:
        pot = sys.argv[2]
    else:
        work = tempfile.mkdtemp()
        pot = os.path.join(work, "fsbench.pot")
        subprocess.run(
            ["xgettext", "--from-code=UTF-8", "--add-comments=Translators", "--package-name=fsbench",
             "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
             "--keyword=g_dcgettext:2", "--keyword=g_dngettext:2,3", "--keyword=g_dpgettext2:2c,3",
             "--flag=N_:1:pass-c-format", "--flag=C_:2:pass-c-format", "--flag=NC_:2:pass-c-format",
             "--flag=g_dngettext:2:pass-c-format", "--flag=g_strdup_printf:1:c-format",
             "--flag=g_string_printf:2:c-format", "--flag=g_string_append_printf:2:c-format",
             "--flag=g_error_new:3:c-format", "--flag=g_set_error:4:c-format",
             "--files-from=po/POTFILES.in", "--directory=" + SRCDIR, "-o", pot],
            check=True, cwd=SRCDIR)
    entries = read_pot(pot)
    assert len(entries) > 100, "no strings read from " + pot
    found = 0
    for e in entries:
        for kind, why in problems(e):
            found += 1
            ctxt = f" (context “{e['msgctxt']}”)" if "msgctxt" in e else ""
            print(f"{kind}: {e['msgid']!r}{ctxt} in {', '.join(sorted(set(e['where'])))}: {why}")
    # The patterns themselves catch what they are for.
    planted = [{"msgid": "%s: %s", "comments": ["Translators: x"]},
               {"msgid": "%s. %s", "comments": ["Translators: x"]},
               {"msgid": "“%s”", "comments": ["Translators: x"]},
               {"msgid": "the listing", "comments": []},
               {"msgid": "A file could not be imported", "msgid_plural": "Some files could not be imported",
                "comments": []},
               {"msgid": "Testing %u filesystem", "msgid_plural": "Comparing %u filesystems",
                "comments": ["Translators: x"]},
               {"msgid": "Copied %u file", "comments": []}]
    caught = [kind for e in planted for kind, _ in problems(e)]
    if caught != ["join", "join", "join", "fragment", "plural", "wording", "comment"]:
        print("the patterns miss what they are for:", caught)
        return 1
    if not same_wording("%s took less than %s. A time so short is hard to measure",
                        "%s took less than %s. Times so short are hard to measure"):
        print("the wording check refuses a plain plural")
        return 1
    if found:
        print(f"{found} strings are pieces of sentences, or plurals that are not")
        return 1
    print(f"{len(entries)} strings: whole sentences, plurals with their number")
    return 0


sys.exit(main())
