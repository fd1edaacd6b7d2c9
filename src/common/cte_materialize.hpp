// CteMaterialize: WITH name AS [NOT] MATERIALIZED (…). Written by the parser, read by the
// planner (CteDefinition) and the optimizer (MaterializeCtes).
#pragma once

namespace teal {

/// Whether a WITH query's rows are computed once and read where the name is used, or the
/// query is planned into each use (kDefault: once when it is used more than once, as in
/// PostgreSQL and DuckDB).
enum class CteMaterialize { kDefault, kAlways, kNever };

}  // namespace teal
