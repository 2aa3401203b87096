"""The setup page: devices the engine refuses show why; a loop device the
user attaches appears live, one of FS Bench's own does not; on a system
without udisks2 the window says so and what to do."""
import json
import os
import shutil
import subprocess

import fsbtest
from fsbtest import App, SRCDIR, Session, combo_choice, find, find_all, find_on_page, info_bar_text, screenshot, wait_for


def test_refused_device_shows_reason():
    cli = os.environ["FSBENCH_CLI"]
    devices = json.loads(subprocess.run([cli, "devices", "--json"], capture_output=True, text=True,
                                        check=True, timeout=60).stdout)
    # (the CLI leaves out what the window leaves out; loop devices of other
    # runs on this machine come and go, so they are not waited for)
    refused = [d for d in devices if not d["usable"] and d["reason"] and not d["device"].startswith("/dev/loop")]
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


def loop_setup(path):
    out = subprocess.run(["udisksctl", "loop-setup", "--no-user-interaction", "-f", path],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    # "Mapped file PATH as /dev/loopN."
    return out.strip().rstrip(".").split(" as ")[-1]


def loop_delete(device):
    subprocess.run(["udisksctl", "loop-delete", "--no-user-interaction", "-b", device],
                   capture_output=True, check=False, timeout=60)


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
            return any(n.name == device for n in find_all(targets, lambda n: n.roleName == "radio button"))
        # Attached while the window is open: the user's image appears live,
        # an image of FS Bench's own (fsbench-XXXXXX.img) does not.
        our_loop = loop_setup(ours)
        attached.append(our_loop)
        user_loop = loop_setup(mine)
        attached.append(user_loop)
        wait_for(lambda: shown(user_loop), 30, f"{user_loop} in the list")
        row = find(targets, user_loop, "radio button")
        assert "my-disk.img" in row.description, row.description
        assert not shown(our_loop), our_loop
        row.grabFocus()
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


def test_without_udisks_the_window_says_what_to_do():
    """A private system bus with no service on it (the real ones stay): the
    window names udisks2 and the command that starts it, at once and again
    at Start, never a raw D-Bus error; the filesystems are still listed."""
    session = Session()
    out = subprocess.run([os.path.join(SRCDIR, "tests", "private-system-bus.sh"), session.tmp],
                         capture_output=True, text=True, check=True, timeout=30).stdout.split()
    address, pid = out[0], int(out[1])
    app = None
    try:
        app = App(extra_env=dict(session.env, DBUS_SYSTEM_BUS_ADDRESS=address))
        win = app.window()
        wait_for(lambda: "udisks2 is not installed or not running" in info_bar_text(win), 30,
                 "the window naming udisks2")
        text = info_bar_text(win)
        assert "sudo systemctl start udisks2" in text, text
        assert "org.freedesktop" not in text and "GDBus" not in text, text
        fs_list = find(win, "Filesystems", "list box")
        wait_for(lambda: find_all(fs_list, lambda n: n.roleName == "check box"), 60, "the filesystems")
        screenshot("no-udisks")
        find(win, "Close the message", "push button").doActionNamed("click")
        wait_for(lambda: not info_bar_text(win), 10, "the message closed")
        find(win, "Start comparison", "push button").doActionNamed("click")
        wait_for(lambda: "udisks2 is not installed or not running" in info_bar_text(win), 30,
                 "the window naming udisks2 at Start")
        assert not find_all(win, lambda n: n.roleName == "progress bar"), "a run started without udisks2"
        session.assert_nothing_left()
    finally:
        if app is not None:
            app.quit()
        os.kill(pid, 15)
        session.cleanup()


def about(seconds):
    """The setup page's words for a time (format_about in fsb-setup-page.c)."""
    if seconds < 60:
        return "under a minute"
    m = int((seconds + 30) // 60)
    if m < 90:
        return f"about {m} minute" + ("s" if m != 1 else "")
    h = (m + 30) // 60
    return f"about {h} hour" + ("s" if h != 1 else "")


def test_estimate_follows_an_earlier_run():
    """After a run on the same disk, the time under the filesystems follows
    how long its steps took (what `fsbench-cli plan` says for the same
    plan), not the first guesses."""
    session = Session()
    cli = os.environ["FSBENCH_CLI"]
    env = dict(os.environ, **session.env)
    plan_args = ["--fs", "ext4,xfs", "--target", f"image@{session.images}"]

    def planned():
        out = subprocess.run([cli, "plan", "--json", *plan_args], env=env, capture_output=True,
                             text=True, check=True, timeout=60).stdout
        return json.loads(out)
    first = planned()
    assert first["estimate_paced_by"] is None, first["estimate_paced_by"]
    os.makedirs(session.history_dir(), exist_ok=True)
    subprocess.run([cli, "run", "--fs", "ext4", "--repeat", "1", "--workloads", "core", "--tree-files", "12",
                    "--tree-dirs", "3", "--tree-size", "2M", "--big-file", "1M",
                    "--target", f"image@{session.images}",
                    "--output", os.path.join(session.history_dir(), "tiny.json")],
                   env=env, capture_output=True, text=True, check=True, timeout=300)
    paced = planned()
    assert paced["estimate_paced_by"] is not None
    # the pace replaced the first guesses (faster or slower: on a loaded machine the tiny run's steps may take
    # longer than guessed)
    assert paced["estimated_seconds"] != first["estimated_seconds"], (paced["estimated_seconds"], first["estimated_seconds"])
    app = App(extra_env=session.env)
    try:
        win = app.window()
        expected = f"Takes {about(paced['estimated_seconds'])};"

        def summary():
            labels = find_all(win, lambda n: n.roleName == "label" and n.name.startswith("Compares"))
            return labels[0].name if labels else ""
        try:
            wait_for(lambda: expected in summary(), 30, f"“{expected}” under the filesystems")
        except AssertionError as e:
            raise AssertionError(f"{e}; it says “{summary()}” (first guess: "
                                 f"{about(first['estimated_seconds'])})") from None
        session.assert_nothing_left()
    finally:
        app.quit()
        session.cleanup()


def _variant_dialog(app):
    dialogs = [c for c in app.node.children if c.roleName == "dialog" and c.showing]
    assert dialogs, "no dialog to add a variant"
    return dialogs[0]


def _type_into(dialog, name, text):
    entry = find(dialog, name, "text")
    entry.text = text
    wait_for(lambda: entry.text == text, 5, f"“{text}” in {name}")


def test_add_a_variant():
    """Add a Variant…: a mount option udisks refuses keeps the dialog open
    with the reason; a valid one adds a ticked row that the summary counts
    and the setting keeps; removed, it goes from both."""
    session = Session(filesystems=("ext4",))
    app = App(extra_env=session.env)
    try:
        win = app.window()
        fs_list = find(win, "Filesystems", "list box")
        wait_for(lambda: find_all(fs_list, lambda n: n.roleName == "check box"), 60, "the filesystem list")
        add = find_on_page(win, "Add a Variant…", "push button")
        wait_for(lambda: add.sensitive, 30, "Add a Variant… to be enabled")
        add.doActionNamed("click")
        dialog = wait_for(lambda: _variant_dialog(app), 10, "the dialog to add a variant") or _variant_dialog(app)
        combo = find(dialog, "Filesystem of the variant", "combo box")
        names = [i.name for i in find_all(combo, lambda n: n.roleName == "menu item", showing_only=False)]
        combo.querySelection().selectChild(names.index("ext4"))
        wait_for(lambda: combo_choice(combo) == "ext4", 5, "ext4 chosen")
        _type_into(dialog, "Name of the variant", "wb")
        _type_into(dialog, "Mount options of the variant", "data=writeback")
        find(dialog, "Add", "push button").doActionNamed("click")
        error = find(dialog, "Why the variant cannot be added", "label")
        wait_for(lambda: "data=writeback" in (error.text or ""), 10, "the refused option named")
        screenshot("variant-refused")
        _type_into(dialog, "Name of the variant", "noatime")
        _type_into(dialog, "Mount options of the variant", "noatime")
        find(dialog, "Add", "push button").doActionNamed("click")
        wait_for(lambda: not [c for c in app.node.children if c.roleName == "dialog" and c.showing], 10,
                 "the dialog to close")
        check = find_on_page(win, "noatime", "check box")
        wait_for(lambda: check.checked, 5, "the variant ticked")
        screenshot("variant-added")

        def summary():
            labels = find_all(win, lambda n: n.roleName == "label" and n.name.startswith("Compares"))
            return labels[0].name if labels else ""
        wait_for(lambda: "noatime" in summary(), 10, "the variant in the summary")

        def setting(key):
            return subprocess.run(["gsettings", "get", "io.github.fsbench.FsBench", key], capture_output=True,
                                  text=True, env={**os.environ, **session.env}, timeout=30).stdout.strip()
        app.quit()
        assert setting("variants") == "['noatime=ext4;mount=noatime']", setting("variants")
        assert "'noatime'" in setting("filesystems"), setting("filesystems")

        # the next start lists it again, ticked; removed, it goes
        app = App(extra_env=session.env)
        win = app.window()
        fs_list = find(win, "Filesystems", "list box")
        check = find_on_page(win, "noatime", "check box", timeout=60)
        assert check.checked
        find_on_page(win, "Remove the variant noatime", "push button").doActionNamed("click")
        wait_for(lambda: not find_all(fs_list, lambda n: n.roleName == "check box" and n.name == "noatime",
                                      showing_only=False), 10, "the variant removed")
        app.quit()
        assert setting("variants") == "@as []", setting("variants")
        session.assert_nothing_left()
    finally:
        app.quit()
        session.cleanup()


def test_without_git_the_git_box_is_greyed_out():
    """With no git on PATH the window's git box is greyed out and its
    tooltip says why; with git found (when it is installed) it can be
    chosen, so the test fails if the window stops telling."""
    session = Session()
    nogit = os.path.join(session.tmp, "nogit")
    os.makedirs(nogit)
    try:
        for path, available in ((nogit, False), (os.environ["PATH"], shutil.which("git") is not None)):
            app = App(extra_env=dict(session.env, PATH=path))
            try:
                win = app.window()
                box = find(win, "Git repository", "check box", timeout=30)
                assert box.sensitive == available, f"PATH={path}: the git box sensitive={box.sensitive}"
                if not available:
                    assert "The git program is not installed" in box.description, box.description
                    assert not box.checked, "a greyed-out box is ticked"
                    screenshot("no-git")
                else:
                    assert "git program" not in box.description, box.description
            finally:
                app.quit()
    finally:
        session.cleanup()


if __name__ == "__main__":
    fsbtest.run_tests([test_refused_device_shows_reason,
                       test_hotplug_shows_the_users_loop_device,
                       test_without_udisks_the_window_says_what_to_do,
                       test_estimate_follows_an_earlier_run,
                       test_add_a_variant,
                       test_without_git_the_git_box_is_greyed_out])
