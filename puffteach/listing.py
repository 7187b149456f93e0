"""Whole plays that scale: :func:`count_plays` (exact) and :func:`iter_plays` (lazy).

A *play* is one distinct way a roll can end: a distinct (resulting position with the side to
roll next and every state key, outcome) pair, each listed once with one move sequence that
reaches it (design.md, ``plays``). A Puff later pasch (four top faces then four bottom faces,
in that order) or a generalpasch can end in 10⁵ ways, so the ordered regimes are not listed
through :class:`~puffteach.movegen.Turn` objects but over compact integer keys:

- **Keys.** A node is one Python int: the mover's 26 counts (a byte each), the opponent's 26
  counts, a bit "a die was forfeited" (it can decide the re-roll) and, under
  ``long-puff-entry`` (e), where the last moved checker stands. A step adds a constant to the
  key; positions and :class:`~puffteach.movegen.Play` objects are built only for the plays
  handed out.
- **Steps and their rules come from the engine.** The legal steps of a die depend on the
  mover's counts only through which points he occupies, and on the opponent's exact counts
  (which only hits change). So ``raw_steps`` is asked once per such *shape* and die, on a real
  position; each step's constant is what the walkers' :func:`~puffteach.movegen.advance`
  makes of it (the position after it and the checker that goes on moving), encoded; and
  whether it may end the game is the family's rule
  (:class:`~puffteach.families.EarlyWins`, the one the walkers ask), held as a mask of the
  mover's borne-off counts. The answer serves every node of that shape.
- **Canonical order within a run of equal dice.** Moving k equal dice, the opponent's blocks
  do not change (a hit only removes a blot), so any legal sequence sorted by source point is
  legal too and reaches the same position; each multiset of steps is therefore made once,
  in ascending source order (a node remembers the source of its last step), instead of k!
  times. Not used where a step's legality depends on the order in another way
  (``long-puff-entry``), nor where an early win may leave something to move (the order would
  decide where the roll ends: ``EarlyWins.terminal``).
- **Count**: level by level (one level per die due), a dict key -> smallest last source (a
  smaller one allows more), the last level straight into a set of end keys.
  **List**: depth first, with the same per-level memory, so the first plays come at once; a
  set of final identities keeps each play once.
- **Ends** go through ``finish`` (pasch count, streak, side to move, outcome). For a Puff
  ordered roll ``finish`` changes only the state keys, as a function of the plan, of whether a
  die was forfeited and of the outcome; it is asked once per (plan, forfeited or not) and the
  answer reused (checked on that end: the boards must come back unchanged and without an
  outcome, else every end goes through ``finish``). Ends that may win go through ``finish``
  one by one: a step the family's rule says may end the game (Puff: the last checker borne
  off, P-win), if ``early_outcome`` finds the win, and, with tower-goose, boards on one or
  fifteen points (the shapes of a tower and a goose march).

Free regimes (bräde, PI's unequal dice) have at most a few hundred plays and are listed through
``turn_steps``/``push``/``finish`` as before. Plays of several plans of one roll (a
generalpasch named or played as rolled) share one set of identities.

The cyclic garbage collector is switched off during the bulk work (restored in ``finally``):
the many small tuples made no cycles but triggered it constantly.
"""

from __future__ import annotations

import gc
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from itertools import chain, islice
from typing import Any, TypeVar, cast

from .board import OFF
from .color import Color
from .errors import DiceError, LocalizedError, message_of
from .explain import IllegalMoveError, explain_step, find_step
from .families import EarlyWins, family_of
from .movegen import (
    Plan,
    Play,
    Step,
    Turn,
    advance,
    begin,
    begin_roll,
    early_outcome,
    finish,
    forfeit_span,
    plans,
    push,
    raw_steps,
    turn_steps,
)
from .outcome import Outcome
from .position import CHECKERS, Position
from .rules import RuleSet

__all__ = [
    "FACES",
    "after_faces",
    "count_completions",
    "count_face_plays",
    "count_plays",
    "count_turn_plays",
    "count_turns_plays",
    "iter_completions",
    "iter_face_plays",
    "iter_plays",
    "iter_turn_plays",
    "iter_turns_plays",
    "legal_plays",
    "plays_from",
]

