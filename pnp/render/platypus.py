"""What pnp's booklet and reports use of reportlab.platypus, imported in one place (importing
platypus costs a cold build some 0.1 s: only the commands that lay out text import this)."""

from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame,  # noqa: F401
                                Indenter, KeepTogether, LayoutError, PageBreakIfNotEmpty,
                                PageTemplate, Paragraph, SimpleDocTemplate, Spacer, Table,
                                TableStyle)
