# The two commands of the README:
#   make run   — set everything up, build, and lint the bundled example app
#   make test  — set everything up and run the whole test suite
SWIFT ?= swift

.PHONY: setup build run test fuzz dist npm clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build -c release

# granted-lint exits 1 when it finds problems, which the example app is meant to have.
run: build
	@.build/release/granted-lint TestCorpus/example-app; status=$$?; \
	  if [ $$status -le 1 ]; then echo "(granted-lint exited $$status: $$([ $$status -eq 1 ] && echo 'findings reported' || echo 'clean'))"; else exit $$status; fi

# Our targets must build without a warning (a separate scratch path, so the normal build keeps its
# flags), both fuzz targets (lint, lsp) must have coverage and AddressSanitizer and survive a short run,
# then the suite — run from that same build (the tests find the executable next to their bundle), so
# the code is compiled once for both.
test: setup
	@bash scripts/test-deps.sh
	@bash scripts/python-env.sh pre-commit==4.7.0 >/dev/null
	$(SWIFT) build --scratch-path .build/strict --build-tests -Xswiftc -warnings-as-errors
	@bash scripts/fuzz.sh --ci 60
	$(SWIFT) test --scratch-path .build/strict --skip-build

fuzz: setup
	@bash scripts/fuzz.sh $(or $(SECONDS),600)

# A self-contained Linux binary (only glibc needed) in dist/granted-lint-<version>-linux-<arch>.tar.gz,
# with its .sha256 (scripts/dist.sh says how).
dist: setup
	@bash scripts/dist.sh

# The npm packages (the granted-lint launcher, and the platform packages of this machine's binary) as
# tarballs in dist/npm, packed from the dist tarball (scripts/npm-pack.sh also takes several).
npm: dist
	@bash scripts/npm-pack.sh

clean:
	rm -rf .build dist
