"""A wrong answer to a lesson's try-it step, for tests that show how a page answers it."""


def wrong_try(lesson):
    """(step index, a legal move the step does not accept, by the same seat) for the
    lesson's first try-it step that has one; None when no step has."""
    states = lesson.states()
    for index, step in enumerate(lesson.steps):
        if step.try_ and step.try_.accept:
            wrong = [
                move
                for move in states[index].legal_moves()
                if move not in step.try_.accept
                and states[index].mover(move) == states[index].mover(step.try_.accept[0])
            ]
            if wrong:
                return index, wrong[0]
    return None
