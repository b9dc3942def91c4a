"""combin.bench.startup: the plain enumerator it compares with counts what combin counts."""

import subprocess
import sys
from collections import Counter

from combin.baccarat.enumeration import enumerate_rounds, game_cycle
from combin.baccarat.shoe import Shoe
from combin.bench.startup import PLAIN, process_times


def test_the_plain_script_counts_every_8_deck_round_by_final_totals():
    done = subprocess.run([sys.executable, "-c", PLAIN], capture_output=True, text=True, check=True)
    classes, total = map(int, done.stdout.split())
    by_totals = Counter()
    for state, count in enumerate_rounds(Shoe.full(8)).items():
        by_totals[state.player_total, state.banker_total] += count
    assert total == game_cycle(416) == sum(by_totals.values()) == 4_998_398_275_503_360
    assert classes == len(by_totals) == 100


def test_the_runs_are_timed_with_bytecode_allowed(monkeypatch):
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    leaked = "import os, sys; sys.exit(3 if 'PYTHONDONTWRITEBYTECODE' in os.environ else 0)"
    wall, cpu = process_times([sys.executable, "-c", leaked], repeat=2)   # check=True: exit 3 raises
    assert 0 < cpu and 0 < wall
