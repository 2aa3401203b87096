"""Runs, driving the real window: a disk image in a temporary folder, ext4
and XFS, the quick profile; the results, the HTML export, the history and a
side-by-side comparison; a cancelled run, a closed window and a failing run
that leave nothing behind; custom sizes and a command of one's own."""
import json
import os
import shutil
import subprocess
import time

import fsbtest
from fsbtest import (App, Session, chart_has_drawing, choose_combo, find, find_all, find_on_page, info_bar_text, keyCombo,
                     open_location, run_bound, screenshot, select_tab, set_spin, type_path, wait_for, wait_for_results)

QUICK = "Quick"
STANDARD = "Standard"


def choose_filesystems(win, wanted):
    fs_list = find(win, "Filesystems", "list box")
    wait_for(lambda: find_all(fs_list, lambda n: n.roleName == "check box"), 60, "the filesystem list")
    for check in find_all(fs_list, lambda n: n.roleName == "check box"):
        if not check.sensitive:
            continue
        if (check.name in wanted) != check.checked:
            check.click()
    for name in wanted:
        check = find(fs_list, name, "check box")
        wait_for(lambda: check.checked, 5, f"{name} ticked")


def start_run(app, session, profile=QUICK, filesystems=("ext4", "XFS")):
    win = app.window()
    find(win, "Disk image", "radio button")
    folder = find(win, "Disk image folder", "push button")
    wait_for(lambda: folder.description == session.images, 5, "the image folder of the session")
    choose_filesystems(win, filesystems)
    choose_combo(win, "Size", profile)
    find(win, "Start comparison", "push button").doActionNamed("click")
    find(win, "Progress", "progress bar", timeout=30)
    return win


def export_html(app, win, path):
    find(win, "Export", "toggle button").click()
    find(app.node, "HTML page…", None).click()
    dialog = find(app.node, "Export the report", None, timeout=15)
    type_path(dialog, path)
    wait_for(lambda: os.path.exists(path) and os.path.getsize(path) > 0, 60, f"the report in {path}")
    wait_for(lambda: path in info_bar_text(win), 15, "the window saying where the report went")
    with open(path, encoding="utf-8") as f:
        return f.read()


def history_checks(win, word="ext4"):
    return find_all(win, lambda n: n.roleName == "check box" and word in n.name)


