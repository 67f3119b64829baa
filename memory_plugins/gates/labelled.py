"""Values the text itself names as an identifier or a secret, whoever issued them.

Provider rules and check-digit validators know the formats they were written for; the
long tail (hundreds of services' keys, identifier schemes of every country) is caught by
what a person or a config file says around the value:

* ``labelled_identifier`` (``sensitive``): a value right after words that name a personal
  identifier ("passport number", "personal identity code", "licence no.", "national ID",
  "CURP", "身份证号", "护照号码", …) with an identifier's shape: six to thirty letters and
  digits, at least five of them digits (or a letter-digit mix of eight or more), not a
  date, a UUID or a hash;
* ``labelled_secret`` (``runtime_data``): a value assigned to, or written right after, a
  name whose parts name a secret (``SCRAPFLY_KEY=…``, ``"client_secret": "…"``,
  ``zenrows key …``, ``API key: …``, ``API key - …``, ``密钥：…``) with a key's shape
  (length, letters and digits, entropy, or a UUID's), also as an XML element
  (``<apiKey>…</apiKey>``, or a key-shaped word inside one with spaces or braces, as
  Jenkins' ``credentials.xml`` writes ``<secret>{…}</secret>``), a pair of
  quoted arguments (``os.environ.get('API_KEY', '…')``) or a quoted value holding any
  characters up to its closing quote; a connection string's password (``…;Password=…;``);
  a key tagged with its environment (``xx_live_…``); a machine-made value of a key's
  length given to *any* name in config syntax (``ACMEMETRICS=…``, a ``name value`` line
  of a space-separated config file, a pair of quoted arguments) unless the name says it
  is a hash, an id, a version, a git object or a published item, or is a URL's query
  parameter; a value after a word naming a secret, or glued to one in capitals
  (``acmeTOKEN-…``), needs a key's shape but not a random one's entropy, so sample-looking
  keys count; keys of letters only (random letters have few vowels); tokens of random
  segments joined by ``.`` or ``!``; a key in a URL's path, right after the API version
  (``/api/v1/<key>/…``) or after a segment naming it (``/key/<key>``); and credentials
  given in ``.netrc`` (``machine … login … password …``), ``curl -u user:password``,
  Kubernetes ``Secret`` ``data:`` blocks; a literal compared with a secret's name
  (``if password == "…"``) or given as its default after a reference
  (``os.environ.get("PASSWORD") or "…"``, ``${DB_PASSWORD:-…}``), PowerShell's
  ``ConvertTo-SecureString "…"``, key bytes after a key's name (``AESKEY {0x35, …}``).
  Not a key: what a name says is public
  (``PUBLIC_KEY``, ``publishableKey``), a URL without credentials, a URL's user part (the
  ``credential_url`` rule's), a digest named by its algorithm (``pnpm@10.4.1+sha512.…``);
* ``password_hash`` (``runtime_data``): crypt-format password hashes (bcrypt, md5crypt,
  sha256/512-crypt, Argon2, scrypt, yescrypt), by their published formats.

A value that is a reference to where a secret lives is not one: ``env.TEST_PASSWORD``,
``$_POST["password"]``, ``${VAR}``, ``os.environ[...]``, ``process.env.X``, ``<token>``,
``{{ secret }}``. Hand-written: the scanners' generic rules require a quoted or
provider-specific value, and no identifier library knows labels across schemes.

>>> labelled_secret_detector().detect("SCRAPFLY_KEY=scp-live-9f3k2LmQ8xZ7")
'secret value after a secret-like name'
>>> labelled_secret_detector().detect("password = env.TEST_PASSWORD") is None
True
>>> labelled_identifier_detector().detect("The user's passport number is C03005988.")
'value named as a personal identifier'
"""

import base64
import bisect
import math
import re
from collections import Counter
from functools import lru_cache
from itertools import pairwise

from memory_plugins.gates.codes import RejectCode
from memory_plugins.gates.context import (
    EMPTY_WORDS,
    SENTENCE_END,
    business_line,
    called_a_placeholder,
    called_a_test_value,
    clause_start,
    company_code,
    documented_example,
    placeholder_value,
    sentence_around,
    service_line,
    thing_id,
    value_introduced,
)
from memory_plugins.gates.detectors import FunctionDetector, Substrings, by_first_letter, guarded
from memory_plugins.gates.textfold import ARN_PATTERN, CODE_NAME, fold
from memory_plugins.gates.things import purpose_within, thing_named_after, thing_named_before

__all__ = [
    "after_digest_label",
    "declared_type",
    "is_reference",
    "is_secret_variable",
    "key_shaped",
    "label_end",
    "labelled_identifier_detector",
    "labelled_secret_detector",
    "names_no_secret",
    "password_hash_detector",
    "password_setting",
    "public_der",
]

# ----------------------------------------------------------------------------- identifiers

# A document's series goes with its number ("passport series and number", серия и номер).
_NUMBER_WORD = (
    r"(?:numbers?|no\b\.?|nr\b\.?|num\b|#|code|card|id\b|ids\b"
    r"|series(?:[ \t]{1,2}(?:and|&)[ \t]{1,2}(?:numbers?|no\b\.?))?)"
)


def label_end(words: str, *, whose_before_colon: bool = False) -> str:
    """A pattern for what may stand between a label and its value: what it is for ("for
    the office parking permit", "de la voiture de l'utilisateur": a preposition of the
    languages of the word lists and up to four words, when a copula follows), then up to
    two of ``words`` (alternatives, each a whole word: "is|was") or of ``:`` ``=`` ``(``
    ``#`` ``-`` (a colon may touch the value's first letter, as a folded "：" does), then
    spaces and an opening quote or backtick. With ``whose_before_colon``, up to two words
    and a bracket may say whose it is before a colon ("посв. водія тата (права): …",
    "szig. szám férj: …"): a document's label only, since "Matrícula del máster: MBA
    2024" names a course's enrolment with a plate's word."""
    purpose = (
        r"(?:[ \t]{1,2}(?:for|of|on|de|du|des|del|della|di|da|do|von|vom|für|van|של|ng)"
        r"(?:[ \t]{1,2}[\w'-]{1,20}){1,4}"
        r"(?=[ \t]{1,2}(?:is|was|est|es|ist|è|é|era|war|are|son|sont|sind|são|sono|zijn"
        r"|הוא|היא|ay)(?![\w'])))?"
        # Hebrew's possessive written together ("שלו", "שלה") before the copula
        r"(?:[ \t]{1,2}של(?:ו|ה|י|נו|הם)(?=[ \t]{1,2}(?:הוא|היא)(?![\w'])))?"
    )
    if whose_before_colon:
        purpose += (
            r"(?:(?:[ \t]{1,2}[^\W\d_]{2,20}){1,2}(?:[ \t]{1,2}\([^()\n0-9]{1,20}\))?"
            r"(?=[ \t]{0,2}:))?"
        )
    return (
        purpose
        + rf"(?:[ \t]{{0,2}}(?:(?:{words})(?![A-Za-z])|[:=(#-])){{0,2}}[ \t]{{0,2}}[\"'“(`]?"
    )


# Words that name a personal identifier: a scheme's own name or a kind of document is
# label enough; a generic word ("account", "tax", "licence") needs a number word after it.
# An employee's and a student's number, which an employer's or a school's records know
# the person by, in the languages of the word lists
_STAFF_WORDS = (
    r"(?:employee|staff|student|payroll)\s+(?:id|number|no\b\.?)|matriculation\s+number"
    r"|personalnummer|mitarbeiter-?(?:nummer|id)|matrikel-?(?:nummer|nr\b\.?)"
    r"|num[ée]ro\s+d['’]\s?(?:employ[ée]|[ée]tudiant)|n[úu]mero\s+de\s+(?:empleado|estudiante"
    r"|legajo|funcion[áa]rio|aluno)|numero\s+di\s+matricola|matricola"
    r"|personeelsnummer|studentnummer|werknemersnummer|numer\s+(?:pracownika|legitymacji|albumu)"
    r"|nr\s+albumu|табельн\w+\s+номер\w*|номер\s+(?:студенческого|зачетк\w*|залікової)"
    r"|(?:sicil|personel|öğrenci)\s+(?:numara\w*|no\b\.?)|anställningsnummer|osobní\s+číslo"
    # France's and Portugal's everyday names for it ("matricule", "nº mecanográfico")
    r"|matricule|n(?:[úu]mero|º|°|o\.?|\.)\s*mecanogr\w*"
    r"|číslo\s+zaměstnance|neptun[ -]?k[óo]d\w*|řidičák\w*|num[ăa]r(?:ul)?\s+matricol|nr\.\s?matr\.?"
    r"|αριθμ[όο]ς\s+μητρ[ώω]ου|nomor\s+(?:induk\s+)?(?:pegawai|mahasiswa|karyawan)"
    r"|nombor\s+(?:pekerja|matrik)|mã\s+(?:số\s+)?(?:sinh\s+viên|nhân\s+viên)|mssv|msnv"
    r"|מספר\s+ה?(?:עובד|סטודנט)|(?:ال)?رقم\s+(?:ال)?(?:وظيفي|وضيفي|موظف|جامعي)"
    r"|شماره\s+(?:پرسنلی|دانشجویی)|कर्मचारी\s+(?:आईडी|संख्या|नंबर)|รหัสพนักงาน|รหัสนักศึกษา"
)
# The same in Chinese, Japanese and Korean.
_STAFF_CJK = (
    r"工号|学号|员工号|员工编号|学籍号|社員番号|従業員番号|学籍番号|学生番号|사번|학번|직원번호"
)
_ID_SPECIFIC = (
    r"passport|identity\s+card|id\s*card|identity\s+document|travel\s+document"
    # The same documents in the languages of the countries that issue them.
    r"|pasaporte|passeport|reisepass|passaporto|paspoort(?:-?nummer)?|paszport|passaporte|pass(?:nummer)"
    r"|carta\s+d'?\s?identit[àa]|carta\s+di\s+identit[àa]|carte\s+d'?\s?identit[ée]"
    r"|documento\s+(?:nacional\s+)?de\s+identidad|identiteitskaart|id-kaart|idkaart|dow[óo]d\w{0,3}\s+osobist\w{1,3}"
    r"|cart[ãa]o\s+de\s+cidad[ãa]o|f[üu]hrerschein|permis\s+de\s+conduire|rijbewijs"
    r"|carnet\s+de\s+conducir|licencia\s+de\s+conducir|patente\s+di\s+guida|prawo\s+jazdy"
    r"|personal\s+(?:identity|identification|id|public)\s+(?:code|number|no)"
    r"|national\s+(?:identity|identification|id|insurance|registration)"
    r"|social\s+(?:security|insurance)|health\s+insurance|pension\s+insurance"
    r"|voter(?:'?s)?\s+id|police\s+id|military\s+id|driv(?:er'?s|ing)[ -]li[cs]en[cs]e"
    r"|residen(?:t|ce)\s+(?:registration|permit|id|card)|citizen(?:ship)?\s+(?:id|card)"
    r"|alien\s+registration|foreigner(?:'s)?\s+(?:registration|id)"
    r"|medicare|medicaid|ssn|itin|nino|aadhaar|c[ée]dula|dni|nie|nif|nuss|cpf|curp|rfc|rut|rrn|frn"
    r"|cuil|cuit|bsn|pesel|nric|hkid|my\s?number|kimlik|personnummer|henkil[öo]tunnus"
    r"|codice\s+fiscale|steuer-?id|svnr|amka|jmbg|umid|philhealth|pag-?ibig|gstin"
    r"|birth\s+number|rodn[ée]\s+[čc][íi]slo|kvnr|rvnr|nuip|clabe|iban|bank\s+account"
    # issuers and tax references named by their initials: a DVLA (UK driving licence)
    # number, a TRN (taxpayer or temporary reference number: UK, Jamaica, UAE)
    r"|dvla|trn"
    # Social-insurance, health-insurance and tax numbers and identity papers in the languages
    # of the countries that issue them: German compounds, French, Spanish, Italian, Dutch,
    # Portuguese and Russian names.
    r"|(?:sozial|renten|kranken|pflege)versicherungs-?(?:nummer|nr\b\.?)"
    r"|versicherten-?(?:nummer|nr\b\.?)|steuer-?identifikations-?nummer|steuer-?(?:nummer|nr\b\.?)"
    r"|personalausweis(?:-?nummer)?|ausweis-?nummer|reisepass-?nummer"
    # the ID card's everyday short name in German ("Perso-Nr."), a bank account's in
    # Vietnamese ("STK", số tài khoản)
    r"|perso[ \t-]?(?:nr\b\.?|nummer)|stk"
    r"|s[ée]curit[ée]\s+sociale|carte\s+vitale|num[ée]ro\s+fiscal"
    r"|seguridad\s+social|identificaci[óo]n\s+fiscal|tessera\s+sanitaria"
    r"|burgerservicenummer|sofi-?nummer|(?:n[úu]mero\s+de\s+)?contribuinte|seguran[çc]a\s+social"
    r"|паспорт[а-я]{0,3}|снилс|инн|полис[а-я]{0,2}\s+омс"
    # Indonesian, Vietnamese and Turkish: the resident's number and identity card, the tax
    # number, the citizen's identity card, a bank account
    r"|nik|ktp|npwp|e-?ktp|nomor\s+induk\s+kependudukan|cccd|cmnd|căn\s+cước|mã\s+số\s+thuế"
    r"|nomor\s+rekening|rekening|số\s+tài\s+khoản|(?:vergi|hesap)\s+numara(?:s[ıi]|m|n)?"
    # Malay's bank account, Brazil's national health card, Iran's IBAN (Sheba)
    r"|nombor\s+akaun|no\.?[ \t]?akaun|cart[ãa]o\s+(?:nacional\s+de\s+sa[úu]de|do\s+sus)|شبا|شماره\s+شبا"
    # Hungarian, Romanian, Czech, Greek, Ukrainian, Malay, Hindi, Persian and Hebrew names of
    # identity papers and insurance and tax numbers
    r"|taj(?:-?sz[áa]m\w*)?|személyi\s+(?:igazolvány|szám)\w*|adóazonosító\w*|útlevél\w*"
    r"|buletin\w*|cartea?\s+de\s+identitate|pașaport\w*|pasaport\w*|občansk\w+\s+průkaz\w*"
    r"|cestovní\s+pas\w*|διαβατ[ηή]ρ[ιί]\w*|ταυτότητ\w*|αφμ|рнокпп|іпн|mykad|kad\s+pengenalan"
    # the passport's and the driving licence's number in Swedish, Czech, Russian and
    # Ukrainian ("passnumret", "číslo pasu", "водительское удостоверение")
    r"|passnumr\w*|körkortsnumr\w*|körkort|číslo\s+pasu|číslo\s+řidičsk\w+\s+průkaz\w*"
    r"|řidičsk\w+\s+průkaz\w*|водительск\w*\s+(?:удостоверени\w*|прав\w*)|посвідчен\w*\s+водія"
    # the same as people shorten them or write them without marks ("посв. водія",
    # "ridicak"), Hungary's identity card number shortened ("szig. szám"), Portugal's
    # health service user number
    r"|посв\.?\s+водія|ridi[čc]ak\w*|szig\.?\s*sz[áa]m\w*|n[úu]mero\s+de\s+utente"
    r"|pasport|आधार|पैन|पासपोर्ट|کد\s+ملی|شماره\s+ملی|گذرنامه|پاسپورت|דרכון|תעודת\s+ה?זהות|ת[\"״]ז|מספר\s+ה?זהות|רי?שיון\s+ה?נהיגה"
    r"|" + _STAFF_WORDS
)
_ID_GENERIC = (
    r"identity|identification|personal|national|insurance|tax(?:payer)?|vat|voter|licen[cs]e"
    r"|permit|residen(?:t|ce)|citizen|immigration|visa|account"
    r"|elector(?:al)?|sin|tin|ein|nhs|pan|rg|cin|fin|sss|gsis|oib|egn|cnp|emso|ahv|avs|epic"
    r"|nit|rif|health|pension|social|id"
)
# The same in Chinese, Korean and Japanese.
_ID_CJK = (
    r"身份证|身分证|居民身份证|身份号码|护照|旅券|证件|驾驶证|驾照|社保卡?|医保卡?|健保卡|社会保障|税号"
    r"|纳税人识别号|统一社会信用代码|居留证|港澳通行证|台胞证|军官证|户口|银行[账帐]户|银行[账帐]号|银行卡"
    r"|마이넘버|주민등록|외국인등록|여권|운전면허|マイナンバー|個人番号|免許証|在留カード"
    r"|パスポート|保険証|基礎年金|年金手帳"
    r"|" + _STAFF_CJK
)
# Grouped by first letter once: the label pattern and the kind named anywhere both read it.
_ID_SPECIFIC_GROUPED = by_first_letter(_ID_SPECIFIC)
_ID_LABEL = re.compile(
    r"(?<![A-Za-z])(?:(?:"
    + _ID_SPECIFIC_GROUPED
    + r")(?![A-Za-z])(?:[ \t]{0,2}"
    + _NUMBER_WORD
    + r")?"
    r"|(?:"
    + by_first_letter(_ID_GENERIC)
    + r")(?:[ \t]{0,2}(?:id|identification|registration|insurance))?"
    r"[ \t]{0,2}"
    + _NUMBER_WORD
    + r")"
    # "is" also in the labels' languages: es, est, ist, è, é, är, jest; whose it is, in
    # English and Russian ("of the user", "пользователя").
    + label_end(
        r"is|was|es|est|ist|è|é|är|jest|of\s+the\s+user|пользователя|הוא|היא",
        whose_before_colon=True,
    )
    + r"|(?:"
    + by_first_letter(_ID_CJK)
    + r")"
    r"(?:号码|号|编号|番号|번호|字号)?[ \t]{0,2}(?:是|为|：|:|は|는|=)?[ \t]{0,2}[\"'“`]?",
    re.IGNORECASE,
)
_ID_CHAR = r"[0-9A-Za-z\u0370-\u03ff\u0400-\u052f]"
_ID_VALUE = re.compile(
    _ID_CHAR
    + r"+(?:[ .\-/](?=[0-9A-Z\u0391-\u03a9\u0410-\u042f])[0-9A-Z\u0391-\u03a9\u0410-\u042f]+){0,6}"
)
_UUID = re.compile(r"[0-9a-fA-F]{8}-?(?:[0-9a-fA-F]{4}-?){3}[0-9a-fA-F]{12}")
_HEX = re.compile(r"[0-9a-f]{16,}|[0-9A-F]{16,}")
_DATE = re.compile(
    r"(?:19|20)[0-9]{2}[-/.][01]?[0-9][-/.][0-3]?[0-9]|[0-3]?[0-9][-/.][01]?[0-9][-/.](?:19|20)[0-9]{2}"
)
_ALNUM = re.compile(r"[0-9A-Za-z\u0370-\u03ff\u0400-\u052f]")


