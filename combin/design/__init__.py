"""Paytable design: "what if" questions a game designer or a casino asks.

* :mod:`~combin.design.solve` -- a wager's expected return as an exact
  symbolic expression of its pays, and the exact pay that gives a target
  house edge (with the nearest whole pays and their exact edges);
* :mod:`~combin.design.package` -- several wagers of one game bet on the same
  round: the exact distribution of the combined result, its return, variance
  and the covariance between the wagers.

Custom paytables come from the user's TOML files (:mod:`combin.files.paytable_file`).
Every figure is an exact integer or :class:`~fractions.Fraction`; sympy is
imported only by the functions that build symbolic expressions.
"""

__all__ = []
