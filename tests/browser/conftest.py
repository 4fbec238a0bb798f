"""Browser tests: Voila serves the app with the repository's voila.json on a free port and
Debian's Chromium (driven by Playwright) visits it, reaching no other machine. Without Chromium these tests are skipped
on a desktop, and fail in CI (CI=true), where a missing browser is a broken setup."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import psutil
import pytest

from tutor.messages import msg

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
# Generous for a page load: on two busy cores a cold kernel plus the widget bundle can take
# a while. A click answers within a second or two; waiting longer only hides a fault.
PAGE_TIMEOUT_MS = 60_000
ACTION_TIMEOUT_MS = 15_000
# What serving.console.Friendly makes of Voila's "running at" line (LANGUAGE=en: in English).
PRINTED_ADDRESS = re.compile(re.escape(msg("publish.console.ready", url="ADDRESS")).replace("ADDRESS", r"(http\S+)"))
# Loopback only: any other address goes to a proxy that is not there and fails at once;
# the page fixture also fails a test whose page asked for one.
LOOPBACK = ("localhost", "127.0.0.1", "::1")
LOOPBACK_ONLY = {"server": "http://127.0.0.1:9", "bypass": ",".join(LOOPBACK[:2])}


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("localhost", 0))
        return probe.getsockname()[1]


def no_browser(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests must run)")
    pytest.skip(f"{reason}; install it with 'apt-get install chromium' to run the browser tests")


class VoilaServer:
    """`voila` run from the repository root, so it reads voila.json like the README's command,
    with ``options`` added to its command line. It listens on ``port`` (a free one if not
    given), or on another one if that is taken: ``url`` is the address it printed."""

    def __init__(self, *options: str, port: int | None = None, name: str = "voila"):
        self.log = ROOT / "test-artifacts" / f"{name}.log"
        self.log.parent.mkdir(exist_ok=True)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "voila", f"--port={port or free_port()}", *options],
            cwd=ROOT,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
            env={**os.environ, "LANGUAGE": "en"},
        )
        self.url = self._wait_until_up()

    def _wait_until_up(self, seconds: float = 60) -> str:
        """The address Voila printed, once it answers there."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"voila stopped at start:\n{self.log.read_text()}")
            printed = PRINTED_ADDRESS.search(self.log.read_text())
            if printed:
                try:
                    urllib.request.urlopen(printed.group(1), timeout=2).close()
                    return printed.group(1)
                except OSError:
                    pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"voila did not answer within {seconds} s:\n{self.log.read_text()}")

    def kernels(self) -> list[psutil.Process]:
        found = []
        for child in psutil.Process(self.process.pid).children(recursive=True):
            try:
                if "ipykernel" in " ".join(child.cmdline()):
                    found.append(child)
            except psutil.NoSuchProcess:
                pass  # a kernel that ended while the list was read (culled, or a page left)
        return found

    def kernel(self, kernel_id: str) -> psutil.Process | None:
        """The kernel process of that id (its connection file is named after it)."""
        for child in self.kernels():
            if any(kernel_id in part for part in child.cmdline()):
                return child
        return None

    def loading_report(self, page) -> str:
        """How far a page that did not load got, and the server's last words."""
        from playwright.sync_api import Error as PageError

        try:
            state = page.evaluate(
                "() => ({ready: document.readyState, bytes: document.documentElement.outerHTML.length})"
            )
        except PageError as error:  # no document yet, or one navigating away
            state = {"document": error.message.splitlines()[0]}
        state["unanswered"] = sorted(getattr(page, "unanswered", ()))
        said = [line for line in self.log.read_text(errors="replace").splitlines() if "No such comm" not in line]
        return f"page: {state}\nkernels: {len(self.kernels())}\nserver log, last lines:\n" + "\n".join(said[-60:])

    def page_url(self, notebook: str) -> str:
        return f"{self.url}voila/render/{notebook}"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def launch_chromium(playwright):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, proxy=LOOPBACK_ONLY)


def is_local(url: str) -> bool:
    return url.startswith(("data:", "blob:", "about:")) or urlsplit(url).hostname in LOOPBACK


@pytest.fixture(scope="session")
def chromium():
    if not CHROMIUM.exists():
        no_browser(f"Chromium is not installed at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        no_browser("Playwright is not installed")
    shutil.rmtree(SCREENSHOTS, ignore_errors=True)  # only this run's pages
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def voila(chromium, tmp_path_factory):
    """The app, served once for the whole session (started after the browser check, so a
    skipped run does not start a server). Its classes live in a throwaway SQLite store."""
    store = tmp_path_factory.mktemp("classroom") / "classes.db"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TUTOR_CLASS_STORE", f"sqlite://{store}")
        server = VoilaServer()
    yield server
    server.stop()


@pytest.fixture
def page(chromium):
    # A laptop screen, tall enough that a screenshot shows a whole lesson (Voila scrolls
    # inside the page, so full-page screenshots stop at the window).
    context = chromium.new_context(viewport={"width": 1536, "height": 1150})
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    elsewhere = []
    context.on("request", lambda request: is_local(request.url) or elsewhere.append(request.url))
    page.unanswered = set()  # requests under way, for VoilaServer.loading_report
    page.on("request", lambda request: page.unanswered.add(request.url))
    page.on("requestfinished", lambda request: page.unanswered.discard(request.url))
    page.on("requestfailed", lambda request: page.unanswered.discard(request.url))
    yield page
    page.goto("about:blank")  # leaving the page makes Voila shut its kernel down
    context.close()
    assert not elsewhere, f"the page asked another machine for {elsewhere}"


def open_page(page, voila: VoilaServer, notebook: str):
    """Go to a page and wait until its widgets are drawn. A page that never finishes loading
    fails with what the browser had of it and the end of the server's log."""
    from playwright.sync_api import TimeoutError as PageTimeout

    try:
        page.goto(voila.page_url(notebook))
    except PageTimeout as error:
        raise AssertionError(f"{error}\n{voila.loading_report(page)}") from None
    wait_for_page(page, notebook)


def at_page(notebook: str):
    """Whether an address is the page ``notebook`` (app.page_file): its notebook, and the
    game and place its query names among the address's others (?lang=, lesson, step)."""
    path, _, query = notebook.partition("?")

    def matches(url: str) -> bool:
        address = urlsplit(url)
        return address.path.endswith(f"/voila/render/{path}") and set(parse_qsl(query)) <= set(parse_qsl(address.query))

    return matches


def wait_for_page(page, notebook: str) -> None:
    page.wait_for_url(at_page(notebook))
    page.wait_for_selector(".tutor-page", timeout=PAGE_TIMEOUT_MS)


def assert_no_code_or_errors(page) -> None:
    """Under Voila a learner sees no code, no stray output and never a traceback."""
    assert page.locator(".jp-InputArea, .jp-InputPrompt").count() == 0, "source code is visible"
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0, "stray error output"
    assert "Traceback" not in page.inner_text("body")


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=path, full_page=True)
    return path
