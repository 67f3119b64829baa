"""``sensitive`` detectors for contact details: e-mail addresses and phone numbers.

A memory may say *that* the user prefers e-mail, never *which* address or number.

* ``email_address``: anything shaped like ``local@domain.tld`` that email-validator accepts
  as an address (internationalised local parts and domains included); a scp-style Git
  remote (``git@github.com:org/repo``) and the login of a URL are not mail.
* ``phone_number``: numbers libphonenumber (``phonenumbers``) holds valid, international
  (``+44 20 7946 0958``) or in the national format of a list of regions (``020 7946 0958``,
  ``13800138000``, ``(415) 555-0132``, ``090-1234-5678``); a bare digit run only next to a
  phone cue ("call", "电话", …). A number written with ``+`` and a calling code counts at
  any length possible for that country, allocated range or not. A number named as a
  product, publication or device code or as a postcode ("IMEI …", "postcode …") is none.

>>> email_detector().detect("mail ann.lee@example.co.uk")
'e-mail address'
>>> phone_detector().detect("call me on +44 20 7946 0958")
'phone number (GB)'
>>> phone_detector().detect("version 2.4.1, 2024-03-15, port 8080") is None
True
"""

import itertools
import re
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache

from memory_plugins.gates.codes import RejectCode
from memory_plugins.gates.context import (
    SENTENCE_END,
    business_line,
    called_a_test_value,
    clause_start,
    company_code,
    names_a_company,
    placeholder_value,
    service_line,
    thing_id,
    value_introduced,
)
from memory_plugins.gates.detectors import FunctionDetector, by_first_letter, guarded
from memory_plugins.gates.textfold import CALENDAR_DATE, fold, inside, mac_spans, span_within
from memory_plugins.gates.things import (
    PURPOSE_BEFORE,
    blank_ibans,
    purpose_within,
    thing_named_after,
    thing_named_before,
)

__all__ = [
    "PHONE_REGIONS",
    "address_detector",
    "email_detector",
    "find_phone",
    "phone_detector",
    "toll_free",
]

PHONE_REGIONS = (
    "US", "CN", "GB", "IN", "JP", "KR", "SG", "AU", "BR", "DE", "FR", "IT", "ES", "NL",
    "PL", "SE", "BE", "AT", "CH", "IE", "PT", "MX", "HK", "TW",
)  # fmt: skip
"""Regions whose local (national) formats are recognised; ``+`` numbers work for all."""

# A backtick around an address is a Markdown code span, not part of it.
_EMAIL = re.compile(
    r"(?<![^\s<>(\[,;:\"'`“‘（【：，])[^\s@<>()\[\],;:\"'`“”‘’（）【】：，。/]{1,64}"
    r"@[^\s@<>()\[\],;:\"'`“”‘’（）【】：，。/]{1,253}\.[^\s@<>()\[\],;:\"'`“”‘’（）【】：，。/.]{2,63}"
)
_URL_USERINFO = re.compile(r"://[^\s/@]{0,256}$")
# A host whose first label spells an IPv4 address ("ip-10-0-12-34.", "ec2-3-91-22-10."): a
# machine's generated name, so ``user@`` it is a login to that machine, not a mailbox.
_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1?[0-9]{1,2})"
_MACHINE_HOST = re.compile(rf"(?:[A-Za-z0-9]{{1,20}}-)?(?:{_OCTET}-){{3}}{_OCTET}\.")
_TRAILING = ".!?)'\"”’"
# The domains RFC 2606 and RFC 6761 reserve for documentation and testing: no one's mailbox
# when the words call the address a test or an example (the PII analysers' own tests give
# such addresses as people's, so the domain alone is not enough).
_RESERVED_DOMAIN = re.compile(
    r"@(?:[^@\s]+\.)?(?:example\.(?:com|net|org)|[^@\s.]+\.(?:example|test|invalid|localhost))$",
    re.IGNORECASE,
)
# Google Cloud's service accounts: machines, not people.
_MACHINE_ACCOUNT = re.compile(r"@(?:[^@\s]+\.)?gserviceaccount\.com$", re.IGNORECASE)

# A remote login on the same line, right before "user@host": ssh, scp, sftp, rsync, mosh or
# ssh's jump option.
_REMOTE_LOGIN = re.compile(r"(?:\b(?:ssh|scp|sftp|rsync|mosh)\b|(?:^|\s)-J)[^\n`'\"]{0,40}$")


# An address spelt out so that no scraper reads it: "ann.lee [at] example [dot] org",
# "ann(at)example.org", "ann dot lee at gmail dot com", "jsmith99 at gmail.com". "at" in
# brackets counts anywhere; "at" as a plain word only after a local part no word has (a dot,
# a digit, "_" or "+" in it), or after a word with the dot spelt too and a word naming mail
# right before ("email me at johnsmith at gmail dot com"): "works at Booking.com" is none.
_BRACKETED = r"[\[(<{][ \t]{0,2}%s[ \t]{0,2}[\])>}]"
_SPELT_AT = rf"(?P<bat>{_BRACKETED % 'at'})|(?<=[ \t])at(?=[ \t])"
_SPELT_DOT = rf"{_BRACKETED % 'dot'}|(?<=[ \t])dot(?=[ \t])"
_SPELT_EMAIL = re.compile(
    rf"(?<![\w.+-])(?P<local>[A-Za-z0-9](?:[\w+-]|[ \t]{{0,2}}(?:{_SPELT_DOT}|\.)[ \t]{{0,2}}(?=\w)){{0,63}})"
    rf"[ \t]{{0,2}}(?:{_SPELT_AT})[ \t]{{0,2}}"
    rf"(?P<domain>[A-Za-z0-9][\w-]{{0,62}}(?:[ \t]{{0,2}}(?:{_SPELT_DOT}|\.)"
    rf"[ \t]{{0,2}}[A-Za-z0-9][\w-]{{0,62}}){{1,4}})(?![\w/-])",
    re.IGNORECASE,
)
_SPELT_PARTS = re.compile(rf"[ \t]{{0,2}}(?:{_SPELT_DOT}|\.)[ \t]{{0,2}}", re.IGNORECASE)
_MAIL_CUE = re.compile(
    r"(?i:e-?mail|mail(?:box)?|inbox|contact|reach|write\s+to)[^\n]{0,24}$|邮箱|邮件|电邮|メール|correo|courriel"
)
# What ``_SPELT_EMAIL`` needs somewhere in the text: "at" as a word or in brackets.
_SPELT_AT_HINTS = (" at ", "at]", "at)", "at}", "at>", "\tat ")
_VERSION = re.compile(r"v?[0-9]+(?:\.[0-9A-Za-z]+)+", re.IGNORECASE)
_TLD = re.compile(
    r"[a-z]{2}|com|org|net|edu|gov|mil|int|info|biz|io|app|dev|xyz|online|site|email|mail"
    r"|name|pro|tech|cloud|store|shop|blog|me|live|life|world",
    re.IGNORECASE,
)


