"""The README's walkthrough, step by step: a card made from scratch in data. The test builds it,
and `python tests/walkthrough.py` redraws docs/walkthrough-cards.png from it."""

from pathlib import Path

CARDS = """title,text,colour,cost,icon,count
Fire Flask,Deal **3** :fire: damage to a rival.,rose,2,fire,3
Herb Tonic,Heal **2** :drop:. *Then draw a card.*,leaf,1,leaf,2
Sun Draught,Every player draws **two** cards.,sun,3,magic,2
"""

COST_AND_ICON = '''
[cost_disc]
type = "ellipse"
x = "100% - 12mm"
y = "3.5mm"
width = "9mm"
height = "9mm"
fill = "#ffffff"
stroke = "{{ colour | shade(0.3) }}"
stroke_width = "1pt"

[cost]
type = "text"
text = "{{ cost }}"
x = "100% - 12mm"
y = "3.5mm"
width = "9mm"
height = "9mm"
font = "bold"
size = 14
align = "centre"
valign = "middle"

[potion]
type = "icon"
icon = "{{ icon }}"
colour = "{{ colour }}"
x = "50% - 8mm"
y = "100% - 24mm"
width = "16mm"
height = "16mm"
'''


def make(parent: Path) -> Path:
    """Steps 1-3 of the walkthrough: a new deck, its rows, and three elements more."""
    from pnp.scaffold import new_game

    game = new_game("potions", parent)
    (game / "cards.csv").write_text(CARDS, encoding="utf-8")
    layout = game / "layouts" / "card.toml"
    text = layout.read_text(encoding="utf-8")
    # make room for the cost beside the title: the title's box starts and ends 12 mm in
    text = text.replace('text = "{{ title }}"\nx = "4mm"\ny = "5.6mm"\nwidth = "100% - 8mm"',
                        'text = "{{ title }}"\nx = "12mm"\ny = "5.6mm"\nwidth = "100% - 24mm"')
    layout.write_text(text + COST_AND_ICON, encoding="utf-8")
    return game


def picture(game: Path, out: Path) -> None:
    """Three fronts and the back, side by side, from `pnp export --format png`."""
    import tempfile

    from PIL import Image

    from pnp.project import export, open_game

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "faces"
        export(open_game(str(game)), "png", folder, dpi=120)
        names = ["cards-001-fire-flask-front", "cards-004-herb-tonic-front",
                 "cards-006-sun-draught-front", "cards-001-fire-flask-back"]
        faces = [Image.open(folder / f"{n}.png").convert("RGB") for n in names]
    gap = 16
    sheet = Image.new("RGB", (sum(f.width for f in faces) + gap * (len(faces) + 1),
                              max(f.height for f in faces) + 2 * gap), "white")
    x = gap
    for face in faces:
        sheet.paste(face, (x, gap))
        x += face.width + gap
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        picture(make(Path(tmp)), Path(__file__).resolve().parents[1] / "docs" /
                "walkthrough-cards.png")
