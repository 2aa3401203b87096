"""The whole flow, driving the real window: a disk image in a temporary
folder, ext4 and XFS, the quick profile; the run, its results, the HTML
export, the history; a cancelled run that leaves nothing behind; a device
the engine refuses shows why; the same window in Russian."""
import gettext
import json
import os
import shutil
import subprocess
import tempfile
import time

import fsbtest
from fsbtest import App, find, screenshot, wait_for, keyCombo, pressKey
from dogtail.rawinput import typeText

BUILDDIR = os.environ.get("FSBENCH_BUILDDIR", ".")
RUN_TIMEOUT = float(os.environ.get("FSBENCH_TEST_RUN_TIMEOUT", "900"))


class Session:
    """A private home: the keyfile settings backend, data and cache folders
    in a temporary folder, and the disk image folder chosen there (the
    setting a user's earlier choice leaves)."""

    def __init__(self, filesystems=("ext4", "xfs"), extra_settings=""):
        self.tmp = tempfile.mkdtemp(prefix="fsbench-gui-test-")
        self.images = os.path.join(self.tmp, "images")
        os.makedirs(self.images)
        conf = os.path.join(self.tmp, "config", "glib-2.0", "settings")
        os.makedirs(conf)
        fs_list = ", ".join(f"'{f}'" for f in filesystems)
        with open(os.path.join(conf, "keyfile"), "w") as f:
            f.write("[io/github/fsbench/FsBench]\n"
                    f"image-folder='{self.images}'\n"
                    f"filesystems=[{fs_list}]\n" + extra_settings)
        self.env = {
            "GSETTINGS_BACKEND": "keyfile",
            "XDG_CONFIG_HOME": os.path.join(self.tmp, "config"),
            "XDG_DATA_HOME": os.path.join(self.tmp, "data"),
            "XDG_CACHE_HOME": os.path.join(self.tmp, "cache"),
        }

    def history_dir(self):
        return os.path.join(self.tmp, "data", "fsbench", "history")

    def loops(self):
        """Loop devices backed by a file in our image folder."""
        out = subprocess.run(["losetup", "-a"], capture_output=True, text=True).stdout
        return [line.split(":", 1)[0] for line in out.splitlines() if self.images in line]

    def cleanup(self):
        shutil.rmtree(self.tmp, ignore_errors=True)


def mounted_devices():
    with open("/proc/self/mounts") as f:
        return {line.split()[0] for line in f}


def choose_filesystems(win, wanted):
    fs_list = find(win, "Filesystems", "list box")
    wait_for(lambda: any(c.roleName == "check box" for c in fs_list.findChildren(lambda n: n.roleName == "check box")),
             60, "the filesystem list")
    for check in fs_list.findChildren(lambda n: n.roleName == "check box"):
        if not check.sensitive:
            continue
        if (check.name in wanted) != check.checked:
            check.click()
    for name in wanted:
        assert find(fs_list, name, "check box").checked, name


def combo_choice(combo):
    sel = combo.querySelection()
    return sel.getSelectedChild(0).name if sel.nSelectedChildren else None


def choose_combo(win, combo_name, item_name):
    """Picks an item of a combo box through its menu's click action (the
    popup menu's items never report "showing" under Xvfb)."""
    combo = find(win, combo_name, "combo box")
    fsbtest.config.config.searchShowingOnly = False
    try:
        item = combo.findChild(lambda n: n.roleName == "menu item" and n.name == item_name, retry=False)
    finally:
        fsbtest.config.config.searchShowingOnly = True
    item.doActionNamed("click")
    wait_for(lambda: combo_choice(combo) == item_name, 5, f"“{item_name}” in {combo_name}")


QUICK = "Quick · about 1/20 of the study"
STANDARD = "Standard · about 1/4 of the study"


def start_run(app, session, profile=QUICK):
    win = app.window()
    find(win, "Disk image", "radio button")
    folder = find(win, os.path.basename(session.images), "combo box")
    assert folder is not None
    choose_filesystems(win, ("ext4", "XFS"))
    choose_combo(win, "Size", STANDARD if profile == QUICK else QUICK)
    choose_combo(win, "Size", profile)
    screenshot("setup")
    find(win, "Start comparison", "push button").click()
    find(win, "Progress", "progress bar", timeout=30)
    return win


