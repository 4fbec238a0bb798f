"""What it takes to put the tutor online, beside Voila's own settings (voila.json):

- ``kernels.TutorKernelManager``: a cap on live kernels (a visitor beyond it gets the
  busy page), culling of kernels whose page left or never came, and pools that refill
  themselves in the background;
- ``preprocessors.PageTitle`` (with ``widgets.pages``): each page's title, in every language of the catalog;
- ``console.Friendly``: a quiet console that says where to open the tutor and how to stop it.
- ``delivery``: responses compressed, and the widgets' scripts and styles served at addresses
  that name their version, kept in the browser's cache.

The page template that goes with them is ``share/jupyter/voila/templates/tutor/``.
"""