_new = tuple.__new__
_T = TypeVar("_T")

# ----------------------------------------------------------------------------- key layout
_POINTS = 26
_OPP = 8 * _POINTS  # bits 0..207 the mover's counts (a byte each), 208..415 the opponent's
_LOST = 2 * _OPP  # bit 416: a die has been forfeited
_CONT = _LOST + 1  # bits 417..421: 1 + long-puff-entry's continuation point (0: none)
_REST = _LOST + 8  # bits 424..447: the index of the state keys (side to move, pasches, flags)
_TAIL = _REST + 24  # final identities: the index of (state keys, outcome) after finish
_SIDE_MASK = (1 << _OPP) - 1
_BOARD_MASK = (1 << _LOST) - 1
_LOST_BIT = 1 << _LOST
_CONT_MASK = 31 << _CONT
_REST_MASK = ((1 << 24) - 1) << _REST
#: what the legal steps may depend on besides which points the mover occupies
_SHAPE_KEEP = (_BOARD_MASK ^ _SIDE_MASK) | _CONT_MASK | _REST_MASK
#: what decides how finish ends a non-winning roll: the state keys and "a die forfeited"
_STATUS_MASK = _REST_MASK | _LOST_BIT
_LOW_BITS = int.from_bytes(b"\x01" * _POINTS, "little")  # bit 0 of every count byte
_OFF_SHIFT = 8 * 25
#: occupied points of a tower and of a goose march (the patterns finish may see)
_SHAPES = frozenset((1, CHECKERS))

#: (source point, key delta, may end the game, step); "may end": the borne-off counts of the
#: mover (a bit each) after which the step may end the game, from the family's rule
#: (:attr:`EarlyWins.masks <puffteach.families.EarlyWins.masks>`)
Entry = tuple[int, int, int, Step]
#: the steps of a die at a node: the entries (by source point), their sources, their key
#: deltas, and whether any may end the game
Steps = tuple[tuple[Entry, ...], tuple[int, ...], tuple[int, ...], bool]
#: what finish makes of a non-winning end of one status: (tail index, state keys, again)
Fast = tuple[int, tuple[Any, ...], bool]


def _enc(counts: tuple[int, ...]) -> int:
    return int.from_bytes(bytes(counts), "little")


def _dec(bits: int) -> tuple[int, ...]:
    return tuple((bits & _SIDE_MASK).to_bytes(_POINTS, "little"))


def _occupied(k: int) -> int:
    """Bit 0 of each of the mover's count bytes set where he has checkers (counts are < 16)."""
    own = k & _SIDE_MASK
    s = own | (own >> 2)
    s |= s >> 1
    return s & _LOW_BITS


class _Identities:
    """Distinct plays of one roll: a set of ints (boards | tail index); the state-key tuples
    and the tails numbered; the steps per shape. Shared by the plans of a roll."""

    def __init__(self, me: Color) -> None:
        self.me = me
        self.seen: set[int] = set()
        self.tails: dict[tuple[object, ...], int] = {}
        self.rests: dict[tuple[Any, ...], int] = {}
        self.rest_list: list[tuple[Any, ...]] = []
        #: raw_steps per (die, first roll) and shape
        self.memo: dict[tuple[int, bool], dict[int, Steps]] = {}
        #: the middle game's steps point by point, per (die, first roll), context and point
        self.points: dict[tuple[int, bool], dict[int, dict[int, tuple[Entry, ...]]]] = {}
        #: has some step changed the state keys (their index in a key)? If not, and no die
        #: was forfeited, every end of a roll has the status of its start
        self.varies = False

    def tail(self, final: Position, outcome: Outcome | None) -> int:
        key = (*final[2:], outcome)
        n = self.tails.get(key)
        if n is None:
            n = self.tails[key] = len(self.tails)
        return n << _TAIL

    def board(self, pos: Position) -> int:
        if self.me:
            own, opp = pos.b, pos.w
        else:
            own, opp = pos.w, pos.b
        return _enc(own) | (_enc(opp) << _OPP)

    def key(self, pos: Position) -> int:
        """Boards and state keys of a position met during the roll."""
        rest = pos[2:]
        n = self.rests.get(rest)
        if n is None:
            n = self.rests[rest] = len(self.rest_list)
            self.rest_list.append(rest)
        return self.board(pos) | (n << _REST)

    def of_play(self, play: Play) -> int:
        return self.board(play.position) | self.tail(play.position, play.outcome)


