"""A Thricewise position for tests of the engine and of its board."""

# A two-player table: Author (2 Moons/Knots) and Journey (3 Moons/Waves) on row 1.
TABLE = {
    "grid": {"1,1": ["author", "journey"], "1,2": ["ace-knots", "ace-wyrms"]},
    "hands": {"Ann": ["mountain", "sailor", "sea"], "Bob": ["castle", "desert", "bard"]},
}
