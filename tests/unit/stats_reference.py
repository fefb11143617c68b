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
    x found by safeguarded Newton (the C code bisects);
  - SPRT LLR, normalized: the MLE under the t-value constraint found from
    its Lagrange conditions, p_i / q_i = lam + nu (a_i - t (a_i - mu)^2 / (2 sigma)),
    as a 4-unknown Newton system followed from the empirical t to the target
    t (the C code iterates fishtest's fixed point);
  - ratings: Hunter's MM algorithm (the C code uses Newton) and a
    Gauss-Jordan inverse of the Fisher information (the C code, Cholesky).

Run:  python3 tests/unit/stats_reference.py
It prints every figure the tests assert, labelled; copy them into the tests
when a case changes.
"""

import math
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
    assert abs(sum(q) - 1) < D("1e-30")
    assert abs(sum(qi * ai for qi, ai in zip(q, a)) - s) < D("1e-30")
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


def mle_t_value(p, a, t_target):
    """Lagrange system in (lam, nu, mu, sigma), followed from the empirical t."""
    def q_of(z, t):
        lam, nu, mu, sg = z
        return [pi / (lam + nu * (ai - t * (ai - mu) ** 2 / (2 * sg)))
                for pi, ai in zip(p, a)]

    def eqs(z, t):
        lam, nu, mu, sg = z
        q = q_of(z, t)
        return [sum(q) - 1,
                sum(qi * ai for qi, ai in zip(q, a)) - mu,
                sum(qi * (ai - mu) ** 2 for qi, ai in zip(q, a)) - sg * sg,
                mu - D("0.5") - t * sg]

    mu = sum(pi * ai for pi, ai in zip(p, a))
    sg = sum(pi * (ai - mu) ** 2 for pi, ai in zip(p, a)).sqrt()
    t0 = (mu - D("0.5")) / sg
    z = [D(1), D(0), mu, sg]  # exact at t = t0
    steps = 200
    for k in range(1, steps + 1):
        t = t0 + (t_target - t0) * k / steps
        for _ in range(100):
            e = eqs(z, t)
            h = D("1e-18")
            jac = [[(eqs([z[j] + (h if j == c else 0) for j in range(4)], t)[r] -
                     eqs([z[j] - (h if j == c else 0) for j in range(4)], t)[r]) / (2 * h)
                    for c in range(4)] for r in range(4)]
            dz = solve_linear(jac, [-x for x in e])
            # damped: keep sigma and every q positive
            step = D(1)
            while not (z[3] + step * dz[3] > 0 and
                       min(q_of([zi + step * di for zi, di in zip(z, dz)], t)) > 0):
                step /= 2
            z = [zi + step * di for zi, di in zip(z, dz)]
            if max(abs(x) for x in dz) < D("1e-30"):
                break
    q = q_of(z, t_target)
    assert max(abs(x) for x in eqs(z, t_target)) < D("1e-25")
    assert min(q) > 0
    return q


def llr(n, elo0, elo1, model):
    total, p, a = regularized_pdf(n)
    if model == "logistic":
        def score(e):
            return 1 / (1 + D(10) ** (-D(e) / 400))
        q0, q1 = mle_expected(p, a, score(elo0)), mle_expected(p, a, score(elo1))
    else:
        def t_of(e):
            return D(2).sqrt() * D(e) / NT
        q0, q1 = mle_t_value(p, a, t_of(elo0)), mle_t_value(p, a, t_of(elo1))
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

if __name__ == "__main__":
    main()
