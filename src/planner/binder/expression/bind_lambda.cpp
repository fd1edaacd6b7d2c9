// Binder: lambdas — list_transform(list, x -> body) (also array_transform, apply,
// list_apply, array_apply), list_filter(list, x -> condition) (array_filter, filter) and
// list_reduce(list, (acc, x) -> body[, initial]) (array_reduce, reduce); a lambda may take
// the element's 1-based index as a last parameter. The parser makes each lambda
// __teal_lambda(params…, (body)) (parser/rewrites.hpp).
//
// The body is bound on its own, over a row of [its parameters…, its captures…]: every
// column or parameter of the query it reads is bound in the query's scope as an argument
// of the call (a capture), and the body reads it as a column of its row. So the query's
// plan (and what rewrites its columns) sees only ordinary arguments, and the body is
// evaluated over the elements of a batch of rows at a time, each element with its row's
// captures.
#include <fmt/format.h>

#include <set>

#include "execution/expression_executor.hpp"
#include "function/implicit_cast.hpp"
#include "parser/rewrites.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/column_refs.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {

bool IsLambda(const ParsedExpression& e) {
  return e.kind == ExprKind::kFunction && e.name == kLambdaFunction;
}

/// The names a lambda's parameters bind, in order.
std::vector<std::string> LambdaParameters(const ParsedExpression& lambda) {
  std::vector<std::string> names;
  for (size_t i = 0; i + 1 < lambda.children.size(); i++) {
    const ParsedExpression& p = *lambda.children[i];
    if (p.kind != ExprKind::kColumnRef || p.names.size() != 1) {
      throw BinderError(fmt::format("a lambda's parameters are names, not {}", p.ToString()));
    }
    names.push_back(p.names[0]);
  }
  return names;
}

bool Shadowed(const std::vector<std::set<std::string>>& params, const std::string& name) {
  for (const auto& level : params) {
    if (level.count(Catalog::Key(name))) return true;
  }
  return false;
}

/// Replaces, in `e`, what the lambda reads from the query (columns that are none of the
/// parameters of this lambda or of one nested in it, and statement parameters) by column
/// references named capture_names[k]; the replaced expressions go to `captures`.
void ExtractCaptures(ParsedExpressionPtr& e, std::vector<std::set<std::string>>& params,
                     std::vector<ParsedExpressionPtr>& captures,
                     std::vector<std::string>& capture_names) {
  // A lambda parameter, or a field of one (x.a): the lambda's own.
  const bool column = e->kind == ExprKind::kColumnRef && !Shadowed(params, e->names[0]);
  // #n is a column of the FROM clause, never a parameter.
  if (column || e->kind == ExprKind::kParameter || e->kind == ExprKind::kPositional) {
    const std::string text = e->ToString();
    size_t k = 0;
    while (k < captures.size() && captures[k]->ToString() != text) k++;
    if (k == captures.size()) {
      captures.push_back(e->Copy());
      capture_names.push_back(fmt::format("__teal_capture_{}", k));
    }
    auto ref = std::make_unique<ParsedExpression>(ExprKind::kColumnRef);
    ref->names = {capture_names[k]};
    // Its place in its call stays (struct_pack(x := x): the field's name).
    ref->argument_name = e->argument_name;
    ref->alias = e->alias;
    e = std::move(ref);
    return;
  }
  if (e->kind == ExprKind::kSubquery) {
    throw NotImplementedError(fmt::format("a subquery in a lambda ({})", e->ToString()));
  }
  const bool nested = IsLambda(*e);
  if (nested) {
    std::set<std::string> names;
    for (const auto& name : LambdaParameters(*e)) names.insert(Catalog::Key(name));
    params.push_back(std::move(names));
  }
  for (size_t i = nested ? e->children.size() - 1 : 0; i < e->children.size(); i++) {
    ExtractCaptures(e->children[i], params, captures, capture_names);
  }
  if (e->filter) ExtractCaptures(e->filter, params, captures, capture_names);
  if (nested) params.pop_back();
}

enum class LambdaKind { kTransform, kFilter, kReduce };

/// What a call evaluates its lambda with.
struct LambdaCall {
  LambdaKind kind;
  std::shared_ptr<const Expression> body;
  LogicalType element;
  LogicalType accumulator;  // list_reduce's: the element's, or the initial value's
  idx_t parameters;         // the lambda's, the index included
  bool with_index;
  idx_t captures;
};

