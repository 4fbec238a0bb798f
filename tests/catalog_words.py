"""Words the lessons once used where the catalog, and so the board, says otherwise: in lessons
(test_languages) and in any text (test_catalog_texts) they must not come back."""

NOT_THE_CATALOGS_WORDS = {
    ("danger13", "fr"): [r"\bun-plus\b", r"\bdeux-plus\b", r"\b\d simples?\b", r"plus immédiat"],
    ("danger13", "nl"): [r"één-plus", r"twee-plus", r"\bhandkaart", r"\bgewone \d\b"],
    # "Ténèbres" is plural only: "les Ténèbres rapporte" in a sentence made for any card
    ("thricewise", "fr"): [r"\bDragons?\b", r"à chiffre", r"Ténèbres", r"Lunatique"],
    ("thricewise", "nl"): [r"\breeks", r"Maanzieke", r"\bPact\b"],
    ("thricewise", "en"): [r"'[a-z]+[_-][a-z_-]+'", r"\bmonotonic\b", r"\brun_rule\b"],  # option ids
}
