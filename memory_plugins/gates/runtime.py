"""The ``runtime_data`` gate's own detectors: what no secret scanner library recognises.

detect-secrets (``memory_plugins.gates.secrets``) knows provider formats, keyword
assignments, private keys, JWTs and credential URLs. These detectors add what is specific
to chat memories and found by shape, not keyword: a memory may *talk about* tokens,
cookies, passwords or LangGraph ("prefers token-based auth", "uses a password manager",
"works on session cookies"); it may not *contain* one.

* ``auth_header``: ``Authorization``/``X-Api-Key`` headers and bearer tokens;
* ``token_assignment``: high-entropy values given to a token or key name, in English or
  Chinese (``access_token=…``, ``令牌：…``, ``密钥是 …``);
* ``cookie``: ``Cookie``/``Set-Cookie`` headers, cookie strings with session-like names;
* ``password``: passwords given as values in any common syntax (``password: hunter2``,
  ``"db_password": "v"``, ``pwd := v``, ``password => 'v'``, ``the password is "v"``,
  ``密码是 abc123``), PINs and the digit codes that open something (a phone's unlock code,
  a door's or an alarm's code, a card's CVV);
* ``runtime_state``: serialized graph/chain state (``checkpoint_id``, ``__pregel_*``,
  ``"messages": [``, ``HumanMessage(content=…)``, ``{"role": "user", …}``) and Python
  tracebacks.

:func:`find_runtime_data` runs every default ``runtime_data`` detector. Findings name the
kind, never the value (details end up in logs).

>>> find_runtime_data(["token is ghp_" + "a" * 36])
'provider_token: GitHub Token (detect-secrets)'
>>> find_runtime_data(["prefers token-based auth design discussions"]) is None
True
"""

import bisect
import itertools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache, partial
from itertools import pairwise

from memory_plugins.gates.codes import RejectCode
from memory_plugins.gates.context import (
    EMPTY_WORDS,
    SENTENCE_END,
    business_line,
    called_a_placeholder,
    called_a_test_value,
    clause_start,
    counted_digits,
    placeholder_digits,
    sentence_around,
    service_line,
    thing_id,
)
from memory_plugins.gates.detectors import (
    FunctionDetector,
    Substrings,
    by_first_letter,
    default_detectors,
    find_with,
    guarded,
)
from memory_plugins.gates.labelled import declared_type, is_reference, key_shaped, password_setting
from memory_plugins.gates.textfold import CALENDAR_DATE, fold, span_within
from memory_plugins.gates.things import purpose_within

__all__ = [
    "auth_header_detector",
    "cookie_detector",
    "find_runtime_data",
    "keyed_code_detector",
    "password_detector",
    "runtime_state_detector",
    "token_assignment_detector",
]

_ASSIGNED_SECRET = re.compile(
    r"(?:api[_ -]?key|apikey|access[_ -]?key(?:[_ -]?id)?|secret[_ -]?access[_ -]?key"
    r"|secret[_ -]?key|client[_ -]?secret|auth[_ -]?key|priv(?:ate)?[_ -]?key|token|secret"
    # a signed URL's signature (Azure SAS "sig=", AWS "X-Amz-Signature="): it grants access
    r"|(?<![A-Za-z])(?:sig|signature)(?![A-Za-z])"
    r"|密钥|秘钥|令牌)[A-Za-z0-9_]{0,24}[\"'\]]{0,2}[ \t]{0,4}"
    # What the key is for, in prose ("access key for the collector is …"): up to 3 words.
    r"(?:(?<=[ \t])(?:for|of|on|to|in)(?:[ \t]{1,2}[A-Za-z0-9][\w.-]{0,30}){1,3}[ \t]{1,2}(?=is\b))?"
    r"(?:(?:[:=：]=?|=>|\bis\b|是|为)[ \t]{0,4}@?[\"'“`]?(?P<bare>[^\s\"'”`,;}<>]{12,})"
    r"|(?:[:=：]=?|=>)?[ \t]{0,4}@?[\"'`](?P<quoted>[^\s\"'`]{12,})[\"'`])",
    re.IGNORECASE,
)
_LETTER = re.compile(r"[A-Za-z]")
# A variable's name opening a shell expansion, right before the password cue it holds.
_EXPANSION_NAME = re.compile(r"\$\{[A-Za-z0-9_]{0,40}$")
_SYMBOL = re.compile(r"[^A-Za-z0-9]")

_AUTH_HEADER = re.compile(
    r"\b(?:proxy-)?authorization\s*[:=]\s*[\"']?"
    r"(?:(?:bearer|basic|token|digest|negotiate|apikey|hmac|aws4-hmac-sha256)\s+)?"
    r"([A-Za-z0-9._~+/=-]{8,})",
    re.IGNORECASE,
)
_BEARER = re.compile(r"\bbearer\s+([A-Za-z0-9._~+/-]{16,}=*)", re.IGNORECASE)
_KEY_HEADER = re.compile(
    r"\b(?:x-api-key|x-auth-token|x-access-token|api-key)\s*:\s*[\"']?([A-Za-z0-9._~+/=-]{8,})",
    re.IGNORECASE,
)
_COOKIE_HEADER = re.compile(
    r"\b(?:set-)?cookie\s*:\s*[A-Za-z0-9_.$!#%&*+^`|~-]+=[^\s;]+", re.IGNORECASE
)
_COOKIE_PAIR = re.compile(r"(?<![A-Za-z0-9_.-])([A-Za-z_][A-Za-z0-9_.-]{0,63})=([^\s;,&]+)")
_COOKIE_STRING = re.compile(
    r"(?<![A-Za-z0-9_.-])[A-Za-z_][A-Za-z0-9_.-]{0,63}=[^\s;]{1,256}"
    r"(?:;\s*[A-Za-z_][A-Za-z0-9_.-]{0,63}=[^\s;]{0,256})+"
)
_SESSION_NAME = re.compile(
    r"sess|(?:^|[._-])sid$|token|csrf|xsrf|jwt|auth(?!or)|remember|login", re.IGNORECASE
)

# "Password" misspelt as people type it: a letter dropped, doubled or two swapped.
_PASSWORD_TYPED = r"pas?s?w(?:or|ro)d|passowrd|pssword|passs+word|passwrd|passwod"
# A password name, bare or inside a longer one (``db_password``, ``passwordSecure``), then
# any common assignment syntax: ``:``, ``=``, ``:=``, ``=>``, ``->``, quoted keys, or "is".
_PASSWORD = re.compile(
    r"(?<![A-Za-z])(?P<cue>" + _PASSWORD_TYPED + r"|passwd|passphrase|passcode|pwd|pswd)"
    r"(?P<suffix>[_-]?[A-Za-z0-9]{1,24})?[\"'\]]{0,2}[ \t]{0,4}"
    r"(?:(?P<sep>:=|=>|->|[:=：])|(?P<verb>is|was|ay)\b)[ \t]{0,4}(?P<q>[\"'“`])?(?P<value>[^\s\"'”`,;]+)",
    re.IGNORECASE,
)
# What a password or a code is for, after its name: a preposition and up to five words
# ("the password for the infra repo is …", "the front door code for the building is …").
_WHAT_FOR = r"(?:[ \t]{1,2}[^\s:=：]{1,20}){1,5}?"
_PURPOSE = r"[ \t]{1,2}(?:for|of|to|on|at)" + _WHAT_FOR
# The same in the languages whose everyday word for a password is "password": Filipino
# ("ng", "sa", "ni") and Malay and Indonesian ("untuk", "bagi").
_BORROWED_PURPOSE = r"[ \t]{1,2}(?:for|of|to|on|at|ng|sa|ni|untuk|bagi)" + _WHAT_FOR
# "Password" then what it is for, then a copula or an assignment and the value; the
# copulas of those languages too ("ay", "adalah", "ialah").
_PASSWORD_FOR = re.compile(
    r"(?<![A-Za-z])(?:"
    + _PASSWORD_TYPED
    + r"|passphrase|passcode)"
    # or one word saying when or which, before the copulas of the languages that borrow
    # "password" ("ang password ngayon ay …", "password baru adalah …")
    + r"(?:"
    + _BORROWED_PURPOSE
    + r"|[ \t]{1,2}[^\W\d_]{2,12}(?=[ \t]{1,2}(?:ay|adalah|ialah)\b))"
    + r"[ \t]{0,2}(?:[:=：]|\b(?:is|was|ay|adalah|ialah)\b)[ \t]{0,2}(?P<q>[\"'“`])?"
    r"(?P<value>[^\s\"'”`,;]+)",
    re.IGNORECASE,
)
# 授权码: what a mail service gives for clients to log in with instead of the password
# (sixteen letters), a code of eight or more letters and digits.
_PASSWORD_ZH = re.compile(
    r"(?:密码|口令|pin码)\s*(?:是|为|设为|设置为|设成|改为|改成|[:=：])\s*[\"'“]?([\x21-\x7e]{3,})"
    r"|授权码\s*(?:是|为|[:=：])\s*[\"'“]?([A-Za-z0-9]{8,64})(?![A-Za-z0-9])",
    re.IGNORECASE,
)
# "Password" in other languages, then up to six words saying whose or what for ("de la
# banca online del usuario"), a copula or an assignment, then the value.
_WORLD_WORDS = (
    r"contraseña|contrasena|mot\s+de\s+passe|passwort|kennwort|senha|wachtwoord"
    # with the case endings of Polish, Czech and Slovak, Russian and Ukrainian ("z hasłem",
    # "heslem", "паролем", "пароля")
    r"|has[łl](?:o|a|em|u)|haśle|hesl(?:o|a|em|u)|парол(?:ь|я|ем|ю|і)"
    r"|parola|lösenord|salasana|adgangskode|passord|パスワード|비밀번호|암호"
    # Vietnamese, Indonesian and Malay, Turkish, Czech and Slovak, Hungarian, Romanian,
    # Greek, Arabic, Persian, Hebrew, Hindi, Thai
    r"|mật\s+khẩu|mat\s+khau|(?:kata\s+)?sandi|kata\s+laluan|şifre(?:si|m|n)?|sifre(?:si|m|n)?"
    r"|jelszó|jelszav\w*|palavra-?passe"
    r"|jelszo|parolă|κωδικός|كلمة\s+(?:ال)?(?:مرور|سر)|رمز(?:\s+عبور)?|סיסמה|सांकेतिक\s+शब्द"
    r"|पासवर्ड|รหัสผ่าน|รหัส[ \t]?(?:ไวไฟ|wi-?fi)"
    # "password" as Persian, Arabic and Thai write the English word
    r"|پسورد|پاسورد|باسورد|พาสเวิร์ด|พาสเวิด"
)
_WORLD_HINT = re.compile(_WORLD_WORDS, re.IGNORECASE)


def _named_then(words: str, copulas: str, value: str, *, gap: int = 6) -> re.Pattern[str]:
    """One of ``words``, up to ``gap`` words saying whose or what for, an assignment or one
    of ``copulas`` (a word, or a particle written without spaces), then ``value``."""
    return re.compile(
        r"(?:" + words + r")(?:[ \t]{1,2}[^\s:=：]{1,20}){0," + str(gap) + r"}?[ \t]{0,2}"
        # a dash standing for the copula, as Russian writes it ("Пароль — …")
        r"(?:[:=：]|(?<=\s)(?:" + copulas + r"|-)(?=\s)|は|는|은|是)"
        r"[ \t]{0,2}[\"'“„`«「『]?" + value,
        re.IGNORECASE,
    )


