"""The rank engine's forcing sums (L10): the gain of forcing over every dealer hand that does not qualify.

A non-qualifying dealer five has five distinct ranks; forcing replaces one
card -- its highest (L10=replace-highest-once) or its lowest
(replace-lowest-once), the row's ``high`` -- by one of the ``r`` cards left,
and the four cards kept (``R``, the row's
:data:`~combin.stud.draw.rank.tables.Tables.rest`) requalify on a pair (a rank
of ``R``), a straight (``straight_rank``), an ace-king (``ace_king_rank``:
only with the lowest replaced, an ace or a king kept and the other drawn) or,
when they are one suit, a flush (a free card of that suit; the ace-king
rank's card of that suit is a flush, not an ace-king).  The rows of the
card replaced are :meth:`~combin.stud.draw.rank.tables.Tables.forcing_rows`;
the loops here read them alike.  Over the replacements the forcing player's
showdown total is ``S = win x (outs it beats) - loss x (outs that beat
it)``; it forces when ``S > threshold = r x (force fee + Ante pay)`` (a tie
takes the pay), gaining ``S - threshold``.  The sums kept per draw class are
``[gain, hands forced, replacements won, lost, tied, not requalifying]``.

When are the four cards kept one suit?  The five are the up card (suit
``sigma``) and four hidden cards; write ``h`` for the card replaced.

(i) ``h`` is a hidden card (the up card stays): the four kept are the up card
and the three other hidden cards, one suit iff those three are of ``sigma``;
``h`` then is not of ``sigma`` (else all five are: a flush, which qualifies).
With the highest replaced these three are the hidden cards below ``h``; with
the lowest replaced, those above it.  Either way the row's hands of this case
are ``b[h] - [the sigma card of h's rank is free]`` (``h``'s rank, off
``sigma``) times one (the three ``sigma`` cards).

(ii) ``h`` is the up card (its rank is the row's highest, or under
replace-lowest-once its lowest: the up card may be the lowest): the four kept
are the four hidden cards, one suit iff all four share a suit ``s``, and
``s != sigma`` (else a flush with the up card).

No other hand of a row has the four kept in one suit (the up card is either
kept, (i), or replaced, (ii)).  The hands of a row are counted unsuited by
:func:`forcing` (case (i) apart), case (ii) per draw by :func:`case_two` as
suited less unsuited.  Rows are visited in the order of a bound that drawing
can only lower (their outs with no card drawn, the flush outs added where
they can count), and a loop stops where ``win x bound <= threshold``.

Where the player's class decides every showdown but a flush against a flush
(``kind`` 1 three of a kind, 2 a flush, 3 a full house or four of a kind)
the loops count outs by class (:func:`forcing_by_class`, :func:`case_two_by_class`);
any other player is compared level by level (:func:`forcing`, :func:`case_two`).
"""

import numpy as np

from combin.stud.core.compiled import jit
from combin.stud.core.compiled import inline
from combin.stud.draw.rank.common import bit_count
from combin.stud.draw.rank.tables import OFFSET

__all__ = ["strong", "forcing", "case_two", "forcing_by_class", "case_two_by_class"]


@jit
def strong(level, win, take, r, fee, weak, straight_level, flush_level):
    """Whether forcing can ever pay for a final hand of this level: at most ``weak`` outs lose to a
    player below a straight (:data:`~combin.stud.core.rules.WEAK_OUTS`: 12 pairing, 4 more
    ace-king with the lowest card replaced), 20 below a flush (two straight or ace-king ranks
    at most: 8), 29 in all (9 more cards of a suit).

    >>> strong(0, 4, 1, 43, 1, 12, 100, 200), strong(0, 8, 1, 43, 1, 12, 100, 200)   # 4 x 12 <= 86 < 8 x 12
    (False, True)
    >>> strong(0, 6, 1, 43, 1, 12, 100, 200), strong(0, 6, 1, 43, 1, 16, 100, 200)   # 6 x 12 <= 86 < 6 x 16
    (False, True)
    >>> strong(0, 200, 1, 43, -1, 12, 100, 200)                                # no forcing in the game
    False
    """
    if fee < 0:
        return False
    beatable = weak if level < straight_level else (20 if level < flush_level else 29)
    return win * beatable > r * (fee + take)


