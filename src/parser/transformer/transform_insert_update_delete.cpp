// Transformer: INSERT (with ON CONFLICT), UPDATE, DELETE and their RETURNING lists.
#include "parser/parser.hpp"
#include "parser/transformer/transformer_internal.hpp"

namespace teal::transformer {

std::unique_ptr<InsertStatement> Transformer::Insert(const PgQuery__InsertStmt& s) {
  auto insert = std::make_unique<InsertStatement>();
  if (s.with_clause) insert->ctes = With(*s.with_clause);
  BaseTableRef table = Table(*s.relation);
  insert->schema = table.schema;
  insert->table = table.name;
  insert->alias = table.alias;
  insert->returning = Returning(s.returning_list, s.n_returning_list);
  for (size_t i = 0; i < s.n_cols; i++) {
    if (s.n_cols == 1 && std::string_view(s.cols[i]->res_target->name) == kInsertByNameMarker) {
      insert->by_name = true;
      break;
    }
    insert->columns.push_back(s.cols[i]->res_target->name);
  }
  if (!s.select_stmt) {
    insert->default_values = true;
  } else {
    insert->select = Select(*s.select_stmt->select_stmt);
  }
  if (s.on_conflict_clause) insert->on_conflict = OnConflict(*s.on_conflict_clause);
  return insert;
}

std::unique_ptr<OnConflictClause> Transformer::OnConflict(const PgQuery__OnConflictClause& s) {
  auto clause = std::make_unique<OnConflictClause>();
  if (s.infer) {
    const auto& infer = *s.infer;
    if (infer.conname && *infer.conname) {
      throw NotImplementedError(
          "ON CONSTRAINT conflict target is not supported yet: name the columns instead");
    }
    if (infer.where_clause) throw NotImplementedError("ON CONFLICT (…) WHERE (partial indexes)");
    for (size_t i = 0; i < infer.n_index_elems; i++) {
      const auto* node = infer.index_elems[i];
      if (node->node_case != PG_QUERY__NODE__NODE_INDEX_ELEM || !node->index_elem->name ||
          !*node->index_elem->name) {
        throw NotImplementedError("ON CONFLICT target that is not a column");
      }
      clause->target.push_back(node->index_elem->name);
    }
  }
  if (s.action == PG_QUERY__ON_CONFLICT_ACTION__ONCONFLICT_NOTHING) return clause;
  clause->action = OnConflictClause::Action::kUpdate;
  for (size_t i = 0; i < s.n_target_list; i++) {
    const auto& target = *s.target_list[i]->res_target;
    if (target.n_indirection) {
      throw NotImplementedError("ON CONFLICT DO UPDATE of a part of a column");
    }
    if (std::string_view(target.name) == kOrReplaceMarker) {
      clause->action = OnConflictClause::Action::kReplace;
      return clause;
    }
    clause->columns.push_back(target.name);
    clause->values.push_back(target.val &&
                                     target.val->node_case == PG_QUERY__NODE__NODE_MULTI_ASSIGN_REF
                                 ? MultiAssignValue(*target.val->multi_assign_ref)
                                 : Expr(target.val));
  }
  if (s.where_clause) clause->where = Expr(s.where_clause);
  return clause;
}

ParsedExpressionPtr Transformer::MultiAssignValue(const PgQuery__MultiAssignRef& ref) {
  const Node* source = ref.source;
  if (source && source->node_case == PG_QUERY__NODE__NODE_SUB_LINK) {
    throw NotImplementedError("UPDATE … SET (a, b) = (SELECT …): assign ROW(…) or each column");
  }
  if (!source || source->node_case != PG_QUERY__NODE__NODE_ROW_EXPR) {
    throw ParserError(
        "source for a multiple-column UPDATE item must be a sub-SELECT or ROW() expression");
  }
  const PgQuery__RowExpr& row = *source->row_expr;
  if (row.n_args != static_cast<size_t>(ref.ncolumns)) {
    // PostgreSQL's words, with DuckDB's count.
    throw ParserError(
        fmt::format("number of columns does not match number of values: expected {} values, got {}",
                    ref.ncolumns, row.n_args));
  }
  return Expr(row.args[ref.colno - 1]);
}

std::vector<ParsedExpressionPtr> Transformer::Returning(Node* const* items, size_t count) {
  std::vector<ParsedExpressionPtr> out;
  for (size_t i = 0; i < count; i++) {
    if (items[i]->node_case != PG_QUERY__NODE__NODE_RES_TARGET) {
      throw InternalError("RETURNING entry is not a ResTarget");
    }
    const auto& target = *items[i]->res_target;
    auto expr = Expr(target.val);
    if (target.name && *target.name) expr->alias = target.name;
    out.push_back(std::move(expr));
  }
  return out;
}

std::unique_ptr<TableRef> Transformer::CrossJoin(Node* const* items, size_t n) {
  std::unique_ptr<TableRef> from;
  for (size_t i = 0; i < n; i++) {
    auto item = From(items[i]);
    if (!from) {
      from = std::move(item);
      continue;
    }
    auto join = std::make_unique<TableRef>();
    join->kind = TableRefKind::kJoin;
    join->join_type = JoinType::kCross;
    join->left = std::move(from);
    join->right = std::move(item);
    from = std::move(join);
  }
  return from;
}

std::unique_ptr<DeleteStatement> Transformer::Delete(const PgQuery__DeleteStmt& s) {
  auto del = std::make_unique<DeleteStatement>();
  if (s.with_clause) del->ctes = With(*s.with_clause);
  del->table = Table(*s.relation);
  del->returning = Returning(s.returning_list, s.n_returning_list);
  if (s.where_clause) del->where = Expr(s.where_clause);
  if (s.n_using_clause) {
    // DELETE FROM t USING items WHERE c deletes the rows of t for which some row of the
    // items makes c true (PostgreSQL's): WHERE EXISTS (SELECT 1 FROM items WHERE c).
    auto inner = std::make_unique<SelectStatement>();
    auto one = std::make_unique<ParsedExpression>(ExprKind::kConstant);
    one->value = Value::Integer(1);
    inner->select_list.push_back(std::move(one));
    inner->from = CrossJoin(s.using_clause, s.n_using_clause);
    inner->where = std::move(del->where);
    auto exists = std::make_unique<ParsedExpression>(ExprKind::kSubquery);
    exists->subquery_kind = SubqueryKind::kExists;
    exists->subquery = std::shared_ptr<SelectStatement>(std::move(inner));
    exists->subquery_text = "(SELECT 1 FROM … USING items)";
    del->where = std::move(exists);
  }
  return del;
}

std::unique_ptr<UpdateStatement> Transformer::Update(const PgQuery__UpdateStmt& s) {
  auto update = std::make_unique<UpdateStatement>();
  if (s.with_clause) update->ctes = With(*s.with_clause);
  update->table = Table(*s.relation);
  update->returning = Returning(s.returning_list, s.n_returning_list);
  for (size_t i = 0; i < s.n_target_list; i++) {
    const auto& target = *s.target_list[i]->res_target;
    if (target.n_indirection) {
      throw NotImplementedError("UPDATE of a part of a column (SET c[1] = …)");
    }
    update->columns.push_back(target.name);
    update->values.push_back(target.val &&
                                     target.val->node_case == PG_QUERY__NODE__NODE_MULTI_ASSIGN_REF
                                 ? MultiAssignValue(*target.val->multi_assign_ref)
                                 : Expr(target.val));
  }
  update->from = CrossJoin(s.from_clause, s.n_from_clause);
  if (s.where_clause) update->where = Expr(s.where_clause);
  return update;
}

}  // namespace teal::transformer
