"""Shared helpers for the GUI suite: start the real window in a private
home, find widgets through AT-SPI with dogtail, wait for states with a
bound and a reason, and keep what a failure leaves for the log.

Every wait here ends: at its timeout, as soon as the app exits, and (for a
run) as soon as the window shows an error. A failing test leaves, in
meson-logs/gui/TEST/, a screenshot, the app's stderr, `losetup -a` and the
mount table at the moment of the failure."""
import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("GTK_MODULES", "gail:atk-bridge")
os.environ.pop("NO_AT_BRIDGE", None)

from dogtail import config  # noqa: E402

config.config.searchShowingOnly = True
config.config.defaultDelay = 0.3
config.config.searchBackoffDuration = 0.3
config.config.searchCutoffCount = 30
config.config.logDebugToFile = False
config.config.logDebugToStdOut = False

from dogtail import tree  # noqa: E402
from dogtail import rawinput  # noqa: E402
from dogtail.rawinput import pressKey, keyCombo, holdKey, releaseKey, typeText  # noqa: E402,F401

BUILDDIR = os.environ.get("FSBENCH_BUILDDIR", ".")
SRCDIR = os.environ.get("FSBENCH_SRCDIR", ".")
SHOTS = os.path.join(BUILDDIR, "screenshots")
LOGS = os.path.join(BUILDDIR, "meson-logs", "gui")

# How long a run may take, as a multiple of the engine's estimate, plus a
# fixed part for the set-up no estimate counts (the first mkfs, udev).
RUN_MARGIN = float(os.environ.get("FSBENCH_TEST_RUN_MARGIN", "4"))
RUN_SLACK = 60.0

# GTK warnings that other processes on the machine cause, not the app: an
# open file chooser's places sidebar measures every mount, and another
# test's mount may be gone before it does (criticals are never tolerated).
TOLERATED_WARNINGS = [r"Gtk-WARNING \*\*: .*Failed to measure available space: .* No such file or directory"]

_current_test = "outside-a-test"
_live_apps = []


def test_dir():
    path = os.path.join(LOGS, _current_test)
    os.makedirs(path, exist_ok=True)
    return path


class AppDied(AssertionError):
    pass


class App:
    """The real fsbench, its stderr in the test's log folder."""

    def __init__(self, locale="C.UTF-8", extra_env=None, args=()):
        env = dict(os.environ)
        env["LC_ALL"] = locale
        env["LANGUAGE"] = ""
        env.setdefault("G_DEBUG", "fatal-criticals")
        # its own debug messages (a mount udisksd refused, and for how
        # long), kept in the stderr file for a failure to be read from
        env.setdefault("G_MESSAGES_DEBUG", "FsBench")
        env.update(extra_env or {})
        n = len([f for f in os.listdir(test_dir()) if f.startswith("app-")])
        self.stderr_path = os.path.join(test_dir(), f"app-{n + 1}.stderr")
        self._stderr = open(self.stderr_path, "w")
        env.update(private_bus().env())
        # (its debug messages, when asked for, go to stdout: kept there too)
        self.proc = subprocess.Popen([os.environ["FSBENCH_GUI"], *args], env=env, stdout=self._stderr,
                                     stderr=self._stderr)
        self.node = None
        _live_apps.append(self)
        end = time.time() + 30
        while time.time() < end:
            self.check_alive()
            try:
                node = tree.root.application("fsbench")
                if node.children:
                    self.node = node
                    break
            except Exception:
                pass
            time.sleep(0.2)
        if self.node is None:
            self.fail_artifacts("not-on-the-bus")
            raise AssertionError("fsbench did not appear on the accessibility bus within 30 s")

    def stderr_text(self):
        if not self._stderr.closed:
            self._stderr.flush()
        with open(self.stderr_path, errors="replace") as f:
            return f.read()

    def wait_exit(self, timeout):
        """Waits, at most timeout seconds, for the app to exit by itself;
        returns its exit status and the seconds it took."""
        start = time.time()
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.fail_artifacts("still-running")
            raise AssertionError(f"fsbench did not exit within {timeout:.0f} s") from None
        if self in _live_apps:
            _live_apps.remove(self)
        return code, time.time() - start

    def check_alive(self):
        code = self.proc.poll()
        if code is not None and self in _live_apps:
            _live_apps.remove(self)
            tail = "\n".join(self.stderr_text().splitlines()[-15:])
            raise AppDied(f"fsbench exited with {code} (a negative number is a signal); its stderr ends:\n{tail}")

    def window(self):
        for child in self.node.children:
            if child.roleName == "frame":
                return child
        raise AssertionError("no top-level window")

    def fail_artifacts(self, reason):
        save_artifacts(reason, self)

    def quit(self):
        """Closes the app. Called from the tests' finally blocks: during a
        failure it first keeps the screen and the system's state; else it
        fails the test if the app logged a critical or a warning."""
        failing = sys.exc_info()[0] is not None
        if failing:
            self.fail_artifacts("failure")
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self in _live_apps:
            _live_apps.remove(self)
        self._stderr.close()
        text = self.stderr_text()
        if text.strip():
            sys.stderr.write(text)
        bad = [line for line in text.splitlines() if re.search(r"-(CRITICAL|WARNING) \*\*", line)
               and not any(re.search(p, line) for p in TOLERATED_WARNINGS)]
        if bad and not failing:
            # the first line names the first warning: a summary keeps only that line
            raise AssertionError(f"the app logged {len(bad)} warning(s): " + "\n".join(bad))


