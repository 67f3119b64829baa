"""``sensitive`` detectors for numbered identifiers, validated by python-stdnum.

* ``national_id``: national identity, social-security and tax numbers of many countries
  (EU members, UK, US, CN, IN, KR, JP, SG, AU, CA, BR, MX, CH, NO, TR, ZA, …), each
  checked by its stdnum module (check digits, embedded birth dates, allowed ranges).
  A number whose own shape is distinctive (``110105194912310021``-style CN resident IDs,
  ``AAA-GG-SSSS`` SSNs, ``ddd.ddd.ddd-dd`` CPFs, letters with check characters such as
  Spanish DNIs or Italian fiscal codes, EU VAT numbers with their country prefix) counts
  anywhere; a bare digit run that merely passes some country's check digit counts only
  next to an identity or tax cue ("tax id", "BSN", "身份证", "주민등록번호", …), since one
  random number in ten passes a mod-11 check — except a run of nine or more digits, which
  counts unless the text says what it is (an order, a quantity, a time, a product code,
  a phone number): nearly every such number passes some scheme, and a long-term memory has
  little use for an unexplained one.
  Digits that belong to a file name, a host name, a dated document reference
  (``ABC-2019-0042``), an ISNI or ORCID iD, or a vehicle identification number (each with
  its check character) are set aside first.
* ``payment_card``: Luhn (stdnum) with a card network's issuer prefix and length, or any
  Luhn-valid 13-19 digit number after a card cue.
* ``bank_account``: IBANs of any country, compact, spaced or dashed (stdnum's country
  formats and mod-97); an account's number given beside its bank's own code (a sort
  code, a BSB, a routing number, the bank named), which no check digit shows.
* ``id_document``: passport and driving-licence numbers after their cue words (no check
  digit exists outside a passport's machine-readable zone, so the cue decides).
* ``vehicle_plate``: registration plates after words that name one ("licence plate",
  "car reg", "Kennzeichen", "车牌号", …), and the Chinese, Korean and Japanese plate
  formats anywhere (a bare letter-digit code elsewhere could be anything);
* ``crypto_wallet``: Bitcoin addresses (stdnum: Base58Check and Bech32; Bech32m and the
  test network's addresses by their checksums), other Base58Check addresses of the common
  coins and XRP (``base58``), and Ethereum ``0x`` addresses.

Findings name the kind (the stdnum module and its own description), never the value.

>>> national_id_detector().detect("身份证号 11010519491231002X")
'cn.ric (RIC No. (Chinese Resident Identity Card Number))'
>>> national_id_detector().detect("was born in 1990, wears size 42") is None
True
"""

import bisect
import itertools
import re
from collections.abc import Callable, Iterator
from datetime import date
from functools import cache, lru_cache
from importlib import import_module
from types import ModuleType

from memory_plugins.gates.codes import RejectCode
from memory_plugins.gates.context import (
    SENTENCE_END,
    business_line,
    called_a_test_value,
    clause_start,
    company_code,
    counted_digits,
    names_a_company,
    placeholder_value,
    service_line,
    thing_id,
    value_introduced,
)
from memory_plugins.gates.detectors import FunctionDetector, Substrings, by_first_letter, guarded
from memory_plugins.gates.labelled import label_end, names_an_identifier
from memory_plugins.gates.textfold import ARN_PATTERN, CALENDAR_DATE, MAC_PATTERN, fold
from memory_plugins.gates.things import IBAN as _IBAN
from memory_plugins.gates.things import POSTCODE_CJK as _POSTCODE_CJK
from memory_plugins.gates.things import POSTCODE_LATIN as _POSTCODE_LATIN
from memory_plugins.gates.things import PURPOSE as _PURPOSE
from memory_plugins.gates.things import PURPOSE_BEFORE as _PURPOSE_BEFORE
from memory_plugins.gates.things import (
    blank_ibans,
    purpose_within,
    thing_named_after,
    thing_named_before,
)

__all__ = [
    "bank_account_detector",
    "crypto_wallet_detector",
    "id_document_detector",
    "identifier_code_detector",
    "national_id_detector",
    "payment_card_detector",
    "vehicle_plate_detector",
]

# Numbers whose shape alone is distinctive: (format of the span as written, stdnum modules).
_SHAPED: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"[0-9]{17}[0-9Xx]", ("cn.ric",)),
    (r"[0-9]{3}-[0-9]{2}-[0-9]{4}", ("us.ssn", "us.itin")),
    (r"[0-9]{6}-[0-9]{7}", ("kr.rrn",)),
    (r"[0-9]{3}\.[0-9]{3}\.[0-9]{3}-[0-9]{2}", ("br.cpf",)),
    (r"[0-9]{2}\.[0-9]{3}\.[0-9]{3}/[0-9]{4}-[0-9]{2}", ("br.cnpj",)),
    (r"[0-9]{3}[ -][0-9]{3}[ -][0-9]{3}", ("ca.sin", "au.tfn")),
    (r"[0-9]{4}[ -][0-9]{4}[ -][0-9]{4}", ("in_.aadhaar", "jp.in_")),
    # Written with dots; the canonical form writes such groups with dashes (textfold).
    (r"756[.-][0-9]{4}[.-][0-9]{4}[.-][0-9]{2}", ("ch.ssn",)),
    (r"(?:[0-9]{2})?[0-9]{6}[-+][0-9]{4}", ("se.personnummer", "dk.cpr", "no.fodselsnummer")),
    (r"[0-9]{2}\.[0-9]{2}\.[0-9]{2}-[0-9]{3}\.[0-9]{2}", ("be.nn",)),
    (r"[12] ?[0-9]{2} ?[0-9]{2} ?[0-9AB]{2} ?[0-9]{3} ?[0-9]{3} ?[0-9]{2}", ("fr.nir",)),
    (r"[0-9]{6}-[0-9]{4}", ("dk.cpr", "se.personnummer")),
    (r"[0-9]{3}-[0-9]{3}-[0-9]{3}-[0-9]{2}", ("br.cpf",)),
    (r"[0-9]{3} ?[0-9]{3} ?[0-9]{3} ?[0-9]{2}", ("tr.tckimlik",)),
)
# Bare digit runs: counted only near a cue. Modules with a check digit or a structure.
_CUED = (
    "cn.ric", "us.ssn", "us.itin", "kr.rrn", "jp.in_", "in_.aadhaar", "au.tfn", "ca.sin",
    "br.cpf", "br.cnpj", "gb.nhs", "gb.utr", "de.idnr", "de.stnr", "fr.nir", "fr.nif",
    "nl.bsn", "pl.pesel", "pl.nip", "se.personnummer", "dk.cpr", "fi.hetu", "be.nn",
    "bg.egn", "ro.cnp", "cz.rc", "ee.ik", "lt.asmens", "lv.pvn", "hr.oib", "si.emso",
    "gr.amka", "at.vnr", "is_.kennitala", "no.fodselsnummer", "ch.ssn", "tr.tckimlik",
    "za.idnr", "il.idnr", "pt.nif", "it.codicefiscale", "au.abn", "mx.curp",
)  # fmt: skip
# Checks strong enough to count without a cue: two check digits, a check digit over an
# embedded birth date, mod 97, or a fixed prefix. One random 9-13 digit number in a few
# hundred passes one of them, against one in ten for a single mod-10/11 check digit.
# The second line: modules that accepted at most 1.2 % of 400 random numbers of each
# length from 9 to 18 digits (python-stdnum 2.2), whatever their check.
_STRONG = (
    "cn.ric", "kr.rrn", "br.cpf", "br.cnpj", "tr.tckimlik", "no.fodselsnummer", "be.nn",
    "fr.nir", "pl.pesel", "se.personnummer", "ro.cnp", "bg.egn", "si.emso", "ee.ik",
    "lt.asmens", "za.idnr", "is_.kennitala", "ch.ssn", "ar.cbu", "cn.uscc", "ar.cuit",
    "au.abn", "be.bis", "be.ssn", "ca.bc_phn", "cr.cpj", "de.idnr", "fr.tva", "gr.amka",
    "it.iva", "ma.ice", "pe.ruc",
)  # fmt: skip
_MIN_STRONG_DIGITS = 9
# Written the way identifiers are, a check character after a dash ("800253055-2"): any
# identifier module.
_ID_NOTATION = re.compile(r"[0-9][0-9.]{4,}-[0-9A-Za-z]")
# Letters only at the ends and at least seven digits: "P051912053E", "J294607730".
_ID_TOKEN = re.compile(r"[A-Za-z]{1,3}-?[0-9]{7,}-?[A-Za-z]{0,2}|[0-9]{7,}-?[A-Za-z]{1,2}")
# Codes that explain a number as something else: a book, a serial, a product.
_BENIGN_CODES = ("isbn", "issn", "ismn", "ean", "isrc", "casrn")
_BARE_CODES = ("isbn", "issn", "ismn", "ean")
# Letters and digits together: the letters carry a check or a structure.
_ALNUM = (
    "it.codicefiscale", "es.dni", "es.nie", "in_.pan", "mx.curp", "mx.rfc", "ie.pps",
    "fi.hetu", "cn.ric", "eu.vat", "gb.vat",
)  # fmt: skip

_ID_CUE = re.compile(
    r"(?<![A-Za-z])(?:id|ids|identity|identification|national|social|ssn|sin|tin|itin|tax|taxpayer"
    r"|citizen|resident|personal|insurance|nhs|nino|medicare|tfn|abn|aadhaar|pan|nric|fin"
    r"|cpf|cnpj|curp|rfc|my\s?number|individual\s+number|steuer\w*|idnr|sozialversicherung\w*"
    r"|identifikationsnummer|personalausweis\w*|nir|insee|s[ée]curit[ée]\s+sociale|bsn"
    r"|burgerservicenummer|pesel|nip|personnummer|f[øo]dselsnummer|cpr|hetu|henkil[öo]tunnus"
    r"|dni|nie|nif|codice\s+fiscale|rijksregisternummer|cnp|egn|rodn[ée]\s+[čc][íi]slo"
    r"|isikukood|asmens\s+kodas|oib|amka|svnr|pps|ahv|avs|kimlik|vat|ust-?idnr|cedula|rut"
    r"|bank\s+account|account\s+(?:number|no)|konto\w*|compte|cuenta|iban"
    # tax named in other languages ("numéro fiscal", "belastingnummer", "nomor pajak")
    r"|fiscal\w*|belasting\w*|podatk\w*|pajak|налог\w*|thuế)(?![A-Za-z])"
    r"|账户|账号|帐户|帐号|口座|계좌"
    r"|身份证|身分证|身份号码|身份號碼|证件|證件|税号|纳税|社保|社会保障|社会安全|居民|统一社会信用代码"
    r"|주민등록|주민번호|외국인등록|マイナンバー|個人番号|住民",
    re.IGNORECASE,
)
# An upper-case label right before a number names its kind: "RUC 20512333797", "CUIT …".
# Codes of products, publications and securities, currencies and units, and business
# documents (a purchase order, an invoice, a reference, an order, a booking's PNR, a
# payment's OCR reference): no person's; nor a card's security code, the card's (its own
# rule judges it).
_NOT_A_LABEL = r"(?!(?:ISBN|ISSN|ISMN|EAN|JAN|UPC|CAS|ISIN|LEI|DOI|ISRC|IMEI|SKU|GTIN|BIC|BIK|SWIFT|USD|EUR|CNY|RMB|GBP|JPY|KM|MB|GB|TB|PO|INV|REF|ORD|PNR|OCR|CVC2?|CVV2?)(?![A-Za-z]))"
_ACRONYM = r"[A-ZА-ЯЁ][A-Za-zА-Яа-яЁё]?[A-ZА-ЯЁ]{1,5}(?![A-Za-zА-Яа-яЁё])"
_LABEL = re.compile(
    r"(?<![A-Za-zА-Яа-яЁё])" + _NOT_A_LABEL + _ACRONYM + r"[^A-Za-z0-9]{0,6}"
    r"(?:(?:is|was|no|nr|num|number|code)(?![A-Za-z])[^A-Za-z0-9]{0,6}){0,2}$"
)
_LABEL_AFTER = re.compile(
    r"[^()（）\n]{0,12}[(（][ \t]{0,2}(?:n[°º.o]\s{0,2})?" + _NOT_A_LABEL + _ACRONYM
)
# Cued numbers are tried against every identifier module; short ones pass weak checks too often.
_MIN_CUED_DIGITS = 8
# stdnum modules of codes that identify no person, taxpayer or account: products,
# securities, places, generic check-digit algorithms.
_NOT_IDENTIFIERS = frozenset((
    "luhn", "verhoeff", "damm", "iso7064", "gs1_128", "mac", "meid", "imei", "imsi", "isbn",
    "issn", "ismn", "isan", "isil", "isrc", "isni", "ean", "casrn", "cfi", "figi", "lei",
    "isin", "cusip", "gb.sedol", "de.wkn", "bic", "iso9362", "iso6346", "iso11649", "grid",
    "eu.nace", "eu.banknote", "eu.ecnumber", "eu.eic", "eu.excise", "es.cae", "es.cups",
    "es.referenciacatastral", "es.postal_code", "nl.postcode", "se.postnummer",
    "at.postleitzahl", "ch.esr", "be.ogm_vcs", "do.ncf", "imo", "us.rtn", "de.leitweg",
    "eu.at_02", "eu.oss", "th.moa", "ro.onrc", "de.handelsregisternummer", "fr.rcs",
))  # fmt: skip
_CUE_BEFORE = 48
# (``_PURPOSE``, the words that say a long number is something other than a personal
# identifier, is ``things.PURPOSE``: the phone and labelled-value detectors read it too.)
# A thing's own number named right before it: "meeting ID 884 4182 5667", "order number:
# …", "订单号 …". The number is that thing's, whatever scheme its digits also pass.
_NUMBER_WORD_END = (
    # (and the languages that put "number" after the thing: Turkish, Hungarian, Japanese,
    # Korean: "kargo takip numarası", "追跡番号", "운송장 번호")
    # ("n.", "n°", "nº": Italian's, French's and Portuguese's short "number")
    r"(?:ids?|numbers?|nummer|no\.?|nr\.?|n\.|n[°º]|#|号码|号|编号|numaras[ıi]|száma?|番号|번호)[\"']?"
    r"(?:[ \t]{0,2}(?:is|was|:|是|为|為|は|는|은))?"
    r"[ \t]{0,2}[\"'“`]?$"
)
_THING_NUMBER = re.compile(
    r"(?:" + _PURPOSE.pattern + r")[ \t-]{0,2}" + _NUMBER_WORD_END, re.IGNORECASE
)
# What ``_THING_NUMBER`` ends with: checked first, as most numbers have no such word before.
_NUMBER_WORD_BEFORE = re.compile(_NUMBER_WORD_END, re.IGNORECASE)


