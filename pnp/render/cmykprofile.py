"""pnp's own CMYK output profile, generated (no press maker's profile may be shipped under pnp's
MIT licence): an ICC v2 output profile for a generic coated press whose separation (the Lab to
CMYK table) replaces grey by black and never asks for more than TOTAL_INK of ink.

The press model: each ink absorbs some of each of red, green and blue light (cyan mostly red,
and a little of the others, as real inks do), coverage grows by a mid-tone dot gain, and the
reflectances multiply. The separation inverts that model point by point of its grid. A table's
interpolated values are weighted means of its grid points, so no colour, printed through this
profile, sums to more ink than its grid points do.

Run `python -m pnp.render.cmykprofile` to write the shipped file again (tests check the shipped
one is what this writes)."""

from __future__ import annotations

import struct
from pathlib import Path

PROFILE = Path(__file__).resolve().parent / "profiles" / "pnp-coated-240.icc"
DESCRIPTION = "pnp generic coated press, total ink 240 %"
TOTAL_INK = 2.40
# how much of red, green and blue light each solid ink takes away
ABSORB = {"c": (0.93, 0.30, 0.10), "m": (0.12, 0.90, 0.35), "y": (0.03, 0.09, 0.90),
          "k": (0.95, 0.95, 0.95)}
DOT_GAIN = 0.15  # at 50 % coverage
PAPER = (0.93, 0.93, 0.91)  # linear reflectance of the paper in red, green, blue
A2B_GRID, B2A_GRID = 9, 17
# linear sRGB to XYZ, adapted to D50 (the PCS white): Bradford, as in the ICC's sRGB profile
RGB_TO_XYZ = ((0.4360, 0.3851, 0.1431), (0.2225, 0.7169, 0.0606), (0.0139, 0.0971, 0.7141))
D50 = (0.9642, 1.0, 0.8249)


def _gain(v: float) -> float:
    return v + 4 * DOT_GAIN * v * (1 - v)


def reflectance(c: float, m: float, y: float, k: float) -> tuple[float, float, float]:
    """Red, green and blue reflectance relative to the paper's (the profile is media-relative:
    the paper is the white of the tables; its own colour is the white point tag)."""
    out = []
    for ch in range(3):
        r = 1.0
        for ink, v in zip("cmyk", (c, m, y, k)):
            r *= 1 - _gain(v) * ABSORB[ink][ch]
        out.append(r)
    return out[0], out[1], out[2]


