"""Pictures of memory's decisions, drawn with matplotlib (the ``bench`` extra).

* :func:`explain_chart`: ``explain``'s score per dimension, stacked per considered record,
  against the minimum score, with the verdict (selected, or why not);
* :func:`decisions_chart`: the gates' decisions turn by turn over a conversation, by
  outcome and reason code;
* :func:`timeline_chart`: one record's life, added → updated → suppressed → restored.

Each returns a ``matplotlib.figure.Figure`` (shown by a notebook when it ends a cell;
``fig.savefig(path)`` writes a PNG). Labels are made of types, outcomes, reason codes and
times, never of memory text: stored text is hostile and may hold glyphs no font draws.

>>> from memory_plugins.recall.types import Ranking
>>> explain_chart(Ranking(query="tea", hits=(), considered=()), 1.5).axes[0].get_title()
'explain: no records to consider'
"""

from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from itertools import pairwise
from typing import Any

from memory_plugins.candidate import MemoryRecord, RecordStatus
from memory_plugins.errors import MissingExtraError
from memory_plugins.outcomes import WriteOutcome
from memory_plugins.recall.types import DIMENSIONS, OPTIONAL_DIMENSIONS, Ranking

__all__ = ["decisions_chart", "explain_chart", "timeline_chart"]

_STATUS_COLOURS = {
    "added": "#2ca02c",
    "updated": "#1f77b4",
    "duplicate": "#aec7e8",
    "suppressed": "#7f7f7f",
    "restored": "#17becf",
    "not_found": "#c7c7c7",
    "store_unavailable": "#000000",
}
_REJECTED = ("#d62728", "#ff9896", "#e377c2", "#8c564b", "#bcbd22", "#ff7f0e", "#9467bd")


def _figure(width: float, height: float) -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise MissingExtraError("memory_plugins.charts", "bench", "matplotlib") from exc
    # A bare Figure (not pyplot's): nothing global, no GUI backend, shown once where returned.
    return Figure(figsize=(width, height), layout="constrained")


def explain_chart(ranking: Ranking, min_score: float) -> Any:
    """Score bars of :meth:`MemoryEngine.explain <memory_plugins.MemoryEngine.explain>`.

    One horizontal bar per considered record (in explain's order: selected first), its
    positive scores stacked by dimension, a dashed line at ``min_score``; each bar is
    labelled with its rank, type and verdict.
    """
    considered = ranking.considered
    figure = _figure(8, 1.2 + 0.45 * max(1, len(considered)))
    axes = figure.add_subplot()
    if not considered:
        axes.set_title("explain: no records to consider")
        axes.set_axis_off()
        return figure
    scored = {d for c in considered for d in c.scores}
    dimensions = [*DIMENSIONS, *(d for d in OPTIONAL_DIMENSIONS if d in scored)]
    rows = range(len(considered))
    left = [0.0] * len(considered)
    colours = _palette(len(dimensions))
    for dimension, colour in zip(dimensions, colours, strict=True):
        values = [max(0.0, c.scores.get(dimension, 0.0)) for c in considered]
        if not any(values):
            continue
        axes.barh(rows, values, left=left, color=colour, label=dimension, height=0.6)
        left = [a + b for a, b in zip(left, values, strict=True)]
    axes.axvline(min_score, color="black", linestyle="--", linewidth=1, label="minimum score")
    labels = [
        f"{n + 1}. {c.record.type.value} - "
        + ("SELECTED" if c.selected else (c.reason.value if c.reason else "-"))
        for n, c in enumerate(considered)
    ]
    axes.set_yticks(list(rows), labels)
    axes.invert_yaxis()
    axes.set_xlabel("score")
    axes.set_title(f"explain: {sum(c.selected for c in considered)} of {len(considered)} selected")
    axes.legend(loc="lower right", fontsize="small")
    return figure


def decisions_chart(turns: Sequence[Sequence[WriteOutcome]]) -> Any:
    """The write outcomes of each turn, stacked by outcome, rejections by reason code."""
    counts = [Counter(_decision(o) for o in outcomes) for outcomes in turns]
    kinds = sorted({k for c in counts for k in c}, key=_decision_order)
    figure = _figure(8, 3.6)
    axes = figure.add_subplot()
    positions = [n + 1 for n in range(len(turns))]
    bottom = [0] * len(turns)
    rejected = iter(_REJECTED * 3)
    for kind in kinds:
        values = [c.get(kind, 0) for c in counts]
        colour = next(rejected) if kind.startswith("rejected") else _STATUS_COLOURS.get(kind)
        axes.bar(positions, values, bottom=bottom, label=kind, color=colour, width=0.7)
        bottom = [a + b for a, b in zip(bottom, values, strict=True)]
    axes.set_xticks(positions)
    axes.yaxis.get_major_locator().set_params(integer=True)
    axes.set_xlabel("turn")
    axes.set_ylabel("candidates")
    total = sum(sum(c.values()) for c in counts)
    refused = sum(v for c in counts for k, v in c.items() if k.startswith("rejected"))
    axes.set_title(f"gate decisions: {refused} of {total} candidates refused")
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    return figure


def _decision(outcome: WriteOutcome) -> str:
    if outcome.code is not None:
        return f"rejected: {outcome.code.value}"
    return outcome.status.value


def _decision_order(kind: str) -> tuple[int, str]:
    order = list(_STATUS_COLOURS)
    return (order.index(kind), kind) if kind in order else (len(order), kind)


def timeline_chart(record: MemoryRecord) -> Any:
    """A record's events on a time axis, with its status (active / suppressed) in between."""
    events: list[tuple[datetime, str, RecordStatus]] = []
    status = record.history[0].status if record.history else record.status
    events.append((datetime.fromisoformat(record.created_at), "added", status))
    for n, entry in enumerate(record.history):
        after = record.history[n + 1].status if n + 1 < len(record.history) else record.status
        events.append((datetime.fromisoformat(entry.at), entry.event, after))
    figure = _figure(8, 2.2)
    axes = figure.add_subplot()
    band = {RecordStatus.ACTIVE: "#2ca02c", RecordStatus.SUPPRESSED: "#7f7f7f"}
    for (start, _, state), (end, _, _) in pairwise(events):
        axes.plot([start, end], [0, 0], color=band[state], linewidth=8, solid_capstyle="butt")
    last, _, state = events[-1]
    span = (events[-1][0] - events[0][0]) * 0.15 or (last - last)
    if span:
        axes.plot([last, last + span], [0, 0], color=band[state], linewidth=8, alpha=0.5)
    for n, (moment, event, state) in enumerate(events):
        axes.plot([moment], [0], marker="o", color="black")
        axes.annotate(
            f"{event}\n{moment:%b %d %H:%M} -> {state.value}",
            (moment, 0),
            xytext=(0, 14 if n % 2 == 0 else -30),
            textcoords="offset points",
            ha="center",
            fontsize="small",
        )
    axes.set_yticks([])
    axes.set_ylim(-1, 1)
    for side in ("left", "right", "top"):
        axes.spines[side].set_visible(False)
    axes.set_title(f"timeline of one {record.type.value} record (green: active, grey: suppressed)")
    figure.autofmt_xdate()
    return figure


def _palette(count: int) -> list[Any]:
    from matplotlib import colormaps

    cmap = colormaps["tab10"]
    return [cmap(n % 10) for n in range(count)]
