// Subqueries in expressions: running their plans and applying scalar, EXISTS and
// quantified (ANY/ALL) semantics, with SQL's NULL rules.
#include "execution/subquery.hpp"

#include <fmt/format.h>

#include <unordered_map>

#include "execution/executor.hpp"
#include "execution/expression_executor.hpp"
#include "execution/physical_planner.hpp"
#include "execution/row_key.hpp"
#include "teal/error.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

namespace {

/// Runs the plan of `sub` with `outer` as its outer values and hands every result chunk
/// to `take`, until `take` returns false or the rows run out.
template <typename Take>
void RunPlan(const BoundSubquery& sub, const std::vector<Value>& outer, Take take) {
  // A subquery evaluated outside a physical plan (none is prepared) runs on this thread.
  ExecutorOptions options = sub.run ? sub.run->options : ExecutorOptions{};
  if (sub.correlated > 0) options.scheduler = nullptr;  // one run per outer value: small
  PhysicalOperatorPtr physical = CreatePhysicalPlan(*sub.plan, sub.parameters, &outer, options);
  Executor executor(*physical, options);
  executor.Initialize();
  while (auto chunk = executor.FetchChunk()) {
    if (!take(*chunk)) break;
  }
}

/// The value of a scalar subquery: NULL for no row, an error for more than one (or the
/// first row's, when the subquery allows several).
Value ScalarValue(const BoundSubquery& sub, const LogicalType& type,
                  const std::vector<Value>& outer) {
  Value value(type);
  idx_t rows = 0;
  RunPlan(sub, outer, [&](const DataChunk& chunk) {
    if (chunk.size() == 0) return true;
    if (!sub.error_on_multiple_rows) {
      value = chunk.GetValue(0, 0);
      return false;
    }
    rows += chunk.size();
    if (rows > 1) {
      throw InvalidInputError(fmt::format(
          "More than one row returned by a subquery used as an expression: {}", sub.text));
    }
    value = chunk.GetValue(0, 0);
    return true;
  });
  return value;
}

bool Exists(const BoundSubquery& sub, const std::vector<Value>& outer) {
  bool found = false;
  RunPlan(sub, outer, [&](const DataChunk& chunk) {
    found = chunk.size() > 0;
    return !found;
  });
  return found;
}

std::shared_ptr<SubqueryResult> Rows(const BoundSubquery& sub, const std::vector<Value>& outer) {
  auto result = std::make_shared<SubqueryResult>();
  const bool hashed = sub.op == CompareOp::kEqual || sub.op == CompareOp::kNotEqual;
  RunPlan(sub, outer, [&](const DataChunk& chunk) {
    // Flat, so that every row has its own bytes to encode (a constant column has one).
    Vector column(chunk.data[0].Type(), 0);
    column.Reference(chunk.data[0]);
    column.Flatten(chunk.size());
    for (idx_t i = 0; i < chunk.size(); i++) {
      result->count++;
      if (!column.RowIsValid(i)) {
        result->has_null = true;
        continue;
      }
      if (hashed) {
        std::string key;
        EncodeKey(column, i, key);
        result->keys.insert(std::move(key));
      } else {
        Value v = column.GetValue(i);
        if (result->min.IsNull() || CompareValues(v, result->min) < 0) result->min = v;
        if (result->max.IsNull() || CompareValues(v, result->max) > 0) result->max = std::move(v);
      }
    }
    return true;
  });
  return result;
}

enum class Truth { kFalse, kTrue, kNull };

/// `left` row `row` op ANY/ALL the rows of `r`, with SQL's rules: over no rows ANY is
/// false and ALL true; otherwise a NULL operand, or no decisive row but a NULL one,
/// makes the answer NULL.
Truth Quantify(const BoundSubquery& sub, const Vector& left, idx_t row, const SubqueryResult& r) {
  const bool any = sub.kind == SubqueryKind::kAny;
  if (r.count == 0) return any ? Truth::kFalse : Truth::kTrue;
  if (!left.RowIsValid(row)) return Truth::kNull;
  // ANY stops at the first row for which the comparison holds, ALL at the first for
  // which it does not.
  bool decided = false;
  if (sub.op == CompareOp::kEqual || sub.op == CompareOp::kNotEqual) {
    std::string key;
    EncodeKey(left, row, key);
    bool equal_found = r.keys.count(key) > 0;
    bool not_equal_found = r.keys.size() > (equal_found ? 1u : 0u);
    bool holds_somewhere = sub.op == CompareOp::kEqual ? equal_found : not_equal_found;
    bool fails_somewhere = sub.op == CompareOp::kEqual ? not_equal_found : equal_found;
    decided = any ? holds_somewhere : fails_somewhere;
  } else {
    // x > ANY holds when x > the least value, x > ALL fails when not x > the greatest;
    // and the other way round for < and <=.
    const bool greater = sub.op == CompareOp::kGreater || sub.op == CompareOp::kGreaterEqual;
    const Value& bound = greater == any ? r.min : r.max;
    if (!bound.IsNull()) {
      bool holds = ComparisonHolds(sub.op, CompareValues(left.GetValue(row), bound));
      decided = holds == any;
    }
  }
  if (decided) return any ? Truth::kTrue : Truth::kFalse;
  if (r.has_null) return Truth::kNull;
  return any ? Truth::kFalse : Truth::kTrue;
}

void SetTruth(Vector& out, idx_t row, Truth t) {
  if (t == Truth::kNull) {
    out.SetNull(row);
  } else {
    out.Values<bool>()[row] = t == Truth::kTrue;
  }
}

/// `e` evaluated over `input` as a flat vector of input.size() rows.
Vector Flat(const Expression& e, const DataChunk& input) {
  Vector v(e.type, 0);
  ExpressionExecutor(e).Execute(input, v);
  v.Flatten(input.size());
  return v;
}

/// One run of the kSubquery node `e`'s plan with `outer` as its outer values.
SubqueryAnswer Run(const Expression& e, const std::vector<Value>& outer) {
  const BoundSubquery& sub = *e.subquery;
  SubqueryAnswer answer;
  switch (sub.kind) {
    case SubqueryKind::kScalar:
      answer.value = ScalarValue(sub, e.type, outer);
      break;
    case SubqueryKind::kExists:
      answer.exists = Exists(sub, outer);
      break;
    case SubqueryKind::kAny:
    case SubqueryKind::kAll:
      answer.rows = Rows(sub, outer);
      break;
    case SubqueryKind::kLateral:
      throw InternalError("a LATERAL FROM item evaluated as an expression");
  }
  return answer;
}

/// The answer of the uncorrelated kSubquery node `e`, run on the first call.
const SubqueryAnswer& CachedAnswer(const Expression& e) {
  SubqueryRun& run = *e.subquery->run;
  run.once.Ensure([&] { run.answer = Run(e, {}); });
  return run.answer;
}

}  // namespace