# Things a code opens, named in a note's list item right before four to eight digits
# ("alarm 6525", "сейф в шкафу — 767464", "brankas kantor 428538"), in the languages of
# the word lists: an alarm, a safe or a vault; an intercom, a padlock or a door lock; a
# parcel locker or a delivery box (whose pickup code opens it).
_NOTE_LOCKS = (
    r"alarm\w*|alarme|alarma|allarme|riasztó\w*|συναγερμ\w*|сигнализаци\w*|сигналізаці\w*"
    r"|safe|vault|coffre\w*|cofre|cassaforte|tresor|kluis|sejf\w*|сейф\w*|kasa|két|brankas"
    r"|peti[ \t]besi|seif\w*|trezor\w*|széf\w*|kassaskåp\w*|χρηματοκιβώτι\w*"
    r"|intercom|interfon\w*|domofon\w*|домофон\w*|citofono|interphone|porteiro|kaputelefon\w*"
    r"|padlock|candado|cadenas|cadeado|lucchetto|kłódk\w*|hänglås\w*|lakat\w*|gembok"
    r"|door[ \t]lock|smart[ \t]lock|parcel[ \t]locker|paczkomat\w*|packstation|поштомат\w*"
    r"|постамат\w*|easybox|omniva|smartpost|cacifo|pakketautomaat|paketskåp|pakkeboks"
    r"|csomagautomat\w*|balíkovn\w*|balíkobox\w*|alzabox\w*|zbox|z-box|foxpost"
    # a Scandinavian alarm
    r"|larm|larmet"
    # a lock set by its digits
    r"|zahlenschloss\w*|kombinationsschloss\w*|combination[ \t]lock|cijferslot\w*|kodlås\w*"
    r"|zamk\w*[ \t]szyfrow\w*"
)
# Copulas of the other languages ("es", "ist", "lautet", "là", "adalah", "είναι", …).
_COPULAS = "es|est|ist|lautet|é|è|är|jest|era|war|была?|là|adalah|este|είναι"
_PASSWORD_WORLD = _named_then(
    _WORLD_WORDS,
    _COPULAS + r"|er|on|is|ay|ialah|je|є|هي|هو|است|היא|הוא|है|คือ",
    r"(?P<value>[^\s\"'”`»,;]{4,64})",
)
# Languages that close the clause with the copula name the password, then give the value
# and then say "is": Hindi "घर के वाईफाई का पासवर्ड Chai#43 है", Persian "رمز وای‌فای Kafe#21
# است", and Turkish with its suffix, "şifresi Kedi58'dir". The value has a digit.
_PASSWORD_CLOSED = re.compile(
    r"(?:" + _WORLD_WORDS + r")(?:[ \t]{1,2}[^\s:=：]{1,20}){0,4}?[ \t]{1,2}"
    r"[\"'“„`«「『]?(?P<value>[^\s\"'”`»,;]{6,64}?)[\"'”`»」』]?"
    r"(?:[ \t]{1,2}(?:है|हैं|था|است|هست)|['’]?(?:d[ıiuü]r|t[ıiuü]r))(?=[\s.。।!?]|$)",
    re.IGNORECASE,
)
# A key or a token named in another language ("Ma clé API est …", "Mein API-Schlüssel
# lautet …", "El token de acceso es …", "APIキーは …", "API-ключ: …"), then up to six words,
# a copula or an assignment, and a value with a key's shape (the labelled rules' test).
_KEY_WORLD_WORDS = (
    r"(?:api-?)?schlüssel|zugangstoken|zugriffstoken|clé|clef|jeton|clave|chave|chiave"
    r"|(?<![a-z])token[ \t]+(?:de|di|d['’]|do|da)[ \t]*[^\W\d_]+|(?:api-?)?ключ|токен"
    r"|(?:api)?キー|トークン|(?:api[ \t]?)?키|토큰|کلید"
)
_KEY_WORLD_HINT = re.compile(_KEY_WORLD_WORDS, re.IGNORECASE)
# English is the labelled rules' (they read "is" and "on" as English words do).
_KEY_WORLD = _named_then(
    _KEY_WORLD_WORDS,
    _COPULAS,
    r"(?P<value>[^\s\"'”`»,;]{16,256})",
    gap=8,
)
# A key the words call public: a public key, not a secret.
_PUBLIC_WORLD = re.compile(
    r"públic|public|öffentlich|pubblic|публичн|открыт|公開|公钥|공개", re.IGNORECASE
)
# A PIN, and the other digit codes that open something: a phone's or a door's, a gate's,
# an alarm's, a safe's, a card's security code (CVV, CVC).
# The code's name may say whose it is or what it opens first (_PURPOSE).
_PIN = re.compile(
    r"\b(?:pin|(?:unlock|lock|screen|door|gate|alarm|safe|keypad|entry|garage|security)\s+code)"
    r"(?:\s*code)?(?:" + _PURPOSE + r")?"
    r"(?:\s*(?:[:=：]|is|was)\s*[0-9]{3,8}\b"
    # or a space alone before four to eight digits, as a note or a list writes it
    # ("door code 4862#", "trading pin 580214"); not a decimal, a range, a date or a time.
    r"|[ \t]{1,2}[0-9]{4,8}(?![0-9]|[.,:/\-][0-9]))"
    r"|(?P<cvc>\b(?:cvv2?|cvc2?)(?:\s*code)?(?:\s*(?:[:=：]|is|was)\s*|\s+)[0-9]{3,4}\b)"
    r"|(?:解锁码|开门码|门禁码|安全码|开锁码)\s*(?:是|为|[:=：])?\s*[0-9]{3,8}(?![0-9])"
    # a Chinese code's name in an English sentence ("The 门禁密码 of his building is …")
    r"|密码" + _PURPOSE + r"\s*(?:[:=：]|is|was)\s*[0-9]{3,8}(?![0-9])",
    re.IGNORECASE,
)
# The same codes named in other languages (German, French, Spanish, Portuguese, Italian,
# Japanese), then up to six words, a copula or an assignment and the digits.
_PIN_WORDS = (
    r"(?:haus|wohnungs)?türcode|torcode|garagencode|alarmcode|tresorcode|geheimzahl"
    r"|pin-?nummer|code\s+(?:für|fuer)\s+(?:die|das|den)|digicode|code\s+d['’]entrée"
    r"|code\s+de\s+la\s+porte|code\s+du\s+(?:portail|garage|coffre)|code\s+de\s+l['’]alarme"
    r"|code\s+(?:secret|pin)|código\s+(?:de|do|da|del)\s+"
    r"(?:(?:la|el|a|o)\s+)?(?:puerta|acceso|entrada|alarma|portão|porta|portón|cofre|garaje"
    r"|garagem|portal|portería|portaria|telefonillo|interfono|interfone|candado|caja\s+fuerte)"
    r"|codice\s+(?:del\s+portone|della\s+porta|di\s+accesso|pin|dell['’]allarme|del\s+cancello)"
    r"|暗証番号"
    # Hungarian alarm, gate, door and safe codes ("a riasztó kódja")
    r"|(?:riasztó|kapu|ajtó|széf)\w{0,4}\s+kód\w*"
    # a card's or a phone's PIN named in the sentence's own language ("il PIN del bancomat è")
    r"|(?<![a-z])m?pin(?:-?code|kode|kodu|-?код)?(?![a-z])|пин(?:-?код)?|(?<![a-z])nip(?![a-z])"
    # Dutch, Polish, Turkish, Russian, Vietnamese, Indonesian and Arabic door, alarm, safe
    # and card codes ("pincode", "kod do alarmu", "alarm kodu", "kartının şifresi",
    # "код от домофона", "mã cổng", "kode pintu", "الرقم السري")
    r"|(?:deur|alarm|poort|kluis|toegangs|inlog)code|kod\s+(?:do|od)\s+(?:alarmu|drzwi|bramy"
    r"|domofonu|sejfu|furtki)|kod\s+dostępu|(?:alarm|kapı|kasa|bina)\w{0,6}\s+(?:kodu|şifresi)"
    r"|kart\w{0,6}\s+şifre\w{0,3}|код\s+(?:от\s+)?(?:двери|домофона|сигнализации|сейфа"
    r"|замка|подъезда)|mã\s+(?:pin|cửa|cổng|két|báo\s+động)|kode\s+(?:pin|pintu|gerbang"
    r"|alarm|brankas|akses)|الرقم\s+السري|(?:رمز|كود)\s+(?:ال)?(?:باب|بوابة|إنذار|خزنة)"
    r"|(?:도어락|현관|카드)\s*비밀번호"
    # Vietnamese unlock codes, Hebrew, Swedish and Ukrainian door, alarm and safe codes, a
    # passcode in Japanese ("mã mở khóa", "הקוד של האזעקה", "koden till kassaskåpet", "код
    # від замка", "パスコード"; not Hindi's पिन, which in India also names a postcode)
    r"|mã\s+mở\s+khóa|(?:ה)?קוד\s+(?:של\s+)?[לה]?ה?(?:דלת|כניסה|אזעקה|כספת|שער|בניין)"
    # a parcel locker's code, which opens someone's parcel ("code du casier Amazon Locker",
    # "code pakketkluis", "kod odbioru", "код постамата", "nyitókód", "cacifo … código")
    r"|code\s+(?:du\s+|de\s+la\s+)?(?:casier|consigne)|(?:pakket|pakje)s?kluis|kod\s+odbioru"
    r"|код\s+(?:постамата|ячейки|получения|поштомата|комірки|поштомату|отримання)|nyitókód|abholcode|locker\s+code"
    r"|pickup\s+code|código\s+de\s+(?:recogida|levantamento)|codice\s+di\s+ritiro"
    # alarm, door and security codes in Swedish, Czech and Romanian, Korean shorthand
    r"|larmkod|portkod|dörrkod|säkerhetskod|kód\s+(?:od|k|ke|pro)\s+(?:alarmu|dveří|brány"
    r"|trezoru|zámku)|codul\s+(?:de\s+la\s+)?(?:alarm[aăe]|u[șs][aăi]|poart[aă]|seif|interfon\w*)"
    r"|(?:도어락|현관)\s*비번"
    r"|kod(?:en)?\s+(?:till|för)\s+(?:kassaskåpet|dörren|porten|larmet|garaget|förrådet|kodlåset)"
    r"|код\s+(?:від\s+)?(?:дверей|домофона|сигналізації|сейфа|замка|під'їзду)|パスコード"
    # Ukrainian's PIN, Persian and Arabic codes of a safe, an alarm, a door, a lock or a
    # card, Hindi's locker, gate and door codes
    r"|пін(?:-?код)?|رمز\s+(?:گاوصندوق|دزدگیر|درب?|قفل|کارت)|رمز\s+(?:ال)?قفل"
    r"|(?:लॉकर|गेट|दरवाज़े|दरवाजे)\s+(?:का\s+)?कोड"
    # a card's code in the Romance languages ("le code de la carte bleue", "código do cartão")
    r"|code\s+(?:de\s+)?(?:la\s+|ma\s+|sa\s+|ta\s+)?carte|c[óo]digo\s+(?:de\s+|d[aoe]l?\s+)?"
    r"(?:(?:la|mi|su|tu)\s+)?(?:tarjeta|cart[ãa]o)|codice\s+(?:della|del)\s+(?:carta|bancomat)"
    # a phone's unlock code and a parcel's pickup code in more languages ("código de
    # desbloqueio", "Entsperrcode", "kód pro vyzvednutí", "קוד לאיסוף"), a building's
    # auto-lock number in Japanese ("オートロックの番号")
    r"|c[óo]digo\s+de\s+desbloque(?:io|o)|code\s+de\s+d[ée]verrouillage|entsperr-?code"
    r"|codice\s+di\s+sblocco|ontgrendel(?:ings)?code|kod\s+odblokowania|код\s+разблокировки"
    r"|kilit\s+açma\s+kodu|kód\s+(?:pro|k)\s+vyzvednutí|kód\s+k\s+\w*box\w*|קוד\s+(?:ה)?(?:ל)?איסוף"
    r"|オートロック(?:の)?(?:番号|暗証番号)"
    # a safe's or a lock's combination, in the languages of the note words
    r"|(?:kombination|kombinace|kombinacja|combinaison|combinaci[óo]n|combinação|combinazione"
    r"|combinatie|комбинаци\w*|комбінаці\w*|kombinasyon\w*|kombinasi|συνδυασμ\w*|combinați\w*)"
    r"(?:\s+\w+){0,2}?\s+(?:" + _NOTE_LOCKS + r")"
)
# Groups of letters and digits joined by hyphens, or groups holding a digit joined by spaces
# ("8f3k-2l9q", "4829 1736", "12-34-56"; not "10 one-time"); a digit stands in the first
# group or in a group dashed to it ("YGSHN-23RX5-NQKF3-…", as Microsoft prints its codes).
_CODE_GROUPS = (
    r"(?=[A-Za-z-]{0,64}[0-9])[0-9A-Za-z]{2,12}(?:-[0-9A-Za-z]{2,12}){0,4}"
    r"(?: (?=[A-Za-z]{0,11}[0-9])[0-9A-Za-z]{2,12}(?![0-9A-Za-z-])){0,3}(?![0-9A-Za-z-])"
)
# What two-factor backup and recovery codes are called, in English (before "code(s)") and
# in Chinese: the names both rules below read.
_RECOVERY_KINDS = "2fa|mfa|two[- ]?factor|2-step|two-step|backup|recovery|scratch|emergency|rescue"
_RECOVERY_QUALIFIER = r"(?:\s+(?:login|sign-?in|verification))?"
_RECOVERY_ZH = "恢复码|备用码|救援码|备份码|应急码"
# Recovery codes named, then listed further on in the same passage: "backup codes (saved
# when she turned on two-factor login: 872b-9b5f, 091b-e8e0, …)", "恢复码——TQRJR、JBBX9、…",
# or one to a line under the name. Three codes or more of one length (``_listed_code``).
_CODE_LIST_NAME = re.compile(
    r"\b(?:" + _RECOVERY_KINDS + ")" + _RECOVERY_QUALIFIER + r"\s+codes\b|" + _RECOVERY_ZH,
    re.IGNORECASE,
)
_LISTED_CODE = re.compile(
    r"(?:^|(?<=[\s,，、;；:：(（\-—]))([0-9A-Za-z]{4,12}(?:-[0-9A-Za-z]{3,12})?)"
    r"(?=[\s,，、;；)）.。]|$)"
)


def _code_list_after_name(text: str) -> bool:
    """Whether recovery codes are named and, within 200 characters on, three or more codes
    of one length are listed (``_CODE_LIST_NAME``): letters with digits, or six digits or
    more (four are a year or a count)."""
    for name in _CODE_LIST_NAME.finditer(text):
        lengths = Counter(
            len(code)
            for m in _LISTED_CODE.finditer(text, name.end(), name.end() + 200)
            if _listed_code(code := m.group(1))
        )
        if any(count >= 3 for count in lengths.values()):
            return True
    return False


def _listed_code(code: str) -> bool:
    digits = sum(c.isdigit() for c in code)
    return 0 < digits < len(code.replace("-", "")) or (digits >= 6 and code.isdigit())


# Codes that stand in for a password: two-factor backup and recovery codes (one use each,
# but each logs in), a lock's combination; the value's first group holds a digit ("8f3k-2l9q",
# "4829 1736", "12-34-56"), so "backup codes are in 1Password" names none.
_ONE_TIME_CODE = re.compile(
    r"\b(?:(?:" + _RECOVERY_KINDS + "|otp)" + _RECOVERY_QUALIFIER + r"\s+codes?"
    r"|(?:lock|locker|padlock|safe)\s+combination|combination(?:\s+lock)?)"
    r"(?:\s+(?:are|is|was|were))?\s*[:=：]?\s*[\"'“]?(?P<value>" + _CODE_GROUPS + ")"
    r"|(?:" + _RECOVERY_ZH + r"|密码锁|密码箱|保险柜|保险箱)\s*(?:是|为|[:=：])?\s*"
    r"(?P<zh>" + _CODE_GROUPS + ")",
    re.IGNORECASE,
)
# A login written as "user/password" after a word naming it ("router login admin/admin123",
# "credentials: ann / S3cret!", "账号密码 ann/Abc12345"): the second half holds a digit or a
# symbol, so a path ("login admin/settings") is none.
_LOGIN_PAIR = re.compile(
    r"(?:(?i:(?<![a-z])(?:log[ -]?ins?|sign[ -]?in|credentials?|creds"
    r"|user(?:name)?[ \t]?/[ \t]?pass(?:word)?)"
    r"|账号密码|帐号密码|用户名密码|用户名和密码|账号和密码|登录)"
    r"(?:[ \t]{1,2}(?:is|are|was))?[ \t]{0,2}[:：=]?[ \t]{0,2}"
    r"(?<![/\w])(?P<user>(?=[0-9._@+-]{0,63}[A-Za-z])[A-Za-z0-9._@+-]{2,64})"
    # or a device's default administrator, with no word naming a login: "admin / …"
    r"|(?<![/\w])(?P<admin>admin|root|administrator))"
    r"[ \t]?/[ \t]?"
    r"(?P<pw>(?=[^\s/]{0,63}[0-9!@#$%^&*_+=?~])[^\s/,;，。]{4,64})(?![^\s,;，。])"
    # the administrator, then "and" or "with" and a value of letters and a digit or a
    # symbol: "ใช้ admin กับ True_router78", "admin and Modem#2024"
    # (not a person: "ask the admin and …")
    r"|(?<![/\w])(?<!(?i:the|our|his|her|der|die|den|dem|het|del|les) )(?<!(?i:my|an|le|la|el|il"
    r"|lo|de) )(?<!(?i:your) )(?<!(?i:their) )(?<![lL]['’])"
    r"(?:admin|root|administrator)[ \t]{1,2}(?i:and|with|und|et|y|e|en|och|og|ve"
    r"|és|și|và|dan|at|at\s+ang|и|і|ו|و|กับ|และ|と|和)[ \t]{1,2}"
    r"(?P<pw2>(?=[^\s/]{0,63}[0-9!@#$%^&*_+=?~])(?=[^\s/]{0,63}[^\W\d_])[^\s/,;，。]{6,64})"
    r"(?![^\s,;，。])"
)
# A device's default administrator before a login's second half, where no word names a
# password (:func:`password_detector`).
_ADMIN_HINT = re.compile(r"(?<![/\w])(?:admin|root|administrator)[ \t]", re.IGNORECASE)
# A Wi-Fi network as its QR code writes it (ZXing's format, which phones read):
# "WIFI:T:WPA;S:HomeNet;P:<password>;;".
_WIFI_QR = re.compile(r"WIFI:(?:[A-Z]{1,3}:[^;\n]{0,64};){0,6}?P:(?P<value>[^;\n]{1,64});", re.I)
# The same codes named in other languages, up to six words saying whose, then a colon or a
# copula ("Kody odzyskiwania do konta na GitHubie: …", "Kode cadangan Instagram-nya: …").
_ONE_TIME_WORDS = (
    r"kody\s+(?:odzyskiwania|zapasowe)|kode\s+(?:cadangan|pemulihan)"
    r"|c[oó]digos?\s+de\s+(?:recuperaci[oó]n|respaldo|backup|recupera[cç][aã]o|seguran[cç]a)"
    r"|codes?\s+de\s+(?:r[ée]cup[ée]ration|secours)|backup-?codes?|wiederherstellungscodes?"
    r"|cod(?:uri|urile|ul)?\s+de\s+(?:rezervă|rezerva|recuperare|backup)"
    r"|codici\s+di\s+(?:backup|recupero)|(?:herstel|back-?up)codes?|резервн\w+\s+код\w*"
    r"|код\w*\s+восстановления|yedek\s+kod\w*|kurtarma\s+kod\w*"
    r"|mã\s+(?:dự\s+phòng|khôi\s+phục)|バックアップコード|リカバリーコード|백업\s*코드|복구\s*코드"
    r"|رموز\s+(?:الاسترداد|احتياطية|النسخ\s+الاحتياطي)|kod\s+(?:sandaran|pemulihan)"
    r"|קודי\s+(?:גיבוי|שחזור)|קוד\s+שחזור|κωδικοί\s+(?:ανάκτησης|επαναφοράς|αντιγράφου)"
)
# Thai writes no space between words: its backup codes' name, then anything up to a colon.
# The words as the canonical form writes them (NFKC splits the vowel sara am, ำ).
_ONE_TIME_THAI = re.compile(
    unicodedata.normalize("NFKC", "(?:โค้ดสำรอง|รหัสสำรอง|โค้ดกู้คืน|รหัสกู้คืน)")
    + r"[^:：\n]{0,80}[:：][ \t]*(?P<value>"
    + _CODE_GROUPS
    + ")"
)
# (a rare name: a relative clause may stand before the colon, "… que ele salvou aqui: …")
_ONE_TIME_WORLD = _named_then(
    _ONE_TIME_WORDS,
    _COPULAS + r"|is|are|to|er|zijn|sind|son|são|sono|sont",
    r"(?P<value>" + _CODE_GROUPS + ")",
    gap=10,
)
# A two-factor (TOTP) setup key as authenticator apps show it: base32 in groups of four
# ("IDCQ 6KFB IZKO Q4QB …"), four groups or more holding two digits, after words naming it.
_TOTP_WORDS = re.compile(
    r"totp|(?<![a-z])(?:2fa|mfa|otp)(?![a-z])|authenticator|two[- ]factor|zwei-faktor|2-step"
    r"|setup[ -]key|secret[ -]key|deux[ -]facteurs|dos[ -]factores|dois[ -]fatores|due[ -]fattori"
    r"|двухфактор|双重验证|两步验证|二次验证|身份验证器|二段階認証|2단계",
    re.IGNORECASE,
)
_BASE32_GROUPS = re.compile(r"(?<![A-Za-z0-9])[A-Z2-7]{4}(?: [A-Z2-7]{4}){3,}(?![A-Za-z0-9])")


def _totp_key(text: str) -> bool:
    return (
        any(sum(c.isdigit() for c in m.group()) >= 2 for m in _BASE32_GROUPS.finditer(text))
        and _TOTP_WORDS.search(text) is not None
    )


