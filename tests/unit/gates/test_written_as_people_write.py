"""Secrets and identifiers written as people write them in the 28 languages of the blind
probes: a percent sign in a password, the copula after the value, a login in two halves, a
name misspelt before digits, a lock's combination, a wallet's words, a plate or an employee's
number named after or before its value, a home's address in local shorthand.

The sentences here are this module's own, in the shapes the probes' tuning parts showed
(``tests/data/detection/README.md``); each look-alike beside them is a text the rule must
leave stored.
"""

from functools import partial

import pytest
from corpus_parts import decide, refused, stored

_refused = partial(refused, "worldprobe10")
_stored = partial(stored, "worldprobe10")


@pytest.mark.parametrize(
    "text",
    [
        # "%" and two digits are a URL's escape only where the text is a URL's: the text as
        # written is read too.
        "Пароль от роутера на даче: lesnaya%47.",
        'Lösenordet till Netflix är "Fotboll%2291".',
    ],
)
def test_a_percent_sign_in_a_password_is_read_as_written(text: str) -> None:
    assert _refused(text).startswith("password")


def test_a_url_with_escapes_and_a_percentage_are_stored() -> None:
    _stored("See https://example.com/search?q=caf%C3%A9 for the café's menu.")
    _stored("Sales grew 12%30 days after the launch, the user says.")


@pytest.mark.parametrize(
    "text",
    [
        # The copula after the value (Hindi, Persian, Turkish's suffix), Czech "je",
        # Czech quotes.
        "दफ़्तर वाले कंप्यूटर का पासवर्ड Kela#58 है।",
        "رمز وای‌فای دفتر sabzi7391 است.",
        "Ofisteki bilgisayarın şifresi Lale58'dir.",
        "Heslo k routeru je „knedlik2791“.",
        # a word and digits after "$" in a sentence that names the password in words
        "Wachtwoord van de NAS: $Tulpen4411.",
        # one word saying when before a borrowed language's copula
        "Sabi niya, pagkatapos ng phishing noong isang buwan, ang password ngayon ay Bahay_2291.",
    ],
)
def test_a_password_given_in_more_word_orders_is_refused(text: str) -> None:
    assert _refused(text).startswith("password")


@pytest.mark.parametrize(
    "text",
    [
        # code's variables, a SOV sentence about a password with no value
        "Das Passwort steht in $DB_PASS und $dbPass1 im Skript.",
        "पासवर्ड की लंबाई 12 अक्षर है।",
        "मेरा पासवर्ड बहुत मजबूत है।",
        "Kullanıcı şifresini 2024'te değiştirdi.",
    ],
)
def test_variables_and_talk_of_passwords_are_stored(text: str) -> None:
    _stored(text)


@pytest.mark.parametrize(
    "text",
    [
        # a user name, a separator, then a made password: a login in two halves
        "Notes: Steam → kenji_yama / Ramen#77 (since March)",
        "Lembrete: 'VPN da empresa — j.silva, Pastel#2020'",
    ],
)
def test_a_login_written_as_its_two_halves_is_refused(text: str) -> None:
    assert _refused(text).startswith("made_password")


@pytest.mark.parametrize(
    "text",
    [
        "See Issue#12 in the tracker before Friday.",
        "Ask r.sharma about Room#12 on the third floor.",
        "Write to r.sharma@example.org, Meeting@10 is confirmed.",
    ],
)
def test_numbered_things_beside_a_user_name_are_stored(text: str) -> None:
    accepted, detail = decide("worldprobe10", text)
    assert accepted or detail.startswith("email"), (text, detail)


@pytest.mark.parametrize(
    "text",
    [
        # a PIN's or a password's name misspelt by one letter before its value
        "A sneha do cartão do Itaú é 5521.",
        "Die Geheimzhal der neuen Karte ist 7310.",
        "La pasword del wifi è Mare@88, dice l'utente.",
        # a semicolon joins what is said of the digits
        "Apunta 4417; según él, es el pin de la tarjeta del Santander.",
        # a card's code in a Romance language, a lock's combination
        "Le code de la carte bleue de son fils, c'est 6402.",
        "552190 ist die Kombination vom Tresor im Keller.",
        "Kombinace k trezoru v kuchyni: 618204.",
    ],
)
def test_pins_named_in_more_ways_are_refused(text: str) -> None:
    assert _refused(text).startswith("password")


