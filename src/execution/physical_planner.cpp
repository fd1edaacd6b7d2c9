// PhysicalPlanner: one physical operator per logical operator, choosing the algorithm
// where there is a choice (a hash join when a join condition has equality keys).
#include "execution/physical_planner.hpp"

#include <fmt/format.h>

#include <map>

#include "execution/asof_join.hpp"
#include "execution/csv_scan.hpp"
#include "execution/cte_scan.hpp"
#include "execution/distinct_on.hpp"
#include "execution/hash_aggregate.hpp"
#include "execution/hash_join.hpp"
#include "execution/keyed_recursive_cte.hpp"
#include "execution/lateral_join.hpp"
#include "execution/limit_percent.hpp"
#include "execution/merge.hpp"
#include "execution/nested_loop_join.hpp"
#include "execution/operators.hpp"
#include "execution/order.hpp"
#include "execution/positional_join.hpp"
#include "execution/recursive_cte.hpp"
#include "execution/set_operation.hpp"
#include "execution/subquery.hpp"
#include "execution/top_n.hpp"
#include "execution/unnest.hpp"
#include "execution/update_delete.hpp"
#include "execution/window.hpp"
#include "planner/column_refs.hpp"
#include "planner/plan_copy.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {
/// Where a write operator keeps the rows its statement's AFTER triggers read.
std::shared_ptr<TransitionCapture> CaptureOf(const ExecutorOptions& options) {
  if (!options.transition) throw InternalError("a write that fires triggers without a capture");
  return options.transition;
}

/// What a copied plan's expressions get in place of parameters and outer references.
struct Substitution {
  const std::vector<Value>* parameters = nullptr;
  const std::vector<Value>* outer = nullptr;
};

/// A copy of `e` with parameters and outer references replaced by their values (casts
/// of them folded). Subqueries inside take the parameter values along for their plans.
ExpressionPtr Substitute(const Expression& e, const Substitution& with) {
  if (e.kind == BoundKind::kParameter) {
    const std::vector<Value> none;
    const std::vector<Value>& parameters = with.parameters ? *with.parameters : none;
    if (e.column >= parameters.size()) {
      throw InvalidInputError(fmt::format("parameter ${} has no value: {} values were given",
                                          e.column + 1, parameters.size()));
    }
    return MakeConstant(parameters[e.column]);
  }
  if (e.kind == BoundKind::kOuterRef) {
    if (!with.outer || e.column >= with.outer->size()) {
      throw InternalError("an outer reference without its value");
    }
    return MakeConstant((*with.outer)[e.column]);
  }
  auto copy = e.CopyNode();
  for (const auto& child : e.children) copy->children.push_back(Substitute(*child, with));
  if (copy->kind == BoundKind::kSubquery && with.parameters && !with.parameters->empty()) {
    auto sub = std::make_shared<BoundSubquery>(*copy->subquery);
    sub->parameters = *with.parameters;
    copy->subquery = std::move(sub);
  }
  if (copy->kind == BoundKind::kCast && copy->children[0]->kind == BoundKind::kConstant) {
    return MakeCast(std::move(copy->children[0]), copy->type);
  }
  return copy;
}

