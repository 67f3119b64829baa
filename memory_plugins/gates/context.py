"""What the words around a value say it is, when that decides whether it is personal.

Pure functions of a folded text and a value's place in it, shared by the identifier
detectors (:mod:`~memory_plugins.gates.identifiers`, :mod:`~memory_plugins.gates.labelled`):

* :func:`company_code` — a business's code named as a company's ("… GmbH, VAT ID …",
  "用户公司的统一社会信用代码"): the company's, not a person's;
* :func:`called_a_test_value` — a published test value the words call a test or an
  example one ("Stripe's test card 4242 …"): no one's;
* :func:`thing_id` — a number named as a thing's id ("droplet id is …", "商户号是 …"): that
  thing's, not a person's;
* :func:`placeholder_value` — digits typed as a placeholder ("123-45-6789",
  "090-0000-0000"), or a number kept for fiction (:func:`fictional_number`), that the
  words call a test, an example or a placeholder: no one's;
* :func:`clause_start` and :func:`value_introduced` — where a value's clause opens, and
  whether a colon or a copula gives the value: a clause's head may name it from afar
  ("O telemóvel da mulher do utilizador é …").

>>> company_code("Nordlicht Software GmbH, VAT ID DE515136060", 32)
True
>>> company_code("The user's own VAT number is DE515136060", 29)
False
>>> company_code("The tax number of the company where she works is 0105077259142", 49)
True
>>> called_a_test_value("checkout tests use the card 4242 4242 4242 4242", 28, 47)
True
"""

import bisect
import re
from functools import lru_cache
from itertools import pairwise

from memory_plugins.gates.textfold import span_within
from memory_plugins.gates.things import OWNER

__all__ = [
    "EMPTY_WORDS",
    "SENTENCE_END",
    "business_line",
    "called_a_placeholder",
    "called_a_test_value",
    "clause_start",
    "company_code",
    "counted_digits",
    "fictional_number",
    "names_a_company",
    "placeholder_digits",
    "placeholder_value",
    "sentence_around",
    "service_line",
    "thing_id",
    "value_introduced",
    "voided_ssn",
]

