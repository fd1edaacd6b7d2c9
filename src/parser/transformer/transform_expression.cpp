// Transformer: expressions — operators, function calls, CASE, subqueries and the rest of
// the expression nodes.
#include <algorithm>
#include <cctype>

#include "function/volatile_calls.hpp"
#include "parser/parser.hpp"
#include "parser/transformer/transformer_internal.hpp"

namespace teal::transformer {

ParsedExpressionPtr Transformer::Make(ExprKind kind, int location) {
  auto e = std::make_unique<ParsedExpression>(kind);
  e->location = location;
  return e;
}

ParsedExpressionPtr Transformer::WithinGroup(const PgQuery__FuncCall& f) {
  // The ordered-set aggregates of PostgreSQL as plain aggregates: percentile_cont(f)
  // WITHIN GROUP (ORDER BY x [DESC]) is percentile_cont(x, f [ORDER BY x DESC])
  // (DuckDB's quantile_cont, but a DECIMAL gives DOUBLE as in PostgreSQL),
  // percentile_disc quantile_disc, mode() mode(x). Binder::RewriteQuantile reads the
  // fraction and the direction; mode(x ORDER BY x) takes the first of tied values.
  const std::string name = Lower(StringOf(f.funcname[f.n_funcname - 1]));
  const bool percentile = name == "percentile_cont" || name == "percentile_disc";
  if (!percentile && name != "mode") {
    // DuckDB's words; PostgreSQL's other ordered-set aggregates (rank(…) WITHIN GROUP, …)
    // Teal does not have either.
    throw ParserError(fmt::format("Unknown ordered aggregate \"{}\"", name));
  }
  if (f.agg_distinct || f.agg_star) {
    throw ParserError(fmt::format("{} WITHIN GROUP takes neither DISTINCT nor *", name));
  }
  if (f.n_agg_order != 1 || f.n_args != (percentile ? 1u : 0u)) {
    throw ParserError(fmt::format("{} WITHIN GROUP takes {} and one ORDER BY expression", name,
                                  percentile ? "one fraction" : "no arguments"));
  }
  std::vector<OrderTerm> order = OrderTerms(f.agg_order, f.n_agg_order, false);
  auto e = Make(ExprKind::kFunction, f.location);
  e->name = name;
  e->children.push_back(std::move(order[0].expression));
  if (percentile) e->children.push_back(Expr(f.args[0]));
  // percentile_*: DESC as the binder reads it in quantile_cont(x, f ORDER BY x DESC), from
  // the top. mode: the ORDER BY in both directions, which picks among tied values (the
  // first in that order, as PostgreSQL's).
  if (!percentile || order[0].descending) {
    auto terms = std::make_shared<std::vector<OrderTerm>>();
    terms->push_back(std::move(order[0]));
    terms->back().expression = e->children[0]->Copy();
    e->order_by = std::move(terms);
  }
  if (f.agg_filter) e->filter = Expr(f.agg_filter);
  if (f.over) e->window = Window(*f.over);
  return e;
}

ParsedExpressionPtr Transformer::Operator(std::string name, int location, ParsedExpressionPtr a,
                                          ParsedExpressionPtr b) {
  auto e = Make(ExprKind::kOperator, location);
  e->name = std::move(name);
  e->children.push_back(std::move(a));
  if (b) e->children.push_back(std::move(b));
  return e;
}

std::vector<ParsedExpressionPtr> Transformer::List(const Node* node) {
  std::vector<ParsedExpressionPtr> out;
  if (node->node_case != PG_QUERY__NODE__NODE_LIST) {
    out.push_back(Expr(node));
    return out;
  }
  for (size_t i = 0; i < node->list->n_items; i++) out.push_back(Expr(node->list->items[i]));
  return out;
}

ParsedExpressionPtr Transformer::AExpr(const PgQuery__AExpr& a) {
  std::string name = a.n_name ? StringOf(a.name[a.n_name - 1]) : "";
  if (a.n_name > 1) {
    // OPERATOR(schema.op): the built-in operators are in pg_catalog (PostgreSQL) and main
    // (DuckDB); Teal has no others.
    if (a.n_name > 2) {
      throw ParserError(fmt::format(
          "Too many identifiers found in OPERATOR(…): improper qualified name of operator {}",
          name));
    }
    const std::string schema = Lower(StringOf(a.name[0]));
    if (schema != "pg_catalog" && schema != "main") {
      throw CatalogError(fmt::format(
          "operator {}.{} does not exist: the built-in operators are in pg_catalog and main",
          StringOf(a.name[0]), name));
    }
  }
  switch (a.kind) {
    case PG_QUERY__A__EXPR__KIND__AEXPR_OP: {
      if (!a.lexpr) {  // prefix operator
        if (name == "-" || name == "+") {
          // +5 stays the literal 5; + of anything else is the operator, which only numbers
          // have (PostgreSQL: +DATE '…' and +true are errors, not the operand unchanged).
          const bool number = a.rexpr->node_case == PG_QUERY__NODE__NODE_A_CONST &&
                              (a.rexpr->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL ||
                               a.rexpr->a_const->val_case == PG_QUERY__A__CONST__VAL_FVAL);
          auto operand = Expr(a.rexpr);
          if (name == "+" && number) return operand;
          return Operator(name, a.location, std::move(operand));
        }
        if (name == "~") return Operator("~", a.location, Expr(a.rexpr));
        if (name == "#") {
          if (a.rexpr->node_case != PG_QUERY__NODE__NODE_A_CONST ||
              a.rexpr->a_const->val_case != PG_QUERY__A__CONST__VAL_IVAL) {
            throw ParserError(
                "syntax error at or near \"#\": a positional reference is # and "
                "a column number (#1)");
          }
          auto positional = Make(ExprKind::kPositional, a.location);
          positional->parameter_index = a.rexpr->a_const->ival->ival;
          if (positional->parameter_index < 1) {
            throw ParserError(fmt::format("Positional reference node needs to be >= 1 (#{})",
                                          positional->parameter_index));
          }
          return positional;
        }
        if (name.starts_with("#")) {
          throw ParserError(fmt::format("syntax error at or near \"{}\"", name));
        }
        throw NotImplementedError(fmt::format("prefix operator {}", name));
      }
      if (name == "/" && a.location >= 0 &&
          sql_.substr(static_cast<size_t>(a.location)).starts_with(kIntegerDivisionMarker)) {
        return Operator("//", a.location, Expr(a.lexpr), Expr(a.rexpr));
      }
      return Operator(name, a.location, Expr(a.lexpr), Expr(a.rexpr));
    }
    case PG_QUERY__A__EXPR__KIND__AEXPR_IN: {
      auto e = Make(ExprKind::kOperator, a.location);
      e->name = name == "<>" ? "NOT IN" : "IN";
      e->children.push_back(Expr(a.lexpr));
      for (auto& item : List(a.rexpr)) e->children.push_back(std::move(item));
      if (e->children.size() == 2 && e->children[1]->kind == ExprKind::kFunction &&
          e->children[1]->name == kInListMarker && e->children[1]->children.size() == 1) {
        // DuckDB's x IN list (RewriteInListExpressions)
        auto contains = Make(ExprKind::kFunction, a.location);
        contains->name = "list_contains";
        contains->builtin = true;
        contains->children.push_back(std::move(e->children[1]->children[0]));
        contains->children.push_back(std::move(e->children[0]));
        if (name != "<>") return contains;
        return Operator("NOT", a.location, std::move(contains));
      }
      return e;
    }
    case PG_QUERY__A__EXPR__KIND__AEXPR_BETWEEN:
    case PG_QUERY__A__EXPR__KIND__AEXPR_NOT_BETWEEN: {
      auto e = Make(ExprKind::kOperator, a.location);
      e->name = a.kind == PG_QUERY__A__EXPR__KIND__AEXPR_BETWEEN ? "BETWEEN" : "NOT BETWEEN";
      e->children.push_back(Expr(a.lexpr));
      for (auto& item : List(a.rexpr)) e->children.push_back(std::move(item));
      return e;
    }
    case PG_QUERY__A__EXPR__KIND__AEXPR_DISTINCT:
      return Operator("IS DISTINCT FROM", a.location, Expr(a.lexpr), Expr(a.rexpr));
    case PG_QUERY__A__EXPR__KIND__AEXPR_NOT_DISTINCT:
      return Operator("IS NOT DISTINCT FROM", a.location, Expr(a.lexpr), Expr(a.rexpr));
    case PG_QUERY__A__EXPR__KIND__AEXPR_LIKE:
    case PG_QUERY__A__EXPR__KIND__AEXPR_ILIKE: {
      const bool like = a.kind == PG_QUERY__A__EXPR__KIND__AEXPR_LIKE;
      auto e = Make(ExprKind::kOperator, a.location);
      e->name =
          like ? (name == "~~" ? "LIKE" : "NOT LIKE") : (name == "~~*" ? "ILIKE" : "NOT ILIKE");
      e->children.push_back(Expr(a.lexpr));
      // … ESCAPE e: the grammar gives `text ~~ like_escape(pattern, e)`; the operator
      // takes the escape as its third operand.
      auto pattern = Expr(a.rexpr);
      if (pattern->kind == ExprKind::kFunction && pattern->name == "like_escape" &&
          pattern->children.size() == 2) {
        for (auto& operand : pattern->children) e->children.push_back(std::move(operand));
      } else {
        e->children.push_back(std::move(pattern));
      }
      return e;
    }
    case PG_QUERY__A__EXPR__KIND__AEXPR_NULLIF: {
      auto e = Make(ExprKind::kFunction, a.location);
      e->name = "nullif";
      e->builtin = true;
      e->children.push_back(Expr(a.lexpr));
      e->children.push_back(Expr(a.rexpr));
      return e;
    }
    case PG_QUERY__A__EXPR__KIND__AEXPR_OP_ANY:
    case PG_QUERY__A__EXPR__KIND__AEXPR_OP_ALL:
      return OperatorOverList(a, name, a.kind == PG_QUERY__A__EXPR__KIND__AEXPR_OP_ANY);
    case PG_QUERY__A__EXPR__KIND__AEXPR_SIMILAR: {
      // The grammar gives `text ~ similar_to_escape(pattern[, escape])` ("!~" for NOT);
      // the operator takes the pattern and escape as its own operands.
      auto e = Make(ExprKind::kOperator, a.location);
      e->name = name == "!~" ? "NOT SIMILAR TO" : "SIMILAR TO";
      e->children.push_back(Expr(a.lexpr));
      auto pattern = Expr(a.rexpr);
      if (pattern->kind == ExprKind::kFunction &&
          (pattern->name == "similar_to_escape" || pattern->name == "similar_escape")) {
        for (auto& operand : pattern->children) e->children.push_back(std::move(operand));
      } else {
        e->children.push_back(std::move(pattern));
      }
      return e;
    }
    default:
      throw NotImplementedError("this operator form");
  }
}

ParsedExpressionPtr Transformer::OperatorOverList(const PgQuery__AExpr& a, const std::string& op,
                                                  bool any) {
  // x op ANY (list) is x op ANY (SELECT unnest(list)) — the elements as a subquery's rows,
  // with its rules for NULLs and for no rows — except that a NULL list gives NULL
  // (PostgreSQL's; DuckDB gives false): CASE WHEN list IS NULL THEN NULL ELSE … END.
  ParsedExpressionPtr list = Expr(a.rexpr);
  if (CallsVolatileFunction(*list)) {
    throw NotImplementedError(fmt::format(
        "{} {}({}) over a list that is not deterministic: compute it in a subquery first", op,
        any ? "ANY" : "ALL", list->ToString()));
  }
  auto unnest = Make(ExprKind::kFunction, a.location);
  unnest->name = "unnest";
  unnest->builtin = true;
  unnest->children.push_back(list->Copy());
  auto elements = std::make_unique<SelectStatement>();
  elements->select_list.push_back(std::move(unnest));
  auto compare = Make(ExprKind::kSubquery, a.location);
  compare->subquery_kind = any ? SubqueryKind::kAny : SubqueryKind::kAll;
  compare->name = op;
  compare->children.push_back(Expr(a.lexpr));
  compare->subquery_text = "(" + list->ToString() + ")";  // named as written: x = ANY(list)
  compare->subquery = std::shared_ptr<SelectStatement>(std::move(elements));
  auto result = Make(ExprKind::kCase, a.location);
  result->name = kOverListCase;
  result->children.push_back(Operator("IS NULL", a.location, std::move(list)));
  auto null = Make(ExprKind::kConstant, a.location);
  null->value = Value(LogicalType(TypeId::kBoolean));
  result->children.push_back(std::move(null));
  result->children.push_back(std::move(compare));
  result->star = true;  // with an ELSE
  return result;
}

ParsedExpressionPtr Transformer::SubLink(const PgQuery__SubLink& link) {
  auto e = Make(ExprKind::kSubquery, link.location);
  switch (link.sub_link_type) {
    case PG_QUERY__SUB_LINK_TYPE__EXPR_SUBLINK:
      e->subquery_kind = SubqueryKind::kScalar;
      break;
    case PG_QUERY__SUB_LINK_TYPE__EXISTS_SUBLINK:
      e->subquery_kind = SubqueryKind::kExists;
      break;
    case PG_QUERY__SUB_LINK_TYPE__ANY_SUBLINK:
    case PG_QUERY__SUB_LINK_TYPE__ALL_SUBLINK: {
      e->subquery_kind = link.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ANY_SUBLINK
                             ? SubqueryKind::kAny
                             : SubqueryKind::kAll;
      e->name = link.n_oper_name ? StringOf(link.oper_name[link.n_oper_name - 1]) : "=";
      if (link.testexpr && link.testexpr->node_case == PG_QUERY__NODE__NODE_ROW_EXPR) {
        const bool in = e->subquery_kind == SubqueryKind::kAny && e->name == "=";
        const bool not_in = e->subquery_kind == SubqueryKind::kAll && e->name == "<>";
        if ((!in && !not_in) || link.subselect->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
          throw NotImplementedError(
              "row comparisons with a subquery other than (a, b) IN / NOT IN (SELECT …)");
        }
        return RowIn(link, not_in);
      }
      e->children.push_back(Expr(link.testexpr));
      break;
    }
    case PG_QUERY__SUB_LINK_TYPE__ARRAY_SUBLINK: {
      // ARRAY(SELECT x …): the subquery's values as a list, in its order ([] for no row):
      // (SELECT coalesce(list(v), []) FROM (subquery) t(v)).
      if (link.subselect->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
        throw NotImplementedError("this kind of subquery");
      }
      const std::string table = "__teal_array", column = "__teal_array_value";
      auto from = std::make_unique<TableRef>();
      from->kind = TableRefKind::kSubquery;
      from->subquery = Select(*link.subselect->select_stmt);
      from->alias = table;
      from->column_aliases.push_back(column);
      from->exact_column_aliases = true;
      auto value = Make(ExprKind::kColumnRef, link.location);
      value->names = {table, column};
      auto list = Make(ExprKind::kFunction, link.location);
      list->name = "list";
      list->builtin = true;
      list->children.push_back(std::move(value));
      auto coalesce = Make(ExprKind::kFunction, link.location);
      coalesce->name = "coalesce";
      coalesce->builtin = true;
      coalesce->children.push_back(std::move(list));
      coalesce->children.push_back(Make(ExprKind::kList, link.location));  // []
      auto inner = std::make_unique<SelectStatement>();
      inner->select_list.push_back(std::move(coalesce));
      inner->from = std::move(from);
      e->subquery_kind = SubqueryKind::kScalar;
      e->subquery = std::shared_ptr<SelectStatement>(std::move(inner));
      e->subquery_text = "ARRAY(" + SubqueryText(*link.subselect->select_stmt) + ")";
      return e;
    }
    default:
      throw NotImplementedError("this kind of subquery");
  }
  if (link.subselect->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
    throw NotImplementedError("this kind of subquery");
  }
  e->subquery = std::shared_ptr<SelectStatement>(Select(*link.subselect->select_stmt));
  e->subquery_text = "(" + SubqueryText(*link.subselect->select_stmt) + ")";
  return e;
}

ParsedExpressionPtr Transformer::RowIn(const PgQuery__SubLink& link, bool negate) {
  const auto& row = *link.testexpr->row_expr;
  // The row's values are copied into each EXISTS below: one that is not deterministic
  // would take a value of its own in each (nextval() would move the sequence several times).
  for (size_t k = 0; k < row.n_args; k++) {
    const ParsedExpressionPtr value = Expr(row.args[k]);
    if (CallsVolatileFunction(*value)) {
      throw NotImplementedError(fmt::format(
          "a row IN (SELECT …) whose values are not deterministic ({}): compute them in a "
          "subquery first",
          value->ToString()));
    }
  }
  const std::string table = "__teal_row_in";
  // EXISTS (SELECT 1 FROM (subquery) t(c1, …) WHERE each pair matches); with null_aware a
  // pair matches also where either side is NULL. `any_null`: EXISTS (… WHERE c1 IS NULL OR
  // …), which reads nothing of the outer row.
  auto exists = [&](bool null_aware, bool any_null = false) {
    auto from = std::make_unique<TableRef>();
    from->kind = TableRefKind::kSubquery;
    from->subquery = Select(*link.subselect->select_stmt);
    from->alias = table;
    from->exact_column_aliases = true;
    auto inner = std::make_unique<SelectStatement>();
    auto one = Make(ExprKind::kConstant, link.location);
    one->value = Value::Integer(1);
    inner->select_list.push_back(std::move(one));
    ParsedExpressionPtr where;
    for (size_t k = 0; k < row.n_args; k++) {
      const std::string column = table + "_" + std::to_string(k + 1);
      from->column_aliases.push_back(column);
      auto inner_value = [&] {
        auto ref = Make(ExprKind::kColumnRef, link.location);
        ref->names = {table, column};
        return ref;
      };
      if (any_null) {
        auto is_null = Operator("IS NULL", link.location, inner_value());
        where = where ? Operator("OR", link.location, std::move(where), std::move(is_null))
                      : std::move(is_null);
        continue;
      }
      auto match = Operator("=", link.location, Expr(row.args[k]), inner_value());
      if (null_aware) {
        match = Operator("OR", link.location, std::move(match),
                         Operator("IS NULL", link.location, Expr(row.args[k])));
        match = Operator("OR", link.location, std::move(match),
                         Operator("IS NULL", link.location, inner_value()));
      }
      where = where ? Operator("AND", link.location, std::move(where), std::move(match))
                    : std::move(match);
    }
    inner->from = std::move(from);
    inner->where = std::move(where);
    auto e = Make(ExprKind::kSubquery, link.location);
    e->subquery_kind = SubqueryKind::kExists;
    e->subquery = std::shared_ptr<SelectStatement>(std::move(inner));
    e->subquery_text = "(" + SubqueryText(*link.subselect->select_stmt) + ")";
    return e;
  };
  auto constant = [&](Value v) {
    auto c = Make(ExprKind::kConstant, link.location);
    c->value = std::move(v);
    return c;
  };
  // SQL's row equality: true when some row is equal in every value, else NULL when some
  // row is unequal in none (a NULL stands in the way), else false. The second EXISTS
  // cannot be a hash join (its pairs match by OR): it runs per row, and only for rows with
  // a NULL value or when the subquery has a row with one.
  ParsedExpressionPtr no_nulls = exists(false, true);
  for (size_t k = 0; k < row.n_args; k++) {
    no_nulls = Operator("OR", link.location, std::move(no_nulls),
                        Operator("IS NULL", link.location, Expr(row.args[k])));
  }
  no_nulls = Operator("NOT", link.location, std::move(no_nulls));
  auto result = Make(ExprKind::kCase, link.location);
  result->children.push_back(exists(false));
  result->children.push_back(constant(Value::Boolean(true)));
  result->children.push_back(std::move(no_nulls));
  result->children.push_back(constant(Value::Boolean(false)));
  result->children.push_back(exists(true));
  result->children.push_back(constant(Value(LogicalType(TypeId::kBoolean))));
  result->children.push_back(constant(Value::Boolean(false)));
  result->star = true;  // with an ELSE
  return negate ? Operator("NOT", link.location, std::move(result)) : std::move(result);
}

std::string Transformer::SubqueryText(const PgQuery__SelectStmt& select) {
  int start = FirstLocation(select);
  if (start < 0 || static_cast<size_t>(start) >= sql_.size()) return "SELECT …";
  int depth = 0;
  bool quoted = false;
  size_t i = static_cast<size_t>(start);
  for (; i < sql_.size(); i++) {
    char ch = sql_[i];
    if (ch == '\'') quoted = !quoted;
    if (quoted) continue;
    if (ch == '(') depth++;
    if (ch == ')' && depth-- == 0) break;
  }
  std::string text(sql_.substr(static_cast<size_t>(start), i - static_cast<size_t>(start)));
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  return text;
}

int Transformer::FirstLocation(const PgQuery__SelectStmt& select) {
  int anchor = -1;
  if (select.n_target_list && select.target_list[0]->node_case == PG_QUERY__NODE__NODE_RES_TARGET) {
    anchor = select.target_list[0]->res_target->location;
  }
  if (anchor < 0) return -1;
  std::string lower = Lower(sql_.substr(0, static_cast<size_t>(anchor)));
  size_t at = lower.rfind("select");
  return at == std::string::npos ? -1 : static_cast<int>(at);
}

ParsedExpressionPtr Transformer::StarWithModifiers(const PgQuery__FuncCall& f) {
  auto star = Expr(f.args[0]);
  if (star->kind != ExprKind::kStar) throw InternalError("a star's modifiers without the star");
  if (star->names.size() == 1 && star->names[0] == kUnqualifiedStar) star->names.clear();
  star->location = f.location;
  for (size_t i = 1; i < f.n_args; i++) {
    auto modifier = Expr(f.args[i]);
    if (modifier->argument_name == "exclude") {
      if (modifier->kind != ExprKind::kColumnRef) {
        throw ParserError(
            fmt::format("* EXCLUDE takes column names, not {}", modifier->ToString()));
      }
    } else {
      if (i + 1 >= f.n_args) throw InternalError("a star's REPLACE or RENAME without its name");
      auto name = Expr(f.args[++i]);
      if (name->kind != ExprKind::kColumnRef || name->names.size() != 1) {
        throw ParserError(fmt::format("* {} needs a plain name after AS, not {}",
                                      modifier->argument_name == "replace" ? "REPLACE" : "RENAME",
                                      name->ToString()));
      }
      if (modifier->argument_name == "rename" && modifier->kind != ExprKind::kColumnRef) {
        throw ParserError(fmt::format("* RENAME takes column names, not {}", modifier->ToString()));
      }
      modifier->alias = name->names[0];
    }
    star->children.push_back(std::move(modifier));
  }
  return star;
}

ParsedExpressionPtr Transformer::Case(const PgQuery__CaseExpr& c) {
  auto e = Make(ExprKind::kCase, c.location);
  if (c.arg) e->name = "simple";  // CASE x WHEN …: the binder checks x is deterministic
  for (size_t i = 0; i < c.n_args; i++) {
    const auto& when = *c.args[i]->case_when;
    auto condition = Expr(when.expr);
    if (c.arg) condition = Operator("=", when.location, Expr(c.arg), std::move(condition));
    e->children.push_back(std::move(condition));
    e->children.push_back(Expr(when.result));
  }
  if (c.defresult) {
    e->children.push_back(Expr(c.defresult));
    e->star = true;
  }
  return e;
}

ParsedExpressionPtr Transformer::Expr(const Node* node) {
  Level level(*this);
  if (!node) throw InternalError("missing expression in the parse tree");
  switch (node->node_case) {
    case PG_QUERY__NODE__NODE_A_CONST:
      return Constant(*node->a_const);
    case PG_QUERY__NODE__NODE_COLUMN_REF: {
      const auto& ref = *node->column_ref;
      const Node* last = ref.fields[ref.n_fields - 1];
      if (last->node_case == PG_QUERY__NODE__NODE_A_STAR) {
        auto e = Make(ExprKind::kStar, ref.location);
        for (size_t i = 0; i + 1 < ref.n_fields; i++) e->names.push_back(StringOf(ref.fields[i]));
        return e;
      }
      auto e = Make(ExprKind::kColumnRef, ref.location);
      for (size_t i = 0; i < ref.n_fields; i++) e->names.push_back(StringOf(ref.fields[i]));
      return e;
    }
    case PG_QUERY__NODE__NODE_TYPE_CAST: {
      const auto& cast = *node->type_cast;
      if (auto qualified = QualifiedInterval(cast)) return qualified;
      auto e = Make(ExprKind::kCast, cast.location);
      e->children.push_back(Expr(cast.arg));
      e->cast_type = Type(*cast.type_name);
      return e;
    }
    case PG_QUERY__NODE__NODE_A_EXPR:
      return AExpr(*node->a_expr);
    case PG_QUERY__NODE__NODE_BOOL_EXPR: {
      const auto& b = *node->bool_expr;
      auto e = Make(ExprKind::kOperator, b.location);
      e->name = b.boolop == PG_QUERY__BOOL_EXPR_TYPE__AND_EXPR  ? "AND"
                : b.boolop == PG_QUERY__BOOL_EXPR_TYPE__OR_EXPR ? "OR"
                                                                : "NOT";
      for (size_t i = 0; i < b.n_args; i++) e->children.push_back(Expr(b.args[i]));
      return e;
    }
    case PG_QUERY__NODE__NODE_NULL_TEST: {
      const auto& t = *node->null_test;
      return Operator(
          t.nulltesttype == PG_QUERY__NULL_TEST_TYPE__IS_NULL ? "IS NULL" : "IS NOT NULL",
          t.location, Expr(t.arg));
    }
    case PG_QUERY__NODE__NODE_FUNC_CALL: {
      const auto& f = *node->func_call;
      if (f.agg_within_group) return WithinGroup(f);
      if (f.n_args == 1 && Lower(StringOf(f.funcname[f.n_funcname - 1])) == kTryCastMarker) {
        auto cast = Expr(f.args[0]);  // RewriteTryCast's: the CAST inside
        if (cast->kind != ExprKind::kCast) throw ParserError("TRY_CAST needs (value AS type)");
        cast->try_cast = true;
        return cast;
      }
      if (f.n_args >= 1 && Lower(StringOf(f.funcname[f.n_funcname - 1])) == kStarMarker) {
        return StarWithModifiers(f);
      }
      auto e = Make(ExprKind::kFunction, f.location);
      e->name = Lower(StringOf(f.funcname[f.n_funcname - 1]));
      // The qualifier: a schema, or the value of DuckDB's x.f(…) (the binder decides).
      for (size_t i = 0; i + 1 < f.n_funcname; i++) e->names.push_back(StringOf(f.funcname[i]));
      const std::string_view suffix = kIgnoreNullsSuffix;  // RewriteNullTreatment's
      if (e->name.size() > suffix.size() && e->name.ends_with(suffix)) {
        e->name.resize(e->name.size() - suffix.size());
        e->ignore_nulls = true;
      }
      e->star = f.agg_star;
      e->distinct = f.agg_distinct;
      for (size_t i = 0; i < f.n_args; i++) e->children.push_back(Expr(f.args[i]));
      if (f.agg_filter) e->filter = Expr(f.agg_filter);
      if (f.n_agg_order) {
        e->order_by = std::make_shared<const std::vector<OrderTerm>>(
            OrderTerms(f.agg_order, f.n_agg_order, false));
      }
      if (f.over) e->window = Window(*f.over);
      return e;
    }
    case PG_QUERY__NODE__NODE_GROUPING_FUNC: {
      const auto& g = *node->grouping_func;
      auto e = Make(ExprKind::kFunction, g.location);
      e->name = "grouping";
      e->builtin = true;
      for (size_t i = 0; i < g.n_args; i++) e->children.push_back(Expr(g.args[i]));
      return e;
    }
    case PG_QUERY__NODE__NODE_A_ARRAY_EXPR: {
      const auto& a = *node->a_array_expr;
      auto e = Make(ExprKind::kList, a.location);
      for (size_t i = 0; i < a.n_elements; i++) e->children.push_back(Expr(a.elements[i]));
      return e;
    }
    case PG_QUERY__NODE__NODE_PARAM_REF: {
      auto e = Make(ExprKind::kParameter, node->param_ref->location);
      e->parameter_index = node->param_ref->number;
      return e;
    }
    case PG_QUERY__NODE__NODE_SET_TO_DEFAULT:
      return Make(ExprKind::kDefault, node->set_to_default->location);
    case PG_QUERY__NODE__NODE_SUB_LINK:
      return SubLink(*node->sub_link);
    case PG_QUERY__NODE__NODE_CASE_EXPR:
      return Case(*node->case_expr);
    case PG_QUERY__NODE__NODE_COALESCE_EXPR: {
      const auto& c = *node->coalesce_expr;
      auto e = Make(ExprKind::kFunction, c.location);
      e->name = "coalesce";
      e->builtin = true;
      for (size_t i = 0; i < c.n_args; i++) e->children.push_back(Expr(c.args[i]));
      return e;
    }
    case PG_QUERY__NODE__NODE_MIN_MAX_EXPR: {
      const auto& m = *node->min_max_expr;
      auto e = Make(ExprKind::kFunction, m.location);
      e->name = m.op == PG_QUERY__MIN_MAX_OP__IS_GREATEST ? "greatest" : "least";
      for (size_t i = 0; i < m.n_args; i++) e->children.push_back(Expr(m.args[i]));
      return e;
    }
    case PG_QUERY__NODE__NODE_A_INDIRECTION: {
      const auto& ind = *node->a_indirection;
      auto e = Expr(ind.arg);
      for (size_t i = 0; i < ind.n_indirection; i++) {
        const Node* step = ind.indirection[i];
        if (step->node_case == PG_QUERY__NODE__NODE_STRING) {
          // (expression).field
          auto extract = Make(ExprKind::kFunction, e->location);
          extract->name = "struct_extract";
          extract->builtin = true;
          extract->children.push_back(std::move(e));
          auto field = Make(ExprKind::kConstant, extract->location);
          field->value = Value::Varchar(StringOf(step));
          extract->children.push_back(std::move(field));
          e = std::move(extract);
          continue;
        }
        if (step->node_case != PG_QUERY__NODE__NODE_A_INDICES) {
          throw NotImplementedError("(…).* field access");
        }
        if (step->a_indices->is_slice) {
          // x[a:b] (either bound may be left out: the start, the end) is list_slice.
          auto slice = Make(ExprKind::kFunction, e->location);
          slice->name = "list_slice";
          slice->builtin = true;
          slice->children.push_back(std::move(e));
          auto bound = [&](const Node* given, int64_t missing) {
            if (given) return Expr(given);
            auto c = Make(ExprKind::kConstant, slice->location);
            c->value = Value::BigInt(missing);
            return c;
          };
          ParsedExpressionPtr upper = step->a_indices->uidx ? Expr(step->a_indices->uidx) : nullptr;
          if (upper && upper->kind == ExprKind::kFunction && upper->name == kSliceStepMarker) {
            // x[begin:end:step], as RewriteSliceSteps wrote it: list_slice(x, begin, end,
            // step, omitted), omitted saying which bounds were left out (bit 0 begin, bit 1 end).
            const bool no_end = upper->children.size() == 1;
            slice->children.push_back(bound(step->a_indices->lidx, 0));
            slice->children.push_back(no_end ? bound(nullptr, 0) : std::move(upper->children[0]));
            slice->children.push_back(std::move(upper->children.back()));
            auto omitted = Make(ExprKind::kConstant, slice->location);
            omitted->value = Value::Integer((step->a_indices->lidx ? 0 : 1) | (no_end ? 2 : 0));
            slice->children.push_back(std::move(omitted));
            e = std::move(slice);
            continue;
          }
          slice->children.push_back(bound(step->a_indices->lidx, 1));
          slice->children.push_back(upper ? std::move(upper) : bound(nullptr, -1));
          e = std::move(slice);
          continue;
        }
        auto extract = Make(ExprKind::kFunction, e->location);
        extract->name = "list_extract";
        extract->builtin = true;
        extract->children.push_back(std::move(e));
        extract->children.push_back(Expr(step->a_indices->uidx));
        e = std::move(extract);
      }
      return e;
    }
    case PG_QUERY__NODE__NODE_BOOLEAN_TEST: {
      const auto& t = *node->boolean_test;
      auto value = [&](bool b) {
        auto c = Make(ExprKind::kConstant, t.location);
        c->value = Value::Boolean(b);
        return c;
      };
      switch (t.booltesttype) {
        case PG_QUERY__BOOL_TEST_TYPE__IS_TRUE:
          return Operator("IS NOT DISTINCT FROM", t.location, Expr(t.arg), value(true));
        case PG_QUERY__BOOL_TEST_TYPE__IS_NOT_TRUE:
          return Operator("IS DISTINCT FROM", t.location, Expr(t.arg), value(true));
        case PG_QUERY__BOOL_TEST_TYPE__IS_FALSE:
          return Operator("IS NOT DISTINCT FROM", t.location, Expr(t.arg), value(false));
        case PG_QUERY__BOOL_TEST_TYPE__IS_NOT_FALSE:
          return Operator("IS DISTINCT FROM", t.location, Expr(t.arg), value(false));
        case PG_QUERY__BOOL_TEST_TYPE__IS_UNKNOWN:
          return Operator("IS NULL", t.location, Expr(t.arg));
        default:
          return Operator("IS NOT NULL", t.location, Expr(t.arg));
      }
    }
    case PG_QUERY__NODE__NODE_SQLVALUE_FUNCTION: {
      const auto& f = *node->sqlvalue_function;
      auto e = Make(ExprKind::kFunction, f.location);
      switch (f.op) {
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_DATE:
          e->name = "current_date";
          break;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIMESTAMP:
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIMESTAMP:
          e->name = "current_timestamp";
          break;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIME:
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIME:
          e->name = "current_time";
          break;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_CATALOG:
          e->name = "current_database";
          break;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_SCHEMA:
          e->name = "current_schema";
          break;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_USER:
          e->name = "current_user";
          break;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_ROLE:
          e->name = "current_role";
          break;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_SESSION_USER:
          e->name = "session_user";
          break;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_USER:
          e->name = "user";
          break;
        default:
          throw NotImplementedError("this SQL value function");
      }
      e->builtin = true;  // the function stands for SQL syntax: no macro takes its place
      return e;
    }
    case PG_QUERY__NODE__NODE_COLLATE_CLAUSE: {
      // x COLLATE a.b: the name's parts are the collations (NOACCENT.NOCASE).
      const auto& clause = *node->collate_clause;
      auto e = Make(ExprKind::kOperator, clause.location);
      e->name = "COLLATE";
      e->names.push_back(CollationName(clause));
      e->children.push_back(Expr(clause.arg));
      return e;
    }
    case PG_QUERY__NODE__NODE_ROW_EXPR: {
      // ROW(a, b) and (a, b): a STRUCT whose fields have no names (DuckDB's).
      const auto& row = *node->row_expr;
      auto e = Make(ExprKind::kFunction, row.location);
      e->name = "row";
      e->builtin = true;
      for (size_t i = 0; i < row.n_args; i++) e->children.push_back(Expr(row.args[i]));
      return e;
    }
    case PG_QUERY__NODE__NODE_NAMED_ARG_EXPR: {
      // f(name := value) / f(name => value): a macro's named argument.
      const auto& named = *node->named_arg_expr;
      auto e = Expr(named.arg);
      e->argument_name = named.name;
      return e;
    }
    default:
      throw NotImplementedError(fmt::format("{} expressions", NodeName(*node)));
  }
}

const PgQuery__WindowDef& Transformer::NamedWindow(std::string_view name, int location) {
  if (window_scope_) {
    for (size_t i = 0; i < window_scope_->n_window_clause; i++) {
      const auto& def = *window_scope_->window_clause[i]->window_def;
      if (Lower(def.name) == Lower(name)) return def;
    }
  }
  throw ParserError(
      fmt::format("window \"{}\" does not exist (at position {})", name, location + 1));
}

std::shared_ptr<const WindowSpec> Transformer::Window(const PgQuery__WindowDef& over) {
  // PostgreSQL's FRAMEOPTION_* bits (nodes/parsenodes.h).
  enum : int32_t {
    kNonDefault = 0x1,
    kRange = 0x2,
    kRows = 0x4,
    kGroups = 0x8,
    kStartUnboundedPreceding = 0x20,
    kEndUnboundedPreceding = 0x40,
    kStartUnboundedFollowing = 0x80,
    kEndUnboundedFollowing = 0x100,
    kStartCurrentRow = 0x200,
    kEndCurrentRow = 0x400,
    kStartOffsetPreceding = 0x800,
    kEndOffsetPreceding = 0x1000,
    kStartOffsetFollowing = 0x2000,
    kEndOffsetFollowing = 0x4000,
    kExcludeCurrentRow = 0x8000,
    kExcludeGroup = 0x10000,
    kExcludeTies = 0x20000,
  };
  // OVER w: the named window as it is. OVER (w …): its PARTITION BY and ORDER BY, with
  // this call's ORDER BY (when w has none) and frame (PostgreSQL's rules).
  const bool plain_reference = over.name && *over.name && !(over.refname && *over.refname);
  const bool is_definition =
      plain_reference && window_scope_ &&
      std::any_of(window_scope_->window_clause,
                  window_scope_->window_clause + window_scope_->n_window_clause,
                  [&](const Node* n) { return n->window_def == &over; });
  if (plain_reference && !is_definition) return Window(NamedWindow(over.name, over.location));
  auto spec = std::make_shared<WindowSpec>();
  const PgQuery__WindowDef* base = nullptr;
  if (over.refname && *over.refname) {
    base = &NamedWindow(over.refname, over.location);
    if (over.n_partition_clause) {
      throw ParserError(
          fmt::format("Cannot override PARTITION BY clause of window \"{}\"", over.refname));
    }
    if (base->n_order_clause && over.n_order_clause) {
      throw ParserError(
          fmt::format("Cannot override ORDER BY clause of window \"{}\"", over.refname));
    }
    if (base->frame_options & kNonDefault) {
      throw ParserError(
          fmt::format("cannot copy window \"{}\" because it has a frame clause", over.refname));
    }
  }
  const PgQuery__WindowDef& partition_source = base ? *base : over;
  for (size_t i = 0; i < partition_source.n_partition_clause; i++) {
    spec->partitions.push_back(Expr(partition_source.partition_clause[i]));
  }
  const PgQuery__WindowDef& order_source = base && base->n_order_clause ? *base : over;
  spec->orders = OrderTerms(order_source.order_clause, order_source.n_order_clause, false);
  const int32_t options = over.frame_options;
  if (options & kNonDefault) {
    spec->frame_given = true;
    spec->unit = options & kRows     ? FrameUnit::kRows
                 : options & kGroups ? FrameUnit::kGroups
                                     : FrameUnit::kRange;
    if (options & kStartUnboundedPreceding) {
      spec->start = FrameBoundary::kUnboundedPreceding;
    } else if (options & kStartCurrentRow) {
      spec->start = FrameBoundary::kCurrentRow;
    } else if (options & kStartOffsetPreceding) {
      spec->start = FrameBoundary::kPreceding;
    } else if (options & kStartOffsetFollowing) {
      spec->start = FrameBoundary::kFollowing;
    } else if (options & kStartUnboundedFollowing) {
      throw ParserError("frame start cannot be UNBOUNDED FOLLOWING");
    }
    if (options & kEndUnboundedFollowing) {
      spec->end = FrameBoundary::kUnboundedFollowing;
    } else if (options & kEndCurrentRow) {
      spec->end = FrameBoundary::kCurrentRow;
    } else if (options & kEndOffsetPreceding) {
      spec->end = FrameBoundary::kPreceding;
    } else if (options & kEndOffsetFollowing) {
      spec->end = FrameBoundary::kFollowing;
    } else if (options & kEndUnboundedPreceding) {
      throw ParserError("frame end cannot be UNBOUNDED PRECEDING");
    }
    if (spec->start == FrameBoundary::kCurrentRow && spec->end == FrameBoundary::kPreceding) {
      throw ParserError("frame starting from current row cannot have preceding rows");
    }
    if (spec->start == FrameBoundary::kFollowing &&
        (spec->end == FrameBoundary::kPreceding || spec->end == FrameBoundary::kCurrentRow)) {
      throw ParserError("frame starting from following row cannot have preceding rows");
    }
    if (over.start_offset) spec->start_offset = Expr(over.start_offset);
    if (over.end_offset) spec->end_offset = Expr(over.end_offset);
    spec->exclude = options & kExcludeCurrentRow ? FrameExclude::kCurrentRow
                    : options & kExcludeGroup    ? FrameExclude::kGroup
                    : options & kExcludeTies     ? FrameExclude::kTies
                                                 : FrameExclude::kNoOthers;
  }
  return spec;
}

}  // namespace teal::transformer
