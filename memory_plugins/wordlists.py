"""Built-in bilingual word lists of the scorer: common words and self-context cues.

These are values, the defaults of :class:`~memory_plugins.config.RecallConfig` (override
them there); :class:`~memory_plugins.recall.query.Lexicon` is the type the scorer builds
from them. They are data, not domain knowledge: the scorer never maps topics to keywords,
it only refuses to let chat filler ("喜欢", "一下", "the", "please") decide recall, and
lets a user ask about their own background ("do you know my job?").

>>> "喜欢" in COMMON_WORDS and "the" in COMMON_WORDS and "乌龙茶" not in COMMON_WORDS
True
"""

import json
from importlib import resources

__all__ = [
    "ALIASES",
    "COMMON_WORDS",
    "FACT_QUESTION_MARKERS",
    "MENTION_MARKERS",
    "OWNER_WORDS",
    "REQUEST_MARKERS",
    "SELF_CONTEXT_CUES",
    "SELF_REFERENCES",
]


def _load_aliases() -> tuple[tuple[str, ...], ...]:
    data = json.loads(resources.files(__package__).joinpath("aliases.json").read_text("utf-8"))
    return tuple(tuple(group) for group in data["groups"])


ALIASES: tuple[tuple[str, ...], ...] = _load_aliases()
"""Groups of equivalent names (``TS``/``TypeScript``, ``数据库``/``database``): a query using
one name is matched as if it used every name of its group. Names, never topics."""

# Single CJK characters that are grammar, not content: they never start, end or sit
# inside a phrase that counts. Kept short on purpose: 一/会/能/在/过 are left out because
# they carry content in 一年级, 会议, 性能, 在线, 过敏 (their function uses are words below).
_CJK_FUNCTION_CHARS = "的了吗呢啊呀哦嘛么是我你您他她它们这那哪也都很太把被又就"

_CJK_COMMON = """
用户 喜欢 不喜欢 爱好 一下 可以 可不可以 以后 以前 之前 之后 什么 怎么 怎么样 怎样 如何
为什么 为啥 哪些 哪个 哪里 哪儿 这个 那个 这些 那些 这样 那样 一个 一些 一点 一款 一部
一本 一种 一次 有点 有些 有没有 有哪些 有什么 没有 还有 还是 可能 应该 需要 想要 希望 能不能
会不会 是不是 要不要 好不好 对不对 帮我 帮忙 帮助 麻烦 请问 请你 告诉 知道 觉得 记得 记住
现在 今天 明天 昨天 时候 最近 问题 东西 事情 方面 我们 你们 他们 我的 你的 自己 大家 然后
但是 因为 所以 如果 虽然 而且 或者 就是 不是 只是 已经 一直 总是 非常 特别 比较 真的 一样
怎么办 推荐 介绍 给我 让我 我想 我要 关于 以及 其他 其实 比如 例如 所有 每个 一般 通常 谢谢
你好 您好 好的 好吧 可是 不过 的话 说说 讲讲 看看 聊聊 试试 多少 几个 内容 信息 情况 感觉
最好 其中 能否 是否 随便 一起 这里 那里 这么 那么 多么 看一下 说一下 讲一下 帮忙看看
不要 不用 不能 不会 不想 不行 使用 必须 一定 经常 平时 有时 每次 早上好 下午好 晚上好 早安 晚安
再见
"""

_EN_COMMON = """
a an the and or but if then than so as of to in on at by for with about from into onto
over under up down out off again is are was were be been being am do does did done doing
have has had having can could will would shall should may might must i me my mine myself
you your yours yourself we us our ours they them their theirs he him his she her hers it
its itself this that these those there here what which who whom whose when where why how
not no nor yes very just also too only even still some any all each every both either
neither other another such same own more most much many few less least one ones lot lots
bit please thanks thank hi hello hey ok okay sure user users user's like likes liked liking
prefer prefers preferred preferring preference preferences want wants wanted wanting need
needs needed help helps helped work works worked working tell tells told know knows knew known think thinks thought
give gives gave given make makes made making get gets got getting let lets let's use uses
used using always never usually often sometimes really actually maybe perhaps well good
better best great nice new thing things something anything everything nothing stuff way
ways kind sort today tomorrow yesterday now later soon ever someone anyone anybody question
questions answer answers say says said see sees saw look looks go goes going went come
comes came take takes took try tries tried wanna gonna i'm i've i'd i'll you're you've
it's that's what's don't doesn't didn't can't won't isn't aren't wasn't remember
remembers recall recommend recommends suggest suggests idea ideas tip tips stuff via per
"""

# Chit-chat openers: their words are common only together, at the start of a query.
_EN_PHRASES = (
    "good morning",
    "good afternoon",
    "good evening",
    "good night",
    "thank you",
    "see you",
    "how are you",
    "what's up",
)

COMMON_WORDS: frozenset[str] = frozenset(
    _CJK_COMMON.split() + list(_CJK_FUNCTION_CHARS) + _EN_COMMON.split() + list(_EN_PHRASES)
)
"""Words, phrases and CJK characters that never select a record on their own."""


def _split(cues: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in cues.split(","))


SELF_REFERENCES: frozenset[str] = frozenset({"我", "i", "me", "my", "mine", "myself", "i'm"})
"""First-person markers: a self-context cue only counts in a query that has one."""

OWNER_WORDS: frozenset[str] = frozenset({"my"})
"""English possessives whose next word names the user's own thing ("my knee", "my thesis"):
what a memory about the user is about, so a shared word there is a term, not a word in
passing. Chinese needs no such list: its shared phrases already weigh as terms."""

