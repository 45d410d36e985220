"""Readers of the witnesses other than the primary one: the EEBO-TCP keying
(tcp), the alignment of the primary witness with it (align) and the page map
of the primary witness derived from that alignment (pages)."""
