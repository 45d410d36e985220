"""The model: the armies derived from the digits (men), the proportions
(proportions), the Latin names of ratios (ratio_names) and the symbolic
proofs behind the rules (symbolic, the only module that imports sympy)."""
