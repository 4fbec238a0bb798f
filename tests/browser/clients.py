"""Speaking to the server as a script does, with no browser: a page fetched over HTTP (from
another client address too) and a client on a page's kernel websocket."""

from __future__ import annotations

import http.client
import json
import re
import time
import urllib.request
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit

import websocket
from jupyter_client.session import Session

from .conftest import PAGE_TIMEOUT_MS, VoilaServer

# The id of the kernel behind the page, as the page itself knows it (read in the browser).
KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def open_page_over_http(server: VoilaServer, notebook: str) -> str:
    """Fetch a page as a script would (no browser runs it); its kernel id."""
    with urllib.request.urlopen(server.page_url(notebook), timeout=PAGE_TIMEOUT_MS / 1000) as response:
        return re.search(r'"kernelId": "([0-9a-f-]+)"', response.read().decode()).group(1)


def fetch_from(server: VoilaServer, address: str, notebook: str, forwarded_for: str) -> tuple[int, str]:
    """A page request, as a script sends it, from another client address than this machine's
    usual one (every 127.x.y.z address is this machine), with an X-Forwarded-For header as a
    reverse proxy adds (or a visitor forges): its status and body."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", urlsplit(server.url).port, timeout=PAGE_TIMEOUT_MS / 1000, source_address=(address, 0)
    )
    try:
        headers = {"Accept-Language": "en", "X-Forwarded-For": forwarded_for}
        connection.request("GET", f"/voila/render/{notebook}", headers=headers)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


CONTROL_PROTOCOL, WIDGET_PROTOCOL = "1.0.0", "2.1.0"  # ipywidgets 8's, which the kernel checks


class KernelClient:
    """A client on a page's kernel, speaking JSON on its websocket."""

    def __init__(self, server, kernel_id: str):
        address = server.url.replace("http", "ws", 1) + f"api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
        self.socket = websocket.create_connection(address, timeout=30)
        self.session = Session(key=b"")
        self.heard: list[dict] = []

    def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> None:
        message = self.session.msg(msg_type, content, metadata=metadata)
        self.socket.send(json.dumps({**message, "channel": "shell", "buffers": []}, default=str))

    def listen(self, seconds: float) -> Iterator[dict]:
        """Every message the kernel sends within ``seconds`` (all of them kept in ``heard``)."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            self.socket.settimeout(left)
            try:
                raw = self.socket.recv()
            except websocket.WebSocketTimeoutException:
                return
            if not raw:  # the server closed the socket
                raise websocket.WebSocketConnectionClosedException("the server closed the socket")
            if isinstance(raw, bytes):
                count = int.from_bytes(raw[:4], "big")
                start, end = (int.from_bytes(raw[4 + 4 * index : 8 + 4 * index], "big") for index in range(2))
                raw = raw[start:end] if count > 1 else raw[start:]
            message = json.loads(raw)
            self.heard.append(message)
            yield message

    def comm_msg(self, comm_id: str, data: dict) -> None:
        self.send("comm_msg", {"comm_id": comm_id, "data": data})

    def widget_states(self) -> dict[str, dict]:
        """Every widget the page's kernel holds, by model id, as the page's front end asks for them."""
        control = uuid.uuid4().hex
        self.send(
            "comm_open",
            {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            {"version": CONTROL_PROTOCOL},
        )
        self.comm_msg(control, {"method": "request_states"})
        for message in self.listen(30):
            data = message.get("content", {}).get("data", {})
            if message["msg_type"] == "comm_msg" and data.get("method") == "update_states":
                return {model: entry["state"] for model, entry in data["states"].items()}
        raise AssertionError("the kernel did not send its widgets' states")

    def close(self) -> None:
        self.socket.close()