def _identifier_shaped(value: str) -> bool:
    chars = _ALNUM.findall(value)
    digits = sum(c.isdigit() for c in chars)
    if not 6 <= len(chars) <= 30 or _DATE.fullmatch(value) or _UUID.fullmatch(value):
        return False
    if _HEX.fullmatch(value) and len(value) >= 16 and digits < len(chars):
        return False  # a hash or a key, left to the secret detectors
    return digits >= 5 or (digits >= 2 and len(chars) >= 7 and digits < len(chars))


# Where a value may start: two digits within its first eight characters.
_VALUE_START = re.compile(
    r"(?<![0-9A-Za-z\u0370-\u052f])(?=[0-9A-Za-z\u0370-\u052f .\-/]{0,7}[0-9][ .\-/]?[0-9A-Za-z\u0370-\u052f]{0,5}[0-9])"
    + _ID_CHAR
)


def _labelled_identifier(text: str) -> str | None:
    """Values first (rare), then a label ending right where the value starts, or heading
    the value's clause (:func:`_heads_clause`)."""
    text = fold(text)
    labels: list[tuple[int, int]] | None = None
    ends: set[int] = set()
    for start in _VALUE_START.finditer(text):
        value = _ID_VALUE.match(text, start.start())
        if value is not None and _SHORT_STAFF_NUMBER.fullmatch(value.group()):
            if _staff_number(text, value.start(), value.end()):
                return "value named as a personal identifier"
            continue
        if value is None or not _identifier_shaped(value.group()):
            continue
        if _PROSE_WORD_FIRST.match(value.group()) and sum(map(str.isdigit, value.group())) < 5:
            continue  # "The passport cost 250 euros": a word of prose, then an amount
        if labels is None:  # one pass over the text, once a value of the shape is seen
            labels = [label.span() for label in _ID_LABEL.finditer(text)]
            ends = {end for _, end in labels}
        if (
            (
                (start.start() in ends and not _example_label(text, start.start(), labels))
                or (
                    bool(labels)
                    and (
                        _heads_clause(text, start.start(), labels)
                        or _named_after(text, value.start(), value.end(), labels)
                    )
                    # further from its label, a value the words call a test or an example
                    # one is that ("The IBAN validator fixture is …")
                    and not called_a_test_value(text, value.start(), value.end())
                )
            )
            and not company_code(text, start.start())
            and not thing_id(text, start.start())  # "account id is …": a thing's, not a person's
            and not placeholder_value(text, value.start(), value.end())
        ):
            return "value named as a personal identifier"
    if _far_identifier(text):
        return "identifier in a memory that names its kind"
    return None


# A label of a specific identifier's kind (a passport, a driving licence, a national, a
# social-insurance or a tax number, a bank account; not a bare "number" or "ID"), anywhere.
_KIND_ANYWHERE = re.compile(
    r"(?<![A-Za-z])(?:" + _ID_SPECIFIC_GROUPED + r")(?![A-Za-z])|" + _ID_CJK,
    re.IGNORECASE,
)
# A currency or a unit beside a number: an amount, a size, a quantity.
_AMOUNT_BESIDE = re.compile(
    r"[%€$£¥₽₹₺₩₫฿₪円元원]|(?i:km|kg|mb|gb|kb|mah|kcal|mm|cm|ml|eur|euros?|usd|dollars?|yen|lei"
    r"|zł|pln|czk|kč|huf|ft|won|vnd|rupees?|baht|ringgit|peso\w*|reais|lira|tl|kr|sek|rub)"
    r"(?![A-Za-z])"
)
_MAX_FAR_VALUES = 16


def _kind_written_so(label: str) -> bool:
    """A kind's name as it names one: a word in any case, an acronym in capitals ("NIK",
    not the "Nik" of a snack's name)."""
    return len(label) > 4 or not label.isascii() or label.isupper()


_YEAR_MONTH = re.compile(r"(?:19|20)[0-9]{2}[-/.](?:0?[1-9]|1[0-2])")
# A product's, a publication's or a thing's code named right before its value.
_CODE_NAMED_BEFORE = re.compile(
    r"(?i:(?<![a-z])(?:isbn|issn|ismn|ean|jan|upc|gtin|sku|imei|barcode|bar[ \t]code|serial"
    r"|model|part|item|article|ref|po|inv|ord|pnr)(?:[ \t]?(?:code|no\.?|nr\.?|number|#))?)"
    r"[^A-Za-z0-9]{0,4}$|(?:条码|条形码|商品码|型号|序列号|バーコード|바코드)[^A-Za-z0-9]{0,4}$"
)
_MASK_BEFORE = re.compile(r"[*•●xX][ .\-]?$")
_MASK_AFTER = re.compile(r"[ .\-]?[*•●]")


def _far_identifier(text: str) -> bool:
    """Whether a memory that names a specific identifier's kind anywhere (``_KIND_ANYWHERE``:
    in its text, its tags or its identity, read joined) holds a value of six or more digits
    anywhere, or of letters and digits with three digits or more (an identifier's shape,
    :func:`_identifier_shaped`), that nothing says is something else: not a thing's number
    ("order number …"), a company's code, an amount or a quantity, a placeholder or a test
    value. The value may stand far from the label, before it, quoted or in a list ("Dotterns
    pass, det som de fick vänta sex veckor på …, har nummer 70826299"). Read at its first
    16 values."""
    named: bool | None = None  # looked for once a value of the shape is seen: most have none
    seen = 0
    for start in _VALUE_START.finditer(text):
        value = _ID_VALUE.match(text, start.start())
        if value is None:
            continue
        seen += 1
        if seen > _MAX_FAR_VALUES:
            return False
        found = value.group()
        if not any(map(str.isdigit, found.split(" ", 1)[0])):
            continue  # a word first: a label and its value, read from the value itself
        digits = sum(map(str.isdigit, found))
        if not _identifier_shaped(found) or digits < (6 if found.isdigit() else 3):
            continue
        if named is None:
            named = any(_kind_written_so(m.group()) for m in _KIND_ANYWHERE.finditer(text))
        if not named:
            return False
        low, high = value.start(), value.end()
        if _MASK_BEFORE.search(text, max(0, low - 2), low) or _MASK_AFTER.match(text, high):
            continue  # a masked number's visible digits ("***.456.789-**")
        if (
            _AMOUNT_BESIDE.match(text, high) is not None
            or _AMOUNT_BESIDE.match(text, high + 1) is not None
            or _AMOUNT_BESIDE.search(text, max(0, low - 4), low) is not None
        ):
            continue
        if _YEAR_MONTH.fullmatch(found) or _CODE_NAMED_BEFORE.search(text, max(0, low - 24), low):
            continue  # a month ("folder 2022-04"), a product's or a thing's code named so
        if purpose_within(text, *sentence_around(text, low, high)):
            continue  # the value's sentence says what it is for: an order, a parcel, a price
        if (
            company_code(text, low)
            or service_line(text, low)
            or business_line(text, low)
            or thing_id(text, low)
            or thing_named_before(text, low, high)
            or thing_named_after(text, high)
            or placeholder_value(text, low, high)
            or called_a_test_value(text, low, high)
        ):
            continue
        return True
    return False


