// Settings: the table of settings, their parsing and their effects.
#include "main/settings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <thread>

#include "common/block_allocator.hpp"
#include "common/byte_size.hpp"
#include "common/external_access.hpp"
#include "function/collation.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

struct NullOrderName {
  NullOrder order;
  const char* name;
};
constexpr NullOrderName kNullOrders[] = {
    {NullOrder::kNullsFirst, "nulls_first"},
    {NullOrder::kNullsLast, "nulls_last"},
    {NullOrder::kNullsFirstOnAscLastOnDesc, "nulls_first_on_asc_last_on_desc"},
    {NullOrder::kNullsLastOnAscFirstOnDesc, "nulls_last_on_asc_first_on_desc"},
};

struct SettingDefinition {
  const char* name;
  const char* description;
  const char* input_type;
};

// A setting Settings only validates and stores: most are accepted for DuckDB
// compatibility and change nothing in Teal; the checkpoint_*, debug_wal_*,
// debug_checkpoint_abort, force_compression and force_bitpacking_mode ones are read by the
// database (DatabaseInstance::ApplySettings), enable_view_dependencies and
// enable_macro_dependencies by the statements they govern. Its value is validated as `input_type`
// says: BOOLEAN, BIGINT within [min, max], VARCHAR from `choices` (case-insensitive, stored in
// lower case), or a byte size when `choices` is empty (stored as Teal formats sizes).
struct NoEffectSetting {
  const char* name;
  const char* description;
  const char* input_type;
  const char* default_value;
  int64_t min = 0;
  int64_t max = 0;
  std::initializer_list<const char*> choices = {};
};
const NoEffectSetting kNoEffectSettings[] = {
    {"checkpoint_on_shutdown",
     "whether a file database checkpoints when it closes (its last handle goes). Also PRAGMA "
     "enable_checkpoint_on_shutdown / disable_checkpoint_on_shutdown",
     "BOOLEAN", "true"},
    {"checkpoint_threshold",
     "the write-ahead log size past which a commit starts a checkpoint of a file database. A "
     "byte size, e.g. '16MB'",
     "VARCHAR", "16.0 MiB"},
    {"debug_force_wal_fsync_failure",
     "testing: the next sync of the write-ahead log fails (then the setting is false again)",
     "BOOLEAN", "false"},
    {"debug_checkpoint_abort",
     "testing: where the next checkpoints stop, as a crash there would (none, before_header, "
     "after_free_list_write, before_truncate, before_wal_finish: the database is invalidated "
     "until it is reopened) or with an error that leaves it usable (before_header_non_fatal)",
     "VARCHAR",
     "none",
     0,
     0,
     {"none", "before_header", "before_header_non_fatal", "after_free_list_write",
      "before_truncate", "before_wal_finish"}},
    {"debug_wal_fsync_sleep_ms",
     "testing: milliseconds each write-ahead log sync sleeps first (a slow disk), 0 to 10000",
     "BIGINT", "0", 0, 10000},
    {"auto_checkpoint_skip_wal_threshold",
     "no effect in Teal (accepted for DuckDB scripts): DuckDB skips its log when a checkpoint "
     "follows a commit this large",
     "BIGINT", "0", 0, INT64_MAX},
    {"debug_checkpoint_sleep_ms",
     "no effect in Teal (accepted for DuckDB scripts): testing, DuckDB sleeps in its checkpoints",
     "BIGINT", "0", 0, 10000},
    {"debug_skip_checkpoint_on_commit",
     "no effect in Teal (accepted for DuckDB scripts): testing, DuckDB skips its automatic "
     "checkpoints",
     "BOOLEAN", "false"},
    {"disabled_optimizers",
     "no effect in Teal (accepted for DuckDB scripts): DuckDB's optimizer passes to skip; "
     "Teal's passes do not change answers and always run",
     "VARCHAR",
     "",
     0,
     0,
     {"*"}},
    {"asof_loop_join_threshold",
     "no effect in Teal (accepted for DuckDB scripts): the left side size below which "
     "DuckDB's ASOF JOIN loops instead of sorting; Teal's ASOF JOIN has one algorithm",
     "BIGINT", "64", 0, INT64_MAX},
    {"debug_asof_iejoin",
     "no effect in Teal (accepted for DuckDB scripts): testing, DuckDB runs ASOF JOIN as an "
     "inequality join",
     "BOOLEAN", "false"},
    {"debug_force_external",
     "no effect in Teal (accepted for DuckDB scripts): DuckDB forces out-of-core operators; "
     "Teal's operators choose for themselves",
     "BOOLEAN", "false"},
    {"debug_verify_vector",
     "no effect in Teal (accepted for DuckDB scripts): DuckDB's vector-format verification "
     "for its tests: none, dictionary_expression, dictionary_operator, constant_operator, "
     "sequence_operator or nested_shuffle",
     "VARCHAR",
     "none",
     0,
     0,
     {"none", "dictionary_expression", "dictionary_operator", "constant_operator",
      "sequence_operator", "nested_shuffle"}},
    {"default_transaction_invalidation_policy",
     "which errors inside BEGIN … COMMIT end the transaction (until ROLLBACK): "
     "all_errors_invalidate_transaction (PostgreSQL's, DuckDB's default) or "
     "syntactic_errors_do_not_invalidate (parser, binder and catalog errors do not: such a "
     "statement changed nothing). Read by each connection's transactions",
     "VARCHAR",
     "all_errors_invalidate_transaction",
     0,
     0,
     {"all_errors_invalidate_transaction", "syntactic_errors_do_not_invalidate"}},
    {"enable_verification",
     "no effect in Teal (accepted for DuckDB scripts): DuckDB re-runs each query in "
     "several forms to verify itself; also PRAGMA enable_verification / disable_verification",
     "BOOLEAN", "false"},
    {"enable_profiling",
     "after each query, write its profile (the query, its total time, its plan with each "
     "operator's rows and time) to profiling_output, or to standard error: query_tree "
     "(text; also true, query_tree_optimizer), json, no_output (none), or false (off). Also "
     "PRAGMA enable_profiling / disable_profiling",
     "VARCHAR",
     "false",
     0,
     0,
     {"false", "true", "query_tree", "query_tree_optimizer", "json", "no_output"}},
    {"profiling_output",
     "the file enable_profiling writes each query's profile to (rewritten by each query); "
     "empty: standard error. Its extension is .txt or the format's (.json)",
     "VARCHAR",
     "",
     0,
     0,
     {"*as written"}},
    {"profiling_mode",
     "standard, or detailed: enable_profiling's profile also gives the optimizer's time",
     "VARCHAR",
     "standard",
     0,
     0,
     {"standard", "detailed"}},
    {"order_by_non_integer_literal",
     "true accepts a constant other than an integer as an ORDER BY or DISTINCT ON term (a key of "
     "no effect, as DuckDB allows); false (the default) refuses it as PostgreSQL does",
     "BOOLEAN", "false"},
    {"explain_output",
     "EXPLAIN shows Teal's one plan, the optimized one, under physical_only (DuckDB's default) "
     "and optimized_only alike; all (DuckDB's plans before and after optimizing) is not "
     "implemented",
     "VARCHAR",
     "physical_only",
     0,
     0,
     {"physical_only", "optimized_only"}},
    {"force_compression",
     "the compression method a checkpoint uses for every column vector it fits (uncompressed, "
     "constant, rle, bitpacking, dictionary); auto (or none) chooses per vector the one "
     "taking the fewest bytes. DuckDB's other methods (fsst, alp, zstd, …) are accepted and "
     "choose as auto does, as DuckDB does for a column a forced method does not fit",
     "VARCHAR",
     "auto",
     0,
     0,
     {"auto", "none", "uncompressed", "constant", "rle", "dictionary", "pfor", "bitpacking", "fsst",
      "chimp", "patas", "alp", "alprd", "roaring", "zstd", "dict_fsst"}},
    {"force_bitpacking_mode",
     "which bitpacking a checkpoint uses for integer vectors it bitpacks: for (the values "
     "minus the smallest), delta_for (the differences of consecutive values), constant / "
     "constant_delta (those two where they take no bits), or auto (the smaller)",
     "VARCHAR",
     "AUTO",
     0,
     0,
     {"auto", "for", "delta_for", "constant", "constant_delta"}},
    {"index_scan_max_count",
     "a table scan whose filters an index serves reads the index's rows when there are at "
     "most this many, or index_scan_percentage of the table's rows if that is more; else it "
     "reads the whole table",
     "BIGINT", "2048", 0, INT64_MAX},
    {"enable_view_dependencies",
     "DROP TABLE / DROP VIEW of a relation a view reads: false (DuckDB's default) drops it and "
     "the view fails when read until the relation is back; true refuses it, as PostgreSQL "
     "does, and DROP … CASCADE drops those views too",
     "BOOLEAN", "false"},
    {"enable_macro_dependencies",
     "CREATE OR REPLACE MACRO of a macro another macro calls: false (DuckDB's default) replaces "
     "it whatever the new body calls; true refuses a body that would call the macro itself, "
     "directly or through those macros (a call of it could never end)",
     "BOOLEAN", "false"},
    {"immediate_transaction_mode",
     "no effect in Teal (accepted for DuckDB scripts): a transaction's snapshot is taken at "
     "BEGIN, as in DuckDB's immediate mode",
     "BOOLEAN", "false"},
    {"lambda_syntax",
     "no effect in Teal (accepted for DuckDB scripts): which lambda syntax DuckDB accepts; "
     "Teal takes both x -> … and lambda x: …",
     "VARCHAR",
     "default",
     0,
     0,
     {"default", "enable_single_arrow", "disable_single_arrow"}},
    {"max_vacuum_tasks",
     "no effect in Teal (accepted for DuckDB scripts): DuckDB's vacuum tasks per checkpoint",
     "BIGINT", "100", 0, INT64_MAX},
    {"profiling_renderer_settings",
     "no effect in Teal (accepted for DuckDB scripts): how DuckDB's profiler draws a plan "
     "(a MAP such as {'operator_casing': 'upper'}); Teal's EXPLAIN writes one line per "
     "operator, its name in upper case",
     "VARCHAR",
     "{}",
     0,
     0,
     {"*"}},
    {"preserve_insertion_order",
     "no effect in Teal (accepted for DuckDB scripts): Teal keeps the insertion order of rows "
     "without ORDER BY either way",
     "BOOLEAN", "true"},
    {"storage_compatibility_version",
     "no effect in Teal (accepted for DuckDB scripts): which DuckDB version must read the files "
     "DuckDB writes; Teal's files have one format",
     "VARCHAR",
     "v0.10.2",
     0,
     0,
     {"*"}},
    {"wal_autocheckpoint",
     "DuckDB's other name for checkpoint_threshold (one value under two names). A byte "
     "size, e.g. '16MB'",
     "VARCHAR", "16.0 MiB"},
    {"index_scan_percentage",
     "the share of a table's rows (0 to 1) an index may find for a table scan to read them "
     "through the index instead of the whole table (see index_scan_max_count)",
     "DOUBLE", "0.001", 0, 1},
    {"enable_fsst_vectors",
     "no effect in Teal (accepted for DuckDB scripts): whether DuckDB's scans hand out "
     "FSST-compressed strings",
     "BOOLEAN", "false"},
    {"merge_join_threshold",
     "no effect in Teal (accepted for DuckDB scripts): the row count below which DuckDB "
     "prefers a merge join",
     "BIGINT", "1000", 0, INT64_MAX},
    {"perfect_ht_threshold",
     "no effect in Teal (accepted for DuckDB scripts): the key width in bits up to which "
     "DuckDB's GROUP BY uses a perfect hash table",
     "BIGINT", "12", 0, 64},
    {"debug_window_mode",
     "no effect in Teal (accepted for DuckDB scripts): testing, how DuckDB computes window "
     "aggregates (window, combine, separate or segment)",
     "VARCHAR",
     "window",
     0,
     0,
     {"window", "combine", "separate", "segment"}},
    {"nested_loop_join_threshold",
     "no effect in Teal (accepted for DuckDB scripts): the row count below which DuckDB "
     "prefers a nested loop join",
     "BIGINT", "5", 0, INT64_MAX},
    {"enable_caching_operators",
     "no effect in Teal (accepted for DuckDB scripts): whether DuckDB caches small chunks "
     "between operators",
     "BOOLEAN", "true"},
    {"experimental_metadata_reuse",
     "no effect in Teal (accepted for DuckDB scripts): whether DuckDB's checkpoints reuse "
     "unchanged metadata",
     "BOOLEAN", "true"},
    {"force_column_metadata_reuse",
     "no effect in Teal (accepted for DuckDB scripts): testing, DuckDB's checkpoints reuse "
     "column metadata",
     "BOOLEAN", "false"},
    {"delim_join_as_cte",
     "no effect in Teal (accepted for DuckDB scripts): how DuckDB plans its delim joins", "BOOLEAN",
     "false"},
    {"force_update_to_del_and_insert",
     "no effect in Teal (accepted for DuckDB scripts): testing, DuckDB runs every UPDATE as a "
     "DELETE and an INSERT",
     "BOOLEAN", "false"},
    {"read_ahead_depth",
     "no effect in Teal (accepted for DuckDB scripts): how far DuckDB's scans prefetch (-1: "
     "DuckDB chooses)",
     "BIGINT", "0", -1, INT64_MAX},
    {"pivot_filter_threshold",
     "no effect in Teal (accepted for DuckDB scripts): how DuckDB plans a PIVOT; Teal's is one "
     "grouping with a filtered aggregate per column",
     "BIGINT", "20", 0, INT64_MAX},
    {"pivot_limit",
     "how many columns one PIVOT may make (100,000 by default, as DuckDB): more is an error "
     "before any is made, and so is more values to pivot on (ON without IN)",
     "BIGINT", "100000", 1, INT64_MAX},
    {"temp_directory",
     "no effect in Teal (accepted for DuckDB scripts): where DuckDB spills to disk; Teal keeps "
     "its work in memory, bounded by memory_limit",
     "VARCHAR",
     "",
     0,
     0,
     {"*"}},
    {"max_temp_directory_size",
     "no effect in Teal (accepted for DuckDB scripts): how much DuckDB may spill to disk. A "
     "byte size, e.g. '10GB'",
     "VARCHAR", "0 bytes"},
    {"write_buffer_row_group_count",
     "no effect in Teal (accepted for DuckDB scripts): how many row groups DuckDB buffers "
     "before writing them out",
     "BIGINT", "5", 1, INT64_MAX},
    {"debug_verify_blocks",
     "no effect in Teal (accepted for DuckDB scripts): testing, DuckDB checks its blocks' "
     "use",
     "BOOLEAN", "false"},
    {"debug_eviction_queue_sleep_micro_seconds",
     "no effect in Teal (accepted for DuckDB scripts): testing, DuckDB's buffer eviction "
     "sleeps",
     "BIGINT", "0", 0, INT64_MAX},
    {"prefer_range_joins",
     "no effect in Teal (accepted for DuckDB scripts): whether DuckDB plans an inequality "
     "join as a range join; the answers are the same",
     "BOOLEAN", "false"},
    {"late_materialization_max_rows",
     "no effect in Teal (accepted for DuckDB scripts): the LIMIT up to which DuckDB fetches "
     "the other columns of a top-N's rows late",
     "BIGINT", "50", 0, INT64_MAX},
    {"wal_autocheckpoint_entries",
     "no effect in Teal (accepted for DuckDB scripts): DuckDB checkpoints after this many log "
     "entries; Teal by checkpoint_threshold's size",
     "BIGINT", "0", 0, INT64_MAX},
    {"operator_memory_limit",
     "no effect in Teal (accepted for DuckDB scripts): DuckDB's memory per operator; "
     "memory_limit bounds Teal's. A byte size, e.g. '1GB'",
     "VARCHAR", "0 bytes"},
};

