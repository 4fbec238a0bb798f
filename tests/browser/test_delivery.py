"""What a first visit downloads (serving/delivery.py): every text file compressed, the tutor's
own scripts and styles fetched once at addresses that name their version and kept for long.
Sizes and times are printed by benchmarks/transfer_bench.py, not asserted here."""

from __future__ import annotations

import re

from tutor.games import games
from widgets.app import page_file

from .conftest import open_page, screenshot

TEXT = re.compile(r"^(text/|application/(javascript|json)|image/svg)")
YEAR = 365 * 24 * 3600


def max_age(headers: dict[str, str]) -> int:
    found = re.search(r"max-age=(\d+)", headers.get("cache-control", ""))
    return int(found.group(1)) if found else 0


def test_a_first_visit_gets_text_compressed_and_static_files_cached_for_long(page, voila):
    responses = []
    page.on("response", lambda response: responses.append(response))
    learn = page_file("learn", next(iter(games())))
    open_page(page, voila, learn)
    page.wait_for_selector("[data-target^='card:']")  # the board is drawn, so its script and styles came
    page.wait_for_load_state("networkidle")
    screenshot(page, "delivery-learn")
    # over the network (anywidget runs each widget's loader from a blob: address in the page)
    fetched = {
        response.url: response for response in responses if response.status == 200 and response.url.startswith("http")
    }

    texts = [
        response
        for response in fetched.values()
        if TEXT.match(response.headers.get("content-type", "")) and len(response.body()) > 1024
    ]
    assert len(texts) > 20, "the page, Voila's scripts and styles"
    assert [response.url for response in texts if response.headers.get("content-encoding") != "gzip"] == []

    tutor_files = {
        url.rpartition("/tutor-static/")[2].partition("?")[0]: response
        for url, response in fetched.items()
        if "/voila/tutor-static/" in url
    }
    parts = {name for name in tutor_files if name.startswith("parts/")}
    assert {"tutor.js", "tutor.css"} <= set(tutor_files), "the widgets' script and styles, fetched by address"
    assert {"parts/fit.js", "parts/phone.js"} <= parts, "the script's parts, imported from beside it"
    for name, response in tutor_files.items():
        if name in parts:  # imported by name: asked for again at each page, never a stale part
            assert response.headers.get("cache-control") == "no-cache"
        else:
            assert re.search(r"\?v=[0-9a-f]{32}$", response.url), "the address names the file's version"
            assert max_age(response.headers) >= YEAR

    hashed = [
        response
        for url, response in fetched.items()
        if "/voila/labextensions/" in url and re.search(r"\.[0-9a-f]{8,}\.js$", url)
    ]
    assert hashed, "the widget extensions' files"
    for response in hashed:
        assert max_age(response.headers) >= YEAR and "immutable" in response.headers["cache-control"]


def test_a_page_sends_its_widgets_script_once(page, voila):
    """Each widget used to carry the 30 KB script and styles over the websocket."""
    frames: list[str] = []
    page.on("websocket", lambda socket: socket.on("framereceived", lambda frame: frames.append(frame)))
    open_page(page, voila, page_file("learn", next(iter(games()))))
    page.wait_for_selector("[data-target^='card:']")
    script_words = "function fitBoard"  # in static/parts/fit.js
    assert not [frame for frame in frames if script_words in str(frame)]
