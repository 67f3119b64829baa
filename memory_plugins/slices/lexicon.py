"""Action words of both languages: the verbs, request shapes and action nouns behind anchors.

Strength orders competing cues in one utterance: an imperative verb (3) beats a
question shape such as ``是什么意思`` (2), which beats a vague ``看看`` (1); an action
noun right after a generic verb (``写个总结``, ``give me a summary``) beats that verb
(3.5). Chinese verbs that are also common nouns (``总结``, ``翻译``, ``测试``) are only
trusted once jieba tags them as verbs (the spaCy stage).

>>> ZH_VERBS[IntentAction.TRANSLATE][:3]
('翻译一下', '翻译成', '翻译为')
>>> EN_VERBS["proofread"]
<IntentAction.VERIFY: 'verify'>
"""

from memory_plugins.slices.actions import IntentAction

__all__ = [
    "EN_FRAME_WORDS",
    "EN_NOUN_CUES",
    "EN_OTHER_VERBS",
    "EN_PHRASES",
    "EN_SHAPES",
    "EN_VERBS",
    "EN_WEAK",
    "ZH_LANGUAGE_WORDS",
    "ZH_POS_VERBS",
    "ZH_SHAPES",
    "ZH_VERBS",
    "ZH_WEAK",
    "english_forms",
    "word_set",
]


def word_set(text: str) -> frozenset[str]:
    """The space-separated words of ``text``: keeps word tables compact and readable."""
    return frozenset(text.split())


A = IntentAction

ZH_VERBS: dict[IntentAction, tuple[str, ...]] = {
    A.MODIFY: (
        "修改", "改一下", "改下", "改改", "改一改", "改成", "改为", "改写", "重写", "改进", "改善", "更改",
        "改变", "改", "优化", "润色", "调整", "调一下", "完善", "精简", "简化", "缩短", "缩减", "删减",
        "压缩", "扩写", "扩充", "扩展", "丰富一下", "修正", "纠正", "更正", "修订", "订正", "更新", "替换",
        "换成", "换个", "换一个", "换一下", "换种", "修复", "修一下", "修好", "重构", "整理", "格式化",
        "美化", "转成", "转换成", "转为", "转换为", "变成", "降重", "改短", "改长", "提升一下", "加强",
        "强化", "补充", "打磨", "调试", "重新写", "重做", "再写一遍", "重新组织", "通顺一下", "理顺",
        "去重", "合并", "拆分", "拆成", "排序", "统一一下", "统一成", "统一",
    ),
    A.GENERATE: (
        "生成", "写", "撰写", "编写", "起草", "草拟", "拟一个", "拟一份", "拟个", "拟定", "拟写", "创建",
        "新建", "创作", "设计一个", "设计一份", "设计个", "帮我设计", "出几个", "出一个", "出个", "出一份",
        "出一套", "出几道", "出一道", "想几个", "想一个", "想个", "想一些", "起个", "取个", "起一个",
        "取一个", "起几个", "取几个", "来一个", "来几个", "来个", "来一份", "来一段", "来一首", "来一篇",
        "来点", "做一个", "做个", "做一份", "做份", "制作", "编一个", "编个", "编一段", "列出", "列一个",
        "列个", "列一份", "列几个", "准备一份", "准备一个", "准备一些", "构思", "策划一个", "画一个",
        "画个", "画一张", "实现一个", "实现个", "帮我实现", "开发一个", "搭建一个", "搭一个", "添加",
        "加上", "加个", "加一个", "加几个", "加一些", "增加", "新增", "补写", "推荐几个", "推荐一个",
        "推荐一些", "推荐个", "提供几个", "提供一个", "提供一些", "提供一份", "给出", "回一封", "回复一下",
        "帮我回复", "产出", "写出", "加点", "加些", "加一点", "补上", "整一个", "搞一个", "弄一个", "再来一", "造几个", "造一个",
    ),
    A.VERIFY: (
        "检查", "审核", "审查", "审阅", "核对", "核查", "校对", "验证", "校验", "确认一下", "排查", "评估",
        "评审", "把关", "挑毛病", "挑挑毛病", "找茬", "测试一下", "测一下", "测试下", "帮我测试", "测试这",
        "测试那", "测试它", "检测", "过一遍", "批改", "复查", "复核", "质检", "看看对不对", "审一下",
        "review一下", "走查", "跑一下", "跑一遍", "诊断",
    ),
    A.TRANSLATE: (
        "翻译一下", "翻译成", "翻译为", "帮我翻译", "翻译这", "翻译那", "翻译下", "翻译以下", "翻译下面",
        "请翻译", "翻成", "译成", "译为", "英译中", "中译英", "汉译英", "英译汉", "中译日", "翻一下",
        "译一下",
    ),
    A.SUMMARIZE: (
        "总结一下", "总结下", "帮我总结", "总结这", "总结成", "总结出", "请总结", "总结", "概括", "归纳", "提炼",
        "摘要一下", "概述", "简述", "提取要点", "提取关键", "汇总", "缩写成", "浓缩", "精简成", "省流",
        "梳理一下", "梳理",
    ),
    A.EXPLAIN: (
        "解释", "讲解", "讲讲", "讲一下", "讲下", "说说", "说一下", "说明一下", "介绍一下", "介绍下",
        "科普", "分析一下", "分析下", "帮我分析", "解读", "解析", "阐述", "阐明", "教我", "教教我",
    ),
    A.DELETE: (
        "删除", "删掉", "删了", "删去", "删", "去掉", "去除", "移除", "拿掉", "清除", "清空", "剔除",
        "砍掉", "干掉", "不要了",
    ),
    A.COMPARE: ("比较", "对比", "比一比", "比一下", "比对", "对照一下", "比较一下"),
    A.SEARCH: (
        "搜索", "搜一下", "搜搜", "搜", "查找", "查一下", "查查", "查下", "帮我查", "检索", "找一下",
        "找找", "帮我找", "找出", "找到", "找个", "找一个", "找几", "找些", "找一些", "查询一下", "查阅",
        "查看", "搜集", "收集一下", "定位", "提取", "抽取",
    ),
}  # fmt: skip
"""Verbs trusted wherever they appear (not negated, not narrated)."""