const NoEffectSetting* FindNoEffect(std::string_view name) {
  for (const auto& s : kNoEffectSettings) {
    if (name == s.name) return &s;
  }
  return nullptr;
}

// The stored text of `value` for `setting`, or an error naming the setting.
std::string ValidateNoEffect(const NoEffectSetting& setting, std::string_view value) {
  std::string text = Lower(value);
  std::string_view type = setting.input_type;
  if (type == "BOOLEAN") {
    if (text == "true" || text == "on" || text == "1" || text == "t" || text == "yes")
      return "true";
    if (text == "false" || text == "off" || text == "0" || text == "f" || text == "no")
      return "false";
    throw InvalidInputError(
        fmt::format("{}: \"{}\" is not a boolean; use true or false", setting.name, value));
  }
  if (type == "DOUBLE") {
    double number = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec != std::errc() || end != text.data() + text.size()) {
      throw InvalidInputError(fmt::format("{}: \"{}\" is not a number", setting.name, value));
    }
    if (number < static_cast<double>(setting.min) || number > static_cast<double>(setting.max)) {
      throw OutOfRangeError(fmt::format("{}: {} is out of range [{}, {}]", setting.name, text,
                                        setting.min, setting.max));
    }
    return text;
  }
  if (type == "BIGINT") {
    int64_t number = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec != std::errc() || end != text.data() + text.size()) {
      throw InvalidInputError(fmt::format("{}: \"{}\" is not an integer", setting.name, value));
    }
    if (number < setting.min || number > setting.max) {
      throw OutOfRangeError(fmt::format("{}: {} is out of range [{}, {}]", setting.name, number,
                                        setting.min, setting.max));
    }
    return std::to_string(number);
  }
  if (setting.choices.size() == 0) return FormatByteSize(ParseByteSize(value, setting.name));
  if (std::string_view(*setting.choices.begin()) == "*") return text;  // any text
  if (std::string_view(*setting.choices.begin()) == "*as written") return std::string(value);
  for (const char* choice : setting.choices) {
    if (text != choice) continue;
    // DuckDB stores force_compression = 'none' as 'auto' ('none' is a value of its own for
    // debug_verify_vector).
    if (text == "none" && std::string_view(setting.name) == "force_compression") return "auto";
    return text;
  }
  std::string choices;
  for (const char* choice : setting.choices)
    choices += (choices.empty() ? "" : ", ") + std::string(choice);
  if (std::string_view(setting.name) == "explain_output") {
    throw NotImplementedError(fmt::format(
        "explain_output = '{}': EXPLAIN shows one plan; the only value is {}", value, choices));
  }
  throw InvalidInputError(fmt::format("{}: \"{}\" is not one of {} (unrecognized value)",
                                      setting.name, value, choices));
}