@inline
def _versus(player, level, count, win, loss):
    """``(showdown total, won, lost)`` of ``count`` replacements that requalify the dealer at
    ``level``, against the player's level (a tie: neither)."""
    if player > level:
        return win * count, count, 0
    if player < level:
        return -loss * count, 0, count
    return 0, 0, 0


@inline
def _row_by_levels(dc, b, m_mask, suited_mask, count, i_row, up, rt, out):
    """Add to ``out`` the forcing of ``count`` hands of one row, each out compared level by level;
    the four cards kept are suited in the free ranks ``suited_mask`` of their suit (``-1``: not
    suited).  ``dc``: the draw class (:class:`~combin.stud.draw.rank.records.DrawClass`), ``rt``
    the rows' tables (:class:`~combin.stud.draw.rank.records.RowTables`)."""
    player, win, loss, threshold, r = dc.level, dc.win, dc.loss, dc.threshold, dc.r
    rest, pair, straight_rank, flush = rt.rest, rt.pair, rt.straight_rank, rt.flush
    straight, straight_flush = rt.straight, rt.straight_flush
    s = 0
    outs = 0
    won = 0
    lost = 0
    for j in range(4):
        q = rest[up, i_row, j]
        cnt = b[q] - ((m_mask >> q) & 1)
        if cnt <= 0:
            continue
        outs += cnt
        ds, dw, dl = _versus(player, pair[up, i_row, j], cnt, win, loss)
        s, won, lost = s + ds, won + dw, lost + dl
    for j in range(2):
        q = straight_rank[up, i_row, j]
        if q < 0:
            break
        cnt = b[q]
        if cnt <= 0:
            continue
        suited_here = suited_mask >= 0 and ((suited_mask >> q) & 1) == 1
        plain = cnt - 1 if suited_here else cnt
        outs += cnt
        ds, dw, dl = _versus(player, straight[up, i_row, j], plain, win, loss)
        s, won, lost = s + ds, won + dw, lost + dl
        if suited_here:
            ds, dw, dl = _versus(player, straight_flush[up, i_row, j], 1, win, loss)
            s, won, lost = s + ds, won + dw, lost + dl
    q = rt.ace_king_rank[up, i_row]
    if q >= 0:
        # an ace-king: every card of its rank left (none is the dealer's: the rank is not in the
        # five), but the one of the kept four's suit, a flush counted with the flush outs below
        cnt = b[q]
        if suited_mask >= 0 and ((suited_mask >> q) & 1) == 1:
            cnt -= 1
        outs += cnt
        ds, dw, dl = _versus(player, rt.ace_king[up, i_row], cnt, win, loss)
        s, won, lost = s + ds, won + dw, lost + dl
    if suited_mask >= 0:
        for q in range(13):
            if not (suited_mask >> q) & 1:
                continue
            if q == straight_rank[up, i_row, 0] or q == straight_rank[up, i_row, 1]:
                continue
            outs += 1
            ds, dw, dl = _versus(player, flush[up, i_row, q], 1, win, loss)
            s, won, lost = s + ds, won + dw, lost + dl
    gain = s - threshold
    if gain > 0:
        out[0] += count * gain
        out[1] += count
        out[2] += count * won
        out[3] += count * lost
        out[4] += count * (outs - won - lost)
        out[5] += count * (r - outs)


