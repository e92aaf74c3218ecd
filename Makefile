# torch — build, run, test. Every target installs what it needs when run as root
# (Debian 12: apt-get install -y …), so a fresh machine needs only the Swift toolchain.

PREFIX    ?= /usr/local
DESTDIR   ?=
SYSCONFDIR ?= /etc
UNITDIR   ?= /etc/systemd/system
SWIFT     ?= swift
CONFIG    ?= release
# The installed binary must not need the toolchain at boot: link the Swift standard
# library statically.
BUILD_FLAGS = -c $(CONFIG) --static-swift-stdlib
# The host's own build (make build, so make bench, make deb) also links for a smaller
# resident set (docs/results.md, "memory"): libstdc++ statically (only the parts the
# Swift runtime calls, instead of mapping all of the shared library), with lld packing
# the relative relocations (DT_RELR, read by glibc ≥ 2.36: Debian 12 and 13) so the
# loader touches far fewer pages, and exporting no symbols (the static
# standard library's link exports every public one; nothing in torch looks one up).
# The libstdc++ is the one the toolchain's clang would link, found through a linker
# script named libstdc++.so in .build/static-cxx, which the -L before the system
# directories makes the linker find first. Without a libstdc++.a (the libstdc++-dev of
# the compiler) the build links as before. It also lays the functions a service runs
# out together at the start of the text (dist/link-order.txt, lld's
# --symbol-ordering-file; `make link-order` writes it): a page fault on the text maps
# the cached pages around it too, so code the service never calls is resident wherever
# it sits between code it does. A name the list has and the binary lacks is skipped
# silently: a stale list costs memory, never the build. arm64-build keeps BUILD_FLAGS
# alone.
STATIC_CXX := $(shell "$(dir $(shell command -v $(SWIFT) 2>/dev/null))clang" -print-file-name=libstdc++.a 2>/dev/null)
STATIC_CXX_DIR = $(CURDIR)/.build/static-cxx
HOST_LINK_FLAGS = $(if $(filter /%,$(STATIC_CXX)),-Xswiftc -L$(STATIC_CXX_DIR)) \
    -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
    -Xlinker --symbol-ordering-file=$(CURDIR)/dist/link-order.txt -Xlinker --no-warn-symbol-ordering
BIN       ?= .build/$(CONFIG)/torch
# The one version: Sources/TorchCLI/Version.swift (torch --version prints it).
VERSION   := $(shell sed -n 's/^ *static let number = "\(.*\)"$$/\1/p' Sources/TorchCLI/Version.swift)
# Where make deb puts torch_<version>_<arch>.deb.
DEB_DIR   ?= .
# The Debian architecture make deb packages for: this machine's, or arm64 cross-built
# on x86_64 (make deb ARCH=arm64).
HOST_ARCH := $(shell dpkg --print-architecture 2>/dev/null || uname -m)
ARCH      ?= $(HOST_ARCH)
# The Debian release the package is for (make deb SUITE=bookworm|trixie): bookworm
# (Debian 12, Raspberry Pi OS bookworm) or trixie (Debian 13). Its number is part of the
# package's version (0.1.0+deb12, 0.1.0+deb13: dist/debian/build-deb.sh). The host's own
# architecture defaults to the host's own release and is built as `make build` builds
# (the host's Swift); the other release of it, trixie on a Debian 12 host, is built
# natively inside the cross toolchain's trixie root with Debian's Swift 6.0.3. arm64
# defaults to trixie; SUITE=bookworm links against a Debian 12 arm64 sysroot
# (dist/cross/bookworm-sdk.sh).
HOST_SUITE := $(shell . /etc/os-release 2>/dev/null && echo "$$VERSION_CODENAME")
SUITE     ?= $(if $(filter $(HOST_ARCH),$(ARCH)),$(HOST_SUITE),trixie)
# Every package's files are dated by the last commit (reproducible packages).
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null)
DEB_ENV = SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH)
# The packages built in the cross toolchain's root are reproducible from any checkout:
# the source tree's path, which Swift writes into the binary wherever a #file or
# #filePath is (the standard library's checks inlined into torch's code among them), is
# written as /usr/src/torch instead (swiftc -file-prefix-map, clang -ffile-prefix-map).
REPRO_FLAGS = -Xswiftc -file-prefix-map -Xswiftc $(CURDIR)=/usr/src/torch -Xcc -ffile-prefix-map=$(CURDIR)=/usr/src/torch
# The arm64 cross toolchain (dist/cross/): a Debian 13 root with Debian's Swift 6.0.3,
# the arm64 libraries and the arm64 Swift SDK, cached by content hash in
# ~/.cache/torch-arm64 (or TORCH_ARM64_CACHE). Its builds go to .build/arm64.
CROSS_TOOLCHAIN = sh dist/cross/toolchain.sh
IN_ROOT   = sh dist/cross/in-root.sh
ARM64_SWIFT_FLAGS = --swift-sdks-path /opt/swift-sdks --swift-sdk torch-arm64 --scratch-path .build/arm64
ARM64_BIN = .build/arm64/release/torch
# Raspberry Pi OS bookworm's: the same compiler and Swift resources, linked against the
# Debian 12 arm64 sysroot that bookworm-sdk.sh adds to the toolchain's root (glibc 2.36,
# GCC 12's libstdc++, libgpiod 1.6); its builds go to .build/arm64-bookworm.
BOOKWORM_TOOLCHAIN = sh dist/cross/bookworm-sdk.sh
BOOKWORM_SYSROOT = /opt/sysroots/bookworm-arm64
ARM64_BOOKWORM_SWIFT_FLAGS = --swift-sdks-path /opt/swift-sdks --swift-sdk torch-arm64-bookworm --scratch-path .build/arm64-bookworm
ARM64_BOOKWORM_BIN = .build/arm64-bookworm/release/torch
# amd64 for trixie, on a Debian 12 host: natively in the toolchain's root, linked with
# lld as the arm64 builds are: Debian 13's ld.bfd puts the Swift metadata sections,
# which are writable, in one segment with .rodata, and then cannot make the read-only
# after relocation (RELRO) segment that lintian asks of a hardened binary.
AMD64_TRIXIE_SWIFT_FLAGS = --scratch-path .build/amd64-trixie -Xswiftc -use-ld=lld
AMD64_TRIXIE_BIN = .build/amd64-trixie/release/torch

