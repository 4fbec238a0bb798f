"""What a widget tree sends the browser, read in Python: its HTML, or the text a page shows."""

from html import unescape


def html_of(widget) -> str:
    """Every HTML string inside a widget tree, joined (what the browser would be sent)."""
    own = getattr(widget, "value", None)
    parts = [own] if isinstance(own, str) else []
    return "".join(parts + [html_of(child) for child in getattr(widget, "children", ())])


def text_of(widget) -> str:
    """Everything a page shows as text (markup unescaped), children included."""
    parts = [
        str(getattr(widget, name, "") or "")
        for name in ("value", "html", "description")
        if isinstance(getattr(widget, name, ""), str)
    ]
    parts += [label for label, *_ in getattr(widget, "options", ()) if isinstance(label, str)]
    return unescape(" ".join(parts + [text_of(child) for child in getattr(widget, "children", ())]))