@pytest.mark.parametrize(
    "text",
    [
        # one-letter neighbours of the names that are other words, a combination of things
        "O senhor do cartório disse que a fila é 1200 pessoas.",
        "Die Kombination aus 1500 Schritten und Tresor-Training hilft.",
        "Le code de la route a changé en 2024.",
    ],
)
def test_words_near_the_names_and_their_numbers_are_stored(text: str) -> None:
    _stored(text)


@pytest.mark.parametrize(
    "text",
    [
        # the recovery codes of a name the pre-check did not know in its plural
        "Κωδικοί ανάκτησης για το Google: 4821 7730, 1190 5528, 6604 2219",
        # a code in a note's list after an intercom, a parcel box, a padlock; a Japanese
        # middle dot and a slash between spaces end an item
        "Pendientes: pagar el gas, candado del trastero 4471, comprar leche.",
        "メモ：・ゴミは木曜 ・宅配ボックス 2290 ・歯医者 金曜",
        "메모) 도어락 551902 / 관리비 25일 / 택배는 경비실",
    ],
)
def test_codes_in_notes_and_lists_are_refused(text: str) -> None:
    assert _refused(text).startswith(("password", "keyed_code"))


@pytest.mark.parametrize(
    "text",
    [
        # twelve words of a list in a row beside a wallet's name, "seed" borrowed, a count
        "Notatka: portfel Trezor, 12 słów: cute clay also blind carry brick affair author "
        "coral cliff anchor anxiety.",
        "mushroom bamboo olive garden basket fabric nephew crystal orbit hollow ladder salad "
        "— to je seed fráze k jeho peněžence.",
    ],
)
def test_a_wallets_words_named_in_other_ways_are_refused(text: str) -> None:
    assert _refused(text).startswith("seed_phrase")


@pytest.mark.parametrize(
    "text",
    [
        # a plate given first, then named as one
        "FG-318-KL, c'est la plaque de la voiture de son frère.",
        "EX 412 ZT: è la targa dell'auto di suo padre.",
        "KT-771-B is het kenteken van haar auto.",
    ],
)
def test_a_plate_named_after_it_is_refused(text: str) -> None:
    assert _refused(text).startswith("vehicle_plate")


@pytest.mark.parametrize(
    "text",
    [
        "ISO 9001 is the plate standard the factory follows.",
        "Room B-204, the plate on the door is new.",
    ],
)
def test_codes_before_a_plate_word_that_no_vehicle_follows_are_stored(text: str) -> None:
    _stored(text)


@pytest.mark.parametrize(
    "text",
    [
        # an employee's or a student's number, named before it
        "Her employee ID is 5520184, for the badge form.",
        "Matrikelnummer der Tochter: 4829173.",
        "사용자 사번 7730215, 출입증 신청할 때 필요.",
        "工号 628163，报销时要填。",
        "รหัสพนักงาน: 6610427",
    ],
)
def test_an_employees_or_a_students_number_is_refused(text: str) -> None:
    assert _refused(text).startswith("labelled_identifier")


@pytest.mark.parametrize(
    "text",
    [
        "The employee ID column of the export is an integer.",
        "Employee number 5 is on leave this week.",
    ],
)
def test_talk_of_employee_numbers_is_stored(text: str) -> None:
    _stored(text)


@pytest.mark.parametrize(
    "text",
    [
        # Spain's "C/" for a street; Indonesia's neighbourhood units beside a street
        "Sus abuelos viven en C/ Ramón y Cajal, 14, 3º B, 50004 Zaragoza.",
        "alamat = Jl. Melati Raya No. 8, RT 04/RW 07, Kel. Cipete, Jakarta Selatan",
    ],
)
def test_a_homes_address_in_local_shorthand_is_refused(text: str) -> None:
    assert _refused(text).startswith("street_address")


def test_a_shops_street_in_local_shorthand_is_stored() -> None:
    _stored("La ferretería de la C/ Mayor, 12 abre a las nueve.")


@pytest.mark.parametrize(
    "text",
    [
        # a word of calling or messaging after a number, in its sentence or the next
        "Lo de su prima Marta: 622 41 09 37. No coge llamadas, mejor escribirle por wasap.",
        "Electricista de confiança, o Sr. Jorge: 913 448 207, melhor ligar depois das 18h.",
    ],
)
def test_a_number_called_or_messaged_after_it_is_refused(text: str) -> None:
    assert _refused(text).startswith("phone_number")


@pytest.mark.parametrize(
    "text",
    [
        "Pedido 611223786, llamar a la tienda si tarda.",
        "Order 612 233 786 — call the shop if it's late.",
        "Die Bestellung 4829173650, bitte anrufen.",
    ],
)
def test_a_things_number_before_a_word_of_calling_is_stored(text: str) -> None:
    _stored(text)


