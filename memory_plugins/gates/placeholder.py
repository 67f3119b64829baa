"""The ``placeholder`` gate: filler standing where a real value should be.

Two ways to be a placeholder:

* a whole field (text, a tag, an identity part) that, ignoring case, punctuation and
  whitespace, is a placeholder word (N/A, none, null, TBD, TODO, xxx, 无, 暂无, 未知,
  待定, 同上, …), only punctuation (``...``, ``…``, ``---``), blank, or a lone template
  slot (``<name>``, ``{user_name}``, ``[PLACEHOLDER]``, ``{{var}}``);
* a field that still holds an unfilled slot: ``{{var}}``, ``<subject>``, ``{user_name}``,
  ``[YOUR NAME]``, ``XXX``, ``某某``, or lorem ipsum.

Contained brackets count only when what is inside reads as a slot name (a known slot
word, ``snake_case``/``UPPER_SNAKE``, "your …", or CJK), so ``<div>``, ``<Suspense>``,
``[WIP]``, ``${HOME}`` and 《三体》 are left alone, and so is an XML element whose closing
tag follows (``<api_key>…</api_key>``). A field that says it is about templates or their
slots ("the Helm chart's template reads ``{{ .Values.image }}``", "placeholders like
``<REPLACE_ME>``") holds them as what it is about, not unfilled; and a tag "placeholder"
(占位符) on such a memory names its topic.

>>> find_placeholder(["N/A"])
'placeholder value: N/A'
>>> find_placeholder(["The user prefers <subject>."])
'unfilled template slot'
>>> find_placeholder(["The user likes React <Suspense> boundaries."]) is None
True
>>> find_placeholder(["<user_name>ann</user_name> in the config"]) is None
True
"""

import re
import unicodedata
from collections.abc import Sequence

__all__ = ["find_placeholder"]

_PLACEHOLDER_WORDS = """
    na none null nil undefined nan unknown tbd tba tbc todo fixme placeholder
    empty blank notapplicable notavailable nodata unspecified missing
    loremipsum loremipsumdolorsitamet
    无 暂无 未知 待定 空 略 同上 不详 未填 未填写 待填 待填写 待补充 待完善 待确认 占位 占位符
    无内容 无数据 未提供 某某 某某某 同前 见上
"""
# The whole field is one of the words, in any case, with punctuation anywhere: "N/A", "t.b.d.".
_WHOLE_WORD = re.compile(
    r"[\W_]*(?:"
    + "|".join(
        r"[\W_]*".join(map(re.escape, word))
        for word in sorted(_PLACEHOLDER_WORDS.split(), key=len, reverse=True)
    )
    + r"|x(?:[\W_]*x)+)[\W_]*",
    re.IGNORECASE,
)
_MAX_WHOLE_CHARS = 32
_FULL_WIDTH_LETTER = re.compile(r"[\uff21-\uff3a\uff41-\uff5a]")
_NON_ALNUM = re.compile(r"[\W_]+")

_SLOT_NAMES = """
    name subject facet value placeholder something topic item thing username
    todo tbd tba fixme xxx xx insert here blank variable var 姓名 名字 用户名 待填 占位 某某 某某某
"""
# In angle brackets only: "{date}" in a file-name pattern and "[日期]" in a log format are real.
_ANGLE_SLOT_NAMES = "email phone date city company"
# Common names for template slots; anything inside brackets that is one of these is unfilled.
_SLOT_WORDS = frozenset(_SLOT_NAMES.split())
_ANGLE_SLOT_WORDS = _SLOT_WORDS | frozenset(_ANGLE_SLOT_NAMES.split())
_SLOT_PHRASE = re.compile(
    r"(?:your|insert|enter|fill in)\s+\w|请填写|填写|请输入|输入|待填", re.IGNORECASE
)
_SNAKE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
_CJK = re.compile(r"[\u3400-\u9fff]")

