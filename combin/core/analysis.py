"""From a request (wager, paytable, shoe, rules, interpretations) to a par sheet.

This is where a user's options are checked against what a game offers --
every unknown id or contradictory option is one :class:`CombinError`.
:func:`select` resolves a request *once* into a :class:`Selection` (game,
wager, paytable, rule set, interpretations in force, and every paytable the
wager may consult); the layers below -- par sheets, settlements,
simulations, effects of removal -- take that object and never look an id up
again.  :func:`par_sheet`, :func:`payouts` and :func:`sensitivity` are the
one-call forms the commands and tests use.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from combin.errors import CombinError
from combin.core.game import Game, RuleSet, check_known
from combin.core.interpret import resolve
from combin.core.outcomes import OutcomeSpace
from combin.core.parsheet import ParSheet, build
from combin.core.paytable import Paytable, merge_paytables
from combin.registry import find_wager
from combin.core.wager import Wager, payout_table

__all__ = ["Selection", "select", "select_wager", "par_sheet", "payouts", "sensitivity",
           "sensitivity_of", "paytable_ids", "ANY_RULES"]

#: How a sheet names the rule set of a wager that reads only the cards.
ANY_RULES = ("any", "the wager reads only the cards, not the commission rule")


def paytable_ids(game: Game, wager: Wager) -> list[str]:
    """The paytable ids of ``wager``, in data order."""
    return [p.id for p in game.paytables_of(wager.id)]


@dataclass(frozen=True)
class Selection:
    """One wager resolved once: everything a par sheet or a settlement needs.

    ``tables`` holds every paytable the wager may consult (the game's and a
    user's file's): Eclipse under ``E1=paid-rows`` reads its components'.
    """

    game: Game
    wager: Wager
    paytable: Paytable
    ruleset: RuleSet | None
    interpretations: tuple[tuple[str, str], ...]
    tables: Mapping[tuple[str, str], Paytable] = field(repr=False)

    def lookup(self, wager_id: str, paytable_id: str) -> Paytable | None:
        return self.tables.get((wager_id, paytable_id))

    @property
    def rules(self) -> tuple[str | None, str | None]:
        """``(rule set id, title)`` as a sheet records it."""
        if self.ruleset is not None:
            return self.ruleset.id, self.ruleset.title
        return ANY_RULES if self.game.rulesets else (None, None)

    def space(self, decks: Any = None, shoe: Any = None) -> OutcomeSpace:
        """The game's outcome space for ``--decks`` / ``--shoe``."""
        return self.game.space(decks, shoe)

    def sheet(self, space: OutcomeSpace | None = None, other_readings: bool = False) -> ParSheet:
        """The :class:`~combin.core.parsheet.ParSheet` on ``space`` (default: the game's own); with
        ``other_readings`` it also carries the house edge under each other value of every open
        interpretation the wager reads (one switched at a time), so that a sheet read alone
        shows how far the regulation's open points move it."""
        space = self.space() if space is None else space
        rules_id, rules_title = self.rules
        register = self.game.interpretations
        titles = {key: register[key].title for key, _ in self.interpretations}
        words = {key: register[key].values[value] for key, value in self.interpretations}
        sheet = build(self.wager, self.paytable, space, self.interpretations, rules=rules_id,
                      rules_title=rules_title, lookup=self.lookup, interpretation_titles=titles,
                      interpretation_words=words)
        if not other_readings:
            return sheet
        others, unpriced = [], []
        for key, chosen in self.interpretations:
            for value in register[key].values:
                if value == chosen:
                    continue
                try:
                    edge = self.reading(key, value).sheet(space).summary.house_edge
                except CombinError as error:
                    # the other reading cannot be priced for this selection (E1=paid-rows reads
                    # the other wagers' paytables by this paytable's id, which a user's file
                    # need not give them): the sheet says so, and why
                    source = " for a paytable from a file" if self.paytable.user_file else ""
                    unpriced.append((key, value, register[key].values[value],
                                     f"not priced{source}", str(error)))
                    continue
                others.append((key, value, register[key].values[value], edge))
        return replace(sheet, other_readings=tuple(others), unpriced_readings=tuple(unpriced))

    def payouts(self, space: OutcomeSpace) -> dict[Any, Fraction]:
        """``{outcome: exact net payout}`` on ``space``, settled as the par sheet settles it."""
        return payout_table(self.wager, self.paytable, space, self.interpretations, self.lookup)

    def with_paytable(self, table: Paytable) -> "Selection":
        """The same selection paid by ``table`` (a paytable of the same wager)."""
        return replace(self, paytable=table,
                       tables=merge_paytables(self.tables, (table,)))

    def reading(self, interpretation: str, value: str) -> "Selection":
        """The same selection with one interpretation switched (checked against the game)."""
        chosen = {**dict(self.interpretations), interpretation: value}
        return replace(self, interpretations=resolve(self.wager, chosen,
                                                     self.game.interpretations))


