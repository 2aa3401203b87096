#!/usr/bin/python3
"""check-help-gui.py SRCDIR

The help names the window's controls as the window shows them. For each
language of help/LINGUAS, every <gui> label of its help catalog
(help/LL/LL.po) is held to the application's catalog (po/LL.po):

  - the English label is a string of the application (a msgid, its
    mnemonic underscores aside), or one without its placeholder ("Remove
    the variant" of "Remove the variant %s"), or the head of one before a
    colon ("Archive or NAS" of "Archive or NAS: keep my data safe"): the
    help must translate it as the application does, taken the same way;
  - or it is such a string with an example for its placeholder ("Disk
    image test.img" of "Disk image %s"): the help's label must start with
    the application's translation of the words before it;
  - a label that is none of these is no string of the window, and fails.

Labels are compared without mnemonics, case and a final ellipsis or colon.
Each mismatch is printed as LANG: “HELP” (in the help) for “ENGLISH”: the
window says “WINDOW”, and makes the check fail."""
import os
import re
import sys

SRCDIR = sys.argv[1]
GUI = re.compile(r"<gui(?:\s[^>]*)?>(.*?)</gui>", re.S)
PLACEHOLDER = re.compile(r"%(\d+\$)?[-+ 0#']*\d*(\.\d+)?(hh|h|ll|l|z|j|t)?[a-zA-Z]")


def unquote(s):
    s = s.strip()[1:-1]
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def read_po(path):
    """(msgctxt, msgid, [msgstr…], fuzzy) of each entry."""
    entries, cur, key, fuzzy = [], None, None, False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#,"):
                fuzzy = "fuzzy" in line
                continue
            if line.startswith("#") or not line.strip():
                continue
            m = re.match(r'(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) (".*")$', line)
            if m:
                key = m.group(1)
                if key in ("msgctxt",) or (key == "msgid" and (cur is None or "msgid" in cur)):
                    cur = {"fuzzy": fuzzy}
                    entries.append(cur)
                    fuzzy = False
                cur[key] = unquote(m.group(2))
            elif line.startswith('"') and cur is not None:
                cur[key] += unquote(line)
    out = []
    for e in entries:
        strs = [v for k, v in sorted(e.items()) if k.startswith("msgstr")]
        out.append((e.get("msgctxt"), e.get("msgid", ""), strs, e["fuzzy"]))
    return out


def norm(label):
    label = re.sub(r"<[^>]*>", "", label).replace("_", "")
    label = re.sub(r"\s+", " ", label).strip()
    return re.sub(r"\s*(…|\.\.\.|:)$", "", label).casefold()


def main():
    with open(os.path.join(SRCDIR, "help", "LINGUAS"), encoding="utf-8") as f:
        langs = re.sub(r"#.*", "", f.read()).split()
    bad = 0
    checked = 0
    for lang in langs:
        app, prefixes = {}, {}
        for ctxt, msgid, strs, fuzzy in read_po(os.path.join(SRCDIR, "po", lang + ".po")):
            if not msgid or fuzzy:
                continue
            for s in (s for s in strs if s):
                app.setdefault(norm(msgid), set()).add(norm(s))
                if PLACEHOLDER.search(msgid):
                    # "Remove the variant %s" names "Remove the variant"
                    app.setdefault(norm(PLACEHOLDER.sub("", msgid)), set()).add(norm(PLACEHOLDER.sub("", s)))
                    # "Disk image %s": "Disk image test.img"
                    m, t = re.match(r"(.*\S)\s+%s$", msgid), re.match(r"(.*\S)\s+%s$", s)
                    if m and t:
                        prefixes.setdefault(norm(m.group(1)), set()).add(norm(t.group(1)))
                if re.search(r"\w: ", msgid) and ":" in s:
                    app.setdefault(norm(msgid.split(": ")[0]), set()).add(norm(s.split(":")[0]))
        for ctxt, msgid, strs, fuzzy in read_po(os.path.join(SRCDIR, "help", lang, lang + ".po")):
            if not msgid or not strs or not strs[0]:
                continue
            english, translated = GUI.findall(msgid), GUI.findall(strs[0])
            if len(english) != len(translated):
                print("FAIL: %s: %d <gui> in “%s…”, %d in its translation" % (lang, len(english), msgid[:60],
                                                                              len(translated)))
                bad += 1
                continue
            # a translation may name them in another order
            given = [norm(t) for t in translated]
            for e in english:
                checked += 1
                ne = norm(e)
                if ne in app:
                    if not app[ne] & set(given):
                        print("FAIL: %s: the help has none of “%s” for “%s” (it says “%s”)"
                              % (lang, " / ".join(sorted(app[ne])), e, "”, “".join(translated)))
                        bad += 1
                    continue
                # a label with an example in it ("Disk image test.img"): the words before the example
                heads = set().union(*(v for k, v in prefixes.items() if ne.startswith(k + " ")))
                if not heads:
                    print("FAIL: %s: “%s” is no string of the window" % (lang, e))
                    bad += 1
                elif not any(t.startswith(h + " ") for t in given for h in heads):
                    print("FAIL: %s: the help has none of “%s …” for “%s” (it says “%s”)"
                          % (lang, " … / ".join(sorted(heads)), e, "”, “".join(translated)))
                    bad += 1
    print("%d <gui> labels checked in %s, %d mismatches" % (checked, " ".join(langs), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
