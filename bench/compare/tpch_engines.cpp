// bench/compare/tpch_engines.cpp — running a query on Teal or DuckDB and reading its
// answer as text (tpch_engines.hpp).
#include "tpch_engines.hpp"

#include <dlfcn.h>

#include "harness.hpp"

namespace bench::tpch {
namespace {

Kind TealKind(teal::TypeId id) {
  switch (id) {
    case teal::TypeId::kTinyInt:
    case teal::TypeId::kSmallInt:
    case teal::TypeId::kInteger:
    case teal::TypeId::kBigInt:
    case teal::TypeId::kUTinyInt:
    case teal::TypeId::kUSmallInt:
    case teal::TypeId::kUInteger:
    case teal::TypeId::kUBigInt:
    case teal::TypeId::kHugeInt:
    case teal::TypeId::kUHugeInt:
    case teal::TypeId::kDecimal:
      return Kind::kExact;
    case teal::TypeId::kFloat:
    case teal::TypeId::kDouble:
      return Kind::kFloat;
    default:
      return Kind::kText;
  }
}

DuckResultApi LoadResultApi(const DuckDbApi& api) {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void*>(api.library_version), &info) || !info.dli_fname) {
    throw std::runtime_error("DuckDB: cannot find the loaded library (dladdr)");
  }
  void* library = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD);  // kept open: never closed
  if (!library) throw std::runtime_error(std::string("DuckDB: dlopen: ") + dlerror());
  DuckResultApi r;
  auto resolve = [&](auto& function, const char* name) {
    function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(dlsym(library, name));
    if (!function) throw std::runtime_error(std::string("DuckDB: no function ") + name);
  };
  resolve(r.column_count, "duckdb_column_count");
  resolve(r.column_type, "duckdb_column_type");
  resolve(r.value_is_null, "duckdb_value_is_null");
  resolve(r.value_varchar, "duckdb_value_varchar");
  resolve(r.free, "duckdb_free");
  return r;
}

// duckdb_type values (duckdb.h) of the exact and floating-point numbers.
Kind DuckKind(int type) {
  if ((type >= 2 && type <= 9) || type == 16 || type == 19 || type == 32) return Kind::kExact;
  if (type == 10 || type == 11) return Kind::kFloat;
  return Kind::kText;
}

std::string DuckTypeName(int type) {
  switch (type) {
    case 4:
      return "INTEGER";
    case 5:
      return "BIGINT";
    case 11:
      return "DOUBLE";
    case 13:
      return "DATE";
    case 16:
      return "HUGEINT";
    case 17:
      return "VARCHAR";
    case 19:
      return "DECIMAL";
    default:
      return "duckdb_type " + std::to_string(type);
  }
}

}  // namespace

double TealTpch::Run(const std::string& sql, Answer* answer) {
  Stopwatch sw;
  teal::Result result = con_.Query(sql);
  result.Materialize();
  double ms = sw.Ms();
  if (answer) {
    *answer = {};
    for (teal::idx_t c = 0; c < result.ColumnCount(); c++) {
      answer->types.push_back(result.ColumnType(c).ToString());
      answer->kinds.push_back(TealKind(result.ColumnType(c).Id()));
    }
    for (teal::idx_t r = 0; r < result.RowCount(); r++) {
      auto& row = answer->rows.emplace_back();
      for (teal::idx_t c = 0; c < result.ColumnCount(); c++) {
        teal::Value v = result.GetValue(c, r);
        row.push_back(v.IsNull() ? std::nullopt : std::optional<std::string>(v.ToString()));
      }
    }
  }
  return ms;
}

DuckTpch::DuckTpch(const DuckDbApi& api, std::optional<int> threads)
    : api_(api), result_api_(LoadResultApi(api)) {
  if (api_.open(nullptr, &db_) != DuckDBSuccess) throw std::runtime_error("DuckDB: open failed");
  if (api_.connect(db_, &con_) != DuckDBSuccess) {
    api_.close(&db_);
    throw std::runtime_error("DuckDB: connect failed");
  }
  if (threads) Exec("SET threads = " + std::to_string(*threads));
}
DuckTpch::~DuckTpch() {
  api_.disconnect(&con_);
  api_.close(&db_);
}

double DuckTpch::Run(const std::string& sql, Answer* answer) {
  duckdb_result result{};
  Stopwatch sw;
  duckdb_state state = api_.query(con_, sql.c_str(), &result);
  double ms = sw.Ms();
  if (state != DuckDBSuccess) {
    std::string error = api_.result_error(&result);
    api_.destroy_result(&result);
    throw std::runtime_error("DuckDB: " + error);
  }
  if (answer) {
    *answer = {};
    const duckdb_idx_t columns = result_api_.column_count(&result);
    const duckdb_idx_t rows = api_.row_count(&result);
    for (duckdb_idx_t c = 0; c < columns; c++) {
      int type = result_api_.column_type(&result, c);
      answer->types.push_back(DuckTypeName(type));
      answer->kinds.push_back(DuckKind(type));
    }
    for (duckdb_idx_t r = 0; r < rows; r++) {
      auto& row = answer->rows.emplace_back();
      for (duckdb_idx_t c = 0; c < columns; c++) {
        if (result_api_.value_is_null(&result, c, r)) {
          row.push_back(std::nullopt);
          continue;
        }
        char* text = result_api_.value_varchar(&result, c, r);
        row.push_back(std::string(text ? text : ""));
        result_api_.free(text);
      }
    }
  }
  api_.destroy_result(&result);
  return ms;
}

}  // namespace bench::tpch