# An app password as Google and Apple print it: four groups of four small letters.
_APP_PASSWORD = re.compile(
    r"(?i:\bapp(?:[- ]specific)?[- ]passwords?\b|应用专用密码)[^\n]{0,24}?"
    r"(?<![A-Za-z])[a-z]{4}([ -])[a-z]{4}\1[a-z]{4}\1[a-z]{4}(?![A-Za-z])"
)
_PIN_HINT = re.compile(_PIN_WORDS, re.IGNORECASE)
# A keypad's code may hold one of its letters among the digits (a French digicode "08B11").
_PIN_WORLD = _named_then(
    _PIN_WORDS,
    # (Romanian's spoken "e" too: "Codul de la interfon e 7931")
    _COPULAS + r"|is|to|er|on|ay|ialah|e|هي|هو|הוא|היא",
    # an article may stand before the digits, as Romance languages name a number ("es el
    # 6407#", "é o 4821")
    r"(?:(?:el|la|le|lo|il|o|a)[ \t]{1,2})?"
    # (not the first group of a longer number: "NIP firmy: 688-804-60-65")
    r"(?=(?:[A-Da-d]?[0-9]){3})[0-9]{1,8}(?:[A-Da-d][0-9]{1,6})?(?![0-9A-Za-z]|[-./][0-9])",
    gap=8,
)
# A password or a key named in another language than English, for a value no word of any
# language has the shape of (:func:`_strong_after_name`); a key alone, as German names a
# Wi-Fi network's ("Schlüssel …"). English names have rules of their own (``_PASSWORD``,
# ``_PASSWORD_FOR`` and the labelled rules), with the exceptions code and documentation need.
_SECRET_NAME = re.compile(
    _WORLD_WORDS
    + r"|schlüssel|(?<![A-Za-z])(?:clé|clef|clave|chave|chiave|sleutel|klucz|anahtar\w{0,3}"
    r"|khóa|kunci)(?![A-Za-z])|ключ|密钥|秘钥"
    # "pass", Japanese shorthand for a password, not the start of a longer word (パスタ);
    # French, Korean and Russian shorthand ("mdp", "비번", "пасс"), Indonesian "passwordnya"
    # (not a Wi-Fi network's name: its SSID may hold digits and a symbol, "FRITZ!Box 7590")
    r"|パス(?![ァ-ヶー])|(?<![a-z])(?:mdp|passwordnya|pass)(?![a-z])|비번|(?<![а-я])пасс(?![а-я])"
    # Vietnamese shorthand ("mk", mật khẩu); Mexican Spanish's ("la contra del wifi")
    r"|(?<![a-z])mk(?![a-z])|(?<![a-z])(?:la|tu|su|mi)[ \t]+contra(?=[ \t]+(?:del?|es)[ \t])"
    r"|باصورد",
    re.IGNORECASE,
)
# Where a clause ends: a full stop or a semicolon before a space or the end, a CJK mark, a
# line break.
_CLAUSE_END = re.compile(r"[.;](?:\s|$)|[。；，।\n]")
# What is left around a word once the sentence's own marks are taken off it (Hindi's
# danda and the CJK full stop and comma among them).
_AROUND = "\"'“”‘’«»„()[]{}<>`,.;:।。、，「」"
# The symbols a password holds and a word, a version, a path or a setting does not.
_PASSWORD_SYMBOLS = frozenset("!#$%&*+?~^")
# A value's place: a URL, an e-mail address or a host, a path; or code: a slot, a call, a
# variable, an expansion or an assignment inside it (the assignment rules judge code).
_NOT_A_VALUE = re.compile(
    r"://|@[\w-]+\.|[/<>{}()\[\]=\\`'\"]"
    # a variable: "$HOME", "%APPDATA", "$db_pass" (a password may open with "$" before words
    # in mixed case and digits, "$NasilemakMerdeka8640")
    r"|(?:^|[^A-Za-z0-9])[$%](?:[A-Z_][A-Z0-9_]*(?![a-z])|[a-z_][a-z0-9_]*(?![A-Z]))"
)
# A name assigned in code or configuration ("password: …", "pwd = …"): the assignment
# rules' to judge, with their references and slots.
_ASSIGNED = re.compile(r"[\"'\]]{0,2}[ \t]*(?::=|=>|->|[:=：])")


def _strong_after_name(text: str) -> bool:
    """Whether a password or a key is named and, within its clause and eight words on, a
    value follows with letters, digits and a symbol, eight characters or more
    ("y la contraseña Gazpacho_56$bocadillo", "Hasło do jego skrzynki na Onecie to
    Legia_31!pierogi", "mật khẩu HoaSen1996*"): no word of any language has that shape, so
    no copula or colon has to say it is the value.

    Such values are rare and names are not: the values are found first, then the names
    before them, each name read once."""
    read: set[int] = set()
    names: list[re.Match[str]] | None = None  # found once, at the first value
    misspelt_checks = _MAX_MISSPELT_CHECKS
    for word in _strong_words(text):
        if names is None:
            names = list(_SECRET_NAME.finditer(text))
            starts = [m.start() for m in names]
        low, high = word.start() - 240, word.start()
        # "wzór hasła: „Przyklad#2024” – to tylko przykład": a pattern's example, no one's
        example = partial(called_a_test_value, text, word.start(), word.end())
        for m in names[bisect.bisect_left(starts, low) : bisect.bisect_left(starts, high)]:
            if m.end() <= high and m.start() not in read:
                read.add(m.start())
                if _names_a_value(text, m) and not example():
                    return True
        if misspelt_checks and _misspelt_name_before(text, word.start()) and not example():
            return True
        misspelt_checks = max(0, misspelt_checks - 1)
    return False


# A memory holds a few such values at most: a text of hundreds is read for misspelt names
# before its first 32 only.
_MAX_MISSPELT_CHECKS = 32


# "Password" in the languages of ``_WORLD_WORDS`` (and English), whole words as written, for
# :func:`_misspelt_name_before`.
_PASSWORD_NAMES = (
    *("password", "passwort", "kennwort", "contraseña", "senha", "wachtwoord", "hasło"),
    *("parola", "lösenord", "lösenordet", "salasana", "adgangskode", "passord", "parolă"),
    *("mật khẩu", "kata laluan", "kata sandi", "şifre", "şifresi", "heslo", "jelszó"),
    *("jelszava", "palavra-passe", "κωδικός", "пароль", "סיסמה", "הסיסמה", "पासवर्ड"),
    *("كلمة السر", "كلمة المرور", "رمز عبور"),
    *("รหัสผ่าน", "パスワード", "비밀번호", "mot de passe", "geheimzahl", "pincode", "pinkod"),
    "pinkoden",
)
# As the words of a text are compared: casefolded (Greek's final sigma becomes σ), a
# hyphen read as a space between words.
_FOLDED_NAMES = tuple(name.casefold().replace("-", " ") for name in _PASSWORD_NAMES)


def _unmarked(word: str) -> str:
    """``word`` without its accents, tone marks and other combining marks."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


_UNMARKED_NAMES = frozenset(map(_unmarked, _FOLDED_NAMES))


# The words of the clause before a value, up to two at a time ("mât khẩu", "kata laulan"),
# and the parts of a compound written with a hyphen ("GMX-Passowrt").
_NAME_WORD = re.compile(r"[^\s\"“”‘’«»„()\[\]{}<>`,.;:：!?0-9‐-―-]+")


def _misspelt_name_before(text: str, start: int) -> bool:
    """Whether the clause before the value at ``start`` (at most twelve words) holds a word
    of four letters or more, or two or three words, one edit (a letter added, dropped,
    replaced, or two swapped) from a name of ``_PASSWORD_NAMES``: "Lösenrodet till Viaplay:
    …", "Instagram şfiresi …", "Mât khẩu Facebook của anh ấy là …", "Mot de passse …". Only a value
    :func:`_strong` says a person makes is read this way."""
    from jellyfish import damerau_levenshtein_distance

    low = max(0, start - 80)
    for mark in _CLAUSE_END.finditer(text, low, start):
        low = mark.end()
    words = [w.group().casefold() for w in _NAME_WORD.finditer(text, low, start)][-12:]
    # a Korean or Japanese name with its particle ("비빌번호가"): the name without it too
    words += [w[:-1] for w in words[-6:] if len(w) >= 5 and w[-1] in _PARTICLES]
    grams = [w for w in words if len(w) >= 4] + [" ".join(p) for p in pairwise(words)]
    grams += [" ".join(words[i : i + 3]) for i in range(len(words) - 2)]  # "mot de passse"
    misspelt = any(
        # a gram holding a name whole ("passwords") is the exact rules' to judge
        _NAME_INSIDE.search(gram) is None
        and (
            _unmarked(gram) in _UNMARKED_NAMES  # tones or accents typed wrong
            or any(damerau_levenshtein_distance(gram, name) == 1 for name in _near_names(gram))
        )
        for gram in grams
    )
    return misspelt and not called_a_test_value(text, low, start)


# Korean and Japanese particles a noun may carry written together with it.
_PARTICLES = frozenset("가이는은를을도의로와과에はがをもの")


# The names as one pattern, to find one held whole in a gram.
_NAME_INSIDE = re.compile("|".join(map(re.escape, _FOLDED_NAMES)))


def _index_names() -> dict[tuple[int, str], frozenset[str]]:
    """The names a gram may be one edit from, by the gram's length and its first or its
    last letter: one edit leaves a name two letters longer or shorter at most (jellyfish
    counts an Indic consonant with its virama as one letter), and leaves its first letter
    or its last as they were."""
    index: dict[tuple[int, str], frozenset[str]] = {}
    for name in _FOLDED_NAMES:
        for length in range(len(name) - 2, len(name) + 3):
            for key in ((length, "^" + name[0]), (length, name[-1] + "$")):
                index[key] = index.get(key, frozenset()) | {name}
    return index


_NAMES_NEAR = _index_names()


def _near_names(gram: str) -> frozenset[str]:
    """The names of ``_NAMES_NEAR`` a gram may be one edit from."""
    size = len(gram)
    empty: frozenset[str] = frozenset()
    return _NAMES_NEAR.get((size, "^" + gram[0]), empty) | _NAMES_NEAR.get(
        (size, gram[-1] + "$"), empty
    )


_LONG_WORD = re.compile(r"\S{8,}")


@lru_cache(maxsize=8)
def _strong_words(text: str) -> tuple[re.Match[str], ...]:
    """The words of ``text`` (``_LONG_WORD``) that, their surrounding marks taken off, are
    values :func:`_strong` says only a person makes: found once for the rules that read
    them."""
    return tuple(w for w in _LONG_WORD.finditer(text) if _strong(w.group().strip(_AROUND)))


# A password as the subject of its sentence, whatever stands between it and its value ("The
# password that her father, who keeps forgetting it, uses for his mail is Willow&2015"),
# not as a modifier of another noun ("The password manager she trusts is …").
_SUBJECT_PASSWORD = re.compile(
    r"(?<![A-Za-z])(?:" + _PASSWORD_TYPED + r"|passphrase|passcode)(?![A-Za-z])"
    r"(?![ \t]+(?:managers?|policy|policies|resets?|fields?|hints?|rules?|requirements?"
    r"|prompts?|vaults?|generators?|changes?|length)(?![A-Za-z]))",
    re.IGNORECASE,
)
# The copula (of English or the other languages') or the colon that gives a value, maybe
# a quote: right before the value (``_GIVEN``), or with the value after it (``_GIVEN_VALUE``).
_GIVING_COPULAS = r"is|was|to|є|هي|هو|היא|הוא|" + _COPULAS
_GIVES = (
    r"(?:(?<![^\W\d_])(?:je|ialah|ay|" + _GIVING_COPULAS + r")|คือ|[:：]"
    r"|(?<=[ \t])[-–—])[ \t]{1,2}"
    r"(?:[\"'“„`]|«[ \t\u00a0\u202f]?)?"
)
# A Japanese topic or a Chinese copula, written without spaces, right before a value that
# closes its sentence ("…そのままになっているやつは、Sakura6888!neko。").
_GIVEN_CJK = re.compile(
    r"(?:は|是|为|為)[、，,]?[ \t]?[\"'“「]?(?P<value>[A-Za-z0-9!#$%&*+?~^@_.-]{8,64})"
    r"(?=[\"'”」]?[ \t]*(?:[。！!？?；;\n]|$))"
)
_GIVEN = re.compile(_GIVES + "$", re.IGNORECASE)
# A copula, or a verb of remaining ("remains", "bleibt", "sigue siendo"), or a word of "now"
# where a language drops the copula, then up to two words of when or still ("ist immer
# noch", "is still", "היא עדיין") before a value: for a strong value or a PIN that closes
# its sentence only (:func:`_given_before`).
_GIVEN_STILL = re.compile(
    r"(?<![^\W\d_])(?:e|คือ|" + _GIVING_COPULAS + r"|remains|stays|bleibt"
    r"|reste|resta|rimane|blijft|siendo|sendo|zůstává|rămâne|förblir|остается|остаётся"
    r"|залишається|pozostaje|kalıyor|marad|μένει"
    # "тепер …", "sekarang …", "to teraz …", "e acum …", "c'est désormais …"
    r"|now|teraz|тепер|теперь|сейчас|зараз|sekarang|kini|acum|désormais|maintenant|ahora"
    r"|agora|jetzt|nu|adesso|şimdi|bây[ \t]giờ|giờ|עכשיו|الآن|अब|حالا|ngayon|most|τώρα)"
    r"(?:[ \t]{1,2}[^\W\d_]{2,9}){0,2}[ \t]{1,2}[\"'“„`]?$",
    re.IGNORECASE,
)


def _given_before(text: str, start: int) -> bool:
    """Whether a copula or a colon gives the value at ``start`` (``_GIVEN``), or a copula or
    a verb of remaining, maybe with a word of still or now after it (``_GIVEN_STILL``)."""
    return (
        _GIVEN.search(text, max(0, start - 12), start) is not None
        or _GIVEN_STILL.search(text, max(0, start - 40), start) is not None
    )


# A token of letters and digits (and maybe symbols) whose kinds of character change often:
# a generated key or a router's default password ("YQZEU0BjVX", "860bjj9s474").
_TOKEN = re.compile(r"(?<![\w@/.-])[A-Za-z0-9!#$%&*?@_^~+-]{8,64}(?![\w@/-]|\.\w)")
_KIND_OF_CHAR = re.compile(r"[A-Z]+|[a-z]+|[0-9]+|[^A-Za-z0-9]+")
_HEX_ONLY = re.compile(r"[0-9a-f]+|[0-9A-F]+")


def _random_value(value: str) -> bool:
    """Whether ``value`` reads as generated rather than made of words: letters and a digit,
    and the kind of character (capital, small letter, digit, symbol) changing at least four
    times with no run of four small letters after a capital or alone of six or more
    ("YQZEU0BjVX", "860bjj9s474"; not "iPhone15", "Version2024x")."""
    if not any(c.isdigit() for c in value) or sum(c.isalpha() for c in value) < 2:
        return False
    if _HEX_ONLY.fullmatch(value):
        return False  # a hash, a checksum or a public key's hex: no one makes it to remember
    runs = _KIND_OF_CHAR.findall(value)
    if len(runs) < 5:
        return False
    words = re.findall(r"[A-Z]?[a-z]{4,}", value)
    return not words and _NOT_A_VALUE.search(value) is None and not is_reference(value)


def _closed_by_copula(text: str, end: int) -> bool:
    """Whether a copula of a language that puts it after the value closes the clause of the
    value ending at ``end`` ("… Samosa_468!82 है।", "… 5hAeyGWKZk است.")."""
    closed = _CLOSING_COPULA.match(text, end)
    return closed is not None and _CLOSES.match(text, closed.end()) is not None


def _random_given(text: str) -> Iterator[tuple[int, int]]:
    """Where a generated value (:func:`_random_value`) is given by a copula, a colon or a
    dash before it, or by a copula of a language that puts it after the value."""
    for m in _TOKEN.finditer(text):
        if not _random_value(m.group()):
            continue
        if _given_before(text, m.start()) or _closed_by_copula(text, m.end()):
            yield m.span()


def _subject_password(text: str) -> bool:
    """Whether a value :func:`_strong` says only a person makes follows a copula or a colon,
    or a generated one (:func:`_random_value`) is given so (:func:`_random_given`), and a
    password is named (in English or, as ``_SECRET_NAME``, another language) within the
    first 32 characters of that sentence, with no assignment right after the name."""
    spans = [
        w.span()
        for w in _strong_words(text)
        if _given_before(text, w.start()) or _closed_by_copula(text, w.end())
    ]
    for given in _GIVEN_CJK.finditer(text) if not text.isascii() else ():
        if _strong(given["value"].rstrip(".")):
            spans.append(given.span("value"))
    spans += _random_given(text)
    for start, end in spans:
        sentence = clause_start(text, start, 240, SENTENCE_END)
        for name in (_SUBJECT_PASSWORD, _SECRET_NAME):
            m = name.search(text, sentence, min(sentence + 48, start))
            if (
                m is not None
                and m.start() - sentence <= 32
                and _ASSIGNED.match(text, m.end()) is None
                and not called_a_test_value(text, m.start(), end)
            ):
                return True
    return _subject_pin(text)


_GIVEN_VALUE = re.compile(_GIVES + r"(?P<value>[^\s\"'”`»,;]{4,64})", re.IGNORECASE)


def _misspelt_given(text: str) -> bool:
    """Whether a colon or a copula gives four to eight lone digits (not a year, a thing's
    number or an amount) or a password-like value (:func:`_stated_password`), and the
    clause before names a password or a PIN misspelt (:func:`_misspelt_name_before`): "a
    sehna do cartão do Nubank é 4427", "Die Geheimzhal seiner Karte ist 4092", "La pasword
    dello SPID è Spid@53"."""
    checks = _MAX_MISSPELT_CHECKS
    for m in _GIVEN_VALUE.finditer(text):
        if checks == 0:
            return False
        value, start = m["value"].rstrip(".。)"), m.start("value")
        digits = _LONE_DIGITS.fullmatch(value) is not None
        if digits and (
            _YEAR.fullmatch(value)
            or thing_id(text, start)
            or _AMOUNT_AFTER.match(text, start + len(value))
        ):
            continue
        if not digits and not (_stated_password(value, quoted=False) and _MIXED.search(value)):
            continue
        checks -= 1
        if _misspelt_name_before(text, start):
            return True
    # a value only a person makes needs no copula after the name ("Hotmail şifersi Besiktas27…")
    return any(_misspelt_name_before(text, word.start()) for word in _strong_words(text)[:8])


