"""The rank engine: the exact options of a Lunar Poker situation summed by draw class.

:mod:`~combin.stud.draw.rank.tables` (fixed tables: rank multisets, hand levels,
forcing rows), :mod:`~combin.stud.draw.rank.kernel` (the compiled pass of one
situation) and :mod:`~combin.stud.draw.rank.engine` (:class:`RankEngine`).
"""