def _bus_call(address, method, *args, dest="org.freedesktop.DBus", path="/org/freedesktop/DBus",
              interface="org.freedesktop.DBus"):
    out = subprocess.run(["dbus-send", f"--bus={address}", "--print-reply", f"--dest={dest}", path,
                          f"{interface}.{method}", *args], capture_output=True, text=True, timeout=10)
    assert out.returncode == 0, f"{method} on {address} failed: {out.stderr}"
    return out.stdout


class PrivateBus:
    """A session bus of the suite's own, which can start no service: whether
    a notification server is there is the test's choice (none, or
    notification-daemon), whatever the desktop that runs the suite has.
    The app's accessibility stays on the desktop's AT-SPI bus, where
    dogtail looks for it."""

    CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""

    def __init__(self):
        reply = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                                "org.a11y.Bus.GetAddress"], capture_output=True, text=True, timeout=10)
        assert reply.returncode == 0, f"no AT-SPI bus on the session bus: {reply.stderr}"
        self.a11y = re.search(r'string "([^"]+)"', reply.stdout).group(1)
        self.folder = tempfile.mkdtemp(prefix="fsbench-gui-bus-")
        config = os.path.join(self.folder, "session.conf")
        with open(config, "w") as f:
            f.write(self.CONFIG)
        # (its complaints, such as the fd limit it may not raise, in its own log)
        self._log = open(os.path.join(self.folder, "dbus-daemon.log"), "w")
        self.proc = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--print-address=1"],
                                     stdout=subprocess.PIPE, stderr=self._log, text=True)
        self.address = self.proc.stdout.readline().strip()
        assert self.address, "the private session bus did not say its address"
        self.server = None

    def env(self):
        return {"DBUS_SESSION_BUS_ADDRESS": self.address, "AT_SPI_BUS_ADDRESS": self.a11y}

    def has_owner(self, name):
        return "boolean true" in _bus_call(self.address, "NameHasOwner", f"string:{name}")

    def activatable(self):
        return re.findall(r'string "([^"]+)"', _bus_call(self.address, "ListActivatableNames"))

    def start_notification_server(self):
        """notification-daemon (a real server, GNOME's fallback one) on this bus."""
        assert not self.has_owner(NOTIFICATIONS), "a notification server is already on the private bus"
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.address)
        log = open(os.path.join(test_dir(), "notification-daemon.log"), "w")
        self.server = subprocess.Popen([NOTIFICATION_DAEMON, "--replace"], env=env, stdout=log, stderr=log)
        log.close()
        wait_for(lambda: self.server.poll() is None and self.has_owner(NOTIFICATIONS), 20,
                 "notification-daemon on the private session bus",
                 fail=lambda: self.server.poll() is not None and f"it exited with {self.server.returncode}")

    def stop_notification_server(self):
        if self.server is None:
            return
        self.server.terminate()
        try:
            self.server.wait(10)
        except subprocess.TimeoutExpired:
            self.server.kill()
            self.server.wait()
        self.server = None
        wait_for(lambda: not self.has_owner(NOTIFICATIONS), 10, "the notification server gone from the bus")

    def stop(self):
        self.stop_notification_server()
        self.proc.terminate()
        self.proc.wait(10)
        self._log.close()
        shutil.rmtree(self.folder, ignore_errors=True)


NOTIFICATIONS = "org.freedesktop.Notifications"
NOTIFICATION_DAEMON = "/usr/lib/notification-daemon/notification-daemon"
_private_bus = None