// Refuses a profiling_output whose extension is neither .txt nor the profile format's (a
// file of another kind, a database, must not be overwritten by a profile), as DuckDB does.
// `format_changed`: enable_profiling is what is being set.
void CheckProfileOutput(std::string format, const std::string& output, bool format_changed) {
  if (output.empty()) return;
  if (format.empty() || format == "false" || format == "true" || format == "no_output" ||
      format == "query_tree_optimizer") {
    format = "query_tree";
  }
  const size_t dot = output.find_last_of("./");
  const std::string extension =
      dot == std::string::npos || output[dot] == '/' ? "" : Lower(output.substr(dot + 1));
  if (extension.empty() || extension == "txt" || extension == format) return;
  if (extension != "json" && extension != "query_tree") {
    throw InvalidInputError(fmt::format(
        "Invalid output file type: {} (profiling_output takes a .txt or .json file)", extension));
  }
  throw InvalidInputError(fmt::format(
      "Profiler file type ({}) must either have the same file extension as the profiling "
      "output type ({}), or be a '.txt' file. {}",
      output, format,
      format_changed ? fmt::format("Set 'profiling_output' to a '{}' file or run \"RESET "
                                   "profiling_output\" first.",
                                   format)
                     : fmt::format("Set \"enable_profiling = '{}'\" first.", extension)));
}

