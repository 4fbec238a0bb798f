"""Classroom pages: the teacher's presenter page leads a lesson on the projector, and each
learner's join page follows it on their own device and answers its "try it" steps there.

The pages share a class only through ``tutor.classroom`` (its store); each page polls it from
its kernel's event loop (``widgets.poller``), as the play page paces its computer players. One module per role:

- ``link``: ``PageLink``, the browser side: it tells the kernel the page's address, what
  localStorage kept and the keys the presenter pressed, and writes back what to keep, so that a
  reload finds the class again;
- ``lesson``: the lessons a class can take (the "Lead a class" form's list) and what both pages
  make of the class's lesson and its answers;
- ``page``: what both pages are built on (the link, the store, the frame);
- ``presenter``: the teacher's page; ``follower``: a learner's page.

Learners send their moves in lesson notation (language-free, so one tally counts the same move
from an English and a French page alike); every page puts a move into words in its own language
with the game's ``words.move_words``.
"""

from widgets.classroom.follower import join_page
from widgets.classroom.page import PAGES
from widgets.classroom.presenter import teach_page

__all__ = ["PAGES", "join_page", "teach_page"]