ZH_POS_VERBS: dict[str, IntentAction] = {
    "总结": A.SUMMARIZE,
    "翻译": A.TRANSLATE,
    "测试": A.VERIFY,
    "说明": A.EXPLAIN,
    "介绍": A.EXPLAIN,
    "设计": A.GENERATE,
    "分析": A.EXPLAIN,
    "实现": A.GENERATE,
    "开发": A.GENERATE,
    "推荐": A.GENERATE,
    "提供": A.GENERATE,
    "准备": A.GENERATE,
    "画": A.GENERATE,
    "出": A.GENERATE,
    "做": A.GENERATE,
    "编": A.GENERATE,
    "拟": A.GENERATE,
    "查": A.SEARCH,
    "找": A.SEARCH,
    "回复": A.GENERATE,
    "答复": A.GENERATE,
    "审": A.VERIFY,
    "看": A.VERIFY,
    "换": A.MODIFY,
    "加": A.GENERATE,
    "列": A.GENERATE,
    "概括": A.SUMMARIZE,
}
"""Verbs that are also nouns or too short to trust: counted only when tagged as verbs."""

ZH_LANGUAGE_WORDS = (
    "中文|汉语|简体中文|繁体中文|普通话|英文|英语|日文|日语|韩文|韩语|法文|法语|德文|德语|西班牙语|西班牙文"
    "|俄语|俄文|葡萄牙语|意大利语|粤语|文言文"
)

_ZN = r"(?:[一二两三四五六七八九十几\d]+)"
_ZCLS = r"(?:个|条|份|篇|首|封|种|套|句|段|道|款|组|版)"