# Letters and a digit or a symbol: a value, not a word ("Spid@53", "koffie.2019?").
_MIXED = re.compile(r"[^\W\d_].*[\d!#$%&*?@]|[\d!#$%&*?@].*[^\W\d_]")


def _typed_password(text: str) -> bool:
    """Whether a value :func:`_strong` says only a person makes is typed, keyed or entered
    (a verb of ``_KEY_VERB`` in its clause, within 24 characters before it or 16 after):
    "회사 노트북은 켜고 Seoul1997** 치면 바로 로그인됨", "…खोलते ही !Delhi07! डालना होता है"."""
    for word in _strong_words(text):
        start = word.start()
        end = start + len(word.group().rstrip(_AROUND))
        if _keyed_at(text, start, end) and not called_a_test_value(text, start, end):
            return True
    return False


def _subject_pin(text: str) -> bool:
    """Whether four to eight digits (a keypad's letter maybe before or after them) close
    their sentence after a copula, a colon or a dash, or before the copula of a language
    that puts it last, and a code that opens something is named (``_PIN_HINT``,
    ``_MORE_PIN_WORDS``) within the first 32 characters of that sentence: "Koden till
    kassaskåpet på jobbet, som bara han och chefen har, är …", "उसका UPI पिन, जिससे …, 7039…
    है।"."""
    for m in _KEYPAD_DIGITS.finditer(text):
        start, end = m.span()
        closed = _CLOSING_COPULA.match(text, end)
        given = _given_before(text, start)
        closes = _CLOSES.match(text, end)
        if not (
            (given and closes)
            or (closed is not None and _CLOSES.match(text, closed.end()))
            or (given and _CLAUSE_CLOSES.match(text, end))
        ):
            continue
        sentence = clause_start(text, start, 240, SENTENCE_END)
        reach = min(sentence + 48, start)
        name = _PIN_HINT.search(text, sentence, reach) or _MORE_PIN_WORDS.search(
            text, sentence, reach
        )
        if name is None and not _YEAR.fullmatch(text[start:end]):
            name = _place_code_name(text, sentence, reach)
        elif not closes and closed is None:
            continue  # a comma after it: only a code named with what it opens
        if (
            name is not None
            and name.start() - sentence <= 32
            and not any(c.isdigit() for c in text[name.end() : start])
            and not called_a_test_value(text, name.start(), end)
        ):
            return True
    return False


# A code's word, in the languages of the word lists: in scripts with case, and without.
_CODE_NAMES = r"code|c[óo]digo|codice|kod|kód|kode|cod(?:ul)?|κωδικ\w*|mã"
_CODE_NAMES_UNCASED = r"код|קוד|کد|كود|कोड|รหัส|コード|密码|암호"
# What may follow a value that closes its sentence: a closing quote or bracket, the
# sentence's mark, the end, or a space before Thai, which ends a sentence with a space.
_CLOSES = re.compile(
    r"(?:[ \t\u00a0\u202f]?»|[\"'”“」』)])?[ \t]*(?:[.!?。！？;；।\n]|$)"
    r"|[\"'”“»」』)]?[ \t]+(?=[\u0e01-\u0e5b])"
)
# ... or its clause: a comma (for a code named with what it opens, :func:`_place_code_name`).
_CLAUSE_CLOSES = re.compile(r"[\"'”“»」』)]?[ \t]*[,，]")
# A code's word as a whole word, and what it is the code of within 32 characters after it
# (a door, a gate, a safe, a locker, an alarm, what it unlocks): "The code of the safe in
# the bedroom is …", "Codul de deblocare al telefonului e …", "รหัสตู้เซฟในห้องนอนคือ …".
_PLACE_CODE_WORD = re.compile(
    r"(?<![^\W\d_])(?i:" + _CODE_NAMES + r")(?:[a-z]{0,3})(?![^\W\d_])|" + _CODE_NAMES_UNCASED
)


def _place_code_name(text: str, low: int, high: int) -> re.Match[str] | None:
    """A code's word between ``low`` and ``high`` followed, within 32 characters and
    before ``high``, by what it opens (``_KEYED_PLACE``) or a card (``_CODE_CARD``), not a
    postcode's, a promotion's or an error's code (``_NOT_A_LOCK_CODE``)."""
    for code in _PLACE_CODE_WORD.finditer(text, low, high):
        if _NOT_A_LOCK_CODE.search(text, max(0, code.start() - 16), code.start()):
            continue
        reach = min(high, code.end() + 32)
        if _KEYED_PLACE.search(text, code.end(), reach) or _CODE_CARD.search(
            text, code.end(), reach
        ):
            return code
    return None


# The copula of a language that puts it after the value (Hindi, Persian).
_CLOSING_COPULA = re.compile(r"[ \t]{1,2}(?:है|हैं|था|است|هست)(?![^\W\d_])")
# Four to eight keyed digits, maybe with one of a keypad's letters before or after them (a
# French digicode "C3049").
_KEYPAD_DIGITS = re.compile(
    r"(?<![0-9A-Za-z.,:/-])(?:[A-Da-d](?=[0-9]))?[0-9]{4,8}(?:[A-Da-d](?![A-Za-z]))?"
    r"(?![0-9]|[.,:/-][0-9])"
)


# A password or a code named right after its value, in apposition: "he types 2146, the PIN
# of his Chase card", "Willow&2015 — her Gmail password", "他输 733834，这是他工行储蓄卡的取款密码。"
# The kind is found first (rare), then the value right before it.
_APPOSED_KIND = re.compile(
    r"(?:,|—|–|\(|[ \t]-[ \t])[ \t]*(?:which[ \t]+is[ \t]+|that[ \t]+is[ \t]+|that's[ \t]+)?"
    r"(?:the|his|her|my|their|its|your|our)[ \t]+(?:[\w'’-]{1,20}[ \t]+){0,3}?"
    r"(?P<kind>pin|passcode|password|passphrase|(?:door|gate|alarm|safe|unlock|lock|keypad)"
    r"[ \t]+code)(?![A-Za-z])"
    # not a modifier of another noun ("the PIN pad", "the password reset link")
    r"(?![ \t]+(?:pads?|resets?|policy|policies|managers?|fields?|prompts?|entry|changes?"
    r"|rules?|hints?|screens?|forms?|links?|emails?|requirements?|length)(?![A-Za-z]))"
    r"|(?:[，,][ \t]*)?(?:这是|这就是|就是)[^，。；;\n]{0,16}?(?P<zh>密码|口令|门禁码|开门码|pin码)"
    r"[ \t]*(?:[。.，,；;)）!！]|$)",
    re.IGNORECASE,
)
_VALUE_BEFORE = re.compile(r"(?<![^\s(:：“\"'])([^\s,，—–(]{4,64})[ \t]*$")


def _named_after_value(text: str) -> bool:
    """Whether a PIN's digits (four to eight, not a year) or a password :func:`_strong`
    says only a person makes stand right before words naming them as one (``_APPOSED_KIND``)."""
    for m in _APPOSED_KIND.finditer(text):
        value = _VALUE_BEFORE.search(text, max(0, m.start() - 65), m.start())
        if value is None:
            continue
        given = value.group(1)
        kind = (m["kind"] or m["zh"] or "").lower()
        digits = given.isdigit() and 4 <= len(given) <= 8 and not _YEAR.fullmatch(given)
        if (digits and kind not in ("password", "passphrase")) or (
            kind != "pin" and not kind.endswith("code") and _strong(given)
        ):
            return True
    return False


_YEAR = re.compile(r"(?:19|20)[0-9]{2}")
# What unlocks, in the languages of the word lists: a code's use said by a verb.
_UNLOCK_WORDS = (
    r"(?<![a-z])(?:unlock\w*|desbloque\w*|déverrouill\w*|entsperr\w*|sblocc\w*|ontgrendel\w*"
    r"|odblok\w*|odemy\w*|odemk\w*|kilidi|deblo\w*|feloldá\w*)(?![a-z])"
    r"|разблок\w*|розблок\w*|ξεκλειδ\w*|ロック解除|解錠|잠금\s*해제|अनलॉक|ปลดล็อก|mở[ \t]khóa"
)
# ... and what opens: after a code's name only ("kod untuk buka peti besi"), since opening
# hours use the same verbs.
_OPEN_WORDS = (
    _UNLOCK_WORDS
    + r"|(?<![a-z])(?:buka|abrir|ouvrir|öffne\w*|aprire|openen|otworz\w*|açma\w*|öppna"
    r"|otevř\w*|deschide\w*|b(?:in)?u(?:b?u)?ksan)(?![a-z])|открыв\w*|открыть|відкри\w*|ανοίγ\w*"
    r"|開け|열[고어]"
    r"|فتح|खोलने|เปิด|לפתוח|פותח|باز\s+کرد"
)
# A card, in the languages of the word lists: what a card's password names (``_CARD_WORDS``)
# and what a code's name may say it is of (``_KIND_AFTER``).
_CARD_NAMES = (
    r"cart[ãa]o|tarjeta|(?<![a-z])carte|karte|kart[ayęi]|(?<![a-z])kart|thẻ|kartu|(?<![a-z])atm"
    r"|بطاقة|کارت|карт[аыи]|картк[аиі]|카드|カード|卡|บัตร|כרטיס"
)
# A card, whose code is its PIN ("Le code de sa CB").
_CODE_CARD = re.compile(_CARD_NAMES + r"|(?<![a-z])cb(?![a-z])|multibanco", re.IGNORECASE)
# A PIN's digits given first, then named, in any language: "119011 – so lautet die
# Entsperr-PIN", "1959 — это пин-код от его карты", "4749 هو الرقم السري", "1584が、…の暗証番号だ",
# "112518 — זה הקוד של הכספת". Right after the digits, a dash, a colon, a comma (where the
# digits open the sentence) or a copula or demonstrative; then, within 48 characters and
# before any other digit or the sentence's end, the code's name: a PIN's or a password's,
# or a code's with what it opens.
_AFTER_DIGITS = re.compile(
    r"[\"'”“»」』]?[ \t]*(?:[—–:：←-]|(?P<comma>,)|(?<![^\W\d_])(?:is|was|that's|it's|"
    # "as" a password: "… "Homeoffice62%CTY" als Passwort"
    r"as|als|como|comme|come|jako|как|olarak|sebagai|bilang|ως|ca|mint|som|"
    + _COPULAS
    + r"|je|er|on|to|az|ay|itu|ini|tu|ez|zo|essa|esse|isso|это|це|זה|הוא|هو|هي|این|c'est"
    r"|dat[ \t]is|das[ \t]ist)"
    r"(?![^\W\d_])|が|は|은|는|이|가|就是|是|เป็น|คือ)"
)
_KIND_AFTER = re.compile(
    r"(?:" + _PIN_WORDS + "|" + _WORLD_WORDS + r"|(?<![A-Za-z])(?:passcode|password|passwort)"
    r"|パスコード|(?<![a-z])(?:mdp|ww)(?![a-z])|비번"
    # a Wi-Fi network's key, which is its password ("c'est la clé wifi de la Freebox")
    r"|(?:cl[ée]|clave|chave|chiave|schlüssel|sleutel|klucz|ключ)[ \t]+(?:du[ \t]+|del[ \t]+|do[ \t]+|da[ \t]+)?(?:wi-?fi|wlan|wpa2?)"
    r"|(?:wi-?fi|wlan)-?(?:schlüssel|sleutel|key)"
    # a Hindi PIN, not India's postal PIN code
    r"|पिन(?![ \t]*कोड)"
    r"|(?:code|kod|код|קוד|codice|código|kode|mã|κωδικ\w*|รหัส)[^0-9.!?。\n]{0,32}?"
    r"(?:сейф|замк|домофон|двер|כספת|מנעול|אזעקה|דלת|safe|lock|alarm|door|gate|cofre"
    r"|caja|cassaforte|tresor|sejf|kasa|seif|trezor|lucchetto|candado|cadeado|peti[ \t]besi"
    r"|brankas|" + _CARD_NAMES + r"|(?<![a-z])cb(?![a-z])|multibanco"
    # what the code does: open or unlock
    r"|" + _OPEN_WORDS + r")"
    # or what the digits do, said right after them ("8033 — μ’ αυτό ξεκλειδώνει το κινητό")
    r"|" + _UNLOCK_WORDS + r")"
    # not a modifier of another noun ("the PIN pad", "the password reset link")
    r"(?![ \t]+(?:pads?|resets?|policy|policies|managers?|fields?|prompts?|changes?|hints?"
    r"|hash(?:es|ed)?|formats?|files?|storage|entr(?:y|ies)|schemes?|algorithms?)\b)",
    re.IGNORECASE,
)


_NOTE_LOCK = re.compile(
    r"(?i:(?<![^\W\d_])(?:" + by_first_letter(_NOTE_LOCKS) + r")(?![^\W\d_]))"
    r"|تجوری|तिजोरी|लॉकर|אזעקה|כספת|خزنة|گاوصندوق|金庫|保险柜|금고|ตู้เซฟ|กันขโมย"
    r"|インターホン|宅配ボックス|南京錠|인터폰|도어락|자물쇠|택배함|快递柜|门锁|对讲"
)
_NOTE_LOCK_STEMS = (
    *("alarm", "allarm", "riasztó", "συναγερμ", "сигнализ", "сигналіз", "safe", "vault"),
    *("coffre", "cofre", "cassaforte", "tresor", "kluis", "sejf", "сейф", "kasa", "két", "brankas"),
    *("peti besi", "seif", "trezor", "széf", "kassaskåp", "χρηματοκιβώτι", "تجوری"),
    *("तिजोरी", "लॉकर", "larm", "אזעקה", "כספת", "خزنة", "گاوصندوق", "金庫", "保险柜", "금고"),
    *("ตู้เซฟ", "กันขโมย", "zahlenschloss", "kombinationsschloss", "combination lock"),
    *("cijferslot", "kodlås", "szyfrow", "easybox", "omniva", "smartpost"),
    *("intercom", "interfon", "domofon", "домофон", "citofono", "interphone", "porteiro"),
    *("kaputelefon", "padlock", "candado", "cadenas", "cadeado", "lucchetto", "kłódk"),
    *("hänglås", "lakat", "gembok", "door lock", "smart lock", "parcel locker", "paczkomat"),
    *("packstation", "поштомат", "постамат", "インターホン", "宅配ボックス", "南京錠", "인터폰"),
    *("도어락", "자물쇠", "택배함", "快递柜", "门锁", "对讲"),
    *("cacifo", "pakketautomaat", "paketskåp", "pakkeboks", "csomagautomat", "balíkovn"),
    *("balíkobox", "alzabox", "zbox", "z-box", "foxpost"),
)
_HAS_NOTE_LOCK_STEM = Substrings(_NOTE_LOCK_STEMS)
# Where a note's list item ends: a comma, a semicolon, a line break, a middle dot (the
# Japanese one too), a slash between spaces.
_NOTE_ITEM_END = re.compile(r"[,;\n·•|，；、،・･]|\.(?:\s|$)|[ \t]/[ \t]")
# An item: a few words, the thing, a few words, maybe a dash, an arrow or a colon, the value.
_NOTE_ITEM = re.compile(
    r"[ \t]*(?:[^\s,;]{1,24}[ \t]+){1,6}?(?:[—–:→=-][ \t]*)?(?P<value>[^\s,;]{4,64})[ \t]*"
)


# A code's name right before four to eight digits ("avec le code 9389", "mit dem Code 4412").
_CODE_BEFORE = re.compile(
    r"(?i:(?<![^\W\d_])(?:code|c[óo]digo|codice|kod|kód|kode|cod(?:ul)?|κωδικ\w*"
    # a lock set by its digits, named right before them ("am Zahlenschloss 7194")
    r"|zahlenschloss|kombinationsschloss|combination[ \t]lock|cijferslot|kodlås|szyfrowym?"
    # ... maybe turned "to" them ("draait het cijferslot naar 7685")
    r")(?:[ \t]{1,2}(?:naar|auf|to|on|sur|na|op|til|på))?"
    # a phone's or a door's lock in Turkish, named right before its digits ("Telefon kilidi 847158")
    r"|(?<![^\W\d_])kilid[i]?"
    r"|код|קוד|کد|كود|कोड"
    # Thai writes the code, what it unlocks and whose without spaces ("รหัสปลดล็อกมือถือ 699946")
    r"|รหัส[^\s0-9]{0,24}"
    r")[ \t]{1,2}$"
)
# What makes "code" a thing's, not a lock's: a postcode, a promotion, an error, a product.
_NOT_A_LOCK_CODE = re.compile(
    r"(?i:post|postal|zip|promo\w*|discount|coupon|voucher|error|erreur|fehler|status|exit"
    r"|product\w*|produit|qr|bar|country|area|airport|flight|booking|order)"
    r"[ \t-]{0,2}(?:le[ \t]|el[ \t]|der[ \t]|den[ \t])?$"
)


