"""A visitor who speaks to a page's kernel directly, as its own front end does, but sends what
the front end never sends: new widgets, values of the wrong kind, clicks on what is not there.
Each test opens a page over HTTP and talks on its kernel's websocket (Jupyter's messaging
protocol), bounded in count and time."""

from __future__ import annotations

import http.client
import json
import re
import time
import uuid
from urllib.parse import urlsplit

import pytest
import websocket

from serving.handlers import CLIENT_HEADER
from tutor.classroom.store import SQLiteStore
from tutor.games import games
from tutor.messages import msg
from tutor.records import MAX_RECORD_BYTES
from widgets.app import page_file
from widgets.pages import text

from .classroom import JOIN
from .clients import KERNEL_ID, WIDGET_PROTOCOL, KernelClient, open_page_over_http
from .conftest import LOGS, PAGE_TIMEOUT_MS, ROOT, VoilaServer, screenshot, viewport
from .pages import LAPTOP

THRICEWISE = next(game for game in games() if "thricewise" in game)
QUIET_SECONDS = 3  # how long to listen for what the kernel sends after a hostile message
LOW_MEMORY_MB = 30  # below what any page's kernel takes (about 75 MB): every page crosses it


@pytest.fixture(scope="module")
def server(chromium, tmp_path_factory):
    """A server of its own: these tests fill its log with the tracebacks they provoke, which
    the shared server's log must not hold (test_publish's quiet console)."""
    store = tmp_path_factory.mktemp("classroom") / "classes.db"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TUTOR_CLASS_STORE", f"sqlite://{store}")
        started = VoilaServer(log=LOGS / "voila-hostile.log")
    started.store = store
    yield started
    started.stop()


@pytest.fixture
def client(server, request):
    kernel = KernelClient(server, open_page_over_http(server, request.param))
    yield kernel
    kernel.close()


def tracebacks(heard: list[dict]) -> list[dict]:
    """What a visitor must never get: an error, or text on the page's output streams."""
    return [
        message
        for message in heard
        if message["msg_type"] in ("error", "stream") or "Traceback" in json.dumps(message.get("content", {}))
    ]


@pytest.mark.parametrize("client", [page_file("learn", THRICEWISE)], indirect=True)
def test_the_browser_cannot_create_widgets_in_a_page_kernel(server, client):
    """The page's own front end never makes a widget; an attacker's did, 8 MB each, until the
    kernel's memory ran out. The kernel now closes such a comm at once and keeps nothing."""
    before = client.widget_states()
    asked = []
    for _ in range(3):
        comm_id = uuid.uuid4().hex
        state = {
            "_model_name": "HTMLModel",
            "_model_module": "@jupyter-widgets/controls",
            "_model_module_version": "2.0.0",
            "_view_name": "HTMLView",
            "_view_module": "@jupyter-widgets/controls",
            "_view_module_version": "2.0.0",
            "value": "x" * 100_000,
        }
        client.send(
            "comm_open",
            {"comm_id": comm_id, "target_name": "jupyter.widget", "data": {"state": state, "buffer_paths": []}},
            {"version": WIDGET_PROTOCOL},
        )
        asked.append(comm_id)
    closed = {
        message["content"].get("comm_id")
        for message in client.listen(QUIET_SECONDS)
        if message["msg_type"] == "comm_close"
    }
    assert closed >= set(asked), "the kernel kept the comms the browser opened"
    after = client.widget_states()
    assert set(after) == set(before), f"{len(set(after) - set(before))} new widgets in the page's kernel"
    assert not tracebacks(client.heard)


