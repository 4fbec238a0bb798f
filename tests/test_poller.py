"""The pages' one background loop (widgets/poller.py): it ticks on the running event loop from
``start()`` until ``stop()``, and a tick that raises is logged, said on the page in words by the
page's own function, and stops the poller without an exception left in the loop. No test here
measures time: each waits for ticks by yielding to the loop."""

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from widgets.poller import PAGE, Poller

STOPPED = "The test's ticks stopped"


def run(scenario) -> None:
    """``asyncio.run`` in a thread of its own: in the same run Playwright may hold this thread's loop."""
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, scenario()).result()


async def turns(count: int = 20) -> None:
    """Let the loop run the tasks that are ready, ``count`` times over."""
    for _ in range(count):
        await asyncio.sleep(0)


def counting(interval=0, failed=lambda: None) -> tuple[Poller, list[int]]:
    ticks: list[int] = []
    return Poller(lambda: ticks.append(len(ticks)), interval, stopped=STOPPED, failed=failed), ticks


def test_outside_an_event_loop_nothing_ticks():
    def outside() -> None:  # a thread of its own: in the same run Playwright may hold this thread's loop
        poller, ticks = counting()
        assert poller.start() is False and not poller.running and ticks == []

    with ThreadPoolExecutor(1) as thread:
        thread.submit(outside).result()


def test_it_ticks_on_the_loop_until_stopped():
    async def scenario():
        poller, ticks = counting()
        assert poller.start() and poller.running
        assert ticks == [], "the first tick comes from the loop, not from start()"
        await turns()
        assert len(ticks) >= 3
        poller.stop()
        assert not poller.running
        seen = len(ticks)
        await turns()
        assert len(ticks) == seen

    run(scenario)


def test_the_interval_is_asked_after_each_tick_and_a_long_one_waits():
    async def scenario():
        asked: list[int] = []

        def interval() -> float:
            asked.append(len(ticks))
            return 3600.0

        poller, ticks = counting(interval)
        poller.start()
        await turns()
        assert ticks == [0] and asked == [1], "one tick, then a wait of an hour"
        poller.stop()

    run(scenario)


def test_starting_again_restarts_with_one_loop_only():
    async def scenario():
        poller, ticks = counting(3600.0)
        poller.start()
        poller.start()
        await turns()
        assert ticks == [0], "the first start's loop was stopped before it ticked"
        poller.stop()

    run(scenario)


def test_a_tick_may_stop_its_poller():
    async def scenario():
        ticks: list[int] = []

        def tick() -> None:
            ticks.append(len(ticks))
            if len(ticks) == 2:
                poller.stop()

        poller = Poller(tick, 0, stopped=STOPPED, failed=lambda: None)
        poller.start()
        await turns()
        assert ticks == [0, 1] and not poller.running

    run(scenario)


def test_a_failing_tick_is_logged_said_in_words_and_stops_the_poller(caplog):
    said: list[str] = []
    unhandled: list[dict] = []

    async def scenario():
        asyncio.get_running_loop().set_exception_handler(lambda _loop, context: unhandled.append(context))
        ticks: list[int] = []

        def tick() -> None:
            ticks.append(len(ticks))
            if len(ticks) == 2:
                raise ZeroDivisionError("a bug in the page")

        poller = Poller(tick, 0, stopped=STOPPED, failed=lambda: said.append("It stopped, said in words"))
        poller.start()
        await turns()
        assert ticks == [0, 1] and not poller.running
        assert poller.start(), "a poller that failed starts again"
        await turns()
        assert len(ticks) >= 3
        poller.stop()

    with caplog.at_level(logging.ERROR, logger="tutor"):
        run(scenario)
    assert said == ["It stopped, said in words"]
    (record,) = [record for record in caplog.records if record.getMessage() == STOPPED]
    assert record.exc_info is not None and record.exc_info[0] is ZeroDivisionError
    assert unhandled == [], "no exception left in the loop, which would print its traceback"


def test_a_failing_failed_is_logged_too(caplog):
    def tick() -> None:
        raise ZeroDivisionError("a bug in the page")

    def failed() -> None:
        raise KeyError("a bug in saying so")

    async def scenario():
        poller = Poller(tick, 0, stopped=STOPPED, failed=failed)
        poller.start()
        await turns()
        assert not poller.running

    with caplog.at_level(logging.ERROR, logger="tutor"):
        run(scenario)
    assert [record.exc_info[0] for record in caplog.records if record.exc_info] == [ZeroDivisionError, KeyError]


def test_nothing_ticks_before_the_page_is_on_screen(monkeypatch):
    """Voila's page would miss the changes made while it builds its widgets: the first tick
    waits until a widget's view says it is drawn (``PAGE.show()``), then comes at once."""
    monkeypatch.setattr(PAGE, "shown", False)

    async def scenario():
        poller, ticks = counting()
        assert poller.start() and poller.running
        await turns()
        assert ticks == [], "no tick while the page builds its widgets"
        PAGE.show()
        await turns()
        assert len(ticks) >= 3
        poller.stop()

    run(scenario)


def test_a_poller_stopped_before_the_page_came_never_ticks(monkeypatch):
    """A page built ahead of its visitor is thrown away before any browser shows it."""
    monkeypatch.setattr(PAGE, "shown", False)

    async def scenario():
        poller, ticks = counting()
        poller.start()
        await turns()
        poller.stop()
        PAGE.show()
        await turns()
        assert ticks == [] and not poller.running

    run(scenario)