# Debian packages: building (libgpiod headers), testing (gpiod tools, tmux for the
# terminal test), and the real-kernel VM test (kernel source, qemu, busybox).
BUILD_DEPS = libgpiod-dev pkg-config
# libssl-dev: OpenSSL's headers, against which the TLS shim's declarations are checked
# when they are installed (building needs none); openssl makes the TLS test's certificates;
# strace delivers a signal at a chosen system call (StartSignalTests).
TEST_DEPS  = $(BUILD_DEPS) gpiod tmux systemd strace librsvg2-bin mosquitto mosquitto-clients python3-paho-mqtt libssl-dev openssl $(WEB_TEST_DEPS)
# The web page's browser test: Debian's Chromium, its WebDriver and Selenium.
WEB_TEST_DEPS = chromium chromium-driver python3-selenium
# The VM kernels are Debian 12's own; gcc-12 (the compiler Debian built them with) and
# make build the test's modules against their headers (Tests/vm/debian-kernel.sh). The
# emulator is Debian 13's qemu, unpacked from its packages (Tests/vm/qemu-trixie.sh).
VM_DEPS    = gcc-12 make cpio xz-utils busybox-static python3-pip
BENCH_DEPS = rt-tests mosquitto python3-paho-mqtt linux-perf strace
# make link-order: the bench's runs under valgrind's callgrind.
LINK_ORDER_DEPS = valgrind binutils mosquitto python3-paho-mqtt
PACKAGE_DEPS = dpkg-dev binutils lintian
ARM64_DEPS = debootstrap qemu-user-static binutils
# procps: pkill, which ends a powered-off guest's qemu (Tests/systemd/run.sh).
SYSTEMD_TEST_DEPS = debootstrap e2fsprogs procps
# The VM parts boot a guest of the host's own architecture: VM_HOST is `uname -m`
# (VM_HOST=aarch64 takes this machine for an aarch64 one, to see that choice here).
# On aarch64, make systemd-test is the arm64 systemd VM (KVM where /dev/kvm works).
VM_HOST   ?= $(shell uname -m)
# The arm64 systemd VM: qemu's virt machine; off aarch64, Debian 13's arm64 kernel with the
# test's modules built in the cross toolchain's root and a Debian 13 arm64 root made by
# mmdebstrap, its dpkg under qemu-user, and Debian 13's qemu (Tests/vm/qemu-trixie.sh);
# on aarch64, the kernel built from linux-source-6.12 and the host's qemu (ipxe-qemu:
# the virt machine's default NIC's option ROM). Its package is rebuilt when a source is
# newer.
ARM64_VM_DEPS = python3 cpio xz-utils $(SYSTEMD_TEST_DEPS) \
    $(if $(filter aarch64,$(shell uname -m)),qemu-system-arm ipxe-qemu linux-source-6.12 flex bison bc libelf-dev,qemu-user-static mmdebstrap arch-test gcc-12-aarch64-linux-gnu)
ARM64_VM_DEB_DIR = .build/arm64/vm
# The raspi3b check: qemu's raspi3b machine, the initramfs, readelf for the binary.
RASPI_DEPS = qemu-system-arm cpio binutils device-tree-compiler
ARM64_VM_DEB = $(ARM64_VM_DEB_DIR)/torch_$(VERSION)+deb13_arm64.deb
ARM64_BOOKWORM_VM_DEB = $(ARM64_VM_DEB_DIR)/torch_$(VERSION)+deb12_arm64.deb
# The signed test repositories the arm64 guests install from (release-test-repos, below);
# defined before the rules that name them, as a rule's prerequisites are expanded where
# it is read.
RELEASE_TEST_DIR = .build/release-test
RELEASE_TEST_STAMP = $(RELEASE_TEST_DIR)/versions
RELEASE_DEPS = reprepro gnupg gpgv diffoscope-minimal

.PHONY: all build run test check all-test-deps deps-test system-vms host-tests guests arm64-early arm64-test-build mirror-test unit-test service-test vm-test bench deps test-deps vm-deps clean help \
        install install-files uninstall wiring-test docs vm-test-v1 vm-test-v2 fuzz fuzz-quick storm-test deb package-test version systemd-test mqtt-test web-test \
        raspi-test raspi-test-torch arm64-build arm64-test arm64-package-test arm64-systemd-test ha-test metrics-test \
        arm64-bookworm-build amd64-trixie-build arm64-bookworm-package-test arm64-bookworm-systemd-test raspi-test-bookworm \
        release-test-repos release workflow-test raspi4b-test repro-test \
        iio-fixtures link-order

all: build

help:
	@echo "make run       build and run the torch (real GPIO if configured, else the simulated LED)"
	@echo "make test      every test (unit, end-to-end, unit file, install, real-kernel VM)"
	@echo "make check     the developers' middle tier: unit and end-to-end tests, the diagrams, the unit file and install; no VMs (a few minutes)"
	@echo "make unit-test the Swift tests alone (unit and end-to-end)"
	@echo "make vm-test   the real-kernel tests under qemu: Linux 6.1 and 6.12 x libgpiod v1 and v2 (KERNEL=6.12 GPIOD=v2: one)"
	@echo "make deb       the Debian package torch_<version>+debNN_<arch>.deb (lintian-clean; ARCH=arm64 cross-builds; SUITE=bookworm|trixie)"
	@echo "make arm64-test  the unit tests cross-built for arm64, run under qemu-user"
	@echo "make systemd-test  the package under real systemd in a Debian 12 VM (on aarch64: the arm64 one)"
	@echo "make arm64-systemd-test  the arm64 package under systemd in a Debian 13 arm64 VM (qemu virt; emulated off aarch64)"
	@echo "make arm64-bookworm-systemd-test  the same for the bookworm package (make deb ARCH=arm64 SUITE=bookworm) in a Debian 12 arm64 VM"
	@echo "make mqtt-test MQTT and Home Assistant against a real mosquitto (loopback)"
	@echo "make ha-test   Home Assistant's own code (PyPI, cached venv): its schemas, its core against mosquitto and torch"
	@echo "make metrics-test  GET /metrics: promtool check metrics, a real Prometheus scraping torch (loopback)"
	@echo "make bench     timing figures next to the machine's own limit (cyclictest)"
	@echo "make link-order  dist/link-order.txt: the functions the service runs, which make build lays out together (under valgrind)"
	@echo "make fuzz      every parser of outside input under libFuzzer, FUZZ_SECONDS (60) each"
	@echo "make web-test  the web page in headless Chromium (switch, modes, settings, security)"
	@echo "make raspi-test  GPIO18 on an emulated Raspberry Pi 3 B (qemu raspi3b, Debian 13's kernel), seen from outside (TORCH_ARM64=arm64 torch)"
	@echo "make docs      regenerate dist/torch.conf, torch.conf(5)'s keys, torch(1)'s effects, the lists of effects and backends, wiring/*.svg, docs/plots/*.svg"

