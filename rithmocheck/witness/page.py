"""A printed page of the 1563 book, cited by its microfilm image: EEBO image
set 20707, image N (one opening of the book), left or right page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SIDES = ("left", "right")
PAGE_HEADERS = ("image", "side")  # a page in a table: two columns, EEBO image N and its left or right page


@dataclass(frozen=True, order=True)
class Page:
    """One printed page: image N of EEBO image set 20707, left or right."""

    image: int
    side: str  # "left" or "right"

    def __post_init__(self) -> None:
        if self.side not in SIDES:
            raise ValueError(f"side must be 'left' or 'right', not {self.side!r}")

    @property
    def index(self) -> int:
        """0-based page order: image 1 left is 0, image 1 right is 1, ..."""
        return 2 * (self.image - 1) + SIDES.index(self.side)

    @classmethod
    def from_index(cls, index: int) -> Page:
        return cls(index // 2 + 1, SIDES[index % 2])

    def __str__(self) -> str:
        return f"image {self.image} {self.side}"

    def as_dict(self) -> dict[str, Any]:
        return {"image": self.image, "side": self.side}


def page_cells(page: Page | None) -> list[Any]:
    """A page in a table, under PAGE_HEADERS: [29, "right"] is image 29, its
    right page ("image 29 right" in prose, {"image": 29, "side": "right"} in
    JSON); two empty cells where no page is known."""
    return [page.image, page.side] if page else ["", ""]