def private_bus():
    global _private_bus
    if _private_bus is None:
        _private_bus = PrivateBus()
        atexit.register(_private_bus.stop)   # however the script ends
    return _private_bus


class NotifyMonitor:
    """dbus-monitor on the private bus, for the notifications sent: each a
    list of its string arguments (app name, icon, summary, body)."""

    def __init__(self, bus):
        self.path = os.path.join(test_dir(), "notify-monitor.txt")
        self._out = open(self.path, "w")
        self.proc = subprocess.Popen(["dbus-monitor", "--address", bus.address, "--monitor",
                                      f"type='method_call',interface='{NOTIFICATIONS}',member='Notify'"],
                                     stdout=self._out, stderr=subprocess.STDOUT)
        # it says NameAcquired once it watches
        wait_for(lambda: "NameAcquired" in self.text(), 10, "dbus-monitor watching the bus")

    def text(self):
        self._out.flush()
        with open(self.path, errors="replace") as f:
            return f.read()

    def notifications(self):
        calls = self.text().split("method call")[1:]
        return [re.findall(r'^\s*string "(.*)"$', c, re.M) for c in calls if "member=Notify" in c]

    def stop(self):
        self.proc.terminate()
        self.proc.wait(10)
        self._out.close()


def move_pointer_off(win):
    """Without a window manager the keyboard focus follows the pointer: with
    it off the window, the window is no longer the active one. Waits on
    that state, not on time."""
    import pyatspi
    (x, y), (w, h) = win.position, win.size
    rawinput.absoluteMotion(min(x + w + 8, 1279), min(y + h + 8, 899))
    wait_for(lambda: not win.getState().contains(pyatspi.STATE_ACTIVE), 10, "the window inactive")


