"""A seeded simulation of whole shoes, betting a wager when a count reaches a trigger.

How a shoe is played (``combin count``)
--------------------------------------
* The shoe holds ``decks`` full decks, shuffled uniformly (:mod:`random`,
  Mersenne Twister).
* Burn: ``"face"`` (default) -- the first card is turned face up and counted,
  then as many cards as its point value are burned face down, unseen (a
  ten-valued card burns 10); or a whole number ``k`` -- ``k`` cards burned
  face down, unseen.
* Cut card: ``cut`` cards (default 14) are left behind the cut card and never
  dealt.  A new round starts only while more than ``cut`` cards remain; the
  round in progress is always completed (``cut`` >= 5 guarantees it can be).
* Rounds are dealt card by card by the punto banco tableau
  (:mod:`combin.baccarat.tableau`); every card dealt is seen and its tag added
  to the running count, which starts at ``initial_count`` (default 0).
* Before each round the count is compared with each trigger ``T``: the wager
  is bet (one unit) when ``running count >= T``, or with ``true_count`` when
  ``running count / (cards remaining / 52) >= T`` -- decks remaining exactly,
  not rounded, compared in integers as ``52 · RC >= T · remaining``.  The
  trigger ``always`` bets every round: flat betting, whose edge is the
  off-the-top edge.
* Each round is settled by the wager's payout table
  (:mod:`combin.protection.settlement`): the par-sheet engine settles every
  round state once; the dealer only looks the payout up.

Seeds and workers
-----------------
Shoes are dealt in chunks of :data:`CHUNK` shoes; chunk ``k`` is dealt by
``random.Random(f"combin.count/{seed}/{k}")``.  Each chunk returns integer
sums, and sums of integers do not depend on the order they are added in, so
the result for a seed is the same whatever the number of worker processes.

Exactness
---------
Payouts are integers (net payout times the least common multiple of the pay
denominators), so every total -- per shoe, and the sums of squares and cross
products over shoes -- is an exact integer; :mod:`combin.protection.estimate`
turns them into exact estimates and Decimal confidence intervals.  No float
is used.
"""

import random
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from combin import __version__
from combin.errors import CombinError

__all__ = ["CHUNK", "DEFAULT_CUT", "DEFAULT_SHOES", "Plan", "TriggerResult", "CountResult",
           "parse_tags", "parse_triggers", "trigger_text", "make_plan", "play_chunk", "play_shoe",
           "simulate", "render", "progress_printer", "estimates", "run_chunks", "parse_burn"]

#: Shoes per chunk: the unit of work and of seeding (changing it changes the shoes dealt).
CHUNK = 250
#: Cards left behind the cut card.
DEFAULT_CUT = 14
#: Shoes dealt when --shoes is not given.
DEFAULT_SHOES = 10_000
MIN_CUT = 5
MAX_SHOES = 100_000_000
MAX_WORKERS = 64
#: The largest shoe the simulation deals (every chunk holds the shoe as a list of cards).
MAX_DECKS = 64
MAX_TAG = 1000
#: The ten-valued ranks, each of which may name value 0 in a tag spec.
_TEN_NAMES = ("T", "0", "10", "J", "Q", "K")
ALWAYS = "always"


def parse_tags(text):
    """Ten integer tags by point value, index 0 = T/J/Q/K.

    ``"0,0,0,0,-1,-1,-1,-1,2,2"`` (value order T/J/Q/K, A, 2, ..., 9) or
    ``"4=-1,5=-1,6=-1,7=-1,8=2,9=2"`` (ranks A 2-9 T; J, Q, K, 0 or 10 also name
    the ten-valued cards; a rank not named counts 0).
    """
    items = [item.strip() for item in str(text).split(",")]
    if not any(items):
        raise CombinError("--tags is empty; give ten integers (T/J/Q/K,A,2,...,9) or A=..,2=..")

    def number(word, where):
        from combin.bounded import parse_int
        value = parse_int(word, f"the tag of {where}")
        if abs(value) > MAX_TAG:
            raise CombinError(f"the tag of {where} is {value}; tags must lie within ±{MAX_TAG}")
        return value

    from combin.baccarat.shoe import VALUE_NAMES
    if not any("=" in item for item in items):
        if len(items) != 10:
            raise CombinError(f"--tags takes ten integers in value order T/J/Q/K,A,2,...,9; "
                              f"got {len(items)}")
        return tuple(number(word, VALUE_NAMES[v]) for v, word in enumerate(items))
    tags = [None] * 10
    for item in items:
        rank, sep, word = item.partition("=")
        rank = rank.strip().upper()
        if not sep:
            raise CombinError(f"--tags mixes the two forms: {item!r} is not RANK=TAG")
        if rank in _TEN_NAMES:
            value = 0
        elif rank in ("A", "1"):
            value = 1
        elif rank in tuple("23456789"):
            value = int(rank)
        else:
            raise CombinError(f"unknown rank '{rank}' in --tags (ranks: A 2-9 T J Q K)")
        tag = number(word, rank)
        if tags[value] is not None and tags[value] != tag:
            raise CombinError(f"--tags gives the {VALUE_NAMES[value]} cards two tags "
                              f"({tags[value]} and {tag})")
        tags[value] = tag
    return tuple(0 if t is None else t for t in tags)


