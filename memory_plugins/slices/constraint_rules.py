"""The rules behind constraint snapshots: counts, lengths, language, format, tone, terms.

Numbers come in Arabic, Chinese or English form (``5``, ``五``, ``两``, ``three``);
an exact count is a maximum, approximate numbers are not conditions, a count of one
only when stressed, numbers naming existing things (``第3条``, ``the 3 failing tests``)
are ignored. See :func:`memory_plugins.slices.constraints.extract_constraints`.

>>> find_quantities("给我4个口号，每个不超过12个字", "zh").counts
[('exact', 4)]
"""

import re
from dataclasses import dataclass, field
from typing import Literal

from memory_plugins.slices.lexicon import word_set
from memory_plugins.slices.numbers import EN_NUMBER, ZH_NUMBER, parse_number

__all__ = [
    "LengthUnit",
    "Quantities",
    "find_format",
    "find_language",
    "find_quantities",
    "find_terms",
    "find_tone",
]

LengthUnit = Literal["chars", "words"]

_ZH_MAX = r"最多|至多|不超过|不多于|不要超过|别超过|不能超过|不得超过|控制在|限制在|限|上限|少于|小于|≤|<=|<|＜|不超|顶多"
_ZH_MIN = r"至少|最少|不少于|不低于|起码|多于|大于|≥|>=|>|不少过"
_ZH_EXACT = r"只要|只需要?|仅需?|只|就要|恰好|正好|刚好"
_ZH_AFTER_MAX = r"以内|以下|之内|内|为限|封顶|就行|就好|就够了|即可"
_ZH_AFTER_MIN = r"以上|起|打底"
_ZH_APPROX = r"左右|上下|大概|大约|约|差不多|前后"
_ZH_CLASSIFIER = r"句话|段话|个|条|封|篇|份|首|句|段|点|项|组|套|种|款|则|道|张|幅|版|稿|位|件"
_ZH_NOT_ITEMS = r"字|字符|汉字|词|单词|月|小时|钟头|星期|礼拜|人|工作日|季度|分钟|秒|天|年|岁|元|块钱|块|周|倍|百分点|以上的人"

_ZH_FILLER = r"给我|帮我|给|要|写|列出|列|来|出|提供|生成|准备|想|起|取|推荐"
_ZH_TEXT_UNITS = frozenset({"句话", "句", "段", "段话", "行"})
_ZH_COUNT = re.compile(
    rf"(?P<pre>{_ZH_MAX}|{_ZH_MIN}|{_ZH_EXACT}|用|以|成|为|分|列)?\s*(?:{_ZH_FILLER})?\s*"
    rf"(?P<approx1>大概|大约|约)?\s*(?P<num>{ZH_NUMBER})(?:\s*(?:到|至|-|~|～|—|或)\s*(?P<num2>{ZH_NUMBER}))?\s*"
    rf"(?P<cls>{_ZH_CLASSIFIER})(?!{_ZH_NOT_ITEMS})(?P<post>{_ZH_AFTER_MAX}|{_ZH_AFTER_MIN}|{_ZH_APPROX})?"
)
_ZH_LENGTH = re.compile(
    rf"(?P<pre>{_ZH_MAX}|{_ZH_MIN})?\s*(?P<approx1>大概|大约|约)?\s*(?P<num>{ZH_NUMBER})"
    rf"(?:\s*(?:到|至|-|~|～|—)\s*(?P<num2>{ZH_NUMBER}))?\s*个?\s*(?P<unit>字符|汉字|字|单词|词)"
    rf"(?:数)?(?P<post>{_ZH_AFTER_MAX}|{_ZH_AFTER_MIN}|{_ZH_APPROX})?"
)
_ZH_WORD_COUNT = re.compile(
    rf"(?:字数|篇幅|长度|字符数)(?:要|请|尽量)?(?P<pre>{_ZH_MAX}|{_ZH_MIN}|在)?\s*(?P<num>{ZH_NUMBER})"
    rf"\s*(?P<unit>字符|字|个字|单词|词)?\s*(?P<post>{_ZH_AFTER_MAX}|{_ZH_AFTER_MIN}|{_ZH_APPROX})?"
)
_ZH_REFERS_TO_INPUT = re.compile(r"(?:第|这|那|这些|那些|上面|上述|以上|前|后|其中|剩下的?)\s*$")
_ZH_PER_ITEM = re.compile(r"每(?:个|条|封|篇|份|首|句|段|项|点|一个|一条)?|各|单个|单条|一条|一个")
_ZH_TOTAL = re.compile(r"总共|一共|总计|合计|总字数|全文|整体|加起来|总长度|总体|全部加起来")

