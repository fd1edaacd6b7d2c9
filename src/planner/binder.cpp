// Binder: SELECT and INSERT to logical plans; expressions to bound expressions.
#include "planner/binder.hpp"

#include <fmt/format.h>

#include "common/stack.hpp"
#include "function/function.hpp"
#include "function/implicit_cast.hpp"
#include "function/scalar/similar_to.hpp"
#include "parser/parser.hpp"
#include "planner/column_refs.hpp"
#include "teal/error.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

// ---- types ----------------------------------------------------------------------

namespace {
struct TypeAlias {
  const char* name;
  TypeId id;
};
constexpr TypeAlias kTypeAliases[] = {
    {"bool", TypeId::kBoolean},
    {"boolean", TypeId::kBoolean},
    {"logical", TypeId::kBoolean},
    {"int1", TypeId::kTinyInt},
    {"tinyint", TypeId::kTinyInt},
    {"int2", TypeId::kSmallInt},
    {"smallint", TypeId::kSmallInt},
    {"short", TypeId::kSmallInt},
    {"int4", TypeId::kInteger},
    {"int", TypeId::kInteger},
    {"integer", TypeId::kInteger},
    {"signed", TypeId::kInteger},
    {"int8", TypeId::kBigInt},
    {"bigint", TypeId::kBigInt},
    {"long", TypeId::kBigInt},
    {"int16", TypeId::kHugeInt},
    {"int128", TypeId::kHugeInt},
    {"hugeint", TypeId::kHugeInt},
    {"utinyint", TypeId::kUTinyInt},
    {"uint8", TypeId::kUTinyInt},
    {"usmallint", TypeId::kUSmallInt},
    {"uint16", TypeId::kUSmallInt},
    {"uinteger", TypeId::kUInteger},
    {"uint32", TypeId::kUInteger},
    {"ubigint", TypeId::kUBigInt},
    {"uint64", TypeId::kUBigInt},
    {"uhugeint", TypeId::kUHugeInt},
    {"uint128", TypeId::kUHugeInt},
    {"float4", TypeId::kFloat},
    {"real", TypeId::kFloat},
    {"float", TypeId::kFloat},
    {"float8", TypeId::kDouble},
    {"double", TypeId::kDouble},
    {"varchar", TypeId::kVarchar},
    {"text", TypeId::kVarchar},
    {"string", TypeId::kVarchar},
    {"bpchar", TypeId::kVarchar},
    {"char", TypeId::kVarchar},
    {"name", TypeId::kVarchar},
    {"blob", TypeId::kBlob},
    {"bytea", TypeId::kBlob},
    {"binary", TypeId::kBlob},
    {"varbinary", TypeId::kBlob},
    {"date", TypeId::kDate},
    {"time", TypeId::kTime},
    {"timetz", TypeId::kTimeTz},
    {"timestamp", TypeId::kTimestamp},
    {"datetime", TypeId::kTimestamp},
    {"timestamp_us", TypeId::kTimestamp},
    {"timestamp_s", TypeId::kTimestampS},
    {"timestamp_ms", TypeId::kTimestampMs},
    {"timestamp_ns", TypeId::kTimestampNs},
    {"timestamptz", TypeId::kTimestampTz},
    {"interval", TypeId::kInterval},
    {"uuid", TypeId::kUuid},
};

/// A time type with a fractional-seconds precision, TIMESTAMP(p): the precisions Teal has
/// a storage unit for (TIMESTAMP(0) is TIMESTAMP_S, (3) TIMESTAMP_MS, (6) TIMESTAMP, (9)
/// TIMESTAMP_NS; TIME and TIMESTAMPTZ are stored in microseconds: (6) only). Any other
/// precision is refused rather than ignored, so a value never keeps digits its type
/// denies. VARCHAR(n) keeps DuckDB's meaning (n is not enforced; see DIALECT.md).
LogicalType WithPrecision(const LogicalType& type, const TypeName& name) {
  const TypeId id = type.Id();
  if (id == TypeId::kVarchar) return type;
  if (id != TypeId::kTimestamp && id != TypeId::kTimestampTz && id != TypeId::kTime &&
      id != TypeId::kTimeTz) {
    throw BinderError(fmt::format("type {} does not take modifiers", type.ToString()));
  }
  if (name.modifiers.size() != 1) {
    throw BinderError(
        fmt::format("type {} takes one modifier (the precision of its seconds)", type.ToString()));
  }
  const int64_t precision = name.modifiers[0];
  if (precision < 0) {
    throw BinderError(
        fmt::format("{}({}): the precision cannot be negative", type.ToString(), precision));
  }
  if (precision == 6) return type;
  if (id == TypeId::kTimestamp) {
    if (precision == 0) return LogicalType(TypeId::kTimestampS);
    if (precision == 3) return LogicalType(TypeId::kTimestampMs);
    if (precision == 9) return LogicalType(TypeId::kTimestampNs);
    throw NotImplementedError(
        fmt::format("TIMESTAMP({}): the precisions are 0, 3, 6 and 9 (seconds, milli-, micro- and "
                    "nanoseconds)",
                    precision));
  }
  throw NotImplementedError(fmt::format("{}({}): only precision 6 (microseconds) is supported",
                                        type.ToString(), precision));
}
}  // namespace

LogicalType Binder::ResolveType(const TypeName& name) const {
  LogicalType type;
  bool found = false;
  if (name.name == "decimal" || name.name == "numeric") {
    int64_t width = name.modifiers.size() > 0 ? name.modifiers[0] : 18;
    int64_t scale =
        name.modifiers.size() > 1 ? name.modifiers[1] : (name.modifiers.empty() ? 3 : 0);
    if (name.modifiers.size() > 2)
      throw BinderError("DECIMAL takes at most two modifiers (width, scale)");
    if (width < 1 || width > LogicalType::kMaxDecimalWidth) {
      throw BinderError(fmt::format("DECIMAL width must be between 1 and 38, not {}", width));
    }
    if (scale < 0 || scale > width) {
      throw BinderError(
          fmt::format("DECIMAL scale must be between 0 and the width {}, not {}", width, scale));
    }
    type = LogicalType::Decimal(static_cast<uint8_t>(width), static_cast<uint8_t>(scale));
    found = true;
  } else {
    for (const auto& alias : kTypeAliases) {
      if (name.name == alias.name) {
        type = LogicalType(alias.id);
        found = true;
        break;
      }
    }
    if (found && !name.modifiers.empty()) type = WithPrecision(type, name);
    if (!found) {
      if (auto user = catalog_.FindType(name.name)) {
        type = *user;
        found = true;
      }
    }
  }
  if (!found) throw CatalogError(fmt::format("type \"{}\" does not exist", name.name));
  for (int i = 0; i < name.array_depth; i++) type = LogicalType::List(type);
  return type;
}

// ---- expressions ------------------------------------------------------------------

/// One item of FROM as names see it: its alias and columns, at `offset` in the row.
struct Binding {
  std::string alias;
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  idx_t offset = 0;
  /// Columns merged into a JOIN … USING column of the other side: unqualified names and
  /// * pass over them (empty: none is).
  std::vector<bool> merged;
  bool IsMerged(idx_t c) const { return c < merged.size() && merged[c]; }
};

namespace {
bool SameName(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); i++) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}
}  // namespace

struct Binder::Scope {
  std::vector<Binding> bindings;  // the FROM items, left to right
  // In a subquery: the scope of the query around it, where names not found here are
  // looked up, and the list the outer expressions it reads are collected in.
  Scope* outer = nullptr;
  std::vector<ExpressionPtr>* correlated = nullptr;
  bool allow_aggregates = false;
  std::string clause = "SELECT";
  std::vector<ExpressionPtr> aggregates;  // pulled out of the select list
  bool inside_aggregate = false;
  std::string column_outside_aggregate;  // first column referenced outside an aggregate
  // Grouping: expressions outside aggregates must be groups, referenced by position.
  bool grouping = false;
  std::vector<std::string> group_texts;  // SQL text of each GROUP BY expression
  std::vector<idx_t> group_columns;      // table column of a plain column group, else invalid
  std::vector<LogicalType> group_types;
  // unnest() is allowed while the select list is bound (and not inside another unnest).
  bool allow_unnest = false;
  bool inside_unnest = false;
  // The lists of the select list's unnest() calls, over the rows below the projection.
  // The k-th call reads column kUnnestColumn + k until the width of those rows is known.
  std::vector<ExpressionPtr> unnests;
  static constexpr idx_t kUnnestColumn = idx_t(1) << 62;
};

namespace {
bool IsStringLiteral(const Expression& e) {
  return e.kind == BoundKind::kConstant && e.type.Id() == TypeId::kVarchar;
}
bool IsLiteral(const Expression& e) { return e.kind == BoundKind::kConstant; }
}  // namespace

namespace {
/// Whether `e` calls an aggregate function outside any subquery (GROUP BY ALL leaves
/// such select-list items out).
bool ContainsAggregate(const ParsedExpression& e) {
  if (e.kind == ExprKind::kSubquery) {
    return !e.children.empty() && ContainsAggregate(*e.children[0]);  // ANY/ALL's left side
  }
  if (e.kind == ExprKind::kFunction &&
      (e.star || FunctionCatalog::Builtins().FindAggregate(e.name))) {
    return true;
  }
  for (const auto& child : e.children) {
    if (ContainsAggregate(*child)) return true;
  }
  return false;
}

/// The FROM item of `scope` that has the column `e` names (with its row position in
/// `index`), or null. Throws BinderError when two items have it. `qualifier_found` says
/// whether a qualified name's table is in the scope.
const Binding* FindColumn(const ParsedExpression& e, const Binder::Scope& scope, idx_t& index,
                          bool& qualifier_found) {
  const std::string& column = e.names.back();
  const Binding* found = nullptr;
  for (const auto& binding : scope.bindings) {
    if (e.names.size() == 2) {
      if (!SameName(binding.alias, e.names[0])) continue;
      qualifier_found = true;
    }
    for (idx_t c = 0; c < binding.names.size(); c++) {
      if (!SameName(binding.names[c], column)) continue;
      if (e.names.size() == 1 && binding.IsMerged(c)) continue;
      if (found) {
        throw BinderError(
            fmt::format("column reference \"{}\" is ambiguous: it is in \"{}\" and \"{}\"",
                        e.ToString(), found->alias, binding.alias));
      }
      found = &binding;
      index = binding.offset + c;
    }
  }
  return found;
}

/// Whether the column `e` names is in `scope` or a scope around it.
bool CanResolve(const ParsedExpression& e, const Binder::Scope& scope) {
  for (const Binder::Scope* s = &scope; s; s = s->outer) {
    idx_t index = kInvalidIndex;
    bool qualifier_found = false;
    if (FindColumn(e, *s, index, qualifier_found)) return true;
  }
  return false;
}
}  // namespace

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
}  // namespace

Binder Binder::Child(bool same_level) const {
  Binder child(catalog_, parameter_values_);
  child.options_ = options_;
  child.ctes_ = ctes_;
  child.views_in_progress_ = views_in_progress_;
  if (same_level) {
    child.subquery_outer_ = subquery_outer_;
    child.subquery_correlated_ = subquery_correlated_;
  }
  return child;
}