/// A hash join when `condition` has conjuncts `l = r` with l over the left input and
/// r over the right one (the keys); the other conjuncts stay as a residual condition.
/// Null when there are no such conjuncts.
PhysicalOperatorPtr PlanHashJoin(const LogicalJoin& join, ExpressionPtr condition) {
  if (join.join_type == JoinType::kCross || !condition) return nullptr;
  const idx_t left_width = join.children[0]->types.size();
  std::vector<ExpressionPtr> conjuncts, residual, left_keys, right_keys;
  SplitConjunction(std::move(condition), conjuncts);
  for (auto& c : conjuncts) {
    // A left key may read no column (a constant probed with every left row: IN).
    if (IsHashKey(*c, left_width)) {
      if (SideOf(*c->children[0], left_width) == ColumnSide::kRight) {
        std::swap(c->children[0], c->children[1]);
      }
      left_keys.push_back(std::move(c->children[0]));
      RemapColumns(*c->children[1], [&](idx_t col) { return col - left_width; });
      right_keys.push_back(std::move(c->children[1]));
      continue;
    }
    residual.push_back(std::move(c));
  }
  if (left_keys.empty()) return nullptr;
  if (join.join_type == JoinType::kMark && !join.mark_exists &&
      (left_keys.size() != 1 || !residual.empty())) {
    throw InternalError("a mark join needs exactly one key and no other condition");
  }
  ExpressionPtr rest = MakeConjunction(std::move(residual));
  if (join.build_left) {
    const bool left_join = join.join_type == JoinType::kLeft;
    if (!left_join && join.join_type != JoinType::kSemi && join.join_type != JoinType::kAnti) {
      throw InternalError("only a left, semi or anti join builds its left side");
    }
    // The right side probes (child 0), the left side is built (child 1): the joined row
    // is right's columns, then left's. A left join is then a right join (the build rows
    // no probe row met come last, with NULLs); a semi or anti join keeps build rows.
    const idx_t right_width = join.children[1]->types.size();
    auto swapped = [&](idx_t c) { return c < left_width ? c + right_width : c - left_width; };
    if (rest) RemapColumns(*rest, swapped);
    std::vector<idx_t> projection;
    for (idx_t j = 0; j < join.types.size(); j++) {
      projection.push_back(swapped(join.projection.empty() ? j : join.projection[j]));
    }
    return std::make_unique<PhysicalHashJoin>(
        join.types, left_join ? JoinType::kRight : join.join_type, std::move(right_keys),
        std::move(left_keys), std::move(rest), std::move(projection),
        /*build_side_kept=*/!left_join);
  }
  return std::make_unique<PhysicalHashJoin>(join.types, join.join_type, std::move(left_keys),
                                            std::move(right_keys), std::move(rest), join.projection,
                                            /*build_side_kept=*/false, join.mark_exists);
}

/// The types of a join's whole joined row (before its projection).
std::vector<LogicalType> JoinedTypes(const LogicalJoin& join) {
  std::vector<LogicalType> types = join.children[0]->types;
  if (join.join_type == JoinType::kMark) {
    types.emplace_back(TypeId::kBoolean);
  } else if (join.join_type != JoinType::kSemi && join.join_type != JoinType::kAnti) {
    const auto& right = join.children[1]->types;
    types.insert(types.end(), right.begin(), right.end());
  }
  return types;
}

/// A scan's join filter whose join is not built yet (it is above the scan).
struct PendingJoinFilter {
  PhysicalTableScan* scan;
  const JoinFilterRef* ref;
};

/// What Build passes down the plan.
struct BuildContext {
  const Substitution* with;  // null: move the expressions out of the plan
  const ExecutorOptions& options;
  /// The statement writes and will run, so its uncorrelated subqueries run now, before
  /// any row changes (they must see the table as it was; PostgreSQL's snapshot).
  bool eager;
  std::vector<PendingJoinFilter>* pending;
};

/// Gives the scans built under `join` (pending entries from `first` on) that filter by
/// its keys their filter; an entry whose keys the physical join does not probe with as
/// bare columns gets none, or a partial one by those it does (when partial already).
void ConnectJoinFilters(const LogicalJoin& join, const PhysicalHashJoin& hash,
                        std::vector<PendingJoinFilter>& pending, size_t first) {
  for (size_t i = first; i < pending.size();) {
    const PendingJoinFilter entry = pending[i];
    if (entry.ref->join_id != join.filter_id) {
      i++;
      continue;
    }
    pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(i));
    std::vector<idx_t> columns, keys;
    const auto& probe_keys = hash.left_keys();
    for (idx_t k = 0; k < probe_keys.size(); k++) {
      if (probe_keys[k]->kind != BoundKind::kColumnRef) continue;
      for (const auto& [probe_column, scan_column] : entry.ref->columns) {
        if (probe_column == probe_keys[k]->column) {
          columns.push_back(scan_column);
          keys.push_back(k);
          break;
        }
      }
    }
    if (columns.size() == probe_keys.size()) {
      entry.scan->AddJoinFilter(hash, columns);
    } else if (entry.ref->partial && !columns.empty()) {
      entry.scan->AddJoinFilter(hash, columns, keys);
    }
  }
}

