"""Faces from layout files: a compiled layout (pnp/data/layouts) drawn for each row (draw.py),
with rich text (richtext.py), pictures and icons (art.py) and named figures (figures.py)."""
