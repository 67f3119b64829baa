"""The recall eval's code path with and without the semantic channel, on a small set:
meaning must raise recall without raising false activation."""

from semantic_support import CELLO, SHELLFISH, TRAINS, candidate, concept_embed

from memory_plugins.bench import eval_recall
from memory_plugins.bench.evalio import Case

DOG = candidate(
    "The user has a golden retriever named Max.",
    ["golden retriever", "Max"],
    kind="stable_user_context",
)
SCENARIOS = [
    {
        "id": "en-food-music-travel",
        "memories": [
            {"ref": "shellfish", "candidate": SHELLFISH},
            {"ref": "cello", "candidate": CELLO},
            {"ref": "trains", "candidate": TRAINS},
        ],
        "queries": [
            {
                "id": "q1",
                "text": "Which prawn curry should I cook tonight?",
                "relevant": ["shellfish"],
            },
            {"id": "q2", "text": "Is shellfish safe in paella?", "relevant": ["shellfish"]},
            {"id": "q3", "text": "Book me a sleeper to Vienna", "relevant": ["trains"]},
            {
                "id": "q4",
                "text": "How do violins make their sound?",
                "relevant": [],
                "optional": ["cello"],
            },
            {"id": "q5", "text": "What's the weather tomorrow?", "relevant": []},
            {"id": "q6", "text": "Tell me a joke", "relevant": []},
            {"id": "q7", "text": "Recommend a podcast about history", "relevant": []},
        ],
    },
    {
        "id": "en-dog",
        "memories": [
            {"ref": "dog", "candidate": DOG},
            {"ref": "cello", "candidate": CELLO},
        ],
        "queries": [
            {"id": "q1", "text": "How often should I walk my puppy?", "relevant": ["dog"]},
            {"id": "q2", "text": "What's the max attachment size in Gmail?", "relevant": []},
            {"id": "q3", "text": "Good morning!", "relevant": []},
            {"id": "q4", "text": "Which laptop is best for video editing?", "relevant": []},
        ],
    },
]
CASES = [Case(number, data) for number, data in enumerate(SCENARIOS, start=1)]


def test_meaning_raises_recall_without_raising_false_activation() -> None:
    rules = eval_recall.evaluate_scenarios(CASES)
    semantic = eval_recall.evaluate_scenarios(CASES, embeddings=concept_embed)
    assert rules.problems == semantic.problems == []
    assert semantic.recall > rules.recall and semantic.hit_rate > rules.hit_rate
    assert semantic.false_activation_rate <= rules.false_activation_rate
    assert semantic.precision >= rules.precision
    assert semantic.over_max == 0