_EN_MAX = (
    r"at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|max(?:imum)?(?:\s+of)?|a\s+maximum\s+of"
    r"|fewer\s+than|less\s+than|under|below|within|no\s+longer\s+than|not\s+exceeding|<=|≤|<"
)
_EN_MIN = (
    r"at\s+least|a\s+minimum\s+of|minimum(?:\s+of)?|min(?:\.|imum)?|no\s+fewer\s+than"
    r"|no\s+less\s+than|more\s+than|over|>=|≥"
)
_EN_EXACT = r"exactly|only|just|precisely|top|a\s+single"
_EN_APPROX = r"about|around|roughly|approximately|approx\.?|~|some|nearly|almost"
_EN_NOT_ITEMS = (
    r"words?|characters?|chars?|letters?|tokens?|minutes?|seconds?|hours?|days?|weeks?|months?"
    r"|years?|times|percent|%|pages?|dollars|euros|usd|kb|mb|gb|ms|px|people|users|customers"
    r"|employees|members|degrees|km|miles|kg|lbs|steps\s+back|am|pm|o'clock"
)
_EN_COUNT = re.compile(
    rf"(?<![\w#.-])(?:(?P<pre>{_EN_MAX}|{_EN_MIN}|{_EN_EXACT}|in|into|as|to)\s+)?"
    rf"(?:(?P<approx1>{_EN_APPROX})\s+)?(?P<num>{EN_NUMBER})"
    rf"(?:\s*(?:-|–|to|or)\s*(?P<num2>{EN_NUMBER}))?"
    rf"(?P<noun>(?:\s+(?!(?:{_EN_NOT_ITEMS})\b)[a-z][\w'-]*){{1,3}})",
    re.I,
)
_EN_BETWEEN = re.compile(
    rf"\bbetween\s+(?P<num>{EN_NUMBER})\s+and\s+(?P<num2>{EN_NUMBER})(?P<noun>(?:\s+[a-z][\w'-]*){{1,3}})",
    re.I,
)
_EN_LENGTH = re.compile(
    rf"(?:(?P<pre>{_EN_MAX}|{_EN_MIN}|{_EN_EXACT}|in)\s+)?(?:(?P<approx1>{_EN_APPROX})\s+)?"
    rf"(?P<num>{EN_NUMBER})(?:\s*(?:-|–|to)\s*(?P<num2>{EN_NUMBER}))?[\s-]*"
    r"(?P<unit>words?|characters?|chars?|letters?)\b"
    r"(?P<post>\s+or\s+(?:less|fewer|under|below)|\s+max(?:imum)?|\s+tops|\s+at\s+most|\s+or\s+more"
    r"|\s+minimum|\s+at\s+least|\s+limit)?",
    re.I,
)
_EN_WORD_LIMIT = re.compile(
    rf"\b(?:word|character|char)\s+(?:limit|count|cap)\s*(?:of|is|:|under|below|<=?)?\s*"
    rf"(?P<num>{EN_NUMBER})",
    re.I,
)
_EN_BETWEEN_LENGTH = re.compile(
    rf"\bbetween\s+(?P<num>{EN_NUMBER})\s+and\s+(?P<num2>{EN_NUMBER})\s+(?P<unit>words|characters|chars)\b",
    re.I,
)
_EN_PER_ITEM = re.compile(r"\b(?:each|per\s+\w+|apiece|a\s+piece|every\s+one|individually)\b", re.I)
_EN_TOTAL = re.compile(r"\b(?:in\s+total|total|altogether|combined|overall|all\s+together)\b", re.I)
_EN_REFERS_TO_INPUT = re.compile(r"(?:\b(?:the|these|those|my|our|your|all|its|their)\s+)$", re.I)
_EN_ORDINAL_BEFORE = re.compile(
    r"(?:#|\b(?:claim|claims|figure|fig\.|step|version|v|python|page|line|section|chapter|item"
    r"|question|table|q|number|no\.|issue|ticket|pr|room|level|grade|day|week|rule)\s*)$",
    re.I,
)
_EN_ITEM_NOUN_BLACKLIST = word_set(
    "of and or the a an to in for with on at by from is are was were be it this that"
)

