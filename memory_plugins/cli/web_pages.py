"""The web inspector's pages, rendered on the server as plain HTML with inline SVG bars.

Every stored string is hostile: it is HTML-escaped, and control, invisible and
formatting characters (line breaks, zero-width and bidirectional marks, …) are shown as
``\\u…`` codes so a memory reads on the page exactly as it is stored. The pages carry no
script at all (their Content-Security-Policy forbids it); a change is confirmed on a page
of its own and sent as a POST carrying the form token.

>>> show("<b>tea</b>\\u202e")
'&lt;b&gt;tea&lt;/b&gt;<span class="esc">\\\\u202e</span>'
"""

import html
import unicodedata
from collections.abc import Iterable, Sequence
from urllib.parse import urlencode

from memory_plugins.candidate import HistoryEntry, MemoryRecord, RecordStatus
from memory_plugins.recall.types import DIMENSIONS, OPTIONAL_DIMENSIONS, Consideration, Ranking

__all__ = ["ACTIONS", "confirm_page", "home_page", "message_page", "show", "user_page"]

ACTIONS = {
    "suppress": "Suppress (never recalled, restorable)",
    "restore": "Restore (recalled again)",
    "forget": "Forget (deleted for good)",
}
"""The changes the inspector offers, and how the confirmation page names them."""

