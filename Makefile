# Thin wrapper over CMake: `make match` plays one game, `make test` runs
# everything CI runs: the plain suite (`make test-plain`), then the sanitizer
# builds and a short fuzzing run (`make test-sanitizers`,
# docs/security.md#fuzzing-and-sanitizers).
BUILD_DIR ?= build
ASAN_DIR ?= build-asan
TSAN_DIR ?= build-tsan
FUZZ_SECONDS ?= 20
DTREF := ./$(BUILD_DIR)/referee/dtref

# Sanitizer builds use clang (for libFuzzer) at -O1 with line tables only:
# compile time matters more to them than the last bit of speed.
SAN_CMAKE := -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DDTREF_BUILD_BENCH=OFF
# What ThreadSanitizer checks: the code that runs threads (the referee's bot
# links and match runner, the tournament workers).
TSAN_TESTS := ^(Referee|Tournament|Ladder|Sandbox|Grpc|Preflight|SecretSeeds|Secrecy|WireLog|Multiplayer|MultiSeat|CheckBot|Logging)

.PHONY: deps build python match test test-plain test-sanitizers asan-build test-asan test-tsan fuzz-smoke selfplay clean

deps:
	scripts/install-deps.sh

build: deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(BUILD_DIR) -j2

match: build
	$(DTREF) match

# The Python package dtref into $(PYTHON) (docs/library.md); the plain suite
# checks the same install offline in a fresh virtual environment (python.pip_install).
PYTHON ?= python3
python: build
	$(PYTHON) -m pip install ./python

# CI's command (.ci/run). The plain suite first: it is the quickest to fail.
test: test-plain test-sanitizers

# Label perf (the instruction-count guard, bench/ir_guard.sh) is left out: a card package may
# have to move its baseline; run it with `ctest --test-dir build -L perf`.
test-plain: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j2 -LE perf

test-sanitizers: test-asan fuzz-smoke test-tsan

# $(call san_configure,DIR,SANITIZER,EXTRA): when a tree was configured before
# with another compiler, CMake resets its cache and silently drops the -D
# options given with the new one; such a tree is configured again from scratch.
define san_configure
	cmake -S . -B $(1) $(SAN_CMAKE) -DDTREF_SANITIZE=$(2) $(3) && \
	  grep -q '^DTREF_SANITIZE:STRING=$(2)$$' $(1)/CMakeCache.txt || \
	  { rm -rf $(1) && cmake -S . -B $(1) $(SAN_CMAKE) -DDTREF_SANITIZE=$(2) $(3); }
endef

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer; the same
# build holds the libFuzzer targets.
asan-build: deps
	$(call san_configure,$(ASAN_DIR),address,-DDTREF_FUZZ=ON)
	cmake --build $(ASAN_DIR) -j2

test-asan: asan-build
	ctest --test-dir $(ASAN_DIR) --output-on-failure -j2 -LE no-sanitizer

# Each fuzz target for FUZZ_SECONDS, from its seed corpus and past crashes.
fuzz-smoke: asan-build
	scripts/fuzz-smoke.sh $(ASAN_DIR) $(FUZZ_SECONDS)

# dt_tests brings the programs its tests launch (dtref, the dtbot-* bots, the
# gRPC mock bot); tests/tsan.supp says which third-party reports are ignored and why.
test-tsan: deps
	$(call san_configure,$(TSAN_DIR),thread,)
	cmake --build $(TSAN_DIR) -j2 --target dt_tests
	TSAN_OPTIONS="suppressions=$(CURDIR)/tests/tsan.supp second_deadlock_stack=1 $(TSAN_OPTIONS)" \
	  ctest --test-dir $(TSAN_DIR) --output-on-failure -j2 -LE no-sanitizer -R '$(TSAN_TESTS)'

selfplay: build
	$(DTREF) selfplay --games 2000 --seed 7

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(TSAN_DIR)