# Installs missing Debian packages when root (waiting for apt's and dpkg's locks);
# otherwise says what is missing (dist/ensure-packages.sh).
ensure_packages = @sh dist/ensure-packages.sh $(1)

deps:
	$(call ensure_packages,$(BUILD_DEPS))

test-deps:
	$(call ensure_packages,$(TEST_DEPS))

# Every Debian package make test installs, in one step before any lanes run side by side
# (two apt-get install at once would wait for each other's lock; this way none is left
# to install by then). The parts still ask for their own when run alone.
ALL_TEST_DEPS = $(sort $(TEST_DEPS) $(VM_DEPS) $(PACKAGE_DEPS) $(SYSTEMD_TEST_DEPS) $(HA_TEST_DEPS) $(WORKFLOW_TEST_DEPS) \
    $(METRICS_TEST_DEPS) $(RASPI_DEPS) $(ARM64_VM_DEPS) $(if $(filter aarch64,$(VM_HOST)),,$(ARM64_DEPS) $(RELEASE_DEPS)))
all-test-deps:
	$(call ensure_packages,$(ALL_TEST_DEPS))

# dist/ensure-packages.sh: two lanes install at once while another process holds dpkg's
# lock, and both wait, then succeed (Tests/deps/lock-wait.sh; two empty packages of the
# test's own from a local repository, purged at the end).
deps-test: all-test-deps
	sh Tests/deps/lock-wait.sh

vm-deps:
	$(call ensure_packages,$(VM_DEPS))

build: deps
ifneq ($(filter /%,$(STATIC_CXX)),)
	mkdir -p $(STATIC_CXX_DIR) && echo 'INPUT($(STATIC_CXX))' > $(STATIC_CXX_DIR)/libstdc++.so
endif
	$(SWIFT) build $(BUILD_FLAGS) $(HOST_LINK_FLAGS) --product torch

run: build
	$(BIN) run

# The Pi's parts of make test. Off aarch64: the unit tests cross-built with Debian's
# Swift 6.0.3 and run under qemu-user, the arm64 package's checks (lintian from the
# trixie root), the arm64 package under systemd, and the raspi3b check with that
# build's torch. On aarch64 the unit tests and the package are the host's own
# (unit-test, package-test), systemd-test is already the arm64 VM, and the raspi3b
# check takes the host's torch. `make -n test VM_HOST=aarch64` shows that choice here.
ifeq ($(VM_HOST),aarch64)
ARM64_EARLY =
GUEST_BUILDS = build
GUESTS = vm-test systemd-test raspi-test-torch
SYSTEM_VMS = systemd-test raspi-test-torch
RASPI_BUILD = build
RASPI_TORCH = $(BIN)
else
ARM64_EARLY = arm64-early
GUEST_BUILDS = $(ARM64_EARLY)
GUESTS = arm64-systemd-test arm64-bookworm-systemd-test vm-test systemd-test \
         arm64-test arm64-package-test arm64-bookworm-package-test raspi-test-torch raspi-test-bookworm
SYSTEM_VMS = arm64-bookworm-systemd-test arm64-systemd-test raspi-test-torch raspi-test-bookworm
RASPI_BUILD = arm64-build
RASPI_TORCH = $(ARM64_BIN)
endif

# Everything: unit and end-to-end tests, the systemd unit and install checks, the Debian
# package (host-tests, with the arm64 builds beside them), then every guest and the arm64
# parts that need them built (guests): the real-kernel gpio-sim tests under qemu with
# both libgpiod generations, the signed test repositories (the arm64 packages built again
# from nothing among them), the amd64 and arm64 packages under real systemd, the arm64
# unit tests under qemu-user, the arm64 packages' checks and the raspi3b checks.
test: all-test-deps deps-test host-tests guests

# The host's own tests, one after another: the storms, the soak and MQTT judge the
# service's timing on the host, which a neighbour at the same priority would disturb.
# Beside them, on a host with two CPUs or more, the arm64 unit tests' build and the arm64
# release builds for trixie and bookworm, then the signed test repositories (the packages
# built again from nothing, the newer version: release-test-repos) (ARM64_EARLY:
# arm64-early), run under the idle scheduling policy: they get only the CPU time the tests leave (a fuzz target's one
# thread, the soak's and the storms' waits, the web and MQTT tests' one busy CPU), so
# their timing has the CPU whenever it wants it; a build has no timing of its own to
# lose. What is left of them when the tests end has both CPUs. Their output goes to a log
# (.build/arm64/test-build.log), whose errors and last lines are printed when it fails.
HOST_TESTS = unit-test mirror-test wiring-test fuzz-quick soak-quick storm-test mqtt-test ha-test metrics-test web-test service-test package-test workflow-test
IDLE = chrt --idle 0
host-tests:
	@early=""; if [ -n "$(ARM64_EARLY)" ] && [ "$(SYSTEM_VM_JOBS)" != 1 ]; then \
	    mkdir -p .build/arm64; $(IDLE) $(MAKE) --no-print-directory $(ARM64_EARLY) > .build/arm64/test-build.log 2>&1 & early=$$!; fi; \
	$(MAKE) $(HOST_TESTS); rc=$$?; \
	if [ -n "$$early" ]; then \
	    if wait $$early; then echo "$(ARM64_EARLY) (beside the host's tests): $$(tail -n 1 .build/arm64/test-build.log)"; \
	    else grep -E 'error:' .build/arm64/test-build.log | head -n 40; tail -n 30 .build/arm64/test-build.log; rc=1; fi; fi; \
	exit $$rc

# The arm64 work beside the host's tests: the unit tests' build and the two release
# builds two at a time (a release build spends much of its time in one whole-module
# compile on one CPU; each has its own scratch), then the test repositories.
arm64-early:
	$(MAKE) -j$(SYSTEM_VM_JOBS) --output-sync=target arm64-test-build arm64-build arm64-bookworm-build
	$(MAKE) release-test-repos