def _spelt_email(text: str) -> bool:
    """Whether ``text`` holds an e-mail address spelt out (``_SPELT_EMAIL``)."""
    from email_validator import EmailNotValidError, validate_email

    found = _SPELT_EMAIL.search(text)
    while found is not None:
        m, found = found, _SPELT_EMAIL.search(text, found.start() + 1)  # overlapping tries
        local = _SPELT_PARTS.sub(".", m["local"])
        labels = _SPELT_PARTS.split(m["domain"])
        spelt_dot = m["domain"] != ".".join(labels) or local != m["local"]
        if not _TLD.fullmatch(labels[-1]):
            continue
        if not m["bat"]:
            if _VERSION.fullmatch(local) or not any(c.isalpha() for c in local):
                continue  # "v2.0 at github.com", "3.12 at python.org": a release, not a mailbox
            plain_word = re.fullmatch(r"[A-Za-z]+", local) is not None
            if plain_word and not (
                spelt_dot and _MAIL_CUE.search(text, max(0, m.start() - 40), m.start())
            ):
                continue  # "works at Booking.com", "at Google dot com": a word, no mail named
        address = f"{local}@{'.'.join(labels)}"
        try:
            validate_email(address, check_deliverability=False, test_environment=True)
        except EmailNotValidError:
            continue
        if _RESERVED_DOMAIN.search(address) and called_a_test_value(text, m.start(), m.end()):
            continue  # "the fixture user jane [at] example [dot] com": called a test
        return True
    return False


def _email(text: str) -> str | None:
    from email_validator import EmailNotValidError, validate_email

    text = fold(text)
    lowered = text.lower()
    if any(map(lowered.__contains__, _SPELT_AT_HINTS)) and _spelt_email(text):
        return "e-mail address (spelt out)"
    for m in _EMAIL.finditer(text):
        address = m.group(0).rstrip(_TRAILING)
        if text.startswith(":", m.end()) or _URL_USERINFO.search(
            text, max(0, m.start() - 300), m.start()
        ):
            continue  # git@host:org/repo, or user@host inside a URL
        if _MACHINE_HOST.match(address, address.index("@") + 1):
            continue
        if _MACHINE_ACCOUNT.search(address) or _REMOTE_LOGIN.search(
            text, max(0, m.start() - 48), m.start()
        ):
            continue  # a service account, or "ssh ops@host": a login
        try:
            validate_email(address, check_deliverability=False, test_environment=True)
        except EmailNotValidError:
            continue
        if _RESERVED_DOMAIN.search(address) and called_a_test_value(text, m.start(), m.end()):
            continue  # "the fixture user jane@example.com": a reserved domain, called a test
        return "e-mail address"
    return None


# Seven digits with single separators between them, in any script (NFKC folds them).
_PHONE_HINT = r"\d(?:[ \-.()/\u00ad\u200b-\u200d\u2060\ufeff]{0,2}\d){6}"
_PHONE_SPAN = re.compile(
    # an extension may follow glued ("…-9795x9802"); a time's seconds are not a number
    r"(?<![A-Za-z0-9_+])(?<![0-9]:)(?:\+|00)?\(?\d(?:[ \-./]{0,2}\(?\d\)?){6,16}"
    r"(?![A-Za-wyz0-9_]|x(?![0-9]))"
)
_PHONE_CUE = re.compile(
    # "on-call" is a duty rota, no phone
    r"\b(?:phones?|tel|telephone|(?<!on-)(?<!on )call(?:s|ed|ing)?|text(?:ed)?|sms|mobile|cell|cellphone"
    r"|whatsapp|wechat|fax|contact(?:ed)?|reach(?:ed|able)?|dial|ring|telefon|t[ée]l[ée]phone|portable|handy|m[óo]vil|celular|tel[ée]fono"
    # a number that answers or takes messages is dialled
    r"|answer(?:s|ed|ing)?[ \t]+(?:at|on)|messag(?:e|es|ed|ing)[ \t]+(?:me[ \t]+)?(?:to|at|on))\b"
    r"|电话|手机|联系|微信|電話|手機|聯絡|電話|携帯|전화|휴대폰|핸드폰|연락처"
    # Italian, Dutch, Russian, Vietnamese and Indonesian
    r"|(?<![^\W\d_])(?:cellulare|telefonino|telefoon\w*|mobiel|телефон\w*|мобильн\w*|сотов\w*"
    r"|điện\s+thoại|telepon|ponsel|nomor\s+(?:hp|wa)"
    # Portuguese (Portugal), Swedish, Czech, Romanian, Hungarian, Greek, Ukrainian, Hebrew,
    # Persian, Hindi, Thai, Malay
    r"|telem[óo]vel|mobilnummer|mobil|mobilní|telefonní|telefonu|mobilul|telefonsz[áa]m\w*"
    # Spanish's short "cel" (celular)
    r"|cel\.?"
    # "call me" in Portuguese, Spanish, French and Italian ("liguem-me para o …"): the
    # speaker's own number
    r"|lig(?:ue|uem|ar)-(?:me|nos)|liga-me|llám(?:ame|enos|eme)|llamame|appelle[zr]?-moi"
    r"|appelez-nous|chiamami|chiamatemi"
    r"|τηλέφωνο|κινητό|мобільн\w*|телефону|טלפון|נייד|تلفن|موبایل|شماره\s+همراه|फ़ोन|फोन|मोबाइल"
    r"|โทรศัพท์|เบอร์|telefon\s+bimbit|nombor\s+telefon)(?![^\W\d_])",
    re.IGNORECASE,
)
# Calling or messaging someone, in the languages of the word lists: after a number, in its
# sentence, it says the number is dialled ("No coge llamadas, mejor escribirle por wasap",
# "melhor ligar antes das 9").
_CALL_WORDS = re.compile(
    r"(?i:(?<![^\W\d_])(?:llam\w*|escr[ií]bele\w*|escribirle\w*|wasap\w*|whatsapp\w*|wa|zap"
    r"|ligar|liga-lhe|ligue\w*|telefon\w*|appel\w*|anruf\w*|anzuruf\w*|chiam\w*|bel(?:len|t)"
    r"|dzwo\w*|zadzwo\w*|звон\w*|позвон\w*|дзвон\w*|подзвон\w*|arayın|aramak|ara"
    r"|gọi|hubungi|telepon|tawag\w*|text|texts|call\w*|ring)(?![^\W\d_]))"
)
_CALL_REACH = 48