_LANGS_ZH: dict[str, str] = {
    "中文": "zh", "汉语": "zh", "简体中文": "zh", "繁体中文": "zh", "普通话": "zh", "国语": "zh",
    "华语": "zh", "英文": "en", "英语": "en", "日文": "ja", "日语": "ja", "韩文": "ko", "韩语": "ko",
    "法文": "fr", "法语": "fr", "德文": "de", "德语": "de", "西班牙语": "es", "西班牙文": "es",
    "俄语": "ru", "俄文": "ru", "葡萄牙语": "pt", "葡萄牙文": "pt", "意大利语": "it", "意大利文": "it",
}  # fmt: skip
_LANGS_EN: dict[str, str] = {
    "chinese": "zh", "mandarin": "zh", "simplified chinese": "zh", "traditional chinese": "zh",
    "english": "en", "japanese": "ja", "korean": "ko", "french": "fr", "german": "de",
    "spanish": "es", "russian": "ru", "portuguese": "pt", "italian": "it",
}  # fmt: skip
_ZH_LANG = "|".join(sorted(_LANGS_ZH, key=len, reverse=True))
_EN_LANG = "|".join(sorted(_LANGS_EN, key=len, reverse=True)).replace(" ", r"\s+")
_ZH_LANGUAGE_TARGET = re.compile(
    rf"(?:翻译|翻|译|转|改|换|写|变)(?:成|为|到)\s*(?P<lang>{_ZH_LANG})"
)
_ZH_LANGUAGE_PAIR = re.compile(
    r"(?P<pair>中译英|汉译英|英译中|英译汉|中译日|日译中|中译韩|韩译中|中译法|中译德)"
)
_ZH_LANGUAGE_USE = re.compile(
    rf"(?:用|以|使用|请用|改用|全用|全部用|统一用)\s*(?P<lang>{_ZH_LANG})|(?P<lang2>{_ZH_LANG})"
    r"(?=回答|回复|作答|输出|答复|来写|写|版本|版|表达|说明)|(?P<lang3>"
    + _ZH_LANG
    + r")(?:的)?(?:版本|版)"
)
_EN_LANGUAGE_TARGET = re.compile(
    rf"\b(?:in|into|to)\s+(?:plain\s+|simple\s+|formal\s+|natural\s+)?(?P<lang>{_EN_LANG})\b"
    rf"|\b(?P<lang2>{_EN_LANG})\s+only\b|\bonly\s+(?:in\s+)?(?P<lang3>{_EN_LANG})\b",
    re.I,
)
_EN_FROM_LANGUAGE = re.compile(rf"\bfrom\s+(?:{_EN_LANG})\s*$", re.I)
_PAIRS = {
    "中译英": "en", "汉译英": "en", "英译中": "zh", "英译汉": "zh", "中译日": "ja", "日译中": "zh",
    "中译韩": "ko", "韩译中": "zh", "中译法": "fr", "中译德": "de",
}  # fmt: skip

