# make test: the whole suite in a local .venv; make play: JupyterLab on notebooks/; make app: the web app.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test test-fast lint play app bench docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,browser,docs,app]"
	touch $(STAMP)

# lint and types first (seconds), then the docs build, which runs every notebook and example with
# warnings as errors, then the suite (slow campaigns and timings are left to `pytest -m slow`)
test: lint docs
	$(BIN)/python -m pytest -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check widgetpkg tests benchmarks examples
	$(BIN)/mypy

test-fast: $(STAMP)
	$(BIN)/python -m pytest -m "not slow and not browser"

# JupyterLab refuses to run as root unless told: containers often run as root
play: $(STAMP)
	$(BIN)/jupyter lab notebooks/ $(if $(filter 0,$(shell id -u)),--allow-root,)

# the start screen as a web page, one kernel per visitor (python -m widgetpkg app --help)
app: $(STAMP)
	$(BIN)/python -m widgetpkg app

docs: $(STAMP)
	rm -rf docs/_build
	$(BIN)/sphinx-build -q -W --keep-going -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache build dist
