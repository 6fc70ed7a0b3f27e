# Venuely — the command vocabulary. `make run` and `make test` are the two a newcomer needs.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SERVER := server
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: help run test dev lint typecheck pytest migrate demo install install-dev clean lock

help:
	@echo "make run      install, migrate, seed the demo event and serve on http://$(HOST):$(PORT)"
	@echo "make test     install test tools and run lint, types and every test"
	@echo "make dev      serve with auto-reload"
	@echo "make lint     ruff (lint + format check) and mypy --strict"
	@echo "make migrate  apply database migrations"
	@echo "make demo     (re)seed the demo event"
	@echo "make lock     recompile the pinned requirement files"

# The stamp files re-run pip only when the pinned requirements change.
$(VENV)/.runtime: $(SERVER)/requirements.txt $(SERVER)/requirements-build.txt $(SERVER)/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes -r $(SERVER)/requirements-build.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes -r $(SERVER)/requirements.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e $(SERVER)
	touch $@

$(VENV)/.dev: $(VENV)/.runtime $(SERVER)/requirements-dev.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes -r $(SERVER)/requirements-dev.txt
	touch $@

install: $(VENV)/.runtime
install-dev: $(VENV)/.dev

migrate: install
	$(BIN)/venuely migrate

demo: migrate
	$(BIN)/venuely demo

run: demo
	$(BIN)/venuely serve --host $(HOST) --port $(PORT)

dev: demo
	$(BIN)/venuely serve --host $(HOST) --port $(PORT) --reload

lint: install-dev
	cd $(SERVER) && ../$(BIN)/ruff check src tests migrations
	cd $(SERVER) && ../$(BIN)/ruff format --check src tests migrations
	cd $(SERVER) && ../$(BIN)/mypy

pytest: install-dev
	cd $(SERVER) && ../$(BIN)/pytest

test: lint pytest

lock: install-dev
	cd $(SERVER) && ../$(BIN)/python -m pip install --quiet pip-tools && \
	  ../$(BIN)/pip-compile -q --generate-hashes --no-emit-index-url --no-emit-find-links --strip-extras --allow-unsafe -o requirements-build.txt requirements-build.in && \
	  ../$(BIN)/pip-compile -q --generate-hashes --no-emit-index-url --no-emit-find-links --strip-extras --allow-unsafe -o requirements.txt pyproject.toml && \
	  ../$(BIN)/pip-compile -q --generate-hashes --no-emit-index-url --no-emit-find-links --strip-extras --allow-unsafe --extra dev -o requirements-dev.txt pyproject.toml

clean:
	rm -rf $(VENV) var
