# make test: the whole suite in a local .venv; make play: JupyterLab on notebooks/.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test test-fast play bench docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,browser,docs]"
	touch $(STAMP)

# the docs build runs every notebook and example; warnings are errors
test: docs
	$(BIN)/python -m pytest

test-fast: $(STAMP)
	$(BIN)/python -m pytest -m "not slow and not browser"

play: $(STAMP)
	$(BIN)/jupyter lab notebooks/

docs: $(STAMP)
	rm -rf docs/_build
	$(BIN)/sphinx-build -q -W --keep-going -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache build dist