// The name a no-effect setting's value is kept under: DuckDB's two names for one value
// share it.
std::string ValueKey(const std::string& key) {
  return key == "wal_autocheckpoint" ? "checkpoint_threshold" : key;
}

// DuckDB's argument-less PRAGMAs for the settings above: the setting and its value.
struct PragmaAlias {
  const char* pragma;
  const char* setting;
  const char* value;
};
constexpr PragmaAlias kPragmaAliases[] = {
    {"enable_verification", "enable_verification", "true"},
    {"disable_verification", "enable_verification", "false"},
    {"verify_parallelism", "verify_parallelism", "true"},
    {"disable_verify_parallelism", "verify_parallelism", "false"},
    {"enable_optimizer", "enable_optimizer", "true"},
    {"disable_optimizer", "enable_optimizer", "false"},
    {"verify_external", "debug_force_external", "true"},
    {"enable_checkpoint_on_shutdown", "checkpoint_on_shutdown", "true"},
    {"disable_checkpoint_on_shutdown", "checkpoint_on_shutdown", "false"},
    {"disable_verify_external", "debug_force_external", "false"},
    {"enable_profiling", "enable_profiling", "true"},
    {"disable_profiling", "enable_profiling", "false"},
};
constexpr SettingDefinition kSettings[] = {
    {"default_null_order",
     "where NULLs sort when ORDER BY does not say: nulls_first, nulls_last, "
     "nulls_first_on_asc_last_on_desc or nulls_last_on_asc_first_on_desc (PostgreSQL's: NULL "
     "is the largest value)",
     "VARCHAR"},
    {"default_order", "the direction of ORDER BY keys without ASC or DESC: asc or desc", "VARCHAR"},
    {"default_collation",
     "what VARCHAR values without a COLLATE of their own compare, sort and group by: nocase, "
     "noaccent, nfc, several joined by '.', or empty for their bytes",
     "VARCHAR"},
    {"max_expression_depth",
     "how deeply a statement's expressions, subqueries and set operations may nest (1000 by "
     "default, as DuckDB); a deeper statement is a parser error, never a stack overflow",
     "UBIGINT"},
    {"recursive_cte_max_iterations",
     "how many rounds the recursive part of a WITH RECURSIVE query may run (1,000,000 by "
     "default); one more is an error that names the query, never an endless loop",
     "UBIGINT"},
    {"memory_limit",
     "the most memory Teal's column buffers may take, e.g. '4GiB' or '500MB' (shared by every "
     "database in the process; 80% of the machine's memory by default)",
     "VARCHAR"},
    {"threads",
     "how many threads one query may use, 1 to 1024 (the calling thread and the database's "
     "workers); the number of cores by default. threads = 1 runs every query on the calling "
     "thread",
     "BIGINT"},
    {"verify_parallelism",
     "splits scans into morsels of one vector (2048 rows) instead of a row group, so that "
     "small tables run on several threads too (for testing the parallel operators); also "
     "PRAGMA verify_parallelism / disable_verify_parallelism",
     "BOOLEAN"},
    {"scalar_subquery_error_on_multiple_rows",
     "whether a subquery used as a value (SELECT (SELECT …)) that gives more than one row is "
     "an error (true, the default, as PostgreSQL) or gives its first row's value (false)",
     "BOOLEAN"},
    {"max_execution_time",
     "the most milliseconds a statement may take, from its start until its last row is read "
     "(0, the default: no limit); past it the statement stops with an error, as if "
     "interrupted, and its changes are rolled back",
     "BIGINT"},
    {"enable_external_access",
     "false forbids SQL to reach files other than the database's own: read_csv, read_text, "
     "read_blob, glob, COPY, EXPORT / IMPORT DATABASE and ATTACH of a file give a Permission "
     "Error. Once false it stays false until the database is closed",
     "BOOLEAN"},
    {"enable_optimizer",
     "false runs only the optimizer rules a plan needs (subquery rewrites, WITH "
     "materialization), not those that make it faster (filter pushdown, join order, …), for "
     "testing that both plans answer alike; also PRAGMA enable_optimizer / disable_optimizer",
     "BOOLEAN"},
};

