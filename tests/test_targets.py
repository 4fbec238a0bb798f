"""A clickable part's name, drawn by the drawings, read by the boards, clicked by the tests."""

from hypothesis import given
from hypothesis import strategies as st

from tutor.svg.draw import target
from tutor.svg.targets import Target


def test_a_target_is_drawn_read_and_found_by_one_name():
    drawn = target(Target("slot", 2), "Slot 3", "<rect/>")
    assert 'data-target="slot:2"' in drawn
    assert Target.read("slot:2").number(4) == 2
    assert Target("slot", 2).selector == "[data-target='slot:2']"
    assert Target("pile").selector == "[data-target='pile']" and Target.read("pile") == Target("pile")
    assert Target.any("seat") == "[data-target^='seat:']"


@given(st.text(max_size=12), st.integers(min_value=1, max_value=200))
def test_a_number_read_from_a_click_is_in_range_or_none(which, below):
    """The browser may send anything: only a whole number under the limit comes back."""
    number = Target.read(f"seat:{which}").number(below)
    assert number is None or (0 <= number < below and int(which) == number)
