// Binder: subqueries in expressions — scalar, EXISTS, ANY/ALL and IN — and their
// references to the queries around them.
#include "function/collation.hpp"
#include "function/implicit_cast.hpp"
#include "function/volatile_calls.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {
/// EXISTS only asks whether there are rows: the select list is not computed (PostgreSQL),
/// so EXISTS (SELECT 1 / a FROM t) cannot divide by zero. ORDER BY does not change how
/// many rows there are; LIMIT / OFFSET and DISTINCT do, and stay.
void DropSelectList(BoundStatement& sub) {
  std::vector<LogicalOperator*> limits;
  LogicalOperatorPtr* slot = &sub.plan;
  while ((*slot)->kind == LogicalKind::kLimit) {
    limits.push_back(slot->get());
    slot = &(*slot)->children[0];
  }
  if ((*slot)->kind == LogicalKind::kOrder) *slot = std::move((*slot)->children[0]);
  if ((*slot)->kind != LogicalKind::kProjection) return;
  auto& projection = static_cast<LogicalProjection&>(**slot);
  projection.expressions.clear();
  projection.expressions.push_back(MakeConstant(Value::Boolean(true)));
  projection.types = {LogicalType(TypeId::kBoolean)};
  for (LogicalOperator* limit : limits) limit->types = projection.types;
  sub.types = projection.types;
  sub.names = {"exists"};
}

/// Whether a bound expression reads a column of its own query (a kColumnRef, also as an
/// input of a subquery in it); kOuterRef nodes read enclosing queries.
bool ReadsOwnColumn(const Expression& e) {
  if (e.kind == BoundKind::kColumnRef) return true;
  for (const auto& child : e.children) {
    if (ReadsOwnColumn(*child)) return true;
  }
  return false;
}

}  // namespace

bool Binder::AggregatesOuterColumns(const ParsedExpression& e, Scope& scope) {
  std::vector<const ParsedExpression*> refs;
  if (CollectColumnRefs(e, refs)) {
    if (refs.empty()) return false;
    for (const ParsedExpression* ref : refs) {
      if (ref->names.size() > 2) return false;
      idx_t index = kInvalidIndex;
      bool qualifier_found = false;
      if (FindColumn(*ref, scope, index, qualifier_found)) return false;
      if (!CanResolve(*ref, *scope.outer)) return false;
    }
    return true;
  }
  // The arguments hold a subquery, whose columns count too (PostgreSQL: sum((SELECT t.a))
  // in a subquery over u belongs to t's query). Which query a name inside it reads is
  // known only by binding: bind the arguments on the side, collecting outer references in
  // a list of their own, and look.
  Scope probe;
  probe.bindings = scope.bindings;
  probe.outer = scope.outer;
  std::vector<ExpressionPtr> outer_reads;
  probe.correlated = &outer_reads;
  probe.clause = scope.clause;
  probe.inside_aggregate = true;
  // Binding on the side must leave the enclosing scopes as they were: what it noted there
  // (a column read outside an aggregate, an outer reference) is taken back.
  // The enclosing scopes bind as inside the aggregate (which may become theirs): no GROUP BY
  // check on the names read there.
  struct Saved {
    Scope* scope;
    std::string column_outside_aggregate;
    size_t aggregates, correlated;
    bool inside_aggregate;
  };
  std::vector<Saved> saved;
  for (Scope* s = scope.outer; s; s = s->outer) {
    saved.push_back({s, s->column_outside_aggregate, s->aggregates.size(),
                     s->correlated ? s->correlated->size() : 0, s->inside_aggregate});
    s->inside_aggregate = true;
  }
  bool own_column = false, failed = false;
  try {
    for (const auto& argument : e.children) {
      if (ReadsOwnColumn(*BindExpression(*argument, probe))) own_column = true;
    }
  } catch (const Error&) {
    failed = true;  // bound where it is written, it reports its error there
  }
  for (Saved& s : saved) {
    s.scope->column_outside_aggregate = std::move(s.column_outside_aggregate);
    s.scope->aggregates.resize(s.aggregates);
    if (s.scope->correlated) s.scope->correlated->resize(s.correlated);
    s.scope->inside_aggregate = s.inside_aggregate;
  }
  return !failed && !own_column && !outer_reads.empty();
}

ExpressionPtr Binder::OuterReference(ExpressionPtr outer, Scope& scope) {
  auto& list = *scope.correlated;
  // The same outer expression is read once; equal text is not enough (a.i and b.i are
  // both "i").
  idx_t index = list.size();
  for (idx_t i = 0; i < list.size() && index == list.size(); i++) {
    if (list[i]->Equals(*outer) && IsDeterministic(*outer)) index = i;
  }
  auto ref = std::make_unique<Expression>(BoundKind::kOuterRef, outer->type);
  ref->column = index;
  ref->alias = outer->alias;
  if (index == list.size()) list.push_back(std::move(outer));
  return ref;
}

