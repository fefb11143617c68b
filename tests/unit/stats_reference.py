#!/usr/bin/env python3
"""Reference figures for the statistics tests (tests/unit/test_stats_pentanomial.c,
test_sprt.c, test_ratings.c).

Written from the published formulas, independently of referee/stats/*.c, in
exact-enough arithmetic (the standard library's decimal at 40 digits, no
third-party module), with other algorithms than the C code where it has a
choice:

  - pentanomial / trinomial statistics: the formulas of fishtest
    (stat_util.get_elo, templates/tests_stats.mak) and fastchess
    (elo_pentanomial.cpp), evaluated directly;
  - SPRT LLR, logistic: the constrained MLE q_i = p_i / (1 + x (a_i - s)),
    x found by safeguarded Newton in decimals (the C code, in doubles,
    takes the bucket nearest its pole as 1 minus the others);
  - SPRT LLR, normalized: the global MLE under the t-value constraint
    located on the profile likelihood over sigma (a convex problem for each
    sigma, solved through its empirical-likelihood dual), then polished in
    decimals where the profile's slope t lam_0 + 2 sigma lam_1 vanishes
    (the C code scans sigma for the roots of the tilt's variance gap and
    takes the best, sprt.c);
  - ratings: Hunter's MM algorithm (the C code uses Newton) and a
    Gauss-Jordan inverse of the Fisher information (the C code, Cholesky).

Run:  python3 tests/unit/stats_reference.py
It prints every figure the tests assert, labelled; copy them into the tests
when a case changes.  With --sprt-table it writes instead the table of
test_sprt.c's reference_table test (1,854 LLRs, about 3 minutes):
  python3 tests/unit/stats_reference.py --sprt-table > tests/unit/sprt_reference_table.h
"""

import itertools
import math
import random
import sys
from decimal import Decimal as D, getcontext

getcontext().prec = 40
Z = D("1.959963984540054")
NT = D(800) / D(10).ln()  # nElo per unit of t
EPS = D("0.001")  # fishtest's clamp of scores and its prior for empty buckets


def f(x):
    return "%.12g" % float(x)


# ---- pentanomial / trinomial -------------------------------------------------

def elo(s):
    """Logistic Elo, score clamped to [EPS, 1 - EPS] (fishtest stat_util.elo)."""
    s = min(max(s, EPS), 1 - EPS)
    return -400 * (1 / s - 1).log10()


def moments(counts):
    k = len(counts)
    n = sum(counts)
    a = [D(i) / (k - 1) for i in range(k)]
    mu = sum(c * x for c, x in zip(counts, a)) / n
    cm = [sum(c * (x - mu) ** e for c, x in zip(counts, a)) / n for e in (2, 3, 4)]
    return n, mu, cm[0], cm[1], cm[2]


def report(counts):
    """counts low to high: 5 pair buckets, or losses, draws, wins."""
    counts = [D(c) for c in counts]
    n, s, var, _, _ = moments(counts)
    se = (var / n).sqrt()
    out = {"score": s, "var": var,
           "elo": elo(s), "elo_lo": elo(s - Z * se), "elo_hi": elo(s + Z * se)}
    out["los"] = (0.5 * math.erfc(-float((s - D("0.5")) / se) / math.sqrt(2))
                  if var > 0 else (1 if s > D("0.5") else 0 if s < D("0.5") else 0.5))
    reg = [c if c > 0 else EPS for c in counts]
    rn, mu, v, m3, m4 = moments(reg)
    skew, exkurt = m3 / v ** D("1.5"), m4 / v ** 2 - 3
    t = (mu - D("0.5")) / v.sqrt()
    var_t = max(1 - t * skew + t * t * (exkurt + 2) / 4, D(0))
    half = Z * (var_t / rn).sqrt()
    scale = NT / (D(2).sqrt() if len(counts) == 5 else 1)
    out.update(nelo=scale * t, nelo_lo=scale * (t - half), nelo_hi=scale * (t + half))
    return out


def print_report(label, counts):
    r = report(counts)
    print(label, counts)
    for key in ("score", "var", "elo", "elo_lo", "elo_hi", "nelo", "nelo_lo",
                "nelo_hi", "los"):
        print("   %-8s %s" % (key, f(r[key])))


# ---- SPRT ---------------------------------------------------------------------

