"""How different two colours look: CIEDE2000 (Sharma, Wu and Dalal 2005) between sRGB colours,
for people with normal colour vision and, simulated with the matrices of Machado, Oliveira and
Fernandes (2009, severity 1), for the three common colour-vision deficiencies. A difference
of about 2 is just noticeable; colours that stand for different things need far more."""

from __future__ import annotations

import math
from typing import Sequence

# Machado et al. 2009, severity 1.0, applied to linear RGB
VISIONS: dict[str, tuple[tuple[float, float, float], ...] | None] = {
    "normal vision": None,
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

RGB = Sequence[float]  # sRGB channels 0..1 (a Colour, a reportlab Color's rgb())


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb: RGB, vision: str = "normal vision") -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour as seen with `vision`."""
    r, g, b = (_linear(min(1.0, max(0.0, float(c)))) for c in rgb[:3])
    m = VISIONS[vision]
    if m is not None:
        r, g, b = (min(1.0, max(0.0, row[0] * r + row[1] * g + row[2] * b)) for row in m)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_l, d_c = L2 - L1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (L1 + L2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    turn = 30 * math.exp(-((h_mean - 275) / 25) ** 2)
    r_c = 2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_t = -math.sin(math.radians(2 * turn)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2
                     + r_t * (d_c / s_c) * (d_h / s_h))


def difference(a: RGB, b: RGB, vision: str = "normal vision") -> float:
    return ciede2000(lab(a, vision), lab(b, vision))


def closest(a: RGB, b: RGB) -> tuple[str, float]:
    """(vision, difference) where the two colours look most alike, relative to what that
    vision needs (MIN_DIFFERENCE)."""
    return min(((v, difference(a, b, v)) for v in VISIONS),
               key=lambda vd: vd[1] / MIN_DIFFERENCE[vd[0]])


# the least difference colours of different meaning keep: clearly apart with normal vision,
# still apart (if less) for each deficiency
MIN_DIFFERENCE = {"normal vision": 10.0, "protanopia": 5.0, "deuteranopia": 5.0,
                  "tritanopia": 5.0}
