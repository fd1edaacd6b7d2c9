// WindowSpec: the OVER (…) of a window function call as written — PARTITION BY, ORDER BY
// and the frame — and OrderTerm, the ORDER BY key it shares with SELECT. The transformer
// fills in a named window's parts (WINDOW w AS (…), OVER w, OVER (w ORDER BY …)), so the
// binder sees every call's whole specification.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/window_frame.hpp"
#include "parser/parsed_expression.hpp"

namespace teal {

struct OrderTerm {
  ParsedExpressionPtr expression;  // null for ORDER BY ALL
  bool all = false;                // ORDER BY ALL: every output column, left to right
  bool direction_given = false;    // ASC or DESC was written (else default_order decides)
  bool descending = false;
  /// Unset: PostgreSQL's default, NULLs sort as the largest values.
  std::optional<bool> nulls_first;
  std::string ToString() const;
};

struct WindowSpec {
  std::vector<ParsedExpressionPtr> partitions;
  std::vector<OrderTerm> orders;
  /// The SQL default: RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW (with ORDER BY the
  /// rows up to the current one's last peer, without it the whole partition).
  FrameUnit unit = FrameUnit::kRange;
  FrameBoundary start = FrameBoundary::kUnboundedPreceding;
  FrameBoundary end = FrameBoundary::kCurrentRow;
  ParsedExpressionPtr start_offset;  // kPreceding / kFollowing
  ParsedExpressionPtr end_offset;
  FrameExclude exclude = FrameExclude::kNoOthers;
  bool frame_given = false;  // ROWS / RANGE / GROUPS was written
  /// `(PARTITION BY … ORDER BY … frame)`, for column names.
  std::string ToString() const;
  /// A deep copy (ParsedExpression::Copy shares its window, which is const there).
  std::shared_ptr<WindowSpec> Copy() const;
};

}  // namespace teal
