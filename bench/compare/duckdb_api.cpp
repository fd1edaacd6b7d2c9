// bench/compare/duckdb_api.cpp — finds and dlopens libduckdb.so for teal-compare.
#include "duckdb_api.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <filesystem>
#include <vector>

namespace bench {
namespace {

std::filesystem::path ExecutableDir(const char* argv0) {
  // /proc/self/exe survives a relative argv[0] and a changed working directory.
  char buffer[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buffer, sizeof(buffer) - 1);
  if (n > 0) {
    buffer[n] = '\0';
    return std::filesystem::path(buffer).parent_path();
  }
  return std::filesystem::absolute(argv0).parent_path();
}

}  // namespace

const DuckDbApi* LoadDuckDb(const char* argv0, std::string& why) {
  std::vector<std::filesystem::path> candidates;
  if (const char* env = std::getenv("TEAL_DUCKDB_LIB"); env && *env) {
    candidates.emplace_back(env);  // an explicit choice: nothing else is tried
  } else {
    std::filesystem::path exe = ExecutableDir(argv0);
    candidates.push_back(exe / "duckdb" / "libduckdb.so");
    // build/<config>/bench/teal-compare -> <source>/bench/duckdb/
    candidates.push_back(exe / ".." / ".." / ".." / "bench" / "duckdb" / "libduckdb.so");
    candidates.emplace_back(TEAL_SOURCE_DIR "/bench/duckdb/libduckdb.so");
  }

  void* handle = nullptr;
  std::string tried;
  for (const auto& path : candidates) {
    if (!std::filesystem::exists(path)) {
      tried += (tried.empty() ? "" : ", ") + path.lexically_normal().string();
      continue;
    }
    handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      why = "cannot load " + path.string() + ": " + dlerror();
      return nullptr;
    }
    break;
  }
  if (!handle) {
    why = "libduckdb.so not found (looked for " + tried +
          "); run scripts/fetch-duckdb.sh or set TEAL_DUCKDB_LIB";
    return nullptr;
  }

  static DuckDbApi api;
#define TEAL_DUCKDB_LOAD(name)                                                     \
  api.name = reinterpret_cast<decltype(api.name)>(dlsym(handle, "duckdb_" #name)); \
  if (!api.name) {                                                                 \
    why = "libduckdb.so has no duckdb_" #name " (a DuckDB older than 1.5?)";       \
    return nullptr;                                                                \
  }
  TEAL_DUCKDB_FUNCTIONS(TEAL_DUCKDB_LOAD)
#undef TEAL_DUCKDB_LOAD
  return &api;
}

}  // namespace bench
