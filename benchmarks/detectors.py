"""Every detector on 100 kB hostile strings: no pattern may backtrack catastrophically.

CPython's ``re`` holds the interpreter lock for a whole match, so one pattern that
backtracks polynomially on model output stalls every thread. Each hostile string repeats a
fragment the patterns care about (digits with separators, key names, assignment syntax,
spread-out characters, invisible characters, crypt prefixes, …) to 100 kB; each detector
(every registered one, opt-in ones included), the canonical fold and the injection gate
read each string once. It prints the slowest case per detector and exits non-zero when one
takes longer than the bound.

    python benchmarks/detectors.py            # bound: 2 s per 100 kB string
    python benchmarks/detectors.py --bound 1
"""

import argparse
import sys
import time
from collections.abc import Callable

from memory_plugins.config import GateConfig
from memory_plugins.gates.detectors import active_detectors, registered_detectors
from memory_plugins.gates.instruction import find_prompt_injection
from memory_plugins.gates.textfold import fold, unglossed, untabled

SIZE = 100_000
FRAGMENTS = (
    "a", "1", "1 ", "1.", "1-", "1 - ", "12 ", "1,", "1/", "1_", "a ", "a.", "a-", "aB3",
    "A1", "AB12", "key=", "key ", "api_key: ", "token ", "password ", "password=",
    "pwd is ", "secret-key-", "x_", "x-", "x.", "ab_", "$2b$12$", "$6$", "$", "${", "{{",
    "machine x login y ", "-u a:", "-u a -p ", "kind: Secret\ndata:\n  k: ", "  k: v\n",
    "http://x/", "https://x/webhooks/", "@", "a@b.", "+1", "(1", "card ", "passport no ",
    "身份证号", "1身", "ID number ", "national ID ", "ID ", "is ", ": ", "\"a\": \"",
    "'", "\"", "=", "==", "\u200b", "\u200d1", "\u00ad", "\U000e0041", "ｐ", "１", "٣",
    "ο", "iο", "i g n o r e ", "ignore ", "ignore all previous ", "</", "system: ", "[INST]",
    "CVE-2024-", "KB1", "10.1000/", "0x", "bc1", "1Z", "eyJ", "eyJhbGciOi.", "-----BEGIN ",
    "PRIVATE KEY", "Authorization: Bearer ", "Cookie: a=", "a=b; ", "sk-", "ghp_", "AKIA",
    "ETag: \"", "/v1/", "//a/:_", "a!", "', '", "aB3 ", "aB3\n", "xTOKEN-", "10.1000/1-",
    "0-3-4-2 ", "tskey-ab-", "a://a:b@", "://:", "+sha512.", "LTAI",
    "%3D", "%E5", "%", "password == \"", "a == '", "key = a or ", " or \"", "${a:-", "${pwd:-a",
    "login a ", "login: ", "登录a ", "a密码 ", "door code ", "pin 1 ",
    "ConvertTo-SecureString ", "ConvertTo-SecureString -Force ", "key = {0x1, ", "1, ", "0x1,",
    "-----BEGIN A ", "SU", "ATATT3", "sntrys_", "HRKU-", "TlRMTVNTUAAD", "a://a@b.c:", "'''",
    "-----BEGIN PUBLIC KEY-----", "ssh-rsa AAAA", "arn:aws:s3:::", "arn:", "\"key\": \"pw\", \"value\": ",
    "name: pw\n  value: ", "pw: String = \"", "${{", "{{", "<a>b</a>", "pw = a ? \"", "userpass=",
    "licence plate ", "plate no AB ", "A1 ", "A-1-", "车牌号", "京A", "京A1", "12가 ", "品川 12",
    "passport (a) ", "a (b) ", "护照(a)", "key for a b c ", "token of a is ", "dapi0-", "`a@b.co` ",
    "sshpass -p ", "--password=", "requirepass ", "${A:?b ", "sha256/", "@sha256:", "sha512-",
    "meeting ID 1", "order number ", "PO 12345678 ", "订单号 1", "GmbH VAT ", "公司税号 1",
    "request id, e.g. ", "公钥是 ", "contraseña: ", "mot de passe ", "10.0.0.0/1",
    "abandon ", "Türcode ", "door code for a ", "password for a ", "12 Main St ", "路12号",
    "lives at 1 A ", "ABCDE-", "product key ABCDE-", "ENC[AES256_GCM,data:", "ETag for a is \"",
    "token = a.b(", "val password: A", "(a_b) ", "的值是 ", "rue ", "Calle A ", "1.2.3.4/",
    "data:image/png;base64,", "data:font/woff2;base64,A", "M", "MIGfMA0GCSqGSIb3DQEBAQUAA4GN",
    "*3AEAD8676C990EEA31EF32D85810430ACB159D90", "*A", "sid=a_b_", "workspace id is A1",
    "payment 1", "KEY=sk_****", "756.1234.",
    "login 3f9a1c07d2be48e6a95c0b1d7e4f2a8c ", "password 7 08", "pwdMaxAge: ", "[a]\n", "[[a]]\n a = 1\n",
    "created_at=1717171717 ", "\"iat\": 1516239022, ", "a_b_c_d_e_f_", "expires at 1717171717 ",
    "\"size\": 1717171717, ", "offset 1717171717 ", "a_b_c_size=1 ", "文件大小 1717171717，",
    "创建时间：1717171717 ",
    "<string name=\"api_key\">", "<a name=\"k\" ", "SHA256:AP1", "1234567890-abc", "\"AccountId\": \"",
    "Sozialversicherungsnummer ", "паспорт ", "A123456(3) ", "A123456(",
    " at ", "a at ", "a1 at b.", "a [at] b", "a dot ", " dot ", "a.b at c dot ", "(at)", "email a at ",
    "messages to 12 34 56 ", "answering at 1 ", "card 123456789012 ", "GB17DLSU7403550369288 ",
    "1x2 ", "12:59:09.1 ", "PESEL 12345678901 ", "VAT NIF SSN DNI 1 ", "CNIC 1-",
    "backup code 1a ", "recovery codes: 1a-", "combination 12 ", "app password abcd ", "error code 1",
    "mật khẩu a ", "كلمة المرور ", "şifre ", "пароль - ", "пин-код ", "パスワード ", "ー1",
    "clé ", "clave es ", "キー", "token de a ", "ключ — ", ", ignora a ", "指示を", "talimat a ",
    "테헤란로 1 ", "ул. Ленина, д. 1 ", "ユーザー神南1-2-",
    "account 1 ", "sort code account 1-", "账号 1 ", "WIFI:T:a;", "key (AES-2) ", "授权码 a",
    "Schlüssel a1b2c3d4! ", "contraseña a ", "PIN ATM a 1234 ", "kod do alarmu ", "alarm kodu 1 ",
    "senha do cartão 1234 ", "kody odzyskiwania: 1a-", "TOTP ABCD 2345 ", "ABCD 2345 ",
    "số 1, ngõ ", "Jl. A No. 1 ", "Gül Sokak No: 1 ", "ul. Długa 1 ", "شارع 1 ", "Nobelstraat 1 ",
    "은행 1-", "SIRET 1 ", "Testkarte 4111 ", "CVC 1 ",
    "โค้ดสำรอง", "1 ซอย", "ברחוב א 1 ", "вул. А, 1 ", "Karlova 1/1 ", "No. 1, Jalan ", "پلاک ۱ ",
    "رمز ۱ ", "PIN-код 1 ", "$Ab1 ", "OCR-nummer 1 ",
    "vless://", "vless://a@", "trojan://abcdefgh@a", "seed: a ", "hasłem ", "heslem a ",
    "sicil no 1 ", "מספר העובד ", "matricule: 1 ", "portaria: ", "gate pass: A1 ", "1 1234 12345 12 ",
    "lftp -u a,", "-u a,b ", "a&&1", "as a placeholder ", "=a placeholder ", "السجل التجاري ",
    "infolinię ł 800 ", "que era o código ", "passport cost 1 ",
    "| a |\n|-", "|-", "| a | b |\n", "1234, the PIN ", "Ab1!cdef, her password ", "1234，这是密码。",
    "backup codes ab12, ", "ab12, ", "恢复码——A1B2、", "passport: 123456 ", "του χρήστη είναι ",
    "NIB perusahaan ", "tax number of the company ", "Tracking number of a: ", "رقم الشحنة ",
    "密碼", "密吗是 ", "门禁密码 of a is 1", "pasword: ", "保险柜：1-", "secretKeyRef:\n  name: ",
    "Android 10/11/", "1.1.1.1 ", "seria AB numărul 1", "O telemóvel da a é 9",
    "Password ng a: ", "password untuk a adalah ",
    # the sixth to ninth fourteen-language probes' rules: a verb of pressing before digits,
    # a note's list, a service line, masked numbers, labels after values, parking plates
    "押して1234 ", "بيدوس 1234 ", "alarm 1234, ", "code 1234 ", "hotline 0800-1234 ",
    "x1234-x ", "X1234567 – ", "parking: AB 12 CD 34 ", "693 106 4335 α ",
    # a made password's shape: a word, digits and a symbol in one token, runs of its parts
    "Word2024# ", "Word2024!. ", "*Word21Z ", "Word.2016! ", "Word!12", "aaaaaaa", "Ab.12_",
    # a PIN's name near digits, plates named far, more countries' accounts, a thing's word
    # after a number, a shop's line
    "PIN 1234 ", "UPI पिन 1234 ", "licence plate ", "matrícula del coche de mi ", "Auto (AB 1234) ",
    "40817810981774651220 БИК 044525225 ", "11773016-11111018 ", "52 1090 1014 0000 0712 1981 2874 ",
    "1234567890 is het bestelnummer ", "shop phone 01 45 12 73 01 ",
    # passwords given before "is" (Hindi, Persian, Turkish), logins as two halves, misspelt
    # names before a value, a safe's combination, plates named after them, employee numbers,
    # a wallet's words, a note's codes, percent-escapes kept, "$" before a word and digits
    "wifi şifresi Ab1'dir ", "पासवर्ड Ab1 है ", "رمز Ab1 است ", "r.sharma, ", "a.b / Ab#12 ",
    "Ab#12 ", "Ab@12 ", "sehna é 1234 ", "pasword: ", "Geheimzhal ist ", "kombination ",
    "combinación de la caja fuerte ", "GH-467-TR, c'est la plaque ", "AB 12 CD is het kenteken ",
    "employee ID ", "사번 ", "12 słów ", "seed ", "wallet abandon ", "domofon 1234, ", "a ・ ",
    " / ", "%53", "$Ab12 ", "Heslo je ", "code de la carte ", "c'est 1234",
    "611 22 37 86. llamadas ", "912 572 446 ligar ", "admin / $Ab12 ", "código de desbloqueio 1234 ",
    "普通・1234567 ", "AB 12 CD rendszámú ",
    # a value after a clause, a misspelt compound, "admin and", opened "with", "… ein"
    "ist immer noch ", "היא ", "— ", "C1234 ", "1234 है ", "GMX-Passowrt ", "a1 ", "admin and ",
    "admin กับ ", "opens with ", "gamit ang 1234 ", "tippt 1234 ein ", "1234 رو بزن ",
    # "now" and "as", a colon and a demonstrative, a parking pass's list, a dash-set phrase
    "to teraz ", "Ab1!x als Passwort ", "Ab1%x: dat is ", "← ", "parking: AB 12, ", "AB-123-C, ",
    "Passnumret – x – ", "82 ه 296 ایران 55 ", "mk ", "la contra del ",
    # a kind named anywhere in the memory, values of its shape elsewhere
    "Kennzeichen BMW 320 ", "passport a 1234567 ", "NIK 1234567 order ", "plate 2024 AB ",
    "Tresor 558210 code ", "code 12, 4821 ", "PIN x 4821 ! ",
)  # fmt: skip