const SettingDefinition* Find(std::string_view name) {
  for (const auto& s : kSettings) {
    if (name == s.name) return &s;
  }
  return nullptr;
}

[[noreturn]] void ThrowUnknown(std::string_view name) {
  if (name == "access_mode") {
    // DuckDB's setting of how the database was opened: fixed while it is open.
    throw InvalidInputError(
        "Cannot change access_mode setting while database is running: open the database "
        "read-only instead (DatabaseOptions::read_only, or ATTACH … (READ_ONLY))");
  }
  throw InvalidInputError(
      fmt::format("unrecognized setting \"{}\" (teal_settings() lists them)", name));
}

}  // namespace

idx_t Settings::DefaultThreads() {
  return std::clamp<idx_t>(std::thread::hardware_concurrency(), 1, kMaxThreads);
}

void Settings::Set(std::string_view name, std::string_view value) {
  std::string key = Lower(name);
  if (const NoEffectSetting* setting = FindNoEffect(key)) {
    std::string text = ValidateNoEffect(*setting, value);
    std::lock_guard<std::mutex> guard(lock_);
    if (key == "index_scan_max_count") {
      index_scan_max_count_ = std::stoull(text);
    } else if (key == "index_scan_percentage") {
      index_scan_share_ = std::stod(text);
    }
    if (key == "profiling_output" || key == "enable_profiling") {
      auto get = [&](const char* other) {
        auto found = no_effect_.find(other);
        return found != no_effect_.end() ? found->second : std::string();
      };
      if (key == "profiling_output" && !text.empty() && !external_access_) {
        RefuseExternalAccess(fmt::format("profiling_output = '{}'", text));
      }
      CheckProfileOutput(key == "enable_profiling" ? text : get("enable_profiling"),
                         key == "profiling_output" ? text : get("profiling_output"),
                         key == "enable_profiling");
    }
    no_effect_[ValueKey(key)] = std::move(text);
    return;
  }
  if (!Find(key)) ThrowUnknown(name);
  std::string text = Lower(value);
  std::lock_guard<std::mutex> guard(lock_);
  if (key == "default_collation") {
    default_collation_ = text.empty() ? "" : CheckCollation(text);
  } else if (key == "default_order") {
    if (text == "asc" || text == "ascending") {
      default_descending_ = false;
    } else if (text == "desc" || text == "descending") {
      default_descending_ = true;
    } else {
      throw InvalidInputError(fmt::format(
          "default_order: Unrecognized parameter \"{}\": not an order; use asc or desc", value));
    }
  } else if (key == "default_null_order") {
    std::string spelled = text;  // 'NULLS LAST' as DuckDB takes it: nulls_last
    std::replace(spelled.begin(), spelled.end(), ' ', '_');
    for (const auto& [order, order_name] : kNullOrders) {
      if (spelled == order_name) {
        null_order_ = order;
        return;
      }
    }
    throw InvalidInputError(
        fmt::format("default_null_order: \"{}\" is not a NULL order; use nulls_first, nulls_last, "
                    "nulls_first_on_asc_last_on_desc or nulls_last_on_asc_first_on_desc",
                    value));
  } else if (key == "max_expression_depth") {
    uint64_t depth = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), depth);
    if (error != std::errc() || end != text.data() + text.size() || depth == 0) {
      throw InvalidInputError(fmt::format(
          "max_expression_depth: \"{}\" is not a whole number of levels above 0", value));
    }
    max_expression_depth_ = depth;
  } else if (key == "recursive_cte_max_iterations") {
    uint64_t rounds = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), rounds);
    if (error != std::errc() || end != text.data() + text.size() || rounds == 0) {
      throw InvalidInputError(
          fmt::format("recursive_cte_max_iterations: \"{}\" is not a whole number above 0", value));
    }
    recursive_cte_max_iterations_ = rounds;
  } else if (key == "threads") {
    uint64_t threads = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), threads);
    if (error != std::errc() || end != text.data() + text.size() || threads == 0 ||
        threads > kMaxThreads) {
      throw InvalidInputError(
          fmt::format("threads: \"{}\" is not a whole number from 1 to {}", value, kMaxThreads));
    }
    threads_ = threads;
  } else if (key == "max_execution_time") {
    uint64_t ms = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), ms);
    if (error != std::errc() || end != text.data() + text.size()) {
      throw InvalidInputError(fmt::format(
          "max_execution_time: \"{}\" is not a whole number of milliseconds (0: no limit)", value));
    }
    max_execution_time_ms_ = ms;
  } else if (key == "enable_external_access") {
    const bool on = text == "true" || text == "1" || text == "on";
    if (!on && text != "false" && text != "0" && text != "off") {
      throw InvalidInputError(
          fmt::format("{}: \"{}\" is not a boolean (true or false)", key, value));
    }
    // A connection could otherwise lift a restriction set on the database it shares.
    if (on && !external_access_) {
      throw InvalidInputError("Cannot enable external access while database is running");
    }
    external_access_ = on;
  } else if (key == "verify_parallelism" || key == "enable_optimizer" ||
             key == "scalar_subquery_error_on_multiple_rows") {
    bool on;
    if (text == "true" || text == "1" || text == "on") {
      on = true;
    } else if (text == "false" || text == "0" || text == "off") {
      on = false;
    } else {
      throw InvalidInputError(
          fmt::format("{}: \"{}\" is not a boolean (true or false)", key, value));
    }
    (key == "verify_parallelism" ? verify_parallelism_
     : key == "enable_optimizer" ? optimizer_enabled_
                                 : scalar_subquery_error_) = on;
  } else if (key == "memory_limit") {
    uint64_t bytes = ParseByteSize(value, "memory_limit");
    if (bytes == 0) {
      throw InvalidInputError("memory_limit: must be more than 0 bytes");
    }
    BlockAllocator::Instance().SetLimit(static_cast<size_t>(bytes));
  }
}

