# combin -- the two commands a newcomer needs:
#   make tables   set up a virtual environment, install combin, regenerate tables/
#   make test     the same set-up, then mypy on the engine core and the test suite
# Also: make bench (timings), make audit (slow exhaustive passes, then the evidence bundle in
# build/audit), make peers (poker class counts against third-party evaluators).

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev

.PHONY: all setup tables test typecheck bench slow audit peers clean

all: tables

$(STAMP): setup.cfg pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,plots]'
	touch $(STAMP)

setup: $(STAMP)

tables: $(STAMP)
	$(BIN)/combin tables --out tables

test: $(STAMP) typecheck
	$(BIN)/python -m pytest -q

typecheck: $(STAMP)
	$(BIN)/python -m mypy

bench: $(STAMP)
	$(BIN)/python -m combin.bench

slow: $(STAMP)
	$(BIN)/python -m pytest -q -m slow

audit: $(STAMP)
	$(BIN)/python -m pytest -q -m slow
	$(BIN)/combin audit --out build/audit
	command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,2400 \
	    --screenshot=build/audit-REPORT.png file://$(CURDIR)/build/audit/REPORT.html
	@echo "screenshot of build/audit/REPORT.html: build/audit-REPORT.png"

peers: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,plots,peers]'
	$(BIN)/python -m pytest -q -m peers

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