ZH_SHAPES: tuple[tuple[str, IntentAction, float], ...] = (
    # Action nouns after a generic verb: the noun says what is wanted.
    (r"(?:写|做|出|给|来|生成|整理|输出|提供|列|归纳|浓缩)(?:我)?(?:成)?(?:一|几)?(?:个|份|段|篇|下|点|条)?"
     r"(?:简短的|简单的|详细的|完整的|简要的)?(?:总结|摘要|概要|梗概|小结|概述|要点)", A.SUMMARIZE, 3.5),
    (r"(?:做|出|给|来)(?:我)?(?:一)?(?:个|份)?(?:对比|比较)", A.COMPARE, 3.5),
    (r"(?:给|做|出)(?:我)?(?:一)?(?:个|份)?(?:详细的|简单的)?(?:解释|讲解)", A.EXPLAIN, 3.5),
    (rf"(?:改|转|换|写|变|翻)成(?:{ZH_LANGUAGE_WORDS})", A.TRANSLATE, 3.5),
    (rf"(?:用|拿)?(?:{ZH_LANGUAGE_WORDS})(?:怎么说|怎么讲|怎么表达|咋说|如何表达|怎么写)", A.TRANSLATE, 2.5),
    (r"怎么翻译|如何翻译|翻译过来", A.TRANSLATE, 2.5),
    # Comparisons.
    (r"区别|差别|差异|不同点|有什么不同|有啥不同|异同|哪个好|哪个.{0,6}更|哪一个更|哪种.{0,6}更|哪个比较|孰优孰劣"
     r"|优劣|(?<![a-z])vs\.?(?![a-z])|PK", A.COMPARE, 2.5),
    (r"(?:和|跟|与|同).{1,15}?(?:比起来|相比|比较起来|比哪个)", A.COMPARE, 2.5),
    # Explanations.
    (r"(?:是)?什么意思|啥意思|是什么|是啥|什么是|为什么|为啥|怎么理解|如何理解|怎么回事|干什么用|干嘛用"
     r"|有什么用|有啥用|什么作用|怎么用|如何使用|怎么使用|原理|什么原因|怎么工作|如何工作|含义|指的是"
     r"|意思是|何意|怎么看懂|看不懂|不太懂|没看懂|不明白", A.EXPLAIN, 2),
    # Checks.
    (r"有没有.{0,4}?(?:问题|错|错误|bug|漏洞|毛病|错别字|语病|语法错误|遗漏|不妥)|有什么问题|有问题吗"
     r"|(?:觉得|认为|看).{0,15}(?:怎么样|如何|咋样|行吗|好吗)|怎么样[?]?$|合适吗|合不合适|妥当吗|恰当吗|好不好"
     r"|有错吗|对不对|对吗|正确吗|是否正确|准确吗|是否准确|行不行|可以吗|合理吗|是否合理|合不合理|靠谱吗"
     r"|通顺吗|是否通顺|是否符合|符合.{1,10}吗|能不能通过|能不能跑|能跑吗|会不会报错|哪里(?:错|不对|有问题)"
     r"|找.{0,4}(?:错误|错别字|bug|毛病|漏洞|问题)|挑.{0,2}刺|没问题吧", A.VERIFY, 2),
    # Searches.
    (r"在哪里?(?:找|下载|看|查)?|哪里(?:有|能|可以)(?:找到|下载|买|看)?|去哪(?:找|下载|看)|哪儿有"
     r"|有没有(?:关于|相关)", A.SEARCH, 2),
    # Summaries asked as questions.
    (r"讲了什么|说了什么|主要内容|大意|核心观点|重点是什么|要点是什么|一句话说", A.SUMMARIZE, 2),
    # Generation asked by quantity: 给我3个…, 来几个…, 再来一版.
    (rf"(?:给|帮)我(?:来|想|列|出)?{_ZN}{_ZCLS}|来{_ZN}{_ZCLS}|再来一{_ZCLS}?|需要{_ZN}{_ZCLS}"
     rf"|要{_ZN}{_ZCLS}", A.GENERATE, 2),
    # Edits asked as wishes or complaints.
    (r"(?:再|更)(?:短|长|简洁|简短|正式|口语化?|专业|通顺|精炼|生动|具体|详细|清晰|礼貌|委婉|自然|流畅|有力"
     r"|幽默|活泼|温和|客气|简单|紧凑|易懂|快|高效|稳定|安全|清楚|精简|好看|好懂|优雅)(?:一)?(?:点|些)|(?:写|改|弄)得(?:更|再)|(?:写|改|弄)得.{1,6}"
     r"(?:一点|一些|点儿?)|太(?:长|短|啰嗦|生硬|正式|随意|口语化|官方|啰唆|冗长|拗口)了|(?:让|使)(?:它|这|其)"
     r".{0,6}更", A.MODIFY, 2.5),
    (r"(?:怎么|如何|怎样)(?:解决|修复|处理|改|修改|优化|避免)", A.MODIFY, 2),
    (r"怎么做|如何做|怎么写|怎么实现|如何实现", A.EXPLAIN, 2),
)  # fmt: skip
"""Request shapes: ``(regular expression, action, strength)``."""