void Settings::Reset(std::string_view name) {
  std::string key = Lower(name);
  if (!key.empty() && !Find(key) && !FindNoEffect(key)) ThrowUnknown(name);
  std::lock_guard<std::mutex> guard(lock_);
  if (key.empty()) {
    no_effect_.clear();
  } else {
    no_effect_.erase(ValueKey(key));
  }
  if (key.empty() || key == "default_order") default_descending_ = false;
  if (key.empty() || key == "default_collation") default_collation_.clear();
  if (key.empty() || key == "default_null_order")
    null_order_ = NullOrder::kNullsLastOnAscFirstOnDesc;
  if (key.empty() || key == "max_expression_depth") {
    max_expression_depth_ = kDefaultMaxExpressionDepth;
  }
  if (key.empty() || key == "recursive_cte_max_iterations") {
    recursive_cte_max_iterations_ = kDefaultRecursiveCteMaxIterations;
  }
  if (key.empty() || key == "memory_limit") {
    BlockAllocator::Instance().SetLimit(BlockAllocator::DefaultLimit());
  }
  if (key.empty() || key == "threads") threads_ = DefaultThreads();
  if (key.empty() || key == "verify_parallelism") verify_parallelism_ = false;
  if (key.empty() || key == "enable_optimizer") optimizer_enabled_ = true;
  if (key.empty() || key == "scalar_subquery_error_on_multiple_rows") {
    scalar_subquery_error_ = true;
  }
  if (key.empty() || key == "max_execution_time") max_execution_time_ms_ = 0;
  if (key.empty() || key == "index_scan_max_count") index_scan_max_count_ = kIndexScanMaxCount;
  if (key.empty() || key == "index_scan_percentage") index_scan_share_ = kIndexScanShare;
}

