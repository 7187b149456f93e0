# The README's two commands:
#   make run   - set up, build the book and serve it locally (prints the address)
#   make test  - set up everything a fresh machine lacks and run every test
# Both install what they need: Python packages into .venv, Debian's chromium for the browser
# tests, npm's pyodide for the live boards of the static book.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8000
BOOK := _build/html
LANGS := sv de
# `make pot NOTEBOOKS="03-pierer 04-gegenpuff"` starts translating these notebooks
NOTEBOOKS ?=


.PHONY: run test setup browser postgres npm book lite pot pdf serve demo lint typecheck pytest nbval bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[test]"
	$(PY) -m ipykernel install --sys-prefix --name python3 >/dev/null
	touch $(STAMP)

setup: $(STAMP)

# Debian's chromium for the Playwright tests (Playwright's own browser download is not used)
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

# Debian's PostgreSQL server for the class server's tests (a throw-away cluster per test session
# on a loopback port; nothing is started here)
postgres:
	@test -x /usr/lib/postgresql/15/bin/pg_ctl || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || { \
	  echo "installing Debian's postgresql"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql >/dev/null; }

npm: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch node_modules/.installed

# The book in English, Swedish and German side by side: $(BOOK)/en/, /sv/, /de/ (each
# sphinx-build -W) and $(BOOK)/index.html, which opens the English book. Prints the build times.
book: $(STAMP) npm
	$(PY) scripts/build_book.py $(BOOK) --lite

# The course notebooks in the browser: a JupyterLite site (Pyodide kernel, puffteach
# preinstalled, the book's notebooks, nothing from another host) in _build/lite
lite: $(STAMP) npm
	$(PY) scripts/build_lite.py _build/lite

# The translation templates and the .po files to translate (locales/<lang>/LC_MESSAGES/book/*.po).
# Run after changing the English text; the notebooks and the API reference stay English.
pot: $(STAMP)
	rm -rf _build/gettext
	PUFFTEACH_NB_EXECUTION=off $(PY) -m sphinx -W -q -b gettext . _build/gettext
	rm -f _build/gettext/book/api.pot
	# a notebook is translated once it has a .po (locales/<lang>/LC_MESSAGES/notebooks/): keep
	# only those notebooks' templates; `make pot NOTEBOOKS="03-pierer"` starts another one
	for pot in _build/gettext/notebooks/*.pot; do \
	  nb=$$(basename $$pot .pot); \
	  ls locales/*/LC_MESSAGES/notebooks/$$nb.po >/dev/null 2>&1 \
	    || case " $(NOTEBOOKS) " in *" $$nb "*) ;; *) rm $$pot ;; esac; \
	done
	# the themes' labels (the "sphinx" domain) are translated by hand in locales/<lang>/LC_MESSAGES/
	# sphinx.po and booktheme.po: sphinx-intl must not rewrite them
	rm -f _build/gettext/sphinx.pot
	$(VENV)/bin/sphinx-intl update -p _build/gettext -d locales $(foreach l,$(LANGS),-l $(l))

run: book
	@echo "Serving the book at http://127.0.0.1:$(PORT)/ (English; /sv/ and /de/ beside it) and the class rooms at /class/ (Ctrl-C stops)"
	$(PY) -m puffteach serve --port $(PORT) --book $(BOOK)

demo: $(STAMP)
	$(PY) -m puffteach.demo

lint: $(STAMP)
	$(PY) -m ruff check puffteach tests benchmarks scripts *.py
	$(PY) -m ruff format --check puffteach tests benchmarks scripts *.py

typecheck: $(STAMP)
	$(PY) -m mypy

pytest: $(STAMP) browser postgres npm
	$(PY) -m pytest

# the notebooks as they are, and their Swedish and German translations (made from the book's
# .po files into _build/notebooks/<lang>/ by scripts/translate_notebooks.py)
nbval: $(STAMP)
	$(PY) scripts/translate_notebooks.py _build/notebooks
	$(PY) -m pytest --nbval -p no:cacheprovider notebooks/ _build/notebooks/

test: lint typecheck pytest nbval

# the bench extra: OpenSpiel's backgammon, the yardstick of benchmarks/random_games.py
$(VENV)/.installed-bench: $(STAMP)
	$(PY) -m pip install -q -e ".[bench]"
	touch $@

# The whole book as one PDF (_build/puffteach-book.pdf), printed by Debian's chromium headless
pdf: $(STAMP) npm browser
	$(PY) scripts/book_pdf.py

bench: $(VENV)/.installed-bench
	$(PY) benchmarks/random_games.py
	$(PY) benchmarks/widget_click.py

clean:
	rm -rf $(VENV) _build .pytest_cache .mypy_cache .ruff_cache .hypothesis node_modules
