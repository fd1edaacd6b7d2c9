// JoinType: which rows a join produces. Written by the parser (INNER, LEFT, …), and by the
// optimizer for the semi, anti and mark joins it makes of subqueries; read by the planner,
// the optimizer and the join operators.
#pragma once

namespace teal {

/// kSemi and kAnti (the left rows with / without a match) and kMark (every left row with
/// a BOOLEAN: whether it has a match, with IN's NULL rules) come only from the optimizer.
/// kAsOf is DuckDB's ASOF JOIN (each left row with the one right row nearest it under the
/// condition's inequality); whether it keeps unmatched rows is its asof_kind (kInner,
/// kLeft, kRight or kFull). Passes that do not know kAsOf leave it alone. kPositional is
/// DuckDB's POSITIONAL JOIN: row i of each side together, the shorter side padded with
/// NULLs; nothing may remove rows below it (positions would shift).
enum class JoinType {
  kInner,
  kLeft,
  kRight,
  kFull,
  kCross,
  kSemi,
  kAnti,
  kMark,
  kAsOf,
  kPositional
};

}  // namespace teal