def _called_after(text: str, end: int) -> bool:
    """Whether a word of calling or messaging follows the number ending at ``end`` within
    ``_CALL_REACH`` characters: in its sentence, or in the first words of the next ("…: 611
    22 37 86. No coge llamadas"), and no word there names a thing the number may be."""
    stop = _SENTENCE_STOP.search(text, end, end + _CALL_REACH)
    high = min(len(text), stop.end() + _CALL_REACH // 2 if stop else end + _CALL_REACH)
    called = _CALL_WORDS.search(text, end, high)
    # a call about a thing the number may be ("… calls about the missing order") says
    # nothing of the number
    return called is not None and purpose_within(text, end, high) is None


_SENTENCE_STOP = re.compile(r"[.!?](?:\s|$)")
_NANP_FORMATTED = re.compile(r"\(?[2-9][0-9]{2}\)?[ .-]?[2-9][0-9]{2}[ .-][0-9]{4}")
# The same after North America's country code: "1-800-275-2273", "1 (800) 275-2273".
_NANP_WITH_CODE = re.compile(r"1[ .-]\(?[2-9][0-9]{2}\)?[ .-]?[2-9][0-9]{2}[ .-][0-9]{4}")


# The first person, in the languages of the word lists, or a person's record's name field.
_REACHES_A_PERSON = re.compile(
    r"(?i:(?<![^\W\d_])(?:me|my|mine|i|i'm|moi|mon|ma|mes|mich|mir|mein\w*|mi|mis|meu|minha"
    r"|mio|mia|mijn|mij|mnie|mój|moja|mné|můj|moje|benim|bana|saya|aku|mitt|min|mina|mig"
    r"|мне|меня|мой|моя|мою|мені|мій|моя|я|name[ \t]*:)(?![^\W\d_]))|我|私|내|제"
)


@cache
def _public_line_types() -> frozenset[int]:
    """libphonenumber's types of number no person holds as their own: freephone,
    shared-cost, premium-rate and universal access numbers, which organisations rent to
    answer the public. Read only where the number's country is written with it."""
    import phonenumbers

    kinds = phonenumbers.PhoneNumberType
    return frozenset((kinds.TOLL_FREE, kinds.SHARED_COST, kinds.PREMIUM_RATE, kinds.UAN))


# A number laid out as phones are (North American "(523) 222-8888", local "222-8888")
# followed by an extension: a number to dial, whether or not its area code is assigned.
_EXTENSION = re.compile(
    # (after North America's country code or an international prefix: "001-333-279-0302x9")
    r"(?<![A-Za-z0-9_+(-])(?:(?:\+|00)?1[ .-])?(?:\(?[0-9]{3}\)?[ .-]?)?[0-9]{3}[ .-][0-9]{4}"
    # "x" takes three digits or more: "x 2" after a part number is a quantity
    r"[ \t]{0,2}(?:x[ \t]{0,2}[0-9]{3,6}|(?:ext\.?|extn\.?|extension|分机|轉|转)[ \t.:]{0,2}[0-9]{1,6})"
    r"(?![0-9])",
    re.IGNORECASE,
)
_MAX_SPANS = 32
# An IPv4 address ("192.168.13.208"), also as a range ("198.51.100.0/24"), is written like
# a dotted phone number: a number span starting inside one is part of it.
_IPV4 = re.compile(
    rf"(?<![0-9.]){_OCTET}(?:\.{_OCTET}){{3}}(?:/(?:3[0-2]|[12]?[0-9]))?(?![0-9]|[.-][0-9])"
)
# A label naming the number as a publication, product or device code or as a postcode:
# "ISSN 0317-8471", "IMEI 35-209900-176148-1", "postcode 0294-348" are no phones.
_CODE_LABEL = re.compile(
    r"(?:ISBN|ISSN|ISMN|EAN|JAN|UPC|GTIN|DOI|CAS|arXiv|PMID|IMEI|MEID|barcode|条码|条形码"
    r"|post\s?code|postal\s+code|zip(?:\s?code)?|邮编|邮政编码|郵便番号|우편번호"
    # postcodes named in the languages of the other word lists
    # (Brazil's CEP in capitals: Turkish "cep" is a mobile phone)
    r"|(?-i:CEP)|plz|postleitzahl|code\s+postal|c[óo]digo\s+postal|cap|kod\s+pocztowy|postcode"
    r"|posta\s+kodu|kode\s+pos|poskod|postnummer|psč|irányítószám|cod\s+poștal"
    r"|почтов\w*\s+индекс|поштов\w*\s+індекс|индекс|індекс|mã\s+bưu\s+chính|τ\.?κ\.?)"
    r"(?:[^A-Za-z0-9]{0,3}(?:no|nr|number|code|is|was)(?![A-Za-z])){0,2}[^A-Za-z0-9]{0,6}$",
    re.IGNORECASE,
)
# A thing's own number named right before it: "ticket 48213377", "booking no. 4821 3377",
# "room 4821337". Its digits may be valid in some numbering plan; it is no one's phone.
_THING_BEFORE = re.compile(
    r"(?<![A-Za-z])(?:tickets?|orders?|bookings?|reservations?|invoices?|rooms?|flights?"
    r"|tracking|parcels?|shipments?|confirmation|transactions?|receipts?|case|ref(?:erence)?"
    # numbers drawn or picked in a lottery or a game: two digits a ball
    r"|lottery|lotto|powerball|euromillions|bingo|keno|raffle)"
    r"(?:[ \t]{0,2}(?:no\.?|nr\.?|numbers?|#|id|code|picks?)(?:[ \t]{0,2}(?:are|is))?)?"
    r"[ \t]{0,2}[:#=]?[ \t]{0,2}$"
    r"|(?:彩票|双色球|大乐透|七星彩|福彩|体彩|红球|蓝球|前区|后区)[^0-9\n]{0,8}$",
    re.IGNORECASE,
)
# An ISBN written in its hyphenated groups, the check digit alone last ("0-306-40615-2").
_ISBN_GROUPS = re.compile(r"(?:97[89]-)?[0-9]{1,5}-[0-9]{1,7}-[0-9]{1,7}-[0-9X]")
# A DOI's prefix ("10.1038/") earlier in the same word: the digits are its suffix
# ("https://doi.org/10.1038/s41586-020-2649-2").
_DOI_PREFIX = re.compile(r"(?<![0-9])10\.[0-9]{4,9}/")


def _valid_isbn(written: str) -> bool:
    from stdnum import isbn

    return bool(isbn.is_valid(written))


def find_phone(text: str) -> str | None:
    """The region of the first phone number in ``text`` (see ``_phone``), or None."""
    return _phone(text)


def _phone(text: str) -> str | None:
    """Valid numbers (libphonenumber), counted where nothing else explains them.

    Bare digit runs are often order numbers, IDs or amounts that also happen to be valid
    phone numbers somewhere, so a national-format number counts only when it is written
    the way phones are (international ``+``/``00``, a trunk ``0``, a Chinese mobile's
    ``1[3-9]``, a North-American ``(415) 555-0132``) or sits next to a phone cue.
    """
    import phonenumbers

    text = blank_ibans(fold(text))  # an IBAN's groups are the bank detector's to judge
    if _EXTENSION.search(text):
        return "phone number with an extension"
    macs = mac_spans(text)
    addresses = [a.span() for a in _IPV4.finditer(text)] if "." in text else []
    companies = names_a_company(text)
    for m in itertools.islice(_PHONE_SPAN.finditer(text), _MAX_SPANS):
        raw = m.group(0)
        if inside(m.start(), macs) or inside(m.start(), addresses):
            continue  # a device's MAC address, a network address: no phone number
        digits = re.sub(r"\D", "", raw)
        if not 7 <= len(digits) <= 15 or placeholder_value(text, m.start(), m.end()):
            continue  # "090-0000-0000": typed as a placeholder
        if (
            _CODE_LABEL.search(text, max(0, m.start() - 28), m.start())
            or _THING_BEFORE.search(text, max(0, m.start() - 28), m.start())
            or thing_id(text, m.start())
            or (companies and company_code(text, m.start()))
            or _thing_not_phone(text, m.start(), m.end(), raw)
        ):
            # "ISSN 0317-8471", "ticket 48213377", "商户号是 1760152178": a thing's; a
            # company's tax number ("Công ty TNHH Sao Mai … mã số thuế 0141384197")
            continue
        if _ISBN_GROUPS.fullmatch(raw) and _valid_isbn(raw):
            continue
        if toll_free(raw, text):
            continue  # "звонит на 8 800 100-70-10": the freephone line of the text's country
        if CALENDAR_DATE.match(raw.lstrip("(")):
            continue  # "02.12.1979", "(2024-01-01 00…": a date, not a number to dial
        near = max(0, m.start() - 200)
        word = max(text.rfind(" ", near, m.start()), text.rfind("\n", near, m.start())) + 1
        if _DOI_PREFIX.search(text, max(word, near), m.start()):
            continue  # the suffix of a DOI in the same word
        if raw.startswith(("+", "00")):
            regions: tuple[str | None, ...] = (None,)
            raw = "+" + raw.removeprefix("00") if raw.startswith("00") else raw
        elif (
            _PHONE_CUE.search(text, max(0, m.start() - 32), m.start())
            or _PHONE_CUE.search(text, m.end(), m.end() + 16)
            or _called_after(text, m.end())
            or _phone_heads_clause(text, m.start())
        ):
            regions = _every_region()  # named as a phone: any country's numbering counts
        elif len(digits) == 11 and digits[0] == "1" and digits[1] in "3456789":
            regions = ("CN",)
        elif (
            not text.isascii()
            and (country := _local_mobile(raw, text)) is not None
            and not thing_named_before(text, m.start(), m.end())  # "PNR 6867137806"
        ):
            return f"phone number ({country}, a mobile where the text's script is written)"
        elif _NANP_FORMATTED.fullmatch(raw):
            regions = ("US", "CA")
        elif (digits[0] == "0" and (len(digits) >= 10 or not raw.isdigit())) or (
            raw.startswith("(") and not raw.isdigit()
        ):
            regions = PHONE_REGIONS
        else:
            continue
        for region in regions:
            try:
                number = phonenumbers.parse(raw, region)
            except phonenumbers.NumberParseException:
                continue
            if phonenumbers.is_valid_number(number):
                if (
                    service_line(text, m.start()) or business_line(text, m.start())
                ) and phonenumbers.number_type(number) != phonenumbers.PhoneNumberType.MOBILE:
                    break  # a hotline's, a call centre's or a shop's; a mobile is a person's
                if public_line_with_country(m.group(0), text):
                    break  # "+44 800 …", "1-800-275-2273": a freephone or a company's number
                where = phonenumbers.region_code_for_number(number) or region or "international"
                return f"phone number ({where})"
            if (
                region is None
                and m.group(0).startswith("+")
                and phonenumbers.is_possible_number_with_reason(number)
                == phonenumbers.ValidationResult.IS_POSSIBLE
            ):
                # Written with "+" and a country's calling code, at a length that country's
                # numbers have: a phone number even where libphonenumber's table of
                # allocated ranges (which numbering-plan changes outdate) lacks its range.
                code = number.country_code or 0
                where = phonenumbers.region_code_for_country_code(code)
                return f"phone number ({where}, international format)"
    return None


# Scripts that name the country whose numbering plan a text's bare numbers follow: a
# Greek text's "693 106 4335" is a Greek mobile, written as Greeks write it.
_SCRIPT_COUNTRIES = (
    (re.compile(r"[\u0370-\u03ff]"), ("GR", "CY")),
    (re.compile(r"[\u0590-\u05ff]"), ("IL",)),
    (re.compile(r"[\u0e00-\u0e7f]"), ("TH",)),
    (re.compile(r"[\u0900-\u097f]"), ("IN",)),
    (re.compile(r"[پچژگکی]"), ("IR",)),
    (re.compile(r"[\u0600-\u06ff]"), ("SA", "EG", "AE")),
    (re.compile(r"[ăâđêôơư]|[\u1ea0-\u1ef9]"), ("VN",)),
    (re.compile(r"[\u0400-\u04ff]"), ("RU", "UA")),
)


@lru_cache(maxsize=8)
def _script_regions(text: str) -> tuple[str, ...]:
    """The countries whose script ``text`` is written in (the first script found); read once
    a text, as every number of a long text asks."""
    for script, countries in _SCRIPT_COUNTRIES:
        if script.search(text) is not None:
            return countries
    return ()


# Latin letters only one language of the word lists writes name its country, for freephone
# lines alone: Polish "ł", "ą", "ę", Czech "ř", "ě", "ů", Hungarian "ő", "ű", Romanian "ș",
# "ț", Turkish "ğ", "ı" ("dzwonić na … infolinię NFZ: 800 190 590"). A mobile range of one
# is another's too, so a person's number is never read so.
_LETTER_COUNTRIES = (
    (re.compile(r"[łąęśźżńŁĄĘŚŹŻŃ]"), "PL"),
    (re.compile(r"[řěůŘĚŮ]"), "CZ"),
    (re.compile(r"[őűŐŰ]"), "HU"),
    (re.compile(r"[șțȘȚ]"), "RO"),
    (re.compile(r"[ğıĞ]"), "TR"),  # not IGNORECASE: "ı" would match every "i" and "I"
)


# How the freephone ranges of the countries of ``_SCRIPT_COUNTRIES`` begin, written
# nationally: 800 (Greece, Cyprus, Saudi Arabia, the Emirates), 0800 (Ukraine, Egypt),
# 8 800 (Russia), 1800 and 180x (Israel, Thailand, India).
_FREEPHONE_STARTS = ("800", "0800", "8800", "180")


def toll_free(raw: str, text: str) -> bool:
    """Whether ``raw``, written without a country's calling code, is a freephone number
    (libphonenumber's type) of the country whose script ``text`` is written in (Greek,
    Hebrew, Thai, Devanagari, Persian, Arabic, Cyrillic): an organisation's line to the
    public ("звонит на 8 800 100-70-10"), never a person's own number. A text in Latin
    letters names no country, and a freephone range of one is another's mobile range
    (the UK's 0808 is Japan's 080), so there nothing is set aside."""
    if raw.startswith(("+", "00")):
        return False
    if not re.sub(r"\D", "", raw).startswith(_FREEPHONE_STARTS):
        return False  # looked for first: most numbers are no freephone number anywhere
    regions = [c for c in _script_regions(text) if c != "VN"]  # Latin letters with marks
    if not regions:
        regions = [c for letters, c in _LETTER_COUNTRIES if letters.search(text)][:1]
    if not regions:
        return False
    import phonenumbers

    return _valid_as(raw, regions, phonenumbers.PhoneNumberType.TOLL_FREE) is not None


def public_line_with_country(raw: str, text: str) -> bool:
    """Whether ``raw``, written with its country's calling code (``+44 800 …``, ``0049 180
    …``, North America's ``1-800-275-2273``), is a number no person holds as their own
    (:func:`_public_line_types`): where the country is written, its type is certain. Not
    where ``text`` speaks in the first person or is a person's record ("call me on …", "can
    be reached at …" after "I'm", "Name: …"): a freephone or a shared-cost number may
    forward to someone's own phone, and the text says it reaches them."""
    if not (raw.startswith(("+", "00")) or _NANP_WITH_CODE.fullmatch(raw)):
        return False
    if _REACHES_A_PERSON.search(text) is not None:
        return False
    import phonenumbers

    written = "+" + raw.removeprefix("00") if raw.startswith("00") else raw
    try:
        number = phonenumbers.parse(written, None if written.startswith("+") else "US")
    except phonenumbers.NumberParseException:
        return False
    return (
        phonenumbers.is_valid_number(number)
        and phonenumbers.number_type(number) in _public_line_types()
    )


def _valid_as(raw: str, regions: Sequence[str], kind: int) -> str | None:
    """The first of ``regions`` where ``raw`` is a valid number of libphonenumber's type
    ``kind``, or None."""
    import phonenumbers

    for region in regions:
        try:
            number = phonenumbers.parse(raw, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number) and phonenumbers.number_type(number) == kind:
            return region
    return None


def _thing_not_phone(text: str, start: int, end: int, raw: str) -> bool:
    """Whether a thing's word (an order's, a parcel's, a booking's) names the number in its
    clause, before it or right after it, with no phone's word between: "Yurtiçi Kargo takip
    numarası 950997323787", "… is het bestelnummer". A number written with "+" is dialled
    whatever its clause says."""
    if raw.startswith("+"):
        return False
    before = purpose_within(text, clause_start(text, start, PURPOSE_BEFORE), start)
    if before is not None and _PHONE_CUE.search(text, before[1], start) is None:
        return True
    return thing_named_after(text, end) and _PHONE_CUE.search(text, end, end + 32) is None


def _local_mobile(raw: str, text: str) -> str | None:
    """The country, among those whose script ``text`` is written in, where ``raw`` (nine to
    eleven digits) is a mobile number (libphonenumber's type), or None."""
    import phonenumbers

    digits = sum(c.isdigit() for c in raw)
    if not 9 <= digits <= 11:
        return None
    # the first script found names the country
    return _valid_as(raw, _script_regions(text), phonenumbers.PhoneNumberType.MOBILE)


def _phone_heads_clause(text: str, start: int) -> bool:
    """Whether the clause before ``start`` opens with a phone's word and a colon or a copula
    gives the number: "O telemóvel da mulher do utilizador é …", whoever's it is."""
    if not value_introduced(text, start):
        return False
    return _PHONE_CUE.search(text, clause_start(text, start, 80), start) is not None


@cache
def _every_region() -> tuple[str, ...]:
    """``PHONE_REGIONS`` first, then every other region libphonenumber knows."""
    import phonenumbers

    rest = sorted(phonenumbers.SUPPORTED_REGIONS - set(PHONE_REGIONS))
    return (*PHONE_REGIONS, *rest)


def email_detector() -> FunctionDetector:
    return guarded(
        "email_address",
        RejectCode.SENSITIVE,
        _email,
        r"[@＠﹫]|[\[(<{][ \t]{0,2}at[ \t]{0,2}[\])>}]|[ \t]dot[ \t]|[ \t]at[ \t]{1,2}[\w-]{1,63}\.[a-z]",
    )


def phone_detector() -> FunctionDetector:
    return guarded("phone_number", RejectCode.SENSITIVE, _phone, _PHONE_HINT)


# ----------------------------------------------------------------------------- street addresses

# A street and its house number, in the ways the languages of the word lists write one.
_STREET = re.compile(
    # English: a number, a capitalised name, a street word ("339 Highland Ave").
    r"(?<![\w/-])[0-9]{1,6}[A-Za-z]?(?:[ \t]+[A-Z][A-Za-z'.-]{1,20}){1,4}[ \t]+"
    r"(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Way"
    r"|Terrace|Circle|Parkway|Pkwy|Highway|Hwy|Square|Trail|Close|Crescent|Grove|Gardens|Row"
    r"|Mews|Walk|Loop|Alley"
    # the other suffixes of the USPS street-suffix list (Publication 28, appendix C1)
    r"|Tunnel|Crossing|Heights|Hills?|Estates?|Ridge|Park|Point|Plaza|Port|Harbor|Haven"
    r"|Hollow|Junction|Landing|Manor|Meadows?|Mills?|Pass|Path|Pike|Ranch|Route|Run|Shores?"
    r"|Springs?|Station|Summit|Turnpike|Valley|Via|Views?|Village|Ville|Vista|Wells?"
    r"|Extension|Falls|Ferry|Fields?|Flats?|Ford|Forest|Forks?|Fort|Freeway|Glen|Green"
    r"|Isle|Knolls?|Lakes?|Lodge|Mount|Mountains?|Orchard|Oval|Overpass|Plains?|Prairie"
    r"|Ramp|River|Skyway|Stream|Trace|Track|Underpass|Union|Causeway|Center|Cliffs?|Club"
    r"|Common|Corners?|Course|Cove|Creek|Crest|Curve|Dale|Dam|Divide|Expressway|Bypass"
    r"|Bridge|Brook|Burg|Branch|Bluffs?|Bend|Beach|Bayou|Canyon|Cape|Throughway|Trafficway"
    r"|Stravenue|Radial|Neck|Shoals?|Spur|Inlet|Island|Key|Light|Locks?|Motorway|Parkways"
    r"|Pines|Rapids?|Rest|Squares|Streets|Wall|Well)(?![A-Za-z])"
    # Chinese: a road, a lane or an alley and its number ("漕溪北路426弄", "体育西路106号").
    r"|[\u4e00-\u9fff]{1,10}(?:路|街|大道|巷|胡同|弄)[0-9]{1,5}(?:号|號|弄)"
    # German and Dutch: a street name and its number ("Hauptstraße 12a", "Nobelstraat 80").
    r"|(?<![\w])[A-ZÄÖÜÆØÅ][A-Za-zäöüßæøåÄÖÜÆØÅ-]{1,30}?(?i:straße|strasse|str\.|weg|gasse"
    r"|platz|allee|damm|ufer|straat|laan|plein|gracht|kade|dijk|singel|steeg"
    # and Danish, Swedish and Norwegian ("Vigerslevstræde 828", "Storgatan 12")
    r"|gade|vej|stræde|plads|allé|gatan|vägen|gata|veien|vei|torget|gränd)"
    r"[ \t]{1,2}[0-9]{1,4}[a-z]?(?![0-9])"
    # Hungarian: the name, the street word, the number ("Ady Endre utca 244.")
    r"|(?<![\w])[A-ZÁÉÍÓÖŐÚÜŰ][^\d,;\n]{1,30}?[ \t](?:utca|út|útja|tér|körút|köz|sétány"
    r"|fasor|rakpart)[ \t]{1,2}[0-9]{1,4}(?![0-9])"
    # Polish "ul. Długa 12", Indonesian "Jl. Melati No. 12", Turkish "Gül Sokak No: 5",
    # Vietnamese "số 86, ngõ 45" / "số 12 đường Lê Lợi".
    r"|(?<![\w])ul\.[ \t]{1,2}[A-ZĄĆĘŁŃÓŚŹŻ][^\d,;\n]{1,30}?[ \t][0-9]{1,4}[a-z]?(?![0-9])"
    r"|(?<![\w])(?:Jl\.?|Jalan|Gang|Gg\.?)[ \t]{1,2}[A-Z][^\d;\n]{1,30}?,?[ \t]{0,2}(?:No\.?|Nomor)[ \t]?"
    r"[0-9]{1,4}(?![0-9])"
    r"|(?<![\w])(?:Sokak|Sok\.|Sk\.|Caddesi|Cad\.|Cd\.|Bulvarı)[^\n]{0,24}?No[:.]?[ \t]?"
    r"[0-9]{1,4}(?![0-9])"
    r"|(?<![\w])(?i:số)[ \t]{1,2}[0-9]{1,4}[A-Za-z]?(?:/[0-9]{1,4})?,?[ \t]{1,2}"
    r"(?i:ngõ|ngách|hẻm|kiệt|đường|phố)(?![\w])"
    # French: a number, a street word, a name ("12 rue de la Paix").
    r"|(?<![\w])[0-9]{1,4}(?:[ \t]?(?:bis|ter))?,?[ \t]{1,2}(?:rue|avenue|boulevard|bd|place|chemin"
    r"|allée|impasse|quai|route)[ \t]{1,2}(?:de[ \t]|du[ \t]|des[ \t]|d'|la[ \t]|l')?"
    # Spanish, Italian, Portuguese: a street word, a name, a number ("Calle Mayor 5"); the
    # street word in small letters, as running prose writes it ("in via Carlo Poma 22")
    r"|(?<![\w])(?:[Cc]alle|C/|[Aa]venida|Avda\.?|[Pp]aseo|[Vv]ia|[Vv]iale|[Pp]iazza|[Cc]orso"
    r"|[Rr]ua|[Tt]ravessa|[Aa]lameda)"
    r"[ \t]{1,2}(?:(?:de|da|do|dos|das|del|de[ \t]la|della|di)[ \t]{1,2})?[A-ZÁÉÍÓÚ][^\d,;\n]{1,30}?,?"
    r"[ \t]{0,2}(?:n[º°o]\.?[ \t]?)?[0-9]{1,5}(?![0-9])"
    # Czech and Slovak: a street and its two house numbers ("Vinohradská 1511/230")
    r"|(?<![\w])[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ][a-záčďéěíňóřšťúůýž]{2,30}[ \t]{1,2}[0-9]{1,5}/[0-9]{1,4}[a-z]?"
    r"(?![0-9/])"
    # Malaysia: the house's number before the road ("No. 23, Jalan SS 2/24")
    r"|(?<![\w])(?:No\.?|Nombor)[ \t]?[0-9]{1,5}[A-Za-z]?,?[ \t]{1,2}(?:Jalan|Jln\.?|Lorong|Persiaran"
    r"|Lebuh|Lebuhraya)(?![\w])"
    # Japanese: chōme, ban and gō ("3丁目12番5号").
    r"|[0-9]{1,2}丁目[0-9]{1,3}(?:番地?|-)[0-9]{1,3}号?"
    # Romanian: "Str. Lalelelor nr. 12", "Strada Florilor nr. 3"
    r"|(?<![\w])(?:Str\.|Strada|Bd\.|Bulevardul|Calea|Aleea|Șos\.|Șoseaua)[ \t]{1,2}[A-ZĂÂÎȘȚ][^\d,;\n]{1,30}?,?"
    r"[ \t]{1,2}nr\.?[ \t]?[0-9]{1,4}(?![0-9])"
    # India: a flat's, a house's or a plot's number ("Flat No. 304", "फ्लैट नं. 304")
    r"|(?<![\w])(?:Flat|House|Plot|H\.)[ \t]?No\.?[ \t]?[0-9]{1,4}(?![0-9])"
    r"|(?:फ़?्लैट|मकान|प्लॉट|हाउस)[ \t]+(?:नं\.?|नंबर)[ \t]?[0-9]{1,4}(?![0-9])"
    # Mexico: a street's name and number, maybe the flat's, then the neighbourhood
    # ("Colima 214, depto. 3, col. Roma Norte")
    r"|(?<![\w])[A-ZÁÉÍÓÚÑ][\w.]{1,20}(?:[ \t][A-ZÁÉÍÓÚÑ][\w.]{1,20}){0,2}[ \t][0-9]{1,5}"
    r"(?:,?[ \t](?:int\.?|interior|depto\.?|dpto\.?|departamento)[ \t]?[0-9A-Z]{1,4})?"
    r",[ \t](?:col\.|colonia)[ \t]"
    # the Philippines: a subdivision's block and lot ("Blk 6 Lot 3, Phase 2")
    r"|(?<![\w])(?:Blk|Block)\.?[ \t]?[0-9]{1,4}[A-Za-z]?,?[ \t]+Lot[ \t]?[0-9]{1,4}(?![0-9])"
)
# Streets of other scripts, read only in a text that holds the script (so every other text
# is spared their patterns): Japanese chōme, ban and gō written with hyphens after the
# district's name ("神南1-2-3"; in Chinese "第1-2-3组" is a group's number), a Korean road
# and its building number ("테헤란로 123", "압구정로10길 5"), a Russian street and then the
# house ("ул. Ленина, д. 12").
_SCRIPT_STREETS = (
    (
        re.compile(r"[\u3040-\u30ff]"),
        re.compile(r"[\u4e00-\u9fff]{1,6}[0-9]{1,2}-[0-9]{1,3}-[0-9]{1,3}(?![0-9-])"),
    ),
    (
        re.compile(r"[\uac00-\ud7af]"),
        re.compile(r"[\uac00-\ud7af]{1,10}(?:로|길)[ \t]?[0-9]{1,5}(?:-[0-9]{1,4})?(?![0-9])"),
    ),
    (
        # Arabic: a street and a building's number ("شارع الأمير سلطان، مبنى 4521"); Persian:
        # a street or an alley and the plaque's number ("خیابان شریعتی، … پلاک ۱۲")
        re.compile(r"[\u0600-\u06ff]"),
        re.compile(
            r"شارع[^\d\n]{1,40}?[0-9]{1,5}(?![0-9])|(?:خیابان|کوچه|بلوار)[^\n]{0,60}?پلاک[ \t]*[0-9]{1,5}"
            # a building's number, as Saudi Arabia's national address gives it first
            r"|(?:مبنى[ \t]+رقم|رقم[ \t]+المبنى)[ \t]*[:：]?[ \t]*[0-9]{1,5}(?![0-9])"
        ),
    ),
    (
        # Hebrew: a street and its number ("ברחוב ביאליק 17")
        re.compile(r"[\u0590-\u05ff]"),
        re.compile(
            r"(?:רחוב|רח'|שדרות|שד')[ \t]*[\u0590-\u05ff\"' -]{2,30}?[ \t][0-9]{1,4}(?![0-9])"
        ),
    ),
    (
        # Greek: a street's name in the genitive and the house's number before a comma or the
        # end ("Κυψέλης 13, 3ος όροφος")
        re.compile(r"[\u0370-\u03ff]"),
        re.compile(
            r"(?<![\w])(?:οδός[ \t]+)?[Α-ΩΆ-Ώ][α-ωά-ώ]{2,20}(?:[ \t][Α-ΩΆ-Ώ][α-ωά-ώ]{2,20})?"
            r"[ \t][0-9]{1,4}(?![0-9])(?=[ \t]*(?:,|$))"
        ),
    ),
    (
        # Thai: a house's number, often with its plot's ("99/123"), then the lane or the road
        re.compile(r"[\u0e00-\u0e7f]"),
        re.compile(r"[0-9]{1,5}(?:/[0-9]{1,5})?[ \t]*(?:ซอย|ถนน|หมู่)"),
    ),
    (
        re.compile(r"[\u0400-\u04ff]"),
        re.compile(
            r"(?i:ул\.|улиц[аеы]|пр-т|просп\.|проспект[аеу]?|пер\.|переул[оке]{1,2}|ш\.|шоссе"
            r"|наб\.)[ \t]{0,2}[А-ЯЁ][^\d,;\n]{1,30},?[ \t]{0,2}(?i:д\.|дом)[ \t]{0,2}[0-9]{1,4}"
            # Ukrainian: the house's number may follow the street's name alone
            r"|(?i:вул\.|вулиц[яіею]|просп\.|проспект\w*|пров\.|провулок|бульв\.|бульвар\w*)"
            r"[ \t]{0,2}[А-ЯІЇЄҐ][^\d,;\n]{1,30},?[ \t]{0,2}(?i:буд\.|будинок|д\.)?[ \t]{0,2}"
            r"[0-9]{1,4}(?![0-9])"
        ),
    ),
)
# Words saying someone lives there or receives post there; "address" only as a person's.
_RESIDENCE_WORDS = (
    r"lives?|living|home|house|apartment|apt|flat|residence|resides?|moved"
    # moving house, in the languages of the word lists
    r"|moving|umzug|umgezogen|déménag\w*|mudanza|mudou|mudó|mudaram|mudaron|trasloc\w*"
    r"|verhuis\w*|przeprowadz\w*|taşın\w*|pindah[ \t]+rumah|flytt\w*|stěhov\w*|költöz\w*"
    r"|ship(?:ped|s)?|deliver(?:ed|y)?|mail(?:ed)?|parcels?|wohn\w*|anschrift|zuhause|habit\w*"
    r"|domicile|vive|viven|domicilio|abita\w*|mora|moram|casa|piso"
    # Dutch, Polish, Turkish, Indonesian, Vietnamese
    r"|woon\w*|woont|thuis|mieszka\w*|oturuyor\w*|ikamet\w*|evi|tinggal|rumah|nhà|sống"
    # Vietnamese "ở" as the verb "stay, live" (after "now" or "still"), not the preposition
    # "at" a shop's address takes
    r"|đang[ \t]+ở|hiện[ \t]+ở|vẫn[ \t]+ở"
    r"|giao(?:[ \t]+hàng)?"
    # Czech, Portuguese, Filipino, Malay, Romanian, Hungarian, Swedish
    r"|bydl\w*|morada|nakatira|tumitira|bahay|kediaman|locuie\w*|domiciliu"
    r"|lakik|lakcím\w*|otthon\w*|bor|bostad|hem(?:ma)?"
    # where parcels are delivered, in the languages of the other word lists: a courier
    # brings them to someone ("Doručovací údaje", "Date de livrare", "mándalo a …")
    r"|livraison|lieferadresse|liefer(?:ung|n)|zustell\w*|entrega\w*|env[íi]o\w*"
    r"|m[aá]nd(?:a|e|en)(?:lo|la|los|las|me|nos)\w*"
    r"|consegn\w*|spedi\w*|bezorg\w*|dostaw\w*|kurier\w*|teslimat\w*|kargo\w*|pengiriman"
    r"|kirim\w*|doruč\w*|livr\w*|leverans\w*|szállít\w*|kézbesít\w*|hatid\w*|padala"
    r"|paket\w*|pakket\w*|paczk\w*|pacote\w*|paquete\w*|colis|pacc(?:o|hi)"
    # the recipient a shipping form names beside the address ("Alıcı: kullanıcının kendisi",
    # "destinatar = utilizatorul", "\"mottagare\": \"användaren\"")
    r"|recipient|empfänger|destinatari[oa]|destinataire|destinatário|destinatar|alıcı"
    r"|penerima|mottagare|mottaker|modtager|příjemce|odbiorca|ontvanger|címzett|tatanggap"
    r"|vastaanottaja|người[ \t]+nhận"
    # Indonesia's neighbourhood units, which only a home's address gives ("RT 03/RW 05")
    r"|rt[ \t]?[0-9]{1,3}[ \t]?/[ \t]?rw[ \t]?[0-9]{1,3}"
)
_RESIDENCE = re.compile(
    r"(?i:(?<![a-z])(?:" + by_first_letter(_RESIDENCE_WORDS) + r")(?![a-z]))"
    r"|(?i:(?:my|his|her|their|our|'s|s')[ \t]+(?:home[ \t]+|postal[ \t]+|mailing[ \t]+)?address)"
)
# The same in other scripts, looked for only in a text that holds more than ASCII.
_RESIDENCE_SCRIPT_WORDS = (
    r"يسكن|يقيم|تسكن|تقيم|منزل|بيت|سكن|خانه"
    r"|גר|גרה|גרים|מתגורר\w*|דירה|בית"
    r"|อยู่ที่|บ้าน|ย้ายไปอยู่|живе|мешка\w*|проживає"
    r"|住|家|寄|收件|收货|老家|公寓|小区|自宅|実家|주소|살고|산다|거주"
    r"|живёт|живет|живу|проживает|прописан\w*|квартир\w*|кв\."
    # Greek; Persian's everyday "house"; Arabic's "resident"
    r"|μένει|μένω|μένουν|κατοικεί|κατοικώ|κατοικία|διαμένει|σπίτι|خونه|ساكن|ساكنة|مقيم|مقيمة"
    # deliveries and parcels in the other scripts
    r"|δέμα\w*|παράδοσ\w*|αποστολ\w*|доставк\w*|курьер\w*|кур'єр\w*|посылк\w*|посилк\w*"
    r"|توصيل|شحن|ارسال|تحویل|משלוח|שליח|डिलीवरी|पार्सल|จัดส่ง|ส่งของ|พัสดุ|配送|届け|배송|택배"
    r"|παραλήπτ\w*|получател\w*|одержувач\w*|отримувач\w*|נמען|گیرنده|المستلم|مستلم"
    r"|प्राप्तकर्ता|ผู้รับ|受取人|宛先|수령인|받는[ \t]?사람"
    # Hindi's "home"; the user's address in Arabic ("العنوان الوطني للمستخدم")
    r"|घर|होम|عنوان[^\n]{0,16}?(?:للمستخدم|المستخدم)"
)
_RESIDENCE_SCRIPTS = re.compile(by_first_letter(_RESIDENCE_SCRIPT_WORDS), re.IGNORECASE)


def _address(text: str) -> str | None:
    """A street address with its house number, where the words around say someone lives or
    receives post there: a person's home, which with a name identifies them. The words may
    stand anywhere in the memory (a tag, its identity, its reason: the fields are read
    joined). A shop's or an office's address, with nothing saying anyone lives there, is
    left alone."""
    text = fold(text)
    # The words of residence are found once, first (most texts hold none, and then no
    # street needs reading); each street asks whether one lies within 80 characters before
    # it or 60 after.
    residences = [r.span() for r in _RESIDENCE.finditer(text)]
    if not text.isascii():
        residences = sorted([*residences, *(r.span() for r in _RESIDENCE_SCRIPTS.finditer(text))])
    if not residences:
        return None
    streets: Iterator[re.Match[str]] = _STREET.finditer(text)
    if not text.isascii():
        for script, pattern in _SCRIPT_STREETS:
            if script.search(text):
                streets = itertools.chain(streets, pattern.finditer(text))
    far = False
    for m in streets:
        if called_a_test_value(text, m.start(), m.end()):
            continue
        low, high = max(0, m.start() - 80), min(len(text), m.end() + 60)
        near = span_within(residences, low, high) is not None
        if not near:
            # or the word opens the street's sentence, a clause between ("Alamat rumah mak
            # mertua, yang …, ialah No. 27, Jalan Kenari 5")
            sentence = clause_start(text, m.start(), 240, SENTENCE_END)
            near = span_within(residences, sentence, min(sentence + 32, m.start())) is not None
        if near:
            return "street address with a house number"
        far = True
    if far:
        # The word stands elsewhere in the memory (the fields are read joined: "wo die Oma
        # wohnt" as its subject, the street in a list in its text): the memory says someone
        # lives or receives post there, wherever the street stands in it.
        return "street address with a house number in a memory that names a home"
    return None


# What every street of ``_STREET`` holds, cheap to look for: a house number before a
# capitalised word, a CJK house number, chōme, or a German street word before its number.
_ADDRESS_HINT = re.compile(
    r"[0-9](?:[ \t]{1,2}[A-Za-zÀ-ÿ]|,[ \t]|号|號|弄|丁目)|[a-zß.][ \t]{1,2}[0-9]{1,5}(?![0-9])"
    r"|[\u4e00-\u9fff][0-9]{1,2}-[0-9]|(?:로|길)[ \t]?[0-9]|(?i:д\.|дом)[ \t]{0,2}[0-9]"
    r"|(?i:no)[.:][ \t]?[0-9]|(?i:số)[ \t][0-9]|شارع|پلاک|[0-9][ \t]*(?:ซอย|ถนน|หมู่)"
    r"|[0-9]/[0-9]|(?:רחוב|רח'|שדרות)|(?i:вул\.|вулиц|просп|пров\.|бульв)|مبنى|المبنى"
    r"|[α-ωά-ώ][ \t][0-9]|(?i:lot)[ \t]?[0-9]"
)


def address_detector() -> FunctionDetector:
    return FunctionDetector(
        "street_address",
        RejectCode.SENSITIVE,
        _address,
        lambda text: _ADDRESS_HINT.search(text) is not None,
    )
