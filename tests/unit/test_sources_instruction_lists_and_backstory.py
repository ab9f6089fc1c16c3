"""What the person asks for is never pasted material: a labelled list of wants ("What I need:", "Lo que pide el
cliente:"), a bulleted list whose items ask for things in any of Rubriq's languages, and the opening paragraph that
says who is asking ("I'm a wedding photographer and ..."). Material introduced the usual ways is still found."""

from __future__ import annotations

import pytest

from rubriq.core.prompt import parse_prompt


def sources(prompt: str) -> list[str]:
    return [block.text.strip() for block in parse_prompt(prompt).sources]


@pytest.mark.parametrize("prompt", [
    "I keep pricing hedge trimming by eye and want a helper for it.\n\nWhat I need:\n"
    "1. A Python function quote_hedge(length_m, height_m) that accepts metres and returns a price in pounds.\n"
    "2. Annotate parameters and return types, my editor complains otherwise.\n"
    "3. It runs on the van's old laptop, where nobody may install anything, so plain Python only.\n"
    "4. Tests with unittest: one for a negative length and two more for normal hedges.\n",
    "Escribe un anuncio para la panadería de mi barrio.\n\nLo que pide el cliente:\n"
    "- Que no pase de sesenta palabras.\n- Tiene que salir la palabra «masa madre».\n"
    "- Nada de emojis, que en la radio no se leen.\n",
    "Tengo una panadería pequeña y vamos a anunciarnos en la radio del barrio. Necesito el texto.\n\n"
    "- Leído despacio dura unos veinte segundos, o sea, unas cincuenta palabras.\n"
    "- El locutor se traba con las comas, así que escríbelo sin ninguna.\n"
    "- Tiene que acabar con «Panadería Lucero, pan de verdad.»\n",
])
def test_a_list_of_what_the_person_asks_for_is_not_a_source(prompt: str) -> None:
    assert sources(prompt) == []


def test_the_paragraph_saying_who_asks_is_not_a_source() -> None:
    prompt = ("I'm a wedding photographer and every couple asks me the same things about the album, the second "
              "shooter and the deadline for the gallery.\n\n"
              "Write me a short FAQ in five questions and answers that I can link to. Don't explain the pricing, "
              "the quote covers that.")
    assert sources(prompt) == []


def test_a_labelled_source_is_still_found() -> None:
    prompt = ("Summarise the club's note for parents in two sentences.\n\nNote from the club:\n"
              "Training moves to Thursday evenings from 6 March. Boots with moulded studs only on the new pitch. "
              "Subs of £15 are due by the end of the month, payable by bank transfer to the club account.\n")
    assert any("Training moves to Thursday" in text for text in sources(prompt))
