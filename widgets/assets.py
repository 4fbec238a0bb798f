"""The browser side of the widgets: a script and its stylesheets from widgets/static, as
anywidget's ``_esm`` and ``_css``.

Served by the tutor's own server (serving.delivery, which names their folder's address in
the kernel's environment), the widgets send only a few lines that fetch the files from there,
each at an address holding a hash of its content, so that the browser keeps them in its cache
and a page loads one copy of the script for all its widgets; the script imports its parts
(static/parts/) from beside it. Elsewhere (nbval, Binder, JupyterHub) every widget carries the
files themselves, each part inlined where it is imported.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
from pathlib import Path

STATIC = Path(__file__).parent / "static"
STATIC_URL_VARIABLE = "TUTOR_STATIC_URL"  # set by serving.delivery's kernels
RELATIVE_IMPORT = re.compile(r'(\bfrom\s+)"(\./[^"]+)"')
# Fetches the script and its parts at once (modulepreload: fetched, not yet run), links each
# stylesheet once per page and waits for it (the script measures what it draws), then hands
# on the script's module.
LOADER = """const styles = {styles};
window.tutorStyles ??= {{}};
window.tutorPreloads ??= new Set();
for (const href of {modules}.map(name => new URL(name, document.baseURI).href)) {{
  if (window.tutorPreloads.has(href)) continue;
  window.tutorPreloads.add(href);
  document.head.append(Object.assign(document.createElement("link"), {{rel: "modulepreload", href}}));
}}
await Promise.all(styles.map(href => window.tutorStyles[href] ??= new Promise(done => {{
  const link = Object.assign(document.createElement("link"), {{rel: "stylesheet", href}});
  link.onload = link.onerror = done;
  document.head.append(link);
}})));
export default (await import(new URL({script}, document.baseURI).href)).default;
"""


def address(folder: str, name: str, content: bytes | None = None) -> str:
    """``name``'s address in the served ``folder``: Tornado's ``?v=`` (an MD5 of the file, as
    its StaticFileHandler makes them, or of ``content``) gets it cached for ten years."""
    return f"{folder}{name}?v={hashlib.md5(content or (STATIC / name).read_bytes()).hexdigest()}"


def browser_side(script: str, *styles: str) -> tuple[str, str]:
    """``(_esm, _css)`` for a widget whose browser side is ``script``, styled by ``styles``."""
    module = module_text(STATIC / script)
    folder = os.environ.get(STATIC_URL_VARIABLE)
    if folder:
        # versioned by the module with its parts: a changed part is a new address for the script
        where = address(folder, script, module.encode())
        modules = [where, *(f"{folder}{name}" for name in parts(script))]
        return LOADER.format(
            styles=json.dumps([address(folder, name) for name in styles]),
            modules=json.dumps(modules),
            script=json.dumps(where),
        ), ""
    return module, "\n".join((STATIC / name).read_text(encoding="utf-8") for name in styles)


def parts(script: str) -> list[str]:
    """The modules ``script`` imports from beside it, theirs too, as paths in widgets/static."""
    found: list[str] = []
    for name in RELATIVE_IMPORT.findall((STATIC / script).read_text(encoding="utf-8")):
        part = (Path(script).parent / name[1]).as_posix()
        for one in (part, *parts(part)):
            if one not in found:
                found.append(one)
    return found


def module_text(path: Path) -> str:
    """The module at ``path`` with each module it imports from beside it inlined as a data:
    address (a widget's script arrives as text, from no address its imports could be read at).
    The same part imported twice is the same address, so the browser runs it once."""

    def inlined(found: re.Match[str]) -> str:
        text = module_text(path.parent / found[2])
        return f'{found[1]}"data:text/javascript;base64,{base64.b64encode(text.encode()).decode()}"'

    return RELATIVE_IMPORT.sub(inlined, path.read_text(encoding="utf-8"))
