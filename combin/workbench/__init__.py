"""The paytable workbench: one self-contained page that re-prices linear wagers exactly.

:func:`page` returns ``index.html`` -- no server, no network: the exact counts of
every scenario (:mod:`combin.workbench.data`) embedded as JSON, and plain
JavaScript (``workbench.js``) that re-prices with BigInt rationals as pays are
edited, solves a line for a target edge, keeps the state in the URL fragment
and writes the paytable file ``--paytable-file`` reads.
"""

from combin.workbench.page import page, write_page

__all__ = ["page", "write_page"]