@pytest.mark.parametrize("client", [page_file("learn", THRICEWISE)], indirect=True)
def test_bad_values_from_the_browser_never_answer_with_a_traceback(server, client):
    """Values no page sends (a lesson place that is not two numbers, a list entry that is not
    there, a cell 5000 digits wide) are ignored and logged on the server: nothing reaches the
    visitor on iopub, and the page stays where it was."""
    states = client.widget_states()
    address = next(model for model, state in states.items() if state.get("kind") == "lesson-address")
    chooser = next(model for model, state in states.items() if state["_model_name"] == "DropdownModel")
    drawn = [model for model, state in states.items() if "html" in state]
    for place in (None, ["a", "b"], [[0], {}], "x", [True, False]):
        client.comm_msg(address, {"method": "update", "state": {"place": place}, "buffer_paths": []})
    client.comm_msg(chooser, {"method": "update", "state": {"index": 99}, "buffer_paths": []})
    for model in drawn:
        for click in ("cell:" + "9" * 5000 + ",1", "seat:" + "9" * 5000, "card:\u00b2", "card:" + "9" * 5000):
            client.comm_msg(model, {"method": "custom", "content": {"click": click}})
    list(client.listen(QUIET_SECONDS))
    assert not tracebacks(client.heard), tracebacks(client.heard)[:2]
    after = client.widget_states()
    assert after[address]["place"] == [0, 0] and after[chooser]["index"] == 0, "the page lost its place"
    log = server.log.read_text()
    assert "Ignored a lesson address place" in log, "the server's log has the details"
    assert "Refused values the browser may not set on a Dropdown" in log, "a list entry not there is refused"


@pytest.mark.parametrize("client", [page_file("play", THRICEWISE)], indirect=True)
def test_a_message_bigger_than_any_upload_closes_the_socket(server, client):
    """The largest message a page sends is a game record (MAX_RECORD_BYTES and a little JSON);
    voila.json's websocket_max_message_size refuses anything far bigger (Tornado's default was
    10 MB a message, as many messages as a visitor liked)."""
    limit = json.loads((ROOT / "voila.json").read_text())["Voila"]["tornado_settings"]["websocket_max_message_size"]
    assert MAX_RECORD_BYTES + 64 * 1024 <= limit <= 4 * MAX_RECORD_BYTES
    states = client.widget_states()
    model = next(iter(states))
    with pytest.raises((websocket.WebSocketException, ConnectionError)):  # closed while or after it is sent
        client.comm_msg(model, {"method": "custom", "content": {"click": "x" * (limit + 1)}})
        for _ in client.listen(QUIET_SECONDS):
            pass
        client.comm_msg(model, {"method": "custom", "content": {"click": "x"}})  # a closed socket refuses to send


@pytest.mark.parametrize("client", ["classroom/join.ipynb"], indirect=True)
def test_a_classroom_page_takes_odd_hellos_without_a_traceback(server, client):
    """The classroom pages' ``hello`` with values classroom.js never sends: ignored or left out,
    logged on the server, and the join form still opens."""
    link = next(model for model, state in client.widget_states().items() if "storage_key" in state)
    odd = [
        None,
        5,
        {"query": [], "stored": "K7PX2M", "languages": "en"},
        {"href": ["x"], "query": {"code": ["A"]}},
        {"query": {"code": "\u202e" * 3000, "learner": "x" * 5000}, "stored": {"code": 5}},
    ]
    for hello in odd:
        client.comm_msg(link, {"method": "custom", "content": {"hello": hello}})
    client.comm_msg(link, {"method": "custom", "content": {"key": ["next"]}})
    list(client.listen(QUIET_SECONDS))
    assert not tracebacks(client.heard), tracebacks(client.heard)[:2]
    buttons = [state.get("description") for state in client.widget_states().values()]
    assert msg("classroom.form.join") in buttons, "the join form opened"


