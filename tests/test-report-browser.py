#!/usr/bin/python3
"""test-report-browser.py: the reports as readers open them.

The HTML in a real headless Chromium at 1280 px and at a phone's 390 and 320 px:
no element wider than the viewport except inside a box that scrolls, no
table or chart cut at its box's edge, and chart text at least 9 px high;
printed by Chromium: no word of a table broken, nothing past the paper, no
heading alone at a page's foot. The app's own PDF page by page: no text of
the HTML lost at a page break, a footer only at the foot of its own page,
each section kept on one page when it fits, no heading alone at a page's
foot, no page left mostly empty.

Usage: test-report-browser.py FSBENCH-CLI DATA-DIR
With FSBENCH_SCREENSHOTS=DIR, leaves screenshots of both widths and PNGs
of the PDF's pages there. Exits 77 (skipped) without chromium or poppler.
"""

import html as htmllib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
                  "--disable-dev-shm-usage", "--mute-audio"]

# Runs in the page once it has laid out: what is too wide, how big the
# chart text is, and the text of every block, for the PDF to be held to.
PROBE = r"""
<script>
(function () {
  const vw = document.documentElement.clientWidth;
  const report = window.parent !== window ? window.parent.document : document;
  const out = { vw: vw, scrollWidth: document.documentElement.scrollWidth,
                height: document.documentElement.scrollHeight, wide: [], small: [], charts: 0,
                texts: [], sections: [], clipped: [] };
  function scrolls(el) {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && p.getBoundingClientRect().right <= vw + 0.5)
        return true;
    }
    return false;
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg')
      continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0)
      continue;
    if ((r.right > vw + 0.5 || r.left < -0.5) && !scrolls(el))
      out.wide.push(el.tagName + '.' + el.className + ' ' + Math.round(r.left) + '–' + Math.round(r.right));
  }
  /* a table's box cut short: part of the table is off to the side */
  for (const box of document.querySelectorAll('.scroll'))
    if (box.scrollWidth > box.clientWidth + 1)
      out.clipped.push((box.querySelector('th,td') || box).innerText.slice(0, 40) + ': ' + box.clientWidth + ' of ' +
                       box.scrollWidth + ' px shown');
  /* a chart wider than its box: part of it is off to the side */
  for (const box of document.querySelectorAll('.chart-narrow,.chart-wide'))
    if (getComputedStyle(box).display !== 'none' && box.scrollWidth > box.clientWidth + 1)
      out.clipped.push('chart ' + (box.querySelector('svg') || box).getAttribute('aria-label') + ': ' + box.clientWidth +
                       ' of ' + box.scrollWidth + ' px shown');
  for (const svg of document.querySelectorAll('svg')) {
    const r = svg.getBoundingClientRect();
    if (r.width === 0)
      continue;  /* the other drawing of the chart, hidden at this width */
    out.charts++;
    const px = parseFloat(svg.dataset.textPx) * r.width / svg.viewBox.baseVal.width;
    if (!(px >= 9))
      out.small.push(svg.getAttribute('aria-label') + ': ' + px.toFixed(2) + ' px');
  }
  for (const el of document.querySelectorAll('h1,h2,h3,p,li,dt,dd,th,td'))
    if (el.innerText.trim() !== '')
      out.texts.push(el.innerText);
  for (const sec of document.querySelectorAll('section.keep')) {
    const parts = Array.from(sec.querySelectorAll('h3,th,td,p')).map(e => e.innerText).filter(t => t.trim() !== '');
    out.sections.push({ heading: sec.querySelector('h3').innerText, last: parts[parts.length - 1] });
  }
  const pre = document.createElement('pre');
  pre.id = 'fsb-probe';
  pre.textContent = JSON.stringify(out);
  report.body.appendChild(pre);
})();
</script>
"""

failures = []


def fail(message):
    failures.append(message)
    print("not ok: " + message, flush=True)


def chromium(args, tmp):
    profile = tempfile.mkdtemp(prefix="chromium-", dir=tmp)
    cmd = [CHROMIUM] + CHROMIUM_FLAGS + ["--user-data-dir=" + profile] + args
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def framed(html, width, height):
    """A page holding the report in a frame of that width: headless Chromium
    keeps its window at least 500 px wide, a frame can be a phone's width."""
    return ('<!DOCTYPE html><html><head><style>body{margin:0}iframe{border:0;display:block}</style></head>'
            '<body><iframe width="%d" height="%d" srcdoc="%s"></iframe></body></html>'
            % (width, height, htmllib.escape(html, quote=True)))


