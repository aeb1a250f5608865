"""What pnp's booklet and reports use of reportlab.platypus, imported in one place (importing
platypus costs a cold build some 0.3 s: only the commands that lay out text import this)."""

from reportlab.platypus import (Flowable, Frame, Indenter, KeepTogether, Paragraph,  # noqa: F401
                                SimpleDocTemplate, Spacer, Table, TableStyle)
