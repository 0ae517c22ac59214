"""Where a record goes wrong: a place in its text, and the error that names it."""

from __future__ import annotations

Pos = tuple[int, int]
"""A place in the record's text: (line, column), both from 1; (0, 0) for a record not read from text."""
NOWHERE: Pos = (0, 0)


class RecordError(ValueError):
    """A record that cannot be read, or that the rules cannot have produced.

    ``line`` and ``column`` (from 1; 0 when the record was not read from text) say where;
    ``reason`` what is wrong and what was expected. For an illegal play, ``code`` is the
    engine's error code (``"card-not-in-hand"`` ...) and ``rule`` the section or ruling it
    breaks; other inconsistencies name their rule too (``"§2"`` for a card in two places).
    An error without a rule is an error of the record's own notation.
    """

    def __init__(self, reason: str, at: Pos = NOWHERE, code: str | None = None, rule: str | None = None) -> None:
        self.line, self.column = at
        self.reason = reason
        self.code = code
        self.rule = rule
        super().__init__(f"line {self.line}, column {self.column}: {reason}" if self.line else reason)

    @property
    def breaks_a_rule(self) -> bool:
        """Whether the record breaks a rule of the game (it names one), rather than its own notation."""
        return self.rule is not None