# The guests and the arm64 checks, one pool (GUESTS, in that order): a qemu each
# (vm-test's two lanes are one part), or the arm64 unit tests under qemu-user, two side
# by side on a host with two CPUs or more (SYSTEM_VM_JOBS). A free slot goes to the next
# part in the order given; the longest come first (the arm64 guests, then vm-test and the
# amd64 package under systemd), so that the shorter ones fill in behind them. A qemu
# guest spends much of its time waiting on its own timers, so the part beside it uses
# the CPU it leaves. Each part's output is printed whole when it ends. What the parts
# boot, install or check is built before the pool starts (beside the host's tests, on
# two CPUs), so no part waits in a slot for another's build.
SYSTEM_VM_JOBS ?= $(if $(filter 1,$(shell nproc 2>/dev/null || echo 1)),1,2)
guests: vm-deps build $(GUEST_BUILDS)
	$(MAKE) -j$(SYSTEM_VM_JOBS) --output-sync=target SYSTEM_VMS_POOL=1 $(GUESTS)

# Inside a pool (SYSTEM_VMS_POOL=1) the parts' own phony builds are not made again: the
# pool's target made them first, and a build waiting for a slot would let make hand that
# slot to a later part, out of the order given.
built = $(if $(SYSTEM_VMS_POOL),,$(1))

# The system guests alone (the arm64 package under systemd, for bookworm and for trixie;
# the raspi3b check with each arm64 build), two at a time, as in make test's pool.
system-vms: vm-deps build $(RASPI_BUILD) $(if $(ARM64_EARLY),arm64-bookworm-build)
	$(MAKE) -j$(SYSTEM_VM_JOBS) --output-sync=target SYSTEM_VMS_POOL=1 $(SYSTEM_VMS)

# The developers' middle tier: what a change to the code most often breaks, without the
# VMs, storms and soak (a few minutes warm).
check: test-deps unit-test wiring-test service-test

# The debug builds keep their work across fresh clones of one checkout path (a CI
# machine's): the unit tests' scratch directory here, vm-test's (Tests/vm/run.sh) and the
# arm64 unit tests' (arm64-test-build) live under ~/.cache/torch-swift, keyed by the
# checkout's path (the builds' records hold absolute paths). Here the driver compares the
# sources' contents where a fresh clone changed their times
# (-enable-incremental-file-hashing), so it compiles only what changed. Keys not used for
# 7 days are removed; `make clean` removes this checkout's.
SWIFT_KEEP = $(HOME)/.cache/torch-swift/$(shell printf '%s' '$(CURDIR)' | sha256sum | cut -c1-16)
UNIT_SCRATCH = $(SWIFT_KEEP)/debug
INCREMENTAL = -Xswiftc -enable-incremental-file-hashing
UNIT_BUILD = $(SWIFT) build --build-tests --scratch-path $(UNIT_SCRATCH) $(INCREMENTAL)
unit-test:
	@mkdir -p $(UNIT_SCRATCH) && touch $(SWIFT_KEEP) && \
	    find $(dir $(SWIFT_KEEP)) -mindepth 1 -maxdepth 1 -type d -mtime +7 -exec rm -rf {} +
	$(UNIT_BUILD)
	$(SWIFT) test --skip-build --scratch-path $(UNIT_SCRATCH)

# The arm64 unit tests' build tree (dist/cross/mirror-tree.sh): unchanged files keep
# their times, changed, new and removed ones follow the source.
mirror-test:
	sh Tests/cross/mirror-tree-test.sh

# The wiring diagrams and pattern plots render with rsvg-convert; wiring/*.svg match
# their generator (the pins and the reference are checked by the Swift tests
# SuggestedPinsTests, ConfigReferenceTests and PatternPlotFileTests).
wiring-test:
	$(call ensure_packages,librsvg2-bin)
	sh Tests/wiring/check-diagrams.sh

# Regenerates what is generated from the code: the commented dist/torch.conf and the key
# sections of torch.conf(5) (from ConfigKeyDocs and the front ends' sections), torch(1)'s
# effects and the completion's pattern names (from the effects' files), the backend lists
# of torch(1), docs/cli.md, docs/boards.md and docs/control-protocol.md (from Backend), the
# pattern plots of docs/patterns.md (docs/plots, what `torch plot NAME` draws), and
# wiring/*.svg (wiring/make-diagrams.py).
docs:
	python3 wiring/make-diagrams.py
	$(UNIT_BUILD)
	TORCH_WRITE_DOCS=1 $(SWIFT) test --skip-build --scratch-path $(UNIT_SCRATCH) --filter 'ConfigReferenceTests|PatternPlotFileTests|NameListsTests|CompletionNamesTests' >/dev/null || true
	$(SWIFT) test --skip-build --scratch-path $(UNIT_SCRATCH) --filter 'ConfigReferenceTests|PatternPlotFileTests|SuggestedPinsTests|NameListsTests|CompletionNamesTests'

# The IIO light-sensor drivers' sources the tests read (Tests/iio/fixtures): excerpts of
# bh1750, veml6030, opt3001, tsl2563, tsl2591, ti-ads1015 and the IIO core's naming
# tables from Debian's linux-source-6.1 and 6.12, as make vm-test caches them
# (IIODriverAttributeTests derives each driver's attribute names from them).
iio-fixtures:
	sh Tests/iio/extract-fixtures.sh

# libFuzzer on every parser of outside input (config, board files, patterns, Morse,
# units, control requests, the state file, the web page's token file, a light sensor's attributes, the
# LED's calibration), checking properties beyond "no crash"
# (Tests/fuzz/run.sh). One binary, built into .build/fuzz when a source changed;
# `fuzz-quick` is the short pass `make test` runs.
FUZZ_SECONDS ?= 60
SWIFTC    ?= swiftc

fuzz:
	SWIFTC=$(SWIFTC) sh Tests/fuzz/run.sh all $(FUZZ_SECONDS)

fuzz-quick:
	SWIFTC=$(SWIFTC) sh Tests/fuzz/run.sh all 5

# MQTT and Home Assistant against Debian's mosquitto, started by the test on free
# loopback ports with its own config; paho plays Home Assistant (Tests/mqtt/run.py);
# then the DNS stall and MQTT over TLS (Tests/mqtt/tls.py). Debian's python3 (/usr/bin/python3) has python3-paho-mqtt.
mqtt-test: test-deps build
	/usr/bin/python3 Tests/mqtt/run.py $(BIN)
	/usr/bin/python3 Tests/mqtt/dns-stall.py $(BIN)
	/usr/bin/python3 Tests/mqtt/tls.py $(BIN)

