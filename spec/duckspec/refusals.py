"""Refusing an action, as every game of the family does it.

A game's rules refuse an illegal action with a stable code. A game lists its codes as a subclass
of :class:`RefusalCode`, in order of precedence: when an action is wrong in several ways, each
section's check says why, and the refusal reported is the one whose code comes first
(:func:`most_urgent`). The conformance contract pins the code, so an implementation under test
must refuse with the same one.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, Generic, TypeVar


class RefusalCode(enum.StrEnum):
    """The base of a game's error codes: stable kebab-case strings, their definition order their precedence."""

    @property
    def precedence(self) -> int:
        """1 for the code reported first when an action breaks several rules."""
        return list(type(self)).index(self) + 1


CodeT = TypeVar("CodeT", bound=RefusalCode)


class Refusal(Exception, Generic[CodeT]):
    """An action the rules forbid: ``code``, the ``rule`` it breaks (a section or a ruling), and a ``message``
    saying what would have been right."""

    def __init__(self, code: CodeT, rule: str, message: str) -> None:
        super().__init__(f"{code}: {message} ({rule})")
        self.code = code
        self.rule = rule
        self.message = message


RefusalT = TypeVar("RefusalT", bound=Refusal[Any])


def most_urgent(problems: Sequence[RefusalT]) -> RefusalT:
    """The refusal to report among ``problems`` (at least one): the one of highest precedence, the lowest number."""
    return min(problems, key=lambda problem: problem.code.precedence)