def type_path(dialog, path):
    """Enters a path in a file chooser's focused entry: the folder set
    through AT-SPI (typed keys race the entry's completion), the name typed,
    then Return."""
    def entry():
        found = [n for n in dialog.findChildren(lambda n: n.roleName == "text")
                 if n.showing and n.focused]
        return found[0] if found else None
    wait_for(lambda: entry() is not None, 10, "the file chooser's entry")
    e = entry()
    e.text = os.path.dirname(path) + "/"
    pressKey("End")
    typeText(os.path.basename(path))
    wait_for(lambda: e.text == path, 10, "the path in the entry")
    time.sleep(1)   # the completion popup would take a quick Return
    pressKey("Return")


def chart_has_drawing(node, name):
    """The chart's part of the screen has more than a handful of colours."""
    x, y = node.position
    w, h = node.size
    path = screenshot(name)
    out = subprocess.run(["convert", path, "-crop", f"{w}x{h}+{x}+{y}", "-format", "%k", "info:"],
                         capture_output=True, text=True).stdout.strip()
    return int(out or 0) > 8


def test_quick_run_results_export_history():
    session = Session()
    app = App(extra_env=session.env)
    try:
        win = start_run(app, session)
        headline = find(win, "Recommendation", "label", timeout=RUN_TIMEOUT)
        wait_for(lambda: headline.text.strip() != "", 10, "the recommendation")
        time.sleep(1)   # the page crossfades in
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

        # A timed section: bars with min–max whiskers.
        find(win, "Big files", "page tab").click()
        time.sleep(0.5)
        charts = win.findChildren(lambda n: n.name.startswith("Chart: ") and n.showing)
        assert charts, "no chart on the results page"
        assert chart_has_drawing(charts[0], "results"), "the chart is empty"
        tables = win.findChildren(lambda n: n.name.startswith("Table: "))
        assert tables, "no table on the results page"

        # Saved to the history without being asked.
        saved = [f for f in os.listdir(session.history_dir()) if f.endswith(".json")]
        assert len(saved) == 1, saved
        with open(os.path.join(session.history_dir(), saved[0])) as f:
            result = json.load(f)
        assert [fs["name"] for fs in result["filesystems"]] == ["ext4", "xfs"], result["filesystems"]

        # Export HTML through the file chooser.
        out = os.path.join(session.tmp, "report.html")
        find(win, "Export", "toggle button").click()
        find(app.node, "HTML page…", None).click()
        dialog = find(app.node, "Export the report", None, timeout=15)
        type_path(dialog, out)
        wait_for(lambda: os.path.exists(out) and os.path.getsize(out) > 0, 60, "the HTML report")
        time.sleep(1)
        with open(out, encoding="utf-8") as f:
            html = f.read()
        assert "<svg" in html and "</html>" in html.lower(), html[:200]
        assert "ext4" in html and "XFS" in html

        # The history lists the run.
        find(win, "History", "push button").click()
        find(win, "Earlier comparisons", "list box")
        wait_for(lambda: len(win.findChildren(lambda n: n.roleName == "check box" and "ext4" in n.name)) == 1,
                 15, "the run in the history")

        # Open it again from the history.
        opens = win.findChildren(lambda n: n.roleName == "push button" and n.name.startswith("Open "))
        assert len(opens) == 1, [o.name for o in opens]
        opens[0].click()
        # The results page names the file it shows.
        saved_path = os.path.join(session.history_dir(), saved[0])
        wait_for(lambda: find(win, saved_path, "label").showing and headline.showing, 15,
                 "the run opened again")
        find(win, "History", "push button").click()
        find(win, "Earlier comparisons", "list box")

        # A run from another machine, imported, then both side by side.
        other = os.path.join(session.tmp, "other-machine.json")
        result["machine"]["cpu_model"] = "Another CPU"
        with open(other, "w") as f:
            json.dump(result, f)
        find(win, "Import", "push button").click()
        dialog = find(app.node, "Import results", None, timeout=15)
        time.sleep(0.5)
        keyCombo("<Control>l")
        type_path(dialog, other)
        runs = []
        wait_for(lambda: runs.extend(win.findChildren(lambda n: n.roleName == "check box" and "ext4" in n.name))
                 or len(runs) == 2 or runs.clear(), 15, "two runs in the history")
        # The list is rebuilt by each listing that finishes: let it settle.
        time.sleep(1)
        runs = win.findChildren(lambda n: n.roleName == "check box" and "ext4" in n.name)
        assert len(runs) == 2, [r.name for r in runs]
        assert any("Another CPU" in r.name for r in runs), [r.name for r in runs]
        screenshot("history")
        compare = find(win, "Compare", "push button")
        assert not compare.sensitive
        for r in runs:
            r.click()
        wait_for(lambda: compare.sensitive, 10, "Compare to become available")
        time.sleep(0.5)
        compare.click()
        wait_for(lambda: find(win, "Comparing 2 runs side by side", "label").showing, 15, "the comparison")
        charts = win.findChildren(lambda n: n.name.startswith("Chart: "))
        assert charts and chart_has_drawing(charts[0], "comparison"), "no comparison chart"
        # Two runs of the same filesystems: no recommendation between them.
        assert not headline.showing

        out = os.path.join(session.tmp, "comparison.html")
        find(win, "Export", "toggle button").click()
        find(app.node, "HTML page…", None).click()
        dialog = find(app.node, "Export the report", None, timeout=15)
        type_path(dialog, out)
        wait_for(lambda: os.path.exists(out) and os.path.getsize(out) > 0, 60, "the comparison report")
        time.sleep(1)
        with open(out, encoding="utf-8") as f:
            html = f.read()
        assert "<svg" in html and "Another CPU" in html, html[:200]
    finally:
        app.quit()
        session.cleanup()


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
        time.sleep(0.5)
        keyCombo("<Control>l")
        type_path(dialog, bad)
        bar = find(win, "Problem", "info bar")
        wait_for(lambda: any("broken-run.json" in n.text for n in bar.findChildren(lambda n: n.roleName == "label")),
                 15, "the file name in the info bar")
        time.sleep(1)   # the info bar slides in
        screenshot("import-error")
    finally:
        app.quit()
        session.cleanup()


