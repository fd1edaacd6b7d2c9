// MacroEntry: a macro (CREATE MACRO, DuckDB's CREATE FUNCTION … AS): an expression, or a
// query (AS TABLE), over named parameters, expanded where it is called. A macro may have
// several parameter lists, each with its own body (DuckDB's overloads); a call takes the
// one its arguments fit (planner/binder/expression/bind_macro.cpp).
//
// Stored as text (the body, the defaults, the parameters' types) and parsed again at each
// call, where the parameters are replaced by the call's arguments before binding: a macro
// is as if its body had been written there.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace teal {

/// One parameter list of a macro, and its body.
struct MacroOverload {
  std::vector<std::string> parameters;  // in order; those with defaults come last
  /// Per parameter: its type as written (`s VARCHAR`), empty for one of any type.
  std::vector<std::string> types;
  /// Per parameter: its default's SQL text, empty for one without a default.
  std::vector<std::string> defaults;
  /// The expression (a scalar macro) or the SELECT (a table macro), as written.
  std::string body;

  /// The number of parameters without a default (which every call must give).
  size_t RequiredCount() const;
  bool Typed() const;  // whether a parameter has a type
  /// (a, b VARCHAR := 5), as CREATE MACRO writes it.
  std::string ParameterList() const;
};

struct MacroEntry {
  /// As the catalog files it: "f" in main, "s.f" in schema s (QualifiedName).
  std::string name;
  std::vector<MacroOverload> overloads;  // at least one
  bool table = false;                    // AS TABLE: called in FROM
  std::optional<std::string> comment;    // COMMENT ON FUNCTION / MACRO

  /// CREATE MACRO statement that recreates this macro.
  std::string ToSql() const;
  /// name(a, b := 5) of overload `i`, for messages.
  std::string Signature(size_t i) const;
  /// Every overload's signature, comma-separated, for messages.
  std::string Signatures() const;
};

}  // namespace teal