/// Evaluates `call.body` over the elements in `elements` (list child rows), each with its
/// row (`rows`), 1-based index (`positions`) and, for list_reduce, accumulator (rows of
/// `accumulators`, by position in the batch): the results go to `out` (one per element).
void EvaluateBody(const LambdaCall& call, const DataChunk& args, const Vector& child,
                  const std::vector<sel_t>& elements, const std::vector<sel_t>& rows,
                  const std::vector<int64_t>& positions, const Vector* accumulators, Vector& out) {
  const idx_t n = elements.size();
  std::vector<LogicalType> types;
  if (call.kind == LambdaKind::kReduce) types.push_back(call.accumulator);
  types.push_back(call.element);
  if (call.with_index) types.push_back(LogicalType(TypeId::kBigInt));
  for (idx_t c = 0; c < call.captures; c++) types.push_back(args.data[1 + c].Type());
  DataChunk local(types, std::max<idx_t>(n, 1));
  SelectionVector element_sel(std::max<idx_t>(n, 1)), row_sel(std::max<idx_t>(n, 1));
  for (idx_t i = 0; i < n; i++) {
    element_sel.Set(i, elements[i]);
    row_sel.Set(i, rows[i]);
  }
  idx_t column = 0;
  if (call.kind == LambdaKind::kReduce) {
    local.data[column++].CopyFrom(*accumulators, SelectionVector(), n, 0, 0);
  }
  local.data[column++].CopyFrom(child, element_sel, n, 0, 0);
  if (call.with_index) {
    int64_t* index = local.data[column++].Values<int64_t>();
    for (idx_t i = 0; i < n; i++) index[i] = positions[i];
  }
  for (idx_t c = 0; c < call.captures; c++) {
    local.data[column++].CopyFrom(args.data[1 + c], row_sel, n, 0, 0);
  }
  local.SetCardinality(n);
  ExpressionExecutor executor(*call.body);
  Vector result(call.body->type, 0);
  executor.Execute(local, result);
  result.Flatten(n);
  out.Recycle(n);
  out.CopyFrom(result, SelectionVector(), n, 0, 0);
}

void RunLambda(const LambdaCall& call, const DataChunk& args, Vector& result, idx_t count) {
  const Vector& list = args.data[0];
  const auto* entries = list.Values<list_entry_t>();
  const Vector* child = list.HasListChild() ? &list.ListChild() : nullptr;
  if (call.kind == LambdaKind::kReduce) {
    // Step k combines every row's accumulator with its element k, the rows of a step in
    // batches.
    const bool initial = args.ColumnCount() > 1 + call.captures;
    const Vector* init = initial ? &args.data[1 + call.captures] : nullptr;
    Vector accumulators(call.accumulator, count);
    std::vector<bool> started(count, false);
    uint64_t longest = 0;
    for (idx_t i = 0; i < count; i++) {
      if (!list.RowIsValid(i)) {
        result.SetNull(i);
        continue;
      }
      longest = std::max(longest, entries[i].length);
      if (initial) {
        accumulators.CopyFrom(*init, SelectionVector(), 1, i, i);
        started[i] = true;
      } else if (entries[i].length == 0) {
        throw InvalidInputError(
            "Cannot perform list_reduce on an empty input list (give an initial value)");
      }
    }
    Vector batch_out(call.accumulator, 0), batch_acc(call.accumulator, 0);
    for (uint64_t k = 0; k < longest; k++) {
      std::vector<sel_t> elements, rows;
      std::vector<int64_t> positions;
      for (idx_t i = 0; i < count; i++) {
        if (!list.RowIsValid(i) || k >= entries[i].length) continue;
        if (!started[i]) {  // the first element is the accumulator
          accumulators.CopyFrom(*child, SelectionVector(), 1, entries[i].offset, i);
          started[i] = true;
          continue;
        }
        elements.push_back(static_cast<sel_t>(entries[i].offset + k));
        rows.push_back(static_cast<sel_t>(i));
        positions.push_back(static_cast<int64_t>(k + 1));
      }
      for (size_t b = 0; b < elements.size(); b += kVectorSize) {
        const size_t e = std::min<size_t>(elements.size(), b + kVectorSize);
        std::vector<sel_t> part_elements(elements.begin() + b, elements.begin() + e);
        std::vector<sel_t> part_rows(rows.begin() + b, rows.begin() + e);
        std::vector<int64_t> part_positions(positions.begin() + b, positions.begin() + e);
        SelectionVector acc_sel(part_rows.size());
        for (size_t r = 0; r < part_rows.size(); r++) acc_sel.Set(r, part_rows[r]);
        batch_acc.Recycle(part_rows.size());
        batch_acc.CopyFrom(accumulators, acc_sel, part_rows.size(), 0, 0);
        EvaluateBody(call, args, *child, part_elements, part_rows, part_positions, &batch_acc,
                     batch_out);
        for (size_t r = 0; r < part_rows.size(); r++) {
          accumulators.CopyFrom(batch_out, SelectionVector(), 1, r, part_rows[r]);
        }
      }
    }
    for (idx_t i = 0; i < count; i++) {
      if (list.RowIsValid(i)) result.CopyFrom(accumulators, SelectionVector(), 1, i, i);
    }
    return;
  }
  // list_transform / list_filter: the elements of every row, in batches.
  auto* out = result.Values<list_entry_t>();
  std::vector<sel_t> elements, rows;
  std::vector<int64_t> positions;
  idx_t used = 0;
  idx_t current = kInvalidIndex;  // list_filter: the row whose kept elements come last
  Vector values(call.body->type, 0);
  auto flush = [&] {
    if (elements.empty()) return;
    EvaluateBody(call, args, *child, elements, rows, positions, nullptr, values);
    if (call.kind == LambdaKind::kTransform) {
      result.SetListSize(used + elements.size());
      result.ListChild().CopyFrom(values, SelectionVector(), elements.size(), 0, used);
      used += elements.size();
    } else {
      // Rows come in order, so each row's kept elements are contiguous.
      const bool* keep = values.Values<bool>();
      for (size_t e = 0; e < elements.size(); e++) {
        if (rows[e] != current) {
          current = rows[e];
          out[current] = {used, 0};
        }
        if (!values.RowIsValid(e) || !keep[e]) continue;
        result.SetListSize(used + 1);
        result.ListChild().CopyFrom(*child, SelectionVector(), 1, elements[e], used);
        out[current].length++;
        used++;
      }
    }
    elements.clear();
    rows.clear();
    positions.clear();
  };
  for (idx_t i = 0; i < count; i++) {
    if (!list.RowIsValid(i)) {
      result.SetNull(i);
      continue;
    }
    // Elements of several rows share a batch; a row's results stay contiguous.
    if (call.kind == LambdaKind::kTransform) {
      if (elements.size() + entries[i].length > kVectorSize) flush();
      out[i] = {used + elements.size(), entries[i].length};
    } else {
      out[i] = {used, 0};  // its place is taken when its elements are flushed
    }
    for (uint64_t k = 0; k < entries[i].length; k++) {
      elements.push_back(static_cast<sel_t>(entries[i].offset + k));
      rows.push_back(static_cast<sel_t>(i));
      positions.push_back(static_cast<int64_t>(k + 1));
      if (elements.size() == kVectorSize) flush();
    }
  }
  flush();
}