_FORMATS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("table", re.compile(
        r"(?:用|以|成|做成|列成|整理成|转成|转换成|输出为|输出成|画成|弄成|制成|给个|来个|做个|列个|生成)"
        r"\s*(?:一个|一张|个|张)?\s*(?:markdown\s*)?表格|表格(?:形式|的形式|格式|输出|展示|列出|呈现|对比)"
        r"|\b(?:as|in|into|to|using|use)\s+(?:a\s+)?(?:markdown\s+|simple\s+|comparison\s+)?table\b"
        r"|\btable\s+format\b|\btabular\b|\bin\s+table\s+form\b|\bmake\s+(?:it\s+)?a\s+table\b",
        re.I)),
    ("json", re.compile(
        r"json\s*(?:格式|形式|输出|结构返回)|(?:用|以|成|为|输出|输出成|转成|格式为)\s*json"
        r"|\b(?:as|in|into|to)\s+(?:valid\s+|pure\s+|raw\s+)?json\b|\bjson\s+(?:format|only|output|object)\b"
        r"|\b(?:respond|reply|answer|output)\s+(?:with|in|as|using)?\s*(?:valid\s+)?json\b", re.I)),
    ("numbered", re.compile(
        r"编号|有序列表|带序号|加序号|标上序号|按序号|\bnumbered\b|\bnumber\s+(?:them|each|the\s+items|the\s+steps)\b",
        re.I)),
    ("bullet", re.compile(
        r"分点|分条|要点形式|列表形式|项目符号|无序列表|条目式|(?:用|以|成|整理成|列成)\s*(?:列表|要点)"
        r"|\b(?:in|as|into|with|using|use|to)\s+(?:a\s+)?(?:few\s+|short\s+|\w+\s+)?(?:bullet(?:ed)?"
        r"(?:\s+(?:points?|list|form))?|bullets)\b|\bbullet[-\s]point\s+(?:list|format|form)\b"
        r"|\bas\s+(?:a\s+)?list\b|\bbulleted\s+list\b", re.I)),
    ("markdown", re.compile(r"markdown(?!\s*表格)(?!\s+table)\s*(?:格式|形式|format)?|\bin\s+md\b", re.I)),
    ("plain", re.compile(
        r"纯文本|不要(?:用)?(?:markdown|格式)|不用markdown|\bplain\s+text\b|\bno\s+markdown\b"
        r"|\bwithout\s+(?:any\s+)?(?:markdown|formatting)\b|\bno\s+formatting\b", re.I)),
    ("code", re.compile(r"代码块|\bcode\s+block\b|\bin\s+a\s+code\s+fence\b", re.I)),
)  # fmt: skip

_TONES_ZH: dict[str, str] = {
    "正式": "formal", "官方": "formal", "书面": "formal", "严肃": "formal", "庄重": "formal",
    "委婉": "polite", "礼貌": "polite", "客气": "polite", "谦虚": "polite",
    "轻松幽默": "humorous", "幽默": "humorous", "风趣": "humorous", "搞笑": "humorous",
    "轻松": "casual", "随意": "casual", "口语化": "casual", "口语": "casual", "活泼": "casual",
    "接地气": "casual", "亲切": "friendly", "友好": "friendly", "温和": "friendly", "温暖": "friendly",
    "热情": "friendly", "专业": "professional",
}  # fmt: skip
_TONES_EN: dict[str, str] = {
    "formal": "formal", "serious": "formal", "polite": "polite", "courteous": "polite",
    "diplomatic": "polite", "humorous": "humorous", "funny": "humorous", "witty": "humorous",
    "playful": "humorous", "casual": "casual", "informal": "casual", "conversational": "casual",
    "relaxed": "casual", "friendly": "friendly", "warm": "friendly", "upbeat": "friendly",
    "professional": "professional", "businesslike": "professional",
}  # fmt: skip
_ZH_TONE_WORDS = "|".join(sorted(_TONES_ZH, key=len, reverse=True))
_EN_TONE_WORDS = "|".join(sorted(_TONES_EN, key=len, reverse=True))
_ZH_TONE = re.compile(
    rf"(?:语气|口吻|风格|文风|语调|调性)(?:上)?(?:要|要求|请|尽量|保持|偏|需要|得)?(?:更|比较|稍微|一点|些|)?"
    rf"(?:加)?(?P<t1>{_ZH_TONE_WORDS})|(?P<t2>{_ZH_TONE_WORDS})(?:一点|一些|点|些)?(?:的|地|点的)?\s*"
    rf"(?:语气|口吻|风格|文风|语调)|(?:写得|说得|改得|更|稍微|尽量|要|显得|保持)(?P<t3>{_ZH_TONE_WORDS})"
    rf"|(?P<t4>{_ZH_TONE_WORDS})(?:一点|一些|点儿?)(?![的地]?(?:问题|内容))"
    rf"|(?P<t5>{_ZH_TONE_WORDS})(?:一点|一些)?的(?=邮件|信|邀请函|通知|公告|回复|文案|致辞|演讲稿|道歉|感谢|发言"
    rf"|开场白|消息|话|说明|声明|介绍)"
)
_EN_TONE = re.compile(
    rf"\b(?:in\s+an?|with\s+an?|use\s+an?|keep\s+(?:it|the\s+tone|things)|make\s+it(?:\s+sound)?"
    rf"|sound|sounding|tone\s*(?:should\s+be|:|-)?|more|be|stay|a\s+bit\s+more|slightly)\s+"
    rf"(?:more\s+|very\s+|really\s+|fairly\s+)?(?P<t1>{_EN_TONE_WORDS})\b"
    rf"|\b(?P<t2>{_EN_TONE_WORDS})\s+(?:tone|voice|style|register)\b"
    rf"|\b(?:a|an)\s+(?P<t3>{_EN_TONE_WORDS})\s+(?:[a-z-]+\s+)?(?:email|letter|message|reply|note|post|speech|toast"
    rf"|poem|story|announcement|invitation)\b|\bless\s+(?P<less>formal|serious|stiff)\b",
    re.I,
)

