"""Attacks on the server every page shares (issue 37), each run against a real server on
loopback from other loopback addresses (127.0.0.x, which the server counts as other visitors),
bounded in count and time: one address taking every kernel, pages kept open without a click,
floods of messages and clients that never read."""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tutor.games import games
from widgets.app import page_file

from .conftest import ROOT, VoilaServer
from .test_hostile import KernelClient
from .test_publish import fetch_from

GAME = next(iter(games()))
CAP, SHARE = 10, 0.2  # a client address may hold 2 of the 10 kernels
CLICK_IDLE = 4  # seconds a page may go without a click
NO_POOLS = {
    name: {"pool_size": 0}
    for name in json.loads((ROOT / "voila.json").read_text())["VoilaKernelManager"]["kernel_pools_config"]
}


@pytest.fixture(scope="module")
def server(chromium):
    started = VoilaServer(
        f"--TutorKernelManager.max_kernels={CAP}",
        f"--TutorKernelManager.address_share={SHARE}",
        f"--TutorKernelManager.click_idle_timeout={CLICK_IDLE}",
        "--TutorKernelManager.cull_interval=1",
        "--TutorKernelManager.unclaimed_timeout=20",
        f"--VoilaKernelManager.kernel_pools_config={json.dumps(NO_POOLS)}",
        name="voila-attacks",
    )
    yield started
    started.stop()


def kernel_of(page: str) -> str:
    return page.split('"kernelId": "', 1)[1].split('"', 1)[0]


def test_one_address_gets_a_small_share_of_the_kernels_even_asking_all_at_once(server):
    """kernels_per_address (64) was above max_kernels (40), and requests sent together all
    passed the check (a cap of 2 let 6 through): now an address holds at most address_share of
    max_kernels, counted as each request arrives."""
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda _: fetch_from(server, "127.0.0.2", page_file("learn", GAME), ""), range(6)))
    served = [status for status, _ in answers if status == 200]
    assert len(served) == int(CAP * SHARE), [status for status, _ in answers]
    assert {status for status, _ in answers} == {200, 503}
    status, _ = fetch_from(server, "127.0.0.3", page_file("learn", GAME), "")
    assert status == 200, "another visitor still gets a page"


def test_a_page_that_only_keeps_its_connection_alive_loses_its_kernel(server):
    """An attacker kept pages' websockets open, answering pings (and the page's own heartbeat),
    so they were never culled: a page with no click for click_idle_timeout is shut down."""
    status, page = fetch_from(server, "127.0.0.4", page_file("learn", GAME), "")
    assert status == 200
    kernel_id = kernel_of(page)
    client = KernelClient(server, kernel_id)
    try:
        tools = next(model for model, state in client.widget_states().items() if state.get("kind") == "page-tools")
        deadline = time.monotonic() + CLICK_IDLE + 20
        while server.kernel(kernel_id) is not None:
            assert time.monotonic() < deadline, "a page sending only heartbeats kept its kernel"
            client.send("comm_msg", {"comm_id": tools, "data": {"method": "custom", "content": {"ping": time.time()}}})
            try:
                list(client.listen(1))
            except Exception:  # the server closed the socket: its kernel is gone
                time.sleep(1)
    finally:
        client.close()