def probe(html_path, width, tmp):
    with open(html_path, encoding="utf-8") as f:
        html = f.read()
    probed = os.path.join(tmp, "probed-%d.html" % width)
    with open(probed, "w", encoding="utf-8") as f:
        page = html.replace("</body>", PROBE + "</body>")
        f.write(page if width >= 500 else framed(page, width, 900))
    run = chromium(["--window-size=%d,900" % max(width, 500), "--virtual-time-budget=3000", "--dump-dom",
                    "file://" + probed], tmp)
    m = re.search(r'<pre id="fsb-probe">(.*?)</pre>', run.stdout, re.S)
    if m is None:
        fail("chromium gave no probe at %d px: %s" % (width, run.stderr[-500:]))
        return None
    return json.loads(htmllib.unescape(m.group(1)))


def screenshot(html_path, width, height, out, tmp):
    with open(html_path, encoding="utf-8") as f:
        html = f.read()
    page = os.path.join(tmp, "shot-%d.html" % width)
    with open(page, "w", encoding="utf-8") as f:
        f.write(html if width >= 500 else framed(html, width, height))
    chromium(["--window-size=%d,%d" % (max(width, 500), height), "--virtual-time-budget=3000",
              "--screenshot=" + out, "file://" + page], tmp)
    if width < 500 and shutil.which("convert"):
        subprocess.run(["convert", out, "-crop", "%dx%d+0+0" % (width, height), "+repage", out], check=True)


def check_html(name, html_path, tmp, shots):
    probes = {}
    for width in (1280, 390, 320):
        p = probe(html_path, width, tmp)
        if p is None:
            continue
        probes[width] = p
        print("# %s at %d px: viewport %d, page %d wide, %d charts shown, %d blocks of text"
              % (name, width, p["vw"], p["scrollWidth"], p["charts"], len(p["texts"])))
        if p["vw"] != width:
            fail("%s: the viewport is %d px, not %d" % (name, p["vw"], width))
        if p["scrollWidth"] > p["vw"]:
            fail("%s at %d px: the page is %d px wide" % (name, width, p["scrollWidth"]))
        for w in p["wide"]:
            fail("%s at %d px: wider than the viewport: %s" % (name, width, w))
        for c in p["clipped"]:
            fail("%s at %d px: a table or chart is cut at its box's edge: %s" % (name, width, c))
        for s in p["small"]:
            fail("%s at %d px: chart text below 9 px: %s" % (name, width, s))
        if p["charts"] == 0:
            fail("%s at %d px: no chart shown" % (name, width))
        if shots:
            screenshot(html_path, width, min(p["height"], 16000), os.path.join(shots, "%s-%d.png" % (name, width)), tmp)
    return probes.get(1280)


def check_print(name, html_path, tmp, shots):
    """The HTML printed by Chromium (US Letter, its print styles): no word
    of a table broken, nothing past the paper's right edge, no heading alone
    at a page's foot."""
    pdf = os.path.join(tmp, name + "-print.pdf")
    chromium(["--no-pdf-header-footer", "--virtual-time-budget=3000", "--print-to-pdf=" + pdf, "file://" + html_path], tmp)
    if not os.path.exists(pdf):
        fail("%s: chromium printed no PDF" % name)
        return
    out = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True, check=True).stdout
    pages = re.findall(r'<page width="([\d.]+)" height="[\d.]+">(.*?)</page>', out, re.S)
    print("# %s printed: %d pages" % (name, len(pages)))
    for i, (width, words) in enumerate(pages, 1):
        for x1, w in re.findall(r'<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">(.*?)</word>', words):
            if float(x1) > float(width):
                fail("%s printed, page %d: %r goes past the paper's edge" % (name, i, htmllib.unescape(w)))
    for word in broken_words(pdf, html_path):
        fail("%s printed: a table breaks the word %r" % (name, word))
    # a chart taller than a page is printed in parts, each after its heading
    for i, heading in orphaned_headings(pdf, html_headings(html_path), foot_margin=0):
        fail("%s printed, page %d: the heading %r is left alone at its foot" % (name, i, heading))
    if shots:
        subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "4", pdf, os.path.join(shots, name + "-print")],
                       check=True)


def squash(text):
    return re.sub(r"\s+", "", text)


def pdf_pages(pdf):
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    n = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    pages = []
    for i in range(1, n + 1):
        pages.append(subprocess.run(["pdftotext", "-raw", "-f", str(i), "-l", str(i), pdf, "-"],
                                    capture_output=True, text=True, check=True).stdout)
    return pages


