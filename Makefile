# Prolog Arena: `make run` opens the shell, `make test` runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup run test bench swipl clean

setup: swipl $(STAMP)

# Debian's SWI-Prolog, installed only when `swipl` is missing.
swipl:
	@command -v swipl >/dev/null 2>&1 || { \
	  echo "SWI-Prolog not found: installing Debian package swi-prolog-nox"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; \
	  elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; \
	  else echo "Please install SWI-Prolog (Debian: apt-get install swi-prolog-nox) and re-run make." >&2; exit 1; fi; \
	  $$SUDO apt-get install -y swi-prolog-nox || { $$SUDO apt-get update && $$SUDO apt-get install -y swi-prolog-nox; } || { \
	    echo "Could not install swi-prolog-nox; install SWI-Prolog by hand and re-run make." >&2; exit 1; }; }

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: setup
	$(BIN)/arena

test: setup
	$(BIN)/python -m pytest -q

bench: setup
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache
