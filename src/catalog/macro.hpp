// MacroEntry: a macro (CREATE MACRO, DuckDB's CREATE FUNCTION … AS): an expression, or a
// query (AS TABLE), over named parameters, expanded where it is called.
//
// Stored as text (the body, the defaults) and parsed again at each call, where the
// parameters are replaced by the call's arguments before binding (planner/binder/
// expression/bind_macro.cpp): a macro is as if its body had been written there.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace teal {

struct MacroEntry {
  /// As the catalog files it: "f" in main, "s.f" in schema s (QualifiedName).
  std::string name;
  std::vector<std::string> parameters;  // in order; those with defaults come last
  /// Per parameter: its default's SQL text, empty for one without a default.
  std::vector<std::string> defaults;
  /// The expression (a scalar macro) or the SELECT (a table macro), as written.
  std::string body;
  bool table = false;                  // AS TABLE: called in FROM
  std::optional<std::string> comment;  // COMMENT ON FUNCTION / MACRO

  /// The number of parameters without a default (which every call must give).
  size_t RequiredCount() const;
  /// CREATE MACRO statement that recreates this macro.
  std::string ToSql() const;
  /// name(a, b := 5), for messages.
  std::string Signature() const;
};

}  // namespace teal
