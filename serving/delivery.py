"""How the pages travel to a visitor's browser: compressed, and kept in the browser's cache
wherever an address says which version of a file it is.

- Compression. voila.json asks Tornado for ``compress_response`` (gzip for pages, scripts,
  styles and JSON: Voila's front end is about 5 MB, 1.3 MB compressed) in
  ``Voila.tornado_settings``, and for compressed widget messages
  (``websocket_compression_options``). Voila hands those settings to its Tornado application
  after making it, too late for ``compress_response``, which Tornado reads only then:
  ``install`` adds the gzip transform it would have added.
- The tutor's own scripts and styles (widgets/static) at
  ``<server>/voila/tutor-static/<file>?v=<hash of the file>``, cached for ten years (a changed
  file gets another address). Each page's kernel learns the folder's address from
  ``STATIC_URL_VARIABLE`` (serving.kernels) and its widgets send that instead of the files
  (widgets/assets.py), which every widget otherwise carries.
- JupyterLab extensions' files whose names hold a hash of their content: cached for a year
  as immutable, instead of Voila's "ask again every time".
"""

from __future__ import annotations

import re

import voila.app
from jupyter_server.base.handlers import FileFindHandler
from jupyter_server.utils import url_path_join
from tornado import web

from widgets.assets import STATIC, STATIC_URL_VARIABLE

__all__ = ["STATIC_URL_VARIABLE", "install", "static_url"]

STATIC_ROUTE = "voila/tutor-static/"
HASHED_NAME = re.compile(r"\.[0-9a-f]{8,}\.js$")  # webpack's [name].[contenthash].js


def static_url(server_url: str) -> str:
    """The address of widgets/static on a server whose pages live under ``server_url``."""
    return url_path_join(server_url, STATIC_ROUTE)


class TutorStatic(web.StaticFileHandler):
    """widgets/static; an address with ``?v=`` is cached for ten years (Tornado's rule). Any
    other (the script's parts, which it imports by name) is asked for again at each page, so
    that a new version of the tutor never runs beside an old part."""

    def initialize(self) -> None:  # type: ignore[override]
        super().initialize(path=str(STATIC))

    def set_extra_headers(self, path: str) -> None:
        if not self.get_argument("v", None):
            self.set_header("Cache-Control", "no-cache")


class LabExtensions(FileFindHandler):
    """Voila's handler for JupyterLab extensions' files, which tells the browser to ask again
    for every file every time: a file named after its content's hash never changes."""

    def set_headers(self) -> None:
        super().set_headers()
        if HASHED_NAME.search(self.request.path):
            self.set_header("Cache-Control", "public, max-age=31536000, immutable")


def _init_handlers(original):
    def init_handlers(self: voila.app.Voila) -> list:
        if self.app.settings.get("compress_response") and web.GZipContentEncoding not in self.app.transforms:
            self.app.transforms.append(web.GZipContentEncoding)
        return [(url_path_join(static_url(self.server_url), "(.*)"), TutorStatic), *original(self)]

    init_handlers.delivers_light = True
    return init_handlers


def install() -> None:
    """Voila calls ``init_handlers`` once it made its Tornado application and looks the
    extensions' handler up by name there, after it loaded the kernel manager class
    (serving.kernels, which calls this)."""
    voila.app.FileFindHandler = LabExtensions
    if not getattr(voila.app.Voila.init_handlers, "delivers_light", False):
        voila.app.Voila.init_handlers = _init_handlers(voila.app.Voila.init_handlers)
