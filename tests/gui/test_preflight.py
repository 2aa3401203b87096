"""Before and after a run: the window cleans what a killed run left (its
mount, loop device, disk image, state file and scratch folder) when it
starts, and says so; on SIGTERM (a logout) during a run it cancels the
run, lets it release its target, and exits within a bound, leaving
nothing behind."""
import os
import signal
import subprocess

import fsbtest
from fsbtest import App, Session, info_bar_text, mounted_devices, wait_for
from test_run import STANDARD, start_run

# The window waits at most 10 s for a cancelled run to let go of its
# target; what is over that is the time to exit.
EXIT_BOUND = 15


def dead_pid():
    """The pid of a process that has exited."""
    return int(subprocess.run(["sh", "-c", "echo $$"], capture_output=True, text=True, timeout=10).stdout)


def make_scratch(folder, megabytes):
    os.makedirs(os.path.join(folder, "tree"))
    with open(os.path.join(folder, "tree", "data"), "wb") as f:
        f.write(b"\0" * (megabytes << 20))


def test_sigterm_during_a_run_cleans_up_and_exits():
    session = Session()
    app = App(extra_env=session.env)
    seen = set()
    try:
        win = start_run(app, session, STANDARD)
        # Once the image is mounted: the worst moment to be told to go.
        wait_for(lambda: seen.update(session.loops()) or (seen & mounted_devices()), 180,
                 "the run's image mounted", fail=lambda: info_bar_text(win))
        app.proc.send_signal(signal.SIGTERM)
        code, took = app.wait_exit(EXIT_BOUND + 15)
        print(f"# exited {took:.1f} s after SIGTERM, with status {code}", flush=True)
        assert took <= EXIT_BOUND, f"fsbench took {took:.1f} s to exit after SIGTERM"
        assert code == 0, f"fsbench exited with {code} after SIGTERM"
        session.assert_nothing_left(seen)
    finally:
        app.quit()
        session.cleanup()


def test_start_after_a_crashed_run_cleans_up_and_says_so():
    session = Session()
    env = {**os.environ, **session.env, "LC_ALL": "C.UTF-8", "LANGUAGE": ""}
    hold = os.path.join(session.tmp, "hold.txt")
    # A run killed while its image is mounted: fsbench-cli check holds it.
    with open(hold, "w") as out:
        cli = subprocess.Popen([os.environ["FSBENCH_CLI"], "check", "--target", f"image@{session.images}",
                                "--fs", "ext4", "--hold", "60"], env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_for(lambda: "Mounted at" in open(hold).read(), 60, "fsbench-cli check's image mounted",
                 fail=lambda: cli.poll() is not None and f"fsbench-cli check exited: {open(hold).read()}")
    finally:
        cli.kill()
        cli.wait(10)
    loops = session.loops()
    assert loops and os.listdir(session.images) and session.state_files(), "the killed check left nothing"
    # and the scratch folder of a run whose process is gone (2 MiB), beside
    # one of a process that still runs and made it: that one stays
    dead = os.path.join(session.scratch, f"fsbench-scratch-{dead_pid()}-Xy12Z3")
    make_scratch(dead, 2)
    live_proc = subprocess.Popen(["sleep", "120"])
    live = os.path.join(session.scratch, f"fsbench-scratch-{live_proc.pid}-LiVe12")
    make_scratch(live, 1)

    app = App(extra_env=session.env)
    try:
        win = app.window()
        wait_for(lambda: "cleaned up" in info_bar_text(win), 60, "the window saying what it cleaned")
        text = info_bar_text(win).replace("\u00a0", " ")   # GLib puts a no-break space before units
        print(f"# the window says: {text}", flush=True)
        for words in ("Unmounted 1 filesystem", "Detached 1 loop device", "Deleted 1 disk image",
                      "Deleted 1 scratch folder of an earlier run, which held 2.1 MB"):
            assert words in text, f"“{words}” is not in the info bar: {text}"
        assert os.path.isdir(live), "the live run's scratch folder was deleted"
        live_proc.kill()
        live_proc.wait(10)
        fsbtest.shutil.rmtree(live)
        session.assert_nothing_left(loops)
    finally:
        if live_proc.poll() is None:
            live_proc.kill()
            live_proc.wait(10)
        app.quit()
        session.cleanup()


if __name__ == "__main__":
    fsbtest.run_tests([test_start_after_a_crashed_run_cleans_up_and_says_so,
                       test_sigterm_during_a_run_cleans_up_and_exits])
