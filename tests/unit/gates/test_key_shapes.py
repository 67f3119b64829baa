"""Keys in the shapes no provider rule names, and the look-alikes that must stay.

What a user notices: a memory holding a key is refused with ``runtime_data`` and a detail
naming the rule (never the value); a memory holding a hash, an id, a DOI, an ISBN or a
name from code is stored. The values are made up for these tests in the general shapes of
their kinds; none comes from the detection corpora.
"""

import json
from pathlib import Path

import pytest

from memory_plugins import MemoryConfig
from memory_plugins.cli import main
from memory_plugins.gates import RejectCode, evaluate
from memory_plugins.testing import candidate

CONFIG = MemoryConfig(principal_secret="0123456789abcdef")
HEX40 = "7c0e5a9b3f1d2c4e6a8b0d1f3e5c7a9b2d4f6e8a"
HEX32 = "3b7e1c9a5d2f4e6b8a0c1d3e5f7a9b2c"


def _decide(text: str) -> tuple[RejectCode | None, str]:
    decision = evaluate(
        candidate(
            type="stable_user_context",
            text=text,
            tags=["deploy", "config"],
            identity={"subject": "deploy config"},
        ),
        "c-1",
        CONFIG,
    )
    return decision.code, decision.detail


REFUSED = [
    # a name and a machine-made value alone on a line: space-separated config files
    (f"acmemetrics {HEX40}", "random key-length value after a name alone on a line"),
    (f"Remember for the deploy: acmemetrics {HEX40}", "alone on a line"),
    ("deploy notes:\nregion eu-west-1\nacmemetrics k3J9xQ2mW7vR4tY8pL1n", "alone on a line"),
    # keys of letters only, after a word naming them or assigned to any name
    ("acme secret token QwRtYpLkJhGfDsZxCvBnMq", "secret value after a secret-like name"),
    ("ACME_HOOK = b_QwRtYpLkJhGfDsZxCvBnMqWrTyPlKjHgFd", "random key-length value assigned"),
    ("The hook uses b_QwRtYpLkJhGfDsZxCvBnMqWrTyPlKjHgFd now", "prefixed random token"),
    # one capital among lower-case hex is no camel-case name
    ("acmebot=7fa3e9b1c04d5e6f7a8b9c0d1e2f3a4bD", "random key-length value assigned"),
    # a hex body glued to a short prefix
    (f"The deploy uses acmk{HEX32} now", "prefixed random token"),
    # a name and its value glued, the name in capitals at a word start
    ("acmeSECRET-QZ12-XR34-QZ12-XR34-QZ12", "secret value glued to a secret-like name"),
    ("acmeTOKEN-abcdefabcdefabcdefabcdef", "secret value glued to a secret-like name"),
    # tokens of segments joined by "." or "!"
    (f"1000.{HEX32}.{HEX32[::-1]}", "random key-length token"),
    ("00Dx0000000AbCd!Qm7Zp2Lk9Xw4Rt8Vb3Nc6Yh1Jd5Fs0Gq.Ta9Ke", "random key-length token"),
    # a key in a URL's path: right after the version, or after a segment naming it
    ("https://iot.acme.example/api/v1/k3j5h7g9f2d4s6a8q1w3/telemetry", "key in a URL path"),
    ("coap://iot.acme.example/api/v1/k3j5h7g9f2d4s6a8q1w3/rpc", "key in a URL path"),
    ("https://hooks.acme.example/trigger/build/with/key/Qm7Zp2Lk9Xw4Rt8Vb3Nc", "URL path"),
    # a name and a machine-made value as two quoted arguments, the first quote cut off
    (f"acme.login', '{HEX40}", "random key-length value paired with a name"),
    (f"config.set('acme.login', '{HEX40}')", "random key-length value paired with a name"),
    ("findl=5c2b9e1a-7d3f-4a6b-9c8e-1f0a2b3c4d5e", "random key-length value assigned"),
]


@pytest.mark.parametrize(("text", "reason"), REFUSED)
def test_a_key_in_a_shape_no_provider_rule_names_is_refused(text: str, reason: str) -> None:
    code, detail = _decide(text)
    assert code is RejectCode.RUNTIME_DATA, (text, detail)
    assert detail.startswith("labelled_secret: ") and reason in detail, detail
    assert HEX40 not in detail and "Qm7Zp2Lk9Xw4" not in detail  # never the value


