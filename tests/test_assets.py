"""The widgets' script, split in parts (widgets/static/parts/), reaches a page whole: served
by the tutor's server it imports its parts by address, under a version that changes with any
part; elsewhere it carries them."""

import base64
import re
import shutil

from widgets import assets

DATA = re.compile(r'"data:text/javascript;base64,([^"]+)"')


def test_a_script_carried_by_the_widget_holds_every_part(monkeypatch):
    monkeypatch.delenv(assets.STATIC_URL_VARIABLE, raising=False)
    script, _ = assets.browser_side("tutor.js", "tutor.css")
    assert 'from "./' not in script, "no import left to read from an address"
    carried = set()
    pending = [script]
    while pending:
        for encoded in DATA.findall(pending.pop()):
            text = base64.b64decode(encoded).decode()
            carried.add(text.partition("\n")[0])  # a part's first line, its heading comment
            pending.append(text)
    parts = sorted((assets.STATIC / "parts").glob("*.js"))
    assert len(carried) == len(parts), "each part once, however many parts import it"


def test_a_served_script_has_a_new_address_when_a_part_changes(monkeypatch, tmp_path):
    monkeypatch.setenv(assets.STATIC_URL_VARIABLE, "/voila/tutor-static/")
    static = tmp_path / "static"
    shutil.copytree(assets.STATIC, static)
    monkeypatch.setattr(assets, "STATIC", static)
    before, _ = assets.browser_side("tutor.js", "tutor.css")
    fit = static / "parts" / "fit.js"
    fit.write_text(fit.read_text() + "\n// changed\n")
    after, _ = assets.browser_side("tutor.js", "tutor.css")
    assert before != after and "tutor.js?v=" in after


def test_a_served_script_has_its_parts_fetched_at_once(monkeypatch):
    """Not one after another as each import is read: the loader asks for all of them first."""
    monkeypatch.setenv(assets.STATIC_URL_VARIABLE, "/voila/tutor-static/")
    loader, _ = assets.browser_side("tutor.js", "tutor.css")
    for part in sorted((assets.STATIC / "parts").glob("*.js")):
        assert f'"/voila/tutor-static/parts/{part.name}"' in loader
    assert "modulepreload" in loader
