"""Reference numbers users mention in passing are kept; a personal identifier beside one is not.

The values are made up for these tests in the general shapes of their kinds (the ISNIs and
VINs carry correct check characters); none of them comes from the detection corpora.
"""

import pytest

from memory_plugins.gates.runtime import find_runtime_data
from memory_plugins.gates.sensitive import find_sensitive

ISNI = "0000-0003-4712-8565"  # ISO 7064 MOD 11-2 check digit 5
VIN = "3FAHP0HA7AR207715"  # ninth character 7 checks the rest

KEPT = [
    f"The user's ORCID is {ISNI}.",
    f"用户的 ORCID 是 {ISNI}。",
    "The user's ORCID iD: https://orcid.org/0000-0002-9165-0177",
    "The author's ISNI is 0000 0002 9165 0177.",
    f"The user's car has VIN {VIN}.",
    f"用户的车架号 {VIN}。",
    "The user's VIN is WAUZZZ8K9BA061234, from the registration papers.",
    "The user's photo is IMG_20230817_174233.jpg in the shared album.",
    "用户的照片文件 IMG_20230817_174233.jpg 在相册里。",
    "The user keeps the clip as VID_20221109_083015.mp4.",
    "The user's invoice BILL-2023-004871 is paid.",
    "用户的发票号 FP-2022-118834 已付款。",
    "The user's contract no. AGR-2021-77315 renews in May.",
    "The user's server is ec2-18-204-77-31.compute-1.amazonaws.com.",
    "用户的服务器主机名 ec2-18-204-77-31.compute-1.amazonaws.com。",
    "The user's API listens on ec2-52-114-33-98.us-west-2.compute.amazonaws.com:8080",
    "The user deploys with ssh ubuntu@ec2-18-204-77-31.compute-1.amazonaws.com",
]


@pytest.mark.parametrize("text", KEPT)
def test_a_file_host_document_author_or_vehicle_reference_is_kept(text: str) -> None:
    assert find_sensitive([text]) is None, text
    assert find_runtime_data([text]) is None, text


REFUSED = [
    # a Chinese resident ID (check digit and birth date) beside or inside each reference
    f"The user's ORCID is {ISNI}; 身份证号 11010519491231002X.",
    "The user's scan 11010519491231002X.pdf is on the desktop.",
    "用户的照片 IMG_20230817_174233.jpg，身份证号 11010519491231002X。",
    "The user's invoice BILL-2023-004871 went to tax id 11010519491231002X.",
    f"The user's VIN is {VIN} and passport number C03005988.",
    "The user's server is ec2-18-204-77-31.compute-1.amazonaws.com, card 4111 1111 1111 1111.",
    # the same shapes without what makes them a reference
    "The user's tax id is 0000-0003-4712-8566.",  # wrong MOD 11-2 check digit
    "The user's ID is 1234-5678-9012-3456.",  # four groups of four not from the ISNI block
    "Remember 3FAHP0HA1AR207715 for the form.",  # a VIN's shape with a wrong check digit
    "The user's e-mail is ann.lee@example.com.",
]


@pytest.mark.parametrize("text", REFUSED)
def test_a_personal_identifier_beside_a_reference_is_still_refused(text: str) -> None:
    assert find_sensitive([text]) is not None, text


# Numbers named right before as a quantity or a machine's value, and Unix times (seconds or
# milliseconds) named as times, by a key or the words before them. Each number also passes a
# weak tax-number check (a German Steuernummer, a UK UTR).
NAMED_VALUES = [
    'The user\'s upload API answered {"id": "up_7", "size": 1717171717}.',
    "The user's consumer is stuck at Kafka offset 1717171717.",
    "The user's crashed worker had pid=1717171717 and max_retries=1717171717.",
    'The user\'s S3 listing shows "fileSize": 1717171717 for the backup.',
    "The user's file system reports inode 1717171717 as corrupt; the checksum is 1516239022.",
    "用户的 Kafka 消费偏移 1717171717 之后的数据丢了，进程号是 1516239022。",
    "用户的接口日志：创建时间：1717171717，文件大小 1516239022。",
    'The user\'s webhook event reads {"id": "evt_1", "created": 1717171717}.',
    'The user decoded the test JWT: {"sub": "42", "iat": 1516239022, "exp": 1716239022}.',
    "The user's log line: created_at=1699999999 status=ok",
    'The user\'s API returns "updatedAt": 1717171717123 for each row.',
    "The user's webhook failed with header t=1717171717 and a stale signature.",
    "The user's session token expires at 1717171717.",
]


@pytest.mark.parametrize("text", NAMED_VALUES)
def test_a_quantity_or_a_unix_time_named_so_is_kept(text: str) -> None:
    assert find_sensitive([text]) is None, text


