# combin -- the two commands a newcomer needs:
#   make tables   set up a virtual environment, install combin, regenerate tables/
#   make test     the same set-up with the compile of the numba engines beside it, mypy (the
#                 engine core; audit, documents, render, store, executor, fileio and the stud
#                 engine strict), then the test suite in two processes
#                 (installing Debian's chromium, chromium-driver, LibreOffice and poppler-utils
#                 for the browser, spreadsheet and PDF tests)
# Also: make docs (the documentation site in build/docs/html, warnings as errors),
# make bench (timings), make audit (slow exhaustive passes, then the evidence bundle in
# build/audit with REPORT.pdf; the Lunar whole-game sheets are inside its manifest), make peers
# (poker class counts against third-party evaluators), make walker
# (the 9TJQKA game against the compiled leaf walker, about 50 CPU-minutes),
# make lunar-tables (the whole-game sheets under tables/lunar/game), make lunar-game (the full
# 52-card game with draws, exact, in shards kept under tables/lunar/game/full; resumable;
# WORKERS=N or SCHEDULER=tcp://host:8786; MAX_SHARDS=K to stop after K new shards; once every
# shard is in: the sheet, the derived basic strategy's second pass and 100,000 simulated rounds),
# make lunar-remedies (the draw fee and the Bet's one-pair pay that restore a house edge, solved on
# the committed 52-card run and, for the pay, exact runs at other whole pays), make lunar-card (the
# strategy card, skill curve and skill mix on 52 cards: a pass along the committed run's shards,
# kept beside them as human-NNN.json.gz; about 3 core-hours, resumable, MAX_SHARDS=K).

PYTHON ?= python3

# Python writes each module's bytecode when a process first imports it, as it does by default:
# with PYTHONDONTWRITEBYTECODE set (as some CI machines have it) each of the few hundred commands
# the tests start would compile again what it imports (sympy's thousands of modules: 6 s a
# process; combin's: about 0.4 CPU-s a game command).
unexport PYTHONDONTWRITEBYTECODE

VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
ENGINES := $(VENV)/.installed-engines

WORKERS      ?= 2
LUNAR_SAMPLE ?= 2000
LUNAR_ESTIMATE ?= 100000
SIMULATED    ?= 100000
# the skill mix's example shares (combin lunar card --mix): a casino gives its own
LUNAR_MIX    ?= optimal=0.05,card=0.6,pair-then-card=0.2,never-draw=0.15
GAME_RUN     := $(if $(SCHEDULER),--scheduler $(SCHEDULER),--workers $(WORKERS)) --store build/combin-store.sqlite
GAME_DIR     := tables/lunar/game
# the other readings' house edges beside the sheet's own (their rows of the committed variants table)
GAME_READINGS := $(if $(wildcard $(GAME_DIR)/variants.json),--readings $(GAME_DIR)/variants.json)

.PHONY: all setup tables test typecheck compiled compiled-rank compiled-cards browser bench slow audit peers walker clean lunar-tables lunar-game lunar-remedies lunar-card docs

all: tables

# pip installs without byte-compiling every module it installs (47 s with, 22 s without): Python
# writes a module's bytecode when a process first imports it (below), only for what is imported.
# What the compile of the numba engines imports (numba, numpy, more-itertools; numba reads yaml
# when it is there) comes first, so that make test compiles the engines on the core pip leaves
# idle while it installs the rest.
$(ENGINES): setup.cfg pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --no-compile 'numba>=0.58' 'numpy>=1.26' 'more-itertools>=10.0' pyyaml
	touch $(ENGINES)

$(STAMP): $(ENGINES)
	$(BIN)/python -m pip install --quiet --no-compile -e '.[dev,plots,docs]'
	touch $(STAMP)

setup: $(STAMP)

tables: $(STAMP)
	$(BIN)/combin tables --out tables

# The suite runs on TEST_WORKERS processes (pytest-xdist; 2 by default, the cores of CI's machine;
# TEST_WORKERS=0 runs it in this process); each test file stays on one worker, so a module's
# fixtures are built once.  A test must therefore use no fixed port (Dask on 127.0.0.1 port 0)
# and no shared temporary file (tmp_path).  The 60 slowest tests are listed at the end, for the suite's time.
TEST_WORKERS ?= 2

