// CopyPlan: one copy function per logical operator kind.
#include "planner/plan_copy.hpp"

#include "teal/error.hpp"

namespace teal {

namespace {

std::vector<ExpressionPtr> CopyAll(const std::vector<ExpressionPtr>& list) {
  std::vector<ExpressionPtr> out;
  for (const auto& e : list) out.push_back(e->Copy());
  return out;
}

template <class T>
std::unique_ptr<T> CopyNode(const LogicalOperator& op) {
  const auto& from = static_cast<const T&>(op);
  auto to = std::make_unique<T>();
  to->types = from.types;
  return to;
}

LogicalOperatorPtr CopyOperator(const LogicalOperator& op) {
  switch (op.kind) {
    case LogicalKind::kGet: {
      auto to = CopyNode<LogicalGet>(op);
      const auto& from = static_cast<const LogicalGet&>(op);
      to->table = from.table;
      to->column_ids = from.column_ids;
      to->filters = CopyAll(from.filters);
      to->index_hints = CopyAll(from.index_hints);
      to->join_filters = from.join_filters;
      return to;
    }
    case LogicalKind::kDummyScan:
      return CopyNode<LogicalDummyScan>(op);
    case LogicalKind::kValues: {
      auto to = CopyNode<LogicalValues>(op);
      for (const auto& row : static_cast<const LogicalValues&>(op).rows) {
        to->rows.push_back(CopyAll(row));
      }
      return to;
    }
    case LogicalKind::kFilter: {
      auto to = CopyNode<LogicalFilter>(op);
      to->expressions = CopyAll(static_cast<const LogicalFilter&>(op).expressions);
      return to;
    }
    case LogicalKind::kProjection: {
      auto to = CopyNode<LogicalProjection>(op);
      to->expressions = CopyAll(static_cast<const LogicalProjection&>(op).expressions);
      return to;
    }
    case LogicalKind::kAggregate: {
      auto to = CopyNode<LogicalAggregate>(op);
      const auto& from = static_cast<const LogicalAggregate&>(op);
      to->groups = CopyAll(from.groups);
      to->aggregates = CopyAll(from.aggregates);
      return to;
    }
    case LogicalKind::kJoin: {
      auto to = CopyNode<LogicalJoin>(op);
      const auto& from = static_cast<const LogicalJoin&>(op);
      to->join_type = from.join_type;
      if (from.condition) to->condition = from.condition->Copy();
      to->projection = from.projection;
      to->build_left = from.build_left;
      to->filter_id = from.filter_id;
      to->mark_exists = from.mark_exists;
      return to;
    }
    case LogicalKind::kSetOperation: {
      auto to = CopyNode<LogicalSetOperation>(op);
      const auto& from = static_cast<const LogicalSetOperation&>(op);
      to->operation = from.operation;
      to->all = from.all;
      return to;
    }
    case LogicalKind::kOrder: {
      auto to = CopyNode<LogicalOrder>(op);
      to->keys = static_cast<const LogicalOrder&>(op).keys;
      return to;
    }
    case LogicalKind::kDistinctOn: {
      auto to = CopyNode<LogicalDistinctOn>(op);
      to->columns = static_cast<const LogicalDistinctOn&>(op).columns;
      return to;
    }
    case LogicalKind::kTopN: {
      auto to = CopyNode<LogicalTopN>(op);
      const auto& from = static_cast<const LogicalTopN&>(op);
      to->keys = from.keys;
      to->limit = from.limit;
      to->offset = from.offset;
      return to;
    }
    case LogicalKind::kLimit: {
      auto to = CopyNode<LogicalLimit>(op);
      const auto& from = static_cast<const LogicalLimit&>(op);
      to->limit = from.limit;
      to->offset = from.offset;
      to->percent = from.percent;
      if (from.limit_expression) to->limit_expression = from.limit_expression->Copy();
      if (from.offset_expression) to->offset_expression = from.offset_expression->Copy();
      return to;
    }
    case LogicalKind::kUnnest: {
      auto to = CopyNode<LogicalUnnest>(op);
      const auto& from = static_cast<const LogicalUnnest&>(op);
      to->lists = CopyAll(from.lists);
      to->columns = from.columns;
      return to;
    }
    case LogicalKind::kLateralJoin: {
      auto to = CopyNode<LogicalLateralJoin>(op);
      const auto& from = static_cast<const LogicalLateralJoin&>(op);
      to->join_type = from.join_type;
      to->subquery = from.subquery->Copy();
      return to;
    }
    case LogicalKind::kWindow: {
      // Copying reads the expressions only.
      auto to = RebuildWindow(const_cast<LogicalWindow&>(static_cast<const LogicalWindow&>(op)),
                              [](ExpressionPtr& e) { return e->Copy(); });
      to->types = op.types;
      return to;
    }
    case LogicalKind::kRecursiveCte: {
      auto to = CopyNode<LogicalRecursiveCte>(op);
      const auto& from = static_cast<const LogicalRecursiveCte&>(op);
      to->definition = from.definition;
      to->union_all = from.union_all;
      to->max_iterations = from.max_iterations;
      to->round_ctes = from.round_ctes;
      to->key_columns = from.key_columns;
      to->key_aggregates = from.key_aggregates;
      to->input_types = from.input_types;
      return to;
    }
    case LogicalKind::kRecursiveScan: {
      auto to = CopyNode<LogicalRecursiveScan>(op);
      to->definition = static_cast<const LogicalRecursiveScan&>(op).definition;
      return to;
    }
    case LogicalKind::kCteScan: {
      auto to = CopyNode<LogicalCteScan>(op);
      to->cte = static_cast<const LogicalCteScan&>(op).cte;  // the same query, read again
      return to;
    }
    case LogicalKind::kChunkScan: {
      auto to = CopyNode<LogicalChunkScan>(op);
      to->name = static_cast<const LogicalChunkScan&>(op).name;
      to->rows = static_cast<const LogicalChunkScan&>(op).rows;
      return to;
    }
    case LogicalKind::kRange: {
      auto to = CopyNode<LogicalRange>(op);
      const auto& from = static_cast<const LogicalRange&>(op);
      to->start = from.start;
      to->step = from.step;
      to->count = from.count;
      to->values = from.values;
      return to;
    }
    case LogicalKind::kCsvScan: {
      auto to = CopyNode<LogicalCsvScan>(op);
      to->data = static_cast<const LogicalCsvScan&>(op).data;
      return to;
    }
    case LogicalKind::kInsert:
    case LogicalKind::kDelete:
    case LogicalKind::kUpdate:
    case LogicalKind::kMerge:
      break;
  }
  throw InternalError("CopyPlan of a writing operator");
}

}  // namespace

std::unique_ptr<LogicalWindow> RebuildWindow(
    LogicalWindow& from, const std::function<ExpressionPtr(ExpressionPtr&)>& take) {
  auto to = std::make_unique<LogicalWindow>();
  auto take_all = [&](std::vector<ExpressionPtr>& list) {
    std::vector<ExpressionPtr> out;
    for (auto& e : list) out.push_back(take(e));
    return out;
  };
  auto take_optional = [&](ExpressionPtr& e) { return e ? take(e) : nullptr; };
  to->partitions = take_all(from.partitions);
  to->orders = take_all(from.orders);
  to->order_keys = from.order_keys;
  for (auto& call : from.calls) {
    WindowCall c;
    c.function = call.function;
    c.aggregate = call.aggregate;
    c.arguments = take_all(call.arguments);
    c.ignore_nulls = call.ignore_nulls;
    c.unit = call.unit;
    c.start = call.start;
    c.end = call.end;
    c.start_offset = take_optional(call.start_offset);
    c.end_offset = take_optional(call.end_offset);
    c.range_key = take_optional(call.range_key);
    c.exclude = call.exclude;
    c.type = call.type;
    c.text = call.text;
    to->calls.push_back(std::move(c));
  }
  return to;
}

LogicalOperatorPtr CopyPlan(const LogicalOperator& plan) {
  auto copy = CopyOperator(plan);
  for (const auto& child : plan.children) copy->children.push_back(CopyPlan(*child));
  return copy;
}

}  // namespace teal
