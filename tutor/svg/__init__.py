"""Card faces and game positions drawn as SVG by the project itself (no publisher art).

Pure Python, no UI imports: engine objects use it for ``_repr_svg_``/``_repr_html_`` and
the widgets send the same markup to the browser. Shared pieces live here (``draw``,
``seats``, ``hand``, and ``decktet`` for the deck any Decktet game uses); each game
draws its own positions in its package (``tutor/games/<package>/drawing.py``).
"""