_DOUBLE_BRACE = re.compile(r"\{\{[^{}]*\}\}|\{%[^%]*%\}")
_BRACKETED = re.compile(
    r"<([^<>\n]{1,40})>|\{([^{}\n]{1,40})\}|\[([^\[\]\n]{1,40})\]|【([^【】\n]{1,20})】"
)
_WHOLE_SLOT = re.compile(
    r"\s*(?:<\s*[\w .-]+\s*>|\{\s*[\w .-]+\s*\}|\[\s*[\w .-]+\s*\]|【[^【】]+】)\s*"
)
# "XX" standing alone is a slot; "XXL", "5xx" and "0x1F" are not.
_X_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:XX+|xx+)(?![A-Za-z0-9])")
# A number masked as a receipt, a statement or a form shows it: groups of digits and of
# "x", three or more, some digits left ("XXXX-XXXX-XXXX-9012", "xxx-x-x5678-x", "XXXX XXXX
# 9165"). The x's hide a value; no slot waits to be filled.
_MASKED_NUMBER = re.compile(
    r"(?<![A-Za-z0-9-])[Xx0-9]{1,6}(?:[ -][Xx0-9]{1,6}){2,7}(?![A-Za-z0-9-])"
)
_LOREM = re.compile(r"lorem ipsum|sit amet", re.IGNORECASE)
# A Markdown code span inside a field: what it holds is quoted code.
_CODE_SPAN = re.compile(r"`[^`\n]{1,200}`")
_OPENERS = re.compile(r"[<{\[【]")
# What every contained slot or filler below holds: an opening bracket, "xx", 某某, lorem ipsum.
_MAY_HOLD_SLOT = re.compile(r"[<{\[【]|xx|XX|某某|ipsum|amet|IPSUM")
# A configuration line's value up to the end of its line: a name in capitals, small letters
# or camel case, "=" or ": ", then the value where a slot may stand.
_CONFIG_SLOT = re.compile(
    r"(?<![\w.-])(?:[A-Z][A-Z0-9_]{2,}|[a-z][a-z0-9_]*_[a-z0-9_]+)[ \t]*(?:=|:[ \t])[^\n]{0,200}"
)
# An INI or TOML section's header ("[server]", "[[services]]"), alone on its line, with a
# configuration line ("key = value", "key: value") under it.
_SECTION_HEADER = re.compile(
    r"^[ \t]*\[{1,2}[\w.\-\"' ]{1,40}\]{1,2}[ \t]*(?=\n[ \t]*[\w.\"'-]{1,64}[ \t]*[=:])",
    re.MULTILINE,
)
# Words saying a text is about templates or their slots: its slots are quoted, not unfilled.
_ABOUT_TEMPLATES = re.compile(
    r"(?i:(?<![a-z])(?:templat\w*|placeholders?|jinja2?|helm|ansible|playbooks?|mustache"
    r"|handlebars|liquid|twig|go[ \t]+templates?|\.env\.example"
    # "template" in the languages of the other word lists where the word means nothing
    # else ("W szablonie umowy …"; not "modelo", "modèle": a product's model too)
    r"|plantilla\w*|vorlage\w*|sjabloon\w*|szablon\w*|şablon\w*|шаблон\w*|šablon\w*"
    r"|sablon\w*"
    # "placeholder" in the languages of the other word lists
    r"|platzhalter\w*|espace[ \t]+r[ée]serv[ée]|marcador(?:es)?[ \t]+de[ \t]+posici[óo]n"
    r"|segnaposto|tijdelijke[ \t]+aanduiding|zastępcz\w*|заполнител\w*|yer[ \t]+tutucu"
    r"|helyőrző\w*|zástupn\w*"
    # what a form or a template leaves to fill in later ("điền sau", "para preencher depois")
    r"|để[ \t]+trống|điền[ \t]+sau|(?:para|por|a)[ \t]+(?:preencher|rellenar|completar)"
    r"|à[ \t]+remplir|auszufüllen|da[ \t]+compilare|in[ \t]+te[ \t]+vullen"
    r"|do[ \t]+uzupełnienia|kitöltend\w*|de[ \t]+completat|att[ \t]+fylla[ \t]+i)(?![a-z]))"
    # a template as the head of a Hungarian compound ("számlasablonban")
    r"|(?i:sablon)"
    r"|テンプレート|템플릿|模板|قالب|תבנית|แม่แบบ|टेम्पलेट"
    # an example or the documentation, whose slots are quoted ("the docs write the key as
    # <YOUR_API_KEY>", "di contoh kode …"), in the languages of the other word lists; not a
    # part of a name ("example.com", "docs/")
    r"|(?i:(?<![a-z0-9@./])(?:examples?|docs|documentation|ejemplos?|exemples?|beispiele?"
    r"|esempio|exemplo|przykład\w*|örne\w+|contoh|ví[ \t]+dụ|пример\w*|приклад\w*"
    # the documentation and a tutorial in Vietnamese, Romanian, Hungarian, Czech and more
    r"|tài[ \t]+liệu|tutorial\w*|doksi\w*|dokumentáci\w*|dokumentac\w*|documenta[çt]\w*"
    r"|документаци\w*|документаці\w*|documentaț\w*|doc"
    # a manual or a guide
    r"|manual\w*|manuel\w*|handbuch\w*|handleiding|anleitung|hướng[ \t]+dẫn)(?![a-z0-9/]|\.[a-z]))"
    r"|मैनुअल|מדריך|매뉴얼|설명서|マニュアル|说明书|手册|راهنما|دليل"
    # a slot left empty on purpose, in Korean ("…로 비워 둔 상태")
    r"|비워[ \t]?(?:둔|뒀|두)"
    r"|模板|模版|占位符|示例|样例|テンプレート|サンプル|템플릿|예시"
    # a manual in Thai; a placeholder in Chinese, Japanese and Korean
    r"|คู่มือ|占位|プレースホルダー|플레이스홀더"
)