# ----------------------------------------------------------------------------- ordered rolls


def _ordered(t: Turn) -> bool:
    """Is ``t`` walked over int keys? An ordered roll in progress whose family's early wins
    come only after a step that bears off (:attr:`EarlyWins.bearoff
    <puffteach.families.EarlyWins.bearoff>`: a win after such a step depends only on the
    positions, which the keys hold). Any other roll is listed through the walker's step
    strategy (:func:`_free_plays`)."""
    return not t.done and not t.plan.free and family_of(t.rules).early_wins.bearoff


class _Ordered:
    """One ordered roll (P-order, the pasches) from a turn in progress, over int keys."""

    def __init__(self, t: Turn, ids: _Identities) -> None:
        rs = self.rs = t.rules
        self.t = t
        self.ids = ids
        self.me = t.pos.turn
        self.dice = t.remaining
        crit = t.critical
        self.first = t.plan.first_roll
        fam = family_of(rs)
        self.track_cont = fam.follows_checker(rs)
        #: where a step may end the game: the family's rule, as the walkers ask it
        self.wins: EarlyWins = fam.early_wins
        #: ascending sources within a run of equal dice (see the module docstring): not when
        #: an early win may leave something to move (the order would decide where it ends)
        self.canonical = (
            rs.enter_first and not self.track_cont and not self.first and self.wins.terminal
        )
        n = len(self.dice)
        #: settle: where the roll goes on when die i has no step (n: it ends), by the
        #: walkers' rule (forfeit_span)
        self.skip_to = [i + forfeit_span(crit[i:]) for i in range(n)]
        self.same = [
            self.canonical and i + 1 < n and self.dice[i + 1] == self.dice[i] for i in range(n)
        ]
        k = ids.key(t.pos) | self.cont_bits(t.cont)
        if t.forfeited:
            k |= _LOST_BIT
        self.start = k
        self.memos = [ids.memo.setdefault((d, self.first), {}) for d in self.dice]
        self.points = [ids.points.setdefault((d, self.first), {}) for d in self.dice]
        self.patterns = fam.shape_wins(rs)
        #: per status (state keys, forfeited or not): what finish makes of a non-winning end;
        #: None when finish must see every end of that status
        self.fast: dict[int, Fast | None] = {}

    def cont_bits(self, cont: int | None) -> int:
        """long-puff-entry's continuing checker in a key (nothing without the option)."""
        return 0 if cont is None or not self.track_cont else (cont + 1) << _CONT

    # -- positions from keys
    def position(self, k: int) -> Position:
        own, opp = _dec(k), _dec(k >> _OPP)
        rest = self.ids.rest_list[(k & _REST_MASK) >> _REST]
        if self.me:
            return _new(Position, (opp, own, *rest))
        return _new(Position, (own, opp, *rest))

    def entries(self, i: int, k: int) -> Steps:
        """The legal steps of die i at node k, sorted by source point (memoised by shape; in
        the middle game assembled point by point)."""
        shape = _occupied(k) | (k & _SHAPE_KEEP)
        memo = self.memos[i]
        got = memo.get(shape)
        if got is not None:
            return got
        own = (k & _SIDE_MASK).to_bytes(_POINTS, "little")
        if own[0] or not any(own[1:19]):  # entering or bearing off: ask raw_steps
            found = self._ask(i, k)
        else:  # the middle game: a point's steps do not depend on the other points
            per = self.points[i].setdefault(k & _SHAPE_KEEP, {})
            occupied = [p for p in range(1, OFF) if own[p]]
            parts = [per.get(p) for p in occupied]
            if None in parts:
                found = self._ask(i, k)
                for p in occupied:
                    per[p] = tuple(e for e in found if e[0] == p)
            else:
                found = tuple(chain.from_iterable(cast("list[tuple[Entry, ...]]", parts)))
        if found:
            frms, deltas, ends, _ = zip(*found, strict=True)
            got = (found, frms, deltas, any(ends))
        else:
            got = ((), (), (), False)
        memo[shape] = got
        return got

    def _ask(self, i: int, k: int) -> tuple[Entry, ...]:
        """raw_steps at node k, each step with its key delta (the walkers' :func:`advance`,
        encoded) and where it may end the game (the family's :class:`EarlyWins`)."""
        rs, die, key, cont_bits = self.rs, self.dice[i], self.ids.key, self.cont_bits
        masks = self.wins.masks
        pos = self.position(k)
        c = (k >> _CONT) & 31
        cont = c - 1 if c else None
        base = key(pos) | cont_bits(cont)
        out: list[Entry] = []
        for st in raw_steps(rs, pos, die, cont, self.first):
            p2, c2 = advance(rs, pos, st)
            after = key(p2) | cont_bits(c2)
            if (after ^ base) & _REST_MASK:
                self.ids.varies = True
            out.append((st.frm, after - base, masks[st.to == OFF], st))
        out.sort(key=lambda e: e[0])
        return tuple(out)

    # -- ends
    def _finish(
        self, pos: Position, moves: tuple[Step, ...], lost: tuple[int, ...], oc: Outcome | None
    ) -> tuple[Position, Outcome | None, bool]:
        t = self.t
        done = Turn(self.rs, t.start, t.plan, pos, (), (), moves, lost, None, oc, t.target)
        return finish(done)

    def _maybe_pattern(self, k: int) -> bool:
        """Could finish see a tower (one point) or a goose march (fifteen points)?"""
        return self.patterns and _occupied(k).bit_count() in (1, CHECKERS)

    def end_identity(
        self, k: int, moves: tuple[Step, ...] | None, lost: tuple[int, ...] | None
    ) -> int:
        """The identity of an end at key k that did not win on the way."""
        status = k & _STATUS_MASK
        fast = self.fast.get(status)
        if fast is not None and not self._maybe_pattern(k):
            return (k & _BOARD_MASK) | fast[0]
        pos = self.position(k)
        if lost is None:
            lost = (self.dice[-1],) if k & _LOST_BIT else ()
        final, outcome, again = self._finish(pos, moves or (), lost, None)
        tail = self.ids.tail(final, outcome)
        if status not in self.fast and not self._maybe_pattern(k):
            ok = outcome is None and final[:2] == pos[:2]
            self.fast[status] = (tail, final[2:], again) if ok else None
        return self.ids.board(final) | tail

    def win(
        self, k: int, step: Step, ck: int, moves: tuple[Step, ...], lost: tuple[int, ...]
    ) -> tuple[int, Position, Outcome | None, bool] | None:
        """A step that may end the game (the family's :class:`EarlyWins`) from key k to key
        ck: (identity, final, outcome, again), or None when ``early_outcome`` sees no win."""
        before, pos = self.position(k), self.position(ck)
        oc = early_outcome(self.t, before, pos, step, moves)
        if oc is None:
            return None
        final, outcome, again = self._finish(pos, (*moves, step), lost, oc)
        return self.ids.board(final) | self.ids.tail(final, outcome), final, outcome, again

    # -- counting
    def count_into(self, seen: set[int]) -> None:
        """Add the identities of every end of the roll to ``seen``, level by level."""
        n = len(self.dice)
        ends: set[int] = set()
        wins: dict[int, tuple[int, Step]] = {}
        #: the nodes of each level (die due): key -> smallest last source
        levels: list[dict[int, int]] = [{} for _ in range(n + 1)]
        levels[0][self.start] = 0
        #: every early win leaves nothing to move: asked once per end key, after the levels
        terminal = self.wins.terminal
        forfeits = False
        for i in range(n):
            last = i == n - 1
            same = self.same[i]
            skip = self.skip_to[i]
            frontier, new = levels[i], levels[i + 1]
            get = new.get
            memo, entries = self.memos[i], self.entries
            for k, m in frontier.items():
                own = k & _SIDE_MASK
                occ = own | (own >> 2)
                occ |= occ >> 1
                got = memo.get((occ & _LOW_BITS) | (k & _SHAPE_KEEP))
                if got is None:
                    got = entries(i, k)
                found, frms, deltas, anyend = got
                if not found:  # settle: the die forfeited, and the rest if forfeit_span says so
                    forfeits = True
                    ck = (k & ~_CONT_MASK) | _LOST_BIT
                    if skip == n:
                        ends.add(ck)
                    else:
                        levels[skip][ck] = 0
                    continue
                if m:
                    j = bisect_left(frms, m)
                    found, frms, deltas = found[j:], frms[j:], deltas[j:]
                if anyend:
                    for frm, delta, end, st in found:
                        ck = k + delta
                        if end and end >> ((ck >> _OFF_SHIFT) & 255) & 1:  # (EarlyWins.may_end)
                            if terminal:
                                wins.setdefault(ck, (k, st))
                                continue
                            won_ = self.win(k, st, ck, (), self.lost_of(k))
                            if won_ is not None:
                                seen.add(won_[0])
                                continue
                        if last:
                            ends.add(ck)
                        else:
                            cm = frm if same else 0
                            old = get(ck)
                            if old is None or cm < old:
                                new[ck] = cm
                elif last:
                    ends.update(map(k.__add__, deltas))
                elif same:
                    for ck, cm in zip(map(k.__add__, deltas), frms, strict=True):
                        old = get(ck)
                        if old is None or cm < old:
                            new[ck] = cm
                else:
                    new.update(dict.fromkeys(map(k.__add__, deltas), 0))
            levels[i] = {}
        for ck, (k, st) in wins.items():
            won_ = self.win(k, st, ck, (), self.lost_of(k))
            if won_ is None:
                ends.add(ck)
            else:
                seen.add(won_[0])
        one = not (forfeits or self.ids.varies or self.start & _LOST_BIT)
        self._ends_into(ends, seen, self.start & _STATUS_MASK if one else None)

    def lost_of(self, k: int) -> tuple[int, ...]:
        """The dice forfeited before node k as counting knows them (whether any was)."""
        return (self.dice[0],) if k & _LOST_BIT else ()

    def _ends_into(self, ends: set[int], seen: set[int], status: int | None = None) -> None:
        """``status``: the one status of every end, when known (else each end's is read)."""
        if status is None:
            statuses = {e & _STATUS_MASK for e in ends}
        else:
            statuses = {status} if ends else set()
        slow: list[int] = []
        for status in statuses:
            part = ends if len(statuses) == 1 else {e for e in ends if e & _STATUS_MASK == status}
            if self.patterns:  # (_occupied, inline: this runs over every end)
                maybe = {
                    e
                    for e in part
                    if (
                        ((s := (o := e & _SIDE_MASK) | (o >> 2)) | (s >> 1)) & _LOW_BITS
                    ).bit_count()
                    in _SHAPES
                }
                slow.extend(maybe)
                part = part - maybe
            for e in part:  # settle the status on a first end
                seen.add(self.end_identity(e, None, None))
                break
            fast = self.fast.get(status)
            if fast is None:
                slow.extend(part)
            else:
                tail = fast[0]
                if len(statuses) == 1 and not self.track_cont:  # e = boards | status
                    seen.update(map((tail - status).__add__, part))
                else:
                    seen.update([(e & _BOARD_MASK) | tail for e in part])
        for e in slow:
            seen.add(self.end_identity(e, None, None))

    # -- listing
    def walk(self, stop: int | None = None) -> Iterator[Play]:
        """Every end not yet in the identities, depth first (first plays come at once).

        ``stop``: walk only the first ``stop`` dice due; each distinct node reached there (its
        key: boards, state keys, a die forfeited, long-puff-entry's continuing checker) comes
        out as a Play with ``remaining`` the dice still due (a staged listing's first stage);
        ends met before (a critical forfeit, the last checker off) come out as whole plays."""
        t, plan, seen = self.t, self.t.plan, self.ids.seen
        n = len(self.dice)
        cut = n if stop is None else min(stop, n)
        partial: set[int] = set()
        visited: list[dict[int, int]] = [{} for _ in range(n)]
        stack: list[tuple[int, int, int, tuple[Step, ...], tuple[int, ...]]] = [
            (0, self.start, 0, t.moves, t.forfeited)
        ]
        pop, append = stack.pop, stack.append
        while stack:
            i, k, m, moves, lost = pop()
            if i == n:
                play = self._end_play(k, moves, lost)
                if play is not None:
                    yield play
                continue
            if i == cut:
                # the continuing checker (long-puff-entry (e)) matters only while the mover
                # has checkers waiting; none can come back to wait during his own roll
                pk = k if k & 255 else k & ~_CONT_MASK
                if pk not in partial:
                    partial.add(pk)
                    rest = self.dice[cut:]
                    yield Play(moves, lost, self.position(k), None, plan, False, rest)
                continue
            vis = visited[i]
            old = vis.get(k)
            if old is not None and old <= m:
                continue
            vis[k] = m
            entries = self.entries(i, k)[0]
            if not entries:  # settle: forfeit_span dice forfeited (at n the roll ends)
                j = self.skip_to[i]
                nk = (k & ~_CONT_MASK) | _LOST_BIT
                append((j, nk, 0, moves, lost + self.dice[i:j]))
                continue
            same = self.same[i]
            for frm, delta, end, st in reversed(entries):
                if frm < m:
                    break
                ck = k + delta
                if end and end >> ((ck >> _OFF_SHIFT) & 255) & 1:  # (EarlyWins.may_end)
                    got = self.win(k, st, ck, moves, lost)
                    if got is not None:
                        ident, final, outcome, again = got
                        if ident not in seen:
                            seen.add(ident)
                            yield Play((*moves, st), lost, final, outcome, plan, again)
                        continue
                append((i + 1, ck, frm if same else 0, (*moves, st), lost))

    def _end_play(self, k: int, moves: tuple[Step, ...], lost: tuple[int, ...]) -> Play | None:
        seen = self.ids.seen
        ident = self.end_identity(k, moves, lost)
        if ident in seen:
            return None
        seen.add(ident)
        fast = self.fast.get(k & _STATUS_MASK)
        if fast is not None and not self._maybe_pattern(k):
            own, opp = _dec(k), _dec(k >> _OPP)
            pair = (opp, own) if self.me else (own, opp)
            final = _new(Position, (*pair, *fast[1]))
            return Play(moves, lost, final, None, self.t.plan, fast[2])
        final, outcome, again = self._finish(self.position(k), moves, lost, None)
        return Play(moves, lost, final, outcome, self.t.plan, again)


