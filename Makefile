# `make demo` and `make test` are all the set-up a fresh machine needs:
# each creates .venv on first use and installs gadshill with its dev extras.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck architecture unit browser bench clean

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

unit: $(STAMP) browser
	$(BIN)/pytest

# the browser tests drive Debian's chromium: installed here when we are root with
# apt-get; elsewhere those tests skip with a message (and fail in CI)
browser:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver \
		|| { apt-get update -q && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -q chromium chromium-driver; }; \
	else echo "chromium not installed and not root: the browser tests will be skipped"; fi

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