void RunSubqueryPlan(const Expression& e, const std::vector<Value>& outer,
                     const std::function<bool(const DataChunk&)>& take) {
  RunPlan(*e.subquery, outer, take);
}

void PrepareSubqueries(ExpressionPtr& e, const ExecutorOptions& options, bool now) {
  for (auto& child : e->children) PrepareSubqueries(child, options, now);
  if (e->kind != BoundKind::kSubquery) return;
  auto prepared = std::make_shared<BoundSubquery>(*e->subquery);
  prepared->run = std::make_shared<SubqueryRun>(options);
  e->subquery = std::move(prepared);
  if (now && e->subquery->correlated == 0) CachedAnswer(*e);
}

void ExecuteSubquery(const Expression& e, const DataChunk& input, Vector& result) {
  const BoundSubquery& sub = *e.subquery;
  const idx_t count = input.size();
  std::vector<Vector> outer_columns;
  for (idx_t i = 0; i < sub.correlated; i++) outer_columns.push_back(Flat(*e.children[i], input));
  const bool quantified = sub.kind == SubqueryKind::kAny || sub.kind == SubqueryKind::kAll;
  Vector left = quantified ? Flat(*e.children.back(), input) : Vector(e.type, 0);

  const SubqueryAnswer* uncorrelated =
      count > 0 && sub.correlated == 0 && sub.run ? &CachedAnswer(e) : nullptr;
  // Correlated: one run per distinct outer row in this chunk (per row when the plan is not
  // deterministic).
  std::unordered_map<std::string, SubqueryAnswer> answers;
  std::string key;
  std::vector<Value> outer(sub.correlated);
  for (idx_t row = 0; row < count; row++) {
    const SubqueryAnswer* answer = uncorrelated;
    if (!answer) {
      key.clear();
      EncodeRow(outer_columns, row, key);
      // A plan that is not deterministic runs again for every row, even for equal values.
      if (!sub.deterministic) answers.clear();
      auto it = answers.find(key);
      if (it == answers.end()) {
        for (idx_t i = 0; i < sub.correlated; i++) outer[i] = outer_columns[i].GetValue(row);
        it = answers.emplace(key, Run(e, outer)).first;
      }
      answer = &it->second;
    }
    switch (sub.kind) {
      case SubqueryKind::kScalar:
        result.SetValue(row, answer->value);
        break;
      case SubqueryKind::kExists:
        result.Values<bool>()[row] = answer->exists;
        break;
      case SubqueryKind::kAny:
      case SubqueryKind::kAll:
        SetTruth(result, row, Quantify(sub, left, row, *answer->rows));
        break;
      case SubqueryKind::kLateral:
        throw InternalError("a LATERAL FROM item evaluated as an expression");
    }
  }
}

}  // namespace teal