def test_quick_run_results_export_history():
    session = Session()
    app = App(extra_env=session.env)
    try:
        win = start_run(app, session)
        headline = wait_for_results(app, win, run_bound("--profile=quick", "--fs=ext4,xfs", session=session))
        assert "ext4" in headline.text or "XFS" in headline.text, headline.text
        # The verdict says how sure it is.
        confidence = find(win, "Confidence", "label")
        assert confidence.showing and confidence.text.startswith("Confidence is "), confidence.text
        # The same figures weighed for another use case: media needs groups
        # this run did not have, a state of its own with a button for them.
        before = headline.text
        choose_combo(win, "Use case", "for media and large files")
        wait_for(lambda: headline.text != before and headline.text.strip() != "", 10, "a new recommendation")
        assert headline.text.startswith("Not measured"), headline.text
        missing = find(win, "Not measured", "label")
        wait_for(lambda: missing.showing and "Delete latency" in missing.text, 10, "what is not measured")
        assert find(win, "Run the missing groups", "push button").showing
        assert not confidence.showing
        choose_combo(win, "Use case", "as a small home or office server")
        wait_for(lambda: headline.text == before, 10, "the first recommendation back")
        assert not missing.showing

        # A timed section: bars with min–max whiskers. Its tab comes from the
        # big-file samples of the result: check them first, to fail with the
        # run's own error if a filesystem stopped.
        session.assert_run_measured()
        select_tab(win, "Big files")
        chart = find(win, "Chart: Big files", None)
        wait_for(lambda: chart_has_drawing(chart, "results"), 10, "bars in the chart")
        # (below the chart, maybe scrolled out of view)
        assert find_all(win, lambda n: n.name == "Table: Big files", showing_only=False), "no table on the results page"

        # Saved to the history without being asked.
        saved = session.saved_runs()
        assert len(saved) == 1, saved
        result = session.load_run(saved[0])
        assert [fs["name"] for fs in result["filesystems"]] == ["ext4", "xfs"], result["filesystems"]

        html = export_html(app, win, os.path.join(session.tmp, "report.html"))
        assert "<svg" in html and "</html>" in html.lower(), html[:200]
        assert "ext4" in html and "XFS" in html

        # The history lists the run; it opens again from there, naming its file.
        find(win, "History", "push button").click()
        find(win, "Earlier comparisons", "list box")
        wait_for(lambda: len(history_checks(win)) == 1, 15, "the run in the history")
        opens = find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Open "))
        assert len(opens) == 1, [o.name for o in opens]
        opens[0].click()
        saved_path = os.path.join(session.history_dir(), saved[0])
        find(win, saved_path, "label", timeout=15)
        assert headline.showing
        find(win, "History", "push button").click()
        find(win, "Earlier comparisons", "list box")

        # A run from another machine, imported, then both side by side.
        other = os.path.join(session.tmp, "other-machine.json")
        result["machine"]["cpu_model"] = "Another CPU"
        with open(other, "w") as f:
            json.dump(result, f)
        find(win, "Import", "push button").click()
        dialog = find(app.node, "Import results", None, timeout=15)
        open_location(dialog)
        type_path(dialog, other)
        wait_for(lambda: len(history_checks(win)) == 2, 15, "two runs in the history")
        runs = history_checks(win)
        assert any("Another CPU" in r.name for r in runs), [r.name for r in runs]
        screenshot("history")
        compare = find(win, "Compare", "push button")
        assert not compare.sensitive
        for r in runs:
            r.doActionNamed("click")
        wait_for(lambda: compare.sensitive, 10, "Compare to become available")
        compare.doActionNamed("click")
        find(win, "Comparing 2 runs side by side", "label", timeout=15)
        charts = []
        wait_for(lambda: charts.extend(find_all(win, lambda n: n.name.startswith("Chart: "))) or charts, 10,
                 "a chart of the comparison")
        chart = charts[0]
        wait_for(lambda: chart_has_drawing(chart, "comparison"), 10, "bars in the comparison chart")
        # Two runs of the same filesystems: no recommendation between them,
        # but the changes per filesystem, as the report has them, and the runs
        # named by what differs (here the machine), not by a date alone.
        assert not headline.showing
        # They sit under the charts, scrolled out of view: look past what shows.
        wait_for(lambda: find_all(win, lambda n: n.name == "Changes between the runs", showing_only=False), 10,
                 "the changes between the runs")
        changes = find_all(win, lambda n: n.name.startswith("Changes: "), showing_only=False)
        assert changes, "no table of changes"
        headers = [c.name for c in find_all(changes[0], lambda n: n.roleName == "table column header",
                                            showing_only=False)]
        assert "Change" in headers and any("Another CPU" in h for h in headers), headers

        html = export_html(app, win, os.path.join(session.tmp, "comparison.html"))
        assert "<svg" in html and "Another CPU" in html, html[:200]
    finally:
        app.quit()
        session.cleanup()


def inside(node, frame):
    """The node is on screen within the window's frame."""
    (x, y), (w, h) = node.position, node.size
    (fx, fy), (fw, fh) = frame.position, frame.size
    return node.showing and fx <= x and fy <= y and x + w <= fx + fw and y + h <= fy + fh


def test_small_screen_1024x600():
    """A netbook's screen: the window is 1024×600 with its header bar, the
    setup page scrolls, and Start comparison, the run and the results fit."""
    # The settings hold the content's size: the frame adds a border and the
    # header bar (10 and 56 pixels here, without a window manager).
    session = Session(extra_settings="window-width=1014\nwindow-height=544\n")
    app = App(extra_env=session.env)
    try:
        win = app.window()
        start = find(win, "Start comparison", "push button")
        w, h = win.size
        assert w <= 1024 and h <= 600, f"the window is {w}×{h}: its minimum is too big for 1024×600"
        assert inside(start, win), f"Start comparison at {start.position} {start.size} is outside the window"
        screenshot("small-screen-setup")
        win = start_run(app, session)
        cancel = find(win, "Cancel", "push button")
        assert inside(cancel, win), "the run page's Cancel button is outside the window"
        headline = wait_for_results(app, win, run_bound("--profile=quick", "--fs=ext4,xfs", session=session))
        assert inside(headline, win), "the recommendation is outside the window"
        for name in ("New run", "Export"):
            button = find(win, name, None)
            assert inside(button, win), f"{name} is outside the window"
        session.assert_run_measured()
        select_tab(win, "Big files")
        screenshot("small-screen-results")
        assert tuple(win.size) == (w, h), f"the window grew from {w}×{h} to {win.size}"
    finally:
        app.quit()
        session.cleanup()


def test_cancel_leaves_nothing():
    session = Session()
    app = App(extra_env=session.env)
    seen = set()
    try:
        win = start_run(app, session, STANDARD)
        # Wait until the image is attached, so the cancel has something to clean.
        wait_for(lambda: seen.update(session.loops()) or seen, 120, "the loop device of the run",
                 fail=lambda: info_bar_text(win))
        screenshot("run")
        find(win, "Cancel", "push button").click()
        find(app.node, "Stop the comparison?", None, timeout=10)
        screenshot("cancel-question")
        find(app.node, "Stop", "push button").click()
        wait_for(lambda: "cancelled" in info_bar_text(win), 120, "the cancelled message")
        session.assert_nothing_left(seen)
        find(win, "Start comparison", "push button")
        screenshot("cancelled")
    finally:
        app.quit()
        session.cleanup()


