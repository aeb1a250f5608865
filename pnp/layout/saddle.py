"""Saddle-stitch imposition: the page order that makes a stack of folded sheets read 1, 2, 3...

Pages are padded with blanks to a multiple of 4. Sheet s (from 0) carries, on its front, pages
n - 2s (left) and 2s + 1 (right); on its back, pages 2s + 2 (left) and n - 2s - 1 (right).
"""

from __future__ import annotations


def padded(pages: int) -> int:
    return max(4, -(-pages // 4) * 4)


def saddle_order(pages: int) -> list[tuple[tuple[int | None, int | None], tuple[int | None, int | None]]]:
    """Per sheet: ((front left, front right), (back left, back right)); 1-based page numbers,
    None where a blank page pads the booklet."""
    n = padded(pages)

    def real(p: int) -> int | None:
        return p if p <= pages else None

    sheets = []
    for s in range(n // 4):
        front = (real(n - 2 * s), real(2 * s + 1))
        back = (real(2 * s + 2), real(n - 2 * s - 1))
        sheets.append((front, back))
    return sheets
