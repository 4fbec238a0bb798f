"""How a learner makes each game's moves: the clicks on its board, found by the names the
board gives its parts (``data-target``) and by the labels screen readers read too."""
from tutor.games import danger13, monster_trick, thricewise


def click_card(page, card) -> None:
    page.click(f"[data-target^='card:'][aria-label^=\"{card},\"]")


def play_monster_trick(page, move) -> None:
    if isinstance(move, monster_trick.Predict):
        for value in move.order:
            page.click(f"[data-target='vp:{value}']")
        return
    click_card(page, move.card)
    page.click(f"[data-target='slot:{move.slot}']")


def play_danger13(page, move) -> None:
    if isinstance(move, danger13.Choice):
        page.click(f"[data-target='{move.answer}']")
    else:
        page.click(f"[data-target='seat:{move.seat}']")


def play_thricewise(page, move) -> None:
    if isinstance(move, thricewise.Done):
        page.click("[data-target='done']")
        return
    click_card(page, move.card)
    page.click("[data-target='pick']" if isinstance(move, thricewise.Pick) else f"[data-target='cell:{move.cell}']")


PLAYERS = {"monster-trick": play_monster_trick, "danger-13": play_danger13, "thricewise": play_thricewise}
