// Optimize: the order in which the rules run.
#include "optimizer/optimizer.hpp"

namespace teal {

void Optimize(LogicalOperator& plan) { FoldConstants(plan); }

}  // namespace teal
