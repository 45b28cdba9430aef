# make test: the whole suite in a local .venv; make play: JupyterLab on notebooks/; make app: the web app.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test test-fast lint play app bench docs dist wheel-check lite clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,browser,docs,app,cluster,rl]"
	touch $(STAMP)

# lint and types first (seconds), then the docs build, which runs every notebook and example with
# warnings as errors, then the suite (slow campaigns and timings are left to `pytest -m slow`)
test: lint docs wheel-check lite
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

# a fresh build each time; the browser site beside it (make lite) is kept
docs: $(STAMP)
	find docs/_build -mindepth 1 -maxdepth 1 ! -name lite -exec rm -rf {} + 2>/dev/null || true
	$(BIN)/sphinx-build -q -W --keep-going -b html docs docs/_build/html

# the wheel and the sdist, checked as an index would show them
dist: $(STAMP)
	rm -rf dist
	$(BIN)/python -m build --outdir dist . >/dev/null
	$(BIN)/twine check --strict dist/*

# the wheel as a user gets it: a fresh venv outside the source tree, the wheel with its extras, then
# every game played, drawn, saved and loaded from there (.ci/smoke_installed.py)
SMOKE := $(shell mktemp -d -u /tmp/widgetpkg-smoke.XXXXXX)
WHEEL_EXTRAS := graph
wheel-check: dist
	$(PYTHON) -m venv $(SMOKE)
	$(SMOKE)/bin/python -m pip install --quiet "$$(ls dist/*.whl)[$(WHEEL_EXTRAS)]"
	cd $(SMOKE) && $(SMOKE)/bin/python $(CURDIR)/.ci/smoke_installed.py $(CURDIR)
	rm -rf $(SMOKE)

# the browser site (JupyterLite, Pyodide): docs/_build/lite, from the registries only (docs/lite.md)
LITE_STAMP := $(VENV)/.lite-installed
$(LITE_STAMP): pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[lite]"
	touch $(LITE_STAMP)

lite: $(LITE_STAMP)
	$(BIN)/python docs/lite/build_site.py --out docs/_build/lite

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache build dist
