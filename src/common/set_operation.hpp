// SetOperation: UNION, INTERSECT or EXCEPT of two queries. Written by the parser, read by
// the planner and the set-operation operator.
#pragma once

namespace teal {

enum class SetOperation { kNone, kUnion, kIntersect, kExcept };

}  // namespace teal