def test_cancel_leaves_nothing():
    session = Session()
    app = App(extra_env=session.env)
    seen = set()
    try:
        # Nodes found before the run: walking the tree during a run is slow.
        bar = find(app.window(), "Problem", "info bar")
        start = find(app.window(), "Start comparison", "push button")
        # The quick profile ends in seconds: the cancel needs a longer run.
        win = start_run(app, session, STANDARD)
        # Wait until the image is attached, so the cancel has something to clean.
        wait_for(lambda: seen.update(session.loops()) or seen, 120, "the loop device of the run")
        time.sleep(2)
        seen.update(session.loops())
        screenshot("run")
        find(win, "Cancel", "push button").click()
        find(app.node, "Stop the comparison?", None, timeout=10)
        screenshot("cancel-question")
        find(app.node, "Stop", "push button").click()
        wait_for(lambda: any("cancelled" in n.text for n in bar.findChildren(lambda n: n.roleName == "label")),
                 120, "the cancelled message")
        assert session.loops() == [], session.loops()
        left = seen & mounted_devices()
        assert not left, f"still mounted: {left}"
        assert os.listdir(session.images) == [], os.listdir(session.images)
        assert start.showing
        time.sleep(1)
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
        wait_for(lambda: seen.update(session.loops()) or seen, 120, "the loop device of the run")
        keyCombo("<Control>q")
        find(app.node, "Stop the comparison and quit?", None, timeout=10)
        # Keep running first: nothing is lost.
        find(app.node, "Keep running", "push button").click()
        time.sleep(1)
        assert app.proc.poll() is None
        keyCombo("<Control>q")
        find(app.node, "Stop and quit", "push button", timeout=10).click()
        app.proc.wait(120)
        assert session.loops() == [], session.loops()
        assert not (seen & mounted_devices())
        assert os.listdir(session.images) == [], os.listdir(session.images)
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
        bar = find(win, "Problem", "info bar")
        find(win, "Start comparison", "push button").click()
        wait_for(lambda: any(session.images in n.text for n in bar.findChildren(lambda n: n.roleName == "label")),
                 120, "the folder named in the info bar")
        time.sleep(1)
        screenshot("no-space")
        assert session.loops() == []
        assert os.listdir(session.images) == [], os.listdir(session.images)
    finally:
        app.quit()
        session.cleanup()