PhysicalOperatorPtr Build(LogicalOperator& plan, const BuildContext& build);

/// A recursive query runs its two parts itself, round after round: they are no children
/// of its pipeline. The anchor is built now; the recursive part is built afresh for every
/// round (PhysicalRecursiveCte), from a logical plan it keeps.
PhysicalOperatorPtr BuildRecursiveCte(LogicalRecursiveCte& cte, const BuildContext& build) {
  PhysicalOperatorPtr anchor = Build(*cte.children[0], build);
  RecursivePart part;
  if (build.with) {
    // The plan is built again and again: it stays as it is, and so does this copy.
    part.plan = CopyPlan(*cte.children[1]);
    if (build.with->parameters) part.parameters = *build.with->parameters;
    if (build.with->outer) part.outer = *build.with->outer;
  } else {
    part.plan = std::move(cte.children[1]);  // used once: taken
  }
  part.round_ctes = cte.round_ctes;
  if (!cte.key_columns.empty()) {
    return std::make_unique<PhysicalKeyedRecursiveCte>(
        cte.types, cte.definition, cte.union_all, cte.max_iterations, std::move(anchor),
        std::move(part), build.options, cte.key_columns, cte.key_aggregates, cte.input_types);
  }
  return std::make_unique<PhysicalRecursiveCte>(cte.types, cte.definition, cte.union_all,
                                                cte.max_iterations, std::move(anchor),
                                                std::move(part), build.options);
}

/// Gives the functions in `e` that keep state for one execution
/// (ScalarFunction::per_execution) new state.
void RenewFunctionState(Expression& e) {
  for (auto& child : e.children) RenewFunctionState(*child);
  if (e.kind == BoundKind::kFunction && e.function->per_execution) {
    e.function = e.function->per_execution();
  }
}

