"""The request a pre-started kernel's page waits for: Voila's ``voila.utils.wait_for_request``,
spoken without importing Voila, whose import (its server, nbconvert, JupyterLab's server
and theirs: over 700 modules) took 45 MB of every pool kernel's memory.

Voila starts a pool's kernel with where its server is (``VOILA_APP_PORT``, ...) and the
kernel's id; the page's code opens a websocket at ``voila/query/<kernel id>`` there and
receives the visitor's request details (the query string, the headers voila.json names)
as one JSON message, which become environment variables as they would for a kernel
started for the visitor.

The kernel waits for as long as it sits in its pool, but not for a server that went silent
or refused it: the socket is pinged every ``PING_SECONDS``, and a ping left unanswered as
long (then the socket is closed, waiting as long at most), a refusal
(``serving.handlers.PoolQuerySocket``) or a closed socket ends the wait. The page then
speaks the defaults, and the server's log says why.
"""

from __future__ import annotations

import json
import os
import sys

from websockets.exceptions import WebSocketException
from websockets.sync.client import connect  # Voila's own dependency, for this same socket

OPEN_TIMEOUT = 5  # seconds, as Voila's
PING_SECONDS = 30  # between pings, for the answer to one, and to close: a silent server is left within 90 s


def query_address() -> str:
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID')}"


def wait_for_request() -> None:
    """Once a visitor asks for this kernel's page: their request's details in os.environ."""
    address = query_address()
    try:
        with connect(
            address,
            open_timeout=OPEN_TIMEOUT,
            ping_interval=PING_SECONDS,
            ping_timeout=PING_SECONDS,
            close_timeout=PING_SECONDS,
            max_size=None,
            proxy=None,  # the server is this machine's own: never through the machine's HTTP proxy
        ) as socket:
            details = socket.recv()
    except (TimeoutError, OSError, WebSocketException) as error:  # the page then speaks the defaults
        print(f"No request details from {address}: {error}", file=sys.__stderr__)
        return
    os.environ.update(json.loads(details))