def regularized_pdf(n):
    r = [D(c) if c > 0 else EPS for c in n]
    total = sum(r)
    return total, [c / total for c in r], [D(i) / 4 for i in range(5)]


def mle_expected(p, a, s):
    """Newton on sum p (a - s) / (1 + x (a - s)) = 0, kept in its bracket."""
    b = [x - s for x in a]
    lo, hi = -1 / max(b), -1 / min(b)
    x = D(0)
    for _ in range(200):
        fx = sum(pi * bi / (1 + x * bi) for pi, bi in zip(p, b))
        dfx = -sum(pi * bi * bi / (1 + x * bi) ** 2 for pi, bi in zip(p, b))
        if fx > 0:
            lo = x
        else:
            hi = x
        nx = x - fx / dfx
        if not lo < nx < hi:
            nx = (lo + hi) / 2
        if abs(nx - x) < D("1e-36"):
            x = nx
            break
        x = nx
    q = [pi / (1 + x * bi) for pi, bi in zip(p, b)]
    # 1e-25: an empty bucket's 1 + x b_i can be 1e-13 (10^7 pairs)
    assert abs(sum(q) - 1) < D("1e-25")
    assert abs(sum(qi * ai for qi, ai in zip(q, a)) - s) < D("1e-25")
    return q


def solve_linear(m, v):
    """Gauss-Jordan with partial pivoting; m is n x n, v length n."""
    n = len(v)
    aug = [list(m[i]) + [v[i]] for i in range(n)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(aug[r][c]))
        aug[c], aug[piv] = aug[piv], aug[c]
        for r in range(n):
            if r != c:
                fac = aug[r][c] / aug[c][c]
                aug[r] = [x - fac * y for x, y in zip(aug[r], aug[c])]
    return [aug[i][n] / aug[i][i] for i in range(n)]


# The normalized MLE.  The likelihood on the t-value constraint can have
# several local maxima (far bounds, or nearly all draws), so the reference
# first looks for the global one in floats, on another route than the C
# code's: the profile over sigma.  Fixing sigma fixes the mean too
# (mu = 1/2 + t sigma), and the best distribution with a given mean and
# variance is a convex problem (two linear constraints), solved through
# Owen's empirical-likelihood dual: q_i = p_i / (1 + lam . h_i) with
# h_i = (a_i - mu, (a_i - mu)^2 - sigma^2), lam maximising the concave
# sum p_i log(1 + lam . h_i), whose maximum is minus the profile.  The
# profile's best maxima are then polished in 40-digit decimals: the
# slope's root, where the profile's q meets the Lagrange conditions of the
# constrained problem.

SCORES = [i / 4 for i in range(5)]


def realizable(mu, var, a=SCORES):
    """Whether some distribution on the five scores a, every bucket > 0,
    has this mean and variance: (mu, mu^2 + var) strictly inside the hull
    of the points (a_i, a_i^2)."""
    if not (0 < mu < 1 and 0 < var < mu * (1 - mu)):
        return False
    k = min(int(mu * 4), 3)
    return var > (mu - a[k]) * (a[k + 1] - mu)


def el_dual(p, h, lam):
    """max over lam of sum p log(1 + lam . h) by damped Newton from lam."""
    def value(l):
        d = [1 + l[0] * x + l[1] * y for x, y in h]
        return None if min(d) <= 0 else sum(pi * math.log(di) for pi, di in zip(p, d))
    f = value(lam)
    if f is None:
        lam, f = (0.0, 0.0), 0.0
    for _ in range(500):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for pi, (x, y) in zip(p, h):
            w = pi / (1 + lam[0] * x + lam[1] * y)
            g0, g1 = g0 + w * x, g1 + w * y
            w2 = w * w / pi
            h00, h01, h11 = h00 + w2 * x * x, h01 + w2 * x * y, h11 + w2 * y * y
        det = h00 * h11 - h01 * h01
        if not (det > 0 and math.isfinite(det)):
            break
        s0, s1 = (h11 * g0 - h01 * g1) / det, (h00 * g1 - h01 * g0) / det
        dec = g0 * s0 + g1 * s1  # Newton decrement squared
        if not dec > 1e-24:
            break
        step = 1.0
        while step > 1e-20:
            nl = (lam[0] + step * s0, lam[1] + step * s1)
            nf = value(nl)
            if nf is not None and (dec < 1e-12 or nf >= f + step * dec / 4):
                break
            step /= 2
        else:
            break
        lam, f = nl, nf
    return f, lam