def test_refused_device_shows_reason():
    cli = os.environ["FSBENCH_CLI"]
    devices = json.loads(subprocess.run([cli, "devices", "--json"], capture_output=True, text=True,
                                        check=True).stdout)
    refused = [d for d in devices if not d["usable"] and d["reason"]
               and not d["device"].startswith(("/dev/loop", "/dev/zram")) and d["size"] > 0]
    if not refused:
        print("# SKIP no refused device on this machine")
        return
    session = Session()
    app = App(extra_env=session.env)
    try:
        win = app.window()
        for d in refused:
            radio = find(win, d["device"], "radio button")
            assert not radio.sensitive, d["device"]
            labels = [n.text for n in radio.parent.findChildren(lambda n: n.roleName == "label")]
            assert any(d["reason"] in t for t in labels), (d["reason"], labels)
        screenshot("refused-device")
    finally:
        app.quit()
        session.cleanup()


def test_russian_labels():
    """The same flow under Russian: the setup page's labels, a run, and a
    recommendation written in Russian."""
    localedir = os.path.join(BUILDDIR, "po")
    ru = gettext.translation("fsbench", localedir=localedir, languages=["ru"])
    wanted = ["Where to test", "Start comparison", "Filesystems", "Disk image", "Recommendation"]
    missing = [s for s in wanted if ru.gettext(s) == s]
    assert not missing, f"the Russian catalog does not translate {missing}"
    session = Session()
    app = App(locale="ru_RU.UTF-8", extra_env=session.env)
    try:
        win = app.window()
        find(win, ru.gettext("Disk image"), "radio button")
        find(win, ru.gettext("Filesystems"), "list box")
        find(win, ru.gettext("History"), "push button")
        screenshot("setup-ru")
        find(win, ru.gettext("Start comparison"), "push button").click()
        headline = find(win, ru.gettext("Recommendation"), "label", timeout=RUN_TIMEOUT)
        wait_for(lambda: headline.text.strip() != "", 10, "the recommendation")
        time.sleep(1)   # the page crossfades in
        assert any("\u0400" <= c <= "\u04ff" for c in headline.text), headline.text
        screenshot("results-ru")
        assert not session.loops(), session.loops()
    finally:
        app.quit()
        session.cleanup()


def set_spin(win, name, value):
    spin = find(win, name, "spin button")
    spin.value = value
    wait_for(lambda: spin.value == value, 5, f"{name} = {value}")


def test_custom_sizes_run_and_are_remembered():
    session = Session(filesystems=("ext4",))
    app = App(extra_env=session.env)
    try:
        win = app.window()
        choose_filesystems(win, ("ext4",))
        # The custom sizes show only with the custom profile.
        choose_combo(win, "Size", QUICK)
        assert not win.findChildren(lambda n: n.name == "Files in the tree" and n.showing)
        choose_combo(win, "Size", "Custom sizes")
        set_spin(win, "Big file size in megabytes", 12)
        set_spin(win, "File tree size in megabytes", 6)
        set_spin(win, "Files in the tree", 60)
        set_spin(win, "Folders in the tree", 6)
        find(win, "Folders in the tree", "spin button").grabFocus()
        time.sleep(0.5)
        screenshot("setup-custom")
        find(win, "Start comparison", "push button").click()
        headline = find(win, "Recommendation", "label", timeout=RUN_TIMEOUT)
        wait_for(lambda: headline.text.strip() != "", 10, "the recommendation")
        saved = [f for f in os.listdir(session.history_dir()) if f.endswith(".json")]
        assert len(saved) == 1, saved
        with open(os.path.join(session.history_dir(), saved[0])) as f:
            result = json.load(f)
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
        wait_for(lambda: combo_choice(combo) == "Custom sizes", 10, "the custom profile")
        assert find(win, "Big file size in megabytes", "spin button").value == 12
        assert find(win, "Files in the tree", "spin button").value == 60
    finally:
        app.quit()
        session.cleanup()