ZH_WEAK: tuple[tuple[str, IntentAction], ...] = (
    ("帮我看看", A.VERIFY),
    ("看看", A.VERIFY),
    ("看一下", A.VERIFY),
    ("看下", A.VERIFY),
    ("瞧瞧", A.VERIFY),
    ("处理一下", A.MODIFY),
    ("弄一下", A.MODIFY),
    ("搞一下", A.MODIFY),
)
"""Vague cues used only when nothing stronger is present."""

EN_VERBS: dict[str, IntentAction] = {
    **dict.fromkeys(
        word_set(
            "modify change edit revise rewrite rework reword rephrase paraphrase improve "
            "polish refine fix update adjust tweak shorten trim tighten simplify expand "
            "lengthen correct refactor optimize optimise restructure reformat format convert "
            "amend redo streamline soften enhance strengthen rename replace swap reorder "
            "merge split adapt tailor customize customise debug clean tidy humanize humanise "
            "punctuate capitalize sort dedupe turn"
        ),
        A.MODIFY,
    ),
    **dict.fromkeys(
        word_set(
            "write generate create draft compose make produce build design implement prepare "
            "suggest brainstorm propose craft add outline list name devise develop code "
            "scaffold invent recommend give provide reply respond document"
        ),
        A.GENERATE,
    ),
    **dict.fromkeys(
        word_set(
            "check verify validate review proofread audit test inspect lint critique evaluate "
            "assess grade confirm"
        ),
        A.VERIFY,
    ),
    **dict.fromkeys(["translate", "localize", "localise"], A.TRANSLATE),
    **dict.fromkeys(
        ["summarize", "summarise", "recap", "condense", "distill", "distil"], A.SUMMARIZE
    ),
    **dict.fromkeys(
        word_set("explain clarify describe elaborate interpret define teach demystify"), A.EXPLAIN
    ),
    **dict.fromkeys(
        ["delete", "remove", "drop", "cut", "erase", "strip", "eliminate", "omit", "purge"],
        A.DELETE,
    ),
    **dict.fromkeys(["compare", "contrast", "benchmark"], A.COMPARE),
    **dict.fromkeys(
        ["search", "find", "locate", "google", "grep", "retrieve", "fetch", "extract"], A.SEARCH
    ),
}
"""English verbs (base forms) of each action."""

EN_PHRASES: dict[str, IntentAction] = {
    "come up with": A.GENERATE,
    "put together": A.GENERATE,
    "think of": A.GENERATE,
    "think up": A.GENERATE,
    "whip up": A.GENERATE,
    "jot down": A.GENERATE,
    "write up": A.GENERATE,
    "set up": A.GENERATE,
    "sum up": A.SUMMARIZE,
    "boil down": A.SUMMARIZE,
    "look up": A.SEARCH,
    "look for": A.SEARCH,
    "hunt for": A.SEARCH,
    "track down": A.SEARCH,
    "dig up": A.SEARCH,
    "search for": A.SEARCH,
    "get rid of": A.DELETE,
    "take out": A.DELETE,
    "cut out": A.DELETE,
    "clean up": A.MODIFY,
    "tidy up": A.MODIFY,
    "tone down": A.MODIFY,
    "punch up": A.MODIFY,
    "spice up": A.MODIFY,
    "touch up": A.MODIFY,
    "beef up": A.MODIFY,
    "break down": A.EXPLAIN,
    "walk me through": A.EXPLAIN,
    "tell me about": A.EXPLAIN,
    "help me understand": A.EXPLAIN,
    "go over": A.VERIFY,
    "look over": A.VERIFY,
    "double check": A.VERIFY,
    "double-check": A.VERIFY,
    "sanity check": A.VERIFY,
    "sanity-check": A.VERIFY,
    "read through": A.VERIFY,
    "check over": A.VERIFY,
    "spot check": A.VERIFY,
    "fact check": A.VERIFY,
    "fact-check": A.VERIFY,
    "point out": A.VERIFY,
}
"""Multi-word verbs; matched before single verbs."""

EN_NOUN_CUES: dict[str, IntentAction] = {
    "summary": A.SUMMARIZE,
    "summaries": A.SUMMARIZE,
    "recap": A.SUMMARIZE,
    "tl;dr": A.SUMMARIZE,
    "tldr": A.SUMMARIZE,
    "gist": A.SUMMARIZE,
    "overview": A.SUMMARIZE,
    "rundown": A.SUMMARIZE,
    "synopsis": A.SUMMARIZE,
    "translation": A.TRANSLATE,
    "comparison": A.COMPARE,
    "explanation": A.EXPLAIN,
    "breakdown": A.EXPLAIN,
    "definition": A.EXPLAIN,
    "proofread": A.VERIFY,
    "review": A.VERIFY,
    "feedback": A.VERIFY,
    "critique": A.VERIFY,
    "rewrite": A.MODIFY,
    "revision": A.MODIFY,
}
"""Nouns that name an action when asked for (``give me a summary``, ``translation please``)."""