# ----------------------------------------------------------------------------- free rolls


def _free_plays(t: Turn) -> list[Play]:
    """Every distinct way to finish ``t`` through turn_steps/push/finish (free regimes: a few
    hundred plays at most; also any turn already over, and an ordered roll of a family that
    may win early on other steps than bearing off, see :func:`_ordered`)."""
    out: dict[tuple[Position, Outcome | None], Play] = {}
    frontier: dict[tuple[Position, tuple[int, ...], tuple[int, ...], int | None], Turn] = {
        (t.pos, t.remaining, t.forfeited, t.cont): t
    }
    while frontier:
        new: dict[tuple[Position, tuple[int, ...], tuple[int, ...], int | None], Turn] = {}
        for cur in frontier.values():
            if cur.done:
                pos, outcome, again = finish(cur)
                key = (pos, outcome)
                if key not in out:
                    out[key] = Play(cur.moves, cur.forfeited, pos, outcome, cur.plan, again)
                continue
            for st in turn_steps(cur):
                nxt = push(cur, st)
                k = (nxt.pos, nxt.remaining, nxt.forfeited, nxt.cont)
                if k not in new:
                    new[k] = nxt
        frontier = new
    return list(out.values())


# ----------------------------------------------------------------------------- public API


def _no_gc(make: Callable[[], _T]) -> _T:
    enabled = gc.isenabled()
    gc.disable()
    try:
        return make()
    finally:
        if enabled:
            gc.enable()


