# Two entry points: `make demo` and `make test`. Both create .venv and install what they need.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: demo test lint install

$(VENV)/.installed-all: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[all]"
	touch $@

$(VENV)/.installed-dev: pyproject.toml $(VENV)/.installed-all
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $@

install: $(VENV)/.installed-dev

demo: $(VENV)/.installed-all
	$(BIN)/memory-plugins demo

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check memory_plugins tests benchmarks
	$(BIN)/ruff format --check memory_plugins tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports

test: lint
	$(BIN)/pytest
