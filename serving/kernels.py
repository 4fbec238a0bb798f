"""Kernels for a public tutor: a cap on how many live at once, no kernel left behind by a
page that was closed or never arrived, and pools of pre-started kernels that wait for
room instead of failing.

Voila wraps this class in its pooling kernel manager (voila.json names it in
``VoilaConfiguration.multi_kernel_manager_class``), so Voila's pools use it to start their
kernels, and Voila's culler skips the kernels waiting in a pool before asking it.
"""
from __future__ import annotations

import asyncio
import time
from datetime import datetime, timedelta, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Integer

from serving.console import console_language
from serving.pages import LANGUAGES, text

BUSY_TEXTS = ("title", "heading", "text", "retry")


class KernelsBusy(web.HTTPError):
    """Every kernel the machine may hold is taken: the busy page (503.html in the tutor
    template) tells the visitor in their language and tries again by itself."""

    def __init__(self, retry_seconds: int):
        super().__init__(503, reason="Busy")
        self.retry_seconds = retry_seconds
        self.texts = {language: {part: text(language, f"publish.busy.{part}", seconds=retry_seconds)
                                 for part in BUSY_TEXTS} for language in LANGUAGES}


class TutorKernelManager(AsyncMappingKernelManager):
    max_kernels = Integer(
        40, config=True,
        help="Kernels alive at once, pooled ones included (each holds one page, about 60-90 MB). "
             "A visitor beyond it gets the busy page, which tries again by itself.")
    busy_retry_seconds = Integer(30, config=True, help="The busy page tries again after this many seconds.")
    unclaimed_timeout = Float(
        120, config=True,
        help="Seconds a page's kernel may wait for its page to connect (a page that never "
             "rendered, or was closed at once) before it is shut down.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._starting = 0
        self._seen: dict[str, object] = {}  # kernel id -> when the culler first met it outside a pool
        self._claimed: set[str] = set()  # kernels a page has connected to
        self._last_busy_note = 0.0

    def has_room(self, keep_free: int = 0) -> bool:
        return len(self) + self._starting + keep_free < self.max_kernels

    def _waits_in_a_pool(self, task) -> bool:
        return any(task in pool for pool in getattr(self, "_pools", {}).values())

    async def start_kernel(self, *args, **kwargs):
        """A visitor's kernel starts now or not at all (KernelsBusy). A pool's kernel waits
        until it can start and still leave room for one visitor, so that a kernel set free
        goes to someone waiting rather than to a pool; if a visitor takes it from its pool
        meanwhile, it starts for that visitor, or tells them the tutor is busy."""
        for_a_pool = kwargs.get("env", {}).get("VOILA_PREHEAT") == "True"
        while True:
            pooled = for_a_pool and self._waits_in_a_pool(asyncio.current_task())
            if self.has_room(keep_free=1 if pooled else 0):
                break
            if not pooled:
                self._note_busy()
                raise KernelsBusy(self.busy_retry_seconds)
            await asyncio.sleep(1)
        self._starting += 1
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1

    def _note_busy(self) -> None:
        """One line a minute at most in the console, however many visitors wait."""
        if time.monotonic() - self._last_busy_note > 60:
            self._last_busy_note = time.monotonic()
            self.log.warning(text(console_language(), "publish.console.busy", count=len(self)))

    def notify_connect(self, kernel_id):
        self._claimed.add(kernel_id)
        super().notify_connect(kernel_id)

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        self._seen.pop(kernel_id, None)
        self._claimed.discard(kernel_id)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)

    async def cull_kernels(self):
        await super().cull_kernels()
        self._top_up_pools()

    def _top_up_pools(self) -> None:
        """Refill pools that lost a kernel to a visitor who then got the busy page (Voila
        refills a pool only after a kernel from it served a page)."""
        for notebook in list(getattr(self, "_pools", {})):
            self.fill_if_needed(delay=0, notebook_name=notebook)

    async def cull_kernel_if_idle(self, kernel_id):
        """Only kernels outside the pools come here. A kernel's idle time starts when it
        leaves its pool, not when it was pre-started; one that no page connected to is
        shut down after ``unclaimed_timeout``; the others follow ``cull_idle_timeout``."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None:  # shut down while the culler went through the others
            return
        now = datetime.now(timezone.utc)
        seen = self._seen.setdefault(kernel_id, now)
        if getattr(kernel, "last_activity", now) < seen:
            kernel.last_activity = seen
        quiet = now - kernel.last_activity
        if (kernel_id not in self._claimed and getattr(kernel, "execution_state", None) == "idle"
                and quiet > timedelta(seconds=self.unclaimed_timeout)):
            self.log.debug("Shutting down kernel %s: no page connected to it", kernel_id)
            await self.shutdown_kernel(kernel_id)
            return
        await super().cull_kernel_if_idle(kernel_id)
