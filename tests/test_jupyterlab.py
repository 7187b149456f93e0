"""The board widget in a real JupyterLab, driven through Debian's Chromium with Playwright.

JupyterLab (installed from PyPI) is started by this module on a loopback port with a random
token, private config/data/IPython dirs and everything that could reach the network turned off.
The test opens ``notebooks/00-the-board.ipynb`` (a copy, with one extra cell that prints
``board.position``), runs all cells from the Run menu, sets the dice and moves a checker by
clicking in the rendered ``Board`` widget, then runs the extra cell again: the kernel reports
the position the clicks made. So this checks the whole round trip: click in JupyterLab ->
anywidget comm -> ``Board`` in the kernel -> trait read from Python.

Run with ``-s`` to see the timings.
"""

from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

import pytest

from conftest import CHROMIUM, control_styles
from conftest import CHROMIUM_ARGS as ARGS

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "00-the-board.ipynb"

#: the cell added to the test's copy of the notebook (run by "Run All", then again after the
#: clicks); the marker makes the cell easy to find
MARKER = "position from the kernel:"
PRINT_CELL = f'print("{MARKER}", board.position)'
#: ``board`` after the notebook has run: White's 5-5 is played, Black is to move
BEFORE = "W:0x11,2x2,5x2 B:0x15 b wpasch=1"
#: after Black's 5-5 is set and one checker entered on Black's point 5 (physical point 20)
AFTER = "W:0x11,2x2,5x2 B:0x14,5 b wpasch=1"

#: JupyterLab user settings (in the private config dir): no news or update checks, no toasts,
#: no extension manager, and every cell in the DOM (no windowing) so that locators find them
USER_SETTINGS: dict[str, dict[str, Any]] = {
    "@jupyterlab/apputils-extension/notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
    "@jupyterlab/extensionmanager-extension/plugin": {"enabled": False},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
}

SERVER_START_TIMEOUT = 60.0  # s, until /api/status answers
UI_TIMEOUT = 60_000  # ms, for JupyterLab to load and the kernel to start
CELL_TIMEOUT = 45_000  # ms, for cells to run (the first import of puffteach included)


@dataclass
class Lab:
    base: str
    token: str
    root: pathlib.Path
    log: pathlib.Path
    started_in: float


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _notebook_copy(dest: pathlib.Path) -> None:
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    nb["cells"].append(
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "jupyterlab-test-print-position",
            "metadata": {},
            "outputs": [],
            "source": [PRINT_CELL],
        }
    )
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")


