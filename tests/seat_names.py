"""The seat names the lessons give in French and Dutch (in English: Red, Blue, Green, Yellow)."""

NAMES = {"fr": ["Rouge", "Bleu", "Vert", "Jaune"], "nl": ["Rood", "Blauw", "Groen", "Geel"]}
