"""Layout files as data: read (spec.py, with `extends` and the shipped starters/), checked and
compiled once per kind of piece (compiled.py: elements whose properties are constants or
expressions, values.py), with pure geometry for tracks (track.py). No drawing here: the faces
are drawn by pnp/faces/draw.py."""