def test_delete_from_history_with_undo():
    session = Session()
    os.makedirs(session.history_dir())
    data = os.path.join(os.environ.get("FSBENCH_SRCDIR", "."), "tests", "data")
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
            return win.findChildren(lambda n: n.roleName == "push button" and n.name.startswith("Delete ")
                                    and n.showing)
        wait_for(lambda: len(deletes()) == 2, 15, "two runs in the history")
        victim = deletes()[0]
        name = victim.name
        victim.click()
        wait_for(lambda: len(deletes()) == 1, 5, "the row hidden")
        bar = find(win, "Deleted", "info bar")
        assert any("deleted" in n.text for n in bar.findChildren(lambda n: n.roleName == "label")), "no undo message"
        time.sleep(0.5)
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
        wait_for(lambda: len(os.listdir(session.history_dir())) == 1, 10, "one file left")
        wait_for(lambda: len(deletes()) == 1, 15, "one run listed")
        assert deletes()[0].name != name
    finally:
        app.quit()
        session.cleanup()


def loop_setup(path):
    out = subprocess.run(["udisksctl", "loop-setup", "--no-user-interaction", "-f", path],
                         capture_output=True, text=True, check=True).stdout
    # "Mapped file PATH as /dev/loopN."
    return out.strip().rstrip(".").split(" as ")[-1]


def loop_delete(device):
    subprocess.run(["udisksctl", "loop-delete", "--no-user-interaction", "-b", device],
                   capture_output=True, check=False)


def test_hotplug_shows_the_users_loop_device():
    session = Session()
    mine = os.path.join(session.tmp, "my-disk.img")
    ours = os.path.join(session.tmp, "fsbench-ABC123.img")
    for path in (mine, ours):
        with open(path, "wb") as f:
            f.truncate(64 * 1024 * 1024)
    attached = []
    app = App(extra_env=session.env)
    try:
        win = app.window()
        targets = find(win, "Where to test", "list box")
        find(win, "Disk image", "radio button")

        def shown(device):
            return any(n.name == device for n in targets.findChildren(lambda n: n.roleName == "radio button"))
        # Attached while the window is open: the user's image appears live,
        # an image of FS Bench's own (fsbench-XXXXXX.img) does not.
        user_loop = loop_setup(mine)
        attached.append(user_loop)
        our_loop = loop_setup(ours)
        attached.append(our_loop)
        wait_for(lambda: shown(user_loop), 30, f"{user_loop} in the list")
        row = find(targets, user_loop, "radio button")
        assert "my-disk.img" in row.description, row.description
        assert not shown(our_loop), our_loop
        row.grabFocus()
        time.sleep(0.5)
        screenshot("setup-hotplug")
        # Detached: the row goes.
        loop_delete(user_loop)
        attached.remove(user_loop)
        wait_for(lambda: not shown(user_loop), 30, f"{user_loop} gone from the list")
    finally:
        for device in attached:
            loop_delete(device)
        app.quit()
        session.cleanup()


def test_custom_command_asks_then_runs():
    session = Session(filesystems=("ext4",))
    app = App(extra_env=session.env)
    try:
        win = app.window()
        choose_filesystems(win, ("ext4",))
        choose_combo(win, "Size", STANDARD)
        choose_combo(win, "Size", QUICK)
        # (an action, not a mouse click: the button may be scrolled away)
        find(win, "Add a command", "push button").doActionNamed("click")
        name = find(win, "Command name", "text")
        name.text = "hello"
        command = find(win, "Command", "text")
        command.text = "printf 'hi' > hello.txt && test -s hello.txt"
        find(win, "Start comparison", "push button").click()

        # The dialog shows the command itself, and nothing runs on Cancel.
        find(app.node, "Run these commands?", "label", timeout=15)
        shown = find(app.node, "The commands", "text")
        assert "hello: printf 'hi' > hello.txt" in shown.text, shown.text
        screenshot("custom-commands-confirm")
        find(app.node, "Cancel", "push button").click()
        time.sleep(1)
        assert find(win, "Start comparison", "push button").showing
        assert not os.path.exists(session.history_dir()) or not os.listdir(session.history_dir())

        # Agreed to: the run times it like any task.
        find(win, "Start comparison", "push button").click()
        find(app.node, "Run these commands?", "label", timeout=15)
        find(app.node, "Run the commands", "push button").click()
        headline = find(win, "Recommendation", "label", timeout=RUN_TIMEOUT)
        wait_for(lambda: headline.text.strip() != "", 10, "the recommendation")
        saved = [f for f in os.listdir(session.history_dir()) if f.endswith(".json")]
        with open(os.path.join(session.history_dir(), saved[0])) as f:
            result = json.load(f)
        tasks = {t["id"]: t for t in result["filesystems"][0]["tasks"]}
        assert "custom:hello" in tasks, json.dumps(result)[:3000]
        assert not any(sample.get("error") for sample in tasks["custom:hello"].get("samples", [])), tasks["custom:hello"]
        # The tab may be scrolled out of the tab strip: select it through the notebook.
        fsbtest.config.config.searchShowingOnly = False
        try:
            tab = win.findChild(lambda n: n.roleName == "page tab" and n.name == "Custom commands", retry=False)
        finally:
            fsbtest.config.config.searchShowingOnly = True
        tab.parent.querySelection().selectChild(tab.indexInParent)
        time.sleep(0.5)
        assert win.findChildren(lambda n: n.roleName == "table cell" and n.name == "hello" and n.showing), \
            "no row for the command in the table"
        screenshot("results-custom")
    finally:
        app.quit()
        session.cleanup()


