"""Where pasted material ends in a chat: notes pasted in a user turn end where the next turn's label starts, and
the assistant's own earlier answer ("Assistant: Here is a recap:") is not material. A section named for the asker's
conditions (« Rahmenbedingungen: ») lists what is wanted, not material."""

from __future__ import annotations

from rubriq.core.prompt import parse_prompt

NOTES = ("Alarm sounded at 10:02. Everyone was out by 10:06. Year 4 used the wrong exit. The register for 5B was "
         "missing and had to be fetched from the office.")
CHAT = ("User: The head asked for a recap of this morning's fire drill. Here are my notes:\n\n" + NOTES + "\n\n"
        "Assistant: Here is a recap of the drill:\n\n"
        "The alarm sounded at 10:02 and the building was clear by 10:06. Two problems came up: Year 4 left by the "
        "wrong exit, and the 5B register had to be fetched from the office.\n\n"
        "User: Still too long, she reads these on her phone. Two sentences at most.")


def test_notes_pasted_in_a_user_turn_end_where_the_next_turn_starts() -> None:
    sources = parse_prompt(CHAT).sources
    assert [block.text.strip() for block in sources] == [NOTES]


def test_the_assistants_earlier_answer_is_not_material() -> None:
    sources = parse_prompt(CHAT).sources
    assert not any("Two problems came up" in block.text for block in sources)


def test_a_pasted_chat_log_keeps_its_turns() -> None:
    log = ("Summarise this support chat for the ticket, in two sentences:\n\n"
           "Customer: My router keeps dropping the connection every evening around 8pm.\n"
           "Agent: Have you tried moving it away from the microwave?\n"
           "Customer: Yes, and it still drops. It started after the firmware update last week.\n"
           "Agent: I'll book an engineer visit for Thursday.\n")
    text = " ".join(block.text for block in parse_prompt(log).sources)
    assert "firmware update" in text and "engineer visit" in text


def test_a_section_of_the_askers_conditions_is_not_material() -> None:
    prompt = ("Ich brauche ein kleines Python-Skript, das unsere Lieferantenliste nach Ort sortiert.\n\n"
              "Rahmenbedingungen:\n"
              "- eine Funktion sortiere_lieferanten(liste), die die sortierte Liste zurückgibt\n"
              "- der Laptop hat kein Internet, also nichts außer der Standardbibliothek\n"
              "- jede Funktion mit Docstring\n")
    assert parse_prompt(prompt).sources == []
