// The quantile argument of quantile_cont / quantile_disc / quantile / percentile_cont /
// percentile_disc, settled before the call is bound (Binder::RewriteQuantile).
//
// DuckDB's rules: the quantile is a constant in [-1, 1] — a negative one counts from the
// top, as does ORDER BY x DESC inside the call (percentile_cont(f) WITHIN GROUP (ORDER BY
// x DESC) arrives as that) — or a list of such constants, which gives a list of the
// quantiles. The aggregates themselves take one DOUBLE quantile per call; its sign bit says
// "from the top" (so that -0.0, the top value, differs from 0.0, the bottom one), and a
// list becomes a list_value of one call per quantile.
#include <algorithm>
#include <cmath>

#include "execution/expression_executor.hpp"
#include "function/volatile_calls.hpp"
#include "planner/binder.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {

bool IsQuantileWithFraction(const ParsedExpression& e) {
  if (e.name == "reservoir_quantile") return e.children.size() == 2 || e.children.size() == 3;
  return e.children.size() == 2 &&
         NameIsOneOf(e.name, {"quantile_cont", "quantile_disc", "quantile", "percentile_cont",
                              "percentile_disc", "approx_quantile"});
}

/// The approximate quantiles take [0, 1] only, as the standard's do.
bool FromZeroToOne(const std::string& name) {
  return NameIsOneOf(
      name, {"percentile_cont", "percentile_disc", "approx_quantile", "reservoir_quantile"});
}

bool HasParameter(const Expression& e) {
  if (e.kind == BoundKind::kParameter) return true;
  return std::any_of(e.children.begin(), e.children.end(),
                     [](const auto& child) { return HasParameter(*child); });
}

/// One quantile of the list (or the scalar), checked, as a double. The SQL standard's
/// percentile_cont / percentile_disc (`standard`) take [0, 1] only, as in PostgreSQL: their
/// direction is the ORDER BY's.
double QuantileOf(const Value& value, bool in_list, bool standard) {
  if (value.IsNull()) {
    throw BinderError(in_list ? "QUANTILE parameter cannot be NULL"
                              : "QUANTILE argument must not be NULL");
  }
  const double q = value.CastAs(TypeId::kDouble).GetStored<double>();
  if (std::isnan(q)) throw BinderError("QUANTILE parameter cannot be NaN");
  if (standard && (q < 0 || q > 1)) {
    throw BinderError(fmt::format("percentile value {} is not between 0 and 1", value.ToString()));
  }
  if (q < -1 || q > 1) throw BinderError("QUANTILE can only take parameters in the range [-1, 1]");
  return q;
}

}  // namespace

ParsedExpressionPtr Binder::RewriteQuantile(const ParsedExpression& e) {
  // filter_as_case: RewriteFilter's output, whose fraction this rewrite settled before
  // FILTER made it CASE WHEN filter THEN fraction END
  if (!IsQuantileWithFraction(e) || e.filter_as_case) return nullptr;
  const ParsedExpression& fraction = *e.children[1];
  const bool has_order = e.order_by && !e.order_by->empty();
  if (!has_order && fraction.kind == ExprKind::kConstant && !fraction.value.IsNull() &&
      fraction.value.Type().Id() == TypeId::kDouble) {
    return nullptr;  // settled (this rewrite's own output)
  }
  bool descending = false;
  if (has_order) {
    const OrderTerm& term = e.order_by->front();
    if (e.order_by->size() != 1 || !term.expression ||
        term.expression->ToString() != e.children[0]->ToString()) {
      throw BinderError(
          fmt::format("{}'s ORDER BY may only name its first argument (ORDER BY {} [DESC]): {}",
                      e.name, e.children[0]->ToString(), e.ToString()));
    }
    descending = OrderKeyFor(term, 0).descending;
  }
  if (e.children.size() == 3) {
    // reservoir_quantile's sample size: a constant, checked by the aggregate
    const ParsedExpression& size = *e.children[2];
    Scope scope;
    scope.clause = "a sample size";
    if (CallsVolatileFunction(size) || !BindExpression(size, scope)->IsFoldable()) {
      throw BinderError(fmt::format("{}: the sample size must be a constant expression, not {}",
                                    e.name, size.ToString()));
    }
  }
  if (CallsVolatileFunction(fraction)) {
    throw BinderError(fmt::format("{}: the quantile must be a constant expression, not {}", e.name,
                                  fraction.ToString()));
  }
  Scope scope;
  scope.clause = "a quantile";
  auto bound = BindExpression(fraction, scope);
  if (HasParameter(*bound)) {
    if (has_order) {
      throw NotImplementedError(
          fmt::format("a parameter as the quantile of {} with ORDER BY", e.name));
    }
    return nullptr;  // checked by the aggregate when it reads the value
  }
  if (!bound->IsFoldable()) {
    throw BinderError(fmt::format("{}: the quantile must be a constant expression, not {}", e.name,
                                  fraction.ToString()));
  }
  const bool standard = FromZeroToOne(e.name);
  const Value value = bound->kind == BoundKind::kConstant
                          ? bound->value
                          : ExpressionExecutor::EvaluateConstant(*bound);
  auto call = [&](double q) {
    auto one = e.Copy();
    one->order_by = nullptr;
    auto constant = std::make_unique<ParsedExpression>(ExprKind::kConstant);
    constant->location = fraction.location;
    // From the top: the sign bit, kept by -0.0 too.
    constant->value = Value::Double(descending ? -q : q);
    one->children[1] = std::move(constant);
    return one;
  };
  if (value.IsNull() ||
      (value.Type().Id() != TypeId::kList && value.Type().Id() != TypeId::kArray)) {
    return call(QuantileOf(value, false, standard));
  }
  const Value elements = value.CastAs(LogicalType::List(TypeId::kDouble));  // ARRAY too
  std::vector<double> quantiles;
  for (const Value& element : elements.GetList()) {
    quantiles.push_back(QuantileOf(element, true, standard));
    if (std::signbit(quantiles.back()) != std::signbit(quantiles.front())) {
      // one list is one order of the values
      throw BinderError("QUANTILE parameters must have consistent signs");
    }
  }
  auto list = std::make_unique<ParsedExpression>(ExprKind::kFunction);
  list->location = e.location;
  list->name = "list_value";
  list->builtin = true;
  for (double q : quantiles) list->children.push_back(call(q));
  // CASE WHEN count(x) > 0 THEN [quantiles] END: no values give NULL, not a list of NULLs
  // (and [] of some values the empty list)
  auto count = e.Copy();
  count->name = "count";
  count->builtin = true;
  count->children.resize(1);
  count->order_by = nullptr;
  auto zero = std::make_unique<ParsedExpression>(ExprKind::kConstant);
  zero->value = Value::BigInt(0);
  auto some = std::make_unique<ParsedExpression>(ExprKind::kOperator);
  some->name = ">";
  some->location = e.location;
  some->children.push_back(std::move(count));
  some->children.push_back(std::move(zero));
  auto result = std::make_unique<ParsedExpression>(ExprKind::kCase);
  result->location = e.location;
  result->alias = e.alias;
  result->children.push_back(std::move(some));
  result->children.push_back(std::move(list));
  return result;
}

}  // namespace teal
