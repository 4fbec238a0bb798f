"""The pages' one background loop: a ``Poller`` calls a page's function on the kernel's asyncio
event loop, at once when started and then every so often until stopped. The play page paces
its computer players with one; each classroom page polls its class with one.

The kernel handles the page's messages on that same loop, so a tick never runs in the middle
of a click: between two ticks the page answers its visitor."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from widgets.guard import log


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop (in Voila and Jupyter); None in plain Python, as in tests."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Poller:
    """Calls ``tick()`` at once when started, then ``interval`` seconds after each tick (a
    number, or a function asked after each tick), until ``stop()``, which ``tick`` may call.

    A tick that raises is a bug: its traceback goes to the server's log after the words
    ``stopped`` (never to the page), the poller stops, and ``failed()`` says on the page, in
    words, that it stopped."""

    def __init__(
        self,
        tick: Callable[[], None],
        interval: float | Callable[[], float],
        *,
        stopped: str,
        failed: Callable[[], None],
    ):
        self.tick = tick
        self.interval = interval if callable(interval) else lambda: interval
        self.stopped = stopped
        self.failed = failed
        self._task: asyncio.Task | None = None

    @property
    def running(self) -> bool:
        return self._task is not None

    def start(self) -> bool:
        """Tick from now on (started afresh if running). False outside an event loop (plain
        Python), where nothing ticks: the caller does the work itself or not at all."""
        self.stop()
        loop = running_loop()
        if loop is None:
            return False
        self._task = loop.create_task(self._run())
        return True

    def stop(self) -> None:
        """No tick after this (one under way, the caller itself perhaps, finishes first)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()

    async def _run(self) -> None:
        task = asyncio.current_task()
        while self._task is task:  # stopped (cancelled, at its next wait) or started anew: this loop is done
            try:
                self.tick()
            except Exception:
                self.stop()
                log.exception(self.stopped)
                try:
                    self.failed()
                except Exception:
                    log.exception("Could not say on the page: %s", self.stopped)
                return
            await asyncio.sleep(self.interval())
