# xgest: `make run` and `make test` set up what they need on a fresh Debian machine.
SWIFT ?= swift
SWIFT_FLAGS ?=
RELEASE_BIN := .build/release/xgest

.PHONY: all build release test run bench format lint deps-build deps-test clean

all: build

deps-build:
	@scripts/install-deps.sh build

deps-test:
	@scripts/install-deps.sh test

build: deps-build
	$(SWIFT) build $(SWIFT_FLAGS)

# The Swift runtime is linked statically: the daemon's memory drops from about 14 MB to
# about 11 MB and the binary needs no Swift libraries installed.
RELEASE_FLAGS := -c release --static-swift-stdlib

release: deps-build
	$(SWIFT) build $(RELEASE_FLAGS) --product xgest $(SWIFT_FLAGS)

FUZZ_COUNT ?= 100000

# Every test, the ones against a real headless Xorg included; then the config parser
# and schema on FUZZ_COUNT seeded mutations of the shipped config and of the broken
# fixtures, built for release (the debug build is about ten times slower).
test: deps-test
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)
	$(SWIFT) build $(RELEASE_FLAGS) --product xgest-fuzz-config $(SWIFT_FLAGS)
	.build/release/xgest-fuzz-config --count $(FUZZ_COUNT) config/xgest.toml Tests/XgestConfigTests/Fixtures/broken/*.toml

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

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Benchmarks Package.swift

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Benchmarks Package.swift

clean:
	rm -rf .build
