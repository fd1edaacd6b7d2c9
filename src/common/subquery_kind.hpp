// SubqueryKind: what a subquery in an expression stands for. Written by the parser, kept
// by the bound expression, and read by the optimizer's decorrelation and by execution.
#pragma once

namespace teal {

/// What a subquery in an expression stands for.
enum class SubqueryKind {
  kScalar,   // (SELECT x …): its one value, NULL for no row, an error for more than one
  kExists,   // EXISTS (…): whether it has a row
  kAny,      // x op ANY (…), x IN (…): children[0] is x, name the operator ("=" for IN)
  kAll,      // x op ALL (…)
  kLateral,  // a FROM item that reads the FROM items left of it: its rows (LogicalLateralJoin)
};

}  // namespace teal