# A business's own code named right before a number, and a word saying the business is a
# company: "Nordlicht Software GmbH, VAT ID DE…", "用户公司的统一社会信用代码是 …". The code
# is the company's (a personal identifier's cues, a passport or an SSN, are none of these).
_BUSINESS_LATIN = (
    r"(?i:(?<![a-z])(?:vat|tva|iva|mwst|btw|ust(?:-?id(?:nr)?)?|cif|siren|siret|uid|ein|abn"
    r"|acn|crn|uen|gstin|company[ \t]+(?:number|no|registration)|registration[ \t]+(?:number|no)"
    # a tax number a company has as a person does: English, German, Spanish and Portuguese,
    # Russian, Ukrainian
    r"|tax[ \t]+(?:number|no|id|code|identification[ \t]+number)|business[ \t]+(?:number|id)"
    r"|steuer-?(?:nummer|nr)|st\.-?nr|nif|инн|іпн"
    # registers' and tax numbers of companies elsewhere: Russia, Poland, the Netherlands,
    # Brazil, Turkey, Vietnam, Indonesia, Latin America
    r"|огрн(?!ип)|кпп|krs|regon|nip|kvk|cnpj|mersis|vkn|vergi[ \t]+(?:numarası|no)|mã[ \t]+số[ \t]+thuế"
    r"|mst|nib|npwp|ruc|rut|rfc|ssm|cin|αφμ"
    # and in the Czech Republic and Slovakia, Hungary, Romania, Greece, the Nordic countries,
    # Portugal, Argentina and Colombia, the Philippines, Ukraine, Malaysia
    r"|ičo|ič|dič|adószám\w*|cégjegyzékszám\w*|cui|γεμη|org\.?[ \t]?nr"
    r"|organisations?nummer\w*|organisasjonsnummer\w*|cvr(?:-?n(?:ummer|r))?|y-tunnus|nipc"
    r"|cuit|nit|tin|єдрпоу|едрпоу|(?:nombor|no\.?)[ \t]+pendaftaran|cod(?:ul)?[ \t]+fiscal"
    # the Philippines' company register
    r"|sec[ \t]+registration(?:[ \t]+(?:number|no))?"
    # Russia's register and registration-reason codes in Latin letters
    r"|ogrn|kpp)(?![a-z]))"
)
_BUSINESS_OTHER = (
    r"(?:统一社会信用代码|税号|企业编号|营业执照号?|法人番号|会社法人等番号"
    r"|사업자등록번호|법인등록번호|เลขประจําตัวผู้เสียภาษี|เลขผู้เสียภาษี|ทะเบียนนิติบุคคล|کد\s+اقتصادی|شناسه\u200c?ی?\s+ملی"
    r"|السجل\s+التجاري|سجل\s+تجاري|الرقم\s+الضريبي|رقم\s+ضريبي|ח[.״\"']?פ|מספר\s+חברה"
    r"|עוסק\s+מורשה)"
)
_BUSINESS_CODE = re.compile(r"(?:" + _BUSINESS_LATIN + "|" + _BUSINESS_OTHER + r")[^\n]{0,24}$")
_BUSINESS_LABEL = re.compile(_BUSINESS_LATIN + "|" + _BUSINESS_OTHER)
_COMPANY = re.compile(
    r"(?<![A-Za-z])(?:GmbH|AG|KG|Ltd|Limited|LLC|Inc|Corp|Corporation|PLC|plc|SAS|SARL|SpA"
    r"|S\.p\.A|S\.r\.l|S\.[AL]|B\.?V|N\.?V|Oy|AB|A/S|ApS|Pty|K\.?K"
    r"|Ltda|LTDA|A\.Ş|Tbk|PT|[Ss]p\.[ \t]?z[ \t]?o\.o"
    # legal forms in Hungary, the Czech Republic and Slovakia, Romania, Malaysia, Portugal,
    # India, Finland, Mexico
    r"|Kft|Zrt|Nyrt|s\.r\.o|a\.s|SRL|Srl|S\.R\.L|Bhd|Lda|Pvt|Oyj|S\.?A\.?[ \t]de[ \t]C\.?V"
    # Italian partnerships and a firm in Italian
    r"|s\.n\.c|s\.a\.s|S\.N\.C|S\.A\.S|(?i:ditta)"
    r"|(?i:company|firm|vendor|supplier|société|entreprise|empresa|firma|unternehmen|şirket\w*"
    r"|perusahaan|công[ \t]+ty|bedrijf|syarikat|kumpanya\w*|kompanya\w*|společnost\w*|cég\w*"
    # and the word for a company in Italian, Romanian, Spanish, Portuguese, the Nordic
    # languages, Polish, Slovak, Hungarian
    r"|εταιρ\w*|azienda|società|societ(?:ate|ății)|firm[ăeyę]i?|compa(?:nie|nia|niei|ñía|nhia)"
    # a small or medium business in French
    r"|pme|pmi|tpe"
    r"|sociedade|företag\w*|bolag\w*|virksomhed\w*|selskab\w*|yritys\w*|yhtiö\w*|spółk\w*"
    r"|przedsiębiorstw\w*|podnik\w*|vállalat\w*|társaság\w*|vállalkozás\w*"
    # a business named by what it does: one that sells, makes or serves for a fee
    r"|wholesalers?|retailers?|distributors?|manufacturers?|studios?|agency|agencies"
    r"|startups?|contractors?|subcontractors?|consultancy|print(?:ing)?[ \t]+(?:house|shop)s?"
    r"|agencia|gestor[íi]a|asesor[íi]a|consultora|constructora|contratista|ag[êe]ncia"
    r"|construtora|consultoria|agence|cabinet[ \t]+comptable|agentur|agenzia|bureau|büro\w*"
    # a person's employer, in the languages of the word lists
    r"|employers?|arbeitgeber\w*|employeur|empleador|empregador|datore[ \t]+di[ \t]+lavoro"
    r"|werkgever|pracodaw\w*|işveren\w*"
    r"))(?![A-Za-z])"
    r"|公司|企业|集团|会社|회사|供应商|代理商|经销商|批发商|厂商|厂家|工厂|印刷厂|工作室|事务所|(?<![А-Яа-я])(?:ООО|ОАО|ЗАО|ПАО|АО|ТОВ|ПрАТ)(?![А-Яа-я])"
    r"|организаци|компани|предприяти|компані|підприєм|कंपनी|फर्म|บริษัท|บจก\.?|หจก\.?|นิติบุคคล|จํากัด|شرکت"
    # a company named by a compound whose head is the word for it ("byggbolag",
    # "Bauunternehmen"), read inside the word
    r"|(?i:bolag|företag|unternehmen|selskab|selskap|yhtiö|iroda|verwaltung)"
    r"|شركة|الشركة|חברה|חברת|בע[\"״]מ|업체|(?<![Α-Ωα-ω])(?:Α\.Ε|Ε\.Π\.Ε|Ι\.Κ\.Ε|Ο\.Ε)\.?"
    # a person's employer in Russian, Ukrainian, Japanese, Chinese and Korean
    r"|работодател|роботодав|勤務先|勤め先|雇用主|雇主|고용주"
)


