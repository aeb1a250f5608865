"""Writes cards.xlsx (run from this folder: python make_xlsx.py). The score column is a formula;
the file holds the value the spreadsheet calculated, which is what pnp reads."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from xlsxmaker import write_xlsx  # noqa: E402

CARDS = [
    ["title", "suit", "cost", "score", "rules", "art", "ability", "rare", "back", "count"],
    ["Sun Knight", "sun", 3, ("=C2*2", 6),
     "Deal **2** :sword: damage.\n*Once per turn.*", "art/sunrise.svg", "strike", "yes", "", 2],
    ["Forest Scout", "leaf", 1, ("=C3*2", 2),
     "Gain :sun: and look at the top card of the deck.", "art/forest.png", "scout", "no", "", 2],
    ["Moon Witch", "moon", 4, ("=C4*2", 8),
     "Each rival loses :moon: :moon:. *Counterintelligence* reveals their hands.",
     "art/sunrise.svg", "hex", "no", "layouts/boss-back.toml", 1],
    ["Ember Dragon", "sun", 9, ("=C5*2", 18),
     "**Boss.** When revealed, every player takes **3** :drop: wounds.", "art/forest.png",
     "strike", "yes", "layouts/boss-back.toml", 1],
    ["Healer", "leaf", 2, ("=C6*2", 4), "Heal **2** :drop:.", "", "scout", "no", "", 1],
]
ABILITIES = [["name", "text"], ["strike", "Deal damage"], ["scout", "Look ahead"],
             ["hex", "Curse a rival"]]



def write(path: Path, cards=CARDS, abilities=ABILITIES) -> None:
    write_xlsx(path, {"Cards": cards, "Abilities": abilities})


if __name__ == "__main__":
    write(Path(__file__).parent / "cards.xlsx")
