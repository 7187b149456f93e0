# The README's two commands: `make run` (the main job) and `make test` (every test).
# Both set up everything they need on a fresh machine, in .venv.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test setup lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[test]"
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(PY) -m puffteach.demo

lint: $(STAMP)
	$(PY) -m ruff check puffteach tests benchmarks
	$(PY) -m ruff format --check puffteach tests benchmarks

typecheck: $(STAMP)
	$(PY) -m mypy

test: $(STAMP) lint typecheck
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) benchmarks/random_games.py

clean:
	rm -rf $(VENV) _build .pytest_cache .mypy_cache .ruff_cache .hypothesis