std::optional<std::string> Settings::Get(std::string_view name) const {
  std::string key = Lower(name);
  std::lock_guard<std::mutex> guard(lock_);
  if (key == "default_order") return default_descending_ ? "desc" : "asc";
  if (key == "default_collation") return default_collation_;
  if (key == "default_null_order") {
    for (const auto& [order, order_name] : kNullOrders) {
      if (order == null_order_) return order_name;
    }
  }
  if (key == "max_expression_depth") return std::to_string(max_expression_depth_);
  if (key == "recursive_cte_max_iterations") {
    return std::to_string(recursive_cte_max_iterations_);
  }
  if (key == "threads") return std::to_string(threads_.load());
  if (key == "verify_parallelism") return verify_parallelism_.load() ? "true" : "false";
  if (key == "enable_optimizer") return optimizer_enabled_.load() ? "true" : "false";
  if (key == "enable_external_access") return external_access_.load() ? "true" : "false";
  if (key == "scalar_subquery_error_on_multiple_rows") {
    return scalar_subquery_error_.load() ? "true" : "false";
  }
  if (key == "max_execution_time") return std::to_string(max_execution_time_ms_.load());
  if (key == "memory_limit") {
    size_t limit = BlockAllocator::Instance().Limit();
    return limit == 0 ? "unlimited" : FormatByteSize(limit);
  }
  if (const NoEffectSetting* setting = FindNoEffect(key)) {
    auto found = no_effect_.find(ValueKey(key));
    return found != no_effect_.end() ? found->second : setting->default_value;
  }
  return std::nullopt;
}

