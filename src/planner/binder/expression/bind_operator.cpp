// Binder: operators — comparisons, AND/OR/NOT, IS [NOT] NULL, IN, BETWEEN, LIKE and the
// arithmetic and string operators.
#include "function/collation.hpp"
#include "function/function.hpp"
#include "function/implicit_cast.hpp"
#include "function/scalar/similar_to.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

/// The OR of `terms` (the term itself when one); MakeConjunction is the AND.
ExpressionPtr MakeDisjunction(std::vector<ExpressionPtr> terms) {
  if (terms.size() == 1) return std::move(terms[0]);
  auto any = std::make_unique<Expression>(BoundKind::kOr, TypeId::kBoolean);
  any->children = std::move(terms);
  return any;
}

}  // namespace

ExpressionPtr Binder::BindRowComparison(CompareOp op, ExpressionPtr left, ExpressionPtr right,
                                        const ParsedExpression& e) {
  for (const Expression* side : {left.get(), right.get()}) {
    if (!IsDeterministic(*side)) {
      throw NotImplementedError(fmt::format(
          "a row comparison whose rows are not deterministic ({}): compute them in a subquery "
          "first",
          e.ToString()));
    }
  }
  // A row's fields: a row constructor's own arguments, else a field read of the row each.
  auto fields_of = [&](ExpressionPtr row) {
    if (row->kind == BoundKind::kFunction && row->function && row->function->name == "row") {
      return std::move(row->children);
    }
    std::vector<ExpressionPtr> fields;
    const size_t n = row->type.StructFields().size();
    for (size_t k = 0; k < n; k++) {
      fields.push_back(BindStructExtract(k + 1 < n ? row->Copy() : std::move(row),
                                         Value::BigInt(static_cast<int64_t>(k + 1)), e.ToString()));
    }
    return fields;
  };
  std::vector<ExpressionPtr> a = fields_of(std::move(left));
  std::vector<ExpressionPtr> b = fields_of(std::move(right));
  if (a.size() != b.size()) {
    throw BinderError(fmt::format("unequal number of entries in row expressions ({} and {}): {}",
                                  a.size(), b.size(), e.ToString()));
  }
  const size_t n = a.size();
  switch (op) {
    case CompareOp::kEqual:
    case CompareOp::kNotDistinct:
    case CompareOp::kNotEqual:
    case CompareOp::kDistinct: {
      // Equal (not distinct) when every pair is; unequal (distinct) when any pair is. AND and
      // OR give PostgreSQL's NULL rule: unknown when no pair decides and one is unknown.
      std::vector<ExpressionPtr> terms;
      for (size_t k = 0; k < n; k++) {
        terms.push_back(BindComparison(op, std::move(a[k]), std::move(b[k]), e));
      }
      const bool all = op == CompareOp::kEqual || op == CompareOp::kNotDistinct;
      return all ? MakeConjunction(std::move(terms)) : MakeDisjunction(std::move(terms));
    }
    default: {
      // Ordered: the first pair that differs decides, a1 < b1 OR (a1 = b1 AND (rest)); the
      // last pair takes the operator itself (<= stays <=). An unknown pair before the
      // deciding one makes the whole unknown, as in PostgreSQL.
      const CompareOp strict = op == CompareOp::kLess || op == CompareOp::kLessEqual
                                   ? CompareOp::kLess
                                   : CompareOp::kGreater;
      ExpressionPtr rest = BindComparison(op, std::move(a[n - 1]), std::move(b[n - 1]), e);
      for (size_t k = n - 1; k-- > 0;) {
        std::vector<ExpressionPtr> tie;
        tie.push_back(BindComparison(CompareOp::kEqual, a[k]->Copy(), b[k]->Copy(), e));
        tie.push_back(std::move(rest));
        std::vector<ExpressionPtr> either;
        either.push_back(BindComparison(strict, std::move(a[k]), std::move(b[k]), e));
        either.push_back(MakeConjunction(std::move(tie)));
        rest = MakeDisjunction(std::move(either));
      }
      return rest;
    }
  }
}