# A value's first group as a word of prose: small letters, two or more, then a space and
# more groups, four digits at most in all: a verb and an amount or a year, not a number.
# Latin letters only: Russian gives a passport's series with a word in small letters before
# its digits ("серия 45 19").
_PROSE_WORD_FIRST = re.compile(r"[a-zß-öø-ÿ]{2,} ")


# An employee's or a student's number is often short: four or five digits, which no other
# label's value may be (a year, an amount, a postcode).
_SHORT_STAFF_NUMBER = re.compile(r"[0-9]{4,5}")
_YEAR_LIKE = re.compile(r"(?:19|20)[0-9]{2}")
_STAFF_LABEL = re.compile(
    r"(?<![A-Za-z])(?:"
    + by_first_letter(_STAFF_WORDS)
    + r")(?![A-Za-z])"
    + label_end(r"is|was|es|est|ist|è|é|är|jest|of\s+the\s+user|пользователя|הוא|היא")
    + r"|(?:"
    + _STAFF_CJK
    + r")"
    r"[ \t]{0,2}(?:是|为|：|:|は|는|=)?[ \t]{0,2}",
    re.IGNORECASE,
)


def _staff_number(text: str, start: int, end: int) -> bool:
    """Whether four or five digits at ``start:end`` are an employee's or a student's number:
    its label ends right before them, or a few words saying whose it is and a copula or a
    colon stand between ("personel sicil no 36056", "nº mecanográfico do utilizador na
    câmara: 22710"); not a test value."""
    after = text[end : end + 1]
    if (after.isalnum() or after in ("-", "/", ".", ",")) and not (
        after in (",", ".") and not text[end + 1 : end + 2].isdigit()
    ):
        return False  # part of a longer number, a date or an amount
    if _YEAR_LIKE.fullmatch(text, start, end):
        return False
    low = max(0, start - 64)
    for label in _STAFF_LABEL.finditer(text, low, start):
        if label.end() == start:
            return not called_a_test_value(text, start, end)
        gap = text[label.end() : start]
        if _NEAR_COPULA.fullmatch(gap):
            return not called_a_test_value(text, start, end)
    return False


# A few words saying whose or where, then a colon or a copula of the word lists' languages.
_NEAR_COPULA = re.compile(
    r"(?:[ \t]{0,2}[^\W\d_]{1,12}){0,4}[ \t]{0,2}"
    r"(?:[:：]|(?<=\s)(?:is|est|ist|es|è|é|är|jest|é|הוא|היא|c['’]est(?:\s+le)?)(?=\s))[ \t]{0,2}"
)


# What joins a value to the label that names it after it: a dash, a colon or a comma, or a
# demonstrative ("… itu NPWP ayahnya", "… זה מספר הדרכון"), then a few words and no number.
_NAMED_AFTER = re.compile(
    r"[ \t]{0,2}(?:[–—:,-]|(?i:itu|ini|c'est|that\s+is|that's|this\s+is|das\s+ist|dat\s+is"
    r"|это|זה|זהו|هذا|هذه|這是|这是))[^\n.;!?。0-9]{0,40}"
)


def _named_after(text: str, start: int, end: int, labels: list[tuple[int, int]]) -> bool:
    """Whether a label starts within a few words after the value at ``start:end``, joined
    to it by :data:`_NAMED_AFTER` ("NW1MZIUL5 – dat is het paspoortnummer van …"), and no
    word right before the value names it a thing's (an order's, a booking's)."""
    for low, _ in labels:
        if end < low <= end + 48:
            gap = _NAMED_AFTER.match(text, end, low)
            if gap is not None and gap.end() == low:
                return not thing_named_before(text, start, end)
    return False


def _example_label(text: str, end: int, labels: list[tuple[int, int]]) -> bool:
    """Whether the label ending at ``end`` is called an example's or a test's by the word
    right before it, in one compound or phrase ("voorbeeld-IBAN", "test SSN")."""
    for low, high in labels:
        if high == end:
            return called_a_test_value(text, low, low, reach=16)
    return False


def _heads_clause(text: str, start: int, labels: list[tuple[int, int]]) -> bool:
    """Whether a label opens the clause whose colon, copula or number word gives the value
    at ``start``, with whose it is between and no other number ("Ο αριθμός δελτίου
    ταυτότητας του χρήστη είναι …", "מספר הדרכון הישראלי של המשתמש: …"): the languages that
    say "of the user" without a preposition ``label_end`` reads."""
    if not (
        value_introduced(text, start)
        or _NUMBER_INTRO.search(text, max(0, start - 12), start) is not None
    ):
        return False
    low = clause_start(text, start, 72)
    # the labels starting in the clause (the list is in text order): a few at most
    at = bisect.bisect_left(labels, (low, -1))
    while at < len(labels) and labels[at][0] < start:
        end = labels[at][1]
        if end <= start and not any(c.isdigit() for c in text[end:start]):
            return True
        at += 1
    return _subject_of_sentence(text, start, low, labels)


def _subject_of_sentence(text: str, start: int, low: int, labels: list[tuple[int, int]]) -> bool:
    """Whether a label is the subject of the value's sentence, a few words into it, and a
    phrase set off by commas stands between them: "The user's Polish ID card, the one with
    the old photo, is …", "The Medicare card that covers the family, reissued in March,
    carries the number …". No digit stands between the label and the value."""
    sentence = clause_start(text, low, 240, SENTENCE_END)
    if any(c.isdigit() for c in text[sentence:start]):
        return False
    at = bisect.bisect_left(labels, (sentence, -1))
    while at < len(labels) and labels[at][0] < low:
        begin, end = labels[at]
        comma = _SETS_OFF.search(text, end, low)
        if begin - sentence <= 32 and comma and len(text[end : comma.start()].split()) <= 4:
            return True
        at += 1
    return False


# What sets a phrase off after a label: a comma, or a dash between spaces.
_SETS_OFF = re.compile(r",|[ \t][–—-][ \t]")


# A document's number or series word right before its value, where the document is named
# earlier in the clause ("Buletinul … are seria KX și numărul …", "Паспорт: серія ВК …").
_NUMBER_INTRO = re.compile(
    r"(?<![^\W\d_])(?:numbers?|no|nr|num[ăa]rul|num[ăa]r|numer|номер|series|s[ée]rie|seria"
    r"|серия|серія)\.?[ \t]{0,2}[:#]?[ \t]{0,2}$",
    re.IGNORECASE,
)


def labelled_identifier_detector() -> FunctionDetector:
    return guarded(
        "labelled_identifier",
        RejectCode.SENSITIVE,
        _labelled_identifier,
        # Two digits at most five letters or digits apart (one separator may stand after
        # the first): where a value of an identifier's shape may start (_VALUE_START).
        r"[0-9][ .\-/]?[0-9A-Za-z\u0370-\u052f]{0,5}[0-9]",
    )


# ----------------------------------------------------------------------------- secrets

