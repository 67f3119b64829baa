"""A refusal names the identifier scheme the text names, where the number passes it.

Most numbers of nine to thirteen digits pass several countries' checks. The detail of a
refusal used to name the first scheme in the detector's order that the number passed, so a
Polish PESEL was reported as a German tax number. Where the text names a scheme near the
number (its acronym, "CNIC number", or its native name, "Steuernummer") and the number
passes that scheme too, the detail names it; the decision is the same either way. The
numbers are python-stdnum's own examples of each scheme.
"""

import pytest

from memory_plugins.gates.sensitive import find_sensitive

NAMED = [
    ("用户的PESEL是44051401359。", "pl.pesel"),
    ("The user's PESEL is 44051401359.", "pl.pesel"),
    ("The user's CNIC number is 42201-0397640-8.", "pk.cnic"),  # not the first 12 digits
    ("The user asked to keep 54362315-K on file (DNI).", "es.dni"),  # the letter decides
    ("用户的NN, NISS, RRN是85 07 30 033 28。", "be.nn"),  # read on over the spaces
    ("用户的VAT是SE 123456789701。", "se.vat"),
    ("The user's KMKR is 100594102.", "ee.kmkr"),
]


@pytest.mark.parametrize(("text", "scheme"), NAMED)
def test_the_detail_names_the_scheme_the_text_names(text: str, scheme: str) -> None:
    found = find_sensitive([text])
    assert found is not None and f"national_id: {scheme} (" in found, found


def test_a_number_no_name_explains_still_reports_a_scheme_it_passes() -> None:
    found = find_sensitive(["用户的证件号码：44051401359"])
    assert found is not None and found.startswith("national_id: ")


def test_a_named_scheme_the_number_fails_is_not_reported() -> None:
    # 44051401359 is a valid PESEL, not a valid Norwegian fødselsnummer: the detail names a
    # scheme it passes, not the one the text names.
    found = find_sensitive(["The user's fødselsnummer is 44051401359."])
    assert found is not None and "no.fodselsnummer" not in found