ExpressionPtr Binder::BindComparison(CompareOp op, ExpressionPtr left, ExpressionPtr right,
                                     const ParsedExpression& e) {
  // (a, b) = (c, d) is PostgreSQL's row comparison (NULL when a pair is unknown and no
  // other decides), where DuckDB compares STRUCTs (NULLs equal). STRUCTs with names
  // ({'a': 1}, DuckDB's alone) compare as DuckDB's.
  auto unnamed = [](const LogicalType& t) {
    return t.Id() == TypeId::kStruct && t.StructFields()[0].first.empty();
  };
  if (unnamed(left->type) && unnamed(right->type)) {
    return BindRowComparison(op, std::move(left), std::move(right), e);
  }
  if (unnamed(left->type) || unnamed(right->type)) {
    throw BinderError(fmt::format("a row can be compared only with a row: {}", e.ToString()));
  }
  LogicalType common = CommonType(left->type, IsStringLiteral(*left), right->type,
                                  IsStringLiteral(*right), e.ToString());
  if (common.Id() == TypeId::kSqlNull) {
    // Two parameters (or a parameter and NULL) compare as text, PostgreSQL's rule for
    // unknown operands ($1 = $2 with 3 and 4 is false); NULL = NULL is BOOLEAN's.
    common = IsUntypedParameter(*left) || IsUntypedParameter(*right)
                 ? LogicalType(TypeId::kVarchar)
                 : LogicalType(TypeId::kBoolean);
  }
  if (common.Id() == TypeId::kVarchar) {
    common = LogicalType::Varchar(CombineCollations(left->type, right->type));
  }
  auto result = std::make_unique<Expression>(BoundKind::kCompare, TypeId::kBoolean);
  result->op = op;
  result->children.push_back(CollatedAs(std::move(left), common));
  result->children.push_back(CollatedAs(std::move(right), common));
  return result;
}

ExpressionPtr Binder::BindBoolean(ExpressionPtr e, std::string_view context) {
  if (e->type.Id() == TypeId::kBoolean) return e;
  if (e->type.Id() == TypeId::kSqlNull || IsStringLiteral(*e)) {
    return MakeCast(std::move(e), TypeId::kBoolean);
  }
  throw BinderError(
      fmt::format("{} must be BOOLEAN, not {} ({})", context, e->type.ToString(), e->ToString()));
}

