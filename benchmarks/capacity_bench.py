"""How big a class one server holds, measured without browsers: every learner and the teacher
speak to their page's kernel as the page's front end does.

    .venv/bin/python benchmarks/capacity_bench.py [--learners 1 10 20 40 60] [--store sqlite|redis]
                                                  [--rounds 3] [--browsers 1]

For each class size N a fresh Voila server starts with the repository's voila.json, the join
page's pool sized for the class (``classroom/join.ipynb``: N kernels started ahead, and
``max_kernels`` raised to hold the pools and ten more) and its classes in a throwaway store
(SQLite in a temporary folder, or a throwaway redis-server); the class starts once the pools
are full and quiet.

Everyone is protocol-level: a page is fetched over HTTP, then its kernel's websocket carries
Jupyter's kernel messages as JSON, as Voila's front end sends them (every widget's state asked
for on the ``jupyter.widget.control`` comm, then widget messages). The teacher opens
classroom/teach.ipynb, says hello as classroom.js does, sets the class size to N and presses
Start; later it presses the presenter's keys (next, reveal, back) as classroom.js sends them.
Each learner arrives at a seeded moment within the first 10 s, fetches the scanned address
(``join.ipynb?code=<code>``), says hello, types a name and presses Join. The teacher steps
through the lesson its form offers first; at each "try it" step every learner answers after a
seeded pause of up to 3 s with the clicks a person makes on the board (the game's
``clicks(move)``), each click once the previous one was answered; the teacher waits for every
answer, reveals and goes on; then it goes back to the first step and through again,
``--rounds`` times. Printed per N:

- joined: learners following the class, of N;
- page sent: from the request to the page's last byte (p50, p95), as load_bench.py's "page sent";
- click to update: from a click sent to the first widget change the kernel sends because of it
  (the protocol-level twin of voila_server.CLICK_TO_CHANGE, without the browser's drawing);
- step to all: from the teacher's key sent to the last learner's kernel having sent the new step;
- answers recorded (read from the class's store) of those sent;
- processor seconds during the class of the server's one process, of its kernels, and of this
  benchmark's own process (the clients: on this machine too, unlike a class's devices);
- peak memory: the summed RSS of the server and its kernels;
- the class's length in seconds, and the machine's load average at its end (the machine's
  other programs take their share: with a load far above the cores, every time is longer);
- then, per N, the processor time per learner of the class's two bursts, in the server's
  process and in the kernels: the arrivals (the learners' pages sent and joined), and one
  teacher step (from the key to every learner having the step).

Then, with ``--browsers K`` (0 for none), K learners in real browsers (Debian's Chromium, one
context each) and the protocol-level teacher go through the same class on a server of their
own: printed per learner, the browser's own processor seconds and bytes (HTTP on the wire and
websocket payloads), beside the protocol-level client's at N = 1 of the same run.

Targets at 40 learners on a 2-core machine: page sent p95 <= 3 s, click p95 <= 250 ms, step to
all p95 <= 1 s, every answer recorded. Printed only: this is not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path

import psutil
from jupyter_client.session import Session
from tornado.httpclient import AsyncHTTPClient, HTTPClientError
from tornado.websocket import WebSocketClientConnection, websocket_connect
from voila_server import ROOT, PeakMemory, VoilaServer, percentile, processor_seconds, settings

sys.path.insert(0, str(ROOT / "tests"))  # the tests' throwaway redis-server
from classroom_stores import RedisServer

from tutor.classroom import Classrooms, open_store
from tutor.games import games
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg
from widgets.boards import board_module

SEED = 27
TEACH, JOIN = "classroom/teach.ipynb", "classroom/join.ipynb"
ARRIVALS_SECONDS = 10  # learners arrive within this
THINK_SECONDS = 3  # a learner's pause before answering, at most
TIMEOUT = 60  # seconds anything may take before it counts as failed
CONTROL_PROTOCOL = "1.0.0"  # ipywidgets 8's control comm, which the kernel checks
# The step a page shows: the lesson panel's counter (the learner's results at the last step say "Step n of m" too).
STEP_SHOWN = re.compile(
    'class="tutor-count">'
    + re.escape(msg("widgets.stepper.count", number="NUMBER", total="TOTAL"))
    .replace("NUMBER", r"(\d+)")
    .replace("TOTAL", r"\d+")
)
# A board's click selectors (``[name='value']``, ``[name^='start']``), found in the components' markup.
CONDITION = re.compile(r"""\[([\w-]+)(\^?)=(['"])(.*?)\3\]""")
TAG = re.compile(r"<[^>]+>")
ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')


class PageClient:
    """One page as its front end speaks to it: fetched over HTTP, then its kernel's messages on
    the websocket. Keeps every widget's state as the kernel sends it, when each step was first
    shown, and when the kernel first answered each message sent."""

    http: AsyncHTTPClient

    def __init__(self, server: VoilaServer, address: str):
        self.server, self.address = server, address
        self.session = Session(key=b"")
        self.models: dict[str, dict] = {}
        self.steps: list[tuple[int, float]] = []  # (step shown, when)
        self.answered: dict[str, float] = {}  # message id -> when the kernel first changed a widget for it
        self.idle: dict[str, float] = {}  # message id -> when the kernel was done with it
        self.bytes = 0  # HTTP on the wire, websocket payloads
        self.heard = asyncio.Event()
        self.socket: WebSocketClientConnection | None = None
        self.sent_seconds: float | None = None

    async def open(self) -> None:
        began = time.monotonic()
        response = await self.http.fetch(
            self.server.page_url(self.address),
            headers={"Accept-Encoding": "gzip", "Accept-Language": "en"},
            decompress_response=False,
            request_timeout=TIMEOUT,
        )
        self.sent_seconds = time.monotonic() - began
        self.bytes += len(response.body)
        body = response.body
        if response.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        self.page = body.decode()
        found = re.search(r'"kernelId": "([0-9a-f-]+)"', self.page)
        if found is None:
            raise LookupError("the page names no kernel")
        kernel_id = found.group(1)
        address = f"ws://localhost:{self.server.port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
        self.socket = await websocket_connect(address, compression_options={}, connect_timeout=TIMEOUT)
        self.reader = asyncio.create_task(self._read())
        self.send("kernel_info_request", {})
        control = uuid.uuid4().hex
        self.send(
            "comm_open",
            {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            {"version": CONTROL_PROTOCOL},
        )
        self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await self.until(lambda: self.models)

    def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        message = self.session.msg(msg_type, content, metadata=metadata)
        text = json.dumps({**message, "channel": "shell", "buffers": []}, default=str)
        self.bytes += len(text)
        assert self.socket is not None
        self.socket.write_message(text)
        return message["header"]["msg_id"]

    def widget_message(self, model: str, data: dict) -> str:
        return self.send("comm_msg", {"comm_id": model, "data": data})

    async def _read(self) -> None:
        assert self.socket is not None
        while (raw := await self.socket.read_message()) is not None:
            now = time.monotonic()
            self.bytes += len(raw)
            if isinstance(raw, bytes):  # a message with buffers: its JSON part
                count = int.from_bytes(raw[:4], "big")
                start, end = (int.from_bytes(raw[4 + 4 * index : 8 + 4 * index], "big") for index in range(2))
                raw = raw[start:end] if count > 1 else raw[start:]
            self.hear(json.loads(raw), now)
        self.heard.set()

    def hear(self, message: dict, now: float) -> None:
        kind, content = message["msg_type"], message["content"]
        parent = message.get("parent_header", {}).get("msg_id")
        data = content.get("data", {})
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.changed(content["comm_id"], data.get("state", {}), parent, now)
        elif kind == "comm_msg" and data.get("method") == "update":
            self.changed(content["comm_id"], data.get("state", {}), parent, now)
        elif kind == "comm_msg" and data.get("method") == "update_states":
            for model, entry in data["states"].items():
                self.models[model] = entry["state"]
        elif kind == "status" and content.get("execution_state") == "idle" and parent:
            self.idle.setdefault(parent, now)
        self.heard.set()

    def changed(self, model: str, state: dict, parent: str | None, now: float) -> None:
        self.models.setdefault(model, {}).update(state)
        if parent:
            self.answered.setdefault(parent, now)
        shown = STEP_SHOWN.search(state.get("html") or "")
        if shown and (not self.steps or self.steps[-1][0] != int(shown.group(1))):
            self.steps.append((int(shown.group(1)), now))

    async def until(self, found: Callable[[], object], seconds: float = TIMEOUT):
        """What ``found()`` returns once it is true, as the kernel's messages arrive."""
        deadline = time.monotonic() + seconds
        while not (result := found()):
            if self.reader.done():
                raise ConnectionError("the server closed the page's socket")
            self.heard.clear()
            await asyncio.wait_for(self.heard.wait(), max(0.01, deadline - time.monotonic()))
        return result

    def model(self, css_class: str) -> str | None:
        """The widget the page's front end draws with ``css_class``."""
        return next((model for model, state in self.models.items() if css_class in state.get("_dom_classes", ())), None)

    def link(self, storage_key: str) -> str | None:
        """A classroom page's PageLink (classroom.js), known by its localStorage entry's name."""
        return next((model for model, state in self.models.items() if state.get("storage_key") == storage_key), None)

    async def hello(self, storage_key: str, query: dict) -> None:
        """What classroom.js sends once drawn: the page's address, what localStorage kept, the browser's languages."""
        link = await self.until(lambda: self.link(storage_key))
        href = self.server.page_url(self.address.partition("?")[0])
        self.widget_message(
            link,
            {
                "method": "custom",
                "content": {"hello": {"href": href, "query": query, "stored": None, "languages": ["en"]}},
            },
        )

    async def type_in(self, css_class: str, value) -> None:
        """A field's new value, as ipywidgets' front end sends it."""
        field = await self.until(lambda: self.model(css_class))
        self.widget_message(field, {"method": "update", "state": {"value": value}, "buffer_paths": []})

    async def press(self, css_class: str) -> None:
        button = await self.until(lambda: self.model(css_class))
        self.widget_message(button, {"method": "custom", "content": {"event": "click"}})

    async def click(self, selector: str) -> float:
        """Clicks a drawn part (a board's ``clicks()`` selector); the seconds until the kernel
        changed the page because of it (or, if nothing changed, was done with it)."""
        conditions = CONDITION.findall(selector)

        def drawn():
            for model, state in self.models.items():
                for tag in TAG.findall(state.get("html") or ""):
                    attributes = {name: unescape(value) for name, value in ATTRIBUTE.findall(tag)}
                    if "data-target" in attributes and all(
                        (attributes.get(name) or "").startswith(value) if prefix else attributes.get(name) == value
                        for name, prefix, _quote, value in conditions
                    ):
                        return model, attributes["data-target"]
            return None

        model, target = await self.until(drawn)
        began = time.monotonic()
        sent = self.widget_message(model, {"method": "custom", "content": {"click": target}})
        await self.until(lambda: sent in self.answered or sent in self.idle)
        return min(self.answered.get(sent, float("inf")), self.idle.get(sent, float("inf"))) - began

    async def shown(self, step: int, since: float) -> float:
        """When the kernel first sent step ``step`` after ``since``."""
        return await self.until(lambda: next((at for number, at in self.steps if number == step and at >= since), None))

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()


@dataclass
class Figures:
    learners: int
    joined: int = 0
    failed: list[str] = field(default_factory=list)
    sent: list[float] = field(default_factory=list)  # page sent, s
    clicks: list[float] = field(default_factory=list)  # ms
    steps: list[float] = field(default_factory=list)  # step to all, ms
    answers_sent: int = 0
    answers_recorded: int = 0
    server_cpu: float = 0.0
    kernel_cpu: float = 0.0
    client_cpu: float = 0.0
    memory: float = 0.0
    client_bytes: int = 0
    step_cpu: list[tuple[float, float]] = field(default_factory=list)  # a step's processor s: server, kernels
    join_cpu: tuple[float, float] = (0.0, 0.0)  # the arrivals' processor s: server, kernels
    seconds: float = 0.0  # the class, from the first learner's arrival to the teacher's last step
    load: float = 0.0  # the machine's load average over the last minute, at the end: other programs' share too


class Lesson:
    """The lesson the teacher's form offers first, and each learner's answer to its "try it" steps."""

    def __init__(self):
        # the form's choice (the page's module: imported once, here)
        from widgets.classroom.lesson import default_lesson

        self.game = next(iter(games()))
        stem = default_lesson(self.game)
        self.lesson = load_lesson(next(path for path in bundled_lessons(self.game) if path.stem == stem))
        self.total = len(self.lesson.steps)
        self.states = self.lesson.states()
        self.try_steps = [number for number, step in enumerate(self.lesson.steps, 1) if step.try_ is not None]

    def clicks(self, step: int, chooser: random.Random) -> list[str]:
        """A learner's clicks for an allowed move of their own choosing."""
        move = chooser.choice(self.states[step - 1].legal_moves())
        return board_module(self.game).clicks(move)


class Teacher:
    """The presenter page, protocol-level: starts a class of ``size`` and presses its keys."""

    def __init__(self, server: VoilaServer):
        self.page = PageClient(server, TEACH)

    async def start(self, size: int) -> tuple[str, str]:
        await self.page.open()
        await self.page.hello("tutor-class-teacher", {})
        await self.page.type_in("tutor-size-field", size)
        await self.page.press("tutor-start-class")
        link = await self.page.until(lambda: self.page.link("tutor-class-teacher"))
        stored = await self.page.until(lambda: (self.page.models[link].get("keep") or {}).get("stored"))
        self.link = link
        return stored["code"], stored["token"]

    def key(self, name: str) -> None:
        self.page.widget_message(self.link, {"method": "custom", "content": {"key": name}})


class Learner:
    """A learner's join page, protocol-level."""

    def __init__(self, server: VoilaServer, code: str, number: int):
        self.page = PageClient(server, f"{JOIN}?code={code}")
        self.number = number
        self.chooser = random.Random(SEED + number)

    async def join(self, delay: float) -> None:
        await asyncio.sleep(delay)
        await self.page.open()
        await self.page.hello("tutor-class-learner", {"code": self.page.address.rpartition("=")[2]})
        await self.page.type_in("tutor-name-field", f"Learner {self.number + 1}")
        await self.page.press("tutor-join")
        await self.page.shown(1, 0)

    async def shown(self, step: int, since: float) -> float:
        return await self.page.shown(step, since)

    async def answer(self, lesson: Lesson, step: int) -> list[float]:
        await asyncio.sleep(self.chooser.uniform(0, THINK_SECONDS))
        return [await self.page.click(selector) for selector in lesson.clicks(step, self.chooser)]

    def close(self) -> None:
        self.page.close()


async def teach(teacher: Teacher, learners: list, lesson: Lesson, rounds: int, figures: Figures) -> None:
    """The class: the lesson through once with answers, then back and forth ``rounds`` times.
    Every teacher key's time to every learner, and every click, go to ``figures``; a learner
    whose page fails leaves the class (``figures.failed`` says why)."""
    pace = random.Random(SEED)

    def keep_following(results: list) -> list:
        failed = [(learner, result) for learner, result in zip(learners, results) if isinstance(result, Exception)]
        for learner, result in failed:
            learners.remove(learner)
            figures.failed.append(describe(result))
        return [result for result in results if not isinstance(result, Exception)]

    async def go(key: str, step: int) -> None:
        await asyncio.sleep(pace.uniform(1, 2))  # the teacher talks between steps
        before = processor_seconds(teacher.page.server)
        pressed = time.monotonic()
        teacher.key(key)
        seen = keep_following(
            await asyncio.gather(*(learner.shown(step, pressed) for learner in learners), return_exceptions=True)
        )
        if seen:
            figures.steps.append((max(seen) - pressed) * 1000)
            after = processor_seconds(teacher.page.server)
            figures.step_cpu.append((after[0] - before[0], after[1] - before[1]))

    for step in range(2, lesson.total + 1):
        await go("next", step)
        if step in lesson.try_steps:
            answers = keep_following(
                await asyncio.gather(*(learner.answer(lesson, step) for learner in learners), return_exceptions=True)
            )
            figures.answers_sent += len(answers)
            figures.clicks += [seconds * 1000 for clicks in answers for seconds in clicks]
            await asyncio.sleep(1)
            teacher.key("reveal")
    current = lesson.total
    for _ in range(rounds):
        for step in [*range(lesson.total - 1, 0, -1), *range(2, lesson.total + 1)]:
            await go("back" if step < current else "next", step)
            current = step


def describe(error: BaseException) -> str:
    if isinstance(error, HTTPClientError):
        return f"HTTP {error.code}"
    return type(error).__name__


def serve_a_class(size: int, store: str) -> VoilaServer:
    """The app as README's "Publish it" sets it for a class: the join page's pool as big as the
    class (class_size, class_page), and room for it."""
    config = settings()
    config.setdefault("TutorKernelManager", {}).update(class_size=size, class_page=JOIN)
    pooled = size + sum(
        pool.get("pool_size", 0) for pool in config["VoilaKernelManager"]["kernel_pools_config"].values()
    )
    server = VoilaServer(config=config, environment={"TUTOR_CLASS_STORE": store})
    server.wait_until_warm(seconds=120 + 30 * pooled)
    return server


async def protocol_class(size: int, store: str, lesson: Lesson, rounds: int) -> Figures:
    server = serve_a_class(size, store)
    figures = Figures(size)
    teacher = Teacher(server)
    learners = [Learner(server, "", number) for number in range(size)]
    try:
        code, token = await teacher.start(size)
        server.wait_until_warm()  # the teacher's page has started its kernel: quiet again
        for learner in learners:
            learner.page.address = f"{JOIN}?code={code}"
        arrival = random.Random(SEED)
        arrivals = sorted(arrival.uniform(0, ARRIVALS_SECONDS) for _ in learners)
        own = psutil.Process()
        with PeakMemory(server) as memory:
            server_before, kernels_before = processor_seconds(server)
            client_before = sum(own.cpu_times()[:2])
            began = time.monotonic()
            joins = await asyncio.gather(
                *(learner.join(delay) for learner, delay in zip(learners, arrivals)), return_exceptions=True
            )
            following = [learner for learner, result in zip(learners, joins) if result is None]
            figures.failed += [describe(result) for result in joins if isinstance(result, Exception)]
            figures.joined = len(following)
            joined = processor_seconds(server)
            figures.join_cpu = (joined[0] - server_before, joined[1] - kernels_before)
            await teach(teacher, following, lesson, rounds, figures)
            server_after, kernels_after = processor_seconds(server)
            figures.client_cpu = sum(own.cpu_times()[:2]) - client_before
            figures.seconds, figures.load = time.monotonic() - began, os.getloadavg()[0]
        figures.server_cpu, figures.kernel_cpu = server_after - server_before, kernels_after - kernels_before
        figures.memory = memory.peak
        figures.sent = [learner.page.sent_seconds for learner in learners if learner.page.sent_seconds is not None]
        figures.client_bytes = sum(learner.page.bytes for learner in learners)
        class_store = open_store(store)
        recorded = Classrooms(class_store).resume(code, token)
        figures.answers_recorded = sum(recorded.tally(step).answered for step in lesson.try_steps)
        class_store.close()
        return figures
    finally:
        for learner in learners:
            learner.close()
        teacher.page.close()
        server.stop()


class BrowserLearner:
    """A learner's join page in a real browser (its own context, as its own device), for what
    the browser itself costs; its bytes as Chromium counts them (HTTP on the wire, websocket payloads)."""

    def __init__(self, browser, server: VoilaServer, code: str, number: int, steps: int):
        self.browser, self.url, self.number, self.steps = browser, server.page_url(f"{JOIN}?code={code}"), number, steps
        self.chooser = random.Random(SEED + number)
        self.bytes = 0

    async def join(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self.context = await self.browser.new_context(viewport={"width": 1280, "height": 800}, locale="en")
        self.page = await self.context.new_page()
        network = await self.context.new_cdp_session(self.page)
        await network.send("Network.enable")
        network.on("Network.loadingFinished", lambda event: self.count(event["encodedDataLength"]))
        for frames in ("Network.webSocketFrameReceived", "Network.webSocketFrameSent"):
            network.on(frames, lambda event: self.count(len(event["response"]["payloadData"])))
        await self.page.goto(self.url, timeout=TIMEOUT * 1000)
        await self.page.fill(".tutor-name-field input", f"Browser {self.number + 1}", timeout=TIMEOUT * 1000)
        await self.page.click(".tutor-join")
        await self.shown(1, 0)

    def count(self, size: int) -> None:
        self.bytes += size

    async def shown(self, step: int, since: float) -> float:
        counter = self.page.locator(".tutor-head .tutor-count")
        text = msg("widgets.stepper.count", number=step, total=self.steps)
        await counter.filter(has_text=text).wait_for(timeout=TIMEOUT * 1000)
        return time.monotonic()

    async def answer(self, lesson: Lesson, step: int) -> list[float]:
        await asyncio.sleep(self.chooser.uniform(0, THINK_SECONDS))
        for selector in lesson.clicks(step, self.chooser):
            await self.page.click(selector)
            await asyncio.sleep(0.3)  # as a person clicks, not a script
        return []

    def close(self) -> None:
        pass


def chromium_seconds() -> float:
    """Processor seconds used so far by the browsers this benchmark started."""
    total = 0.0
    for process in psutil.Process().children(recursive=True):
        try:
            if "chrom" in process.name():
                times = process.cpu_times()
                total += times.user + times.system + times.children_user + times.children_system
        except psutil.Error:
            pass
    return total


async def browser_cost(count: int, store: str, lesson: Lesson, rounds: int, protocol: Figures) -> str:
    """The same class with ``count`` learners in Chromium: what each browser costs, beside a protocol-level client."""
    from playwright.async_api import async_playwright

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from conftest import CHROMIUM, CHROMIUM_ARGS, LOOPBACK_ONLY  # the browser the tests drive

    server = serve_a_class(count, store)
    teacher = Teacher(server)
    figures = Figures(count)
    try:
        code, _token = await teacher.start(count)
        server.wait_until_warm()
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, proxy=LOOPBACK_ONLY
            )
            learners = [BrowserLearner(browser, server, code, number, lesson.total) for number in range(count)]
            before = chromium_seconds()
            await asyncio.gather(*(learner.join(0) for learner in learners))
            await teach(teacher, list(learners), lesson, rounds, figures)
            used = chromium_seconds() - before
            received = sum(learner.bytes for learner in learners)
            await browser.close()
    finally:
        teacher.page.close()
        server.stop()
    per_client = protocol.client_cpu / max(protocol.learners, 1)
    return (
        f"\nper learner, the same class ({protocol.learners} protocol-level, {count} in Chromium):"
        f" a browser {used / count:.1f} processor s and {received / count / 2**20:.2f} MB;"
        f" a protocol-level client {per_client:.2f} processor s and {protocol.client_bytes / protocol.learners / 2**20:.2f} MB"
        f" (step to all in the browser class: p50 {statistics.median(figures.steps):.0f} ms)"
    )


def row(figures: Figures) -> str:
    def spread(values: list[float], unit: str, digits: int) -> str:
        if not values:
            return f"{'-':>7} {'-':>7}"
        return f"{statistics.median(values):>6.{digits}f}{unit} {percentile(values, 0.95):>6.{digits}f}{unit}"

    failed = ", ".join(f"{count} {reason}" for reason, count in sorted(_counts(figures.failed).items()))
    return (
        f"{figures.learners:>4} | {figures.joined:>6} | {spread(figures.sent, 's', 2)} | {spread(figures.clicks, '', 0)} |"
        f" {spread(figures.steps, '', 0)} | {figures.answers_recorded:>4}/{figures.answers_sent:<4} |"
        f" {figures.server_cpu:6.1f} {figures.kernel_cpu:7.1f} {figures.client_cpu:7.1f} | {figures.memory:7.0f} |"
        f" {figures.seconds:5.0f} {figures.load:5.1f}" + (f" | failed: {failed}" if failed else "")
    )


def _counts(reasons: list[str]) -> dict[str, int]:
    counted: dict[str, int] = {}
    for reason in reasons:
        counted[reason] = counted.get(reason, 0) + 1
    return counted


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[1, 10, 20, 40, 60], help="class sizes")
    parser.add_argument("--store", choices=["sqlite", "redis"], default="sqlite", help="the classroom store")
    parser.add_argument("--rounds", type=int, default=3, help="times the teacher goes back and through again")
    parser.add_argument(
        "--browsers", type=int, default=1, help="learners in real browsers for their own cost (0: none)"
    )
    options = parser.parse_args()
    AsyncHTTPClient.configure(None, max_clients=100)  # every learner's page request at once, not ten at a time
    PageClient.http = AsyncHTTPClient()
    lesson = Lesson()
    print(
        f"{psutil.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GB; {options.store} store;"
        f" lesson {lesson.game}/{lesson.lesson.title!r}: {lesson.total} steps, try steps {lesson.try_steps};"
        f" learners arrive within {ARRIVALS_SECONDS} s; {options.rounds} rounds back and through"
    )
    print(
        "page sent in s, click and step to all in ms (p50 p95); answers recorded/sent; processor s of the server's"
        " process, its kernels and these clients; peak memory of server and kernels in MB; the class's"
        " length in s, and the machine's load average at its end (other programs' too)"
    )
    print(
        "   N | joined | sent p50     p95 | click p50  p95 | step p50    p95 | answers   |"
        " server kernels clients |  memory | class  load"
    )
    with ExitStack() as stack:
        if options.store == "redis":
            store = stack.enter_context(RedisServer())
        else:
            store = f"sqlite://{Path(stack.enter_context(tempfile.TemporaryDirectory())) / 'classes.db'}"
        results = []
        for size in options.learners:
            results.append(await protocol_class(size, store, lesson, options.rounds))
            print(row(results[-1]), flush=True)
        print("\nprocessor ms per learner in a burst (server's process, kernels): the arrivals, and one teacher step")
        for figures in results:
            steps = [sum(cpu[part] for cpu in figures.step_cpu) / max(len(figures.step_cpu), 1) for part in (0, 1)]
            print(
                f"{figures.learners:>4} | arrivals {figures.join_cpu[0] * 1000 / figures.learners:6.0f}"
                f" {figures.join_cpu[1] * 1000 / figures.learners:6.0f} | step {steps[0] * 1000 / figures.learners:5.1f}"
                f" {steps[1] * 1000 / figures.learners:5.1f}"
            )
        if options.browsers:
            print(await browser_cost(options.browsers, store, lesson, options.rounds, results[0]))


if __name__ == "__main__":
    asyncio.run(main())
