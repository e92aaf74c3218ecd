# torch — build, run, test. Every target installs what it needs when run as root
# (Debian 12: apt-get install -y …), so a fresh machine needs only the Swift toolchain.

PREFIX    ?= /usr/local
DESTDIR   ?=
SWIFT     ?= swift
CONFIG    ?= release
# The installed binary must not need the toolchain at boot: link the Swift standard
# library statically.
BUILD_FLAGS = -c $(CONFIG) --static-swift-stdlib
BIN       = .build/$(CONFIG)/torch

# Debian packages: building (libgpiod headers), testing (gpiod tools, tmux for the
# terminal test), and the real-kernel VM test (kernel source, qemu, busybox).
BUILD_DEPS = libgpiod-dev pkg-config
TEST_DEPS  = $(BUILD_DEPS) gpiod tmux
VM_DEPS    = qemu-system-x86 linux-source-6.1 flex bison bc libelf-dev cpio xz-utils busybox-static python3-pip
BENCH_DEPS = rt-tests

.PHONY: all build run test unit-test vm-test bench deps test-deps vm-deps clean help

all: build

help:
	@echo "make run       build and run the torch (real GPIO if configured, else the simulated LED)"
	@echo "make test      every test (unit, end-to-end)"
	@echo "make vm-test   the real-kernel gpio-sim tests under qemu"
	@echo "make bench     timing figures next to the machine's own limit (cyclictest)"

# Installs missing Debian packages when root; otherwise says what is missing.
define ensure_packages
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    (apt-get install -y -qq $$missing >/dev/null 2>&1 || \
	     (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing)) || exit 1; \
	  else echo "missing Debian packages:$$missing (run: sudo apt-get install -y$$missing)"; exit 1; fi; \
	fi
endef

deps:
	$(call ensure_packages,$(BUILD_DEPS))

test-deps:
	$(call ensure_packages,$(TEST_DEPS))

vm-deps:
	$(call ensure_packages,$(VM_DEPS))

build: deps
	$(SWIFT) build $(BUILD_FLAGS) --product torch

run: build
	$(BIN) run

test: test-deps unit-test

unit-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

vm-test: vm-deps build
	bash Tests/vm/run.sh

bench: build
	$(call ensure_packages,$(BENCH_DEPS))
	sh Tests/bench/figures.sh $(BIN)

clean:
	rm -rf .build