def profile(p, t, sg, lam=(0.0, 0.0)):
    """Max of sum p log q - sum p log p over q with t-value t and deviation
    sg (-inf if there is none), and the dual's lam."""
    mu, var = 0.5 + t * sg, sg * sg
    if not realizable(mu, var):
        return -math.inf, lam
    f, lam = el_dual(p, [(a - mu, (a - mu) ** 2 - var) for a in SCORES], lam)
    return -f, lam


def golden_max(fun, lo, hi, steps=80):
    """Golden-section search for a maximum of fun on [lo, hi]; fun returns
    (value, extra); returns the best (value, x, extra) seen."""
    r = (math.sqrt(5) - 1) / 2
    c, d = hi - r * (hi - lo), lo + r * (hi - lo)
    fc, fd = fun(c), fun(d)
    best = max((fc[0], c, fc[1]), (fd[0], d, fd[1]), key=lambda b: b[0])
    for _ in range(steps):
        if fc[0] >= fd[0]:
            hi, d, fd = d, c, fc
            c = hi - r * (hi - lo)
            fc = fun(c)
            best = max(best, (fc[0], c, fc[1]), key=lambda b: b[0])
        else:
            lo, c, fc = c, d, fd
            d = lo + r * (hi - lo)
            fd = fun(d)
            best = max(best, (fd[0], d, fd[1]), key=lambda b: b[0])
    return best


def profile_maxima(p, t, keep=3):
    """The profile's highest local maxima over sigma in (0, smax], smax =
    1 / (2 sqrt(1 + t^2)) the largest deviation a t-value allows: a scan
    on sigmas 1.1 times apart from 1e-10 smax, each local maximum of the
    scan refined by golden section between its neighbours.  Best first,
    as (value, sigma, lam)."""
    smax = 0.5 / math.sqrt(1 + t * t)
    sgs = [smax * 1.1 ** -k for k in range(int(math.log(1e10) / math.log(1.1)), -1, -1)]
    vals, lam = [], (0.0, 0.0)
    for sg in sgs:
        v, l2 = profile(p, t, sg, lam)
        if v > -math.inf:
            lam = l2
        vals.append((v, lam))
    found = []
    for k, (v, l) in enumerate(vals):
        if v == -math.inf or any(0 <= j < len(vals) and vals[j][0] > v for j in (k - 1, k + 1)):
            continue
        lo, hi = sgs[max(k - 1, 0)] if k else 0.0, sgs[min(k + 1, len(sgs) - 1)]
        found.append(golden_max(lambda s, l=l: profile(p, t, s, l), lo, hi))
    found.sort(key=lambda b: -b[0])
    return found[:keep]


def el_dual_exact(p, h, lam):
    """el_dual in decimals, from lam (a float guess, 0 if it is outside the
    domain): (max, lam)."""
    def value(l):
        d = [1 + l[0] * x + l[1] * y for x, y in h]
        return None if min(d) <= 0 else sum(pi * di.ln() for pi, di in zip(p, d))
    lam = (D(lam[0]), D(lam[1]))
    f = value(lam)
    if f is None:
        lam, f = (D(0), D(0)), D(0)
    for _ in range(500):
        g0 = g1 = h00 = h01 = h11 = D(0)
        for pi, (x, y) in zip(p, h):
            w = pi / (1 + lam[0] * x + lam[1] * y)
            g0, g1 = g0 + w * x, g1 + w * y
            w2 = w * w / pi
            h00, h01, h11 = h00 + w2 * x * x, h01 + w2 * x * y, h11 + w2 * y * y
        det = h00 * h11 - h01 * h01
        s0, s1 = (h11 * g0 - h01 * g1) / det, (h00 * g1 - h01 * g0) / det
        dec = g0 * s0 + g1 * s1
        if dec < D("1e-60"):
            break
        step = D(1)
        while True:
            nl = (lam[0] + step * s0, lam[1] + step * s1)
            nf = value(nl)
            if nf is not None and (dec < D("1e-20") or nf >= f + step * dec / 4):
                break
            step /= 2
            assert step > D("1e-30"), "el_dual_exact stalled"
        lam, f = nl, nf
    return f, lam


