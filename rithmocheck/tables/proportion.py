"""Proportion tables (kind 1): the great, greater and greatest triumphs.

Witness: "Of the great triumph." (602), "Of the greater triumph." (676),
"Of the greatest triumph." (700).

Scaling (issue 16): a scholar may give a universe of thousands of numbers, so
no generator tries every combination, nor "a triple and every fourth number".

* Three numbers: arithmetic triples walk the pairs a < b with 2b - a within
  the universe (their count is of the order of the output on a range).
  Geometric and musical triples are found from their smallest term a by
  number theory: b*b = a*c makes b a multiple of the least g with a | g*g;
  (b - a)*c == (c - b)*a makes a + c a divisor of 2*a*a. Each walk takes
  whichever is shorter, the arithmetic progression or the universe's own
  numbers in the range, so it is never worse than the plain pair walk.
* Four numbers: every set the tables accept is a triple of one relation and
  a fourth number computed, in O(1), from two or three of the triple's
  numbers, or (arithmetic-and-geometric only) an arithmetic triple with a
  fourth number making a disjunct geometric proportion, which is enumerated
  by divisibility; see four_numbers for the proof that nothing is missed.

All arithmetic is exact integer arithmetic; every candidate is accepted only
by the same tests as proportions.agrees.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from itertools import combinations
from math import isqrt

from ..model.proportions import FOUR_DEFINITIONS, disjunct_allowed

Triple = tuple[int, int, int]
Four = tuple[int, int, int, int]


# --- the universe, with what the walks need ---------------------------------

def _primes_upto(n: int) -> list[int]:
    if n < 2:
        return []
    sieve = bytearray([1]) * (n + 1)
    sieve[0] = sieve[1] = 0
    for p in range(2, isqrt(n) + 1):
        if sieve[p]:
            sieve[p * p::p] = bytes(len(range(p * p, n + 1, p)))
    return [p for p in range(n + 1) if sieve[p]]


class _Space:
    """A universe of positive integers: its numbers in order, membership, and
    the factorisation of its numbers by trial division (memoised).

    Trial division uses the primes up to min(sqrt(top), max(1024, 8n)): on a
    range 1..N every number is factorised; a number with a large unfactorised
    cofactor gets no factorisation, and the walks over it fall back to the
    universe's own numbers in the range (the same results, as slow as the
    plain pair walk)."""

    def __init__(self, numbers: Iterable[int]):
        self.numbers = numbers if isinstance(numbers, frozenset) else frozenset(numbers)
        self.ordered = sorted(self.numbers)
        if self.ordered and self.ordered[0] < 1:
            raise ValueError("a universe holds positive integers only")
        self.top = self.ordered[-1] if self.ordered else 0
        self._own: dict[int, int] | None = None
        self._bound = min(isqrt(self.top), max(1024, 8 * len(self.ordered)))
        self._primes = _primes_upto(self._bound)
        self._factors: dict[int, dict[int, int] | None] = {}

    @property
    def own(self) -> dict[int, int]:
        """{v: v} for the universe's numbers: the universe's own int object of a value."""
        if self._own is None:
            self._own = {v: v for v in self.ordered}
        return self._own

    def factor(self, n: int) -> dict[int, int] | None:
        """{prime: exponent} of n, or None when the trial division cannot finish."""
        if n in self._factors:
            return self._factors[n]
        m, f = n, {}
        for p in self._primes:
            if p * p > m:
                break
            if m % p == 0:
                k = 0
                while m % p == 0:
                    m //= p
                    k += 1
                f[p] = k
        else:
            # every prime <= bound tried: a composite cofactor would be >= (bound+1)**2
            if m >= (self._bound + 1) ** 2:
                self._factors[n] = None
                return None
        if m > 1:
            f[m] = f.get(m, 0) + 1
        self._factors[n] = f
        return f

    def step(self, t: int, c: int) -> int:
        """The least g >= 1 such that, for every e >= 1, t | c*e*e implies g | e
        (c is 1 or 2); 1 when t cannot be factorised (no constraint).

        Proof: t | c*e*e iff for each p**k exactly dividing t,
        v_p(c) + 2*v_p(e) >= k, i.e. v_p(e) >= ceil((k - v_p(c)) / 2); so the
        e with t | c*e*e are exactly the multiples of the product of those
        prime powers."""
        f = self.factor(t)
        if f is None:
            return 1
        g = 1
        for p, k in f.items():
            if p == 2 and c == 2:
                k -= 1
            if k > 0:
                g *= p ** ((k + 1) // 2)
        return g

    def members(self, lo: int, hi: int, g: int = 1, r: int = 0) -> list[int]:
        """The numbers v of the universe with lo < v <= hi and v = r (mod g),
        ascending. Walks the arithmetic progression or the universe's numbers
        in the range, whichever is shorter."""
        if hi <= lo:
            return []
        i = bisect_right(self.ordered, lo)
        j = bisect_right(self.ordered, hi)
        if j <= i:
            return []
        if g == 1:
            return self.ordered[i:j]
        first = lo + 1 + (r - lo - 1) % g
        if first > hi:
            return []
        if (hi - first) // g + 1 < j - i:
            nums = self.numbers
            return [v for v in range(first, hi + 1, g) if v in nums]
        return [v for v in self.ordered[i:j] if (v - r) % g == 0]

    def divisors_between(self, f: dict[int, int], lo: int, hi: int) -> list[int]:
        """The divisors d of the number factorised as f with lo < d <= hi, ascending."""
        divs = [1]
        for p, k in f.items():
            divs = [d * p ** j for d in divs for j in range(k + 1) if d * p ** j <= hi]
        return sorted(d for d in divs if d > lo)


# --- three numbers ----------------------------------------------------------

def _arithmetic(space: _Space) -> Iterator[Triple]:
    """a < b < c with b - a == c - b. For each a, b runs over the universe up
    to (a + top) / 2 (beyond it c = 2b - a exceeds every number). Ascending.
    The rows hold the universe's own int objects (`own`), not fresh ones: on
    a range the table has about N*N/4 rows."""
    ordered, top = space.ordered, space.top
    own = space.own
    for i, a in enumerate(ordered):
        hi = bisect_right(ordered, (a + top) // 2, i + 1)
        bs = ordered[i + 1:hi]
        cs = [2 * b - a for b in bs]
        yield from [(a, b, own[c]) for b, c in zip(bs, cs) if c in own]


def _geometric(space: _Space) -> Iterator[Triple]:
    """a < b < c with b*b == a*c, ascending. From the smallest term a: c =
    b*b/a <= top bounds b by isqrt(a*top), and a | b*b makes b a multiple of
    g = step(a, 1), so only the multiples of g in (a, isqrt(a*top)] (or the
    universe's numbers there) are tried."""
    nums, top = space.numbers, space.top
    for a in space.ordered:
        bmax = isqrt(a * top)
        for b in space.members(a, bmax, space.step(a, 1), 0):
            c, rem = divmod(b * b, a)
            if rem == 0 and c in nums:
                yield (a, b, c)


def _musical(space: _Space) -> Iterator[Triple]:
    """a < b < c with (b - a)*c == (c - b)*a, ascending.

    Exactly: b*(a + c) == 2*a*c, so b = 2ac/(a + c), strictly between a and c
    (a harmonic mean), and increasing in c. a + c divides 2ac iff it divides
    2*a*a (2ac = 2a(a + c) - 2a*a). So for each a the c are D - a for the
    divisors D of 2*a*a in (2a, a + top], or, when the universe has fewer
    numbers above a than 2*a*a has divisors, the universe's numbers above a."""
    ordered, nums, top = space.ordered, space.numbers, space.top
    n = len(ordered)
    for i, a in enumerate(ordered):
        f = space.factor(a)
        f2 = None
        if f is not None:  # 2*a*a, and its number of divisors
            f2 = {p: 2 * k for p, k in f.items()}
            f2[2] = f2.get(2, 0) + 1
            count = 1
            for k in f2.values():
                count *= k + 1
            if count >= n - i - 1:
                f2 = None
        if f2 is not None:
            cs = [d - a for d in space.divisors_between(f2, 2 * a, a + top) if d - a in nums]
        else:
            twice = 2 * a * a
            cs = [c for c in ordered[i + 1:] if twice % (a + c) == 0]
        for c in cs:
            b = 2 * a * c // (a + c)
            if b in nums:
                yield (a, b, c)


def arithmetic_triples(numbers: frozenset[int]) -> list[Triple]:
    return list(_arithmetic(_Space(numbers)))


def geometric_triples(numbers: frozenset[int]) -> list[Triple]:
    return list(_geometric(_Space(numbers)))


def musical_triples(numbers: frozenset[int]) -> list[Triple]:
    """a < b < c with (b-a)*c == (c-b)*a, i.e. b = 2ac/(a+c) exactly."""
    return list(_musical(_Space(numbers)))


# Each returns its triples sorted ascending.
TRIPLES = {"arithmetic": arithmetic_triples, "geometric": geometric_triples, "musical": musical_triples}
_WALKS: dict[str, Callable[[_Space], Iterable[Triple]]] = {
    "arithmetic": _arithmetic, "geometric": _geometric, "musical": _musical}


def three_term(relation: str, numbers: frozenset[int]) -> list[Triple]:
    return TRIPLES[relation](numbers)


def iter_three_term(relation: str, numbers: frozenset[int]) -> Iterator[Triple]:
    """The rows of three_term, ascending, one at a time (streamed, never held)."""
    return iter(_WALKS[relation](_Space(numbers)))


# --- four numbers -----------------------------------------------------------

def four_term_sets(relation: str, numbers: frozenset[int]) -> set[tuple[int, ...]]:
    """Four numbers a < b < c < d in disjunct proportion: pairs (a, d) and
    (b, c) with the same sum (arithmetic) or product (geometric)."""
    if relation == "musical":
        return set()
    groups: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for x, y in combinations(sorted(numbers), 2):
        groups[x + y if relation == "arithmetic" else x * y].append((x, y))
    out = set()
    for pairs in groups.values():
        for (a, d), (b, c) in combinations(pairs, 2):  # a < b since pairs are ordered
            if len({a, b, c, d}) == 4:
                out.add(tuple(sorted((a, b, c, d))))
    return out


# The tests of proportions.agrees on four sorted distinct positive numbers
# a < b < c < d: a triple among the four (the sub-triples (a,b,c), (a,b,d),
# (a,c,d), (b,c,d), each in order), or the disjunct four-term form (the
# pairing (a, d), (b, c) is the only one that can have equal sums or products).
def _arithmetic_in(a: int, b: int, c: int, d: int) -> bool:
    return a + c == 2 * b or a + d == 2 * b or a + d == 2 * c or b + d == 2 * c


def _geometric_in(a: int, b: int, c: int, d: int) -> bool:
    return a * c == b * b or a * d == b * b or a * d == c * c or b * d == c * c


def _musical_in(a: int, b: int, c: int, d: int) -> bool:
    return ((b - a) * c == (c - b) * a or (b - a) * d == (d - b) * a
            or (c - a) * d == (d - c) * a or (c - b) * d == (d - c) * b)


_TRIPLE_IN = {"arithmetic": _arithmetic_in, "geometric": _geometric_in, "musical": _musical_in}
_DISJUNCT = {"arithmetic": lambda a, b, c, d: a + d == b + c,
             "geometric": lambda a, b, c, d: a * d == b * c}


def _acceptor(relations: frozenset[str], definition: str) -> Callable[[int, int, int, int], bool]:
    """proportions.agrees for every relation, on a sorted 4-tuple of the universe."""
    tests = []
    for r in sorted(relations):
        triple = _TRIPLE_IN[r] if definition != "four-term" else None
        disjunct = _DISJUNCT[r] if disjunct_allowed(r, definition) else None
        tests.append((triple, disjunct))

    def accept(a: int, b: int, c: int, d: int) -> bool:
        for triple, disjunct in tests:
            if not ((triple is not None and triple(a, b, c, d))
                    or (disjunct is not None and disjunct(a, b, c, d))):
                return False
        return True
    return accept


def _third_terms(relation: str, u: int, v: int) -> list[int]:
    """Every x (positive or not, not necessarily in the universe) such that
    u < v and x, sorted with them, stand in the relation: one candidate per
    slot, each the unique solution of an equation linear in x (or x*x = uv).

      arithmetic  x < u: u - x = v - u      -> x = 2u - v
                  middle: x - u = v - x     -> x = (u + v)/2
                  x > v: v - u = x - v      -> x = 2v - u
      geometric   x < u: u*u = x*v          -> x = u*u/v
                  middle: x*x = u*v         -> x = isqrt(uv) if a square
                  x > v: v*v = u*x          -> x = v*v/u
      musical     x < u: (u-x)v = (v-u)x    -> x = uv/(2v - u)
                  middle: (x-u)v = (v-x)u   -> x = 2uv/(u + v)
                  x > v: (v-u)x = (x-v)u    -> x = uv/(2u - v), if 2u > v
    (a quotient counts only when it is exact)."""
    out = []
    if relation == "arithmetic":
        out += [2 * u - v, 2 * v - u]
        if (u + v) % 2 == 0:
            out.append((u + v) // 2)
    elif relation == "geometric":
        uu, vv, uv = u * u, v * v, u * v
        if uu % v == 0:
            out.append(uu // v)
        if vv % u == 0:
            out.append(vv // u)
        r = isqrt(uv)
        if r * r == uv:
            out.append(r)
    else:
        uv = u * v
        for num, den in ((uv, 2 * v - u), (2 * uv, u + v), (uv, 2 * u - v)):
            if den > 0 and num % den == 0:
                out.append(num // den)
    return out


def _disjunct_fourths(relation: str, t: Triple) -> list[int]:
    """Every x making t + (x,) a disjunct proportion: x is paired with one
    number of t and the other two are paired, x + t_i == t_j + t_k
    (arithmetic) or x * t_i == t_j * t_k (geometric, if exact)."""
    a, b, c = t
    if relation == "arithmetic":
        return [b + c - a, a + c - b, a + b - c]
    out = []
    for i, j, k in ((a, b, c), (b, a, c), (c, a, b)):
        q, rem = divmod(j * k, i)
        if rem == 0:
            out.append(q)
    return out


def _with(t: Triple, x: int) -> Four:
    a, b, c = t
    if x < b:
        return (x, a, b, c) if x < a else (a, x, b, c)
    return (a, b, x, c) if x < c else (a, b, c, x)


def _from_triples(space: _Space, driver: str, partner: str, definition: str,
                  accept: Callable[..., bool], out: set[Four]) -> None:
    """Every accepted set made of a triple of `driver` and a fourth number
    that, with two numbers of the triple, makes a triple of `partner` (if the
    reading counts triples) or, with all three, a disjunct proportion of
    `partner` (if the reading allows it)."""
    nums = space.numbers
    triples_count = definition != "four-term"
    disjunct = disjunct_allowed(partner, definition)
    for t in _WALKS[driver](space):
        a, b, c = t
        xs: set[int] = set()
        if triples_count:
            xs.update(_third_terms(partner, a, b))
            xs.update(_third_terms(partner, a, c))
            xs.update(_third_terms(partner, b, c))
        if disjunct:
            xs.update(_disjunct_fourths(partner, t))
        for x in xs:
            if x in nums and x != a and x != b and x != c:
                s = _with(t, x)
                if accept(*s):
                    out.add(s)


def _arithmetic_with_disjunct_geometric(space: _Space, accept: Callable[..., bool], out: set[Four]) -> None:
    """Every accepted set made of an arithmetic triple p < q < r (q = p + e,
    r = p + 2e) and a fourth number x with the four in disjunct geometric
    proportion. x is paired with one number of the triple, the other two
    with each other:

      (alpha) x*p = q*r: x = qr/p > r, exact iff p | qr iff p | 2e*e
              (qr = (p+e)(p+2e) = p(p+3e) + 2e*e); x <= top bounds
              2e*e < qr <= p*top, so e <= isqrt(p*top // 2), and e <= (top-p)/2
      (beta)  x*q = p*r: x = q - e*e/q, exact iff q | e*e; p < x < q
              (x - p = e*p/q); e < q (p >= 1) and e <= top - q
      (gamma) x*r = p*q: x = pq/r < p, exact iff r | 2e*e
              (p = r - 2e, q = r - e, pq = r(r - 3e) + 2e*e); 2e < r

    so for each anchor (p, q or r) the common difference e runs over the
    multiples of step(anchor, c) only (_Space.step), or over the universe's
    numbers in range when that is shorter."""
    nums, top = space.numbers, space.top
    for p in space.ordered:  # (alpha)
        emax = min((top - p) // 2, isqrt(p * top // 2))
        for q in space.members(p, p + emax, space.step(p, 2), p):
            e = q - p
            r = q + e
            if r in nums:
                x, rem = divmod(q * r, p)
                if rem == 0 and x in nums and accept(p, q, r, x):
                    out.add((p, q, r, x))
    for q in space.ordered:  # (beta)
        emax = min(q - 1, top - q)
        for p in space.members(q - emax - 1, q - 1, space.step(q, 1), q):
            e = q - p
            r = q + e
            if r in nums:
                y, rem = divmod(e * e, q)
                x = q - y
                if rem == 0 and x in nums and accept(p, x, q, r):
                    out.add((p, x, q, r))
    for r in space.ordered:  # (gamma)
        emax = (r - 1) // 2
        for q in space.members(r - emax - 1, r - 1, space.step(r, 2), r):
            e = r - q
            p = q - e
            if p in nums:
                x, rem = divmod(p * q, r)
                if rem == 0 and x in nums and accept(x, p, q, r):
                    out.add((x, p, q, r))


def _four_sets(relations: tuple[str, ...], numbers: Iterable[int], definition: str) -> set[Four]:
    """The accepted sets, unordered (see four_numbers)."""
    if definition not in FOUR_DEFINITIONS:
        raise ValueError(f"unknown definition {definition!r}")
    rels = frozenset(relations)
    if not rels:
        raise ValueError("no relation to agree in")
    for r in rels:
        if r not in _TRIPLE_IN:
            raise KeyError(r)
    space = _Space(numbers)
    accept = _acceptor(rels, definition)
    out: set[Four] = set()
    if len(rels) == 1:
        # One relation: every set holding one of its triples, whatever the
        # fourth number (the output is that large), and its disjunct sets.
        (r,) = rels
        if definition != "four-term":
            ordered = space.ordered
            for t in _WALKS[r](space):
                out.update(_with(t, x) for x in ordered if x not in t)
        if disjunct_allowed(r, definition):
            out.update((a, b, c, d) for a, b, c, d in four_term_sets(r, space.numbers))
        return out
    if "musical" in rels:
        if definition == "four-term":
            return out  # musical has no disjunct form: nothing agrees in it
        # Every accepted set holds a musical triple t (musical agrees by a
        # triple only); the fourth number x agrees with t in the partner
        # relation: by a triple of it, which is not t (F1) and so is x with
        # two numbers of t, or by its disjunct form, x paired with one number
        # of t. _from_triples tries exactly those x.
        partner = min(rels - {"musical"})
        _from_triples(space, "musical", partner, definition, accept, out)
        return out
    # arithmetic and geometric. A set agreeing in geometric either holds a
    # geometric triple (if the reading counts triples; found as above with
    # arithmetic as the partner), or is in disjunct geometric proportion (if
    # the reading allows it); then it is not in disjunct arithmetic
    # proportion (F2), so it agrees in arithmetic by a triple: it is an
    # arithmetic triple with a fourth number making the disjunct geometric.
    # Under four-term both would have to be disjunct (F2): nothing agrees.
    if definition != "four-term":
        _from_triples(space, "geometric", "arithmetic", definition, accept, out)
        if disjunct_allowed("geometric", definition):
            _arithmetic_with_disjunct_geometric(space, accept, out)
    return out


def four_numbers(relations: tuple[str, ...], numbers: frozenset[int], definition: str) -> list[tuple[int, ...]]:
    """Sets of four numbers of the universe that agree in every one of the
    relations, under the named reading (see proportions.FOUR_DEFINITIONS):
    sorted 4-tuples, in ascending order.

    Time about the size of the output (plus the near-linear walks for the
    geometric and musical triples), memory the output; never a triple times
    every number of the universe, except for a single relation, where that is
    the output.

    Why nothing is missed. Two facts on distinct positive numbers:
      F1  no triple stands in two relations: arithmetic and geometric give
          (a + c)**2 = 4ac, arithmetic and musical b(a + c) = 2ac with
          2b = a + c give the same, geometric and musical give
          b(a + c) = 2b*b, so a + c = 2b and again (a - c)**2 = 0;
      F2  no four numbers are in both disjunct proportions: the pairing
          (a, d), (b, c) is the only one with equal sums or products, and
          a + d = b + c with ad = bc makes {a, d} and {b, c} the roots of
          one quadratic, so the same pair.
    A set accepted for a relation holds a triple of it or is in its disjunct
    form. With musical among the relations the set holds a musical triple
    and the fourth number comes from the partner relation (see _four_sets);
    for arithmetic and geometric see _four_sets and
    _arithmetic_with_disjunct_geometric; under four-term, tables with two
    relations are empty (musical has no disjunct form; F2). Every candidate
    is then tested with the tests of proportions.agrees, so nothing wrong is
    kept."""
    return sorted(_four_sets(relations, numbers, definition))