# Words that call a value a test, an example or a placeholder ("Stripe's test card",
# "fixtures use", "测试卡号", "the documented example", "reserved for fictional use"), in the
# languages of the other word lists; not a part of a name (a host "example1.us.auth0.com",
# "test_user", "api.test.io").
_TEST_WORDS = re.compile(
    r"(?i:(?<![a-z0-9@./])(?:tests?|testing|fixtures?|sandbox|examples?|samples?|dummy|fake|mock"
    r"|mocked|documented|documentation|docs|placeholders?|fictional|fiction|fictitious"
    # what a validator or a pattern is checked against; a number voided by its issuer
    r"|validators?|validation|regex(?:es|ps)?|voided"
    r"|ejemplos?|exemples?|beispiele?|fictifs?|fictives?|pruebas?"
    # "example" in Dutch, Portuguese, Italian, Polish, Turkish, Czech and Romanian, also as
    # the head of a compound ("voorbeeld-IBAN")
    r"|voorbeeld\w*|exemplos?|esempi[oi]?|przykład\w*|örnek\w*|příklad\w*|exemplu\w*"
    # "test" inflected or as the head of a compound in other languages ("Testkarte",
    # "karty testowej", "testkaart", "cartão de teste", "uji coba", "тестовая")
    r"|test(?:karte|karten|kaart|kaarten|nummer|daten|umgebung|modus|konto|zwecke|zwecken"
    r"|ow[aey]|owej|owych|owego|e|es|kort|kortet|ovac[íi]\w*|miljö\w*|miljø\w*|numr\w*"
    r"|nummret|omgeving\w*)|teszt\w*|uji[ \t]+coba|ujian"
    # "sample" in Czech and documentation in the languages of the word lists
    r"|ukázk\w*|ukázkov\w*|dokumentac\w*|documentaci[óo]n|documenta[çc][ãa]o|dokumentation"
    r"|dokumentacj\w*|documentazione|dokümantasyon\w*|dokumentasi"
    r"|thử[ \t]+nghiệm)(?![a-z0-9]|\.[a-z]))"
    r"|(?i:(?<![a-z])(?:kartu|nomor)[ \t]+tes(?![a-z])|тестов\w*|документаци\w*|تجريبي\w*|اختبار\w*"
    # Greek, Hebrew, Hindi, Thai, Persian
    r"|δοκιμ\w*|בדיק\w*|טסט|टेस्ट|परीक्षण|ทดสอบ|تست|آزمایشی)"
    r"|测试|示例|样例|沙箱|虚构|占位|テスト|サンプル|ダミー|例示|架空|테스트|예시|샘플"
)


# Right after a value, words calling it a placeholder: "as a placeholder", "als Platzhalter",
# "como marcador de posición", "sebagai placeholder", 作为占位符.
_CALLED_PLACEHOLDER = re.compile(
    r"[ \t]{0,2}(?:[^\W\d_]{1,12}[ \t]{1,2}){0,2}(?i:placeholders?|platzhalter|segnaposto"
    r"|marcador(?:es)?[ \t]de[ \t]posici[óo]n|espa[çc]o[ \t]reservado|заполнител\w*|заглушк\w*"
    r"|占位符?|プレースホルダー?|자리[ \t]?표시자)(?![^\W\d_])"
)


def called_a_placeholder(text: str, end: int) -> bool:
    """Whether the words right after a value ending at ``end`` call it a placeholder: a
    slot to fill in, no one's secret ("DB_PASSWORD=isi_sendiri sebagai placeholder")."""
    return _CALLED_PLACEHOLDER.match(text, end, end + 48) is not None


def called_a_test_value(text: str, start: int, end: int, reach: int = 60) -> bool:
    """Whether the words around ``start:end`` (``reach`` characters each side, the value
    itself left out) call the value a test or an example one: what a published test value
    (a processor's test card, a documentation domain) needs before it counts as no one's."""
    return (
        _TEST_WORDS.search(text, max(0, start - reach), start) is not None
        or _TEST_WORDS.search(text, end, min(len(text), end + reach)) is not None
    )


def documented_example(text: str, found: str) -> bool:
    """Whether ``found`` (a key as a detector matched it, maybe with the marks around it) is
    a key as a provider's documentation prints it, "EXAMPLE" written into it (AWS's
    ``AKIAIOSFODNN7EXAMPLE``, ``wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY``; gitleaks allows
    the same), and the words around its first place in ``text`` call it an example or a
    test one. Both are needed: a key that says "EXAMPLE" may still be pasted as someone's.

    >>> documented_example("the docs' sample key AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE")
    True
    >>> documented_example("my key is AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE")
    False
    """
    found = found.strip(" \t=:\"'")
    if "EXAMPLE" not in found.upper():
        return False
    start = text.find(found)
    return start >= 0 and called_a_test_value(text, start, start + len(found))