def test_closing_during_a_run_asks_then_cleans_up():
    session = Session()
    app = App(extra_env=session.env)
    seen = set()
    try:
        win = start_run(app, session, STANDARD)
        wait_for(lambda: seen.update(session.loops()) or seen, 120, "the loop device of the run",
                 fail=lambda: info_bar_text(win))
        keyCombo("<Control>q")
        find(app.node, "Stop the comparison and quit?", None, timeout=10)
        # Keep running first: nothing is lost.
        find(app.node, "Keep running", "push button").click()
        wait_for(lambda: not find_all(app.node, lambda n: n.name == "Stop the comparison and quit?"), 10,
                 "the question gone")
        assert app.proc.poll() is None
        keyCombo("<Control>q")
        find(app.node, "Stop and quit", "push button", timeout=10).click()
        app.proc.wait(120)
        session.assert_nothing_left(seen)
    finally:
        app.quit()
        session.cleanup()


def test_no_space_names_the_folder():
    # A disk image far bigger than the free space: the error says so, on
    # the page, naming the folder; nothing is left behind.
    session = Session(extra_settings="image-size=uint64 4000000000000\n")
    app = App(extra_env=session.env)
    try:
        win = app.window()
        find(win, "Start comparison", "push button").doActionNamed("click")
        wait_for(lambda: session.images in info_bar_text(win), 120, "the folder named in the info bar")
        screenshot("no-space")
        session.assert_nothing_left()
    finally:
        app.quit()
        session.cleanup()


def test_failing_run_ends_at_once_with_the_window_error():
    """The image folder disappears while the run prepares its data: the
    run must fail fast, say so in the window, and leave nothing behind."""
    session = Session()
    app = App(extra_env=session.env)
    try:
        win = start_run(app, session, STANDARD)
        shutil.rmtree(session.images)
        start = time.time()
        try:
            wait_for_results(app, win, 60)
        except AssertionError as e:
            message = str(e)
        else:
            raise AssertionError("the run finished although its image folder was removed")
        assert time.time() - start < 60, f"the failure took {time.time() - start:.0f} s"
        assert "the window says: The comparison could not finish" in message, message
        assert session.images in message, message
        screenshot("run-failed")
        session.assert_nothing_left()
        find(win, "Start comparison", "push button")
    finally:
        app.quit()
        session.cleanup()


def test_custom_sizes_run_and_are_remembered():
    session = Session(filesystems=("ext4",))
    app = App(extra_env=session.env)
    try:
        win = app.window()
        choose_filesystems(win, ("ext4",))
        # The custom sizes show only with the custom profile.
        choose_combo(win, "Size", QUICK)
        assert not find_all(win, lambda n: n.name == "Files in the tree")
        choose_combo(win, "Size", "Custom sizes")
        set_spin(win, "Big file size in megabytes", 12)
        set_spin(win, "File tree size in megabytes", 6)
        set_spin(win, "Files in the tree", 60)
        set_spin(win, "Folders in the tree", 6)
        find(win, "Folders in the tree", "spin button").grabFocus()
        screenshot("setup-custom")
        find(win, "Start comparison", "push button").doActionNamed("click")
        wait_for_results(app, win, run_bound("--fs=ext4", "--big-file=12MB", "--tree-size=6MB", "--tree-files=60",
                                             "--tree-dirs=6", session=session))
        saved = session.saved_runs()
        assert len(saved) == 1, saved
        result = session.load_run(saved[0])
        assert result["profile"] == "custom", result["profile"]
        text = json.dumps(result["dataset"])
        assert "12000000" in text and "6000000" in text, text
    finally:
        app.quit()
    # Remembered: a new window shows the same sizes.
    app = App(extra_env=session.env)
    try:
        win = app.window()
        combo = find(win, "Size", "combo box")
        wait_for(lambda: fsbtest.combo_choice(combo) == "Custom sizes", 10, "the custom profile")
        assert find(win, "Big file size in megabytes", "spin button").value == 12
        assert find(win, "Files in the tree", "spin button").value == 60
    finally:
        app.quit()
        session.cleanup()


