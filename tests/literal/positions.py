"""Random lawful positions of a kind, for the differential tests.

Lawful: every man of the two armies at most once, on the board, or taken
by the adversary (in his list of men taken, and, where prisoners are kept to
be entered, perhaps in his hand); a king who has lost layers, those layers
held by the adversary (taken; in his hand in the second kind, where he may
ransom them); prisoners on the board only where they may stand (the first
kind's fight anywhere; the second kind's stand in their conqueror's
adversary's camp; the third kind keeps none). Not every man taken need be
listed: the lists are kept short so that the common victories are now won,
now not.

Scenes make the manners of taking and the triumphs likely, for random men
seldom meet by a number: `scatter` (men anywhere in a band of ranks),
`cluster` (men packed in a small field), `siege` (an enemy of the side to
move hindered on all his draughts but one, by men of the side to move),
`triumph` (the enemy king gone, men of the side to move set for a triumph
in the enemy's camp, one of them perhaps a move away), `numbers` (an enemy
and men of the side to move whose numbers make his by some manner of the
kind, one of them where he takes, the other near, or both where they take).

Randomness comes from a random.Random (Hypothesis's st.randoms() in the
tests, a seeded one in tools/literal.py).
"""

from __future__ import annotations

import random
from itertools import combinations

from rithmocheck.play.position import Layer, Man, Position, Square

from .book import OTHER, SIDES, Book
from .taking import _made, in_proportion, lines_of_three, manners, powers, squares_of_four

SCENES = ("scatter", "cluster", "siege", "triumph", "numbers", "numbers", "numbers")


def army(book: Book, side: str) -> list[Man]:
    """A side's men, the king whole."""
    men = [Man(s, shape, value) for s, shape, value in book.men if s == side]
    layers = tuple(Layer(v, s) for v, s in book.kings[side])
    return [*men, Man(side, "pyramid", sum(v for v, _s in book.kings[side]), layers)]


def random_position(book: Book, rng: random.Random, scene: str | None = None) -> Position:
    scene = scene or rng.choice(SCENES)
    pool = {s: army(book, s) for s in SIDES}
    for s in SIDES:
        rng.shuffle(pool[s])
    to_move = rng.choice(SIDES)
    board: dict[Square, Man] = {}
    taken: dict[str, list[Man]] = {"even": [], "odd": []}
    hand: dict[str, list[Man]] = {"even": [], "odd": []}

    def free(squares: list[Square]) -> list[Square]:
        return [q for q in squares if q not in board and book.on_board(q)]

    def take_man(side: str, pred=lambda m: True) -> Man | None:  # type: ignore[no-untyped-def]
        for i, m in enumerate(pool[side]):
            if pred(m):
                return pool[side].pop(i)
        return None

    def king_of(m: Man) -> Man:
        """Now and then a king who has lost layers, which the adversary holds."""
        if m.shape != "pyramid" or rng.random() < 0.5:
            return m
        whole = m.layers
        lost = set(rng.sample(range(len(whole)), rng.randint(1, len(whole) - 1)))
        bears = tuple(l for i, l in enumerate(whole) if i not in lost)
        for i in sorted(lost):
            prisoner = Man(m.side, whole[i].shape, whole[i].value)
            taken[OTHER[m.side]].append(prisoner)
            if book.kind != 3 and rng.random() < 0.7:
                hand[OTHER[m.side]].append(prisoner)
        return Man(m.side, "pyramid", sum(l.value for l in bears), bears)

    band = _band(book, rng)
    if scene == "numbers":
        _numbers_scene(book, rng, board, pool, to_move, take_man, king_of)
    if scene == "siege":
        _siege(book, rng, board, pool, to_move, take_man, king_of)
    elif scene == "triumph":
        _triumph(book, rng, board, pool, to_move, take_man, taken)
    if scene == "cluster":
        x0, y0 = rng.randint(0, 4), rng.randint(0, book.ranks - 4)
        field = [(x, y) for x in range(x0, x0 + 4) for y in range(y0, y0 + 4)]
        n = rng.randint(4, 12)
    else:
        field = [(x, y) for x in range(8) for y in band]
        n = rng.randint(2, 14) if scene == "scatter" else rng.randint(0, 8)
    for _ in range(n):
        spaces = free(field)
        side = rng.choice(SIDES)
        if not spaces or not pool[side]:
            break
        m = take_man(side)
        if m is None:
            continue
        if m.shape == "pyramid" and scene == "triumph" and side != to_move:
            pool[side].append(m)
            continue
        board[rng.choice(spaces)] = king_of(m)
    # prisoners: the first kind's turned men fight anywhere; the second kind's stand in the camp where
    # they serve a triumph
    if book.kind != 3:
        for _ in range(rng.choice((0, 0, 1, 2, 3))):
            side = rng.choice(SIDES)
            m = take_man(OTHER[side], lambda x: x.shape != "pyramid")
            if m is None:
                continue
            spaces = free(field) if book.kind == 1 else [q for q in free(field) if book.in_camp_of_enemy(side, q)]
            if not spaces:
                pool[OTHER[side]].append(m)
                continue
            board[rng.choice(spaces)] = Man(side, m.shape, m.value, (), turned=True)
            taken[side].append(m)
    # men taken: some of those not on the board
    p = rng.random()
    for s in SIDES:
        for m in pool[s]:
            if m.shape != "pyramid" and rng.random() < p and len(taken[OTHER[s]]) < 12:
                taken[OTHER[s]].append(m)
                if book.kind != 3 and rng.random() < 0.15 and len(hand[OTHER[s]]) < 3:
                    hand[OTHER[s]].append(m)
    if book.kind == 3:
        hand = {"even": [], "odd": []}
    return Position.of(board, to_move, taken=taken, hand=hand)


