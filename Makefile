# iconchooser: `make run` and `make test` work on a fresh Debian machine (as root, or with sudo).

SWIFT       ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX      ?= /usr/local
CONFIG      ?= debug
BIN_DIR      = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)
# Release builds link the Swift runtime, Foundation and Dispatch into the binary: loading and
# relocating them at every start cost about 8 ms of CPU of a `preview` (perf stat).
RELEASE_FLAGS = --static-swift-stdlib
BUILD_FLAGS  = $(if $(filter release,$(CONFIG)),$(RELEASE_FLAGS))
# System packages the build and the tests need (checked with dpkg, installed with apt only if missing).
APT_PACKAGES = python3-venv patch strace pkg-config binutils libpng-dev libisal-dev zlib1g-dev libncurses-dev ncurses-term librsvg2-dev libsixel-dev tmux python3 python3-png openssh-client openssh-server procps time xvfb xterm xfonts-base kitty libgl1-mesa-dri x11-apps imagemagick xdotool man-db groff-base bash-completion zsh fish
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Where `make install` puts the man page and the shell completions: where man, bash-completion,
# zsh and fish look under PREFIX.
MAN_DIR       = $(PREFIX)/share/man/man1
BASH_COMP_DIR = $(PREFIX)/share/bash-completion/completions
ZSH_COMP_DIR  = $(PREFIX)/share/zsh/site-functions
FISH_COMP_DIR = $(PREFIX)/share/fish/vendor_completions.d
# SwiftPM's dynamic library product iconchooser-svg (librsvg behind one function), which the program opens
# from its own folder or from ../lib/iconchooser only when it draws an SVG layer. Every `swift build`
# without --product builds it.
SVG_LIBRARY     = libiconchooser-svg$(if $(filter Darwin,$(shell uname -s)),.dylib,.so)
SVG_LIBRARY_DIR = $(PREFIX)/lib/iconchooser
# On Linux swiftc links that library against the toolchain's libswiftCore.so (RUNPATH /opt/swift), though
# it is C alone: installed on a machine without the toolchain it would not load, and beside a program
# built with --static-swift-stdlib it brings a second Swift runtime. So install-built links SwiftPM's
# object files again with the toolchain's clang and librsvg alone. macOS ships libswiftCore itself.
SVG_OBJECTS     = "$(BIN_DIR)/CSVGRasterizer.build/"*.o
SVG_LINKER      = $(firstword $(wildcard $(dir $(realpath $(SWIFT)))clang) cc)
# The man page: swift-argument-parser's generate-manual plugin writes it from the command definitions
# (MANUAL_SOURCE); `make manual` gives it paragraph breaks and the version (MANUAL). Dated by the last
# commit, so a rebuild of the same source gives the same page.
MANUAL_SOURCE = .build/plugins/GenerateManual/outputs/iconchooser/iconchooser.1
MANUAL        = .build/man/iconchooser.1
MANUAL_DATE   = $(shell git log -1 --format=%cs 2>/dev/null | grep . || date +%F)

.PHONY: run test notraits build deps oracles manual install install-built assets bench fuzz clean

run: build
	"$(BIN_DIR)/iconchooser"

# The IconLint library as a tool gets it when it depends on the package with `traits: []`: its target
# and what it depends on, built without the default trait ISAL in a build folder of their own (traits
# change every module's flags), in debug, about 1.5 minutes on 2 cores. (`--product` would build the
# whole package: SwiftPM builds everything for an automatic library product.) No module it compiled
# may have read ISA-L's module map, which the compiler's dependency files (.d) list: so the check holds
# on a machine that has libisal-dev too. Nor may it have compiled the symbol art.
NOTRAITS_BUILD = .build-notraits

test: deps oracles
	$(SWIFT) build
	$(MAKE) --no-print-directory notraits
	$(MAKE) --no-print-directory manual
	$(SWIFT) test

