// Binder: window function calls (f(…) OVER (…)) and the window operators that compute
// them, and FILTER (WHERE …) of aggregates.
#include "common/string_distance.hpp"
#include "function/collation.hpp"
#include "function/function.hpp"
#include "function/implicit_cast.hpp"
#include "parser/window_spec.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/binder/tableref/catalog_listing.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

struct RankingFunction {
  const char* name;
  WindowFunction function;
  idx_t min_arguments, max_arguments;
};

constexpr RankingFunction kWindowFunctions[] = {
    {"row_number", WindowFunction::kRowNumber, 0, 0},
    {"rank", WindowFunction::kRank, 0, 0},
    {"dense_rank", WindowFunction::kDenseRank, 0, 0},
    {"percent_rank", WindowFunction::kPercentRank, 0, 0},
    {"cume_dist", WindowFunction::kCumeDist, 0, 0},
    {"ntile", WindowFunction::kNtile, 1, 1},
    {"lag", WindowFunction::kLag, 1, 3},
    {"lead", WindowFunction::kLead, 1, 3},
    {"first_value", WindowFunction::kFirstValue, 1, 1},
    {"last_value", WindowFunction::kLastValue, 1, 1},
    {"nth_value", WindowFunction::kNthValue, 2, 2},
};

const RankingFunction* FindWindowFunction(std::string_view name) {
  for (const auto& f : kWindowFunctions) {
    if (name == f.name) return &f;
  }
  return nullptr;
}