def _band(book: Book, rng: random.Random) -> list[int]:
    height = rng.randint(3, book.ranks)
    start = rng.randint(0, book.ranks - height)
    return list(range(start, start + height))


def _siege(book: Book, rng: random.Random, board: dict[Square, Man], pool: dict[str, list[Man]], to_move: str,
           take_man, king_of) -> None:  # type: ignore[no-untyped-def]
    """An enemy of the side to move, hindered on every draught by the side's men but one, whose man stands
    near: some move may close the siege."""
    enemy = OTHER[to_move]
    victim = take_man(enemy, lambda m: rng.random() < 0.3 or m.shape == "pyramid")
    if victim is None:
        return
    victim = king_of(victim)
    vsq = (rng.randint(0, 7), rng.randint(0, book.ranks - 1))
    board[vsq] = victim
    ways: list[tuple[tuple[int, int], int]] = []
    if book.kind == 3:
        from .book import CORNERWISE, DIRECT, EVERY_WAY
        ring = EVERY_WAY if book.option("cornerwise") is True or rng.random() < 0.3 else DIRECT
        ways = [(w, 1) for w in ring]
        if rng.random() < 0.2:
            ways = [(w, 1) for w in CORNERWISE]
    else:
        far: dict[tuple[int, int], int] = {}
        for d in book.draughts(victim):
            far[d.way] = max(far.get(d.way, 0), d.steps)
        ways = list(far.items())
    open_one = rng.randrange(len(ways)) if ways else -1
    for i, (w, steps) in enumerate(ways):
        k = rng.randint(1, steps)
        sq = (vsq[0] + w[0] * k, vsq[1] + w[1] * k)
        if not book.on_board(sq) or sq in board:
            continue
        m = take_man(to_move, lambda x: x.shape != "pyramid")
        if m is None:
            return
        if i == open_one:  # displaced: a knight's leap or a step or two away
            dx, dy = rng.choice([(1, 2), (2, 1), (-1, 2), (2, -1), (0, 2), (2, 0), (1, 1), (-1, -1), (0, 3), (3, 0),
                                 (0, 1), (1, 0), (-1, 0), (0, -1)])
            sq = (sq[0] + dx, sq[1] + dy)
            if not book.on_board(sq) or sq in board:
                pool[to_move].append(m)
                continue
        board[sq] = m


def _triumph(book: Book, rng: random.Random, board: dict[Square, Man], pool: dict[str, list[Man]], to_move: str,
             take_man, taken: dict[str, list[Man]]) -> None:  # type: ignore[no-untyped-def]
    """The enemy king gone; three or four men of the side to move (his own, or prisoners in the first two
    kinds) set in the enemy's camp in a line or a square, their numbers some row of the book's proportions
    when the side has such men; one of them now and then a step away."""
    for i, m in enumerate(pool[OTHER[to_move]]):
        if m.shape == "pyramid":
            pool[OTHER[to_move]].pop(i)
            break
    camp = [(x, y) for x in range(8) for y in range(book.ranks) if book.in_camp_of_enemy(to_move, (x, y))]
    arrangements: list[tuple[Square, ...]] = [a for a in [*lines_of_three(book), *squares_of_four(book)]
                                               if all(q in camp for q in a)]
    if not arrangements:
        return
    arr = rng.choice(arrangements)
    values = {m.value: m for m in pool[to_move] if m.shape != "pyramid"}
    if book.kind != 3:
        for m in pool[OTHER[to_move]]:
            if m.shape != "pyramid":
                values.setdefault(m.value, m)
    wanted = _numbers(book, rng, sorted(values), len(arr))
    for sq, n in zip(arr, wanted):
        m = values.get(n) if n is not None else None
        if m is None:
            m = take_man(to_move, lambda x: x.shape != "pyramid")
            if m is None:
                return
        elif m in pool[to_move]:
            pool[to_move].remove(m)
        else:
            pool[m.side].remove(m)
            taken[to_move].append(m)
            m = Man(to_move, m.shape, m.value, (), turned=True)
        values.pop(m.value, None)
        if rng.random() < 0.2:
            sq = (sq[0] + rng.choice((-1, 0, 1)), sq[1] + rng.choice((-2, -1, 1, 2)))
        if book.on_board(sq) and sq not in board and (not book.inert(m) or book.in_camp_of_enemy(to_move, sq)):
            board[sq] = m


