# Venuely — the command vocabulary. `make run` and `make test` are the two a newcomer needs.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SERVER := server
HOST ?= 127.0.0.1
PORT ?= 8000
WEB := web
WEB_DEPS := $(WEB)/node_modules/.stamp-ci
WEB_BUILD := $(WEB)/dist/.stamp-build
WEB_SOURCES := $(shell find $(WEB)/src $(WEB)/public -type f 2>/dev/null) $(wildcard $(WEB)/index.html $(WEB)/vite.config.ts $(WEB)/tsconfig.json $(WEB)/scripts/*.mjs)
CHROMIUM ?= /usr/bin/chromium
# The local OpenID provider (dev/oidc/): the identity tests start their own, `make dev` this one.
OIDC := dev/oidc
OIDC_DEPS := $(OIDC)/node_modules/.stamp
OIDC_PORT := 9400
VITE_PORT := 5173

.PHONY: help run test dev lint typecheck pytest migrate demo install install-dev clean lock web web-test e2e chromium nginx bench fuzz codegen

help:
	@echo "make run      install, migrate, seed the demo event and serve on http://$(HOST):$(PORT)"
	@echo "make test     install test tools and run lint, types and every test"
	@echo "make dev      serve with auto-reload, and a local OpenID provider to sign in with"
	@echo "make lint     ruff (lint + format check) and mypy --strict"
	@echo "make migrate  apply database migrations"
	@echo "make demo     (re)seed the demo event"
	@echo "make lock     recompile the pinned requirement files"
	@echo "make codegen  rewrite generated files: protocol vectors, the web's error codes, reserved names, pre-publish codes, theme contrast"
	@echo "make web      install web dependencies and build the web app (only when sources changed)"
	@echo "make web-test lint, type-check and unit-test the web app"
	@echo "make e2e      browser tests: the built app against a real server in the system Chromium"
	@echo "make fuzz     long property runs: the frame decoder with 100,000 examples per property"
	@echo "make bench    realtime load benchmark against a peer stack (BENCH_SCALE=small: < 2 min)"

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

run: demo web
	@echo "Demo event: http://$(HOST):$(PORT)/demo  (attendee@demo.venuely.example / demo-attendee-pass)"
	@echo "Organizer console: http://$(HOST):$(PORT)/manage  (admin@demo.venuely.example / demo-organizer-pass)"
	@echo "Help desk agent: http://$(HOST):$(PORT)/demo  (agent@demo.venuely.example / demo-agent-pass)"
	@echo "Platform master: http://$(HOST):$(PORT)/manage  (master@demo.venuely.example / demo-master-pass)"
	$(BIN)/venuely serve --host $(HOST) --port $(PORT)

# The API server with auto-reload in the background, Vite in front of it (proxying /api and /realtime),
# and the local OpenID provider (dev/oidc/demo.json), registered for the demo customer. The public
# URL is Vite's: sign-ins come back through it, and its pages complete them.
dev: demo $(WEB_DEPS) $(OIDC_DEPS)
	VENUELY_PUBLIC_URL=http://$(HOST):$(VITE_PORT) $(BIN)/venuely sign-in-provider --issuer http://127.0.0.1:$(OIDC_PORT) --client-id venuely-demo \
	  --client-secret venuely-demo-secret --label "Local test provider"
	VENUELY_OIDC_PORT=$(OIDC_PORT) node $(OIDC)/provider.mjs $(OIDC)/demo.json & oidc=$$!; \
	  VENUELY_PUBLIC_URL=http://$(HOST):$(VITE_PORT) $(BIN)/venuely serve --host $(HOST) --port $(PORT) --reload & server=$$!; \
	  trap 'kill $$server $$oidc' EXIT INT TERM; \
	  echo "Sign in with OpenID: http://$(HOST):$(VITE_PORT)/demo/login, button 'Local test provider'," \
	    "login 'attendee' or 'ada' (any password; 'unverified' shows a refusal)"; \
	  cd $(WEB) && VENUELY_DEV_API=http://$(HOST):$(PORT) npx vite --host $(HOST) --port $(VITE_PORT) --strictPort

lint: install-dev
	cd $(SERVER) && ../$(BIN)/ruff check src tests migrations
	cd $(SERVER) && ../$(BIN)/ruff format --check src tests migrations
	cd $(SERVER) && ../$(BIN)/mypy

# The 25 slowest tests end the output: `make test` must stay well inside CI's limit.
pytest: install-dev nginx $(OIDC_DEPS)
	cd $(SERVER) && ../$(BIN)/pytest -n auto --durations=25

test: lint pytest web-test e2e

# Files generated from a single source; tests fail when a committed copy is stale.
codegen: install
	$(BIN)/python protocol/generate_vectors.py
	$(BIN)/python -m venuely.core.error_codes_ts
	$(BIN)/python -m venuely.events.reserved_ts
	$(BIN)/python -m venuely.events.prepublish.codes_ts
	$(BIN)/python -m venuely.events.prepublish.contrast_ts
	$(BIN)/python -m venuely.analytics.screens_ts

# The decoder's properties with 100,000 generated examples each (about 20 minutes on two cores);
# `make test` runs the same properties with a few hundred.
fuzz: install-dev
	cd $(SERVER) && VENUELY_CODEC_EXAMPLES=100000 ../$(BIN)/pytest -n auto tests/realtime/test_codec_properties.py

# --- web app -------------------------------------------------------------------------------------
# Stamps: `npm ci` re-runs only when the lock file changes, the build only when a source changes.
$(WEB_DEPS): $(WEB)/package.json $(WEB)/package-lock.json
	cd $(WEB) && npm ci --no-audit --no-fund
	touch $@

$(WEB_BUILD): $(WEB_DEPS) $(WEB_SOURCES)
	cd $(WEB) && npm run build
	touch $@

web: $(WEB_BUILD)

$(OIDC_DEPS): $(OIDC)/package.json $(OIDC)/package-lock.json
	cd $(OIDC) && npm ci --no-audit --no-fund
	touch $@

web-test: $(WEB_DEPS)
	cd $(WEB) && npm run lint
	cd $(WEB) && npm run typecheck
	cd $(WEB) && npx vitest run

chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	  else echo "Chromium is missing at $(CHROMIUM): install it (apt-get install chromium) or set CHROMIUM=" >&2; exit 1; fi; \
	fi

# The deployment test checks deploy/nginx/venuely.conf with `nginx -t` (it never starts nginx).
nginx:
	@if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nginx-light; \
	  else echo "nginx is missing: install it (apt-get install nginx-light)" >&2; exit 1; fi; \
	fi

# Starts `venuely serve` itself (random free port, temporary VENUELY_DATA_DIR); see web/e2e/.
e2e: chromium install web $(OIDC_DEPS)
	cd $(WEB) && VENUELY_BIN=$(abspath $(BIN))/venuely CHROMIUM=$(CHROMIUM) npm run e2e

lock: install-dev
	cd $(SERVER) && ../$(BIN)/python -m pip install --quiet pip-tools && \
	  ../$(BIN)/pip-compile -q --generate-hashes --no-emit-index-url --no-emit-find-links --strip-extras --allow-unsafe -o requirements-build.txt requirements-build.in && \
	  ../$(BIN)/pip-compile -q --generate-hashes --no-emit-index-url --no-emit-find-links --strip-extras --allow-unsafe -o requirements.txt pyproject.toml && \
	  ../$(BIN)/pip-compile -q --generate-hashes --no-emit-index-url --no-emit-find-links --strip-extras --allow-unsafe --extra dev -o requirements-dev.txt pyproject.toml
	# The bench's environment includes the server's runtime pins: recompiled with them.
	cd bench && ../$(BIN)/pip-compile -q --generate-hashes --no-emit-index-url --no-emit-find-links --strip-extras --allow-unsafe -o requirements.txt requirements.in

# --- benchmark (bench/README.md) --------------------------------------------------------------
BENCH_VENV := .venv-bench

$(BENCH_VENV)/.stamp: bench/requirements.txt $(SERVER)/requirements-build.txt $(SERVER)/pyproject.toml
	test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r $(SERVER)/requirements-build.txt
	$(BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r bench/requirements.txt
	$(BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e $(SERVER)
	touch $@

# The `lighthouse` scenario's npm packages (bench/lighthouse/): `npm ci` only when its lock changes.
LIGHTHOUSE_DEPS := bench/lighthouse/node_modules/.stamp

$(LIGHTHOUSE_DEPS): bench/lighthouse/package.json bench/lighthouse/package-lock.json
	cd bench/lighthouse && npm ci --no-audit --no-fund
	touch $@

# Server on core 0, load generator on core 1; the fd limit is raised to the hard limit first.
# The lighthouse scenario measures the built web app in the system Chromium.
bench: $(BENCH_VENV)/.stamp $(LIGHTHOUSE_DEPS) web chromium
	ulimit -n $$(ulimit -Hn) && CHROME_PATH=$(CHROMIUM) $(BENCH_VENV)/bin/python bench/run.py

clean:
	rm -rf $(VENV) $(BENCH_VENV) var $(WEB)/node_modules $(WEB)/dist $(OIDC)/node_modules bench/lighthouse/node_modules