def _lab(rgb) -> tuple[float, float, float]:
    xyz = [sum(RGB_TO_XYZ[i][j] * rgb[j] for j in range(3)) / D50[i] for i in range(3)]

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(max(v, 0.0)) for v in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _rgb(lab) -> tuple[float, float, float]:
    L, a, b = lab
    fy = (L + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def inv(t: float) -> float:
        return t ** 3 if t > 6 / 29 else 3 * (6 / 29) ** 2 * (t - 4 / 29)

    xyz = [inv(fx) * D50[0], inv(fy) * D50[1], inv(fz) * D50[2]]
    m = RGB_TO_XYZ  # invert the 3 x 3 matrix (Cramer)
    det = (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
           - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
           + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    cof = [[(m[(j + 1) % 3][(i + 1) % 3] * m[(j + 2) % 3][(i + 2) % 3]
             - m[(j + 1) % 3][(i + 2) % 3] * m[(j + 2) % 3][(i + 1) % 3]) / det
            for j in range(3)] for i in range(3)]
    r, g, bl = (sum(cof[i][j] * xyz[j] for j in range(3)) for i in range(3))
    return r, g, bl


def separate(lab) -> tuple[float, float, float, float]:
    """The CMYK that prints closest to a Lab colour, grey replaced by black, within TOTAL_INK.
    A colour that needs more ink tries other amounts of black (each with its C, M and Y cut
    to the limit) and keeps the one that prints closest: more black for a dark grey, less
    for a deep red, whose red light black would take away."""
    import math

    target = [min(max(v, 1e-4), 1.0) for v in _rgb(lab)]
    dark = 1 - max(target) ** (1 / 2.2)  # the grey component, 0..1, as the eye sees it
    k_start = max(0.0, (dark - 0.1) / 0.9)  # black from the light tones on (medium GCR)
    cmy = _solve(target, k_start, math)
    if sum(cmy) + k_start <= TOTAL_INK:
        return cmy[0], cmy[1], cmy[2], k_start
    goal = _lab(target)
    best, best_err = None, math.inf
    for k in sorted({min(1.0, max(0.0, k_start + d)) for d in
                     (-0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3, 0.45, 0.6)}):
        c, m, y = _solve(target, k, math)
        scale = min(1.0, max(0.0, TOTAL_INK - k) / max(c + m + y, 1e-9))
        ink = (c * scale, m * scale, y * scale, k)
        err = math.dist(_lab(reflectance(*ink)), goal)
        if err < best_err - 1e-9:
            best, best_err = ink, err
    assert best is not None
    return best


def _solve(target, k: float, math) -> list[float]:
    """C, M, Y printing the target reflectances with black k: Newton's method on the logarithms
    of the reflectances, clamped to the possible coverages."""
    v = [0.3, 0.3, 0.3]
    goal = [math.log(t) for t in target]
    for _ in range(30):
        now = [math.log(r) for r in reflectance(v[0], v[1], v[2], k)]
        err = [n - g for n, g in zip(now, goal)]
        if max(abs(e) for e in err) < 1e-5:
            break
        jac = []
        for i in range(3):
            w = list(v)
            w[i] += 1e-4
            moved = [math.log(r) for r in reflectance(w[0], w[1], w[2], k)]
            jac.append([(mv - n) / 1e-4 for mv, n in zip(moved, now)])  # d channel / d ink i
        step = _solve3([[jac[i][ch] for i in range(3)] for ch in range(3)], err)
        v = [min(1.0, max(0.0, x - s)) for x, s in zip(v, step)]
    return v


def _solve3(a, b) -> list[float]:
    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    d = det(a)
    if abs(d) < 1e-12:
        return [0.0, 0.0, 0.0]
    out = []
    for col in range(3):
        m = [[b[r] if c == col else a[r][c] for c in range(3)] for r in range(3)]
        out.append(det(m) / d)
    return out


# ---- the ICC file ---------------------------------------------------------------------------
def _lab16(lab) -> list[int]:
    """Lab in the ICC v2 16-bit encoding of lut16 tables (L 0..100 -> 0..0xFF00)."""
    L, a, b = lab
    return [round(min(max(L, 0), 100) * 652.8), round((min(max(a, -128), 127.996) + 128) * 256),
            round((min(max(b, -128), 127.996) + 128) * 256)]


def _lut16(inputs: int, outputs: int, grid: int, table: list[list[int]]) -> bytes:
    head = b"mft2" + bytes(4) + struct.pack(">BBBB", inputs, outputs, grid, 0)
    head += struct.pack(">9i", 65536, 0, 0, 0, 65536, 0, 0, 0, 65536)
    head += struct.pack(">HH", 2, 2)  # linear input and output curves of two points
    curves_in = struct.pack(">HH", 0, 65535) * inputs
    curves_out = struct.pack(">HH", 0, 65535) * outputs
    clut = b"".join(struct.pack(f">{outputs}H", *row) for row in table)
    return head + curves_in + clut + curves_out


def _grid(n: int, dims: int):
    import itertools

    return itertools.product(*[[i / (n - 1) for i in range(n)]] * dims)


def _text_desc(text: str) -> bytes:
    ascii_ = text.encode("ascii") + b"\0"
    return (b"desc" + bytes(4) + struct.pack(">I", len(ascii_)) + ascii_
            + struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + bytes(67))


def _xyz(x: float, y: float, z: float) -> bytes:
    return b"XYZ " + bytes(4) + struct.pack(">3i", *(round(v * 65536) for v in (x, y, z)))


def build() -> bytes:
    a2b = [_lab16(_lab(reflectance(*cmyk))) for cmyk in _grid(A2B_GRID, 4)]
    b2a = []
    for l_, a_, b_ in _grid(B2A_GRID, 3):
        lab = (l_ * 100, a_ * 255 - 128, b_ * 255 - 128)
        b2a.append([round(v * 65535) for v in separate(lab)])
    white = _rgb_to_xyz_abs(PAPER)
    tags = [(b"desc", _text_desc(DESCRIPTION)),
            (b"cprt", b"text" + bytes(4) + b"No copyright: generated by pnp (MIT), use freely.\0"),
            (b"wtpt", _xyz(*white)),
            (b"A2B0", _lut16(4, 3, A2B_GRID, a2b)),
            (b"B2A0", _lut16(3, 4, B2A_GRID, b2a))]
    offset = 128 + 4 + 12 * (len(tags) + 2)  # A2B1 and B2A1 share A2B0's and B2A0's data
    directory, body, where = [], b"", {}
    for tag, data in tags:
        data += bytes(-len(data) % 4)
        where[tag] = (offset + len(body), len(data))
        body += data
    for tag in (b"desc", b"cprt", b"wtpt", b"A2B0", b"B2A0"):
        directory.append(struct.pack(">4sII", tag, *where[tag]))
    directory.append(struct.pack(">4sII", b"A2B1", *where[b"A2B0"]))
    directory.append(struct.pack(">4sII", b"B2A1", *where[b"B2A0"]))
    tag_table = struct.pack(">I", len(directory)) + b"".join(directory)
    size = 128 + len(tag_table) + len(body)
    header = struct.pack(">I4sI4s4s4s", size, b"none", 0x02100000, b"prtr", b"CMYK", b"Lab ")
    header += bytes(12)  # date: none, so the file is the same each time it is written
    header += b"acsp" + b"none" + struct.pack(">I", 0) + b"none" + bytes(4) + bytes(8)
    header += struct.pack(">I", 0)  # rendering intent: perceptual
    header += struct.pack(">3i", *(round(v * 65536) for v in D50)) + b"none"
    header += bytes(128 - len(header))
    return header + tag_table + body


def _rgb_to_xyz_abs(rgb) -> tuple[float, float, float]:
    x, y, z = (sum(RGB_TO_XYZ[i][j] * rgb[j] for j in range(3)) for i in range(3))
    return x, y, z


if __name__ == "__main__":
    PROFILE.parent.mkdir(exist_ok=True)
    PROFILE.write_bytes(build())
    print(f"wrote {PROFILE}")
