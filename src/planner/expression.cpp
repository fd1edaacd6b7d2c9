// Bound expressions: construction helpers, copies, renderings.
#include "planner/expression.hpp"

#include <fmt/format.h>

#include "function/implicit_cast.hpp"

namespace teal {

bool Expression::IsFoldable() const {
  if (kind == BoundKind::kColumnRef || kind == BoundKind::kAggregate ||
      kind == BoundKind::kParameter || kind == BoundKind::kSubquery ||
      kind == BoundKind::kOuterRef) {
    return false;
  }
  for (const auto& child : children) {
    if (!child->IsFoldable()) return false;
  }
  return true;
}

ExpressionPtr Expression::CopyNode() const {
  auto copy = std::make_unique<Expression>(kind, type);
  copy->alias = alias;
  copy->value = value;
  copy->column = column;
  copy->op = op;
  copy->function = function;
  copy->aggregate = aggregate;
  copy->distinct = distinct;
  copy->typed = typed;
  copy->subquery = subquery;
  return copy;
}

ExpressionPtr Expression::Copy() const {
  auto copy = CopyNode();
  for (const auto& child : children) copy->children.push_back(child->Copy());
  return copy;
}

namespace {
/// The same function: one object, or two bindings of one deterministic registered
/// overload (each binding of lower(s) makes its own ScalarFunction). A function that is
/// not deterministic is only itself: random() twice is two draws.
bool SameFunction(const std::shared_ptr<const ScalarFunction>& a,
                  const std::shared_ptr<const ScalarFunction>& b) {
  if (a == b) return true;
  return a && b && a->overload && a->overload == b->overload && a->deterministic;
}
}  // namespace

bool Expression::Equals(const Expression& other) const {
  if (kind != other.kind || !(type == other.type) || column != other.column || op != other.op ||
      !SameFunction(function, other.function) || aggregate != other.aggregate ||
      distinct != other.distinct || subquery != other.subquery ||
      children.size() != other.children.size()) {
    return false;
  }
  if (kind == BoundKind::kConstant && !(value == other.value)) return false;
  for (size_t i = 0; i < children.size(); i++) {
    if (!children[i]->Equals(*other.children[i])) return false;
  }
  return true;
}

namespace {
std::string_view OpText(CompareOp op) {
  switch (op) {
    case CompareOp::kEqual:
      return "=";
    case CompareOp::kNotEqual:
      return "<>";
    case CompareOp::kLess:
      return "<";
    case CompareOp::kLessEqual:
      return "<=";
    case CompareOp::kGreater:
      return ">";
    case CompareOp::kGreaterEqual:
      return ">=";
    case CompareOp::kDistinct:
      return "IS DISTINCT FROM";
    case CompareOp::kNotDistinct:
      return "IS NOT DISTINCT FROM";
  }
  return "?";
}
}  // namespace

std::string Expression::ToString() const {
  switch (kind) {
    case BoundKind::kConstant:
      return value.ToString();
    case BoundKind::kColumnRef:
      return alias.empty() ? fmt::format("#{}", column) : alias;
    case BoundKind::kCast:
      return fmt::format("CAST({} AS {})", children[0]->ToString(), type.ToString());
    case BoundKind::kCompare:
      return fmt::format("({} {} {})", children[0]->ToString(), OpText(op),
                         children[1]->ToString());
    case BoundKind::kAnd:
    case BoundKind::kOr: {
      std::string out = "(" + children[0]->ToString();
      for (size_t i = 1; i < children.size(); i++) {
        out += kind == BoundKind::kAnd ? " AND " : " OR ";
        out += children[i]->ToString();
      }
      return out + ")";
    }
    case BoundKind::kNot:
      return fmt::format("(NOT {})", children[0]->ToString());
    case BoundKind::kIsNull:
      return fmt::format("({} IS NULL)", children[0]->ToString());
    case BoundKind::kIsNotNull:
      return fmt::format("({} IS NOT NULL)", children[0]->ToString());
    case BoundKind::kListValue: {
      std::string out = "[";
      for (size_t i = 0; i < children.size(); i++) out += (i ? ", " : "") + children[i]->ToString();
      return out + "]";
    }
    case BoundKind::kParameter:
      return fmt::format("${}", column + 1);
    case BoundKind::kOuterRef:
      return alias.empty() ? fmt::format("outer#{}", column) : alias;
    case BoundKind::kSubquery:
      if (!alias.empty()) return alias;
      switch (subquery->kind) {
        case SubqueryKind::kScalar:
          return "(SELECT …)";
        case SubqueryKind::kExists:
          return "EXISTS(SELECT …)";
        case SubqueryKind::kAny:
          return fmt::format("({} {} ANY(SELECT …))", children.back()->ToString(),
                             OpText(subquery->op));
        case SubqueryKind::kAll:
          return fmt::format("({} {} ALL(SELECT …))", children.back()->ToString(),
                             OpText(subquery->op));
        case SubqueryKind::kLateral:
          return "LATERAL (SELECT …)";
      }
      return "(SELECT …)";
    case BoundKind::kTry:
      return "try(" + children[0]->ToString() + ")";
    case BoundKind::kInList: {
      std::string out = "(" + children[0]->ToString() + " IN (";
      for (size_t i = 1; i < children.size(); i++)
        out += (i > 1 ? ", " : "") + children[i]->ToString();
      return out + "))";
    }
    case BoundKind::kCase: {
      std::string out = "CASE";
      for (size_t i = 0; i + 1 < children.size(); i += 2) {
        out += " WHEN " + children[i]->ToString() + " THEN " + children[i + 1]->ToString();
      }
      return out + " ELSE " + children.back()->ToString() + " END";
    }
    case BoundKind::kFunction:
    case BoundKind::kAggregate: {
      const std::string& name = kind == BoundKind::kFunction ? function->name : aggregate->name;
      std::string out = name + "(" + (distinct ? "DISTINCT " : "");
      for (size_t i = 0; i < children.size(); i++) out += (i ? ", " : "") + children[i]->ToString();
      return out + ")";
    }
  }
  return "?";
}

ExpressionPtr MakeConstant(Value value) {
  auto e = std::make_unique<Expression>(BoundKind::kConstant, value.Type());
  e->value = std::move(value);
  return e;
}

ExpressionPtr MakeColumnRef(idx_t column, LogicalType type, std::string alias) {
  auto e = std::make_unique<Expression>(BoundKind::kColumnRef, std::move(type));
  e->column = column;
  e->alias = std::move(alias);
  return e;
}

ExpressionPtr ArrayAsList(ExpressionPtr e) {
  if (e->type.Id() != TypeId::kArray) return e;
  const LogicalType list = ArraysAsLists(e->type);
  return MakeCast(std::move(e), list);
}

ExpressionPtr MakeCast(ExpressionPtr child, const LogicalType& type) {
  if (child->type == type) return child;
  if (child->kind == BoundKind::kConstant) {
    std::string alias = child->alias;
    auto folded = MakeConstant(child->value.CastAs(type));
    folded->alias = alias;
    return folded;
  }
  auto e = std::make_unique<Expression>(BoundKind::kCast, type);
  e->alias = child->alias;
  e->children.push_back(std::move(child));
  return e;
}

}  // namespace teal
