"""The window opens with a header bar and a primary menu (Keyboard
Shortcuts, Help, About), and its menu is translated under Russian."""
import fsbtest
from fsbtest import App, find, screenshot, pressKey



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


if __name__ == "__main__":
    fsbtest.run_tests([test_primary_menu, test_shortcuts_window, test_russian_menu])