ExpressionPtr Binder::BindOuterAlias(const ParsedExpression& e, Scope& scope) {
  if (e.kind != ExprKind::kColumnRef || e.names.size() != 1 || !scope.outer) return nullptr;
  Scope& outer = *scope.outer;
  if (outer.select_list) {
    for (size_t i = 0; i < outer.select_aliases; i++) {
      const ParsedExpression& item = *(*outer.select_list)[i];
      if (item.alias.empty() || !SameName(item.alias, e.names[0])) continue;
      // Computed once per outer row, read as often as the subquery reads it: an item with
      // side effects would be computed where the alias is not.
      if (CallsVolatileFunction(item)) {
        throw BinderError(fmt::format(
            "the alias \"{}\" stands for {}, and that expression has side effects: it would be "
            "computed again here; compute it in a subquery first",
            item.alias, item.ToString()));
      }
      ParsedExpressionPtr copy = item.Copy();
      copy->alias.clear();
      return OuterReference(BindExpression(*copy, outer), scope);
    }
  }
  // An alias of a query further out, read through this one.
  if (auto deeper = BindOuterAlias(e, outer)) return OuterReference(std::move(deeper), scope);
  return nullptr;
}

ExpressionPtr Binder::BindSubquery(const ParsedExpression& e, Scope& scope) {
  const SubqueryKind kind = e.subquery_kind;
  ExpressionPtr left;
  if (kind == SubqueryKind::kAny || kind == SubqueryKind::kAll) {
    left = BindExpression(*e.children[0], scope);
  }
  std::vector<ExpressionPtr> correlated;
  BoundStatement sub;
  {
    struct Restore {
      Binder& binder;
      Scope* outer;
      std::vector<ExpressionPtr>* list;
      ~Restore() {
        binder.subquery_outer_ = outer;
        binder.subquery_correlated_ = list;
      }
    } restore{*this, subquery_outer_, subquery_correlated_};
    subquery_outer_ = &scope;
    subquery_correlated_ = &correlated;
    // ANY/ALL keeps an untyped NULL column untyped: it takes the left operand's type.
    sub = BindSelect(*e.subquery, /*resolve_nulls=*/!left);
  }
  if (kind == SubqueryKind::kExists) DropSelectList(sub);
  if (kind != SubqueryKind::kExists && sub.types.size() != 1) {
    throw BinderError(
        fmt::format("Subquery returns {} columns - expected 1: a subquery used as an "
                    "expression must return one column ({})",
                    sub.types.size(), e.ToString()));
  }
  auto bound = std::make_shared<BoundSubquery>();
  bound->kind = kind;
  bound->text = e.ToString();
  if (options_.setting) {
    bound->error_on_multiple_rows =
        options_.setting("scalar_subquery_error_on_multiple_rows").value_or("true") == "true";
  }
  LogicalType type = TypeId::kBoolean;
  if (kind == SubqueryKind::kScalar) type = sub.types[0];
  if (left) {
    static const std::pair<const char*, CompareOp> kOps[] = {
        {"=", CompareOp::kEqual},        {"<>", CompareOp::kNotEqual},
        {"!=", CompareOp::kNotEqual},    {"<", CompareOp::kLess},
        {"<=", CompareOp::kLessEqual},   {">", CompareOp::kGreater},
        {">=", CompareOp::kGreaterEqual}};
    bool known = false;
    for (const auto& [name, op] : kOps) {
      if (e.name == name) {
        bound->op = op;
        known = true;
      }
    }
    if (!known) {
      throw NotImplementedError(fmt::format("operator {} with ANY/ALL ({})", e.name, e.ToString()));
    }
    LogicalType common =
        CommonType(left->type, IsStringLiteral(*left), sub.types[0], false, e.ToString());
    if (common.Id() == TypeId::kSqlNull) {
      // A parameter compared with a column of NULLs: as text (PostgreSQL's rule).
      common = IsUntypedParameter(*left) ? TypeId::kVarchar : TypeId::kInteger;
    }
    if (common.Id() == TypeId::kVarchar) {
      common = LogicalType::Varchar(CombineCollations(left->type, sub.types[0]));
    }
    left = CollatedAs(std::move(left), common);
    ExpressionPtr right = CollatedAs(MakeColumnRef(0, sub.types[0]), common);
    if (sub.types[0] != common || right->kind != BoundKind::kColumnRef) {
      auto cast = std::make_unique<LogicalProjection>();
      cast->expressions.push_back(std::move(right));
      cast->types = {cast->expressions[0]->type};
      cast->children.push_back(std::move(sub.plan));
      sub.plan = std::move(cast);
    }
  }
  bound->deterministic = PlanIsDeterministic(*sub.plan);
  bound->plan = std::move(sub.plan);
  bound->correlated = correlated.size();
  auto result = std::make_unique<Expression>(BoundKind::kSubquery, type);
  result->children = std::move(correlated);
  if (left) result->children.push_back(std::move(left));
  result->subquery = std::move(bound);
  return result;
}

}  // namespace teal