# Shortened and one-"s" spellings of "password" that names use ("X3_PSWD", "PSWORD").
_PASSWORD_SPELLINGS = ("pswd", "psw", "pswrd", "pword", "psword", "passw", "paswd", "pasword")
# Parts of a name that say it holds a secret ("SCRAPFLY_KEY", "clientSecret", "密钥").
_SECRET_PARTS = frozenset(
    (
        "key", "keys", "apikey", "token", "tokens", "secret", "secrets", "password",
        "passwd", "pwd", "pass", "passphrase", "passcode", "pw", "credential", "credentials",
        "cred", "creds", "auth", "authkey", "access", "private", "privatekey", "accesskey",
        "secretkey", "webhook", "dsn", "bearer", "session", "sessionid", "cookie", "apitoken",
        "accesstoken", "authtoken", "signingkey", "license", "licence", *_PASSWORD_SPELLINGS,
    )
)  # fmt: skip
# What a lookup key indexes, right before "key": a key into data, not a credential.
_LOOKUP_PARTS = frozenset(
    (
        "translation", "i18n", "message", "label", "column", "col", "row", "field", "attribute",
        "foreign", "unique", "uniq", "sort", "partition", "cache", "lookup", "index",
        "map", "dict", "hash", "project", "group", "category", "order", "sequence", "route",
        "path", "menu", "shortcut", "hot", "keyboard", "list", "item", "object",
    )
)  # fmt: skip
# The last word of a compound name says what its value is (English puts the head last): a
# secret's id, name, path, type or size is no secret ("credentialsId", "key_vault_name",
# "token_type", "password_length"), while "id_token" is a token.
_DESCRIBING_HEADS = frozenset(
    (
        "id", "ids", "uuid", "guid", "name", "names", "url", "uri", "path", "file",
        "filename", "dir", "version", "type", "kind", "length", "len", "size", "count",
        "format", "mode", "label", "prefix", "region", "arn", "location", "ttl", "expiry",
        # a value computed from data to check it, published beside it: not the key
        "mac", "checksum", "fingerprint",
    )
)  # fmt: skip
# Ids that are credentials or a credential's half: a web session's id, the id half of an
# access key pair ("aws_access_key_id", Sumo Logic's "access id", Tencent's and Vault's
# "secret id"), which scanners report with the key.
_CREDENTIAL_IDS = frozenset((("session", "id"), ("secret", "id"), ("access", "id"), ("key", "id")))
# Parts of a name that say its key is made to be published (a public key, a publishable key).
_PUBLIC_PARTS = frozenset(("public", "publishable", "pubkey"))
# In prose the word that says a key is public stands before the name ("public key is …").
_PUBLIC_BEFORE = re.compile(
    r"(?<![A-Za-z])(?i:public|publishable)[ \t]{1,2}$|(?:公开|公钥|可发布|可公开)$"
)
_PASSWORD_PARTS = frozenset(
    ("password", "passwd", "pwd", "pass", "passphrase", "passcode", "pw", *_PASSWORD_SPELLINGS)
)
_NAME = re.compile(
    # A Chinese name may follow a Latin word with no space ("root密码", "Steam密码"): whose
    # secret it is, written in the other script.
    r"(?P<name>(?<![A-Za-z0-9_.@])[A-Za-z][A-Za-z0-9_.\-]{0,63}|密钥|秘钥|令牌|密码|口令|私钥)"
    # The rest is a lookahead: the value may itself be the next name ("pdfshift SECRET …").
    r"(?=(?P<sep>[\\\"'\]]{0,3}[ \t]{0,3}(?::{1,3}=|[?+!]=|=>|->|[:=：])[ \t]{0,3}|[ \t]{1,3}[-–—][ \t]{1,3}|[ \t]{1,3}"
    r"(?:(?:is|was|are|to)[ \t]{1,3}|(?:的(?:实际|当前|真实)?值)?(?:是|为)[ \t]{0,2})?"
    r"|(?:的(?:实际|当前|真实)?值)?(?:是|为)[ \t]{0,2})"
    r"(?P<q>\\{0,3}(?:\"\"\"|'''|[\"'`“]))?(?P<value>[^\s\"'`”,;<>(){}\[\]]{1,256}))"
)
_CAMEL = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
# Where a secret lives, not the secret, as the whole value: ${X}, $X, $_POST["x"], {{ x }},
# <x>, %(x)s, env.X, process.env.X, os.environ[...], a dotted path (config.db.password).
_REFERENCE = re.compile(
    r"^(?:\$\{[^}]*\}|\$\(.*\)|\$[A-Za-z_]\w*(?:[\[/].*)?|\{\{[^{}]*\}\}|<[^<>]*>|%\(\w+\)s|%\w+%"
    r"|#\{[^}]*\}"  # Ruby's and CoffeeScript's interpolation
    # A template expression, also cut at its first space: ${{ secrets.TOKEN }}, {{ pw }}, <%= pw %>
    r"|\$\{\{|\{\{|\{%|<%=?"
    r"|\{[A-Za-z_][\w.]{0,63}\}"  # a format slot: "{password}"
    r"|%env\([^)]{1,128}\)%"  # Symfony's environment processor: %env(DB_PASSWORD)%
    # CloudFormation's intrinsic functions (YAML short form): !Ref 'MasterUserPassword'
    r"|!(?:Ref|Sub|GetAtt|ImportValue|FindInMap|Join|Select|Split|If|Base64)\b.*"
    r"|[A-Za-z_][A-Za-z0-9_]{0,40}\([^()]{0,64}\)"  # a call: getPassword(), compliant()
    # A resource's name (an AWS ARN, a URN): what it names may be a secret, the name is not.
    r"|(?:arn:[a-z-]{2,16}:[a-z0-9-]{1,32}|urn:[a-z0-9][a-z0-9-]{0,31}):.*"
    r"|(?:env|process\.env|os\.environ|os\.getenv|getenv|ENV|secrets|vars|settings)\b.*"
    r"|ENC\[ciphertext\]"  # ciphertext set aside (textfold.set_aside)
    r"|[A-Za-z_][A-Za-z0-9_]{0,40}(?:\.[A-Za-z_][A-Za-z0-9_]{0,40})+(?:\(\))?)$",
    re.IGNORECASE,
)
# Placeholders in camel case too: "yourApiKeyHere", "insertTokenHere", "randomStringGoesHere".
_PLACEHOLDER = re.compile(
    r"your[_-]|(?-i:^(?:your[A-Z]|(?:insert|enter|put|paste)[A-Z_])[A-Za-z_]*$|^[A-Za-z]*[a-z]Here$)"
    r"|_here$|^(?:your|sua|seu|tu|su|votre|ton|ta|dein|deine|ihr|ihre|tuo|tua|je|jouw|twoj|twój|senin|anda|din|ditt|tvůj|váš|tvoje)[_-]|[_-](?:here|aqui|aquí|ici|hier|qui|qua|hierzo|tutaj|buraya|burada|disini|här|zde|aici|dito)$"  # "SUA_CHAVE_AQUI", "TU_CLAVE_AQUI"
    r"|^x{3,}|^\\*+$|^\.+$|^-+$|change[_-]?me|replace[_-]?(?:me|with)|placeholder|redacted"
    r"|dummy|^(?:none|null"
    r"|nil|true|false|undefined|required|optional|empty|hidden|masked|string|value|example)$"
    # Masked in a log or a dashboard: a short prefix, stars or bullets, at most the last
    # four characters ("live_****", "sk_live_••••4242").
    r"|^[A-Za-z0-9_.-]{0,12}[*•●]{3,}[A-Za-z0-9]{0,4}$",
    re.IGNORECASE,
)
# After a closing quote, a string concatenation operator, then a variable or a call:
# 'password = '.$p['pw'] is code going on, not a value.
_CONCATENATED = re.compile(r"[.+][ \t]{0,2}(?:[$@][A-Za-z_]|[A-Za-z_][\w.]{0,40}[\[(])")
# curl -u USER:PASSWORD, also a key given as the user with no password ("-u sk_…:"); lftp
# writes the pair with a comma ("lftp -u admin,Tomyum_4153 host").
_CURL_USER = re.compile(
    r"(?:^|\s)(?:-u|--user)[ \t]{1,3}[\"']?([^\s:,\"']{0,64})(:|(?<=[^\s:,\"']),)"
    r"([^\s\"']{0,128})"
)
_LFTP = re.compile(r"(?<![\w-])lftp(?![\w-])")
# Bundler's credentials for a private gem host: BUNDLE_GEMS__EXAMPLE__COM=user:password.
_BUNDLER = re.compile(
    r"\bBUNDLE_[A-Z0-9_]{1,64}__[A-Z0-9]{2,16}[\"']?[ \t]{0,3}[:=][ \t]{0,3}[\"']?"
    r"([^\s:\"']{1,128}):([^\s\"'&;]{1,128})"
)
# psexec, mysql and similar: "-u USER -p PASSWORD".
_USER_PASSWORD_FLAGS = re.compile(
    r"(?:^|\s)-u[ \t]{1,3}\S{1,64}[ \t]{1,3}-p[ \t]{1,3}([^\s\"']{3,128})"
)
# MySQL's and MariaDB's clients take a password glued to -p ("-pS3cret"); after "-p " the
# next word is the database and the password is prompted for.
_MYSQL_CLIENT = r"\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b"
_MYSQL = re.compile(_MYSQL_CLIENT + r"[^\n]{0,80}$")
# redis-cli's password option, -a, anywhere on its command line.
_REDIS_PASSWORD = re.compile(r"\bredis-cli\b[^\n`]{0,80}?[ \t]-a[ \t]{1,3}[\"']?([^\s\"'`]{3,128})")
# The option that takes a password on a command line: sshpass -p, --password / --pass
# (as a separate word or after "="), a quote around it or not.
_PASSWORD_OPTION = re.compile(
    r"(?:^|[\s`'\"])(?:sshpass[ \t]{1,3}-p[ \t]{1,3}|--pass(?:word)?(?:=|[ \t]{1,3}))"
    r"[\"']?([^\s\"'`]{3,128})"
)
# MySQL's and MariaDB's clients with the password glued to -p ("-p'KA0k…'", "-pS3cret"),
# and the OpenLDAP tools' bind password, -w ("ldapsearch … -w 'secret'").
_GLUED_OR_BIND_PASSWORD = re.compile(
    _MYSQL_CLIENT + r"[^\n`]{0,80}?[ \t]-p[\"']?([^\s\"'`]{3,128})"
    r"|\bldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn)\b[^\n`]{0,160}?[ \t]-w"
    r"[ \t]{1,3}[\"']?([^\s\"'`]{3,128})"
)
# PowerShell's ConvertTo-SecureString takes the password as plain text.
_SECURE_STRING = re.compile(
    r"(?i:ConvertTo-SecureString)(?:[ \t]{1,3}-(?i:String|AsPlainText|Force)\b){0,3}[ \t]{1,3}"
    r"\\{0,3}[\"']?(?P<value>[^\s\"'`|;()]{4,128})"
)
# A secret-named value compared with a literal: the literal is the secret the code expects
# (if password == "…", string(secret) != "…", "%{password}" =~ "…").
_COMPARED = re.compile(
    r"(?P<name>[A-Za-z][\w.-]{0,63})[)}\]\"']{0,3}[ \t]{0,3}(?:===?|!==?|=~|-eq|-ne)[ \t]{0,3}"
    r"\\{0,3}(?P<q>[\"'`])(?P<value>[^\s\"'`\\]{4,128})\\{0,3}(?P=q)"
)
# A default after a reference: the literal is used whenever the variable is unset
# (password = os.environ.get("PASSWORD") or "…", token || "…", ${DB_PASSWORD:-…}).
_DEFAULTED = re.compile(
    r"(?P<name>[A-Za-z][\w.-]{0,63})[\"']?[ \t]{0,3}(?::=|=|:)[ \t]{0,3}[^\s\"'][^\n]{0,100}?"
    r"[ \t](?:or|\|\||\?\?|\?:|\?|:)[ \t]{1,3}(?P<q>[\"'`])(?P<value>[^\s\"'`]{4,128})(?P=q)"
    r"|\$\{(?P<var>[A-Za-z_]\w{0,63}):?[-=](?P<default>[^}\s]{4,128})\}"
)
# A name and its value as two members of one object, the way Postman environments, AWS
# tags and Kubernetes env lists write them: {"key": "DB_PASSWORD", "value": "…"},
# - name: API_TOKEN / value: "…" (on the next line).
_NAME_VALUE_MEMBERS = re.compile(
    r"[\"']?(?:key|name)[\"']?[ \t]{0,3}[:=][ \t]{0,3}[\"']?(?P<name>[A-Za-z][\w.-]{0,63})[\"']?"
    r"[ \t]{0,3}(?:,|\n[ \t]{0,16})[ \t]{0,3}[\"']?value[\"']?[ \t]{0,3}[:=][ \t]{0,3}"
    r"[\"']?(?P<value>[^\s\"',}]{4,256})",
    re.IGNORECASE,
)
# What is made to be published, however random it looks: a PEM public key or certificate
# block (also with its line breaks escaped, "\\n"), an OpenSSH public key, an AWS ARN.
_PUBLISHED = re.compile(
    r"-----BEGIN (?P<kind>(?:[A-Z0-9]{1,20} ){0,3}(?:PUBLIC KEY|CERTIFICATE))-----"
    r"[A-Za-z0-9+/=\s\\]{0,16384}?-----END (?P=kind)-----"
    r"|(?<![A-Za-z0-9-])(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp(?:256|384|521)|sk-ssh-ed25519@openssh\.com)"
    r" AAAA[A-Za-z0-9+/]{16,8192}={0,3}"
    r"|(?<![A-Za-z0-9])"
    + ARN_PATTERN
    # Stripe's publishable keys: written into web pages by design, they open nothing.
    + r"|(?<![A-Za-z0-9_])pk_(?:live|test)_[A-Za-z0-9]{16,256}(?![A-Za-z0-9])"
)
# A typed declaration: the type between the name and "=" (Kotlin, Scala, Swift, TypeScript,
# Python's annotations): var password: String = "…", api_key: str = "…".
_TYPED = re.compile(
    r"(?P<name>[A-Za-z_][\w]{0,63})[ \t]{0,3}:[ \t]{0,3}[A-Za-z_][\w.]{0,40}(?:<[\w., ]{0,40}>|\[[\w., ]{0,40}\])?\??"
    r"[ \t]{0,3}=[ \t]{0,3}(?P<q>[\"'`])(?P<value>[^\s\"'`]{4,256})(?P=q)"
)
# A key written as a byte array after its name: #define AESKEY {0x35, 0x34, …},
# key = [12, 250, …], byte[] secret = {…}: eight bytes or more.
_BYTE_ARRAY = re.compile(
    r"(?P<name>[A-Za-z][\w]{0,63})(?:\[[0-9]{0,4}\])?[ \t]{0,3}(?:=[ \t]{0,3})?(?:new[ \t]{1,3}\w{1,16}\[\][ \t]{0,3})?"
    r"[\[{(][ \t]{0,3}(?:(?:0[xX][0-9A-Fa-f]{1,2}|[0-9]{1,3})[ \t]{0,3},[ \t]{0,3}){7}(?:0[xX][0-9A-Fa-f]{1,2}|[0-9]{1,3})"
)
# XML and .NET settings: <add key="ClientSecret" value="…"/>.
_KEY_VALUE_ATTRS = re.compile(
    r"\b(?:key|name)[ \t]{0,2}=[ \t]{0,2}[\"']([A-Za-z][\w.:-]{0,63})[\"'][ \t]{1,4}value[ \t]{0,2}=[ \t]{0,2}"
    r"[\"']([^\"'\s]{4,512})[\"']"
)
# XML and plist elements: <apiKey>…</apiKey>, <ClientSecret>…</ClientSecret>.
_XML_ELEMENT = re.compile(
    r"<(?P<name>[A-Za-z][\w.:-]{0,63})>[ \t]{0,2}(?P<value>[^<\s]{4,512})[ \t]{0,2}</(?P=name)>"
)
# An element named by its ``name`` attribute, written first, the value as its content:
# Android string resources (<string name="maps_api_key">…</string>), Ant and Maven
# properties, parameters.
_NAMED_ELEMENT = re.compile(
    r"<(?P<tag>[A-Za-z][\w.:-]{0,31})[ \t]{1,4}name[ \t]{0,2}=[ \t]{0,2}[\"']"
    r"(?P<name>[A-Za-z][\w.:-]{0,63})[\"'][^<>]{0,64}>[ \t]{0,2}(?P<value>[^<\s]{4,512})[ \t]{0,2}"
    r"</(?P=tag)>"
)
# An element whose content has spaces or braces around the value: Jenkins' credentials.xml
# (<secret>{AQAAAB…}</secret>), a value with a note.
_XML_CONTENT = re.compile(r"<(?P<name>[A-Za-z][\w.:-]{0,63})>(?P<value>[^<]{4,1024})</(?P=name)>")
_XML_WORD = re.compile(r"[^\s{}()\[\],;]{8,512}")
# A name and its value written as one token: "dd-apikey-dd52c2…", "fileioSECRETKEY-ABCD…".
_GLUED = re.compile(
    r"(?<![A-Za-z0-9])[A-Za-z0-9]{0,40}?(?P<word>(?i:api[_-]?key|secret[_-]?key|access[_-]?key"
    r"|private[_-]?key|key|token|secret|private|access|password))[_.=:-]"
    r"(?P<value>[A-Za-z0-9][A-Za-z0-9_.+/=-]{15,200})"
)
# A random body behind a short prefix, the shape of current API keys ("tvly-M5gj3…",
# "sgp_210f11…", "PMAK-629c73…", "dp.st.dev.bAqh…"), with up to three segments between
# them (an environment, a version, an instance's 16-hex id): whoever issued it.
_PREFIXED = re.compile(
    r"(?<![A-Za-z0-9_./+=-])[A-Za-z][A-Za-z0-9]{0,9}[_.-](?:[A-Za-z0-9]{1,16}[_.-]){0,3}"
    r"(?P<body>[A-Za-z0-9]{20,200}(?:[_.-][A-Za-z0-9]{8,200}){0,3})={0,2}(?![A-Za-z0-9_./+=-])"
)
# A key's hex body glued to a short lower-case prefix ("dapi3b7e…"): the prefix ends in a
# letter no hex digit is, so where it ends is plain.
_GLUED_HEX = re.compile(
    r"(?<![A-Za-z0-9_.+/=-])[a-z]{1,7}[g-z](?P<body>[0-9a-f]{32,64})"
    # A key may carry its issue's number after a dash ("dapi…-2").
    r"(?:-[0-9]{1,2})?(?![A-Za-z0-9_.+/=-])"
)
# A bare token of random letters of both cases and digits, as long as a key: no word,
# name, hash (one case) or identifier looks like it.
_RANDOM_TOKEN = re.compile(
    r"(?<![A-Za-z0-9_+/=.-])[A-Za-z0-9+/_-]{28,512}={0,2}(?![A-Za-z0-9_+/=.-])"
)
# A token of segments joined by "." or "!" ("1000.<hex>.<hex>", "<org>!<token>"): a host
# name, a file name or a dotted path has no segment as random as a key.
_DOTTED = re.compile(
    r"(?<![A-Za-z0-9_+/=.!-])[A-Za-z0-9_+/=-]{1,512}(?:[.!][A-Za-z0-9_+/=-]{1,512}){1,8}"
    r"(?![A-Za-z0-9_+/=-]|[.!][A-Za-z0-9_+/=-])"
)
_DOTTED_SPLIT = re.compile(r"[.!]")
# A host followed by a path ("drive.example.com/file/…"), or a file's extension or a
# top-level domain as the last segment: a link or a name, left to the URL rules.
_HOST_PATH = re.compile(r"/|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/")
_EXTENSION = re.compile(r"[a-z][a-z0-9]{0,7}")
# A URL's path, read segment by segment: an API that takes its key in the path puts it
# where a REST path has a collection's name, right after the version ("/api/v1/<key>/…"),
# or after a segment that names it ("/with/key/<key>").
_URL_PATH = re.compile(
    r"(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,15}://[^\s/]{1,253}(?P<path>/[^\s?#\"'<>]{1,2048})"
)
_VERSION_SEGMENT = re.compile(r"v[0-9]{1,2}")
# A version as releases are numbered: two to four numbers joined by dots, maybe a "v".
_DOTTED_VERSION = re.compile(r"v?[0-9]{1,4}(?:\.[0-9]{1,4}){1,3}")
# Nothing but spaces and a full stop from the end of a value to the end of its line.
_LINE_REST = re.compile(r"[ .。]{0,4}(?:\n|$)")
# Webhook URLs carry their token in the path.
_WEBHOOK = re.compile(
    r"https?://[^\s/]{1,253}/(?:[^\s/]{1,64}/){0,4}(?:webhooks?|hooks?|webhookb2)/(?P<rest>[^\s\"'<>]{16,512})"
)
_NETRC = re.compile(
    r"\bmachine[ \t]+\S{1,128}[ \t\n]+(?:login[ \t]+\S{1,128}[ \t\n]+)?password[ \t]+(\S{3,128})"
)
# A user name and a password given together, as a login is written down ("username root /
# password crickets", "UserName snoop PassWord biggreenhat"): the password's value closes
# its line, so prose that goes on ("password manager is …") is no pair.
_LOGIN_PAIR = re.compile(
    r"\b(?:user(?:[ _-]?name)?|login)(?:[ \t]{0,3}[:=][ \t]{0,3}|[ \t]{1,3})"
    r"(?!(?:and|or|und|et)\b)[^\s:=&]{1,64}[,;]?[ \t\n]{1,4}"
    r"(?:pass(?:word|wd)?|pwd|pw)(?:[ \t]{0,3}[:=][ \t]{0,3}|[ \t]{1,3})"
    r"([^\s:=()]{3,128})[ \t]{0,3}[.。]?(?:\n|$)",
    re.IGNORECASE,
)
# The same in a note's shorthand, a field a line: "u: ann", then "p: …" on the next line
# ("u: undo, p: paste" on one line lists keys).
_SHORT_LOGIN = re.compile(
    r"(?<![A-Za-z0-9])[uU][ \t]{0,3}[:=][ \t]{0,3}[^\s:=&,;]{1,64}[ \t]{0,3}\n[ \t]{0,8}"
    r"[pP][ \t]{0,3}[:=][ \t]{0,3}([^\s:=()]{3,128})[ \t]{0,3}[.。]?(?:\n|$)"
)
# A login named, then (after a user name, maybe) a value with the makings of a password:
# "my Spotify login is MoonRiver_Jazz#39", "12306登录 wang_li Huoche@8866" (_login_password).
_LOGIN_VALUE = re.compile(
    r"(?:(?<![A-Za-z])(?i:log-?in|sign-?in)(?![A-Za-z])|登录|登陆)"
    r"(?:[ \t]{0,2}(?:[:=：]|is|是|为)[ \t]{0,2}|[ \t]{1,2})"
    r"(?:[\w.\-]{2,32}[ \t]{1,2})?"
    r"(?P<value>[^\s\"'`,;()]{6,64})"
)
# What user names do not hold: a symbol beyond "_", ".", "-" (and "@" of an e-mail address).
_PASSWORD_SYMBOL = re.compile(r"[#!$%^&*+=?~]|@(?![\w-]+\.[A-Za-z])")


