"""The ``sensitive`` gate: personal identifiers that must never become a memory.

What counts, and how each is told apart from an ordinary number:

* Chinese resident ID (18 digits): province code, a real birth date and the
  ISO 7064 MOD 11-2 check character; the old 15-digit form only next to a cue word.
* US social-security number: ``AAA-GG-SSSS`` outside the ranges the SSA never issues
  (area 000, 666, 9xx; group 00; serial 0000); undashed only next to an "SSN" cue.
* Payment card: 13-19 digits passing Luhn with a known issuer prefix and length, or
  any Luhn-valid number right after a card cue ("card number", "卡号").
* IBAN: known country length and a valid mod-97 check.
* Passport number: only right after a cue word ("passport", "护照").
* Phone numbers and e-mail addresses are personal identifiers too: a memory may say
  *that* the user prefers e-mail, never *which* address. Phones are Chinese mobiles
  (``1[3-9]x`` + 8 digits, optional +86), ``+``-prefixed international numbers and
  North-American ``(415) 555-0132`` / ``415-555-0132`` forms.

Prices, dates, versions, postcodes, ISBNs, order numbers and numbers failing their
check digit pass. Findings name the kind, never the value (details end up in logs).

>>> find_sensitive(["身份证号 11010519491231002X"])
'Chinese resident ID number'
>>> find_sensitive(["runs 5 km a day", "budget is 5000 yuan per month"]) is None
True
"""

import re
import unicodedata
from collections.abc import Sequence
from datetime import date

__all__ = ["find_sensitive"]

# Invisible characters, and full-width or mathematical letters, digits and symbols that NFKC
# folds to ASCII (but not the ，！？；（） of ordinary Chinese prose, which would fold for nothing).
_INVISIBLE = re.compile(r"[\u00ad\u200b-\u200d\u2060\ufeff]")
_FOLDABLE = re.compile(
    r"[\u00ad\u200b-\u200d\u2060\ufeff\uff02-\uff07\uff0a\uff0b\uff0d-\uff1a\uff1c-\uff1e"
    r"\uff20-\uff5e\ufe50-\ufe6b\U0001d400-\U0001d7ff]"
)

# Every identifier below but e-mail has six digits in a row (single separators allowed);
# checked on the raw text first, so Unicode digits and invisible separators count too.
_MAYBE_NUMBER = re.compile(r"\d(?:[ \-\u00ad\u200b-\u200d\u2060\ufeff]?\d){5}")
_DIGIT_RUN = re.compile(r"[0-9](?:[ -]?[0-9]){5}")

_CN_ID = re.compile(
    r"(?<![0-9])([1-9][0-9])[0-9]{4}((?:19|20)[0-9]{2})([01][0-9])([0-3][0-9])[0-9]{3}[0-9Xx](?![0-9])"
)
_CN_ID_OLD = re.compile(
    r"(?:身份证|居民身份|identity card|id card|national id|id number|id no)"
    r"[^0-9]{0,16}(?<![0-9])([1-9][0-9])[0-9]{4}([0-9]{2})([01][0-9])([0-3][0-9])[0-9]{3}(?![0-9])",
    re.IGNORECASE,
)
_CN_ID_PROVINCES = frozenset(map(str, (
    11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46,
    50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83, 91,
)))  # fmt: skip
_CN_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_CN_ID_CHECK = "10X98765432"

_SSN_DASHED = re.compile(r"(?<![0-9-])([0-9]{3})-([0-9]{2})-([0-9]{4})(?![0-9-])")
_SSN_CUED = re.compile(
    r"(?:\bssn\b|social[ -]security|社会安全号|社安号)[^0-9]{0,24}"
    r"(?<![0-9])([0-9]{3})[ -]?([0-9]{2})[ -]?([0-9]{4})(?![0-9])",
    re.IGNORECASE,
)

_CARD = re.compile(
    r"(?<![0-9])(?:[0-9]{13,19}"
    r"|[0-9]{4}(?:[ -][0-9]{4}){2,3}(?:[ -][0-9]{1,4})?"
    r"|[0-9]{4}[ -][0-9]{6}[ -][0-9]{4,5})(?![0-9])"
)
_CARD_CUE = re.compile(
    r"(?:card|卡号|银行卡|信用卡|借记卡|储蓄卡|account n(?:o|umber)|账号|帐号)[^0-9]{0,16}$",
    re.IGNORECASE,
)

_IBAN = re.compile(
    r"(?<![A-Za-z0-9])[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![A-Za-z0-9])"
)
_IBAN_LENGTHS = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28,
    "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
    "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
    "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20,
    "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18,
    "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24,
    "SC": 31, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25, "SV": 28, "TL": 23, "TN": 24,
    "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}  # fmt: skip

# Separators are bounded character runs: stacked "\s*" would backtrack polynomially.
_PASSPORT = re.compile(
    r"(?:passport|护照)[\s#:：.]{0,3}(?:no\b\.?|number|num\b|号码|号)?[\s#:：.]{0,3}"
    r"(?:is\b|是|为)?\s{0,3}(?<![A-Za-z0-9])[A-Z]{0,2}[0-9]{6,9}(?![A-Za-z0-9])",
    re.IGNORECASE,
)

_CN_MOBILE = re.compile(
    r"(?<![0-9A-Za-z])(?:\+?86[ -]?)?1[3-9][0-9](?:[ -]?[0-9]{4}){2}(?![0-9A-Za-z])"
)
_INTL_PHONE = re.compile(r"(?<![0-9A-Za-z+])\+[1-9][0-9 ().-]{8,20}[0-9](?![0-9])")
_NANP_PHONE = re.compile(
    r"(?<![0-9])(?:\([2-9][0-9]{2}\) ?[2-9][0-9]{2}-[0-9]{4}"
    r"|[2-9][0-9]{2}-[2-9][0-9]{2}-[0-9]{4}|[2-9][0-9]{2}\.[2-9][0-9]{2}\.[0-9]{4})(?![0-9])"
)

