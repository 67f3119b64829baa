"""The S2 content detectors, one at a time: what they catch and the look-alikes they let pass."""

import base64
import json

import pytest

from memory_plugins.candidate import Identity
from memory_plugins.gates.identity import find_identity_problem
from memory_plugins.gates.placeholder import find_placeholder
from memory_plugins.gates.runtime import find_runtime_data
from memory_plugins.gates.sensitive import find_sensitive
from memory_plugins.gates.transcript import find_transcript


def _b64(data: dict[str, str]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


JWT = f"{_b64({'alg': 'HS256', 'typ': 'JWT'})}.{_b64({'sub': '42'})}.SflKxwRJSMeKKF2QT4fwpMeJf36P"
NOT_A_JWT = f"{_b64({'typ': 'JWT'})}.{_b64({'sub': '42'})}.SflKxwRJSMeKKF2QT4fwpMeJf36P"

# Benign memories from the brief: no detector may fire on any of them.
BENIGN = [
    "the user loves chocolate chip cookies",
    "uses a password manager (1Password)",
    "runs 5 km a day",
    "budget is 5000 yuan per month",
    "was born in 1990",
    "prefers token-based auth design discussions",
    "works on session cookies in the browser team",
    "order number 20240315001234",
    "has an iPhone 15",
    "Python 3.11.7",
    "ISBN 978-7-5442-4741-7",
    "ISBN 9787544247417",
    "anniversary on 2015-06-20",
    "postcode 100080",
    "membership 4111 1111 1111 1112",
    "record 110101199003071235",
    "keeps secrets in Vault",
    "用户喜欢吃曲奇饼干",
    "用户每天跑步5公里",
    "预算每月5000元",
]


@pytest.mark.parametrize("text", BENIGN)
def test_benign_memories_pass_every_detector(text: str) -> None:
    assert find_sensitive([text]) is None
    assert find_runtime_data([text]) is None
    assert find_transcript([text]) is None
    assert find_placeholder([text]) is None


# ----------------------------------------------------------------------------- sensitive


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("身份证号 11010519491231002X", "national_id"),
        ("id 11010519491231002x", "national_id"),
        ("证件 １１０１０５１９４９１２３１００２Ｘ", "national_id"),
        ("旧身份证 110105491231002", "national_id"),
        ("SSN 536-90-4399", "national_id"),
        ("social security number 536 90 4399", "national_id"),
        ("card 4111 1111 1111 1111", "payment_card"),
        ("5555-5555-5555-4444", "payment_card"),
        ("3782 822463 10005", "payment_card"),
        ("卡号 1234567812345670", "payment_card"),
        ("DE89 3704 0044 0532 0130 00", "bank_account"),
        ("GB82WEST12345698765432", "bank_account"),
        ("passport no. E12345678", "id_document"),
        ("护照号码是G12345678", "id_document"),
        ("手机13800138000", "phone_number"),
        ("+86 139-1234-5678", "phone_number"),
        ("call +1 (415) 555-0132", "phone_number"),
        ("office 415-555-0132", "phone_number"),
        ("mail ann.lee@example.co.uk", "email_address"),
        ("邮箱 ann＠example.com", "email_address"),
        ("邮箱 ann﹫example.com", "email_address"),
        ("13800\u200b138000", "phone_number"),
        ("携帯 090-1234-5678", "phone_number"),
        ("用户的主민등록번호 880411-2238459", "national_id"),
        ("Steuer-IdNr. 36 574 261 809", "national_id"),
        ("NRIC S1234567D", "national_id"),
        ("NINO AB 12 34 56 C", "national_id"),
        ("CPF 390.533.447-05", "national_id"),
        # a Swiss AHV number in its dotted form, its check digit valid, with no word naming it
        ("Keep 756.1234.5678.97 for the forms.", "national_id"),
        ("记住 756.9876.5432.17，以后要用。", "national_id"),
        ("IBAN GB82-WEST-1234-5698-7654-32", "bank_account"),
        ("driving licence no. B12345678", "id_document"),
        ("邮箱 用户@例子.广告", "email_address"),
        ("wallet bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "crypto_wallet"),
        ("wallet 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "crypto_wallet"),
        ("Keep 8350417261 for the forms.", "national_id"),
        ("记住5208374619，以后要用。", "national_id"),
        # "+", a calling code and a length the country's numbers have, range allocated or not
        ("Reach the user at +228 30 12 34 56.", "phone_number"),
        # letters only in front of the digits: a document number even when they are A-F
        ("Keep C7654321 for the paperwork.", "identifier_code"),
        ("用户说下次办手续时用 E8765432。", "identifier_code"),
        # Bech32m (BIP-350) and the test network's addresses
        ("wallet bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "crypto_wallet"),
        ("wallet tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", "crypto_wallet"),
        ("testnet wallet mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn", "crypto_wallet"),
    ],
)
def test_sensitive_finds_identifiers(text: str, kind: str) -> None:
    found = find_sensitive([text])
    assert found is not None, text
    assert found.split(":")[0] == kind


@pytest.mark.parametrize(
    "text",
    [
        "110105194912310021",  # ID check digit wrong
        "110105194913310025",  # month 13
        "990105194912310021",  # no such province
        "1101051949123100",  # 16 digits, not an ID, no issuer prefix
        "110105491231002",  # old 15-digit form without a cue
        "666-45-6789",  # SSA never issues area 666
        "900-45-6789",
        "123-00-6789",
        "123-45-0000",
        "123456789",  # nine digits without an SSN cue
        "4111 1111 1111 1112",  # Luhn fails
        "1234567812345670",  # Luhn ok but no issuer prefix and no card cue
        "DE89 3704 0044 0532 0130 01",  # mod-97 fails
        "DE89 3704 0044 0532 0130",  # wrong length for DE
        "renewed passport last year, 35x45 photo",
        "12345678901",  # 11 digits but not 1[3-9]
        "timestamp 1700000000",
        "git@github.com:acme/app.git",
        "https://user@host.example.com/x",
        "C++ 17, +5 points",
        "version 2.4.1, 2024-03-15, 15/03/2024, 18:30",
        "300 500 1000 grams",
        "订单号 20240315001234",
        "drives a 2019 Toyota Corolla",
        "wears shoe size 42.5",
        "dev server on port 8080, Postgres on 5432",
        "upgraded to Node.js v20.11.1",
        "ISBN 978-1-4200-8032-2",
        "the NAS is at 192.168.1.20",
        "ISSN 0317-8471",
        # Long numbers that say what they are: a purchase, a quantity, a time, a code.
        "Remember order 22314271405 for the refund.",
        "the archive is 822111865415 bytes",
        "the flat sold for 3850000000 yuan",
        "pension pot $785060666172",
        "backup ran at Unix time 1758690404",
        "ticket #527426869507 is about a broken charger",
        "用户的快递单号是283371783563。",
        "Windows build 10.0.20490.2449",
        "release 756.1234.5678.90 is out",  # the same shape, its check digit wrong
        "home is at 31.2304162, 121.4737015",
        "log file 20231127105800.log",
        "keeps 9789413558810 on the shelf",
        "part M-3217-6546-7",
        "test account 1234567890",
        # Named as a product, publication or device code and valid in it, or as a postcode.
        "ISBN 4-026-07884-1",
        "the test phone's IMEI is 35-123456-789012-4",
        "the test phone has IMEI 351234567890124",
        "postcode 0294-349",
        "Iranian postcode 5942859575",
        "用户住在邮编 5942859575 附近。",
        "+10 000 000 views",
        "build hash DEADBEEF12345",
        # A thing's id or a payment's number, not a person's.
        "The user's Slack workspace id is T4829Q7W31X.",
        "The user's AWS account id is 731204958163.",
        "Mercado Pago payment 48213377019 was approved.",
    ],
)
def test_sensitive_lets_look_alikes_pass(text: str) -> None:
    assert find_sensitive([text]) is None


def test_sensitive_looks_at_every_string() -> None:
    assert find_sensitive(["likes tea", "tea", "13800138000"]) == "phone_number: phone number (CN)"


def test_sensitive_never_echoes_the_value() -> None:
    found = find_sensitive(["card 4111 1111 1111 1111"])
    assert found is not None
    assert "4111" not in found


# ----------------------------------------------------------------------------- runtime data

# Public keys and a certificate made for these tests with openssl (base64 DER, no armour),
# and the start of a private key's DER: its structure opens with a version, not an algorithm.
_RSA_PUBLIC_DER = (
    "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAoqEaPHFQcx9Y7fFfnKLE4nW9Mx0p4y+5z/DZEON2"
    "skZy/cVA8YsmTEvhXsmwc6TrZuN5ZNs/lZe2K6C98BV5pkaAS/xidEsQh7a4PXZvzCLGlXGFzw3ms0PiW3EN"
    "JQkrKgXnZTFtU/DnY9lvG444TokbD7q/jPluklUq80sJutyUJzC9O4wSzdzj9aTnQD92yV+8f53jwbYcfHK4"
    "e71bx2IpXOgmsQFSk7HAlBcGF7OaTcTuDXl2TGNhEydpwsuFTe+qZ9CztmzkcyKtmi6JzqOWcHR/7S1kMaCz"
    "KmwuOr+c5islGsrL3PViJ+qAH680w+uWBxyWL4iHizIii2bYgwIDAQAB"
)
_EC_PUBLIC_DER = (
    "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE6ap33s4rvrlu11RNvgrJ0D5Vw4dPxRysfLmuA4KFmu2e/M7b"
    "dqjbwKtrFdCrEenurpydNlW4P3omwIGdmszZTA=="
)
_CERTIFICATE_DER = (
    "MIIBgzCCASmgAwIBAgIUa56haayUIfhEEv+NEnOX1INNZpkwCgYIKoZIzj0EAwIwFzEVMBMGA1UEAwwMZXhh"
    "bXBsZS50ZXN0MB4XDTI2MTIwNjA3NTUxNFoXDTI2MTIwNzA3NTUxNFowFzEVMBMGA1UEAwwMZXhhbXBsZS50"
    "ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE6ap33s4rvrlu11RNvgrJ0D5Vw4dPxRysfLmuA4KFmu2e"
    "/M7bdqjbwKtrFdCrEenurpydNlW4P3omwIGdmszZTKNTMFEwHQYDVR0OBBYEFBO829CZGLuTRhX0wJN24/t2"
    "Hpq3MB8GA1UdIwQYMBaAFBO829CZGLuTRhX0wJN24/t2Hpq3MA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0E"
    "AwIDSAAwRQIgLLJiOy0XyxdcbLBEEOJSVh41l95Cy2wGVEGQ58OvLpQCIQDORqZ6PJbp1M+ev08mOzh+ruIe"
    "7f+77Kzq6bC5CrdWgA=="
)
_PRIVATE_DER_START = (
    "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCioRo8cVBzH1jt8V+cosTidb0zHSnjL7nP"
    "8NkQ43ayRnL9xUDxiyZMS+FeybBzpOtm43lk"
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("sk-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z", "provider_token"),
        ("sk-proj-9fT2xQ7LmZ4vB1nK8cW3yH6dR0sJ5pUaGe", "provider_token"),
        ("sk-ant-api03-Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Jh0Gf9Ed8Cb7A", "provider_token"),
        ("ghp_" + "a" * 36, "provider_token"),
        # MySQL's native password hash; a private key's DER (no algorithm first) after a name.
        (
            "IDENTIFIED WITH mysql_native_password AS '*6C8989366EAF75BB670AD8EA7A7FC1176A95CEF4'",
            "password_hash",
        ),
        (f"SIGNING_KEY={_PRIVATE_DER_START}", "labelled_secret"),
        # A tool's login given its key; Cisco's reversible type 7 password.
        (
            "the job runs `wandb login 3f9a1c07d2be48e6a95c0b1d7e4f2a8c6b3d9e10` first",
            "labelled_secret",
        ),
        ("username ops privilege 15 password 7 0822455D0A165744", "labelled_secret"),
        ("gho_" + "A1b2C3d4" * 5, "provider_token"),
        ("github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "provider_token"),
        ("xoxb-123456789012-1234567890123-AbCdEfGh", "provider_token"),
        ("AKIAIOSFODNN7EXAMPLE", "provider_token"),
        ("ASIAY34FZKBOKMUTVV7A", "provider_token"),
        ("AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI", "provider_token"),
        ("sk_live_4eC39HqLyjWDarjtT1zdp7dc", "provider_token"),
        ("rk_live_4eC39HqLyjWDarjtT1zdp7dc", "provider_token"),
        (
            "api_key=9f8e7d6c5b4a39281706f5e4d3c2b1a0",
            "token_assignment",
        ),
        ('"secret": "Q2x9vB7mN4kL1zR8tY5w"', "token_assignment"),
        ("令牌：Zk81hQm2Xr7Lp0Vw5Nc4", "token_assignment"),
        (f"jwt {JWT}", "json_web_token"),
        ("Authorization: Bearer abc123def456ghi789", "auth_header"),
        ("authorization=Basic dXNlcjpwYXNzd29yZA==", "auth_header"),
        ("x-api-key: 5f4dcc3b5aa765d61d83", "auth_header"),
        ("curl -H bearer eyJhbGciOi9xYzEyMzQ1Njc4OTA", "auth_header"),
        ("Cookie: theme=dark", "cookie"),
        ("Set-Cookie: id=a3fWa; Expires=Wed", "cookie"),
        ("JSESSIONID=ABC123; Path=/", "cookie"),
        ("remember_token=8f2a9c7e1b3d4f5a6c7e", "token_assignment"),
        ("password: hunter2", "password"),
        ("Password = 'correct horse'", "password"),
        ("the password is hunter2", "password"),
        ('the password is "sesame"', "password"),
        ("密码是 abc123", "password"),
        ("口令：p@ss", "password"),
        ("pwd=s3cr3t!", "password"),
        ("ｐａｓｓｗｏｒｄ：ｈｕｎｔｅｒ２", "password"),
        ("PIN: 4821", "password"),
        ("-----BEGIN RSA PRIVATE KEY-----", "private_key"),
        ("-----BEGIN PGP PRIVATE KEY BLOCK-----", "private_key"),
        ("postgres://user:pass@host:5432/db", "credential_url"),
        ("redis://:s3cret@cache:6379/0", "credential_url"),
        ('{"configurable": {"thread_id": "t1"}}', "runtime_state"),
        ("checkpoint_id: 1ef5a2", "runtime_state"),
        ("channel_values={'x': 1}", "runtime_state"),
        ("tasks in __pregel_tasks", "runtime_state"),
        ('{"messages": [{"content": "hi"}]}', "runtime_state"),
        ("{'role': 'assistant', 'content': 'ok'}", "runtime_state"),
        ("AIMessage(content='ok', tool_calls=[])", "runtime_state"),
        ('{"lc": 1, "type": "constructor"}', "runtime_state"),
        ("Traceback (most recent call last):", "runtime_state"),
        ('"db_password": "s3cr3t-Value"', "password"),
        ("pwd := hunter2", "password"),
        ("password => 'hunter2'", "password"),
        ("mysql_password: hunter2", "password"),
        ("https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXXXXXXXXXX", "provider_token"),
        ("//registry.npmjs.org/:_authToken=abc123def456", "provider_token"),
        ("glpat-hellOworld380_testin", "provider_token"),
        (
            "AGE-SECRET-KEY-1QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQPZRY9X8GF2TVDW0S3JN54KHCE",
            "provider_token",
        ),
        ("A3-Q7H2LP-9XW4RZT1VB6-NM3KD-8SZ5Q-WE7RT", "provider_token"),
        ("abc8Q~Zr2Lm9Kx4Vb7Nc1Wd3Qe5Rf7Tg9Yh1Uj3", "provider_token"),
        ("NRAK-7HD2KLP9XW4RZT1VB6NM3KD8SZ5", "provider_token"),
        ('File "app.py", line 3, in <module>', "runtime_state"),
    ],
)
def test_runtime_finds_credentials_and_state(text: str, kind: str) -> None:
    found = find_runtime_data([text])
    assert found is not None, text
    assert found.split(":")[0] == kind


@pytest.mark.parametrize(
    "text",
    [
        "the user loves chocolate chip cookies",
        "works on session cookies in the browser team",
        "prefers cookie-free analytics",
        "uses a password manager (1Password)",
        "the password is strong",
        "the Wi-Fi password is on the fridge",
        "password policy: at least 12 characters",
        "password: ******",
        "密码是生日",  # says what kind of password, gives none
        "用户习惯每三个月更换一次密码",
        "prefers token-based auth design discussions",
        "the session token is short-lived",
        "api_key=YOUR_API_KEY_HERE",
        "token: value",
        "keeps secrets in Vault",
        "prefers Bearer tokens over API keys",
        "prefers Authorization: Bearer headers over cookies",
        "scikit-learn and sk-learn-style-pipelines",
        "sk-some-long-hyphenated-phrase",  # prose after "sk-"
        "AIza is how Google keys start",
        NOT_A_JWT,
        "eyJhbGciOi.broken.jwt",
        "theme=dark; lang=zh",  # cookie-shaped but nothing session-like
        "author=Ann; year=2020",
        "https://example.com:8443/docs",
        "ssh://git@github.com/acme/app",
        "prefers short messages: max 3 lines",
        "keeps everything configurable: fonts, colors",
        "studies LangGraph checkpoints and thread ids",
        "prefers thread_id based routing",
        "writes tutorials about the traceback module",
        "keeps the PIN in a safe",
        "signing key id 3AA5C34371567BD2",
        "pwd: /home/ann/projects",  # the working directory, not a password
        "用户的密码为8位以上",
        "the API key is stored in 1Password",
        "uses key=value config files",
        "org id org-AbC123dEf456GhI789",
        # A setting's value of words joined by "_" under a name that says "auth".
        "my.cnf: default_authentication_plugin=caching_sha2_password",
        "my.cnf sets `default_authentication_plugin=caching_sha2_password`.",
        # Settings of passwords: an age, an algorithm.
        "pwdMaxAge: 7776000",
        "postgresql.conf: password_encryption = scram-sha-256",
        "the switch asks for password 7 times",
        # A key masked in a log: a prefix and stars, at most the last four characters.
        "the deploy log shows STRIPE_API_KEY=sk_live_****4242",
        # Made to be published: public keys in bare DER (a DKIM record's p=, a JWK's x5c).
        f"DKIM TXT record: v=DKIM1; k=rsa; p={_RSA_PUBLIC_DER}",
        f"the JWKS key: x={_EC_PUBLIC_DER}",
        f'"x5c": ["{_CERTIFICATE_DER}"]',
        # Files inlined as data URIs.
        "favicon: data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8Qz1Lm9X2kR7pWv4",
        "@font-face { src: url(data:font/woff2;base64,d09GMgABAAAAAGj4ABEAAAAA5xQQkT7vB3mZp9LcQ8Rk2Wf7Xs1Vb4Ny) }",
    ],
)
def test_runtime_lets_look_alikes_pass(text: str) -> None:
    assert find_runtime_data([text]) is None


def test_runtime_never_echoes_the_value() -> None:
    found = find_runtime_data(["password: hunter2"])
    assert found is not None
    assert "hunter2" not in found


# ----------------------------------------------------------------------------- transcript


@pytest.mark.parametrize(
    "text",
    [
        "[user] I like tea [assistant] noted",
        "[User]: tea\n[Assistant]: ok",
        "User: I like tea. Assistant: Noted!",
        "Human: hi\nAI: hello",
        "user: hi\nassistant: hello",  # lower case, but each opens a line
        "User said: tea. Assistant replied: ok",
        "用户：我喜欢喝茶\n助手：好的",
        "用户：以后用中文。助手：好的。",
        "问：喜欢什么？答：喝茶",
        "Q: favourite drink? A: tea",
        "【用户】我喜欢喝茶【助手】好的",
        "我：帮我记住\nAI：好的",
        "<|im_start|>user hi<|im_end|>",
        "[INST] remember tea [/INST]",
        "User: a\nUser: b",
        "> User: quoted\n> Bot: reply",
        "user: hi assistant: hello",  # inline lower case next to a line-opening marker
        "USER: hi ASSISTANT: hello",
    ],
)
def test_transcript_finds_dialogue(text: str) -> None:
    assert find_transcript([text]) is not None


@pytest.mark.parametrize(
    "text",
    [
        "the user loves chocolate chip cookies",
        "The user said they like tea",
        "Note for the user: keep replies short",
        "Human: likes brevity",  # one marker is no dialogue
        "提醒用户：每天喝水",
        "用户界面：深色模式",
        "注意：用户说：不要香菜",  # the label sits mid-phrase
        "Plan A: use Redis; plan B: use Memcached",
        "Keep the format Q: question then A: answer",
        "prefers labels like User:/Assistant:",
        "prefers design system: tokens first; user: none",
        "a: b; q: c",
        "时间：每天早上；地点：家里",
        "The user prefers the AI to answer in Chinese",
        "用户说话喜欢直接一点",
        "System: Ubuntu\nModel: ThinkPad X1",  # labels, but nobody talks
        "User: Ann; System: macOS",
        "关于我：喜欢安静",
        "[assistant] ok [system] fine",
    ],
)
def test_transcript_lets_prose_about_the_user_pass(text: str) -> None:
    assert find_transcript([text]) is None


# ----------------------------------------------------------------------------- placeholder


@pytest.mark.parametrize(
    "text",
    [
        "N/A",
        "n.a.",
        "NA",
        "ＮＡ",
        "none",
        "NULL",
        "undefined",
        "TBD.",
        "To-Do",
        "FIXME",
        "xxx",
        "...",
        "…",
        "———",
        "   ",
        "无",
        "暂无",
        "未知",
        "待定",
        "空",
        "略",
        "同上",
        "「待定」",
        "<name>",
        "{user_name}",
        "[PLACEHOLDER]",
        "{{var}}",
        "Lorem ipsum dolor sit amet",
        "The user prefers <subject>.",
        "Hello {{ name }}, welcome",
        "The user likes {favourite_drink}.",
        "[YOUR NAME] likes tea",
        "<your company> is the employer",
        "用户的名字是<用户名>",
        "用户喜欢XX品牌",
        "用户喜欢某某品牌",
        "text lorem ipsum text",
        "[YOUR_NAME]\nDear team, thanks for the offer",  # a slot alone on a line over prose
    ],
)
def test_placeholder_finds_filler(text: str) -> None:
    assert find_placeholder([text]) is not None


@pytest.mark.parametrize(
    "text",
    [
        "the user loves chocolate chip cookies",
        "none of the above applies",
        "nonexistent",
        "NAS backups",
        "The user likes React <Suspense> boundaries.",
        "uses <div> for layout",
        "Map<K, V> and List<Type>",
        "prefers [WIP] prefix in commit titles",
        "- [x] done",
        "prefers ${HOME}/bin on PATH",
        "The user sets DB_PASSWORD=${DB_PASSWORD} in docker-compose.",
        "Server=db;User Id=app;Password=${DB_PASS};",
        'puts "Password=#{password}, User=#{username}"',  # Ruby's interpolation
        '{"a": 1}',
        "喜欢读《三体》",
        "用户希望邮件标题加【重要】前缀",
        "prefers alerts on 5xx errors",
        "wears XXL shirts",
        "0x1F is the flag",
        "C++",
        "C#",
        "42",
        "用户界面",
        "likes the colour amber",
        # An INI or TOML section's header over its configuration lines.
        "[server]\nhost = example.org\nport = 8080",
        "[http_service]\n  internal_port = 8080",
    ],
)
def test_placeholder_lets_real_values_pass(text: str) -> None:
    assert find_placeholder([text]) is None


# ----------------------------------------------------------------------------- identity


@pytest.mark.parametrize(
    "identity",
    [
        Identity(),
        Identity(polarity="prefer"),
        Identity(subject="", facet="  "),
        Identity(subject="用户"),
        Identity(subject="我"),
        Identity(subject="记住"),
        Identity(subject="以后"),
        Identity(subject="一下"),
        Identity(subject="请"),
        Identity(subject="偏好"),
        Identity(subject="喜欢"),
        Identity(subject="总是"),
        Identity(subject="用户偏好"),
        Identity(subject="请记住一下"),
        Identity(subject="我喜欢的东西"),
        Identity(subject="remember"),
        Identity(subject="The User"),
        Identity(subject="user"),
        Identity(subject="ALWAYS"),
        Identity(subject="please!"),
        Identity(subject="preference"),
        Identity(subject="something"),
        Identity(subject="thing"),
        Identity(subject="stuff"),
        Identity(subject="the user's preferences"),
        Identity(subject="记住 the user"),
        Identity(subject="乌龙茶", facet="偏好"),
        Identity(facet="always"),
    ],
)
def test_identity_rejects_empty_and_filler(identity: Identity) -> None:
    assert find_identity_problem(identity) is not None


@pytest.mark.parametrize(
    "identity",
    [
        Identity(subject="用户界面"),
        Identity(subject="user research"),
        Identity(subject="user interface", facet="dark mode"),
        Identity(subject="乌龙茶", polarity="prefer"),
        Identity(subject="IT"),
        Identity(subject="notes", facet="Markdown"),
        Identity(facet="plain language first"),
        Identity(subject="请假流程"),
        Identity(subject="地图"),
        Identity(subject="2024"),
    ],
)
def test_identity_accepts_real_subjects(identity: Identity) -> None:
    assert find_identity_problem(identity) is None


# ----------------------------------------------------------------------------- robustness

PATHOLOGICAL = [
    "passport" + " " * 20_000,
    "password" + " " * 20_000 + "x",
    "a" * 20_000 + "://",
    "x=" * 20_000,
    "a=b;" * 10_000,
    "User:" * 10_000,
    "用户：" * 10_000,
    "Q: A: " * 10_000,
    "{{" * 20_000,
    "<" * 20_000,
    "1 " * 20_000,
    "a@" * 20_000,
    "eyJ" + "a" * 20_000 + ".",
    "-----BEGIN " + "A" * 20_000,
]


@pytest.mark.parametrize("text", PATHOLOGICAL, ids=lambda t: repr(t[:12]))
def test_detectors_decide_pathological_input(text: str) -> None:
    # Each returns a verdict (a detail or None) and raises nothing; how long they take is
    # the hostile-input benchmark's to print (benchmarks/detectors.py), not a test's.
    for detector in (find_sensitive, find_runtime_data, find_transcript, find_placeholder):
        found = detector([text])
        assert found is None or (isinstance(found, str) and text[:40] not in found), found
    problem = find_identity_problem(Identity(subject=text[:120], facet=text[:120]))
    assert problem is None or isinstance(problem, str)


@pytest.mark.parametrize("text", ["note 1234567890X on the box", "note 2023112710580X on the box"])
def test_a_check_letter_after_a_long_number_is_judged_not_a_failure(text: str) -> None:
    found = find_sensitive([text])
    assert found is None or "failed" not in found, found


def test_a_text_with_more_numbers_than_are_read_one_by_one_is_refused() -> None:
    # Past 256 numbers, the national-number rules stop and refuse (fail closed) rather than
    # check each against every scheme for seconds; the detail names no value.
    many = "Readings: " + ", ".join(f"{417000 + 7 * i} kWh" for i in range(300))
    found = find_sensitive([many])
    assert found == "national_id: more than 256 numbers to read one by one", found
    few = "Readings: " + ", ".join(f"{417000 + 7 * i} kWh" for i in range(20))
    assert find_sensitive([few]) is None
