"""The exact core: what every game and every engine shares, and no game is named in.

The path of data is plain: a game's outcomes with exact counts, a wager over them, its
paytable, the par sheet.

============================  ===========================================================
:mod:`~combin.core.outcomes`  outcome spaces: every distinct outcome with its integer count
:mod:`~combin.core.wager`     wagers: a paytable over named events of an outcome space
:mod:`~combin.core.paytable`  paytables read from TOML data with their citation
:mod:`~combin.core.pays`      pays as printed on a layout, and the net payout they mean
:mod:`~combin.core.parsheet`  the par-sheet engine: one wager, one paytable, one outcome space
:mod:`~combin.core.risk`      volatility index and range of hold
:mod:`~combin.core.interpret` the named readings of points a regulation leaves open
:mod:`~combin.core.analysis`  from a request (wager, paytable, shoe, readings) to a par sheet
:mod:`~combin.core.crosscheck` one comparison a laboratory can read, with its result
:mod:`~combin.core.game`      a game: everything ``combin`` knows about it (:class:`Game`)
:mod:`~combin.core.cards`     cards of the 52-card deck and the poker hand classes
:mod:`~combin.core.ranks`     card ranks as people write them
============================  ===========================================================
"""

__all__: list[str] = []
