# Segue — `make run` opens the app, `make test` runs the whole suite. Both install any
# missing Debian packages first (apt; sudo when not root).
SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)
ARGS ?=
# Release builds on x86-64 target the building machine's vectors: AVX2 (Haswell, 2013) where
# its CPU has them (the catalog's frames about a tenth faster, the same pixels), else SSE4.2
# (Nehalem, 2008: 32-bit vector multiplies in one instruction, rounding without libm; magic
# move at 4K a fifth faster than plain x86-64). `make build CPU=nehalem` makes a binary for
# any x86-64 machine since 2008.
CPU ?= $(if $(filter x86_64,$(shell uname -m)),$(if $(shell grep -m1 -ow avx2 /proc/cpuinfo),haswell,nehalem))
RELEASE := -c release $(if $(CPU),-Xswiftc -target-cpu -Xswiftc $(CPU))

.PHONY: deps build run test tsan test-release bench e2e example docs fuzz pictures clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build $(RELEASE) --product segue

run: build
	.build/release/segue $(ARGS)

test: deps
	$(SWIFT) test

# The render stages' tests and the shared lock's under ThreadSanitizer: the raster pipeline runs its calls on
# threads of its own (a build of its own, in .build/tsan).
tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan --filter "SegueRenderTests|LockedTests"

# The render stages' tests built as `make run` builds them (release, the Makefile's CPU
# target): the optimizer's vector code against the same hand-worked pixels (.build/release-tests).
test-release: deps
	$(SWIFT) test $(RELEASE) --scratch-path .build/release-tests --filter "SegueRenderTests|LockedTests"

# Frame, engine, soak and live-app figures, beside Chromium's (the peer, installed here).
bench: build
	scripts/install-deps.sh chromium xvfb xdotool python3
	$(SWIFT) build $(RELEASE) --product segue-bench
	python3 scripts/bench.py

e2e: build
	scripts/e2e.sh .build/release/segue

# The Swift door: builds Examples/Drop (a package running the app with its own transition)
# and drives it in an X window.
example: deps
	scripts/install-deps.sh xvfb xdotool python3
	SWIFT=$(SWIFT) scripts/example.sh

# The libraries' API documentation (DocC, the toolchain's own docc) as a static site in out/docs;
# fails on a public declaration without a summary and on a broken symbol link.
docs: deps
	SWIFT=$(SWIFT) scripts/docs.sh

# libFuzzer on the replay parser and the image-header reader, FUZZ_SECONDS each (30 by default).
fuzz:
	scripts/fuzz.sh $(or $(FUZZ_SECONDS),30)

# The README's animated pictures, exported by segue from docs/recordings (scripts/record-demos.sh
# records them anew), and the catalog's contact sheet docs/catalog.png (ImageMagick's montage).
pictures: build
	scripts/make-pictures.sh .build/release/segue
	scripts/install-deps.sh imagemagick python3
	scripts/make-catalog-sheet.sh .build/release/segue

clean:
	rm -rf .build out