def _plain_pair_password(text: str, found: re.Match[str], given: str) -> bool:
    """Whether a :data:`_LOGIN_PAIR` match gives a password. "user", a word and
    "password" on one line with spaces alone are prose when a word in small letters
    follows ("the user mentioned password talk"); a note's fields ("username root" then
    "password crickets", "UserName snoop PassWord …"), a login after a colon ("Router
    login: user admin password …") and a value with a digit, a symbol or a capital are
    not."""
    pair = found.group()
    if any(mark in pair for mark in ":=\n") or pair[:5].lower() != "user ":
        return True
    before = text[max(0, found.start() - 8) : found.start()].rstrip()
    return not (given.isalpha() and given.islower() and not before.endswith((":", "：", "=")))


def _login_password(value: str) -> bool:
    """Whether a value after a login is its password: letters, digits and a symbol no user
    name holds ("login: ann_01" is a user name, "MoonRiver_Jazz#39" is none)."""
    return (
        "://" not in value
        and any(c.isalpha() for c in value)
        and any(c.isdigit() for c in value)
        and _PASSWORD_SYMBOL.search(value) is not None
        and not is_reference(value)
    )


# Cisco IOS's type 7 "encryption" of a password or a key: reversible by anyone, so the
# password itself ("username ops password 7 0822455D0A16", "key 7 …").
_CISCO_TYPE7 = re.compile(
    r"(?<![\w-])(?:password|key|key-string|secret)[ \t]+7[ \t]+(?P<value>[0-9A-Fa-f]{4,})\b"
)


def _type7(value: str) -> bool:
    """A type 7 string: two decimal digits (the key's offset, 0-15), then hex pairs."""
    return len(value) % 2 == 0 and value[:2].isdigit() and int(value[:2]) <= 15


# The last word of a password's setting in code ("pwdMaxAge", "password_encryption",
# "PASSWORD_HASHERS"): its value is a number, an algorithm or a class, not a password.
_SETTING_HEADS = frozenset(
    (
        "policy", "policies", "manager", "length", "len", "rule", "rules", "hint", "hints",
        "strength", "reset", "type", "field", "requirement", "requirements", "format", "min",
        "max", "complexity", "change", "changed", "age", "history", "prompt", "label",
        "encryption", "hashing", "hasher", "hashers", "algorithm", "algorithms", "scheme",
        "schemes", "iterations", "rounds", "lifetime", "timeout", "ttl", "attempts", "retries",
    )
)  # fmt: skip
_WORD_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")


def password_setting(name: str) -> bool:
    """Whether ``name`` (a password's name, or what follows "password" in it) ends in a word
    naming a setting of passwords: "pwdMaxAge", "password_encryption", "PASSWORD_HASHERS".

    >>> password_setting("pwdMaxAge"), password_setting("_encryption"), password_setting("db_password")
    (True, True, False)
    """
    words = _WORD_PARTS.findall(name)
    last = words[-1].lower() if words else ""
    return last in _SETTING_HEADS or last.startswith("expir")


_K8S_SECRET = re.compile(r"\bkind:[ \t]*Secret\b")
_K8S_DATA = re.compile(
    r"^(?:data|stringData):[ \t]*\n(?:[ \t]+[\w.-]{1,64}:[ \t]*(\S{4,4096})[ \t]*\n?)+",
    re.MULTILINE,
)


_DIGIT = re.compile(r"[0-9]")
# Whose password a name holds, glued to "pass": userpass, dbpass, rootpass (not "bypass",
# "compass", "passenger": the part before "pass" names an account).
_WHO_PASS = re.compile(
    r"(?:user|db|admin|root|app|login|auth|ftp|smtp|mail|sql|mysql|ssh|vnc|wifi|master|sys|svc"
    r"|service|account|proxy|ldap|redis|rabbit|mongo|pg|postgres|oracle|jdbc|api"
    # the password options of common tools: Redis's requirepass, keytool's -storepass/-keypass
    r"|require|store|key)pass"
)
_CONSTANT = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
_KEY_PUNCTUATION = re.compile(r"[_.+/=-]")
# A value's shape is judged on its first characters: a key is random from its start, and
# the bound keeps a text dense with assignments linear ("key=key=key=…").
_SHAPE_CHARS = 96
_CODE_OF = ("access", "secret", "auth", "private")
_DIGEST_LABEL = re.compile(r"(?i:sha(?:1|224|256|384|512)|md5|h1)[:-]$")


def after_digest_label(text: str, start: int) -> bool:
    """Whether the value at ``start`` follows its digest's algorithm ("SHA256:…", "sha512-…",
    "h1:…"): a published digest or fingerprint, whatever a provider's pattern matches in it."""
    return _DIGEST_LABEL.search(text, max(0, start - 8), start) is not None


# "sha256:…", "sha384-…" (an integrity pin), "sha256/…" (a certificate pin), "h1:…" (Go's
# and Terraform's hash of a module).
_DIGEST_VALUE = re.compile(r"(?i:sha(?:1|224|256|384|512)|md5|h1)[:/-]")
# A digest named by its algorithm after a package's version: "pnpm@10.4.1+sha512.0a31…"
# (corepack), "…#sha256-…", an integrity pin, published with the package; an image pinned
# by its digest ("python:3.12-slim@sha256:…").
_DIGEST_NAME = re.compile(r"(?i:sha(?:1|224|256|384|512)|md5|h1)$")
_DIGEST_SUFFIX = re.compile(r"[+#@](?i:sha(?:1|224|256|384|512)|md5)[.:-]")
# A URL without a user part: an address, not a credential (its path, query and token are
# the URL-path, webhook and credential-URL rules' to judge).
_PLAIN_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,30}://[^\s/@?#]*(?:[/?#][^@]*)?")
# Parts of a name that say its value is no secret, whatever it looks like.
_NOT_SECRET_PARTS = frozenset(
    (
        "id", "ids", "uuid", "guid", "uid", "hash", "sha", "sha1", "sha256", "sha512", "md5",
        "checksum", "digest", "commit", "rev", "revision", "etag", "version", "build", "ref",
        "fingerprint", "integrity", "url", "uri", "path", "file", "name", "image", "tag",
        "hex", "nonce", "salt", "trace", "request", "correlation", "doi", "isbn", "order",
        "tracking", "sku", "asin", "slug", "color", "colour", "mac",
        # git's objects and refs: "tree 4b825dc…", "parent 9fceb02…", "main 9fceb02…"
        "tree", "parent", "object", "blob", "head", "main", "master", "origin", "branch",
        # W3C trace context headers
        "traceparent", "tracestate",
        # gpg fetches public keys by id or fingerprint: "--recv-keys 15D9…"
        "recv", "keyid", "keyserver",
        # the published item an id points to: "playlist=PL…", "video …"
        "playlist", "list", "video", "channel", "album", "track", "song", "post", "page",
        "doc", "document", "sheet", "spreadsheet", "folder", "item", "product",
        # HTTP conditional requests carry entity tags: If-Match, If-None-Match
        "match",
        # keys made to be published: a public key, a publishable key
        "public", "publishable", "pubkey",
    )
)  # fmt: skip
# The rest of a quoted value, up to its closing quote on the line (no whitespace inside).
_QUOTED_END = {q: re.compile(rf"[^\s{q}]{{1,256}}(?={q})") for q in ('"', "'", "`")}
# A name and its value as two quoted arguments or items: os.environ.get('API_KEY', 'v'),
# headers.set("X-Api-Key", "v"), ("client_secret", "v").
# The name's opening quote and the value's closing one may be cut off where a snippet
# starts or ends ("sonar.login', '…").
_PAIR = re.compile(
    r"(?:[\"']|(?<![\w.-]))(?P<name>[A-Za-z][\w.-]{0,63})[\"'][ \t]{0,3},[ \t]{0,3}[\"']"
    r"(?P<value>[^\s\"']{4,256})(?:[\"']|$)"
)
# ADO.NET / ODBC / JDBC connection strings: "Server=h;User Id=u;Password=p;".
_CONNECTION_PASSWORD = re.compile(
    r"(?i:;[ \t]{0,3}(?:password|pwd)[ \t]{0,3}=[ \t]{0,3}(?P<last>[^;\r\n\"']{1,128})"
    r"|(?<![\w$])(?:password|pwd)[ \t]{0,3}=[ \t]{0,3}(?P<value>[^;\s\"']{1,128});)"
)
# The name a value is assigned to, right before it: 'public_key = "', "ETag: ".
_NAMED_BEFORE = re.compile(r"([A-Za-z][\w.-]{0,63})[\"']?[ \t]{0,3}[:=][ \t]{0,3}[\"']?$")
# A software licence key: four or five groups of four or five capitals and digits joined by
# hyphens ("MGRK7-6Q9J2-Y338D-JMQ6M-2TRMY"), after words naming one. Whoever holds it may
# activate the software; a device's serial number is no such word.
_LICENCE_KEY = re.compile(
    r"(?<![A-Za-z0-9-])[A-Z0-9]{4,5}(?:-[A-Z0-9]{4,5}){3,4}(?![A-Za-z0-9]|-[A-Za-z0-9])"
)
_LICENCE_WORDS = re.compile(
    r"(?i:product[ \t]+key|licen[cs]e[ \t]+key|serial[ \t]+key|activation[ \t]+(?:key|code)"
    r"|registration[ \t]+key|cd[ \t-]key|key[ \t]+code|produktschlüssel|lizenzschlüssel"
    r"|cl[ée][ \t]+(?:de[ \t]+)?(?:produit|licence|producto|licencia)|chave[ \t]+do[ \t]+produto)"
    r"|激活码|序列号|产品密钥|许可证金钥|授权码|注册码|プロダクトキー|ライセンスキー|제품[ \t]?키|라이선스[ \t]?키"
)
# A key tagged with the environment it works in: "ak_live_…", "rzp_test_…", "sk_prod_…".
_ENVIRONMENT_TAGGED = re.compile(
    r"(?<![A-Za-z0-9])[A-Za-z]{1,12}_(?:live|test|prod|sandbox)_(?P<body>[A-Za-z0-9]{16,200})(?![A-Za-z0-9])"
)


