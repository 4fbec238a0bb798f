"""How a learner makes a move in the browser: the clicks the game's board module lists
(``clicks`` in its ``board_module``), found by the names the board gives its parts
(``data-target``) and by the labels screen readers read too."""

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