def _code_of_a_lock(text: str) -> bool:
    """Whether four to eight digits (not a year) follow a code's name right before them
    (``_CODE_BEFORE``), and the sentence names an alarm or a safe (``_NOTE_LOCK``) or a
    door, a gate or a keypad (``_KEYED_PLACE``): "L'utilisateur désactive l'alarme de la
    maison avec le code 9389"; not a postcode's, a promotion's or an error's code."""
    text = fold(text)
    spans: tuple[list[tuple[int, int]], ...] | None = None
    for m in _KEYED_DIGITS.finditer(text):
        start, end = m.span()
        # The code's name right before the digits first: it is looked for in 24 characters,
        # the places in the whole text (a long list of words), only once a code is named.
        code = _CODE_BEFORE.search(text, max(0, start - 24), start)
        if code is None or _YEAR.fullmatch(m.group()) or thing_id(text, start):
            continue
        if _NOT_A_LOCK_CODE.search(text, max(0, code.start() - 16), code.start()):
            continue
        if spans is None:
            if not _HAS_NOTE_LOCK_STEM(text) and (_KEYED_PLACE.search(text) is None):
                return False  # no alarm, safe, door or keypad anywhere in the text
            spans = ([p.span() for p in _NOTE_LOCK.finditer(text)], _place_spans(text))
        low, high = sentence_around(text, start, end)
        if any(span_within(found, low, high) for found in spans) and (
            not called_a_test_value(text, start, end)
        ):
            return True
    return False


# What closes a list's item: its separator, a full stop, spaces.
_ITEM_CLOSING = ",;·•|，；、،・･/. \n"


def _note_items(text: str) -> Iterator[tuple[int, int, str]]:
    """The items of a note's list in ``text`` (three or more, a comma, a semicolon, a line
    break, a middle dot or a slash between spaces apart: ``_NOTE_ITEM_END``), each with
    where it stands and without its closing marks; none where there are fewer than three."""
    bounds = [0, *(m.end() for m in _NOTE_ITEM_END.finditer(text)), len(text)]
    if len(bounds) < 4:
        return  # a list has three items at least
    for low, high in itertools.pairwise(bounds):
        yield low, high, text[low:high].rstrip(_ITEM_CLOSING)


# A list's items set off by their bullets instead: a hyphen between spaces ("…: - pagar
# a luz - cofre 036714 - …"), or a number and a parenthesis or a full stop ("1) … 2) …"),
# each kind read alone (a dash inside a numbered item, "domofon u babci – 8662", is no
# bullet), after the items the separators above set off ("alarme - 1318" is one item).
_BULLETS = (re.compile(r"[ \t]-[ \t]"), re.compile(r"(?<!\S)[0-9]{1,2}[.)](?=[ \t])"))


def _bulleted_items(text: str) -> Iterator[str]:
    """The items of a list set off by bullets of one kind (``_BULLETS``), three or more,
    each without its closing marks."""
    for bullet in _BULLETS:
        found = list(itertools.islice(bullet.finditer(text), 64))
        if len(found) < 2:
            continue
        starts = [0, *(b.end() for b in found)]
        ends = [*(b.start() for b in found), len(text)]
        for low, high in zip(starts, ends, strict=True):
            yield text[low:high].strip().rstrip(_ITEM_CLOSING)


def _note_item_code(text: str) -> bool:
    """Whether an item of a note's list (three or more items a comma, a semicolon, a line
    or a middle dot apart) holds nothing but up to six words, an alarm or a safe
    (:data:`_NOTE_LOCK`) among them, maybe a dash or a colon, and four to eight digits, not
    a year: "pagar o condomínio, alarme 1318, comprar pão". (A Wi-Fi network or a laptop
    named so before a value only a person makes is left alone: a network's name may be
    such a value, "FRITZ!Box 7590".)"""
    if not _HAS_NOTE_LOCK_STEM(text):
        return False  # what every word of ``_NOTE_LOCK`` holds, looked for first
    if _NOTE_LOCK.search(text) is None:
        return False
    text = fold(text)
    for item in itertools.chain((item for _, _, item in _note_items(text)), _bulleted_items(text)):
        if not 6 <= len(item) <= 80 or _NOTE_LOCK.search(item) is None:
            continue
        found = _NOTE_ITEM.fullmatch(item)
        if found is None or _NOTE_LOCK.search(item, 0, found.start("value")) is None:
            continue
        value = found["value"]
        if value.isdigit() and 4 <= len(value) <= 8 and not _YEAR.fullmatch(value):
            return True
    return False


_ONE_TIME_NAME = re.compile(_ONE_TIME_WORDS, re.IGNORECASE)


def _note_item_secret(text: str) -> bool:
    """Whether an item of a note's list (as :func:`_note_item_code` reads one) holds a
    password's or a recovery code's name and then, last, a value :func:`_strong` or
    :func:`_random_value` says no word has: "đóng tiền điện, pass router VNPT GoGFl9nNSW,
    mua sữa", "…, herstelcode DigiD JDRG-DN2I-KY7M-NECP, …"."""
    for low, high, item in _note_items(text):
        if not 10 <= len(item) <= 80:
            continue
        found = _NOTE_ITEM.fullmatch(item)
        if found is None:
            continue
        value = found["value"]
        if not (_strong(value) or _random_value(value)):
            continue
        head = item[: found.start("value")]
        named = _SECRET_NAME.search(head)
        if named is not None and _CODE_WORD.match(named.group()):
            named = None  # "κωδικός", "kod": a code of any kind, not a password
        named = named or _ONE_TIME_NAME.search(head) or _CODE_LIST_NAME.search(head)
        if named and not (called_a_test_value(text, low, high)):
            return True
    return False


def _digits_then_kind(text: str) -> bool:
    """Whether four to eight digits, or a value :func:`_strong` says only a person makes,
    are named as a PIN, a password or a code that opens something right after them
    (``_AFTER_DIGITS``, ``_KIND_AFTER``), or a PIN's or a password's name follows them
    with no word between ("1413 رمز دزدگیر مغازه‌ست")."""
    values = [(*m.span(), True) for m in _KEYED_DIGITS.finditer(text)]
    values += [
        (w.start(), w.start() + len(w.group().rstrip(_AROUND)), False) for w in _strong_words(text)
    ]
    for start, end, digits in values:
        if thing_id(text, start) or _NUMBERED_THING.search(text, max(0, start - 24), start):
            continue  # "Error 4012: the PIN was rejected": the error's number
        if digits and text[start - 1 : start] in ("x", "X"):
            continue  # "xxx-x-x9921-x": the digits a masked number shows
        after = _AFTER_DIGITS.match(text, end)
        if (
            not digits
            and after is not None
            and after.group().strip() in (":", "：")
            and _DEMONSTRATIVE.match(text, after.end()) is None
        ):
            continue  # a colon after a value like a record's field opens what follows
        if digits and _named_back(text, start, end):
            return True
        if after is None:
            named = _NAME_RIGHT_AFTER.match(text, end)
            if named is not None and not called_a_test_value(text, start, named.end()):
                return True
            continue
        if after["comma"] and (
            _YEAR.fullmatch(text[start:end])
            or clause_start(text, start, 200, SENTENCE_END) != start
        ):
            continue  # "In 2024, the PIN was changed", "Room 4821, the PIN pad …"
        stop = _DIGIT_OR_END.search(text, after.end(), after.end() + 48)
        high = stop.start() if stop is not None else min(len(text), after.end() + 48)
        kind = _KIND_AFTER.search(text, after.end(), high)
        if (
            kind is not None
            and not called_a_test_value(text, start, end)  # "'Heslo123!' – je to jen ukázka …"
            and not called_a_test_value(text, kind.start(), kind.end())
        ):
            return True
    return False


# A word that points back at what was said, with its copula where the language has one:
# "…, que c'est le code", "dat dat de code … is", "это … код", "đó là mã", "यह … पिन है",
# "det är koden", "เป็นรหัส".
_POINTS_BACK = re.compile(
    r"(?<![^\W\d_])(?i:c['’]est|that(?:'s|[ \t]is|[ \t]was)|it(?:'s|[ \t]is|[ \t]was)|this[ \t]is"
    r"|dat|dit|das[ \t]ist|es[ \t]ist|eso[ \t]es|esto[ \t]es|isso[ \t]é|isto[ \t]é|ese[ \t]es"
    r"|to[ \t]je|to[ \t]jest|det[ \t](?:är|er|var)|это|це|đó[ \t]là|đây[ \t]là|यह|ये|זה|זהו"
    r"|هذا|هذه|این|bu|ini|itu|ez|acesta|aceasta|αυτό[ \t]είναι"
    # Portuguese and Spanish "that they were" ("explicou que eram o código do cartão")
    r"|que[ \t](?:era|eram|é|foi|eran|es|son|fue))(?![^\W\d_])"
    r"|เป็น|คือ|これは|それは|これが|それが|이건|이게|那是|这是"
)
# A code's word, in the languages of the word lists, anywhere in a word ("解除番号").
_CODE_WORD = re.compile(r"(?i:" + _CODE_NAMES + r")|" + _CODE_NAMES_UNCASED + r"|番号|번호")


def _named_back(text: str, start: int, end: int) -> bool:
    """Whether the four to eight digits at ``start:end`` are named later in their sentence,
    after a clause that says so, by a word pointing back at them (``_POINTS_BACK``) and,
    within 48 characters and before any other digit, a PIN's or a password's name, a code
    with what it opens (``_KIND_AFTER``), or a code's word and a door, a locker, a safe or
    an alarm (``_KEYED_PLACE``): "Hij noemde 88029 en zei er pas later bij dat dat de code
    van de kluis op zijn werk is"."""
    stop = _DIGIT_OR_END.search(text, end, end + 120)
    high = stop.start() if stop is not None else min(len(text), end + 120)
    back = _POINTS_BACK.search(text, end, high)
    if back is None or _YEAR.fullmatch(text[start:end]):
        return False
    near = min(high, back.end() + 48)
    # (the place may come first: "これがマンションのオートロックの解除番号だ")
    named = _KIND_AFTER.search(text, back.end(), near) or (
        _CODE_WORD.search(text, back.end(), near) and _KEYED_PLACE.search(text, back.end(), near)
    )
    return bool(named) and not called_a_test_value(text, start, near)


# A demonstrative and a copula after a value's colon, which name the value rather than
# open a record's field ("Stroopwafel97%Fiets: dat is het wifi-wachtwoord").
_DEMONSTRATIVE = re.compile(
    r"[ \t]*(?i:that[ \t]is|that's|this[ \t]is|dat[ \t]is|dit[ \t]is|das[ \t]ist|c['’]est"
    r"|es[ \t]ist|eso[ \t]es|esto[ \t]es|isso[ \t]é|isto[ \t]é|questa[ \t]è|questo[ \t]è"
    r"|to[ \t]je|to[ \t]jest|det[ \t]är|это|це|זה|זהו|هذا|هذه|이게|이건|これは|それが)(?![^\W\d_])"
)


# A thing's number named right before the digits: an error's, a room's, an order's.
_NUMBERED_THING = re.compile(
    r"(?i:(?<![a-z])(?:errors?|err|rooms?|orders?|tickets?|invoices?|flights?|models?|versions?"
    r"|steps?|lines?|pages?|items?|cases?|ref|no\.?|nr\.?|#)[ \t]{0,2}$)"
)
# A password's name in another language right after the value, as a noun in apposition.
_NAME_RIGHT_AFTER = re.compile(r"[ \t]{1,2}(?:" + _WORLD_WORDS + r")(?![^\W\d_])", re.IGNORECASE)
_DIGIT_OR_END = re.compile(r"[0-9]|[.!?。！？;；\n](?:\s|$)")


def _names_a_value(text: str, m: re.Match[str]) -> bool:
    """Whether the name ``m`` is followed, within its clause and eight words on, by a value
    :func:`_strong` says only a person makes as a secret."""
    if _ASSIGNED.match(text, m.end()) is not None:
        return False
    rest = text[m.end() : m.end() + 200]
    end = _CLAUSE_END.search(rest)
    clause = rest[: end.start()] if end else rest
    if called_a_test_value(text, m.start(), m.end() + len(clause)):
        return False  # "an example password such as …": a documentation's, no one's
    return any(_strong(word.strip(_AROUND)) for word in clause.split()[:9])


def _strong(value: str) -> bool:
    """Letters, digits and a symbol, eight to 64 characters, or ten or more with both cases
    of letters and two digits ("MithaiMumbai0662"); and no URL, path, code or placeholder."""
    if not 8 <= len(value) <= 64 or sum(c.isalpha() for c in value) < 2:
        return False
    digits = sum(c.isdigit() for c in value)
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    shaped = (
        (digits and not _PASSWORD_SYMBOLS.isdisjoint(value))
        or (len(value) >= 10 and digits >= 2 and mixed)
        # a word and digits joined by "_", in both cases ("Lavoro_29", "_Kedi58"): code
        # names are in one case
        or (digits and "_" in value and mixed)
    )
    return bool(shaped) and _NOT_A_VALUE.search(value) is None and not is_reference(value)


# What closes a clause after a value: a mark, the end, or first a copula of the languages
# that put it last ("… ۸۴۵۰ است.", "… 4821 है।").
_CLOSING = r"[\"'”“»」』]?[ \t]*(?:(?:است|है|हैं|です|だ|입니다|이다)[ \t]*)?(?:[,.;。，、।)—–،؛-]|$)"
# A PIN named, up to eight words saying whose or what for, and its digits closing the
# clause with no copula or colon ("PIN ATM BCA-nya 714230,", "alarm kodu 561098;").
# The words between hold no digit; a year is no PIN.
_PIN_CLOSING = re.compile(
    r"(?:" + _PIN_WORDS + r")(?:[ \t]{1,2}[^\s0-9:=：.,;]{1,20}){0,8}?"
    # a space before the digits, or none after a CJK character ("暗証番号4123、")
    r"(?:[ \t]{1,2}|(?<=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]))"
    r"[\"'“„«「『]?(?P<digits>[0-9]{4,8})(?=" + _CLOSING + ")",
    re.IGNORECASE,
)
# A card's password, named in the languages where a card's PIN is its "password" ("senha do
# cartão", "mật khẩu thẻ"): a card named, then four to eight digits closing the clause.
_CARD_WORDS = re.compile(_CARD_NAMES, re.IGNORECASE)
_CARD_PASSWORD = re.compile(
    r"(?:" + _WORLD_WORDS + r")(?:[ \t]{1,2}[^\s:=：]{1,20}){0,10}?[ \t]{0,2}[:=：]?[ \t]{0,2}"
    r"(?<![0-9])(?P<digits>[0-9]{4,8})(?![0-9])(?=" + _CLOSING + ")",
    re.IGNORECASE,
)


def _closing_pin(text: str, *, pin_named: bool, password_named: bool) -> bool:
    """Whether a PIN or a card's password is named and its digits close the clause, with
    no word around calling them a test or an example. ``pin_named`` and ``password_named``
    say whether ``_PIN_HINT`` and ``_WORLD_HINT`` found their words in ``text``."""
    for m in _PIN_CLOSING.finditer(text) if pin_named else ():
        if not _year(m["digits"]) and not called_a_test_value(text, m.start(), m.end()):
            return True
    for m in _CARD_PASSWORD.finditer(text) if password_named else ():
        if (
            _CARD_WORDS.search(m.group())
            and not _year(m["digits"])
            and not called_a_test_value(text, m.start(), m.end())
        ):
            return True
    return False


def _pin_in_other_words(text: str) -> bool:
    """Whether a code that opens something is named in another language with its value
    (:data:`_PIN_WORLD`), no word around calling it a test or an example."""
    return any(not called_a_test_value(text, m.start(), m.end()) for m in _PIN_WORLD.finditer(text))


def _year(digits: str) -> bool:
    return len(digits) == 4 and 1900 <= int(digits) <= 2099


_NOT_A_PASSWORD = frozenset(
    {"none", "null", "nil", "empty", "required", "optional", "hidden", "redacted", "masked"}
    | {"unset", "changed", "set", "n/a", "na", "true", "false"}
    | {"password", "passwd", "passphrase", "passcode", "pwd", "pswd", "pass", "secret"}
    | EMPTY_WORDS
)

_STATE = re.compile(
    r"__pregel_\w+"
    r"|[\"']?\b(?:checkpoint_id|checkpoint_ns|checkpoint_map|thread_id|thread_ts|run_id"
    r"|parent_config|channel_values|channel_versions|versions_seen|pending_sends|pending_writes|tool_call_id"
    r"|tool_calls|additional_kwargs|response_metadata|usage_metadata|lc_kwargs|langgraph_\w+)"
    r"\b[\"']?\s*[:=]"
    r"|[\"']configurable[\"']\s*:|\bconfigurable\s*=\s*\{|\{\s*configurable\s*:"
    r"|[\"']messages[\"']\s*:\s*\[|\bmessages\s*=\s*\["
    r"|\b(?:Human|AI|System|Tool|Function|Chat|Remove)Message(?:Chunk)?\(\s*(?:content|id)\s*="
    r"|[\"']role[\"']\s*:\s*[\"'](?:user|assistant|system|tool|function|developer)[\"']"
    r"|[\"']lc[\"']\s*:\s*1\b"
)
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|\bFile \"[^\"\n]+\", line [0-9]+")


# A call in code: a dotted name and an opening parenthesis ("localStorage.getItem(").
_CALLED = re.compile(r"^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\($")
_LITERAL = re.compile(r"[\"'`]([^\"'`\s]{12,200})[\"'`]")


def _looks_random(value: str, min_len: int = 12) -> bool:
    """Long, mixed character classes and high entropy: a machine-made secret, not a word."""
    if len(value) < min_len:
        return False
    classes = (
        any(c.islower() for c in value)
        + any(c.isupper() for c in value)
        + any(c.isdigit() for c in value)
    )
    if classes < 2:
        return False
    counts = Counter(value)
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())
    return entropy >= 3.0


