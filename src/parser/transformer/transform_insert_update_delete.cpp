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
      throw NotImplementedError("ON CONFLICT ON CONSTRAINT (name the columns instead)");
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
    if (target.n_indirection ||
        (target.val && target.val->node_case == PG_QUERY__NODE__NODE_MULTI_ASSIGN_REF)) {
      throw NotImplementedError("ON CONFLICT DO UPDATE SET (a, b) = … or of a part of a column");
    }
    if (std::string_view(target.name) == kOrReplaceMarker) {
      clause->action = OnConflictClause::Action::kReplace;
      return clause;
    }
    clause->columns.push_back(target.name);
    clause->values.push_back(Expr(target.val));
  }
  if (s.where_clause) clause->where = Expr(s.where_clause);
  return clause;
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

std::unique_ptr<DeleteStatement> Transformer::Delete(const PgQuery__DeleteStmt& s) {
  if (s.n_using_clause) throw NotImplementedError("DELETE … USING");
  auto del = std::make_unique<DeleteStatement>();
  if (s.with_clause) del->ctes = With(*s.with_clause);
  del->table = Table(*s.relation);
  del->returning = Returning(s.returning_list, s.n_returning_list);
  if (s.where_clause) del->where = Expr(s.where_clause);
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
      throw NotImplementedError("UPDATE of a part of a column (SET c[1] = …, SET (a, b) = …)");
    }
    if (target.val && target.val->node_case == PG_QUERY__NODE__NODE_MULTI_ASSIGN_REF) {
      throw NotImplementedError("UPDATE … SET (a, b) = …");
    }
    update->columns.push_back(target.name);
    update->values.push_back(Expr(target.val));
  }
  for (size_t i = 0; i < s.n_from_clause; i++) {
    auto item = From(s.from_clause[i]);
    if (!update->from) {
      update->from = std::move(item);
    } else {
      auto join = std::make_unique<TableRef>();
      join->kind = TableRefKind::kJoin;
      join->join_type = JoinType::kCross;
      join->left = std::move(update->from);
      join->right = std::move(item);
      update->from = std::move(join);
    }
  }
  if (s.where_clause) update->where = Expr(s.where_clause);
  return update;
}

}  // namespace teal::transformer
