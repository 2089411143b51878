"""Are the card colours of each deck told apart by players with a colour-vision
deficiency? Prints, per deck and per kind of vision, the smallest colour difference
between two of its cards and between a card and each theme's background.

Vision is simulated with Machado, Oliveira and Fernandes (2009), "A physiologically-based
model for simulation of color vision deficiency", at severity 1.0 (protanopia,
deuteranopia, tritanopia: the strongest forms), applied in linear RGB. Differences are
CIEDE2000 (Sharma, Wu and Dalal 2005) between the colours in CIELAB (D65).

    python benchmarks/colour_vision.py
"""

from __future__ import annotations

import math
from itertools import combinations

# Machado et al. 2009, table of severity 1.0: linear RGB in, linear RGB out.
VISION = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(hex_colour: str) -> tuple[float, float, float]:
    """sRGB `#rrggbb` to linear RGB, each 0..1."""
    channels = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return tuple(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)


def seen(hex_colour: str, vision: str) -> tuple[float, float, float]:
    """The colour in linear RGB as `vision` sees it (clipped to what a screen shows)."""
    rgb = _linear(hex_colour)
    return tuple(
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
        for row in VISION[vision]
    )


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear RGB (sRGB primaries, D65) to CIELAB."""
    r, g, b = rgb
    xyz = (
        (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047,
        (0.2126729 * r + 0.7151522 * g + 0.0721750 * b) / 1.0,
        (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883,
    )
    f = [t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29 for t in xyz]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def ciede2000(one: tuple[float, float, float], two: tuple[float, float, float]) -> float:
    """The CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dl, dc = l2 - l1, c2 - c1
    if c1 * c2 == 0:
        dh = 0.0
    elif abs(h2 - h1) <= 180:
        dh = h2 - h1
    else:
        dh = h2 - h1 - 360 if h2 > h1 else h2 - h1 + 360
    dh_big = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_t = (
        -2
        * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh_big / s_h) ** 2 + r_t * (dc / s_c) * (dh_big / s_h)
    )


def difference(one: str, two: str, vision: str) -> float:
    """How far apart two `#rrggbb` colours look to `vision` (CIEDE2000)."""
    return ciede2000(lab(seen(one, vision)), lab(seen(two, vision)))


def closest_pair(colours: dict[str, str], vision: str) -> tuple[float, str, str]:
    """The two colours of `colours` (name: `#rrggbb`) that look closest to `vision`."""
    return min(
        (difference(colours[a], colours[b], vision), a, b) for a, b in combinations(colours, 2)
    )


def decks() -> dict[str, dict[str, str]]:
    """Each game's deck: its colours' names and their cards' backgrounds."""
    from sticheln_tui.core import hattrick, seven_seals
    from sticheln_tui.core.cards import FRENCH_SUITS, STICHELN_COLOURS
    from sticheln_tui.widgets.colours import CARD_COLOURS

    names = {
        "Sticheln": STICHELN_COLOURS,
        "Sticheln, French": FRENCH_SUITS,
        "Hattrick": hattrick.COLOURS,
        "Seven Seals": seven_seals.COLOURS,
    }
    return {
        deck: {name: CARD_COLOURS[name][1] for name in deck_names}
        for deck, deck_names in names.items()
    }


def backgrounds() -> dict[str, str]:
    """Each theme's background, by the theme's name."""
    from sticheln_tui.themes import THEMES

    return {theme.name: theme.to_color_system().generate()["background"] for theme in THEMES}


def closest_to_background(colours: dict[str, str], vision: str) -> tuple[float, str, str]:
    """The card colour that looks closest to a theme's background, and that theme."""
    return min(
        (difference(colour, back, vision), name, theme)
        for name, colour in colours.items()
        for theme, back in backgrounds().items()
    )


def main() -> None:
    print("Closest two card colours of a deck, and the card closest to a theme's background")
    print("(CIEDE2000; about 2 is just noticeable, over 10 plainly different)\n")
    print(f"{'deck':<18}{'vision':<14}{'closest pair':<32}closest to a background")
    for deck, colours in decks().items():
        for vision in VISION:
            pair, one, two = closest_pair(colours, vision)
            near, name, theme = closest_to_background(colours, vision)
            print(
                f"{deck:<18}{vision:<14}{pair:6.1f}  {one + '/' + two:<24}"
                f"{near:6.1f}  {name} on {theme}"
            )


if __name__ == "__main__":
    main()
