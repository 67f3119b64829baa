"""The ``identity`` gate: an identity must say what the memory is *about*.

The stable key is built from the identity, so an identity that is empty, or whose
subject or facet is made only of filler words (用户, 我, 记住, 以后, 一下, 请, 偏好, 喜欢,
总是, remember, the user, always, please, preference, something, stuff, …), would key
unrelated memories together. Comparison ignores case, whitespace and punctuation.
Filler *inside* a real phrase is fine: "用户界面" (user interface) and "user research"
are subjects.

>>> from memory_plugins.candidate import Identity
>>> find_identity_problem(Identity(subject="记住 用户偏好"))
'identity.subject is only filler words'
>>> find_identity_problem(Identity(subject="user research")) is None
True
"""

import re
import unicodedata

from memory_plugins.candidate import Identity

__all__ = ["find_identity_problem"]

_ZH_FILLER_WORDS = """
    用户们 用户 使用者 我们 我的 我 你们 你 您 他 她 它 记住 记得 记下 记一下 请记住 牢记
    以后 今后 之后 往后 将来 每次 总是 一直 始终 永远 经常 通常 一下 请 麻烦 帮我 帮忙 给我
    偏好 喜好 爱好 喜欢 爱 不喜欢 讨厌 不要 别 希望 想要 想 要 需要 习惯 东西 事情 事 内容 信息
    这个 那个 这些 那些 这 那 某 什么 的 地 得 了 着 吧 呢 啊 呀 哦 嗯 吗 也 都 就 还 和 与 及
    是 有 在 对 把 被
"""
_EN_FILLER_WORDS = """
    the a an user users me my i you your we our this that these those
    remember remembers remembered memorize memorise always usually often never forever
    from now on in future later please kindly preference preferences prefer prefers
    preferred like likes liked love loves want wants wish dislike dislikes hate hates
    avoid avoids something anything thing things stuff whatever etc
    to of for about with and or is are be
"""
# Chinese has no spaces, so filler is cut out of the string (longest first); the rest is content.
_ZH_FILLER = re.compile(
    "|".join(map(re.escape, sorted(_ZH_FILLER_WORDS.split(), key=len, reverse=True)))
)
_EN_FILLER = frozenset(_EN_FILLER_WORDS.split())
_WORD = re.compile(r"[^\W_]+")
_POSSESSIVE = re.compile(r"['’]s\b")


def _only_filler(part: str) -> bool:
    text = part.casefold()
    if not text.isascii():
        text = _ZH_FILLER.sub(" ", unicodedata.normalize("NFKC", text))
    if "'" in text or "’" in text:
        text = _POSSESSIVE.sub("", text)
    words = _WORD.findall(text)
    if not words and _meaningful(text):  # only emoji left: no filler word in it
        return False
    return all(word in _EN_FILLER for word in words)


def _meaningful(part: str) -> bool:
    # A word, or an emoji / pictographic symbol (``So``): "🍵" names a thing.
    return _WORD.search(part) is not None or any(unicodedata.category(c) == "So" for c in part)


def find_identity_problem(identity: Identity) -> str | None:
    """Return why ``identity`` cannot key a memory, or None when it can.

    >>> from memory_plugins.candidate import Identity
    >>> find_identity_problem(Identity(polarity="prefer"))
    'identity is empty'
    >>> find_identity_problem(Identity(subject="用户界面", facet="深色模式")) is None
    True
    """
    subject = (identity.subject or "").strip()
    facet = (identity.facet or "").strip()
    if not _meaningful(subject) and not _meaningful(facet):
        return "identity is empty"
    if subject and _only_filler(subject):
        return "identity.subject is only filler words"
    if facet and _only_filler(facet):
        return "identity.facet is only filler words"
    return None