idx_t Settings::PivotLimit() const {
  const std::string text = Get("pivot_limit").value_or("");
  idx_t limit = kDefaultPivotLimit;
  std::from_chars(text.data(), text.data() + text.size(), limit);
  return limit;
}

bool Settings::ApplyPragma(std::string_view name) {
  std::string key = Lower(name);
  for (const auto& alias : kPragmaAliases) {
    if (key == alias.pragma) {
      Set(alias.setting, alias.value);
      return true;
    }
  }
  return false;
}

std::vector<std::array<std::string, 4>> Settings::All() const {
  std::vector<std::array<std::string, 4>> rows;
  for (const auto& s : kSettings) {
    rows.push_back({s.name, Get(s.name).value_or(""), s.description, s.input_type});
  }
  for (const auto& s : kNoEffectSettings) {
    rows.push_back({s.name, Get(s.name).value_or(""), s.description, s.input_type});
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

BindOptions Settings::ForBinder() const {
  BindOptions options;
  {
    std::lock_guard<std::mutex> guard(lock_);
    options.default_descending = default_descending_;
    options.null_order = null_order_;
    options.default_collation = default_collation_;
    options.max_expression_depth = max_expression_depth_;
    options.recursive_cte_max_iterations = recursive_cte_max_iterations_;
    options.database_name = database_name_;
  }
  options.external_access = external_access_.load();
  options.setting = [this](std::string_view name) { return Get(name); };
  options.all_settings = [this]() { return All(); };
  return options;
}

}  // namespace teal