# A code that names what it is for right before the value: an error's or a status's, a
# promotion's, an invitation's, a booking's (not an access, a door or a verification code:
# those are secrets, which the secret detectors judge).
_THING_CODE = re.compile(
    r"(?:(?<![A-Za-z])(?:errors?|status|exit|return|response|referrals?|invit(?:e|ation)s?"
    r"|promo(?:tion(?:al)?)?|coupons?|discounts?|vouchers?|gift|redeem|redemption|friend"
    r"|booking|confirmation|reservation|tracking|product|item|order|airport|iata|icao|fare)"
    r"[ \t]?codes?|错误码|状态码|邀请码|推荐码|优惠码|折扣码|兑换码|礼品码|券码|取件码|航班号"
    # a consignment note's number in Russian and Ukrainian (Nova Poshta's "ТТН")
    r"|(?<![А-Яа-яІіЇї])ТТН(?![А-Яа-яІіЇї])"
    # an order's, a parcel's or a tracking number named in one word or a set phrase of the
    # languages of the word lists ("spårningsnummer", "GLS csomagszám", "Objednávka … č.")
    r"|(?i:(?:spårnings|kolli|order|sändnings|bestel|zending|sendungs|bestell|auftrags"
    r"|tracking|paket|pakket)nummer|csomagszám|rendelésszám|követési[ \t]+szám"
    r"|číslo[ \t]+(?:objednávky|zásilky)|objednávk\w*(?:[ \t]+\S+){0,3}?[ \t]+č\."
    r"|numer[ \t]+(?:zamówienia|przesyłki)|numero[ \t]+(?:d['’]ordine|di[ \t]+tracciamento"
    r"|di[ \t]+spedizione)|número[ \t]+de[ \t]+(?:pedido|seguimiento|rastreio|encomenda)"
    r"|numéro[ \t]+de[ \t]+(?:commande|suivi)|sipariş[ \t]+no|takip[ \t]+no|vận[ \t]+đơn"
    r"|nomor[ \t]+resi|no\.?[ \t]+resi))"
    r"[\"']?(?:[ \t]{0,2}(?:is|was|:|是|为|：))?[ \t]{0,2}[\"'“`]?(?:[A-Za-z]{1,3}-)?$",
    re.IGNORECASE,
)


# A thing that "has the number" (or "its number is") the value, in the clause's own words:
# an order, a parcel, an invoice named earlier in the clause ("A encomenda na Worten tem o
# número …", "Comanda … de pe eMAG are numărul …"), with no identifier's word between.
_HAS_NUMBER = re.compile(
    r"(?i:(?<![a-z])(?:number|número|numero|numéro|numărul|număr|nummer|numer|nomor|nombor"
    r"|αριθμό|номер|شماره|رقم)(?![a-z])[ \t]{0,2}(?:is|é|es|est|ist|este|to|:)?[ \t]{0,2})$"
)


def _clause_thing(text: str, start: int) -> bool:
    """Whether the clause before ``start`` names a thing (``_PURPOSE``) within 64 characters
    and no identifier's word (``_ID_CUE``) stands between it and ``start``."""
    low = clause_start(text, start, 64)
    things = [m.end() for m in _PURPOSE.finditer(text, low, start)]
    return bool(things) and _ID_CUE.search(text, things[-1], start) is None


# The word for "number" in the languages of the word lists, before or after the thing's.
_NUMBER_WORDS = re.compile(
    r"(?i:(?<![a-z])(?:numbers?|no\.?|nr\.?|ids?|número|numero|numéro|numărul|număr|nummer"
    r"|numer|nomor|nombor|số|αριθμός|αριθμό|номер|číslo|szám\w*)(?![a-z]))"
    r"|رقم|شماره|号码|编号|번호|番号|เลข"
)


@lru_cache(maxsize=8)
def _has_number_words(text: str) -> bool:
    """Whether ``text`` holds a word for "number" anywhere: found once per text."""
    return _NUMBER_WORDS.search(text) is not None


def _clause_head(text: str, start: int) -> bool:
    """Whether the clause before ``start`` opens by naming a thing's number (``_PURPOSE``
    next to ``_NUMBER_WORDS``, in either order) and then says what it is of, with no
    identifier's word (``_ID_CUE``) after it: "Tracking number of the parcel from LBC: …",
    "رقم الشحنة من أرامكس للهدية …: …"."""
    if not _has_number_words(text):
        return False
    low = clause_start(text, start, 80)
    numbers = [m.span() for m in _NUMBER_WORDS.finditer(text, low, start)]
    if not numbers:
        return False
    for thing in _PURPOSE.finditer(text, low, start):
        for a, b in numbers:
            if -24 <= a - thing.end() <= 2 or -2 <= thing.start() - b <= 24:
                named = max(b, thing.end())
                if _ID_CUE.search(text, named, start) is None:
                    return True
    return False


def _business_phone(text: str, start: int) -> bool:
    """Whether the number at ``start`` is a shop's or a clinic's line the phone detector let
    pass (:func:`business_line`), with no identifier's word or label in its sentence:
    "СНИЛС жены …, как его просят вводить на сайте поликлиники: …" is the wife's."""
    if not business_line(text, start):
        return False
    low = clause_start(text, start, 160, SENTENCE_END)
    return _ID_CUE.search(text, low, start) is None and not names_an_identifier(text, low, start)


def _thing_in_clause(text: str, start: int) -> bool:
    """Whether a thing's word (``_PURPOSE``: an order, a parcel, a booking) stands before the
    value within its clause and 32 characters, or anywhere in a clause whose colon or
    copula gives the value ("เลขพัสดุ Kerry ของหม้อทอดไร้น้ำมันคือ KERD…"), with no
    identifier's word (``_ID_CUE``) between them."""
    reach = _CLAUSE_REACH if value_introduced(text, start) else _PURPOSE_BEFORE
    thing = purpose_within(text, clause_start(text, start, reach), start)
    return thing is not None and _ID_CUE.search(text, thing[1], start) is None


_CLAUSE_REACH = 80


def _thing_number(text: str, start: int) -> bool:
    """Whether a thing's own number is named right before ``start`` (``_THING_NUMBER``), or
    its id: "droplet id is …", "AppId 是 …" — any word's id but a person's document's; or
    its code (``_THING_CODE``): "error code …", "promo code …", "邀请码 …"."""
    if _THING_CODE.search(text, max(0, start - 32), start) is not None:
        return True
    if _HAS_NUMBER.search(text, max(0, start - 24), start) is not None and _clause_thing(
        text, start
    ):
        return True
    if value_introduced(text, start) and _clause_head(text, start):
        return True
    if _NUMBER_WORD_BEFORE.search(text, max(0, start - 12), start) is None:
        return False
    if _THING_NUMBER.search(text, max(0, start - 40), start) is not None:
        return True
    return thing_id(text, start)


# Words that name a book, in the languages of the word lists: what a ten-digit ISBN needs.
_BOOK = re.compile(
    r"(?<![A-Za-z])(?:books?|novels?|editions?|paperbacks?|hardcovers?|hardbacks?|textbooks?"
    r"|buch|bücher|livres?|libros?|libri|libro|livros?)(?![A-Za-z])|书|書|책|本の",
    re.IGNORECASE,
)
_PURPOSE_AFTER = 16
_PURPOSE_MARKS = frozenset("#$€£¥₹")
# Lengths of schemes judged by their own checks: IMEI and old CN resident IDs (15),
# payment cards (16, 19), CN resident IDs (18: ``_cn_shaped``). A number formatted the way
# one scheme writes its numbers ("666-45-6789") is judged by that scheme (``_SHAPED``) alone.
_OTHER_SCHEME_LENGTHS = frozenset((15, 16, 19))


def _cn_shaped(compact: str) -> bool:
    """Eighteen digits with a year of 19xx or 20xx where a CN resident ID writes the birth
    year: judged by that ID's check alone (``_STRONG``), so a near miss is a look-alike.
    Other 18-digit numbers (an Algerian national number, a Mexican CLABE) are judged as
    any long number is."""
    return len(compact) == 18 and compact[6:8] in ("19", "20")


# Letters joined to the number by a dash make a product or part code; letter-bearing
# identifiers are judged whole as tokens (``_alnum_tokens``).
_CODE_PREFIX = re.compile(r"[A-Za-z]-$")
# The same after the digits: "300061924372-ur9f….apps.googleusercontent.com", a client's id
# and host name. One letter after a dash is a check character ("12.345.678-K", a RUT).
_CODE_SUFFIX = re.compile(r"-[A-Za-z][A-Za-z0-9]{2}")
_CUE_AFTER = 24
# A Unix time: seconds since 1970 in ten digits, or milliseconds in thirteen, from
# 2001-09-09 (10**9 s) to 2038-01-19 (2**31 s), the range logs, tokens and APIs write now.
_UNIX_SECONDS = range(10**9, 2**31)
_UNIX_MILLISECONDS = range(10**12, 2**31 * 1000)
# The end of a key right before its value ('"size": ', "offset=", "ts: "), and of a
# Chinese name ("大小是", "创建时间：" folded to ":").
_KEY_END = r"[\"']?[ \t]{0,2}[:=][ \t]{0,2}[\"']?$"
_CJK_NAME_END = r"(?:是|为|為|:)?[ \t]{0,2}$"
# What names a time right before a number, in English or Chinese: a field or key whose
# last word is a time's ("created", "updated_at", "expiresAt", "LAST_SEEN_TS", a token's
# "iat", "exp" and "nbf", a log's "t=" or "ts:"), or a verb of an event and "at" or "on"
# ("expires at").
_TIME_WORDS = (
    r"t|ts|time|times|timestamp|date|datetime|at|on|exp|iat|nbf|expires?|expiry|expiration"
    r"|created|updated|modified|deleted|issued|started|ended|sent|received|seen|since|until"
)
_TIME_KEY = re.compile(
    r"(?<![A-Za-z0-9])(?:"
    r"(?:[A-Za-z][A-Za-z0-9]*[_.-])?(?i:" + _TIME_WORDS + r")"  # a word, or a snake_case key's last
    r"|[a-z][a-z0-9]*(?:At|On|Time|Timestamp|Date|Ts)"  # a camelCase key's last word
    r")"
    + _KEY_END
    + r"|(?<![A-Za-z])(?i:expires?|expired|issued|created|updated|modified|started|ended|sent"
    r"|received|logged|posted)[ \t]+(?i:at|on)[ \t]{0,2}$"
    # in Chinese: 时间, 时刻, 日期 (创建时间, 过期时间), 创建于, 更新于
    r"|(?:时间|时刻|日期|创建于|更新于|过期于)" + _CJK_NAME_END
)
# A key or a word right before a number that names it as a quantity or a machine's value
# ("size", "count", "total", "offset", "max_retries", a process id, a nonce, a sequence
# number, an inode, a checksum): what no person's identifier is named.
_QUANTITY_WORDS = (
    r"size|sizes|count|counts|total|totals|amount|length|len|offset|offsets|limit"
    r"|quota|capacity|duration|elapsed|latency|retries|pid|ppid|nonce|seq|sequence|inode"
    r"|checksum|crc|crc32|hash|balance"
)
_QUANTITY_KEY = re.compile(
    r"(?<![A-Za-z0-9])(?:[A-Za-z][A-Za-z0-9]*[_.-])?(?i:" + _QUANTITY_WORDS + r")"
    r"(?:" + _KEY_END + r"|[ \t]{1,2}(?:(?:is|was|of)[ \t]{1,2})?$)"
    r"|(?<![A-Za-z])[a-z][a-z0-9]*(?:Size|Count|Total|Offset|Length|Limit|Seq|Nonce)"
    + _KEY_END
    # in Chinese: 大小, 数量, 总数, 偏移, 长度, 进程号, 校验和, 哈希, 容量, 时长, 耗时, 余额
    + r"|(?:大小|数量|总数|总量|个数|条数|偏移量?|长度|进程号|进程|校验和|哈希值?|容量|上限|时长|耗时|余额)"
    + _CJK_NAME_END
)

_MAX_GROUPS = 8
_DIGIT_GROUPS = re.compile(r"(?<![A-Za-z0-9.+])[0-9]+(?:[ .\-/+][0-9]+)*[0-9Xx]?(?![A-Za-z0-9])")
_SEPARATOR = re.compile(r"[ .\-/+]")
_ALNUM_TOKEN = re.compile(
    r"(?<![A-Za-z0-9.-])(?=[A-Za-z.-]{0,8}[0-9])(?=[0-9.-]{0,24}[A-Za-z])"
    r"[A-Za-z0-9](?:[.-]?[A-Za-z0-9]){7,24}(?![A-Za-z0-9])"
)
# Finnish personal identity codes, with the century signs added in 2023 (Y X W V U for the
# 1900s, B C D E F for the 2000s).
_HETU = re.compile(r"(?<![A-Za-z0-9])[0-9]{6}[-+A-FU-Y][0-9]{3}[0-9A-Za-z](?![A-Za-z0-9])")
# Korean resident and foreigner registration numbers issued since October 2020 carry no
# check digit: the birth date and the sex-and-century digit (1-8) define the number.
_KR_RRN = re.compile(r"(?<![0-9-])([0-9]{2})([01][0-9])([0-3][0-9])-([1-8])[0-9]{6}(?![0-9-])")
# US Medicare Beneficiary Identifiers (CMS's format: positions fixed as digit or letter, no
# S, L, O, I, B or Z), written 4-3-4 with dashes, or bare after a word saying what it is.
_MBI_LETTER = "AC-HJKMNP-RT-Y"
_MBI = re.compile(
    rf"(?<![A-Za-z0-9])[1-9][{_MBI_LETTER}][{_MBI_LETTER}0-9][0-9](-?)[{_MBI_LETTER}]"
    rf"[{_MBI_LETTER}0-9][0-9]\1[{_MBI_LETTER}]{{2}}[0-9]{{2}}(?![A-Za-z0-9])"
)
_MBI_CUE = re.compile(
    r"(?i:medicare|mbi|beneficiary|patient)[^A-Za-z0-9]{0,3}(?:[A-Za-z]+[^A-Za-z0-9]{1,3}){0,3}$"
)
# Singapore NRIC/FIN and UK National Insurance numbers: no maintained library validates them.
_NRIC = re.compile(r"(?<![A-Za-z0-9])([STFGM])([0-9]{7})([A-Z])(?![A-Za-z0-9])")
_NRIC_WEIGHTS = (2, 7, 6, 5, 4, 3, 2)
_NRIC_LETTERS = {"S": "JZIHGFEDCBA", "T": "GFEDCBAJZIH", "F": "XWUTRQPNMLK", "G": "TRQPNMLKXWU"}
_NRIC_LETTERS["M"] = "KLJNPQRTUWX"
# A Hong Kong identity card number: one or two letters, six digits and the check digit in
# parentheses, as the card prints it ("A123456(3)").
_HKID = re.compile(r"(?<![A-Za-z0-9])([A-Z]{1,2})([0-9]{6})[(（]([0-9A])[)）]")


