// MergeAction: what a MERGE clause does to the rows it is for. Written by the parser
// (THEN UPDATE, …), carried by the plan, read by the merge operator.
#pragma once

namespace teal {

enum class MergeAction { kUpdate, kDelete, kInsert, kDoNothing, kError };

}  // namespace teal