@jit
def forcing(dc, b, nu, sig, up, order, rt, out):
    """The forcing sums of one draw class, every out compared level by level: the unsuited hands of
    the rows that can pay (``rows`` by ``bounds`` descending), the dealer's flushes of four ``sigma``
    cards taken out, and the hands suited as case (i) -- within the same rows below a flush (a
    flush out then only beats the player), from their own list ``ones`` (bound with the flush
    outs) at a flush or better (``separate``; ``order``: a
    :class:`~combin.stud.draw.rank.records.RowOrder`).  Case (ii): :func:`case_two`."""
    win, threshold = dc.win, dc.threshold
    rows, bounds, ones, one_bounds, separate = order.rows, order.bounds, order.ones, order.one_bounds, order.separate
    mranks, mmask, high = rt.mranks, rt.mmask, rt.high
    lo = OFFSET[4]
    free_sig = sig & ~nu
    for j in range(rows.shape[0]):
        if win * bounds[j] <= threshold:
            break
        m = rows[j]
        i_row = m - lo
        hands = b[mranks[m, 0]] * b[mranks[m, 1]] * b[mranks[m, 2]] * b[mranks[m, 3]]
        if hands <= 0:
            continue
        m_mask = mmask[m]
        if (m_mask & free_sig) == m_mask:
            hands -= 1                              # four sigma cards: a flush, it qualifies
        top = high[up, i_row]                       # the rank replaced: highest, or lowest (L10)
        if top != up:                               # case (i): the up card is kept
            low3 = m_mask & ~(1 << top)             # the three hidden cards kept, all sigma
            if (low3 & free_sig) == low3:
                suited = b[top] - ((free_sig >> top) & 1)   # the replaced card: its rank, not sigma
                if suited > 0:
                    hands -= suited
                    if not separate:
                        _row_by_levels(dc, b, m_mask, free_sig & ~low3, suited, i_row, up, rt, out)
        if hands > 0:
            _row_by_levels(dc, b, m_mask, -1, hands, i_row, up, rt, out)
    if not separate:
        return
    for j in range(ones.shape[0]):
        if win * one_bounds[j] <= threshold:
            break
        m = ones[j]
        i_row = m - lo
        m_mask = mmask[m]
        top = high[up, i_row]
        low3 = m_mask & ~(1 << top)
        if (low3 & free_sig) != low3:
            continue
        suited = b[top] - ((free_sig >> top) & 1)
        if suited > 0:
            _row_by_levels(dc, b, m_mask, free_sig & ~low3, suited, i_row, up, rt, out)


@jit
def case_two(dc, b, free_suit, up, twos, two_bounds, rt, out):
    """Case (ii) in one suit, level by level: the rows below the up card (``twos``, by their bound
    with flush outs) whose four cards are all free in that suit (``free_suit``) -- counted as
    unsuited by :func:`forcing`, here as suited less unsuited."""
    win, threshold, mmask = dc.win, dc.threshold, rt.mmask
    lo = OFFSET[4]
    plain = np.zeros(6, np.int64)
    for j in range(twos.shape[0]):
        if win * two_bounds[j] <= threshold:
            break
        m = twos[j]
        m_mask = mmask[m]
        if (m_mask & free_suit) != m_mask:
            continue
        i_row = m - lo
        _row_by_levels(dc, b, m_mask, free_suit & ~m_mask, 1, i_row, up, rt, out)
        for q in range(6):
            plain[q] = 0
        _row_by_levels(dc, b, m_mask, -1, 1, i_row, up, rt, plain)
        for q in range(6):
            out[q] -= plain[q]


@inline
def _flush_versus(player, outs, up, i_row, flush):
    """Of a suited row's flush outs (``outs``, a rank mask), ``(those a flush player beats, those
    that beat it)``: the dealer's flush with each (``flush``)."""
    won = 0
    lost = 0
    for q in range(13):
        if (outs >> q) & 1:
            v = flush[up, i_row, q]
            if player > v:
                won += 1
            elif player < v:
                lost += 1
    return won, lost


@inline
def _plain_highs(highs, qa, suited):
    """The ace-king outs of a row whose four cards kept are one suit (free ranks ``suited``): the
    ``highs`` cards of its ace-king rank ``qa`` (-1: none) but the one of that suit, which makes
    a flush (counted with the flush outs, as ``qa`` is no straight rank)."""
    if qa < 0:
        return 0
    return highs - ((suited >> qa) & 1)


@inline
def _add_sums(out, g0, g1, g2, g3, g4, g5):
    """Add the six forcing sums kept in locals by a tight loop to ``out``."""
    out[0] += g0
    out[1] += g1
    out[2] += g2
    out[3] += g3
    out[4] += g4
    out[5] += g5


