"""Words that say a number is a thing's, not a person's, and the IBANs a text holds.

Read by the identifier, phone and labelled-value detectors alike (one list, so that a
number one detector reads as an order's is one for all):

* ``PURPOSE`` — the words that say what a long number is for: an order, a parcel, a
  ticket, a meeting, a product, a quantity, in the languages of the word lists;
* :func:`thing_named_before` — such a word right before a value, or within it;
* :func:`blank_ibans` — a text with its IBANs blanked, whose groups the bank-account
  detector judges and no other detector reads as a number.

>>> thing_named_before("PNR 6867137806", 4, 14)
True
>>> blank_ibans("IBAN GB82 WEST 1234 5698 7654 32 ok").split()
['IBAN', 'ok']
"""

import re
from functools import lru_cache

from memory_plugins.gates.textfold import span_within

__all__ = [
    "IBAN",
    "OWNER",
    "POSTCODE_CJK",
    "POSTCODE_LATIN",
    "PURPOSE",
    "PURPOSE_BEFORE",
    "blank_ibans",
    "purpose_within",
    "thing_named_after",
    "thing_named_before",
]

# Words that say a long number is something other than a personal identifier: a
# reference of a purchase, a ticket or a membership, a product, publication or software
# code, a vehicle's number, a time, a quantity.
# The words that name a postcode: what ``PURPOSE`` counts and the identifiers' postcode
# label reads.
# (Brazil's "CEP" in capitals only: Turkish "cep" is a mobile)
POSTCODE_LATIN = r"post\s?codes?|postal\s+codes?|zip(?:\s?codes?)?|postleitzahl|plz|(?-i:CEP)"
POSTCODE_CJK = "邮编|邮政编码|郵便番号|우편번호"
PURPOSE = re.compile(
    # whole words of any script: "g" (grams) is no word inside "găsești"
    r"(?<![^\W\d_])(?:orders?|invoices?|receipts?|tracking|parcels?|packages?|shipments?"
    # a meeting's or a conference call's number, a bank's routing number (us.rtn is no
    # identifier either)
    r"|meetings?|webinars?|conference|routing|projects?|contracts?"
    r"|waybills?|booking|reservations?|confirmation|tickets?|transactions?|payments?|serial|models?"
    r"|parts?|sku|items?|products?|barcode|builds?|versions?|releases?|commits?|issues?"
    r"|ports?|timestamps?|epoch|unix\s+time|ms|milliseconds|seconds|bytes|[kmgt]i?b"
    r"|views|downloads|followers|likes|subscribers|visitors|residents|people|population"
    r"|rows|records|steps|met(?:er|re)s|km|miles|g|grams|kg|lbs?|ml|lit(?:er|re)s|dollars|euros|pounds|yuan|rmb|yen|rupees"
    r"|won|usd|eur|gbp|cny|jpy|inr|isbn|issn|ismn|ean|upc|gtin|doi|isin|imei|mac|eui|library"
    r"|members?|membership|loyalty|vins?|vehicles?|chassis"
    # a chat platform's channel, server or thread (a Discord snowflake is 17-19 digits)
    r"|channels?|guilds?|servers?|threads?|webhooks?"
    # a thing's own serial: a bicycle's frame, a utility's meter; numbers a lottery draws
    r"|frames?|meters?|lottery|lotto|powerball|euromillions|bingo|keno|raffle"
    # a cloud account's number (an AWS account id is twelve digits, published in every ARN)
    r"|aws[_ -]?account(?:[_ -]?ids?)?|aws[_ -]?account[_ -]?(?:number|no)"
    # a bank's own code, not an account's: SWIFT/BIC, the Russian BIK
    r"|bic|swift|bik|бик"
    # parcels and orders in the other languages of the word lists
    r"|sendungs?\w*|paket\w*|bestel\w*|colis|suivi|commande|seguimiento|rastreo|pedidos?"
    r"|paquetes?|tracciamento|spedizion[ei]|ordine|pacco|rastreio|rastreamento|encomendas?"
    # and in Dutch, Polish, Turkish, Indonesian and Vietnamese; a product's serial number in
    # French, Spanish, Italian, German
    r"|bestelling\w*|zending\w*|factuur|track[ \t-]?(?:&|and|en)[ \t-]?trace\w*"
    # an invoice in French, Spanish, Romanian, Italian and German
    r"|factur\w*|fattur\w*|rechnung\w*"
    r"|zamówieni\w*|przesyłk\w*|paczk\w*|faktur\w*|sipariş\w*|kargo\w*|fatura\w*|takip"
    r"|pesanan|resi|tagihan|đơn(?:[ \t]+hàng)?|vận[ \t]+đơn|hóa[ \t]+đơn|s[ée]rie|seriale"
    r"|seriennummer"
    # and in Romanian, Portuguese, Spanish (Mexico), Swedish, Greek; a train booking's PNR
    r"|comand\w*|colet\w*|encomenda|gu[ií]a|ocr|pnr|αποστολ\w*|παραγγελ\w*|δέμα\w*"
    # an air waybill, a parcel's tracking in Polish; a bill or an invoice and a serial
    # number in Hungarian
    r"|awb(?:-ul)?|śledzeni\w*|száml\w*|sorszám\w*|csomag\w*|rendelés\w*"
    # a courier's name: what it carries is numbered by it ("GLS-es csomag", "CJ대한통운으로")
    r"|(?-i:DHL|UPS|FedEx|GLS|DPD|TNT|USPS|InPost|PostNL|CDEK|СДЭК|Aramex|SMSA|Delhivery)"
    r"|" + POSTCODE_LATIN + r")(?![^\W\d_])"
    r"|заказ|посылк|отправлени|трек-?номер|накладн"
    # (Arabic "order" also with a possessive suffix: طلبه, طلبي, طلبها)
    r"|الشحنة|شحنة|الطلب|طلبية|طلب[هيك]|طلبها|طلبنا|الفاتورة|فاتورة|التتبع|سفارش|مرسوله|رهگیری|کد\s+پستی"
    r"|ऑर्डर|पीएनआर|ใบสั่งซื้อ|พัสดุ|เลขพัสดุ"
    r"|송장|운송장|택배|대한통운|한진택배|로젠택배|주문|추적|ヤマト|佐川|顺丰|順豐|伝票|追跡|注文|荷物|配送"
    r"|商户|商家|店铺|应用|小程序|公众号"
    r"|订单|单号|快递|运单|物流|发票|票号|工单|交易|流水|字节|时间戳|版本|序列号|型号|条码|元|人民币|步|人次"
    r"|会议|项目|合同|工程"
    r"|车架号|车辆识别|底盘号"
    r"|会员|积分|频道|服务器|群(?=号)|电表|水表|燃气表|气表|车架|彩票|双色球|大乐透|七星彩|福彩|体彩|红球|蓝球|"
    + POSTCODE_CJK,
    re.IGNORECASE,
)

