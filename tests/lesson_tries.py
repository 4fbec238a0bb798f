"""Answers to a lesson's try-it steps: a wrong one, for tests that show how a page answers it,
and a whole lesson walked in its stepper with right ones."""


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


def walk(stepper):
    """Step through a whole lesson, answering each try-it with an accepted move."""
    seen = []
    while True:
        seen.append(stepper.step)
        step = stepper.current
        while step.try_ is not None:  # a play-on step asks again until its moment comes
            move = step.try_.accept[0] if step.try_.accept else stepper.board.state.legal_moves()[0]
            stepper.play(move)
            assert stepper.verdict == "right", stepper.message
            if not stepper.waiting:
                break
        if stepper.step == stepper.total - 1:
            return seen
        stepper.next()