def below_the_body(pdf):
    """Per page, the words drawn below the body's foot (the page's margin,
    56 pt): only the footer, "Page 3" in the report's language, belongs there."""
    out = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True, check=True).stdout
    pages = []
    for page in re.findall(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', out, re.S):
        foot = float(page[0]) - 56
        words = re.findall(r'<word xMin="[\d.]+" yMin="[\d.]+" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</word>', page[1])
        pages.append(" ".join(htmllib.unescape(w) for y, w in words if float(y) > foot + 1))
    return pages


def html_headings(html_path):
    """The text of the HTML's section headings (h2, h3), without spaces."""
    with open(html_path, encoding="utf-8") as f:
        html = f.read()
    return [squash(htmllib.unescape(re.sub(r"<[^>]*>", "", h))) for h in re.findall(r"<h[23][^>]*>(.*?)</h[23]>", html, re.S)]


def orphaned_headings(pdf, headings, foot_margin=56):
    """Per page, a heading (one of headings, in text of 12 pt or more: words
    13.5 pt high and more, the body's 10 pt are 11.6) whose last line is the
    last above the footer: left alone at the foot, what it heads on the next
    page. Below foot_margin from the paper's foot is the footer."""
    out = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True, check=True).stdout
    found = []
    for i, page in enumerate(re.findall(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', out, re.S), 1):
        foot = float(page[0]) - foot_margin
        words = [(float(y0), float(y1), htmllib.unescape(w)) for y0, y1, w in
                 re.findall(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</word>', page[1])
                 if float(y1) <= foot + 1]
        if not words:
            continue
        last = max(y0 for y0, _, _ in words)
        line = [(y0, y1, w) for y0, y1, w in words if y0 > last - 3]
        text = " ".join(w for _, _, w in line)
        if (all(y1 - y0 >= 13.5 for y0, y1, _ in line) and any(h.endswith(squash(text)) for h in headings)
                and not ink_between(pdf, i, max(y1 for _, y1, _ in line) + 4, foot)):
            found.append((i, text))
    return found


def ink_between(pdf, page, top, bottom):
    """Whether anything is drawn on the page between top and bottom (points):
    a chart of the HTML prints as paths, with no text for pdftotext."""
    dpi = 30
    with tempfile.TemporaryDirectory(prefix="ink-") as tmp:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-f", str(page), "-l", str(page), "-singlefile", pdf,
                        os.path.join(tmp, "page")], check=True)
        with open(os.path.join(tmp, "page.pgm"), "rb") as f:
            data = f.read()
    m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    w, h = int(m.group(1)), int(m.group(2))
    pixels = data[m.end():]
    for y in range(int(top * dpi / 72) + 1, min(h, int(bottom * dpi / 72))):
        if min(pixels[y * w:(y + 1) * w]) < 200:
            return True
    return False


def broken_words(pdf, html_path):
    """The words of the HTML's tables (th, td) that no table of the PDF
    (its text under 10.5 pt high: 8.5 pt and smaller) holds whole: broken
    inside ("Файлов-" over "ая"), as a column too narrow breaks them. A
    break after a hyphen ("ввод-" over "вывод") is a break between words."""
    with open(html_path, encoding="utf-8") as f:
        html = f.read()
    cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", html, re.S)
    wanted = set()
    for cell in cells:
        for word in htmllib.unescape(re.sub(r"<[^>]*>", " ", cell)).split():
            wanted.update(part for part in re.split(r"(?<=[-–])", word) if part)
    out = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True, check=True).stdout
    found = set()
    for y0, y1, w in re.findall(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</word>', out):
        if float(y1) - float(y0) < 10.5:
            found.update(part for part in re.split(r"(?<=[-–])", htmllib.unescape(w)) if part)
    return sorted(wanted - found)


def page_fill(pdf, tmp):
    """How far down each page the ink goes, from 0 to 1."""
    tmp = tempfile.mkdtemp(prefix="fill-", dir=tmp)
    prefix = os.path.join(tmp, "fill")
    subprocess.run(["pdftoppm", "-r", "20", "-gray", pdf, prefix], check=True)
    fills = []
    for name in sorted(f for f in os.listdir(tmp) if f.startswith("fill") and f.endswith(".pgm")):
        with open(os.path.join(tmp, name), "rb") as f:
            data = f.read()
        m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
        w, h = int(m.group(1)), int(m.group(2))
        pixels = data[m.end():]
        last = 0
        # skip the footer's band at the bottom (the last 9 % of the page)
        for y in range(int(h * 0.91)):
            row = pixels[y * w:(y + 1) * w]
            if min(row) < 200:
                last = y
        fills.append(last / (h * 0.91))
    return fills


def check_pdf(name, pdf, html_probe, tmp, shots, sections_fit=True, lang=None, html_path=None):
    headings = html_headings(html_path) if html_path is not None else []
    pages = pdf_pages(pdf)
    n = len(pages)
    print("# %s.pdf: %d pages" % (name, n))
    whole = squash("".join(pages))
    if html_probe is not None:
        lost = [t for t in html_probe["texts"] if squash(t) not in whole]
        for t in lost:
            fail("%s.pdf: text of the HTML missing from the PDF: %r" % (name, t[:120]))
        print("# %s.pdf: %d of %d blocks of the HTML's text found" % (name, len(html_probe["texts"]) - len(lost),
                                                                       len(html_probe["texts"])))
    # Nothing but the footer below the body: a chart taller than a page
    # goes on over the next pages, never over the footer or off the paper.
    for i, words in enumerate(below_the_body(pdf), 1):
        if not re.fullmatch(r"\S+ %d" % i, words):
            fail("%s.pdf page %d: drawn over its footer or past the body's foot: %r" % (name, i, words[:120]))
    # Table cells wrap between words: a column never breaks one.
    if html_path is not None:
        for word in broken_words(pdf, html_path):
            fail("%s.pdf: a table breaks the word %r" % (name, word))
    # A heading goes with what it heads, never alone at a page's foot.
    for i, heading in orphaned_headings(pdf, headings):
        fail("%s.pdf page %d: the heading %r is left alone at its foot" % (name, i, heading))
    if lang is not None:
        return
    footer = re.compile(r"^\s*Page (\d+)(?: of (\d+))?\s*$")
    for i, text in enumerate(pages, 1):
        lines = [l for l in text.splitlines() if l.strip() != ""]
        marks = [(k, footer.match(l)) for k, l in enumerate(lines) if footer.match(l)]
        if len(marks) != 1 or marks[0][0] != len(lines) - 1 or int(marks[0][1].group(1)) != i:
            fail("%s.pdf page %d: its footer is not alone at its foot: %r" % (name, i, [lines[k] for k, _ in marks]))
    if html_probe is not None and sections_fit:
        for sec in html_probe["sections"]:
            head = squash(sec["heading"])
            where = [i for i, t in enumerate(pages) if any(squash(l) == head for l in t.splitlines())]
            if not where:
                fail("%s.pdf: no page has the heading %r" % (name, sec["heading"]))
                continue
            p = where[0]
            first_line = next(squash(l) for l in pages[p].splitlines() if l.strip())
            if squash(sec["last"]) not in squash(pages[p]) and first_line != head:
                fail("%s.pdf: section %r is split across pages although it starts mid-page" % (name, sec["heading"]))
    fills = page_fill(pdf, tmp)
    print("# %s.pdf: ink reaches %s of each page" % (name, ", ".join("%.0f %%" % (f * 100) for f in fills)))
    for i, f in enumerate(fills[:-1], 1):
        if f < 0.25:
            fail("%s.pdf page %d is mostly empty (ink to %.0f %% of it)" % (name, i, f * 100))
    if n > 1 and sum(fills[:-1]) / (n - 1) < 0.6:
        fail("%s.pdf: the pages are on average less than 60 %% full" % name)
    if shots:
        subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "4", pdf, os.path.join(shots, name + "-pdf")],
                       check=True)