test: browser
	$(MAKE) --no-print-directory -j3 typecheck compiled-rank compiled-cards
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile --durations=60

# numba's compiled engines, cached once beside mypy's run: on a fresh clone the test processes
# would each compile them at the same moment (tests/compile_engines.py says what it runs).  The
# rank engine (about 70 CPU-s with its tables and a situation priced alone) and the card-by-card
# kernel (35) compile in processes of their own, from the source tree (PYTHONPATH=.), as soon as
# what they import is installed: beside pip's install of the rest (24 s on one core), then beside
# mypy (17).
compiled: compiled-rank compiled-cards

compiled-rank compiled-cards: $(ENGINES)
	PYTHONPATH=. $(BIN)/python tests/compile_engines.py $(@:compiled-%=%)

# The workbench page is tested in a real headless Chromium driven by chromedriver (Debian's
# chromium and chromium-driver), the re-pricing xlsx recalculated by LibreOffice headless
# (libreoffice-calc-nogui), the filing PDF read back by poppler-utils (pdftotext, pdfinfo);
# installed here when missing.
browser:
	command -v chromium >/dev/null && command -v chromedriver >/dev/null && command -v soffice >/dev/null \
	    && command -v pdftotext >/dev/null || \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	        chromium chromium-driver libreoffice-calc-nogui poppler-utils)

# The documentation site (Sphinx, docs/): every warning an error; its pages' examples run in
# make test (tests/test_docs.py runs the doctest builder).
docs: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	$(BIN)/python -m sphinx -W --keep-going -b html -q docs build/docs/html
	@echo "the documentation site: build/docs/html/index.html"

# The annotated core (setup.cfg's files), the wings held to mypy --strict among them (setup.cfg's
# strict section: audit, documents, render, store, executor, fileio and the stud engine, none of
# their errors let through, an untyped call included), in one run: about 17 CPU-seconds, where a
# second run for the strict wings took as long again.  The stud engine's compiled kernels are
# typed through combin.stud.core.compiled (setup.cfg says how).
typecheck: $(STAMP)
	$(BIN)/python -m mypy

bench: $(STAMP)
	$(BIN)/python -m combin.bench

# The tests marked slow: the long exhaustive passes, and the checks kept out of make test for its
# time (each mark says why beside it).
slow: $(STAMP)
	$(BIN)/python -m pytest -q -m slow

audit: $(STAMP) lunar-tables
	$(BIN)/python -m pytest -q -m slow
	command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)
	$(BIN)/combin audit --out build/audit --pdf
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,2400 \
	    --screenshot=build/audit-REPORT.png file://$(CURDIR)/build/audit/REPORT.html
	@echo "screenshot of build/audit/REPORT.html: build/audit-REPORT.png"

lunar-tables: $(STAMP)
	$(BIN)/combin game lunar --no-draw --format md --out $(GAME_DIR)/no-draw.md
	for deck in JQKA TJQKA 9TJQKA; do \
	    $(BIN)/combin game lunar --deck $$deck $(GAME_RUN) --strategy-table --format md \
	        --out $(GAME_DIR)/$$deck.md --strategy-out $(GAME_DIR)/$$deck-strategy.json || exit 1; \
	done
	for deck in JQKA 9TJQKA; do \
	    $(BIN)/combin lunar card --deck $$deck --workers $(WORKERS) --store build/combin-store.sqlite \
	        --mix $(LUNAR_MIX) --folder $(GAME_DIR) --plot $(GAME_DIR)/skill-curve-$$deck.png || exit 1; \
	done
	for format in md json; do \
	    $(BIN)/combin game lunar --sample $(LUNAR_SAMPLE) --seed 1 $(GAME_RUN) --format $$format \
	        --out $(GAME_DIR)/full-deck-sample-$(LUNAR_SAMPLE)-seed-1.$$format \
	        --classes-out $(GAME_DIR)/full-deck-sample-$(LUNAR_SAMPLE)-seed-1-classes.csv || exit 1; \
	    $(BIN)/combin game lunar --sample $(LUNAR_ESTIMATE) --seed 1 $(GAME_RUN) --format $$format \
	        --out $(GAME_DIR)/full-deck-sample-$(LUNAR_ESTIMATE)-seed-1.$$format \
	        --classes-out $(GAME_DIR)/full-deck-sample-$(LUNAR_ESTIMATE)-seed-1-classes.csv || exit 1; \
	done