KEPT = [
    # git's objects, refs and hashes written as "name value"
    f"commit {HEX40}",
    f"tree {HEX40}",
    f"parent {HEX40}",
    f"Remember for the deploy: commit {HEX40}",
    f"The fix landed in {HEX40} on main.",
    f"checksum {HEX32}",
    f"The user's wallet tx is 0x{HEX32}{HEX32}.",
    f"md5{HEX32}",
    # an id after a word: a UUID is an id unless a word names it a secret
    "Remember for the deploy: tenant 3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b",
    "The user's workspace UUID is 550e8400-e29b-41d4-a716-446655440000.",
    # names from code, in camel case or in capitals
    "className: AbstractSingletonProxyFactoryBean",
    "theme=SolarizedDarkHighContrastTheme",
    "('theme', 'SolarizedDarkHighContrastTheme')",
    "handler = XMLHttpRequestEventTargetHandler",
    # an acronym's consonants do not make a dotted path's class name random
    "PASSWORD_HASHERS = ['django.contrib.auth.hashers.PBKDF2PasswordHasher']",
    "cipher = org.bouncycastle.crypto.engines.AESLightEngineWrapper",
    "The user's ACCESS-LEVEL-ADMINISTRATOR-01 role is new.",
    "TOKEN-BUCKET-RATE-LIMITER",
    "The user's secret-santa-2024-gift-list is done.",
    # dotted names: packages, files, hosts, links
    "The user runs com.example.analytics.PipelineRunnerFactory in prod.",
    f"The user's bundle is app.{HEX32}.min.js",
    "The user's CDN is d1a2b3c4d5e6f7.cloudfront.net",
    "The link: drive.example.com/file/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/view",
    "The user's design doc is drive.example.com/file/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74Og/view",
    # URLs whose paths hold ids, hashes and words
    "https://api.example.com/v1/users/12345/orders",
    "https://api.example.com/v2/3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b/items",
    f"https://github.com/ann/dotfiles/commit/{HEX40}",
    "https://example.com/token/refresh",
    "https://keys.example.com/keys/3AA5C34371567BD2",
    # published items and entity tags
    "playlist=PLx7Kq2mW9vR4tY8pL1nZ3bC6dF0gH5jA2",
    "The user's playlist is https://www.youtube.com/playlist?list=PLx7Kq2mW9vR4tY8pL1nZ3bC6dF0gH5jA2",
    f'ETag: "{HEX40}"',
    f'If-None-Match: "{HEX40}"',
    f'("commit", "{HEX40}")',
    # DOIs, ISBNs and postcodes written with their separators
    "The user cites https://doi.org/10.1038/s41586-020-2649-2",
    "The user's favourite book is 0-306-40615-2.",
    "The user lives near 94107-1234.",
]


@pytest.mark.parametrize("text", KEPT)
def test_hashes_ids_names_and_public_codes_are_stored(text: str) -> None:
    code, detail = _decide(text)
    assert code is None, (text, detail)


def test_a_secret_word_still_decides_a_uuid_after_a_name() -> None:
    code, _ = _decide("Remember for the deploy: tenant 3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b")
    assert code is None
    code, detail = _decide(
        "Remember for the deploy: acme_token 3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b"
    )
    assert code is RejectCode.RUNTIME_DATA, detail


def test_a_phone_number_after_a_doi_is_still_one() -> None:
    code, detail = _decide("The user cites 10.1038/x; call them on +44 20 7946 0958")
    assert code is RejectCode.SENSITIVE and detail.startswith("phone_number: "), detail


def test_eval_validation_prints_the_rates_per_source(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def case(n: int, text: str, expect: str, category: str, source: str) -> str:
        return json.dumps(
            {
                "id": f"case-{n}",
                "source_conversation_id": "conv-1",
                "candidate": candidate(
                    type="stable_user_context", text=text, tags=["deploy", "config"]
                ),
                "expect": expect,
                "category": category,
                "source": source,
            }
        )

    cases = tmp_path / "cases.jsonl"
    lines = [
        case(1, f"acmemetrics {HEX40}", "reject", "secret", "scanner-a rule examples (x)"),
        case(2, "The user likes green tea.", "reject", "secret", "scanner-a rule examples (y)"),
        case(3, f"commit {HEX40}", "accept", "benign", "look-alike commit"),
    ]
    cases.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["eval", "validation", str(cases)]) == 0
    printed = capsys.readouterr().out
    assert "scanner-a: secrets stored" in printed and "1/2 = 50.0%" in printed, printed
    assert "look-alike: benign rejected" in printed and "0/1 = 0.0%" in printed, printed


@pytest.mark.parametrize(
    "text",
    [
        "The user's Gmail app password is qwpz xmvb tkrl nsdh.",
        "The user's GitHub recovery codes are 8f3k2-l9q7h, 2m4p8-x1z9c, 6v3bn-q8w2e.",
        "The user's 2FA backup code is 4829 1736.",
        "The user's locker combination is 12-34-56.",
        "用户的两步验证备用码：48291736",
    ],
)
def test_recovery_codes_app_passwords_and_combinations_are_refused(text: str) -> None:
    code, detail = _decide(text)
    assert code is RejectCode.RUNTIME_DATA and detail.startswith("password: "), detail


