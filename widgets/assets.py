"""The browser side of the widgets: a script and its stylesheets from widgets/static, as
anywidget's ``_esm`` and ``_css``.

Served by the tutor's own server (serving.delivery, which names their folder's address in
the kernel's environment), the widgets send only a few lines that fetch the files from there,
each at an address holding a hash of its content, so that the browser keeps them in its cache
and a page loads one copy of the script for all its widgets. Elsewhere (nbval, Binder,
JupyterHub) every widget carries the files themselves.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

STATIC = Path(__file__).parent / "static"
STATIC_URL_VARIABLE = "TUTOR_STATIC_URL"  # set by serving.delivery's kernels
# Links each stylesheet once per page and waits for it (the script measures what it draws),
# then hands on the script's module.
LOADER = """const styles = {styles};
window.tutorStyles ??= {{}};
await Promise.all(styles.map(href => window.tutorStyles[href] ??= new Promise(done => {{
  const link = Object.assign(document.createElement("link"), {{rel: "stylesheet", href}});
  link.onload = link.onerror = done;
  document.head.append(link);
}})));
export default (await import(new URL({script}, document.baseURI).href)).default;
"""


def address(folder: str, name: str) -> str:
    """``name``'s address in the served ``folder``: Tornado's ``?v=`` (an MD5 of the file, as
    its StaticFileHandler makes them) gets it cached for ten years."""
    return f"{folder}{name}?v={hashlib.md5((STATIC / name).read_bytes()).hexdigest()}"


def browser_side(script: str, *styles: str) -> tuple[str | Path, str | Path]:
    """``(_esm, _css)`` for a widget whose browser side is ``script``, styled by ``styles``."""
    folder = os.environ.get(STATIC_URL_VARIABLE)
    if folder:
        return LOADER.format(
            styles=json.dumps([address(folder, name) for name in styles]), script=json.dumps(address(folder, script))
        ), ""
    if len(styles) == 1:
        return STATIC / script, STATIC / styles[0]
    return STATIC / script, "\n".join((STATIC / name).read_text(encoding="utf-8") for name in styles)