def is_reference(value: str) -> bool:
    """Whether an assigned ``value`` names where a secret lives (``env.X``, ``${X}``,
    ``$_POST["x"]``, ``os.environ[...]``, an ARN), stands in for one (``<token>``,
    ``xxx``, ``######``, the nil UUID) or is its ciphertext, set aside as ``ENC[ciphertext]``
    (:func:`~memory_plugins.gates.textfold.set_aside`)."""
    if value.startswith("\\$"):
        value = value[1:]  # "\$_POST[…]": a dollar escaped inside a string literal
    # match(), not search(): the pattern is anchored, search() would try every offset; placeholders are short.
    if _REFERENCE.match(value) is not None or value.casefold() in EMPTY_WORDS:
        return True
    head = value if len(value) <= 64 else value[:64]
    if _PLACEHOLDER.search(head) is not None or _CONCATENATED.match(head) is not None:
        return True
    return _nil(head) or _repeated(head) or _variable(head)


def _variable(value: str) -> bool:
    """A constant whose name says it holds a secret (``COMPLIANT_APITOKEN``, ``AUTH_TOKEN``):
    code naming where the secret is, not the secret. Words in capitals joined by "_" (a
    word alone, ``PASSWORD``, is a sample password the scanners' examples count)."""
    return (
        _CONSTANT.fullmatch(value) is not None
        and _DIGIT.search(value) is None
        and _names_secret(value)[0]
    )


def _nil(value: str) -> bool:
    """Zeros alone, separators aside ("00000000-0000-0000-0000-000000000000", RFC 9562's
    nil UUID): the value a template or a sample leaves unset, never an issued key."""
    return value.count("0") >= 8 and not value.strip("0-_.")


def _repeated(value: str) -> bool:
    """A run of two to four characters typed over and over ("asdfasdfasdf…", "abcabcabc",
    "12341234…"), separators aside: filler in a value's place, as "xxxx" is; an issued key
    or a generated password never repeats so. One character repeated is left to the
    placeholder words (``xxxx``, ``****``, zeros): the scanners' own examples give keys of one
    letter repeated (``aaaa…`` where an AWS secret key goes) as keys."""
    unit = value.strip("\"'`").replace("-", "").replace("_", "")
    if len(unit) < 9 or len(set(unit)) < 2:
        return False
    # Each check compares two slices once: linear in the value's length.
    return any(unit[p:] == unit[:-p] for p in range(2, 5) if len(unit) >= 3 * p)


def _entropy(value: str) -> float:
    counts = Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


def _vowel_share(letters: str) -> float:
    """The share of vowels among ``letters``: about 0.4 in words of European languages
    and in names built of them, about 0.2 in random letters."""
    return sum(c in "aeiouAEIOU" for c in letters) / len(letters) if letters else 0.0


def _random_letters(value: str, length: int, entropy: float) -> bool:
    """Letters of both cases, as many as a key has, without the vowels of words."""
    return (
        len(value) >= length
        and value.isascii()
        and value.isalpha()
        and not value.islower()
        and not value.isupper()
        and _vowel_share(value) <= 0.25
        and _entropy(value) >= entropy
    )


def key_shaped(value: str) -> bool:
    """Whether ``value`` has a key's shape: length, character classes, entropy, or a hex
    or UUID-shaped key (zeros alone are none)."""
    value = value[:_SHAPE_CHARS]
    if _nil(value):
        return False  # the nil UUID, zeros in a key's place
    letters = sum(map(str.isalpha, value))
    digits = sum(map(str.isdigit, value))
    n = len(value)
    if (_HEX.fullmatch(value) and n >= 16) or _UUID.fullmatch(value):
        return True  # a hex or UUID-shaped key (Heroku, Anypoint, many others issue UUIDs)
    if n >= 24 and letters + digits >= n * 0.7 and _entropy(value) >= 3.0:
        return True
    if _random_letters(value, 16, 4.0):
        return True  # a key of letters only ("abcDEFGhijKLmno…"), after a word naming it
    return n >= 8 and letters >= 2 and digits >= 2 and _entropy(value) >= 2.5


def _random(value: str) -> bool:
    """Machine-made: hex of 32 or more, or letters and digits of two cases mixed, with the
    entropy of random characters (a word, a name or a date has far less)."""
    if _nil(value[:_SHAPE_CHARS]):
        return False
    segments = [s for s in _KEY_PUNCTUATION.split(value[:_SHAPE_CHARS]) if s]
    if len(segments) >= 3 and all(
        s.isdigit()
        or len(s) <= 3
        or (s.isalpha() and (s.islower() or (s.isupper() and _vowel_share(s) > 0)))
        for s in segments
    ):
        # Words of one case joined by punctuation: a slug, a branch, a bucket name, a
        # constant ("ACCESS-LEVEL-ADMIN-01").
        return False
    core = "".join(segments)
    parts = _CAMEL.findall(core)
    words = [p for p in parts if p.isalpha()]
    if (
        any(p[0].isupper() and p[1:].islower() for p in words)
        and any(c.islower() for c in core)
        and sum(map(len, words)) >= 4 * len(words)
        and _vowel_share("".join(w for w in words if not w.isupper()) or "".join(words)) > 0.25
    ):
        # Whole words in camel case, capitalised and pronounceable: a name in code
        # ("atLeast24CharactersField"; an acronym's letters, "PBKDF2PasswordHasher", left
        # out of the vowels), not "abcdef1234ABCDEF…" or random letters.
        return False
    if len(core) >= 32 and re.fullmatch(r"[0-9a-f]+|[0-9A-F]+", core) and not core.isdigit():
        return _entropy(core) >= 3.0
    if _random_letters(core, 24, 4.3):
        return True
    classes = (
        any(c.islower() for c in core)
        + any(c.isupper() for c in core)
        + any(c.isdigit() for c in core)
    )
    if len(core) < 20 or classes < 2:
        return False
    return _entropy(core) >= (3.3 if classes == 3 else 3.5) and any(c.isdigit() for c in core)


def _value(text: str, m: re.Match[str]) -> str:
    """The value a ``_NAME`` match assigns: a quoted one runs to its closing quote (keys
    hold quotes, semicolons and brackets: ``jwt_secret: "7`D'}/vY…"``), a bare one to a
    delimiter."""
    quote = (m["q"] or "").lstrip("\\")
    if quote in ('"', "'", "`"):
        start = m.start("value")
        end = _QUOTED_END[quote].match(text, start)
        if end is not None and len(end.group()) >= 4:
            return end.group().rstrip("\\") if m["q"][0] == "\\" else end.group()
    return m["value"].rstrip(".。!):：")


def _password_shaped(value: str, sep: str, quoted: bool) -> bool:
    """A password after a password name: any non-word value when assigned, else one
    that no English word is (digits or symbols): "password manager" names none."""
    if quoted or any(c in sep for c in ":=："):
        return len(value) >= 4
    return len(value) >= 4 and not value.isalpha()


# Lower-case words joined by hyphens ("red-eye", "check-in", "long-haul").
_HYPHENED_WORDS = re.compile(r"[a-z]{2,20}(?:-[a-z]{2,20}){1,3}")
_WORD_THEN_MARK = re.compile(r"[a-z]{2,20}[?!.…]")


def _noun_pass(name: str, sep: str, quoted: bool, value: str) -> bool:
    """Whether "pass" is the noun (a boarding pass, a ski pass), or the verb ("pass away?"),
    and what follows it the next words of a sentence or a list: nothing but a space between
    them, and a value of lower-case words joined by hyphens, a sentence's mark after them.
    "pass: red-eye" and "pass hunter2!" still name a password."""
    return (
        name.lower() == "pass"
        and not quoted
        and not sep.strip()
        and (
            _HYPHENED_WORDS.fullmatch(value) is not None
            # one word and the sentence's own mark: "when did she pass away?"
            or _WORD_THEN_MARK.fullmatch(value) is not None
        )
    )


def _name_parts(name: str) -> list[str]:
    return [part.lower() for chunk in re.split(r"[_.\-]", name) for part in _CAMEL.findall(chunk)]


@lru_cache(maxsize=4096)
def _names_secret(name: str) -> tuple[bool, bool]:
    """Whether ``name`` names a secret, and whether it names a password."""
    if name in ("密钥", "秘钥", "令牌", "私钥"):
        return True, False
    if name in ("密码", "口令"):
        return True, True
    parts = _name_parts(name)
    if not parts or any(p in _PUBLIC_PARTS for p in parts):
        return False, False  # "DOTENV_PUBLIC_KEY", "publishableKey": published by design
    if len(parts) >= 2 and parts[-1] == "key" and parts[-2] in _LOOKUP_PARTS:
        return False, False  # "translationKey", "colKey", "sort_key": a key into data
    if parts[-1].endswith("key") and parts[-1][:-3] in _LOOKUP_PARTS:
        return False, False  # "columnkey", "sortkey": the same words written as one
    if (
        len(parts) >= 2
        and parts[-1] in _DESCRIBING_HEADS
        and (parts[-2], parts[-1]) not in _CREDENTIAL_IDS
    ):
        return False, False  # "credentialsId", "key_vault_name", "token_type": its last word
    whole = name.lower().replace("_", "").replace("-", "").replace(".", "")
    password = (
        any(p in _PASSWORD_PARTS for p in parts)
        or whole.endswith(("password", "passwd", "pwd", "pswd"))
        or _WHO_PASS.fullmatch(whole) is not None
    )
    if password and len(parts) >= 2 and password_setting(name):
        return False, False  # "pwdMaxAge", "password_encryption": a setting of passwords
    secret = (
        password
        or any(p in _SECRET_PARTS for p in parts)
        or whole.endswith(("key", "token", "secret"))
    )
    return secret, password


def is_secret_variable(value: str) -> bool:
    """Whether an assigned ``value`` is itself a secret's name, no digit in it
    (``from_secret: ssh_key``, ``token=api_token``): a variable naming where a secret is,
    not the secret."""
    return len(value) <= 64 and _DIGIT.search(value) is None and _names_secret(value)[0]


def names_no_secret(name: str) -> bool:
    """Whether ``name`` says its value is no secret, whatever the value looks like: a
    hash, an id, a version, a git object, a published item ("ETag", "commit_sha",
    "playlist")."""
    return any(p in _NOT_SECRET_PARTS for p in _name_parts(name))


def _secret_of(name: str, value: str) -> bool:
    """Whether ``value``, given to ``name`` by a comparison, a default, a typed declaration
    or a name-and-value pair, is its secret: the name names one, the value is no reference,
    and it has a key's shape (any value will do for a password)."""
    secret, password = _names_secret(name)
    return secret and not is_reference(value) and (password or key_shaped(value))


# The last word naming what a token is, in prose before it: an id or a public key
# ("the failing request id, e.g. req_…", "WireGuard 公钥（PublicKey）是 …") or a secret.
_PROSE_NAME = re.compile(
    r"(?i:(?<![a-z])(?P<none>(?:request|trace|correlation|transaction|object|event|order)"
    r"[ _-]?ids?|ids?|uuid|guid|public[ _-]?key|pubkey|fingerprint|checksum|hash|digest"
    # a record of a payment or messaging system named by its kind: "the payment intent pi_…"
    r"|payments?|charges?|invoices?|refunds?|subscriptions?|intents?|transactions?|events?"
    r"|messages?|orders?)(?![a-z])"
    r"|(?<![a-z])(?:api[ _-]?key|keys?|tokens?|secrets?|passwords?|passwd|credentials?)(?![a-z]))"
    r"|(?P<none_cjk>公钥|指纹|哈希|校验和)|密钥|私钥|令牌|密码|口令"
)


def _prose_names_no_secret(text: str, start: int) -> bool:
    """Whether the last word naming a thing in the 40 characters before ``start`` says it
    is an id or a public key, not a secret."""
    names = list(_PROSE_NAME.finditer(text, max(0, start - 40), start))
    return bool(names) and (names[-1]["none"] or names[-1]["none_cjk"]) is not None


def _named_no_secret(text: str, start: int) -> bool:
    """Whether the name a value at ``start`` is assigned to says it is no secret
    ('public_key = "9Cnz…"', 'client_id: 3MVG…', 'commit_id: …')."""
    named = _NAMED_BEFORE.search(text, max(0, start - 80), start)
    return named is not None and names_no_secret(named.group(1))