SELF_CONTEXT_CUES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (  # occupation
        _split(
            "job, my work, occupation, profession, career, for a living, 工作, 职业, 做什么的, "
            "干什么的, 哪行, 行业, 岗位, 职位"
        ),
        _split(
            "job, works as, work as, engineer, developer, programmer, designer, teacher, "
            "professor, doctor, nurse, lawyer, accountant, manager, student, researcher, "
            "scientist, analyst, consultant, writer, 工作, 从事, 职业, 岗位, 工程师, 开发, "
            "程序员, 设计师, 老师, 教师, 医生, 护士, 律师, 会计, 经理, 学生, 研究员, 分析师, 顾问"
        ),
    ),
    (  # where the user lives
        _split("live, hometown, city, 住在, 住哪, 住的, 城市, 哪里人, 家乡, 老家"),
        _split("live, based in, hometown, city, 住在, 居住, 常住, 定居, 城市, 家乡, 老家, 常驻"),
    ),
    (  # education
        _split(
            "study, studying, school, university, college, major, degree, 学校, 大学, 专业, "
            "学历, 读书, 在读"
        ),
        _split(
            "study, studies, student, school, university, college, major, degree, 学校, 大学, "
            "专业, 学历, 学生, 在读, 毕业"
        ),
    ),
)
"""Per facet of a user's background: (query cues, record cues).

A ``stable_user_context`` record scores the self-context weight when a first-person
query names a facet ("do you know my job?") and the record carries one of that facet's
record cues ("engineer"). This is the limited phrase overlap S5 allows that type.
"""


FACT_QUESTION_MARKERS: tuple[str, ...] = _split(
    "为什么, 为啥, 什么意思, 是什么, 是啥, 什么时候, 何时, 哪一年, 哪年, 多高, 多长, 多远, 多重, "
    "多大了, 有什么区别, 什么区别, 区别是, 是谁, 谁发明, 怎么来的, 由来, 原理, 定义, "
    "星期几, 周几, 哪里人, 哪国人, 从哪, 是一种什么, 几点, 几月, 几号, "
    "what is, what are, what's, what was, what were, what does, why, when did, when was, "
    "when is, who is, who was, who invented, where is, where are, where was, where were, "
    "where did, where does, where do, how tall, how high, how old, how many, "
    "what year, which year, what country, which country, "
    "how far, how long, how heavy, difference between, meaning of, history of, definition of, "
    "what time, 同一个东西, 一回事, same thing as"
)
"""Interrogatives of a question about the world (what, why, when, who, how tall): a
memory about the user's tastes rarely belongs in its answer (see :data:`REQUEST_MARKERS`)."""

REQUEST_MARKERS: tuple[str, ...] = _split(
    "推荐, 建议, 帮我, 给我, 替我, 我想, 我要, 我该, 应该, 适合, 选哪, 选什么, 计划, 安排, 怎么办, "
    "哪个好, 哪家, 能不能, 可以吗, 讲讲, 解释, 写, 订, 买, 做个, 规划, 准备, 攻略, "
    "recommend, suggest, should, help, can you, could you, plan, pick, choose, explain, "
    "write, book, ideas, advice, tips, which one, best, for me"
)
"""What turns a question into a request the user's memories shape (a recommendation, a
choice, a plan, an explanation, a text to write): a question with one of these, or
speaking of the user (a first-person marker), is not a question about the world."""

CHOICE_MARKERS: tuple[str, ...] = _split(
    "区别, 差别, 不同, 哪个, 哪种, 还是, 比较, 对比, 更好, 最好, "
    "difference, differences, vs, versus, compare, better, good, which"
)
"""What makes a question about the world a choice between things (a comparison, a good or
better one): a memory about one of them may decide it, however few words they share."""

SELECTING_MARKERS: frozenset[str] = frozenset(
    {"哪个", "哪种", "还是", "更好", "最好", "better", "good", "which"}
)
"""The choice markers that ask for one of several or a good one rather than compare: in a
question about a word they ask which language or sense it comes from, or are the word."""

SITUATION_MARKERS: tuple[str, ...] = _split(
    "这个, 这些, 这段, 这份, 这篇, 这句, 这张, 这次, this, these"
)
"""Demonstratives: they tie a question to the user's own situation (this call, this file,
this weekend), as a first-person marker does."""

MENTION_MARKERS: tuple[str, ...] = _split(
    "什么意思, 啥意思, 怎么说, 怎么翻译, 的意思, 含义, 缩写, 词源, 读音, 怎么念, "
    "这个词, 这个字, 这个单词, 这个英文词, 这个英文单词, 这个中文词, 这个名字, 这个叫法, "
    "这个说法, 这个称呼, 这个名称, 这个成语, 这个术语, "
    "mean, means, meaning, stand for, stands for, how do you say, how to say, "
    "how do you spell, how to spell, how do you pronounce, how to pronounce, abbreviation, "
    "etymology, the word, the term, this word, this name, this term, this phrase, "
    "origin of the word, origin of the name, origin of the term"
)
"""What makes a question about a word itself: its meaning, its translation, how it is
said, spelt or pronounced, where it comes from, or the word pointed at as a word ("this
name", "这个叫法"). The word is mentioned, not used ("What does ETA mean?", "“日报”用英文
怎么说？", "“多肉”这个叫法是从哪来的？"): a memory that shares only that word is not what
the question is about. A demonstrative inside such a marker points at the word, not at the
user's situation (:data:`SITUATION_MARKERS`)."""
