# xgest: `make run` and `make test` set up what they need on a fresh Debian machine.
SWIFT ?= swift
SWIFT_FLAGS ?=
RELEASE_BIN := .build/release/xgest

.PHONY: all build release test run bench bench-apps format lint deps-build deps-test clean

all: build

deps-build:
	@scripts/install-deps.sh build

deps-test:
	@scripts/install-deps.sh test

build: deps-build
	$(SWIFT) build $(SWIFT_FLAGS)

# The Swift runtime is linked statically: the daemon maps no Swift shared libraries and
# the binary needs none installed, so it needs no $ORIGIN run path either (an installed
# /usr/bin/xgest must not look for libraries in /usr/bin).
# lld packs the relative relocations (DT_RELR, glibc 2.36): the 1 MB relocation table
# the loader reads at every start shrinks to 8 KB, keeping a position-independent
# executable.
# The static runtime's link arguments export every symbol of the program's own modules
# (-export-dynamic); xgest loads no Swift code at run time, so --no-export-dynamic drops
# that dynamic symbol table (about 640 KB of .dynsym, .dynstr and .gnu.hash, which every
# shared library's symbol lookups searched first).
# scripts/link/libstdc++.so makes the toolchain's -lstdc++ the static C++ runtime, and the
# package no longer depends on libstdc++6.
# docs/x11-notes.md ("Where the daemon's memory is") has what each step saves.
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath \
	-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker -L$(CURDIR)/scripts/link

release: deps-build
	$(SWIFT) build $(RELEASE_FLAGS) --product xgest $(SWIFT_FLAGS)

FUZZ_COUNT ?= 100000