_QUOTE = r"[“\"「『‘'](?P<term>[^”\"」』’']{1,40})[”\"」』’']"
_ZH_EXCLUDE = re.compile(
    r"(?:不要|别|不能|不得|避免|禁止|不许|请勿|千万别|不准|去掉|别用|不要用|不要再用)"
    r"(?:使用|出现|用|提到|提及|包含|写|带|加|说)?(?:到)?\s*(?P<rest>.{0,60})"
)
_ZH_INCLUDE = re.compile(
    r"(?:必须|一定要|务必|需要|要|记得|请|别忘了)(?:包含|包括|带上|提到|提及|出现|用上|含有|加上|写上|带有|体现)"
    r"\s*(?P<rest>.{0,60})"
)
_EN_EXCLUDE = re.compile(
    r"\b(?:don'?t|do\s+not|never|avoid|without|no)\s+(?:use\s+|using\s+|mention\s+|mentioning\s+"
    r"|include\s+|including\s+|say\s+|saying\s+|write\s+)?(?:the\s+)?(?:words?|terms?|phrases?)?\s*"
    r"(?P<rest>.{0,80})",
    re.I,
)
_EN_INCLUDE = re.compile(
    r"\b(?:must|should|make\s+sure\s+(?:to|it|you)|be\s+sure\s+to|remember\s+to|please)\s+"
    r"(?:include|mention|contain|use|has|have|includes|mentions|contains)\s+(?:the\s+)?"
    r"(?:words?|terms?|phrases?|keywords?|names?)?\s*(?P<rest>.{0,80})|\binclude\s+the\s+"
    r"(?:words?|phrases?|keywords?|terms?)\s+(?P<rest2>.{0,80})",
    re.I,
)
_QUOTED_TERM = re.compile(_QUOTE)
_ZH_UNQUOTED_TERM = re.compile(
    r"^(?P<term>[\w\u4e00-\u9fff]{1,10}?)(?:这个词|这个字眼|这种词|一词|字样|这个说法)"
)
_EN_UNQUOTED_TERM = re.compile(r"^(?P<term>[A-Za-z][\w-]{1,30})\b")
_LIST_GLUE = re.compile(r"^\s*(?:[,、，/]|和|或|及|以及|与|and|or)?\s*$", re.I)


def _num(text: str | None) -> int | None:
    return parse_number(re.sub(r"\s+", " ", text)) if text else None


def _near(
    pattern: re.Pattern[str], text: str, start: int, end: int, *, before: int, after: int
) -> bool:
    return bool(pattern.search(text[max(0, start - before) : min(len(text), end + after)]))