def _turn_plays(turns: Iterable[Turn], faces: bool = False) -> Iterator[Play]:
    """The distinct plays of the turns (the plans of one roll), lazily, without the gc.
    ``faces``: only the first :data:`FACES` dice due of a plan with more (the first stage)."""
    ids: _Identities | None = None
    for t in turns:
        if ids is None:
            ids = _Identities(t.pos.turn)
        if _ordered(t):
            walker = _Ordered(t, ids)
            seq = len(t.plan.seq)
            stop = max(0, FACES - seq + len(t.remaining)) if faces and seq > FACES else None
            yield from walker.walk(stop)
            continue
        for play in _free_plays(t):
            ident = ids.of_play(play)
            if ident not in ids.seen:
                ids.seen.add(ident)
                yield play


def _take(source: Iterator[Play], n: int) -> list[Play]:
    return list(islice(source, n))


def _batched(source: Iterator[Play]) -> Iterator[Play]:
    """Hand out ``source`` in growing batches, each made with the gc off."""
    size = 128
    while True:
        batch = _no_gc(partial(_take, source, size))
        yield from batch
        if len(batch) < size:
            return
        size = min(size * 4, 8192)


def iter_turns_plays(turns: Iterable[Turn]) -> Iterator[Play]:
    """The distinct plays of several turns of one roll (e.g. every plan of a generalpasch),
    each once, lazily."""
    return _batched(_turn_plays(turns))


