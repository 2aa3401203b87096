"""The history page without a run: a broken file imported names itself; a
deleted run can be brought back until its undo bar goes; a run of the
application groups opened from it shows each group's tab with its chart
and table."""
import os
import shutil

import fsbtest
from fsbtest import App, Session, SRCDIR, chart_has_drawing, find, find_all, info_bar_text, open_location, screenshot, \
    select_tab, type_path, wait_for


def test_import_corrupt_file_shows_its_name():
    session = Session()
    bad = os.path.join(session.tmp, "broken-run.json")
    with open(bad, "w") as f:
        f.write('{"schema": "fsbench-result/1", "filesystems": [')
    app = App(extra_env=session.env)
    try:
        win = app.window()
        find(win, "History", "push button").click()
        find(win, "Import", "push button").click()
        dialog = find(app.node, "Import results", None, timeout=15)
        open_location(dialog)
        type_path(dialog, bad)
        wait_for(lambda: "broken-run.json" in info_bar_text(win), 15, "the file name in the info bar")
        screenshot("import-error")
        assert not session.saved_runs(), session.saved_runs()
    finally:
        app.quit()
        session.cleanup()


def test_delete_from_history_with_undo():
    session = Session()
    os.makedirs(session.history_dir())
    data = os.path.join(SRCDIR, "tests", "data")
    kept = os.path.join(session.history_dir(), "a.json")
    gone = os.path.join(session.history_dir(), "b.json")
    shutil.copy(os.path.join(data, "study.json"), kept)
    shutil.copy(os.path.join(data, "study-after.json"), gone)
    app = App(extra_env=session.env)
    try:
        win = app.window()
        find(win, "History", "push button").click()
        find(win, "Earlier comparisons", "list box")

        def deletes():
            return find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Delete "))
        wait_for(lambda: len(deletes()) == 2, 15, "two runs in the history")
        victim = deletes()[0]
        name = victim.name
        victim.click()
        wait_for(lambda: len(deletes()) == 1, 5, "the row hidden")
        wait_for(lambda: "deleted" in info_bar_text(win, "Deleted"), 5, "the undo message")
        screenshot("history-deleted")
        # Not gone yet: Undo brings the row back.
        assert os.path.exists(kept) and os.path.exists(gone)
        find(win, "Undo", "push button").click()
        wait_for(lambda: len(deletes()) == 2, 5, "the row back")
        assert any(d.name == name for d in deletes())
        # Deleted for good once the undo bar goes (here: the list is listed again).
        victim = [d for d in deletes() if d.name == name][0]
        victim.click()
        wait_for(lambda: len(deletes()) == 1, 5, "the row hidden again")
        find(win, "Back", "push button").click()
        find(win, "History", "push button").click()
        # (beside the runs, the history keeps its index, .index.jsonl)
        wait_for(lambda: len([f for f in os.listdir(session.history_dir()) if f.endswith(".json")]) == 1, 10,
                 "one run's file left")
        wait_for(lambda: len(deletes()) == 1, 15, "one run listed")
        assert deletes()[0].name != name
    finally:
        app.quit()
        session.cleanup()


def test_open_verdict_offers_the_rounds_that_settle_it():
    """Twins whose comparison stayed open: the results say how many more
    rounds could settle it, and the button beside it runs them."""
    session = Session()
    os.makedirs(session.history_dir())
    data = os.path.join(SRCDIR, "tests", "data")
    shutil.copy(os.path.join(data, "unsettled-twins.json"), os.path.join(session.history_dir(), "open.json"))
    app = App(extra_env=session.env)
    seen = set()
    try:
        win = app.window()
        find(win, "History", "push button").click()
        find(win, "Earlier comparisons", "list box")
        wait_for(lambda: find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Open ")), 15,
                 "the run in the history")
        find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Open "))[0].click()
        label = find(win, "What would settle it", "label", timeout=15)
        wait_for(lambda: label.showing and "more rounds of" in label.text and "could settle it" in label.text, 10,
                 "what would settle it")
        headline = find(win, "Recommendation", "label")
        assert "cannot be told apart" in headline.text, headline.text
        # said once, by the button, not again among the notes
        assert not [n for n in find_all(win, lambda n: n.roleName == "label" and n.name != label.name and
                                        "could settle it" in (n.text or ""))]
        screenshot("settle")
        find(win, "Run Again Until Settled", "push button").click()
        find(win, "Progress", "progress bar", timeout=30)
        wait_for(lambda: seen.update(session.loops()) or seen, 120, "the loop device of the run",
                 fail=lambda: info_bar_text(win))
        find(win, "Cancel", "push button").click()
        find(app.node, "Stop", "push button", timeout=10).click()
        wait_for(lambda: "cancelled" in info_bar_text(win), 120, "the cancelled message")
        session.assert_nothing_left(seen)
    finally:
        app.quit()
        session.cleanup()


def test_application_groups_have_their_tabs_and_charts():
    """tests/data/apps.json has samples of every task of the sqlite, git,
    archive, build and photos groups: each has its tab, a chart with bars
    and a table."""
    session = Session()
    os.makedirs(session.history_dir())
    shutil.copy(os.path.join(SRCDIR, "tests", "data", "apps.json"), os.path.join(session.history_dir(), "apps.json"))
    app = App(extra_env=session.env)
    try:
        win = app.window()
        find(win, "History", "push button").click()
        wait_for(lambda: find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Open ")), 15,
                 "the run in the history")
        find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Open "))[0].click()
        find(win, "Recommendation", "label", timeout=15)
        for section in ("SQLite database", "Git repository", "Archives", "Building software", "Photo library"):
            select_tab(win, section)
            chart = find(win, "Chart: " + section, None)
            wait_for(lambda: chart_has_drawing(chart, "results-" + section.split()[0].lower()), 10,
                     f"bars in the chart of {section}")
            assert find_all(win, lambda n: n.name == "Table: " + section, showing_only=False), \
                f"no table of {section}"
    finally:
        app.quit()
        session.cleanup()


if __name__ == "__main__":
    fsbtest.run_tests([test_open_verdict_offers_the_rounds_that_settle_it,
                       test_application_groups_have_their_tabs_and_charts,
                       test_import_corrupt_file_shows_its_name,
                       test_delete_from_history_with_undo])