def _may_compare(text: str) -> bool:
    return "==" in text or "!=" in text or "=~" in text or " -eq " in text or " -ne " in text


def _may_default(text: str) -> bool:
    return "${" in text or _DEFAULT_HINT.search(text) is not None


# An operator that gives a default, then a quote: where ``_DEFAULTED`` can match at all.
_DEFAULT_HINT = re.compile(r"(?:\bor|\|\||\?\?|\?:?|:)[ \t]{1,3}[\"'`]")
# An opening bracket and a byte: where ``_BYTE_ARRAY`` can match at all.
_BYTES_HINT = re.compile(r"[\[{(][ \t]{0,3}(?:0[xX][0-9A-Fa-f]|[0-9]{1,3}[ \t]{0,3},)")
# A value that is itself an assignment ("NAME=…"): the line a text quotes after its colon,
# which the name inside it judges, not the word before the colon.
_ASSIGNMENT_VALUE = re.compile(CODE_NAME + r"=[^=\s]")
# What stands before a declared name's type: a declaration's keyword or a parameter list's
# "(" or ",", annotations, the name and its colon ("@Transient val password: ").
_DECLARED = re.compile(
    r"(?:\b(?:val|var|let|const|private|public|protected|internal|readonly|final|lateinit"
    r"|override)[ \t]+|[(,][ \t]*)(?:@\w+[ \t]+)*[A-Za-z_]\w*[ \t]*:[ \t]*$"
)
_TYPE_NAME = re.compile(
    r"(?:[A-Z][a-z]+)+(?:<[^>]{0,40}>)?\??|str|string|bytes|char|int|number|any|boolean|bool"
)
_TYPE_FOLLOWS = re.compile(r"[ \t]*(?:[),=;>]|$)")


def declared_type(text: str, start: int, value: str) -> bool:
    """Whether ``value``, standing at ``start`` of ``text``, is the type of a declared name
    ("val password: CharArray)", "login(user: str, password: str)"), not its value.

    >>> declared_type("data class Login(val password: CharArray)", 31, "CharArray")
    True
    >>> declared_type("password: Hunter", 10, "Hunter")
    False
    """
    return (
        _TYPE_NAME.fullmatch(value) is not None
        and _TYPE_FOLLOWS.match(text, start + len(value)) is not None
        and _DECLARED.search(text, max(0, start - 64), start) is not None
    )


# A type between ":" and "=": where ``_TYPED`` can match at all.
_TYPED_HINT = re.compile(r":[ \t]{0,3}[A-Za-z_][\w.<>\[\], ]{0,48}\??[ \t]{0,3}=[ \t]{0,3}[\"'`]")


_BYTE = re.compile(r"0[xX][0-9A-Fa-f]{1,2}|[0-9]{1,3}")


def _random_bytes(array: str) -> bool:
    """Bytes as a key has them: several distinct values, not a count (1, 2, 3, …)."""
    values = [int(b, 0) if b[:2] in ("0x", "0X") else int(b) for b in _BYTE.findall(array)[-8:]]
    steps = {b - a for a, b in pairwise(values)}
    return len(set(values)) >= 5 and steps != {1} and max(values) <= 255


def _json_members(text: str, found: re.Match[str]) -> bool:
    """Whether a ``_PAIR`` match is two members of a JSON object, not a name and its value:
    the "name" is the value of the member before (``"dummy": "api-key", "id": …``) and the
    "value" the next member's name."""
    before = text[max(0, found.start() - 8) : found.start()].rstrip(" \t\"'")
    after = text[found.end() : found.end() + 4].lstrip(" \t")
    return before.endswith(":") and after.startswith(":")


def _random_dotted(text: str, found: re.Match[str]) -> bool:
    token = found.group()
    segments = _DOTTED_SPLIT.split(token)
    if _HOST_PATH.match(token) or _EXTENSION.fullmatch(segments[-1]):
        return False
    if token.startswith("eyJ"):
        return False  # base64 JSON first: a JOSE structure, the json_web_token rule's to judge
    if after_digest_label(text, found.start()):
        return False
    if _named_no_secret(text, found.start()) or _prose_names_no_secret(text, found.start()):
        return False  # 'client_id: 3MVG….nh7B…': the name says what it is
    return any(
        len(s) >= 20 and _random(s) and not _DIGEST_NAME.search(before)
        for before, s in pairwise(["", *segments])
    )  # "…+sha512.<hex>": a segment after its algorithm's name is a published digest


def _key_in_path(path: str) -> bool:
    segments = path.split("/")
    for before, segment in pairwise(segments):
        if len(segment) < 16 or _UUID.fullmatch(segment):
            continue
        if _VERSION_SEGMENT.fullmatch(before) and _random(segment):
            return True
        if (
            not before.lower().endswith("s")
            and _names_secret(before)[0]
            and key_shaped(segment)
            and not _words(segment)
        ):
            return True
    return False


def _word_starts(text: str, at: int) -> bool:
    """Whether a word starts at ``at``: after a non-letter, or in capitals after a
    lower-case letter ("mailmodoPRIVATE-…"), not inside one ("monkey-…")."""
    if at == 0 or not text[at - 1].isalpha():
        return True
    return text[at - 1].islower() and text[at : at + 2].isupper()


def _words(value: str) -> bool:
    """Words, numbers and short codes joined by punctuation ("EXPIRY-2024-03",
    "rotation-policy-v2"): each part digits, three characters or fewer, or letters of one
    case short enough to be a word."""
    return all(
        s.isdigit()
        or len(s) <= 3
        or (s.isalpha() and len(s) <= 20 and (s.islower() or s.isupper()))
        for s in _KEY_PUNCTUATION.split(value[:_SHAPE_CHARS])
        if s
    )


def _named_words(value: str) -> bool:
    """Capitalised words with short numbers, joined by punctuation ("SalesResults-1.2",
    "DOC_Vector_5_32"): a name in code or a file's, not a key. A run of digits or of
    letters typed as filler ("1234567890…", "cccc") is no word."""
    parts = [s for s in _KEY_PUNCTUATION.split(value[:_SHAPE_CHARS]) if s]
    return any(_CAPITALISED_WORDS.fullmatch(s) for s in parts) and all(
        (s.isdigit() and len(s) <= 4)
        or (s.isalpha() and len(s) <= 3)
        or (s.isalpha() and len(s) <= 20 and s.isupper() and _vowel_share(s) > 0)
        or _CAPITALISED_WORDS.fullmatch(s) is not None
        for s in parts
    )


# Capitalised words run together, each with a vowel ("Vector", "SalesResults",
# "KeyMeshing"): a name in code; random letters of two cases ("KqjLBvax") break into
# pieces that are no such words.
_CAPITALISED_WORDS = re.compile(r"(?:[A-Z](?=[a-z]{1,11}(?![a-z]))[a-z]*[aeiouy][a-z]*){1,4}")


def _alone_on_line(text: str, m: re.Match[str]) -> bool:
    """Whether a ``_NAME`` match is the ``name value`` line of a space-separated config
    file (nginx, redis.conf, ssh_config): nothing before the name on its line (or before
    it only a lead-in ending in a colon), one run of spaces, nothing after the value."""
    if m["q"] or m["sep"].strip():
        return False
    window = max(0, m.start() - 16)
    before = text[window : m.start()].rstrip(" ")
    if (before[-1] not in "\n:：") if before else window > 0:
        return False  # words before the name on its line (or a long run of spaces)
    after = _LINE_REST.match(text, m.end("value"))
    return after is not None


# A file inlined as a data URI (an image, a font, a sound): content, however random its
# base64 looks.
_DATA_URI = re.compile(
    r"data:(?:image|font|audio|video|application/(?:x-)?font)[A-Za-z0-9./+-]{0,64};base64,"
    r"[A-Za-z0-9+/]*={0,2}",
    re.IGNORECASE,
)
# Base64 of a DER structure that may be a public key: a SEQUENCE ("M…") long enough.
_DER_RUN = re.compile(r"(?<![A-Za-z0-9+/])M[A-Za-z0-9+/]{63,12000}={0,2}(?![A-Za-z0-9+/=])")


def public_der(run: str) -> bool:
    """Whether base64 ``run`` is a DER public key: a SubjectPublicKeyInfo, whose SEQUENCE
    opens with an algorithm identifier (a SEQUENCE starting with an OID) and goes on with
    the key as a BIT STRING, as a DKIM record's ``p=`` or a JWK's holds it; or a certificate
    (the signed part, an algorithm, then the signature as a BIT STRING). A private key's
    structure opens with a version INTEGER instead. The key's own length is not checked, so
    a key cut short in a log still reads as one. Read by hand: the few DER headers to check
    need no ASN.1 library."""
    try:
        der = base64.b64decode(run[: len(run) - len(run) % 4] if "=" not in run else run)
    except ValueError:
        return False
    outer = _der_header(der, 0)
    if outer is None or outer[0] != 0x30:
        return False
    first = _der_header(der, outer[1])
    if first is None or first[0] != 0x30 or first[2] > len(der):
        return False
    if first[1] < len(der) and der[first[1]] == 0x06:  # an algorithm's OID first: SPKI
        return first[2] < len(der) and der[first[2]] == 0x03
    tags = [first[0]]
    at = first[2]
    while at < len(der) and len(tags) < 4:
        item = _der_header(der, at)
        if item is None or item[2] > len(der):
            return False
        tags.append(item[0])
        at = item[2]
    return outer[2] == len(der) == at and tags == [0x30, 0x30, 0x03]


def _der_header(der: bytes, at: int) -> tuple[int, int, int] | None:
    """(tag, where the content starts, where it ends) of the DER item at ``at``."""
    if at + 2 > len(der):
        return None
    tag, size = der[at], der[at + 1]
    start = at + 2
    if size & 0x80:
        count = size & 0x7F
        if not 1 <= count <= 3 or start + count > len(der):
            return None
        size = int.from_bytes(der[start : start + count], "big")
        start += count
    return tag, start, start + size


def _blank_published(text: str) -> str:
    """``text`` with what is made to be published blanked: public keys, certificates, ARNs,
    publishable keys (``_PUBLISHED``), public keys in bare DER, inlined files."""
    if "-----BEGIN" in text or "ssh-" in text or "arn:" in text or "pk_" in text:
        text = _PUBLISHED.sub(lambda m: " " * len(m.group()), text)
    if "base64," in text:
        text = _DATA_URI.sub(lambda m: " " * len(m.group()), text)
    if "M" in text:
        text = _DER_RUN.sub(
            lambda m: " " * len(m.group()) if public_der(m.group()) else m.group(), text
        )
    return text


