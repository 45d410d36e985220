"""A move: its kind (march, fly, take, enter, ransom; what each is is told
in rithmocheck.play.moves), the squares it goes from and to, the man it
enters or the layer it ransoms, its one-line text and its JSON. Data only:
the moves played (rithmocheck.play.moves) and the victories they make
(rithmocheck.play.victories) both read it, and neither imports the other's
module for it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .position import Kings, Man, Square, square_name, token


@dataclass(frozen=True, order=True)
class Move:
    kind: str  # march | fly | take | enter | ransom
    frm: Square | None
    to: Square
    man: Man | None = field(default=None, compare=False)  # enter: the prisoner entered; ransom: the layer

    def text(self, kings: Kings) -> str:
        if self.kind == "enter":
            assert self.man is not None
            return f"{token(self.man, kings)}@{square_name(self.to)}"
        assert self.frm is not None
        if self.kind == "ransom":
            assert self.man is not None
            return f"{square_name(self.frm)}^{square_name(self.to)}={self.man.value}"
        sep = {"march": "-", "fly": "~", "take": "x"}[self.kind]
        return f"{square_name(self.frm)}{sep}{square_name(self.to)}"

    def as_json(self) -> dict[str, Any]:
        if self.kind == "enter":
            assert self.man is not None
            return {"enter": self.man.as_json(), "to": square_name(self.to)}
        assert self.frm is not None
        if self.kind == "ransom":
            assert self.man is not None
            return {"ransom": self.man.value, "from": square_name(self.frm), "to": square_name(self.to)}
        return {"from": square_name(self.frm), "to": square_name(self.to), "flying": self.kind == "fly"}
