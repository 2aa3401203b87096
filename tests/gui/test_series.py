"""Many jobs at once in the window (issue 28): the jobs and queue-depth
series among the workload options — greyed out until a group that runs
them is ticked, their first item the size's own counts — a real run of
the chosen series, and the scaling charts on the results page (from that
run, and from a result with both series on two filesystems)."""
import os
import shutil
import subprocess

import fsbtest
from fsbtest import (App, Session, SRCDIR, chart_has_drawing, choose_combo, find, find_all, find_on_page,
                     open_first_saved_run, run_bound, screenshot, select_tab, wait_for, wait_for_results)

JOBS = "Jobs at once"
DEPTHS = "Requests in flight"


def menu_items(combo):
    return [i.name for i in combo.findChildren(lambda n: n.roleName == "menu item", showingOnly=False)]


def tick_only(win, wanted):
    groups = find(win, "Tasks", "table")
    checks = find_all(groups, lambda n: n.roleName == "check box", showing_only=False)
    assert any(c.name == wanted for c in checks), [c.name for c in checks]
    for check in checks:
        if check.sensitive and (check.name == wanted) != check.checked:
            check.doActionNamed("click")
    wait_for(lambda: all((c.name == wanted) == c.checked for c in checks if c.sensitive), 5, f"only {wanted} ticked")


def setting(session, key):
    return subprocess.run(["gsettings", "get", "io.github.fsbench.FsBench", key], capture_output=True, text=True,
                          env={**os.environ, **session.env}, timeout=30).stdout.strip()


def test_choose_jobs_and_see_them_scale():
    session = Session(filesystems=("ext4",), extra_settings="repetitions=uint32 1\nrepetition-mode='fixed'\n")
    app = App(extra_env=session.env)
    try:
        win = app.window()
        choose_combo(win, "Size", "Quick")
        jobs = find_on_page(win, JOBS, "combo box")
        depths = find_on_page(win, DEPTHS, "combo box")
        # the desktop use case runs neither series: nothing to count yet
        wait_for(lambda: not jobs.sensitive and not depths.sensitive, 10, "both series greyed out")
        # the first item says what this size runs; the others are the choices
        items = menu_items(jobs)
        assert items[0] == "1 and 4 jobs, as the size chooses", items
        assert "1, 2 and 4 jobs" in items and "1, 2, 4 and 8 jobs" in items, items
        assert menu_items(depths)[0] == "1 and 32 requests in flight, as the size chooses", menu_items(depths)
        choose_combo(win, "Size", "Standard")
        wait_for(lambda: menu_items(jobs)[0] == "1, 2, 4 and 8 jobs, as the size chooses", 5,
                 "the standard size's own counts")
        choose_combo(win, "Size", "Quick")

        tick_only(win, "Many jobs at once")
        wait_for(lambda: jobs.sensitive and not depths.sensitive, 10, "the jobs series open, the depths still greyed")
        choose_combo(win, JOBS, "1, 2 and 4 jobs")
        jobs.grabFocus()   # scrolls the options to it
        screenshot("series-setup")
        find(win, "Start comparison", "push button").doActionNamed("click")
        wait_for_results(app, win, run_bound("--profile=quick", "--fs=ext4", "--repeat=1",
                                             "--workloads=concurrency", "--jobs=1,2,4", session=session))

        # the result holds each count as data, for every task of the group
        result = session.load_run(session.saved_runs()[-1])
        ext4 = result["filesystems"][0]
        counts = sorted({t["conditions"]["jobs"] for t in ext4["tasks"] if t["id"] == "conc-write"})
        assert counts == [1, 2, 4], counts
        assert setting(session, "jobs") == "'1,2,4'", setting(session, "jobs")

        select_tab(win, "Many at once")
        tasks = find(win, "Scaling of: Many at once", "combo box", timeout=15)
        names = menu_items(tasks)
        assert "Write streams at once" in names and "Durable commits at once" in names, names
        chart = find(win, "Scaling chart: Many at once", None)
        wait_for(lambda: chart_has_drawing(chart, "series-scaling-run"), 10, "bars in the scaling chart")
        choose_combo(win, "Scaling of: Many at once", "Durable commits at once")
        wait_for(lambda: chart_has_drawing(chart, "series-scaling-commits"), 10, "the commits' scaling chart")
        screenshot("series-results")
        session.assert_nothing_left()
    finally:
        app.quit()
        session.cleanup()


def test_scaling_charts_of_a_saved_result():
    """A result with both series on ext4 and XFS: each section's scaling
    chart, and none where a section ran no series."""
    session = Session()
    os.makedirs(session.history_dir())
    shutil.copy(os.path.join(SRCDIR, "tests", "data", "scaling.json"),
                os.path.join(session.history_dir(), "scaling.json"))
    app = App(extra_env=session.env)
    try:
        win = app.window()
        open_first_saved_run(win)
        for section in ("Many at once", "Queued random I/O"):
            select_tab(win, section, timeout=15)
            chart = find(win, f"Scaling chart: {section}", None)
            wait_for(lambda: chart_has_drawing(chart, "series-" + section.split()[0].lower()), 10, f"the scaling chart of {section}")
        names = menu_items(find(win, "Scaling of: Queued random I/O", "combo box"))
        assert names == ["Random reads, queued", "Random writes, queued"], names
        screenshot("series-saved")
    finally:
        app.quit()
        session.cleanup()


if __name__ == "__main__":
    fsbtest.run_tests([test_scaling_charts_of_a_saved_result, test_choose_jobs_and_see_them_scale])
