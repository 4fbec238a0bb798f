"""Kernels for a public tutor: a cap on how many live at once, no kernel left behind by a
page that was closed or never arrived, none that grows past a memory limit, and pools of
pre-started kernels that wait for room instead of failing, sized for a class
(``class_size``) and refilled in the background: one kernel at a time, so that learners'
clicks keep the processor.

Voila wraps this class in its pooling kernel manager (voila.json names it in
``VoilaConfiguration.multi_kernel_manager_class``), so Voila's pools use it to start their
kernels, and Voila's culler skips the kernels waiting in a pool before asking it.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections import deque
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, cast

import psutil
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Enum, Float, Integer, List, Unicode
from voila.request_info_handler import RequestInfoSocketHandler

from serving import console, delivery, handlers, limits
from widgets.pages import CLASS_PAGE, JOIN_PAGE, LANGUAGES, text

handlers.install()
delivery.install()
limits.install()

BUSY_TEXTS = ("title", "heading", "text", "retry")
ROOM = 10  # kernels beyond the pools a class size makes room for: learners moving on to other pages
# Run in a kernel over its memory limit before it is stopped: its page asks the visitor to reload.
GOODBYE = "from widgets.page_tools import say_out_of_memory; say_out_of_memory()"
GOODBYE_SECONDS = 5  # a kernel too busy to run it is stopped all the same (its page then says the server is lost)


class KernelsBusy(web.HTTPError):
    """Every kernel the machine may hold is taken: the busy page (503.html in the tutor
    template) tells the visitor in their language and tries again by itself."""

    def __init__(self, retry_seconds: int):
        super().__init__(503, reason="Busy")
        self.retry_seconds = retry_seconds
        self.texts = {
            language: {part: text(language, f"publish.busy.{part}", seconds=retry_seconds) for part in BUSY_TEXTS}
            for language in LANGUAGES
        }


class TutorKernelManager(AsyncMappingKernelManager):
    max_kernels = Integer(
        40,
        config=True,
        help="Kernels alive at once, pooled ones included (each holds one page, about 60-90 MB). "
        "A visitor beyond it gets the busy page, which tries again by itself.",
    )
    kernels_per_address = Integer(
        64,
        config=True,
        help="Kernels (open pages) one client address may hold at once, at most address_share of "
        "max_kernels; a page beyond it gets the busy page. 0: no limit. Behind a reverse proxy, list "
        "it in trusted_proxies so that visitors are told apart by the address it names (docs/security.md).",
    )
    address_share = Float(
        0.2,
        config=True,
        help="The share of max_kernels one client address may hold (at least one kernel): one address "
        "can never take every kernel. A school whose class shares one public address and comes "
        "without a proxy lists that address in unlimited_addresses (or raises this to 1).",
    )
    click_idle_timeout = Float(
        900,
        config=True,
        help="Seconds a page a visitor opened may stay without a click before its kernel is shut "
        "down, even with its websocket open: a page's heartbeat and the websocket's pings keep no "
        "kernel. 0: only cull_idle_timeout's rule.",
    )
    trusted_proxies = List(
        Unicode(),
        ["127.0.0.1", "::1"],
        config=True,
        help="Reverse proxies whose X-Forwarded-For header names the visitor's address (the last "
        "one in it, which the proxy added: nginx's $proxy_add_x_forwarded_for). A request from "
        "any other address counts as that address, whatever the header says. A proxy on this "
        "machine is trusted; one on another machine must be listed.",
    )
    unlimited_addresses = List(
        Unicode(),
        ["127.0.0.1", "::1"],
        config=True,
        help="Client addresses kernels_per_address leaves alone: this machine's, where a teacher "
        "trying the tutor out comes from (and a reverse proxy that does not say whom it "
        "forwards, see trusted_proxies).",
    )
    kernel_memory_limit = Integer(
        400,
        config=True,
        help="Megabytes of memory one page's kernel may hold: a page's kernel takes about 75 MB and "
        "grows by some tens as a learner works (benchmarks/kernel_bench.py). A kernel over it is "
        "stopped within memory_check_interval, after its page was told to reload. 0: no limit.",
    )
    memory_check_interval = Float(
        1,
        config=True,
        help="Seconds between two looks at the memory of the kernels pages connected to (a few "
        "hundred microseconds for forty kernels): a kernel growing as fast as the browser lets it "
        "passes kernel_memory_limit by a few MB at most.",
    )
    busy_retry_seconds = Integer(30, config=True, help="The busy page tries again after this many seconds.")
    unclaimed_timeout = Float(
        120,
        config=True,
        help="Seconds a page's kernel may wait for its page to connect (a page that never "
        "rendered, or was closed at once) before it is shut down.",
    )
    class_size = Integer(
        None,
        allow_none=True,
        config=True,
        help=f"Learners who open the tutor at the same moment (a class). The class_page keeps this "
        f"many kernels started (its pool in VoilaKernelManager.kernel_pools_config), "
        f"and max_kernels grows to hold the pools and {ROOM} more.",
    )
    class_page = Enum(
        [CLASS_PAGE, JOIN_PAGE],
        CLASS_PAGE,
        config=True,
        help=f"The page a class opens, which class_size pre-starts kernels for: {CLASS_PAGE} (learners "
        f"take lessons on their own) or {JOIN_PAGE} (they follow the teacher's lesson).",
    )
    pool_starts = Integer(
        1,
        config=True,
        help="Pool kernels that may be starting at once. A pool refills while learners use the "
        "pages, so it refills gently: a kernel counts as starting until its page is built up to "
        "the visitor's request.",
    )
    pool_start_timeout = Float(30, config=True, help="Seconds after which a pool kernel no longer counts as starting.")
    refill_pause = Float(
        5,
        config=True,
        help="While a class comes in (refill_burst pages connecting to their kernels within this "
        "many seconds), the pools wait: the class's pages get the processor first. Otherwise a "
        "pool refills at once, so that the next visitor finds a kernel waiting.",
    )
    refill_burst = Integer(
        5,
        config=True,
        help="Pages connecting within refill_pause seconds that make a class coming in: more than "
        "a few visitors opening pages one after another.",
    )

    if TYPE_CHECKING:  # Voila's pooling manager, which subclasses this one when its pools are on, adds these
        kernel_pools_config: dict[str, dict]
        _pools: dict[str, list]

        def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None) -> None: ...

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._starting = 0
        self._pool_starting: dict[str, float] = {}  # pool kernels not yet waiting for their visitor: since when
        self._seen: dict[str, object] = {}  # kernel id -> when the culler first met it outside a pool
        self._claimed: set[str] = set()  # kernels a page has connected to
        self._stopping: set[str] = set()  # kernels over the memory limit being told and stopped
        self._memory_watch: asyncio.Future | None = None
        self._stops: set[asyncio.Future] = set()
        self._clicks: dict[str, float] = {}  # kernel id -> when its page last sent more than a heartbeat
        self._connects: deque[float] = deque(maxlen=self.refill_burst)  # when the last pages connected (time.monotonic)
        self._last_busy_note = 0.0
        if self.class_size is not None and hasattr(self, "kernel_pools_config"):  # Voila's pools are on
            self._size_for_a_class(self.class_size)

    def _size_for_a_class(self, learners: int) -> None:
        pools = dict(self.kernel_pools_config)
        pools[self.class_page] = {**pools.get(self.class_page, {}), "pool_size": learners}
        console.class_page = self.class_page
        self.kernel_pools_config = pools
        pooled = sum(pool.get("pool_size", 0) for name, pool in pools.items() if name != "default")
        self.max_kernels = max(self.max_kernels, pooled + ROOM)

    def has_room(self, keep_free: int = 0) -> bool:
        return len(self) + self._starting + keep_free < self.max_kernels

    def held_by(self, address: str) -> int:
        """Live kernels serving pages that ``address`` asked for, and its page requests under way
        that have no kernel noted yet (handlers.pending)."""
        owned = sum(1 for kernel_id, owner in handlers.owners.items() if owner == address and kernel_id in self)
        return owned + handlers.pending[address]

    def address_limit(self) -> int:
        """Kernels one client address may hold: kernels_per_address, within address_share of max_kernels."""
        share = max(1, int(self.max_kernels * self.address_share))
        return min(self.kernels_per_address, share) if self.kernels_per_address else share

    def admit(self, address: str) -> None:
        """Refuse (KernelsBusy) a page for a client address that holds its limit of kernels
        (address_limit); otherwise count the request for that address at once (handlers.pending):
        requests that arrive together are checked one after another, each seeing the others."""
        if address in self.unlimited_addresses:
            return
        if self.held_by(address) >= self.address_limit():
            self.log.warning("Refused a page to %s: it holds %d kernels", address, self.held_by(address))
            raise KernelsBusy(self.busy_retry_seconds)
        handlers.pending[address] += 1

    def _waits_in_a_pool(self, task) -> bool:
        return any(task in pool for pool in getattr(self, "_pools", {}).values())

    async def start_kernel(self, *args, **kwargs):
        """A visitor's kernel starts now or not at all (KernelsBusy). A pool's kernel waits
        until it can start and still leave room for one visitor, so that a kernel set free
        goes to someone waiting rather than to a pool, until fewer than ``pool_starts``
        other pool kernels are starting, and while no class is coming in (``refill_burst``
        pages connecting within ``refill_pause`` seconds); if a visitor takes it from its pool
        meanwhile, it starts for that visitor at once, or tells them the tutor is busy."""
        for_a_pool = kwargs.get("env", {}).get("VOILA_PREHEAT") == "True"
        while True:
            pooled = for_a_pool and self._waits_in_a_pool(asyncio.current_task())
            self._forget_started()
            if self.has_room(keep_free=1 if pooled else 0) and not (pooled and self._pool_busy()):
                break
            if not pooled:
                self._note_busy()
                raise KernelsBusy(self.busy_retry_seconds)
            await asyncio.sleep(0.5)
        server_url = getattr(self.parent, "server_url", None)
        if server_url:  # the tutor's own server, which serves the widgets' files (serving.delivery)
            kwargs["env"] = {
                **kwargs.get("env", os.environ),
                delivery.STATIC_URL_VARIABLE: delivery.static_url(server_url),
            }
        if for_a_pool and getattr(self.parent, "port", None):
            # The port in use: Voila names its pools' port before it found a free one, and
            # the kernel asks the server there for its visitor's request.
            kwargs["env"] = {**kwargs["env"], "VOILA_APP_PORT": str(self.parent.port)}
        # What the kernel writes to its file descriptors stays in the server's log instead of
        # going to the page as well (ipykernel's default), tracebacks of C extensions included.
        kwargs["extra_arguments"] = [*kwargs.get("extra_arguments", []), "--IPKernelApp.capture_fd_output=False"]
        self._starting += 1
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1
        if for_a_pool:
            self._pool_starting[kernel_id] = time.monotonic()
            handlers.expected.add(kernel_id)
        else:  # started for a page request
            handlers.note_owner(kernel_id)
        return kernel_id

    def _pool_busy(self) -> bool:
        return len(self._pool_starting) + self._starting >= self.pool_starts or self._class_coming_in()

    def _class_coming_in(self) -> bool:
        """The last ``refill_burst`` pages all connected within ``refill_pause`` seconds."""
        connects = self._connects
        return len(connects) == connects.maxlen and time.monotonic() - connects[0] <= self.refill_pause

    def _forget_started(self) -> None:
        """A pool kernel has started once its page waits for the visitor's request (it
        opened its request socket: widgets.visitor), is gone, or took too long."""
        for kernel_id, began in list(self._pool_starting.items()):
            if (
                kernel_id in RequestInfoSocketHandler._waiters
                or kernel_id not in self
                or time.monotonic() - began > self.pool_start_timeout
            ):
                del self._pool_starting[kernel_id]

    def _note_busy(self) -> None:
        """One line a minute at most in the console, however many visitors wait."""
        if time.monotonic() - self._last_busy_note > 60:
            self._last_busy_note = time.monotonic()
            self.log.warning(text(console.console_language(), "publish.console.busy", count=len(self)))

    def clicked(self, kernel_id: str) -> None:
        """A page sent its kernel something other than its heartbeat (serving.limits)."""
        self._clicks[kernel_id] = time.monotonic()

    def notify_connect(self, kernel_id):
        if self._memory_watch is None:
            self._memory_watch = asyncio.ensure_future(self._watch_memory())
        self._clicks.setdefault(kernel_id, time.monotonic())
        self._claimed.add(kernel_id)
        self._connects.append(time.monotonic())
        super().notify_connect(kernel_id)

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        self._seen.pop(kernel_id, None)
        self._claimed.discard(kernel_id)
        self._clicks.pop(kernel_id, None)
        handlers.owners.pop(kernel_id, None)
        handlers.forget(kernel_id)
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
        shut down after ``unclaimed_timeout`` without activity, even if it is busy; the
        others follow ``cull_idle_timeout``. A kernel a page connected to (only a page can
        make it grow) that holds more than ``kernel_memory_limit`` is stopped."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None:  # shut down while the culler went through the others
            return
        if await self._stopped_over_limit(kernel_id):
            return
        clicked = self._clicks.get(kernel_id)
        if self.click_idle_timeout and clicked is not None and time.monotonic() - clicked > self.click_idle_timeout:
            self.log.debug("Shutting down kernel %s: its page sent no click for a long time", kernel_id)
            await self.shutdown_kernel(kernel_id)
            return
        now = datetime.now(UTC)
        seen = self._seen.setdefault(kernel_id, now)
        if getattr(kernel, "last_activity", now) < seen:
            kernel.last_activity = seen
        quiet = now - kernel.last_activity
        # Busy or idle: a kernel that no page connected to and that did nothing for so long is
        # stuck (waiting for a request that will never come) or was fetched by a script.
        if kernel_id not in self._claimed and quiet > timedelta(seconds=self.unclaimed_timeout):
            self.log.debug("Shutting down kernel %s: no page connected to it", kernel_id)
            await self.shutdown_kernel(kernel_id)
            return
        await super().cull_kernel_if_idle(kernel_id)

    async def _stopped_over_limit(self, kernel_id: str) -> bool:
        """A kernel a page connected to (only a page can make it grow) that holds more than
        ``kernel_memory_limit`` is stopped, its page told why."""
        if kernel_id not in self._claimed or not self.kernel_memory_limit or kernel_id in self._stopping:
            return False
        held = self._megabytes(kernel_id)
        if held <= self.kernel_memory_limit:
            return False
        self._stopping.add(kernel_id)
        self.log.warning("Stopping kernel %s: it holds %d MB (limit %d)", kernel_id, held, self.kernel_memory_limit)
        try:
            await self._say_goodbye(kernel_id)
        finally:
            self._stopping.discard(kernel_id)
            if kernel_id in self:
                await self.shutdown_kernel(kernel_id, now=True)
        return True

    async def _watch_memory(self) -> None:
        """Every memory_check_interval, the kernels pages connected to (the culler's rounds are far apart)."""
        while self.kernel_memory_limit and self.memory_check_interval > 0:
            await asyncio.sleep(self.memory_check_interval)
            for kernel_id in list(self._claimed):
                if (
                    kernel_id in self
                    and kernel_id not in self._stopping
                    and self._megabytes(kernel_id) > self.kernel_memory_limit
                ):
                    stop = asyncio.ensure_future(self._stopped_over_limit(kernel_id))
                    self._stops.add(stop)  # kept until done: the others are checked meanwhile
                    stop.add_done_callback(self._stops.discard)

    def _megabytes(self, kernel_id: str) -> float:
        """The kernel's resident memory (0 if it has no process any more)."""
        process_id = getattr(getattr(self._kernels.get(kernel_id), "provisioner", None), "pid", None)
        try:
            return psutil.Process(process_id).memory_info().rss / 2**20 if process_id else 0
        except psutil.Error:  # ended meanwhile
            return 0

    async def _say_goodbye(self, kernel_id: str) -> None:
        """The kernel tells its page why it is stopped (widgets.page_tools), if it can within GOODBYE_SECONDS."""
        client = cast(AsyncKernelClient, self.get_kernel(kernel_id).client())
        client.start_channels()
        try:
            await client.execute_interactive(
                GOODBYE, silent=True, store_history=False, timeout=GOODBYE_SECONDS, output_hook=lambda _: None
            )
            await asyncio.sleep(1)  # for the page's own connection to pass the change on
        except TimeoutError:
            self.log.warning("Kernel %s did not tell its page why it is stopped", kernel_id)
        finally:
            client.stop_channels()
