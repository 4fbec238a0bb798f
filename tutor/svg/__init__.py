"""Card faces and game positions drawn as SVG by the project itself (no publisher art).

Pure Python, no UI imports: engine objects use it for ``_repr_svg_``/``_repr_html_`` and
the widgets send the same markup to the browser. One module per game
(``monster_trick``, ``danger13``, ``decktet``/``thricewise``) plus shared helpers
(``draw``, ``seats``, ``hand``).
"""