def _unmasked(text: str) -> str:
    """``text`` without its masked numbers (:data:`_MASKED_NUMBER`: digits and x's both)."""
    return _MASKED_NUMBER.sub(
        lambda m: " " if _DIGIT.search(m.group()) and _EX.search(m.group()) else m.group(), text
    )


_DIGIT = re.compile(r"[0-9]")
_EX = re.compile(r"[Xx]")


def _is_slot_name(inner: str, opener: str) -> bool:
    inner = inner.strip()
    if not inner:
        return False
    words = _ANGLE_SLOT_WORDS if opener == "<" else _SLOT_WORDS
    if inner.casefold() in words or _SLOT_PHRASE.match(inner) or _SNAKE.fullmatch(inner):
        return True
    # CJK inside <> or {} is a slot ("<用户名>"); in 【】 or [] it is usually a label ("【重要】");
    # nor is a JSON object's quoted member a slot ({"主色": "#ff0263"}).
    if opener == "{" and _JSON_MEMBER.match(inner):
        return False
    return opener in "<{" and _CJK.search(inner) is not None


_JSON_MEMBER = re.compile(r"\"[^\"]*\"[ \t]*:")


def _has_symbol(text: str) -> bool:
    """Whether ``text`` holds an emoji or another pictographic symbol (``So``): a meaning."""
    return any(unicodedata.category(ch) == "So" for ch in text)


