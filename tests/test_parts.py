"""The drawing parts games share (pnp/render/parts.py), measured in points on a recording
canvas: the card-back frame and the ringed token."""

import pytest

from pnp.data.colours import Colour
from pnp.render.parts import back_frame, ringed_token
from pnp.units import MM


class Recorder:
    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return lambda *args, **kw: self.calls.append((name, args, kw))


class FakeSurface:
    def __init__(self, w, h, ink_saver=False):
        self.c, self.w, self.h, self.ink_saver = Recorder(), w, h, ink_saver
        self.filled = None

    def fill_bleed(self, fill):
        self.filled = fill


RED, CREAM = Colour(0.8, 0.1, 0.1), Colour(1, 0.95, 0.8)


def test_back_frame_is_two_rounded_rectangles_inside_the_trim():
    s = FakeSurface(63 * MM, 88 * MM)
    back_frame(s, RED, CREAM)
    assert s.filled == RED
    rects = [args for name, args, _ in s.c.calls if name == "roundRect"]
    outer, inner = rects
    assert outer[:4] == pytest.approx((11.339, 11.339, 155.906, 226.772), abs=1e-3)
    assert outer[4] == pytest.approx(3 * MM)
    assert inner[:4] == pytest.approx((17.008, 17.008, 144.567, 215.433), abs=1e-3)
    assert [args[0] for name, args, _ in s.c.calls if name == "setLineWidth"] == [1.5, 0.6]


def test_ringed_token_is_a_circle_inside_the_cut():
    s = FakeSurface(24 * MM, 24 * MM)
    ringed_token(s, RED, CREAM, inset=1.5 * MM, width=1)
    (name, args, _), = [call for call in s.c.calls if call[0] == "circle"]
    assert args[:3] == pytest.approx((12 * MM, 12 * MM, 10.5 * MM))
