"""A kernel started ahead of its visitor (one of Voila's pools) builds its page, waits for the
visitor's request on Voila's query socket (widgets/visitor.py) and makes the page that
request asks for, without importing Voila's server side into the kernel (45 MB per learner)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
from jupyter_client.manager import start_new_kernel
from websockets.sync.server import serve
from websockets.utils import accept_key

from widgets import visitor

ROOT = Path(__file__).resolve().parent.parent
KERNEL_ID = "0f1e2d3c-pool-test"
PAGE = """from widgets.app import learn_page

page = learn_page()
import sys
from tutor.messages import language
print(page.name, language(), sorted(name for name in ("voila", "jupyter_server", "nbconvert") if name in sys.modules))"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_pool_kernel_makes_the_page_its_visitor_asks_for_without_voilas_server_side():
    asked = []

    def visitor_arrives(connection) -> None:  # Voila's query socket sends the request's details once
        asked.append(connection.request.path)
        connection.send(json.dumps({"QUERY_STRING": "game=thricewise&lang=fr"}))

    port = free_port()
    with serve(visitor_arrives, "127.0.0.1", port) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        environment = {
            **os.environ,
            "VOILA_PREHEAT": "True",
            "VOILA_APP_PORT": str(port),
            "VOILA_KERNEL_ID": KERNEL_ID,
            "VOILA_SERVER_URL": "/",
            "QUERY_STRING": "",
        }
        manager, client = start_new_kernel(
            kernel_name="python3", cwd=str(ROOT / "notebooks"), env=environment, stderr=subprocess.DEVNULL
        )
        printed: list[str] = []
        try:
            client.execute_interactive(
                PAGE, timeout=180, output_hook=lambda message: printed.append(message["content"].get("text", ""))
            )
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
            server.shutdown()
    assert asked == [f"/voila/query/{KERNEL_ID}"]
    assert "".join(printed).split() == ["learn", "thricewise", "fr", "[]"]


def silent_server(listener: socket.socket) -> None:
    """Accepts one websocket, then never answers anything, pings included (a hung server)."""
    connection, _ = listener.accept()
    request = connection.recv(4096).decode()
    key = next(
        line.split(":", 1)[1].strip() for line in request.split("\r\n") if line.lower().startswith("sec-websocket-key")
    )
    connection.sendall(
        f"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Accept: {accept_key(key)}\r\n\r\n".encode()
    )
    time.sleep(30)
    connection.close()


@pytest.mark.parametrize("server", ["refusing", "silent"])
def test_a_request_wait_that_gets_no_answer_ends_with_the_defaults(monkeypatch, server):
    """The server refuses the socket (serving.handlers.PoolQuerySocket), or goes silent: the
    kernel stops waiting (within two pings) and builds its page with the defaults, no traceback."""
    monkeypatch.setattr(visitor, "PING_SECONDS", 0.5)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        monkeypatch.setenv("VOILA_APP_PORT", str(port))
        monkeypatch.setenv("VOILA_KERNEL_ID", KERNEL_ID)
        if server == "silent":
            threading.Thread(target=silent_server, args=(listener,), daemon=True).start()
            started = time.monotonic()
            visitor.wait_for_request()
        else:
            with serve(lambda connection: connection.close(code=1008), sock=listener) as refusing:
                threading.Thread(target=refusing.serve_forever, daemon=True).start()
                started = time.monotonic()
                visitor.wait_for_request()
                refusing.shutdown()
    assert time.monotonic() - started < 5
    assert "QUERY_STRING" not in os.environ