def iter_turn_plays(t: Turn) -> Iterator[Play]:
    """The distinct ways to finish the roll in progress ``t``, lazily."""
    return iter_turns_plays([t])


def iter_plays(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> Iterator[Play]:
    """Every distinct legal play of ``dice`` from ``pos``, lazily (the first come at once)."""
    return iter_turns_plays(begin_roll(rs, pos, dice))


def count_turns_plays(turns: Iterable[Turn]) -> int:
    """The exact number of distinct plays of several turns of one roll."""

    def run() -> int:
        ids: _Identities | None = None
        for t in turns:
            if ids is None:
                ids = _Identities(t.pos.turn)
            if _ordered(t):
                walker = _Ordered(t, ids)
                walker.count_into(ids.seen)
            else:
                ids.seen.update(ids.of_play(p) for p in _free_plays(t))
        return 0 if ids is None else len(ids.seen)

    return _no_gc(run)


def count_turn_plays(t: Turn) -> int:
    """The exact number of distinct ways to finish the roll in progress ``t``."""
    return count_turns_plays([t])


def count_plays(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> int:
    """The exact number of distinct legal plays of ``dice`` from ``pos`` (distinct resulting
    position, state keys and side to move included, or outcome)."""
    return count_turns_plays(begin_roll(rs, pos, dice))


def plays_from(t: Turn) -> list[Play]:
    """Every distinct way to finish the roll from ``t`` (distinct position or outcome)."""
    return list(iter_turn_plays(t))


def legal_plays(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> list[Play]:
    """Every distinct legal way to move the roll ``dice`` from ``pos`` (design.md ``plays``);
    :func:`iter_plays` hands them out lazily, :func:`count_plays` counts them."""
    return list(iter_plays(rs, pos, dice))


# ----------------------------------------------------------------------------- staged listing

#: the rolled faces of a Puff later pasch: its first four moves (then the four bottom faces)
FACES = 4


def _staged_plans(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> list[Plan]:
    """The plans of a roll that a staged listing splits: some plan must have more than
    :data:`FACES` dice due (a later pasch, or a generalpasch that may be named as one)."""
    found = plans(rs, pos, dice)
    if all(len(p.seq) <= FACES for p in found):
        raise DiceError("error.stage.no_faces", dice="-".join(map(str, dice)), faces=FACES)
    return found


def iter_face_plays(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> Iterator[Play]:
    """The first stage of a staged listing: every distinct way to play the rolled faces.

    For each plan of more than :data:`FACES` dice due (a Puff later pasch: four top faces,
    then four bottom faces) one :class:`~puffteach.movegen.Play` per distinct position after
    its first four dice, with ``remaining`` the bottom faces still due and ``position`` the
    position mid-roll (under long-puff-entry two may share a position when a different
    checker may go on moving, rule (e)). A roll that ends within the faces (a top face
    forfeited, the last checker borne off) is a whole play, ``remaining`` empty; so is every
    play of a plan of four dice or fewer (a generalpasch played as rolled or named as a first
    pasch). :func:`iter_completions` lists what follows each; together they make exactly the
    plays of :func:`iter_plays`. A roll without a plan of more than four dice (an ordinary
    roll, a first pasch) has no stages: DiceError ``error.stage.no_faces``."""
    turns = [begin(rs, pos, plan) for plan in _staged_plans(rs, pos, dice)]
    return _batched(_turn_plays(turns, faces=True))


def count_face_plays(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> int:
    """The number of first-stage results (:func:`iter_face_plays`; about a thousand at most)."""
    return sum(1 for _ in iter_face_plays(rs, pos, dice))


def after_faces(
    rs: RuleSet,
    pos: Position,
    dice: tuple[int, ...],
    after: Play | Sequence[str | Step],
    named: int | None = None,
) -> Turn:
    """The roll in progress after its rolled faces were played as ``after``: a first-stage
    result (its moves and named pasch), or the moves (texts like ``"3/5"`` or steps) of the
    plan ``named`` (the pasch named for a generalpasch; None: as rolled).

    The moves must be legal one after the other and play exactly the rolled faces (the first
    :data:`FACES` dice due; all of a plan with fewer), unless the roll ends before; else a
    LocalizedError says what is wrong."""
    moves: Sequence[str | Step] = after.moves if isinstance(after, Play) else after
    if isinstance(after, Play):
        named = after.plan.named
    options = [p for p in _staged_plans(rs, pos, dice) if p.named == named]
    if not options:
        general = "-".join(map(str, pos.general)) if pos.general else "none"
        shown = "-".join(map(str, dice))
        raise DiceError("error.game.name_bad", dice=shown, general=general, x=named)
    t = begin(rs, pos, options[0])
    faces = min(FACES, len(t.plan.seq))
    for i, move in enumerate(moves):
        if t.done or len(t.plan.seq) - len(t.remaining) >= faces:
            raise LocalizedError("error.stage.after_long", n=len(moves), faces=faces)
        try:
            if isinstance(move, Step):
                if move not in turn_steps(t):
                    raise IllegalMoveError(explain_step(t, str(move)))
                step = move
            else:
                step = find_step(t, move)
        except ValueError as e:
            raise LocalizedError(
                "error.stage.after_move", n=i + 1, move=repr(str(move)), error=message_of(e)
            ) from None
        t = push(t, step)
    if not t.done and len(t.plan.seq) - len(t.remaining) < faces:
        raise LocalizedError("error.stage.after_short", n=len(moves), faces=faces)
    return t


def iter_completions(
    rs: RuleSet,
    pos: Position,
    dice: tuple[int, ...],
    after: Play | Sequence[str | Step],
    named: int | None = None,
) -> Iterator[Play]:
    """The second stage: every distinct way to finish the roll after the rolled faces were
    played as ``after`` (see :func:`after_faces`), as whole plays whose moves begin with
    ``after``; a first-stage result that is a whole play has itself as its one completion."""
    return iter_turn_plays(after_faces(rs, pos, dice, after, named))


def count_completions(
    rs: RuleSet,
    pos: Position,
    dice: tuple[int, ...],
    after: Play | Sequence[str | Step],
    named: int | None = None,
) -> int:
    """The exact number of :func:`iter_completions`."""
    return count_turn_plays(after_faces(rs, pos, dice, after, named))
