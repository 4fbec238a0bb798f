"""What one visitor's connections may cost the server that every page shares.

- A page's kernel websocket (Jupyter's ``ZMQChannelsWebsocketConnection``): what it sends in is
  rate-limited (``RATE`` messages a second after a ``BURST``), a message identical to the one
  before it is dropped (a browser never sends one twice: each has its own id), and the page's
  heartbeat (widgets/page_tools.py) is told apart from clicks, so that a page that only keeps
  its connection alive counts as idle (``TutorKernelManager.click_idle_timeout``).
- What the server sends a client that does not read waits in that connection's buffer: beyond
  ``MAX_UNSENT`` bytes the connection is closed instead of holding the server's memory.
"""

from __future__ import annotations

import logging
import time

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado import websocket

log = logging.getLogger(__name__)

RATE, BURST = 30.0, 300  # messages a second a page may send, and how many at once (a page's start sends ~100)
HEARTBEAT = b'"ping"'  # a page's heartbeat: {"ping": <time>}, and nothing else
HEARTBEAT_MAX_BYTES = 1024
MAX_UNSENT = 8 * 2**20  # bytes waiting for a client that does not read: a page's whole state is ~1 MB


class Budget:
    """A token bucket: ``spend`` says whether one more message fits."""

    def __init__(self) -> None:
        self.tokens, self.when = float(BURST), time.monotonic()
        self.dropped = 0

    def spend(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.when) * RATE)
        self.when = now
        if self.tokens < 1:
            self.dropped += 1
            return False
        self.tokens -= 1
        return True


def _as_bytes(message: str | bytes) -> bytes:
    return message if isinstance(message, bytes) else message.encode("utf-8", "replace")


def _guarded(original):
    def handle_incoming_message(self, incoming_msg) -> None:
        raw = _as_bytes(incoming_msg)
        if raw == getattr(self, "_tutor_last", None):
            _note(self, "Dropped a repeated message from a page")
            return
        self._tutor_last = raw
        budget = self.__dict__.setdefault("_tutor_budget", Budget())
        if not budget.spend():
            _note(self, "Dropped messages from a page beyond its rate")
            return
        if not (len(raw) <= HEARTBEAT_MAX_BYTES and HEARTBEAT in raw):
            clicked = getattr(self.multi_kernel_manager, "clicked", None)
            if clicked is not None:
                clicked(self.kernel_id)
        original(self, incoming_msg)

    handle_incoming_message.tutor_guarded = True
    return handle_incoming_message


def _note(connection, what: str) -> None:
    """One line a minute per connection and kind at most: a flood must not fill the log."""
    now, noted = time.monotonic(), connection.__dict__.setdefault("_tutor_noted", {})
    if now - noted.get(what, -60.0) >= 60:
        noted[what] = now
        log.warning("%s (kernel %s)", what, connection.kernel_id)


def _bounded(original):
    def write_message(self, message, binary=False):
        connection = self.ws_connection
        stream = getattr(connection, "stream", None)
        if stream is not None and len(stream._write_buffer) > MAX_UNSENT:
            if not stream.closed():
                log.warning(
                    "Closed a websocket whose client does not read (%d bytes unsent)", len(stream._write_buffer)
                )
                stream.close()
            raise websocket.WebSocketClosedError()
        return original(self, message, binary)

    write_message.tutor_bounded = True
    return write_message


def install() -> None:
    connection = ZMQChannelsWebsocketConnection
    if not getattr(connection.handle_incoming_message, "tutor_guarded", False):
        connection.handle_incoming_message = _guarded(connection.handle_incoming_message)  # type: ignore[method-assign]
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler as handler

    if not getattr(handler.write_message, "tutor_bounded", False):
        handler.write_message = _bounded(handler.write_message)  # type: ignore[method-assign]