def _hkid(letters: str, digits: str, check: str) -> bool:
    """The HKID check: letters count 10-35 (a missing second letter 36), weights 9 to 2,
    mod 11; a remainder of 10 is written "A"."""
    values = [36] * (2 - len(letters)) + [ord(c) - 55 for c in letters] + [int(d) for d in digits]
    total = sum(v * w for v, w in zip(values, range(9, 1, -1), strict=True))
    expected = (11 - total % 11) % 11
    return check == ("A" if expected == 10 else str(expected))


_NINO = re.compile(
    r"(?<![A-Za-z0-9])(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]"
    r"(?:[ -]?[0-9]){6}[ -]?[A-D](?![A-Za-z0-9])"  # grouped in twos, threes or not at all
)
_CN_ID_OLD = re.compile(
    r"(?:身份证|居民身份|identity card|id card|national id|id number|id no)"
    r"[^0-9]{0,16}(?<![0-9])[1-9][0-9]{5}([0-9]{2})([01][0-9])([0-3][0-9])[0-9]{3}(?![0-9])",
    re.IGNORECASE,
)


# stdnum also requires a known area code; its table goes stale, the check digit and the
# birth date define the number (GB 11643-1999).
_CN_RIC = re.compile(
    r"(?<![0-9])[1-9][0-9]{5}(?:18|19|20)[0-9]{2}[01][0-9][0-3][0-9][0-9]{3}[0-9Xx](?![0-9A-Za-z])"
)
_CN_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)


def _cn_ric(number: str) -> bool:
    total = sum(int(d) * w for d, w in zip(number[:17], _CN_WEIGHTS, strict=True))
    if "10X98765432"[total % 11] != number[17].upper():
        return False
    try:
        born = date(int(number[6:10]), int(number[10:12]), int(number[12:14]))
    except ValueError:
        return False
    return date(1880, 1, 1) <= born <= date.today()


@cache
def _module(path: str) -> ModuleType:
    return import_module(f"stdnum.{path}")


@cache
def _describe(path: str) -> str:
    doc = (_module(path).__doc__ or "").strip().splitlines()
    return f"{path} ({doc[0].rstrip('.')})" if doc else path


@lru_cache(maxsize=16384)  # a number is tried once per field and again in the joined text
def _valid(path: str, number: str) -> bool:
    digits = _SEPARATOR.sub("", number)
    if digits.isdigit() and digits.isascii() and not _length_possible(path, len(digits)):
        return False  # most schemes have one or two lengths: skip the others' cleaning
    is_valid: Callable[[str], bool] = _module(path).is_valid
    try:
        return is_valid(number)
    except Exception:  # a module's own bug on odd input (KeyError in a lookup table) is a "no"
        return False


@cache
def _length_possible(path: str, length: int) -> bool:
    """Whether a ``length``-digit number can be valid in scheme ``path``: false when the
    module's own ``validate`` refuses every probe of that length for its length."""
    from stdnum.exceptions import InvalidLength

    validate = getattr(_module(path), "validate", None)
    if validate is None:
        return True
    for probe in ("1" * length, "0" * length, "9" * length, ("1234567890" * 4)[:length]):
        try:
            validate(probe)
        except InvalidLength:
            continue
        except Exception:  # a check digit or a format: the length itself is possible
            return True
        return True
    return False


def _valid_compact(path: str, number: str) -> bool:
    return _valid(path, number) or _valid(path, _SEPARATOR.sub("", number))


@cache
def _shaped() -> tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]:
    return tuple((re.compile(shape), modules) for shape, modules in _SHAPED)


def _count_digits(text: str) -> int:
    return sum(map(text.count, "0123456789"))


@cache
def _identifier_modules() -> tuple[str, ...]:
    """Every stdnum module of a personal, tax or account identifier: tried on cued numbers."""
    from stdnum.util import get_number_modules

    modules: list[ModuleType] = list(get_number_modules())  # type: ignore[arg-type]
    found = [m.__name__.removeprefix("stdnum.") for m in modules]
    rest = sorted(
        name
        for name in found
        if name not in _NOT_IDENTIFIERS and name.split(".")[0] not in _NOT_IDENTIFIERS
    )
    return (*_CUED, *(name for name in rest if name not in _CUED))


# A scheme's own names in its module's first line: the acronyms before the parenthesis
# ("NIPT, NUIS (…)", "St.-Nr. (…)") and the native name that opens it ("(Steuernummer, …",
# "(Rodné číslo, …").
_SCHEME_NAME = re.compile(r"[^\W\d_][\w.\-]*(?: [^\W\d_][\w\-]*){0,2}")
_NUMBER_WORD = re.compile(r" (?:number|no|code)$", re.IGNORECASE)
_LATIN = "[0-9A-Za-z\u00c0-\u024f]"


@cache
def _scheme_names() -> tuple[re.Pattern[str], dict[str, tuple[str, ...]]]:
    """A pattern finding any identifier scheme's own name as a word, and for each name (in
    lower case) the modules it names, in :func:`_identifier_modules`' order."""
    named: dict[str, list[str]] = {}
    for path in _identifier_modules():
        first = _describe(path).removeprefix(f"{path} (").removesuffix(")")
        acronyms, _, rest = first.partition(" (")
        names = [*acronyms.replace(" or ", ",").split(","), rest.split(",")[0]]
        for written in names:
            name = _NUMBER_WORD.sub("", written.strip()).rstrip(".")  # "CNIC number": "CNIC"
            if len(name) >= 2 and _SCHEME_NAME.fullmatch(name):
                modules = named.setdefault(name.lower(), [])
                if path not in modules:
                    modules.append(path)
    alternatives = "|".join(re.escape(n) for n in sorted(named, key=len, reverse=True))
    # Not inside a Latin word; Chinese may stand right beside the name ("用户的PESEL是").
    pattern = re.compile(rf"(?<!{_LATIN})(?:{alternatives})(?!{_LATIN})", re.IGNORECASE)
    return pattern, {name: tuple(paths) for name, paths in named.items()}


def _named_schemes(text: str, start: int, end: int) -> list[str]:
    """The identifier modules whose own name the text gives near ``start:end``."""
    pattern, named = _scheme_names()
    window = text[max(0, start - _CUE_BEFORE) : end + _CUE_AFTER]
    first: list[str] = []
    for m in pattern.finditer(window):
        first.extend(path for path in named.get(m.group().lower(), ()) if path not in first)
    return first


def _schemes_for(named: list[str]) -> tuple[str, ...]:
    """The identifier modules to try on a cued value, ``named`` (the modules the text names
    near it, :func:`_named_schemes`) first: the same modules, so the same decision."""
    modules = _identifier_modules()
    if not named:
        return modules
    return (*named, *(path for path in modules if path not in named))


def _as_named(
    text: str, start: int, end: int, piece: str, found: str, *, named: list[str] | None = None
) -> str:
    """The description of the scheme ``found`` valid for ``piece``, or of one the text
    names near it (``named``, found here when not given) that the number passes too: "The
    user's PESEL is …" reports ``pl.pesel``, not the first other scheme it also passes."""
    if named is None:
        named = _named_schemes(text, start, end)
    if not named:
        return _describe(found)
    run = _ID_RUN.match(text, start)  # "42201-0397640" read on to "42201-0397640-8"
    if run is not None and run.end() > end:
        for path in named:
            if _valid(path, run.group()):
                return _describe(path)
    for path in named:
        if path == found or _valid(path, piece):
            return _describe(path)
    return _describe(found)


# A code's characters joined by dots, slashes or hyphens, or groups of digits by spaces:
# where a number read in part goes on.
_ID_RUN = re.compile(r"[0-9A-Za-z]+(?:[./-][0-9A-Za-z]+| [0-9]+)*")


def _cued(text: str, start: int, end: int) -> bool:
    return (
        _cue_in(text, max(0, start - _CUE_BEFORE), start)
        or _LABEL.search(text, max(0, start - 24), start) is not None
        or _cue_in(text, end, end + _CUE_AFTER)
        or _LABEL_AFTER.match(text, end) is not None
    )


