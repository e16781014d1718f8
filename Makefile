# Thin wrapper over CMake: `make match` plays one game, `make test` runs the suite.
BUILD_DIR ?= build
DTREF := ./$(BUILD_DIR)/referee/dtref

.PHONY: deps build match test selfplay clean

deps:
	scripts/install-deps.sh

build: deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(BUILD_DIR) -j2

match: build
	$(DTREF) match

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j2

selfplay: build
	$(DTREF) selfplay --games 2000 --seed 7

clean:
	rm -rf $(BUILD_DIR)
