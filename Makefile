# iconchooser: `make run` and `make test` work on a fresh Debian machine (as root, or with sudo).

SWIFT       ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX      ?= /usr/local
CONFIG      ?= debug
BIN_DIR      = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)
# Release builds link the Swift runtime, Foundation and Dispatch into the binary: loading and
# relocating them at every start cost about 8 ms of CPU of a `preview` (perf stat, issue 3).
RELEASE_FLAGS = --static-swift-stdlib
BUILD_FLAGS  = $(if $(filter release,$(CONFIG)),$(RELEASE_FLAGS))
# System packages the build and the tests need (checked with dpkg, installed with apt only if missing).
APT_PACKAGES = pkg-config libpng-dev libisal-dev zlib1g-dev libncurses-dev librsvg2-dev libsixel-dev tmux python3 python3-png openssh-client openssh-server procps time xvfb xterm xfonts-base kitty libgl1-mesa-dri x11-apps imagemagick xdotool
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build deps install assets bench fuzz clean

run: build
	"$(BIN_DIR)/iconchooser"

test: deps
	$(SWIFT) build
	$(SWIFT) test

build: deps
	$(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS)

# Installs only what is missing, so a machine that has everything needs no network and no root.
deps:
	@if command -v dpkg >/dev/null 2>&1; then \
	  missing=""; \
	  for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  if [ -n "$$missing" ]; then \
	    echo "Installing:$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	  fi; \
	fi

install: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/iconchooser/demo/App Icons"
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/iconchooser" "$(DESTDIR)$(PREFIX)/bin/iconchooser"
	install -m 0644 Assets/Info.plist "$(DESTDIR)$(PREFIX)/share/iconchooser/demo/Info.plist"
	install -m 0644 Assets/App\ Icons/*.png "$(DESTDIR)$(PREFIX)/share/iconchooser/demo/App Icons/"

# Measures issues 3, 4, 5, 10, 11 and 12 against peers run in the same script (chafa, dialog, sshd, libsixel): prints ratios,
# asserts nothing. Installs its own tools (chafa dialog tmux time, numpy and Pillow for the PSNR of
# symbol art) only if missing. `make bench BENCH_ISSUES="10 12"` measures only those issues.
BENCH_ISSUES ?= 3 4 5 10 11 12
bench: deps
	@if command -v dpkg >/dev/null 2>&1; then \
	  missing=""; \
	  for p in chafa dialog tmux time python3-numpy python3-pil; do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  if [ -n "$$missing" ]; then \
	    echo "Installing:$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	  fi; \
	fi
	$(SWIFT) build -c release $(RELEASE_FLAGS)
	BENCH_ISSUES="$(BENCH_ISSUES)" bash bench/run-bench.sh "$$($(SWIFT) build -c release --show-bin-path)/iconchooser"

# Coverage-guided fuzzing (libFuzzer + AddressSanitizer) of every reader that takes bytes from
# outside, FUZZ_SECONDS (default 180) per target; a crash's input lands in Fuzz/crashes/TARGET/.
# `make fuzz FUZZ_TARGETS="png-rows cgbi"` runs only those.
FUZZ_SECONDS ?= 180
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) bash Fuzz/run.sh $(FUZZ_TARGETS)

# Regenerates the demo app's PNGs (they are committed; this is only needed after changing the drawing code).
assets:
	python3 Assets/make-demo-icons.py

clean:
	rm -rf .build Fuzz/.build Fuzz/.work
