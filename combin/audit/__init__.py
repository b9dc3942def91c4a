"""The certification evidence bundle: ``combin audit``.

:func:`~combin.audit.bundle.build` writes, for each game, a self-contained
folder a laboratory can archive and re-check: every par sheet in Markdown,
CSV and JSON; the interpretation register; a method statement generated from
the code's own metadata; the cross-checks actually run with their results;
a seeded Monte Carlo confirmation of every wager; a human-readable
``REPORT.md``; and a ``manifest.json`` with the SHA-256 of every file.
:func:`~combin.audit.verify.verify` re-hashes a bundle and recomputes it.

>>> DEFAULTS["rounds"], LIMITS["rounds"]
(200000, (1000, 1000000000))
"""

__all__ = ["DEFAULTS", "LIMITS"]

#: Default parameters of ``combin audit``: the seed and the simulation sizes (rounds and
#: hands *per simulation*: each wager, paytable, rule set and reading has its own stream).
DEFAULTS = {"seed": 20261129, "rounds": 200_000, "hands": 200_000, "shoes": 100_000}

#: The least and the most of each parameter ``combin audit`` accepts (and so records): fewer
#: rounds, hands or shoes would mean nothing, more would run for days.
LIMITS = {"seed": (0, 2**63 - 1), "rounds": (1000, 10**9), "hands": (1000, 10**9),
          "shoes": (100, 10**8)}
