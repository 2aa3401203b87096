"""The window in each language, as the metainfo shows it: the setup page,
a run, its results and a comparison, in English, German, French and
Russian, each with its recommendation in that language. Writes
screenshots/metainfo/{setup,run,results,comparison}[-LANG].png in the
build folder; with FSBENCH_UPDATE_SCREENSHOTS=1 also data/screenshots/."""
import gettext
import os
import shutil
import subprocess
import time

import fsbtest
from fsbtest import (App, BUILDDIR, SRCDIR, SHOTS, Session, find, find_all, run_bound, screenshot_to,
                     select_tab, wait_for, wait_for_results)

LANGUAGES = {"en": "C.UTF-8", "de": "de_DE.UTF-8", "fr": "fr_FR.UTF-8", "ru": "ru_RU.UTF-8"}
# A letter of each language's own alphabet, to tell a translated sentence.
OWN_LETTERS = {"de": "äöüßÄÖÜ", "fr": "éèàçêâîôûÉæœ", "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"}


def catalog(language):
    if language == "en":
        return gettext.NullTranslations()
    t = gettext.translation("fsbench", localedir=os.path.join(BUILDDIR, "po"), languages=[language])
    wanted = ["Where to test", "Start comparison", "Filesystems", "Disk image", "Recommendation", "Big files",
              "Size (GiB)", "Takes %s; the disk image needs %s."]
    missing = [s for s in wanted if t.gettext(s) == s]
    assert not missing, f"the {language} catalog does not translate {missing}"
    return t


def window_shot(win, name, language):
    """The window alone, cropped from the screen."""
    suffix = "" if language == "en" else f"-{language}"
    path = os.path.join(SHOTS, "metainfo", f"{name}{suffix}.png")
    # the pointer off the window, so no tooltip or hover shows in the picture
    (x, y), (w, h) = win.position, win.size
    fsbtest.move_pointer_off(win)
    time.sleep(0.8)   # a tooltip shown fades out in its own time
    full = screenshot_to(path + ".full.png")
    # and back: without a window manager the focus follows the pointer, and
    # the pictures show the active window
    fsbtest.move_pointer_onto(win)
    subprocess.run(["convert", full, "-crop", f"{w}x{h}+{x}+{y}", "+repage", path], check=True, timeout=60)
    os.remove(full)
    if os.environ.get("FSBENCH_UPDATE_SCREENSHOTS"):
        shutil.copy(path, os.path.join(SRCDIR, "data", "screenshots", os.path.basename(path)))
    return path


def progress(bar):
    """0..1, whatever the range the bar reports."""
    try:
        v = bar.queryValue()
        span = v.maximumValue - v.minimumValue
        return (v.currentValue - v.minimumValue) / span if span > 0 else 0.0
    except Exception:
        return 0.0


def one_language(language):
    t = catalog(language)
    _ = t.gettext
    session = Session(filesystems=("ext4", "xfs"))
    app = App(locale=LANGUAGES[language], extra_env=session.env)
    try:
        win = app.window()
        fs_list = find(win, _("Filesystems"), "list box")
        wait_for(lambda: find_all(fs_list, lambda n: n.roleName == "check box" and n.checked), 60,
                 "the filesystems ticked")
        start = find(win, _("Start comparison"), "push button")
        wait_for(lambda: start.sensitive, 10, "Start comparison available")
        window_shot(win, "setup", language)

        start.doActionNamed("click")
        bar = find(win, _("Progress"), "progress bar", timeout=30)
        # Some bars in the live chart: a third of the way.
        wait_for(lambda: progress(bar) >= 0.33, run_bound("--profile=quick", "--fs=ext4,xfs", session=session),
                 "a third of the run", fail=lambda: fsbtest.info_bar_text(win))
        window_shot(win, "run", language)

        headline = wait_for_results(app, win, run_bound("--profile=quick", "--fs=ext4,xfs", session=session), _)
        if language in OWN_LETTERS:
            assert any(c in OWN_LETTERS[language] for c in headline.text.lower()), \
                f"the recommendation is not in {language}: {headline.text}"
        session.assert_run_measured()
        select_tab(win, _("Big files"))
        window_shot(win, "results", language)

        # A second run, then both side by side.
        find(win, _("New run"), "push button").doActionNamed("click")
        find(win, _("Start comparison"), "push button").doActionNamed("click")
        wait_for(lambda: len(session.saved_runs()) == 2,
                 run_bound("--profile=quick", "--fs=ext4,xfs", session=session), "the second run saved",
                 fail=lambda: fsbtest.info_bar_text(win))
        find(win, _("History"), "push button").doActionNamed("click")
        wait_for(lambda: len(find_all(win, lambda n: n.roleName == "check box" and "ext4" in n.name)) == 2, 15,
                 "two runs in the history")
        for check in find_all(win, lambda n: n.roleName == "check box" and "ext4" in n.name):
            check.doActionNamed("click")
        compare = find(win, _("Compare"), "push button")
        wait_for(lambda: compare.sensitive, 10, "Compare available")
        compare.doActionNamed("click")
        find(win, t.ngettext("Comparing %u run side by side", "Comparing %u runs side by side", 2) % 2, "label",
             timeout=15)
        select_tab(win, _("Big files"))
        window_shot(win, "comparison", language)
        session.assert_nothing_left()
    finally:
        app.quit()
        session.cleanup()


def test_english():
    one_language("en")


def test_german():
    one_language("de")


def test_french():
    one_language("fr")


def test_russian():
    one_language("ru")


if __name__ == "__main__":
    fsbtest.run_tests([test_english, test_german, test_french, test_russian])
