"""The setup page: devices the engine refuses show why; a loop device the
user attaches appears live, one of FS Bench's own does not."""
import json
import os
import subprocess

import fsbtest
from fsbtest import App, Session, find, find_all, screenshot, wait_for


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


if __name__ == "__main__":
    fsbtest.run_tests([test_refused_device_shows_reason,
                       test_hotplug_shows_the_users_loop_device])