def _cue_in(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` holds an identifier cue. "ID" after a word naming a thing
    ("meeting ID", "order ID": ``_PURPOSE``) is that thing's, not a person's."""
    for m in _ID_CUE.finditer(text, start, end):
        if m.group().lower() in ("id", "ids") and _PURPOSE.search(
            text, max(0, m.start() - 24), m.start()
        ):
            continue
        return True
    return False


def _spans(text: str) -> Iterator[tuple[int, int, str, bool]]:
    """Runs of consecutive digit groups: (start, end, written form, whether the run is whole).

    "id 030 12345678901" holds the number "12345678901": parts of a run (up to six groups)
    are tried too, but only the whole run is judged by its shape ("4111 1111 1111" inside
    a card number is no 4-4-4 identifier).
    """
    for m in _DIGIT_GROUPS.finditer(text):
        value = m.group(0)
        cuts = [0, *(s.end() for s in _SEPARATOR.finditer(value)), len(value) + 1]
        if len(cuts) > _MAX_GROUPS + 1:
            continue  # a long list of numbers, not one identifier
        for i, a in enumerate(cuts[:-1]):
            for b in cuts[i + 1 :]:
                piece = value[a : b - 1]
                digits = _count_digits(piece)
                if digits > 24:
                    break
                if digits >= 6:
                    yield m.start() + a, m.start() + b - 1, piece, a == 0 and b - 1 == len(value)


# Public codes of software and publications, not of a person: blanked before the number
# rules run ("CVE-2015-423358" holds no tax number, "KB3017715" no passport, a UUID's
# last group no identity code, a MAC address's pairs no health number).
_PUBLIC_CODES = re.compile(
    r"(?<![A-Za-z0-9])(?:CVE-[0-9]{4}-[0-9]{4,7}|GHSA(?:-[0-9a-z]{4}){3}|KB[0-9]{6,8}"
    # a network's address range ("10.244.0.0/16") or address ("114.114.114.114")
    r"|(?:[0-9]{1,3}\.){3}[0-9]{1,3}/[0-9]{1,2}(?![0-9])"
    r"|(?<![0-9.])(?:(?:25[0-5]|2[0-4][0-9]|1?[0-9]{1,2})\.){3}(?:25[0-5]|2[0-4][0-9]|1?[0-9]{1,2})"
    r"(?![0-9]|\.[0-9])"
    r"|10\.[0-9]{4,9}/[^\s\"'<>]{1,200}|(?:RFC|ISO|EN|IEC|PEP|JSR|ECMA)[ -]?[0-9]{2,6}(?:-[0-9]{1,4})?"
    r"|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    # A postal item's UPU S10 identifier: service letters, eight digits and a check digit,
    # the country of origin ("EA 696 981 583 US", "RR123456785CN").
    r"|(?-i:[A-Z]{2} ?[0-9]{3} ?[0-9]{3} ?[0-9]{3} ?[A-Z]{2})"
    r"|"
    + ARN_PATTERN  # an AWS resource: its account number is an AWS account's
    + r"|"
    + MAC_PATTERN
    + r")"  # a device's MAC address
    r"(?![A-Za-z0-9])",
    re.IGNORECASE,
)


# Names and references whose digits belong to something other than a person: a file name
# with an extension the standard MIME table knows, a lower-case host name, a document
# reference made of a letter prefix and a year ("ABC-2019-0042"), an ISNI (ORCID iDs are
# ISNIs) with its ISO 7064 MOD 11-2 check, a vehicle identification number with its check
# digit. Blanked, like the public codes, before the number rules run.
_FILE_NAME = re.compile(
    r"(?<![A-Za-z0-9_.-])[A-Za-z0-9_-]{1,128}\.([A-Za-z][A-Za-z0-9]{0,7})"
    r"(?![A-Za-z0-9_-]|\.[A-Za-z0-9])"
)
_HOST_NAME = re.compile(
    r"(?<![A-Za-z0-9_.-])[a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9][a-z0-9-]{0,62}){0,8}"
    r"\.[a-z]{2,24}(?![A-Za-z0-9_-]|\.[A-Za-z0-9])"
)
# A document's reference: a letter code, a year or a whole date, and up to three more parts
# ("INV-2024-00123", "INV/20241021/MPL/7628664184").
_DATED_REFERENCE = re.compile(
    r"(?<![A-Za-z0-9_-])([A-Za-z]{2,6})[-/_]?(?:19|20)[0-9]{2}(?:[01][0-9][0-3][0-9])?"
    r"(?:[-/_][0-9A-Za-z]{1,12}){1,3}(?![A-Za-z0-9]|[-/_][0-9A-Za-z])"
)
_ISNI = re.compile(
    r"(?<![0-9A-Za-z-])0000([ -]?)[0-9]{4}\1[0-9]{4}\1[0-9]{3}[0-9Xx](?![0-9A-Za-z]|-[0-9])"
)
_VIN = re.compile(r"(?<![A-Za-z0-9])[A-HJ-NPR-Z0-9]{17}(?![A-Za-z0-9])")
_VIN_VALUES = dict(
    zip("ABCDEFGHJKLMNPRSTUVWXYZ", (*range(1, 9), *range(1, 6), 7, 9, *range(2, 10)), strict=True)
)
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def _vin(code: str) -> bool:
    """A vehicle identification number (ISO 3779): its ninth character checks the rest."""
    if len(code) != 17 or code.isdigit() or code.isalpha():
        return False
    total = sum(
        (int(c) if c.isdigit() else _VIN_VALUES.get(c, 0)) * w
        for c, w in zip(code, _VIN_WEIGHTS, strict=True)
    )
    return "0123456789X"[total % 11] == code[8]


@cache
def _file_extensions() -> frozenset[str]:
    import mimetypes

    known = mimetypes.MimeTypes(filenames=()).types_map[True]  # the built-in table only
    return frozenset(ext[1:].lower() for ext in known)


def _not_personal(m: re.Match[str]) -> bool:
    found = m.group()
    if m.re is _FILE_NAME:
        return m.group(1).lower() in _file_extensions()
    if m.re is _HOST_NAME:
        return any(c.isalpha() for c in found.rsplit(".", 1)[0])
    if m.re is _DATED_REFERENCE:
        return _ID_CUE.fullmatch(m.group(1)) is None
    if m.re is _ISNI:
        return _valid("isni", found)
    return _vin(found)


# A web address's path (not its query): where a page or an image is, its digits an
# upload's date, a post's or a photo's number; an identifier travels in the query.
_URL_PATH = re.compile(
    r"(?<![A-Za-z0-9+.-])https?://[^\s/?#]{1,253}(?P<path>/[^\s?#\"'<>]{1,2048})"
)


def _blank_references(text: str) -> str:
    if "://" in text and _URL_PATH.search(text):
        text = _URL_PATH.sub(
            lambda m: m.group()[: m.start("path") - m.start()] + " " * len(m["path"]), text
        )
    for pattern in (_FILE_NAME, _HOST_NAME, _DATED_REFERENCE, _ISNI, _VIN):
        if pattern.search(text):
            text = pattern.sub(
                lambda m: " " * len(m.group()) if _not_personal(m) else m.group(), text
            )
    return text


# A number right after the name of a product, publication or device code, valid in that
# code's check ("ISBN 0-00-726970-6", "IMEI 49-015420-323751-8"): that code, not a person's.
_LABELLED_CODE = re.compile(
    r"(?<![A-Za-z])(ISBN|ISSN|ISMN|EAN|JAN|UPC|GTIN|IMEI)(?:-?1[03])?[^A-Za-z0-9]{0,6}"
    r"([0-9](?:[ -]?[0-9]){6,17}(?:[ -]?[Xx])?)(?![A-Za-z0-9])",
    re.IGNORECASE,
)
_CODE_SCHEMES = {"upc": "ean", "gtin": "ean", "jan": "ean"}  # JAN: Japan's EAN


def _blank_labelled_code(m: re.Match[str]) -> str:
    label = m.group(1).lower()
    if _valid(_CODE_SCHEMES.get(label, label), m.group(2).replace(" ", "-")):
        return m.group()[: m.start(2) - m.start()] + " " * len(m.group(2))
    return m.group()


# Numbers (and their parts) a text may hold for the national-number rules to read one by
# one: each costs up to a millisecond (its schemes' checks, whether a phone, a company or
# a thing explains it), and a memory of the default length holds a few dozen at most. A
# text with more is refused (fail closed) rather than read for seconds.
_MAX_PIECES = 256


def _national_id(text: str) -> str | None:
    text = fold(text)
    if _PUBLIC_CODES.search(text):
        text = _PUBLIC_CODES.sub(lambda m: " " * len(m.group()), text)
    if _LABELLED_CODE.search(text):
        text = _LABELLED_CODE.sub(_blank_labelled_code, text)
    text = blank_ibans(text)  # an IBAN's digits are the bank detector's to judge
    own = text
    text = _blank_references(text)
    if _count_digits(text) < 6:  # "ABCDE1234F", "RSSMRA45C12F2LRI": letters carry it
        return _alnum_tokens(text, own) or _own_formats(own)
    companies = names_a_company(own)
    for read, (start, end, piece, whole) in enumerate(_spans(text)):
        if read == _MAX_PIECES:
            return f"more than {_MAX_PIECES} numbers to read one by one"
        if CALENDAR_DATE.match(piece):
            continue  # "2019-05-20 06:35": a date and time, whatever a word nearby says
        if _POSTCODE_LABEL.search(text, max(0, start - 24), start):
            continue  # "ZIP code 94103-1234": a postcode, though "code" may cue a number
        if _thing_number(text, start) or (companies and company_code(own, start)):
            continue  # "meeting ID 884 4182 5667", "… GmbH, VAT 123…": that thing's number
        if thing_named_after(text, end) or _thing_in_clause(text, start):
            continue  # "1000438291077 is het bestelnummer …", "سفارش … با کد DKC-…": an order's
        if service_line(text, start) or _business_phone(text, start) or _toll_free(text, piece):
            continue  # "call center-ul ANAF, 031 403 91 60", "shop phone …": a line to the public
        if placeholder_value(text, start, end):
            continue  # "123-45-6789", "12345678Z": typed as a placeholder, no one's
        if _SEPARATOR.sub("", piece).upper() in _TEST_NATIONAL_NUMBERS and called_a_test_value(
            text, start, end
        ):
            continue  # "het voorbeeld-BSN 111222333": its issuer's published example
        for shape, modules in _shaped() if whole else ():
            if shape.fullmatch(piece):
                for path in modules:
                    if _valid_compact(path, piece):
                        return _as_named(text, start, end, piece, path)
        digits = _count_digits(piece)
        if (
            digits >= _MIN_CUED_DIGITS
            and _cued(text, start, end)
            and not _named_value(text, start, piece)
        ):
            named = _named_schemes(text, start, end)
            for path in _schemes_for(named):
                if _valid(path, piece):
                    return _as_named(text, start, end, piece, path, named=named)
        elif whole and _ID_NOTATION.fullmatch(piece):
            if not any(_valid(path, piece) for path in _BENIGN_CODES):
                for path in _identifier_modules():
                    if _valid(path, piece):
                        return _as_named(text, start, end, piece, path)
        elif digits >= _MIN_STRONG_DIGITS and whole:
            found = _long_number(text, start, end, piece)
            if found is not None:
                return found
    found = _alnum_tokens(text, own)
    if found is not None:
        return found
    for m in _HETU.finditer(text):
        # A temporary code (individual number 900-999) names a person too.
        if _module("fi.hetu").is_valid(m.group(0), allow_temporary=True):
            return _describe("fi.hetu")
    return _own_formats(own)


# Check-digit schemes of securities, legal entities, works and products: a code valid in one
# of them is that, not a person's number.
_PUBLIC_SCHEMES = (
    *("isin", "lei", "grid", "figi", "cusip", "isan", "isrc", "isni", "isil", "imo"),
    "iso6346",  # a freight container's owner, serial and check digit: a box, not a person
)
# Capital letters and at least five digits in one 8-20 character token, the way document,
# tax and insurance numbers are written ("BD09848YE", "32070987W266", "ATU58063317").
_CODE_TOKEN = re.compile(
    r"(?<![A-Za-z0-9.\-/_#])(?=[A-Z0-9]{8,20}(?![A-Za-z0-9_/]|[.-][A-Za-z0-9]))"
    r"(?=[0-9]*[A-Z])(?=(?:[A-Z]*[0-9]){5})[A-Z0-9]{8,20}"
)


def _unexplained_code(text: str) -> str | None:
    """A letter-and-digit code no word explains, like the bare long numbers (``_long_number``):
    a long-term memory has little use for an unexplained identifier-shaped code."""
    text = fold(text)
    if _PUBLIC_CODES.search(text):
        text = _PUBLIC_CODES.sub(lambda m: " " * len(m.group()), text)
    own = text
    text = _blank_references(text)
    companies = names_a_company(own)  # "S.A." may read as a host name's part: not blanked
    for m in _CODE_TOKEN.finditer(text):
        start, end = m.span()
        if (
            not placeholder_value(text, start, end)
            and not _purpose_near(text, start, end)
            and not _thing_in_clause(text, start)
            and not _thing_number(text, start)  # "workspace id is T57…": that thing's id
            and not (companies and company_code(own, start))
            and not (start > 0 and text[start - 1] in _PURPOSE_MARKS)
            and not _hexadecimal(m.group())
            and not any(_valid(path, m.group()) for path in _PUBLIC_SCHEMES)
        ):
            return "unlabelled identifier-shaped code"
    return None


# Letters only before the digits, the way document numbers start ("C1253473", "AB1234567").
_LETTER_PREFIX = re.compile(r"[A-Z]{1,3}[0-9]{5,}")


def _hexadecimal(code: str) -> bool:
    """A hexadecimal hash or address: hex digits only, letters not all in front and more than
    one of them (a random hex string has its letters spread, six in sixteen characters; a
    document number has them as a prefix, or one letter among its digits as a German
    pension insurance number's ``15070649C103``)."""
    return (
        re.fullmatch(r"[0-9A-F]{8,}", code) is not None
        and not _LETTER_PREFIX.fullmatch(code)
        and sum(c.isalpha() for c in code) >= 2
    )


# Digits in one run from which no scheme is needed: nothing but an account, a card or an
# identifier is written so long with nothing to say what it is (prices, counts, dates,
# timestamps and the public codes are explained or set aside before).
_UNEXPLAINED_DIGITS = 13


def _long_number(text: str, start: int, end: int, piece: str) -> str | None:
    """A whole run of nine or more digits that no cue names.

    A strong check counts anywhere; spaced groups ("300 500 1000" may be a list) only where
    nothing explains them. Any other such number counts unless something says what it is: a memory has little use for a bare
    number of that length, and nearly every 9-12 digit number passes some country's
    identifier check, so the scheme that accepts it is named but the shape decides.
    """
    spaced = " " in piece
    for path in () if spaced else _STRONG:
        if _valid(path, piece):
            return _describe(path)
    if _explained(text, start, end, piece):
        return None
    for path in _STRONG if spaced else _identifier_modules():
        if _valid(path, piece):
            return f"unlabelled number valid as {_describe(path)}"
    if not spaced and _count_digits(piece) >= _UNEXPLAINED_DIGITS:
        return "unlabelled number of an account's or identifier's length"
    return None


def _explained(text: str, start: int, end: int, piece: str) -> bool:
    """Whether the text says the number at ``start:end`` is something other than an identifier."""
    compact = _SEPARATOR.sub("", piece)
    dots = piece.count(".")
    return (
        len(compact) in _OTHER_SCHEME_LENGTHS
        or _cn_shaped(compact)
        or (not piece.isdigit() and any(shape.fullmatch(piece) for shape, _ in _shaped()))
        or (compact.isdigit() and (counted_digits(compact) or _date_time(compact)))
        or dots == 1  # a decimal: "121.4737015"
        or dots >= 3  # an address or a build: "192.168.13.208", "10.0.22631.3447"
        or (start > 0 and text[start - 1] in _PURPOSE_MARKS)
        or _CODE_PREFIX.search(text, max(0, start - 2), start) is not None  # "M-3217-6546-7"
        or _CODE_SUFFIX.match(text, end) is not None  # "3000619-UR9f…": a code goes on
        or _bare_code(text, start, end, compact)
        or ("-" in piece and _valid("casrn", piece))  # CAS numbers are written dashed
        or _ZIP_PLUS_FOUR.fullmatch(piece) is not None  # a US postcode: "94107-1234"
        or _purpose_near(text, start, end)
        or _thing_in_sentence(text, start, end)
        or _named_value(text, start, compact)
        or _phone_number(text, start, end)
    )


def _bare_code(text: str, start: int, end: int, compact: str) -> bool:
    """Whether a number is a book's, a score's or a product's code by its check. A ten-digit
    ISBN counts only where a word names a book (``_BOOK``; "ISBN" itself is ``_PURPOSE``'s):
    its mod-11 check is the one a UK NHS number and an Iranian national code are made with,
    so every such number passes it, and one in eleven other numbers does."""
    if len(compact) == 10:
        window = text[max(0, start - _PURPOSE_BEFORE) : end + _PURPOSE_AFTER]
        return _valid("isbn", compact) and _BOOK.search(window) is not None
    return any(_valid(path, compact) for path in _BARE_CODES)


def _named_value(text: str, start: int, compact: str) -> bool:
    """Whether the number at ``start`` is named right before as a quantity or a machine's
    value (``_QUANTITY_KEY``: ``"size": …``, ``offset=…``, "inode …", "the checksum is …"),
    or is a Unix time (``_UNIX_SECONDS``, ``_UNIX_MILLISECONDS``) named as a time
    (``_TIME_KEY``: ``"iat": 1516239022``, ``created_at=1699999999``, "expires at …")."""
    if not compact.isdigit():
        return False
    window = max(0, start - _PURPOSE_BEFORE)
    if _QUANTITY_KEY.search(text, window, start) is not None:
        return True
    if len(compact) not in (10, 13):
        return False
    value = int(compact)
    if value not in (_UNIX_SECONDS if len(compact) == 10 else _UNIX_MILLISECONDS):
        return False
    return _TIME_KEY.search(text, window, start) is not None


def _purpose_near(text: str, start: int, end: int) -> bool:
    """Whether a word right before or after ``start:end`` says what the number is for (an
    order, a booking, a quantity: ``_PURPOSE``)."""
    return (
        _PURPOSE.search(text, max(0, start - _PURPOSE_BEFORE), start) is not None
        or _PURPOSE.search(text, end, end + _PURPOSE_AFTER) is not None
    )


# What a number given with nothing before it may be for, named anywhere in its sentence: a
# purchase's or a delivery's reference ("… saved in case the shop asks about the late
# parcel", "…，包裹迟到时要问客服").
_SENTENCE_THING = re.compile(
    r"(?i:(?<![a-z])(?:orders?|parcels?|packages?|shipments?|deliver(?:y|ies)|tracking"
    r"|invoices?|receipts?|bookings?|reservations?|tickets?)(?![a-z]))"
    r"|订单|包裹|快递|运单|物流|发票|预订|车票|机票"
    # a parcel and its waybill in Russian and Ukrainian ("Посилка Новою Поштою, ТТН …")
    r"|(?i:ттн|накладн\w*|посылк\w*|посилк\w*)"
)
_SENTENCE_MARK = re.compile(r"[.;!?。；！？\n]")


def _thing_in_sentence(text: str, start: int, end: int) -> bool:
    """Whether the number's sentence names a purchase or a delivery (``_SENTENCE_THING``)
    and no identifier's word (``_ID_CUE``): the number is that thing's reference. The
    words and the sentences' marks are found once per text (:func:`_things_and_marks`)."""
    things, marks = _things_and_marks(text)
    if not things:
        return False
    at = bisect.bisect_left(marks, start)
    low = max(marks[at - 1] + 1 if at else 0, start - 120)
    after = bisect.bisect_left(marks, end)
    high = min(marks[after] if after < len(marks) else len(text), end + 120)
    first = bisect.bisect_left(things, low)
    return first < len(things) and things[first] < high and not _cue_in(text, low, high)


@lru_cache(maxsize=8)
def _things_and_marks(text: str) -> tuple[list[int], list[int]]:
    """Where ``_SENTENCE_THING``'s words start in ``text``, and where its sentences end."""
    things = [m.start() for m in _SENTENCE_THING.finditer(text)]
    marks = [m.start() for m in _SENTENCE_MARK.finditer(text)] if things else []
    return things, marks


_ZIP_PLUS_FOUR = re.compile(r"[0-9]{5}-[0-9]{4}")
# A postcode's label right before a number.
_POSTCODE_LABEL = re.compile(
    r"(?<![A-Za-z])(?:" + _POSTCODE_LATIN + "|" + _POSTCODE_CJK + r")"
    r"(?:[ \t]{0,2}(?:is|是|为|:|：|#)){0,2}[ \t]{0,2}$",
    re.IGNORECASE,
)


def _toll_free(text: str, piece: str) -> bool:
    """A freephone number of the country of the text's script (``contact.toll_free``), or a
    public line's number written with its country's code
    (``contact.public_line_with_country``)."""
    from memory_plugins.gates.contact import public_line_with_country, toll_free

    return toll_free(piece, text) or public_line_with_country(piece, text)


def _phone_number(text: str, start: int, end: int) -> bool:
    """A phone number, left to ``phone_number``: its ``+86``, trunk prefix or cue decides."""
    from memory_plugins.gates.contact import find_phone

    return find_phone(text[max(0, start - 32) : end + 16]) is not None


def _date_time(digits: str) -> bool:
    """A compact date and time: "20231127105800"."""
    if len(digits) not in (12, 14) or digits[:2] not in ("19", "20"):
        return False
    try:
        date(int(digits[:4]), int(digits[4:6]), int(digits[6:8]))
    except ValueError:
        return False
    return int(digits[8:10]) < 24 and int(digits[10:12]) < 60


def _alnum_tokens(text: str, own: str) -> str | None:
    """Letters and digits together, by the schemes whose letters carry a check; ``own`` is
    the text before references were blanked, where a company's legal form ("S.A.", read as
    a host name's part) still names it."""
    companies = names_a_company(own)
    for m in _ALNUM_TOKEN.finditer(text):
        if companies and company_code(own, m.start()):
            continue  # "… S.L., CIF B41574351": the company's code
        token = m.group(0).upper()
        if placeholder_value(text, m.start(), m.end()):
            continue  # "12345678Z": typed as a placeholder
        if _THOUSANDS.fullmatch(token):
            token = token.replace(".", "")  # "58.209.659-V": digits grouped as people write them
        cued = _cued(text, m.start(), m.end()) or _ID_TOKEN.fullmatch(token) is not None
        for path in _schemes_for(_named_schemes(text, m.start(), m.end())) if cued else _ALNUM:
            if _valid(path, token):
                return _describe(path)
    return None


# Digits grouped by thousands with dots, then a check letter: "58.209.659-V".
_THOUSANDS = re.compile(r"[0-9]{1,3}(?:\.[0-9]{3}){2,}-?[A-Z]")


# A Russian internal passport as it is written: its series in two pairs of digits, then
# "№" and six digits ("серии 45 19 № 603718"), after the word "passport".
_RU_PASSPORT = re.compile(
    r"(?i:паспорт)[^\n.;]{0,40}?сери[яиюей][ \t]{1,2}[0-9]{2}[ \t]?[0-9]{2}[ \t]{1,2}(?:№|No\.?|номер)[ \t]?[0-9]{6}(?![0-9])"
)


# A Thai identification number as the card prints it, 1-4-5-2-1 digits a space apart
# ("3 1025 10250 69 1"): groups of different lengths read apart elsewhere (they may be
# several numbers), but this grouping is the card's own.
_TH_PIN_PRINTED = re.compile(
    r"(?<![0-9])(?<![0-9] )[1-8] [0-9]{4} [0-9]{5} [0-9]{2} [0-9](?![0-9])(?! [0-9])"
)


def _th_pin(digits: str) -> bool:
    from stdnum.th import pin

    return bool(pin.is_valid(digits))


# A Greek identity card's number as the card prints it: two series letters (the Greek
# capitals the police uses, which Latin keyboards type as their look-alikes) and six
# digits ("ΥΒ 257377"); read in a text written in Greek, where nothing else has that shape
# (a plate has three letters and four digits, a postcode five digits).
_GREEK_WORD = re.compile(r"[α-ωάέήίόύώ]{2}")
_GR_SERIES = "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧABEZHIKMNOPTYX"
_GR_ID_CARD = re.compile(
    r"(?<![^\W\d_])([" + _GR_SERIES + r"]{2})[ \t-]?([0-9]{6})(?![0-9]|[^\W\d_])"
)
# Abbreviations written so before a number that is no card's: a registration number.
_GR_NOT_A_SERIES = frozenset(("ΑΜ", "AM"))


def _own_formats(text: str) -> str | None:
    if "сери" in text and _RU_PASSPORT.search(text):
        return "ru.passport (Russian internal passport: series and number)"
    for m in _NRIC.finditer(text):
        prefix, digits, check = m.groups()
        total = sum(int(d) * w for d, w in zip(digits, _NRIC_WEIGHTS, strict=True))
        total += 4 if prefix in "TG" else 3 if prefix == "M" else 0
        if _NRIC_LETTERS[prefix][total % 11] == check:
            return "sg.nric (Singapore NRIC/FIN number)"
    for m in _HKID.finditer(text):
        if _hkid(*m.groups()) and not placeholder_value(text, m.start(), m.end()):
            return "hk.hkid (Hong Kong identity card number)"
    if _NINO.search(text.upper()) and _NINO.search(text):
        return "gb.nino (UK National Insurance number)"
    for m in _CN_RIC.finditer(text):
        if _cn_ric(m.group()) and not placeholder_value(text, m.start(), m.end()):
            return "cn.ric (Chinese resident identity card number: check digit and birth date)"
    for m in _KR_RRN.finditer(text):
        if _purpose_near(text, m.start(), m.end()):
            continue  # "order 240315-1234567": a reference that starts with a date
        century = {"1": 1900, "2": 1900, "5": 1900, "6": 1900}.get(m[4], 2000)
        try:
            date(century + int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            continue
        return "kr.rrn (Korean registration number: birth date and sex digit)"
    for m in _MBI.finditer(text):
        if m[1] or _MBI_CUE.search(text, max(0, m.start() - 40), m.start()):
            return "us.mbi (US Medicare Beneficiary Identifier)"
    for m in _TH_PIN_PRINTED.finditer(text):
        if _th_pin(m.group().replace(" ", "")) and not placeholder_value(text, m.start(), m.end()):
            return "th.pin (Thai personal identification number, grouped as the card prints it)"
    if _GREEK_WORD.search(text) is not None:
        for m in _GR_ID_CARD.finditer(text):
            if m[1] in _GR_NOT_A_SERIES or thing_named_before(text, m.start(), m.end()):
                continue  # "ΑΜ 123456": a registration number (Αριθμός Μητρώου), not a card
            if not placeholder_value(text, m.start(), m.end()):
                return "gr.adt (Greek identity card number: series letters and six digits)"
    for m in _CN_ID_OLD.finditer(text):  # stdnum validates only the 18-character form
        try:
            date(1900 + int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            continue
        return "cn.ric (15-digit Chinese resident identity card number)"
    return None


# ----------------------------------------------------------------------------- cards

_CARD = re.compile(
    r"(?<![0-9])(?:[0-9]{12,19}"
    r"|[0-9]{4}(?:[ -][0-9]{4}){2,3}(?:[ -][0-9]{1,4})?"
    r"|[0-9]{4}[ -][0-9]{6}[ -][0-9]{4,5})(?![0-9])"
)
_CARD_CUE = re.compile(
    r"(?:card|卡号|银行卡|信用卡|借记卡|储蓄卡|account n(?:o|umber)|账号|帐号|karte|carte|tarjeta"
    r"|cart[ãa]o|카드|カード)[^0-9]{0,16}$",
    re.IGNORECASE,
)


def _known_card_prefix(number: str) -> bool:
    """Issuer prefix and length of a major network: stdnum checks Luhn, not issuers."""
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
        or ((p2 == 50 or 56 <= p2 <= 69) and 12 <= n <= 19)  # Maestro
        or (2200 <= p4 <= 2204 and n == 16)  # Mir
    )


_HEX_CHARS = frozenset("0123456789abcdefABCDEF")


def _inside_digest(text: str, start: int, end: int) -> bool:
    """Whether ``start:end`` lies inside a run of 32 or more hex digits with letters in it
    (an MD5, SHA or content hash), not a number of its own."""
    if not (start > 0 and text[start - 1] in _HEX_CHARS) and not (
        end < len(text) and text[end] in _HEX_CHARS
    ):
        return False
    left, right = start, end
    while left > 0 and text[left - 1] in _HEX_CHARS and start - left < 128:
        left -= 1
    while right < len(text) and text[right] in _HEX_CHARS and right - end < 128:
        right += 1
    run = text[left:right]
    return len(run) >= 32 and not run.isdigit()


# A product's code named right before its digits: EAN, JAN, UPC, GTIN, a barcode.
_PRODUCT_LABEL = re.compile(
    r"(?i:(?<![a-z])(?:ean|jan|upc|gtin|barcode|bar[ \t]code)(?:-?1[23])?(?![a-z]))"
    r"[^A-Za-z0-9]{0,8}$|(?:条码|条形码|商品码|バーコード|바코드)[^A-Za-z0-9]{0,8}$"
)


def _payment_card(text: str) -> str | None:
    text = fold(text)
    for m in _CARD.finditer(text):
        number = _SEPARATOR.sub("", m.group(0))
        if not 12 <= len(number) <= 19 or not _valid("luhn", number):
            continue
        if _inside_digest(text, m.start(), m.end()):
            continue  # the digits of a hash ("vipul-f0eb1acf…83628.png")
        if (
            len(number) in (8, 12, 13, 14)
            and _PRODUCT_LABEL.search(text, max(0, m.start() - 24), m.start())
            and _valid("ean", number)
        ):
            continue  # "条形码：6901234567892": a product's code, valid as one
        if (
            m.start() > 0
            and m.end() < len(text)
            and text[m.start() - 1].isalpha()
            and text[m.end()].isalpha()
        ):
            continue  # letters on both sides: a product or serial code ("ABC4111…1111XYZ")
        if (number in _TEST_CARDS or _TYPED_RUN.search(number)) and called_a_test_value(
            text, m.start(), m.end()
        ):
            # "Stripe's test card 4242 4242 4242 4242": published, no one's card; so is one
            # the words call a test card whose digits were typed by hand, four of one digit
            # in a row ("Testkarte 4111 1111 4555 1142"): a bank's numbers have that about
            # once in eighty.
            continue
        # Twelve digits (a Maestro card's shortest) only after words naming a card.
        if (len(number) > 12 and _known_card_prefix(number)) or _CARD_CUE.search(
            text, max(0, m.start() - 40), m.start()
        ):
            return "payment card number (Luhn)"
    return None


_TYPED_RUN = re.compile(r"([0-9])\1{3}")
# Card numbers the payment processors publish for testing (Stripe, Braintree, Adyen,
# PayPal): no bank issues them to anyone.
_TEST_CARDS = frozenset((
    "4242424242424242", "4000056655665556", "4000002500003155", "4000000000000002",
    "4000000000009995", "4000000000000077", "4000000000003220", "4111111111111111",
    "4012888888881881", "4222222222222", "5555555555554444", "2223003122003222",
    "5200828282828210", "5105105105105100", "5431111111111111", "378282246310005",
    "371449635398431", "6011111111111117", "6011000990139424", "3056930009020004",
    "36227206271667", "3566002020360505", "6200000000000005",
))  # fmt: skip
# National numbers their issuers or their schemes' documentation publish as examples: the
# Dutch government's test BSNs, HMRC's example National Insurance number, the US Social
# Security number printed on a wallet insert (voided by the SSA), the Italian tax code of
# the textbooks' "Mario Rossi", the Swedish tax agency's test person "Tolvan Tolvansson"
# (19121212-1212, with or without the century).
_TEST_NATIONAL_NUMBERS = frozenset(
    (
        *("111222333", "123456782", "QQ123456C", "078051120", "RSSMRA85T10A562S"),
        *("191212121212", "1212121212"),
    )
)


# IBANs published as examples (the IBAN registry's and the banks' own).
_TEST_IBANS = frozenset((
    "GB82WEST12345698765432", "DE89370400440532013000", "FR1420041010050500013M02606",
    "NL91ABNA0417164300", "ES9121000418450200051332", "IT60X0542811101000000123456",
    "AT611904300234573201", "CH9300762011623852957", "PL61109010140000071219812874",
    "PT50000201231234567890154", "SE4550000000058398257466", "DK5000400440116243",
    "FI2112345600000785", "NO9386011117947", "IE29AIBK93115212345678", "LU280019400644750000",
    "CZ6508000000192000145399", "HU42117730161111101800000000", "RO49AAAA1B31007593840000",
    "GR1601101250000000012300695", "BG80BNBG96611020345678", "HR1210010051863000160",
    "TR330006100519786457841326", "SA0380000000608010167519", "AE070331234567890123456",
))  # fmt: skip


# ----------------------------------------------------------------------------- IBAN


_LAST_GROUP = re.compile(r"[ -][A-Za-z0-9]{1,7}$")


# A bank's own code, which says the account number beside it is a bank account's: a UK
# sort code, an Australian BSB, a US routing (ABA) number, a Canadian transit number, a
# SWIFT/BIC, a Mexican CLABE, a German BLZ, a Chinese account's branch (开户行, 支行).
_BANK_CODE_WORD = re.compile(
    r"(?i:(?<![A-Za-z])(?:sort[ \t]?code|bsb|routing(?:[ \t]?(?:number|no\.?|#))?|aba|swift"
    r"|bic|transit[ \t]number|institution[ \t]number|clabe|bankleitzahl|blz"
    # a bank's branch, where the account is kept: Brazil's "agência", Israel's "סניף",
    # Japan's "支店"
    r"|ag[êe]ncia)(?![A-Za-z]))"
    r"|开户行|开户银行|支行|支店|סניף"
)
# An account's number named as one: "account 31926819", "acct #: 1234-5678", "账号：6222…";
# ``bank`` when the name says the account is a bank's ("bank account", "checking account",
# 银行账号).
_ACCOUNT_NUMBER = re.compile(
    r"(?i:(?<![A-Za-z])(?P<bank>(?:bank|checking|chequing|savings|current|giro)[ \t])?"
    r"(?:account|acct|a/c|konto|compte|cuenta|conta|חשבון)"
    # a current or savings account, where the kind follows ("conta corrente")
    r"(?P<kind>[ \t](?:corrente|poupan[çc]a|corriente|de[ \t]ahorros?|courant|d'[ée]pargne))?"
    r"(?:[ \t]?(?:number|no\.?|nr\.?|#))?(?:[ \t]{0,2}(?:is|:|=))?)"
    r"[ \t]{0,2}(?P<n>[0-9](?:[ -]?[0-9]){5,18})(?![0-9])"
    r"|(?:(?P<zhbank>银行|口座|계좌[ \t]?)|)(?:账号|账户|帐号|帐户|卡号|番号|번호|(?<=口座)No\.?)"
    r"(?:[ \t]{0,2}(?:是|为|は|는|:|：))?[ \t]{0,2}"
    r"(?P<zh>[0-9](?:[ -]?[0-9]){5,18})(?![0-9])"
    # a bank named by its name, then an account's number in dashed groups ("국민은행
    # 006405-75-417867", "招商银行 6214-8301-2345-6789")
    r"|(?P<named>은행|银行|銀行)[ \t]{0,2}(?:계좌[ \t]?)?(?:[0-9]{2,6}(?:-[0-9]{2,8}){1,3}|[0-9]{10,14})"
    r"(?![0-9-])"
    # a Japanese account's kind, then its seven digits ("普通・3953013", "当座預金 1234567")
    r"|(?P<jpkind>普通|当座)(?:預金|口座)?[ \t・:：]{0,2}[0-9]{7}(?![0-9])"
)
_BANK_CODE_NEAR = 80
# What every ``_ACCOUNT_NUMBER`` holds, in lower case: the pre-check before it is read.
_ACCOUNT_WORDS = (
    "account",
    "acct",
    "a/c",
    "konto",
    "compte",
    "cuenta",
    "conta",
    "账",
    "帐",
    "卡号",
    "口座",
    "계좌",
    "은행",
    "银行",
    "銀行",
    "חשבון",
)
_HAS_ACCOUNT_WORD = Substrings(_ACCOUNT_WORDS)


def _named_account(text: str) -> bool:
    """Whether ``text`` gives a bank account's number: named as a bank's ("bank account
    31926819", 银行账号), or beside its bank's own code ("sort code 12-34-56, account
    31926819", "routing number 021000021, account 1234567890"). No check digit shows one."""
    for m in _ACCOUNT_NUMBER.finditer(text):
        if m["bank"] or m["kind"] or m["zhbank"] or m["named"] or m["jpkind"]:
            return True
        window = text[max(0, m.start() - _BANK_CODE_NEAR) : m.end() + _BANK_CODE_NEAR]
        if _BANK_CODE_WORD.search(window):
            return True
    return False


# A Polish account number (NRB): an IBAN without its "PL", 26 digits, compact or in the
# groups banks print (2, then six of 4).
_NRB = re.compile(r"(?<![0-9A-Za-z])[0-9]{2}(?:[ \t]?[0-9]{4}){6}(?![0-9])")


# A Hungarian account number (GIRO): two or three blocks of eight digits, dashed; the
# first block (bank and branch) and the rest each end in a check digit.
_HU_ACCOUNT = re.compile(r"(?<![0-9-])[0-9]{8}-[0-9]{8}(?:-[0-9]{8})?(?![0-9-])")


def _hu_account_checks(written: str) -> bool:
    """The Hungarian bank account number's check (hand-written: python-stdnum has none):
    each of the two parts, weighted 9, 7, 3, 1 in turn, sums to a multiple of ten; a
    run of one digit, which passes by arithmetic alone, is no account."""
    first, *rest = written.split("-")
    parts = (first, "".join(rest))
    return len(set(written.replace("-", ""))) > 2 and all(
        sum(int(d) * (9, 7, 3, 1)[i % 4] for i, d in enumerate(part)) % 10 == 0 for part in parts
    )


# A Russian account (20 digits) and its bank's BIK (nine digits, "04…"), whose last three
# digits the account's control key is computed with.
_RU_ACCOUNT = re.compile(r"(?<![0-9])[0-9]{20}(?![0-9])")
_RU_BIK = re.compile(r"(?i:бик|bik)[^0-9\n]{0,12}(04[0-9]{7})(?![0-9])")


def _ru_account_key_holds(bik: str, account: str) -> bool:
    """The Russian account's control key (hand-written: python-stdnum has none): the BIK's
    last three digits and the account, weighted 7, 1, 3 in turn, each product's last digit
    summed, end in zero."""
    digits = bik[-3:] + account
    return sum(int(d) * (7, 1, 3)[i % 3] % 10 for i, d in enumerate(digits)) % 10 == 0


def _bank_account(text: str) -> str | None:
    text = fold(text)
    if _named_account(text):
        return "bank account number (named as one, or beside its bank's code)"
    for m in _IBAN.finditer(text):
        found = m.group(0)
        for _ in range(3):  # the pattern may take a word after it ("… AB00 handy"): drop it
            compact = re.sub(r"[\s-]", "", found).upper()
            if _iban_check_digits_hold(compact):
                if compact in _TEST_IBANS and called_a_test_value(text, m.start(), m.end()):
                    break  # "the documented example GB82 WEST …": no one's account
                return "IBAN (stdnum.iban)"
            shorter = _LAST_GROUP.sub("", found)
            if shorter == found or len(shorter) < 15:
                break
            found = shorter
    for m in _NRB.finditer(text) if len(text) >= 26 else ():
        if _iban_check_digits_hold("PL" + re.sub(r"[ \t]", "", m.group())):
            return "bank account number (Polish NRB: an IBAN without its country)"
    for m in _HU_ACCOUNT.finditer(text) if "-" in text else ():
        if _hu_account_checks(m.group()):
            return "bank account number (Hungarian: its check digits)"
    biks = [b.group(1) for b in _RU_BIK.finditer(text)] if len(text) >= 29 else []
    for m in _RU_ACCOUNT.finditer(text) if biks else ():
        if any(_ru_account_key_holds(bik, m.group()) for bik in biks):
            return "bank account number (Russian: its key with the bank's BIK)"
    return None


@lru_cache(maxsize=4096)  # an account is tried once per field and again in the joined text
def _iban_check_digits_hold(compact: str) -> bool:
    """An IBAN by its mod-97 check digits and a country python-stdnum's registry lists. Its
    account part may have another layout or length than the registry gives, and its
    country's own check may fail: the check digits decide (as the check digit and the date
    decide a CN resident ID whose region the table lacks); one string in 97 passes by
    chance. python-stdnum checks the digits first, then the country, then the layout, so a
    layout error alone means both held. A country its registry does not list (Iran's IBANs,
    which SWIFT's registry leaves out) counts where it is a region libphonenumber knows and
    its account part is digits: the check digits held."""
    from phonenumbers import SUPPORTED_REGIONS
    from stdnum import iban
    from stdnum.exceptions import InvalidComponent, InvalidFormat, InvalidLength, ValidationError

    if not 15 <= len(compact) <= 34 or not compact[2:4].isdigit() or not compact.isalnum():
        return False
    try:
        iban.validate(compact, check_country=False)
    except (InvalidFormat, InvalidLength):
        return True
    except InvalidComponent:
        # digits only after the check digits: a hex key's letters make no account
        return compact[:2] in SUPPORTED_REGIONS and compact[4:].isdigit()
    except ValidationError:
        return False
    return True


# ----------------------------------------------------------------------------- documents

# Separators are bounded character runs: stacked "\s*" would backtrack polynomially.
_DOCUMENT = re.compile(
    r"(?P<kind>passport|护照|護照|旅券|reisepass|passeport|pasaporte|여권"
    r"|driv(?:er'?s|ing)[ -]licen[cs]e|driver[ -]license|驾驶证|驾照|駕照|運転免許証?|免許証"
    r"|f[üu]hrerschein|permis de conduire|운전면허)"
    r"[\s#:：.]{0,3}(?:no\b\.?|number|num\b|nr\b\.?|号码|号|番号|번호)?[\s#:：.]{0,3}"
    r"(?:is\b|是|为|は)?\s{0,3}(?<![A-Za-z0-9])(?=[A-Z0-9-]{6,18}(?![A-Za-z0-9]))"
    r"[A-Z]{0,3}-?[0-9][0-9-]{4,15}[A-Z0-9]?(?![A-Za-z0-9])",
    re.IGNORECASE,
)
_DOCUMENT_WORDS = (
    *("pass", "licen", "护照", "護照", "旅券", "驾", "駕", "免許", "führer", "fuhrer", "permis"),
    *("여권", "운전"),
)
_PASSPORT_WORDS = frozenset(
    ("passport", "护照", "護照", "旅券", "reisepass", "passeport", "pasaporte", "여권")
)


def _id_document(text: str) -> str | None:
    m = _DOCUMENT.search(fold(text))
    if m is None:
        return None
    return "passport number" if m["kind"].lower() in _PASSPORT_WORDS else "driving licence number"


# ----------------------------------------------------------------------------- plates

# A registration plate names a vehicle, and through the register its keeper. Its formats
# differ by country and many are short letter-digit codes that would be anything else
# alone, so a plate counts after words that name one; three national formats are
# distinctive enough to count anywhere.
_PLATE_LABEL = re.compile(
    r"(?<![A-Za-z])(?:"
    r"(?:licen[cs]e|number|registration|reg(?:istration)?|car|vehicle|motorbike|motorcycle"
    r"|bike|van|truck|scooter)[ -]plates?(?:[ \t]{1,2}(?:numbers?|no\b\.?|nr\b\.?|#))?"
    r"|plates?[ \t]{1,2}(?:numbers?|no\b\.?|nr\b\.?|#)"
    r"|(?:car|vehicle|motorbike|motorcycle|bike|van|truck|scooter)(?:'s)?[ \t]{1,2}"
    r"(?:registration|reg|rego)(?:[ \t]{1,2}(?:numbers?|no\b\.?|nr\b\.?|mark|plate))?"
    r"|vehicle[ \t]{1,2}registration|vrn"
    r"|(?:auto)?kennzeichen|nummernschild|(?:plaque[ \t]{1,2}d'?[ \t]?)?immatriculation|immat\.?"
    # "plaque" alone before France's format ("plaque FT-482-KL"): a dental or a wall plaque
    # has none
    r"|plaque(?=[ \t]{1,2}[A-Z]{2}-[0-9]{3}-[A-Z]{2}(?![A-Za-z0-9]))"
    r"|matr[íi]cula|kenteken(?:plaat)?|nummerplaat|rekisteri(?:numero|kilpi|tunnus)"
    r"|(?:numer|tablica)[ \t]{1,2}rejestracyjn[ay]|registreringsnummer|reg\.?[ \t]?nr"
    # "targa" alone is also a car model's name ("911 Targa 4 GTS"): as a label, before "è" or ":"
    r"|numero[ \t]{1,2}di[ \t]{1,2}targa|targa(?=[ \t]{0,2}(?:è|:|=)|[ \t]{1,2}[A-Z]{2}[ \t]?[0-9]{3}[ \t]?[A-Z]{2}(?![A-Za-z0-9]))|plaka(?:s[ıi])?(?:[ \t]{1,2}numaras[ıi])?|госномер|номерной[ \t]{1,2}знак"
    r"|bi[êeể]n[ \t]{1,2}s[ốo](?:[ \t]{1,2}xe)?"
    # and in the other languages of the word lists: Spanish (Mexico's "placas", Argentina's
    # "patente"), Hungarian, Czech, Indonesian, Malay, Romanian, Greek, Ukrainian and
    # Russian, Swedish, Hebrew, Arabic, Persian, Hindi, Thai
    r"|placas?(?:[ \t]{1,2}(?:del|de)[ \t]{1,2}(?:auto|coche|carro|veh[íi]culo))?|patente"
    r"|rendszám\w*|spz|plat[ \t]{1,2}nomor|nopol|nombor[ \t]{1,2}pendaftaran"
    r"|(?:no\.?|nombor)[ \t]{1,2}plat|plat[ \t]{1,2}(?:motor|mobil|kendaraan)\w*"
    r"|num[ăa]r(?:ul)?[ \t]{1,2}de[ \t]{1,2}[îi]nmatriculare|πινακ[ίι]δ\w*(?:[ \t]{1,2}(?:αμαξ|αυτοκιν)[ιί]?\w*)?|номерн\w*[ \t]{1,2}знак\w*"
    r"|регистрационн\w*[ \t]{1,2}номер\w*|regnummer|regnr|לוחית[ \t]{1,2}(?:ה)?רישוי"
    r"|מספר[ \t]{1,2}(?:ה)?(?:רישוי|רכב)|لوحة[ \t]{1,2}(?:ال)?سيارة|لوحت(?:ها|ه|ي|ك)|رقم[ \t]{1,2}(?:ال)?لوحة"
    r"|پلاک[ \t]{1,2}(?:ماشین|خودرو)|नंबर[ \t]{1,2}प्लेट|गाड़ी[ \t]{1,2}(?:का[ \t]{1,2})?नंबर"
    r"|ทะเบียนรถ|ป้ายทะเบียน"
    r")(?![A-Za-z])"
    + label_end(
        r"is|was|reads|ist|est|es|è|é|är|er|on|jest|are|son|sont|sind|são|sono|ay|of\s+the\s+user"
    )
    + r"|(?:车牌|車牌|号牌|號牌|牌照|车号|ナンバープレート|車両番号|차량[ \t]?번호|자동차[ \t]?번호|번호판)"
    r"(?:号码|號碼|号|號|番号)?[ \t]{0,2}(?:是|为|為|：|:|は|는|=)?[ \t]{0,2}[\"'“]?",
    re.IGNORECASE,
)
# Up to five space-separated groups of letters (any script) and digits, each joined
# within by at most one dash, dot or middle dot; ideographs only where a plate starts
# with a place's name (京A·12345, 品川 300 さ 12-34).
# Indic and Thai letters carry their vowel signs, which are marks, not word characters.
_PLATE_CHAR = r"(?:[^\W_\u3400-\u9fff]|[\u0900-\u0dff\u0e00-\u0e7f])"
_PLATE_GROUP = re.compile(f"{_PLATE_CHAR}+(?:[-.·・]{_PLATE_CHAR}+){{0,3}}")
_PLACE = re.compile(r"[\u3400-\u9fff]{1,4}[ \t]?")
_PLATE_ALONE = re.compile(
    r"(?<![A-Za-z])plates?(?![A-Za-z])" + label_end("is|was|reads"), re.IGNORECASE
)
_SMALL_WORD = re.compile(r"[a-z]+")
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")
# Mainland China: a province's one-character abbreviation, the issuing city's letter, five
# characters (six on new-energy plates), at least three of them digits.
_PROVINCE = "[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼]"
_CN_PLATE = re.compile(
    r"(?<![A-Za-z0-9])"
    + _PROVINCE
    + r"[A-Z][ ·•・.-]?(?=(?:[A-Z]{0,6}[0-9]){3})[A-Z0-9]{5,6}(?![A-Za-z0-9])"
)
# Korea: two or three digits, one Hangul syllable, four digits (a region's name may lead).
_KR_PLATE = re.compile(r"(?<![0-9])[0-9]{2,3}[ \t]?[가-힣][ \t]?[0-9]{4}(?![0-9])")
# Japan: the office's place name, a class number, one kana, a serial (12-34, ・123).
_JP_PLATE = re.compile(
    r"[\u3400-\u9fff]{1,4}[ \t]?[0-9]{2,3}[ \t]?[\u3041-\u3096][ \t]?(?:[0-9]{1,2}-[0-9]{2}|・{0,3}[0-9]{1,4})(?![0-9])"
)
# Iran's: two digits, a Persian letter, three digits, then "ایران" and the province's two
# ("82 ه 296 ایران 55").
_IR_PLATE = re.compile(
    r"(?<![0-9])[0-9]{2}[ \t]?[\u0621-\u06cc][ \t]?[0-9]{3}[ \t]?-?[ \t]?[اآ]یران[ \t]?[0-9]{2}"
    r"(?![0-9])"
)
# Words every plate label holds (lower case), and what the three national formats need.
_PLATE_WORDS = (
    *("plate", "reg", "vrn", "kennzeichen", "nummernschild", "immat", "matr", "kenteken"),
    *("no. plat", "nombor plat", "πινακιδ", "لوحت", "plat motor", "plat mobil", "plat kendaraan"),
    # a traffic fine (``_FINE_WORDS``)
    *("multa", "штраф", "ceza", "amende", "strafzettel", "bußgeld", "knöllchen", "boete"),
    *("mandat", "pokut", "bírság", "amend", "traffic fine", "parking ticket", "speeding ticket"),
    *("tilang", "phạt nguội", "مخالفة", "קנס", "جریمه", "罚单", "罰單", "과태료", "違反金"),
    "plaque",
    *("nummerplaat", "rekisteri", "rejestracyjn", "targa", "plaka", "госномер", "номерной"),
    *("placa", "patente", "rendszám", "spz", "plat nomor", "nopol", "pendaftaran"),
    *("nmatriculare", "πινακίδ", "номерн", "регистрационн", "regnummer", "regnr", "רישוי"),
    *("מספר רכב", "מספר הרכב", "لوحة", "پلاک", "प्लेट", "गाड़ी", "ทะเบียน"),
    *(
        "biển",
        "bien so",
        "车牌",
        "車牌",
        "号牌",
        "號牌",
        "牌照",
        "车号",
        "ナンバー",
        "車両番号",
        "번호",
    ),
)
_CAR_NUMBER_STEMS = ("машин", "mașin", "maşin", "नंबर")
_PLATE_FORMAT_HINT = re.compile(
    _PROVINCE + r"[A-Z]"
    r"|[0-9][ \t]?[가-힣][ \t]?[0-9]|[0-9][ \t]?[\u3041-\u3096][ \t]?[0-9・]|[اآ]یران[ \t]?[0-9]"
)


def _may_hold_plate(text: str) -> bool:
    if _HAS_PLATE_WORD(text):
        return True  # a plate's or a parking's word, "номер машини", "बाइक का नंबर"
    if ("(" in text or "（" in text) and _VEHICLE.search(text) is not None:
        return True  # "eigenes Auto (M-EV 5872)"
    return not text.isascii() and _PLATE_FORMAT_HINT.search(text) is not None


def _plate_value(text: str, start: int) -> str:
    """The plate-shaped groups from ``start``, after a place's name in ideographs if one
    leads (not counted): groups go on while each holds a digit, is short (three
    characters) or has no small letter (capitals, or a script without case); a word of
    small letters ends them."""
    place = _PLACE.match(text, start)
    position = place.end() if place else start
    groups: list[str] = []
    while len(groups) < 5:
        group = _PLATE_GROUP.match(text, position)
        if group is None:
            break
        word = group.group()
        if sum(c.isalnum() for c in word) > 12 or (
            not any(c.isdigit() for c in word) and len(word) > 3 and any(map(str.islower, word))
        ):
            break
        if _SMALL_WORD.fullmatch(word) or (word.isalpha() and word.islower()):
            break  # plates are written in capitals: a word in small letters is prose ("nhé")
        groups.append(word)
        position = group.end()
        if (
            text[position : position + 1] not in (" ", "\t")
            or not text[position + 1 : position + 2]
        ):
            break
        position += 1
    return " ".join(groups)


def _after_plate_word(value: str) -> bool:
    """A plate after a word that names one: 4-14 characters with a digit, not all digits
    unless four or more, not a model year or a date (when, not which)."""
    chars = [c for c in value if c.isalnum()]
    digits = sum(c.isdigit() for c in chars)
    if _YEAR.fullmatch(value) or CALENDAR_DATE.match(value):
        return False
    return 4 <= len(chars) <= 14 and digits > 0 and (digits < len(chars) or digits >= 4)


def _after_plate_alone(value: str) -> bool:
    """A plate after "plate" alone, which names a dish or a hot plate too ("plate 27cm",
    "hot plate 2000W"): only a code in capitals with two letters and two digits at least."""
    chars = [c for c in value if c.isalnum()]
    digits = sum(c.isdigit() for c in chars)
    return (
        5 <= len(chars) <= 14
        and 2 <= digits <= len(chars) - 2  # two letters: not a rating ("2000W")
        and not any(c.islower() for c in chars)
    )


# A parking pass, sticker, badge or app, or a gate, a garage or a porter's desk: what a car
# is registered for by its plate. A colon after such words in their clause gives the plate ("badge du parking : GH-418-PK",
# "пропуск на парковку: А 482 ВС 799"), read as after "plate" alone.
_PARKING_WORDS = (
    "parking|parkplatz|parkhaus|parkausweis|parkberechtigung|anwohnerpark|stationnement|aparcamiento|estacionamiento|estacionamento"
    "|parcheggio|parkeer|parkeren|parkowan|parkovac|parkovn|otopark|парков|паркінг|parkir|parkering|parkol"
    "|parcare|στάθμευσ|πάρκινγκ|חניה|חנייה|חניון|پارکینگ|مواقف|موقف|पार्किंग|จอดรถ|駐車|주차"
    "|停车|bãi đỗ|gửi xe|paradahan|car sticker"
    # a building's or a compound's gate, garage or porter's desk, where a car is let in by
    # its plate ("Liberar na portaria: …", "بوابة الكمباوند: …", "Для перепустки в ЖК: …")
    "|portaria|porteiro|portería|conserjería|gate pass|garagem|garaje|garáž|перепустк|пропуск"
    "|بوابة|गेट पास|गेट-पास"
)
# What every word of ``_PARKING_WORDS`` holds, in small letters: looked for first.
_PARKING_STEMS = (
    *("park", "parc", "stationnement", "estaciona", "парк", "στάθμευσ", "πάρκινγκ", "חני"),
    *("پارکینگ", "موقف", "مواقف", "पार्किंग", "จอดรถ", "駐車", "주차", "停车", "bãi đỗ"),
    *("gửi xe", "paradahan", "car sticker", "portar", "porteir", "portería", "conserjer"),
    *("gate pass", "garag", "garaj", "garáž", "перепустк", "пропуск", "بوابة", "गेट"),
)
_HAS_PARKING_STEM = Substrings(_PARKING_STEMS)
_HAS_PLATE_WORD = Substrings((*_PLATE_WORDS, *_PARKING_STEMS, *_CAR_NUMBER_STEMS))
_PARKING = re.compile(by_first_letter(_PARKING_WORDS), re.IGNORECASE)
_PARKING_LABEL = re.compile(
    r"(?:" + _PARKING.pattern + r")[^\n.;:!?。]{0,48}?[:：][ \t]{0,2}", re.IGNORECASE
)


# Where a list's item ends: a comma or a semicolon; where the list ends: a sentence's mark
# before a space or the end, or a line break.
_LIST_ITEM_END = re.compile(r"[,;，；、]")
_LIST_END = re.compile(r"[.!?。](?:\s|$)|\n")


def _plate_in_parking_list(text: str, label: int, start: int) -> bool:
    """Whether an item of the list a parking pass's label gives (``_PARKING_LABEL``, from
    ``start`` to its sentence's end, eight items and 240 characters at most) is a plate and
    nothing else, as :func:`_after_parking_label` reads one: "Para el parking de la
    empresa: Seat León gris, 9392 RSB, plaza 112" (the car's name and colour, its plate, the
    space). Not where a thing's word (``PURPOSE``) stands from the ``label`` to the item: a
    parking ticket's number, a receipt's."""
    reach = min(len(text), start + 240)  # eight short items: a text of labels stays linear
    stop = _LIST_END.search(text, start, reach)
    end = stop.start() if stop is not None else reach
    position = start
    for _ in range(8):
        mark = _LIST_ITEM_END.search(text, position, end)
        item_end = mark.start() if mark is not None else end
        raw = text[position:item_end]
        item = raw.strip()
        if item:
            at = position + len(raw) - len(raw.lstrip())
            value = _plate_value(text, at)
            if value == item and _after_parking_label(value):
                return purpose_within(text, label, at) is None
        if mark is None:
            return False
        position = mark.end()
    return False


def _after_parking_label(value: str) -> bool:
    """A plate after a parking pass's words: as after "plate" alone, and six characters at
    least (a parking space's code, "P2 A15", is shorter); its letters capitals of a script
    with case, or four digits at least beside them (a word of Hebrew, "חניה 22", names a
    space; an Iranian plate, "82 ه 296 ایران 55", holds seven digits)."""
    chars = [c for c in value if c.isalnum()]
    return (
        _after_plate_alone(value)
        and len(chars) >= 6
        and (all(c.isdigit() or c.isupper() for c in chars) or sum(map(str.isdigit, chars)) >= 4)
    )


# A vehicle, in the languages of the word lists: what a plate named far before its value
# must be said to belong to ("la matrícula del coche de mi mujer, 8015 LDV"), and what a
# plate in parentheses right after it names ("eigenes Auto (M-EV 5872)").
_VEHICLE = re.compile(
    r"(?i:(?<![^\W\d_])(?:cars?|auto|autos|coche|carro|moto|motos|motorbike|motorcycle|scooter"
    r"|vehicles?|veh[íi]culo|véhicule|voiture|wagen|fahrzeug|macchina|samoch[óo]d\w*|машин\w*"
    r"|автомобил\w*|автівк\w*|araba\w*|xe|mobil|kereta|ma[șş]in\w*|αυτοκίνητ\w*|bil|bilen"
    r"|kocsi\w*|kotse|sasakyan|mota|carrinha|furgoneta|bike|van|truck)(?![^\W\d_]))"
    r"|רכב|سيار\w*|ماشین|خودرو|गाड़ी|कार|बाइक|स्कूटी|รถ|車|车|차"
)
# A traffic fine, in the languages of the word lists: it names the plate it was written to.
_FINE_WORDS = (
    r"multa|штраф\w*|ceza\w*|amende|strafzettel|bußgeld\w*|knöllchen|boete|mandat\w*"
    r"|pokut\w*|bírság\w*|amend[ăa]|traffic[ \t]fine|parking[ \t]ticket|speeding[ \t]ticket"
    r"|tilang|phạt[ \t]nguội"
)
_FINE_SCRIPTS = r"(?:ال)?مخالفة|קנס|جریمه|罚单|罰單|과태료|違反金"
# A plate's label that may stand far before its value: the plate words of ``_PLATE_LABEL``
# and the number of a car ("numărul mașinii", "номер машини", "बाइक का नंबर"), Italian
# "targa" with whose it is ("la targa della Panda").
_PLATE_FAR_LABEL = re.compile(
    r"(?i:(?<![^\W\d_])(?:licen[cs]e[ -]plates?|number[ -]plates?|registration(?:[ -]plates?)?"
    r"|(?:auto)?kennzeichen|nummernschild|immatriculation|matr[íi]cula|kenteken|nummerplaat"
    r"|rekisterinumero|rejestracyjn\w*|registreringsnummer|targa[ \t]{1,2}d(?:el|ella|i)"
    r"|plaque[ \t]{1,2}d(?:e|u|')"
    r"|plaka\w*|госномер|номерн\w*[ \t]{1,2}знак\w*|bi[êeể]n[ \t]{1,2}s[ốo]|placas?|patente"
    r"|rendszám\w*|spz|plat[ \t]{1,2}nomor|nopol|[îi]nmatriculare|πινακ[ίι]δ\w*(?:[ \t]{1,2}(?:αμαξ|αυτοκιν)[ιί]?\w*)?|regnummer"
    r"|num[ăa]r(?:ul)?[ \t]{1,2}ma[șş]in\w*|номер[ \t]{1,2}(?:машин|авто)\w*"
    # a traffic fine, which is sent to a plate ("a multa veio para a AX-27-QP")
    r"|"
    + _FINE_WORDS
    + r")(?![^\W\d_]))|"
    + _FINE_SCRIPTS
    + r"|לוחית[ \t]{1,2}(?:ה)?רישוי|מספר[ \t]{1,2}(?:ה)?רכב|لوحة|پلاک|प्लेट"
    r"|(?:गाड़ी|बाइक|स्कूटी|कार)[ \t]{1,2}(?:का|की)[ \t]{1,2}नंबर|ทะเบียน"
)
# A word between such a label and its value: no digit, no mark that ends a clause.
_FAR_WORD = re.compile(r"[^\s,:：;.!?。()（）\"'“”«»„]+")
_FAR_REACH = 90
_MAX_FAR_PLATES = 32
# A maker's name and a model's number, which a car's name in parentheses gives as often as
# its plate: "un coche (SEAT 600)", "the car (BMW 320)".
_MAKER_MODEL = re.compile(r"[A-Z]{2,}[ \t-][0-9]{1,4}")


def _far_plate_value(value: str) -> bool:
    """A plate far from its label: as after "plate" alone (capitals, two letters and two
    digits) or digits with one capital between them ("30E-898.78"); no group a year."""
    if any(_YEAR.fullmatch(group) for group in value.split()):
        return False
    chars = [c for c in value if c.isalnum()]
    letters = [c for c in chars if not c.isdigit()]
    return _after_plate_alone(value) or (
        6 <= len(chars) <= 14
        and len(letters) == 1
        and not letters[0].islower()
        and chars[0].isdigit()
        and chars[-1].isdigit()
    )


# A plate given first, then named: a dash, a colon or a comma, maybe a copula ("c'est",
# "è", "is"), maybe an article, then a plate's word ("GH-467-TR, c'est la plaque de la
# Clio", "GR 986 TC: è la targa della Panda", "GS-429-S is het kenteken van zijn auto").
_PLATE_THEN_LABEL = re.compile(
    r"(?<![\w-])(?P<value>[A-Z0-9](?:[A-Z0-9]|[ .·-](?=[A-Z0-9])){3,11})"
    r"[ \t]*(?:[,:：–—-][ \t]*)?"
    r"(?:(?:c['’]est|è|é|es|est|ist|is|är|er|jest|je|to|это)[ \t]+)?"
    r"(?:(?:la|le|el|il|het|de|die|das|der|the|o|a|lo)[ \t]+)?"
    r"(?i:plaque|targa|kenteken|matr[íi]cula|kennzeichen|nummernschild|placa|plate|plaka"
    r"|rendszám\w*|registreringsnummer|regnummer|number[ \t]plate|license[ \t]plate"
    r"|номер(?:ной[ \t]знак)?|госномер)(?![^\W\d_])"
)


def _plate_named_after(text: str) -> bool:
    """Whether a plate's shape (:func:`_after_plate_alone`: capitals, two letters and two
    digits at least, no group a year) is named right after it as a plate
    (``_PLATE_THEN_LABEL``), and a vehicle is named in the words that follow it."""
    for m in itertools.islice(_PLATE_THEN_LABEL.finditer(text), _MAX_FAR_PLATES):
        value = m["value"]
        if any(_YEAR.fullmatch(group) for group in value.split()) or not _after_plate_alone(value):
            continue
        own = (
            m.group().lower().endswith(("plaque", "targa", "kenteken", "kennzeichen", "rendszámú"))
        )
        if own or _VEHICLE.search(text, m.end(), m.end() + 40) is not None:
            return True
    return False


_FINE = re.compile(r"(?i:" + _FINE_WORDS + r")|" + _FINE_SCRIPTS)


def _far_plate(text: str) -> bool:
    """Whether a plate's label (``_PLATE_FAR_LABEL``) stands in the clause before a plate
    (:func:`_far_plate_value`) with words between that say it is a vehicle's ("la
    matrícula del coche de mi mujer, 8015 LDV", "biển số xe của vợ là 30E-898.78"), or a
    vehicle is named right before a plate in parentheses ("eigenes Auto (M-EV 5872)").

    The vehicles are found once; a text is read at its first 32 labels and vehicles (a
    memory names a car a few times at most), so a string of labels stays linear."""
    vehicles = list(itertools.islice(_VEHICLE.finditer(text), _MAX_FAR_PLATES))
    for m in vehicles:
        opening = re.match(r"[ \t]{0,2}[(（]", text[m.end() : m.end() + 3])
        if opening is not None:
            start = m.end() + opening.end()
            value = _plate_value(text, start)
            if (
                text[start + len(value) : start + len(value) + 1] in (")", "）")
                and _far_plate_value(value)
                and _MAKER_MODEL.fullmatch(value) is None
            ):
                return True
    starts = [m.start() for m in vehicles]
    for label in itertools.islice(_PLATE_FAR_LABEL.finditer(text), _MAX_FAR_PLATES):
        # "la targa della Panda"; a traffic fine is written to a vehicle
        own = (
            label.group().lower().startswith("targa") or _FINE.fullmatch(label.group()) is not None
        )
        at = bisect.bisect_left(starts, label.start())
        end = min(len(text), label.end() + _FAR_REACH)
        for word in _FAR_WORD.finditer(text, label.end(), end):
            if re.search(r"[.;!?。]", text[label.end() : word.start()]):
                break
            named = own or (at < len(starts) and starts[at] < word.start())
            if named and _far_plate_value(_plate_value(text, word.start())):
                return True
            if any(c.isdigit() for c in word.group()):
                break
    return False


def _plate(text: str) -> str | None:
    text = fold(text)
    for pattern, kind in (
        (_CN_PLATE, "CN"),
        (_KR_PLATE, "KR"),
        (_JP_PLATE, "JP"),
        (_IR_PLATE, "IR"),
    ):
        if pattern.search(text):
            return f"vehicle registration plate ({kind} format)"
    labels = [(_PLATE_LABEL, _after_plate_word)]
    if "plate" in text.lower():
        labels.append((_PLATE_ALONE, _after_plate_alone))
    if _HAS_PARKING_STEM(text) and _PARKING.search(text):
        labels.append((_PARKING_LABEL, _after_parking_label))
    for pattern, fits in labels:
        for label in pattern.finditer(text):
            if fits(_plate_value(text, label.end())):
                return "vehicle registration plate after a plate label"
            if pattern is _PARKING_LABEL and _plate_in_parking_list(
                text, label.start(), label.end()
            ):
                return "vehicle registration plate in a parking pass's list"
    if _far_plate(text):
        return "vehicle registration plate named in its clause"
    if _plate_named_after(text):
        return "vehicle registration plate named after it"
    if _plate_in_a_plate_memory(text):
        return "vehicle registration plate in a memory that names one"
    return None


# A code in capitals (Latin, Cyrillic or Greek) and digits, in groups a space, a dot, a
# middle dot or a hyphen apart: where a plate may stand, wherever the memory names it.
_PLATE_ANYWHERE = re.compile(
    r"(?<![\w-])(?P<value>[A-Z0-9А-ЯЁІЇЄΑ-Ω](?:[A-Z0-9А-ЯЁІЇЄΑ-Ω]|[ .·-](?=[A-Z0-9А-ЯЁІЇЄΑ-Ω])){4,11})"
    r"(?![\w-])"
)


def _plate_in_a_plate_memory(text: str) -> bool:
    """Whether a memory that names a vehicle's plate anywhere (a label of ``_PLATE_LABEL``,
    in its text, its tags or its identity: the fields are read joined) holds a plate's
    shape anywhere (:func:`_far_plate_value`: capitals with two letters and two digits at
    least, no group a year; not a maker and a model, "BMW 320", a company's code or a
    thing's number): a plate quoted, listed,
    written before its label or far from it is still the plate the memory is about
    ("Kennzeichen" as a tag, "„M-XY 4821“ steht auf dem Schild"). Read at its first 32
    codes."""
    if _PLATE_LABEL.search(text) is None:
        return False
    for m in itertools.islice(_PLATE_ANYWHERE.finditer(text), _MAX_FAR_PLATES):
        value = m["value"].strip(" .·-")
        if (
            _far_plate_value(value)
            and _MAKER_MODEL.fullmatch(value) is None
            and not company_code(text, m.start())
            and not thing_id(text, m.start())
            and not thing_named_before(text, m.start(), m.end())
            and not called_a_test_value(text, m.start(), m.end())
        ):
            return True
    return False


# ----------------------------------------------------------------------------- wallets

_BTC_LIKE = re.compile(
    r"(?<![A-Za-z0-9])(?:(?:bc|tb)1[ac-hj-np-z02-9]{8,87}|(?:BC|TB)1[AC-HJ-NP-Z02-9]{8,87}"
    r"|[13LMDTXrmn2][1-9A-HJ-NP-Za-km-z]{24,34})"
    r"(?![A-Za-z0-9])"
)
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_ETH = re.compile(r"(?<![A-Za-z0-9])0x[0-9a-fA-F]{40}(?![A-Za-z0-9])")


# Words naming what an Ethereum address holds as a deployed program: a token's or another
# smart contract, whose address is published for everyone to call.
_CONTRACT = re.compile(
    r"(?i:(?<![a-z])(?:contract|erc-?20|erc-?721|token[ \t]+address))[^.\n]{0,28}$|合约[^。\n]{0,12}$"
    r"|コントラクト[^。\n]{0,12}$"
)


def _crypto_wallet(text: str) -> str | None:
    for m in _ETH.finditer(text):
        # EIP-55 checksums need Keccak, which the standard library lacks; the shape
        # "0x" + 40 hex digits is an Ethereum-style address (or a raw 160-bit hash) either way.
        if _CONTRACT.search(text, max(0, m.start() - 40), m.start()):
            continue  # "the ERC-20 contract address is 0x…": a program on the chain, no one's wallet
        return "Ethereum address"
    for m in _BTC_LIKE.finditer(text):
        address = m.group(0)
        if _valid("bitcoin", address):
            return "Bitcoin address (stdnum.bitcoin)"
        if _segwit(address):
            return "Bitcoin address (Bech32/Bech32m)"
        if _base58check(address):
            return "cryptocurrency address (Base58Check)"
    return None


def _segwit(address: str) -> bool:
    """A SegWit address of Bitcoin's main or test network (BIP-173 Bech32 for witness
    version 0, BIP-350 Bech32m for later ones): stdnum checks only the main network's
    Bech32. Its checksum function does the arithmetic."""
    from stdnum.bitcoin import bech32_checksum

    address = address.lower()
    hrp = address[:2]
    if hrp not in ("bc", "tb") or address[2] != "1" or len(address) < 11:
        return False
    data = [_BECH32.index(c) for c in address[3:]]
    if data[0] > 16:
        return False
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    return bech32_checksum(expanded + data) == (1 if data[0] == 0 else 0x2BC830A3)


def _base58check(address: str) -> bool:
    import base58

    alphabet = base58.XRP_ALPHABET if address[0] == "r" else base58.BITCOIN_ALPHABET
    try:
        payload = base58.b58decode_check(address, alphabet=alphabet)
    except ValueError:
        return False
    return len(payload) in (21, 22)  # version byte(s) + a 20-byte public-key hash


# Six digits in a row (single separators allowed), in any script's digits: NFKC folds them.
_SIX_DIGITS = r"\d(?:[ \-./\u00ad\u200b-\u200d\u2060\ufeff]?\d){5}"


def national_id_detector() -> FunctionDetector:
    # Six digits in a row (single separators), or a letter-digit token of eight or more:
    # every rule of ``_national_id`` needs one of them.
    return guarded(
        "national_id",
        RejectCode.SENSITIVE,
        _national_id,
        r"\d(?:[ .\-/+]?\d){5}|(?<![A-Za-z0-9])(?=[A-Za-z0-9.-]{8})[A-Za-z0-9.-]{0,24}(?:[A-Za-z][0-9]|[0-9][A-Za-z])",
    )


def identifier_code_detector() -> FunctionDetector:
    return guarded(
        "identifier_code",
        RejectCode.SENSITIVE,
        _unexplained_code,
        r"[A-Z0-9]{8}",
    )


def payment_card_detector() -> FunctionDetector:
    return guarded("payment_card", RejectCode.SENSITIVE, _payment_card, _SIX_DIGITS)


def bank_account_detector() -> FunctionDetector:
    iban = re.compile(r"[A-Za-zＡ-ｚ]{2}\d{2}")

    def may_hold(text: str) -> bool:  # an IBAN's country and check digits, or an account
        if iban.search(text) is not None:
            return True
        lowered = text.lower()
        return (
            _HAS_ACCOUNT_WORD(text)
            or _NRB.search(text) is not None
            or _HU_ACCOUNT.search(text) is not None
            or ("бик" in lowered or "bik" in lowered)
        )

    return FunctionDetector("bank_account", RejectCode.SENSITIVE, _bank_account, may_hold)


def id_document_detector() -> FunctionDetector:
    return guarded(
        "id_document",
        RejectCode.SENSITIVE,
        _id_document,
        _DOCUMENT_WORDS,
    )


def vehicle_plate_detector() -> FunctionDetector:
    return FunctionDetector("vehicle_plate", RejectCode.SENSITIVE, _plate, _may_hold_plate)


def crypto_wallet_detector() -> FunctionDetector:
    return guarded(
        "crypto_wallet",
        RejectCode.SENSITIVE,
        _crypto_wallet,
        r"[1-9A-HJ-NP-Za-km-z]{25}|0x[0-9a-fA-F]{40}|(?:bc|tb)1[a-z0-9]{20}",
    )
