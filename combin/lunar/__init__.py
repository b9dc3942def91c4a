"""Lunar Poker (58 Pa. Code Chapter 671a): exact hand-class counts.

The game is dealt from one 52-card deck.  :mod:`combin.lunar.cards` encodes
the cards and names the hand classes, :mod:`combin.lunar.classes` counts the
classes in closed form, and :mod:`combin.lunar.exhaustive` (numpy; imported
only on demand) re-counts them by evaluating every hand.
"""

__all__ = []