/// The plan's physical operators.
PhysicalOperatorPtr Build(LogicalOperator& plan, const BuildContext& build) {
  const Substitution* with = build.with;
  auto take = [&](ExpressionPtr& e) -> ExpressionPtr {
    ExpressionPtr out = with ? Substitute(*e, *with) : std::move(e);
    RenewFunctionState(*out);
    PrepareSubqueries(out, build.options, build.eager);
    return out;
  };
  auto take_all = [&](std::vector<ExpressionPtr>& list) {
    std::vector<ExpressionPtr> out;
    for (auto& e : list) out.push_back(take(e));
    return out;
  };
  const size_t pending_before = build.pending->size();
  if (plan.kind == LogicalKind::kRecursiveCte) {
    return BuildRecursiveCte(static_cast<LogicalRecursiveCte&>(plan), build);
  }
  // A join over an empty build side may stop its probe side, unless that side computes
  // something not deterministic (nextval()). Asked before the children are built: building
  // takes their expressions.
  const bool probe_may_stop =
      plan.kind == LogicalKind::kJoin &&
      PlanIsDeterministic(*plan.children[static_cast<const LogicalJoin&>(plan).build_left ? 1 : 0]);
  std::vector<PhysicalOperatorPtr> children;
  for (auto& child : plan.children) children.push_back(Build(*child, build));
  PhysicalOperatorPtr op;
  switch (plan.kind) {
    case LogicalKind::kGet: {
      auto& get = static_cast<LogicalGet&>(plan);
      ExpressionPtr filter = MakeConjunction(take_all(get.filters));
      const std::vector<ExpressionPtr> hints = take_all(get.index_hints);
      std::optional<IndexScan> index =
          PlanIndexScan(*get.table, get.column_ids, filter.get(), hints);
      auto scan = std::make_unique<PhysicalTableScan>(get.types, get.table->storage, get.column_ids,
                                                      std::move(filter));
      if (index) {
        scan->SetIndexScan(std::move(*index), build.options.index_scan_max_count,
                           build.options.index_scan_share);
      }
      for (const auto& ref : get.join_filters) build.pending->push_back({scan.get(), &ref});
      op = std::move(scan);
      break;
    }
    case LogicalKind::kDummyScan:
      op = std::make_unique<PhysicalDummyScan>();
      break;
    case LogicalKind::kCsvScan:
      op = std::make_unique<PhysicalCsvScan>(plan.types, static_cast<LogicalCsvScan&>(plan).data);
      break;
    case LogicalKind::kValues: {
      auto& values = static_cast<LogicalValues&>(plan);
      std::vector<std::vector<ExpressionPtr>> rows;
      for (auto& row : values.rows) rows.push_back(take_all(row));
      op = std::make_unique<PhysicalValues>(values.types, std::move(rows));
      break;
    }
    case LogicalKind::kFilter: {
      auto& filter = static_cast<LogicalFilter&>(plan);
      ExpressionPtr predicate;
      if (filter.expressions.size() == 1) {
        predicate = take(filter.expressions[0]);
      } else {
        predicate = std::make_unique<Expression>(BoundKind::kAnd, TypeId::kBoolean);
        predicate->children = take_all(filter.expressions);
      }
      op = std::make_unique<PhysicalFilter>(filter.types, std::move(predicate));
      break;
    }
    case LogicalKind::kProjection: {
      auto& projection = static_cast<LogicalProjection&>(plan);
      op = std::make_unique<PhysicalProjection>(projection.types, take_all(projection.expressions));
      break;
    }
    case LogicalKind::kAggregate: {
      auto& aggregate = static_cast<LogicalAggregate&>(plan);
      op = std::make_unique<PhysicalHashAggregate>(aggregate.types, take_all(aggregate.groups),
                                                   take_all(aggregate.aggregates));
      break;
    }
    case LogicalKind::kJoin: {
      auto& join = static_cast<LogicalJoin&>(plan);
      ExpressionPtr condition = join.condition ? take(join.condition) : nullptr;
      if (join.join_type == JoinType::kPositional) {
        op = std::make_unique<PhysicalPositionalJoin>(join.types, JoinedTypes(join),
                                                      join.projection);
        break;
      }
      if (join.join_type == JoinType::kAsOf) {
        op = std::make_unique<PhysicalAsOfJoin>(
            join.types, JoinedTypes(join), join.asof_kind,
            SplitAsOfCondition(*condition, join.children[0]->types.size()), join.projection);
        break;
      }
      if (auto hash = PlanHashJoin(join, condition ? condition->Copy() : nullptr)) {
        static_cast<PhysicalHashJoin&>(*hash).SetProbeMayStop(probe_may_stop);
        if (join.filter_id != 0) {
          ConnectJoinFilters(join, static_cast<const PhysicalHashJoin&>(*hash), *build.pending,
                             pending_before);
        }
        op = std::move(hash);
        if (join.build_left) std::swap(children[0], children[1]);  // the probe side first
      } else if (join.join_type == JoinType::kMark) {
        throw InternalError("a mark join without equality keys");
      } else {
        if (join.build_left) {
          throw InternalError("a nested-loop join cannot build its left side");
        }
        auto loop = std::make_unique<PhysicalNestedLoopJoin>(
            join.types, JoinedTypes(join), join.join_type, std::move(condition), join.projection);
        loop->SetProbeMayStop(probe_may_stop);
        op = std::move(loop);
      }
      break;
    }
    case LogicalKind::kSetOperation: {
      auto& set = static_cast<LogicalSetOperation&>(plan);
      if (set.operation == SetOperation::kUnion) {
        // Without ALL, the binder put a grouping over it that removes the duplicates.
        op = std::make_unique<PhysicalUnion>(set.types);
      } else {
        op = std::make_unique<PhysicalSetOperation>(set.types, set.operation, set.all);
      }
      break;
    }
    case LogicalKind::kOrder: {
      auto& order = static_cast<LogicalOrder&>(plan);
      op = std::make_unique<PhysicalOrder>(order.types, order.keys);
      break;
    }
    case LogicalKind::kDistinctOn: {
      auto& distinct = static_cast<LogicalDistinctOn&>(plan);
      op = std::make_unique<PhysicalDistinctOn>(distinct.types, distinct.columns);
      break;
    }
    case LogicalKind::kTopN: {
      auto& top = static_cast<LogicalTopN&>(plan);
      op = std::make_unique<PhysicalTopN>(top.types, top.keys, top.limit, top.offset);
      break;
    }
    case LogicalKind::kUnnest: {
      auto& unnest = static_cast<LogicalUnnest&>(plan);
      op = std::make_unique<PhysicalUnnest>(unnest.types, unnest.columns, take_all(unnest.lists));
      break;
    }
    case LogicalKind::kLateralJoin: {
      auto& lateral = static_cast<LogicalLateralJoin&>(plan);
      op = std::make_unique<PhysicalLateralJoin>(
          lateral.types, lateral.join_type == JoinType::kLeft, take(lateral.subquery));
      break;
    }
    case LogicalKind::kLimit: {
      auto& limit = static_cast<LogicalLimit&>(plan);
      if (limit.percent) {
        op = std::make_unique<PhysicalLimitPercent>(
            limit.types, take(limit.limit_expression), limit.offset,
            limit.offset_expression ? take(limit.offset_expression) : nullptr);
        break;
      }
      op = std::make_unique<PhysicalLimit>(
          limit.types, limit.limit, limit.offset,
          limit.limit_expression ? take(limit.limit_expression) : nullptr,
          limit.offset_expression ? take(limit.offset_expression) : nullptr);
      break;
    }
    case LogicalKind::kInsert: {
      auto& insert = static_cast<LogicalInsert&>(plan);
      std::unique_ptr<InsertConflict> on_conflict;
      if (insert.on_conflict) {
        on_conflict = std::make_unique<InsertConflict>();
        on_conflict->target = insert.on_conflict->target;
        on_conflict->update = insert.on_conflict->update;
        on_conflict->columns = insert.on_conflict->columns;
        on_conflict->values = take_all(insert.on_conflict->values);
        if (insert.on_conflict->where) on_conflict->where = take(insert.on_conflict->where);
      }
      auto physical =
          std::make_unique<PhysicalInsert>(insert.table, insert.column_map, insert.returning,
                                           std::move(on_conflict), insert.foreign_keys);
      if (insert.capture) physical->SetCapture(CaptureOf(build.options));
      op = std::move(physical);
      break;
    }
    case LogicalKind::kWindow: {
      // The operator takes the expressions: moved out, or copies with the substitutions.
      auto& from = static_cast<LogicalWindow&>(plan);
      auto window = RebuildWindow(from, take);
      op = std::make_unique<PhysicalWindow>(from.types, *window);
      break;
    }
    case LogicalKind::kRecursiveCte:
      throw InternalError("a recursive query is built by BuildRecursiveCte");
    case LogicalKind::kRecursiveScan: {
      auto& scan = static_cast<LogicalRecursiveScan&>(plan);
      auto table = build.options.working_tables->Find(scan.definition.get());
      if (!table) {
        throw InternalError("a scan of WITH RECURSIVE " + scan.definition->name +
                            " outside its recursive part");
      }
      op = std::make_unique<PhysicalRecursiveScan>(scan.types, std::move(table));
      break;
    }
    case LogicalKind::kCteScan: {
      auto& scan = static_cast<LogicalCteScan&>(plan);
      if (!scan.children.empty() || !scan.cte->plan) {
        throw InternalError("WITH query " + scan.cte->name +
                            " neither planned in nor materialized");
      }
      const std::vector<Value>* parameters = with ? with->parameters : nullptr;
      auto rows =
          build.options.ctes
              ? build.options.ctes->RowsOf(*scan.cte, parameters, build.options)
              : std::make_shared<CteRows>(
                    scan.cte->plan, parameters ? *parameters : std::vector<Value>{}, build.options);
      op = std::make_unique<PhysicalCteScan>(scan.types, std::move(rows));
      break;
    }
    case LogicalKind::kChunkScan: {
      auto& scan = static_cast<LogicalChunkScan&>(plan);
      op = std::make_unique<PhysicalChunkScan>(scan.types, scan.rows);
      break;
    }
    case LogicalKind::kRange: {
      auto& range = static_cast<LogicalRange&>(plan);
      op = std::make_unique<PhysicalRange>(range.types, range.start, range.step, range.count,
                                           range.values);
      break;
    }
    case LogicalKind::kDelete: {
      auto& del = static_cast<LogicalDelete&>(plan);
      // RETURNING may read the rows' row ids (rowid), which follow the columns.
      auto physical = std::make_unique<PhysicalDelete>(del.table, del.row_id_column, del.returning,
                                                       del.foreign_keys, /*returns_row_id=*/true);
      if (del.capture) physical->SetCapture(CaptureOf(build.options));
      op = std::move(physical);
      break;
    }
    case LogicalKind::kMerge: {
      auto& merge = static_cast<LogicalMerge&>(plan);
      op = std::make_unique<PhysicalMerge>(merge.table, merge.layout, merge.returning,
                                           merge.foreign_keys);
      break;
    }
    case LogicalKind::kUpdate: {
      auto& update = static_cast<LogicalUpdate&>(plan);
      auto physical = std::make_unique<PhysicalUpdate>(update.table, update.columns,
                                                       update.returning, update.foreign_keys);
      if (update.capture) physical->SetCapture(CaptureOf(build.options));
      op = std::move(physical);
      break;
    }
  }
  if (!op) throw InternalError("logical operator without a physical counterpart");
  op->children = std::move(children);
  return op;
}
}  // namespace