@jit
def forcing_by_class(kind, dc, b, nu, sig, up, order, rt, out):
    """:func:`forcing` for a player whose class decides the showdowns (``kind``), in tight loops with
    the sums kept in locals.  At a flush or better (``separate``) case (i) has its own list ``ones``,
    ordered by a bound with the flush outs (which the unsuited rows' bound leaves out).

    The outs of a row are counted where they are used, not by a helper: a call per row with the
    situation's arrays as arguments costs more than the row's own work (an exchange of four cards,
    priced exactly, took 3.5 ms with the loops written out and 5.8 ms with helpers)."""
    player, win, loss, threshold, r = dc.level, dc.win, dc.loss, dc.threshold, dc.r
    rows, bounds, ones, one_bounds, separate = order.rows, order.bounds, order.ones, order.one_bounds, order.separate
    mranks, mmask, high, rest, straight_rank, flush = rt.mranks, rt.mmask, rt.high, rt.rest, rt.straight_rank, rt.flush
    ace_king_rank = rt.ace_king_rank
    lo = OFFSET[4]
    free_sig = sig & ~nu
    g0 = 0
    g1 = 0
    g2 = 0
    g3 = 0
    g4 = 0
    g5 = 0
    for j in range(rows.shape[0]):
        if win * bounds[j] <= threshold:
            break
        m = rows[j]
        hands = b[mranks[m, 0]] * b[mranks[m, 1]] * b[mranks[m, 2]] * b[mranks[m, 3]]
        if hands <= 0:
            continue
        i_row = m - lo
        m_mask = mmask[m]
        if (m_mask & free_sig) == m_mask:
            hands -= 1                              # four sigma cards: a flush, it qualifies
        top = high[up, i_row]                       # the rank replaced: highest, or lowest (L10)
        suited_i = 0
        low3 = 0
        if top != up:                               # case (i): the up card is kept
            low3 = m_mask & ~(1 << top)             # the three hidden cards kept, all sigma
            if (low3 & free_sig) == low3:
                suited_i = b[top] - ((free_sig >> top) & 1)  # the replaced card: its rank, not sigma
                hands -= suited_i
        pairs = 0
        for x in range(4):
            q = rest[up, i_row, x]
            pairs += b[q] - ((m_mask >> q) & 1)
        straights = 0
        smask = 0
        for x in range(2):
            q = straight_rank[up, i_row, x]
            if q < 0:
                break
            straights += b[q]
            smask |= 1 << q
        qa = ace_king_rank[up, i_row]
        highs = b[qa] if qa >= 0 else 0             # ace-king outs: every kind here beats them
        if hands > 0:
            if kind == 1:
                won = pairs + highs
                lost = straights
            else:
                won = pairs + straights + highs
                lost = 0
            gain = win * won - loss * lost - threshold
            if gain > 0:
                outs = pairs + straights + highs
                g0 += hands * gain
                g1 += hands
                g2 += hands * won
                g3 += hands * lost
                g5 += hands * (r - outs)
        if suited_i > 0 and not separate:
            suited = free_sig & ~low3
            sf = 0
            for x in range(2):
                q = straight_rank[up, i_row, x]
                if q < 0:
                    break
                if b[q] > 0 and (suited >> q) & 1:
                    sf += 1
            # the flush outs (the free cards of its suit, straight ranks apart), and for a flush
            # player those it beats and those that beat it (only then is the table read: an array
            # passed to a helper costs a reference count taken and given back, row after row)
            fl_all = bit_count(suited & ~smask)
            fl_won, fl_lost = _flush_versus(player, suited & ~smask, up, i_row, flush) if kind == 2 else (0, 0)
            plain = _plain_highs(highs, qa, suited)
            outs = pairs + straights + plain + fl_all
            if kind == 1:
                won = pairs + plain
                lost = straights + fl_all
            elif kind == 2:
                won = pairs + straights - sf + plain + fl_won
                lost = sf + fl_lost
            else:
                won = pairs + straights - sf + plain + fl_all
                lost = sf
            gain = win * won - loss * lost - threshold
            if gain > 0:
                g0 += suited_i * gain
                g1 += suited_i
                g2 += suited_i * won
                g3 += suited_i * lost
                g4 += suited_i * (outs - won - lost)
                g5 += suited_i * (r - outs)
    if separate:
        for j in range(ones.shape[0]):
            if win * one_bounds[j] <= threshold:
                break
            m = ones[j]
            i_row = m - lo
            m_mask = mmask[m]
            top = high[up, i_row]
            low3 = m_mask & ~(1 << top)
            if (low3 & free_sig) != low3:
                continue
            suited_i = b[top] - ((free_sig >> top) & 1)
            if suited_i <= 0:
                continue
            pairs = 0
            for x in range(4):
                q = rest[up, i_row, x]
                pairs += b[q] - ((m_mask >> q) & 1)
            suited = free_sig & ~low3
            straights = 0
            smask = 0
            sf = 0
            for x in range(2):
                q = straight_rank[up, i_row, x]
                if q < 0:
                    break
                straights += b[q]
                smask |= 1 << q
                if b[q] > 0 and (suited >> q) & 1:
                    sf += 1
            qa = ace_king_rank[up, i_row]
            plain = _plain_highs(b[qa] if qa >= 0 else 0, qa, suited)
            # the flush outs, as in the loop above
            fl_all = bit_count(suited & ~smask)
            fl_won, fl_lost = _flush_versus(player, suited & ~smask, up, i_row, flush) if kind == 2 else (0, 0)
            outs = pairs + straights + plain + fl_all
            if kind == 1:
                won = pairs + plain
                lost = straights + fl_all
            elif kind == 2:
                won = pairs + straights - sf + plain + fl_won
                lost = sf + fl_lost
            else:
                won = pairs + straights - sf + plain + fl_all
                lost = sf
            gain = win * won - loss * lost - threshold
            if gain > 0:
                g0 += suited_i * gain
                g1 += suited_i
                g2 += suited_i * won
                g3 += suited_i * lost
                g4 += suited_i * (outs - won - lost)
                g5 += suited_i * (r - outs)
    _add_sums(out, g0, g1, g2, g3, g4, g5)


