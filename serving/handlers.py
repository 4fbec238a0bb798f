"""Voila's request handlers, closed to what a visitor should not choose.

The socket on which a pool kernel waits for its visitor's request is closed to everyone else.

Voila's own handler (``voila.request_info_handler``) lets any client open a socket under any
kernel id, replacing the waiter already there, and its ``on_close`` deletes the *last* waiter
when its own was replaced: two sockets under a made-up id, one closed, and a pool kernel's
waiter is gone, so that kernel waits for ever and its page shows "Running..." for ever.
Here a socket is taken only for a kernel this server runs that has no waiter yet, and
closing it removes only its own entry.

A page's address cannot choose the site's template or theme: Voila's classic, lab and reveal
templates load scripts from public CDNs, and an address asking for another one skipped the
pool (a fresh kernel for every such request).
"""

from __future__ import annotations

import logging

import voila.app
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.handler import TornadoVoilaHandler

IGNORED_ARGUMENTS = ("template", "theme")

log = logging.getLogger(__name__)


class PoolQuerySocket(RequestInfoSocketHandler):
    """Shares Voila's ``_waiters`` and ``_cache`` (class attributes), so Voila's page
    handler, which sends each visitor's request through them, needs no change."""

    def open(self, kernel_id: str) -> None:
        kernels = self.settings.get("kernel_manager")
        if kernel_id in self._waiters or (kernels is not None and kernel_id not in kernels):
            log.warning("Refused a request-info socket for kernel %s: unknown or already waiting", kernel_id)
            self.close(code=1008)  # policy violation
            return
        super().open(kernel_id)

    def on_close(self) -> None:
        for kernel_id, waiter in list(self._waiters.items()):
            if waiter is self:
                del self._waiters[kernel_id]


class PageHandler(TornadoVoilaHandler):
    """Voila's page handler, deaf to ``?template=`` and ``?theme=``."""

    def prepare(self):
        for name in IGNORED_ARGUMENTS:
            self.request.arguments.pop(name, None)
            self.request.query_arguments.pop(name, None)
        return super().prepare()


def install() -> None:
    """Voila's app looks its handlers up by these names when it builds its routes, after it
    loaded the kernel manager class (serving.kernels, which calls this)."""
    voila.app.RequestInfoSocketHandler = PoolQuerySocket
    voila.app.TornadoVoilaHandler = PageHandler
