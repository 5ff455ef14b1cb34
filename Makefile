# gpyc — top-level entry points.  See README.md.
#   make            install missing dependencies (scripts/deps.sh), configure and build
#   make demo       build, compile samples/ with gpyc, run one when a GPU is present
#   make check      the quick loop, no nvcc and no GPU (under 3 minutes on 2 cores once built):
#                   builds gpyc and the unit tests that do not link the runtime (CMake target
#                   check_deps; the runtime's CUDA files take nvcc ~10 minutes, so the runtime's
#                   unit tests are left to make test), then runs the suites unit (nvcc compiles
#                   skipped), errors, nocrash, golden, api and cache: tests/run.sh --no-nvcc
#   make test       build everything and run the whole test suite, what CI runs (unit, errors,
#                   nocrash, golden, api, end-to-end, alloc)
#   make install PREFIX=/opt/gpyc
BUILD ?= build
PREFIX ?= /usr/local
CMAKE_FLAGS ?=
NVCC ?= $(firstword $(wildcard $(CUDA_HOME)/bin/nvcc $(CUDA_PATH)/bin/nvcc /usr/local/cuda/bin/nvcc) nvcc)
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps configure build demo check test install clean
all: build

deps:
	@./scripts/deps.sh $(DEPS_FLAGS)

# Without an nvcc CMake configures the compiler and its unit tests only (make check).  Configured
# again when CMakeLists.txt changes, so that a build folder made before a new target (check_deps)
# still knows it; cmake leaves an unchanged cache's time alone, hence the touch.
$(BUILD)/CMakeCache.txt: CMakeLists.txt | deps
	cmake -S . -B $(BUILD) $(if $(shell command -v $(NVCC) 2>/dev/null),-DCMAKE_CUDA_COMPILER=$(NVCC)) $(CMAKE_FLAGS)
	@touch $@

configure: deps $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@./scripts/demo.sh $(BUILD)

check: DEPS_FLAGS = --no-cuda
check: configure
	cmake --build $(BUILD) --target check_deps -j $(JOBS)
	@./tests/run.sh --no-nvcc --only unit,errors,nocrash,golden,api,cache -j $(JOBS) $(BUILD)

test: build
	@./tests/run.sh $(BUILD)

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD)
