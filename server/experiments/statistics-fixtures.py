#!/usr/bin/env python3
"""The experiments' statistics worked out apart from the TypeScript (docs/decisions/0046-copy-experiments.md).

Python's standard library only: the same formulas written again from the decision, the chi-square
tail from its closed forms (erfc and a finite sum), not jStat's incomplete gamma, and the A/A peeking
runs drawn from the same seeded generator (mulberry32) so that the count of false positives must
match the TypeScript's exactly. Writes statistics-fixtures.json beside this file:

    python3 server/experiments/statistics-fixtures.py
"""
import json
import math
import os

ALPHA = 0.05


def rho(alpha, planned):
    l = -2 * math.log(alpha)
    return math.sqrt((l + math.log(l + 1)) / planned)


def compare(control, variant, alpha, planned):
    (nc, xc), (nv, xv) = control, variant
    pc, pv = xc / nc, xv / nv
    d = pv - pc
    v = pc * (1 - pc) / nc + pv * (1 - pv) / nv
    n = nc + nv
    r2 = rho(alpha, planned) ** 2
    spread = n * r2 + 1
    half = math.sqrt(v * n) * math.sqrt(2 * spread / (n * n * r2) * math.log(math.sqrt(spread) / alpha))
    p = min(1.0, math.sqrt(spread) * math.exp(-r2 * (d * d * n / v) / (2 * spread)))
    return {"difference": d, "low": d - half, "high": d + half, "pValue": p}


def chi_square_tail(x, k):
    """P(X > x) for X ~ chi-square with k (a positive integer) degrees of freedom, in closed form."""
    h = x / 2
    if k % 2 == 0:
        return math.exp(-h) * sum(h**i / math.factorial(i) for i in range(k // 2))
    return math.erfc(math.sqrt(h)) + math.exp(-h) * sum(h ** (i + 0.5) / math.gamma(i + 1.5) for i in range((k - 1) // 2))


def sample_ratio(observed, planned):
    total, weight = sum(observed), sum(planned)
    chi = sum((o - total * w / weight) ** 2 / (total * w / weight) for o, w in zip(observed, planned))
    return {"chiSquare": chi, "pValue": chi_square_tail(chi, len(observed) - 1)}


def mulberry32(seed):
    state = seed & 0xFFFFFFFF

    def imul(a, b):
        return (a * b) & 0xFFFFFFFF

    def next_value():
        nonlocal state
        state = (state + 0x6D2B79F5) & 0xFFFFFFFF
        t = imul(state ^ (state >> 15), 1 | state)
        t = ((t + imul(t ^ (t >> 7), 61 | t)) & 0xFFFFFFFF) ^ t
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296

    return next_value


def peeking(runs, seed, rate, batch, peeks, planned):
    """A/A runs, each looked at after every batch per arm: how many ever looked significant."""
    sequential = fixed = 0
    draw = mulberry32(seed)
    for _ in range(runs):
        counts = [[0, 0], [0, 0]]
        seen_sequential = seen_fixed = False
        for _ in range(peeks):
            for arm in counts:
                arm[0] += batch
                arm[1] += sum(1 for _ in range(batch) if draw() < rate)
            (nc, xc), (nv, xv) = counts
            pc, pv = xc / nc, xv / nv
            v = pc * (1 - pc) / nc + pv * (1 - pv) / nv
            if v > 0:
                seen_sequential |= compare((nc, xc), (nv, xv), ALPHA, planned)["pValue"] < ALPHA
                seen_fixed |= abs(pv - pc) / math.sqrt(v) > 1.959963984540054
        sequential += seen_sequential
        fixed += seen_fixed
    return {"sequentialFalsePositives": sequential, "fixedHorizonFalsePositives": fixed}


COMPARISONS = [
    # control (exposures, sign-ups), variant, alpha, planned exposures (both arms)
    ((1000, 50), (1000, 50), 0.05, 5000),
    ((1000, 50), (1000, 80), 0.05, 5000),
    ((2500, 100), (2500, 150), 0.05, 5000),
    ((120, 6), (130, 15), 0.05, 2000),
    ((5000, 400), (5100, 360), 0.025, 10000),
    ((800, 40), (820, 61), 0.0125, 4000),
    ((100, 1), (100, 9), 0.05, 200),
]
SAMPLE_RATIOS = [
    ([5000, 5000], [0.5, 0.5]),
    ([5500, 4500], [0.5, 0.5]),
    ([5080, 4920], [0.5, 0.5]),
    ([3400, 3300, 3300], [1, 1, 1]),
    ([2600, 2400, 2500, 2500, 2000], [1, 1, 1, 1, 1]),
    ([6950, 3050], [0.7, 0.3]),
]
PEEKING = {"runs": 1000, "seed": 2025, "rate": 0.1, "batch": 100, "peeks": 50, "planned": 10000}


def main():
    fixtures = {
        "comparisons": [
            {"control": list(c), "variant": list(v), "alpha": a, "plannedExposures": p, "rho": rho(a, p), **compare(c, v, a, p)}
            for c, v, a, p in COMPARISONS
        ],
        "sampleRatios": [{"exposures": o, "plannedShares": s, **sample_ratio(o, s)} for o, s in SAMPLE_RATIOS],
        "peeking": {**PEEKING, **peeking(**PEEKING)},
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "statistics-fixtures.json")
    with open(path, "w") as out:
        json.dump(fixtures, out, indent=2)
        out.write("\n")
    print(json.dumps(fixtures["peeking"]))


if __name__ == "__main__":
    main()
