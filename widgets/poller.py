"""The pages' one background loop: a ``Poller`` calls a page's function on the kernel's asyncio
event loop, at once when started and then every so often until stopped. The play page paces
its computer players with one; each classroom page polls its class with one.

The kernel handles the page's messages on that same loop, so a tick never runs in the middle
of a click: between two ticks the page answers its visitor.

No poller ticks before the page is on screen (``PAGE``). Voila's page builds its widgets
from one snapshot of their state and only then listens to each of them: a change the kernel
made meanwhile never reached it, and the page kept showing, say, a computer player thinking
when the game had come to the person's turn."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from widgets.guard import log


class PageOnScreen:
    """Whether this kernel's page is on screen: the browser built the widgets it shows, so every
    change made from now on reaches them. A widget's view says so once it is drawn (tutor.js,
    classroom.js); ``wait()`` returns then, at once if it is already."""

    def __init__(self) -> None:
        self.shown = False
        self._waiting: list[tuple[asyncio.AbstractEventLoop, asyncio.Future]] = []

    def show(self) -> None:
        self.shown = True
        waiting, self._waiting = self._waiting, []
        for loop, future in waiting:
            if not loop.is_closed():  # (a test's loop, gone)
                loop.call_soon_threadsafe(_settle, future)

    async def wait(self) -> None:
        if not self.shown:
            loop = asyncio.get_running_loop()
            future = loop.create_future()
            self._waiting.append((loop, future))
            await future


def _settle(future: asyncio.Future) -> None:
    if not future.done():  # (a poller stopped meanwhile cancelled it)
        future.set_result(None)


PAGE = PageOnScreen()  # one page per kernel (Voila's); in JupyterLab, any output drawn so far


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop (in Voila and Jupyter); None in plain Python, as in tests."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Poller:
    """Calls ``tick()`` at once when started (once the page is on screen), then ``interval``
    seconds after each tick (a number, or a function asked after each tick), until ``stop()``,
    which ``tick`` may call.

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
        await PAGE.wait()
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