def test_custom_command_asks_then_runs():
    session = Session(filesystems=("ext4",))
    app = App(extra_env=session.env)
    try:
        win = app.window()
        choose_filesystems(win, ("ext4",))
        choose_combo(win, "Size", QUICK)
        # (an action, not a mouse click: the button may be scrolled away)
        find_on_page(win, "Add a command", "push button").doActionNamed("click")
        name = find_on_page(win, "Command name", "text")
        name.text = "hello"
        command = find_on_page(win, "Command", "text")
        command.text = "printf 'hi' > hello.txt && test -s hello.txt"
        find(win, "Start comparison", "push button").doActionNamed("click")

        # The dialog shows the command itself, and nothing runs on Cancel.
        find(app.node, "Run these commands?", "label", timeout=15)
        shown = find(app.node, "The commands", "text")
        assert "hello: printf 'hi' > hello.txt" in shown.text, shown.text
        screenshot("custom-commands-confirm")
        find(app.node, "Cancel", "push button").click()
        find(win, "Start comparison", "push button")
        wait_for(lambda: not find_all(app.node, lambda n: n.name == "Run these commands?"), 10, "the dialog gone")
        assert not session.saved_runs()

        # Agreed to: the run times it like any task.
        find(win, "Start comparison", "push button").doActionNamed("click")
        find(app.node, "Run these commands?", "label", timeout=15)
        find(app.node, "Run the commands", "push button").click()
        wait_for_results(app, win, run_bound("--profile=quick", "--fs=ext4", "--custom=hello=true",
                                             session=session))
        result = session.load_run(session.saved_runs()[0])
        tasks = {t["id"]: t for t in result["filesystems"][0]["tasks"]}
        assert "custom:hello" in tasks, json.dumps(result)[:3000]
        assert not any(sample.get("error") for sample in tasks["custom:hello"].get("samples", [])), \
            tasks["custom:hello"]
        select_tab(win, "Custom commands")
        wait_for(lambda: find_all(win, lambda n: n.roleName == "table cell" and n.name == "hello"), 10,
                 "a row for the command in the table")
        screenshot("results-custom")
    finally:
        app.quit()
        session.cleanup()


def test_aged_run_shows_after_aging():
    """The aging and data choices: ext4, one repetition, aged lightly, on
    text; the results gain the section "After aging", the result its aging
    block and text data, whose space on the disk is measured."""
    session = Session(filesystems=("ext4",), extra_settings="repetitions=uint32 1\n")
    app = App(extra_env=session.env)
    try:
        win = app.window()
        choose_filesystems(win, ("ext4",))
        choose_combo(win, "Size", QUICK)
        choose_combo(win, "Aging", "Light: 60\u00a0% full")   # the engine writes a no-break space
        choose_combo(win, "Generated data", "Text (compressible)")
        screenshot("setup-aging")
        find(win, "Start comparison", "push button").doActionNamed("click")
        wait_for_results(app, win, run_bound("--profile=quick", "--fs=ext4", "--repeat=1", "--age=light",
                                             "--data=text", session=session))
        result = session.assert_run_measured(tasks=("big-copy-in", "big-copy-in@aged"))
        ext4 = result["filesystems"][0]
        assert result["age"] == "light", result.get("age")
        assert result["dataset"].get("data") == "text", result["dataset"]
        copy_in = next(t for t in ext4["tasks"] if t["id"] == "big-copy-in" and not t.get("conditions"))
        assert all(s.get("space_used_bytes", 0) > 0 for s in copy_in["samples"]), copy_in["samples"]
        assert ext4["aging"]["level"] == "light", ext4.get("aging")
        assert ext4["capacity"]["files_that_fit_limit"] == "inodes", ext4["capacity"]
        select_tab(win, "After aging")
        wait_for(lambda: find_all(win, lambda n: n.roleName == "table cell" and n.name == "Copy a big file in (aged)",
                                  showing_only=False), 10, "an aged row in the table")
        chart = find(win, "Chart: After aging", None)
        wait_for(lambda: chart_has_drawing(chart, "results-aged"), 10, "bars in the chart after aging")
        # the choice is remembered
        out = subprocess.run(["gsettings", "get", "io.github.fsbench.FsBench", "age"], capture_output=True,
                             text=True, env={**os.environ, **session.env}, timeout=30).stdout.strip()
        assert out == "'light'", out
        out = subprocess.run(["gsettings", "get", "io.github.fsbench.FsBench", "data"], capture_output=True,
                             text=True, env={**os.environ, **session.env}, timeout=30).stdout.strip()
        assert out == "'text'", out
    finally:
        app.quit()
        session.cleanup()


if __name__ == "__main__":
    fsbtest.run_tests([test_failing_run_ends_at_once_with_the_window_error,
                       test_no_space_names_the_folder,
                       test_cancel_leaves_nothing,
                       test_closing_during_a_run_asks_then_cleans_up,
                       test_quick_run_results_export_history,
                       test_small_screen_1024x600,
                       test_custom_sizes_run_and_are_remembered,
                       test_custom_command_asks_then_runs,
                       test_aged_run_shows_after_aging])