bool SameWindow(const Binder::Scope::PendingWindow& a, const Binder::Scope::PendingWindow& b) {
  auto same_list = [](const std::vector<ExpressionPtr>& x, const std::vector<ExpressionPtr>& y) {
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); i++) {
      if (!x[i]->Equals(*y[i])) return false;
    }
    return true;
  };
  if (!same_list(a.partitions, b.partitions) || !same_list(a.orders, b.orders)) return false;
  for (size_t i = 0; i < a.order_keys.size(); i++) {
    if (a.order_keys[i].descending != b.order_keys[i].descending ||
        a.order_keys[i].nulls_first != b.order_keys[i].nulls_first) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool IsWindowOnlyFunction(std::string_view name) { return FindWindowFunction(name) != nullptr; }

void CheckFilterAsCase(const ParsedExpression& call, const AggregateFunction& function) {
  if (call.filter_as_case && !function.ignores_nulls && !function.skips_null_first_argument) {
    throw NotImplementedError(
        fmt::format("FILTER on {}, which keeps NULL arguments", function.name));
  }
}

ParsedExpressionPtr Binder::RewriteFilter(const ParsedExpression& call) {
  const AggregateFunctionSet* set = FunctionCatalog::Builtins().FindAggregate(call.name);
  if (!set && !call.star) {
    throw BinderError(
        fmt::format("FILTER is only allowed on aggregate functions ({})", call.ToString()));
  }
  // Each argument becomes CASE WHEN filter THEN argument END: a filtered-out row has a
  // NULL argument, which these aggregates skip. count(*) counts CASE WHEN filter THEN 1.
  auto guarded = [&](const ParsedExpression& argument) {
    auto e = std::make_unique<ParsedExpression>(ExprKind::kCase);
    e->location = call.location;
    e->children.push_back(call.filter->Copy());
    e->children.push_back(argument.Copy());
    return e;
  };
  auto out = std::make_unique<ParsedExpression>(ExprKind::kFunction);
  out->location = call.location;
  out->name = call.star ? "count" : call.name;
  out->distinct = call.distinct;
  out->window = call.window;
  out->order_by = call.order_by;  // a filtered-out row's NULL argument is skipped, key unread
  out->alias = call.alias;
  out->filter_as_case = true;
  if (call.star) {
    ParsedExpression one(ExprKind::kConstant);
    one.value = Value::Integer(1);
    out->children.push_back(guarded(one));
  }
  for (const auto& c : call.children) out->children.push_back(guarded(*c));
  return out;
}

ExpressionPtr Binder::BindFrameOffset(const ParsedExpression& offset, bool preceding,
                                      WindowCall& call, const Expression* key, bool descending,
                                      Scope& scope) {
  auto bound = BindExpression(offset, scope);
  // DuckDB's words first ("Window ROWS PRECEDING expression cannot be NULL").
  const char* unit = call.unit == FrameUnit::kRows    ? "ROWS"
                     : call.unit == FrameUnit::kRange ? "RANGE"
                                                      : "GROUPS";
  const char* side = preceding ? "PRECEDING" : "FOLLOWING";
  if (bound->IsFoldable() && bound->kind == BoundKind::kConstant) {
    if (bound->value.IsNull()) {
      throw BinderError(fmt::format(
          "Window {} {} expression cannot be NULL: a frame offset must not be NULL ({})", unit,
          side, call.text));
    }
  }
  if (call.unit != FrameUnit::kRange) {
    bound = MakeCast(std::move(bound), TypeId::kBigInt);
    if (bound->kind == BoundKind::kConstant && !bound->value.IsNull() &&
        bound->value.GetStored<int64_t>() < 0) {
      throw BinderError(fmt::format(
          "Window {} {} expression cannot be negative: a frame offset must not be negative ({})",
          unit, side, call.text));
    }
    return bound;
  }
  if (!key) {
    throw BinderError(fmt::format(
        "RANGE with an offset PRECEDING or FOLLOWING needs exactly one ORDER BY column ({})",
        call.text));
  }
  if (bound->kind == BoundKind::kConstant && bound->type.IsNumeric() &&
      bound->value.CastAs(TypeId::kDouble).GetStored<double>() < 0) {
    throw OutOfRangeError(fmt::format(
        "Invalid RANGE {} value: a frame offset must not be negative ({})", side, call.text));
  }
  if (!key->type.IsNumeric() && key->type.Id() != TypeId::kDate &&
      key->type.Id() != TypeId::kTimestamp && key->type.Id() != TypeId::kTimestampTz &&
      key->type.Id() != TypeId::kTime && key->type.Id() != TypeId::kInterval) {
    throw BinderError(fmt::format("RANGE with an offset cannot order by {} ({})",
                                  key->type.ToString(), call.text));
  }
  ExpressionPtr time_key;
  if (key->type.Id() == TypeId::kTime) {
    // TIME wraps at midnight (00:30 - 2 hours is 22:30, after it): the frame is found on
    // the time as an INTERVAL since midnight, which does not wrap (PostgreSQL's in_range
    // for time).
    time_key = MakeCast(key->Copy(), TypeId::kInterval);
    key = time_key.get();
  }
  // Ascending, n PRECEDING is the key minus n; descending, plus n.
  const bool minus = preceding != descending;
  std::vector<ExpressionPtr> arguments;
  arguments.push_back(key->Copy());
  arguments.push_back(std::move(bound));
  auto boundary = BindScalarCall(minus ? "-" : "+", std::move(arguments), offset);
  LogicalType type = call.range_key ? call.range_key->type : key->type;
  type = CommonType(type, false, boundary->type, false, "RANGE frame");
  call.range_key = MakeCast(key->Copy(), type);
  return MakeCast(std::move(boundary), type);
}

ParsedExpressionPtr Binder::MacroOverWindow(const ParsedExpression& e, Scope& scope) {
  if (FindWindowFunction(e.name) || FunctionCatalog::Builtins().FindAggregate(e.name)) {
    return nullptr;
  }
  auto macro = MacroCalled(e);
  if (!macro || macro->table) return nullptr;
  ParsedExpressionPtr plain = e.Copy();  // the call's arguments, without its window
  plain->window = nullptr;
  std::unique_ptr<SelectStatement> body = ExpandMacro(*macro, *plain, scope);
  ParsedExpressionPtr expanded = std::move(body->select_list[0]);
  // Every aggregate call of the body (not inside a subquery) takes the window.
  bool any = false;
  std::function<void(ParsedExpression&)> attach = [&](ParsedExpression& x) {
    if (x.kind == ExprKind::kFunction && !x.window &&
        FunctionCatalog::Builtins().FindAggregate(x.name)) {
      x.window = e.window;
      any = true;
      return;
    }
    for (auto& child : x.children) attach(*child);
  };
  attach(*expanded);
  if (!any) {
    throw BinderError(fmt::format(
        "macro \"{}\" called OVER (…) has no aggregate call to apply the window to ({})",
        macro->name, e.ToString()));
  }
  return expanded;
}

ExpressionPtr Binder::BindWindow(const ParsedExpression& e, Scope& scope) {
  // As for other calls: a name := value would otherwise be taken by its position.
  for (const auto& argument : e.children) {
    if (!argument->argument_name.empty()) {
      throw BinderError(
          fmt::format("{} takes no named arguments (name := value): {}", e.name, e.ToString()));
    }
  }
  if (e.filter) return BindWindow(*RewriteFilter(e), scope);
  if (auto expanded = MacroOverWindow(e, scope)) {
    macros_in_progress_.push_back(e.name);  // a macro that calls itself is refused
    struct Pop {
      std::vector<std::string>& list;
      ~Pop() { list.pop_back(); }
    } pop{macros_in_progress_};
    return BindExpression(*expanded, scope);
  }
  const std::string text = e.ToString();
  if (!scope.allow_windows) {
    throw BinderError(
        fmt::format("window functions are not allowed in {} ({})", scope.clause, text));
  }
  if (scope.inside_window) {
    throw BinderError(fmt::format("window function calls cannot be nested ({})", text));
  }
  if (scope.inside_aggregate) {
    throw BinderError(
        fmt::format("aggregate function calls cannot contain window function calls ({})", text));
  }
  const WindowSpec& spec = *e.window;
  Scope::PendingWindow window;
  WindowCall& call = window.call;
  call.text = text;
  call.ignore_nulls = e.ignore_nulls;
  call.unit = spec.unit;
  call.start = spec.start;
  call.end = spec.end;
  call.exclude = spec.exclude;
  // unnest() in a window's expressions would need its rows below the window operator.
  struct Restore {
    Scope& scope;
    bool allow_unnest;
    ~Restore() {
      scope.inside_window = false;
      scope.allow_unnest = allow_unnest;
    }
  } restore{scope, scope.allow_unnest};
  scope.inside_window = true;
  scope.allow_unnest = false;

  // Collated values partition and sort by their collated keys.
  for (const auto& p : spec.partitions) {
    window.partitions.push_back(Collated(BindExpression(*p, scope)));
  }
  for (const auto& term : spec.orders) {
    window.order_keys.push_back(OrderKeyFor(term, window.orders.size()));
    window.orders.push_back(Collated(BindExpression(*term.expression, scope)));
  }

  std::vector<ExpressionPtr> arguments;
  for (const auto& c : e.children) arguments.push_back(BindExpression(*c, scope));
  const RankingFunction* ranking = FindWindowFunction(e.name);
  bool by_place = false;  // KeyedByCollation: the result's field 2 is the value
  if (ranking) {
    if (e.star || e.distinct) {
      throw BinderError(fmt::format("{} takes neither * nor DISTINCT ({})", e.name, text));
    }
    if (arguments.size() < ranking->min_arguments || arguments.size() > ranking->max_arguments) {
      // DuckDB's words first: the call matches no function.
      throw BinderError(
          "No function matches the given name and argument types: " +
          (ranking->min_arguments == ranking->max_arguments
               ? fmt::format("{} takes {} argument{} ({})", e.name, ranking->min_arguments,
                             ranking->min_arguments == 1 ? "" : "s", text)
               : fmt::format("{} takes {} to {} arguments ({})", e.name, ranking->min_arguments,
                             ranking->max_arguments, text)));
    }
    call.function = ranking->function;
    if (e.order_by) {
      throw NotImplementedError(
          fmt::format("ORDER BY inside the arguments of {} ({})", e.name, text));
    }
    const bool takes_value = ranking->min_arguments > 0 && call.function != WindowFunction::kNtile;
    if (e.ignore_nulls && !takes_value) {
      throw BinderError(fmt::format("IGNORE NULLS is not allowed for {} ({})", e.name, text));
    }
    switch (call.function) {
      case WindowFunction::kRowNumber:
      case WindowFunction::kRank:
      case WindowFunction::kDenseRank:
        call.type = TypeId::kBigInt;
        break;
      case WindowFunction::kPercentRank:
      case WindowFunction::kCumeDist:
        call.type = TypeId::kDouble;
        break;
      case WindowFunction::kNtile:
        call.type = TypeId::kBigInt;
        arguments[0] = MakeCast(std::move(arguments[0]), TypeId::kBigInt);
        break;
      case WindowFunction::kLag:
      case WindowFunction::kLead: {
        LogicalType type = ResolveNull(arguments[0]->type);
        if (arguments.size() == 3) {
          type = ResolveNull(CommonType(arguments[0]->type, IsLiteral(*arguments[0]),
                                        arguments[2]->type, IsLiteral(*arguments[2]), e.name));
          arguments[2] = MakeCast(std::move(arguments[2]), type);
        }
        arguments[0] = MakeCast(std::move(arguments[0]), type);
        if (arguments.size() >= 2) {
          arguments[1] = MakeCast(std::move(arguments[1]), TypeId::kBigInt);
        }
        call.type = type;
        break;
      }
      case WindowFunction::kNthValue:
        arguments[1] = MakeCast(std::move(arguments[1]), TypeId::kBigInt);
        [[fallthrough]];
      case WindowFunction::kFirstValue:
      case WindowFunction::kLastValue:
        call.type = ResolveNull(arguments[0]->type);
        arguments[0] = MakeCast(std::move(arguments[0]), call.type);
        break;
      case WindowFunction::kAggregate:
        break;
    }
  } else {
    std::string name = e.name;
    if (e.star) {
      if (name != "count") {
        throw BinderError(fmt::format("{}(*) is not a function; only count(*) is", name));
      }
      name = "count_star";
    }
    if (name == "count" && arguments.empty()) name = "count_star";  // DuckDB's count()
    // min / max of a collated VARCHAR go by the collation, as outside a window.
    std::optional<LogicalType> collated;
    if ((name == "min" || name == "max") && arguments.size() == 1 &&
        !CollationFunctions(EffectiveCollation(arguments[0]->type)).empty()) {
      collated = arguments[0]->type;
      arguments.push_back(Collated(arguments[0]->Copy()));
      name = name == "min" ? "arg_min" : "arg_max";
    }
    by_place = KeyedByCollation(name, arguments);
    if (by_place && (name == "mode" || name == "histogram")) {
      name = name == "mode" ? kModeByKey : kHistogramByKey;
      by_place = false;  // they give the value itself
    }
    const AggregateFunctionSet* set = FunctionCatalog::Builtins().FindAggregate(name);
    if (!set) {
      if (FunctionCatalog::Builtins().FindScalar(name)) {
        throw CatalogError(fmt::format(
            "{} is not an aggregate function, nor a window function: it cannot be called OVER "
            "(…) ({})",
            name, text));
      }
      throw CatalogError(WithDidYouMean(
          fmt::format("Function with name {} does not exist! It is no window function, nor an "
                      "aggregate ({})",
                      name, text),
          name, FunctionCatalog::Builtins().Names()));
    }
    if (e.ignore_nulls) {
      throw BinderError(fmt::format("IGNORE NULLS is not allowed for {} ({})", e.name, text));
    }
    // DISTINCT over a frame: the function keeps each frame's distinct values itself.
    AggregateFunction function =
        ResolveAggregateCall(e, *set, arguments, scope, /*distinct_inside=*/true);
    call.function = WindowFunction::kAggregate;
    call.type = collated ? *collated : function.return_type;
    call.aggregate = std::make_shared<const AggregateFunction>(std::move(function));
  }
  call.arguments = std::move(arguments);

  const Expression* range_key = window.orders.size() == 1 ? window.orders[0].get() : nullptr;
  const bool descending = !window.order_keys.empty() && window.order_keys[0].descending;
  if (spec.start_offset) {
    call.start_offset = BindFrameOffset(*spec.start_offset, spec.start == FrameBoundary::kPreceding,
                                        call, range_key, descending, scope);
  }
  if (spec.end_offset) {
    call.end_offset = BindFrameOffset(*spec.end_offset, spec.end == FrameBoundary::kPreceding, call,
                                      range_key, descending, scope);
  }
  if (call.range_key) {  // both boundaries in the key's comparison type
    if (call.start_offset && spec.unit == FrameUnit::kRange) {
      call.start_offset = MakeCast(std::move(call.start_offset), call.range_key->type);
    }
    if (call.end_offset && spec.unit == FrameUnit::kRange) {
      call.end_offset = MakeCast(std::move(call.end_offset), call.range_key->type);
    }
  }
  const LogicalType type = call.type;
  const idx_t column = Scope::kWindowColumn + scope.windows.size();
  scope.windows.push_back(std::move(window));
  if (by_place) return BindStructExtract(MakeColumnRef(column, type, text), Value::BigInt(2), text);
  return MakeColumnRef(column, type, text);
}

void Binder::AddWindows(Scope& scope, LogicalOperatorPtr& plan,
                        const std::vector<Expression*>& users) {
  if (scope.windows.empty()) return;
  // Calls over the same PARTITION BY and ORDER BY share one operator (one sort).
  std::vector<idx_t> column_of(scope.windows.size());
  std::vector<bool> placed(scope.windows.size(), false);
  for (size_t first = 0; first < scope.windows.size(); first++) {
    if (placed[first]) continue;
    auto window = std::make_unique<LogicalWindow>();
    window->types = plan->types;
    Scope::PendingWindow& head = scope.windows[first];
    for (size_t k = first; k < scope.windows.size(); k++) {
      if (placed[k] || (k != first && !SameWindow(head, scope.windows[k]))) continue;
      placed[k] = true;
      column_of[k] = window->types.size();
      window->types.push_back(scope.windows[k].call.type);
      window->calls.push_back(std::move(scope.windows[k].call));
    }
    window->partitions = std::move(head.partitions);
    window->orders = std::move(head.orders);
    window->order_keys = std::move(head.order_keys);
    window->children.push_back(std::move(plan));
    plan = std::move(window);
  }
  scope.windows.clear();
  for (Expression* e : users) {
    RemapColumns(*e, [&](idx_t c) {
      return c >= Scope::kWindowColumn && c < Scope::kUnnestColumn
                 ? column_of[c - Scope::kWindowColumn]
                 : c;
    });
  }
}

std::vector<std::string> WindowFunctionNames() {
  std::vector<std::string> names;
  for (const auto& f : kWindowFunctions) names.emplace_back(f.name);
  return names;
}

}  // namespace teal