@pytest.mark.parametrize(
    "text",
    [
        "The user's note: 1717171717",  # nothing names a quantity or a time
        "The user's note: Max 1717171717",  # a name, not a maximum
        "用户的税号是 1717171717。",  # a tax number's label
        "用户的日志：时间：3000000000",  # past 2038
        "The user's tax number is 1717171717.",  # a tax number's label
        "The user's log line: created_at=3000000000",  # past 2038: no Unix time written now
        "The user's log line: created_at=1717171717, 身份证号 11010519491231002X",
        "The user's passport number 1717171717 has size 1 on the form.",  # named before
    ],
)
def test_a_number_not_named_so_is_still_judged_as_an_identifier(text: str) -> None:
    assert find_sensitive([text]) is not None, text


# A record of a payment or messaging system, named in prose by its kind: an id, no secret.
@pytest.mark.parametrize(
    "text",
    [
        "The user's payment intent pi_3MtwBwLkdIwHu7ix28a3tqPa failed at 3-D Secure.",
        "The user's refund went through for charge ch_3MmlLrLkdIwHu7ix0snN0B15.",
        "The user's webhook received event evt_1NG8Du2eZvKYlo2CUI79vXWy twice.",
    ],
)
def test_an_object_id_named_by_its_kind_is_kept(text: str) -> None:
    assert find_runtime_data([text]) is None, text


@pytest.mark.parametrize(
    "text",
    [
        # the last word before the value names a secret
        "The user's payment intent client secret is "
        "pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH.",
        "The user's payment token tok_1MtwBwLkdIwHu7ix9Qz2aBcD3eFgHi is in the log.",
    ],
)
def test_a_secret_named_after_the_kind_is_still_refused(text: str) -> None:
    assert find_runtime_data([text]) is not None, text


# Ten-digit numbers made up for these tests with a correct mod-11 check digit: the check
# of a UK NHS number and of a ten-digit ISBN alike, so each is valid as both.
NHS_AND_ISBN = ("4857773430", "7120445839")


@pytest.mark.parametrize("number", NHS_AND_ISBN)
def test_a_ten_digit_isbn_check_alone_explains_no_number(number: str) -> None:
    for text in (
        f"用户说下次去医院挂号时用 {number}。",
        f"Keep {number} handy, the user needs it at the clinic.",
    ):
        assert find_sensitive([text]) is not None, text
    for text in (
        f"The user's favourite novel is {number}.",
        f"The user bought the paperback with ISBN {number}.",
        f"用户在读的那本书 {number} 很好看。",
    ):
        assert find_sensitive([text]) is None, text


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        # Digits and one letter that is also a hex digit: a document's number, not a hash.
        ("Keep 15070649C103 on file.", True),
        ("用户说下次办手续时用 15070649C103。", True),
        # Hex digits with their letters spread: a hash or a key's fingerprint.
        ("The user's CI artifact 9D41A2C7F3B0 passed the scan.", False),
        ("The user's container image digest starts 3F2A9C1B7D4E8A60.", False),
    ],
)
def test_one_hex_letter_among_digits_reads_as_an_identifier_not_a_hash(
    text: str, refused: bool
) -> None:
    assert (find_sensitive([text]) is not None) is refused, text


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        # Eighteen digits no check accepts and no word explains: an identifier's length.
        ("Keep 219783319248912405 handy, the user needs it for the bank.", True),
        ("用户说下次办手续时用 014794394376653741。", True),
        # A thing's number named right before it.
        ("用户的支付宝交易号 201812345678901234", False),
        ("用户的银行流水号是 201812345678901234。", False),
        ("用户的快递单号是 773012345678901234。", False),
    ],
)
def test_an_unexplained_eighteen_digit_number_counts(text: str, refused: bool) -> None:
    assert (find_sensitive([text]) is not None) is refused, text


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        # A thing's own number named right before it, though a phone word stands near.
        ("Contact support with ticket 48213377", False),
        ("Call the airline about booking 48213377", False),
        ("Ring the office about room 4821337", False),
        # The phone beside it still counts.
        ("Call the hotel, room 4821337, or my cell 0151 23456789", True),
    ],
)
def test_a_things_number_near_a_phone_word_is_no_phone(text: str, refused: bool) -> None:
    assert (find_sensitive([text]) is not None) is refused, text


CHAT_THINGS = [
    "The bot posts in channel 812345678901234567.",  # a Discord snowflake
    "The Discord server 812345678901234567 is the team's.",
    "用户的QQ群号是812345678。",
    "用户的 Discord 频道 812345678901234567 用来发通知。",
]


@pytest.mark.parametrize("text", CHAT_THINGS)
def test_a_chat_channels_server_or_threads_number_is_that_things(text: str) -> None:
    assert find_sensitive([text]) is None, text


