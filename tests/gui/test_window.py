"""The window opens with a header bar and a primary menu (Keyboard
Shortcuts, Help, About), and its menu is translated under Russian; it fits
a 1366×768 laptop at first, and it remembers the size it was given."""
import subprocess

import fsbtest
from fsbtest import App, Session, find, keyCombo, screenshot, pressKey, wait_for

# A 1366×768 screen less a top bar and a dock or bottom panel.
LAPTOP_W, LAPTOP_H = 1366, 768 - 32 - 48


def test_primary_menu():
    app = App()
    try:
        win = app.window()
        assert win.name == "FS Bench", win.name
        find(win, "Main menu", "toggle button").click()
        for label in ("Keyboard Shortcuts", "Help", "About FS Bench"):
            find(app.node, label, "push button")
        screenshot("window-menu")
        find(app.node, "About FS Bench", "push button").click()
        about = find(app.node, "About FS Bench", "dialog")
        find(about, "0.1.0", None)
        screenshot("about")
        pressKey("Escape")
    finally:
        app.quit()


def test_shortcuts_window():
    app = App()
    try:
        find(app.window(), "Main menu", "toggle button").click()
        find(app.node, "Keyboard Shortcuts", "push button").click()
        find(app.node, "Show help", None)
        screenshot("shortcuts")
    finally:
        app.quit()


def test_russian_menu():
    app = App(locale="ru_RU.UTF-8")
    try:
        win = app.window()
        find(win, "Главное меню", "toggle button").click()
        find(app.node, "Комбинации клавиш", "push button")
        find(app.node, "Справка", "push button")
        screenshot("window-menu-ru")
    finally:
        app.quit()


def x_resize(title, width, height):
    """Resizes the window as a window manager would, through X (Xvfb has none)."""
    import gi
    gi.require_version("Gdk", "3.0")
    gi.require_version("GdkX11", "3.0")
    from gi.repository import Gdk, GdkX11
    # the biggest top-level window of that name (GTK also names a 10×10 leader window)
    out = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True, timeout=30).stdout
    best = None
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2 or f'"{title}":' not in line:
            continue
        geometry = [p for p in parts if "x" in p and "+" in p and p[0].isdigit()]
        if not geometry:
            continue
        w, h = (int(v) for v in geometry[0].split("+")[0].split("x"))
        if best is None or w * h > best[0]:
            best = (w * h, int(parts[0], 16))
    assert best is not None, f"no X window named {title}"
    xid = best[1]
    display = Gdk.Display.get_default()
    window = GdkX11.X11Window.foreign_new_for_display(display, xid)
    window.resize(width, height)
    display.flush()


def test_default_size_fits_a_laptop():
    session = Session()
    app = App(extra_env=session.env)
    try:
        win = app.window()
        find(win, "Start comparison", "push button")
        w, h = win.size
        assert w <= LAPTOP_W and h <= LAPTOP_H, f"the window opens at {w}×{h}, more than {LAPTOP_W}×{LAPTOP_H}"
        assert w >= 800 and h >= 550, f"the window opens at {w}×{h}: too small to read"
    finally:
        app.quit()
        session.cleanup()


def test_size_is_remembered():
    session = Session()
    app = App(extra_env=session.env)
    try:
        win = app.window()
        find(win, "Start comparison", "push button")
        x_resize("FS Bench", 1100, 640)
        wait_for(lambda: tuple(win.size) == (1100, 640), 10, "the window at 1100×640")
        keyCombo("<Control>q")
        app.proc.wait(30)
        width, height = session.setting("window-width"), session.setting("window-height")
        assert width is not None and height is not None, open(session.conf).read()
        assert session.setting("window-maximized") == "false", open(session.conf).read()
    finally:
        app.quit()
    # The next start opens at the same size.
    app = App(extra_env=session.env)
    try:
        win = app.window()
        find(win, "Start comparison", "push button")
        wait_for(lambda: tuple(win.size) == (1100, 640), 10, "the window at 1100×640 again")
    finally:
        app.quit()
        session.cleanup()


if __name__ == "__main__":
    fsbtest.run_tests([test_primary_menu, test_shortcuts_window, test_russian_menu,
                       test_default_size_fits_a_laptop, test_size_is_remembered])