# Every test, the ones against a real headless Xorg included; then the config parser
# and schema on FUZZ_COUNT seeded mutations of the shipped config and of the broken
# fixtures, and the trace reader and a dry run of the shipped bindings on FUZZ_COUNT
# seeded number-heavy mutations of the trace fixtures; the fuzzers are built for release
# (the debug build is about ten times slower) and take about 15 s each.
# The tests run one at a time: the X client libraries keep their extension bookkeeping
# (libXext's per-extension display lists) in process-wide state, and tests that open and
# close connections on several threads at once corrupted the heap in XCloseDisplay about
# one run in seven (a double free inside libXext). xgest itself uses one connection on one
# thread. One at a time, every test takes about 13 s in all.
test: deps-test
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --no-parallel $(SWIFT_FLAGS)
	$(SWIFT) build $(RELEASE_FLAGS) --product xgest-fuzz-config $(SWIFT_FLAGS)
	.build/release/xgest-fuzz-config --count $(FUZZ_COUNT) config/xgest.toml Tests/XgestConfigTests/Fixtures/broken/*.toml
	$(SWIFT) build $(RELEASE_FLAGS) --product xgest-fuzz-trace $(SWIFT_FLAGS)
	.build/release/xgest-fuzz-trace --count $(FUZZ_COUNT) --config config/xgest.toml \
	  Tests/XgestCoreTests/Fixtures/traces/*.trace
	@MAKE="$(MAKE)" scripts/test-packaging.sh

# xgest on $$DISPLAY with a live trace; with no display, the demo on a private X server.
run: deps-test release
	@if [ -n "$$DISPLAY" ]; then \
	  exec $(RELEASE_BIN) run --debug; \
	else \
	  echo "xgest: no DISPLAY; running the demo on a private headless X server" >&2; \
	  exec $(RELEASE_BIN) demo; \
	fi

# Benchmarks print numbers; they are not pass/fail tests.
bench:
	@scripts/install-deps.sh bench
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS)
	.build/release/xgest-bench

# GTK 3, Qt 5, Chromium and Firefox ESR on the test server, with and without xgest: how
# late touches arrive, when long presses fire, how far pinches zoom. Installs the browsers.
bench-apps:
	@scripts/install-deps.sh apps
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS)
	.build/release/xgest-bench apps

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Benchmarks Package.swift

# Any formatting difference is an error (--strict); .ci/run runs it before the tests.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Benchmarks Package.swift

clean:
	rm -rf .build

.PHONY: install uninstall deb

# Installation of the release build (`make release` first, as yourself; then
# `sudo make install`). PREFIX and DESTDIR are honoured; every directory can be overridden.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
# Desktops read autostart entries from $XDG_CONFIG_DIRS/autostart, /etc/xdg/autostart by
# default: that is where the entry goes for PREFIX=/usr. Under any other prefix it goes
# to $(PREFIX)/etc/xdg/autostart, which desktops only read when $(PREFIX)/etc/xdg is in
# XDG_CONFIG_DIRS; pass SYSCONFDIR=/etc to install it system-wide (docs/session.md).
ifeq ($(PREFIX),/usr)
SYSCONFDIR ?= /etc
else
SYSCONFDIR ?= $(PREFIX)/etc
endif
AUTOSTARTDIR ?= $(SYSCONFDIR)/xdg/autostart
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/vendor-completions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d

# Every file `make install` writes, and so every file `make uninstall` removes. The
# binary finds the default config at ../share/xgest/xgest.toml relative to itself.
INSTALLED_FILES = $(BINDIR)/xgest $(DATADIR)/xgest/xgest.toml \
	$(MANDIR)/man1/xgest.1 $(MANDIR)/man5/xgest.toml.5 \
	$(AUTOSTARTDIR)/xgest.desktop $(USERUNITDIR)/xgest.service \
	$(BASHCOMPDIR)/xgest $(ZSHCOMPDIR)/_xgest $(FISHCOMPDIR)/xgest.fish

# The directories holding them. Those `make install` makes (with their parents) are
# listed in MADE_DIRECTORIES, added to what an earlier install listed, and `make uninstall`
# removes those of them left empty, deepest first: a staged DESTDIR or a private PREFIX is
# left as it was found, and a directory that was there before (an empty /usr/local/bin)
# or that holds other files stays.
INSTALLED_DIRECTORIES = $(BINDIR) $(DATADIR)/xgest $(MANDIR)/man1 $(MANDIR)/man5 $(AUTOSTARTDIR) \
	$(USERUNITDIR) $(BASHCOMPDIR) $(ZSHCOMPDIR) $(FISHCOMPDIR)
MADE_DIRECTORIES = $(DATADIR)/xgest/installed-directories

install:
	@test -x $(RELEASE_BIN) || { echo "xgest: $(RELEASE_BIN) is missing: run 'make release' first" >&2; exit 1; }
	@made=$$(cat "$(DESTDIR)$(MADE_DIRECTORIES)" 2>/dev/null || true); \
	for d in $(INSTALLED_DIRECTORIES); do \
	  while [ "$$d" != / ] && [ ! -d "$(DESTDIR)$$d" ]; do made="$$made $$d"; d=$$(dirname "$$d"); done; \
	done; \
	install -d $(addprefix $(DESTDIR),$(INSTALLED_DIRECTORIES)) && \
	printf '%s\n' $$made | LC_ALL=C sort -ru > "$(DESTDIR)$(MADE_DIRECTORIES)" && \
	chmod 644 "$(DESTDIR)$(MADE_DIRECTORIES)"
	install -Dm755 $(RELEASE_BIN) $(DESTDIR)$(BINDIR)/xgest
	install -Dm644 config/xgest.toml $(DESTDIR)$(DATADIR)/xgest/xgest.toml
	install -Dm644 packaging/man/xgest.1 $(DESTDIR)$(MANDIR)/man1/xgest.1
	install -Dm644 packaging/man/xgest.toml.5 $(DESTDIR)$(MANDIR)/man5/xgest.toml.5
	install -Dm644 packaging/xdg/xgest.desktop $(DESTDIR)$(AUTOSTARTDIR)/xgest.desktop
	install -d $(DESTDIR)$(USERUNITDIR) $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	sed 's|^ExecStart=/usr/bin/xgest |ExecStart=$(BINDIR)/xgest |' packaging/systemd/xgest.service \
	  > $(DESTDIR)$(USERUNITDIR)/xgest.service
	$(RELEASE_BIN) --generate-completion-script bash > $(DESTDIR)$(BASHCOMPDIR)/xgest
	$(RELEASE_BIN) --generate-completion-script zsh > $(DESTDIR)$(ZSHCOMPDIR)/_xgest
	$(RELEASE_BIN) --generate-completion-script fish > $(DESTDIR)$(FISHCOMPDIR)/xgest.fish
	chmod 644 $(DESTDIR)$(USERUNITDIR)/xgest.service $(DESTDIR)$(BASHCOMPDIR)/xgest \
	  $(DESTDIR)$(ZSHCOMPDIR)/_xgest $(DESTDIR)$(FISHCOMPDIR)/xgest.fish

# rmdir removes only an empty directory; reverse order puts a directory's children first.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED_FILES))
	@made=$$(cat "$(DESTDIR)$(MADE_DIRECTORIES)" 2>/dev/null || true); \
	rm -f "$(DESTDIR)$(MADE_DIRECTORIES)"; \
	for d in $$made; do rmdir "$(DESTDIR)$$d" 2>/dev/null || true; done
	rmdir $(DESTDIR)$(DATADIR)/xgest 2>/dev/null || true

# xgest_VERSION_ARCH.deb from a staged `make install PREFIX=/usr` (scripts/build-deb.sh).
deb: release
	@scripts/install-deps.sh deb
	@MAKE="$(MAKE)" scripts/build-deb.sh
