"""What one visitor's connections may cost the server that every page shares.

- A page's kernel websocket (Jupyter's ``ZMQChannelsWebsocketConnection``): what it sends in is
  rate-limited (``RATE`` messages a second after a ``BURST``), a message identical to the one
  before it is dropped (a browser never sends one twice: each has its own id), and the page's
  heartbeat (widgets/page_tools.py) is told apart from clicks, so that a page that only keeps
  its connection alive counts as idle (``TutorKernelManager.click_idle_timeout``).
- What the server sends a client that does not read waits in that connection's buffer: beyond
  ``MAX_UNSENT`` bytes the connection is closed instead of holding the server's memory.
- A connection has ``HEADER_SECONDS`` to send its request's headers (Tornado waited an hour:
  1,000 connections sending a header line every 10 s were all held), ``BODY_SECONDS`` for its
  body, and headers of at most ``MAX_HEADER_BYTES``.
- One client address holds at most ``CONNECTIONS_PER_ADDRESS`` connections (websockets
  included; a page takes about 7): more are closed as they come. This machine's addresses,
  where a reverse proxy comes from, are left alone.
- No ``Server`` header naming Tornado's version, and Voila's contents API (which lists the
  notebooks' folder) answers 404: the pages do not use it.
"""

from __future__ import annotations

import logging
import time

import voila.app
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.utils import url_path_join
from tornado import httpserver, web, websocket

log = logging.getLogger(__name__)

RATE, BURST = 30.0, 300  # messages a second a page may send, and how many at once (a page's start sends ~100)
HEARTBEAT = b'"ping"'  # a page's heartbeat: {"ping": <time>}, and nothing else
HEARTBEAT_MAX_BYTES = 1024
MAX_UNSENT = 8 * 2**20  # bytes waiting for a client that does not read: a page's whole state is ~1 MB
HEADER_SECONDS, BODY_SECONDS = 10.0, 60.0  # a record upload (1 MiB) on a slow phone takes some seconds
MAX_HEADER_BYTES = 16 * 1024
CONTENTS_ROUTE = "voila/api/contents(.*)"
CONNECTIONS_PER_ADDRESS = 100
PROXY_PEERS = ("127.0.0.1", "::1")  # a proxy on this machine: the tutor counts its visitors by X-Forwarded-For
_open: dict[str, list] = {}  # client address -> its streams (closed ones pruned as the next one comes)


class Closed(web.RequestHandler):
    def prepare(self) -> None:
        raise web.HTTPError(404)


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


def _short_waits(original):
    def initialize(self, *args, **kwargs) -> None:
        kwargs.setdefault("idle_connection_timeout", HEADER_SECONDS)  # Tornado's header timeout too
        kwargs.setdefault("body_timeout", BODY_SECONDS)
        kwargs.setdefault("max_header_size", MAX_HEADER_BYTES)
        original(self, *args, **kwargs)

    initialize.tutor_short = True
    return initialize


def _counted(original):
    def handle_stream(self, stream, address) -> None:
        peer = address[0] if isinstance(address, tuple) else ""
        if peer and peer not in PROXY_PEERS:
            streams = _open[peer] = [held for held in _open.get(peer, []) if not held.closed()]
            if len(streams) >= CONNECTIONS_PER_ADDRESS:
                if len(streams) == CONNECTIONS_PER_ADDRESS:  # said once per flood, not per connection
                    log.warning("Closed connections from %s beyond %d", peer, CONNECTIONS_PER_ADDRESS)
                    streams.append(stream)  # a closed one: pruned next time
                stream.close()
                return
            streams.append(stream)
        original(self, stream, address)

    handle_stream.tutor_counted = True
    return handle_stream


def _nameless(original):
    def clear(self) -> None:
        original(self)
        self.clear_header("Server")

    clear.tutor_nameless = True
    return clear


def _without_contents(original):
    def init_handlers(self: voila.app.Voila) -> list:
        return [(url_path_join(self.server_url, CONTENTS_ROUTE), Closed), *original(self)]

    init_handlers.__dict__.update(original.__dict__)  # serving.delivery's mark
    init_handlers.tutor_closed = True
    return init_handlers


def install() -> None:
    if not getattr(httpserver.HTTPServer.initialize, "tutor_short", False):
        httpserver.HTTPServer.initialize = _short_waits(httpserver.HTTPServer.initialize)  # type: ignore[method-assign]
    if not getattr(httpserver.HTTPServer.handle_stream, "tutor_counted", False):
        httpserver.HTTPServer.handle_stream = _counted(httpserver.HTTPServer.handle_stream)  # type: ignore[method-assign]
    if not getattr(web.RequestHandler.clear, "tutor_nameless", False):
        web.RequestHandler.clear = _nameless(web.RequestHandler.clear)  # type: ignore[method-assign]
    if not getattr(voila.app.Voila.init_handlers, "tutor_closed", False):
        voila.app.Voila.init_handlers = _without_contents(voila.app.Voila.init_handlers)
    connection = ZMQChannelsWebsocketConnection
    if not getattr(connection.handle_incoming_message, "tutor_guarded", False):
        connection.handle_incoming_message = _guarded(connection.handle_incoming_message)  # type: ignore[method-assign]
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler as handler

    if not getattr(handler.write_message, "tutor_bounded", False):
        handler.write_message = _bounded(handler.write_message)  # type: ignore[method-assign]
