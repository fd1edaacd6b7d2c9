// Settings: the named options SET / RESET / PRAGMA name = value change and
// current_setting() / teal_settings() show.
//
// Settings are database-wide (Teal has no per-connection settings yet), except
// memory_limit, which limits Teal's block allocator and so the whole process: every
// database in it shares one memory_limit. Values are validated when set; a bad value is
// an error naming the setting and changes nothing.
#pragma once

#include <array>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/parser.hpp"
#include "planner/binder.hpp"

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
  /// max_expression_depth: how deeply a statement may nest.
  idx_t MaxExpressionDepth() const {
    std::lock_guard<std::mutex> guard(lock_);
    return max_expression_depth_;
  }

 private:
  mutable std::mutex lock_;
  bool default_descending_ = false;
  NullOrder null_order_ = NullOrder::kNullsLastOnAscFirstOnDesc;
  idx_t max_expression_depth_ = kDefaultMaxExpressionDepth;
};

}  // namespace teal
