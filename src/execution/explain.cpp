// EXPLAIN: describing logical operators and rendering the tree.
#include "execution/explain.hpp"

#include <fmt/format.h>

#include "storage/data_table.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

std::string List(const std::vector<ExpressionPtr>& expressions, const char* separator) {
  std::string out;
  for (size_t i = 0; i < expressions.size(); i++) {
    out += (i ? separator : "") + expressions[i]->ToString();
  }
  return out;
}

std::string JoinName(JoinType type) {
  switch (type) {
    case JoinType::kInner:
      return "INNER";
    case JoinType::kLeft:
      return "LEFT";
    case JoinType::kRight:
      return "RIGHT";
    case JoinType::kFull:
      return "FULL";
    case JoinType::kCross:
      return "CROSS";
    case JoinType::kSemi:
      return "SEMI";
    case JoinType::kAnti:
      return "ANTI";
    case JoinType::kMark:
      return "MARK";
    case JoinType::kAsOf:
      return "ASOF";
    case JoinType::kPositional:
      return "POSITIONAL";
  }
  return "?";
}

std::string OrderKeys(const std::vector<OrderKey>& keys) {
  std::string out;
  for (const auto& key : keys) {
    out += fmt::format("{}#{} {} NULLS {}", out.empty() ? "" : ", ", key.column,
                       key.descending ? "DESC" : "ASC", key.nulls_first ? "FIRST" : "LAST");
  }
  return out;
}

std::string Details(const LogicalOperator& op) {
  switch (op.kind) {
    case LogicalKind::kGet: {
      const auto& get = static_cast<const LogicalGet&>(op);
      std::string columns;
      for (size_t i = 0; i < get.column_ids.size(); i++) {
        idx_t c = get.column_ids[i];
        columns += (i ? ", " : "") +
                   (c == kRowIdColumn ? std::string("rowid") : get.table->columns[c].name);
      }
      std::string out = fmt::format("{} ({})", get.table->name, columns);
      if (!get.filters.empty()) out += " WHERE " + List(get.filters, " AND ");
      for (const auto& filter : get.join_filters) {
        // The columns a join's build side filters (its keys' range, its hash filter).
        out += " JOIN FILTER (";
        for (size_t k = 0; k < filter.columns.size(); k++) {
          const idx_t c = get.column_ids[filter.columns[k].second];
          out += (k ? ", " : "") +
                 (c == kRowIdColumn ? std::string("rowid") : get.table->columns[c].name);
        }
        out += filter.partial ? "; partial)" : ")";
      }
      return out;
    }
    case LogicalKind::kDummyScan:
      return "";
    case LogicalKind::kCsvScan: {
      const auto& files = static_cast<const LogicalCsvScan&>(op).data->files;
      return files.size() == 1 ? files[0] : fmt::format("{} files", files.size());
    }
    case LogicalKind::kValues: {
      const size_t rows = static_cast<const LogicalValues&>(op).rows.size();
      return rows == 0 ? "" : fmt::format("{} rows", rows);  // none: EMPTY_RESULT says it
    }
    case LogicalKind::kFilter:
      return List(static_cast<const LogicalFilter&>(op).expressions, " AND ");
    case LogicalKind::kProjection:
      return List(static_cast<const LogicalProjection&>(op).expressions, ", ");
    case LogicalKind::kAggregate: {
      const auto& aggregate = static_cast<const LogicalAggregate&>(op);
      std::string out;
      if (!aggregate.groups.empty()) out = "groups: " + List(aggregate.groups, ", ");
      if (!aggregate.aggregates.empty()) {
        out += (out.empty() ? "" : "; ") + std::string("aggregates: ") +
               List(aggregate.aggregates, ", ");
      }
      return out;
    }
    case LogicalKind::kJoin: {
      const auto& join = static_cast<const LogicalJoin&>(op);
      std::string out = JoinName(join.join_type);
      if (join.join_type == JoinType::kAsOf && join.asof_kind != JoinType::kInner) {
        out += " " + JoinName(join.asof_kind);
      }
      if (join.build_left) out += " BUILD LEFT";
      if (join.condition) out += " ON " + join.condition->ToString();
      if (!join.projection.empty()) {
        // The joined row's columns it outputs (the others only its condition reads).
        out += " OUTPUT";
        for (size_t j = 0; j < join.projection.size(); j++) {
          out += fmt::format("{}#{}", j ? ", " : " ", join.projection[j]);
        }
      }
      return out;
    }
    case LogicalKind::kSetOperation: {
      const auto& set = static_cast<const LogicalSetOperation&>(op);
      const char* name = set.operation == SetOperation::kUnion       ? "UNION"
                         : set.operation == SetOperation::kIntersect ? "INTERSECT"
                                                                     : "EXCEPT";
      return fmt::format("{}{}", name, set.all ? " ALL" : "");
    }
    case LogicalKind::kOrder:
      return OrderKeys(static_cast<const LogicalOrder&>(op).keys);
    case LogicalKind::kTopN: {
      const auto& top = static_cast<const LogicalTopN&>(op);
      std::string out = fmt::format("LIMIT {}", top.limit);
      if (top.offset) out += fmt::format(" OFFSET {}", top.offset);
      return out + "; " + OrderKeys(top.keys);
    }
    case LogicalKind::kDistinctOn: {
      std::string out;
      for (idx_t column : static_cast<const LogicalDistinctOn&>(op).columns) {
        out += fmt::format("{}#{}", out.empty() ? "" : ", ", column);
      }
      return out;
    }
    case LogicalKind::kWindow: {
      const auto& window = static_cast<const LogicalWindow&>(op);
      std::string out;
      for (const auto& call : window.calls) out += (out.empty() ? "" : ", ") + call.text;
      if (!window.partitions.empty()) out += "; PARTITION BY " + List(window.partitions, ", ");
      if (!window.orders.empty()) out += "; ORDER BY " + List(window.orders, ", ");
      return out;
    }
    case LogicalKind::kUnnest:
      return List(static_cast<const LogicalUnnest&>(op).lists, ", ");
    case LogicalKind::kLateralJoin:
      // The outer values the item's plan is run with, per row.
      return List(static_cast<const LogicalLateralJoin&>(op).subquery->children, ", ");
    case LogicalKind::kLimit: {
      const auto& limit = static_cast<const LogicalLimit&>(op);
      std::string out = limit.limit_expression ? "LIMIT " + limit.limit_expression->ToString() +
                                                     (limit.percent ? " %" : "")
                        : limit.limit == kInvalidIndex ? ""
                                                       : fmt::format("LIMIT {}", limit.limit);
      if (limit.offset_expression) {
        out += (out.empty() ? "OFFSET " : " OFFSET ") + limit.offset_expression->ToString();
      } else if (limit.offset) {
        out += fmt::format("{}OFFSET {}", out.empty() ? "" : " ", limit.offset);
      }
      return out;
    }
    case LogicalKind::kInsert:
      return static_cast<const LogicalInsert&>(op).table->name;
    case LogicalKind::kDelete:
      return static_cast<const LogicalDelete&>(op).table->name;
    case LogicalKind::kMerge:
      return static_cast<const LogicalMerge&>(op).table->name;
    case LogicalKind::kUpdate: {
      const auto& update = static_cast<const LogicalUpdate&>(op);
      std::string columns;
      for (size_t i = 0; i < update.columns.size(); i++) {
        columns += (i ? ", " : "") + update.table->columns[update.columns[i]].name;
      }
      return fmt::format("{} SET {}", update.table->name, columns);
    }
    case LogicalKind::kCteScan:
      return static_cast<const LogicalCteScan&>(op).cte->name;
    case LogicalKind::kRecursiveCte: {
      const auto& cte = static_cast<const LogicalRecursiveCte&>(op);
      return cte.definition->name + (cte.union_all ? " UNION ALL" : " UNION");
    }
    case LogicalKind::kRecursiveScan:
      return static_cast<const LogicalRecursiveScan&>(op).definition->name;
    case LogicalKind::kChunkScan:
      return static_cast<const LogicalChunkScan&>(op).name;
    case LogicalKind::kRange: {
      const auto& range = static_cast<const LogicalRange&>(op);
      if (range.values) return fmt::format("{} values listed", range.count);
      return fmt::format("{} values from {} step {}", range.count, range.start, range.step);
    }
  }
  return "";
}

}  // namespace

