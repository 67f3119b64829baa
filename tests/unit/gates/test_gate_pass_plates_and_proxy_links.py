"""Plates registered at a gate, a garage or a porter's desk; proxy share links; recovery
phrases with a few words off the list; passwords named in the case forms of Slavic
languages and made with two marks between word and digits; employees' short numbers; a
Thai identification number as the card prints it; and the look-alikes that must stay
stored: a pattern's example, a placeholder said to be one, a register's number far from
its label, a country's freephone line named by its letters, a word of prose before an
amount.

The sentences here are this module's own, in the shapes the tuning parts of the twentieth
and twenty-first probes showed (``tests/data/detection/README.md``).
"""

from functools import partial

import pytest
from corpus_parts import refused, stored

_refused = partial(refused, "worldprobe20")
_stored = partial(stored, "worldprobe20")


@pytest.mark.parametrize(
    ("text", "detector"),
    [
        # a plate given at a gate, a garage, a porter's desk or for a compound's pass
        ("Para a portaria do condomínio: QTE4B71, Gol branco.", "vehicle_plate"),
        ("Registrar en la portería del edificio: 4821 KLM", "vehicle_plate"),
        ("Для пропуска на территорию завода: ВЕ 7731 АК.", "vehicle_plate"),
        ("بوابة الكمباوند تطلب رقم اللوحة: ك ه د 2291", "vehicle_plate"),
        ("गेट पास के लिए: DL 3C AB 4412", "vehicle_plate"),
        # a proxy client's share link: its user part is the credential
        (
            "Прокси для телефона: vless://3f1c2b9e-8a7d-4e21-9b55-0d6c1e2f3a4b@91.203.14.7:443"
            "?type=tcp#home",
            "credential_url",
        ),
        ("Trojan link: trojan://Sup3rPass-8812@proxy.example.net:443", "credential_url"),
        # a recovery phrase written from memory, one word off the list, called so before it
        (
            "The wallet seed she wrote on a card: orbit tunnel velvet harvest pilot canyon"
            " ribbon meadow sketch glacier pony anchor.",
            "seed_phrase",
        ),
        # "password" in the case forms of Polish, Czech and Russian, before a made value
        ("Loguje się do poczty z hasłem Jabłko!2231 od lat.", "password"),
        ("Na router se přihlašuje heslem Kolo_na#77 a nikomu ho neřekl.", "password"),
        # two marks between a word and its digits
        ("Na karteczce pod klawiaturą zapisał Pierogi&&442 i tyle.", "made_password"),
        # lftp gives the user and the password with a comma
        ("Wrzuca pliki przez lftp -u marek,Kasza#7781 ftp.home.lan", "labelled_secret"),
        # a code's name with a count of its digits, a login code, a wifi password in Thai
        ("De inlogcode van de bank-app is 55182, zei hij.", "password"),
        ('รหัสไวไฟที่บ้านแม่คือ "mamuang@5521"', "password"),
        # named later: "that they were the card's code"
        (
            "Ele ditou 6630 e depois explicou que era o código do cartão de crédito.",
            "password",
        ),
        # an employee's or a student's short number after its label
        ("Personel sicil no 48812, yemek kartı için lazım.", "labelled_identifier"),
        ('Он сказал: "מספר העובד שלו הוא 77120".', "labelled_identifier"),
        ("nº mecanográfico da funcionária: 30417", "labelled_identifier"),
        ("Mon matricule chez Renault c'est le 447102.", "labelled_identifier"),
        # a Thai identification number grouped as the card prints it
        ("เลขบัตรประชาชนของพ่อ 1 1996 00076 67 4", "national_id"),
        # the Portuguese everyday name of the tax number, heading its clause
        ("Contribuinte da mãe, para a farmácia: 123456789", "labelled_identifier"),
        # an identity card's number named after it in Dutch
        ("XR48TPL52 – dat is het nummer van de ID-kaart van zijn moeder.", "labelled_identifier"),
    ],
)
def test_refused(text: str, detector: str) -> None:
    assert _refused(text).startswith(detector), text


@pytest.mark.parametrize(
    "text",
    [
        # a pattern's example, called one in the words around it
        "No regulamento, o exemplo de hasła é „Wzorzec#2024” – to tylko przykład z PDF-a.",
        "Směrnice uvádí vzor hesla 'Heslo123!' – je to jen ukázka z dokumentace.",
        # a placeholder said to be one
        "In .env.example steht DB_PASSWORD=hier_eintragen als Platzhalter.",
        "Dalam fail contoh, API_TOKEN=isi_sendiri sebagai placeholder.",
        # a register only businesses are in, named earlier in the sentence
        "السجل التجاري للمورد الذي يتعامل معه المستخدم منذ سنوات: 1010987654",
        # a freephone line named by the letters of its country's language
        "W sprawie skierowań dzwonić na infolinię NFZ: 800 190 590.",
        "Zákaznická linka pojišťovny, kam volá kvůli škodě: 800 123 456.",
        # a word of prose before an amount after a document's name
        "The passport cost 250 euros in 2023.",
        "O contribuinte pagou 250 euros de IMI em 2023.",
        # a gate's word and something that is no plate
        "Garagem: Bosch GSR12V na prateleira de cima.",
        # a sort flag is no login pair
        "sort -u names.txt,extra.txt before the merge",
        # a wallet named, prose after it
        "The wallet app: he said that they were going to move the whole team soon.",
        # no employee number: a year
        "Employee numbers were introduced in 2019.",
    ],
)
def test_stored(text: str) -> None:
    _stored(text)
