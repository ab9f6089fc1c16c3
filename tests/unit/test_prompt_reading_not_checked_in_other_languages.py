"""The "not checked" reading in French, German and Spanish: manner words (« tendre », « mielleux », "lockerer",
"Du-Form", "humor"), a layout per line and a format named (« un produit par ligne », « au format »), « laisse ... »
as a request, and a sentence that starts after a quoted ending ('... con "Fin." Que tenga humor')."""

from __future__ import annotations

from prompt_reading_helpers import unchecked_texts


def test_manner_words_of_french_german_and_spanish_are_reported():
    assert any("tendre" in t for t in unchecked_texts(
        "Écris un petit poème pour leur mariage. Quelque chose de tendre mais pas mielleux."))
    assert any("lockerer" in t for t in unchecked_texts(
        "Schreib den Aushang bitte um, lockerer und in Du-Form.\n\n--- Aushang ---\nDas Betreten der Küche ist "
        "untersagt.\n--- Ende ---"))


def test_a_layout_per_line_and_a_named_format_are_reported():
    found = unchecked_texts("Voilà l'inventaire :\n\nbeurre\t4\t10\nfarine\t6\t25\n\nSors-moi les produits à "
                            "commander, un produit par ligne au format « produit : quantité ».")
    assert any("par ligne" in t for t in found), found


def test_laisse_asks_for_something():
    found = unchecked_texts("Mets ces trois mails en CSV. Une ligne par client, et laisse la case vide quand le "
                            "montant manque.")
    assert any("laisse la case vide" in t for t in found), found


def test_a_sentence_after_a_quoted_ending_is_read_on_its_own():
    found = unchecked_texts('Escribe un microrrelato de 100 palabras que termine con "Fin." Que tenga algo de humor.')
    assert "Que tenga algo de humor." in found, found