# How far before a number ``PURPOSE`` is looked for.
PURPOSE_BEFORE = 32


@lru_cache(maxsize=4)
def _purpose_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Where ``text`` names what a number is for (``PURPOSE``): found once per text, so a
    text of many numbers stays linear."""
    return tuple(m.span() for m in PURPOSE.finditer(text))


def purpose_within(text: str, low: int, high: int) -> tuple[int, int] | None:
    """The span of the first word of ``PURPOSE`` wholly inside ``text[low:high]``, or None."""
    return span_within(_purpose_spans(text), low, high)


def thing_named_before(text: str, start: int, end: int) -> bool:
    """Whether a word right before the value at ``start:end``, or within it, says what it
    is for (an order, a booking, a quantity: ``PURPOSE``)."""
    return PURPOSE.search(text, max(0, start - PURPOSE_BEFORE), end) is not None


# Between a value and the word after it that says what it is for: an apposition's mark or
# a copula, then at most two short words ("… is het bestelnummer", "… e AWB-ul", "…, the
# tracking number"); not any words ("… when booking": what the user did).
_TO_THING_AFTER = re.compile(
    r"[ \t]{0,2}(?:[,—–(:-]|[ \t](?i:is|was|are|e|é|è|es|est|ist|är|er|je|jest|este|là|adalah"
    r"|ialah|ay|είναι|это|це)(?![^\W\d_])|[ \t]{0,2}(?:是|为|は|는|은|이다))"
    r"(?:[ \t]{1,2}[^\W\d_]{1,4}){0,2}[ \t]{0,2}"
)
PURPOSE_AFTER = 32
# Whose a value is, said between it and the word after it: the speaker's or someone's own.
OWNER = re.compile(
    r"(?i:(?<![^\W\d_])(?:my|mine|his|her|their|mitt|min|mina|mi|mis|mein\w*|mon|ma|mes|mio|mia"
    r"|moj\w*|mój|moja|benim|onun|saya|aku|meu|minha|seu|sua|sein\w*|ihr\w*|son|sa|ses|suo|sua"
    r"|zijn|haar|mijn)(?![^\W\d_]))|мой|моя|мои|мій|його|її|我的|他的|她的|私の|내|제"
)


def thing_named_after(text: str, end: int) -> bool:
    """Whether the value ending at ``end`` is then called a thing's (``PURPOSE``) by a word
    right after an apposition's mark or a copula and at most two short words: "1000438291077
    is het bestelnummer van de stofzuiger", "2300918845127 e AWB-ul Fan Courier"; not
    "… (0612457898) when booking", nor "199109242397 är mitt pnr" (the speaker's own)."""
    between = _TO_THING_AFTER.match(text, end, end + PURPOSE_AFTER)
    if between is None or OWNER.search(text, end, between.end()) is not None:
        return False
    return PURPOSE.match(text, between.end()) is not None


IBAN = re.compile(
    r"(?<![A-Za-z0-9])[A-Za-z]{2}[0-9]{2}(?:[ -]?[A-Za-z0-9]{4}){2,7}(?:[ -]?[A-Za-z0-9]{1,3})?"
    r"(?![A-Za-z0-9])"
)


def blank_ibans(text: str) -> str:
    """``text`` with every IBAN blanked, valid or written in the IBAN's print form (groups of
    four after the country and check digits, "GB82 WEST 1234 5698 7654 33"): its groups are
    no national number; the bank-account detector judges a valid one."""
    if not IBAN.search(text):
        return text
    return IBAN.sub(
        lambda m: (
            " " * len(m.group())
            if _PRINT_FORM.fullmatch(m.group()) or _valid_iban(m.group().upper())
            else m.group()
        ),
        text,
    )


_PRINT_FORM = re.compile(r"[A-Z]{2}[0-9]{2}(?: [A-Z0-9]{4}){3,7}(?: [A-Z0-9]{1,3})?")


def _valid_iban(number: str) -> bool:
    from stdnum import iban

    try:
        return bool(iban.is_valid(number))
    except Exception:  # a library's own bug on odd input is a "no"
        return False