# Categories shown as codes: controls, formats (zero-width, bidi), separators, private
# use, surrogates and unassigned code points.
_HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"})
_COLOURS = {
    "tags": "#1f77b4",
    "identity": "#ff7f0e",
    "text": "#2ca02c",
    "cjk_phrases": "#d62728",
    "ascii_tokens": "#9467bd",
    "self_context": "#8c564b",
    "cues": "#e377c2",
    "rarity": "#7f7f7f",
    "semantic": "#17becf",
}
_BAR_WIDTH = 360
_BAR_HEIGHT = 18
_STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em auto;max-width:70em;color:#222}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.35em;
text-align:left;vertical-align:top}.esc{color:#b00;font-family:monospace}
.status-active{color:#060}.status-suppressed{color:#a60}.key{font-family:monospace;font-size:12px}
.notice{background:#eef;padding:.5em}.skip{color:#888}.selected{font-weight:bold;color:#060}
form.inline{display:inline}a.action,button{display:inline-block;padding:.2em .6em;
border:1px solid #888;border-radius:4px;background:#f6f6f6;color:#222;text-decoration:none;
margin:.1em;font:inherit;cursor:pointer}.legend span{display:inline-block;margin-right:1em}
.swatch{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:middle}
"""


def show(text: object) -> str:
    """``text`` safe inside HTML: escaped, hidden characters shown as ``\\u`` codes."""
    out = []
    for char in str(text):
        if unicodedata.category(char) in _HIDDEN:
            out.append(f'<span class="esc">\\u{ord(char):04x}</span>')
        else:
            out.append(html.escape(char))
    return "".join(out)


def _page(title: str, body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{show(title)} · memory-plugins</title><style>{_STYLE}</style></head>"
        f'<body><p><a href="/">memory-plugins inspector</a></p><h1>{show(title)}</h1>'
        f"{body}</body></html>"
    )


def home_page(app: str, store: str) -> str:
    """The start page: which store and app, and a box for a user id."""
    body = (
        f"<p>Store <code>{show(store)}</code>, app <code>{show(app)}</code>.</p>"
        '<form action="/user" method="get"><label>User id '
        '<input name="user" id="user" required autofocus></label> '
        '<button type="submit" id="open">Show memories</button></form>'
    )
    return _page("Memories", body)


def message_page(title: str, text: str) -> str:
    """A short page saying what went wrong or what happened."""
    return _page(title, f"<p>{show(text)}</p>")


def user_page(
    user: str,
    records: Sequence[MemoryRecord],
    *,
    query: str = "",
    ranking: Ranking | None = None,
    min_score: float = 0.0,
    notice: str = "",
) -> str:
    """A user's records with status and history, the query box, and ``explain`` as bars."""
    parts = []
    if notice:
        parts.append(f'<p class="notice" id="notice">{show(notice)}</p>')
    parts.append(
        '<form action="/user" method="get" id="query-form">'
        f'<input type="hidden" name="user" value="{show(user)}">'
        f'<label>Query <input name="q" id="q" size="50" value="{show(query)}"></label> '
        '<button type="submit" id="explain">Explain recall</button></form>'
    )
    if ranking is not None:
        parts.append(explain_picture(ranking, min_score))
    parts.append(f"<h2>Records ({len(records)})</h2>")
    if not records:
        parts.append("<p>No memories for this user under this app and secret.</p>")
    else:
        parts.append(
            "<table><tr><th>status</th><th>memory</th><th>times</th><th>history</th>"
            "<th>change</th></tr>"
        )
        parts.extend(_record_row(user, r) for r in records)
        parts.append("</table>")
    return _page(f"Memories of {user}", "".join(parts))


def _record_row(user: str, record: MemoryRecord) -> str:
    status = record.status.value
    times = [f"created {show(record.created_at[:19])}"]
    if record.updated_at:
        times.append(f"updated {show(record.updated_at[:19])}")
    if record.suppressed_at:
        times.append(f"suppressed {show(record.suppressed_at[:19])}")
    if record.expires_at:
        times.append(f"expires {show(record.expires_at[:19])}")
    offered = ["restore"] if record.status is RecordStatus.SUPPRESSED else ["suppress"]
    links = " ".join(
        f'<a class="action" id="{action}-{_dom_id(record.key)}" '
        f'href="/confirm?{_query(user=user, key=record.key, action=action)}">{action}</a>'
        for action in [*offered, "forget"]
    )
    return (
        f'<tr class="record" data-key="{show(record.key)}">'
        f'<td class="status-{status}">{status}</td>'
        f"<td>{show(record.text)}<br><span class='key'>{show(record.key)}</span><br>"
        f"tags: {', '.join(show(t) for t in record.tags)} · confidence "
        f"{record.confidence:.2f} · {show(record.type.value)}"
        + "".join(
            f"<br>{label}: {', '.join(show(p) for p in phrases)}"
            for label, phrases in (("cues", record.cues), ("other senses", record.other_senses))
            if phrases
        )
        + "</td>"
        f"<td>{'<br>'.join(times)}</td><td>{_history(record.history)}</td>"
        f"<td>{links}</td></tr>"
    )


def _history(entries: Iterable[HistoryEntry]) -> str:
    items = [
        f"<li>{show(e.at[:19])} <b>{show(e.event)}</b>"
        f"{' in ' + show(e.conversation_id) if e.conversation_id else ''}: "
        f"was {show(e.status.value)}, “{show(e.text)}”</li>"
        for e in entries
    ]
    if not items:
        return '<span class="skip">none</span>'
    return f"<details><summary>{len(items)} change(s)</summary><ol>{''.join(items)}</ol></details>"


def explain_picture(ranking: Ranking, min_score: float) -> str:
    """One bar per considered record: its score per dimension stacked, against a dashed
    line at the minimum score, with the verdict (selected, or why not)."""
    if not ranking.considered:
        return '<p id="explain-result">No records to consider.</p>'
    scored = {d for c in ranking.considered for d in c.scores}
    dimensions = [*DIMENSIONS, *(d for d in OPTIONAL_DIMENSIONS if d in scored)]
    top = max([min_score, *(_positive(c) for c in ranking.considered)]) * 1.15 or 1.0
    legend = "".join(
        f'<span><i class="swatch" style="background:{_COLOURS.get(d, "#999")}"></i>{show(d)}</span>'
        for d in dimensions
    )
    rows = "".join(_bar_row(c, dimensions, top, min_score) for c in ranking.considered)
    selected = sum(c.selected for c in ranking.considered)
    return (
        f'<section id="explain-result"><h2>Why recall chose what it chose: '
        f"“{show(ranking.query)}”</h2>"
        f"<p>{selected} selected of {len(ranking.considered)} considered; the dashed line is "
        f"the minimum score {min_score:g}.</p><p class='legend'>{legend}</p>"
        f"<table>{rows}</table></section>"
    )


def _positive(item: Consideration) -> float:
    return sum(v for v in item.scores.values() if v > 0)


def _bar_row(item: Consideration, dimensions: list[str], top: float, min_score: float) -> str:
    x = 0.0
    segments = []
    for dimension in dimensions:
        value = item.scores.get(dimension, 0.0)
        if value <= 0:
            continue
        width = value / top * _BAR_WIDTH
        segments.append(
            f'<rect class="bar" data-dimension="{dimension}" x="{x:.1f}" y="2" '
            f'width="{width:.1f}" height="{_BAR_HEIGHT - 4}" '
            f'fill="{_COLOURS.get(dimension, "#999")}"><title>{show(dimension)} '
            f"{value:.2f}</title></rect>"
        )
        x += width
    line = min_score / top * _BAR_WIDTH
    svg = (
        f'<svg width="{_BAR_WIDTH}" height="{_BAR_HEIGHT}" role="img" '
        f'aria-label="total {item.total:.2f}">'
        f'<rect x="0" y="0" width="{_BAR_WIDTH}" height="{_BAR_HEIGHT}" fill="#f4f4f4"/>'
        f"{''.join(segments)}"
        f'<line class="min-score" x1="{line:.1f}" x2="{line:.1f}" y1="0" y2="{_BAR_HEIGHT}" '
        'stroke="#000" stroke-dasharray="3,2"/></svg>'
    )
    if item.selected:
        verdict = '<span class="selected">selected</span>'
    else:
        verdict = f'<span class="skip">{show(item.reason.value if item.reason else "-")}</span>'
    parts = ", ".join(f"{show(d)} {item.scores[d]:.1f}" for d in dimensions if item.scores.get(d))
    matched = "; ".join(
        f"{show(d)}: {', '.join(show(v) for v in vs)}" for d, vs in item.matched.items()
    )
    return (
        f'<tr class="considered" data-key="{show(item.record.key)}"><td>{verdict}</td>'
        f"<td>{svg}<br>total {item.total:.2f}{' (' + parts + ')' if parts else ''}</td>"
        f"<td>{show(item.record.text)}<br><span class='key'>{show(item.record.key)}</span>"
        f"{'<br>matched ' + matched if matched else ''}</td></tr>"
    )


def confirm_page(user: str, record: MemoryRecord | None, key: str, action: str, form: str) -> str:
    """The page asking to confirm ``action`` on ``key``; its button POSTs with ``form``."""
    what = ACTIONS[action]
    if record is None:
        return message_page("Not found", f"{user} has no record {key}.")
    body = (
        f"<p>{show(what)} this memory of <b>{show(user)}</b>?</p>"
        f"<blockquote>{show(record.text)}<br><span class='key'>{show(key)}</span>"
        f"</blockquote>"
        '<form method="post" action="/change" class="inline">'
        f'<input type="hidden" name="form" value="{show(form)}">'
        f'<input type="hidden" name="user" value="{show(user)}">'
        f'<input type="hidden" name="key" value="{show(key)}">'
        f'<input type="hidden" name="action" value="{show(action)}">'
        f'<button type="submit" id="confirm">Yes, {show(action)}</button></form> '
        f'<a id="cancel" href="/user?{_query(user=user)}">Cancel</a>'
    )
    return _page(f"Confirm: {action}", body)


def _query(**values: str) -> str:
    return show(urlencode(values))


def _dom_id(key: str) -> str:
    # An id attribute of letters, digits and dashes (a key may hold any script).
    return "".join(c if c.isascii() and c.isalnum() else "-" for c in key)