@jit
def case_two_by_class(kind, dc, b, free_suit, up, twos, two_bounds, rt, out):
    """:func:`case_two` in the tight form of :func:`forcing_by_class`: per row, the suited hand's
    forcing less the unsuited one's."""
    player, win, loss, threshold, r = dc.level, dc.win, dc.loss, dc.threshold, dc.r
    mmask, rest, straight_rank, flush, ace_king_rank = rt.mmask, rt.rest, rt.straight_rank, rt.flush, rt.ace_king_rank
    lo = OFFSET[4]
    g0 = g1 = g2 = g3 = g4 = g5 = 0         # the sums, in locals (an array per call cost more)
    for j in range(twos.shape[0]):
        if win * two_bounds[j] <= threshold:
            break
        m = twos[j]
        m_mask = mmask[m]
        if (m_mask & free_suit) != m_mask:
            continue
        i_row = m - lo
        pairs = 0
        for x in range(4):
            q = rest[up, i_row, x]
            pairs += b[q] - ((m_mask >> q) & 1)
        suited = free_suit & ~m_mask
        straights = 0
        smask = 0
        sf = 0
        for x in range(2):
            q = straight_rank[up, i_row, x]
            if q < 0:
                break
            straights += b[q]
            smask |= 1 << q
            if b[q] > 0 and (suited >> q) & 1:
                sf += 1
        qa = ace_king_rank[up, i_row]
        highs = b[qa] if qa >= 0 else 0
        # unsuited, as counted by the forcing of the draw class
        if kind == 1:
            won = pairs + highs
            lost = straights
        else:
            won = pairs + straights + highs
            lost = 0
        gain = win * won - loss * lost - threshold
        if gain > 0:
            g0 -= gain
            g1 -= 1
            g2 -= won
            g3 -= lost
            g5 -= r - pairs - straights - highs
        fl_all = bit_count(suited & ~smask)     # the flush outs, as in forcing_by_class
        fl_won, fl_lost = _flush_versus(player, suited & ~smask, up, i_row, flush) if kind == 2 else (0, 0)
        plain = _plain_highs(highs, qa, suited)
        outs = pairs + straights + plain + fl_all
        if kind == 1:
            won = pairs + plain
            lost = straights + fl_all
        elif kind == 2:
            won = pairs + straights - sf + plain + fl_won
            lost = sf + fl_lost
        else:
            won = pairs + straights - sf + plain + fl_all
            lost = sf
        gain = win * won - loss * lost - threshold
        if gain > 0:
            g0 += gain
            g1 += 1
            g2 += won
            g3 += lost
            g4 += outs - won - lost
            g5 += r - outs
    _add_sums(out, g0, g1, g2, g3, g4, g5)
