"""Browser tests: Voila serves the app with the repository's voila.json on a free port and
Debian's Chromium (driven by Playwright) visits it, reaching no other machine. Without Chromium these tests are skipped
on a desktop, and fail in CI (CI=true), where a missing browser is a broken setup."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from benchmarks.voila_server import VoilaServer

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
LOGS = ROOT / "test-artifacts"  # each server's console, kept for a failure's reader
SCREENSHOTS = LOGS / "screenshots"  # this run's only: tests/conftest.py clears them at the start
# With -n 2 pytest-xdist runs the suite on two processes, each serving the app itself: a
# browser test file stays on one of them (--dist loadfile), the session's server is per process.
WORKER = os.environ.get("PYTEST_XDIST_WORKER")
# Generous for a page load: on two busy cores a cold kernel plus the widget bundle can take
# a while. A click answers within a second or two; waiting longer only hides a fault.
PAGE_TIMEOUT_MS = 60_000
ACTION_TIMEOUT_MS = 15_000
# Loopback only: any other address goes to a proxy that is not there and fails at once;
# the page fixture also fails a test whose page asked for one.
LOOPBACK = ("localhost", "127.0.0.1", "::1")
LOOPBACK_ONLY = {"server": "http://127.0.0.1:9", "bypass": ",".join(LOOPBACK[:2])}


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """A failing browser test's report carries what the server said meanwhile (a kernel's
    traceback, a stopped poller), and the text of each page the test still has open (its
    ``page``, the devices it opened with ``browser``): on CI they are gone with the machine."""
    server = item.funcargs.get("voila")
    start = server.log.stat().st_size if server is not None and server.log.exists() else None
    outcome = yield
    if start is not None and outcome.excinfo is not None:
        with server.log.open("rb") as log:
            log.seek(start)
            said = log.read().decode(errors="replace")
        item.add_report_section("call", "voila log", said[-20_000:] or "(nothing)")
    if outcome.excinfo is None:
        return
    devices = item.funcargs.get("browser")
    pages = [item.funcargs.get("page")] + [
        page for context in getattr(devices, "contexts", []) for page in context.pages
    ]
    for number, page in enumerate(page for page in pages if page is not None and not page.is_closed()):
        try:
            item.add_report_section("call", f"page text {number + 1}", page.inner_text("body", timeout=5_000)[-5_000:])
        except Exception as error:  # the page itself may be what broke
            item.add_report_section("call", f"page text {number + 1}", f"(unreadable: {error})")


def viewport(size: tuple[int, int]) -> dict[str, int]:
    """Playwright's window size for ``size`` (pages.LAPTOP, phone.PHONE ...)."""
    return {"width": size[0], "height": size[1]}


def no_browser(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests must run)")
    pytest.skip(f"{reason}; install it with 'apt-get install chromium' to run the browser tests")


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
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def voila(chromium, tmp_path_factory):
    """The app, served once for the whole session (started after the browser check, so a
    skipped run does not start a server). Its classes live in a throwaway SQLite store."""
    store = tmp_path_factory.mktemp("classroom") / "classes.db"
    log = LOGS / (f"voila-{WORKER}.log" if WORKER else "voila.log")
    server = VoilaServer(log=log, environment={"TUTOR_CLASS_STORE": f"sqlite://{store}"})
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


@pytest.fixture
def browser(chromium):
    """``browser(size, text_size, touch)`` opens a page in a context of its own, as a separate
    device (a teacher's, each learner's); all closed after the test, once a failure's report
    has read what they show."""
    contexts = []

    def open_device(size, text_size="normal", touch=False):
        context = chromium.new_context(viewport=viewport(size), has_touch=touch)
        context.add_init_script(f"localStorage.setItem('tutor-zoom', '{text_size}')")
        contexts.append(context)
        device = context.new_page()
        device.set_default_timeout(ACTION_TIMEOUT_MS)
        device.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
        return device

    open_device.contexts = contexts
    yield open_device
    for context in contexts:
        for device in context.pages:
            device.goto("about:blank")  # leaving a page makes Voila shut its kernel down
        context.close()


def open_page(page, voila: VoilaServer, notebook: str):
    """Go to a page and wait until its widgets are drawn. A page that never finishes loading
    fails with what the browser had of it and the end of the server's log."""
    from playwright.sync_api import TimeoutError as PageTimeout

    hear_console(page)
    try:
        page.goto(voila.page_url(notebook))
    except PageTimeout as error:
        raise AssertionError(f"{error}\n{voila.loading_report(page)}") from None
    wait_for_page(page, notebook)


def hear_console(page) -> None:
    """Keep what the page's scripts say went wrong (``page.said``): a widget the browser could
    not make, a script's exception. A page that stops answering says nothing on the server's side."""
    if hasattr(page, "said"):
        return
    page.said = []

    def heard(message) -> None:
        if message.type == "error":  # its warnings are the same every time (versions of shared modules)
            page.said.append(message.text[:300])

    page.on("console", heard)
    page.on("pageerror", lambda error: page.said.append(f"exception: {str(error)[:300]}"))


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


def assert_disabled(control, why: str = "") -> None:
    """``control`` (a locator) is disabled, waited for: a widget's state reaches the page a
    moment after the text a test waited for, later still on a busy machine."""
    from playwright.sync_api import expect

    expect(control, why or None).to_be_disabled(timeout=ACTION_TIMEOUT_MS)


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