@pytest.mark.parametrize(
    ("text", "detector"),
    [
        # a Japanese account's kind before its seven digits
        ("家賃の振込先：みずほ銀行・新宿支店・普通・4820193", "bank_account"),
        # a Czech driving licence by its everyday name
        ("Číslo řidičáku manželky: EK 552013, platí do 2031.", "labelled_identifier"),
        # Hungarian's plate adjective after the plate
        ("Vegyél matricát az RT KL-224 rendszámú kocsira.", "vehicle_plate"),
    ],
)
def test_accounts_licences_and_plates_in_their_local_forms_are_refused(
    text: str, detector: str
) -> None:
    assert _refused(text).startswith(detector)


def test_an_ordinary_day_and_its_steps_are_stored() -> None:
    _stored("普通の日は 1234567 歩も歩かない、とユーザーは笑う。")


@pytest.mark.parametrize(
    "text",
    [
        # a phone's unlock code, a parcel's pickup code, a building's auto-lock number
        "Ela anotou 640218 como o código de desbloqueio do tablet do filho.",
        "Mein Entsperrcode ist 4821, sagt er.",
        "Poznámka: kód pro vyzvednutí 772915 u Z-BOXu na rohu.",
        "קוד לאיסוף החבילה מהלוקר: 550812",
        "ユーザーいわく、7391がマンションのオートロックの番号。",
        # a device's default administrator and a password-like value
        "Entra no router com admin / $Modem2291.",
    ],
)
def test_unlock_and_pickup_codes_and_a_default_login_are_refused(text: str) -> None:
    assert _refused(text).startswith("password")


@pytest.mark.parametrize(
    "text",
    [
        "See /admin/v2/users for the list of accounts.",
        "The route admin/settings opens the dashboard.",
        "O código de desbloqueio chega por SMS, diz a operadora.",
    ],
)
def test_paths_and_talk_of_unlock_codes_are_stored(text: str) -> None:
    _stored(text)


@pytest.mark.parametrize(
    "text",
    [
        # a business code beside a place of business; a register only businesses are in
        "A padaria do bairro tem CNPJ 11.742.663/0001-06, para a nota fiscal.",
        "取引先の法人番号は5861109994865で、請求書に載せる。",
        "거래처 사업자등록번호는 404-15-74125, 세금계산서 발행할 때 필요함.",
    ],
)
def test_a_businesss_public_number_is_stored(text: str) -> None:
    _stored(text)


@pytest.mark.parametrize(
    ("text", "detector"),
    [
        # a person's own number beside a shop stays a person's; India's GSTIN holds a PAN
        ("A dona da padaria passou o CPF dela: 123.456.789-09.", "national_id"),
        ("GSTIN of the user's own shop: 09FJTFS2363C1ZB", "national_id"),
    ],
)
def test_a_persons_number_beside_a_business_is_refused(text: str, detector: str) -> None:
    assert _refused(text).startswith((detector, "labelled_identifier"))


@pytest.mark.parametrize(
    "text",
    [
        # a building's number in Arabic beside a residence's word or the user's address
        "ساكن في جدة، حي الروضة، مبنى رقم 4417، الرمز البريدي 23435.",
        "العنوان الوطني للمستخدم: رقم المبنى: 8123، الشارع: التحلية، الحي: السليمانية",
    ],
)
def test_a_home_address_in_arabic_is_refused(text: str) -> None:
    assert _refused(text).startswith("street_address")


def test_a_buildings_number_at_work_is_stored() -> None:
    _stored("مبنى رقم 12 في الشركة فيه قاعة اجتماعات كبيرة.")


@pytest.mark.parametrize(
    "text",
    [
        # a placeholder, or what a form leaves to fill in later, named in another language
        "Im Rechnungsformular steht 'RE-2025/XXX' als Platzhalter.",
        "Mẫu biên bản còn để trống 'Số: XX/2025/BB', điền sau khi họp.",
        "A levélsablonban 'Ikt. XX/2025' a helyőrző.",
    ],
)
def test_a_forms_slot_named_as_a_placeholder_is_stored(text: str) -> None:
    _stored(text)


def test_a_slot_left_in_a_memory_is_still_refused() -> None:
    accepted, detail = decide("worldprobe10", "The user's name is XXXX and lives in XX.")
    assert not accepted and "template slot" in detail, detail