@dataclass(slots=True)
class Quantities:
    """Counts as ``(kind, value)`` and lengths as ``(scope, value, position, unit)``.

    ``kind`` is ``max``, ``min`` or ``exact``; ``scope`` is ``max`` (per item or whole
    output), ``min`` or ``total``.
    """

    counts: list[tuple[str, int]] = field(default_factory=list)
    lengths: list[tuple[str, int, int, LengthUnit | None]] = field(default_factory=list)


def _kind(
    pre: str | None,
    post: str | None,
    *,
    max_words: str,
    min_words: str,
    after_max: str,
    after_min: str,
) -> str | None:
    """``max``, ``min``, ``exact`` or None (approximate)."""
    pre = (pre or "").lower().strip()
    post = (post or "").lower().strip()
    if post and re.fullmatch(_ZH_APPROX, post):
        return None
    if pre and re.fullmatch(max_words, pre, re.I):
        return "max"
    if pre and re.fullmatch(min_words, pre, re.I):
        return "min"
    if post and re.fullmatch(after_max, post, re.I):
        return "max"
    if post and re.fullmatch(after_min, post, re.I):
        return "min"
    return "exact"


def _zh_kind(pre: str | None, post: str | None, *, extra_max: str = "") -> str | None:
    return _kind(
        pre,
        post,
        max_words=_ZH_MAX + extra_max,
        min_words=_ZH_MIN,
        after_max=_ZH_AFTER_MAX,
        after_min=_ZH_AFTER_MIN,
    )


def _en_kind(pre: str) -> str:
    kind = _kind(pre, None, max_words=_EN_MAX, min_words=_EN_MIN, after_max="$^", after_min="$^")
    return kind or "exact"


def _zh_counts(text: str, draft: Quantities) -> None:
    for m in _ZH_COUNT.finditer(text):
        if m.group("approx1") or _ZH_REFERS_TO_INPUT.search(text[: m.start("num")]):
            continue  # 第3条 / 这两款手机 name existing things, not the output
        value, upper = _num(m.group("num")), _num(m.group("num2"))
        if value is None:
            continue
        kind = _zh_kind(m.group("pre"), m.group("post"))
        if kind is None:
            continue
        pre = m.group("pre") or ""
        # One item counts only when stressed: 只要一个, 用一句话, 概括成一段 (not 合并成一个).
        stressed = (
            pre in {"只要", "只需", "只需要", "仅", "仅需", "只"}
            or kind == "max"
            or (pre in {"用", "以", "成", "为"} and m.group("cls") in _ZH_TEXT_UNITS)
        )
        if upper is not None:
            draft.counts += [("min", value), ("max", upper)]
        elif value == 1 and not stressed:
            continue  # 写一个函数: one item is not a stated condition
        elif (pre in {"分", "列"} and kind == "exact") or pre in {"用", "以", "成", "为"}:
            draft.counts.append(("max", value))
        else:
            draft.counts.append((kind, value))


def _zh_lengths(text: str, draft: Quantities) -> None:
    for m in _ZH_LENGTH.finditer(text):
        if m.group("approx1") or _ZH_REFERS_TO_INPUT.search(text[: m.start("num")]):
            continue
        value, upper = _num(m.group("num")), _num(m.group("num2"))
        if value is None:
            continue
        kind = _zh_kind(m.group("pre"), m.group("post"))
        if kind is None:
            continue
        unit: LengthUnit | None = "words" if m.group("unit") in {"词", "单词"} else None
        scope = _length_scope(text, m.start(), m.end(), "zh")
        if upper is not None:
            draft.lengths += [("min", value, m.start(), unit), ("max", upper, m.start(), unit)]
        else:
            draft.lengths.append((scope if kind != "min" else "min", value, m.start(), unit))
    for m in _ZH_WORD_COUNT.finditer(text):
        value = _num(m.group("num"))
        if value is None or any(start == m.start("num") for _, _, start, _ in draft.lengths):
            continue
        if any(abs(start - m.start("num")) <= 4 for _, _, start, _ in draft.lengths):
            continue
        kind = _zh_kind(m.group("pre"), m.group("post"), extra_max="|在")
        if kind is None:
            continue
        unit = "words" if (m.group("unit") or "") in {"词", "单词"} else None
        scope = _length_scope(text, m.start(), m.end(), "zh")
        draft.lengths.append(("min" if kind == "min" else scope, value, m.start(), unit))


