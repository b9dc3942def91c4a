"""The rank engine, the production engine of the game with draws: every option of a situation, exact, by draw class.

:mod:`~combin.stud.draw.rank.engine` (:class:`~combin.stud.draw.rank.engine.RankEngine`,
the entry), :mod:`~combin.stud.draw.rank.kernel` (the compiled passes and the method),
:mod:`~combin.stud.draw.rank.choose` (which options a situation prices, priced in one call),
:mod:`~combin.stud.draw.rank.records` (their typed inputs),
:mod:`~combin.stud.draw.rank.tables` (fixed tables: rank multisets, hand levels,
forcing rows), :mod:`~combin.stud.draw.rank.prepare`,
:mod:`~combin.stud.draw.rank.dealer`, :mod:`~combin.stud.draw.rank.exact`,
:mod:`~combin.stud.draw.rank.forcing` and :mod:`~combin.stud.draw.rank.common` (the
passes' parts).  The rules' pays come from :mod:`combin.stud.core.pays`.
"""