def placeholder_digits(digits: str) -> bool:
    """Whether six or more digits are typed as a placeholder: one digit repeated or a run
    counting up or down ("123456789", "123456789012"), or a short prefix and then one digit
    repeated seven or more times ("09000000000"); or a voided US Social Security number
    (:func:`voided_ssn`). No scheme issues such numbers to anyone; Presidio's SSN check
    turns them down too.

    >>> placeholder_digits("123456789"), placeholder_digits("09000000000")
    (True, True)
    >>> placeholder_digits("11010519491231002"), placeholder_digits("12345")
    (False, False)
    """
    if len(digits) < 6 or not digits.isdigit():
        return False
    if voided_ssn(digits) or counted_digits(digits):
        return True
    return len(digits) >= 10 and len(set(digits[3:])) == 1


def placeholder_value(text: str, start: int, end: int) -> bool:
    """Whether the value at ``start:end`` has :func:`placeholder_digits` and the words around
    call it a test, an example or a placeholder (:func:`called_a_test_value`). Both are
    needed: detectors' own test data give such numbers as people's ("My SSN is
    123-45-6789"), and a sentence may call a real number an example.

    >>> text = "The SSN validator's negative test list holds 123-45-6789."
    >>> placeholder_value(text, 45, 56), placeholder_value("My SSN is 123-45-6789", 10, 21)
    (True, False)
    """
    value = text[start:end]
    digits = "".join(c for c in value if c.isdigit())
    published = re.sub(r"[\s-]", "", value).upper() in _PUBLISHED_EXAMPLES
    return (
        placeholder_digits(digits) or fictional_number(digits) or published
    ) and called_a_test_value(text, start, end)


def voided_ssn(digits: str) -> bool:
    """Whether ``digits`` are a US Social Security number the SSA voided after it was printed
    in advertising (the Woolworth wallet insert's 078-05-1120, 219-09-9999) or keeps for
    advertisements (987-65-4320 to 4329)."""
    return digits in _VOIDED_SSNS or (len(digits) == 9 and digits.startswith("98765432"))


# Identifiers the standards print as their example: GB 11643's resident ID.
_PUBLISHED_EXAMPLES = frozenset(("11010519491231002X",))


# Phone numbers the regulators keep for films, books and documentation, as dialled digits
# (national form, or with the country code): NANP's 555-0100 to 0199; Ofcom's drama
# numbers; ACMA's fictional mobile block and landline ranges; Arcep's fiction ranges; and
# China Mobile's 13800138000, printed in every Chinese example.
_FICTIONAL_NUMBER = re.compile(
    r"(?:1?[0-9]{3})?55501[0-9]{2}"
    r"|(?:44|0)(?:7700900|1632960|20794600|1[1-9][1-8]4960|1914980|2896496|2920180"
    r"|8081570|9098790|3069990)[0-9]{3}"
    r"|(?:61|0)(?:49157|[27]5550|[38]7010)[0-9]{4}"
    r"|(?:33|0)(?:19900|26191|35301|46571|53649|63998)[0-9]{4}"
    r"|(?:86)?13800138000"
)


def fictional_number(digits: str) -> bool:
    """Whether ``digits`` dial a number a regulator keeps for fiction and documentation.

    >>> fictional_number("0491570156"), fictional_number("4155550123"), fictional_number("0199001234")
    (True, True, True)
    >>> fictional_number("0491123456")
    False
    """
    return _FICTIONAL_NUMBER.fullmatch(digits) is not None


_VOIDED_SSNS = frozenset(("078051120", "219099999"))


def counted_digits(digits: str) -> bool:
    """Whether ``digits`` are one digit repeated or a run counting up or down ("123456789")."""
    steps = {(int(b) - int(a)) % 10 for a, b in pairwise(digits)}
    return len(steps) == 1 and steps <= {0, 1, 9}