def test_a_persons_number_near_a_chat_word_is_still_refused() -> None:
    assert find_sensitive(["用户在群里说他的证件号 812345678"]) is not None


def test_a_validators_test_input_is_no_ones_number() -> None:
    text = (
        "The SSN validator must reject 078-05-1120 (the voided Woolworth wallet number) "
        "and 123-45-6789; both are in the negative test list."
    )
    assert find_sensitive([text]) is None
    # The same placeholder numbers given as the user's own are still refused.
    assert find_sensitive(["The user's SSN is 078-05-1120."]) is not None


THING_CODES = [
    "The app shows error code 412345678.",
    "The user's referral code is 412345678.",
    "The user's coupon code 412345678 expires Friday.",
    "The user's Nintendo friend code is SW-4123-4567-8901.",
    "用户的邀请码是 412345678。",
    "用户的取件码是 41234567。",
]


@pytest.mark.parametrize("text", THING_CODES)
def test_a_code_named_for_what_it_is_for_is_kept(text: str) -> None:
    assert find_sensitive([text]) is None, text


@pytest.mark.parametrize(
    "text",
    [
        "The user's door code is 412345678.",  # opens a door: not a thing's public code
        "The user's promo code is 412345678 and SSN 412-34-5678.",  # the SSN still counts
    ],
)
def test_a_code_that_opens_something_or_a_number_beside_is_refused(text: str) -> None:
    assert find_sensitive([text]) is not None, text


@pytest.mark.parametrize(
    "text",
    [
        "The user's bike frame number is WTU123456789.",
        "用户的电表号是 0012345678。",
        "The user's lottery numbers are 04 11 23 35 42 49.",
        "用户买大乐透总选 03 11 19 27 35 + 04 09。",
    ],
)
def test_a_bicycles_a_meters_or_a_lotterys_numbers_are_kept(text: str) -> None:
    assert find_sensitive([text]) is None, text


def test_the_same_digits_as_the_users_phone_are_refused() -> None:
    assert find_sensitive(["The user's phone is 04 11 23 35 42 49."]) is not None


@pytest.mark.parametrize(
    "text",
    [
        "The user's bank: sort code 12-34-56, account 31926819.",
        "The user's routing number 021000021, account 1234567890.",
        "The user's checking account 31926819 is at Chase.",
        "用户的开户行是招商银行，账号 6214830123456789。",
        "ユーザーの口座番号は 1234567 です。",
        "사용자의 계좌번호는 110-123-456789 입니다.",
    ],
)
def test_a_bank_accounts_number_named_or_beside_its_banks_code_is_refused(text: str) -> None:
    found = find_sensitive([text])
    assert found is not None and found.startswith("bank_account: "), found


@pytest.mark.parametrize(
    "text",
    [
        "The user's AWS account 123456789012 is billed to the bank card.",
        "The user's account 31926819 at the gym.",
        "ユーザーの会員番号は 1234567 です。",  # a membership's number
    ],
)
def test_another_services_account_is_no_bank_account(text: str) -> None:
    found = find_sensitive([text])
    assert found is None or not found.startswith("bank_account: "), found


@pytest.mark.parametrize(
    "text",
    [
        "사용자는 서울시 강남구 테헤란로 123, 456호에 산다.",
        "Пользователь живёт на ул. Ленина, д. 12, кв. 34.",
        "ユーザーは東京都渋谷区神南1-2-3に住んでいる。",
    ],
)
def test_a_home_address_in_korean_russian_or_japanese_is_refused(text: str) -> None:
    found = find_sensitive([text])
    assert found is not None and found.startswith("street_address: "), found


@pytest.mark.parametrize(
    "text",
    [
        "회사는 테헤란로 123에 있다.",  # the company's, nobody lives there
        "Офис компании на ул. Ленина, д. 12.",
        "ユーザーの会社は神南1-2-3にある。",
        "用户家在第1-2-3组。",  # hyphens in Chinese: a group's number, not chōme
    ],
)
def test_an_office_address_or_a_groups_number_is_kept(text: str) -> None:
    assert find_sensitive([text]) is None, text


@pytest.mark.parametrize(
    "text",
    [
        "Il mio cellulare è 347 123 4567.",
        "Мой телефон 8 (912) 345-67-89.",
        "Mijn telefoonnummer is 06-12345678.",
        "Số điện thoại: 0912 345 678.",
        "Nomor HP saya 0812-3456-7890.",
    ],
)
def test_a_phone_named_in_italian_dutch_russian_vietnamese_or_indonesian_is_refused(
    text: str,
) -> None:
    found = find_sensitive([text])
    assert found is not None and found.startswith("phone_number: "), found