ExpressionPtr Binder::BindOperator(const ParsedExpression& e, Scope& scope) {
  const std::string& op = e.name;
  auto child = [&](size_t i) { return BindExpression(*e.children[i], scope); };
  static const std::pair<const char*, CompareOp> kComparisons[] = {
      {"=", CompareOp::kEqual},
      {"==", CompareOp::kEqual},
      {"<>", CompareOp::kNotEqual},
      {"!=", CompareOp::kNotEqual},
      {"<", CompareOp::kLess},
      {"<=", CompareOp::kLessEqual},
      {">", CompareOp::kGreater},
      {">=", CompareOp::kGreaterEqual},
      {"IS DISTINCT FROM", CompareOp::kDistinct},
      {"IS NOT DISTINCT FROM", CompareOp::kNotDistinct},
  };
  for (const auto& [name, cmp] : kComparisons) {
    if (op == name) return BindComparison(cmp, child(0), child(1), e);
  }
  if (op == "AND" || op == "OR") {
    auto result = std::make_unique<Expression>(op == "AND" ? BoundKind::kAnd : BoundKind::kOr,
                                               TypeId::kBoolean);
    for (size_t i = 0; i < e.children.size(); i++) {
      result->children.push_back(BindBoolean(child(i), "an operand of " + op));
    }
    return result;
  }
  if (op == "NOT") {
    auto result = std::make_unique<Expression>(BoundKind::kNot, TypeId::kBoolean);
    result->children.push_back(BindBoolean(child(0), "the operand of NOT"));
    return result;
  }
  if (op == "COLLATE") return BindCollate(e, child(0));
  if (op == "IS NULL" || op == "IS NOT NULL") {
    auto result = std::make_unique<Expression>(
        op == "IS NULL" ? BoundKind::kIsNull : BoundKind::kIsNotNull, TypeId::kBoolean);
    result->children.push_back(child(0));
    return result;
  }
  if (op == "IN" || op == "NOT IN") {
    // x is bound, and evaluated, once (it may be nextval()); SQL's NULL rules are those of
    // x = a OR x = b. The text is made once: per item, binding would be quadratic.
    ExpressionPtr x = child(0);
    std::vector<ExpressionPtr> items;
    for (size_t i = 1; i < e.children.size(); i++) items.push_back(child(i));
    ExpressionPtr result;
    if (items.size() == 1) {
      result = BindComparison(CompareOp::kEqual, std::move(x), std::move(items[0]), e);
    } else {
      const std::string context = e.ToString();
      LogicalType common = x->type;
      bool common_is_literal = IsStringLiteral(*x);
      for (const auto& item : items) {
        common = CommonType(common, common_is_literal, item->type, IsStringLiteral(*item), context);
        common_is_literal = common_is_literal && IsStringLiteral(*item);
      }
      if (common.Id() == TypeId::kSqlNull) {
        // Parameters alone compare as text (PostgreSQL's rule for unknown operands).
        const bool parameter = IsUntypedParameter(*x) ||
                               std::any_of(items.begin(), items.end(), [](const ExpressionPtr& i) {
                                 return IsUntypedParameter(*i);
                               });
        common = parameter ? TypeId::kVarchar : TypeId::kInteger;
      }
      if (common.Id() == TypeId::kVarchar) {
        std::string collation = x->type.Collation();
        for (const auto& item : items) collation = CombineCollations(collation, item->type);
        common = LogicalType::Varchar(collation);
      }
      result = std::make_unique<Expression>(BoundKind::kInList, TypeId::kBoolean);
      result->children.push_back(CollatedAs(std::move(x), common));
      for (auto& item : items) result->children.push_back(CollatedAs(std::move(item), common));
    }
    if (op == "NOT IN") {
      auto negated = std::make_unique<Expression>(BoundKind::kNot, TypeId::kBoolean);
      negated->children.push_back(std::move(result));
      result = std::move(negated);
    }
    return result;
  }
  if (op == "BETWEEN" || op == "NOT BETWEEN") {
    // x >= a AND x <= b reads x twice: fine for a deterministic x, wrong for nextval().
    ExpressionPtr x = child(0);
    if (!IsDeterministic(*x)) {
      throw NotImplementedError(fmt::format(
          "BETWEEN whose operand is not deterministic ({}): compute it in a subquery first",
          e.ToString()));
    }
    ExpressionPtr low = child(1), high = child(2);
    // A collation of any of the three applies to both comparisons.
    const LogicalType collation =
        LogicalType::Varchar(CombineCollations(CombineCollations(x->type, low->type), high->type));
    for (ExpressionPtr* operand : {&x, &low, &high}) {
      if ((*operand)->type.Id() == TypeId::kVarchar) (*operand)->type = collation;
    }
    ExpressionPtr x_again = x->Copy();
    auto both = std::make_unique<Expression>(BoundKind::kAnd, TypeId::kBoolean);
    both->children.push_back(
        BindComparison(CompareOp::kGreaterEqual, std::move(x), std::move(low), e));
    both->children.push_back(
        BindComparison(CompareOp::kLessEqual, std::move(x_again), std::move(high), e));
    if (op == "BETWEEN") return both;
    auto negated = std::make_unique<Expression>(BoundKind::kNot, TypeId::kBoolean);
    negated->children.push_back(std::move(both));
    return negated;
  }
  // Everything else is a function under the operator's name: + - * / % || …
  std::string function = op;
  bool negate = false;
  if (op == "LIKE" || op == "ILIKE" || op == "~~" || op == "~~*") {
    function = op == "LIKE" || op == "~~" ? "like" : "ilike";
  }
  if (op == "NOT LIKE" || op == "NOT ILIKE" || op == "!~~" || op == "!~~*") {
    function = op == "NOT LIKE" || op == "!~~" ? "like" : "ilike";
    negate = true;
  }
  if (op == "~~~" || op == "!~~~") {  // GLOB, NOT GLOB (RewriteGlob)
    function = "glob";
    negate = op == "!~~~";
  }
  if (op == "SIMILAR TO" || op == "NOT SIMILAR TO") {
    function = "similar_to";
    negate = op == "NOT SIMILAR TO";
  }
  std::vector<ExpressionPtr> arguments;
  for (size_t i = 0; i < e.children.size(); i++) arguments.push_back(child(i));
  if (op == "||" && arguments.size() == 2) {
    // PostgreSQL's text || anynonarray: a string with a value of another kind (not a
    // list or blob, which have their own ||) concatenates the value's text.
    auto is_text = [](const Expression& a) { return a.type.Id() == TypeId::kVarchar; };
    auto other_kind = [](const Expression& a) {
      TypeId id = a.type.Id();
      return id != TypeId::kVarchar && id != TypeId::kList && id != TypeId::kArray &&
             id != TypeId::kMap && id != TypeId::kBlob && id != TypeId::kSqlNull;
    };
    for (int i = 0; i < 2; i++) {
      if (is_text(*arguments[1 - i]) && other_kind(*arguments[i])) {
        arguments[i] = MakeCast(std::move(arguments[i]), LogicalType(TypeId::kVarchar));
      }
    }
  }
  auto call = BindScalarCall(function, std::move(arguments), e);
  if (function == "similar_to") {
    // A constant pattern (and escape) is translated and compiled once, here, so a bad
    // one is reported before any row is read.
    bool constant = true;
    for (size_t i = 1; i < call->children.size(); i++) {
      const Expression& operand = *call->children[i];
      constant = constant && operand.kind == BoundKind::kConstant && !operand.value.IsNull();
    }
    if (constant) {
      std::string escape = call->children.size() > 2 ? call->children[2]->value.GetString() : "\\";
      call->function = std::make_shared<const ScalarFunction>(
          SimilarToConstant(*call->function, call->children[1]->value.GetString(), escape));
    }
  }
  if (!negate) return call;
  auto negated = std::make_unique<Expression>(BoundKind::kNot, TypeId::kBoolean);
  negated->children.push_back(std::move(call));
  return negated;
}

}  // namespace teal
