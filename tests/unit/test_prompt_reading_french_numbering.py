"""« numérotées de 1 à 4 » is a numbered list of four items, as "numbered 1 to 4" is."""

from __future__ import annotations

from prompt_reading_helpers import kinds


def test_numerotees_de_1_a_n_counts_the_numbered_items():
    assert kinds("Écris quatre petites phrases, que je veux voir numérotées de 1 à 4.")["rubriq:numbered_list"] == [
        {"num_items": 4}]