# Home Assistant's own code against torch (Tests/ha/ha_test.py): a pinned homeassistant
# from PyPI (Tests/ha/requirements.txt) in a virtual environment made by Tests/ha/venv.sh
# with pyenv's Python 3.13.0, cached by hash in ~/.cache/torch-ha (TORCH_HA_CACHE): its
# MQTT light and device-trigger schemas on every discovery payload, then its core
# against mosquitto on loopback (registries, light.turn_on, a gesture's automation).
HA_TEST_DEPS = mosquitto
ha-test: build
	$(call ensure_packages,$(HA_TEST_DEPS))
	venv=$$(sh Tests/ha/venv.sh) && "$$venv/bin/python" Tests/ha/ha_test.py $(BIN)

# GET /metrics read by Debian's Prometheus (Tests/metrics/metrics_test.py): promtool
# check metrics on torch's exposition, then a Prometheus server of the test's own on a
# free loopback port (own config and data directory, no service) scrapes it and answers
# a query. Debian's package may start its own service: the test uses none of it.
METRICS_TEST_DEPS = prometheus
metrics-test: build
	$(call ensure_packages,$(METRICS_TEST_DEPS))
	/usr/bin/python3 Tests/metrics/metrics_test.py $(BIN)

# The web page in headless Chromium against `torch run --backend sim --trace` on a free
# loopback port (Tests/web/web_test.py): the switch, slider, modes, settings across a
# restart, the dead-man rule, a socket press on the page, the security cases; the
# 390×844 screenshot is left in .build/web-test/web-page.png.
web-test: build
	$(call ensure_packages,$(WEB_TEST_DEPS))
	/usr/bin/python3 Tests/web/web_test.py $(BIN) .build/web-test
	/usr/bin/python3 Tests/web/loopback-users.py $(BIN)

# The systemd unit (systemd-analyze verify + security) and make install/uninstall.
service-test:
	$(UNIT_BUILD)
	sh Tests/service/check-unit.sh
	BIN=$(UNIT_SCRATCH)/debug/torch sh Tests/service/check-install.sh

# Real-kernel test under qemu: Linux 6.1 and 6.12 (Debian 12's own prebuilt kernels, with
# gpio-sim, the test PWM chip and uleds built as modules against their headers:
# Tests/vm/debian-kernel.sh) × libgpiod v1 (Debian's 1.6.3) and v2 (built from the PyPI
# gpiod sdist). `make vm-test KERNEL=6.12 GPIOD=v2` runs one combination. The first run
# downloads the kernels' packages from Debian's archive and builds the three modules
# (no kernel build; cached by content hash in ~/.cache/torch-debian-kernel, or
# TORCH_DEBIAN_KERNEL_CACHE).
KERNEL ?= 6.1 6.12
GPIOD ?= v1 v2
ifeq ($(VM_HOST),aarch64)
vm-test vm-test-v1 vm-test-v2:
	@echo "$@: skipped on an aarch64 host: its guest is an x86_64 busybox initramfs on Debian's amd64 kernels (Tests/vm/run.sh); make systemd-test boots the arm64 guest"
else
vm-test: $(call built,vm-deps)
	TORCH_VM_KERNELS="$(KERNEL)" sh Tests/vm/run.sh $(GPIOD)

vm-test-v1: vm-deps
	TORCH_VM_KERNELS="$(KERNEL)" sh Tests/vm/run.sh v1

vm-test-v2: vm-deps
	TORCH_VM_KERNELS="$(KERNEL)" sh Tests/vm/run.sh v2
endif

# The Debian package under real systemd: a Debian 12 root file system (debootstrap,
# cached by content hash in ~/.cache/torch-vm) booted with systemd as PID 1 on the VM
# test's Debian 6.1 kernel, its initrd holding the root's and the test's modules;
# install, boot, stop/start, reboots, the start rules, the gpio group, SIGKILL, watchdog,
# reload, remove and purge (Tests/systemd/run.sh).
ifeq ($(VM_HOST),aarch64)
systemd-test: arm64-systemd-test
else
systemd-test: $(call built,vm-deps build)
	$(call ensure_packages,$(PACKAGE_DEPS) $(SYSTEMD_TEST_DEPS))
	deb=$$(sh dist/debian/build-deb.sh $(BIN) $(VERSION) .build/systemd-test) && sh Tests/systemd/run.sh "$$deb"
endif

# The arm64 package under real systemd (Tests/systemd/run.sh with the arm64 .deb): Debian
# 13's own arm64 kernel with gpio-sim, uleds and the test PWM chip as modules
# (Tests/vm/debian-kernel.sh arm64 6.12) on qemu's virt machine, a Debian 13 arm64 root (mmdebstrap,
# its dpkg in a chroot under qemu-user), the same boots and checks as systemd-test;
# under TCG off aarch64.
arm64-systemd-test: $(ARM64_VM_DEB) $(if $(filter aarch64,$(VM_HOST)),,$(RELEASE_TEST_STAMP))
	$(call ensure_packages,$(ARM64_VM_DEPS))
	TORCH_VM_HOST=$(VM_HOST) $(if $(filter aarch64,$(VM_HOST)),,TORCH_VM_REPOS=$(RELEASE_TEST_DIR)) sh Tests/systemd/run.sh $(ARM64_VM_DEB)

$(ARM64_VM_DEB): Package.swift $(shell find Sources dist boards -type f)
	$(MAKE) deb ARCH=arm64 SUITE=trixie DEB_DIR=$(ARM64_VM_DEB_DIR)