def _numbers(book: Book, rng: random.Random, have: list[int], count: int) -> list[int | None]:
    """Numbers the side has, in some proportion (a row of a table of four, or three in proportion), in a
    random order; None where none fits."""
    rows = [r for t in book.tables.values() for r in t if len(r) == count and all(n in have for n in r)]
    if count == 3 or not rows:
        threes = [c for c in combinations(have, 3) if in_proportion(*c)]
        if threes and (count == 3 or rng.random() < 0.5):
            pick = list(rng.choice(threes))
            if count == 4:
                pick.append(rng.choice(have))
            rng.shuffle(pick)
            return pick  # type: ignore[return-value]
    if rows and rng.random() < 0.8:
        pick = list(rng.choice(rows))
        rng.shuffle(pick)
        return pick  # type: ignore[return-value]
    return [None] * count


def _numbers_scene(book: Book, rng: random.Random, board: dict[Square, Man], pool: dict[str, list[Man]],
                   to_move: str, take_man, king_of) -> None:  # type: ignore[no-untyped-def]
    """An enemy, and one or two men of the side to move whose numbers make his (or a layer's) by a manner of
    the kind: the first set where he takes, the second set so too, or somewhere near."""
    enemy = OTHER[to_move]
    victim = take_man(enemy, lambda m: rng.random() < 0.15 or m.shape == "pyramid")
    if victim is None:
        return
    victim = king_of(victim)
    numbers = [victim.value] + [l.value for l in victim.layers]
    n = rng.choice(numbers)
    mine = [m for m in pool[to_move] if m.shape != "pyramid"]
    manner = rng.choice([m for m in manners(book) if m != "obsidion"])
    pairs: list[tuple[Man, ...]] = []
    if manner in ("equality", "encountering"):
        pairs = [(m,) for m in mine if m.value == n]
    elif manner in ("addition", "subtraction", "multiplication", "division", "lying-in-wait", "proportion"):
        for a, b in combinations(mine, 2):
            if manner == "proportion":
                x, y, z = sorted((a.value, b.value, n))
                if x < y < z and in_proportion(x, y, z):
                    pairs.append((a, b))
            elif _made(manner, a.value, b.value, n):
                pairs.append((a, b))
    elif manner == "cossick-signs":
        pairs = [(m,) for m in mine if any(r == n for r, _s in powers(book, m)) or
                 any(m.value == r for r, _s in powers(book, victim)) or m.value ** 2 in numbers]
    elif manner == "division-by-spaces":
        pairs = [(m,) for m in mine if m.value > n and m.value % n == 0 and m.value // n <= 16]
    else:  # multiplication by the spaces between, eruption
        pairs = [(m,) for m in mine if m.value < n and n % m.value == 0 and n // m.value <= 16]
    vsq = (rng.randint(0, 7), rng.randint(0, book.ranks - 1))
    board[vsq] = victim
    if not pairs:
        return
    takers = rng.choice(pairs)
    for i, t in enumerate(takers):
        pool[to_move].remove(t)
        spots = [q for q in _taking_spots(book, vsq, t, manner, n) if book.on_board(q) and q not in board]
        roll = rng.random()
        if spots and i == len(takers) - 1 and roll < 0.55:  # a draught away from where he takes
            spot = rng.choice(spots)
            spots = [(spot[0] - d.way[0] * d.steps, spot[1] - d.way[1] * d.steps) for d in book.draughts(t)]
        elif not spots or roll > 0.92:  # somewhere near
            spots = [(vsq[0] + dx, vsq[1] + dy) for dx in range(-3, 4) for dy in range(-3, 4) if dx or dy]
        spots = [q for q in spots if book.on_board(q) and q not in board]
        if spots:
            board[rng.choice(spots)] = t


def _taking_spots(book: Book, vsq: Square, t: Man, manner: str, n: int) -> list[Square]:
    """Where a man stands to take the enemy on vsq by the manner."""
    if manner in ("lying-in-wait", "proportion"):
        return [(vsq[0] + dx, vsq[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    if manner in ("multiplication-by-spaces", "division-by-spaces", "eruption"):
        spaces = t.value // n if t.value > n else n // t.value
        k = spaces - 1 if book.option("spaces-counting") == "both-ends" else spaces + 1  # the distance
        return [(vsq[0] + w[0] * k, vsq[1] + w[1] * k)
                for w in ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1))]
    return [(vsq[0] - d.way[0] * d.steps, vsq[1] - d.way[1] * d.steps) for d in book.draughts(t)]
