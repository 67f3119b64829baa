"""An e-mail address spelt out so that no scraper reads it is still an address.

The addresses are made up for these tests.
"""

import pytest

from memory_plugins.gates.sensitive import find_sensitive

SPELT = [
    "The user's email is ann.lee [at] fjordmail [dot] org",
    "ann(at)fjordmail.com is where the user reads mail.",
    "The user's email is john dot smith at gmail dot com",
    "email me at johnsmith at gmail dot com",
    "Reach the user at jsmith99 at yahoo.co.uk",
    "Contact: j.doe at acme.co.uk",
    "用户的邮箱是 zhang.wei [at] 163 [dot] com",
]


@pytest.mark.parametrize("text", SPELT)
def test_an_address_spelt_out_is_refused(text: str) -> None:
    assert find_sensitive([text]) == "email_address: e-mail address (spelt out)", text


KEPT = [
    "The user works at Booking.com",  # a company's name that is a web address
    "I work at Google dot com",  # a word before "at", no mail named
    "Download v2.0 at github.com/acme/tool",  # a release
    "The user runs Python 3.12 at python.org's recommendation.",
    "The meeting is at 10.30 in room 4.12",
    "Fixture user jane [at] example [dot] com is a test account",  # reserved, called a test
]


@pytest.mark.parametrize("text", KEPT)
def test_a_place_a_release_or_a_test_address_is_kept(text: str) -> None:
    assert find_sensitive([text]) is None, text