def _hostile() -> list[tuple[str, str]]:
    cases = []
    for fragment in FRAGMENTS:
        text = (fragment * (SIZE // len(fragment) + 1))[:SIZE]
        cases.append((repr(fragment), text))
        # the same, ending in what makes a pattern fail late (backtracking shows there)
        cases.append((repr(fragment) + " + '!'", text[:-1] + "!"))
    return cases


def _time(read: Callable[[str], object], text: str) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        read(text)
        outcome = "ok"
    except Exception as exc:  # a detector that raises is refused by the gate (fail closed)
        outcome = f"raised {type(exc).__name__}"
    return time.perf_counter() - start, outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bound", type=float, default=2.0, help="seconds per 100 kB string")
    args = parser.parse_args()
    every = GateConfig(enable=tuple(registered_detectors()))
    readers: dict[str, Callable[[str], object]] = {
        "fold": fold,
        "readings": lambda text: untabled(unglossed(fold(text))),
        "prompt_injection": lambda text: find_prompt_injection([text]),
    }
    for detector in active_detectors(every):
        readers[detector.name] = lambda text, d=detector: d.detect(fold(text))
    cases = _hostile()
    worst_overall = 0.0
    broken = []
    print(f"{len(readers)} readers x {len(cases)} hostile strings of {SIZE:,} characters")
    for name, read in readers.items():
        read("warm up")
        worst = max(((*_time(read, text), label) for label, text in cases), key=lambda r: r[0])
        seconds, outcome, label = worst
        worst_overall = max(worst_overall, seconds)
        flag = "" if seconds <= args.bound else "  <-- over the bound"
        print(
            f"  {name:22s} worst {seconds * 1000:8.1f} ms on {label} ({outcome}){flag}", flush=True
        )
        if seconds > args.bound:
            broken.append(name)
    print(f"worst time: {worst_overall * 1000:.1f} ms per 100 kB string (bound {args.bound:g} s)")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