def move_pointer_onto(win):
    import pyatspi
    (x, y), (w, h) = win.position, win.size
    rawinput.absoluteMotion(x + w // 2, y + 30)  # the title, in the header bar
    wait_for(lambda: win.getState().contains(pyatspi.STATE_ACTIVE), 10, "the window active")


def save_artifacts(reason, app=None):
    """A screenshot, losetup -a and the mount table, beside the app's stderr."""
    folder = test_dir()
    stamp = time.strftime("%H%M%S")
    screenshot_to(os.path.join(folder, f"{reason}-{stamp}.png"))
    with open(os.path.join(folder, f"{reason}-{stamp}-losetup.txt"), "w") as f:
        f.write(subprocess.run(["losetup", "-a"], capture_output=True, text=True).stdout)
    shutil.copy("/proc/self/mountinfo", os.path.join(folder, f"{reason}-{stamp}-mountinfo.txt"))
    if app is not None and app.proc.poll() is None:
        with open(os.path.join(folder, f"{reason}-{stamp}-tree.txt"), "w") as f:
            try:
                dump_tree(app.node, f)
            except Exception as e:   # the app may no longer answer
                f.write(f"(the accessibility tree could not be read: {e!r})\n")
    return folder


def dump_tree(node, out, depth=0, budget=None):
    """Role, name, showing and text of each node, indented; at most 4000."""
    budget = budget if budget is not None else [4000]
    if budget[0] <= 0:
        return
    budget[0] -= 1
    text = ""
    try:
        text = node.text if node.roleName in ("label", "text") else ""
    except Exception:
        pass
    out.write(f"{'  ' * depth}{node.roleName} “{node.name}”{' showing' if node.showing else ''}"
              f"{(' = ' + repr(text[:120])) if text else ''}\n")
    for child in node.children:
        dump_tree(child, out, depth + 1, budget)


def screenshot_to(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    subprocess.run(["import", "-window", "root", path], check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
    return path


def screenshot(name):
    return screenshot_to(os.path.join(SHOTS, name + ".png"))


def chart_has_drawing(node, name):
    """The chart's part of the screen has more than a handful of colours."""
    x, y = node.position
    w, h = node.size
    path = screenshot(name)
    out = subprocess.run(["convert", path, "-crop", f"{w}x{h}+{x}+{y}", "-format", "%k", "info:"],
                         capture_output=True, text=True).stdout.strip()
    return int(out or 0) > 8


def wait_for(predicate, timeout=30.0, what="condition", fail=None):
    """Waits until predicate() is true. Ends early when an app exits, or
    when fail() returns a reason (a string): then it fails with it."""
    end = time.time() + timeout
    last_error = None
    while True:
        for app in list(_live_apps):
            app.check_alive()
        if fail is not None:
            reason = fail()
            if reason:
                raise AssertionError(f"while waiting for {what}: {reason}")
        try:
            if predicate():
                return
        except AppDied:
            raise
        except Exception as e:   # a node that went away while we looked
            last_error = e
        if time.time() >= end:
            break
        time.sleep(0.2)
    detail = f" (last error: {last_error!r})" if last_error is not None else ""
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}{detail}")


def _search(node, pred, showing_only=True):
    config.config.searchShowingOnly = showing_only
    try:
        return node.findChildren(pred)
    finally:
        config.config.searchShowingOnly = True


def describe_near(node, name, role):
    """What there is instead, for a failure message."""
    try:
        same = _search(node, lambda n: (name is None or n.name == name) and (role is None or n.roleName == role),
                       showing_only=False)
    except Exception:
        return ""
    if same:
        return "; found but not showing: " + ", ".join(f"{n.roleName} “{n.name}”" for n in same[:5])
    return ""


def find(node, name=None, role=None, timeout=10.0):
    """The first showing descendant with this accessible name and role."""
    found = []

    def ok():
        res = node.findChild(lambda n: (name is None or n.name == name) and
                             (role is None or n.roleName == role),
                             retry=False, requireResult=False)
        if res is not None:
            found.append(res)
            return True
        return False

    try:
        wait_for(ok, timeout, f"{role or 'widget'} “{name}”")
    except AppDied:
        raise
    except AssertionError as e:
        raise AssertionError(str(e) + describe_near(node, name, role)) from None
    return found[0]


def find_all(node, pred, showing_only=True):
    return _search(node, pred, showing_only)


def info_bar_text(win, name=None):
    """The text of the info bars while they are revealed, else "". GTK
    names a bar after its message type ("Error", "Information"), so any
    bar counts unless a name is given."""
    bars = _search(win, lambda n: n.roleName == "info bar" and (name is None or n.name == name))
    labels = [n.text for bar in bars for n in bar.findChildren(lambda n: n.roleName == "label") if n.showing]
    return " — ".join(t for t in labels if t.strip())


def combo_choice(combo):
    sel = combo.querySelection()
    return sel.getSelectedChild(0).name if sel.nSelectedChildren else None


PAGES = ("Set up", "Run", "Results", "History")


def current_page(win, _=lambda s: s):
    """The window's page in front (each has an accessible name)."""
    pages = _search(win, lambda n: n.name in [_(p) for p in PAGES] and n.roleName in ("filler", "panel"))
    assert pages, "no page of the window is showing"
    return pages[0]


def find_on_page(win, name, role, timeout=10.0):
    """A control of the page in front, on screen or scrolled out of it."""
    found = []

    def ok():
        page = current_page(win)
        res = _search(page, lambda n: n.name == name and n.roleName == role, showing_only=False)
        found.extend(res[:1])
        return bool(res)
    wait_for(ok, timeout, f"{role} “{name}” on the page in front")
    return found[0]


def choose_combo(win, combo_name, item_name):
    """Picks an item of a combo box through the combo's own selection
    interface, as a screen reader does: its popup menu is never realized
    under Xvfb, and acting on the items of an unrealized menu makes GTK
    grab a widget that has no window. The combo may be scrolled away."""
    combo = find_on_page(win, combo_name, "combo box")
    items = _search(combo, lambda n: n.roleName == "menu item", showing_only=False)
    names = [i.name for i in items]
    assert item_name in names, f"“{item_name}” is not in {combo_name}: {names}"
    combo.querySelection().selectChild(names.index(item_name))
    wait_for(lambda: combo_choice(combo) == item_name, 5, f"“{item_name}” in {combo_name}")


def set_spin(win, name, value):
    spin = find(win, name, "spin button")
    spin.value = value
    wait_for(lambda: spin.value == value, 5, f"{name} = {value}")


def open_first_saved_run(win):
    """Opens the first run of the History page, as a user does: History,
    then its Open button."""
    find(win, "History", "push button").click()
    find(win, "Earlier comparisons", "list box")
    wait_for(lambda: find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Open ")), 15,
             "the run in the history")
    find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Open "))[0].click()


def select_tab(win, name, timeout=10.0):
    """Shows a notebook page by its tab, even one scrolled out of the tab
    strip, through the notebook's selection interface."""
    tabs = []
    wait_for(lambda: tabs.extend(_search(win, lambda n: n.roleName == "page tab" and n.name == name,
                                         showing_only=False)) or tabs, timeout, f"the page tab “{name}”")
    tab = tabs[0]
    tab.parent.querySelection().selectChild(tab.indexInParent)
    wait_for(lambda: tab.selected, 5, f"the page “{name}” in front")
    return tab


def open_location(dialog):
    """Ctrl+L in a file chooser, with the keys held until the location entry
    has the focus: a release that comes before GTK has realized the new
    entry goes to an unrealized widget (a GTK critical)."""
    holdKey("Control_L")
    holdKey("l")
    try:
        wait_for(lambda: focused_entry(dialog) is not None, 10, "the file chooser's location entry")
    finally:
        releaseKey("l")
        releaseKey("Control_L")


def focused_entry(dialog):
    found = [n for n in dialog.findChildren(lambda n: n.roleName == "text") if n.showing and n.focused]
    return found[0] if found else None


def type_path(dialog, path):
    """Enters a path in a file chooser's focused entry: the folder set
    through AT-SPI (typed keys race the entry's completion), the name typed,
    then Return once the completion has settled."""
    wait_for(lambda: focused_entry(dialog) is not None, 10, "the file chooser's entry")
    e = focused_entry(dialog)
    e.text = os.path.dirname(path) + "/"
    pressKey("End")
    typeText(os.path.basename(path))
    wait_for(lambda: e.text == path, 10, "the path in the entry")
    time.sleep(1)   # the completion popup would take a quick Return
    pressKey("Return")


def mounted_devices():
    with open("/proc/self/mounts") as f:
        return {line.split()[0] for line in f}


class Session:
    """A private home: the keyfile settings backend, data and cache folders
    in a temporary folder, and the disk image folder chosen there (the
    setting a user's earlier choice leaves)."""

    def __init__(self, filesystems=("ext4", "xfs"), extra_settings=""):
        self.tmp = tempfile.mkdtemp(prefix="fsbench-gui-test-")
        self.images = os.path.join(self.tmp, "images")
        os.makedirs(self.images)
        # the runs' scratch folders here, not in the /dev/shm everyone shares
        self.scratch = os.path.join(self.tmp, "scratch")
        os.makedirs(self.scratch)
        self.conf = os.path.join(self.tmp, "config", "glib-2.0", "settings", "keyfile")
        os.makedirs(os.path.dirname(self.conf))
        fs_list = ", ".join(f"'{f}'" for f in filesystems)
        with open(self.conf, "w") as f:
            f.write("[io/github/fsbench/FsBench]\n"
                    f"image-folder='{self.images}'\n"
                    f"filesystems=[{fs_list}]\n" + extra_settings)
        self.env = {
            "GSETTINGS_BACKEND": "keyfile",
            "XDG_CONFIG_HOME": os.path.join(self.tmp, "config"),
            "XDG_DATA_HOME": os.path.join(self.tmp, "data"),
            "XDG_CACHE_HOME": os.path.join(self.tmp, "cache"),
            "XDG_STATE_HOME": os.path.join(self.tmp, "state"),
            "FSBENCH_SCRATCH_DIR": self.scratch,
        }

    def history_dir(self):
        return os.path.join(self.tmp, "data", "fsbench", "history")

    def saved_runs(self):
        d = self.history_dir()
        return sorted(f for f in os.listdir(d) if f.endswith(".json")) if os.path.isdir(d) else []

    def load_run(self, name):
        with open(os.path.join(self.history_dir(), name)) as f:
            return json.load(f)

    def loops(self):
        """Loop devices backed by a file in our session."""
        out = subprocess.run(["losetup", "-a"], capture_output=True, text=True).stdout
        return [line.split(":", 1)[0] for line in out.splitlines() if self.tmp in line]

    def setting(self, key):
        with open(self.conf) as f:
            for line in f:
                if line.startswith(key + "="):
                    return line.split("=", 1)[1].strip()
        return None

    def state_files(self):
        d = os.path.join(self.tmp, "state", "fsbench", "targets")
        return os.listdir(d) if os.path.isdir(d) else []

    def assert_nothing_left(self, seen_loops=()):
        """No loop device on our images, no mount of one, no image file,
        no scratch folder, no record of a target."""
        left = self.loops()
        assert not left, f"loop devices left: {left}"
        mounted = set(seen_loops) & mounted_devices()
        assert not mounted, f"still mounted: {mounted}"
        images = os.listdir(self.images) if os.path.isdir(self.images) else []
        assert not images, f"images left: {images}"
        scratch = os.listdir(self.scratch) if os.path.isdir(self.scratch) else []
        assert not scratch, f"scratch folders left: {scratch}"
        assert not self.state_files(), f"target state files left: {self.state_files()}"

    def assert_run_measured(self, tasks=("big-copy-in", "big-recopy", "big-delete")):
        """The state the results page's sections come from: the run saved in
        the history, with no filesystem stopped by an error and samples for
        tasks on each. A section's tab exists only when its tasks have rows."""
        wait_for(lambda: self.saved_runs(), 15, "the run saved in the history (in a thread)")
        result = self.load_run(self.saved_runs()[-1])
        for fs in result["filesystems"]:
            assert not fs.get("error"), f"the run stopped on {fs['name']}: {fs['error']}"
            # a task under conditions (schema 2: {"id", "conditions"}) is
            # named as the engine keys it, "big-copy-in@aged"
            have = {t["id"] + "".join("@" + (k if v is True else f"{k}={v}")
                                      for k, v in t.get("conditions", {}).items()): t
                    for t in fs["tasks"]}
            for task in tasks:
                samples = [x for x in have.get(task, {}).get("samples", []) if not x.get("error")]
                assert samples, f"{fs['name']} has no sample of {task}: {sorted(have)}"
        return result

    def keep_history(self):
        """The saved runs, into the test's log folder."""
        if os.path.isdir(self.history_dir()):
            shutil.copytree(self.history_dir(), os.path.join(test_dir(), "history"), dirs_exist_ok=True)

    def cleanup(self):
        if sys.exc_info()[0] is not None:
            self.keep_history()
        shutil.rmtree(self.tmp, ignore_errors=True)


def run_bound(*plan_args, session=None):
    """How long a run may take: the engine's own estimate for the same plan
    (`fsbench-cli plan --json`, estimated_seconds) times RUN_MARGIN, plus
    RUN_SLACK. plan_args are the CLI's run options ("--profile=quick")."""
    env = dict(os.environ)
    if session is not None:
        env.update(session.env)   # its data cache decides whether the data is made
    with tempfile.TemporaryDirectory(prefix="fsbench-bound-") as no_history:
        # The first guesses, not the pace of an earlier run in the session's
        # history: a bound that a fast first run cannot make tight.
        env["XDG_DATA_HOME"] = no_history
        out = subprocess.run([os.environ["FSBENCH_CLI"], "plan", "--json", *plan_args], env=env,
                             capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, f"fsbench-cli plan {' '.join(plan_args)} failed: {out.stderr}"
    return json.loads(out.stdout)["estimated_seconds"] * RUN_MARGIN + RUN_SLACK


def wait_for_results(app, win, bound, _=lambda s: s):
    """Waits for a run's end: the results page's recommendation. Fails at
    once, with the window's own words, when it shows an error instead.
    _ translates the accessible names for a window in another language."""
    def done():
        found = win.findChild(lambda n: n.roleName == "label" and n.name == _("Recommendation"),
                              retry=False, requireResult=False)
        return found is not None and found.text.strip() != ""

    def failed():
        text = info_bar_text(win)
        return f"the window says: {text}" if text else None

    wait_for(done, bound, "the end of the run (the recommendation)", fail=failed)
    return find(win, _("Recommendation"), "label")


def run_tests(tests, starts_own_servers=False):
    """Runs each test, reporting TAP. With FSBENCH_TEST_NOTIFICATION_SERVER
    set, a notification server is on the app's session bus throughout,
    unless the tests start and stop their own (starts_own_servers)."""
    global _current_test
    failed = 0
    if os.environ.get("FSBENCH_TEST_NOTIFICATION_SERVER") and not starts_own_servers:
        private_bus().start_notification_server()
    for i, t in enumerate(tests, 1):
        _current_test = t.__name__
        shutil.rmtree(os.path.join(LOGS, _current_test), ignore_errors=True)
        start = time.time()
        try:
            t()
            print(f"ok {i} - {t.__name__} ({time.time() - start:.0f} s)", flush=True)
        except Exception as e:  # report and go on with the next test
            failed += 1
            folder = os.path.join(LOGS, _current_test)
            print(f"not ok {i} - {t.__name__} ({time.time() - start:.0f} s): {e}", flush=True)
            print(f"# what it left: {folder}", flush=True)
        finally:
            for app in list(_live_apps):   # a test that forgot its app
                try:
                    app.quit()
                except Exception:
                    pass
    print(f"1..{len(tests)}")
    sys.exit(1 if failed else 0)
