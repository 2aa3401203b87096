"""The window as its package installs it (FSBENCH_GUI=/usr/bin/fsbench,
the schema, catalogs and help from /usr/share, none from the build tree):
it opens, its About says the package's version, and under de_DE its menu is
German. Run by tests/test-package.sh while the .debs are installed."""
import os

import fsbtest
from fsbtest import App, Session, find, pressKey, screenshot


def test_window_opens():
    session = Session()
    app = App(extra_env=session.env)
    try:
        win = app.window()
        assert win.name == "FS Bench", win.name
        find(win, "Main menu", "toggle button").click()
        find(app.node, "About FS Bench", "push button").click()
        about = find(app.node, "About FS Bench", "dialog")
        find(about, os.environ["FSBENCH_VERSION"], None)
        screenshot("installed-about")
        pressKey("Escape")
    finally:
        app.quit()


def test_window_in_german():
    session = Session()
    app = App(locale="de_DE.UTF-8", extra_env=session.env)
    try:
        find(app.window(), "Hauptmenü", "toggle button")
    finally:
        app.quit()


if __name__ == "__main__":
    fsbtest.run_tests([test_window_opens, test_window_in_german])