# Words naming a line that answers the public for a business or an office: a hotline, a call
# centre, customer service or support, in the languages of the other word lists. A number
# such a word names in its own clause is the line's, no one's own phone.
_SERVICE_LINE = re.compile(
    r"(?i:(?<![^\W\d_])(?:hot-?line|help-?line|help[ \t]?desk|call[ \t-]?cent(?:er|re)\w*"
    r"|customer[ \t]+(?:service|care|support)|support[ \t]+line|toll[ \t-]free|service[ \t]+client"
    r"|atenci[óo]n[ \t]+al[ \t]+cliente|servicio[ \t]+al[ \t]+cliente|atendimento[ \t]+ao[ \t]+cliente"
    r"|central[ \t]+de[ \t]+atendimento|kundenservice|kundendienst|servizio[ \t]+clienti"
    r"|numero[ \t]+verde|klantenservice|infolini\w*|infolink\w*|obsług\w*[ \t]+klienta"
    r"|çağrı[ \t]+merkez\w*|müşteri[ \t]+hizmetler\w*|tổng[ \t]+đài|chăm[ \t]+sóc[ \t]+khách[ \t]+hàng"
    r"|layanan[ \t]+pelanggan|khidmat[ \t]+pelanggan|kundtjänst\w*|zákaznick\w+[ \t]+link\w*"
    r"|serviciul[ \t]+clien\w*|ügyfélszolgálat\w*|горяч\w+[ \t]+лини\w*|гаряч\w+[ \t]+лін\w*"
    r"|служб\w+[ \t]+(?:поддержки|підтримки)|колл?-?центр\w*|εξυπηρέτηση[ \t]+πελατών"
    r"|τηλεφωνικό[ \t]+κέντρο)(?![^\W\d_]))"
    r"|客服|热线|熱線|客户服务|客戶服務|服务电话|コールセンター|カスタマーセンター|サポートセンター"
    r"|お客様センター|고객센터|콜센터|상담센터|คอลเซ็นเตอร์|ศูนย์บริการลูกค้า|שירות[ \t]+לקוחות|מוקד"
    r"|خدمة[ \t]+العملاء|الخط[ \t]+الساخن|پشتیبانی|مرکز[ \t]+تماس|हेल्पलाइन|कस्टमर[ \t]+केयर"
)


_ANY_COMMA = re.compile(r"[.;!?。；！？\n,，、،]")


def _line_clause(text: str, start: int) -> int:
    """Where the clause naming whose line the number at ``start`` is opens: every comma ends
    a clause, and a number right after one is read with the clause before it, which must
    then end with the line's name ("call center-ul ANAF, 031 …")."""
    low = clause_start(text, start, 60, _ANY_COMMA)
    if low and not text[low:start].strip() and text[low - 1] in ",，、،":
        low = clause_start(text, low - 1, 24, _ANY_COMMA)
    return low


def service_line(text: str, start: int) -> bool:
    """Whether the clause before the number at ``start`` names it as a business's or an
    office's line to the public: a hotline, a call centre, customer service. Every comma
    ends a clause ("他老婆在客服中心上班，手机 …" is her phone); a number right after one
    is read with the clause before it ("call center-ul ANAF, 031 …")."""
    low = _line_clause(text, start)
    found = list(_SERVICE_LINE.finditer(text, low, start))
    # "客服让他留了手机 …": a person's own phone named after the line is theirs
    return bool(found) and _OWN_PHONE.search(text, found[-1].end(), start) is None


# Places of business that answer the public on their own line: a shop, a bakery, a
# pharmacy, a clinic or a doctor's practice, a restaurant, a salon, a reception desk, in
# the languages of the other word lists. Read for the phone detector alone, and, as for the
# service words, never for a mobile.
_BUSINESS_PLACE = re.compile(
    r"(?i:(?<![^\W\d_])(?:shops?|stores?|bakery|pharmacy|chemist'?s?|clinic|practice|surgery"
    r"|restaurant|caf[eé]|salon|reception|after-?sales|tienda|farmacia|cl[íi]nica|consultorio"
    r"|panader[íi]a|restaurante|loja|padaria|farm[áa]cia|magasin|boutique|pharmacie"
    r"|boulangerie|cabinet\w*|laden|gesch[äa]ft|apotheke|praxis|arztpraxis|b[äa]ckerei"
    r"|negozio|studio[ \t]+(?:medico|dentistico)|winkel|apotheek|[^\W\d_]{0,16}praktijk|sklep\w*|apteka"
    r"|apteki|przychodni\w*|gabinet\w*|ma[ğg]aza\w*|d[üu]kkan\w*|eczane\w*|klinik\w*"
    r"|muayenehane\w*|c[ửu]a[ \t]+h[àa]ng|ti[ệe]m|nh[àa][ \t]+thu[ốo]c|ph[òo]ng[ \t]+kh[áa]m"
    r"|toko|apotek|kedai|farmasi|tindahan|botika|butik|mottagning\w*|obchod\w*|l[ée]k[áa]rn\w*"
    r"|ordinac\w*|magazin\w*|farmaci\w*|bolt\w*|gy[óo]gyszert[áa]r\w*|rendel[őo]\w*"
    r"|κατάστημα\w*|φαρμακεί\w*|ιατρεί\w*|магазин\w*|аптек\w*|клиник\w*|поликлиник\w*"
    r"|ресторан\w*)(?![^\W\d_]))"
    r"|متجر|محل|صيدلي\w*|عيادة|مغازه|داروخانه|مطب|दुकान|स्टोर|मेडिकल|क्लिनिक|ร้าน|คลินิก"
    r"|חנות|מרפאה|בית[ \t]+מרקחת|店|药店|诊所|医院|薬局|クリニック|医院|가게|약국|병원|의원|售后"
)


