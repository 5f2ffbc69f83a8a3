"""Similarity search over example tasks for ``fewshot`` (LLM-Planner retrieves its in-context examples).

TF-IDF vectors of instruction words, cosine similarity, ties broken by sample id so the
choice is reproducible. Offline and dependency-free; the index is built once per pool.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

from pytest_safeagent.dataset.samples import Sample

_WORD = re.compile(r"[a-z]+")


def words(text: str) -> list[str]:
    tokens = _WORD.findall(text.lower())
    return tokens + [f"{a}_{b}" for a, b in zip(tokens, tokens[1:], strict=False)]  # unigrams and bigrams


class ExampleIndex:
    """The examples of a pool, searchable by instruction similarity."""

    def __init__(self, examples: Sequence[Sample]):
        self.examples = list(examples)
        documents = [Counter(words(s.instruction)) for s in self.examples]
        frequency = Counter(term for doc in documents for term in doc)
        count = len(documents)
        self._idf = {term: math.log((1 + count) / (1 + df)) + 1 for term, df in frequency.items()}
        self._vectors = [self._vector(doc) for doc in documents]

    def _vector(self, counts: Counter[str]) -> dict[str, float]:
        weights = {t: (1 + math.log(n)) * self._idf.get(t, 0.0) for t, n in counts.items()}
        norm = math.sqrt(sum(w * w for w in weights.values())) or 1.0
        return {t: w / norm for t, w in weights.items() if w}

    def nearest(self, query: Sample, k: int, exclude: Iterable[Sample] = ()) -> list[Sample]:
        """The ``k`` examples most similar to ``query``'s instruction, never from its own record group."""
        vector = self._vector(Counter(words(query.instruction)))
        banned_groups = {query.group, *(s.group for s in exclude)}
        banned_ids = {query.sample_id, *(s.sample_id for s in exclude)}
        scored = []
        for example, candidate in zip(self.examples, self._vectors, strict=False):
            if example.group in banned_groups or example.sample_id in banned_ids:
                continue
            if example.instruction.strip().lower() == query.instruction.strip().lower():
                continue  # the same task under another record would give the answer away
            score = sum(weight * candidate.get(term, 0.0) for term, weight in vector.items())
            scored.append((-score, example.sample_id, example))
        scored.sort(key=lambda item: (item[0], item[1]))
        return [example for _, _, example in scored[:k]]
