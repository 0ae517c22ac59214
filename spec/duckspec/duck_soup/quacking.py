"""Rules §6 Quacking: stealing a trick with a card of the rank led.

The follower who plays a card of the rank led and calls "quack" threatens to take the trick
with a card of another suit. The leader answers:

* "duck": the quacker wins that trick (two suits, so 2 points) and leads next. The leader may
  say it even while holding a third card of the rank: it "can't or won't" match again.
* "quack-quack": the leader leads a third card of the rank to a second trick, and the follower
  plays a fourth card to it. If that is the last card of the rank, called "duck soup", the
  follower wins both tricks; otherwise the leader wins both.

A call forgotten is a call not made: the card is an ordinary card (§6 for "quack", ruling
DS-R03 for "duck soup"). The leader's answer is an action of its own, even when no third card
is held (ruling DS-R10). Each call belongs to one moment of the trick, and a call out of place,
or on a card of another rank, is refused (rulings DS-R12, DS-R02). Quacking works the same way
in both courses; only the drawing that follows differs (§5, §7). Every trick's points follow
§4.4 from its two cards.

Under the rule option ``calls = "silent"`` (the Korean text's reading, ruling DS-R15) nothing is
said: a card of the rank led is a quack, the leader's card of that rank is the quack-quack, and
the fourth card of the rank takes both tricks. No call can then be forgotten, and no action
carries a call. The answer "duck" stays an explicit action.
"""

from __future__ import annotations

import enum

from duckspec.cards import Card
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.tricks import Phase, Role, Trick
from duckspec.duck_soup.variants import Calls


class Call(enum.StrEnum):
    """What a player may say with a card."""

    NONE = "none"
    QUACK = "quack"
    QUACK_QUACK = "quack-quack"
    DUCK_SOUP = "duck-soup"


SPOKEN_CALLS: dict[Phase, tuple[Call, ...]] = {
    Phase.LEAD: (Call.NONE,),
    Phase.FOLLOW: (Call.NONE, Call.QUACK),
    Phase.ANSWER: (Call.QUACK_QUACK,),
    Phase.FOURTH: (Call.NONE, Call.DUCK_SOUP),
}
"""The calls a card may carry at each moment of the trick when calls are spoken (rulings DS-R10, DS-R12)."""

SILENT_CALLS: dict[Phase, tuple[Call, ...]] = {phase: (Call.NONE,) for phase in SPOKEN_CALLS}
"""With silent calls no card carries a call (ruling DS-R15)."""


def calls_allowed(phase: Phase, calls: Calls) -> tuple[Call, ...]:
    """The calls a card may carry in ``phase``, in canonical order (Rules §6; DS-R10, DS-R12; option ``calls``, DS-R15).

    Spoken: none on a lead; none or "quack" on a follow; "quack-quack" on the leader's answer;
    none or "duck soup" on the fourth card. Silent: none, ever.

    pre: phase != Phase.OVER
    post: len(__return__) >= 1
    post: calls == Calls.SPOKEN or __return__ == (Call.NONE,)
    """
    return SILENT_CALLS[phase] if calls is Calls.SILENT else SPOKEN_CALLS[phase]


def is_rank_match(card: Card, led: Card) -> bool:
    """Whether ``card`` has the rank of the card led, the condition of every call (Rules §6).

    post: __return__ == (card.rank == led.rank)
    """
    return card.rank == led.rank


def call_fits(card: Card, call: Call, led: Card | None) -> bool:
    """Whether ``card`` may carry ``call``: saying nothing always, any call only on the rank led (§6; DS-R02)."""
    return call is Call.NONE or (led is not None and is_rank_match(card, led))


def is_quack(lead: Card, follow: Card, call: Call, calls: Calls) -> bool:
    """Whether the follower has quacked: a card of the rank led, with the call (Rules §6; option ``calls``, DS-R15).

    With silent calls every card of the rank led is a quack.

    post: __return__ == (follow.rank == lead.rank) or (calls == Calls.SPOKEN and not __return__)
    """
    return is_rank_match(follow, lead) and (calls is Calls.SILENT or call is Call.QUACK)


def is_quack_quack_answer(led: Card, card: Card, call: Call, calls: Calls) -> bool:
    """Whether a card the leader plays while a quack waits is the answer "quack-quack" (§6; DS-R10; option ``calls``).

    Spoken, the card carries the call (its rank is checked as for every call, DS-R02); silent,
    it is a card of the rank led (DS-R15).

    post: calls == Calls.SPOKEN or __return__ == (card.rank == led.rank)
    """
    return is_rank_match(card, led) if calls is Calls.SILENT else call is Call.QUACK_QUACK


NO_CALL = (Call.NONE,)