def _length_scope(text: str, start: int, end: int, lang: str) -> str:
    """``total`` when the length is stated for the whole output, else ``max`` (per item)."""
    total = _ZH_TOTAL if lang == "zh" else _EN_TOTAL
    per_item = _ZH_PER_ITEM if lang == "zh" else _EN_PER_ITEM
    zh = lang == "zh"
    if _near(per_item, text, start, end, before=8 if zh else 25, after=2 if zh else 20):
        return "max"
    return "total" if _near(total, text, start, end, before=12, after=10) else "max"


def _en_counts(text: str, draft: Quantities) -> None:
    found: list[tuple[int, int]] = []
    for m in _EN_BETWEEN.finditer(text):
        low, high = _num(m.group("num")), _num(m.group("num2"))
        if low is not None and high is not None and _item_noun(m.group("noun")):
            draft.counts += [("min", low), ("max", high)]
            found.append((m.start(), m.end()))
    for m in _EN_COUNT.finditer(text):
        if any(s <= m.start() < e for s, e in found):
            continue
        before = text[: m.start()]
        if m.group("approx1") or _EN_ORDINAL_BEFORE.search(before):
            continue
        if not m.group("pre") and _EN_REFERS_TO_INPUT.search(before):
            continue  # "fix the 3 failing tests" names existing things, not the output
        raw = m.group("num")
        value, upper = _num(raw), _num(m.group("num2"))
        if value is None or (raw.isdigit() and len(raw) == 4 and 1900 <= value <= 2100):
            continue
        noun = _item_noun(m.group("noun"), singular=value == 1)
        if noun is None:
            continue
        pre = re.sub(r"\s+", " ", (m.group("pre") or "").lower())
        kind = _en_kind(pre)
        if pre in {"more than", "over"}:
            value, kind = value + 1, "min"
        if upper is not None:
            draft.counts += [("min", value), ("max", upper)]
        elif (
            value == 1
            and pre not in {"only", "just", "exactly", "a single", "in", "into", "as", "to"}
            and kind != "max"
        ):
            continue
        else:
            draft.counts.append((kind, value))


def _item_noun(noun_text: str | None, *, singular: bool = False) -> str | None:
    """The counted noun after a number: the first plural within three words (any noun for 1)."""
    if not noun_text:
        return None
    for word in noun_text.split():
        low = word.lower().strip("'")
        if low in _EN_ITEM_NOUN_BLACKLIST or re.fullmatch(_EN_NOT_ITEMS, low, re.I):
            return None
        if (
            singular
            or (low.endswith("s") and not low.endswith("ss"))
            or low in {"people", "children"}
        ):
            return low
    return None


def _en_lengths(text: str, draft: Quantities) -> None:
    for m in _EN_BETWEEN_LENGTH.finditer(text):
        low, high = _num(m.group("num")), _num(m.group("num2"))
        if low is not None and high is not None:
            unit = _en_unit(m.group("unit"))
            draft.lengths += [("min", low, m.start(), unit), ("max", high, m.start(), unit)]
    for m in _EN_LENGTH.finditer(text):
        if m.group("approx1") or any(
            start <= m.start("num") <= start + 30 for _, _, start, _ in draft.lengths
        ):
            continue
        value, upper = _num(m.group("num")), _num(m.group("num2"))
        if value is None:
            continue
        pre = re.sub(r"\s+", " ", (m.group("pre") or "").lower())
        post = re.sub(r"\s+", " ", (m.group("post") or "").lower()).strip()
        if post in {"or more", "minimum", "at least"}:
            kind = "min"
        elif post:
            kind = "max"
        else:
            kind = _en_kind(pre)
        unit = _en_unit(m.group("unit"))
        if upper is not None:
            draft.lengths += [("min", value, m.start(), unit), ("max", upper, m.start(), unit)]
            continue
        scope = _length_scope(text, m.start(), m.end(), "en")
        draft.lengths.append(("min" if kind == "min" else scope, value, m.start(), unit))
    for m in _EN_WORD_LIMIT.finditer(text):
        value = _num(m.group("num"))
        if value is not None and not draft.lengths:
            draft.lengths.append(("max", value, m.start(), None))


