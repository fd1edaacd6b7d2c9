// PhysicalPlanner: one physical operator per logical operator for now; the choice of
// algorithms (hash vs. nested-loop join …) will live here.
#include "execution/physical_planner.hpp"

#include "execution/operators.hpp"
#include "teal/error.hpp"

namespace teal {

PhysicalOperatorPtr CreatePhysicalPlan(LogicalOperator& plan) {
  std::vector<PhysicalOperatorPtr> children;
  for (auto& child : plan.children) children.push_back(CreatePhysicalPlan(*child));
  PhysicalOperatorPtr op;
  switch (plan.kind) {
    case LogicalKind::kGet: {
      auto& get = static_cast<LogicalGet&>(plan);
      op = std::make_unique<PhysicalTableScan>(get.types, get.table->storage, get.column_ids);
      break;
    }
    case LogicalKind::kDummyScan: op = std::make_unique<PhysicalDummyScan>(); break;
    case LogicalKind::kValues: {
      auto& values = static_cast<LogicalValues&>(plan);
      op = std::make_unique<PhysicalValues>(values.types, std::move(values.rows));
      break;
    }
    case LogicalKind::kFilter: {
      auto& filter = static_cast<LogicalFilter&>(plan);
      ExpressionPtr predicate;
      if (filter.expressions.size() == 1) {
        predicate = std::move(filter.expressions[0]);
      } else {
        predicate = std::make_unique<Expression>(BoundKind::kAnd, TypeId::kBoolean);
        predicate->children = std::move(filter.expressions);
      }
      op = std::make_unique<PhysicalFilter>(filter.types, std::move(predicate));
      break;
    }
    case LogicalKind::kProjection: {
      auto& projection = static_cast<LogicalProjection&>(plan);
      op = std::make_unique<PhysicalProjection>(projection.types, std::move(projection.expressions));
      break;
    }
    case LogicalKind::kAggregate: {
      auto& aggregate = static_cast<LogicalAggregate&>(plan);
      op = std::make_unique<PhysicalUngroupedAggregate>(aggregate.types, std::move(aggregate.aggregates));
      break;
    }
    case LogicalKind::kLimit: {
      auto& limit = static_cast<LogicalLimit&>(plan);
      op = std::make_unique<PhysicalLimit>(limit.types, limit.limit, limit.offset);
      break;
    }
    case LogicalKind::kInsert: {
      auto& insert = static_cast<LogicalInsert&>(plan);
      op = std::make_unique<PhysicalInsert>(insert.table, insert.column_map);
      break;
    }
  }
  if (!op) throw InternalError("logical operator without a physical counterpart");
  op->children = std::move(children);
  return op;
}

}  // namespace teal