def calls_for(card: Card, phase: Phase, led: Card | None, calls: Calls) -> tuple[Call, ...]:
    """The calls with which ``card`` may be played in ``phase``, in canonical order, perhaps none (Rules §6;
    DS-R02, DS-R10, DS-R12; option ``calls``, DS-R15).

    A card of the rank led may carry any call of the moment (:func:`calls_allowed`), since every
    call fits it; any other card only none, and, while a quack waits, it cannot be played at all:
    the leader answers with "duck" or a card of the rank.

    pre: phase != Phase.OVER
    post: all(call in calls_allowed(phase, calls) and call_fits(card, call, led) for call in __return__)
    """
    if led is not None and is_rank_match(card, led):
        return calls_allowed(phase, calls)
    return () if phase is Phase.ANSWER else NO_CALL


def may_say_duck(phase: Phase) -> bool:
    """Whether the answer "duck" may be given: only while a quack waits for the leader's answer (Rules §6).

    post: __return__ == (phase == Phase.ANSWER)
    """
    return phase is Phase.ANSWER


def duck_problem(phase: Phase) -> IllegalAction | None:
    """The refusal of "duck" where no quack waits for the leader's answer (Rules §6), else None."""
    if may_say_duck(phase):
        return None
    return IllegalAction(
        ErrorCode.DUCK_NOT_ALLOWED, "§6", "'duck' answers a quack, and no quack is waiting; play a card"
    )


def answer_problem(phase: Phase, led: Card | None, card: Card, call: Call, calls: Calls) -> IllegalAction | None:
    """The refusal of a card that does not answer the quack waiting (Rules §6; DS-R10; option ``calls``, DS-R15).

    While a quack waits, the leader says "duck" or plays the quack-quack; any other play is refused.
    """
    if phase is not Phase.ANSWER or led is None or is_quack_quack_answer(led, card, call, calls):
        return None
    rank = led.rank.letter
    how = f"lead another {rank}" + (" (calls are silent)" if calls is Calls.SILENT else " with 'quack-quack'")
    return IllegalAction(ErrorCode.ANSWER_REQUIRED, "DS-R10", f"a quack is waiting: say 'duck', or {how}")


def call_problem(phase: Phase, led: Card | None, card: Card, call: Call, calls: Calls) -> IllegalAction | None:
    """The refusal of a call the moment does not allow (DS-R12; silent calls, DS-R15) or said with a card of another
    rank (DS-R02) (Rules §6; option ``calls``), else None."""
    allowed = calls_allowed(phase, calls)
    if call not in allowed:
        ruling = "DS-R15" if calls is Calls.SILENT else "DS-R12"
        said = "no call is said: calls are silent" if calls is Calls.SILENT else f"allowed here: {', '.join(allowed)}"
        return IllegalAction(
            ErrorCode.CALL_NOT_ALLOWED, ruling, f"'{call}' cannot be said when the {phase} is played; {said}"
        )
    if call_fits(card, call, led) or led is None:
        return None
    return IllegalAction(
        ErrorCode.CALL_RANK_MISMATCH, "DS-R02", f"'{call}' needs a card of the rank led ({led.rank.letter}), not {card}"
    )


def quack_answered_by_duck(lead: Card, quack: Card) -> tuple[Role, Trick]:
    """The winner and the trick when the leader answers a quack with "duck" (Rules §6).

    The quacker (the follower) wins; the trick holds two suits, so it is worth 2.

    pre: lead.rank == quack.rank and lead.suit != quack.suit
    post: __return__[0] == Role.FOLLOWER and __return__[1].points == 2
    """
    return Role.FOLLOWER, Trick(lead, quack)


def is_duck_soup(third: Card, fourth: Card, call: Call, calls: Calls) -> bool:
    """Whether the fourth card takes both tricks: the last card of the rank, called (Rules §6; DS-R03; option
    ``calls``, DS-R15: silent, the last card of the rank takes both without a word).

    post: __return__ == (fourth.rank == third.rank) or (calls == Calls.SPOKEN and not __return__)
    """
    return is_rank_match(fourth, third) and (calls is Calls.SILENT or call is Call.DUCK_SOUP)


def quack_quack_result(
    lead: Card, quack: Card, third: Card, fourth: Card, call: Call, calls: Calls
) -> tuple[Role, tuple[Trick, Trick]]:
    """The winner of both tricks of a quack-quack, and the two tricks (Rules §6; option ``calls``).

    The first trick (the lead and the quack) has two suits, 2 points. The second (the third
    and the fourth card) is worth 1 if the fourth card is of the third card's suit, else 2;
    with "duck soup" it always holds two suits, so 2 + 2 points in all.

    pre: lead.rank == quack.rank and lead.suit != quack.suit
    post: __return__[1][0].points == 2
    post: __return__[0] == (Role.FOLLOWER if is_duck_soup(third, fourth, call, calls) else Role.LEADER)
    """
    winner = Role.FOLLOWER if is_duck_soup(third, fourth, call, calls) else Role.LEADER
    return winner, (Trick(lead, quack), Trick(third, fourth))
