"""The base of every drawn component: markup made in Python, clicks sent back.

The browser side (static/tutor.js) shows ``html`` and sends ``{"click": name}`` when a
part marked ``data-target="name"`` is clicked or activated with Enter/Space. Python
handles it in ``click(name)``, which tests call directly. Once drawn, it sends
``{"shown": true}``: the page is on screen (widgets/poller.py).
"""

from __future__ import annotations

import anywidget
import traitlets

from tutor.core import notation_words
from tutor.seats import english_name
from widgets.assets import browser_side
from widgets.poller import PAGE


class Component(anywidget.AnyWidget):
    _esm, _css = browser_side("tutor.js", "tutor.css")

    html = traitlets.Unicode("").tag(sync=True)
    scale = traitlets.Float(1.0).tag(sync=True)  # 1.5 or 2 for a classroom projector
    # Set by the browser on a phone-wide window (tutor.js): drawings then reflow into a
    # narrow layout (rows stacked, slots two by two) instead of shrinking out of reading size.
    narrow = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._receive)

    def _receive(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and isinstance(content.get("click"), str):
            self.click(content["click"])
        elif isinstance(content, dict) and content.get("shown") is True:
            PAGE.show()

    def click(self, name: str) -> None:
        """A part called ``name`` was clicked; components with targets override this."""

    def render(self) -> str:
        raise NotImplementedError

    def refresh(self) -> None:
        """Redraw from the current state (after it changed in place)."""
        self.html = self.render()


class StateComponent(Component):
    """A component that draws an engine ``state``: assigning a new state redraws it, and
    so does a change to any trait named in ``redraw_on``."""

    redraw_on: tuple[str, ...] = ()

    def __init__(self, state, **kwargs):
        self._state = state
        super().__init__(**kwargs)
        self.observe(lambda _change: self.refresh(), names=[*self.redraw_on, "narrow"])
        self.refresh()

    @property
    def state(self):
        return self._state

    @state.setter
    def state(self, state) -> None:
        self._state = state
        self.forget_choices()
        self.refresh()

    def drawing(self, narrow: bool) -> str:
        """The drawing in the narrow layout (a phone's) or the wide one, whichever is on show:
        a page's first view carries both (widgets/first_view.py). Nothing is redrawn or sent."""
        if narrow == self.narrow:
            return self.html
        self._trait_values["narrow"] = narrow  # set quietly: the browser keeps the layout it asked for
        try:
            return self.render()
        finally:
            self._trait_values["narrow"] = not narrow

    def forget_choices(self) -> None:
        """Drop what the learner had picked in the old state; components that keep a pick override this."""


class Pickable(StateComponent):
    """A drawing whose parts a lesson can highlight: while ``pick`` is on, each of them is a
    target and a click on one is heard by ``on_pick(fn)`` as the lesson writes that part."""

    pick = traitlets.Bool(False)

    def __init__(self, state, **kwargs):
        self.pick_callbacks = Callbacks()
        super().__init__(state, **kwargs)
        self.observe(lambda _change: self.refresh(), names="pick")

    def on_pick(self, callback, remove: bool = False) -> None:
        self.pick_callbacks.register(callback, remove)

    def picked(self, part, shown: str | None = None) -> None:
        """A part clicked while marking (a card, a cell, ``slot 4``): heard as lesson files
        write it, and as the page names it (``shown``, else the part in the page's words)."""
        self.pick_callbacks(notation_words(part), str(part) if shown is None else shown)

    def seat_picked(self, seat: int) -> None:
        """A player clicked while marking: lesson files name seats in English."""
        name = self._state.name(seat)
        self.pick_callbacks(english_name(name), str(name))


def close_tree(widget) -> None:
    """Close a widget and every widget inside it: ipywidgets' ``close()`` closes one model, and
    a box thrown away would leave its children alive in the kernel and in the page."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    widget.close()


def replace_children(box, children: list, keep: tuple = ()) -> None:
    """Show ``children`` in ``box``; the widgets that leave it are closed, but for ``keep``
    (widgets their owner shows again later)."""
    gone = [widget for widget in box.children if widget not in children and widget not in keep]
    box.children = children
    for widget in gone:
        close_tree(widget)


class Callbacks:
    """A list of functions to call with an event, as ipywidgets' ``on_click`` does."""

    def __init__(self):
        self._functions = []

    def register(self, function, remove: bool = False) -> None:
        if remove:
            self._functions.remove(function)
        else:
            self._functions.append(function)

    def __call__(self, *args) -> None:
        for function in list(self._functions):
            function(*args)