def _en_unit(unit: str) -> LengthUnit | None:
    return "chars" if unit.lower().startswith(("char", "letter")) else None


def find_language(text: str, lang: str) -> str | None:
    """The language the output must be in (a translation's target language first)."""
    if lang == "zh":
        m = _ZH_LANGUAGE_PAIR.search(text)
        if m:
            return _PAIRS[m.group("pair")]
        targets = list(_ZH_LANGUAGE_TARGET.finditer(text))
        if targets:
            return _LANGS_ZH[targets[-1].group("lang")]
        m = _ZH_LANGUAGE_USE.search(text)
        if m:
            return _LANGS_ZH[m.group("lang") or m.group("lang2") or m.group("lang3")]
    for m in _EN_LANGUAGE_TARGET.finditer(text):
        name = m.group("lang") or m.group("lang2") or m.group("lang3")
        if _EN_FROM_LANGUAGE.search(text[: m.end()]):
            continue
        return _LANGS_EN[re.sub(r"\s+", " ", name.lower())]
    if lang != "zh":
        m = _ZH_LANGUAGE_TARGET.search(text) or _ZH_LANGUAGE_USE.search(text)
        if m:
            return _LANGS_ZH[next(g for g in m.groups() if g)]
    return None


def find_format(text: str) -> str | None:
    """The output format asked for (bullet, numbered, table, json, markdown, plain, code)."""
    for name, pattern in _FORMATS:
        if pattern.search(text):
            return name
    return None


def find_tone(text: str, lang: str) -> str | None:
    """The tone asked for, if any (formal, casual, polite, humorous, friendly, professional)."""
    if lang == "zh":
        m = _ZH_TONE.search(text)
        if m:
            word = next(g for g in m.groups() if g)
            return _TONES_ZH[word]
    m = _EN_TONE.search(text)
    if m:
        if m.group("less"):
            return "casual"
        word = (m.group("t1") or m.group("t2") or m.group("t3")).lower()
        return _TONES_EN[word]
    return None


def _terms(rest: str, zh: bool) -> list[str]:
    terms: list[str] = []
    position = 0
    for m in _QUOTED_TERM.finditer(rest):
        if terms and not _LIST_GLUE.match(rest[position : m.start()]):
            break
        if not terms and m.start() > 6:
            break
        terms.append(m.group("term").strip())
        position = m.end()
    if terms:
        return [t for t in terms if t]
    unquoted = (_ZH_UNQUOTED_TERM if zh else _EN_UNQUOTED_TERM).match(rest.strip())
    if unquoted and zh:
        return [unquoted.group("term")]
    return []


def find_terms(text: str) -> tuple[list[str], list[str]]:
    """Quoted terms the output must contain and must not contain."""
    include: list[str] = []
    exclude: list[str] = []
    for pattern, bucket in ((_ZH_EXCLUDE, exclude), (_EN_EXCLUDE, exclude)):
        for m in pattern.finditer(text):
            for term in _terms(m.group("rest"), pattern is _ZH_EXCLUDE):
                if term not in bucket:
                    bucket.append(term)
    for pattern in (_ZH_INCLUDE, _EN_INCLUDE):
        for m in pattern.finditer(text):
            rest = (
                m.group("rest")
                if "rest2" not in pattern.groupindex
                else (m.group("rest") or m.group("rest2"))
            )
            for term in _terms(rest or "", pattern is _ZH_INCLUDE):
                if term not in include and term not in exclude:
                    include.append(term)
    return include, exclude


def find_quantities(text: str, lang: str) -> Quantities:
    """Every count and length stated in ``text`` (Chinese rules too when it has Han)."""
    found = Quantities()
    if lang == "zh" or re.search(r"[\u4e00-\u9fff]", text):
        _zh_lengths(text, found)
        _zh_counts(text, found)
    _en_lengths(text, found)
    _en_counts(text, found)
    return found
