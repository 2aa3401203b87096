#!/usr/bin/python3
"""test-report-languages.py CLI SRCDIR [--fixtures-only]

A result is data; the report writes it in the reader's language. This test
records real quick runs under LANG=C and under ru_RU.UTF-8 (unless
--fixtures-only), also takes the older results kept under tests/data (which
stored the target's sentences in the language of the run), and reports each
with --lang ru, de and fr in every format (HTML, Markdown, CSV, samples CSV,
PDF as text): no English sentence may be left in them. The Russian run
reported in English may hold no Cyrillic, and a result itself (JSON) holds
no sentence in any language.

The application groups (sqlite, git, archive, build, photos) are not in
the older results: tests/data/apps.json (study.json with three samples of
each of their tasks on each filesystem) is reported in every format and
language too, and every one of their tasks (as their sources declare them) must appear by its name in the reader's language
in the HTML, the PDF (as text) and the Markdown, and by its id in the CSV,
the samples CSV and the JSON. A group left out (git missing) is named with
its reason in one sentence in the HTML, the PDF and the Markdown.

English is found two ways: every passage of three words or more of the
source strings (po/LL.po's msgids, cut at their placeholders) that the
catalog translates differently, and, in German and French, English function
words; in Russian, any run of three Latin words. Exit 77 when a locale is
missing."""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

CLI = sys.argv[1]
SRCDIR = sys.argv[2]
FIXTURES_ONLY = "--fixtures-only" in sys.argv[3:]
LANGS = ["ru", "de", "fr"]
LOCALES = {"ru": "ru_RU.UTF-8", "de": "de_DE.UTF-8", "fr": "fr_FR.UTF-8"}

# What older versions stored as target.cache_policy / target.host_filesystem.
OLD_ENGLISH = [
    "A disk image measures a filesystem",
    "The loop device used direct I/O",
    "ext4 on /dev/vda",
    "ext4 on /dev/sda1",
]

failures = []
quiet = False


def fail(what):
    failures.append(what)
    if not quiet:
        print("FAIL:", what)


# A small PO reader (no polib in a fresh Debian): (msgid, [msgstr...]) pairs.
def unquote(s):
    s = s.strip()
    assert s.startswith('"') and s.endswith('"'), s
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s[1:-1])


def read_po(path):
    out = []
    for block in open(path, encoding="utf-8").read().split("\n\n"):
        entry, field = {}, None
        for line in block.splitlines():
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$', line)
            if m:
                field = m.group(1)
                entry[field] = unquote(m.group(2))
            elif line.startswith('"') and field:
                entry[field] += unquote(line)
        if entry.get("msgid"):
            ids = [entry["msgid"]] + ([entry["msgid_plural"]] if "msgid_plural" in entry else [])
            out.append((ids, [v for k, v in entry.items() if k.startswith("msgstr")]))
    return out


PLACEHOLDER = re.compile(r"%(\d+\$)?[-+ 0#']*\d*(\.\d+)?(hh|h|ll|l|z|j|t)?[a-zA-Z%]|%\"G_[A-Z0-9_]+\"")


def passages(text):
    """The literal passages of a source string, of three words or more."""
    text = re.sub(r"<[^>]+>", "\0", text)
    for chunk in re.split(r"[\0\n“”«»\"()]|" + PLACEHOLDER.pattern, PLACEHOLDER.sub("\0", text)):
        if not chunk:
            continue
        chunk = chunk.strip(" .,:;!?…·—–-")
        if len(re.findall(r"[A-Za-z’']{2,}", chunk)) >= 3 and len(chunk) >= 14:
            yield chunk


def english_passages(lang):
    found = set()
    for ids, strs in read_po(os.path.join(SRCDIR, "po", lang + ".po")):
        translated = " ".join(strs)
        for msgid in ids:
            for p in passages(msgid):
                if p not in translated:
                    found.add(p)
    return sorted(found, key=len, reverse=True)


def plain(path):
    if path.endswith(".pdf"):
        if shutil.which("pdftotext") is None:
            return None
        text = subprocess.run(["pdftotext", path, "-"], check=True, capture_output=True,
                              text=True).stdout
        text = re.sub(r"-\n", "", text)
    else:
        text = open(path, encoding="utf-8").read()
    if path.endswith(".html"):
        text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
        text = re.sub(r'data:[a-z/+]+;base64,[A-Za-z0-9+/=]+', " ", text)
        text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    if path.endswith(".md"):
        text = re.sub(r"\\([\\`*_{}\[\]()#+\-.!|<>~])", r"\1", text)
        text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


FUNCTION_WORDS = re.compile(r"\b(the|and|with|which|were|this|these|those|each|from|into|only|"
                            r"of|is|are|not|by|for|its|their|it|has|have|been|than)\b")
LATIN_RUN = re.compile(r"\b[A-Za-z][a-z’']+(?: [A-Za-z][a-z’']+){2,}\b")


