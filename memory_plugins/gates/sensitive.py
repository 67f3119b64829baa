"""The ``sensitive`` gate: personal identifiers that must never become a memory.

Its detectors are registered in :mod:`memory_plugins.gates.detectors`: validated national
identity, social-security and tax numbers, payment cards, IBANs, passport and
driving-licence numbers and crypto wallets (:mod:`~memory_plugins.gates.identifiers`,
on python-stdnum), e-mail addresses and phone numbers
(:mod:`~memory_plugins.gates.contact`, on email-validator and phonenumbers). Prices,
dates, versions, postcodes, ISBNs, ports, order numbers and numbers failing their check
digit pass. :func:`find_sensitive` runs every default ``sensitive`` detector.

>>> find_sensitive(["身份证号 11010519491231002X"])
'national_id: cn.ric (RIC No. (Chinese Resident Identity Card Number))'
>>> find_sensitive(["runs 5 km a day", "budget is 5000 yuan per month"]) is None
True
"""

from collections.abc import Sequence

from memory_plugins.gates.codes import RejectCode
from memory_plugins.gates.detectors import default_detectors, find_with
from memory_plugins.gates.textfold import fold

__all__ = ["find_sensitive"]


def find_sensitive(strings: Sequence[str]) -> str | None:
    """The detail of the first personal identifier found in ``strings``, or ``None``.

    >>> find_sensitive(["card 4111 1111 1111 1111"])
    'payment_card: payment card number (Luhn)'
    >>> find_sensitive(["card 4111 1111 1111 1112"]) is None  # fails Luhn
    True
    """
    found = find_with(default_detectors(RejectCode.SENSITIVE), [fold(s) for s in strings])
    return None if found is None else found.detail
