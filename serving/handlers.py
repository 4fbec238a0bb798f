"""Voila's request handlers, closed to what a visitor should not choose.

The socket on which a pool kernel waits for its visitor's request is closed to everyone else.

Voila's own handler (``voila.request_info_handler``) lets any client open a socket under any
kernel id, replacing the waiter already there, and its ``on_close`` deletes the *last* waiter
when its own was replaced: two sockets under a made-up id, one closed, and a pool kernel's
waiter is gone, so that kernel waits for ever and its page shows "Running..." for ever.
Here a socket is taken only for a kernel this server started for a pool that has neither a
waiter nor its request yet (``expected``): a visitor's socket under any other id, their own
page's kernel included, would never get a request and would stay open after that kernel
ended. Closing a socket removes only its own entry, and a kernel shut down takes its waiter
and its undelivered request along (``forget``).

A page's address cannot choose the site's template or theme: Voila's classic, lab and reveal
templates load scripts from public CDNs, and an address asking for another one skipped the
pool (a fresh kernel for every such request).

Each page's kernel is noted with the client address that asked for it (``owners``), so that
the kernel manager can cap the kernels one address holds (``TutorKernelManager.kernels_per_address``).
Behind a reverse proxy that address is the one the proxy names in X-Forwarded-For, believed
only when the request comes from a proxy listed in ``TutorKernelManager.trusted_proxies``.
"""

from __future__ import annotations

import ipaddress
import logging
from collections import Counter
from collections.abc import Collection
from contextvars import ContextVar

import voila.app
import voila.handler
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.handler import TornadoVoilaHandler

IGNORED_ARGUMENTS = ("template", "theme")
UNKNOWN = "unknown"  # a client a trusted proxy could not name

log = logging.getLogger(__name__)

# The client address of the page request being served, while Voila gets that page a kernel.
visitor_address: ContextVar[str | None] = ContextVar("visitor_address", default=None)
CLIENT_HEADER = "X-Tutor-Client"
owners: dict[str, str] = {}  # kernel id -> the client address whose page request it serves
expected: set[str] = set()  # pool kernels that may wait for their request: started, not yet sent it
pending: Counter[str] = Counter()  # client address -> its page requests under way with no kernel noted yet
# The page request being served has its kernel noted (a list, so that the request sees it was).
noted: ContextVar[list[str] | None] = ContextVar("noted", default=None)


def note_owner(kernel_id: str) -> None:
    """The kernel now serves the page request under way: it counts for that request's address,
    which stops counting the request itself (``pending``)."""
    address = visitor_address.get()
    if address is None:
        return
    owners[kernel_id] = address
    settle(address)


def settle(address: str) -> None:
    """The request under way stops counting as pending, once."""
    request = noted.get()
    if request is not None and not request:
        request.append(address)
        pending[address] -= 1
        if pending[address] <= 0:
            del pending[address]


def client_address(peer: str, forwarded_for: str | None, proxies: Collection[str]) -> str:
    """The address a request comes from: its peer's, or if that is a trusted proxy, the one
    the proxy added last to X-Forwarded-For (and so on through a chain of trusted proxies).
    What the client itself wrote there comes before it and is never reached; a hop that is
    not an address (nginx writes ``unknown``) stops the walk there and counts as one client,
    ``UNKNOWN``: not the trusted proxy, which is left unlimited."""
    address = peer
    hops = [hop.strip() for hop in (forwarded_for or "").split(",") if hop.strip()]
    while address in proxies and hops:
        try:
            address = str(ipaddress.ip_address(hops.pop()))
        except ValueError:
            return UNKNOWN
    return address


class PoolQuerySocket(RequestInfoSocketHandler):
    """Shares Voila's ``_waiters`` and ``_cache`` (class attributes), so Voila's page
    handler, which sends each visitor's request through them, needs no change."""

    def open(self, kernel_id: str) -> None:
        if kernel_id in self._waiters or kernel_id not in expected:
            log.warning("Refused a request-info socket for kernel %s: not a pool kernel waiting for it", kernel_id)
            self.close(code=1008)  # policy violation
            return
        super().open(kernel_id)
        if self._cache.pop(kernel_id, None) is not None:  # its request came first and is sent now
            expected.discard(kernel_id)

    def on_close(self) -> None:
        for kernel_id, waiter in list(self._waiters.items()):
            if waiter is self:
                del self._waiters[kernel_id]

    @classmethod
    def send_updates(cls, msg: dict) -> None:
        """Voila hands a pool kernel to a page request here: note whose it is now."""
        note_owner(msg["kernel_id"])
        super().send_updates(msg)
        if msg["kernel_id"] not in cls._cache:  # sent to its waiter
            expected.discard(msg["kernel_id"])


def forget(kernel_id: str) -> None:
    """A kernel is shut down: its waiter is closed and its request, if it never came for it, dropped."""
    expected.discard(kernel_id)
    RequestInfoSocketHandler._cache.pop(kernel_id, None)
    waiter = RequestInfoSocketHandler._waiters.pop(kernel_id, None)
    if waiter is not None:
        waiter.close()


class PageHandler(TornadoVoilaHandler):
    """Voila's page handler, deaf to ``?template=`` and ``?theme=``."""

    def prepare(self):
        for name in IGNORED_ARGUMENTS:
            self.request.arguments.pop(name, None)
            self.request.query_arguments.pop(name, None)
        return super().prepare()

    async def get(self, path=None):
        """Voila's page, unless this client address holds too many kernels already (the busy page)."""
        proxies = getattr(self.kernel_manager, "trusted_proxies", ())
        address = client_address(self.request.remote_ip or "", self.request.headers.get("X-Forwarded-For"), proxies)
        admit = getattr(self.kernel_manager, "admit", None)
        counted = admit is not None and address not in getattr(self.kernel_manager, "unlimited_addresses", ())
        if admit is not None:
            admit(address)  # counts this request for its address at once, if it is limited
        # the page's kernel gets it as HTTP_X_TUTOR_CLIENT (voila.json's http_header_envs): class codes
        # guessed wrong and long lessons shared are counted per address too (tutor.classroom), except
        # for the unlimited addresses (a proxy that names no visitor, a school's); whatever the visitor
        # wrote is replaced
        self.request.headers[CLIENT_HEADER] = address if counted else ""
        token, request = visitor_address.set(address), noted.set([] if counted else [address])
        try:
            await super().get(path)
        finally:
            settle(address)  # no kernel noted (the busy page, an error): the request counts no more
            noted.reset(request)
            visitor_address.reset(token)


def install() -> None:
    """Voila's app looks its handlers up by these names when it builds its routes, after it
    loaded the kernel manager class (serving.kernels, which calls this)."""
    voila.app.RequestInfoSocketHandler = PoolQuerySocket
    voila.app.TornadoVoilaHandler = PageHandler
    voila.handler.RequestInfoSocketHandler = PoolQuerySocket  # where Voila hands out pool kernels