def _tail(path: pathlib.Path, n: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return ""


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop the server's process group: SIGTERM (the server shuts its kernels down), then
    SIGKILL if it hangs."""
    if proc.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, 15.0), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(wait)
            return
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(autouse=True)
def _patient_expect() -> None:
    """JupyterLab and Notebook 7 take more than Playwright's 5 s to draw a panel when the
    machine is busy (the test run keeps both cores working): assertions wait up to 30 s."""
    try:
        from playwright.sync_api import expect
    except ImportError:  # the tests skip without Playwright
        return
    expect.set_options(timeout=30_000)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    if importlib.util.find_spec("jupyterlab") is None:
        pytest.skip("jupyterlab is not installed (pip install jupyterlab)")

    tmp = tmp_path_factory.mktemp("jupyterlab")
    root, config, data, ipython = (tmp / d for d in ("root", "config", "data", "ipython"))
    for d in (root, config, data, ipython):
        d.mkdir()
    _notebook_copy(root / NOTEBOOK.name)
    for name, values in USER_SETTINGS.items():
        path = config / "lab" / "user-settings" / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")

    env = dict(os.environ)
    # Private config, data, runtime and IPython dirs: the user's settings, workspaces and
    # kernels are not used. The kernel spec "python3" is still found in sys.prefix (the
    # environment's share/jupyter), as are the widget extensions (anywidget, ipywidgets).
    env.update(
        JUPYTER_CONFIG_DIR=str(config),
        JUPYTER_DATA_DIR=str(data),
        JUPYTER_RUNTIME_DIR=str(data / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(config / "lab" / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(config / "lab" / "workspaces"),
        IPYTHONDIR=str(ipython),
        PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p),
        PYTHONUNBUFFERED="1",
    )
    port = _free_port()
    token = secrets.token_hex(24)
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--ServerApp.open_browser=False",
        "--ServerApp.terminals_enabled=False",
        # nothing that phones home: no news feed, no update check, no PyPI extension manager
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
    ]
    if os.geteuid() == 0:  # containers and CI often run as root
        cmd.append("--ServerApp.allow_root=True")
    log = tmp / "jupyterlab.log"
    t0 = time.monotonic()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            cmd, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with {proc.returncode}:\n{_tail(log)}")
            if time.monotonic() - t0 > SERVER_START_TIMEOUT:
                pytest.fail(f"JupyterLab did not answer in {SERVER_START_TIMEOUT} s:\n{_tail(log)}")
            request = urllib.request.Request(
                f"{base}/api/status", headers={"Authorization": f"token {token}"}
            )
            try:
                with urllib.request.urlopen(request, timeout=2) as r:
                    if r.status == 200:
                        json.load(r)
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        yield Lab(base, token, root, log, time.monotonic() - t0)
    finally:
        _stop(proc)


def _run_all(page: Any, printed: Any, text: str) -> None:
    """Run All Cells from the Run menu until ``printed`` shows ``text``. Notebook 7 can drop a
    Run All given while its new kernel is still starting (every cell stays "[ ]"), so it is
    asked again, at most three times."""
    from playwright.sync_api import expect

    for attempt in range(3):
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        label = page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$"))
        page.locator(".lm-Menu-item", has=label).click()
        try:
            expect(printed).to_contain_text(text, timeout=CELL_TIMEOUT)
            return
        except AssertionError:
            if attempt == 2:
                raise


def test_move_in_the_widget_and_read_it_in_the_kernel(lab: Lab, tmp_path: pathlib.Path) -> None:
    from playwright.sync_api import Locator, Route, expect, sync_playwright

    blocked: list[str] = []

    def only_local(route: Route) -> None:
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    timings = {"server start": lab.started_in}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        try:
            page.set_default_timeout(UI_TIMEOUT)
            page.route("**/*", only_local)
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))

            # A dialog (e.g. a kernel selector) would block the clicks: accept it.
            def accept(dialog: Locator) -> None:
                dialog.locator(".jp-mod-accept").first.click()

            page.add_locator_handler(page.locator(".jp-Dialog"), accept)

            t = time.monotonic()
            page.goto(f"{lab.base}/lab/tree/{NOTEBOOK.name}?token={lab.token}")
            panel = page.locator(".jp-NotebookPanel")
            expect(panel).to_be_visible()
            # The kernel is up when the status bar names it and says Idle (before the session
            # exists it reads "No Kernel | Initializing" while the toolbar already says idle).
            kernel = page.locator("#jp-main-statusbar").get_by_text(
                re.compile(r"^(?!No Kernel).+ \| Idle$")
            )
            expect(kernel).to_be_visible()
            indicator = panel.locator(".jp-Notebook-ExecutionIndicator")
            expect(indicator).to_have_attribute("data-status", "idle")
            timings["JupyterLab and kernel ready"] = time.monotonic() - t

            # Run → Run All Cells.
            t = time.monotonic()
            printed = panel.locator(".jp-CodeCell", has_text=MARKER).locator(".jp-OutputArea")
            _run_all(page, printed, f"{MARKER} {BEFORE}")
            expect(indicator).to_have_attribute("data-status", "idle")
            timings["Run All Cells"] = time.monotonic() - t

            # The Board widget (one on the page) shows the notebook's last position.
            widget = panel.locator(".jp-OutputArea-output .puffteach-widget")
            expect(widget).to_have_count(1)
            expect(widget.locator("g.pt[data-point]")).to_have_count(24)
            position = widget.locator("input.pt-position")
            expect(position).to_have_value(BEFORE)

            # Black sets the dice 5-5 and enters a checker on its point 5 (physical 20).
            t = time.monotonic()
            widget.locator("select.pt-die1").select_option("5")
            widget.locator("select.pt-die2").select_option("5")
            widget.locator("button.pt-setdice").click()
            expect(widget.locator(".pt-dice .pt-die.pt-due")).to_have_text(["5", "5", "2", "2"])
            widget.locator('g.pool[data-pool="b0"]').click()
            target = widget.locator('g.pt[data-point="20"]')
            expect(target).to_have_attribute("data-target", "1")
            target.click()
            expect(position).to_have_value(AFTER)
            expect(target).to_have_attribute("data-count", "1")
            timings["clicks in the widget"] = time.monotonic() - t

            # Run the print cell again: the kernel's Board has the position the clicks made.
            t = time.monotonic()
            cell = panel.locator(".jp-CodeCell", has_text=MARKER)
            cell.locator(".jp-InputArea-editor").click()
            page.keyboard.press("Shift+Enter")
            expect(cell.locator(".jp-OutputArea")).to_have_text(
                f"{MARKER} {AFTER}", timeout=CELL_TIMEOUT
            )
            timings["read back in Python"] = time.monotonic() - t

            # The kernel answered the board's hello: no note that no kernel runs it.
            assert widget.get_attribute("data-engine") != "nokernel"
            expect(widget.locator(".pt-engine")).to_be_hidden()

            # Dark theme (issue 44 item 14): the controls keep the card's own colours, a
            # disabled one (Roll: the roll is under way) looks disabled, the history is numbered.
            t = time.monotonic()
            page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Settings$")).click()
            page.locator(".lm-Menu-item", has_text=re.compile(r"^Theme$")).hover()
            dark = page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^JupyterLab Dark$"))
            page.locator(".lm-Menu-item", has=dark).click()
            expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")
            styles = control_styles(widget)
            assert styles["roll"]["disabled"] and not styles["undo"]["disabled"], styles
            assert styles["undo"]["color"] == "rgb(43, 33, 24)", styles  # the card's words
            assert styles["undo"]["background"] == "rgb(255, 253, 246)", styles
            assert styles["undo"]["border"] == "1px solid", styles
            assert styles["roll"]["border"] == "1px dashed", styles
            assert styles["roll"]["color"] != styles["undo"]["color"], styles
            assert styles["roll"]["cursor"] == "not-allowed", styles
            assert styles["history"] == "decimal", styles
            timings["dark theme"] = time.monotonic() - t

            # 480-640 px wide (issue 44 item 13): no control of the board is cut off.
            for width in (480, 560, 640):
                page.set_viewport_size({"width": width, "height": 1000})
                page.wait_for_timeout(300)
                assert _cut_off(widget) == [], (width, _cut_off(widget))

            widget.screenshot(path=str(tmp_path / "widget.png"))
            assert blocked == [], blocked
            assert errors == [], errors
        except Exception:
            shutil.copy(lab.log, tmp_path / "jupyterlab.log")
            page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)
            print(f"screenshot and server log in {tmp_path}\n{_tail(lab.log)}")
            raise
        finally:
            browser.close()
    print("JupyterLab round trip: " + ", ".join(f"{k} {v:.1f} s" for k, v in timings.items()))


def _cut_off(widget: Any) -> list[str]:
    """The board's visible controls that reach past its output area or the window."""
    return list(
        widget.evaluate(
            """(w) => {
              const area = w.closest(".jp-OutputArea-output").getBoundingClientRect();
              const right = Math.min(area.right, innerWidth) + 0.5;
              return [...w.querySelectorAll("button, select, input, svg.puffteach-board")]
                .filter((e) => e.offsetParent !== null || e.tagName === "svg")
                .map((e) => [e.getAttribute("class"), e.getBoundingClientRect()])
                .filter(([, b]) => b.width && (b.right > right || b.left < area.left - 0.5))
                .map(([c, b]) => `${c}: ${Math.round(b.left)}-${Math.round(b.right)}`)
                .concat([`output area ${Math.round(area.left)}-${Math.round(area.right)}`])
                .filter((_, i, all) => all.length > 1);
            }"""
        )
    )


def test_notebook_7_plays_the_board_and_keeps_its_controls_styled(
    lab: Lab, tmp_path: pathlib.Path
) -> None:
    """The same notebook in Notebook 7 (served by the same Jupyter server): Run All Cells, set
    the dice and enter a checker by clicks, the print cell run again reads the clicked position
    from the kernel's ``board``; a disabled button looks disabled (issue 44 item 11)."""
    if importlib.util.find_spec("notebook") is None:
        pytest.skip("Notebook 7 is not installed (pip install notebook)")
    from playwright.sync_api import Locator, Route, expect, sync_playwright

    blocked: list[str] = []

    def only_local(route: Route) -> None:
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        try:
            page.set_default_timeout(UI_TIMEOUT)
            page.route("**/*", only_local)
            errors: list[str] = []
            # Notebook 7 served by `jupyter lab` logs two errors of its own (a settings schema,
            # the file browser's open-path command); the board's code runs from a blob: URL
            page.on("pageerror", lambda e: errors.append(f"{e}\n{e.stack or ''}"))

            def accept(dialog: Locator) -> None:
                dialog.locator(".jp-mod-accept").first.click()

            page.add_locator_handler(page.locator(".jp-Dialog"), accept)
            page.goto(f"{lab.base}/notebooks/{NOTEBOOK.name}?token={lab.token}")
            panel = page.locator(".jp-NotebookPanel")
            expect(panel).to_be_visible()
            # a restarted kernel: the notebook's board starts again from its first cell
            printed = panel.locator(".jp-CodeCell", has_text=MARKER).locator(".jp-OutputArea")
            _run_all(page, printed, f"{MARKER} {BEFORE}")

            widget = panel.locator(".jp-OutputArea-output .puffteach-widget")
            expect(widget).to_have_count(1)
            position = widget.locator("input.pt-position")
            expect(position).to_have_value(BEFORE)
            widget.locator("select.pt-die1").select_option("5")
            widget.locator("select.pt-die2").select_option("5")
            widget.locator("button.pt-setdice").click()
            expect(widget.locator(".pt-dice .pt-die.pt-due")).to_have_text(["5", "5", "2", "2"])
            styles = control_styles(widget)
            assert styles["roll"]["disabled"] and not styles["undo"]["disabled"], styles
            assert styles["roll"]["border"] == "1px dashed", styles
            assert styles["roll"]["cursor"] == "not-allowed", styles
            assert styles["undo"]["border"] == "1px solid", styles
            assert styles["undo"]["background"] == "rgb(255, 253, 246)", styles
            assert styles["history"] == "decimal", styles
            widget.locator('g.pool[data-pool="b0"]').click()
            target = widget.locator('g.pt[data-point="20"]')
            expect(target).to_have_attribute("data-target", "1")
            target.click()
            expect(position).to_have_value(AFTER)

            cell = panel.locator(".jp-CodeCell", has_text=MARKER)
            cell.locator(".jp-InputArea-editor").click()
            page.keyboard.press("Shift+Enter")
            expect(cell.locator(".jp-OutputArea")).to_have_text(
                f"{MARKER} {AFTER}", timeout=CELL_TIMEOUT
            )
            assert widget.get_attribute("data-engine") != "nokernel"
            assert blocked == [], blocked
            assert [e for e in errors if "blob:" in e or "puffteach" in e] == [], errors
        except Exception:
            shutil.copy(lab.log, tmp_path / "jupyterlab.log")
            page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)
            print(f"screenshot and server log in {tmp_path}\n{_tail(lab.log)}")
            raise
        finally:
            browser.close()