def test_aged_run_shows_after_aging():
    """The aging choice: ext4, one repetition, aged lightly; the results
    gain the section "After aging", the result its aging block."""
    session = Session(filesystems=("ext4",), extra_settings="repetitions=uint32 1\n")
    app = App(extra_env=session.env)
    try:
        win = app.window()
        choose_filesystems(win, ("ext4",))
        choose_combo(win, "Size", STANDARD)
        choose_combo(win, "Size", QUICK)
        choose_combo(win, "Aging", "Light: 60\u00a0% full")   # the engine writes a no-break space
        screenshot("setup-aging")
        find(win, "Start comparison", "push button").click()
        headline = find(win, "Recommendation", "label", timeout=RUN_TIMEOUT)
        wait_for(lambda: headline.text.strip() != "", 10, "the recommendation")
        saved = [f for f in os.listdir(session.history_dir()) if f.endswith(".json")]
        with open(os.path.join(session.history_dir(), saved[0])) as f:
            result = json.load(f)
        ext4 = result["filesystems"][0]
        assert result["age"] == "light", result.get("age")
        assert ext4["aging"]["level"] == "light", ext4.get("aging")
        assert ext4["capacity"]["files_that_fit_limit"] == "inodes", ext4["capacity"]
        assert "big-copy-in@aged" in {t["id"] for t in ext4["tasks"]}
        fsbtest.config.config.searchShowingOnly = False
        try:
            tab = win.findChild(lambda n: n.roleName == "page tab" and n.name == "After aging", retry=False)
        finally:
            fsbtest.config.config.searchShowingOnly = True
        tab.parent.querySelection().selectChild(tab.indexInParent)
        time.sleep(0.5)
        assert win.findChildren(lambda n: n.roleName == "table cell" and n.name == "Copy a big file in (aged)"
                                and n.showing), "no aged row in the table"
        charts = win.findChildren(lambda n: n.name == "Chart: After aging" and n.showing)
        assert charts and chart_has_drawing(charts[0], "results-aged"), "no chart after aging"
        # the choice is remembered
        out = subprocess.run(["gsettings", "get", "io.github.fsbench.FsBench", "age"], capture_output=True,
                             text=True, env={**os.environ, **session.env}).stdout.strip()
        assert out == "'light'", out
    finally:
        app.quit()
        session.cleanup()


if __name__ == "__main__":
    fsbtest.run_tests([test_refused_device_shows_reason,
                       test_russian_labels,
                       test_import_corrupt_file_shows_its_name,
                       test_no_space_names_the_folder,
                       test_cancel_leaves_nothing,
                       test_closing_during_a_run_asks_then_cleans_up,
                       test_quick_run_results_export_history,
                       test_custom_sizes_run_and_are_remembered,
                       test_delete_from_history_with_undo,
                       test_hotplug_shows_the_users_loop_device,
                       test_custom_command_asks_then_runs,
                       test_aged_run_shows_after_aging])