@pytest.mark.parametrize(
    "text",
    [
        "The user keeps 2FA backup codes in 1Password.",
        "The user generated 10 backup codes last week.",
        "The user's backup codes are 10 one-time codes.",
        "The user prefers app passwords for mail clients.",
        "The user wants a combination of 3 colours.",
    ],
)
def test_talk_of_recovery_codes_and_combinations_is_kept(text: str) -> None:
    assert _decide(text)[0] is None, text


@pytest.mark.parametrize(
    "text",
    [
        "The user's Wi-Fi QR says WIFI:T:WPA;S:HomeNet;P:Xk9mQ2zL7;;",
        "用户的邮箱授权码：qwpzxmvbtkrlnsdh",
        # a key named with its algorithm in an aside
        f"The user's encryption key (AES-256) is {HEX32}{HEX32}",
    ],
)
def test_a_wifi_qr_a_mail_authorisation_code_and_a_key_named_aside_are_refused(
    text: str,
) -> None:
    assert _decide(text)[0] is RejectCode.RUNTIME_DATA, text


@pytest.mark.parametrize(
    "text",
    [
        "WIFI:S:Cafe;T:nopass;P:;;",  # an open network: no password
        "用户需要去邮箱设置里开启授权码。",
        "用户的授权码是 OAuth 流程里的 code 参数。",
    ],
)
def test_an_open_networks_qr_and_talk_of_authorisation_codes_are_kept(text: str) -> None:
    assert _decide(text)[0] is None, text


@pytest.mark.parametrize(
    "text",
    [
        "The user's router login admin/admin123",
        "credentials: ann / S3cret!x",
        "用户的路由器账号密码 admin/Abc12345",
    ],
)
def test_a_login_written_as_user_slash_password_is_refused(text: str) -> None:
    code, detail = _decide(text)
    assert code is RejectCode.RUNTIME_DATA and detail.startswith("password: "), detail


@pytest.mark.parametrize(
    "text",
    [
        "The user's login admin/settings page is slow.",  # a path
        "The user logs in at example.com/login/2fa",
        "The user averages logins 100/1500 per day",  # a count, no name
        "The user's login is ann, password in 1Password/vault.",
    ],
)
def test_paths_and_counts_after_login_are_kept(text: str) -> None:
    assert _decide(text)[0] is None, text


@pytest.mark.parametrize(
    "text",
    [
        "Ma clé API est 9f3k2Lq8xZ7mW4pR1tY6uI0oPaS5dFa8b2.",
        "Mein API-Schlüssel lautet 9f3k2Lq8xZ7mW4pR1tY6uI0oPaS5dF.",
        "El token de acceso es 9f3k2Lq8xZ7mW4pR1tY6uI0oPaS5dF.",
    ],
)
def test_a_random_token_named_in_another_language_ending_a_sentence_is_refused(
    text: str,
) -> None:
    assert _decide(text)[0] is RejectCode.RUNTIME_DATA, text


def test_a_file_name_and_a_public_key_named_further_back_are_kept() -> None:
    assert _decide("The file is app.9f3k2Lq8xZ7mW4pR1tY6uI0oPaS5dF.min.js")[0] is None
    vapid = (
        "BHtDBohozTKl0rF74MPNZ21VTBQ318KzaB53laXJozMqD0WNz7puBxrlXfp8WkypcsRDe7F9OntNl0aIIDZ6YBw"
    )
    text = f"The web-push application server public key (VAPID) shipped to browsers is {vapid}."
    assert _decide(text)[0] is None


@pytest.mark.parametrize(
    "text",
    [
        f"Ma clé API est {HEX32}.",
        f"Mein API-Schlüssel lautet {HEX32}.",
        f"El token de acceso es {HEX32}.",
        f"APIキーは {HEX32} です。",
        f"Мой API-ключ: {HEX32}",
    ],
)
def test_a_key_named_in_another_language_is_refused(text: str) -> None:
    assert _decide(text)[0] is RejectCode.RUNTIME_DATA, text


@pytest.mark.parametrize(
    "text",
    [
        "La clé de la maison est sous le paillasson.",  # a house key
        "La clave es usar menos azúcar.",  # "the key is …": words
        f"La clave pública es {HEX32}.",  # a public key
        "Der Schlüssel ist 2024-03-15T10:00:00Z",
    ],
)
def test_a_house_key_a_public_key_and_words_in_another_language_are_kept(text: str) -> None:
    assert _decide(text)[0] is None, text


def test_pass_the_verb_before_a_question_mark_is_no_password() -> None:
    assert _decide("When did Maria's grandmother pass away?")[0] is None
    assert _decide("pass hunter2!")[0] is RejectCode.RUNTIME_DATA
