"""A value in the shape people give their passwords (a word, digits and a symbol in one
token) is refused wherever it stands, with no word naming it; the same letters, digits and
marks in prose, prices, handles, hashtags, versions, code and addresses are stored.

The sentences are this file's own, written for the rule's general cases.
"""

import pytest
from corpus_parts import refusal


def decide(text: str) -> tuple[bool, str]:
    """Whether the gates store ``text`` in a memory whose other fields name no password
    (a password named anywhere in a memory is another rule's: test_password_memory.py),
    and the refusal's detail."""
    detail = refusal(text, ["notes", "reminders"])
    return detail is None, detail or ""


@pytest.mark.parametrize(
    "text",
    [
        # A closing "#", "$", "&" or "@".
        "Reminders: pay the rent, old laptop → Marmalade1987#, buy cat food.",
        "Para entrar no notebook do trabalho: Goiaba2011$ (não contar a ninguém).",
        "Notizen: Müll raus, Brezel2019&, Oma anrufen.",
        "Notes: guest laptop Papaya1999&&; call the plumber.",
        "Il a écrit Croissant77@ sur un post-it collé à l'écran.",
        # A symbol between a capitalised word and its digits.
        "Wi-Fi at the cabin: Fjord!4471, the guest network has none.",
        "Хатні нотатки: Borscht*2093, забрати посилку.",
        # A leading symbol that does not close it too.
        "Pour le portable, il a noté «!Renard77» dans son carnet.",
        "Sur le post-it de l'écran : *Baguette42X, rien d'autre.",
        # "!" and "?" with a mark after them or the sentence going on in another script.
        "Der alte Account nutzt Lederhose1990!, sagt er.",
        "पुराने लैपटॉप पर Chai.2008! लिखा है।",
        "Ghi chú: máy tính Banhmi1995?, mua sữa.",
        # "*" and "_" after a word and its digits joined by "." or "_"; "%" after a year.
        "Ноутбук: pelmeni_2017* и больше ничего.",
        "Ang nakasulat sa papel: Adobo.2003_ para sa laptop.",
        "Dia simpan Rendang.2015% di catatan HP.",
    ],
)
def test_a_made_password_is_refused_with_no_name_for_it(text: str) -> None:
    accepted, detail = decide(text)
    assert not accepted, (text, detail)
    assert detail == "made_password: value shaped as a made password", text


@pytest.mark.parametrize(
    "text",
    [
        # Exclamations and questions that end a sentence after a name and a year.
        "The user is excited about Paris2024!",
        "Their Steam name is Kartoffel_92! Add him for co-op.",
        "They finally installed Windows11! finally no more crashes.",
        "The user likes Tokyo2020!!",
        # Hashtags, handles, markdown emphasis, footnotes.
        "Posts every run with #Summer2024 and tags @john_doe99.",
        "The hotel they liked is *Hilton2019* in the notes.",
        "See the footnote on Table2019* for the source.",
        # Numbers, prices, percentages, code and versions.
        "Issue#12 is fixed, and the plan costs CAD$50 a month.",
        "同比增长50%，用户很满意。",
        "The script computes total = price*12 for the year.",
        "The CLI needs Java17+ and Python3.11!",
        "The rocket.99% rule is a meme in their team.",
        # Paths and anchors keep their parts together.
        "The link is https://example.org/guide#Section12 and C:/Users/Anna1990_/notes.",
        # A value around which words call it an example.
        "The style guide shows Sunflower1990# as an example value in its tables.",
    ],
)
def test_the_same_marks_in_prose_are_stored(text: str) -> None:
    accepted, detail = decide(text)
    assert accepted, (text, detail)
