#!/bin/sh
# check-glossary.sh SRCDIR [FILE...]: no translation uses a word that
# po/GLOSSARY.md forbids. The forbidden words are the rows of the table
# between "<!-- check-glossary: begin -->" and "<!-- check-glossary: end -->"
# (columns: lang, term, avoid, allowed, use instead). Each msgstr of the po
# files (po/*.po and help/*/*.po unless FILEs are given; a file's language is
# its name, de.po, or GLOSSARY_LANG) is searched case-insensitively for every
# form of the avoid column of its language, as a whole word; a phrase of the
# allowed column that holds the form excuses it. Each hit is printed as
# FILE:LINE: LANG: “FORM” (TERM; use: …) and makes the test fail.
# GLOSSARY=path overrides the glossary.
set -eu

top=${1:?usage: check-glossary.sh SRCDIR [FILE...]}
shift
glossary=${GLOSSARY:-$top/po/GLOSSARY.md}
if [ ! -f "$glossary" ]; then
  echo "FAIL: $glossary is missing"
  exit 1
fi
if [ $# -eq 0 ]; then
  set -- "$top"/po/*.po "$top"/help/*/*.po
fi

exec /usr/bin/python3 - "$glossary" "$@" <<'EOF'
import os, re, sys

glossary, files = sys.argv[1], sys.argv[2:]

# The machine-readable table of the glossary.
rules = {}
inside = False
with open(glossary, encoding="utf-8") as g:
    for n, line in enumerate(g, 1):
        if "<!-- check-glossary: begin -->" in line:
            inside = True
            continue
        if "<!-- check-glossary: end -->" in line:
            inside = False
            continue
        if not inside or not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5:
            sys.exit("FAIL: %s:%d: a row needs 5 cells, it has %d" % (glossary, n, len(cells)))
        lang, term, avoid, allowed, instead = cells
        if lang in ("lang", "") or set(lang) <= set("-: "):
            continue
        def phrase(p):
            words = [re.escape(w) for w in p.split()]
            return r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)"
        forms = [f.strip() for f in avoid.split(",") if f.strip()]
        excuses = [re.compile(phrase(a.strip()), re.I) for a in allowed.split(";") if a.strip()]
        for f in forms:
            rules.setdefault(lang, []).append((f, re.compile(phrase(f), re.I), excuses, term, instead))
if not rules:
    sys.exit("FAIL: %s holds no forbidden term between the check-glossary markers" % glossary)

def unquote(s):
    # a po string: "…" with C escapes; keep the UTF-8 text as it is
    body = s[1:-1]
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)

def msgstrs(path):
    """Each msgstr (obsolete ones too) as (text, [(offset, line number)])."""
    out, cur = [], None
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith("#~ "):
                line = line[3:]
            elif line.startswith("#"):
                cur = None
                continue
            m = re.match(r'(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(".*")\s*$', line)
            if m:
                if m.group(1).startswith("msgstr"):
                    cur = ["", []]
                    out.append(cur)
                    cur[1].append((0, n))
                    cur[0] += unquote(m.group(2))
                else:
                    cur = None
            elif line.startswith('"') and cur is not None:
                cur[1].append((len(cur[0]), n))
                cur[0] += unquote(line.strip())
            else:
                cur = None
    return out

def line_of(spans, offset):
    n = spans[0][1]
    for start, ln in spans:
        if start <= offset:
            n = ln
    return n

bad = 0
checked = 0
for path in files:
    lang = os.environ.get("GLOSSARY_LANG") or os.path.basename(path).rsplit(".", 1)[0]
    if lang not in rules:
        continue
    checked += 1
    for text, spans in msgstrs(path):
        for form, rx, excuses, term, instead in rules[lang]:
            for m in rx.finditer(text):
                if any(e.search(text, max(0, m.start() - 80), m.end() + 80) and
                       any(x.start() <= m.start() and m.end() <= x.end()
                           for x in e.finditer(text, max(0, m.start() - 80), m.end() + 80))
                       for e in excuses):
                    continue
                print("FAIL: %s:%d: %s: “%s” (%s; use: %s)" %
                      (path, line_of(spans, m.start()), lang, m.group(0), term, instead))
                bad = 1
if checked == 0:
    sys.exit("FAIL: none of the files is in a language of the glossary")
if not bad:
    print("glossary: %d catalog(s) use none of the forbidden terms" % checked)
sys.exit(bad)
EOF
