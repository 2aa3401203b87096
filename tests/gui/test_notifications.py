"""The end of a run announced in the background: a window that is not the
active one sends a notification when a notification server is on the
session bus, and nothing at all — no notification, no warning — when none
is. The app and the server share a private session bus (fsbtest), so the
desktop that runs the suite decides nothing. Each test depends on focus:
it moves the pointer off the window and waits until the window is
inactive, and waits on the bus and the app's log, never on time."""
import fsbtest
from fsbtest import App, Session, NotifyMonitor, find, private_bus, run_bound, wait_for, wait_for_results

FINISHED = "The comparison is finished"


def start_in_background(app, session):
    win = app.window()
    fs_list = find(win, "Filesystems", "list box")
    find(fs_list, "ext4", "check box")
    fsbtest.choose_combo(win, "Size", "Quick")
    find(win, "Start comparison", "push button").doActionNamed("click")
    find(win, "Progress", "progress bar", timeout=30)
    fsbtest.move_pointer_off(win)
    return win


def short_session():
    return Session(filesystems=("ext4",), extra_settings="repetitions=uint32 1\n")


def bound(session):
    return run_bound("--profile=quick", "--fs=ext4", "--repeat=1", session=session)


def test_focus_background_run_without_server_sends_nothing():
    bus = private_bus()
    assert not bus.has_owner(fsbtest.NOTIFICATIONS) and fsbtest.NOTIFICATIONS not in bus.activatable()
    session = short_session()
    monitor = NotifyMonitor(bus)
    app = App(extra_env={**session.env, "G_MESSAGES_DEBUG": "FsBench"})
    try:
        win = start_in_background(app, session)
        wait_for_results(app, win, bound(session))
        # The app came to the notification and chose not to send it.
        wait_for(lambda: "no notification server: “run-finished” not sent" in app.stderr_text(), 15,
                 "the app deciding there is no server")
        assert monitor.notifications() == [], monitor.notifications()
    finally:
        monitor.stop()
        app.quit()   # fails on any warning the app logged
        session.cleanup()


def test_focus_server_that_appears_gets_the_notification_and_one_that_goes_does_not():
    bus = private_bus()
    session = short_session()
    monitor = NotifyMonitor(bus)
    app = App(extra_env={**session.env, "G_MESSAGES_DEBUG": "FsBench"})
    try:
        # The server comes after the window: the app follows the name.
        bus.start_notification_server()
        wait_for(lambda: "a notification server appeared: org.freedesktop.Notifications" in app.stderr_text(), 15,
                 "the app seeing the server")
        win = start_in_background(app, session)
        wait_for_results(app, win, bound(session))
        wait_for(lambda: any(FINISHED in args for args in monitor.notifications()), 15,
                 "the notification on the session bus")
        sent = [args for args in monitor.notifications() if FINISHED in args]
        assert len(sent) == 1, sent
        # app name, icon, summary (the title), body (the window's headline)
        assert sent[0][0] == "FS Bench" and sent[0][2] == FINISHED and sent[0][3].strip(), sent[0]

        # The server goes: the next run's end sends nothing, and logs no warning.
        bus.stop_notification_server()
        wait_for(lambda: "no notification server owns org.freedesktop.Notifications" in app.stderr_text(), 15,
                 "the app seeing the server go")
        fsbtest.move_pointer_onto(win)
        find(win, "New run", None).doActionNamed("click")
        start_in_background(app, session)
        wait_for(lambda: "no notification server: “run-finished” not sent" in app.stderr_text(), bound(session),
                 "the second run's end, without a server", fail=lambda: fsbtest.info_bar_text(win))
        assert len(monitor.notifications()) == 1, monitor.notifications()
    finally:
        monitor.stop()
        app.quit()
        session.cleanup()


if __name__ == "__main__":
    fsbtest.run_tests([test_focus_background_run_without_server_sends_nothing,
                       test_focus_server_that_appears_gets_the_notification_and_one_that_goes_does_not],
                      starts_own_servers=True)
