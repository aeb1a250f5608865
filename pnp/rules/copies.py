"""How many cards each row of `[cards] data = "cards.csv"` is: its count column, which may have
any name (`count = "qty"`), as a component's may; by default a column called "count", else one
card a row. A named column the file lacks is an Error naming its columns; a cell that is no
whole number 0..1000 an Error naming file, row and column; a column that looks like copies
(Qty, Copies...) left unnamed a warning, not one card a row unsaid."""

from __future__ import annotations

from typing import Any

from ..errors import Source, warning



def card_counts(rows: Any, table: dict, reader: Any, problems: list | None = None
                ) -> tuple[list[int], str | None]:
    """The count of each row of `rows` (a data.sheets table) for the `[cards]` table, and
    the column it is read from (None: one card a row)."""
    from ..data.files import MAX_COPIES, Column, convert_cell, unread_copies

    where = reader.prefix + "cards.count"
    if "count" in table:
        column = table["count"]
        if not isinstance(column, str) or not column:
            raise reader.error(f"count names the column of copies (count = \"qty\"), not "
                               f"{column!r}", "cards.count")
        if column not in rows.columns:
            raise reader.error(f"count column {column!r} is not in {rows.name} (its columns: "
                               f"{', '.join(rows.columns)})", "cards.count")
    else:
        column = "count" if "count" in rows.columns else None
        said = unread_copies(rows.name, rows.columns, column, "[cards]")
        if said and problems is not None:
            problems.append(warning(said, Source(reader.path), where))
        if column is None:
            return [1] * len(rows.rows), None
    copies = Column(column, "int", default=1, min=0, max=MAX_COPIES)
    return [convert_cell(str(r[column]), copies, r.source) for r in rows.rows], column
