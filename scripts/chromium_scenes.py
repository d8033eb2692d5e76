#!/usr/bin/env python3
"""Chromium's side of `make bench`: Segue's transitions as CSS 3D transforms in headless Chromium.

    python3 scripts/chromium_scenes.py [--scene flip|pageturn|both] [--seconds 4] [--json OUT] [--quiet]

The scenes are scripts/chromium-scenes/scene.html at 1280x800: two full-size textured views, the
front one swung by requestAnimationFrame, 0° → 80° → 0° every 2 s:
  flip      rotateX about its centre, perspective 800px, the other view behind it;
  pageturn  rotateY about its left edge, perspective 500px, under a full-size translucent gradient.

Chromium (Debian's `chromium`), driven over the DevTools protocol on a pipe, runs headless with
software compositing and no frame pacing (no vsync, no frame-rate limit): it draws as fast as it can.
After a warm-up, over the measured window:
  frames            frames the display compositor drew and swapped: the trace events
                    Display::DrawAndSwap (category viz) stamped inside the window;
  ms_median, ms_p95 the median and 95th percentile of the intervals between those draws;
  ms_mean           the window divided by the frames;
  cpu_ms_per_frame  CPU time (utime + stime from /proc) of every Chromium process, over the window,
                    divided by the frames.
--json writes a list, one object per scene with those keys and scene, seconds, fps, cpu_cores, chromium."""
import argparse
import ctypes
import fcntl
import json
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "chromium-scenes", "scene.html")
WIDTH, HEIGHT = 1280, 800
TICKS = os.sysconf("SC_CLK_TCK")
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-gpu-vsync", "--disable-frame-rate-limit",
         f"--window-size={WIDTH},{HEIGHT}", "--force-device-scale-factor=1", "--hide-scrollbars",
         "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
         "--disable-background-networking", "--disable-component-update", "--mute-audio",
         "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
         "--disable-backgrounding-occluded-windows", "--remote-debugging-pipe"]


def chromium_binary():
    # Debian's /usr/bin/chromium is a shell wrapper; run the browser itself when it is there.
    for path in ("/usr/lib/chromium/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if path and os.access(path, os.X_OK):
            return path
    return None


class DevTools:
    """DevTools protocol messages over --remote-debugging-pipe: JSON, each ended by a NUL byte;
    Chromium reads its fd 3 and writes its fd 4."""

    def __init__(self, send_fd, receive_fd):
        self.send_fd, self.receive_fd = send_fd, receive_fd
        self.buffer = b""
        self.events = []
        self.last_id = 0

    def receive(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\0" not in self.buffer:
            if not select.select([self.receive_fd], [], [], max(0.0, deadline - time.monotonic()))[0]:
                raise TimeoutError("Chromium did not answer over DevTools")
            chunk = os.read(self.receive_fd, 1 << 20)
            if not chunk:
                raise EOFError("Chromium closed its DevTools pipe (did it crash?)")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, session=None, timeout=30, **params):
        self.last_id += 1
        request = {"id": self.last_id, "method": method, "params": params}
        if session:
            request["sessionId"] = session
        data = json.dumps(request).encode() + b"\0"
        while data:
            data = data[os.write(self.send_fd, data):]
        while True:
            message = self.receive(timeout)
            if message.get("id") == self.last_id:
                if "error" in message:
                    raise RuntimeError(f"DevTools {method}: {message['error'].get('message')}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def next_event(self, timeout):
        return self.events.pop(0) if self.events else self.receive(timeout)


def launch(binary, profile):
    """Chromium in a session of its own (so its whole tree can be found and ended), killed by the
    kernel should this script die without cleaning up."""
    to_chromium, from_chromium = os.pipe(), os.pipe()
    # Its ends of the pipes, first moved above 10 so that putting them on 3 and 4 cannot clobber one.
    theirs = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_chromium[0], from_chromium[1])]
    libc = ctypes.CDLL(None)

    def in_child():
        os.dup2(theirs[0], 3)
        os.dup2(theirs[1], 4)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG

    log = open(os.path.join(profile, "chromium.log"), "w")
    proc = subprocess.Popen([binary, *FLAGS, f"--user-data-dir={profile}", "about:blank"], stdin=subprocess.DEVNULL,
                            stdout=log, stderr=log, close_fds=False, preexec_fn=in_child, start_new_session=True)
    log.close()
    for fd in (*theirs, to_chromium[0], from_chromium[1]):
        os.close(fd)
    return proc, DevTools(to_chromium[1], from_chromium[0])


def session_members(leader):
    """{pid: utime + stime in clock ticks} of every process in `leader`'s session."""
    members = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()  # from field 3, state, on
            except OSError:
                continue
            if int(fields[3]) == leader:
                members[int(name)] = int(fields[11]) + int(fields[12])
    return members


def shut_down(proc):
    """End Chromium's process group, then anything else left in its session."""
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=wait)
            break
        except subprocess.TimeoutExpired:
            pass
    for _ in range(50):
        left = session_members(proc.pid)
        if not left:
            return
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.1)


def evaluate(devtools, session, expression):
    result = devtools.call("Runtime.evaluate", session, expression=expression, returnByValue=True)
    if "exceptionDetails" in result:
        raise RuntimeError(f"script {expression!r} failed: {result['exceptionDetails'].get('text')}")
    return result["result"].get("value")


