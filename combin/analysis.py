"""From a request (wager, paytable, shoe, rules, interpretations) to a par sheet.

This is where a user's options are checked against what a game offers --
every unknown id or contradictory option is one :class:`CombinError` -- and
handed to the par-sheet engine.
"""

from combin.errors import CombinError
from combin.game import check_known
from combin.interpret import resolve
from combin.parsheet import build
from combin.registry import find_wager

__all__ = ["par_sheet", "payouts", "sensitivity", "paytable_ids"]


def paytable_ids(game, wager):
    """The paytable ids of ``wager``, in data order."""
    return [p.id for p in game.paytables_of(wager.id)]


#: How a sheet names the rule set of a wager that reads only the cards.
ANY_RULES = ("any", "the wager reads only the cards, not the commission rule")


def _rules(game, wager, rules, extra=()):
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


def _paytable(game, wager, ruleset, paytable, extra):
    tables = {**game.paytables, **{(p.wager, p.id): p for p in extra}}
    imposed = ruleset.paytables.get(wager.id) if ruleset else None
    if imposed is not None:
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
    return tables[(wager.id, paytable)], tables


def par_sheet(wager_id, *, paytable=None, decks=None, shoe=None, rules=None, interpret=None,
              extra_paytables=(), extra_rulesets=(), space=None):
    """The :class:`~combin.parsheet.ParSheet` of one wager under the given options.

    ``extra_paytables`` and ``extra_rulesets`` come from a user's paytable file
    (:mod:`combin.paytable_file`); they are offered beside the game's own.
    """
    game, wager = find_wager(wager_id)
    ruleset = _rules(game, wager, rules, extra_rulesets)
    table, tables = _paytable(game, wager, ruleset, paytable, extra_paytables)
    interpretations = resolve(wager, interpret or {}, game.interpretations)
    if space is None:
        options = {"decks": decks, "shoe": shoe}
        for name, value in options.items():
            if value is not None and name not in game.shoe_options:
                raise CombinError(f"{game.id} is dealt from a fixed deck; --{name} does not apply")
        space = game.outcomes(**{k: v for k, v in options.items() if k in game.shoe_options})
    titles = {key: game.interpretations[key].title for key, _ in interpretations}
    rules_id, rules_title = ((ruleset.id, ruleset.title) if ruleset else
                             ANY_RULES if game.rulesets else (None, None))
    return build(wager, table, space, interpretations, rules=rules_id, rules_title=rules_title,
                 lookup=lambda w, p: tables.get((w, p)), interpretation_titles=titles)


def payouts(wager_id, *, space, **options):
    """``(sheet, {outcome: net payout})``: the par sheet of ``wager_id`` on ``space`` and the
    exact net payout of every outcome under the same paytable, rules and interpretations.

    A simulation or a package of wagers settles outcomes one by one; this gives
    it the settlement the par sheet used, so no wager rule is written twice.
    """
    from combin.wager import payout_table
    sheet = par_sheet(wager_id, space=space, **options)
    game, wager = find_wager(wager_id)
    tables = {**game.paytables,
              **{(p.wager, p.id): p for p in options.get("extra_paytables", ())}}
    table = payout_table(wager, tables[(wager.id, sheet.paytable)], space, sheet.interpretations,
                         lambda w, p: tables.get((w, p)))
    return sheet, table


def sensitivity(wager_id, interpretation, **options):
    """``[(value, ParSheet), ...]``: the wager under each value of one interpretation."""
    game, wager = find_wager(wager_id)
    interp = game.interpretations.get(interpretation.upper())
    if interp is None or interp.id not in wager.interpretations:
        readable = ", ".join(wager.interpretations) or "none"
        raise CombinError(f"{wager_id} does not read interpretation '{interpretation}' "
                          f"(it reads: {readable})")
    base = dict(options.pop("interpret", None) or {})
    return [(value, par_sheet(wager_id, interpret={**base, interp.id: value}, **options))
            for value in interp.values]
