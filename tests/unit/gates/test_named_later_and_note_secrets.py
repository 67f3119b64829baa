"""Codes named later in their sentence, after a clause, by a word pointing back at them;
a code named with what it opens and given by a copula; generated values given after a
clause; passwords and recovery codes in a note's list; plates, identity numbers and homes
named in more ways; and the look-alikes that must stay stored: a company's number named
after it, a country's freephone line, an order numbered "n.", a company's tax number
written in groups.

The sentences here are this module's own, in the shapes the tuning parts of the sixteenth
to eighteenth probes showed (``tests/data/detection/README.md``).
"""

from functools import partial

import pytest
from corpus_parts import refused, stored

_refused = partial(refused, "worldprobe16")
_stored = partial(stored, "worldprobe16")


@pytest.mark.parametrize(
    "text",
    [
        # digits first, named later by a word pointing back at them
        "He read out 40213 and only then said that it's the code of the garage door.",
        "Elle a griffonné 7719 sur un ticket en expliquant que c'est le code de l'alarme.",
        "Она повторила 552814 — это, по её словам, код от сейфа в кабинете.",
        "Chị ấy nhắc 662104 rồi mới nói đó là mã mở cửa kho.",
        "Hon sa 5521 och förklarade efteråt att det är koden till förrådet.",
        "वह 7721 दोहराता रहा — बाद में बोला कि यह उसके टैबलेट का पिन है।",
        "3381、これが会社のロッカーの暗証番号だと言っていた。",
        # a code named with what it opens, given by a copula
        "The code of the safe in the bedroom is 072450.",
        "Codul seifului de la birou e 4421, a zis el.",
        "รหัสประตูหลังบ้านคือ 55120",
        "Le code de sa carte, qu'il a redemandé à la banque, c'est 4521.",
        "O código do multibanco da mãe é 8815.",
        # a lock set by its digits
        "Het hek achter de tuin gaat open als je het cijferslot op 3391 zet.",
        "Der Keller geht auf, wenn man am Zahlenschloss 6402 dreht.",
        "Ekran kilidi 552019, kimseye söyleme.",
        # a generated value given after a clause, or before a copula that comes last
        "The router password, which nobody changed since the install, is 7hQk2PzX9w.",
        "Пароль от роутера, который ставил мастер и никто не менял, — Qm7Xr2pLkV.",
        "رمز وای‌فای خانه، که از روز نصب عوض نشده، Zk4Pq8wRt2 است.",
        "ルーターのパスワード、業者が設定したままのやつは、Kaede4471!tori。",
        # a name misspelt with its particle
        "넷플릭스 비빌번호는 Busan7788!Gim 이야.",
        # in a note's list
        "Việc cần làm: trả tiền nước, pass wifi Viettel Kf8sP2qLm3, mua gạo.",
        "To do: pay rent, backup codes GitHub QX7P-2LKM-9RTV-8WZA, buy milk, call mom.",
        # a Wi-Fi key named after its value
        "Marmotte44!Alpes : c'est la clé wifi du chalet.",
        # backup codes in Romanian
        "Codurile de rezervă pentru contul Google: 4417 2290, 8813 5521, 0937 1162.",
    ],
)
def test_secrets_named_later_or_in_a_list_are_refused(text: str) -> None:
    assert _refused(text)


@pytest.mark.parametrize(
    "text",
    [
        # plates under more labels
        "Auto: Peugeot 208 grise – immat. GH-417-KT – révision en mai.",
        "Kereta: Proton Saga merah, no. plat WXY 4417, cukai jalan tamat Mac.",
        "Macchina di famiglia: Fiat Tipo grigia, targa FK 418 ZD, revisione a luglio.",
        "πινακιδα αυτοκινητου: ΙΚΧ-5521",
        'قال للحارس: "سيارتي البيضاء، لوحتها ر ب ن ٤٤١٧".',
        # an Israeli identity number and a driving licence with their article and copula
        "מספר תעודת הזהות של האישה הוא 039337423.",
        "לביטוח צריך את 8812204 – זה מספר רישיון הנהיגה של יוסי.",
        "driver's lisence ng kuya: N02-11-552019",
        # a home's address after a move, and Mexico's street and neighbourhood
        "Umzug ist durch: neue Adresse Ahornweg 14, 3. OG rechts, 80331 München.",
        "Le mandan los paquetes a Durango 118, depto. 4, col. Roma Sur, C.P. 06760.",
        # a mobile after "call me"
        "A tia disse: «liguem-me para o 912 345 671 se precisarem»",
    ],
)
def test_identifiers_under_more_labels_are_refused(text: str) -> None:
    assert _refused(text)


