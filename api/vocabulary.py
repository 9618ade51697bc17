"""The actions of a game: every answer any question of a ruleset can offer, numbered once for the game.

An action is a number (OpenSpiel's and PettingZoo's way), the same for the whole game whatever is asked:
0 ends a question that takes several picks ("up to 3 countries": the picks are single actions, then
DONE); the others are, sorted, the ruleset's countries, cards, regions and sides, the words the
runtime's own questions offer (how a card is played, which operation, yes/no, all operations in one
region), the options of every `decide`, and the items of every literal list a `choose` picks from
(DEFCON levels for "How I Learned to Stop Worrying"). An answer outside them is a ruleset the vocabulary
does not know: `VocabularyError` names it (tests/test_api.py plays many games to find none)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from twilight.api.errors import whole_number
from twilight.common.input_bounds import ECHO_CHARS, clip
from twilight.runtime.core.primitives.operations import MODES
from twilight.runtime.core.state import SIDES

DONE = 0
DONE_WORD = "done"
# The answers the runtime's own questions offer (runtime/primitives: card_play, operations, the yes/no
# of an `allow`), beside countries, cards and `all_in_<region>`.
RUNTIME_WORDS = ("yes", "no", "event", "ops", "space", *MODES)


class VocabularyError(ValueError):
    """An answer the game's actions do not number (asked of `action`, or offered by a question), or a
    number that is no answer (asked of `answer`). A ValueError, as an illegal action is."""


def answer_words(ir: dict[str, Any]) -> list[Any]:
    """Every answer the ruleset's questions can offer, in the order their actions take (after DONE)."""
    words: set[Any] = set(ir["map"]["countries"]) | set(ir["cards"]) | set(SIDES)
    regions = set(ir["map"]["regions"])
    words |= regions | {f"all_in_{r}" for r in regions} | set(RUNTIME_WORDS)
    for node in _nodes(ir):
        if "decide" in node and isinstance(node.get("options"), list):
            words.update(o["name"] for o in node["options"] if isinstance(o, dict) and "name" in o)
        if "choose" in node:
            words.update(_literals(node.get("in")))
    # Numbers before words, each in their order (a number and a word never compare).
    return sorted((w for w in words if isinstance(w, int)), key=int) + sorted(
        w for w in words if isinstance(w, str)
    )


def _nodes(value: Any) -> Iterator[dict[str, Any]]:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _literals(expr: Any) -> Iterator[Any]:
    """The plain items of the literal lists in a `choose`'s domain (`[1, 2, 3, 4, 5]`)."""
    for node in _nodes(expr):
        items = node.get("list")
        if isinstance(items, list):
            for item in items:
                if isinstance(item, str) or (isinstance(item, int) and not isinstance(item, bool)):
                    yield item


class Vocabulary:
    """Answers to actions and back, for one ruleset."""

    def __init__(self, ir: dict[str, Any]) -> None:
        self.words: list[Any] = [DONE_WORD, *answer_words(ir)]
        # (keyed by type too: the number 1 and the word "1" are two answers)
        self._number = {(type(w), w): i for i, w in enumerate(self.words) if i != DONE}

    def __len__(self) -> int:
        return len(self.words)

    def action(self, answer: Any) -> int:
        try:
            found = self._number.get((type(answer), answer))
        except TypeError:  # (a list or a dict: unhashable, and no answer a question offers)
            found = None
        if found is None:
            raise VocabularyError(
                f"the answer {clip(repr(answer), ECHO_CHARS)} is not one of the game's actions"
            )
        return found

    def answer(self, action: int) -> Any:
        try:
            action = whole_number(action, "an action")
        except ValueError as err:
            raise VocabularyError(str(err)) from None
        if action == DONE or not 0 < action < len(self.words):
            raise VocabularyError(f"action {action} is no answer of this game")
        return self.words[action]
