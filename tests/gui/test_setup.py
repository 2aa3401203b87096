"""The setup page: devices the engine refuses show why; a loop device the
user attaches appears live, one of FS Bench's own does not; on a system
without udisks2 the window says so and what to do."""
import json
import os
import subprocess

import fsbtest
from fsbtest import App, SRCDIR, Session, find, find_all, info_bar_text, screenshot, wait_for


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
    assert paced["estimated_seconds"] < first["estimated_seconds"], (paced["estimated_seconds"], first["estimated_seconds"])
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


if __name__ == "__main__":
    fsbtest.run_tests([test_refused_device_shows_reason,
                       test_hotplug_shows_the_users_loop_device,
                       test_without_udisks_the_window_says_what_to_do,
                       test_estimate_follows_an_earlier_run])