def profile_slope(p, a, t, sg, lam):
    """The profile's derivative in sigma, by the envelope theorem
    t lam_0 + 2 sigma lam_1 (zero exactly where the profile's distribution
    meets the Lagrange conditions), its value and lam; decimals.  Where no
    distribution has the moments, the profile is -inf and its slope is
    taken as -inf above the maximum (above) and +inf below it."""
    mu, var = D("0.5") + t * sg, sg * sg
    if not realizable(mu, var, a):
        return None, -D("Infinity"), lam
    f, lam = el_dual_exact(p, [(ai - mu, (ai - mu) ** 2 - var) for ai in a], lam)
    return t * lam[0] + 2 * sg * lam[1], -f, lam


def profile_polish(p, a, t, sg, lam):
    """The profile's maximum near the float one at sg, in decimals: a
    bracket of sg where the slope goes from + to -, then regula falsi
    (Illinois) on the slope, or bisection while an end has no slope (the
    maximum may lie within 1e-7 of where the moments stop existing).  The
    value (sum p log q of the MLE, less sum p log p), or None when no
    bracket is found."""
    sg = D(sg)
    for w in (D("1e-9"), D("1e-6"), D("1e-3"), D("0.05")):
        lo, hi = sg * (1 - w), sg * (1 + w)
        slo, vlo, llo = profile_slope(p, a, t, lo, lam)
        shi, vhi, lhi = profile_slope(p, a, t, hi, lam)
        if (slo is None or slo > 0) and (shi is None or shi < 0) and \
                not (slo is None and shi is None):
            break
    else:
        return None
    best, kept = max(vlo, vhi), 0
    for _ in range(400):
        if slo is None or shi is None:
            x = (lo + hi) / 2
        else:
            x = (lo * shi - hi * slo) / (shi - slo)
        sx, vx, lx = profile_slope(p, a, t, x, llo if slo is not None else lhi)
        best = max(best, vx)
        if sx == 0 or hi - lo < D("1e-32") * hi:
            break
        if sx is None:  # the moments end on this side: which, by the bracket
            sx = D(1) if slo is None else D(-1)
            lx = None
        if sx > 0:
            lo, slo, llo = x, (sx if lx is not None else None), lx
            if shi is not None:
                shi, kept = (shi / 2 if kept > 0 else shi), 1
        else:
            hi, shi, lhi = x, (sx if lx is not None else None), lx
            if slo is not None:
                slo, kept = (slo / 2 if kept < 0 else slo), -1
    return best


def mle_t_value(p, a, t):
    """sum p log q (less sum p log p) of the MLE with t-value t: the
    profile's best maxima polished, the highest kept."""
    pf, tf = [float(x) for x in p], float(t)
    found = profile_maxima(pf, tf)
    best = None
    for v, sg, lam in found:
        if v < found[0][0] - 1e-6 * (1 + abs(found[0][0])):
            continue  # floats tell these apart already
        exact = profile_polish(p, a, t, sg, lam)
        if exact is not None and (best is None or exact > best):
            best = exact
    assert best is not None, "no MLE for t = %s" % t
    return best


def llr(n, elo0, elo1, model):
    total, p, a = regularized_pdf(n)
    if model == "logistic":
        def score(e):
            return 1 / (1 + D(10) ** (-D(e) / 400))
        q0, q1 = mle_expected(p, a, score(elo0)), mle_expected(p, a, score(elo1))
    else:
        def t_of(e):
            return D(2).sqrt() * D(e) / NT
        return total * (mle_t_value(p, a, t_of(elo1)) - mle_t_value(p, a, t_of(elo0)))
    return total * sum(pi * (b.ln() - c.ln()) for pi, b, c in zip(p, q1, q0))


# ---- ratings ------------------------------------------------------------------

