"""Melds: pungs and the kongs (豆) of docs/rules.md §7."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.core.tiles import Tile, format_tile


class KongKind(StrEnum):
    """How a kong was made; decides who pays for it (docs/rules.md §7)."""

    EXPOSED = "exposed"  # 点豆: three in hand, claimed the fourth off a discard
    CONCEALED = "concealed"  # 闷豆: four drawn, konged from the hand
    ADDED = "added"  # 转弯豆: a drawn tile added to an exposed pung


@dataclass(frozen=True, slots=True)
class Meld:
    """A pung or kong on the table.

    `source` is the seat that discarded the claimed tile (None for a concealed kong);
    an added kong keeps its pung's source. `late` marks 憨包豆 (docs/rules.md §12.10).
    """

    tile: Tile
    kong: KongKind | None = None
    source: int | None = None
    late: bool = False

    def __reduce__(self) -> tuple[type[Meld], tuple[Tile, KongKind | None, int | None, bool]]:
        # copy, deepcopy and pickle rebuild a meld from its fields: compiled (game.fast), a frozen
        # dataclass has no other way to be copied.
        return (Meld, (self.tile, self.kong, self.source, self.late))

    @property
    def is_kong(self) -> bool:
        """True for any kong."""
        return self.kong is not None

    @property
    def size(self) -> int:
        """Tiles on the table: 3 for a pung, 4 for a kong."""
        return 3 if self.kong is None else 4

    def describe(self) -> str:
        """Hand-file form: `pung 5m from 2`, `kong 7p concealed`, `kong 9s added late`."""
        t = format_tile(self.tile)
        if self.kong is None:
            return f"pung {t} from {self.source}"
        if self.kong is KongKind.EXPOSED:
            return f"kong {t} from {self.source}"
        late = " late" if self.late else ""
        return f"kong {t} {self.kong.value}{late}"