# A phone, a number or being reachable, named in the clause of a place of business: what
# makes the number the place's line ("shop phone", "का नंबर", "is bereikbaar op").
_LINE_WORD = re.compile(
    r"(?i:(?<![^\W\d_])(?:phones?|tel\w*|telef\w*|numbers?|nummer\w*|n[úu]mero|numer\w*"
    r"|num[ăa]r\w*|sz[áa]m\w*|nomor|nombor|numara\w*|s[ốo]|reachable|bereikbaar|erreichbar"
    r"|joignable|contact\w*|τηλέφων\w*|αριθμ\w*|телефон\w*|номер\w*)(?![^\W\d_]))"
    r"|טלפון|מספר|تلفن|شماره|هاتف|رقم|नंबर|फ़ोन|फोन|โทร|เบอร์|電話|电话|号码|番号|전화|번호"
)


def business_line(text: str, start: int) -> bool:
    """Whether the clause before the number at ``start`` (as :func:`service_line` reads it)
    names a place of business and its phone or number, whose line the number is: "shop
    phone 01 45 12 73 01", "'शर्मा मेडिकल स्टोर' का नंबर 011-…", "Telefonul cabinetului
    stomatologic … e 021 …"; not "needs it at the clinic" (no line is named)."""
    places = _places(text)  # found once per text: a text of many numbers stays linear
    if not places:
        return False
    low = _line_clause(text, start)
    at = bisect.bisect_left(places, (low, -1))
    found = [p for p in places[at : at + 8] if p[1] <= start]
    return (
        bool(found)
        and _LINE_WORD.search(text, low, start) is not None
        and _OWN_PHONE.search(text, found[-1][1], start) is None
    )


@lru_cache(maxsize=4)
def _places(text: str) -> tuple[tuple[int, int], ...]:
    """Where ``text`` names a place of business (``_BUSINESS_PLACE``)."""
    return tuple(m.span() for m in _BUSINESS_PLACE.finditer(text))


# Words naming a person's own phone, in the languages of the service words.
_OWN_PHONE = re.compile(
    r"(?i:(?<![^\W\d_])(?:mobile|cell(?:phone)?|handy|portable|m[óo]vil|celular|cellulare"
    r"|mobiel|telem[óo]vel|mobil\w*|komórk\w*|cep|ponsel|hp|di[ \t]+động"
    r"|мобильн\w*|сотов\w*|мобільн\w*|κινητό)(?![^\W\d_]))"
    r"|手机|手機|携帯|휴대폰|핸드폰|موبایل|جوال|נייד|मोबाइल|มือถือ|私人|个人|本人|自己的"
)


# The registers only a business is entered in: their numbers name a company or an
# establishment, never a person's own identity ("法人番号", "사업자등록번호", "CNPJ", "SIRET").
# Not India's GSTIN, which holds its holder's PAN: a sole proprietor's is a person's.
_COMPANY_REGISTER = re.compile(
    r"(?i:(?<![a-z])(?:cnpj|siren|siret|kvk|nipc|mersis|vkn|uen|acn|krs|regon|ogrn|kpp"
    r"|cégjegyzékszám\w*|ičo|γεμη|org\.?[ \t]?nr|organisations?nummer\w*|organisasjonsnummer\w*"
    r"|cvr(?:-?n(?:ummer|r))?|y-tunnus|ssm|sec[ \t]+registration|company[ \t]+(?:number|no"
    r"|registration))(?![a-z]))"
    r"|огрн(?!ип)|кпп|єдрпоу|едрпоу|法人番号|会社法人等番号|사업자등록번호|법인등록번호|统一社会信用代码|营业执照"
    r"|ทะเบียนนิติบุคคล|السجل\s+التجاري|سجل\s+تجاري|ח[.״\"']?פ|מספר\s+חברה"
)


def names_a_company(text: str) -> bool:
    """Whether ``text`` names a company or a business code's label anywhere: where
    :func:`company_code` can hold (a place of business counts only beside such a label, and
    a register's name is one), so places are looked for only where it is asked."""
    return _COMPANY.search(text) is not None or _BUSINESS_LABEL.search(text) is not None


def company_code(text: str, start: int) -> bool:
    """Whether the number at ``start`` is named as a company's business code: a business
    code's label right before it and a company named before that label, or right after the
    number ("le SIRET 418 042 917 00041 de son entreprise")."""
    if _register_heads_clause(text, start):
        return True
    label = _BUSINESS_CODE.search(text, max(0, start - 40), start)
    if label is None:
        return _code_of_a_company(text, start) or _named_after_it(text, start)
    if _COMPANY_REGISTER.search(text, max(0, label.start() - 64), start) is not None:
        # a register only businesses are in, as the label or just before it: "取引先の法人番号
        # は …", "staat bij de KvK onder 40630015, btw-nummer NL…"
        return True
    if _COMPANY.search(text, max(0, label.start() - 64), start) is not None or _place_within(
        text, max(0, label.start() - 64), start
    ):
        return True  # "A padaria … tem CNPJ …": a place of business is a business
    after = _NUMBER_END.search(text, start)
    end = after.end() if after is not None else start
    return _COMPANY.search(text, end, end + 32) is not None or _place_within(text, end, end + 32)