def ratings(players, games, anchor=None, anchor_rating=0, rated=None):
    """games: (a, b, wins, draws, losses) of a.  rated: the players fitted
    (all by default); the others' games are left out.  Returns ratings and
    95% half-widths (anchor None: mean anchor_rating) and the covariance."""
    rated = list(range(players)) if rated is None else rated
    idx = {p: k for k, p in enumerate(rated)}
    m = len(rated)
    w = [[D(0)] * m for _ in range(m)]
    for a, b, wi, dr, lo in games:
        if a in idx and b in idx:
            w[idx[a]][idx[b]] += D(wi) + D(dr) / 2
            w[idx[b]][idx[a]] += D(lo) + D(dr) / 2
    n = [[w[i][j] + w[j][i] for j in range(m)] for i in range(m)]
    pts = [sum(row) for row in w]
    gamma = [D(1)] * m
    for _ in range(200000):  # MM (Hunter 2004): gamma_i = W_i / sum n_ij / (g_i + g_j)
        new = [pts[i] / sum(n[i][j] / (gamma[i] + gamma[j]) for j in range(m) if j != i)
               for i in range(m)]
        geo = math.prod(float(x) for x in new) ** (1 / m)
        new = [x / D(geo) for x in new]
        change = max(abs(x - y) / y for x, y in zip(new, gamma))
        gamma = new
        if change < D("1e-32"):
            break
    else:
        raise RuntimeError("MM did not converge")
    r = [400 * g.log10() for g in gamma]
    c = D(10).ln() / 400
    info = [[D(0)] * m for _ in range(m)]
    for i in range(m):
        for j in range(m):
            if i != j and n[i][j] > 0:
                p = 1 / (1 + D(10) ** ((r[j] - r[i]) / 400))
                x = c * c * n[i][j] * p * (1 - p)
                info[i][i] += x
                info[i][j] -= x
    # covariance relative to player 0 of the fit: invert without its row/col
    red = [row[1:] for row in info[1:]]
    inv_cols = [solve_linear(red, [D(1) if i == j else D(0) for i in range(m - 1)])
                for j in range(m - 1)]
    cov = [[D(0)] * m for _ in range(m)]
    for i in range(1, m):
        for j in range(1, m):
            cov[i][j] = inv_cols[j - 1][i - 1]
    if anchor is None:
        shift = anchor_rating - sum(r) / m
        e = [D(1) / m] * m  # rating minus the mean
    else:
        shift = anchor_rating - r[idx[anchor]]
        e = [D(1) if k == idx[anchor] else D(0) for k in range(m)]

    def var_of(u):  # variance of sum u_k r_k under cov
        return sum(u[i] * u[j] * cov[i][j] for i in range(m) for j in range(m))

    out = {}
    for k, pl in enumerate(rated):
        u = [(D(1) if i == k else D(0)) - e[i] for i in range(m)]
        out[pl] = (r[k] + shift, Z * max(var_of(u), D(0)).sqrt())

    def diff(i, j):
        u = [(D(1) if k == idx[i] else 0) - (D(1) if k == idx[j] else 0) for k in range(m)]
        return r[idx[i]] - r[idx[j]], Z * var_of(u).sqrt()
    return out, diff


def print_ratings(label, players, games, **kw):
    out, diff = ratings(players, games, **kw)
    print(label)
    for pl in sorted(out):
        print("   player %d  rating %s  error %s" % (pl, f(out[pl][0]), f(out[pl][1])))
    return diff


# ---- the cases ----------------------------------------------------------------

