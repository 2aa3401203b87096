"""Shared helpers for the GUI suite: start the real window, find widgets
through AT-SPI with dogtail, take screenshots."""
import os
import subprocess
import sys
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
from dogtail.rawinput import pressKey, keyCombo  # noqa: E402,F401

BUILDDIR = os.environ.get("FSBENCH_BUILDDIR", ".")
SHOTS = os.path.join(BUILDDIR, "screenshots")


class App:
    def __init__(self, locale="C.UTF-8", extra_env=None, args=()):
        env = dict(os.environ)
        env["LC_ALL"] = locale
        env["LANGUAGE"] = ""
        env.update(extra_env or {})
        self.proc = subprocess.Popen([os.environ["FSBENCH_GUI"], *args], env=env)
        self.node = None
        for _ in range(100):
            if self.proc.poll() is not None:
                raise RuntimeError(f"fsbench exited with {self.proc.returncode}")
            try:
                self.node = tree.root.application("fsbench")
                if self.node.children:
                    break
            except Exception:
                pass
            time.sleep(0.2)
        if self.node is None:
            raise RuntimeError("fsbench did not appear on the accessibility bus")

    def window(self):
        for child in self.node.children:
            if child.roleName == "frame":
                return child
        raise AssertionError("no top-level window")

    def quit(self):
        # Called from the tests' finally blocks: keep the screen of a failure.
        if sys.exc_info()[0] is not None:
            screenshot("failed-at-quit")
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def screenshot(name):
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, name + ".png")
    subprocess.run(["import", "-window", "root", path], check=False)
    return path


def wait_for(predicate, timeout=30.0, what="condition"):
    end = time.time() + timeout
    while time.time() < end:
        try:
            if predicate():
                return
        except Exception:
            pass
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def find(node, name=None, role=None, timeout=10.0):
    """The first descendant with this accessible name and role."""
    found = []

    def ok():
        res = node.findChild(lambda n: (name is None or n.name == name) and
                             (role is None or n.roleName == role),
                             retry=False, requireResult=False)
        if res is not None:
            found.append(res)
            return True
        return False

    wait_for(ok, timeout, f"{role or 'widget'} “{name}”")
    return found[0]


def run_tests(tests):
    failed = 0
    for i, t in enumerate(tests, 1):
        try:
            t()
            print(f"ok {i} - {t.__name__}")
        except Exception as e:  # report and go on with the next test
            screenshot("failed-" + t.__name__)
            failed += 1
            print(f"not ok {i} - {t.__name__}: {e!r}")
    print(f"1..{len(tests)}")
    sys.exit(1 if failed else 0)