def _assigned_secret(text: str) -> str | None:
    for m in _ASSIGNED_SECRET.finditer(text):
        value = m["bare"] or m["quoted"]
        if is_reference(value):
            continue
        if m["bare"] and _CALLED.search(value):
            # What returns it ("localStorage.getItem('access_token')"), unless the statement
            # holds the secret itself: given to the call, or as its fallback
            # ('getenv("API_TOKEN") ? … : "ea33…"', 'envOrElse("API_TOKEN", "ea33…")').
            end = text.find("\n", m.end("bare"))
            rest = text[m.end("bare") : end if end >= 0 else len(text)][:240]
            literals = _LITERAL.findall(rest)  # a name given to it ("Authorization") is none
            if not any(_looks_random(a) and not a.isalpha() for a in literals):
                continue
            return "secret value assigned to a key or token name"
        # A quoted value mixing letters and symbols is machine-made too ("p${e]nob(ody[…").
        mixed = m["quoted"] and _LETTER.search(value) and len(_SYMBOL.findall(value)) >= 3
        if _looks_random(value) or mixed:
            return "secret value assigned to a key or token name"
    return None


def _auth(text: str) -> str | None:
    for pattern in (_AUTH_HEADER, _KEY_HEADER):
        for m in pattern.finditer(text):
            if _looks_random(m.group(1), min_len=8):
                return "authorization header"
    for m in _BEARER.finditer(text):
        if _looks_random(m.group(1), min_len=16):
            return "bearer token"
    return None


def _cookie(text: str) -> str | None:
    if _COOKIE_HEADER.search(text):
        return "cookie header"
    for m in _COOKIE_STRING.finditer(text) if ";" in text else ():  # pairs joined by ";"
        names = [pair[0] for pair in _COOKIE_PAIR.findall(m.group(0))]
        if any(_SESSION_NAME.search(name) for name in names):
            return "cookie string"
    for name, value in _COOKIE_PAIR.findall(text):
        if (
            _SESSION_NAME.search(name)
            and _looks_random(value, min_len=16)
            and not is_reference(value)
            and not _setting_word(value)
        ):
            return "session cookie value"
    return None


def _setting_word(value: str) -> bool:
    """Lower-case words joined by "_", each long one with a vowel: a setting's value in a
    configuration ("caching_sha2_password"), not a random session value."""
    parts = value.strip("\"'`.,)]}").split("_")
    return (
        len(parts) > 1
        and all(part.isalnum() and part.islower() for part in parts)
        and all(len(part) <= 4 or _VOWEL.search(part) for part in parts)
    )


_VOWEL = re.compile(r"[aeiouy]")