def test_a_wrong_class_code_counts_for_the_address_the_server_saw(server):
    """Wrong codes are counted per client address in the store, across pages: the address is
    the one the server saw, whatever the visitor wrote in the header the kernel is told it by."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", urlsplit(server.url).port, timeout=PAGE_TIMEOUT_MS / 1000, source_address=("127.0.0.9", 0)
    )
    connection.request("GET", f"/voila/render/{JOIN}", headers={CLIENT_HEADER: "198.51.100.9"})
    page = connection.getresponse().read().decode()
    connection.close()
    client = KernelClient(server, re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1))
    try:
        states = client.widget_states()
        link = next(model for model, state in states.items() if "storage_key" in state)
        client.comm_msg(link, {"method": "custom", "content": {"hello": {"query": {"code": "ZZZZZZ"}}}})
        list(client.listen(QUIET_SECONDS))
        states = client.widget_states()
        name = next(model for model, state in states.items() if state.get("description") == msg("classroom.form.name"))
        join = next(model for model, state in states.items() if state.get("description") == msg("classroom.form.join"))
        client.comm_msg(name, {"method": "update", "state": {"value": "Ann"}, "buffer_paths": []})
        client.comm_msg(join, {"method": "custom", "content": {"event": "click"}})
        list(client.listen(QUIET_SECONDS))
    finally:
        client.close()
    store = SQLiteStore(server.store)
    try:
        assert store.wrong_guesses("127.0.0.9", time.time())[0] == 1
        assert store.wrong_guesses("198.51.100.9", time.time())[0] == 0, "the visitor's own header is not believed"
    finally:
        store.close()


def test_a_request_socket_under_a_page_kernel_is_closed_at_once(server):
    """A pool kernel waits for its visitor's request on voila/query/<its id>. A socket under the
    id of a kernel that waits for none (the page's own, which the page shows) was kept open,
    never sent anything, and stayed after that kernel ended: one more per page fetched."""
    kernel_id = open_page_over_http(server, page_file("learn", THRICEWISE))
    address = server.url.replace("http", "ws", 1) + f"voila/query/{kernel_id}"
    socket = websocket.create_connection(address, timeout=10)
    try:
        assert socket.recv() == "", "the server sent something, or left the socket open"
    except websocket.WebSocketConnectionClosedException:
        pass  # closed: as it should
    finally:
        socket.close()
    assert f"Refused a request-info socket for kernel {kernel_id}" in server.log.read_text()


@pytest.fixture(scope="module")
def thrifty(chromium):
    """A server whose kernels may hold less memory than a page's kernel takes, so that any
    page stands for one an attacker made grow."""
    started = VoilaServer(
        f"--TutorKernelManager.kernel_memory_limit={LOW_MEMORY_MB}",
        "--TutorKernelManager.cull_interval=1",
        log=LOGS / "voila-memory.log",
    )
    yield started
    started.stop()


def test_a_kernel_over_the_memory_limit_is_stopped_and_its_page_says_so(chromium, thrifty):
    """A kernel no longer grows until the machine's memory runs out: over
    kernel_memory_limit it is stopped, and its page tells the visitor why, in their language,
    with a way back (a reload takes a fresh kernel)."""
    context = chromium.new_context(locale="fr-FR", viewport=viewport(LAPTOP))
    page = context.new_page()
    try:
        page.goto(thrifty.page_url(page_file("learn", THRICEWISE)), timeout=PAGE_TIMEOUT_MS)
        note = page.locator(".tutor-lost")
        note.wait_for(timeout=PAGE_TIMEOUT_MS)
        assert note.get_by_role("paragraph").inner_text() == text("fr", "app.lost.memory")
        reload = note.get_by_role("button", name=text("fr", "app.lost.reload"))
        assert reload.is_visible() and note.is_visible()
        screenshot(page, "memory-limit-fr")
        kernel_id = page.evaluate(KERNEL_ID)
        deadline = time.monotonic() + 10
        while thrifty.kernel(kernel_id) is not None:
            assert time.monotonic() < deadline, "the kernel is still running"
            time.sleep(0.2)
        assert f"Stopping kernel {kernel_id}" in thrifty.log.read_text()
    finally:
        context.close()
