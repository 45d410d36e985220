"""A second, literal evaluator of captures and victories (issue 33).

Written straight from the sentences of the 1563 book
(sources/lever-fulke-1563/witness.txt; every function cites its lines),
deliberately plain and slow, to hold the reference engine
(rithmocheck/play/) to the book: a rule read wrong in the engine cannot be
read wrong the same way here, for nothing here is shared with the engine's
capture logic. It never imports rithmocheck.play.captures, .moves or
.victories; it reads only the position notation (rithmocheck.play.position)
and the ruleset document's plain data (the board's length, the men with
their numbers, signs and kings' layers, the tables of the triumphs), and
decides every rule itself. Where the book can be read two ways the reading
is an option taken by name from an options dict whose defaults are the
ruleset's option list (`rithmocheck ruleset --kind N`, key `options`).

* book.py     the kind, its options, its men, its board and the draughts of
              the men (lines 415-444, 858-871, 992-996);
* taking.py   every manner of taking of the three kinds (446-577, 873-937,
              998-1044);
* victory.py  the triumphs and the common victories (579-709, 957-964,
              1046-1116);
* turn.py     a move played: when men are taken (after the move, or before
              it with removal into the taken man's place) and what the
              mover then holds;
* positions.py random lawful positions of every kind (the tests' and the
              big run's);
* differential.py  the comparison with the engine (the only module here that
              imports the engine's moves, for its list of legal moves and
              its answers).

`tools/literal.py` runs the big budget and prints the summary.
"""
