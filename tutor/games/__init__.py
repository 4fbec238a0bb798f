"""The three rules engines, one module per game."""