def _rules(game: Game, wager: Wager, rules: str | None,
           extra: Iterable[RuleSet] = ()) -> RuleSet | None:
    rulesets = {**game.rulesets,
                **{r.id: r for r in extra if r.paytables and set(r.paytables) <= set(game.wagers)}}
    if not rulesets:
        if rules is not None:
            raise CombinError(f"{game.id} has no rule sets; drop --rules")
        return None
    if rules is None and not wager.ruled:
        return None
    rules = next(iter(rulesets)) if rules is None else rules
    return rulesets[check_known("rule set", rules, list(rulesets))]


def _paytable(game: Game, wager: Wager, ruleset: RuleSet | None, paytable: str | None,
              tables: Mapping[tuple[str, str], Paytable]) -> Paytable:
    imposed = ruleset.paytables.get(wager.id) if ruleset else None
    if ruleset is not None and imposed is not None:
        if paytable is not None and paytable != imposed:
            naming = [rid for rid, r in game.rulesets.items() if r.paytables.get(wager.id) == paytable]
            advice = (f"for paytable '{paytable}' choose --rules {naming[0]}" if naming else
                      "choose it with --rules")
            raise CombinError(f"{wager.id} takes its paytable from the rule set, not from "
                              f"--paytable: rule set '{ruleset.id}' pays it by paytable "
                              f"'{imposed}'; {advice}")
        paytable = imposed
    paytable = wager.default_paytable if paytable is None else paytable
    known = [pid for (w, pid) in tables if w == wager.id]
    check_known(f"paytable of {wager.id}", paytable, known)
    return tables[(wager.id, paytable)]


def select(wager_id: str, **options: Any) -> Selection:
    """Resolve a request once into a :class:`Selection` (options: :func:`select_wager`'s)."""
    game, wager = find_wager(wager_id)
    return select_wager(game, wager, **options)


def select_wager(game: Game, wager: Wager, *, paytable: str | None = None,
                 rules: str | None = None, interpret: Mapping[str, str] | None = None,
                 extra_paytables: Iterable[Paytable] = (), extra_rulesets: Iterable[RuleSet] = (),
                 **_shoe: Any) -> Selection:
    """The :class:`Selection` of a wager already found in its game.

    ``extra_paytables`` and ``extra_rulesets`` come from a user's paytable file
    (:mod:`combin.files.paytable_file`); they are offered beside the game's own.
    ``decks`` and ``shoe`` (if given) are not part of a selection and are ignored.
    """
    ruleset = _rules(game, wager, rules, extra_rulesets)
    tables = merge_paytables(game.paytables, extra_paytables)
    table = _paytable(game, wager, ruleset, paytable, tables)
    interpretations = resolve(wager, interpret or {}, game.interpretations)
    return Selection(game, wager, table, ruleset, interpretations, tables)


def par_sheet(wager_id: str, *, decks: Any = None, shoe: Any = None,
              space: OutcomeSpace | None = None, other_readings: bool = False,
              **options: Any) -> ParSheet:
    """The :class:`~combin.core.parsheet.ParSheet` of one wager under the given options
    (those of :func:`select`, and ``decks``/``shoe`` or an outcome ``space``; with
    ``other_readings`` the house edge under every other reading, :meth:`Selection.sheet`)."""
    chosen = select(wager_id, **options)
    return chosen.sheet(chosen.space(decks, shoe) if space is None else space, other_readings)


def payouts(wager_id: str, *, space: OutcomeSpace,
            **options: Any) -> tuple[ParSheet, dict[Any, Fraction]]:
    """``(sheet, {outcome: net payout})``: the par sheet of ``wager_id`` on ``space`` and the
    exact net payout of every outcome under the same paytable, rules and interpretations.

    A simulation or a package of wagers settles outcomes one by one; this gives
    it the settlement the par sheet used, so no wager rule is written twice.
    """
    chosen = select(wager_id, **options)
    return chosen.sheet(space), chosen.payouts(space)


def sensitivity(wager_id: str, interpretation: str, *, decks: Any = None, shoe: Any = None,
                space: OutcomeSpace | None = None,
                **options: Any) -> list[tuple[str, ParSheet]]:
    """``[(value, ParSheet), ...]``: the wager under each value of one interpretation."""
    chosen = select(wager_id, **options)
    return sensitivity_of(chosen, interpretation,
                          chosen.space(decks, shoe) if space is None else space)


def sensitivity_of(chosen: Selection, interpretation: str,
                   space: OutcomeSpace) -> list[tuple[str, ParSheet]]:
    """:func:`sensitivity` of a :class:`Selection` already resolved, on ``space``."""
    game, wager = chosen.game, chosen.wager
    interp = game.interpretations.get(interpretation.upper())
    if interp is None or interp.id not in wager.interpretations:
        readable = ", ".join(wager.interpretations) or "none"
        raise CombinError(f"{wager.id} does not read interpretation '{interpretation}' "
                          f"(it reads: {readable})")
    return [(value, chosen.reading(interp.id, value).sheet(space)) for value in interp.values]