PlanDetails DescribePlan(const LogicalOperator& plan) {
  PlanDetails details;
  details.text = Details(plan);
  details.children_swapped =
      plan.kind == LogicalKind::kJoin && static_cast<const LogicalJoin&>(plan).build_left;
  for (const auto& child : plan.children) details.children.push_back(DescribePlan(*child));
  return details;
}

ProfiledOperator ProfilePlan(const PlanDetails& details, const PhysicalOperator& op,
                             const QueryContext* analyzed) {
  const std::vector<const PhysicalOperator*> children = op.ExplainChildren();
  if (details.children.size() != children.size()) {
    throw InternalError("EXPLAIN: the physical plan does not have the logical plan's shape");
  }
  ProfiledOperator out;
  out.name = op.Name();
  out.details = details.text;
  OperatorProfile profile;
  if (analyzed) profile = analyzed->ProfileOf(op);
  // What the operator chose as it ran says more than what it was planned to try.
  const std::string note = profile.note.empty() ? op.PlanNote() : profile.note;
  if (!note.empty()) out.details += (out.details.empty() ? "" : "  ") + note;
  out.rows = profile.rows;
  out.nanos = profile.nanos;
  for (size_t i = 0; i < children.size(); i++) {
    const size_t physical = details.children_swapped ? children.size() - 1 - i : i;
    out.children.push_back(ProfilePlan(details.children[i], *children[physical], analyzed));
  }
  return out;
}

namespace {
void Render(const ProfiledOperator& op, bool analyzed, int depth, std::vector<std::string>& lines) {
  std::string line(static_cast<size_t>(depth) * 2, ' ');
  line += op.name;
  if (!op.details.empty()) line += "  " + op.details;
  if (analyzed) {
    line +=
        fmt::format("  (rows: {}, time: {:.3f} ms)", op.rows, static_cast<double>(op.nanos) / 1e6);
  }
  lines.push_back(std::move(line));
  for (const auto& child : op.children) Render(child, analyzed, depth + 1, lines);
}

}  // namespace

std::vector<std::string> RenderOperators(const ProfiledOperator& plan, bool analyzed) {
  std::vector<std::string> lines;
  Render(plan, analyzed, 0, lines);
  return lines;
}

std::vector<std::string> RenderPlan(const PlanDetails& details, const PhysicalOperator& plan,
                                    const QueryContext* analyzed) {
  return RenderOperators(ProfilePlan(details, plan, analyzed), analyzed != nullptr);
}

}  // namespace teal