# A colon right after the domain is an scp-style Git remote (git@github.com:org/repo), not mail.
_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}"
    r"@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
    r"\.[A-Za-z]{2,24}(?![A-Za-z0-9-])(?!:)"
)
# user[:password]@host inside a URL is a login (the runtime_data gate judges it), not mail.
_URL_USERINFO = re.compile(r"://[^\s/@]{0,256}$")


def _fold(text: str) -> str:
    # Full-width digits, letters and "＠" fold to ASCII so they cannot dodge the patterns.
    if text.isascii() or _FOLDABLE.search(text) is None:
        return text
    return _INVISIBLE.sub("", unicodedata.normalize("NFKC", text))


def _digits(text: str) -> str:
    return "".join(ch for ch in text if "0" <= ch <= "9")


def _luhn_ok(number: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(number)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _known_card_prefix(number: str) -> bool:
    """Issuer prefix and length of a major network (Visa, Mastercard, UnionPay, …)."""
    n = len(number)
    p2, p3, p4 = int(number[:2]), int(number[:3]), int(number[:4])
    return (
        (number[0] == "4" and n in (13, 16, 19))  # Visa
        or ((51 <= p2 <= 55 or 2221 <= p4 <= 2720) and n == 16)  # Mastercard
        or (p2 in (34, 37) and n == 15)  # American Express
        or (p2 == 62 and 16 <= n <= 19)  # UnionPay
        or ((p4 == 6011 or p2 == 65 or 644 <= p3 <= 649) and 16 <= n <= 19)  # Discover
        or (3528 <= p4 <= 3589 and 16 <= n <= 19)  # JCB
        or ((300 <= p3 <= 305 or p2 in (36, 38, 39) or p4 == 3095) and 14 <= n <= 19)  # Diners
        or ((p2 == 50 or 56 <= p2 <= 69) and 13 <= n <= 19)  # Maestro
        or (2200 <= p4 <= 2204 and n == 16)  # Mir
    )


def _valid_date(year: int, month: int, day: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def _cn_id(text: str) -> bool:
    for m in _CN_ID.finditer(text):
        province, year, month, day = m.group(1), int(m[2]), int(m[3]), int(m[4])
        if province not in _CN_ID_PROVINCES or not _valid_date(year, month, day):
            continue
        body = m.group(0)
        total = sum(int(ch) * w for ch, w in zip(body[:17], _CN_ID_WEIGHTS, strict=True))
        if _CN_ID_CHECK[total % 11] == body[17].upper():
            return True
    return False


def _cn_id_old(text: str) -> bool:
    return any(
        m[1] in _CN_ID_PROVINCES and _valid_date(1900 + int(m[2]), int(m[3]), int(m[4]))
        for m in _CN_ID_OLD.finditer(text)
    )


def _ssn_ok(area: str, group: str, serial: str) -> bool:
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


def _ssn(text: str) -> bool:
    return any(_ssn_ok(*m.groups()) for m in _SSN_DASHED.finditer(text)) or any(
        _ssn_ok(*m.groups()) for m in _SSN_CUED.finditer(text)
    )


def _card(text: str) -> bool:
    for m in _CARD.finditer(text):
        number = _digits(m.group(0))
        if not 13 <= len(number) <= 19 or not _luhn_ok(number):
            continue
        if _known_card_prefix(number) or _CARD_CUE.search(text, max(0, m.start() - 40), m.start()):
            return True
    return False


def _iban(text: str) -> bool:
    for m in _IBAN.finditer(text):
        iban = m.group(0).replace(" ", "")
        if _IBAN_LENGTHS.get(iban[:2]) != len(iban):
            continue
        rearranged = iban[4:] + iban[:4]
        # Letters become 10..35, then the whole number mod 97 must be 1 (ISO 13616).
        if int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1:
            return True
    return False


def _email(text: str) -> bool:
    return any(
        not _URL_USERINFO.search(text, max(0, m.start() - 300), m.start())
        for m in _EMAIL.finditer(text)
    )


def _phone(text: str) -> bool:
    if _CN_MOBILE.search(text) or _NANP_PHONE.search(text):
        return True
    return any(10 <= len(_digits(m.group(0))) <= 15 for m in _INTL_PHONE.finditer(text))


def find_sensitive(strings: Sequence[str]) -> str | None:
    """Name the first personal identifier found in ``strings``, or return None.

    >>> find_sensitive(["card 4111 1111 1111 1111"])
    'payment card number'
    >>> find_sensitive(["card 4111 1111 1111 1112"]) is None  # fails Luhn
    True
    """
    joined = "\n".join(strings)
    maybe_email = "@" in joined or "＠" in joined or "﹫" in joined
    if not maybe_email and _MAYBE_NUMBER.search(joined) is None:
        return None
    for raw in strings:
        text = _fold(raw)
        if maybe_email and "@" in text and _email(text):
            return "e-mail address"
        if _DIGIT_RUN.search(text) is None:
            continue
        if _cn_id(text) or _cn_id_old(text):
            return "Chinese resident ID number"
        if _ssn(text):
            return "US social security number"
        if _card(text):
            return "payment card number"
        if _iban(text):
            return "IBAN bank account number"
        if _PASSPORT.search(text):
            return "passport number"
        if _phone(text):
            return "phone number"
    return None