notraits: deps
	$(SWIFT) build --disable-default-traits --target IconLint --build-path $(NOTRAITS_BUILD)
	@ls $(NOTRAITS_BUILD)/debug/IconLint.build/*.d >/dev/null && ! grep -l 'Sources/CISAL/' $(NOTRAITS_BUILD)/debug/*.build/*.d \
	  || { echo "make notraits: IconLint built without the ISAL trait still reads ISA-L (files above)" >&2; exit 1; }
	@! ls $(NOTRAITS_BUILD)/debug/SymbolArt.build/*.o >/dev/null 2>&1 \
	  || { echo "make notraits: IconLint built the symbol art (SymbolArt), which lint never draws" >&2; exit 1; }

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

# Reference implementations the tests check against, never used by the program: PyPI's lzfse (Apple's
# reference LZFSE, compiled from source by pip) and openstep_plist (a second reader of edited project
# files) in a venv of the build's own (Debian's pip is externally managed).
ORACLE_VENV = .build/oracle-venv
oracles:
	@test -x "$(ORACLE_VENV)/bin/python" || python3 -m venv "$(ORACLE_VENV)"
	@"$(ORACLE_VENV)/bin/python" -c "import lzfse" 2>/dev/null || "$(ORACLE_VENV)/bin/pip" install -q lzfse
	@"$(ORACLE_VENV)/bin/python" -c "import openstep_plist" 2>/dev/null || "$(ORACLE_VENV)/bin/pip" install -q openstep_plist
	@"$(ORACLE_VENV)/bin/python" -c "import PIL.ImageCms" 2>/dev/null || "$(ORACLE_VENV)/bin/pip" install -q pillow

# The plugin builds every product in CONFIG first, then runs generate-manual on the binary.
manual:
	$(SWIFT) package generate-manual --configuration $(CONFIG) --date "$(MANUAL_DATE)"
	mkdir -p "$(dir $(MANUAL))"
	version="$$("$(BIN_DIR)/iconchooser" --version)" && \
	  sed -e 's/^$$/.Pp/' -e "s/^\.Os$$/.Os iconchooser $$version/" "$(MANUAL_SOURCE)" > "$(MANUAL).tmp"
	mv "$(MANUAL).tmp" "$(MANUAL)"

# The manual first: its plugin builds without --static-swift-stdlib, so the static build must come last.
install: deps
	$(MAKE) --no-print-directory manual CONFIG=release
	$(SWIFT) build -c release $(RELEASE_FLAGS)
	$(MAKE) --no-print-directory install-built BIN_DIR="$$($(SWIFT) build -c release --show-bin-path)"

# Copies what is built in BIN_DIR (the program and its SVG library), the demo app, the man page and the
# completions; runs no SwiftPM when BIN_DIR is given (the tests install a debug build into a temporary
# PREFIX this way).
install-built:
	@test -f "$(MANUAL)" || { echo "no man page at $(MANUAL): run make manual first (make install and make test do)" >&2; exit 1; }
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(SVG_LIBRARY_DIR)" "$(DESTDIR)$(PREFIX)/share/iconchooser/demo/App Icons" "$(DESTDIR)$(MAN_DIR)" \
	  "$(DESTDIR)$(BASH_COMP_DIR)" "$(DESTDIR)$(ZSH_COMP_DIR)" "$(DESTDIR)$(FISH_COMP_DIR)"
	install -m 0755 -s "$(BIN_DIR)/iconchooser" "$(DESTDIR)$(PREFIX)/bin/iconchooser"
ifeq ($(shell uname -s),Darwin)
	install -m 0644 "$(BIN_DIR)/$(SVG_LIBRARY)" "$(DESTDIR)$(SVG_LIBRARY_DIR)/$(SVG_LIBRARY)"
else
	"$(SVG_LINKER)" -shared -fPIC -o "$(DESTDIR)$(SVG_LIBRARY_DIR)/$(SVG_LIBRARY)" $(SVG_OBJECTS) $$(pkg-config --libs librsvg-2.0)
	chmod 0644 "$(DESTDIR)$(SVG_LIBRARY_DIR)/$(SVG_LIBRARY)"
endif
	install -m 0644 Assets/Info.plist "$(DESTDIR)$(PREFIX)/share/iconchooser/demo/Info.plist"
	install -m 0644 Assets/App\ Icons/*.png "$(DESTDIR)$(PREFIX)/share/iconchooser/demo/App Icons/"
	install -m 0644 "$(MANUAL)" "$(DESTDIR)$(MAN_DIR)/iconchooser.1"
	"$(BIN_DIR)/iconchooser" --generate-completion-script bash > "$(DESTDIR)$(BASH_COMP_DIR)/iconchooser"
	"$(BIN_DIR)/iconchooser" --generate-completion-script zsh > "$(DESTDIR)$(ZSH_COMP_DIR)/_iconchooser"
	"$(BIN_DIR)/iconchooser" --generate-completion-script fish > "$(DESTDIR)$(FISH_COMP_DIR)/iconchooser.fish"

# Measures every number the tool is held to against peers run in the same script (chafa, dialog, sshd, libsixel,
# fzf): prints ratios, asserts nothing. Installs its own tools (chafa dialog tmux time fzf, numpy and Pillow for
# the PSNR of symbol art) only if missing. `make bench BENCH_SECTIONS="hostile pictures"` measures only those.
BENCH_SECTIONS ?= preview chooser ssh hostile projects pictures icons filter writing xcodegen car
bench: deps oracles
	@if command -v dpkg >/dev/null 2>&1; then \
	  missing=""; \
	  for p in chafa dialog tmux time fzf python3-numpy python3-pil; do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  if [ -n "$$missing" ]; then \
	    echo "Installing:$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	  fi; \
	fi
	$(SWIFT) build -c release $(RELEASE_FLAGS)
	BENCH_SECTIONS="$(BENCH_SECTIONS)" bash bench/run-bench.sh "$$($(SWIFT) build -c release --show-bin-path)/iconchooser"

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
	rm -rf .build $(NOTRAITS_BUILD) Fuzz/.build Fuzz/.work