def main():
    global CHROMIUM
    cli, data = sys.argv[1], sys.argv[2]
    CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
    if CHROMIUM is None or shutil.which("pdftotext") is None:
        print("1..0 # SKIP needs chromium and poppler-utils (build-aux/dev installs them)")
        return 77
    shots = os.environ.get("FSBENCH_SCREENSHOTS")
    if shots:
        os.makedirs(shots, exist_ok=True)
    env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="")
    with tempfile.TemporaryDirectory(prefix="fsbench-browser-") as tmp:
        # A comparison's sections hold a chart per run and are taller than a
        # page: they flow, so only the single reports are held to one page each.
        for name, inputs in (("study", ["study"]), ("quick", ["quick"]), ("comparison", ["quick", "standard"])):
            results = [os.path.join(data, i + ".json") for i in inputs]
            html, pdf = os.path.join(tmp, name + ".html"), os.path.join(tmp, name + ".pdf")
            subprocess.run([cli, "report"] + results + ["--html", html, "--pdf", pdf], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            html_probe = check_html(name, html, tmp, shots)
            check_print(name, html, tmp, shots)
            check_pdf(name, pdf, html_probe, tmp, shots, sections_fit=len(inputs) == 1, html_path=html)
        # A real quick run of every default group: its CPU and page-fault
        # charts are taller than an A4 page, in Russian more so.
        for lang in ("ru", "en"):
            name = "all-" + lang
            pdf, html = os.path.join(tmp, name + ".pdf"), os.path.join(tmp, name + ".html")
            subprocess.run([cli, "report", os.path.join(data, "quick-all.json"), "--lang", lang, "--pdf", pdf,
                            "--html", html], env=env, check=True, stdout=subprocess.DEVNULL)
            # Russian headers are the longest: the tables still fit at 1280 px
            if lang == "ru":
                check_html(name, html, tmp, shots)
            check_print(name, html, tmp, shots)
            check_pdf(name, pdf, None, tmp, shots, lang=None if lang == "en" else lang, html_path=html)
    print("%d passed, %d failed" % (0 if failures else 1, 1 if failures else 0))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
