"""Vector icons, drawn with paths (no fonts, no images), consistent in stroke and size."""

from .basic import arrow, disc, taijitu, toward
from .weapons import (axe_icon, bow_icon, dagger_icon, drop_icon, leaf_icon, magic_icon, shield_icon,
                      sword_icon)
from .elements import ELEMENT_ICONS, earth_icon, element_icon, fire_icon, water_icon, wind_icon
from .objects import (PLAYER_SHAPES, SUIT_ICONS, cards_icon, coin_icon, crown_icon, eye_icon, hat_icon,
                      net_icon, person_icon, player_symbol, ring_icon, spikes_icon, suit_icon,
                      wall_icon)

__all__ = ["arrow", "disc", "taijitu", "toward", "axe_icon", "bow_icon", "dagger_icon",
           "drop_icon", "leaf_icon", "magic_icon", "shield_icon", "sword_icon", "ELEMENT_ICONS",
           "earth_icon", "element_icon", "fire_icon", "water_icon", "wind_icon", "PLAYER_SHAPES",
           "SUIT_ICONS", "cards_icon", "coin_icon", "crown_icon", "eye_icon", "hat_icon",
           "net_icon", "person_icon", "player_symbol", "ring_icon", "spikes_icon", "suit_icon",
           "wall_icon"]