std::optional<LambdaKind> LambdaKindOf(const std::string& name) {
  if (name == "list_transform" || name == "array_transform" || name == "apply" ||
      name == "list_apply" || name == "array_apply") {
    return LambdaKind::kTransform;
  }
  if (name == "list_filter" || name == "array_filter" || name == "filter") {
    return LambdaKind::kFilter;
  }
  if (name == "list_reduce" || name == "array_reduce" || name == "reduce") {
    return LambdaKind::kReduce;
  }
  return std::nullopt;
}

}  // namespace

bool Binder::IsLambdaCall(const ParsedExpression& call) {
  return call.children.size() >= 2 && IsLambda(*call.children[1]) &&
         LambdaKindOf(call.name).has_value();
}

ExpressionPtr Binder::BindLambdaCall(const ParsedExpression& call, Scope& scope) {
  const LambdaKind kind = *LambdaKindOf(call.name);
  const bool reduce = kind == LambdaKind::kReduce;
  if (call.children.size() != 2 && !(reduce && call.children.size() == 3)) {
    throw BinderError(fmt::format("{} takes a list and a lambda{}: {}", call.name,
                                  reduce ? " (and an initial value)" : "", call.ToString()));
  }
  for (size_t i = 0; i < call.children.size(); i++) {
    if (i != 1 && IsLambda(*call.children[i])) {
      throw BinderError(fmt::format("{}: the lambda is the second argument", call.name));
    }
  }
  ExpressionPtr list = BindExpression(*call.children[0], scope);
  list = ArrayAsList(std::move(list));
  // NULL, or [] (a list of NULL's type): the elements are INTEGERs, as DuckDB takes them.
  if (list->type.Id() == TypeId::kSqlNull ||
      (list->type.Id() == TypeId::kList && list->type.ListChild().Id() == TypeId::kSqlNull)) {
    list = MakeCast(std::move(list), LogicalType::List(TypeId::kInteger));
  }
  if (list->type.Id() != TypeId::kList) {
    throw BinderError(fmt::format("{} needs a LIST, not {}: {}", call.name, list->type.ToString(),
                                  call.ToString()));
  }
  LambdaCall lambda;
  lambda.kind = kind;
  lambda.element = list->type.ListChild();
  const ParsedExpression& syntax = *call.children[1];
  const std::vector<std::string> params = LambdaParameters(syntax);
  const idx_t least = reduce ? 2 : 1;
  if (params.size() < least || params.size() > least + 1) {
    throw BinderError(fmt::format(
        "the lambda of {} takes {} or {} parameters{}, not {}", call.name, least, least + 1,
        reduce ? " (the accumulator, the element and its index)" : " (the element and its index)",
        params.size()));
  }
  lambda.parameters = params.size();
  lambda.with_index = params.size() == least + 1;
  // list_reduce's accumulator: of the initial value's type when there is one (numbers: of
  // the type both convert to, a DECIMAL at its widest), else of the elements'.
  lambda.accumulator = lambda.element;
  ExpressionPtr initial;
  if (reduce && call.children.size() == 3) {
    initial = BindExpression(*call.children[2], scope);
    lambda.accumulator = initial->type;
    if (initial->type.IsNumeric() && lambda.element.IsNumeric()) {
      lambda.accumulator = CommonType(initial->type, false, lambda.element, false, call.name);
      if (lambda.accumulator.Id() == TypeId::kDecimal) {
        lambda.accumulator = LogicalType::Decimal(38, lambda.accumulator.DecimalScale());
      }
    } else if (initial->type.Id() == TypeId::kSqlNull) {
      lambda.accumulator = lambda.element;
    }
    initial = MakeCast(std::move(initial), lambda.accumulator);
  }
  // The captures: what the body reads of the query, bound here as arguments.
  ParsedExpressionPtr body = syntax.children.back()->Copy();
  std::vector<std::set<std::string>> shadow(1);
  for (const auto& p : params) shadow[0].insert(Catalog::Key(p));
  std::vector<ParsedExpressionPtr> captured;
  std::vector<std::string> capture_names;
  ExtractCaptures(body, shadow, captured, capture_names);
  auto bound = std::make_unique<Expression>(BoundKind::kFunction, LogicalType(TypeId::kSqlNull));
  ScalarFunction function;
  function.name = call.name;
  function.arguments.push_back(list->type);
  bound->children.push_back(std::move(list));
  Scope local;
  Binding row;
  row.names = params;
  if (reduce) row.types.push_back(lambda.accumulator);
  row.types.push_back(lambda.element);
  if (lambda.with_index) row.types.push_back(LogicalType(TypeId::kBigInt));
  for (size_t c = 0; c < captured.size(); c++) {
    ExpressionPtr capture = BindExpression(*captured[c], scope);
    if (capture->type.Id() == TypeId::kSqlNull) {
      capture = MakeCast(std::move(capture), LogicalType(TypeId::kInteger));
    }
    row.names.push_back(capture_names[c]);
    row.types.push_back(capture->type);
    function.arguments.push_back(capture->type);
    bound->children.push_back(std::move(capture));
  }
  lambda.captures = captured.size();
  local.bindings.push_back(std::move(row));
  local.clause = "a lambda";
  ExpressionPtr body_bound = BindExpression(*body, local);
  switch (kind) {
    case LambdaKind::kTransform:
      if (body_bound->type.Id() == TypeId::kSqlNull) {
        body_bound = MakeCast(std::move(body_bound), LogicalType(TypeId::kInteger));
      }
      function.return_type = LogicalType::List(body_bound->type);
      break;
    case LambdaKind::kFilter:
      if (body_bound->type.Id() != TypeId::kBoolean) {
        if (!CastExists(body_bound->type, LogicalType(TypeId::kBoolean))) {
          throw BinderError(fmt::format("the lambda of {} must give a BOOLEAN, not {}", call.name,
                                        body_bound->type.ToString()));
        }
        body_bound = MakeCast(std::move(body_bound), LogicalType(TypeId::kBoolean));
      }
      function.return_type = bound->children[0]->type;
      break;
    case LambdaKind::kReduce: {
      // The accumulator keeps its type: a body of another type is refused (DuckDB too),
      // unless both are numbers.
      if (!(body_bound->type == lambda.accumulator) &&
          !(body_bound->type.IsNumeric() && lambda.accumulator.IsNumeric())) {
        throw BinderError(fmt::format("the lambda of {} gives {}, not the accumulator's type {}",
                                      call.name, body_bound->type.ToString(),
                                      lambda.accumulator.ToString()));
      }
      body_bound = MakeCast(std::move(body_bound), lambda.accumulator);
      function.return_type = lambda.accumulator;
      if (initial) {
        function.arguments.push_back(initial->type);
        bound->children.push_back(std::move(initial));
      }
      break;
    }
  }
  function.deterministic = IsDeterministic(*body_bound);
  function.null_in_null_out = false;  // a NULL capture is a value the body may use
  lambda.body = std::shared_ptr<const Expression>(std::move(body_bound));
  function.body = [lambda](const DataChunk& args, Vector& result, idx_t count) {
    RunLambda(lambda, args, result, count);
  };
  bound->type = function.return_type;
  bound->function = std::make_shared<const ScalarFunction>(std::move(function));
  return bound;
}

}  // namespace teal
