# The two commands of the README:
#   make run   — set everything up, build, and lint the bundled example app
#   make test  — set everything up and run the whole test suite
SWIFT ?= swift

# macOS: Homebrew's bin and pkgconfig directories for every recipe, even when the shell did not run
# `brew shellenv` (a GUI terminal, an IDE): SwiftPM finds the grammar's .pc file, which scripts/setup.sh
# puts in $(brew --prefix)/lib/pkgconfig, through pkg-config. libxml2 is keg-only: its xmllint (the
# tests' XML checker) comes after the system's.
ifeq ($(shell uname -s),Darwin)
BREW := $(firstword $(shell command -v brew 2>/dev/null) $(wildcard /opt/homebrew/bin/brew /usr/local/bin/brew))
BREW_PREFIX := $(if $(BREW),$(shell $(BREW) --prefix))
ifneq ($(BREW_PREFIX),)
export PATH := $(BREW_PREFIX)/bin:$(PATH):$(BREW_PREFIX)/opt/libxml2/bin
export PKG_CONFIG_PATH := $(BREW_PREFIX)/lib/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
endif
else
# The Swift runtime and Foundation linked into the binary, as in the release's: it starts in about
# 5 ms instead of 11 (no shared libraries to load and bind), which a pre-commit hook or an editor
# pays on every run. (macOS has the Swift runtime in the system.)
RELEASE_FLAGS = --static-swift-stdlib
endif
# A grammar installed under another prefix (GRANTED_LINT_PREFIX, as scripts/setup.sh was given it).
ifneq ($(GRANTED_LINT_PREFIX),)
export PKG_CONFIG_PATH := $(GRANTED_LINT_PREFIX)/lib/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
endif

.PHONY: setup build run test fuzz dist npm clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build -c release $(RELEASE_FLAGS)

# granted-lint exits 1 when it finds problems, which the example app is meant to have.
run: build
	@.build/release/granted-lint TestCorpus/example-app; status=$$?; \
	  if [ $$status -le 1 ]; then echo "(granted-lint exited $$status: $$([ $$status -eq 1 ] && echo 'findings reported' || echo 'clean'))"; else exit $$status; fi

# The Action and the workflows must pass zizmor and their schemas; our targets must build without a
# warning; the fuzz targets (analysis, reporters, lsp) must have coverage and AddressSanitizer and
# survive a short run (Linux); then the suite, run from that same build. make dist's tarball, which
# the suite's distribution tests unpack, is built in the background meanwhile. scripts/test.sh says
# how and why.
test: setup
	@SWIFT=$(SWIFT) bash scripts/test.sh

fuzz: setup
	@bash scripts/fuzz.sh $(or $(SECONDS),600)

# A fully static Linux binary (glibc linked in: it runs on any distribution, musl and distroless too),
# the release's own build, in dist/granted-lint-<version>-linux-<arch>.tar.gz with its .sha256
# (scripts/dist.sh says how; with GRANTED_LINT_TARGET_* it builds the macOS ones on a Mac, and with
# GRANTED_LINT_SWIFT_SDK a static musl binary, cross-compiled if need be).
dist: setup
	@bash scripts/dist.sh

# The npm packages (the granted-lint launcher, and the platform packages of this machine's binary) as
# tarballs in dist/npm, packed from the dist tarball (scripts/npm-pack.sh also takes several).
npm: dist
	@bash scripts/npm-pack.sh

clean:
	rm -rf .build dist