def main():
    print("== pentanomial (counts LL, LD, DD+WL, WD, WW)")
    print_report("symmetric", [10, 20, 40, 20, 10])
    print_report("positive", [5, 20, 40, 25, 10])
    print_report("empty buckets", [0, 5, 10, 7, 0])
    print_report("all draws", [0, 0, 50, 0, 0])
    print_report("all wins", [0, 0, 0, 0, 20])
    print_report("all LD", [0, 8, 0, 0, 0])
    print_report("one WD", [0, 0, 0, 1, 0])
    print_report("Serendipity PR 55", [283, 1151, 2214, 1221, 281])
    print_report("Lynx PR 1899", [235, 1384, 2521, 1341, 239])
    # fastchess app/tests/elo_test.cpp, Stats(LL, LD, WL, DD, WD, WW)
    print_report("fastchess EloPentanomial 1", [34, 54, 31 + 32, 64, 75])
    print_report("fastchess EloPentanomial 2", [332, 433, 457 + 41, 333, 334])
    print_report("fastchess EloPentanomial 3", [7895, 8757, 5485 + 200, 568, 9999])
    print("== trinomial (losses, draws, wins)")
    print_report("games", [30, 40, 50])
    print_report("all won", [0, 0, 12])
    print_report("Serendipity PR 55 games", [3107, 4020, 3173])

    print("== SPRT LLR")
    for n, e0, e1, model, note in [
        ([10, 20, 40, 20, 10], -2, 2, "logistic", "symmetric counts"),
        ([10, 20, 40, 20, 10], 0, 2, "logistic", ""),
        ([10, 20, 40, 20, 10], -2, 0, "logistic", "mirror of the previous"),
        ([10, 20, 40, 20, 10], 0, 2, "normalized", ""),
        ([10, 20, 40, 20, 10], -2, 0, "normalized", "mirror"),
        ([0, 0, 0, 0, 0], 0, 5, "logistic", "no pairs"),
        ([0, 0, 100, 0, 0], 0, 5, "logistic", "all draws"),
        ([0, 0, 100, 0, 0], 0, 5, "normalized", "all draws"),
        ([0, 0, 0, 0, 30], 0, 5, "logistic", "all wins"),
        ([0, 0, 0, 0, 30], 0, 5, "normalized", "all wins"),
        ([0, 3, 9, 4, 0], 0, 5, "logistic", "empty buckets"),
        ([0, 0, 1, 5, 7], 0, 5, "normalized", "the issue's example: 0.2235"),
        ([0, 0, 1, 5, 7], 0, 5, "logistic", "the issue's example, logistic"),
        ([223, 9863, 21279, 10037, 246], 0.5, 2.5, "logistic", "fastchess logistic pentanomial 1: -3.07"),
        ([871, 26175, 55983, 26678, 821], 0, 2, "logistic", "fastchess logistic pentanomial 2: -4.98"),
        ([365, 16618, 36229, 16974, 390], 0, 2, "normalized", "fastchess normalized pentanomial 1: 2.25"),
        ([127, 4883, 10712, 5150, 104], -1.75, 0.25, "normalized", "fastchess normalized pentanomial 2: 3.01"),
        ([283, 1151, 2214, 1221, 281], -5, 3, "normalized", "Serendipity PR 55: 2.95"),
        ([235, 1384, 2521, 1341, 239], -5, 0, "logistic", "Lynx PR 1899: 1.69"),
        ([60, 1646, 3313, 1603, 50], 0, 4, "normalized", "Reckless PR 290 STC: -2.26"),
        ([2, 448, 1137, 573, 8], 0, 4, "normalized", "Reckless PR 290 LTC: 2.91"),
    ]:
        print("   %-16s %-10s [%s, %s] %s  llr %s" % (n, model, e0, e1, note, f(llr(n, e0, e1, model))))
    for a, b in [(0.05, 0.05), (0.05, 0.1)]:
        print("   bounds alpha %s beta %s: %s %s" % (a, b, f(D(b / (1 - a)).ln()),
                                                    f(D((1 - b) / a).ln())))

    print("== ratings (games: a, b, wins, draws, losses of a)")
    diff = print_ratings("two players, 75%", 2, [(0, 1, 60, 30, 10)])
    print("   diff 0-1 %s +- %s; 400 log10 3 = %s" % (f(diff(0, 1)[0]), f(diff(0, 1)[1]),
                                                  f(400 * D(3).log10())))
    three = [(0, 1, 6, 3, 1), (1, 2, 5, 4, 3), (2, 0, 3, 3, 2)]
    diff = print_ratings("three players, mean 0", 3, three)
    print("   diff 0-2 %s +- %s" % (f(diff(0, 2)[0]), f(diff(0, 2)[1])))
    print_ratings("three players, player 1 at 1500", 3, three, anchor=1, anchor_rating=1500)
    diff = print_ratings("four players", 4, FOUR)
    print("   diff 1-3 %s +- %s" % (f(diff(1, 3)[0]), f(diff(1, 3)[1])))
    print_ratings("four players, 3 lost everything (rate 0-2 alone)", 4,
                  three + [(3, 0, 0, 0, 2), (1, 3, 2, 0, 0), (3, 2, 0, 0, 1)], rated=[0, 1, 2])
    print_ratings("five players, 3 won everything, 4 played nobody", 5,
                  three + [(3, 0, 2, 0, 0), (3, 1, 1, 0, 0)], rated=[0, 1, 2])
    print_ratings("two groups, 0-1 beat 2-3", 4, GROUPS, rated=[0, 1])


# Four players, every pair twice, listed game by game: (a, b, score of a).
FOUR_GAMES = [(0, 1, 1), (1, 0, 0.5), (0, 2, 1), (2, 0, 0), (0, 3, 1), (3, 0, 0.5),
              (1, 2, 1), (2, 1, 0), (1, 3, 1), (3, 1, 1), (2, 3, 0.5), (3, 2, 1)]
