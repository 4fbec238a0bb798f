"""A game defined only inside the test folder, to show that a new game is one package."""