# What may not stand between a register's name and the number it gives: another number, or
# the end of a sentence or a line.
_NOT_IN_CLAUSE = re.compile(r"[0-9;!?\n。]|\.(?:\s|$)")


def _register_heads_clause(text: str, start: int) -> bool:
    """Whether a register only businesses are in (``_COMPANY_REGISTER``) is named earlier in
    the sentence of the number at ``start``, at most 120 characters before it, with no other
    number between: whatever words say whose, the number is that register's ("السجل التجاري
    لمؤسسة البناء …: 1010456789")."""
    ends = [m.end() for m in _COMPANY_REGISTER.finditer(text, max(0, start - 120), start)]
    return bool(ends) and _NOT_IN_CLAUSE.search(text, ends[-1], start) is None


def _place_within(text: str, low: int, high: int) -> bool:
    """Whether a place of business (``_BUSINESS_PLACE``) stands wholly in ``text[low:high]``."""
    return span_within(_places(text), low, high) is not None


def _code_of_a_company(text: str, start: int) -> bool:
    """Whether a business code's label stands earlier in the sentence and a company is named
    right after it, as what the code is of: "NIB perusahaan tempat dia bekerja, PT …,
    adalah …", "the tax number of the company where the user works is …"."""
    low = clause_start(text, start, 96, SENTENCE_END)
    labels = list(_BUSINESS_LABEL.finditer(text, low, start))
    if not labels:
        return False
    after = labels[-1].end()
    company = _COMPANY.search(text, after, start)
    if company is not None and company.start() - after <= 16:
        return True
    # "CNPJ da padaria …, …"; not "GSTIN of the user's own shop": a sole trader's own
    high = min(start, after + 24)
    return _place_within(text, after, high) and _PERSONAL.search(text, after, high) is None


def _named_after_it(text: str, start: int) -> bool:
    """Whether the value at ``start`` is then called a business code, in apposition or with
    a copula, and a company is named in the same sentence after it: "BE0575181195 is the
    VAT number of the Antwerp wholesaler", "…, the GSTIN of the Pune software vendor",
    "IT96992820322是…设计工作室的增值税号"."""
    value = _VALUE_RUN.match(text, start)
    end = value.end() if value is not None else start
    stop = SENTENCE_END.search(text, end, end + 120)
    high = stop.start() if stop is not None else min(len(text), end + 120)
    joined = _APPOSITION.match(text, end, high) or _APPOSED_LATER.match(text, end, high)
    if joined is None:
        return False
    label = _BUSINESS_LABEL.search(text, end, min(high, joined.end() + 48))
    if label is None or _PERSONAL.search(text, end, label.start()) is not None:
        return False  # "… is the user's own tax number": a person's
    if _COMPANY_REGISTER.match(text, label.start()) is not None:
        return True  # "… — é o CNPJ da loja": a register only businesses are in
    return _COMPANY.search(text, end, high) is not None


# Words saying a value is a person's: whose it is, before a code's label, in English and
# Chinese, and the possessives of the other languages of the word lists ("é o meu CNPJ").
_PERSONAL = re.compile(
    r"(?i:(?<![a-z])(?:user'?s|his|her|my|their|your|own|personal|private)(?![a-z]))"
    r"|用户的|他的|她的|我的|个人|私人|" + OWNER.pattern
)


# The value's characters, and what introduces words about it: a comma, a dash, a copula (of
# English and of the other languages of the word lists: "… é o CNPJ da academia …").
_VALUE_RUN = re.compile(r"[0-9A-Za-z]+(?:[.\-/][0-9A-Za-z]+| [0-9]+)*")
_APPOSITION = re.compile(
    r"[ \t]*(?:,|—|–|―|--|\(|-[ \t]|(?:is|was|é|è|es|est|ist|är|jest|je|là|adalah|ialah|este|είναι)\b"
    r"|是|为|これは|这是|이건)"
)
# ... or a dash after a few words of where the value stands, with no number between ("…
# छपा है — यह कंपनी का GSTIN है").
_APPOSED_LATER = re.compile(r"[^\n.;!?。0-9]{1,16}?[ \t](?:[—–―]|-{1,2})[ \t]")
# Where a sentence or a list item ends, for a label further back than a few words.
# "empty" and "none" in the languages of the other word lists: where a secret's value would
# stand, a value left empty on purpose ("DB_PASSWORD= boş, çünkü …", "SMTP_PASSWORD= vazio").
EMPTY_WORDS = frozenset(
    {"vazio", "vazia", "vacío", "vacía", "vacio", "vide", "leer", "vuoto", "vuota", "leeg"}
    | {"pusty", "pusta", "puste", "пустой", "пустая", "пусто", "boş", "rỗng", "trống"}
    | {"kosong", "فارغ", "فارغة", "خالی", "खाली", "ว่าง", "ריק", "порожній", "порожнє"}
    | {"tomt", "prázdný", "prázdné", "κενό", "κενός", "gol", "goală", "üres", "空", "なし"}
    | {"nenhum", "ninguno", "ninguna", "aucun", "kein", "keins", "nessuno", "geen", "brak"}
    | {"нет", "yok", "không", "نیست", "ندارد", "ไม่มี", "אין", "немає", "ingen", "nincs", "wala"}
)