def _labelled_secret(text: str) -> str | None:
    text = _blank_published(fold(text))
    for m in _NAME.finditer(text):
        if m.start() >= 3 and text.startswith("://", m.start() - 3):
            continue  # a URL's user ("postgres://user:pass@…"): the credential-URL rule's
        if m.start() >= 2 and text.startswith("${", m.start() - 2) and m["sep"] == ":":
            continue  # "${PASSWORD:?required}": a shell expansion's operator, not a value
        secret, password = _names_secret(m["name"])
        if secret and _PUBLIC_BEFORE.search(text, max(0, m.start() - 16), m.start()):
            continue  # "the age public key is age1…": the word before says it is public
        if not secret and m["name"].lower() == "code":  # "access code", "secret code"
            secret = text[max(0, m.start() - 8) : m.start()].rstrip().lower().endswith(_CODE_OF)
        assigned = any(c in m["sep"] for c in ":=：")
        alone = not (secret or assigned) and _alone_on_line(text, m)
        if not (secret or assigned or alone):
            continue
        value = _value(text, m)
        if _ASSIGNMENT_VALUE.match(value) or (not m["q"] and value.startswith("-")):
            # "…from their project: NOTION_DATABASE_ID=f42c…": the line is judged itself;
            # "pg-creds --from-env-file=…": an option of the command, not a value
            continue
        if not m["q"] and text.startswith("(", m.end("value")):
            continue  # "password = compliant()": a call returns it
        if not m["q"] and ":" in m["sep"] and declared_type(text, m.start("value"), value):
            continue  # "val password: CharArray": the declaration's type
        if (
            len(value) < 4
            or not value.isascii()
            or value[0] in "/~"
            or value.startswith("./")
            or is_reference(value)
        ):
            continue  # prose in another script, a path ("pwd: /home/ann"), a reference
        if _DOTTED_VERSION.fullmatch(value.rstrip(".")):
            continue  # "KeePass 2.57", "KeePassXC 2.7.9": a product's version, after its name
        if _DIGEST_VALUE.match(value) or (
            ("+" in value or "#" in value or "@" in value)
            and _DIGEST_SUFFIX.search(value, 0, _SHAPE_CHARS)
        ):
            continue  # "host key is SHA256:uNiV…": a published fingerprint or digest
        if "://" in value and _PLAIN_URL.fullmatch(value):
            continue  # "MONGO_AUTH = "mongodb://localhost:27017/db"": an address
        if not secret:
            # Any name: a machine-made value of a key's length in config syntax
            # ("SCRAPFLY=…", or "scrapfly …" alone on a line), unless the name says it is
            # a hash, an id or a version, or is a URL's query parameter ("?list=…").
            if (
                len(value) >= (20 if alone else 24)
                and "://" not in value
                and not _HOST_PATH.match(value)  # a link without its scheme
                and text[m.start() - 1 : m.start()] not in ("?", "&")
                and not (alone and _UUID.fullmatch(value))
                and _random(value)
                and not names_no_secret(m["name"])
                and not _DIGEST_NAME.match(m["name"])  # "h1:P631f…=": a module's hash
            ):
                if alone:
                    return "random key-length value after a name alone on a line"
                return "random key-length value assigned in config syntax"
            continue
        if is_secret_variable(value):
            continue  # a variable: password=password, token=api_token
        if called_a_placeholder(text, m.start("value") + len(value)):
            continue  # "DB_PASSWORD=isi_sendiri sebagai placeholder": a slot to fill in
        if documented_example(text, value):
            continue  # "the sample secret wJalr…EXAMPLEKEY from the AWS docs"
        if password:
            if _noun_pass(m["name"], m["sep"], bool(m["q"]), value):
                continue  # "boarding pass red-eye": the noun, then the next words
            if key_shaped(value) or _password_shaped(value, m["sep"], bool(m["q"])):
                return "secret value after a secret-like name"
        elif key_shaped(value) and not _named_words(value):
            # "bucket_key": "SalesResults-1.2": words and a version, no key
            return "secret value after a secret-like name"
    for found in _PAIR.finditer(text):
        secret, password = _names_secret(found["name"])
        value = found["value"]
        if is_reference(value) or _json_members(text, found):
            continue
        if secret and (key_shaped(value) or password):
            return "secret value paired with a secret-like name"
        if (
            not secret
            and len(value) >= 24
            and not _UUID.fullmatch(value)
            and _random(value)
            and not names_no_secret(found["name"])
        ):
            return "random key-length value paired with a name"
    for found in _CONNECTION_PASSWORD.finditer(text):
        written = (found["value"] or found["last"] or "").strip()
        if written and not is_reference(written) and not set(written) <= set("*•x"):
            return "password in a connection string"
    for found in _ENVIRONMENT_TAGGED.finditer(text):
        if key_shaped(found["body"]):
            return "live or test key"
    for pattern in (_KEY_VALUE_ATTRS, _XML_ELEMENT) if "<" in text or "=" in text else ():
        for found in pattern.finditer(text):
            if _names_secret(found[1])[0] and not is_reference(found[2]):
                return "secret value after a secret-like name"
    for found in _NAMED_ELEMENT.finditer(text) if "</" in text else ():
        if _names_secret(found["name"])[0] and not is_reference(found["value"]):
            return "secret value in an element named as a secret"
    for found in _XML_CONTENT.finditer(text) if "</" in text else ():
        if _names_secret(found["name"])[0] and any(
            key_shaped(word) and not is_reference(word) and not _words(word)
            for word in _XML_WORD.findall(found["value"])
        ):
            return "secret value in an element named as a secret"
    for found in _GLUED.finditer(text):
        value = found["value"]
        if (
            key_shaped(value)
            and not is_reference(value)
            and (_random(value) or (_word_starts(text, found.start("word")) and not _words(value)))
        ):
            return "secret value glued to a secret-like name"
    for found in _PREFIXED.finditer(text):
        if _random(found["body"]) and not _prose_names_no_secret(text, found.start()):
            return "prefixed random token"
    for found in _GLUED_HEX.finditer(text):
        if _random(found["body"]):
            return "prefixed random token"
    for found in _RANDOM_TOKEN.finditer(text):
        token = found.group()
        if after_digest_label(text, found.start()):
            continue  # "SHA256:uNiV…", "sha384-oqVu…": a published digest or fingerprint
        if _DIGEST_VALUE.match(token) or _words(token):
            continue  # "sha512-AVVD…==": an integrity digest; "feat/PAY-1423-refund": words
        if _named_no_secret(text, found.start()) or _prose_names_no_secret(text, found.start()):
            continue  # 'public_key = "9Cnz…"', 'commit_id: …': the name says what it is
        if (
            any(c.islower() for c in token)
            and any(c.isupper() for c in token)
            and sum(c.isdigit() for c in token) >= 3
            and _entropy(token) >= 4.2
        ):
            return "random key-length token"
    if "." in text or "!" in text:
        for found in _DOTTED.finditer(text):
            if _random_dotted(text, found):
                return "random key-length token"
    if "://" in text:
        for found in _URL_PATH.finditer(text):
            if _key_in_path(found["path"]):
                return "key in a URL path"
    for found in _WEBHOOK.finditer(text):
        if any(_random(part) for part in re.split(r"[/@?&=]", found["rest"]) if len(part) >= 16):
            return "webhook URL with its token"
    for found in _NAME_VALUE_MEMBERS.finditer(text) if "alue" in text else ():
        if _secret_of(found["name"], found["value"]):
            return "secret value in a name and value pair"
    for found in _TYPED.finditer(text) if _TYPED_HINT.search(text) else ():
        if _secret_of(found["name"], found["value"]):
            return "secret value after a secret-like name"
    for found in _BYTE_ARRAY.finditer(text) if _BYTES_HINT.search(text) else ():
        if _names_secret(found["name"])[0] and _random_bytes(found.group()):
            return "key bytes after a secret-like name"
    for found in _SECURE_STRING.finditer(text) if "ecureString" in text else ():
        if not (is_reference(found["value"]) or found["value"].startswith("-")):
            return "password given to ConvertTo-SecureString"
    for found in _COMPARED.finditer(text) if _may_compare(text) else ():
        if _secret_of(found["name"], found["value"]):
            return "secret value compared with a secret-like name"
    for found in _DEFAULTED.finditer(text) if _may_default(text) else ():
        if _secret_of(found["name"] or found["var"], found["value"] or found["default"]):
            return "secret value as the default of a secret-like name"
    for found in _CURL_USER.finditer(text) if "-u" in text else ():
        user, mark, given = found.groups()
        if mark == "," and _LFTP.search(text, max(0, found.start() - 80), found.start()) is None:
            continue  # "sort -u a,b": only lftp writes the pair with a comma
        if (len(given) >= 3 and not is_reference(given)) or (
            not given and key_shaped(user) and not is_reference(user)
        ):
            return "credentials in curl -u syntax"
    for pattern, what in (
        (_NETRC, ".netrc"),
        (_LOGIN_PAIR, "user name and password"),
        (_SHORT_LOGIN, "user name and password"),
        (_USER_PASSWORD_FLAGS, "-u/-p flag"),
        (_PASSWORD_OPTION, "password option"),
        (_REDIS_PASSWORD, "redis-cli -a"),
        (_GLUED_OR_BIND_PASSWORD, "mysql -p or ldap -w"),
        (_BUNDLER, "Bundler"),
    ):
        for found in pattern.finditer(text):
            given = next(group for group in reversed(found.groups()) if group is not None)
            if pattern is _USER_PASSWORD_FLAGS and _MYSQL.search(
                text, max(0, found.start() - 80), found.start() + 1
            ):
                continue  # "mysql -u ro -p reports": the database; mysql prompts for the password
            if pattern is _LOGIN_PAIR and not _plain_pair_password(text, found, given):
                continue  # "user mentioned password talk": prose, not a login written down
            if not is_reference(given):
                return f"credentials in {what} syntax"
    for found in _LOGIN_VALUE.finditer(text) if _LOGIN_HINT.search(text) else ():
        if _login_password(found["value"]):
            return "password after a login"
        if _random(found["value"]) and not is_reference(found["value"]):
            return "key after a login"  # "wandb login 9f2c…": a tool's login given its key
    if "password 7 " in text or "key 7 " in text:
        for found in _CISCO_TYPE7.finditer(text):
            if _type7(found["value"]):
                return "Cisco type 7 password (reversible)"
    if _K8S_SECRET.search(text):
        for block in _K8S_DATA.finditer(text):
            if not _REFERENCE.search(block.group(1)):
                return "Kubernetes Secret data"
    for found in _BASE64_TOKEN.finditer(text):
        if _basic_credential(found.group()):
            return "user name and password in base64 (Basic auth, a Docker auth)"
    for found in _LICENCE_KEY.finditer(text) if "-" in text else ():
        groups = found.group().split("-")
        mixed = sum(any(c.isdigit() for c in g) and any(c.isalpha() for c in g) for g in groups)
        if mixed >= 2 and _LICENCE_WORDS.search(text, max(0, found.start() - 48), found.start()):
            return "software licence key"
    return None


# A base64 token long enough to hold "user:password" (Basic auth, a Docker config's auth).
_BASE64_TOKEN = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{12,256}={0,2}(?![A-Za-z0-9+/=])")
_BASIC_CREDENTIAL = re.compile(r"[\w.@+-]{1,64}:[\x21-\x7e]{6,128}")


def _basic_credential(token: str) -> bool:
    """Whether ``token`` is base64 of a user name and a password ("deploy:QEC^e5p…"),
    the password holding a digit or a symbol (not "key:value" words)."""
    import base64
    import binascii

    try:
        decoded = base64.b64decode(token + "=" * (-len(token) % 4), validate=True)
        plain = decoded.decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return False
    if _BASIC_CREDENTIAL.fullmatch(plain) is None:
        return False
    secret = plain.split(":", 1)[1]
    return not secret.isalpha() and not is_reference(secret)


_SECRET_HINTS = (
    *("key", "token", "secret", "pass", "pwd", "pw", "cred", "auth", "access", "private"),
    *("hook", "dsn", "bearer", "session", "cookie", "licen", "machine", "-u", "--user"),
    "redis-cli",
    *("mysql", "mariadb", "ldap"),  # mysql -p…, ldapsearch -w …
    *("psw", "pword", "securestring"),
    "bundle_",
    *("_live_", "_test_", "_prod_", "_sandbox_"),
    *("密钥", "秘钥", "令牌", "密码", "口令", "私钥"),
    *("login", "log-in", "signin", "sign-in", "登录", "登陆"),
)
_HAS_SECRET_HINT = Substrings(_SECRET_HINTS)
_LOGIN_HINT = re.compile(r"(?i:log-?in|sign-?in)|登录|登陆")
# A run of a key's length, or the start of a UUID (UUID-shaped keys).
_LONG_RUN = re.compile(r"[A-Za-z0-9]{20}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-")
# A login's shorthand user field ("u: ann"), which names no secret itself (_SHORT_LOGIN).
_SHORT_USER = re.compile(r"(?<![A-Za-z0-9])[uU][ \t]{0,3}[:=]")


def _may_hold_secret(text: str) -> bool:
    # Substring tests and plain runs: far cheaper than the rules' alternations.
    return (
        _HAS_SECRET_HINT(text)
        or _LONG_RUN.search(text) is not None
        or _SHORT_USER.search(text) is not None
    )


def labelled_secret_detector() -> FunctionDetector:
    return FunctionDetector(
        "labelled_secret", RejectCode.RUNTIME_DATA, _labelled_secret, _may_hold_secret
    )


# ----------------------------------------------------------------------------- hashes

_CRYPT = re.compile(
    r"(?<![A-Za-z0-9./$])(?:\$2[abxy]?\$[0-9]{2}\$[./A-Za-z0-9]{53}"
    r"|\$1\$[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{22}"
    r"|\$apr1\$[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{22}"
    r"|\$[89]\$[./A-Za-z0-9]{14}\$[./A-Za-z0-9]{43}"
    r"|\$[56]\$(?:rounds=[0-9]{1,9}\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{43,86}"
    r"|\$argon2(?:id|i|d)\$v=[0-9]{1,3}\$m=[0-9]{1,10},t=[0-9]{1,10},p=[0-9]{1,3}\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{16,}"
    r"|\$(?:y|gy|7)\$[./A-Za-z0-9]{8,}\$[./A-Za-z0-9]{8,}(?:\$[./A-Za-z0-9]{8,})?"
    r"|\$scrypt\$[^\s$]{1,64}\$[A-Za-z0-9+/.]{8,}\$[A-Za-z0-9+/.]{16,})"
)


# MySQL's native password hash (mysql_native_password, 4.1 and later): "*" and the
# SHA-1 of the SHA-1 of the password in 40 capital hex digits.
_MYSQL_HASH = re.compile(r"(?<![A-Za-z0-9*])\*[0-9A-F]{40}(?![A-Za-z0-9])")


def _password_hash(text: str) -> str | None:
    if "$" in text and _CRYPT.search(text):
        return "password hash (crypt format)"
    if "*" in text and _MYSQL_HASH.search(text):
        return "password hash (MySQL native)"
    return None


def password_hash_detector() -> FunctionDetector:
    return guarded("password_hash", RejectCode.RUNTIME_DATA, _password_hash, ("$", "*"))


def names_an_identifier(text: str, low: int, high: int) -> bool:
    """Whether an identifier's label (``_ID_LABEL``: a scheme's or a document's name)
    stands in ``text[low:high]``: what keeps a number a person's whatever else its sentence
    names ("СНИЛС жены …, на сайте поликлиники: …")."""
    return _ID_LABEL.search(text, low, high) is not None
