// Settings: the named options SET / RESET / PRAGMA name = value change and
// current_setting() / teal_settings() show.
//
// Settings are database-wide (Teal has no per-connection settings yet), except
// memory_limit, which limits Teal's block allocator and so the whole process: every
// database in it shares one memory_limit. Values are validated when set; a bad value is
// an error naming the setting and changes nothing.
//
// A few of DuckDB's settings that only tune performance or DuckDB's own testing
// (debug_force_external, enable_verification,
// debug_verify_vector, immediate_transaction_mode, checkpoint_threshold /
// wal_autocheckpoint, checkpoint_on_shutdown, explain_output) are accepted,
// validated and shown, and documented as having no effect in Teal, so scripts written
// for DuckDB run. A setting that would change results is never accepted silently: it
// stays an unrecognized setting (or, for explain_output, a value other than Teal's
// one plan format is an error).
#pragma once

#include <array>
#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/parser.hpp"
#include "planner/binder.hpp"
#include "storage/data_table.hpp"

namespace teal {

class Settings {
 public:
  /// Sets `name` (case-insensitive) from the text of `value`. Throws InvalidInputError for
  /// an unknown name or a value the setting does not take, OutOfRangeError for a size out
  /// of range.
  void Set(std::string_view name, std::string_view value);
  /// Back to the default; an empty name resets every setting.
  void Reset(std::string_view name);
  /// The value as text, or nullopt for no such setting.
  std::optional<std::string> Get(std::string_view name) const;
  /// name, value, description, input type of every setting, by name.
  std::vector<std::array<std::string, 4>> All() const;
  /// The binder's view of the settings (orders, current_setting, teal_settings()).
  BindOptions ForBinder() const;
  /// The database's name in the catalog listings (duckdb_tables(), …): "memory", or the
  /// file's name without its directory and extension.
  void SetDatabaseName(std::string name) {
    std::lock_guard<std::mutex> guard(lock_);
    database_name_ = std::move(name);
  }
  std::string DatabaseName() const {
    std::lock_guard<std::mutex> guard(lock_);
    return database_name_;
  }
  /// DuckDB's argument-less PRAGMAs that set one of the no-effect settings
  /// (enable_verification, disable_verification, verify_parallelism,
  /// disable_verify_parallelism, ...). Returns false for any other name.
  bool ApplyPragma(std::string_view name);
  /// pivot_limit: how many columns one PIVOT may make.
  idx_t PivotLimit() const;
  /// max_expression_depth: how deeply a statement may nest.
  idx_t MaxExpressionDepth() const {
    std::lock_guard<std::mutex> guard(lock_);
    return max_expression_depth_;
  }
  /// threads (how many threads one query may use) and how many vectors a scan's morsel
  /// covers (one under verify_parallelism). Read for every statement, so without the lock.
  std::pair<idx_t, idx_t> Parallelism() const {
    return {threads_.load(std::memory_order_relaxed),
            verify_parallelism_.load(std::memory_order_relaxed) ? 1 : kRowGroupSize / kVectorSize};
  }
  /// enable_optimizer (PRAGMA enable_optimizer / disable_optimizer): whether the rules that
  /// only make a plan faster run. Read for every statement, so without the lock.
  bool OptimizerEnabled() const { return optimizer_enabled_.load(std::memory_order_relaxed); }
  /// enable_external_access: whether SQL may reach files other than the database's own.
  bool ExternalAccess() const { return external_access_.load(std::memory_order_relaxed); }
  /// max_execution_time: the most milliseconds a statement may run (0: no limit).
  uint64_t MaxExecutionTimeMs() const {
    return max_execution_time_ms_.load(std::memory_order_relaxed);
  }
  /// index_scan_max_count and index_scan_percentage: a scan reads through an index when
  /// it gives at most the larger of that many rows and that share of the table's.
  std::pair<idx_t, double> IndexScanLimits() const {
    return {index_scan_max_count_.load(std::memory_order_relaxed),
            index_scan_share_.load(std::memory_order_relaxed)};
  }
  static constexpr idx_t kIndexScanMaxCount = 2048;
  static constexpr double kIndexScanShare = 0.001;
  /// The number of cores (at least 1): the default of threads.
  static idx_t DefaultThreads();
  static constexpr idx_t kMaxThreads = 1024;

 private:
  mutable std::mutex lock_;
  std::string database_name_ = "memory";
  bool default_descending_ = false;
  NullOrder null_order_ = NullOrder::kNullsLastOnAscFirstOnDesc;
  // Values of the no-effect settings that were set, by name; absent = the default.
  std::map<std::string, std::string, std::less<>> no_effect_;
  idx_t max_expression_depth_ = kDefaultMaxExpressionDepth;
  idx_t recursive_cte_max_iterations_ = kDefaultRecursiveCteMaxIterations;
  std::string default_collation_;
  std::atomic<idx_t> threads_{DefaultThreads()};
  std::atomic<bool> verify_parallelism_{false};
  std::atomic<bool> optimizer_enabled_{true};
  std::atomic<bool> scalar_subquery_error_{true};
  // enable_external_access: never back to true once false (RESET leaves it).
  std::atomic<bool> external_access_{true};
  std::atomic<uint64_t> max_execution_time_ms_{0};
  std::atomic<idx_t> index_scan_max_count_{kIndexScanMaxCount};
  std::atomic<double> index_scan_share_{kIndexScanShare};
};

}  // namespace teal