# The repositories the arm64 VMs install from and upgrade from
# (Tests/release/build-test-repos.sh): a copy of the tree with the version bumped builds
# the newer packages; dist/release/release.sh signs a repository of each set with one
# throwaway key, and two copies have indexes changed after signing. First, the same
# packages built again from nothing in the copy must be byte-identical to this tree's
# (reproducible; diffoscope says where not).
$(RELEASE_TEST_STAMP): $(ARM64_VM_DEB) $(ARM64_BOOKWORM_VM_DEB) $(wildcard dist/release/*.sh dist/release/keyring/*) Tests/release/build-test-repos.sh
	$(call ensure_packages,$(RELEASE_DEPS) $(ARM64_DEPS))
	sh Tests/release/build-test-repos.sh $(RELEASE_TEST_DIR) $(ARM64_BOOKWORM_VM_DEB) $(ARM64_VM_DEB)
release-test-repos: $(RELEASE_TEST_STAMP)

# The reproducibility check by itself (make test runs it within release-test-repos):
# the arm64 packages built again from nothing in a copy of the tree must be
# byte-identical (diffoscope says where not).
repro-test: $(ARM64_VM_DEB) $(ARM64_BOOKWORM_VM_DEB)
	$(call ensure_packages,$(RELEASE_DEPS) $(ARM64_DEPS))
	sh Tests/release/build-test-repos.sh .build/repro-test $(ARM64_BOOKWORM_VM_DEB) $(ARM64_VM_DEB)

# The bookworm arm64 package under systemd: the same boots and checks on Debian 12's own
# arm64 kernel (6.1, its modules built with Debian 12's gcc-12 for aarch64:
# Tests/vm/debian-kernel.sh arm64 6.1) and a Debian 12 arm64 root (mmdebstrap).
arm64-bookworm-systemd-test: $(ARM64_BOOKWORM_VM_DEB) $(RELEASE_TEST_STAMP)
	$(call ensure_packages,$(ARM64_VM_DEPS))
	TORCH_VM_HOST=$(VM_HOST) TORCH_VM_REPOS=$(RELEASE_TEST_DIR) sh Tests/systemd/run.sh $(ARM64_BOOKWORM_VM_DEB)

$(ARM64_BOOKWORM_VM_DEB): Package.swift $(shell find Sources dist boards -type f)
	$(MAKE) deb ARCH=arm64 SUITE=bookworm DEB_DIR=$(ARM64_VM_DEB_DIR)

# The raspi3b check (Tests/raspi/run.sh): qemu's raspi3b machine with Debian 13's arm64
# kernel and its bcm2837-rpi-3-b device tree; GPIO18 driven by Debian's libgpiod tools,
# then by torch (TORCH_ARM64: the arm64 binary or .deb; `make deb ARCH=arm64` builds
# it), read from outside the guest in the GPIO block's level register. Without the
# binary only the libgpiod part runs. Kernel and packages cached in ~/.cache/torch-raspi.
TORCH_ARM64 ?= .build/arm64/release/torch
raspi-test:
	sh Tests/raspi/run.sh $(if $(wildcard $(TORCH_ARM64)),"$(TORCH_ARM64)")

# make test's raspi3b check: torch's part always runs, on a torch built first.
raspi-test-torch: $(call built,$(RASPI_BUILD))
	sh Tests/raspi/run.sh $(RASPI_TORCH)

# The same check on qemu's raspi4b (qemu 10 from Debian 13, run from its own unpacked
# packages: Tests/vm/qemu-trixie.sh), Debian 13's kernel and its bcm2711-rpi-4-b
# device tree with the nodes of the hardware qemu does not model disabled.
raspi4b-test: arm64-build
	TORCH_RASPI_MACHINE=raspi4b sh Tests/raspi/run.sh $(ARM64_BIN)

# The raspi3b check with the bookworm build: Debian 12's arm64 kernel (6.1) and its
# bcm2837-rpi-3-b device tree, bookworm's libraries in the initramfs.
raspi-test-bookworm: $(call built,arm64-bookworm-build)
	sh Tests/raspi/run.sh $(ARM64_BOOKWORM_BIN) bookworm

# The Debian package (dist/debian/): the release binary with the static Swift standard
# library, boards, units, conffile, man pages, bash completion; Depends from
# dpkg-shlibdeps (libgpiod2 on Debian 12). ARCH=arm64: the package for Debian 13 /
# Raspberry Pi OS trixie, cross-built with the arm64 toolchain and packaged inside its
# root (Depends from the arm64 libraries there: libgpiod3).
ifeq ($(ARCH)-$(SUITE),$(HOST_ARCH)-$(HOST_SUITE))
deb: build
	$(call ensure_packages,$(PACKAGE_DEPS))
	$(DEB_ENV) sh dist/debian/build-deb.sh $(BIN) $(VERSION) $(DEB_DIR) $(ARCH) $(SUITE)
else ifeq ($(ARCH)-$(SUITE),arm64-trixie)
deb: arm64-build
	tc=$$($(CROSS_TOOLCHAIN)) && \
	deb=$$($(DEB_ENV) $(IN_ROOT) "$$tc" sh dist/debian/build-deb.sh $(ARM64_BIN) $(VERSION) .build/arm64/deb arm64 trixie) && \
	mkdir -p $(DEB_DIR) && cp "$$deb" $(DEB_DIR)/ && echo "$(DEB_DIR)/$$(basename "$$deb")"
else ifeq ($(ARCH)-$(SUITE),arm64-bookworm)
deb: arm64-bookworm-build
	tc=$$($(BOOKWORM_TOOLCHAIN)) && \
	deb=$$($(DEB_ENV) $(IN_ROOT) "$$tc" env DEB_SYSROOT=$(BOOKWORM_SYSROOT) \
	    sh dist/debian/build-deb.sh $(ARM64_BOOKWORM_BIN) $(VERSION) .build/arm64-bookworm/deb arm64 bookworm) && \
	mkdir -p $(DEB_DIR) && cp "$$deb" $(DEB_DIR)/ && echo "$(DEB_DIR)/$$(basename "$$deb")"
else ifeq ($(ARCH)-$(SUITE)-$(HOST_ARCH),amd64-trixie-amd64)
deb: amd64-trixie-build
	tc=$$($(CROSS_TOOLCHAIN)) && \
	deb=$$($(DEB_ENV) $(IN_ROOT) "$$tc" sh dist/debian/build-deb.sh $(AMD64_TRIXIE_BIN) $(VERSION) .build/amd64-trixie/deb amd64 trixie) && \
	mkdir -p $(DEB_DIR) && cp "$$deb" $(DEB_DIR)/ && echo "$(DEB_DIR)/$$(basename "$$deb")"
else
deb:
	@echo "make deb: ARCH=$(ARCH) SUITE=$(SUITE): this machine ($(HOST_ARCH), $(HOST_SUITE)) builds $(HOST_ARCH) for $(HOST_SUITE), amd64 for trixie, and arm64 for bookworm and trixie"; exit 2
endif

# The release binary for arm64 on Raspberry Pi OS bookworm (Debian 12's glibc 2.36 and
# libgpiod 1.6): trixie's Swift 6.0.3 linking against the bookworm sysroot.
arm64-bookworm-build:
	$(call ensure_packages,$(ARM64_DEPS))
	tc=$$($(BOOKWORM_TOOLCHAIN)) && $(IN_ROOT) "$$tc" swift build $(ARM64_BOOKWORM_SWIFT_FLAGS) $(BUILD_FLAGS) $(REPRO_FLAGS) --product torch

# The release binary for amd64 on trixie: Debian 13's Swift 6.0.3 and libgpiod 2 in the
# toolchain's root.
amd64-trixie-build:
	$(call ensure_packages,$(ARM64_DEPS))
	tc=$$($(CROSS_TOOLCHAIN)) && $(IN_ROOT) "$$tc" swift build $(AMD64_TRIXIE_SWIFT_FLAGS) $(BUILD_FLAGS) $(REPRO_FLAGS) --product torch

# The release binary for arm64 (Debian's Swift 6.0.3 in the cross toolchain's root).
arm64-build:
	$(call ensure_packages,$(ARM64_DEPS))
	tc=$$($(CROSS_TOOLCHAIN)) && $(IN_ROOT) "$$tc" swift build $(ARM64_SWIFT_FLAGS) $(BUILD_FLAGS) $(REPRO_FLAGS) --product torch

# The unit tests cross-built for arm64 and run under qemu-user (Tests/arm64/run-tests.sh);
# prints Swift Testing's summary line (docs/testing.md).
# The build is made in a mirror of the work tree kept with the checkout's other kept
# builds (dist/cross/mirror-tree.sh writes only the files that changed, so the others keep
# their times: Debian's Swift 6.0.3 has no -enable-incremental-file-hashing), so a fresh
# clone at the same path compiles only what changed.
ARM64_TEST_TREE = $(SWIFT_KEEP)/arm64-tree
ARM64_TEST_BUNDLE = $(ARM64_TEST_TREE)/.build/arm64/debug/torchPackageTests.xctest
arm64-test: $(call built,arm64-test-build)
	tc=$$($(CROSS_TOOLCHAIN)) && TORCH_ARM64_BUNDLE=$(ARM64_TEST_BUNDLE) sh Tests/arm64/run-tests.sh "$$tc"

arm64-test-build:
	$(call ensure_packages,$(ARM64_DEPS))
	@mkdir -p $(SWIFT_KEEP) && touch $(SWIFT_KEEP)
	sh dist/cross/mirror-tree.sh . $(ARM64_TEST_TREE)
	tc=$$($(CROSS_TOOLCHAIN)) && cd $(ARM64_TEST_TREE) && $(IN_ROOT) "$$tc" swift build $(ARM64_SWIFT_FLAGS) --build-tests

# The arm64 package's checks (Tests/package/check-deb.sh with the toolchain: the
# architecture, aarch64 ELF, Depends on libgpiod3, --version under qemu-user, lintian
# from the trixie root).
arm64-package-test: $(call built,arm64-build)
	$(call ensure_packages,$(PACKAGE_DEPS))
	tc=$$($(CROSS_TOOLCHAIN)) && sh Tests/package/check-deb.sh $(ARM64_BIN) $(VERSION) "$$tc"

# The bookworm arm64 package's checks (Tests/package/check-deb.sh with the bookworm
# sysroot): Depends from bookworm's packages (libgpiod2), --version under qemu-user with
# bookworm's libraries, Debian 12's lintian, and every symbol the binary needs provided
# by bookworm's own libraries (Tests/package/symbol_versions.py), a check the trixie
# build must fail.
arm64-bookworm-package-test: $(call built,arm64-bookworm-build arm64-build)
	$(call ensure_packages,$(PACKAGE_DEPS))
	tc=$$($(BOOKWORM_TOOLCHAIN)) && sh Tests/package/check-deb.sh $(ARM64_BOOKWORM_BIN) $(VERSION) "$$tc" bookworm $(ARM64_BIN)

# Builds the package into a temporary directory and checks its files, conffile,
# Depends and maintainer scripts, and runs lintian as make release does
# (dist/release/lint-packages.sh), which refuses packages of the test's own that lintian
# finds fault with (Tests/release/lint-refuses.sh).
package-test: build
	$(call ensure_packages,$(PACKAGE_DEPS))
	sh Tests/package/check-deb.sh $(BIN) $(VERSION)
	sh Tests/release/lint-refuses.sh

# A release (docs/install-pi.md, "A release"): the four packages — amd64 and arm64, for
# bookworm and for trixie (make deb with each ARCH and SUITE; amd64 for bookworm is this
# Debian 12 host's own build), each lintian-clean with the lintian of its release
# (dist/release/lint-packages.sh) and every bookworm binary's symbol versions provided by
# bookworm's own libraries — then dist/release/release.sh: SHA256SUMS, the apt
# repository of both suites signed with RELEASE_KEY (a key in the maintainer's GnuPG
# home, named by fingerprint), and torch-archive-keyring, whose apt source points at
# RELEASE_URL. Without RELEASE_KEY the signing key is a throwaway one made in
# .build/release-gnupg (never published; release.sh's lines say so). RELEASE_URL's
# default is a placeholder (.invalid never resolves): name the real address to publish.
RELEASE_DIR ?= .build/release-site
RELEASE_URL ?= https://torch.example.invalid/apt
RELEASE_KEY ?=
RELEASE_DEBS = .build/release-debs
release:
	$(call ensure_packages,$(RELEASE_DEPS) $(PACKAGE_DEPS) $(ARM64_DEPS))
	rm -rf $(RELEASE_DEBS) && mkdir -p $(RELEASE_DEBS)
	$(MAKE) deb ARCH=amd64 SUITE=bookworm DEB_DIR=$(RELEASE_DEBS)
	$(MAKE) deb ARCH=amd64 SUITE=trixie DEB_DIR=$(RELEASE_DEBS)
	$(MAKE) deb ARCH=arm64 SUITE=bookworm DEB_DIR=$(RELEASE_DEBS)
	$(MAKE) deb ARCH=arm64 SUITE=trixie DEB_DIR=$(RELEASE_DEBS)
	@tc=$$($(CROSS_TOOLCHAIN)) && sh dist/release/lint-packages.sh "$$tc" $(RELEASE_DEBS)/torch_*.deb
	@tc=$$($(BOOKWORM_TOOLCHAIN)) && \
	mkdir -p $(RELEASE_DEBS)/x && for deb in $(RELEASE_DEBS)/*+deb12_*.deb; do \
	    case $$deb in *_arm64.deb) libs="$$tc/root$(BOOKWORM_SYSROOT)" ;; *) libs=/ ;; esac; \
	    dpkg-deb -x "$$deb" $(RELEASE_DEBS)/x && \
	    /usr/bin/python3 Tests/package/symbol_versions.py $(RELEASE_DEBS)/x/usr/bin/torch "$$libs" bookworm || exit 1; \
	    rm -rf $(RELEASE_DEBS)/x; done
	@if [ -n "$(RELEASE_KEY)" ]; then key="$(RELEASE_KEY)"; else \
	    export GNUPGHOME=$(CURDIR)/.build/release-gnupg; key=$$(sh dist/release/throwaway-key.sh "$$GNUPGHOME"); \
	    echo "make release: no RELEASE_KEY: signed with a throwaway key ($$key, in $$GNUPGHOME): for trying the release, not for publishing"; fi; \
	$(DEB_ENV) sh dist/release/release.sh $(RELEASE_DIR) $(VERSION) "$(RELEASE_URL)" "$$key" $(RELEASE_DEBS)/torch_*.deb
	@case "$(RELEASE_URL)" in *.invalid*) echo "make release: RELEASE_URL is the placeholder $(RELEASE_URL): the keyring package's apt source points nowhere";; esac

# The release workflow a hosted CI would run on a version tag
# (.github/workflows/release.yml) checked by actionlint, with shellcheck on its run:
# scripts (Tests/release/actionlint.sh: actionlint from PyPI in a cached venv).
WORKFLOW_TEST_DEPS = shellcheck python3-venv
workflow-test:
	$(call ensure_packages,$(WORKFLOW_TEST_DEPS))
	sh Tests/release/actionlint.sh

version:
	@echo $(VERSION)

bench: build
	$(call ensure_packages,$(BENCH_DEPS))
	PATH_FLOOR_CC="$(dir $(shell command -v $(SWIFT) 2>/dev/null))clang" sh Tests/bench/figures.sh $(BIN)

# dist/link-order.txt from the functions make bench's figures 7 and 7b run
# (Tests/bench/link-order.sh), then the binary linked again in that order (SwiftPM does
# not relink for a changed list by itself).
link-order: build
	$(call ensure_packages,$(LINK_ORDER_DEPS))
	sh Tests/bench/link-order.sh $(BIN) dist/link-order.txt
	rm -f "$$(readlink -f $(BIN))"
	$(MAKE) build

# The binary, board profiles, default config (never over an existing one), the unit
# (ExecStart pointing at this PREFIX) and the man page. `uninstall` removes exactly
# these (the config only while it is unchanged from the default).
install: build install-files

install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/torch/boards \
	    $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(SYSCONFDIR)/torch $(DESTDIR)$(UNITDIR)
	install -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/torch
	install -m 0644 boards/*.board $(DESTDIR)$(PREFIX)/share/torch/boards/
	install -m 0644 dist/torch-network.conf $(DESTDIR)$(PREFIX)/share/torch/network.conf
	install -d $(DESTDIR)$(PREFIX)/share/man/man5
	install -m 0644 dist/torch.1 $(DESTDIR)$(PREFIX)/share/man/man1/torch.1
	install -m 0644 dist/torch.conf.5 $(DESTDIR)$(PREFIX)/share/man/man5/torch.conf.5
	chmod 0644 $(DESTDIR)$(PREFIX)/share/man/man1/torch.1 $(DESTDIR)$(PREFIX)/share/man/man5/torch.conf.5
	sed 's#/usr/local/bin/torch#$(PREFIX)/bin/torch#g' dist/torch.service > $(DESTDIR)$(UNITDIR)/torch.service
	install -m 0644 dist/torch.socket $(DESTDIR)$(UNITDIR)/torch.socket
	chmod 0644 $(DESTDIR)$(UNITDIR)/torch.service
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/torch/torch.conf ]; then \
	  echo "keeping $(DESTDIR)$(SYSCONFDIR)/torch/torch.conf (default is in dist/torch.conf)"; \
	else install -m 0644 dist/torch.conf $(DESTDIR)$(SYSCONFDIR)/torch/torch.conf; fi

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/torch $(DESTDIR)$(PREFIX)/share/man/man1/torch.1 \
	    $(DESTDIR)$(PREFIX)/share/man/man5/torch.conf.5 $(DESTDIR)$(UNITDIR)/torch.service \
	    $(DESTDIR)$(UNITDIR)/torch.socket
	for f in boards/*.board; do rm -f $(DESTDIR)$(PREFIX)/share/torch/boards/$$(basename $$f); done
	rm -f $(DESTDIR)$(PREFIX)/share/torch/network.conf
	-rmdir $(DESTDIR)$(PREFIX)/share/torch/boards $(DESTDIR)$(PREFIX)/share/torch 2>/dev/null
	@if cmp -s dist/torch.conf $(DESTDIR)$(SYSCONFDIR)/torch/torch.conf; then \
	  rm -f $(DESTDIR)$(SYSCONFDIR)/torch/torch.conf; rmdir $(DESTDIR)$(SYSCONFDIR)/torch 2>/dev/null || true; \
	elif [ -e $(DESTDIR)$(SYSCONFDIR)/torch/torch.conf ]; then \
	  echo "keeping the edited $(DESTDIR)$(SYSCONFDIR)/torch/torch.conf"; fi

clean:
	rm -rf .build $(SWIFT_KEEP)

# The service for SOAK_MINUTES under patterns, button-like commands and status requests
# on the simulated backend: RSS, descriptors and lateness each minute; fails on growth or
# drift (Tests/soak/soak.py). `soak-quick` is 2 minutes.
SOAK_MINUTES ?= 60
.PHONY: soak soak-quick
soak: build
	sh Tests/soak/soak.sh $(SOAK_MINUTES) $(BIN)
soak-quick: build
	sh Tests/soak/soak.sh 2 $(BIN)

# The service pinned to one CPU under the fastest allowed pattern and a socket storm;
# the hostile patterns refused (Tests/storm/one-cpu.py says what it checks). Then the
# web page and MQTT (mosquitto on loopback) under storms beside a 100 Hz blink
# (Tests/storm/web-storm.py, mqtt-storm.py).
storm-test: build
	$(call ensure_packages,mosquitto python3-paho-mqtt)
	python3 Tests/storm/one-cpu.py $(BIN)
	/usr/bin/python3 Tests/storm/web-storm.py $(BIN)
	/usr/bin/python3 Tests/storm/mqtt-storm.py $(BIN)
	python3 Tests/storm/state-storm.py $(BIN)
	python3 Tests/storm/slow-disk.py $(BIN)