# A variable's name in code: camel case ("mvnPassword") or words joined by "_" ("db_pass").
_VARIABLE = re.compile(r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+")


def _argument_variable(text: str, start: int, end: int, value: str) -> bool:
    """Whether ``value``, unquoted and written as a variable's name, is a named argument of
    a call: a bracket opened before it on its line is still open, and a comma or the
    closing bracket follows it."""
    if _VARIABLE.fullmatch(value) is None:
        return False
    line = text[text.rfind("\n", 0, start) + 1 : start]
    if line.count("(") <= line.count(")"):
        return False
    after = text[end : end + 4].lstrip(" \t")
    return after[:1] in (",", ")")


def _password(text: str) -> str | None:
    for m in _PASSWORD.finditer(text):
        value = m["value"].rstrip(")]},.")
        if m["suffix"] and password_setting(m["suffix"]):
            continue  # "password_policy: strong", "pwdMaxAge: 7776000": a setting of passwords
        if value.startswith("${") or (
            m["sep"] == ":" and _EXPANSION_NAME.search(text, max(0, m.start() - 40), m.start())
        ):
            continue  # "${DB_PASSWORD:?set it first}": a shell expansion, whatever it says
        if value.casefold() in _NOT_A_PASSWORD or set(value) <= set("*•●xX.…-_#"):
            continue
        if is_reference(value) or is_reference(m["value"]):  # env.X, ${X}: where it lives
            continue
        if m["sep"] == ":" and not m["q"] and declared_type(text, m.start("value"), value):
            continue  # a declaration's type ("val password: CharArray)")
        if m["cue"].lower() == "pwd" and value[0] in "/~":  # the shell's working directory
            continue
        if not m["q"] and _argument_variable(text, m.start(), m.start("value") + len(value), value):
            continue  # 'login(user: "root", password: mvnPassword)': a variable given to a call
        if value[0] == "/" and value.count("/") >= 2:
            continue  # a path or a route ("…-strong-password": "/en/enterprise/auth")
        if called_a_placeholder(text, m.end("value")):
            continue  # "DB_PASSWORD=isi_sendiri sebagai placeholder": a slot to fill in
        # After "is", only a value that cannot be an English word counts ("is strong" is not).
        if m["verb"] and not (m["q"] or any(not c.isalpha() for c in value)):
            continue
        if len(value) >= 3:
            return "password value"
    for m in _PASSWORD_FOR.finditer(text):
        if _stated_password(m["value"], quoted=bool(m["q"])):
            return "password value"
    for m in _PASSWORD_ZH.finditer(text):
        given = m.group(1) or m.group(2)
        if given.casefold() not in _NOT_A_PASSWORD and not set(given) <= set("*xX."):
            return "password value"
    password_named = _WORLD_HINT.search(text) is not None
    for m in _PASSWORD_WORLD.finditer(text) if password_named else ():
        # "wzór hasła: „Przyklad#2024” – to tylko przykład": a pattern's example, no one's
        if _stated_password(m["value"], quoted=False) and not called_a_test_value(
            text, m.start("value"), m.end("value")
        ):
            return "password value"
    for m in _PASSWORD_CLOSED.finditer(text) if password_named else ():
        if _stated_password(m["value"], quoted=False) and any(c.isdigit() for c in m["value"]):
            return "password value"
    for m in _PIN.finditer(text):
        # A test card's CVC is the test card's ("Testkarte 4111 … (CVC 737)").
        if not (m["cvc"] and called_a_test_value(text, m.start(), m.end())):
            return "PIN value"
    pin_named = _PIN_HINT.search(text) is not None
    if pin_named and _pin_in_other_words(text):
        return "PIN value"
    for m in _KEY_WORLD.finditer(text) if _KEY_WORLD_HINT.search(text) else ():
        value = m["value"].rstrip(".。)")
        if (
            key_shaped(value)
            and not is_reference(value)
            and not CALENDAR_DATE.match(value[:10])  # a date and a time
            and not _PUBLIC_WORLD.search(m.group(), 0, m.start("value") - m.start())
        ):
            return "key or token named in another language"
    if _code_list_after_name(text):
        return "recovery code or combination"
    for m in _ONE_TIME_CODE.finditer(text):
        if sum(c.isalnum() for c in m["value"] or m["zh"]) >= 4:  # "10" is a count
            return "recovery code or combination"
    for m in itertools.chain(_ONE_TIME_WORLD.finditer(text), _ONE_TIME_THAI.finditer(text)):
        if sum(c.isalnum() for c in m["value"]) >= 4:  # "10" is a count
            return "recovery code or combination"
    if _closing_pin(text, pin_named=pin_named, password_named=password_named):
        return "PIN value"
    if _strong_after_name(text) or _subject_password(text) or _typed_password(text):
        return "password value"
    if _misspelt_given(text):
        return "password value"
    if _named_after_value(text) or _digits_then_kind(text):
        return "password or PIN named after its value"
    if _note_item_secret(text):
        return "password or recovery code in a note's list"
    if _totp_key(text):
        return "two-factor setup key"
    if _APP_PASSWORD.search(text):
        return "app password"
    for m in _LOGIN_PAIR.finditer(text) if "/" in text or _ADMIN_HINT.search(text) else ():
        pw = (m["pw"] or m["pw2"]).rstrip(".。)")
        referenced = is_reference(pw) and _DOLLAR_MADE.fullmatch(pw) is None  # not "$Router6664"
        if not (referenced or pw.casefold() in _NOT_A_PASSWORD):
            return "login written as user/password"
    for m in _WIFI_QR.finditer(text) if "wifi:" in text.lower() else ():
        if not is_reference(m["value"]):
            return "Wi-Fi password in a QR code's text"
    if _pin_named_near(text, pin_named=pin_named, password_named=password_named):
        return "PIN or code with its name near it"
    if _code_in_a_code_memory(text, pin_named=pin_named, password_named=password_named):
        return "code in a memory that names one"
    if _made_in_a_password_memory(text):
        return "made password in a memory that names one"
    return None


# A password named in any field of the memory (the fields are read joined): the English
# word as people type it, in the languages of ``_WORLD_WORDS``, and the shorthand
# (French "mdp", Vietnamese "mk" in small letters, Korean "비번", Japanese "パス"); or
# signing in, what a password is for, in those languages ("login Shopee", "đăng nhập
# Zalo", "accesso a Outlook", "เข้าระบบ", "تسجيل الدخول", "ログイン").
_NAMES_A_PASSWORD = re.compile(
    _WORLD_WORDS
    + r"|(?<![A-Za-z])(?:"
    + _PASSWORD_TYPED
    + r"|passwd|passphrase|passcode|pwd|pswd|mdp)(?![A-Za-z])"
    r"|(?<![A-Za-z])(?-i:mk)(?![A-Za-z])|비번|パス(?![ァ-ヶー])"
    r"|(?<![^\W\d_])(?:log[ \t-]?ins?|logon|sign[ \t-]?ins?|signin|anmeld\w*|einlogg\w*"
    r"|connexion|connecter|iniciar[ \t]sesi[óo]n|accesso|acceso|acesso|inloggen|zaloguj\w*"
    r"|logowani\w*|přihlá[sš]\w*|bejelentkez\w*|giriş|oturum[ \t]aç\w*|đăng[ \t]nhập"
    r"|σύνδεση|вход|войти|вхід|увійти)(?![^\W\d_])"
    r"|تسجيل[ \t]الدخول|يسجل[ \t]دخول|ورود[ \t]به|התחברות|लॉग[ \t]?इन|लॉगिन|เข้าสู่ระบบ|เข้าระบบ"
    r"|ログイン|로그인|登录|登入|登陆",
    re.IGNORECASE,
)
# A word of a memory: what stands between spaces, six to 48 characters.
_MEMORY_TOKEN = re.compile(r"(?<!\S)\S{6,48}(?!\S)")
# What a password is not: an address, a path, code (an assignment, a call, a slot), a
# quote inside it (SQL's 'user'@'host'), a host after "@", a version or a number with a
# decimal point, a file's or a domain's ending.
_NOT_MADE = re.compile(
    r"://|[/\\=\[\]{}()<>`'\"]|@[\w-]+\.\w|[0-9]\.[0-9]|\.[a-z]{2,4}$|[^\x21-\x7e]"
    # a password manager's or a library's name ("1Password", "KeePassXC", "argon2-cffi"
    # holds none, but "Argon2PasswordHasher" names one)
    r"|(?i:pass|pwd)"
)
# A name given right before: a network's word or a verb of naming in the languages of the
# word lists, then maybe a copula or an article, a colon, a quote ("the network
# Livebox-A3F2_EXT", "se llama MOVISTAR_8F3A", "Steam name is Kartoffel_92", "SSID: …").
_NAMED_SO_BEFORE = re.compile(
    r"(?:ssid|network|netzwerk|réseau|(?<![^\W\d_])(?:red|rede|rete|ağ|adı|name[ds]?|tên)"
    r"|netwerk|sieć|síť|mạng|jaringan|rangkaian|сеть|сети|мереж\w*|网络|ネットワーク|네트워크"
    r"|called|nick\w*|heißt|heet|llama|appelle|chiama|chama|nazywa[ \t]się|jmenuje"
    r"|называется|називається|namanya|bernama|名为|叫|という)"
    r"[ \t]*(?:(?:is|was|es|est|ist|é|è|je|e|ay|adalah|la|el|le|het|de|die|der)[ \t]+){0,2}"
    r"[:：]?[ \t]*[\"'“«„‚]?$",
    re.IGNORECASE,
)
# The symbols only a password holds among letters and digits ("*" and "+" also multiply,
# mark a footnote or say "or later": "price*12", "Table2019*", "Java17+").
_PASSWORD_MARKS = frozenset("!#$%&?~^@")
# Marks that join words and numbers in names too ("Kedi845.Tekir", "_Kedi58", "Chai-0898").
_JOINING_MARKS = frozenset("._-")
# What those marks make in prose: a handle ("@john_doe99"), a hashtag of a word and a year
# ("#Summer2024"), a numbered thing ("Issue#12", "Ticket#4521", "#12") or a price in a
# currency's code ("CAD$50", "$120"), a percentage.
_MARKED_PROSE = re.compile(
    r"@[A-Za-z0-9_.]+|#[^\W\d_]+(?:19|20)[0-9]{2}|[^%]*[0-9]%|[A-Z]{0,3}\$[0-9]+"
    r"|(?i:(?:issues?|tickets?|orders?|cases?|bugs?|pr|items?|rooms?|errors?|no|nr|step)?#[0-9]+)"
)
# Runs of two digits or more: a number, unless it is a year.
_NUMBER_RUN = re.compile(r"[0-9]{2,}")


def _made_in_a_password_memory(text: str) -> bool:
    """Whether a memory that names a password (``_NAMES_A_PASSWORD``, in any field: the
    joined fields are read) holds, anywhere, a word a person makes as one: letters and two
    digits or more, with a symbol only passwords hold ("#Pivo41", "Satay78!Kuah",
    "69Pakoda@"), or joined by "." or "_" (and maybe "-") to a number that is no year
    ("Kedi845.Tekir", "trasua.6758", "_Kedi58"), or by "-" alone in both cases to three
    digits or more ("Chai-0898"). A name and a value far apart, or with words the rules do not
    read between ("Heslo na Netflix je prý „#Pivo41“"), still make the memory a password's.

    Not such a word: one a name is given to right before (a network's, a player's: "named",
    "se llama", "SSID"), an address, a path, code, a version, a product's name holding
    "pass", a handle, a hashtag of a year, a numbered thing, a price or a percentage, one
    with no symbol ("iPhone15") or in capitals ("COVID-19"), a word and a year
    ("Pedro_2024", "koffie.2019"), or a value the words around call a test or an example."""
    if _NAMES_A_PASSWORD.search(text) is None:
        return False
    for token in _MEMORY_TOKEN.finditer(text):
        value = token.group().strip(_AROUND + "!?—–")
        if not _made_word(value):
            continue
        start = token.start()
        if _NAMED_SO_BEFORE.search(text, max(0, start - 40), start) is not None:
            continue
        if _PASSWORD_MARKS.isdisjoint(value) and _USER_BEFORE.search(
            text, max(0, start - 24), start
        ):
            continue  # "login: mei_lin_07": a user name, which holds none of a password's marks
        if not called_a_test_value(text, start, token.end()):
            return True
    return False


# A user name's field or word right before a value ("login: …", "usuario …", "ID …").
_USER_BEFORE = re.compile(
    r"(?:(?<![^\W\d_])(?:log[ \t-]?in|user(?:[ \t]?name)?|usuario|utilisateur|benutzer\w*|utente"
    r"|gebruiker\w*|użytkownik\w*|kullanıcı(?:[ \t]adı)?|tài[ \t]khoản|akun|id|логин"
    r"|пользовател\w*)|账号|帳號|用户名|ユーザー名?|아이디)[ \t]*[:：=]?[ \t]*[\"'“«„]?$",
    re.IGNORECASE,
)


def _made_word(value: str) -> bool:
    """The shape :func:`_made_in_a_password_memory` reads (its docstring says which)."""
    if not 6 <= len(value) <= 40 or _NOT_MADE.search(value) is not None:
        return False
    if sum(c.isalpha() for c in value) < 2 or sum(c.isdigit() for c in value) < 2:
        return False
    marks = {c for c in value if not c.isalnum()}
    if not _PASSWORD_MARKS.isdisjoint(marks):
        return _MARKED_PROSE.fullmatch(value) is None
    if not marks or not marks <= _JOINING_MARKS:
        return False
    lower = any(c.islower() for c in value)
    numbers = [run for run in _NUMBER_RUN.findall(value) if not _year(run)]
    if marks == {"-"}:  # compounds and models are written so ("Galaxy-S23", "RTX-4090")
        return lower and any(len(run) >= 3 for run in numbers) and any(c.isupper() for c in value)
    return lower and bool(numbers)


# A value in the form sites ask a person to give a password: a word, two or more digits and
# a symbol in one token ("Cafezinho2010#", "Kimchi.1986*", "Fujisan*542", "*Tehran21Z").
# The word is in Latin letters (a password is typed on a Latin keyboard; a CJK or Cyrillic
# word glued to digits and "%" is prose, "同比增长50%"). A leading "#" or "@" is a hashtag's
# or a handle's; "#", "$", "%" and "@" between word and digits number or price something
# ("Issue#12", "CAD$50", "meeting@10").
_LATIN = "A-Za-zÀ-ÖØ-öø-ÿ"
# A token: a run of Latin letters, digits and the symbols a password or a path holds, so
# an address, a path or a compound stays whole and fails the shape ("dracula_813@gmail.com").
_MADE_TOKEN = re.compile(r"[" + _LATIN + r"0-9!#$%&*?@_.^~/\\-]{6,}")
_MADE_SHAPE = re.compile(
    r"(?P<lead>[!%&*^~])?(?P<word>["
    + _LATIN
    + r"]{3,})(?P<sep>[._!&*%?$#@]|[!&*#@$%]{2})?(?P<digits>[0-9]{2,6})"
    r"(?P<tail>[!#$%&*?@_]{1,2}|[A-Z])?"
)
# Where such a token may be: a digit before a symbol, a symbol before a digit or a letter.
_MADE_HINT = re.compile(r"[0-9][!#$%&*?@_]|[!$%&*?#@][0-9]|[!%&*^~][A-Za-z]")
# The marks that may close a sentence or a clause right after such a token.
_PROSE_MARKS = ".,;:)、，。"
# After a closing "!" or "?": a new sentence (a capital, a digit, a mark) or the text's end.
_SENTENCE_AFTER = re.compile(r"\s*(?:$|[A-ZÀ-ÖØ-Þ0-9\"'“‘«(\[])")


def _made_password(text: str) -> bool:
    """Whether a token has a made password's shape (``_MADE_SHAPE``) with a symbol that no
    prose puts there: a symbol between the word and the digits after a capital ("Kyiv!093"),
    two there ("Nasgor&&771"),
    a leading symbol that does not close the token too ("*Tehran21Z", not markdown's
    "*Paris2024*"), or one or two closing symbols, one of them "#", "$", "&" or "@".

    The marks that also punctuate or annotate prose close a password only where the token
    shows they end no sentence: "!" and "?" with another mark after them
    ("Schnitzel1984!.") or the sentence going on in words no English exclamation has
    ("Ganga.2016! है"; not "Kartoffel_92! Let's play" or "Windows11! finally"); "*" and
    "_" where the word and its digits are joined by "." or "_" ("varenyky_46*") or a mark
    follows; "%" after four digits or more (a percentage has three at most). No word
    around may call it a test or an example value."""
    for token in _MADE_TOKEN.finditer(text):
        raw = token.group()
        core = raw.rstrip(_PROSE_MARKS)
        m = _MADE_SHAPE.fullmatch(core) if len(core) <= 64 else None
        if m is None:
            continue
        lead, sep, tail = m["lead"] or "", m["sep"] or "", m["tail"] or ""
        after = text[token.end() : token.end() + 2].lstrip(" ")
        marked = len(core) < len(raw) or after[:1] in tuple(_PROSE_MARKS)
        if tail and set(tail) <= {"!", "?"}:
            # the sentence goes on after the mark, and not in English ("yay! finally")
            made = marked or (
                _SENTENCE_AFTER.match(text, token.end()) is None
                and (sep != "" or not after[:1].isascii())
            )
        elif tail and set(tail) <= {"*", "_"}:
            made = (sep in (".", "_") and sep not in tail) or marked
        elif tail == "%":
            made = len(m["digits"]) >= 4
        else:
            # "#", "$", "&" or "@", or two different symbols ("Madrid2709*?", "Gestor56?%")
            made = not {"#", "$", "&", "@"}.isdisjoint(tail) or len(set(tail)) == 2
        word = m["word"]
        made = (
            made
            or (sep in ("!", "&", "*") and word[0].isupper())
            or sep == "%"  # "Hockey%4392"
            or len(sep) == 2  # "Lahmacun**520", "Nasgor&&771": no prose doubles a mark there
            # "Rabota?54." closing its clause, not "Really?100 people came"
            or (sep == "?" and (marked or not after))
            or (sep == "$" and not word.isupper())  # "mookata$846", not a price's "CAD$50"
            # a leading symbol, not "$" (a variable's, "$Server01"), not closing it too
            or lead not in ("", "$", tail)
            # "#" or "@" after a capital: a login's second half after its user name
            or (sep in ("#", "@") and word[0].isupper() and _after_handle(text, token.start()))
        )
        if made and not called_a_test_value(text, token.start(), token.end()):
            return True
    return False


# A user name as sites issue them: small letters and digits joined by "." or "_"
# ("r.sharma", "onigiri_taro"), no part of an address or a path.
_HANDLE = re.compile(r"(?<![\w.@/-])[a-z][a-z0-9]*(?:[._][a-z0-9]+)+(?![\w@/-]|\.\w)")
_HANDLE_SPAN = 32
# Between the halves: a slash, a comma, a colon, a bar, an arrow or a dash, and spaces.
_PAIR_GAP = re.compile(r"[ \t]*[/,;:|→>—–-][ \t]*")


def _after_handle(text: str, start: int) -> bool:
    """Whether a user name ends at most ``_HANDLE_SPAN`` characters before ``start``, only a
    separator between: a login written as its two halves, "s.ahmadi / Zafaran#1400",
    "r.sharma, Paneer#2022", with no word naming either."""
    window = text[max(0, start - _HANDLE_SPAN) : start]
    handles = list(_HANDLE.finditer(window))
    return bool(handles) and _PAIR_GAP.fullmatch(window, handles[-1].end()) is not None


# Four to eight digits standing alone: no letter, digit or number's mark touches them.
_LONE_DIGITS = re.compile(r"(?<![A-Za-z0-9.,:/-])[0-9]{4,8}(?![A-Za-z0-9]|[.,:/-][0-9])")
# A PIN named in words ``_PIN_WORDS`` leaves out: a payment PIN in Hindi (where "पिन" alone
# is also a postcode), Swedish and Norwegian definite forms ("pinkoden"), an unlock code in
# Malay and Arabic, a card's or a phone's code in Persian.
_MORE_PIN_WORDS = re.compile(
    r"(?:UPI|ATM|एटीएम|डेबिट|कार्ड)[ \t]{0,2}(?:का[ \t]{1,2})?पिन|(?i:(?<![a-z])pinkod\w*)"
    r"|(?i:kod[ \t]{1,2}buka(?:[ \t]{1,2}kunci)?)|رمز[ \t]{1,2}(?:ال)?فتح|(?:این[ \t]{1,2})?رمز[ \t]{1,2}(?:اول|دوم|کارت|گوشی|موبایل)"
)
# What makes digits a quantity, not a code: a currency or a unit right before or after.
_AMOUNT_BEFORE = re.compile(r"(?:[$€£¥₽₹₺₩₫฿₪]|R\$|Rp|RM|Rs\.?)[ \t]?$")
_AMOUNT_AFTER = re.compile(
    r"[ \t]?(?:[%€$£¥₽₹₺₩₫฿₪円元원]|(?i:km|kg|mb|gb|kb|ms|mah|kcal|cal|mm|cm|ml|rub\w*|руб\w*|грн"
    r"|yen|euros?|eur|usd|dollars?|lei|ron|zł|pln|czk|kč|huf|ft|forint\w*|won|dong|vnd"
    r"|rupees?|baht|shekels?|ringgit|peso\w*|reais|lira|tl|kr|sek|dkk|nok)(?![A-Za-z]))"
    r"|[ \t]?(?:บาท|ريال|تومان|جنيه|درهم|रुपये|रुपए)"
)
# A postcode's name, whose "code" is no secret's: "الرمز البريدي 13524", "PSČ 100 00".
_POSTAL = re.compile(
    r"(?i:post\s?codes?|postal|zip|postleitzahl|plz|cep|psč|irányítószám|pocztow\w*|poštovní"
    r"|почтов\w*|поштов\w*|ταχυδρομικ\w*)|بريدي|البريدي|پستی|מיקוד|邮编|郵便番号|우편번호"
)
# Another name's value: "expirySeconds: 7776000", "port = 8080".
_OTHER_LABEL = re.compile(r"([^\s:=：]{1,40})[ \t]*[:=：][ \t]*$")
# How far a PIN's name may stand from its digits, each way, within their sentence; and
# where that sentence ends for this reading: any full stop before a space (fields joined
# after a text's last sentence go on in small letters, "… raus. wifi casa contraseña"),
# not a semicolon, which joins what is said of the digits ("4558 in; dat is de pincode").
_NAME_NEAR = 40
_MAX_NAMED_DIGITS = 64
_NEAR_STOP = re.compile(r"[.!?](?:\s|$)|[。！？\n]")
# Digits that are one group of a longer number written in groups ("021 9366").
_GROUPED = re.compile(r"[0-9][ \t.-]$")
_GROUP_AFTER = re.compile(r"[ \t.-][0-9]")


def _pin_named_near(text: str, *, pin_named: bool, password_named: bool) -> bool:
    """Whether four to eight lone digits (not a year, a thing's number, an amount, another
    name's value, nor called a test value) have a PIN's or a password's name within 40
    characters before or after them in their sentence, with no other number between: the
    name and its value in any order and with any words between ("184457 chính là mã PIN
    ví MoMo", "Nombor 546790 itulah PIN kad debit", "senha do app do Itaú 850247")."""
    names = [
        pattern
        for pattern, found in (
            (_PIN_HINT, pin_named),
            (_WORLD_HINT, password_named),
            (_MORE_PIN_WORDS, True),
        )
        if found
    ]
    # The names are found once; digits with none within reach are passed over at once, and
    # a text is read at its first 64 digits with a name near (a memory holds a few PINs).
    spans = sorted(m.span() for pattern in names for m in pattern.finditer(text))
    ends = [b for _, b in spans]
    checks = _MAX_NAMED_DIGITS
    for m in _LONE_DIGITS.finditer(text):
        start, end = m.span()
        at = bisect.bisect_left(ends, start - _NAME_NEAR)
        if at == len(spans) or spans[at][0] > end + _NAME_NEAR:
            continue  # no name within reach
        if checks == 0:
            return False
        checks -= 1
        if _YEAR.fullmatch(m.group()) or placeholder_digits(m.group()):
            continue
        if _digits_explained(text, start, end):
            continue
        low = clause_start(text, start, _NAME_NEAR, _NEAR_STOP)
        label = _OTHER_LABEL.search(text, low, start)
        if label is not None and not any(p.search(label.group(1)) for p in names):
            continue
        stop = _NEAR_STOP.search(text, end, end + _NAME_NEAR)
        high = stop.start() if stop else min(len(text), end + _NAME_NEAR)
        if _POSTAL.search(text, low, high) is not None:
            continue
        for low_, high_ in ((low, start), (end, high)):
            for pattern in names:
                name = pattern.search(text, low_, high_)
                if name is None:
                    continue
                between = text[name.end() : start] if high_ == start else text[end : name.start()]
                if not any(c.isdigit() for c in between) and not called_a_test_value(
                    text, start, end
                ):
                    return True
    return False


def _digits_explained(text: str, start: int, end: int) -> bool:
    """Whether the words around lone digits at ``start:end`` say what else they are: a
    thing's id, an amount or a quantity ("2500 rubles"), a numbered thing ("Error 4012"), a
    group of a longer number ("021 9366": a phone's or an account's last group), a public
    line's number."""
    return (
        thing_id(text, start)
        or _AMOUNT_BEFORE.search(text, max(0, start - 4), start) is not None
        or _AMOUNT_AFTER.match(text, end) is not None
        or _NUMBERED_THING.search(text, max(0, start - 12), start) is not None
        or _GROUPED.search(text, max(0, start - 2), start) is not None
        or _GROUP_AFTER.match(text, end) is not None
        or service_line(text, start)
    )


def _code_in_a_code_memory(text: str, *, pin_named: bool, password_named: bool) -> bool:
    """Whether a memory that names a PIN, a password or a lock's code anywhere (its text, a
    tag, its identity or its reason, read joined: ``_PIN_HINT``, ``_WORLD_HINT``,
    ``_MORE_PIN_WORDS``, a code's word with an alarm's, a safe's or a locker's, or beside a
    door's, a gate's or a keypad's) holds four to eight lone digits anywhere that nothing says are
    something else: not a year, a digit over and over or counting ("0000", "1234"), a
    thing's number or one its sentence names a
    thing for, an amount, a quantity, a group of a longer number, a public line, a
    postcode, another label's value or a test value. A code quoted, listed or far from its
    name is still the code the memory is about ("alarme" and "code" as tags, "Elle a dit :
    « 4821, sinon ça sonne »"). Read at its first 16 digit runs."""
    if not (
        pin_named
        or password_named
        or _MORE_PIN_WORDS.search(text)
        or (_HAS_NOTE_LOCK_STEM(text) and _NOTE_LOCK.search(text) and _CODE_WORD.search(text))
        or _place_code_named(text)
    ):
        return False
    for m in itertools.islice(_LONE_DIGITS.finditer(text), _MAX_MEMORY_CODES):
        start, end = m.span()
        if _YEAR.fullmatch(m.group()) or counted_digits(m.group()):
            continue  # a year; a digit over and over or counting, a factory's or a sample's
        if (text[start - 1 : start] in _GLUED or text[end : end + 1] in _GLUED) and (
            _made_password(text[max(0, start - 40) : end + 8])
        ):
            continue  # a made password's digits ("Fjord!4471"): that detector names it
        code = _CODE_BEFORE.search(text, max(0, start - 24), start)
        if code is not None and _NOT_A_LOCK_CODE.search(
            text, max(0, code.start() - 16), code.start()
        ):
            continue  # a postcode's, a promotion's or an error's code
        if _OTHER_NUMBER.search(text, max(0, start - 24), start) or _OTHER_NUMBER.match(text, end):
            continue  # a number among numbers: a price list, a date, a quantity
        if _digits_explained(text, start, end) or business_line(text, start):
            continue
        low = clause_start(text, start, 200, _NEAR_STOP)
        stop = _NEAR_STOP.search(text, end, end + 200)
        high = stop.start() if stop else min(len(text), end + 200)
        if _POSTAL.search(text, low, high) is not None or purpose_within(text, low, high):
            continue
        label = _OTHER_LABEL.search(text, max(low, start - 48), start)
        if label is not None and not (
            _PIN_HINT.search(label.group(1))
            or _WORLD_HINT.search(label.group(1))
            or _MORE_PIN_WORDS.search(label.group(1))
        ):
            continue  # another label's value ("Room: 4821")
        if not called_a_test_value(text, start, end):
            return True
    return False


_MAX_MEMORY_CODES = 16


def _place_code_named(text: str) -> bool:
    """Whether a code's word stands within 24 characters of a door's, a gate's or a
    keypad's (``_KEYED_PLACE``): "code for the garden gate", "mã cổng". Not farther apart:
    a door's word also opens a shop ("mở cửa mỗi ngày", open every day). Read at its first
    16 code words."""
    for code in itertools.islice(_CODE_WORD.finditer(text), _MAX_MEMORY_CODES):
        if _KEYED_PLACE.search(text, max(0, code.start() - 24), code.end() + 24):
            return True
    return False


# What a made password or a handle glues to its digits.
_GLUED = frozenset("!#$%&*@_+=~^")
# Another number of two digits or more in the same list's stretch: before the digits, up to
# two words and a comma or a colon away; right after them, a comma and the next number.
_OTHER_NUMBER = re.compile(
    r"[0-9]{2,}[^\W\d_]{0,12}[ \t]{0,2}[,;:][ \t]{0,2}(?:[^\W\d_]{1,12}[ \t]{1,2}){0,2}$"
    r"|[ \t]{0,2}[,;][ \t]{0,2}(?:[^\W\d_]{1,12}[ \t]{1,2}){0,2}[0-9]{2,}"
)


def _stated_password(written: str, *, quoted: bool) -> bool:
    """Whether a value stated after words naming a password is one: six characters or more,
    not a placeholder or a reference, and quoted or not a plain word (a word, "is on the
    fridge", "es segura", says something about it). A word and its digits after a dollar
    sign (``$Kantoor73``) are a made password, not a variable: a sentence that names a
    password in words is prose, and code names its variables in capitals, lower case or
    camel case (``$DB_PASS``, ``$dbPass``)."""
    value = written.rstrip(".。)")
    return (
        len(value) >= 6
        and (quoted or not value.isalpha())
        and value.casefold() not in _NOT_A_PASSWORD
        and (not is_reference(value) or _DOLLAR_MADE.fullmatch(value) is not None)
    )


# "$" (or "$" on both sides), a word in any script's letters with no capital after its
# first letter, then its digits: "$Kantoor73", not a camel-case variable "$dbPass1".
_DOLLAR_MADE = re.compile(r"\$[^\W\d_][^\W\d_A-Z]{2,15}[0-9]{2,6}\$?")


def _state(text: str) -> str | None:
    if _STATE.search(text):
        return "serialized graph or message state"
    if _TRACEBACK.search(text):
        return "Python traceback"
    return None


def auth_header_detector() -> FunctionDetector:
    return guarded(
        "auth_header", RejectCode.RUNTIME_DATA, _auth, ("authoriz", "bearer", "api-key", "-token")
    )


def token_assignment_detector() -> FunctionDetector:
    return guarded(
        "token_assignment",
        RejectCode.RUNTIME_DATA,
        _assigned_secret,
        ("key", "token", "secret", "sig=", "signature", "密钥", "秘钥", "令牌"),
    )


def cookie_detector() -> FunctionDetector:
    return guarded("cookie", RejectCode.RUNTIME_DATA, _cookie, ("=", "cookie"))


# What every password rule needs, in lower case (the detector's pre-check).
_PASSWORD_WORDS = (
    *("pass", "pasw", "pssw", "pwd", "pswd", "pin", "code", "cvv", "cvc"),
    # a lock's combination, a Wi-Fi QR code, a login written as user/password
    *("combination", "wifi:", "login", "log in", "log-in", "sign in", "sign-in", "signin", "cred"),
    # a code that opens something, named in other languages (_PIN_WORLD)
    *("código", "codice", "geheimzahl", "kod", "şifre", "mã", "kode", "الرقم", "كود"),
    # recovery codes and two-factor keys named in other languages (_ONE_TIME_WORLD,
    # _ONE_TIME_THAI, _TOTP_WORDS)
    *("codes", "codici", "kody", "yedek", "kurtarma", "コード", "코드", "رموز", "โค้ด", "รหัส"),
    *("totp", "2fa", "mfa", "otp", "authenticator", "factor", "faktor", "fattori", "fatores"),
    *("двухфактор", "验证", "認証", "인증"),
    # passwords, keys, PINs and cards named in more languages (_SECRET_NAME, _PIN_WORDS,
    # _CARD_PASSWORD)
    *("laluan", "jelszav", "palavra", "nip", "کلید", "کارت"),
    *("sleutel", "klucz", "anahtar", "khóa", "kunci", "密钥", "秘钥"),
    # "password" in other languages (_PASSWORD_WORLD)
    *("contrase", "passe", "passwort", "kennwort", "senha", "wachtwoord"),
    *("hasł", "hasl", "haśl", "parola", "lösenord", "salasana", "adgangskode", "passord"),
    *("mật khẩu", "mat khau", "sandi", "şifre", "sifre", "hesl", "jelsz", "parolă", "парол"),
    # a key or a token named in another language (_KEY_WORLD)
    *("schlüssel", "token", "clé", "clef", "jeton", "clave", "chave", "chiave"),
    *("密码", "口令", "码", "保险", "暗証番号", "пароль", "パスワード", "비밀번호", "암호", "登录"),
    *("账号密码", "帐号密码", "用户名", "κωδικ", "كلمة", "رمز", "סיסמה", "पासवर्ड"),
    *("सांकेतिक", "รหัสผ่าน", "пин", "ключ", "токен", "キー", "トークン", "키", "토큰"),
    # codes named in Hebrew, Russian and Ukrainian; "password" as Persian and Arabic write
    # it, Japanese shorthand for it (_KIND_AFTER, _PIN_WORDS, _SECRET_NAME)
    *("קוד", "код", "پسورد", "پاسورد", "باسورد", "パス", "пін", "باصورد", "ww", "kluis"),
    *("พาสเวิร์ด", "พาสเวิด"),
    *(
        "kód",
        "codul",
        "coduri",
        "larmkod",
        "säkerhetskod",
        "nyitókód",
        "abholcode",
        "odbioru",
        "비번",
    ),
    *("desbloque", "verrouillage", "entsperr", "sblocco", "ontgrendel", "odblokowania"),
    *("разблокировки", "kilit", "איסוף", "オートロック"),
    # a payment PIN in Hindi (_MORE_PIN_WORDS)
    "पिन",
    # a safe's or a lock's combination (_PIN_WORDS)
    *("kombina", "combina", "комбина", "комбіна", "συνδυασμ"),
    # Vietnamese and Mexican shorthand (_SECRET_NAME)
    *("mk", "contra"),
    # signing in, in the languages of the word lists (_NAMES_A_PASSWORD)
    *("logon", "anmeld", "einlogg", "connexion", "connecter", "sesión", "sesion", "accesso"),
    *("acceso", "acesso", "inloggen", "zaloguj", "logowani", "přihlá", "bejelentkez", "giriş"),
    *("oturum", "đăng nhập", "σύνδεση", "вход", "войти", "вхід", "увійти", "الدخول", "دخول"),
    *("ورود", "התחברות", "लॉग", "लॉगिन", "เข้าสู่ระบบ", "เข้าระบบ"),
    *("ログイン", "로그인", "登入", "登陆"),
)


# A digit beside a symbol a password holds: where a password's misspelt name may stand
# before it (:func:`_misspelt_name_before`), which no word of ``_PASSWORD_WORDS`` shows.
_STRONG_HINT = re.compile(r"[0-9][!#$%&*+?~^@_]|[!#$%&*+?~^_][0-9]|(?<!\S)[!#$%&*+?~^@_„][A-Za-z]")


# Four digits in a row, or a letter then a digit (maybe with a mark between): where a PIN's
# or a password's misspelt name may give them (:func:`_misspelt_given`): "…: 4427",
# "…: Luni@Cafea71", "…: lunes.079".
_MISSPELT_HINT = re.compile(r"[0-9]{4}|[^\W\d_][!#$%&*+?~^@.]?[0-9]")


# The hints above in one pattern each, so a text is scanned once, not once a hint.
_STRONG_OR_ADMIN = re.compile(f"{_STRONG_HINT.pattern}|(?i:{_ADMIN_HINT.pattern})")
_ANY_PASSWORD_HINT = re.compile(
    f"{_STRONG_HINT.pattern}|(?i:{_ADMIN_HINT.pattern})|{_MISSPELT_HINT.pattern}"
)


def password_detector() -> FunctionDetector:
    named = Substrings(_PASSWORD_WORDS)

    def find(text: str) -> str | None:
        if named(text) or _STRONG_OR_ADMIN.search(text):
            return _password(text)
        # digits alone, or letters and digits with no symbol beside a digit: only a
        # misspelt name can say they are a PIN or a password
        return "password value" if _misspelt_given(text) else None

    return FunctionDetector(
        "password",
        RejectCode.RUNTIME_DATA,
        find,
        lambda text: named(text) or _ANY_PASSWORD_HINT.search(text) is not None,
    )


def made_password_detector() -> FunctionDetector:
    """A value shaped as a person makes a password (:func:`_made_password`), wherever it
    stands: no name has to come with it."""
    return FunctionDetector(
        "made_password",
        RejectCode.RUNTIME_DATA,
        lambda text: "value shaped as a made password" if _made_password(text) else None,
        lambda text: _MADE_HINT.search(text) is not None,
    )


# ----------------------------------------------------------------------------- keyed codes

# A code keyed in to open something: a verb of typing, pressing or dialling right before or
# after four to eight digits, in a sentence that names a door, a gate, a keypad, an
# intercom, a locker or a safe ("…hay que teclear 4698 y darle a la campanita",
# "unten an der Haustür 7045 tippen", "テンキーで5231を押して"). Whoever reads it gets in.
_KEY_VERBS = (
    # English, Spanish, Portuguese, French, German, Italian, Dutch
    r"types?|typed|typing|enters?|entered|entering|key(?:s|ed)?[ \t]+in|punch(?:es|ed)?[ \t]+in"
    r"|press(?:es|ed)?|tap(?:s|ped)?|dials?|dialled|dialed"
    r"|tecle\w*|marca[rs]?|marque|introduc\w*|pulsa\w*|digit\w*|aperta\w*|tape[rz]?|compose\w*"
    r"|saisi\w*|tipp\w*|eintipp\w*|eingeb\w*|drück\w*|wähl\w*|compon\w*|inseri\w*|prem\w*"
    r"|intoets\w*|toets\w*|intik\w*|tikt|tik|invoer\w*|typ\w*"
    # Polish, Russian, Ukrainian, Turkish, Vietnamese, Indonesian and Malay
    r"|wpis\w*|wstuk\w*|wbij\w*|wybier\w*|naciś\w*|набира\w*|набер\w*|набрат\w*|ввод\w*"
    r"|введ\w*|вве[сд]\w*|нажм\w*|нажима\w*|натисн\w*|yaz\w*|tuşla\w*|bas[ıa]\w*|bấm|nhập|gõ"
    r"|masuk\w*|tekan|ketik|pencet"
    # Swedish, Czech, Greek, Romanian, Filipino, Hungarian
    r"|slå\w*|knappa\w*|tryck\w*|naťuk\w*|ťuk\w*|vyťuk\w*|zad[aáeé]\w*|πληκτρολογ\w*|πατ[άή]\w*"
    r"|formea\w*|tastea\w*|tastez\w*|introdu\w*|i-type|pindut\w*|ilagay|beüt\w*|nyom\w*"
    # Filipino's other aspects of "type" ("tina-type", "nag-type", "magta-type")
    r"|tina-type|nag-type|magta-type"
)
_KEY_VERB = re.compile(
    r"(?i:(?<![^\W\d_])(?:" + by_first_letter(_KEY_VERBS) + r")(?![^\W\d_]))"
    # Japanese, Korean, Arabic, Hindi, Thai, Hebrew, Persian
    # (Japanese "押せば", "押さない" too; Egyptian Arabic "بيدوس", "يدوس")
    r"|押して|押す|押し|押せ|押さ|入力|打ち込|누르|눌러|입력|치면|치고|اضغط|يضغط|أدخل|ادخل|يدخل|اكتب|يكتب"
    r"|بيدوس|يدوس|دوس|डाल|दबा"
    r"|टाइप|กด|ใส่|מקיש|להקיש|הקש|מקליד|להקליד|بزن|میزن|وارد\s+کن"
)
# What such a code opens, or where it is keyed in (found anywhere in a word: compounds and
# prefixed words, "fietsenkluis", "בלוח", "kapıdaki").
_KEYED_PLACE_WORDS = (
    r"door|gate|keypad|key[ \t]pad|intercom|entrance|lobby|locker|garage|buzzer|(?<![a-z])safe(?![a-z])"
    r"|portal|puerta|portón|teclado|telefonillo|interfono|garaje|taquilla|casillero|caja[ \t]fuerte"
    r"|portão|porta|portaria|interfone|armário|cofre|garagem|telinha|portail|porte|digicode|clavier"
    r"|entré|stalling|berging"
    r"|interphone|casier|coffre|tür|(?<![a-z])tor(?![a-z])|tastatur|tastenfeld|klingel|gegensprechanlage"
    r"|schließfach|tresor|eingang|portone|cancello|tastier|citofono|cassaforte|armadietto|cortile"
    r"|deur|poort|toetsenbord|kluis|ingang|drzwi|bram[aiy]|klawiatur|domofon|garaż|sejf|paczkomat|постамат|поштомат|easybox|omniva|smartpost"
    r"|furtk|двер|ворот|калитк|домофон|панел|клавиатур|сейф|гараж|подъезд|хвіртк|клавіатур"
    r"|під'їзд|kapı|tuş[ \t]takım|diafon|garaj|apartman|cửa|cổng|bàn[ \t]phím|két|pintu|gerbang"
    r"|pagar|panel|layar|loker|brankas|lobi|kondo|condo|apartemen|interkom|dörr|porttelefon|knappsats"
    r"|smart[ \t]lock|door[ \t]?lock"
    # a parcel locker in more languages, and the lockers people name by their network
    r"|cacifo|packstation|pakketautomaat|paketskåp|pakkeboks|csomagautomat|balíkovn|balíkobox"
    r"|alzabox|z-?box|foxpost|丰巢"
    # an alarm, whose keypad takes the code that turns it off
    r"|alarm|allarm|riasztó|συναγερμ|сигнализ|сигналіз|(?<![a-z])larm"
    r"|kodlås|kassaskåp|förråd|dveř|brán|klávesnic|zvon|sklep|πόρτ|θυροτηλέφωνο|πληκτρολόγιο"
    r"|χρηματοκιβώτιο|γκαράζ|ușa|ușii|poart|porții|interfon|seif|pinto|pintuan|ajtó|kapu|széf"
    r"|garázs|csengő|billentyűzet|schránk"
    # or what the code unlocks: a phone, an app ("si odemyká zadáním 0096")
    r"|"
    + _UNLOCK_WORDS
    + r"|ドア|扉|玄関|エントランス|テンキー|パネル|インターホン|オートロック|宅配ボックス|ロッカー|金庫"
    r"|현관|도어락|키패드|인터폰|금고|사물함|택배함|باب|بوابة|لوحة|خزنة|إنتركم|दरवाज|गेट|कीपैड"
    r"|लॉकर|तिजोरी|ประตู|แป้น|ล็อกเกอร์|ตู้เซฟ|คอนโด|דלת|שער|לוח|אינטרקום|כספת|לובי|درب|آیفون"
    r"|گاوصندوق|ورودی|ساختمان|ساختمون|پارکینگ|门禁|大门|密码锁|键盘|保险柜|快递柜"
)
_KEYED_PLACE = re.compile(by_first_letter(_KEYED_PLACE_WORDS), re.IGNORECASE)
_KEYED_DIGITS = re.compile(r"(?<![0-9.,:/-])[0-9]{4,8}(?![0-9]|[.,:/-][0-9])")
# Where the clause of keyed digits ends ("… opens at 0700; press the buzzer" keys nothing).
_KEYED_CLAUSE = re.compile(r"[,;.!?。，；！？\n]")


def _keyed_at(text: str, start: int, end: int) -> bool:
    """Whether a verb of keying (``_KEY_VERB``) stands in the clause of the value at
    ``start:end``: within 24 characters before it, or 16 after (32 in a language that puts
    the verb last, with the place between: "باید 2062 رو روی صفحه کنار در بزنه"); a German
    verb whose particle closes the clause after the value ("tippt er am Tastenfeld … 43788
    ein"); or the value is what something is opened or an alarm is turned off with ("opens
    his locker with 0074", "la alarma se quita con 0529")."""
    low = clause_start(text, start, 24, _KEYED_CLAUSE)
    after = _KEYED_CLAUSE.search(text, end, end + 32)
    stop = after.start() if after else end + 32
    verb_after = _KEY_VERB.search(text, end, min(stop, end + 16))
    if verb_after is None:
        verb_after = _VERB_LAST.search(text, end, stop)
    if _KEY_VERB.search(text, low, start) is not None or verb_after is not None:
        return True
    if _PARTICLE_CLOSES.match(text, end):
        clause = clause_start(text, start, 64, _KEYED_CLAUSE)
        return _SEPARABLE_KEY_VERB.search(text, clause, start) is not None
    if _OPENED_WITH.search(text, max(0, start - 16), start):
        clause = clause_start(text, start, 64, _KEYED_CLAUSE)
        opened = _OPENS.search(text, clause, start) or _NOTE_LOCK.search(text, clause, start)
        return opened is not None and _CLOSES.match(text, end) is not None
    return False


# The keying verbs of languages that put the verb after its object and place.
_VERB_LAST = re.compile(r"بزن|میزن|وارد\s+کن|डाल|दबा|टाइप|押して|押す|入力|누르|눌러|입력|tuşla\w*")
# German separable verbs of keying, whose particle "ein" closes the clause after the value.
_SEPARABLE_KEY_VERB = re.compile(r"(?i:(?<![^\W\d_])(?:tipp\w*|gib\w*|gibt|gab\w*|hack\w*))")
_PARTICLE_CLOSES = re.compile(r"[ \t]{1,2}ein(?=[ \t]*(?:[,;.!?\n]|$))")
# The value is what opens: "with" or "using" right before it ...
_OPENED_WITH = re.compile(
    r"(?<![^\W\d_])(?i:with|using|gamit(?:[ \t]+ang)?|bằng|dengan|mit|con|com|avec|med|pomocí"
    r"|με|μέσω|cu|ile|met|za[ \t]pomocą|via|přes|через)[ \t]{1,2}$|(?:با|से|ด้วย|עם)[ \t]{1,2}$"
)
# ... and a verb of opening or of logging in earlier in its clause ("μπαίνει με «…»").
_OPENS = re.compile(
    r"(?i:(?<![a-z])(?:opens?|opened|opening|log(?:s|ged|ging)?[ \t]in|sign(?:s|ed|ing)?[ \t]in"
    r"|logt[ \t]in|inlogg\w*|einlogg\w*|loguj\w*|přihlaš\w*|prihlas\w*|connecte\w*|entra"
    r"|entrou|accede\w*|μπαίν\w*|συνδέ\w*|входит|заходит|входить|заходить|bejelentkez\w*)(?![a-z]))|"
    + _OPEN_WORDS
)


def _place_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``_KEYED_PLACE``'s words in ``text``, in order."""
    return [p.span() for p in _KEYED_PLACE.finditer(text)]


def _keyed_code(text: str) -> str | None:
    text = fold(text)
    places: list[tuple[int, int]] | None = None
    for m in _KEYED_DIGITS.finditer(text):
        start, end = m.span()
        if not _keyed_at(text, start, end) or thing_id(text, start):
            continue
        low, high = sentence_around(text, start, end)
        if places is None:  # the places are found once: a text of many keyed values stays linear
            places = _place_spans(text)
        if span_within(places, low, high) and not called_a_test_value(text, start, end):
            return "code keyed in to open a door, a gate or a locker"
    if _note_item_code(text):
        return "code of a lock in a note's list"
    if _code_of_a_lock(text):
        return "code of an alarm, a safe or a door named in its sentence"
    return None


def keyed_code_detector() -> FunctionDetector:
    return FunctionDetector(
        "keyed_code",
        RejectCode.RUNTIME_DATA,
        _keyed_code,
        lambda text: _KEYED_DIGITS.search(text) is not None,
    )


def runtime_state_detector() -> FunctionDetector:
    return guarded(
        "runtime_state",
        RejectCode.RUNTIME_DATA,
        _state,
        (
            "_",
            "configurable",
            "messages",
            "message(",
            "role",
            "'lc'",
            '"lc"',
            "traceback",
            'file "',
        ),
    )


def find_runtime_data(strings: Sequence[str]) -> str | None:
    """Name the first credential or runtime structure the default detectors find, or None.

    >>> find_runtime_data(["password: hunter2"])
    'password: password value'
    >>> find_runtime_data(["uses a password manager (1Password)"]) is None
    True
    """
    found = find_with(default_detectors(RejectCode.RUNTIME_DATA), [fold(s) for s in strings])
    return None if found is None else found.detail