def _whole(text: str) -> str | None:
    stripped = text.strip()
    if len(stripped) > 2 and stripped[0] == stripped[-1] == "`":
        stripped = stripped[1:-1].strip()  # a whole field quoted as code is that field
    if not stripped:
        return "blank value"
    if _NON_ALNUM.fullmatch(stripped) and not _has_symbol(stripped):
        return "punctuation only"
    # Placeholder words and lone slots are short.
    if len(stripped) > _MAX_WHOLE_CHARS:
        return None
    if _FULL_WIDTH_LETTER.search(stripped):  # "ＮＡ" is "NA"
        stripped = unicodedata.normalize("NFKC", stripped)
    if _WHOLE_WORD.fullmatch(stripped):
        return f"placeholder value: {stripped}"
    if stripped[0] in "<{[【" and _WHOLE_SLOT.fullmatch(stripped):
        return "template slot"
    return None


def _contained(text: str) -> str | None:
    if "`" in text:  # a slot quoted as code ("writes keys as `<your-key>`") is quoted, not unfilled
        text = _CODE_SPAN.sub(" ", text)
    if not _MAY_HOLD_SLOT.search(text):
        return None
    if "[" in text and "\n" in text:
        # "[http_service]" alone on its line over "key = value" lines: an INI or TOML
        # section's header, not a slot.
        text = _SECTION_HEADER.sub(" ", text)
    if _CONFIG_SLOT.search(text):
        # "MONGODB_URI=mongodb+srv://<username>:<password>@…", "SECRET_KEY=<在控制台获取>",
        # "DT_API_TOKEN=dt0c01.XXXX…": a configuration line whose value is still to be
        # filled in, which a memory about that configuration quotes as it is.
        text = _CONFIG_SLOT.sub(" ", text)
    if _ABOUT_TEMPLATES.search(text):
        # "Ansible playbooks reference {{ vault_db_password }}", "placeholders like
        # <REPLACE_ME>": the memory is about templates, and its slots are what it is about.
        return None
    # Not ${{ secrets.X }}: a CI expression, filled where it runs.
    if ("{{" in text or "{%" in text) and any(
        text[m.start() - 1 : m.start()] != "$" for m in _DOUBLE_BRACE.finditer(text)
    ):
        return "unfilled template slot"
    if _OPENERS.search(text):
        for m in _BRACKETED.finditer(text):
            inner = next(group for group in m.groups() if group is not None)
            if m.group(0)[0] == "{" and text[m.start() - 1 : m.start()] in ("$", "#"):
                # ${DB_PASSWORD}, #{password}: a shell, compose or Ruby interpolation,
                # filled where it runs
                continue
            if m.group(0)[0] == "<" and f"</{inner.strip()}>" in text:
                continue  # <api_secret>…</api_secret>: an XML element, not a slot
            if _is_slot_name(inner, m.group(0)[0]):
                return "unfilled template slot"
    if ("xx" in text or "XX" in text) and _X_TOKEN.search(_unmasked(text)):
        return "unfilled template slot"
    if "某某" in text:
        return "unfilled template slot"
    if ("ipsum" in text or "amet" in text or "IPSUM" in text) and _LOREM.search(text):
        return "lorem ipsum filler"
    return None


def find_placeholder(strings: Sequence[str]) -> str | None:
    """Describe the first placeholder found in ``strings``, or return None.

    >>> find_placeholder(["用户喜欢喝乌龙茶。", "暂无"])
    'placeholder value: 暂无'
    >>> find_placeholder(["Python 3.11.7", "budget"]) is None
    True
    """
    for text in strings:
        found = _whole(text)
        if found is not None and _topic_word(text, strings):
            continue  # a tag "placeholder" on a memory about placeholders names its topic
        found = found or _contained(text)
        if found is not None:
            return found
    return None


# Placeholder words that name placeholders themselves.
_NAMING_WORDS = frozenset(("placeholder", "placeholders", "占位符", "占位"))


def _topic_word(field: str, strings: Sequence[str]) -> bool:
    """Whether ``field`` is a word naming placeholders and another field (the text) is about
    templates or placeholders: the word is that memory's topic, not a slot left empty."""
    return field.strip().lower() in _NAMING_WORDS and any(
        _ABOUT_TEMPLATES.search(s) for s in strings if s is not field
    )
