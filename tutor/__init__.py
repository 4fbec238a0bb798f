"""Rules engines, lessons and explanations for the card-game tutor (no UI imports)."""
