"""What the words around a value say it is, when that decides whether it is personal.

Pure functions of a folded text and a value's place in it, shared by the identifier
detectors (:mod:`~memory_plugins.gates.identifiers`, :mod:`~memory_plugins.gates.labelled`):

* :func:`company_code` — a business's code named as a company's ("… GmbH, VAT ID …",
  "用户公司的统一社会信用代码"): the company's, not a person's;
* :func:`called_a_test_value` — a published test value the words call a test or an
  example one ("Stripe's test card 4242 …"): no one's.

>>> company_code("Nordlicht Software GmbH, VAT ID DE515136060", 32)
True
>>> company_code("The user's own VAT number is DE515136060", 29)
False
>>> called_a_test_value("checkout tests use the card 4242 4242 4242 4242", 28, 47)
True
"""

import re

__all__ = ["called_a_test_value", "company_code", "names_a_company"]

# A business's own code named right before a number, and a word saying the business is a
# company: "Nordlicht Software GmbH, VAT ID DE…", "用户公司的统一社会信用代码是 …". The code
# is the company's (a personal identifier's cues, a passport or an SSN, are none of these).
_BUSINESS_CODE = re.compile(
    r"(?i:(?<![a-z])(?:vat|tva|iva|mwst|btw|ust(?:-?id(?:nr)?)?|cif|siren|siret|uid|ein|abn"
    r"|acn|crn|uen|gstin|company[ \t]+(?:number|no|registration)|registration[ \t]+(?:number|no))"
    r"(?![a-z])[^\n]{0,16}$)|(?:统一社会信用代码|税号|营业执照号?)[^\n]{0,8}$"
)
_COMPANY = re.compile(
    r"(?<![A-Za-z])(?:GmbH|AG|KG|Ltd|Limited|LLC|Inc|Corp|Corporation|PLC|plc|SAS|SARL|SpA"
    r"|S\.p\.A|S\.r\.l|S\.[AL]|B\.?V|N\.?V|Oy|AB|A/S|ApS|Pty|K\.?K"
    r"|(?i:company|firm|vendor|supplier|société|empresa|firma|unternehmen))(?![A-Za-z])"
    r"|公司|企业|集团"
)


# Words that call a value a test or an example ("Stripe's test card", "fixtures use",
# "测试卡号", "the documented example").
_TEST_WORDS = re.compile(
    r"(?i:(?<![a-z])(?:tests?|testing|fixtures?|sandbox|examples?|samples?|dummy|fake|mock"
    r"|mocked|documented)(?![a-z]))|测试|示例|样例|沙箱|虚构"
)


def called_a_test_value(text: str, start: int, end: int) -> bool:
    """Whether the words around ``start:end`` (60 characters each side, the value itself
    left out) call the value a test or an example one: what a published test value (a
    processor's test card, a documentation domain) needs before it counts as no one's."""
    return (
        _TEST_WORDS.search(text, max(0, start - 60), start) is not None
        or _TEST_WORDS.search(text, end, min(len(text), end + 60)) is not None
    )


def names_a_company(text: str) -> bool:
    """Whether ``text`` names a company anywhere: where :func:`company_code` can hold."""
    return _COMPANY.search(text) is not None


def company_code(text: str, start: int) -> bool:
    """Whether the number at ``start`` is named as a company's business code: a business
    code's label right before it and a company named before that label."""
    label = _BUSINESS_CODE.search(text, max(0, start - 40), start)
    return (
        label is not None and _COMPANY.search(text, max(0, label.start() - 64), start) is not None
    )