# Frequent verbs that are not actions: they end an object phrase ("how OAuth works").
EN_OTHER_VERBS = word_set(
    "work works worked working mean means meant happen happens happened run runs "
    "running seem seems go goes going use uses used return returns returned fail "
    "fails failed take takes need needs handle handles look looks sound sounds read "
    "reads get gets got think know knew learn learns learned changed happen differ "
    "differs matter matters exist exists come comes came"
)
"""Frequent verbs that are not actions: they end an object phrase ("how OAuth works")."""

EN_FRAME_WORDS = word_set(
    "give get send show provide need want like write do make prepare produce create "
    "draft can could would please pls quick short brief detailed rough full"
)
"""Words that, a few words before an action noun, make it a request."""

_EN_LANGS = (
    "english|chinese|mandarin|cantonese|japanese|korean|french|german|spanish|italian|portuguese"
    "|russian|arabic|hindi|dutch|vietnamese|thai|indonesian|polish|turkish"
)

EN_SHAPES: tuple[tuple[str, IntentAction, float], ...] = (
    (r"\bdifferences?\s+(?:between|among)\b", A.COMPARE, 3.5),
    (r"\bhow\s+(?:does|do|is|are)\s+.{1,40}?\s+differ\b"
     r"|\bwhich\s+(?:one\s+)?(?:is|are|would be|'s)\s+(?:better|faster|best|cheaper|safer)\b"
     r"|\bwhich\s+(?:one\s+)?should\s+i\s+(?:use|choose|pick|go with)\b|\b(?:vs\.?|versus)\s"
     r"|\bpros\s+and\s+cons\s+of\s+.{1,40}?\s+(?:vs\.?|versus|or|and)\b|\bbetter\s+than\b"
     r"|\bhow\s+does\s+.{1,40}?\s+compare\b|\bside[\s-]by[\s-]side\b", A.COMPARE, 2.5),
    (rf"\bhow\s+(?:do|would|can|should)\s+(?:you|i|we)\s+say\b.{{0,60}}\bin\s+(?:{_EN_LANGS})\b"
     rf"|\bwhat(?:'s|\s+is)\s+.{{1,40}}?\s+in\s+(?:{_EN_LANGS})\s*\??$"
     rf"|\b(?:into|in)\s+(?:{_EN_LANGS})\s*(?:please|pls)?\s*\??$", A.TRANSLATE, 2.5),
    (r"\bwhat\s+(?:does|do|did)\s+.{1,60}?\s+mean\b|\bwhat(?:'s|\s+is|\s+are)\s+(?:the\s+)?"
     r"(?:meaning|point|purpose|idea)\s+(?:of|behind)\b|\bwhat\s+is\s+meant\s+by\b"
     r"|\bwhat(?:'s|\s+is|\s+are)\s+(?!wrong\b)(?:a|an|the)?\s*\w+|\bwhy\s+(?:does|do|is|are|did|would|should"
     r"|can't|won't|isn't|doesn't|am|was|were)\b|\bhow\s+(?:does|do)\s+.{1,50}?\s+work\b|\beli5\b"
     r"|\bi\s+don'?t\s+(?:understand|get)\b|\bmeaning\s+of\b|\bhow\s+come\b", A.EXPLAIN, 2),
    (r"^\s*(?:is|are|does|do|did|was|will|would)\s+(?:this|these|that|it|my|the|our|your)\b.{0,80}\?\s*$"
     r"|\bwhat'?s?\s+(?:is\s+)?wrong\s+with\b|\bwhat\s+do\s+you\s+think\s+(?:of|about)\b"
     r"|\bhow\s+does\s+(?:this|it|my)\s+(?:\w+\s+)?(?:look|sound|read)\b", A.VERIFY, 2.6),
    (r"\b(?:is|are|does|do)\s+(?:this|these|that|it|my|the)\b.{0,40}?\b(?:correct|right|ok|okay|valid"
     r"|accurate|readable|clear|grammatical|fine|good enough|make sense|look right|sound right"
     r"|look ok|look good|sound ok|work)\b|\bany\s+(?:obvious\s+)?(?:mistakes|errors|typos|issues"
     r"|bugs|problems|red flags|grammar mistakes)\b|\b(?:spot|catch|find)\s+(?:any|the)?\s*"
     r"(?:mistakes|errors|typos|bugs|issues|problems)\b|\bwhat'?s?\s+(?:is\s+)?wrong\s+with\b"
     r"|\banything\s+wrong\s+with\b|\bis\s+there\s+(?:a|any)\s+(?:bug|mistake|error|typo|problem"
     r"|issue)\b|\bwill\s+(?:this|it)\s+(?:work|compile|run)\b", A.VERIFY, 2),
    (r"\bwhere\s+(?:is|are|can\s+i\s+find|do\s+i\s+find|did\s+i\s+put|'s)\b|\bfind\s+me\b"
     r"|\bany\s+(?:good\s+)?(?:resources|links|papers|articles|references|sources|tutorials)\s+"
     r"(?:on|about|for)\b|\bis\s+there\s+(?:a|an)\s+(?:library|package|tool|paper|article|api)\b",
     A.SEARCH, 2),
    (r"\btl;?dr\b|\bthe\s+gist\b|\bkey\s+(?:points|takeaways|ideas)\b|\bmain\s+(?:points|ideas"
     r"|takeaways)\b|\bshort\s+version\b|\bin\s+a\s+nutshell\b", A.SUMMARIZE, 2),
    (r"\bmake\s+(?:it|this|that|them|these|those|my|the|your)(?:\s+[\w'-]+){0,2}?\s+(?:more|less"
     r"|a\s+bit|a\s+little|much|sound|shorter|longer|clearer|simpler|friendlier|punchier|tighter"
     r"|better|concise|formal|casual|professional|polite)\b|\b(?:shorter|more\s+concise|less\s+formal"
     r"|more\s+formal|punchier)\s*(?:please|pls)\b", A.MODIFY, 3.5),
    (r"\b(?:too|way\s+too|a\s+bit|kind\s+of)\s+(?:long|short|formal|wordy|verbose|casual|stiff"
     r"|robotic|dry|repetitive|informal)\b", A.MODIFY, 2.5),
    (r"\b(?:give|get|send|show)\s+(?:me|us)\s+(?:a|an|some|a\s+few|a\s+couple|\d+|one|two|three"
     r"|four|five|six|seven|eight|nine|ten|more)\b|\bi\s+need\s+(?:a|an|some|\d+|two|three|four|five)"
     r"\s+\w+|\b(?:another|one\s+more)\s+(?:one|version|option|take|draft)\b|\bone\s+more\s*(?:please)?$",
     A.GENERATE, 2),
)  # fmt: skip
"""English request shapes: ``(regular expression, action, strength)``."""