def open_page(devtools):
    """Attaches to the browser's tab, and sizes its window until the page itself is 1280x800
    (headless Chromium may keep part of the window for browser UI that it does not draw)."""
    target = next(t for t in devtools.call("Target.getTargets")["targetInfos"] if t["type"] == "page")
    session = devtools.call("Target.attachToTarget", targetId=target["targetId"], flatten=True)["sessionId"]
    for _ in range(5):
        width, height = evaluate(devtools, session, "[innerWidth, innerHeight]")
        if (width, height) == (WIDTH, HEIGHT):
            return session
        window = devtools.call("Browser.getWindowForTarget", targetId=target["targetId"])
        bounds = window["bounds"]
        devtools.call("Browser.setWindowBounds", windowId=window["windowId"],
                      bounds={"width": bounds["width"] + WIDTH - width, "height": bounds["height"] + HEIGHT - height})
        time.sleep(0.2)
    raise RuntimeError(f"the page is {width}x{height}, not {WIDTH}x{HEIGHT}")


def measure(devtools, session, leader, scene, seconds, warmup):
    devtools.call("Page.navigate", session, url=f"file://{PAGE}?scene={scene}")
    deadline = time.monotonic() + 30
    while evaluate(devtools, session, "document.readyState === 'complete' && (window.frames_ || 0) > 0") is not True:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{PAGE} did not start animating within 30 s")
        time.sleep(0.05)
    time.sleep(warmup)
    devtools.call("Tracing.start", transferMode="ReportEvents",
                  traceConfig={"includedCategories": ["viz"], "recordMode": "recordAsMuchAsPossible"})
    before = session_members(leader)
    start = time.monotonic()
    time.sleep(seconds)
    end = time.monotonic()
    after = session_members(leader)
    # Idle, Chromium hands over the trace several times faster.
    evaluate(devtools, session, "window.stop_ = true")
    devtools.call("Tracing.end")
    events = []
    while True:
        message = devtools.next_event(120)
        if message.get("method") == "Tracing.dataCollected":
            events += message["params"]["value"]
        elif message.get("method") == "Tracing.tracingComplete":
            break
    # Trace timestamps are CLOCK_MONOTONIC microseconds, the clock of time.monotonic() on Linux.
    draws = sorted(e["ts"] / 1e6 for e in events
                   if e.get("name") == "Display::DrawAndSwap" and e.get("ph") in ("X", "B") and start <= e["ts"] / 1e6 <= end)
    if len(draws) < 3:
        raise RuntimeError(f"{scene}: only {len(draws)} Display::DrawAndSwap events in the window")
    intervals = sorted((b - a) * 1000 for a, b in zip(draws, draws[1:]))
    window = end - start
    # A process that exits during the window drops out; one that starts counts from zero.
    cpu = sum(ticks - before.get(pid, 0) for pid, ticks in after.items()) / TICKS
    return {"scene": scene, "width": WIDTH, "height": HEIGHT, "seconds": round(window, 3), "frames": len(draws),
            "fps": round(len(draws) / window, 2), "ms_median": round(statistics.median(intervals), 3),
            "ms_p95": round(intervals[int(0.95 * (len(intervals) - 1))], 3),
            "ms_mean": round(window * 1000 / len(draws), 3),
            "cpu_ms_per_frame": round(cpu * 1000 / len(draws), 3), "cpu_cores": round(cpu / window, 2)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scene", choices=["flip", "pageturn", "both"], default="both")
    parser.add_argument("--seconds", type=float, default=4.0, help="measured window per scene (default 4)")
    parser.add_argument("--warmup", type=float, default=1.5, help="seconds of animation before it (default 1.5)")
    parser.add_argument("--json", help="write the results here, a list of one object per scene")
    parser.add_argument("--quiet", action="store_true", help="print nothing but errors")
    args = parser.parse_args()
    binary = chromium_binary()
    if not binary:
        sys.exit("chromium_scenes.py: Chromium is not installed (scripts/install-deps.sh chromium)")
    # A termination or hang-up ends the run through the `finally` below, like Ctrl-C does.
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda number, _: sys.exit(128 + number))
    profile = tempfile.mkdtemp(prefix="segue-chromium-")
    proc = None
    results = []
    try:
        proc, devtools = launch(binary, profile)
        version = devtools.call("Browser.getVersion", timeout=60)["product"]
        session = open_page(devtools)
        for scene in ["flip", "pageturn"] if args.scene == "both" else [args.scene]:
            result = measure(devtools, session, proc.pid, scene, args.seconds, args.warmup)
            result["chromium"] = version
            results.append(result)
            if not args.quiet:
                print(f"{version} {scene} {WIDTH}x{HEIGHT}: {result['frames']} frames drawn in {result['seconds']:.2f} s, "
                      f"{result['ms_median']:.2f} ms/frame median ({result['ms_p95']:.2f} p95, {result['ms_mean']:.2f} mean), "
                      f"{result['cpu_ms_per_frame']:.2f} ms CPU/frame ({result['cpu_cores']:.2f} cores)", flush=True)
    except KeyboardInterrupt:
        sys.exit(130)
    except (OSError, EOFError, RuntimeError, StopIteration) as error:
        if proc and proc.poll() is not None:  # Chromium itself failed: the last line it wrote says why
            with open(os.path.join(profile, "chromium.log"), errors="replace") as log:
                said = [line.strip() for line in log if line.strip()]
            error = f"{error}; Chromium exited with {proc.returncode}" + (f": {said[-1]}" if said else "")
        sys.exit(f"chromium_scenes.py: {error}")
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # let nothing cut the clean-up short
            signal.signal(sig, signal.SIG_IGN)
        if proc:
            shut_down(proc)
        shutil.rmtree(profile, ignore_errors=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
