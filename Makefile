# gpyc — top-level entry points.  See README.md.
#   make            install missing dependencies (scripts/deps.sh), configure and build
#   make demo       build, compile samples/ with gpyc, run one when a GPU is present
#   make check      the quick loop, no nvcc and no GPU (under 3 minutes on 2 cores once built):
#                   builds gpyc and the unit tests that do not link the runtime (CMake target
#                   check_deps; the runtime's CUDA files take nvcc 6-11 CPU-minutes, so its
#                   unit tests are left to make test), then runs the suites unit (nvcc compiles
#                   skipped), errors, nocrash, golden, api, files and cache: tests/run.sh --no-nvcc
#   make test       build everything and run the whole test suite, what CI runs (unit, errors,
#                   nocrash, golden, api, files, cache, build, end-to-end, alloc)
#   make install PREFIX=/opt/gpyc
#   make difffuzz   build, then the differential fuzzer (tests/difffuzz, docs/testing.md):
#                   DIFFFUZZ_N programs (default 100) of 100 cases from DIFFFUZZ_SEED (default 1)
#                   into DIFFFUZZ_OUT (default BUILD/difffuzz); run and compared on a GPU
#   make fuzz       coverage-guided fuzzing of the compile stages (tests/fuzz/fuzz.sh: a libFuzzer
#                   harness built with clang, ASan and UBSan in FUZZ_BUILD, default build-fuzz),
#                   FUZZ_TIME seconds (default 600) in FUZZ_JOBS processes (default 1); findings
#                   in FUZZ_BUILD/findings, see docs/testing.md
#
# The GPU targets the runtime library is built for (CMake's GPYC_CUDA_ARCHS, a CMake list):
#   make install           CMakeLists.txt's default, sm_80 + sm_90 (what users install); a build
#                          folder configured with another set is configured again
#   make, make demo        the same where a GPU is present; without one (a developer's or CI's
#                          machine) DEV_ARCHS, a developer build (issue 20: 172 s against 437 s
#                          on 2 cores); `make install` or CUDA_ARCHS gives every target
#   make test, make check  the folder's set; a new folder gets TEST_ARCHS: sm_90 where a GPU is
#                          present (the suite's GPU is an H100), and without one (CI compiles
#                          programs but runs none) compute_90 PTX only with the runtime's device
#                          code unoptimised (GPYC_RUNTIME_DEVICE_OPT=0: 1/4 of the nvcc time)
#   CUDA_ARCHS='80-real;90' (any target) that set, optimised
BUILD ?= build
PREFIX ?= /usr/local
CMAKE_FLAGS ?=
NVCC ?= $(firstword $(wildcard $(CUDA_HOME)/bin/nvcc $(CUDA_PATH)/bin/nvcc /usr/local/cuda/bin/nvcc) nvcc)
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CUDA_ARCHS ?=
DEV_ARCHS := 90
USER_ARCHS := $(shell sed -n 's/^set.GPYC_CUDA_ARCHS "\([^"]*\)".*/\1/p' CMakeLists.txt)
HAVE_ARCHS = $(shell sed -n 's/^GPYC_CUDA_ARCHS:STRING=//p' $(BUILD)/CMakeCache.txt 2>/dev/null)
NO_GPU := $(shell nvidia-smi -L 2>/dev/null | grep -q '^GPU ' || echo 1)
DEFAULT_ARCHS := $(if $(and $(NO_GPU),$(if $(filter install,$(MAKECMDGOALS)),,1)),$(DEV_ARCHS),$(USER_ARCHS))
WANT_ARCHS = $(or $(CUDA_ARCHS),$(DEFAULT_ARCHS))
TEST_ARCHS := $(if $(NO_GPU),90-virtual,$(DEV_ARCHS))
check test: WANT_ARCHS = $(or $(CUDA_ARCHS),$(HAVE_ARCHS),$(TEST_ARCHS))
# The runtime's device optimisation level (CMake's GPYC_RUNTIME_DEVICE_OPT): 3, except for the
# PTX-only runtime of a test folder without a GPU, whose kernels never run
HAVE_DOPT = $(shell sed -n 's/^GPYC_RUNTIME_DEVICE_OPT:STRING=//p' $(BUILD)/CMakeCache.txt 2>/dev/null)
WANT_DOPT = $(if $(filter 90-virtual,$(WANT_ARCHS)),$(if $(CUDA_ARCHS),3,0),3)

DIFFFUZZ_N ?= 100
DIFFFUZZ_SEED ?= 1
DIFFFUZZ_OUT ?= $(BUILD)/difffuzz

.PHONY: all deps configure build demo check test install clean difffuzz fuzz
all: build

deps:
	@./scripts/deps.sh $(DEPS_FLAGS)

# Without an nvcc CMake configures the compiler and its unit tests only (make check).  Configured
# again when CMakeLists.txt changes, so that a build folder made before a new target (check_deps)
# still knows it, and when the folder's GPU targets are not those the goal wants (WANT_ARCHS);
# cmake leaves an unchanged cache's time alone, hence the touch.
configure: deps
	@if [ ! -f $(BUILD)/CMakeCache.txt ] || [ CMakeLists.txt -nt $(BUILD)/CMakeCache.txt ] || \
	    [ "$(HAVE_ARCHS)" != "$(WANT_ARCHS)" ] || [ "$(HAVE_DOPT)" != "$(WANT_DOPT)" ]; then \
	  echo "cmake -S . -B $(BUILD) -DGPYC_CUDA_ARCHS='$(WANT_ARCHS)' -DGPYC_RUNTIME_DEVICE_OPT=$(WANT_DOPT) $(CMAKE_FLAGS)"; \
	  cmake -S . -B $(BUILD) $(if $(shell command -v $(NVCC) 2>/dev/null),-DCMAKE_CUDA_COMPILER=$(NVCC)) \
	    -DGPYC_CUDA_ARCHS='$(WANT_ARCHS)' -DGPYC_RUNTIME_DEVICE_OPT=$(WANT_DOPT) $(CMAKE_FLAGS) && \
	    touch $(BUILD)/CMakeCache.txt; \
	fi

build: configure
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@./scripts/demo.sh $(BUILD)

check: DEPS_FLAGS = --no-cuda
check: configure
	cmake --build $(BUILD) --target check_deps -j $(JOBS)
	@./tests/run.sh --no-nvcc --only unit,errors,nocrash,golden,api,files,cache -j $(JOBS) $(BUILD)

test: configure
	cmake --build $(BUILD) -j $(JOBS)
	@./tests/run.sh $(BUILD)

difffuzz: build
	./tests/difffuzz/run.sh $(BUILD) $(DIFFFUZZ_OUT) $(DIFFFUZZ_N) $(DIFFFUZZ_SEED) -j $(JOBS)

fuzz:
	@FUZZ_BUILD=$(or $(FUZZ_BUILD),build-fuzz) FUZZ_TIME=$(or $(FUZZ_TIME),600) FUZZ_JOBS=$(or $(FUZZ_JOBS),1) \
	  JOBS=$(JOBS) ./tests/fuzz/fuzz.sh

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD)