EN_WEAK: tuple[tuple[str, IntentAction], ...] = (
    (r"\b(?:take|have)\s+a\s+(?:quick\s+)?look\s+at\b", A.VERIFY),
    (r"\blook\s+at\b", A.VERIFY),
    (r"\bgo\s+through\b", A.VERIFY),
    (r"\bthoughts\s+on\b", A.VERIFY),
)
"""Vague English cues, used only when nothing stronger is present."""

_DOUBLE = word_set("cut drop get put set run plan trim swap stop chop jot map scan tag wrap")
_IRREGULAR_ING = {"lie": "lying", "die": "dying", "see": "seeing", "free": "freeing"}


def english_forms(base: str) -> tuple[str, ...]:
    """Forms of a verb that still ask for something: base, ``-s`` and ``-ing``.

    >>> english_forms("summarize"), english_forms("cut")
    (('summarize', 'summarizes', 'summarizing'), ('cut', 'cuts', 'cutting'))
    """
    if base in _IRREGULAR_ING:
        ing = _IRREGULAR_ING[base]
    elif base.endswith("ie"):
        ing = base[:-2] + "ying"
    elif base.endswith("e") and not base.endswith(("ee", "ye")):
        ing = base[:-1] + "ing"
    elif base in _DOUBLE:
        ing = base + base[-1] + "ing"
    else:
        ing = base + "ing"
    if base.endswith(("s", "x", "ch", "sh", "z")):
        third = base + "es"
    elif base.endswith("y") and base[-2:-1] not in ("a", "e", "i", "o", "u"):
        third = base[:-1] + "ies"
    else:
        third = base + "s"
    return (base, third, ing)