namespace {
/// `options`, with a registry of working tables when it has none yet (a statement's plan;
/// its subqueries' plans share the statement's).
ExecutorOptions WithWorkingTables(const ExecutorOptions& options) {
  ExecutorOptions out = options;
  if (!out.working_tables) out.working_tables = std::make_shared<WorkingTables>();
  return out;
}

bool Writes(const LogicalOperator& plan) {
  if (plan.kind == LogicalKind::kInsert || plan.kind == LogicalKind::kUpdate ||
      plan.kind == LogicalKind::kDelete || plan.kind == LogicalKind::kMerge) {
    return true;
  }
  for (const auto& child : plan.children) {
    if (Writes(*child)) return true;
  }
  return false;
}
}  // namespace

PhysicalOperatorPtr CreatePhysicalPlan(LogicalOperator& plan, const std::vector<Value>* parameters,
                                       const ExecutorOptions& options, bool will_run) {
  const bool eager = will_run && Writes(plan);
  std::vector<PendingJoinFilter> pending;
  const ExecutorOptions run = WithWorkingTables(options);
  if (!parameters) return Build(plan, BuildContext{nullptr, run, eager, &pending});
  Substitution with{parameters, nullptr};
  return Build(plan, BuildContext{&with, run, eager, &pending});
}

PhysicalOperatorPtr CreatePhysicalPlan(const LogicalOperator& plan,
                                       const std::vector<Value>& parameters,
                                       const std::vector<Value>* outer,
                                       const ExecutorOptions& options) {
  Substitution with{&parameters, outer};
  // With a substitution, Build copies every expression and leaves `plan` as it was.
  std::vector<PendingJoinFilter> pending;
  const ExecutorOptions run = WithWorkingTables(options);
  return Build(const_cast<LogicalOperator&>(plan),
               BuildContext{&with, run, Writes(plan), &pending});
}

}  // namespace teal