# The full 52-card game with draws, exact, in 256 shards under $(GAME_DIR)/full: the shards already
# there are kept, the missing ones computed (at most MAX_SHARDS of them when given) and each
# written as it finishes; once all are in, the sheet is assembled from them.
lunar-game: $(STAMP)
	$(BIN)/combin game lunar --shards $(GAME_DIR)/full $(GAME_RUN) $(if $(MAX_SHARDS),--max-shards $(MAX_SHARDS)) \
	    $(GAME_READINGS) --format md --out $(GAME_DIR)/full-deck.md
	test ! -f $(GAME_DIR)/full-deck.md || $(BIN)/combin game lunar --shards $(GAME_DIR)/full $(GAME_RUN) \
	    $(GAME_READINGS) --format json --out $(GAME_DIR)/full-deck.json
	test ! -f $(GAME_DIR)/full-deck.md || for format in md json; do \
	    $(BIN)/combin lunar simulate --shards $(GAME_DIR)/full --rounds $(SIMULATED) --seed 1 --format $$format \
	        --out $(GAME_DIR)/full-deck-simulation.$$format || exit 1; \
	done

# The strategy card, the skill curve and the skill mix on 52 cards: the pass along the committed run's
# shards prices every cell's candidate actions (kept beside the shards, resumable), then the search.
lunar-card: $(STAMP)
	$(BIN)/combin lunar card --shards $(GAME_DIR)/full --workers $(WORKERS) --store build/combin-store.sqlite \
	    $(if $(MAX_SHARDS),--max-shards $(MAX_SHARDS)) --mix $(LUNAR_MIX) --folder $(GAME_DIR) \
	    --plot $(GAME_DIR)/skill-curve.png

# The remedies of the house on 52 cards (combin solve lunar --vary): the draw fee at which the game's
# house edge under optimal play is 0 % and +2 % per Ante, and the round's +5 % with the Super at
# the Ante, from the committed run (its classes read back through the store, priced again where the
# store does not hold them: a 52-card run's time the first time; each shard's margins are then
# kept in the store, so the other targets and formats read them alone); and the Bet's one-pair pay
# for the same targets, from exact runs at whole pays (each in shards of its own under
# $(REMEDY_DIR)/bet_pays.pays.one_pair=PAY, committed; the pay 1 is the committed run).
REMEDY_DIR := $(GAME_DIR)/remedies
lunar-remedies: $(STAMP)
	mkdir -p $(REMEDY_DIR)
	for target in 0 2; do for format in md json; do \
	    $(BIN)/combin solve lunar --vary draws.fee --target-edge $$target% --shards $(REMEDY_DIR) $(GAME_RUN) \
	        --format $$format --out $(REMEDY_DIR)/draw-fee-edge-$$target.$$format || exit 1; \
	done; done
	for format in md json; do \
	    $(BIN)/combin solve lunar --vary draws.fee --per round --super 1 --target-edge 5% --shards $(REMEDY_DIR) \
	        $(GAME_RUN) --format $$format --out $(REMEDY_DIR)/draw-fee-round-5.$$format || exit 1; \
	done
	for target in 0 2; do for format in md json; do \
	    $(BIN)/combin solve lunar --vary bet_pays.pays.one_pair --target-edge $$target% --shards $(REMEDY_DIR) \
	        $(GAME_RUN) --format $$format --out $(REMEDY_DIR)/one-pair-edge-$$target.$$format || exit 1; \
	done; done
	for format in md json; do \
	    $(BIN)/combin solve lunar --vary bet_pays.pays.one_pair --per round --super 1 --target-edge 5% \
	        --shards $(REMEDY_DIR) $(GAME_RUN) --format $$format --out $(REMEDY_DIR)/one-pair-round-5.$$format \
	        || exit 1; \
	done

walker: $(STAMP)
	$(BIN)/python -m pytest -q -s -m walker

peers: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,plots,peers]'
	$(BIN)/python -m pytest -q -m peers

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
