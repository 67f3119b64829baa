"""A lock's code in a note whose items are set off by bullets — a hyphen between spaces or a
number and a parenthesis — rather than commas, and parcel lockers named in more languages.
The same lists without a code, or with a thing's number, stay stored.

The sentences are this module's own, in the shapes the probes' tuning parts showed
(``tests/data/detection/README.md``).
"""

import pytest
from corpus_parts import refusal


def _detail(text: str) -> str | None:
    """None when the memory is stored, else the refusal's detail."""
    return refusal(text, ["notes", "errands"])


@pytest.mark.parametrize(
    "text",
    [
        "Notas: - pagar la luz - cofre del despacho 582091 - cita con el dentista",
        "Lista: 1) zapłacić za gaz 2) sejf w biurze – 770412 3) kupić chleb",
        "To do: 1. call the bank 2. alarm 4471 3. water the plants",
        "Úkoly: zaplatit nájem, vyzvednout balík z AlzaBoxu (kód 903311), nakoupit.",
        "Tarefas: pagar a renda, cacifo 448120, comprar pão.",
    ],
)
def test_a_code_in_a_bulleted_list_is_refused(text: str) -> None:
    detail = _detail(text)
    assert detail is not None, text
    assert "582091" not in detail and "770412" not in detail


@pytest.mark.parametrize(
    "text",
    [
        "Notas: - pagar la luz - sala 4021 del hospital - cita con el dentista",
        "Agenda: 1) reunião às 10 2) sala 4021 3) almoço com a Ana",
        "Notes: alarm clock broke - buy a new one - call mum",
    ],
)
def test_the_same_lists_without_a_code_are_stored(text: str) -> None:
    assert _detail(text) is None, _detail(text)
