# `make demo` and `make test` are all the set-up a fresh machine needs:
# each creates .venv on first use and installs gadshill with its dev extras.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck architecture unit browser axe postgres bench clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/gadshill demo

test: lint typecheck architecture unit

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# the import layers of pyproject.toml, and every dependency declared and used
architecture: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/deptry .

unit: $(STAMP) browser axe postgres
	$(BIN)/pytest

# the browser tests drive Debian's chromium: installed here when we are root with
# apt-get (waiting for another apt-get to let go of the lock); elsewhere those tests
# skip with a message (and fail in CI)
browser:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=600 \
			chromium chromium-driver \
		|| { apt-get update -q && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -q -o DPkg::Lock::Timeout=600 chromium chromium-driver; }; \
	else echo "chromium not installed and not root: the browser tests will be skipped"; fi

# the accessibility check the browser tests inject into chromium: axe-core, pinned in
# package.json/package-lock.json, installed into ./node_modules with npm (not kept in
# git); without npm the axe test skips with a message (and fails in CI)
axe: node_modules/axe-core/axe.min.js

node_modules/axe-core/axe.min.js: package.json package-lock.json
	@if command -v npm >/dev/null; then npm ci --no-audit --no-fund --loglevel=error && touch $@; \
	else echo "npm not installed: the axe-core accessibility test will be skipped"; fi

# the store's PostgreSQL tests start a throwaway cluster of Debian's postgresql:
# installed here as root (waiting for another apt-get to let go of the lock)
postgres:
	@if ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=600 postgresql \
		|| { apt-get update -q && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -q -o DPkg::Lock::Timeout=600 postgresql; }; \
	else echo "postgresql not installed and not root: the PostgreSQL tests will be skipped"; fi

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache node_modules
