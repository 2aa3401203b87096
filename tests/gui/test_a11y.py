"""Every control of every page has an accessible name: the setup page, the
run page, the results of a run and of a comparison, the history with its
undo bar, the info bar, and the two questions. A screen reader user meets
no unnamed button."""
import os
import shutil

import fsbtest
from fsbtest import (App, SRCDIR, Session, choose_combo, find, find_all, find_on_page, info_bar_text, screenshot,
                     wait_for)

# The roles a user acts on.
CONTROLS = {"push button", "toggle button", "check box", "radio button", "combo box", "text",
            "spin button", "page tab", "menu item", "check menu item", "radio menu item",
            "slider", "password text", "link", "toggle"}


def where(node):
    """Its ancestors, for the failure message."""
    parts = []
    n = node
    for _ in range(8):
        try:
            n = n.parent
        except Exception:
            break
        if n is None or n.roleName in ("application",):
            break
        parts.append(f"{n.roleName} “{n.name}”" if n.name else n.roleName)
    return " in ".join(parts)


def controls(root):
    """Every control under root, on screen or scrolled away, on the page in
    front or on the others."""
    return find_all(root, lambda n: n.roleName in CONTROLS, showing_only=False)


def unnamed_controls(root):
    return [f"{n.roleName} {where(n)}" for n in controls(root) if not (n.name or "").strip()]


def assert_all_named(root, what):
    bad = unnamed_controls(root)
    checked = len(controls(root))
    assert checked > 0, f"{what}: no control found at all"
    assert not bad, f"{what}: {len(bad)} of {checked} controls have no name:\n  " + "\n  ".join(bad)
    print(f"# {what}: {checked} controls, all named", flush=True)


def dialog(app, title_text):
    find(app.node, title_text, None, timeout=15)
    for child in app.node.children:
        if child.roleName in ("dialog", "alert") and child.showing:
            return child
    raise AssertionError(f"no dialog for “{title_text}”")


def test_every_control_is_named():
    session = Session()
    os.makedirs(session.history_dir())
    data = os.path.join(SRCDIR, "tests", "data")
    shutil.copy(os.path.join(data, "study.json"), os.path.join(session.history_dir(), "a.json"))
    shutil.copy(os.path.join(data, "study-after.json"), os.path.join(session.history_dir(), "b.json"))
    app = App(extra_env=session.env)
    try:
        win = app.window()
        fs_list = find(win, "Filesystems", "list box")
        wait_for(lambda: find_all(fs_list, lambda n: n.roleName == "check box"), 60, "the filesystems")
        # Every row of the setup page shown: custom sizes, a command, a folder to copy.
        choose_combo(win, "Size", "Custom sizes")
        choose_combo(win, "Data to copy", "A folder of mine")
        find_on_page(win, "Add a command", "push button").doActionNamed("click")
        find_on_page(win, "Command name", "text").text = "x"
        assert_all_named(win, "the setup page")

        # The info bar, with its close button.
        find(win, "Start comparison", "push button").doActionNamed("click")
        wait_for(lambda: info_bar_text(win), 30, "the info bar")
        assert_all_named(win, "the setup page with its info bar")
        find(win, "Close the message", "push button").doActionNamed("click")
        find(win, "Remove the command", "push button").doActionNamed("click")
        choose_combo(win, "Data to copy", "Generated files")
        choose_combo(win, "Size", "Quick")

        # The history, then its undo bar.
        find(win, "History", "push button").doActionNamed("click")
        wait_for(lambda: len(find_all(win, lambda n: n.roleName == "check box" and "XFS" in n.name)) == 2,
                 15, "two runs in the history")
        assert_all_named(win, "the history page")
        deletes = find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Delete "))
        deletes[0].doActionNamed("click")
        find(win, "Undo", "push button")
        assert_all_named(win, "the history page with its undo bar")
        find(win, "Undo", "push button").doActionNamed("click")

        # One run's results, then two side by side.
        wait_for(lambda: len(find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Open "))) == 2,
                 10, "the runs back")
        find_all(win, lambda n: n.roleName == "push button" and n.name.startswith("Open "))[0].doActionNamed("click")
        find(win, "Recommendation", "label", timeout=15)
        assert_all_named(win, "the results page")
        find(win, "History", "push button").doActionNamed("click")
        for check in find_all(win, lambda n: n.roleName == "check box" and "XFS" in n.name):
            check.doActionNamed("click")
        compare = find(win, "Compare", "push button")
        wait_for(lambda: compare.sensitive, 10, "Compare available")
        compare.doActionNamed("click")
        find(win, "Comparing 2 runs side by side", "label", timeout=15)
        assert_all_named(win, "a comparison")
        find(win, "New run", "push button").doActionNamed("click")

        # The question before one's own commands run.
        find_on_page(win, "Add a command", "push button").doActionNamed("click")
        find_on_page(win, "Command name", "text").text = "hello"
        find_on_page(win, "Command", "text").text = "true"
        find(win, "Start comparison", "push button").doActionNamed("click")
        question = dialog(app, "Run these commands?")
        assert_all_named(question, "the commands dialog")
        find(question, "Cancel", "push button").doActionNamed("click")
        find(win, "Remove the command", "push button").doActionNamed("click")

        # The run page, and the question before a run is stopped.
        choose_combo(win, "Size", "Standard")
        find(win, "Start comparison", "push button").doActionNamed("click")
        find(win, "Progress", "progress bar", timeout=30)
        assert_all_named(win, "the run page")
        find(win, "Cancel", "push button").doActionNamed("click")
        stop = dialog(app, "Stop the comparison?")
        assert_all_named(stop, "the stop dialog")
        find(stop, "Stop", "push button").doActionNamed("click")
        wait_for(lambda: "cancelled" in info_bar_text(win), 120, "the cancelled message")
        screenshot("a11y-done")
        session.assert_nothing_left()
    finally:
        app.quit()
        session.cleanup()


if __name__ == "__main__":
    fsbtest.run_tests([test_every_control_is_named])