def trigger_text(trigger):
    """``"always"`` or the trigger as a number (``2``, ``5/2``)."""
    from combin import display
    return ALWAYS if trigger is None else display.rational(trigger)


def parse_triggers(text):
    """``"always,0,1.5,3"`` -> ``(None, Fraction(0), Fraction(3, 2), Fraction(3))``, sorted.

    ``None`` stands for ``always`` (bet every round) and sorts first.
    """
    found = []
    for item in (part.strip() for part in str(text).split(",")):
        if not item:
            raise CombinError(f"the trigger list {text!r} has an empty item")
        if item.lower() == ALWAYS:
            found.append(None)
            continue
        from combin.bounded import MAX_CHARS, parse_fraction
        try:
            found.append(parse_fraction(item, "a trigger"))
        except CombinError:
            shown = item if len(item) <= MAX_CHARS else item[:MAX_CHARS] + "..."
            raise CombinError(f"a trigger is a number or 'always', not {shown!r}") from None
    if len(set(found)) != len(found):
        raise CombinError(f"the trigger list {text!r} names a trigger twice")
    return tuple(sorted(found, key=lambda t: (t is not None, t or 0)))


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to deal and settle shoes (picklable)."""

    wager: str
    decks: int
    cut: int
    burn: object          # "face" or a whole number of cards
    tags: tuple
    initial_count: int
    true_count: bool
    triggers: tuple       # sorted; None = always
    seed: int
    pay: tuple            # scaled payout per state index (None: unreachable)
    scale: int

    @property
    def cards(self):
        from combin.baccarat.shoe import PER_DECK
        return tuple(v for v, n in enumerate(PER_DECK) for _ in range(n * self.decks))

    @property
    def thresholds(self):
        """``(a, b)`` per trigger: bet when ``count · a >= b · remaining`` (see the module)."""
        per = 52 if self.true_count else 1
        return tuple((0, 0) if t is None else (per * t.denominator, t.numerator)
                     for t in self.triggers)


def _whole(value, name, low, high=None):
    """A bounded whole number (:func:`combin.bounded.parse_int`: refused by length first)."""
    from combin.bounded import parse_int
    return parse_int(value, name, low, high)


def parse_burn(text):
    """``"face"`` or a whole number of cards burned face down."""
    if str(text).strip().lower() == "face":
        return "face"
    return _whole(str(text), "--burn (a number of cards, or 'face')", 0)


def make_plan(wager_id, *, decks=8, cut=DEFAULT_CUT, burn="face", tags, triggers,
              true_count=False, initial_count=0, seed=1, settled=None):
    """Check every option and build the :class:`Plan`; ``settled`` is a Settlement."""
    from combin.baccarat.shoe import parse_decks
    decks = parse_decks(decks)
    if decks > MAX_DECKS:
        raise CombinError(f"the simulation deals shoes of at most {MAX_DECKS} decks, not {decks}")
    cut = _whole(cut, "--cut-card", MIN_CUT)
    burn = parse_burn(burn)
    seed = _whole(seed, "--seed", 0, 2**63 - 1)
    initial_count = _whole(initial_count, "--initial-count", -10**9, 10**9)
    most_burned = 11 if burn == "face" else burn
    if decks * 52 - most_burned - cut < 6:
        raise CombinError(f"{decks * 52} cards less {most_burned} burned and {cut} behind the cut "
                          "card leave no room for a round")
    if len(tags) != 10:
        raise CombinError("a count needs a tag for each of the ten point values")
    if not triggers:
        raise CombinError("give at least one trigger")
    return Plan(wager_id, decks, cut, burn, tuple(tags), initial_count, bool(true_count),
                tuple(triggers), seed, settled.scaled, settled.scale)


@cache
def _banker_draw_table():
    """``table[banker total][player's third card]``: whether the Banker draws (the tableau)."""
    from combin.baccarat.tableau import banker_draws
    return tuple(tuple(banker_draws(total, third) for third in range(10)) for total in range(10))


def play_shoe(cards, position, limit, count, tags, pay, thresholds, true_count, wins, bets):
    """Deal rounds from ``cards[position:]`` while ``position < limit``.

    Before each round the number of thresholds the count meets (its *level*)
    is found; the round's scaled payout is added to ``wins[level]`` and one bet
    to ``bets[level]`` (trigger ``j`` bets exactly the rounds of level > ``j``).
    Returns ``(rounds, first state index, final count)``.
    """
    draws = _banker_draw_table()
    size = len(cards)
    rounds = 0
    first = -1
    remaining = 1
    while position < limit:
        if true_count:
            remaining = size - position
        level = 0
        for a, b in thresholds:
            if count * a >= b * remaining:
                level += 1
            else:
                break
        p1 = cards[position]
        b1 = cards[position + 1]
        p2 = cards[position + 2]
        b2 = cards[position + 3]
        position += 4
        count += tags[p1] + tags[b1] + tags[p2] + tags[b2]
        player = (p1 + p2) % 10
        banker = (b1 + b2) % 10
        if player >= 8 or banker >= 8:
            state = player * 20 + banker
        elif player >= 6:
            if banker <= 5:
                third = cards[position]
                position += 1
                count += tags[third]
                state = player * 20 + 10 + (banker + third) % 10
            else:
                state = player * 20 + banker
        else:
            third = cards[position]
            position += 1
            count += tags[third]
            player = (player + third) % 10
            if draws[banker][third]:
                last = cards[position]
                position += 1
                count += tags[last]
                state = 210 + player * 20 + (banker + last) % 10
            else:
                state = 200 + player * 20 + banker
        wins[level] += pay[state]
        bets[level] += 1
        rounds += 1
        if first < 0:
            first = state
    return rounds, first, count


def _zero_sums(triggers):
    per = {"wins": 0, "wins_sq": 0, "bets": 0, "bets_sq": 0, "wins_bets": 0, "wins_rounds": 0}
    return {"shoes": 0, "rounds": 0, "rounds_sq": 0, "first": [0] * 400,
            "triggers": [dict(per) for _ in range(triggers)]}


def play_chunk(job):
    """Deal one chunk: ``job = (plan, chunk index, shoes)``; return its integer sums."""
    plan, chunk, shoes = job
    rng = random.Random(f"combin.count/{plan.seed}/{chunk}")
    cards = list(plan.cards)
    size = len(cards)
    limit = size - plan.cut
    tags, pay, thresholds = plan.tags, plan.pay, plan.thresholds
    levels = len(thresholds) + 1
    sums = _zero_sums(len(thresholds))
    per_trigger = sums["triggers"]
    first_states = sums["first"]
    face = plan.burn == "face"
    for _ in range(shoes):
        rng.shuffle(cards)
        count = plan.initial_count
        if face:
            shown = cards[0]
            count += tags[shown]
            position = 1 + (shown or 10)
        else:
            position = plan.burn
        wins = [0] * levels
        bets = [0] * levels
        rounds, first, _ = play_shoe(cards, position, limit, count, tags, pay, thresholds,
                                     plan.true_count, wins, bets)
        sums["shoes"] += 1
        sums["rounds"] += rounds
        sums["rounds_sq"] += rounds * rounds
        if first >= 0:
            first_states[first] += 1
        w = b = 0
        for j in range(levels - 2, -1, -1):
            w += wins[j + 1]
            b += bets[j + 1]
            s = per_trigger[j]
            s["wins"] += w
            s["wins_sq"] += w * w
            s["bets"] += b
            s["bets_sq"] += b * b
            s["wins_bets"] += w * b
            s["wins_rounds"] += w * rounds
    return sums


def _add(total, part):
    for key in ("shoes", "rounds", "rounds_sq"):
        total[key] += part[key]
    total["first"] = [a + b for a, b in zip(total["first"], part["first"])]
    for mine, theirs in zip(total["triggers"], part["triggers"]):
        for key in mine:
            mine[key] += theirs[key]


def _ignore_interrupts():
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(shoes):
    return [(k, min(CHUNK, shoes - k * CHUNK)) for k in range((shoes + CHUNK - 1) // CHUNK)]


def run_chunks(plan, shoes, workers=1, progress=None):
    """Deal ``shoes`` shoes in chunks; return ``(sums, interrupted)``.

    With ``workers`` > 1 the chunks go to a process pool.  Ctrl-C stops the
    run: the chunks already finished make the (partial) result.
    """
    shoes = _whole(shoes, "--shoes", 1, MAX_SHOES)
    workers = _whole(workers, "--workers", 1, MAX_WORKERS)
    total = _zero_sums(len(plan.triggers))
    jobs = [(plan, k, n) for k, n in _chunks(shoes)]
    interrupted = False
    if workers == 1 or len(jobs) == 1:
        try:
            for job in jobs:
                _add(total, play_chunk(job))
                if progress:
                    progress(total["shoes"], shoes)
        except KeyboardInterrupt:
            interrupted = True
        return total, interrupted
    import multiprocessing
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    pool = context.Pool(min(workers, len(jobs)), initializer=_ignore_interrupts)
    try:
        for part in pool.imap_unordered(play_chunk, jobs):
            _add(total, part)
            if progress:
                progress(total["shoes"], shoes)
        pool.close()
    except KeyboardInterrupt:
        interrupted = True
        pool.terminate()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    return total, interrupted


@dataclass(frozen=True)
class TriggerResult:
    """Estimates for one trigger (None where nothing was bet)."""

    trigger: object
    bets: int
    bets_per_shoe: object
    bet_frequency: object      # Fraction of rounds dealt that were bet
    return_when_betting: object  # per unit bet, for the bettor
    win_per_shoe: object
    win_per_100_rounds: object


@dataclass(frozen=True)
class CountResult:
    """A finished (or interrupted) simulation with its exact sums and estimates."""

    plan: Plan
    title: str
    paytable: str
    rules: object
    interpretations: str
    requested: int
    shoes: int
    rounds: int
    sums: dict
    expected_return: Fraction  # off the top, exact
    house_edge: Fraction
    tags_source: str
    triggers: tuple            # TriggerResult per trigger
    interrupted: bool = False


def estimates(plan, sums):
    """The :class:`TriggerResult` of each trigger from the exact sums."""
    from combin.protection.estimate import mean, ratio
    n, scale = sums["shoes"], plan.scale
    results = []
    for trigger, s in zip(plan.triggers, sums["triggers"]):
        if n == 0:
            results.append(TriggerResult(trigger, 0, None, None, None, None, None))
            continue
        results.append(TriggerResult(
            trigger, s["bets"], mean(n, s["bets"], s["bets_sq"]),
            Fraction(s["bets"], sums["rounds"]) if sums["rounds"] else None,
            ratio(n, s["wins"], s["bets"], s["wins_sq"], s["bets_sq"], s["wins_bets"],
                  Fraction(1, scale)),
            mean(n, s["wins"], s["wins_sq"], scale),
            ratio(n, s["wins"], sums["rounds"], s["wins_sq"], sums["rounds_sq"], s["wins_rounds"],
                  Fraction(100, scale))))
    return tuple(results)


def progress_printer(stream=None):
    stream = stream or sys.stderr
    start = time.perf_counter()
    tty = stream.isatty()
    shown = [-1]

    def show(done, total):
        tenth = done * 10 // total
        if not tty and tenth == shown[0] and done != total:
            return
        shown[0] = tenth
        rate = done / max(time.perf_counter() - start, 1e-9)
        text = f"count: {done:,}/{total:,} shoes ({rate:,.0f} shoes/s)"
        stream.write(("\r" + text) if tty else text + "\n")
        if tty and done == total:
            stream.write("\n")
        stream.flush()
    return show


def simulate(wager_id, *, decks=8, cut=DEFAULT_CUT, burn="face", tags=None, triggers,
             true_count=False, initial_count=0, seed=1, shoes=DEFAULT_SHOES, workers=1,
             max_tag=None, progress=None, **options):
    """Run the count simulation; ``tags=None`` uses the suggested count of ``combin eor``.

    ``options`` are :func:`combin.analysis.par_sheet`'s (paytable, rules,
    interpret, ...).  Returns a :class:`CountResult` (``interrupted`` when
    Ctrl-C stopped it early).
    """
    from combin.baccarat.shoe import Shoe, parse_decks
    from combin.protection.decks import require_baccarat
    from combin.protection.settlement import settlement
    require_baccarat(wager_id)
    decks = parse_decks(decks)
    if decks > MAX_DECKS:
        raise CombinError(f"the simulation deals shoes of at most {MAX_DECKS} decks, not {decks}")
    shoes = _whole(shoes, "--shoes", 1, MAX_SHOES)
    workers = _whole(workers, "--workers", 1, MAX_WORKERS)
    settled = settlement(wager_id, decks, **options)
    if tags is None:
        from combin.protection.eor import DEFAULT_MAX_TAG, effects_of_removal
        chosen = DEFAULT_MAX_TAG if max_tag is None else max_tag
        effects = effects_of_removal(wager_id, Shoe.full(decks), chosen, **options)
        tags, source = effects.suggested.tags, f"suggested by combin eor (largest tag {chosen})"
    else:
        source = "given"
    plan = make_plan(wager_id, decks=decks, cut=cut, burn=burn, tags=tags, triggers=triggers,
                     true_count=true_count, initial_count=initial_count, seed=seed,
                     settled=settled)
    sums, interrupted = run_chunks(plan, shoes, workers, progress)
    sheet = settled.sheet
    return CountResult(plan, sheet.title, sheet.paytable, sheet.rules, sheet.interpretation_text,
                       shoes, sums["shoes"], sums["rounds"], sums, settled.expected_return,
                       settled.house_edge, source, estimates(plan, sums), interrupted)


def _interval(estimate, show):
    if estimate is None:
        return "-"
    if estimate.low is None:
        return show(estimate.value)
    return f"{show(estimate.value)} [{show(estimate.low)}, {show(estimate.high)}]"


def _signed_percent(value, places=3):
    from combin import display
    text = display.percent(value, places)
    return text if text.startswith("-") else "+" + text


def _signed(value, places=4):
    from combin import display
    text = display.decimal(value, places)
    return text if text.startswith("-") else "+" + text


def _info(result):
    from combin import display
    from combin.protection.eor import tag_text
    plan = result.plan
    burn = ("first card shown and counted, then its value burned face down (ten-valued: 10)"
            if plan.burn == "face" else f"{plan.burn} card(s) face down, unseen")
    info = [("Wager", f"{result.title} ({plan.wager})"),
            ("Paytable", result.paytable),
            *([("Rule set", result.rules)] if result.rules not in (None, "any") else []),
            ("Interpretations", result.interpretations),
            ("Shoe", f"{plan.decks} decks ({plan.decks * 52} cards), cut card {plan.cut} cards "
                     "from the end"),
            ("Burn", burn),
            ("Tags", f"{tag_text(plan.tags)}; {result.tags_source}"),
            ("Count", ("true count: running count / (cards remaining / 52)" if plan.true_count
                       else "running count") + f", starting at {plan.initial_count}"),
            ("Bet", "one unit when the count >= the trigger, before the round"),
            ("Seed", f"{plan.seed} (chunks of {CHUNK} shoes)"),
            ("Shoes", f"{result.shoes:,}" + (f" of {result.requested:,} (interrupted: partial "
                                               "result)" if result.interrupted else "")),
            ("Rounds dealt", f"{result.rounds:,}" + (
                f" ({display.decimal(Fraction(result.rounds, result.shoes), 2)} per shoe)"
                if result.shoes else "")),
            ("Off the top", f"expected return {display.decimal(result.expected_return, 6)} "
                            f"(house edge {display.percent(result.house_edge, 4)}), exact "
                            f"{display.rational(result.expected_return)}"),
            ("Tool", f"combin {__version__}")]
    return info


def render(result, fmt="text"):
    """The simulation report in ``fmt`` (text, md, csv or json)."""
    from combin import display
    from combin.protection import output
    output.check_format(fmt)
    if fmt == "json":
        def est(e, places=8):
            if e is None:
                return None
            return {"estimate": display.rational(e.value),
                    "estimate_decimal": display.decimal(e.value, places),
                    "se": None if e.se is None else display.decimal(e.se, places),
                    "ci95": None if e.low is None else [display.decimal(e.low, places),
                                                        display.decimal(e.high, places)]}
        plan = result.plan
        return output.json_text({
            "format": "combin.count/1",
            "wager": plan.wager, "title": result.title, "paytable": result.paytable,
            "rules": result.rules, "interpretations": result.interpretations,
            "decks": plan.decks, "cut_card": plan.cut, "burn": plan.burn,
            "tags": list(plan.tags), "tags_source": result.tags_source,
            "true_count": plan.true_count, "initial_count": plan.initial_count,
            "seed": plan.seed, "chunk": CHUNK, "shoes": result.shoes,
            "shoes_requested": result.requested, "interrupted": result.interrupted,
            "rounds": result.rounds,
            "off_the_top": {"expected_return": display.rational(result.expected_return),
                            "house_edge": display.rational(result.house_edge),
                            "house_edge_percent": display.percent(result.house_edge, 6)},
            "payout_scale": plan.scale,
            "triggers": [{"trigger": trigger_text(t.trigger), "bets": t.bets,
                          "bets_per_shoe": est(t.bets_per_shoe),
                          "bet_frequency": None if t.bet_frequency is None
                          else display.rational(t.bet_frequency),
                          "return_when_betting": est(t.return_when_betting),
                          "win_per_shoe": est(t.win_per_shoe),
                          "win_per_100_rounds": est(t.win_per_100_rounds),
                          "sums": {k: str(v) for k, v in s.items()}}
                         for t, s in zip(result.triggers, result.sums["triggers"])],
        })
    rows = []
    for t in result.triggers:
        rows.append([trigger_text(t.trigger),
                     "-" if t.bets_per_shoe is None else display.decimal(t.bets_per_shoe.value, 2),
                     "-" if t.bet_frequency is None else display.percent(t.bet_frequency, 2),
                     _interval(t.return_when_betting, _signed_percent),
                     _interval(t.win_per_shoe, _signed),
                     _interval(t.win_per_100_rounds, _signed)])
    headers = ["Trigger", "Bets/shoe", "Rounds bet", "Return when betting [95% CI]",
               "Win per shoe [95% CI]", "Win per 100 rounds [95% CI]"]
    notes = ["Return when betting: the bettor's net result per unit bet (negative: the house's "
             "edge); win per shoe and per 100 rounds dealt, in units, betting one unit per bet.",
             "Estimates are exact ratios of integer sums over shoes; 95% intervals are "
             "estimate ± 1.96 standard errors (delta method for ratios; shoes are independent).",
             "The trigger 'always' bets every round: its return estimates the off-the-top "
             "expected return."]
    if fmt == "csv":
        csv_rows = []
        for t in result.triggers:
            def cells(e):
                if e is None:
                    return ["", "", ""]
                return [display.decimal(e.value, 8),
                        "" if e.low is None else display.decimal(e.low, 8),
                        "" if e.high is None else display.decimal(e.high, 8)]
            csv_rows.append([trigger_text(t.trigger), t.bets,
                             *cells(t.bets_per_shoe)[:1],
                             *cells(t.return_when_betting), *cells(t.win_per_shoe),
                             *cells(t.win_per_100_rounds)])
        headers = ["trigger", "bets", "bets_per_shoe", "return_when_betting", "return_low",
                   "return_high", "win_per_shoe", "win_per_shoe_low", "win_per_shoe_high",
                   "win_per_100_rounds", "win_per_100_low", "win_per_100_high"]
        return output.document("csv", "", _info(result), headers, csv_rows, notes)
    title = f"{result.title}: count simulation"
    return output.document(fmt, title, _info(result), headers, rows, notes,
                           align=("left", "right", "right", "right", "right", "right"))
