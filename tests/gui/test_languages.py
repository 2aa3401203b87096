"""The window in Russian: its labels, a run, and a recommendation written
in Russian."""
import gettext
import os

import fsbtest
from fsbtest import App, BUILDDIR, Session, find, run_bound, screenshot, wait_for_results


def catalog(language, wanted=("Where to test", "Start comparison", "Filesystems", "Disk image",
                              "Recommendation", "Problem")):
    t = gettext.translation("fsbench", localedir=os.path.join(BUILDDIR, "po"), languages=[language])
    missing = [s for s in wanted if t.gettext(s) == s]
    assert not missing, f"the {language} catalog does not translate {missing}"
    return t.gettext


def test_russian_labels():
    _ = catalog("ru")
    session = Session()
    app = App(locale="ru_RU.UTF-8", extra_env=session.env)
    try:
        win = app.window()
        find(win, _("Disk image"), "radio button")
        find(win, _("Filesystems"), "list box")
        find(win, _("History"), "push button")
        screenshot("setup-ru")
        find(win, _("Start comparison"), "push button").doActionNamed("click")
        headline = wait_for_results(app, win, run_bound("--profile=quick", "--fs=ext4,xfs", session=session), _)
        assert any("\u0400" <= c <= "\u04ff" for c in headline.text), headline.text
        screenshot("results-ru")
        session.assert_nothing_left()
    finally:
        app.quit()
        session.cleanup()


if __name__ == "__main__":
    fsbtest.run_tests([test_russian_labels])
