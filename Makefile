# Teal's entry points. `make run` and `make test` are the README's two commands.
.PHONY: deps release debug sanitize tsan fuzz run test test-release test-sanitize test-tsan test-crash clean

JOBS ?= $(shell nproc)
# ccache hits across checkouts in different folders (CI clones elsewhere on this machine).
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
CMAKE_FLAGS ?=

deps:
	@bash scripts/install-deps.sh

release: deps
	@cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build build/release -j $(JOBS)

debug: deps
	@cmake -S . -B build/debug -G Ninja -DCMAKE_BUILD_TYPE=Debug $(CMAKE_FLAGS) >/dev/null
	@cmake --build build/debug -j $(JOBS)

# Debug assertions plus AddressSanitizer and UndefinedBehaviorSanitizer, built with clang 14.
sanitize: deps
	@cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTEAL_SANITIZE=ON \
	  -DTEAL_BUILD_BENCH=OFF -DTEAL_SQLITE_CORPUS=OFF -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 $(CMAKE_FLAGS) >/dev/null
	@cmake --build build/sanitize -j $(JOBS) --target teal-unit teal-sqllogic

# ThreadSanitizer, built with clang 14, for the tests of what runs on several threads.
tsan: deps
	@cmake -S . -B build/tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTEAL_TSAN=ON \
	  -DTEAL_BUILD_BENCH=OFF -DTEAL_SQLITE_CORPUS=OFF -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 $(CMAKE_FLAGS) >/dev/null
	@cmake --build build/tsan -j $(JOBS) --target teal-unit teal-sqllogic

# The libFuzzer target on the SQL path, instrumented with ASan and UBSan (test/fuzz/README.md).
fuzz: deps
	@cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTEAL_FUZZ=ON \
	  -DTEAL_BUILD_TESTS=OFF -DTEAL_BUILD_BENCH=OFF -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 $(CMAKE_FLAGS) >/dev/null
	@cmake --build build/fuzz -j $(JOBS) --target teal-fuzz-sql

# Starts the shell on an in-memory database (reads SQL from stdin when it is not a terminal).
run: release
	@build/release/teal

# The whole test suite on the Release build users get.
test: release
	@cd build/release && ctest --output-on-failure -j $(JOBS)

# The crash matrix with every tear of every failure point (test/crash/crash_test.cpp; `make
# test` runs it with fewer tears).
test-crash: release
	@TEAL_CRASH_FULL=1 build/release/test/teal-crash

# Unit and sqllogic tests under ASan+UBSan.
test-sanitize: sanitize
	@cd build/sanitize && ctest --output-on-failure -j $(JOBS)

# The parallel operators under ThreadSanitizer: the scheduler, interrupts, the hash tables
# and sorts, connections side by side (catalog changes and writers among them), and every
# sqllogictest file on four threads with one-vector morsels. A data race fails the test
# (TSAN_OPTIONS halt_on_error).
TSAN_TESTS := sql-parallel/|unit\.(CatalogMerge|IndexScan|TaskScheduler|Interrupt|GroupTable|SortKeys|Concurrency|ShellTest\.CtrlC|FileDatabase|WriteAheadLog|Checkpoint)
test-tsan: tsan
	@cd build/tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	  ctest --output-on-failure -j $(JOBS) -R '$(TSAN_TESTS)'

clean:
	rm -rf build