FOUR = [(a, b, int(s == 1), int(s == 0.5), int(s == 0)) for a, b, s in FOUR_GAMES]
GROUPS = [(0, 1, 2, 1, 1), (2, 3, 1, 2, 1), (0, 2, 2, 0, 0), (1, 3, 2, 0, 0), (3, 0, 0, 0, 1)]

# ---- the SPRT table (tests/unit/sprt_reference_table.h) ----------------------

LOGISTIC_BOUNDS = [(0, 5), (-5, 0), (0, 2), (-3, 1), (0.5, 2.5), (-1.75, 0.25), (0, 10)]
NORMALIZED_BOUNDS = [(0, 5), (-5, 3), (0, 2), (-1.75, 0.25), (0, 4), (-5, 0), (0, 10)]
FAR_BOUNDS = [(-50, 50), (0, 100), (200, 400), (-300, -100), (-1000, 1000)]
MODELS = ("logistic", "normalized")


def table_cases():
    """(counts, elo0, elo1, model), fixed by the seed: empty buckets in
    every pattern, all wins and all losses, one pair, random vectors with
    typical and far bounds, large counts, nearly all draws."""
    rnd = random.Random(20240611)
    cases = []
    for n in itertools.product((0, 1, 4), repeat=5):  # every empty-bucket pattern
        cases += [(list(n), 0, 5, m) for m in MODELS]
    for k in list(range(1, 31)) + [50, 100, 300, 1000, 10**4, 10**5, 10**6]:
        for b in (0, 4):  # all losses, all wins
            n = [0] * 5
            n[b] = k
            cases += [(n, 0, 5, m) for m in MODELS]
    for b in range(5):  # one pair
        for m, bounds in zip(MODELS, (LOGISTIC_BOUNDS, NORMALIZED_BOUNDS)):
            cases += [([int(i == b) for i in range(5)], e0, e1, m) for e0, e1 in bounds[:4]]
    for _ in range(1100):  # random vectors, a fifth with large counts
        top = 7 if rnd.random() < 0.2 else 5
        n = [int(10 ** rnd.uniform(0, top)) if rnd.random() < 0.65 else 0 for _ in range(5)]
        m = rnd.choice(MODELS)
        far = rnd.random() < 0.1 and max(n) < 10**4
        bounds = FAR_BOUNDS if far else LOGISTIC_BOUNDS if m == "logistic" else NORMALIZED_BOUNDS
        cases.append((n, *rnd.choice(bounds), m))
    for _ in range(80):  # nearly all draws: the normalized MLE's hard case
        n = [0, 0, int(10 ** rnd.uniform(0, 6)), 0, 0]
        for _ in range(rnd.randrange(3)):
            n[rnd.choice((0, 1, 3, 4))] += int(10 ** rnd.uniform(0, 2))
        e0 = rnd.choice((-6, -1, 0, 0.05, 2.5))
        cases.append((n, e0, e0 + rnd.choice((0.1, 1, 3, 5)), "normalized"))
    return cases


def print_table():
    """The C table of expected LLRs (alpha and beta do not enter)."""
    print("/* Generated by `python3 tests/unit/stats_reference.py --sprt-table`:")
    print(" * expected LLRs of the independent reference; do not edit. */")
    print("#ifndef SPRT_REFERENCE_TABLE_H\n#define SPRT_REFERENCE_TABLE_H\n")
    print('#include "stats/sprt.h"\n')
    print("typedef struct {\n    long n[PENTA_BUCKETS];\n    double elo0, elo1;")
    print("    sprt_model model;\n    double llr;\n} sprt_reference_row;\n")
    print("static const sprt_reference_row sprt_reference_table[] = {")
    for n, e0, e1, m in table_cases():
        model = "SPRT_LOGISTIC" if m == "logistic" else "SPRT_NORMALIZED"
        print("    {{%s}, %r, %r, %s, %r}," % (", ".join(map(str, n)), float(e0),
                                             float(e1), model, float(llr(n, e0, e1, m))))
    print("};\n\n#endif")


if __name__ == "__main__":
    if sys.argv[1:] == ["--sprt-table"]:
        print_table()
    else:
        main()
