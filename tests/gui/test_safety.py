"""The safety checks in the window: among the groups of tasks, the room and
the time they take; on the results page, the power cuts and the damaged
data, each with what it covers, its counts, its checker's times and its
verdict in words (from a result file, the quickest way to a result)."""
import os
import re
import shutil

import fsbtest
from fsbtest import App, Session, SRCDIR, find, find_all, screenshot, select_tab, wait_for

COST = re.compile(r"^\d[\d.,]*[ \u00a0]?[kMGT]i?B, (about \d+ minutes?|under a minute)$")


def cost_of(check):
    return [n.text for n in check.parent.findChildren(lambda n: n.roleName == "label") if n.showing]


def test_group_shows_its_room_and_time():
    session = Session()
    app = App(extra_env=session.env)
    try:
        win = app.window()
        check = find(win, "Data safety", "check box", timeout=30)
        # the plan needs a filesystem chosen; the cost follows the plan
        wait_for(lambda: any(COST.match(t or "") for t in cost_of(check)), 60, "the safety group's room and time")
        text = [t for t in cost_of(check) if COST.match(t or "")][0]
        # the inner image (320 MiB at quick) twice: the outer image the copies live in
        assert re.match(r"^640(\.0)?[ \u00a0]MiB", text), text
        # every group says it, not this one alone
        others = find_all(win, lambda n: n.roleName == "check box" and n.name == "Small files")
        assert others and any(COST.match(t or "") for t in cost_of(others[0])), cost_of(others[0])
        screenshot("safety-cost")
    finally:
        app.quit()
        session.cleanup()


def table_cells(win, name):
    table = find(win, name, "table")
    return [c.name for c in table.findChildren(lambda n: n.roleName == "table cell", showingOnly=False)]


def test_results_show_the_safety_sections():
    session = Session()
    os.makedirs(session.history_dir())
    shutil.copy(os.path.join(SRCDIR, "tests", "data", "safety-quick.json"),
                os.path.join(session.history_dir(), "safety.json"))
    app = App(extra_env=session.env)
    try:
        win = app.window()
        find(win, "History", "push button").click()
        find(win, "Earlier comparisons", "list box")
        wait_for(lambda: find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Open ")), 15,
                 "the run in the history")
        find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Open "))[0].click()

        select_tab(win, "Power cuts", timeout=15)
        # what it covers, and what not
        wait_for(lambda: find_all(win, lambda n: n.roleName == "label" and "dm-log-writes" in (n.text or "")), 10,
                 "what the power cuts cover")
        wait_for(lambda: find_all(win, lambda n: n.roleName == "label" and n.text ==
                                  "No filesystem lost a file acknowledged by fsync in 60 power-cut states."), 10,
                 "the power cuts' verdict in words")
        cells = table_cells(win, "Table: Power cuts")
        for figure in ("Acknowledged files lost", "Power-cut states checked", "Checker time", "Longest checker time",
                       "States the checker found clean"):
            assert figure in cells, (figure, cells)
        screenshot("safety-power-cuts")

        select_tab(win, "Damaged data")
        wait_for(lambda: find_all(win, lambda n: n.roleName == "label" and n.text ==
                                  "Btrfs detected every damaged file; ext4 and XFS returned wrong data for 36 of 36 "
                                  "without an error."), 10, "the damaged data's verdict in words")
        cells = table_cells(win, "Table: Damaged data")
        assert "Damaged files returned silently" in cells, cells
        assert "Damaged files detected (read error)" in cells, cells
        screenshot("safety-damaged-data")
    finally:
        app.quit()
        session.cleanup()


if __name__ == "__main__":
    fsbtest.run_tests([test_group_shows_its_room_and_time, test_results_show_the_safety_sections])