namespace {
/// Appends the column references in `e` (not those inside its subqueries) to `out`;
/// returns false when `e` holds a subquery.
bool CollectColumnRefs(const ParsedExpression& e, std::vector<const ParsedExpression*>& out) {
  if (e.kind == ExprKind::kSubquery) return false;
  if (e.kind == ExprKind::kColumnRef) out.push_back(&e);
  for (const auto& child : e.children) {
    if (!CollectColumnRefs(*child, out)) return false;
  }
  return true;
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
        fmt::format("a subquery used as an expression must return one column, "
                    "not {} ({})",
                    sub.types.size(), e.ToString()));
  }
  auto bound = std::make_shared<BoundSubquery>();
  bound->kind = kind;
  bound->text = e.ToString();
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
    if (common.Id() == TypeId::kSqlNull) common = TypeId::kInteger;
    left = MakeCast(std::move(left), common);
    if (sub.types[0] != common) {
      auto cast = std::make_unique<LogicalProjection>();
      cast->expressions.push_back(MakeCast(MakeColumnRef(0, sub.types[0]), common));
      cast->types = {common};
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

ExpressionPtr Binder::BindComparison(CompareOp op, ExpressionPtr left, ExpressionPtr right,
                                     const ParsedExpression& e) {
  LogicalType common = CommonType(left->type, IsStringLiteral(*left), right->type,
                                  IsStringLiteral(*right), e.ToString());
  if (common.Id() == TypeId::kSqlNull) common = TypeId::kBoolean;
  auto result = std::make_unique<Expression>(BoundKind::kCompare, TypeId::kBoolean);
  result->op = op;
  result->children.push_back(MakeCast(std::move(left), common));
  result->children.push_back(MakeCast(std::move(right), common));
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
      if (common.Id() == TypeId::kSqlNull) common = TypeId::kInteger;
      result = std::make_unique<Expression>(BoundKind::kInList, TypeId::kBoolean);
      result->children.push_back(MakeCast(std::move(x), common));
      for (auto& item : items) result->children.push_back(MakeCast(std::move(item), common));
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
    ExpressionPtr x_again = x->Copy();
    auto both = std::make_unique<Expression>(BoundKind::kAnd, TypeId::kBoolean);
    both->children.push_back(BindComparison(CompareOp::kGreaterEqual, std::move(x), child(1), e));
    both->children.push_back(
        BindComparison(CompareOp::kLessEqual, std::move(x_again), child(2), e));
    if (op == "BETWEEN") return both;
    auto negated = std::make_unique<Expression>(BoundKind::kNot, TypeId::kBoolean);
    negated->children.push_back(std::move(both));
    return negated;
  }
  // Everything else is a function under the operator's name: + - * / % || …
  std::string function = op;
  bool negate = false;
  if (op == "LIKE" || op == "ILIKE") function = op == "LIKE" ? "like" : "ilike";
  if (op == "NOT LIKE" || op == "NOT ILIKE") {
    function = op == "NOT LIKE" ? "like" : "ilike";
    negate = true;
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
      return id != TypeId::kVarchar && id != TypeId::kList && id != TypeId::kBlob &&
             id != TypeId::kSqlNull;
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

namespace {
/// round(x, n) / trunc(x, n) of a DECIMAL with a constant n: the result has scale n
/// (PostgreSQL, DuckDB), so round(2.45, 1) is 2.5 and not 2.50. The function's own type
/// keeps x's scale (n may be a column); the digits past n are zero, so the cast is exact.
ExpressionPtr ScaleOfRounding(ExpressionPtr call) {
  const std::string& name = call->function->name;
  if ((name != "round" && name != "trunc") || call->children.size() != 2 ||
      call->type.Id() != TypeId::kDecimal || call->children[1]->kind != BoundKind::kConstant ||
      call->children[1]->value.IsNull()) {
    return call;
  }
  const LogicalType& x = call->children[0]->type;
  const int64_t n =
      std::max<int64_t>(0, call->children[1]->value.CastAs(TypeId::kBigInt).GetStored<int64_t>());
  const int64_t width = int64_t{x.DecimalWidth()} - x.DecimalScale() + n + 1;
  if (n >= x.DecimalScale() || width > LogicalType::kMaxDecimalWidth) return call;
  return MakeCast(std::move(call),
                  LogicalType::Decimal(static_cast<uint8_t>(width), static_cast<uint8_t>(n)));
}
}  // namespace

ExpressionPtr Binder::BindScalarCall(const std::string& name, std::vector<ExpressionPtr> arguments,
                                     const ParsedExpression& e) {
  const ScalarFunctionSet* set = FunctionCatalog::Builtins().FindScalar(name);
  if (!set) {
    if (e.kind == ExprKind::kOperator) throw NotImplementedError(fmt::format("operator {}", name));
    throw NotImplementedError(fmt::format("function {}", name));
  }
  std::vector<LogicalType> types;
  std::vector<bool> literals;
  for (const auto& a : arguments) {
    types.push_back(a->type);
    literals.push_back(IsLiteral(*a));
  }
  ScalarFunction function = ResolveScalar(*set, types, literals);
  auto call = std::make_unique<Expression>(BoundKind::kFunction, function.return_type);
  for (size_t i = 0; i < arguments.size(); i++) {
    const LogicalType& param =
        i < function.arguments.size() ? function.arguments[i] : function.varargs;
    call->children.push_back(MakeCast(std::move(arguments[i]), param));
  }
  call->function = std::make_shared<const ScalarFunction>(std::move(function));
  return ScaleOfRounding(std::move(call));  // a call on constants is folded by the optimizer
}

ExpressionPtr Binder::BindFunction(const ParsedExpression& e, Scope& scope) {
  const FunctionCatalog& functions = FunctionCatalog::Builtins();
  std::string name = e.name;
  if (name == "current_setting") return BindCurrentSetting(e, scope);
  if (name == "nextval" || name == "currval") return BindSequenceCall(e, scope);
  if (name == "unnest") return BindUnnest(e, scope);
  if (e.star) {
    if (name != "count") {
      throw BinderError(fmt::format("{}(*) is not a function; only count(*) is", name));
    }
    name = "count_star";
  }
  if (const AggregateFunctionSet* set = functions.FindAggregate(name)) {
    // An aggregate whose arguments read only columns of an enclosing query belongs to that
    // query (SQL standard, PostgreSQL): SELECT (SELECT max(x)) FROM t is one row.
    if (scope.outer && AggregatesOuterColumns(e, scope)) {
      return OuterReference(BindExpression(e, *scope.outer), scope);
    }
    if (!scope.allow_aggregates) {
      throw BinderError(fmt::format("aggregate functions are not allowed in {} ({})", scope.clause,
                                    e.ToString()));
    }
    if (scope.inside_aggregate) {
      throw BinderError(
          fmt::format("aggregate function calls cannot be nested ({})", e.ToString()));
    }
    scope.inside_aggregate = true;
    std::vector<ExpressionPtr> arguments;
    for (const auto& c : e.children) arguments.push_back(BindExpression(*c, scope));
    scope.inside_aggregate = false;
    std::vector<LogicalType> types;
    std::vector<bool> literals;
    for (const auto& a : arguments) {
      types.push_back(a->type);
      literals.push_back(IsLiteral(*a));
    }
    AggregateFunction function = ResolveAggregate(*set, types, literals);
    auto aggregate = std::make_unique<Expression>(BoundKind::kAggregate, function.return_type);
    for (size_t i = 0; i < arguments.size(); i++) {
      aggregate->children.push_back(MakeCast(std::move(arguments[i]), function.arguments[i]));
    }
    aggregate->distinct = e.distinct;
    aggregate->aggregate = std::make_shared<const AggregateFunction>(std::move(function));
    idx_t index = scope.group_types.size() + scope.aggregates.size();
    LogicalType type = aggregate->type;
    scope.aggregates.push_back(std::move(aggregate));
    return MakeColumnRef(index, type, e.ToString());
  }
  if (e.distinct) {
    throw BinderError(fmt::format("DISTINCT is only allowed in aggregates ({})", e.ToString()));
  }
  std::vector<ExpressionPtr> arguments;
  for (const auto& c : e.children) arguments.push_back(BindExpression(*c, scope));
  return BindScalarCall(name, std::move(arguments), e);
}

ExpressionPtr Binder::BindExpression(const ParsedExpression& e, Scope& scope) {
  CheckStackDepth("an expression");
  if (scope.grouping && !scope.inside_aggregate && e.kind != ExprKind::kConstant) {
    std::string text = e.ToString();
    for (idx_t i = 0; i < scope.group_texts.size(); i++) {
      if (text == scope.group_texts[i]) return MakeColumnRef(i, scope.group_types[i], text);
    }
  }
  switch (e.kind) {
    case ExprKind::kConstant:
      return MakeConstant(e.value);
    case ExprKind::kColumnRef: {
      if (scope.bindings.empty() && scope.outer && CanResolve(e, *scope.outer)) {
        return OuterReference(BindExpression(e, *scope.outer), scope);
      }
      if (scope.bindings.empty()) {
        if (scope.clause != "SELECT" && scope.clause != "WHERE") {
          throw BinderError(fmt::format("{} must be a constant; it cannot refer to column \"{}\"",
                                        scope.clause, e.ToString()));
        }
        throw BinderError(
            fmt::format("column \"{}\" not found: the query has no FROM clause", e.ToString()));
      }
      if (e.names.size() > 2) throw NotImplementedError("schema-qualified column names");
      const std::string& column = e.names.back();
      idx_t index = kInvalidIndex;
      bool qualifier_found = false;
      const Binding* found = FindColumn(e, scope, index, qualifier_found);
      if (!found) {
        if (scope.outer && CanResolve(e, *scope.outer)) {
          return OuterReference(BindExpression(e, *scope.outer), scope);
        }
        if (e.names.size() == 2 && !qualifier_found) {
          throw BinderError(
              fmt::format("table \"{}\" is not in the FROM clause (referenced by \"{}\")",
                          e.names[0], e.ToString()));
        }
        throw BinderError(
            scope.bindings.size() == 1
                ? fmt::format("column \"{}\" not found in table \"{}\"", column,
                              scope.bindings[0].alias)
                : fmt::format("column \"{}\" not found in the FROM clause", e.ToString()));
      }
      const std::string& name = found->names[index - found->offset];
      const LogicalType& type = found->types[index - found->offset];
      if (scope.grouping && !scope.inside_aggregate) {
        for (idx_t g = 0; g < scope.group_columns.size(); g++) {
          if (scope.group_columns[g] == index) return MakeColumnRef(g, scope.group_types[g], name);
        }
        throw BinderError(fmt::format(
            "column \"{}\" must appear in the GROUP BY clause or be used in an aggregate function",
            column));
      }
      if (!scope.inside_aggregate && scope.column_outside_aggregate.empty()) {
        scope.column_outside_aggregate = column;
      }
      return MakeColumnRef(index, type, name);
    }
    case ExprKind::kCast: {
      auto child = BindExpression(*e.children[0], scope);
      LogicalType target = ResolveType(e.cast_type);
      if (!CastExists(child->type, target)) {
        throw BinderError(
            fmt::format("cannot cast {} to {}", child->type.ToString(), target.ToString()));
      }
      return MakeCast(std::move(child), target);
    }
    case ExprKind::kOperator:
      return BindOperator(e, scope);
    case ExprKind::kFunction:
      return BindFunction(e, scope);
    case ExprKind::kList: {
      std::vector<ExpressionPtr> elements;
      LogicalType child_type = TypeId::kSqlNull;
      bool all_string_literals = true;
      for (const auto& c : e.children) {
        elements.push_back(BindExpression(*c, scope));
        const auto& bound = elements.back();
        child_type = CommonType(child_type, false, bound->type,
                                IsStringLiteral(*bound) && !all_string_literals, e.ToString());
        all_string_literals = all_string_literals && IsStringLiteral(*bound);
      }
      bool constant = true;
      for (auto& element : elements) {
        element = MakeCast(std::move(element), child_type);
        constant = constant && IsLiteral(*element);
      }
      if (constant) {
        std::vector<Value> values;
        for (auto& element : elements) values.push_back(element->value);
        return MakeConstant(Value::List(child_type, std::move(values)));
      }
      auto list =
          std::make_unique<Expression>(BoundKind::kListValue, LogicalType::List(child_type));
      list->children = std::move(elements);
      return list;
    }
    case ExprKind::kCase: {
      auto result = std::make_unique<Expression>(BoundKind::kCase, TypeId::kSqlNull);
      size_t pairs = (e.children.size() - (e.star ? 1 : 0)) / 2;
      std::vector<ExpressionPtr> conditions, values;
      for (size_t i = 0; i < pairs; i++) {
        conditions.push_back(
            BindBoolean(BindExpression(*e.children[2 * i], scope), "a CASE condition"));
        values.push_back(BindExpression(*e.children[2 * i + 1], scope));
      }
      // CASE x WHEN a …: each condition is x = a with its own copy of x, which would
      // compute a non-deterministic x once per WHEN.
      if (e.name == "simple" && !conditions.empty() && conditions[0]->kind == BoundKind::kCompare &&
          !IsDeterministic(*conditions[0]->children[0])) {
        throw NotImplementedError(fmt::format(
            "CASE whose operand is not deterministic ({}): compute it in a subquery first",
            e.ToString()));
      }
      values.push_back(e.star ? BindExpression(*e.children.back(), scope) : MakeConstant(Value()));
      // The text once: per value, binding a long CASE would be quadratic.
      const std::string context = e.ToString();
      LogicalType type = TypeId::kSqlNull;
      bool all_literals = true;
      for (const auto& v : values) {
        type = CommonType(type, false, v->type, IsStringLiteral(*v) && !all_literals, context);
        all_literals = all_literals && IsStringLiteral(*v);
      }
      result->type = type;
      for (size_t i = 0; i < pairs; i++) {
        result->children.push_back(std::move(conditions[i]));
        result->children.push_back(MakeCast(std::move(values[i]), type));
      }
      result->children.push_back(MakeCast(std::move(values.back()), type));
      return result;
    }
    case ExprKind::kStar:
      throw BinderError("* is only allowed in a select list");
    case ExprKind::kParameter: {
      idx_t index = static_cast<idx_t>(e.parameter_index);
      if (index == 0) throw BinderError("parameters are numbered from $1");
      if (parameter_values_) {
        if (index > parameter_values_->size()) {
          throw InvalidInputError(fmt::format("parameter ${} has no value: {} values were given",
                                              index, parameter_values_->size()));
        }
        return MakeConstant((*parameter_values_)[index - 1]);
      }
      auto parameter = std::make_unique<Expression>(BoundKind::kParameter, TypeId::kSqlNull);
      parameter->column = index - 1;
      return parameter;
    }
    case ExprKind::kDefault:
      throw BinderError("DEFAULT is only allowed in an INSERT's VALUES");
    case ExprKind::kSubquery:
      return BindSubquery(e, scope);
  }
  throw InternalError("unknown parsed expression kind");
}

Value Binder::BindConstant(const ParsedExpression& expression, const LogicalType& type,
                           std::string_view what) {
  Scope scope;
  scope.clause = std::string(what);
  auto bound = BindExpression(expression, scope);
  std::function<bool(const Expression&)> has_parameter = [&](const Expression& x) {
    if (x.kind == BoundKind::kParameter) return true;
    for (const auto& child : x.children) {
      if (has_parameter(*child)) return true;
    }
    return false;
  };
  if (!parameter_values_ && has_parameter(*bound)) {
    needs_parameter_values_ = true;
    return Value(type);  // stands in until the statement is bound again with the values
  }
  if (!bound->IsFoldable() || bound->kind != BoundKind::kConstant) {
    auto cast = MakeCast(std::move(bound), type);
    if (cast->kind != BoundKind::kConstant) {
      throw NotImplementedError(
          fmt::format("{} that is not a constant ({})", what, expression.ToString()));
    }
    return cast->value;
  }
  return bound->value.CastAs(type);
}

void ForEachExpression(LogicalOperator& plan, const std::function<void(ExpressionPtr&)>& fn) {
  switch (plan.kind) {
    case LogicalKind::kGet:
      for (auto& e : static_cast<LogicalGet&>(plan).filters) fn(e);
      break;
    case LogicalKind::kFilter:
      for (auto& e : static_cast<LogicalFilter&>(plan).expressions) fn(e);
      break;
    case LogicalKind::kProjection:
      for (auto& e : static_cast<LogicalProjection&>(plan).expressions) fn(e);
      break;
    case LogicalKind::kUnnest:
      for (auto& e : static_cast<LogicalUnnest&>(plan).lists) fn(e);
      break;
    case LogicalKind::kJoin: {
      auto& join = static_cast<LogicalJoin&>(plan);
      if (join.condition) fn(join.condition);
      break;
    }
    case LogicalKind::kAggregate:
      for (auto& e : static_cast<LogicalAggregate&>(plan).groups) fn(e);
      for (auto& e : static_cast<LogicalAggregate&>(plan).aggregates) fn(e);
      break;
    case LogicalKind::kValues:
      for (auto& row : static_cast<LogicalValues&>(plan).rows) {
        for (auto& e : row) fn(e);
      }
      break;
    case LogicalKind::kInsert:
      if (auto& conflict = static_cast<LogicalInsert&>(plan).on_conflict) {
        for (auto& e : conflict->values) fn(e);
        if (conflict->where) fn(conflict->where);
      }
      break;
    default:
      break;
  }
  for (auto& child : plan.children) ForEachExpression(*child, fn);
}

OrderKey Binder::OrderKeyFor(const OrderTerm& term, idx_t column) const {
  OrderKey key;
  key.column = column;
  key.descending = term.direction_given ? term.descending : options_.default_descending;
  if (term.nulls_first) {
    key.nulls_first = *term.nulls_first;
  } else {
    switch (options_.null_order) {
      case NullOrder::kNullsFirst:
        key.nulls_first = true;
        break;
      case NullOrder::kNullsLast:
        key.nulls_first = false;
        break;
      case NullOrder::kNullsFirstOnAscLastOnDesc:
        key.nulls_first = !key.descending;
        break;
      case NullOrder::kNullsLastOnAscFirstOnDesc:  // PostgreSQL: NULL is the largest value
        key.nulls_first = key.descending;
        break;
    }
  }
  return key;
}

void Binder::AddWhere(const ParsedExpression* where, Scope& scope, LogicalOperatorPtr& plan) {
  if (!where) return;
  scope.clause = "WHERE";
  auto filter = std::make_unique<LogicalFilter>();
  filter->expressions.push_back(BindBoolean(BindExpression(*where, scope), "WHERE clause"));
  filter->types = plan->types;
  filter->children.push_back(std::move(plan));
  plan = std::move(filter);
}

void Binder::AddLimit(const SelectStatement& select, LogicalOperatorPtr& plan) {
  if (!select.limit && !select.offset) return;
  auto limit = std::make_unique<LogicalLimit>();
  if (select.limit) limit->limit = BindLimitValue(*select.limit, "LIMIT");
  if (select.offset) {
    idx_t offset = BindLimitValue(*select.offset, "OFFSET");
    limit->offset = offset == kInvalidIndex ? 0 : offset;
  }
  limit->types = plan->types;
  limit->children.push_back(std::move(plan));
  plan = std::move(limit);
}

idx_t Binder::BindLimitValue(const ParsedExpression& e, std::string_view what) {
  Value v = BindConstant(e, TypeId::kBigInt, what);
  if (v.IsNull()) return kInvalidIndex;
  int64_t n = v.GetStored<int64_t>();
  if (n < 0) throw BinderError(fmt::format("{} must not be negative, got {}", what, n));
  return static_cast<idx_t>(n);
}

// ---- statements -------------------------------------------------------------------

ExpressionPtr Binder::BindCurrentSetting(const ParsedExpression& call, Scope& scope) {
  if (call.children.size() != 1 || call.star || call.distinct) {
    throw BinderError("current_setting takes one argument: the setting's name");
  }
  auto name = BindExpression(*call.children[0], scope);
  if (name->kind != BoundKind::kConstant || name->type.Id() != TypeId::kVarchar ||
      name->value.IsNull()) {
    throw BinderError(fmt::format("the argument of current_setting must be a constant name ({})",
                                  call.ToString()));
  }
  std::string key = name->value.GetString();
  for (auto& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::optional<std::string> value = options_.setting ? options_.setting(key) : std::nullopt;
  if (!value) {
    throw BinderError(fmt::format("unrecognized setting \"{}\" (teal_settings() lists them)",
                                  name->value.GetString()));
  }
  return MakeConstant(Value::Varchar(*value));
}

ExpressionPtr Binder::DefaultExpression(const ColumnDefinition& column, Scope& scope) {
  if (column.default_sequence) {
    ParsedExpression call(ExprKind::kFunction);
    call.name = "nextval";
    auto name = std::make_unique<ParsedExpression>(ExprKind::kConstant);
    name->value = Value::Varchar(column.default_sequence->Name());
    call.children.push_back(std::move(name));
    return BindSequenceCall(call, scope);
  }
  return MakeConstant(column.default_value ? *column.default_value : Value(column.type));
}

ExpressionPtr Binder::BindSequenceCall(const ParsedExpression& call, Scope& scope) {
  const std::string& name = call.name;
  if (call.children.size() != 1 || call.star || call.distinct) {
    throw BinderError(fmt::format("{} takes one argument: the sequence's name", name));
  }
  auto argument = BindExpression(*call.children[0], scope);
  if (argument->kind != BoundKind::kConstant || argument->type.Id() != TypeId::kVarchar ||
      argument->value.IsNull()) {
    throw NotImplementedError(
        fmt::format("{} of anything but a constant sequence name ({})", name, call.ToString()));
  }
  std::shared_ptr<SequenceEntry> sequence = catalog_.GetSequence(argument->value.GetString());
  ScalarFunction function;
  function.name = name;
  function.arguments = {LogicalType(TypeId::kVarchar)};
  function.return_type = TypeId::kBigInt;
  function.deterministic = false;  // never folded: each row takes its own value
  const bool next = name == "nextval";
  function.body = [sequence, next](const DataChunk&, Vector& result, idx_t count) {
    int64_t* out = result.Values<int64_t>();
    for (idx_t i = 0; i < count; i++) out[i] = next ? sequence->Next() : sequence->Current();
  };
  auto bound = std::make_unique<Expression>(BoundKind::kFunction, function.return_type);
  bound->children.push_back(std::move(argument));
  bound->function = std::make_shared<const ScalarFunction>(std::move(function));
  return bound;
}

std::shared_ptr<SequenceEntry> Binder::DefaultSequence(const ParsedExpression& e) const {
  if (e.kind != ExprKind::kFunction || e.name != "nextval" || e.children.size() != 1 ||
      e.children[0]->kind != ExprKind::kConstant ||
      e.children[0]->value.Type().Id() != TypeId::kVarchar || e.children[0]->value.IsNull()) {
    return nullptr;
  }
  return catalog_.GetSequence(e.children[0]->value.GetString());
}

LogicalOperatorPtr Binder::BindSettingsTable() {
  auto values = std::make_unique<LogicalValues>();
  values->types.assign(4, LogicalType(TypeId::kVarchar));
  if (options_.all_settings) {
    for (const auto& row : options_.all_settings()) {
      std::vector<ExpressionPtr> bound;
      for (const auto& field : row) bound.push_back(MakeConstant(Value::Varchar(field)));
      values->rows.push_back(std::move(bound));
    }
  }
  if (values->rows.empty()) {
    // VALUES needs a row: an empty result is a filter that drops the one row.
    std::vector<ExpressionPtr> row;
    for (int i = 0; i < 4; i++) row.push_back(MakeConstant(Value::Varchar("")));
    values->rows.push_back(std::move(row));
    auto none = std::make_unique<LogicalFilter>();
    none->expressions.push_back(MakeConstant(Value::Boolean(false)));
    none->types = values->types;
    none->children.push_back(std::move(values));
    return none;
  }
  return values;
}

LogicalOperatorPtr Binder::BindRange(const ParsedExpression& call) {
  const std::string& name = call.name;
  if (name != "range" && name != "generate_series") {
    throw NotImplementedError(fmt::format("table function {}", name));
  }
  if (call.children.empty() || call.children.size() > 3 || call.star || call.distinct) {
    throw BinderError(fmt::format("{} takes (stop), (start, stop) or (start, stop, step): {}", name,
                                  call.ToString()));
  }
  std::vector<Value> args;
  for (const auto& child : call.children) {
    args.push_back(BindConstant(*child, TypeId::kBigInt, fmt::format("an argument of {}", name)));
  }
  auto range = std::make_unique<LogicalRange>();
  range->types = {LogicalType(TypeId::kBigInt)};
  for (const auto& v : args) {
    if (v.IsNull()) return range;  // any NULL argument: no rows
  }
  int64_t start = args.size() == 1 ? 0 : args[0].GetStored<int64_t>();
  int64_t stop = args[args.size() == 1 ? 0 : 1].GetStored<int64_t>();
  int64_t step = args.size() == 3 ? args[2].GetStored<int64_t>() : 1;
  if (step == 0) throw BinderError(fmt::format("the step of {} must not be 0", name));
  // generate_series includes stop, range does not: count the values in 128 bits.
  const bool inclusive = name == "generate_series";
  __int128 span =
      step > 0 ? static_cast<__int128>(stop) - start : static_cast<__int128>(start) - stop;
  __int128 stride = step > 0 ? step : -static_cast<__int128>(step);
  __int128 count = 0;
  if (span > 0 || (inclusive && span == 0)) {
    count = inclusive ? span / stride + 1 : (span + stride - 1) / stride;
  }
  range->start = start;
  range->step = step;
  range->count = static_cast<uint64_t>(count);
  return range;
}

BoundStatement Binder::BindView(const ViewEntry& view) {
  if (views_in_progress_.size() + 1 > options_.max_expression_depth) {
    throw BinderError(
        fmt::format("view \"{}\" is nested in more than {} other views (max_expression_depth)",
                    view.name, options_.max_expression_depth));
  }
  CheckStackDepth(fmt::format("the nesting of view \"{}\"", view.name));
  auto statements = ParseSql(view.query_text, options_.max_expression_depth);
  if (statements.size() != 1 || statements[0]->type != StatementType::kSelect) {
    throw InternalError(fmt::format("view \"{}\" does not hold one SELECT", view.name));
  }
  for (size_t i = 0; i < views_in_progress_.size(); i++) {
    if (!SameName(views_in_progress_[i], view.name)) continue;
    std::string chain;
    for (size_t j = i; j < views_in_progress_.size(); j++) chain += views_in_progress_[j] + " -> ";
    throw BinderError(
        fmt::format("view \"{}\" refers to itself ({}{})", view.name, chain, view.name));
  }
  // A view sees the catalog, not the WITH names or parameters around the query that uses it.
  Binder child(catalog_);
  child.options_ = options_;
  child.views_in_progress_ = views_in_progress_;
  child.views_in_progress_.push_back(view.name);
  BoundStatement bound;
  try {
    bound = child.BindSelect(static_cast<SelectStatement&>(*statements[0]));
  } catch (const Error& error) {
    // Said once, by the outermost view: a chain of views would repeat it per view.
    if (!views_in_progress_.empty()) throw;
    throw BinderError(fmt::format("view \"{}\" cannot be used: {}", view.name, error.what()));
  }
  if (view.column_names.size() > bound.names.size()) {
    throw BinderError(fmt::format("view \"{}\" names {} columns but its query has {}", view.name,
                                  view.column_names.size(), bound.names.size()));
  }
  for (size_t i = 0; i < view.column_names.size(); i++) bound.names[i] = view.column_names[i];
  return bound;
}

std::unique_ptr<LogicalGet> Binder::BindTargetTable(const BaseTableRef& ref, Scope& scope,
                                                    std::shared_ptr<TableEntry>& table) {
  if (!ref.schema.empty() && ref.schema != Catalog::kMainSchema) {
    throw CatalogError(fmt::format("schema \"{}\" does not exist", ref.schema));
  }
  table = catalog_.GetTable(ref.name);
  Binding binding;
  binding.alias = ref.alias.empty() ? table->name : ref.alias;
  auto get = std::make_unique<LogicalGet>();
  get->table = table;
  for (idx_t i = 0; i < table->columns.size(); i++) {
    get->column_ids.push_back(i);
    get->types.push_back(table->columns[i].type);
    binding.names.push_back(table->columns[i].name);
    binding.types.push_back(table->columns[i].type);
  }
  get->column_ids.push_back(kRowIdColumn);
  get->types.push_back(TypeId::kBigInt);
  scope.bindings.push_back(std::move(binding));
  return get;
}

BoundStatement Binder::BindDelete(const DeleteStatement& del) {
  CteScope with(*this, del.ctes);
  Scope scope;
  std::shared_ptr<TableEntry> table;
  LogicalOperatorPtr plan = BindTargetTable(del.table, scope, table);
  const idx_t row_id = table->columns.size();
  AddWhere(del.where.get(), scope, plan);
  auto logical = std::make_unique<LogicalDelete>();
  logical->table = table;
  logical->row_id_column = row_id;
  logical->types = {LogicalType(TypeId::kBigInt)};
  logical->children.push_back(std::move(plan));
  if (!del.returning.empty()) {
    logical->returning = true;
    logical->types = table->Types();
    return BindReturning(del.returning, *table, del.table.alias, std::move(logical));
  }
  BoundStatement bound;
  bound.plan = std::move(logical);
  bound.names = {"Count"};
  bound.types = {LogicalType(TypeId::kBigInt)};
  return bound;
}

BoundStatement Binder::BindUpdate(const UpdateStatement& update) {
  CteScope with(*this, update.ctes);
  Scope scope;
  std::shared_ptr<TableEntry> table;
  LogicalOperatorPtr plan = BindTargetTable(update.table, scope, table);
  // The row id is the last column of the target's scan; FROM items come after it.
  const idx_t row_id = table->columns.size();
  if (update.from) {
    scope.bindings[0].names.push_back("");  // the row id: no name can reach it
    scope.bindings[0].types.push_back(TypeId::kBigInt);
    auto join = std::make_unique<LogicalJoin>();
    join->join_type = JoinType::kCross;
    auto right = BindTableRef(*update.from, scope);
    join->types = plan->types;
    join->types.insert(join->types.end(), right->types.begin(), right->types.end());
    join->children.push_back(std::move(plan));
    join->children.push_back(std::move(right));
    plan = std::move(join);
  }
  AddWhere(update.where.get(), scope, plan);

  auto projection = std::make_unique<LogicalProjection>();
  auto logical = std::make_unique<LogicalUpdate>();
  scope.clause = "UPDATE … SET";
  for (size_t i = 0; i < update.columns.size(); i++) {
    idx_t column = table->ColumnIndex(update.columns[i]);
    if (column == kInvalidIndex) {
      throw BinderError(
          fmt::format("column \"{}\" not found in table \"{}\"", update.columns[i], table->name));
    }
    for (idx_t earlier : logical->columns) {
      if (earlier == column) {
        throw BinderError(
            fmt::format("column \"{}\" is assigned more than once", table->columns[column].name));
      }
    }
    const ColumnDefinition& definition = table->columns[column];
    ExpressionPtr value;
    if (update.values[i]->kind == ExprKind::kDefault) {
      value = DefaultExpression(definition, scope);
    } else {
      value = BindExpression(*update.values[i], scope);
    }
    if (!CastExists(value->type, definition.type)) {
      throw BinderError(fmt::format("cannot assign a value of type {} to column \"{}\" ({})",
                                    value->type.ToString(), definition.name,
                                    definition.type.ToString()));
    }
    try {
      projection->expressions.push_back(MakeCast(std::move(value), definition.type));
    } catch (const ConversionError& error) {
      throw ConversionError(
          std::string(error.what()) +
          fmt::format(" (column \"{}\" of table \"{}\")", definition.name, table->name));
    }
    projection->types.push_back(definition.type);
    logical->columns.push_back(column);
  }
  projection->expressions.push_back(MakeColumnRef(row_id, TypeId::kBigInt));
  projection->types.push_back(TypeId::kBigInt);
  if (!update.returning.empty()) {  // the old row too, for the columns SET leaves alone
    for (idx_t c = 0; c < table->columns.size(); c++) {
      projection->expressions.push_back(MakeColumnRef(c, table->columns[c].type));
      projection->types.push_back(table->columns[c].type);
    }
  }
  projection->children.push_back(std::move(plan));
  logical->table = table;
  logical->types = {LogicalType(TypeId::kBigInt)};
  logical->children.push_back(std::move(projection));
  if (!update.returning.empty()) {
    logical->returning = true;
    logical->types = table->Types();
    return BindReturning(update.returning, *table, update.table.alias, std::move(logical));
  }
  BoundStatement bound;
  bound.plan = std::move(logical);
  bound.names = {"Count"};
  bound.types = {LogicalType(TypeId::kBigInt)};
  return bound;
}

namespace {
/// The type an untyped NULL takes in a result: SQLNULL anywhere inside becomes INTEGER.
LogicalType ResolveNull(const LogicalType& type) {
  if (type.Id() == TypeId::kSqlNull) return TypeId::kInteger;
  if (type.Id() == TypeId::kList) return LogicalType::List(ResolveNull(type.ListChild()));
  return type;
}
}  // namespace

bool Binder::IsBuiltinTypeName(std::string_view name) {
  if (name == "decimal" || name == "numeric") return true;
  for (const auto& alias : kTypeAliases) {
    if (name == alias.name) return true;
  }
  return false;
}

void Binder::ExpandStar(const ParsedExpression& star, Scope& scope,
                        std::vector<ExpressionPtr>& projections, std::vector<std::string>& texts) {
  bool matched = false;
  for (const auto& binding : scope.bindings) {
    if (!star.names.empty() && !SameName(binding.alias, star.names[0])) continue;
    matched = true;
    for (idx_t c = 0; c < binding.names.size(); c++) {
      if (star.names.empty() && binding.IsMerged(c)) continue;
      ParsedExpression ref(ExprKind::kColumnRef);
      ref.names = {binding.alias, binding.names[c]};
      auto expression = BindExpression(ref, scope);
      expression->alias = binding.names[c];
      projections.push_back(std::move(expression));
      texts.push_back(binding.names[c]);
    }
  }
  if (!matched) {
    throw BinderError(fmt::format("table \"{}\" is not in the FROM clause", star.names[0]));
  }
}

ExpressionPtr Binder::BindUnnestList(const ParsedExpression& call, Scope& scope) {
  if (call.children.size() != 1 || call.star || call.distinct) {
    throw BinderError(fmt::format("unnest() takes one list: {}", call.ToString()));
  }
  auto list = BindExpression(*call.children[0], scope);
  if (list->kind == BoundKind::kParameter) {
    // The element type comes with the value: the statement is bound again with it.
    needs_parameter_values_ = true;
    return MakeConstant(Value(LogicalType::List(TypeId::kInteger)));
  }
  if (list->type.Id() == TypeId::kSqlNull) {
    return MakeConstant(Value(LogicalType::List(TypeId::kInteger)));  // no rows
  }
  if (list->type.Id() != TypeId::kList) {
    throw BinderError(
        fmt::format("unnest() needs a list, not {} ({})", list->type.ToString(), call.ToString()));
  }
  const LogicalType type = ResolveNull(list->type);  // [] and [NULL] unnest as INTEGER
  return MakeCast(std::move(list), type);
}

ExpressionPtr Binder::BindUnnest(const ParsedExpression& call, Scope& scope) {
  if (scope.inside_unnest) {
    throw NotImplementedError(fmt::format("unnest() inside unnest() ({})", call.ToString()));
  }
  if (scope.inside_aggregate) {
    throw BinderError(
        fmt::format("unnest() cannot be inside an aggregate function ({})", call.ToString()));
  }
  if (!scope.allow_unnest) {
    throw BinderError(fmt::format("unnest() is only allowed in the select list, not in {} ({})",
                                  scope.clause, call.ToString()));
  }
  scope.inside_unnest = true;
  auto list = BindUnnestList(call, scope);
  scope.inside_unnest = false;
  const LogicalType element = list->type.ListChild();
  const idx_t column = Scope::kUnnestColumn + scope.unnests.size();
  scope.unnests.push_back(std::move(list));
  return MakeColumnRef(column, element, call.ToString());
}

ExpressionPtr Binder::BindSelectItem(const ParsedExpression& item, Scope& scope) {
  auto expression = BindExpression(item, scope);
  if (!item.alias.empty()) {
    expression->alias = item.alias;
  } else if (item.kind == ExprKind::kColumnRef) {
    expression->alias = expression->kind == BoundKind::kColumnRef && !expression->alias.empty()
                            ? expression->alias
                            : item.names.back();
  } else {
    expression->alias = item.ToString();
  }
  return expression;
}

BoundStatement Binder::BindReturning(const std::vector<ParsedExpressionPtr>& items,
                                     const TableEntry& table, const std::string& alias,
                                     LogicalOperatorPtr plan) {
  Scope scope;
  scope.clause = "RETURNING";
  Binding binding;
  binding.alias = alias.empty() ? table.name : alias;
  for (const auto& column : table.columns) {
    binding.names.push_back(column.name);
    binding.types.push_back(column.type);
  }
  scope.bindings.push_back(std::move(binding));
  std::vector<ExpressionPtr> projections;
  std::vector<std::string> texts;
  for (const auto& item : items) {
    if (item->kind == ExprKind::kStar) {
      ExpandStar(*item, scope, projections, texts);
    } else {
      projections.push_back(BindSelectItem(*item, scope));
    }
  }
  BoundStatement bound;
  auto projection = std::make_unique<LogicalProjection>();
  for (auto& p : projections) {
    LogicalType type = ResolveNull(p->type);
    bound.names.push_back(p->alias);
    bound.types.push_back(type);
    projection->types.push_back(type);
    projection->expressions.push_back(MakeCast(std::move(p), type));
  }
  projection->children.push_back(std::move(plan));
  bound.plan = std::move(projection);
  bound.returning = true;
  return bound;
}

void Binder::BindSelectList(const SelectStatement& select, Scope& scope, LogicalOperatorPtr& plan,
                            BoundStatement& bound, bool resolve_nulls) {
  AddWhere(select.where.get(), scope, plan);

  // GROUP BY: ordinals and select-list aliases stand for select-list expressions.
  std::vector<ExpressionPtr> groups;
  auto alias_of = [&](const ParsedExpression& e) -> const ParsedExpression* {
    if (e.kind == ExprKind::kConstant && e.value.Type().IsIntegral() && !e.value.IsNull()) {
      int64_t ordinal = e.value.CastAs(TypeId::kBigInt).GetStored<int64_t>();
      if (ordinal < 1 || ordinal > static_cast<int64_t>(select.select_list.size())) {
        throw BinderError(fmt::format("position {} is not in the select list (1 to {})", ordinal,
                                      select.select_list.size()));
      }
      const ParsedExpression& item = *select.select_list[ordinal - 1];
      if (item.kind == ExprKind::kStar) throw BinderError("a position cannot refer to *");
      return &item;
    }
    if (e.kind == ExprKind::kColumnRef && e.names.size() == 1 &&
        !std::any_of(scope.bindings.begin(), scope.bindings.end(), [&](const Binding& b) {
          return std::any_of(b.names.begin(), b.names.end(),
                             [&](const std::string& n) { return SameName(n, e.names[0]); });
        })) {
      for (const auto& item : select.select_list) {
        if (!item->alias.empty() && item->alias == e.names[0]) return item.get();
      }
    }
    return nullptr;
  };
  // GROUP BY ALL: the positions of the select-list items that hold no aggregate.
  std::vector<ParsedExpressionPtr> all_groups;
  if (select.group_by_all) {
    for (size_t i = 0; i < select.select_list.size(); i++) {
      const ParsedExpression& item = *select.select_list[i];
      if (item.kind == ExprKind::kStar) {
        throw NotImplementedError("GROUP BY ALL with * in the select list");
      }
      if (ContainsAggregate(item)) continue;
      auto ordinal = std::make_unique<ParsedExpression>(ExprKind::kConstant);
      ordinal->value = Value::BigInt(static_cast<int64_t>(i + 1));
      all_groups.push_back(std::move(ordinal));
    }
  }
  const auto& group_items = select.group_by_all ? all_groups : select.group_by;
  if (!group_items.empty() || select.having) {
    scope.clause = "GROUP BY";
    for (const auto& g : group_items) {
      const ParsedExpression* source = alias_of(*g);
      const ParsedExpression& expression = source ? *source : *g;
      auto bound_group = BindExpression(expression, scope);
      scope.group_texts.push_back(expression.ToString());
      scope.group_columns.push_back(bound_group->kind == BoundKind::kColumnRef ? bound_group->column
                                                                               : kInvalidIndex);
      scope.group_types.push_back(bound_group->type);
      groups.push_back(std::move(bound_group));
    }
    scope.grouping = true;
  }

  scope.clause = "SELECT";
  scope.allow_aggregates = true;
  scope.column_outside_aggregate.clear();
  std::vector<ExpressionPtr> projections;
  std::vector<std::string> texts;  // SQL text of each select-list item, for ORDER BY
  scope.allow_unnest = true;
  for (const auto& item : select.select_list) {
    if (item->kind == ExprKind::kStar) {
      if (scope.bindings.empty()) throw BinderError("SELECT * needs a FROM clause");
      ExpandStar(*item, scope, projections, texts);
      continue;
    }
    projections.push_back(BindSelectItem(*item, scope));
    texts.push_back(item->ToString());
  }
  scope.allow_unnest = false;
  const idx_t visible = projections.size();

  ExpressionPtr having;
  if (select.having) {
    scope.clause = "HAVING";
    having = BindBoolean(BindExpression(*select.having, scope), "HAVING clause");
  }

  // ORDER BY and DISTINCT ON keys: a position, an output name, an expression of the
  // select list, or any other expression (computed as a hidden column, dropped at the end).
  auto output_column = [&](const ParsedExpression& e, const char* clause) -> idx_t {
    if (e.kind == ExprKind::kConstant && e.value.Type().IsIntegral() && !e.value.IsNull()) {
      int64_t ordinal = e.value.CastAs(TypeId::kBigInt).GetStored<int64_t>();
      if (ordinal < 1 || ordinal > static_cast<int64_t>(visible)) {
        throw BinderError(fmt::format("{} position {} is not in the select list (1 to {})", clause,
                                      ordinal, visible));
      }
      return static_cast<idx_t>(ordinal - 1);
    }
    if (e.kind == ExprKind::kColumnRef && e.names.size() == 1) {
      // PostgreSQL: a name two different select-list columns have is ambiguous (DuckDB
      // takes the first); the same expression twice is not.
      idx_t found = kInvalidIndex;
      for (idx_t i = 0; i < visible; i++) {
        if (projections[i]->alias != e.names[0]) continue;
        if (found == kInvalidIndex) {
          found = i;
        } else if (!projections[i]->Equals(*projections[found])) {
          throw BinderError(
              fmt::format("{} \"{}\" is ambiguous: more than one select-list column has that name",
                          clause, e.names[0]));
        }
      }
      if (found != kInvalidIndex) return found;
    }
    std::string text = e.ToString();
    for (idx_t i = 0; i < visible; i++) {
      if (texts[i] == text) return i;
    }
    return kInvalidIndex;
  };
  auto hidden_column = [&](const ParsedExpression& e, const char* clause) -> idx_t {
    scope.clause = clause;
    projections.push_back(BindExpression(e, scope));
    return projections.size() - 1;
  };
  std::vector<OrderKey> order_keys;
  for (const auto& term : select.order_by) {
    if (term.all) {
      for (idx_t i = 0; i < visible; i++) {
        order_keys.push_back(OrderKeyFor(term, i));
      }
      continue;
    }
    const ParsedExpression& e = *term.expression;
    idx_t column = output_column(e, "ORDER BY");
    if (column == kInvalidIndex) {
      if (select.distinct) {
        throw BinderError(fmt::format(
            "for SELECT DISTINCT, ORDER BY expressions must appear in the select list ({})",
            e.ToString()));
      }
      column = hidden_column(e, "ORDER BY");
    }
    order_keys.push_back(OrderKeyFor(term, column));
  }
  // DISTINCT ON keeps the first row of each key in ORDER BY order. Unlike PostgreSQL, the
  // ORDER BY need not start with the DISTINCT ON expressions (DuckDB's rule).
  std::vector<idx_t> distinct_on_columns;
  for (const auto& e : select.distinct_on) {
    idx_t column = output_column(*e, "DISTINCT ON");
    if (column == kInvalidIndex) column = hidden_column(*e, "DISTINCT ON");
    distinct_on_columns.push_back(column);
  }

  if (!scope.aggregates.empty() || scope.grouping) {
    if (!scope.grouping && !scope.column_outside_aggregate.empty()) {
      throw BinderError(fmt::format(
          "column \"{}\" must appear in the GROUP BY clause or be used in an aggregate function",
          scope.column_outside_aggregate));
    }
    auto aggregate = std::make_unique<LogicalAggregate>();
    for (const auto& g : groups) aggregate->types.push_back(g->type);
    for (const auto& a : scope.aggregates) aggregate->types.push_back(a->type);
    aggregate->groups = std::move(groups);
    aggregate->aggregates = std::move(scope.aggregates);
    aggregate->children.push_back(std::move(plan));
    plan = std::move(aggregate);
    if (having) {
      auto filter = std::make_unique<LogicalFilter>();
      filter->expressions.push_back(std::move(having));
      filter->types = plan->types;
      filter->children.push_back(std::move(plan));
      plan = std::move(filter);
    }
  }

  if (!scope.unnests.empty()) {
    // Below the projection (and above any aggregate, whose results it may unnest).
    const idx_t input_width = plan->types.size();
    auto unnest = std::make_unique<LogicalUnnest>();
    unnest->types = plan->types;
    for (idx_t c = 0; c < input_width; c++) unnest->columns.push_back(c);
    for (const auto& list : scope.unnests) unnest->types.push_back(list->type.ListChild());
    unnest->lists = std::move(scope.unnests);
    unnest->children.push_back(std::move(plan));
    plan = std::move(unnest);
    for (auto& p : projections) {
      RemapColumns(*p, [&](idx_t c) {
        return c >= Scope::kUnnestColumn ? input_width + (c - Scope::kUnnestColumn) : c;
      });
    }
  }

  auto projection = std::make_unique<LogicalProjection>();
  for (idx_t i = 0; i < projections.size(); i++) {
    auto& p = projections[i];
    // A bare parameter keeps its open type: the statement is bound again with its value.
    bool open_parameter = p->kind == BoundKind::kParameter;
    LogicalType type = resolve_nulls && !open_parameter ? ResolveNull(p->type) : p->type;
    if (i < visible) {
      bound.names.push_back(p->alias);
      bound.types.push_back(type);
    }
    p = MakeCast(std::move(p), type);
    projection->types.push_back(type);
  }
  projection->expressions = std::move(projections);
  projection->children.push_back(std::move(plan));
  plan = std::move(projection);

  if (select.distinct) {
    auto distinct = std::make_unique<LogicalAggregate>();
    for (idx_t i = 0; i < visible; i++) {
      distinct->groups.push_back(MakeColumnRef(i, plan->types[i]));
      distinct->types.push_back(plan->types[i]);
    }
    distinct->children.push_back(std::move(plan));
    plan = std::move(distinct);
  }

  if (!order_keys.empty()) {
    auto order = std::make_unique<LogicalOrder>();
    order->keys = std::move(order_keys);
    order->types = plan->types;
    order->children.push_back(std::move(plan));
    plan = std::move(order);
  }
  if (!distinct_on_columns.empty()) {
    auto distinct = std::make_unique<LogicalDistinctOn>();
    distinct->columns = std::move(distinct_on_columns);
    distinct->types = plan->types;
    distinct->children.push_back(std::move(plan));
    plan = std::move(distinct);
  }
  if (plan->types.size() > visible) {  // drop the hidden ORDER BY / DISTINCT ON columns
    auto trim = std::make_unique<LogicalProjection>();
    for (idx_t i = 0; i < visible; i++) {
      trim->expressions.push_back(MakeColumnRef(i, plan->types[i]));
      trim->types.push_back(plan->types[i]);
    }
    trim->children.push_back(std::move(plan));
    plan = std::move(trim);
  }
}

LogicalOperatorPtr Binder::BindTableRef(const TableRef& ref, Scope& scope) {
  CheckStackDepth("a FROM clause");
  idx_t offset = 0;
  for (const auto& b : scope.bindings) offset += b.names.size();
  auto rename = [&](Binding& binding) {
    if (ref.column_aliases.size() > binding.names.size()) {
      throw BinderError(fmt::format("\"{}\" has {} columns but {} column aliases were given",
                                    binding.alias, binding.names.size(),
                                    ref.column_aliases.size()));
    }
    for (size_t i = 0; i < ref.column_aliases.size(); i++) binding.names[i] = ref.column_aliases[i];
  };
  switch (ref.kind) {
    case TableRefKind::kBase: {
      // A WITH name hides a table of the same name; the innermost WITH wins.
      if (ref.schema.empty()) {
        for (auto it = ctes_.rbegin(); it != ctes_.rend(); ++it) {
          if (!SameName(it->name, ref.name)) continue;
          Binder child = Child(/*same_level=*/false);
          child.ctes_.assign(ctes_.begin(), it.base() - 1);  // a CTE sees only earlier ones
          BoundStatement bound = child.BindSelect(*it->query);
          needs_parameter_values_ = needs_parameter_values_ || child.needs_parameter_values_;
          Binding binding;
          binding.alias = ref.alias.empty() ? it->name : ref.alias;
          binding.offset = offset;
          binding.names = bound.names;
          binding.types = bound.types;
          if (it->column_aliases.size() > binding.names.size()) {
            throw BinderError(
                fmt::format("WITH query \"{}\" has {} columns but {} names were given", it->name,
                            binding.names.size(), it->column_aliases.size()));
          }
          for (size_t i = 0; i < it->column_aliases.size(); i++)
            binding.names[i] = it->column_aliases[i];
          rename(binding);
          scope.bindings.push_back(std::move(binding));
          return std::move(bound.plan);
        }
      }
      if (!ref.schema.empty() && ref.schema != Catalog::kMainSchema) {
        throw CatalogError(fmt::format("schema \"{}\" does not exist", ref.schema));
      }
      if (auto view = catalog_.FindView(ref.name)) {
        BoundStatement bound = BindView(*view);
        Binding binding;
        binding.alias = ref.alias.empty() ? view->name : ref.alias;
        binding.offset = offset;
        binding.names = bound.names;
        binding.types = bound.types;
        rename(binding);
        scope.bindings.push_back(std::move(binding));
        return std::move(bound.plan);
      }
      auto table = catalog_.GetTable(ref.name);
      Binding binding;
      binding.alias = ref.alias.empty() ? table->name : ref.alias;
      binding.offset = offset;
      auto get = std::make_unique<LogicalGet>();
      get->table = table;
      for (idx_t i = 0; i < table->columns.size(); i++) {
        get->column_ids.push_back(i);
        get->types.push_back(table->columns[i].type);
        binding.names.push_back(table->columns[i].name);
        binding.types.push_back(table->columns[i].type);
      }
      rename(binding);
      for (const auto& b : scope.bindings) {
        if (SameName(b.alias, binding.alias)) {
          throw BinderError(fmt::format(
              "table name \"{}\" is specified more than once; give one an alias", binding.alias));
        }
      }
      scope.bindings.push_back(std::move(binding));
      return get;
    }
    case TableRefKind::kTableFunction: {
      if (ref.function->name == "teal_settings") {
        if (!ref.function->children.empty())
          throw BinderError("teal_settings() takes no arguments");
        auto settings = BindSettingsTable();
        Binding binding;
        binding.alias = ref.alias.empty() ? "teal_settings" : ref.alias;
        binding.offset = offset;
        binding.names = {"name", "value", "description", "input_type"};
        binding.types.assign(4, LogicalType(TypeId::kVarchar));
        rename(binding);
        scope.bindings.push_back(std::move(binding));
        return settings;
      }
      if (ref.function->name == "unnest") {
        // Over one row with no columns; its list may read the columns of an enclosing
        // query (a correlated subquery) but not of other FROM items (no LATERAL).
        Scope argument_scope;
        argument_scope.outer = scope.outer;
        argument_scope.correlated = scope.correlated;
        argument_scope.clause = "the argument of unnest() in FROM";
        auto unnest = std::make_unique<LogicalUnnest>();
        unnest->lists.push_back(BindUnnestList(*ref.function, argument_scope));
        unnest->types = {unnest->lists[0]->type.ListChild()};
        unnest->children.push_back(std::make_unique<LogicalDummyScan>());
        Binding binding;
        binding.alias = ref.alias.empty() ? "unnest" : ref.alias;
        binding.offset = offset;
        binding.names = {"unnest"};
        binding.types = unnest->types;
        rename(binding);
        scope.bindings.push_back(std::move(binding));
        return unnest;
      }
      auto range = BindRange(*ref.function);
      Binding binding;
      binding.alias = ref.alias.empty() ? ref.function->name : ref.alias;
      binding.offset = offset;
      binding.names = {ref.function->name};
      binding.types = {LogicalType(TypeId::kBigInt)};
      rename(binding);
      scope.bindings.push_back(std::move(binding));
      return range;
    }
    case TableRefKind::kSubquery: {
      Binder child = Child(/*same_level=*/false);
      // Inside a subquery, a derived table may read the enclosing queries' columns (not
      // those of its sibling FROM items: that would be LATERAL).
      child.subquery_outer_ = scope.outer;
      child.subquery_correlated_ = scope.correlated;
      BoundStatement bound = child.BindSelect(*ref.subquery);
      needs_parameter_values_ = needs_parameter_values_ || child.needs_parameter_values_;
      Binding binding;
      binding.alias = ref.alias.empty() ? "unnamed_subquery" : ref.alias;
      binding.offset = offset;
      binding.names = bound.names;
      binding.types = bound.types;
      rename(binding);
      scope.bindings.push_back(std::move(binding));
      return std::move(bound.plan);
    }
    case TableRefKind::kJoin: {
      const bool merging = ref.natural || !ref.using_columns.empty();
      if (merging && ref.join_type == JoinType::kFull) {
        throw NotImplementedError("FULL JOIN with USING or NATURAL (use ON)");
      }
      auto join = std::make_unique<LogicalJoin>();
      join->join_type = ref.join_type;
      const size_t left_first = scope.bindings.size();
      auto left = BindTableRef(*ref.left, scope);
      const size_t right_first = scope.bindings.size();
      auto right = BindTableRef(*ref.right, scope);
      if (merging) {
        join->condition = BindUsing(ref, scope, left_first, right_first);
        if (!join->condition) {
          // NATURAL without a common column: every pair of rows.
          if (join->join_type == JoinType::kInner) join->join_type = JoinType::kCross;
          if (join->join_type != JoinType::kCross)
            join->condition = MakeConstant(Value::Boolean(true));
        }
      }
      join->types = left->types;
      join->types.insert(join->types.end(), right->types.begin(), right->types.end());
      join->children.push_back(std::move(left));
      join->children.push_back(std::move(right));
      if (ref.condition) {
        // ON sees the join's own two sides only (and enclosing queries), as in PostgreSQL:
        // an unqualified name is looked up there, not among other FROM items.
        Scope on_scope;
        on_scope.bindings.assign(scope.bindings.begin() + static_cast<std::ptrdiff_t>(left_first),
                                 scope.bindings.end());
        on_scope.outer = scope.outer;
        on_scope.correlated = scope.correlated;
        on_scope.clause = "JOIN ON";
        std::vector<const ParsedExpression*> refs;
        CollectColumnRefs(*ref.condition, refs);
        for (const ParsedExpression* column : refs) {
          if (column->names.size() > 2) continue;
          idx_t index = kInvalidIndex;
          bool qualifier_found = false;
          if (FindColumn(*column, on_scope, index, qualifier_found)) continue;
          bool elsewhere = false;
          try {
            elsewhere = FindColumn(*column, scope, index, qualifier_found) != nullptr;
          } catch (const BinderError&) {
            elsewhere = true;  // ambiguous among the other FROM items: still not this join's
          }
          if (elsewhere) {
            throw BinderError(fmt::format(
                "the condition of a JOIN can only use the columns of its own two sides: {}",
                ref.condition->ToString()));
          }
        }
        join->condition = BindBoolean(BindExpression(*ref.condition, on_scope), "a join condition");
      }
      if (join->condition) LocalizeJoinCondition(*join->condition, offset, ref);
      if (join->join_type == JoinType::kSemi || join->join_type == JoinType::kAnti) {
        // Only the left side's rows come out; the right side's names end with the join.
        scope.bindings.resize(right_first);
        join->types = join->children[0]->types;
      }
      return join;
    }
  }
  throw InternalError("unknown table reference kind");
}

void Binder::LocalizeJoinCondition(Expression& condition, idx_t offset, const TableRef& ref) {
  // Columns are bound at their place in the whole FROM clause; the join evaluates its
  // condition over its own rows, which start at `offset`. Tables to the left of the
  // join are visible in the scope but not to its condition (as in PostgreSQL).
  ForEachColumn(condition, [&](idx_t c) {
    if (c < offset) {
      throw BinderError(
          fmt::format("the condition of a JOIN can only use the columns of its own two sides: {}",
                      ref.condition ? ref.condition->ToString() : std::string("USING")));
    }
  });
  RemapColumns(condition, [&](idx_t c) { return c - offset; });
}

ExpressionPtr Binder::BindUsing(const TableRef& ref, Scope& scope, size_t left_first,
                                size_t right_first) {
  // Where a visible column of that name is on one side: (binding, column) or none.
  auto find = [&](const std::string& name, size_t from, size_t to,
                  const char* side) -> std::optional<std::pair<size_t, idx_t>> {
    std::optional<std::pair<size_t, idx_t>> found;
    for (size_t b = from; b < to; b++) {
      const Binding& binding = scope.bindings[b];
      for (idx_t c = 0; c < binding.names.size(); c++) {
        if (!SameName(binding.names[c], name) || binding.IsMerged(c)) continue;
        if (found) {
          throw BinderError(fmt::format(
              "column \"{}\" of the join's USING is ambiguous on its {} side", name, side));
        }
        found = {{b, c}};
      }
    }
    return found;
  };
  std::vector<std::string> names = ref.using_columns;
  if (ref.natural) {
    for (size_t b = left_first; b < right_first; b++) {
      for (idx_t c = 0; c < scope.bindings[b].names.size(); c++) {
        const std::string& name = scope.bindings[b].names[c];
        if (scope.bindings[b].IsMerged(c)) continue;
        if (find(name, right_first, scope.bindings.size(), "right")) names.push_back(name);
      }
    }
  }
  ExpressionPtr condition;
  for (const auto& name : names) {
    auto l = find(name, left_first, right_first, "left");
    auto r = find(name, right_first, scope.bindings.size(), "right");
    if (!l || !r) {
      throw BinderError(fmt::format("column \"{}\" of the join's USING is not on its {} side", name,
                                    l ? "right" : "left"));
    }
    Binding& lb = scope.bindings[l->first];
    Binding& rb = scope.bindings[r->first];
    ParsedExpression text(ExprKind::kColumnRef);
    text.names = {name};
    auto equal = BindComparison(
        CompareOp::kEqual, MakeColumnRef(lb.offset + l->second, lb.types[l->second], name),
        MakeColumnRef(rb.offset + r->second, rb.types[r->second], name), text);
    if (!condition) {
      condition = std::move(equal);
    } else {
      auto both = std::make_unique<Expression>(BoundKind::kAnd, TypeId::kBoolean);
      both->children.push_back(std::move(condition));
      both->children.push_back(std::move(equal));
      condition = std::move(both);
    }
    // The merged column is the left one, or the right one for a RIGHT JOIN (whose
    // unmatched rows have it NULL on the left).
    Binding& hidden = ref.join_type == JoinType::kRight ? lb : rb;
    idx_t column = ref.join_type == JoinType::kRight ? l->second : r->second;
    hidden.merged.resize(hidden.names.size(), false);
    hidden.merged[column] = true;
  }
  return condition;
}

BoundStatement Binder::BindSetOperation(const SelectStatement& select, bool resolve_nulls) {
  const char* name = select.set_operation == SetOperation::kUnion       ? "UNION"
                     : select.set_operation == SetOperation::kIntersect ? "INTERSECT"
                                                                        : "EXCEPT";
  // Both sides are at this query's level: in a subquery, they see the same outer scope.
  Binder left_binder = Child(/*same_level=*/true);
  BoundStatement left = left_binder.BindSelect(*select.set_left, false);
  Binder right_binder = Child(/*same_level=*/true);
  BoundStatement right = right_binder.BindSelect(*select.set_right, false);
  needs_parameter_values_ = needs_parameter_values_ || left_binder.needs_parameter_values_ ||
                            right_binder.needs_parameter_values_;
  if (left.types.size() != right.types.size()) {
    throw BinderError(
        fmt::format("each side of {} must have the same number of columns ({} and {})", name,
                    left.types.size(), right.types.size()));
  }
  std::vector<LogicalType> types;
  for (idx_t i = 0; i < left.types.size(); i++) {
    LogicalType common = CommonType(left.types[i], false, right.types[i], false, name);
    types.push_back(resolve_nulls ? ResolveNull(common) : common);
  }
  auto cast_to = [&](BoundStatement& side) -> LogicalOperatorPtr {
    if (side.types == types) return std::move(side.plan);
    auto projection = std::make_unique<LogicalProjection>();
    for (idx_t i = 0; i < types.size(); i++) {
      projection->expressions.push_back(MakeCast(MakeColumnRef(i, side.types[i]), types[i]));
    }
    projection->types = types;
    projection->children.push_back(std::move(side.plan));
    return projection;
  };
  auto set = std::make_unique<LogicalSetOperation>();
  set->operation = select.set_operation;
  set->all = select.set_all;
  set->types = types;
  set->children.push_back(cast_to(left));
  set->children.push_back(cast_to(right));
  LogicalOperatorPtr plan = std::move(set);
  if (select.set_operation == SetOperation::kUnion && !select.set_all) {
    auto distinct = std::make_unique<LogicalAggregate>();
    for (idx_t i = 0; i < types.size(); i++) distinct->groups.push_back(MakeColumnRef(i, types[i]));
    distinct->types = types;
    distinct->children.push_back(std::move(plan));
    plan = std::move(distinct);
  }
  if (!select.order_by.empty()) {
    auto order = std::make_unique<LogicalOrder>();
    for (const auto& term : select.order_by) {
      if (term.all) {
        for (idx_t i = 0; i < types.size(); i++) {
          order->keys.push_back(OrderKeyFor(term, i));
        }
        continue;
      }
      const ParsedExpression& e = *term.expression;
      idx_t column = kInvalidIndex;
      if (e.kind == ExprKind::kConstant && e.value.Type().IsIntegral() && !e.value.IsNull()) {
        int64_t ordinal = e.value.CastAs(TypeId::kBigInt).GetStored<int64_t>();
        if (ordinal >= 1 && ordinal <= static_cast<int64_t>(types.size())) column = ordinal - 1;
      } else if (e.kind == ExprKind::kColumnRef && e.names.size() == 1) {
        for (idx_t i = 0; i < left.names.size() && column == kInvalidIndex; i++) {
          if (SameName(left.names[i], e.names[0])) column = i;
        }
      }
      if (column == kInvalidIndex) {
        throw BinderError(
            fmt::format("ORDER BY after {} must name an output column or give its position ({})",
                        name, e.ToString()));
      }
      order->keys.push_back(OrderKeyFor(term, column));
    }
    order->types = types;
    order->children.push_back(std::move(plan));
    plan = std::move(order);
  }
  AddLimit(select, plan);
  BoundStatement bound;
  bound.names = left.names;
  bound.types = types;
  bound.plan = std::move(plan);
  return bound;
}

Binder::CteScope::CteScope(Binder& binder, const std::vector<CommonTableExpression>& ctes)
    : ctes_(binder.ctes_), outer_(ctes_.size()) {
  for (const auto& cte : ctes) {
    for (size_t i = outer_; i < ctes_.size(); i++) {
      if (SameName(ctes_[i].name, cte.name)) {
        ctes_.resize(outer_);
        throw BinderError(
            fmt::format("WITH query name \"{}\" is specified more than once", cte.name));
      }
    }
    ctes_.push_back(cte);
  }
}

BoundStatement Binder::BindSelect(const SelectStatement& select, bool resolve_nulls) {
  CheckStackDepth("a query");
  CteScope with(*this, select.ctes);
  if (select.set_operation != SetOperation::kNone) return BindSetOperation(select, resolve_nulls);
  BoundStatement bound;
  Scope scope;
  scope.outer = subquery_outer_;
  scope.correlated = subquery_correlated_;
  LogicalOperatorPtr plan;

  if (!select.values.empty()) {
    auto values = std::make_unique<LogicalValues>();
    size_t width = select.values[0].size();
    std::vector<LogicalType> types(width, TypeId::kSqlNull);
    for (const auto& row : select.values) {
      if (row.size() != width) throw BinderError("VALUES lists must all be the same length");
      std::vector<ExpressionPtr> bound_row;
      for (size_t i = 0; i < width; i++) {
        bound_row.push_back(BindExpression(*row[i], scope));
        types[i] = CommonType(types[i], false, bound_row.back()->type, false, "VALUES");
      }
      values->rows.push_back(std::move(bound_row));
    }
    for (auto& row : values->rows) {
      for (size_t i = 0; i < width; i++) row[i] = MakeCast(std::move(row[i]), types[i]);
    }
    for (size_t i = 0; i < width; i++) {
      if (resolve_nulls && ResolveNull(types[i]) != types[i]) {
        types[i] = ResolveNull(types[i]);
        for (auto& row : values->rows) row[i] = MakeCast(std::move(row[i]), types[i]);
      }
    }
    values->types = types;
    for (size_t i = 0; i < width; i++) bound.names.push_back(fmt::format("col{}", i));
    bound.types = types;
    plan = std::move(values);
  } else if (select.from) {
    plan = BindTableRef(*select.from, scope);
  } else {
    plan = std::make_unique<LogicalDummyScan>();
  }

  if (select.values.empty()) BindSelectList(select, scope, plan, bound, resolve_nulls);

  AddLimit(select, plan);
  bound.plan = std::move(plan);
  return bound;
}

BoundStatement Binder::BindInsert(const InsertStatement& insert) {
  CteScope with(*this, insert.ctes);
  if (!insert.schema.empty() && insert.schema != Catalog::kMainSchema) {
    throw CatalogError(fmt::format("schema \"{}\" does not exist", insert.schema));
  }
  auto table = catalog_.GetTable(insert.table);
  // Which table column each supplied value goes to.
  std::vector<idx_t> targets;
  if (insert.columns.empty()) {
    for (idx_t i = 0; i < table->columns.size(); i++) targets.push_back(i);
  } else {
    std::vector<bool> seen(table->columns.size(), false);
    for (const auto& name : insert.columns) {
      idx_t index = table->ColumnIndex(name);
      if (index == kInvalidIndex) {
        throw BinderError(
            fmt::format("table \"{}\" has no column named \"{}\"", table->name, name));
      }
      if (seen[index]) throw BinderError(fmt::format("column \"{}\" is listed twice", name));
      seen[index] = true;
      targets.push_back(index);
    }
  }

  auto logical = std::make_unique<LogicalInsert>();
  logical->table = table;
  logical->column_map.assign(table->columns.size(), kInvalidIndex);
  for (const auto& column : table->columns) {
    logical->defaults.push_back(column.default_value ? *column.default_value : Value(column.type));
  }

  auto conversion_context = [&](idx_t column) {
    return fmt::format(" (column \"{}\" of table \"{}\")", table->columns[column].name,
                       table->name);
  };

  LogicalOperatorPtr child;
  if (insert.default_values) {
    child = std::make_unique<LogicalDummyScan>();
    targets.clear();
  } else if (!insert.select->values.empty()) {
    auto values = std::make_unique<LogicalValues>();
    Scope scope;
    scope.clause = "VALUES";
    for (size_t r = 0; r < insert.select->values.size(); r++) {
      const auto& row = insert.select->values[r];
      if (row.size() != targets.size()) {
        throw BinderError(fmt::format("table \"{}\" has {} columns but {} values were supplied{}",
                                      table->name, targets.size(), row.size(),
                                      insert.columns.empty() ? "" : " for the listed columns"));
      }
      std::vector<ExpressionPtr> bound_row;
      for (size_t i = 0; i < row.size(); i++) {
        idx_t column = targets[i];
        const LogicalType& type = table->columns[column].type;
        if (row[i]->kind == ExprKind::kDefault) {
          bound_row.push_back(MakeCast(DefaultExpression(table->columns[column], scope), type));
          continue;
        }
        auto value = BindExpression(*row[i], scope);
        if (!CastExists(value->type, type)) {
          throw BinderError(fmt::format("cannot insert a value of type {} into column \"{}\" ({})",
                                        value->type.ToString(), table->columns[column].name,
                                        type.ToString()));
        }
        try {
          bound_row.push_back(MakeCast(std::move(value), type));
        } catch (const ConversionError& error) {
          throw ConversionError(std::string(error.what()) + conversion_context(column) +
                                fmt::format(", row {}", r + 1));
        }
      }
      values->rows.push_back(std::move(bound_row));
    }
    for (idx_t column : targets) values->types.push_back(table->columns[column].type);
    child = std::move(values);
  } else {
    BoundStatement query = BindSelect(*insert.select, /*resolve_nulls=*/false);
    if (query.types.size() != targets.size()) {
      throw BinderError(fmt::format("table \"{}\" has {} columns but the query gives {}",
                                    table->name, targets.size(), query.types.size()));
    }
    auto projection = std::make_unique<LogicalProjection>();
    for (size_t i = 0; i < targets.size(); i++) {
      const LogicalType& type = table->columns[targets[i]].type;
      if (!CastExists(query.types[i], type)) {
        throw BinderError(fmt::format("cannot insert a value of type {} into column \"{}\" ({})",
                                      query.types[i].ToString(), table->columns[targets[i]].name,
                                      type.ToString()));
      }
      projection->expressions.push_back(MakeCast(MakeColumnRef(i, query.types[i]), type));
      projection->types.push_back(type);
    }
    projection->children.push_back(std::move(query.plan));
    child = std::move(projection);
  }
  for (size_t i = 0; i < targets.size(); i++) logical->column_map[targets[i]] = i;
  if (insert.on_conflict)
    logical->on_conflict = BindOnConflict(*insert.on_conflict, *table, insert.alias, targets);
  logical->children.push_back(std::move(child));
  logical->types = {LogicalType(TypeId::kBigInt)};
  if (!insert.returning.empty()) {
    logical->returning = true;
    logical->types = table->Types();
    return BindReturning(insert.returning, *table, insert.alias, std::move(logical));
  }

  BoundStatement bound;
  bound.plan = std::move(logical);
  bound.names = {"Count"};
  bound.types = {LogicalType(TypeId::kBigInt)};
  return bound;
}

}  // namespace teal

namespace teal {

namespace {
/// "(a, b)"
std::string ColumnList(const TableEntry& table, const std::vector<idx_t>& columns) {
  std::string out = "(";
  for (size_t i = 0; i < columns.size(); i++) {
    out += (i ? ", " : "") + table.columns[columns[i]].name;
  }
  return out + ")";
}
}  // namespace

std::unique_ptr<InsertConflict> Binder::BindOnConflict(const OnConflictClause& clause,
                                                       const TableEntry& table,
                                                       const std::string& alias,
                                                       const std::vector<idx_t>& supplied) {
  using Action = OnConflictClause::Action;
  const char* what = clause.action == Action::kReplace ? "INSERT OR REPLACE" : "ON CONFLICT";
  std::vector<std::shared_ptr<IndexEntry>> unique;
  {
    std::lock_guard<std::mutex> guard(table.indexes->Lock());
    for (const auto& index : table.indexes->Entries()) {
      if (index->Unique()) unique.push_back(index);
    }
  }
  if (unique.empty()) {
    throw BinderError(
        fmt::format("{}: table \"{}\" has no PRIMARY KEY or UNIQUE constraint", what, table.name));
  }
  auto conflict = std::make_unique<InsertConflict>();
  conflict->update = clause.action != Action::kNothing;
  std::shared_ptr<IndexEntry> arbiter;
  if (!clause.target.empty()) {
    for (const auto& name : clause.target) {
      idx_t column = table.ColumnIndex(name);
      if (column == kInvalidIndex) {
        throw BinderError(
            fmt::format("ON CONFLICT: table \"{}\" has no column named \"{}\"", table.name, name));
      }
      if (std::find(conflict->target.begin(), conflict->target.end(), column) ==
          conflict->target.end()) {
        conflict->target.push_back(column);
      }
    }
    std::sort(conflict->target.begin(), conflict->target.end());
    for (const auto& index : unique) {
      std::vector<idx_t> columns = index->columns;
      std::sort(columns.begin(), columns.end());
      if (columns == conflict->target) arbiter = index;
    }
    if (!arbiter) {
      throw BinderError(fmt::format(
          "ON CONFLICT {}: table \"{}\" has no PRIMARY KEY or UNIQUE constraint over these columns",
          ColumnList(table, conflict->target), table.name));
    }
  } else if (conflict->update) {
    // No target: the PRIMARY KEY, or the one UNIQUE index.
    for (const auto& index : unique) {
      if (index->constraint == IndexConstraint::kPrimaryKey) arbiter = index;
    }
    if (!arbiter && unique.size() == 1) arbiter = unique[0];
    if (!arbiter) {
      throw BinderError(fmt::format(
          "{}: table \"{}\" has no PRIMARY KEY and {} UNIQUE constraints; name the conflict "
          "columns with ON CONFLICT (…) DO UPDATE",
          clause.action == Action::kReplace ? "INSERT OR REPLACE" : "ON CONFLICT DO UPDATE",
          table.name, unique.size()));
    }
    conflict->target = arbiter->columns;
    std::sort(conflict->target.begin(), conflict->target.end());
  }
  if (!conflict->update) return conflict;

  const idx_t width = table.columns.size();
  auto is_key = [&](idx_t c) {
    return std::find(conflict->target.begin(), conflict->target.end(), c) != conflict->target.end();
  };
  if (clause.action == Action::kReplace) {
    // As in DuckDB: the columns the INSERT supplies (all, without a column list); the
    // others keep their stored values rather than taking their DEFAULTs.
    for (idx_t c = 0; c < width; c++) {
      if (is_key(c) || std::find(supplied.begin(), supplied.end(), c) == supplied.end()) continue;
      conflict->columns.push_back(c);
      conflict->values.push_back(MakeColumnRef(width + c, table.columns[c].type));
    }
    return conflict;
  }
  Scope scope;
  scope.clause = "ON CONFLICT DO UPDATE";
  Binding existing, excluded;
  existing.alias = alias.empty() ? table.name : alias;
  excluded.alias = "excluded";
  excluded.offset = width;
  for (const auto& column : table.columns) {
    existing.names.push_back(column.name);
    existing.types.push_back(column.type);
  }
  excluded.names = existing.names;
  excluded.types = existing.types;
  scope.bindings.push_back(std::move(existing));
  scope.bindings.push_back(std::move(excluded));
  for (size_t i = 0; i < clause.columns.size(); i++) {
    idx_t column = table.ColumnIndex(clause.columns[i]);
    if (column == kInvalidIndex) {
      throw BinderError(
          fmt::format("column \"{}\" not found in table \"{}\"", clause.columns[i], table.name));
    }
    if (std::find(conflict->columns.begin(), conflict->columns.end(), column) !=
        conflict->columns.end()) {
      throw BinderError(
          fmt::format("column \"{}\" is assigned more than once", table.columns[column].name));
    }
    const ColumnDefinition& definition = table.columns[column];
    ExpressionPtr value = clause.values[i]->kind == ExprKind::kDefault
                              ? DefaultExpression(definition, scope)
                              : BindExpression(*clause.values[i], scope);
    if (!CastExists(value->type, definition.type)) {
      throw BinderError(fmt::format("cannot assign a value of type {} to column \"{}\" ({})",
                                    value->type.ToString(), definition.name,
                                    definition.type.ToString()));
    }
    if (is_key(column)) {
      // The key stays what it is (a conflicting row's key equals the proposed one), so
      // SET k = EXCLUDED.k is fine; another value would move the row in the arbiter.
      if (value->kind != BoundKind::kColumnRef || value->column != width + column) {
        throw NotImplementedError(fmt::format(
            "ON CONFLICT DO UPDATE SET of a conflict key column (\"{}\") to anything but "
            "EXCLUDED.{}",
            definition.name, definition.name));
      }
    }
    conflict->columns.push_back(column);
    conflict->values.push_back(MakeCast(std::move(value), definition.type));
  }
  if (clause.where) {
    conflict->where =
        BindBoolean(BindExpression(*clause.where, scope), "ON CONFLICT DO UPDATE WHERE");
  }
  return conflict;
}

}  // namespace teal
