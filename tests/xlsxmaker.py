"""A tiny .xlsx writer for test fixtures (no spreadsheet library is a dependency): sheets of
rows whose cells are text, numbers, ("=formula", cached value) pairs or ("#error", formula).
A cached value None is no <v> at all, ... an empty <v/> (as openpyxl writes a formula)."""

import zipfile
from xml.sax.saxutils import escape


def _col(i: int) -> str:
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(65 + r) + name
    return name


def _cell(ref: str, value) -> str:
    if isinstance(value, tuple) and str(value[0]).startswith("#"):
        return f'<c r="{ref}" t="e"><f>{escape(value[1])}</f><v>{escape(value[0])}</v></c>'
    if isinstance(value, tuple):
        formula, cached = value
        if cached is None:  # written by a script: no calculated value
            return f'<c r="{ref}"><f>{escape(formula.lstrip("="))}</f></c>'
        if cached is ...:  # written by openpyxl: an empty value
            return f'<c r="{ref}"><f>{escape(formula.lstrip("="))}</f><v/></c>'
        if isinstance(cached, str):
            return (f'<c r="{ref}" t="str"><f>{escape(formula.lstrip("="))}</f>'
                    f'<v>{escape(cached)}</v></c>')
        return f'<c r="{ref}"><f>{escape(formula.lstrip("="))}</f><v>{cached}</v></c>'
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f'<c r="{ref}"><v>{value}</v></c>'
    if value is None or value == "":
        return ""
    return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(str(value))}</t></is></c>'


def write_xlsx(path, sheets: dict[str, list[list]]) -> None:
    ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    rns = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        overrides = "".join(
            f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            for i in range(1, len(sheets) + 1))
        z.writestr("[Content_Types].xml",
                   '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.'
                   'openxmlformats.org/package/2006/content-types"><Default Extension="rels" '
                   'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                   '<Default Extension="xml" ContentType="application/xml"/><Override '
                   'PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
                   'officedocument.spreadsheetml.sheet.main+xml"/>' + overrides + '</Types>')
        z.writestr("_rels/.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
                   'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" '
                   f'Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        entries = "".join(f'<sheet name="{escape(n)}" sheetId="{i}" r:id="rId{i}"/>'
                          for i, n in enumerate(sheets, 1))
        z.writestr("xl/workbook.xml", f'<?xml version="1.0" encoding="UTF-8"?><workbook {ns} '
                   f'{rns}><sheets>{entries}</sheets></workbook>')
        rels = "".join(f'<Relationship Id="rId{i}" Type="{rel}/worksheet" '
                       f'Target="worksheets/sheet{i}.xml"/>' for i in range(1, len(sheets) + 1))
        z.writestr("xl/_rels/workbook.xml.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
                   f'openxmlformats.org/package/2006/relationships">{rels}</Relationships>')
        for i, rows in enumerate(sheets.values(), 1):
            body = "".join(
                f'<row r="{r}">' + "".join(_cell(f"{_col(c)}{r}", v) for c, v in enumerate(row))
                + "</row>" for r, row in enumerate(rows, 1))
            z.writestr(f"xl/worksheets/sheet{i}.xml", f'<?xml version="1.0" encoding="UTF-8"?>'
                       f'<worksheet {ns}><sheetData>{body}</sheetData></worksheet>')


def write_ods(path, sheets: dict[str, list[list]]) -> None:
    """The same for OpenDocument (.ods): ("=formula", cached) cells keep their cached value."""
    office = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
    table = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
    text = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"

    def cell(value) -> str:
        formula = ""
        if isinstance(value, tuple) and str(value[0]).startswith("#"):  # ("#DIV/0!", "1/0")
            return (f'<table:table-cell table:formula="of:={escape(value[1])}" office:value-type='
                    f'"string" office:string-value="" calcext:value-type="error"><text:p>'
                    f'{escape(value[0])}</text:p></table:table-cell>')
        if isinstance(value, tuple):
            formula = f' table:formula="of:{escape(value[0], {chr(34): "&quot;"})}"'
            value = value[1]
            if value is None:  # written by a script: no calculated value
                return f"<table:table-cell{formula}/>"
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return (f'<table:table-cell office:value-type="float" office:value="{value}"'
                    f'{formula}><text:p>{value}</text:p></table:table-cell>')
        if value is None or value == "":
            return "<table:table-cell/>"
        return (f'<table:table-cell office:value-type="string"{formula}><text:p>'
                f'{escape(str(value))}</text:p></table:table-cell>')

    body = "".join(
        f'<table:table table:name="{escape(name)}">' + "".join(
            "<table:table-row>" + "".join(cell(v) for v in row) + "</table:table-row>"
            for row in rows) + "</table:table>" for name, rows in sheets.items())
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content '
               f'xmlns:office="{office}" xmlns:table="{table}" xmlns:text="{text}" '
               'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" '
               f'office:version="1.2"><office:body><office:spreadsheet>{body}'
               '</office:spreadsheet></office:body></office:document-content>')
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest='
                '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/'
                'vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path='
                '"content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
        z.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
