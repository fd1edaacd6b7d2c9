// bench/compare/tpch_engines.hpp — the two engines TPC-H runs on, behind one shape:
// create tables and append generated rows (TealWriter, DuckWriter), run a query timed and
// read its answer as text untimed (TealTpch::Run, DuckTpch::Run).
//
// Loading goes through each engine's fastest public path: Teal's Appender (AppendRow;
// DECIMAL values as doubles of whole cents, which the appender rounds to the exact cents
// — the load check in tpch_cases.cpp proves it), DuckDB's appender fed whole data chunks.
// A timed run is the statement plus materialising its whole result in the engine (Teal:
// Query + Result::Materialize; DuckDB: duckdb_query, which materialises).
#pragma once

#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "duckdb_api.hpp"
#include "teal/teal.hpp"
#include "tpch_answer.hpp"
#include "tpch_gen.hpp"
#include "tpch_schema.hpp"

namespace bench::tpch {

template <typename Def>
using RowOf = typename Def::Row;

// ---- Teal -------------------------------------------------------------------------------

// The C++ value AppendRow gets for a generated value.
inline int32_t TealValue(int32_t v) { return v; }
inline double TealValue(Money v) { return static_cast<double>(v.cents) / 100.0; }
inline teal::date_t TealValue(Day v) { return teal::date_t{v.days}; }
inline std::string_view TealValue(std::string_view v) { return v; }
template <size_t N>
std::string_view TealValue(const Text<N>& v) {
  return v.view();
}

class TealTpch {
 public:
  teal::Connection& Con() { return con_; }
  void Exec(const std::string& sql) { con_.Execute(sql); }

  /// Runs `sql` and returns the milliseconds until its result was materialised; then,
  /// untimed, reads the answer into `*answer` when given.
  double Run(const std::string& sql, Answer* answer);

 private:
  teal::Database db_;
  teal::Connection con_{db_};
};

template <typename Def>
class TealWriter {
 public:
  TealWriter(TealTpch& teal, const Def& def) : def_(def), appender_(teal.Con(), def.name) {}
  void Append(std::span<const RowOf<Def>> rows) {
    for (const auto& row : rows) {
      std::apply([&](auto... member) { appender_.AppendRow(TealValue(row.*member)...); },
                 def_.members);
    }
  }
  void Close() { appender_.Close(); }

 private:
  const Def& def_;
  teal::Appender appender_;
};

// ---- DuckDB -----------------------------------------------------------------------------

/// The result accessors DuckDbApi does not declare, resolved from the library it loaded
/// (found through dladdr of one of its functions), so that duckdb_api.hpp stays the slice
/// the other workloads use.
struct DuckResultApi {
  duckdb_idx_t (*column_count)(duckdb_result*) = nullptr;
  int (*column_type)(duckdb_result*, duckdb_idx_t) = nullptr;  // returns a duckdb_type
  bool (*value_is_null)(duckdb_result*, duckdb_idx_t, duckdb_idx_t) = nullptr;
  char* (*value_varchar)(duckdb_result*, duckdb_idx_t, duckdb_idx_t) = nullptr;
  void (*free)(void*) = nullptr;
};

class DuckTpch {
 public:
  /// An in-memory database; `threads` sets DuckDB's `threads` (else DuckDB's default).
  DuckTpch(const DuckDbApi& api, std::optional<int> threads);
  ~DuckTpch();
  DuckTpch(const DuckTpch&) = delete;
  DuckTpch& operator=(const DuckTpch&) = delete;

  const DuckDbApi& Api() const { return api_; }
  duckdb_connection Con() const { return con_; }
  void Exec(const std::string& sql) { Run(sql, nullptr); }

  /// As TealTpch::Run: duckdb_query materialises the whole result, then the answer is read
  /// as text, untimed.
  double Run(const std::string& sql, Answer* answer);

 private:
  const DuckDbApi& api_;
  DuckResultApi result_api_;
  duckdb_database db_ = nullptr;
  duckdb_connection con_ = nullptr;
};

/// DuckDB's appender fed whole data chunks, the vectors filled in place with the
/// columns' physical layouts: INTEGER int32, DECIMAL(15,2) int64 (width <= 18), DATE
/// int32 days, VARCHAR through duckdb_vector_assign_string_element_len.
template <typename Def>
class DuckWriter {
 public:
  DuckWriter(DuckTpch& duck, const Def& def) : api_(duck.Api()), def_(def) {
    if (api_.appender_create(duck.Con(), nullptr, def.name, &appender_) != DuckDBSuccess) {
      throw std::runtime_error(std::string("DuckDB: cannot append to ") + def.name);
    }
    std::vector<duckdb_logical_type> types(Def::kColumns);
    for (size_t c = 0; c < types.size(); c++) types[c] = api_.appender_column_type(appender_, c);
    chunk_ = api_.create_data_chunk(types.data(), types.size());
    for (auto& t : types) api_.destroy_logical_type(&t);
  }
  ~DuckWriter() {
    if (chunk_) api_.destroy_data_chunk(&chunk_);
    if (appender_) api_.appender_destroy(&appender_);
  }
  DuckWriter(const DuckWriter&) = delete;
  DuckWriter& operator=(const DuckWriter&) = delete;

  void Append(std::span<const RowOf<Def>> rows) {
    const size_t capacity = api_.vector_size();
    for (size_t start = 0; start < rows.size(); start += capacity) {
      const size_t n = std::min(capacity, rows.size() - start);
      def_.ForEachColumn([&](size_t c, auto member) {
        duckdb_vector vector = api_.data_chunk_get_vector(chunk_, c);
        void* data = api_.vector_get_data(vector);
        using T = std::remove_cvref_t<decltype(rows[0].*member)>;
        for (size_t i = 0; i < n; i++) {
          const T& v = rows[start + i].*member;
          if constexpr (std::is_same_v<T, int32_t>) {
            static_cast<int32_t*>(data)[i] = v;
          } else if constexpr (std::is_same_v<T, Money>) {
            static_cast<int64_t*>(data)[i] = v.cents;
          } else if constexpr (std::is_same_v<T, Day>) {
            static_cast<int32_t*>(data)[i] = v.days;
          } else {
            std::string_view s = TextOf(v);
            api_.vector_assign_string_element_len(vector, i, s.data(), s.size());
          }
        }
      });
      api_.data_chunk_set_size(chunk_, n);
      if (api_.append_data_chunk(appender_, chunk_) != DuckDBSuccess) {
        throw std::runtime_error(std::string("DuckDB appender: ") + api_.appender_error(appender_));
      }
      api_.data_chunk_reset(chunk_);
    }
  }
  void Close() {
    if (api_.appender_close(appender_) != DuckDBSuccess) {
      throw std::runtime_error(std::string("DuckDB appender: ") + api_.appender_error(appender_));
    }
    api_.appender_destroy(&appender_);
    appender_ = nullptr;
  }

 private:
  const DuckDbApi& api_;
  const Def& def_;
  duckdb_appender appender_ = nullptr;
  duckdb_data_chunk chunk_ = nullptr;
};

}  // namespace bench::tpch