def recorded_data(result):
    """What a result quotes from the system as it is (tool versions, device
    models, mount options): data, in whatever language the tool spoke."""
    with open(result, encoding="utf-8") as f:
        r = json.load(f)
    values = [fs.get("mkfs_version") for fs in r.get("filesystems", [])]
    values += [v for v in r.get("machine", {}).values() if isinstance(v, str)]
    values += [r.get("target", {}).get("device_model")]
    return sorted((v for v in values if v and " " in v), key=len, reverse=True)


def check_no_english(path, lang, english, data=()):
    text = plain(path)
    if text is None:
        return
    for value in data:
        text = text.replace(value, " ")
    name = os.path.basename(path)
    for p in english + OLD_ENGLISH:
        if p in text:
            i = text.index(p)
            fail(f"{name} ({lang}) keeps English: …{text[max(0, i - 30):i + len(p) + 30]}…")
    if lang == "ru":
        for m in LATIN_RUN.finditer(text):
            fail(f"{name} (ru) has Latin words: …{text[max(0, m.start() - 30):m.end() + 30]}…")
    else:
        for m in FUNCTION_WORDS.finditer(text):
            fail(f"{name} ({lang}) has the English word “{m.group(1)}”: "
                 f"…{text[max(0, m.start() - 40):m.end() + 40]}…")


def check_pdf_words_whole(html_path, pdf_path, lang):
    """A table column of the PDF is never narrower than its widest word:
    each word of the HTML's table headers is whole in the PDF's text (not
    “Déb” over “it”)."""
    text = plain(pdf_path)
    if text is None:
        return
    heads = re.findall(r"<th\b[^>]*>(.*?)</th>", open(html_path, encoding="utf-8").read(), flags=re.S)
    words = {w for h in heads for w in re.findall(r"\w{4,}", html.unescape(re.sub(r"<[^>]+>", " ", h)))}
    for w in sorted(words):
        if not re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)", text):
            fail(f"{os.path.basename(pdf_path)} ({lang}) breaks the header word “{w}” across lines")


def check_no_cyrillic(path):
    text = plain(path)
    if text is None:
        return
    m = re.search(r"[\u0400-\u04ff]+", text)
    if m:
        fail(f"{os.path.basename(path)} (en) has Russian: …{text[max(0, m.start() - 40):m.end() + 40]}…")


def env_for(locale):
    env = dict(os.environ)
    env.pop("LANGUAGE", None)
    env["LANG"] = env["LC_ALL"] = locale
    return env


def report(result, lang, out):
    stem = os.path.join(out, os.path.basename(result)[:-5] + "-" + lang)
    files = [stem + ext for ext in (".html", ".md", ".csv", ".samples.csv", ".pdf")]
    subprocess.run([CLI, "report", "--lang", lang, "--html", files[0], "--md", files[1],
                    "--csv", files[2], "--samples-csv", files[3], "--pdf", files[4], result],
                   check=True, env=env_for("C.UTF-8"), stdout=subprocess.DEVNULL)
    return files


