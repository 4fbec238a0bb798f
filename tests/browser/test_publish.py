"""The tutor put online: page titles, accessibility, cross-site requests, kernels when
visitors crowd in or go away, the console, and the way Binder and JupyterHub serve it.
(Every test's page also fails if it asks another machine for anything: conftest.page.)"""

import asyncio
import json
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import psutil
import pytest
import websocket
from tornado.websocket import websocket_connect

from benchmarks.voila_server import free_port
from serving.kernels import KernelsBusy
from tutor.games import game_name, games
from tutor.messages import TRANSLATED, msg
from widgets.app import HOME, page_file
from widgets.languages import with_language
from widgets.pages import page_title

from .clients import KERNEL_ID, fetch_from, open_page_over_http
from .conftest import (
    LOGS,
    PAGE_TIMEOUT_MS,
    ROOT,
    VoilaServer,
    assert_no_code_or_errors,
    at_page,
    open_page,
    screenshot,
    wait_for_page,
)
from .pages import assert_accessible, assert_titled_and_accessible

GAME = next(iter(games()))
# README, "Publish it": c.Spawner.args in the JupyterHub example.
HUB_OPTIONS = ["--VoilaConfiguration.template=tutor", "--VoilaConfiguration.show_tracebacks=False"]


def test_the_landing_page_is_titled_and_passes_axe(page, voila):
    """A title naming the page (in the page's language: English here) and no WCAG 2.1 A
    or AA violation that axe-core finds. Each game's pages are checked the same way where
    they are walked through already: test_screens.py (test_every_screen, the glossary's test)."""
    open_page(page, voila, HOME)
    assert_titled_and_accessible(page, None, None)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("section", ["learn", "play"])
def test_a_page_in_french_or_dutch_is_titled_in_it_and_passes_axe(page, voila, section, language):
    notebook = with_language(page_file(section, GAME), language)
    open_page(page, voila, notebook)
    assert page.title() == page_title(section, GAME, language=language) != page_title(section, GAME, language="en")
    assert page.evaluate("document.documentElement.lang") == language
    assert_accessible(page)


def test_a_forged_cross_site_post_is_refused(page, voila):
    """Another site the learner visits cannot shut the learner's page down: the shutdown
    request needs the page's _xsrf token, which that site can neither read nor send."""
    open_page(page, voila, HOME)
    kernel = voila.kernel(page.evaluate(KERNEL_ID))
    target = f"{voila.url}voila/api/shutdown/{page.evaluate(KERNEL_ID)}"
    forged = f"""<form method="post" action="{target}"><input name="_xsrf" value="guessed"></form>
                 <script>document.forms[0].submit()</script>"""
    with other_site(forged) as address:  # 127.0.0.1 is another site than localhost to a browser
        attacker = page.context.new_page()
        with attacker.expect_response(lambda response: "/voila/api/shutdown/" in response.url) as answer:
            attacker.goto(address)
        assert answer.value.status in (403, 404)  # 404: Jupyter's answer to a request from another site
    with pytest.raises(urllib.error.HTTPError) as refused:  # and a script that sends no token at all
        urllib.request.urlopen(urllib.request.Request(target, method="POST", data=b""))
    assert refused.value.code == 403
    # (the server answers a shutdown once the kernel is down: a refusal is the whole outcome)
    assert kernel.is_running(), "a forged request shut the page's kernel down"


class other_site:
    """A page served on 127.0.0.1, for as long as the ``with`` block lasts."""

    def __init__(self, html: str):
        body = html.encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)

    def __enter__(self) -> str:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def test_the_console_is_quiet(chromium):
    """What the person who started the tutor reads once a visitor came and went: where to open
    it, how to stop it. Its own server: the shared one's log holds every earlier test's pages."""
    server = VoilaServer(log=LOGS / "voila-console.log")
    try:
        page = chromium.new_page()
        page.goto(server.page_url(page_file("learn", GAME)))
        page.locator(".tutor-say").first.wait_for(timeout=PAGE_TIMEOUT_MS)
        page.close()
        lines = server.log.read_text().splitlines()
    finally:
        server.stop()
    assert lines[:2] == [f"[Voila] {msg('publish.console.ready', url=server.url)}", msg("publish.console.stop")]
    for alarming in ("not trusted", "without encryption", "websocket_ping", "Traceback", "Kernel started"):
        assert not any(alarming in line for line in lines), (alarming, lines)


def wait_for_pools(server: VoilaServer) -> None:
    """Until the pools (SMALL_POOLS: the landing page and the learn page's) are full and quiet,
    and the kernels that earlier visitors took are gone."""
    deadline = time.monotonic() + 120
    pools = sum(pool["pool_size"] for pool in SMALL_POOLS.values())
    while not pools_settled(server, pools):
        assert time.monotonic() < deadline, "the pools did not fill"


