# Prolog Arena: `make run` opens the shell, `make test` runs every test
# (CI runs it); `make quick` leaves out the tests marked slow;
# `make install` puts `arena` on the PATH (a link in ~/.local/bin).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PREFIX ?= $(HOME)/.local

.PHONY: setup run test quick bench install swipl bwrap browser clean

setup: swipl bwrap browser $(STAMP)

# Debian packages, each installed only when its command is missing:
# SWI-Prolog, bubblewrap, which isolates bot processes, and headless
# Chromium with its WebDriver, in which the tests open the game pages.
define apt_install
	@command -v $(1) >/dev/null 2>&1 || { \
	  echo "$(1) not found: installing Debian package $(2)"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; \
	  elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; \
	  else echo "Please install $(2) (Debian: apt-get install $(2)) and re-run make." >&2; exit 1; fi; \
	  $$SUDO apt-get install -y $(2) || { $$SUDO apt-get update && $$SUDO apt-get install -y $(2); } || { \
	    echo "Could not install $(2); install it by hand and re-run make." >&2; exit 1; }; }
endef

swipl:
	$(call apt_install,swipl,swi-prolog-nox)

bwrap:
	$(call apt_install,bwrap,bubblewrap)

browser:
	$(call apt_install,chromium,chromium)
	$(call apt_install,chromedriver,chromium-driver)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip 'setuptools>=77' wheel
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: setup
	$(BIN)/arena

# Three pytest workers on two cores: many tests wait on jailed hosts and
# their time limits (10 min with two workers here, 7.5 with three).
test: setup
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -q -n 3

quick: setup
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -q -n 3 -m "not slow"

bench: setup
	$(BIN)/python -m benchmarks

# A link to this checkout's arena: it stays up to date with the checkout.
install: swipl bwrap $(STAMP)
	mkdir -p $(PREFIX)/bin
	ln -sfn $(CURDIR)/$(BIN)/arena $(PREFIX)/bin/arena
	@echo "arena is $(PREFIX)/bin/arena (a link to $(CURDIR)/$(BIN)/arena)"
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) \
	  echo "$(PREFIX)/bin is not on your PATH: add  export PATH=\"$(PREFIX)/bin:\$$PATH\"" \
	       "to ~/.bashrc (or ~/.profile), or type  . $(BIN)/activate  in each new terminal";; esac

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache
