# gpyc — top-level entry points.  See README.md.
#   make            install missing dependencies (scripts/deps.sh), configure and build
#   make demo       build, compile samples/ with gpyc, run one when a GPU is present
#   make test       build and run the whole test suite (unit + end-to-end + error tests)
#   make install PREFIX=/opt/gpyc
BUILD ?= build
PREFIX ?= /usr/local
CMAKE_FLAGS ?=
NVCC ?= $(firstword $(wildcard $(CUDA_HOME)/bin/nvcc $(CUDA_PATH)/bin/nvcc /usr/local/cuda/bin/nvcc) nvcc)
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps configure build demo test install clean
all: build

deps:
	@./scripts/deps.sh

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_CUDA_COMPILER=$(NVCC) $(CMAKE_FLAGS)

configure: deps $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@./scripts/demo.sh $(BUILD)

test: build
	@./tests/run.sh $(BUILD)

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD)