@pytest.mark.parametrize(
    "text",
    [
        # a company's number named after it, as a register only businesses are in
        "Na nota da oficina aparece 11.222.333/0001-81 — é o CNPJ da oficina.",
        "取引先を調べたら、1234567890123――これは法人番号で、公開されている。",
        "Pe factura scrie 18547290 — e codul fiscal (CUI) al firmei.",
        'בחשבונית מופיע 513456789 — זה הח"פ של החברה.',
        "दुकान के बिल पर 27AAPFU0939F1ZV छपा है — यह कंपनी का GSTIN है।",
        "บจก. สมบูรณ์ซ่อมแอร์ · เลขผู้เสียภาษี 0105561234567 · รับประกัน 90 วัน",
        "NIP firmy, w której pracuje: 526-104-08-28; ma biuro w centrum.",
        "Het café waar zij werkt staat bij de KvK onder 40630015, btw-nummer NL001234567B01.",
        # a country's freephone line, written in its script
        "По вопросам пенсии она звонит на 8 800 600-00-00, звонок бесплатный.",
        # an order numbered "n."
        "Ha ordinato un divano, ordine n. 20345520781, consegna entro marzo.",
        # a code named with a place it does not open
        "The zip code of the garage is 94110.",
        "The code of the gate was 2019, the year it was built.",
        "Il a noté 48213 sur le ticket : c'est le code promo du magasin.",
        # a product's name and a model are not generated values
        "The password manager she likes best is 1Password8 for Mac.",
        # placeholders in a manual or left empty
        "În documentație parola apare ca <PAROLA_TA>, fiecare o completează.",
        "설정 파일의 토큰 자리는 아직 <YOUR_TOKEN>로 비워 둔 상태.",
        "राउटर के मैनुअल में पासवर्ड की जगह 'xxxxxx' लिखा है।",
    ],
)
def test_look_alikes_are_stored(text: str) -> None:
    _stored(text)


@pytest.mark.parametrize(
    "text",
    [
        # a traffic fine names the plate it was written to
        "«Штраф пришёл на В123КХ 199, но машина стояла в гараже», — написала она.",
        '"Ceza 06 KLM 219 plakasına kesilmiş ama araç serviste" diye yazdı.',
        "Escreveu: «a multa foi para a BX-41-TZ, mas o carro estava vendido»",
        'كتبت: "المخالفة على اللوحة ر س ط 5512 لكن السيارة كانت عندي"',
        # plates under more labels
        "Voiture du voisin : 208 blanche, plaque GH-517-PL, garée devant.",
        '"Plat mobilku B 1234 KJT, tolong daftarkan di parkir kantor," katanya.',
        '"Yung plate number ng van namin ay ABC 1234, pakilista," sabi niya.',
        # labels with whose they are before a colon, shortened or without their marks
        "посв. водія мами (права): ВХА123456 — для страховки",
        "szig. szám anya: 123456AB (a szerződéshez)",
        "c. ridicaku sestry: EA 552193",
        # a label named after the value
        "Liga para o centro de saúde com o 187 554 203, que é o número de utente do pai.",
        # an account after its bank's name, a home's address, a phone after "cel"
        "관리비는 신한은행 11012345678901 로 보냄.",
        "Για τη ΔΕΗ: κατοικία Αριστοτέλους 12, 546 23 Θεσσαλονίκη.",
        "नर्स की होम विज़िट: दादी का पता फ़्लैट नं. 204, सेक्टर 21, नोएडा",
        "cel del vecino 55 4417 2290 (tiene llave de la casa)",
    ],
)
def test_identifiers_named_by_fines_and_short_labels_are_refused(text: str) -> None:
    assert _refused(text)


@pytest.mark.parametrize(
    "text",
    [
        # a property manager's VAT number: an administration is a business
        "Die Hausverwaltung rechnet mit der USt-IdNr. DE130166138 ab.",
        # a fine's amount and a plaque on a wall name no plate
        "A multa foi de 120 euros e chegou em março.",
        "Il y a une plaque commémorative sur la façade de la mairie.",
        # a bank's name and a year or an amount
        "신한은행 2024 연말정산 안내를 받았다.",
    ],
)
def test_fines_plaques_and_banks_without_values_are_stored(text: str) -> None:
    _stored(text)