def pools_settled(server: VoilaServer, pools: int) -> bool:
    kernels = server.kernels()
    try:
        return len(kernels) == pools and all(kernel.cpu_percent(0.2) <= 5 for kernel in kernels)
    except psutil.NoSuchProcess:  # a kernel culled while it was measured: not settled yet
        return False


# A server with room for few kernels and short timeouts, started on a port that is taken.
# UNCLAIMED leaves a page's kernel time to build its page on a busy machine (3 s did not, with
# another test process beside this one: a learn page's kernel was shut down while it built it).
CAP, RETRY, UNCLAIMED, IDLE = 6, 3, 8, 4
# The landing page's and the learn page's pools only: a command line's pools add to voila.json's.
SMALL_POOLS = {
    name: {"pool_size": {HOME: 1, "learn.ipynb": 3}.get(name, 0)}
    for name in json.loads((ROOT / "voila.json").read_text())["VoilaKernelManager"]["kernel_pools_config"]
}
PER_ADDRESS = 2  # kernels one client address may hold (the browser's, 127.0.0.1, is left alone)


@pytest.fixture(scope="module")
def small(chromium):
    with socket.socket() as taken:
        taken.bind(("localhost", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = VoilaServer(
            f"--TutorKernelManager.max_kernels={CAP}",
            f"--VoilaKernelManager.kernel_pools_config={json.dumps(SMALL_POOLS)}",
            f"--TutorKernelManager.busy_retry_seconds={RETRY}",
            f"--TutorKernelManager.unclaimed_timeout={UNCLAIMED}",
            f"--TutorKernelManager.cull_idle_timeout={IDLE}",
            "--TutorKernelManager.cull_interval=1",
            f"--TutorKernelManager.kernels_per_address={PER_ADDRESS}",
            "--TutorKernelManager.address_share=0.5",  # CAP 6: 3 per address, PER_ADDRESS is the lower
            port=port,
            log=LOGS / "voila-small.log",
        )
    wait_for_pools(server)
    server.pooled = server.kernels()
    server.port_taken = port
    yield server
    server.stop()


def test_pages_that_never_rendered_leave_no_kernel_and_the_pools_stay(small):
    """A script fetches a learn page and a play page and never runs them: no page ever
    connects to the kernels Voila gave them (the learn page's from its pool, the play page's
    started for it, there being no play pool here), which the culler shuts down after
    unclaimed_timeout. The pools' other kernels stay, idle and unclaimed since before the
    play page's kernel started: had the culler not left them alone, they would have gone
    first (it goes through kernels oldest first). (The first test on ``small``: every kernel
    alive is a pool's.)"""
    learn = small.kernel(open_page_over_http(small, page_file("learn", GAME)))
    assert learn in small.pooled, "a learn page starts on a pre-started kernel"
    play = small.kernel(open_page_over_http(small, page_file("play", GAME)))
    assert play not in small.pooled
    _, alive = psutil.wait_procs([learn, play], timeout=UNCLAIMED + 20)
    assert not alive
    assert all(pooled.is_running() for pooled in small.pooled if pooled != learn)


def test_a_taken_port_gives_another_and_the_console_prints_it(small):
    assert f":{small.port_taken}/" not in small.url
    urllib.request.urlopen(small.url).close()


def test_a_visitor_over_the_cap_is_asked_in_their_language_to_wait(chromium, small):
    """With the pools and two pages open the machine is full: a third visitor gets the busy
    page in French, which tries again by itself and shows the page once someone leaves."""
    wait_for_pools(small)  # only the pools' kernels: the two pages below fill the machine
    visitors = [chromium.new_context(locale=locale) for locale in ("en-GB", "nl-BE", "fr-FR")]
    first, second, late = (context.new_page() for context in visitors)
    try:
        open_page(first, small, page_file("practise", GAME))
        open_page(second, small, page_file("play", GAME))
        response = late.goto(small.page_url(page_file("practise", GAME)))
        assert response.status == 503
        busy = KernelsBusy(RETRY).texts["fr"]
        assert late.title() == busy["title"]
        assert late.locator("section:visible").inner_text().split("\n")[0] == busy["heading"]
        assert late.get_by_role("link", name=busy["retry"]).is_visible()
        assert_accessible(late)
        screenshot(late, "busy-fr")
        first.goto("about:blank")  # someone leaves: their kernel is shut down
        wait_for_page(late, page_file("practise", GAME))  # the busy page's own retry brings the page
        assert_no_code_or_errors(late)
    finally:
        for context in visitors:
            context.close()


def test_sockets_under_made_up_kernel_ids_leave_the_pools_serving(small):
    """Two request-info sockets under a made-up kernel id, one of them closed, made Voila's
    own handler drop a pool kernel's waiter: that kernel waited for ever and the page it was
    given never finished. Four such pairs hung the landing page's and the learn page's pools."""

    async def attack():
        for _ in range(4):
            address = small.url.replace("http", "ws", 1) + f"voila/query/{uuid.uuid4()}"
            first, second = [await websocket_connect(address) for _ in range(2)]
            first.close()
            await asyncio.sleep(0.2)
            second.close()

    wait_for_pools(small)
    attacker = threading.Thread(target=asyncio.run, args=(attack(),))  # Playwright holds this thread's loop
    attacker.start()
    attacker.join(timeout=30)
    for notebook in (HOME, page_file("learn", GAME), page_file("learn", GAME)):
        with urllib.request.urlopen(small.page_url(notebook), timeout=30) as response:
            page = response.read().decode()
        assert "application/vnd.jupyter.widget-view+json" in page, f"{notebook} came without its page"


@pytest.mark.parametrize("query", ["template=base", "template=../..", "template=classic&theme=dark", "theme=x"])
def test_the_address_cannot_change_the_sites_template(small, query):
    """?template= and ?theme= are ignored: the page is the tutor's, complete, and loads
    nothing from another machine (Voila's classic, lab and reveal templates use CDNs)."""
    wait_for_pools(small)  # the kernels the pages before this one took are gone: room under CAP
    address = small.page_url(HOME) + "?" + query
    with urllib.request.urlopen(address, timeout=PAGE_TIMEOUT_MS / 1000) as response:
        page = response.read().decode()
    assert "voila/templates/tutor/" in page and "</html>" in page
    assert not re.search(r'(src|href)="https?://(?!localhost|127\.0\.0\.1)', page)


def test_one_client_address_gets_the_busy_page_beyond_its_kernels_directly_or_behind_a_proxy(small):
    """A client fetching pages in a loop filled max_kernels for everyone. Its pages, kept open
    (their kernels' websockets connected), count for its address, whether it comes directly
    (what it writes in X-Forwarded-For is not believed) or through a proxy on this machine
    (which names it there): after kernels_per_address of them the next one gets the busy page,
    while another visitor behind the proxy still gets theirs."""
    wait_for_pools(small)
    held = []
    try:
        for peer, forwarded_for in (("127.0.0.2", "198.51.100.1"), ("127.0.0.1", "127.0.0.2")):
            status, page = fetch_from(small, peer, page_file("learn", GAME), forwarded_for)
            assert status == 200, page[:300]
            kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)
            address = small.url.replace("http", "ws", 1) + f"api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
            held.append(websocket.create_connection(address, timeout=30))  # the page stays open
        status, page = fetch_from(small, "127.0.0.2", page_file("learn", GAME), "198.51.100.2")
        assert status == 503 and KernelsBusy(RETRY).texts["en"]["heading"] in page
        status, page = fetch_from(small, "127.0.0.1", page_file("learn", GAME), "127.0.0.3")
        assert status == 200 and "application/vnd.jupyter.widget-view+json" in page
    finally:
        for connection in held:
            connection.close()
    assert f"Refused a page to 127.0.0.2: it holds {PER_ADDRESS} kernels" in small.log.read_text()


@pytest.fixture(scope="module")
def jupyter_server(chromium, tmp_path_factory):
    """The repository served as Binder and JupyterHub serve it: `jupyter server` with Voila's
    server extension, notebooks under /voila/render/notebooks/, started elsewhere than the
    repository (so not reading voila.json) with the options README's JupyterHub example gives."""
    port = free_port()
    log = ROOT / "test-artifacts" / "jupyter-server.log"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyter",
            "server",
            f"--port={port}",
            "--no-browser",
            "--IdentityProvider.token=",
            "--ServerApp.allow_root=True",
            f"--ServerApp.root_dir={ROOT}",
            *HUB_OPTIONS,
        ],
        cwd=tmp_path_factory.mktemp("home"),
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    url = f"http://localhost:{port}/"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"{url}api/status", timeout=2).close()
            break
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.3)
    yield url
    process.terminate()
    process.wait(timeout=20)


def test_binder_and_jupyterhub_serve_the_same_pages(page, jupyter_server):
    assert json.dumps(HUB_OPTIONS) in (ROOT / "README.md").read_text(), "README's JupyterHub example is what runs here"
    page.goto(f"{jupyter_server}voila")  # Voila's file list there opens the landing page too
    page.wait_for_url(f"**/voila/render/notebooks/{HOME}")
    page.wait_for_selector(".tutor-game", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_function("title => document.title === title", arg=page_title())
    page.locator(f".tutor-game[data-game='{GAME}']").get_by_role("link", name=msg("app.nav.learn")).click()
    page.wait_for_url(at_page(f"notebooks/{page_file('learn', GAME)}"))  # with its language and step
    page.wait_for_selector("[data-target^='card:']", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_function("title => document.title === title", arg=page_title("learn", GAME))
    assert game_name(GAME) in page.locator("h1").inner_text()
    assert_no_code_or_errors(page)
    screenshot(page, "jupyter-server-learn")
