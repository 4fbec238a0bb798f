"""How a learner makes a move in the browser: the clicks the game's board module lists
(``clicks`` in its ``board_module``), found by the names the board gives its parts
(``data-target``) and by the labels screen readers read too."""

from tutor.core import Labelled
from widgets.boards import board_module


def play(page, game_id: str, move) -> None:
    *choices, last = board_module(game_id).clicks(move)
    for selector in choices:
        page.click(selector)
        # A chosen card shows as pressed once the kernel has drawn it so: wait for that,
        # as a person would, before the next click (else a busy machine can lose the choice).
        if selector.startswith("[data-target^='card:']"):
            page.locator(f"{selector}[aria-pressed='true']").wait_for()
    page.click(last)


# The cards drawn in the hand, each with whether it is chosen and whether it may be clicked.
HAND_SHOWN = """() => [...document.querySelectorAll("[data-target^='card:']")].map(card =>
  [card.getAttribute('aria-label').split(',')[0], card.getAttribute('aria-pressed'), card.getAttribute('aria-disabled')])"""


def play_as_seen(page, game: str, move) -> None:
    """As ``play``, but a card is clicked near its left edge: in a full
    hand on a phone the next card covers the rest of it, as a person sees."""
    from playwright.sync_api import TimeoutError as PageTimeout

    *choices, last = board_module(game).clicks(move)
    for selector in choices:
        if selector.startswith("[data-target^='card:']"):
            card = page.locator(selector)
            box = None
            while box is None:  # the hand may be in the middle of a redraw
                card.wait_for(state="visible")
                box = card.bounding_box()
            card.click(position={"x": box["width"] * 0.15, "y": box["height"] / 2})
            try:
                page.locator(f"{selector}[aria-pressed='true']").wait_for()
            except PageTimeout:
                hand = page.evaluate(HAND_SHOWN)
                raise AssertionError(f"{selector} clicked, never shown chosen; the hand shows {hand}") from None
        else:
            page.click(selector)
    page.click(last)


CARD_TITLES = "() => [...document.querySelectorAll('.tutor-board svg title')].map(title => title.textContent.trim())"


def cards_in(value) -> set[str]:
    """The names of every card held anywhere in ``value`` (a state's fields, a view)."""
    if isinstance(value, Labelled):
        return {str(value)}
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if isinstance(value, list | tuple | set | frozenset):
        return set().union(*(cards_in(part) for part in value)) if value else set()
    return set()


def check_cards_against_view(page, state, seat: int | None) -> None:
    """The cards the page's board draws are the engine's: each one the shown seat's view holds
    (none from another position, none hidden from that seat), and that seat's hand drawn whole.
    ``seat`` None: whoever may act now."""
    seats = [seat] if seat is not None else list(state.whose_turn().seats)
    views = [state.view(one) for one in seats]
    seen = set().union(*(cards_in(view) for view in views))
    drawn = set(page.evaluate(CARD_TITLES)) & cards_in(vars(state))  # card names only
    assert drawn <= seen, f"the board draws cards the engine's view does not hold: {sorted(drawn - seen)}"
    hands = set().union(*(cards_in(view.get("hand", [])) for view in views))
    assert hands <= drawn, f"the board leaves out cards of the hand: {sorted(hands - drawn)}"
    assert drawn or not seen, "the board draws none of the cards in view"