SENTENCE_END = re.compile(r"[;!?。；！？\n]|\.[ \t]+(?=[A-Z])")


_CLAUSE_MARK = re.compile(r"[.;!?。；！？\n]|,[ \t]")


def clause_start(text: str, start: int, reach: int, marks: re.Pattern[str] = _CLAUSE_MARK) -> int:
    """Where the clause holding ``start`` opens, looking back at most ``reach`` characters:
    after a sentence's mark, a semicolon, a line break or a comma and a space (or after
    the last of other ``marks``: a sentence's end alone, ``SENTENCE_END``)."""
    low = max(0, start - reach)
    for mark in marks.finditer(text, low, start):
        low = mark.end()
    return low


def sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the sentence of the value at ``start:end`` opens and ends, at most 200
    characters away on each side."""
    low = clause_start(text, start, 200, SENTENCE_END)
    stop = SENTENCE_END.search(text, end, end + 200)
    return low, stop.start() if stop is not None else min(len(text), end + 200)


def value_introduced(text: str, start: int) -> bool:
    """Whether a colon or a copula stands right before ``start`` ("…: 925 …", "… é 925 …",
    "… ialah …"): where a clause gives the value its head named."""
    return _VALUE_INTRO.search(text, max(0, start - 12), start) is not None


_VALUE_INTRO = re.compile(
    r"(?:[:：]|(?<![^\W\d_])(?:is|was|es|est|ist|lautet|é|è|är|er|adalah|ialah|ay|là|είναι|je"
    r"|este|jest|是|为)(?![^\W\d_])|คือ|(?<=[ \t])[–—-])[ \t]{0,2}[\"'“`]?$",
    re.IGNORECASE,
)
# Where a number written in groups ends ("418 042 917 00041").
_NUMBER_END = re.compile(r"[0-9](?:[ .\-/]?[0-9])*")


def thing_id(text: str, start: int) -> bool:
    """Whether the number at ``start`` is named right before as a thing's id ("droplet id
    is …", "AppId 是 …") or a business's number in Chinese ("商户号是 …"): what the phone
    detector, whose cue words are broader, takes from the identifiers' thing numbers."""
    named = _THING_ID.search(text, max(0, start - 40), start)
    if named is not None and (named["word"] or named["code"]).lower() not in _PERSON_WORDS:
        return True
    return _BUSINESS_NUMBER.search(text, max(0, start - 16), start) is not None


# A business's or an app's number named in Chinese ("微信支付商户号是 …").
_BUSINESS_NUMBER = re.compile(
    r"(?:商户|商家|店铺|应用|小程序|公众号)(?:号码|号|编号|ID|id)(?:是|为|為|:)?[ \t]{0,2}$"
)


# A word and "id" right before a number: a word in small letters ("droplet id is",
# "project_id:") or a name in code ("AppId 是", "projectId="). A capitalised word before
# " ID" is often a country's adjective ("South African ID"): a person's document.
_THING_ID = re.compile(
    r"(?:(?<![A-Za-z])(?P<word>[a-z]{2,20})[ _-]?(?:id|ID)|(?<![A-Za-z])(?P<code>[A-Za-z][a-z]{1,19})Id)"
    r"(?![A-Za-z])[\"']?(?:[ \t]{0,2}(?:is|was|:|=|是|为|為))?[ \t]{0,2}[\"'“`]?$"
)
# Words whose id is a person's: a document, a tax or insurance scheme, a role in a register.
_PERSON_WORDS = frozenset(
    (
        "national", "personal", "person", "tax", "taxpayer", "social", "citizen", "citizenship",
        "resident", "residence", "voter", "passport", "driver", "drivers", "license", "licence",
        "insurance", "patient", "medical", "health", "student", "employee", "staff", "military",
        "police", "alien", "foreigner", "identity", "national", "govt", "government", "state",
        "photo", "card", "my", "his", "her", "their", "your", "our",
    )
)  # fmt: skip
