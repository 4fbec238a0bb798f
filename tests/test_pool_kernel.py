"""A kernel started ahead of its visitor (one of Voila's pools) builds its page, waits for the
visitor's request on Voila's query socket (widgets/visitor.py) and makes the page that
request asks for, without importing Voila's server side into the kernel (45 MB per learner)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
from pathlib import Path

from jupyter_client.manager import start_new_kernel
from websockets.sync.server import serve

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
