// bench/compare/tpch_answer.hpp — a query's answer as text, and the check that Teal's
// answer is DuckDB's.
//
// Both engines' results are read into the same shape: per cell the engine's own text
// of the value (NULL as no text), per column whether it is an exact number (integers,
// DECIMAL), a floating-point number or anything else. Equal means: the same number of
// columns and rows; exact numbers equal as numbers ("1.50" = "1.5": the engines may pick
// different scales for an expression), floating-point numbers within a relative 1e-9
// (sums of DOUBLEs depend on the order of the additions), everything else the same
// text; rows in the order the query's ORDER BY fixes, where rows that tie on the ORDER BY
// columns may come in any order (as SQL allows).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tpch_queries.hpp"

namespace bench::tpch {

enum class Kind : uint8_t { kExact, kFloat, kText };

struct Answer {
  std::vector<std::string> types;  // the engine's names of the column types, for messages
  std::vector<Kind> kinds;
  std::vector<std::vector<std::optional<std::string>>> rows;
};

/// Empty when `got` equals `want` (as described above) for query `q`; otherwise what
/// differs, with the first differing rows of each, for a report that calls the two
/// answers `got_name` and `want_name`.
std::string CompareAnswers(const Answer& got, const Answer& want, const Query& q,
                           const std::string& got_name = "Teal",
                           const std::string& want_name = "DuckDB");

}  // namespace bench::tpch