def record(locale, path):
    proc = subprocess.run([CLI, "run", "--fs", "ext4", "--profile", "quick", "--repeat", "1",
                           "--target", "image:1G@" + os.path.dirname(path), "-o", path],
                          env=env_for(locale), capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        print(proc.stdout, proc.stderr)
        sys.exit(1)
    return path


APP_GROUPS = ["sqlite", "git", "archive", "build", "photos"]
TASK_SPEC = re.compile(r'\{\s*"([a-z0-9-]+)",\s*N_\("((?:[^"\\]|\\.)*)"\),\s*N_\((?:\s*"(?:[^"\\]|\\.)*")+\s*\),'
                       r'\s*"[a-z0-9-]+",\s*"?([A-Za-z0-9_]+)"?')


def app_tasks():
    """The application groups' tasks as their sources declare them: id, name, headline metric."""
    tasks = []
    for group in APP_GROUPS:
        src = open(os.path.join(SRCDIR, "src", "engine", "workloads", "fsb-group-" + group + ".c"),
                   encoding="utf-8").read()
        src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
        tasks += [m.groups() for m in TASK_SPEC.finditer(src)]
    # the catalog's own list of them: the test fails if the reading above misses one
    plan = json.loads(subprocess.run([CLI, "plan", "--fs", "ext4", "--workloads", ",".join(APP_GROUPS), "--json"],
                                     check=True, capture_output=True, text=True, env=env_for("C.UTF-8")).stdout)
    planned = [t["id"] for t in plan["tasks"] if t["group"] in APP_GROUPS]
    if sorted(planned) != sorted(t[0] for t in tasks):
        fail(f"the application tasks read from the sources {[t[0] for t in tasks]} are not the plan's {planned}")
    return tasks


def check_app_tasks(files, json_path, lang, tasks, catalog):
    for task, name, _ in tasks:
        want = catalog.get(name, name) if lang != "en" else name
        for f in files:
            # the CSVs are data: a task by its id, as in the JSON
            text = plain(f)
            if f.endswith(".csv") and f",{task}," not in text:
                fail(f"{os.path.basename(f)}: no {task}")
            elif not f.endswith(".csv") and text is not None and want not in text:
                fail(f"{os.path.basename(f)}: no “{want}” ({task})")
        if f'"{task}"' not in open(json_path, encoding="utf-8").read():
            fail(f"{os.path.basename(json_path)}: no {task}")


def check_left_out(out, lang, catalog):
    """A group the run could not run is named in the HTML, the PDF and the
    Markdown, with why, in one sentence in the reader's language."""
    with open(os.path.join(SRCDIR, "tests", "data", "study.json"), encoding="utf-8") as f:
        r = json.load(f)
    r["left_out"] = [{"group": "git", "missing_program": "git", "package": "git"}]
    path = os.path.join(out, "left-out.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(r, f)
    tr = lambda msgid: catalog.get(msgid, msgid)
    why = tr("The %s program is not installed (Debian package “%s”).").replace("%s", "git")
    want = tr("Left out: %s. %s").replace("%s", tr("Git repository"), 1).replace("%s", why, 1)
    for f in report(path, lang, out):
        text = plain(f)
        if not f.endswith(".csv") and text is not None and want not in text:
            fail(f"{os.path.basename(f)} ({lang}): no “{want}”")


def check_result_is_data(path):
    text = open(path, encoding="utf-8").read()
    if re.search(r"[\u0400-\u04ff]", text):
        fail(f"{os.path.basename(path)} stores Russian text")
    for p in OLD_ENGLISH + ["the host", "was unmounted"]:
        if p in text:
            fail(f"{os.path.basename(path)} stores the sentence “{p}”")


def main():
    for lang in LANGS:
        try:
            subprocess.run(["locale"], env=env_for(LOCALES[lang]), check=True, capture_output=True)
        except subprocess.CalledProcessError:
            print(LOCALES[lang], "is not installed")
            sys.exit(77)
    out = tempfile.mkdtemp(prefix="fsbench-report-languages-")
    try:
        english = {lang: english_passages(lang) for lang in LANGS}
        assert all(len(v) > 100 for v in english.values()), "no source passages read"
        english_results = [os.path.join(SRCDIR, "tests", "data", "quick.json"),
                           os.path.join(SRCDIR, "tests", "data", "study.json")]
        russian_results = [os.path.join(SRCDIR, "tests", "data", "legacy-ru.json")]
        if not FIXTURES_ONLY:
            english_results.append(record("C", os.path.join(out, "run-c.json")))
            russian_results.append(record("ru_RU.UTF-8", os.path.join(out, "run-ru.json")))
            for r in english_results[-1:] + russian_results[-1:]:
                check_result_is_data(r)
        for result in english_results:
            for lang in LANGS:
                files = report(result, lang, out)
                for f in files:
                    check_no_english(f, lang, english[lang], recorded_data(result))
                check_pdf_words_whole(files[0], files[4], lang)
        for result in russian_results:
            for f in report(result, "en", out):
                check_no_cyrillic(f)
        # The application groups' tasks, in every format and language.
        tasks = app_tasks()
        apps = os.path.join(SRCDIR, "tests", "data", "apps.json")
        for lang in ["en"] + LANGS:
            catalog = {} if lang == "en" else {ids[0]: strs[0] for ids, strs in
                                               read_po(os.path.join(SRCDIR, "po", lang + ".po")) if strs and strs[0]}
            files = report(apps, lang, out)
            json_path = os.path.join(out, "apps-" + lang + ".out.json")
            subprocess.run([CLI, "report", "--lang", lang, "--json", json_path, apps], check=True,
                           env=env_for("C.UTF-8"), stdout=subprocess.DEVNULL)
            check_app_tasks(files, json_path, lang, tasks, catalog)
            check_left_out(out, lang, catalog)
            if lang != "en":
                for f in files:
                    check_no_english(f, lang, english[lang], recorded_data(apps))
                check_pdf_words_whole(files[0], files[4], lang)
            else:
                for f in files:
                    check_no_cyrillic(f)
        # The checks themselves find what they look for.
        probe = os.path.join(out, "probe.md")
        with open(probe, "w", encoding="utf-8") as f:
            f.write("Вывод: the loop device could not use direct I/O, and the host cached it.\n")
        global quiet
        before, quiet = len(failures), True
        check_no_english(probe, "ru", english["ru"])
        check_no_english(probe, "de", english["de"])
        check_no_cyrillic(probe)
        if len(failures) - before < 3:
            print("FAIL: the checks did not find English or Russian planted in", probe)
            return 1
        del failures[before:]
        quiet = False
    finally:
        shutil.rmtree(out, ignore_errors=True)
    if failures:
        print(len(failures), "failures")
        return 1
    print("no English in the ru, de and fr reports; no Russian in the English ones")
    return 0


sys.exit(main())
