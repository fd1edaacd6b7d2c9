// Transformer: one function per PostgreSQL node kind Teal understands. Anything else is
// a NotImplementedError naming the construct — never silently ignored.
#include "parser/transformer.hpp"

#include <fmt/format.h>
#include <pg_query/pg_query.pb-c.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "common/stack.hpp"
#include "common/utf8.hpp"
#include "parser/parser.hpp"
#include "teal/datetime.hpp"
#include "teal/error.hpp"
#include "types/interval.hpp"

namespace teal {

namespace {

using Node = PgQuery__Node;

std::string Lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string Upper(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string StringOf(const Node* node) {
  if (node && node->node_case == PG_QUERY__NODE__NODE_STRING) return node->string->sval;
  throw InternalError("expected a string node in the parse tree");
}

/// The grammar's name of a parse node's kind, e.g. "COPY" for a CopyStmt, for messages
/// (libpg_query's protobuf field names: copy_stmt, grouping_func, …).
std::string NodeName(const Node& node) {
  const ProtobufCFieldDescriptor* field = protobuf_c_message_descriptor_get_field(
      &pg_query__node__descriptor, static_cast<unsigned>(node.node_case));
  if (!field) return fmt::format("parse node {}", static_cast<int>(node.node_case));
  std::string name = field->name;
  if (name.size() > 5 && name.ends_with("_stmt")) name.resize(name.size() - 5);
  for (auto& c : name)
    c = c == '_' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

class Transformer {
 public:
  Transformer(std::string_view sql, idx_t max_depth) : sql_(sql), max_depth_(max_depth) {}

  std::unique_ptr<SQLStatement> Statement(const Node& node) {
    switch (node.node_case) {
      case PG_QUERY__NODE__NODE_SELECT_STMT:
        return Select(*node.select_stmt);
      case PG_QUERY__NODE__NODE_INSERT_STMT:
        return Insert(*node.insert_stmt);
      case PG_QUERY__NODE__NODE_CREATE_STMT:
        return CreateTable(*node.create_stmt);
      case PG_QUERY__NODE__NODE_CREATE_ENUM_STMT:
        return CreateEnum(*node.create_enum_stmt);
      case PG_QUERY__NODE__NODE_DROP_STMT:
        return Drop(*node.drop_stmt);
      case PG_QUERY__NODE__NODE_UPDATE_STMT:
        return Update(*node.update_stmt);
      case PG_QUERY__NODE__NODE_DELETE_STMT:
        return Delete(*node.delete_stmt);
      case PG_QUERY__NODE__NODE_TRANSACTION_STMT:
        throw NotImplementedError("transactions");
      case PG_QUERY__NODE__NODE_VIEW_STMT:
        return CreateView(*node.view_stmt);
      case PG_QUERY__NODE__NODE_CREATE_TABLE_AS_STMT:
        return CreateTableAs(*node.create_table_as_stmt);
      case PG_QUERY__NODE__NODE_EXPLAIN_STMT:
        return Explain(*node.explain_stmt);
      case PG_QUERY__NODE__NODE_VARIABLE_SET_STMT:
        return Set(*node.variable_set_stmt);
      case PG_QUERY__NODE__NODE_ALTER_TABLE_STMT:
        return AlterTable(*node.alter_table_stmt);
      case PG_QUERY__NODE__NODE_RENAME_STMT:
        return Rename(*node.rename_stmt);
      case PG_QUERY__NODE__NODE_CREATE_SEQ_STMT:
        return CreateSequence(*node.create_seq_stmt);
      case PG_QUERY__NODE__NODE_INDEX_STMT:
        return CreateIndex(*node.index_stmt);
      default:
        throw NotImplementedError(fmt::format("{} statements", NodeName(node)));
    }
  }

 private:
  // ---- statements ----------------------------------------------------------------
  std::unique_ptr<SelectStatement> Select(const PgQuery__SelectStmt& s) {
    Level level(*this);
    if (s.op != PG_QUERY__SET_OPERATION__SETOP_NONE) {
      auto select = SetOperationSelect(s);
      if (s.with_clause) select->ctes = With(*s.with_clause);
      return select;
    }
    if (s.group_distinct) throw NotImplementedError("GROUP BY DISTINCT");
    if (s.n_window_clause) throw NotImplementedError("WINDOW");
    if (s.n_locking_clause) throw NotImplementedError("FOR UPDATE/SHARE");
    if (s.into_clause) throw NotImplementedError("SELECT INTO");
    auto select = std::make_unique<SelectStatement>();
    if (s.with_clause) select->ctes = With(*s.with_clause);
    if (s.n_distinct_clause) {
      // SELECT DISTINCT has one empty entry; DISTINCT ON (…) lists expressions.
      const Node* first = s.distinct_clause[0];
      if (s.n_distinct_clause > 1 || (first && first->node_case != PG_QUERY__NODE__NODE__NOT_SET)) {
        for (size_t i = 0; i < s.n_distinct_clause; i++) {
          select->distinct_on.push_back(Expr(s.distinct_clause[i]));
        }
      } else {
        select->distinct = true;
      }
    }
    for (size_t i = 0; i < s.n_group_clause; i++) {
      const Node* group = s.group_clause[i];
      if (group->node_case == PG_QUERY__NODE__NODE_GROUPING_SET) {
        throw NotImplementedError("GROUPING SETS, ROLLUP and CUBE");
      }
      if (IsAllMarker(group)) {
        if (s.n_group_clause != 1)
          throw ParserError("GROUP BY ALL cannot be combined with other groups");
        select->group_by_all = true;
        continue;
      }
      select->group_by.push_back(Expr(group));
    }
    if (s.having_clause) select->having = Expr(s.having_clause);
    select->order_by = OrderBy(s);
    for (size_t i = 0; i < s.n_values_lists; i++) {
      const Node* row = s.values_lists[i];
      if (row->node_case != PG_QUERY__NODE__NODE_LIST) {
        throw InternalError("VALUES row is not a list in the parse tree");
      }
      std::vector<ParsedExpressionPtr> values;
      for (size_t j = 0; j < row->list->n_items; j++) values.push_back(Expr(row->list->items[j]));
      select->values.push_back(std::move(values));
    }
    for (size_t i = 0; i < s.n_target_list; i++) {
      const Node* target = s.target_list[i];
      if (target->node_case != PG_QUERY__NODE__NODE_RES_TARGET) {
        throw InternalError("select list entry is not a ResTarget");
      }
      auto expr = Expr(target->res_target->val);
      if (target->res_target->name && *target->res_target->name) {
        expr->alias = target->res_target->name;
      }
      select->select_list.push_back(std::move(expr));
    }
    for (size_t i = 0; i < s.n_from_clause; i++) {
      auto item = From(s.from_clause[i]);
      if (!select->from) {
        select->from = std::move(item);
      } else {  // FROM a, b is a cross join
        auto join = std::make_unique<TableRef>();
        join->kind = TableRefKind::kJoin;
        join->join_type = JoinType::kCross;
        join->left = std::move(select->from);
        join->right = std::move(item);
        select->from = std::move(join);
      }
    }
    if (s.where_clause) select->where = Expr(s.where_clause);
    if (s.limit_option == PG_QUERY__LIMIT_OPTION__LIMIT_OPTION_WITH_TIES) {
      throw NotImplementedError("FETCH … WITH TIES");
    }
    if (s.limit_count) select->limit = Expr(s.limit_count);
    if (s.limit_offset) select->offset = Expr(s.limit_offset);
    return select;
  }

  std::unique_ptr<TableRef> From(const Node* node) {
    Level level(*this);
    auto ref = std::make_unique<TableRef>();
    auto aliases = [&](const PgQuery__Alias* alias) {
      if (!alias) return;
      ref->alias = alias->aliasname;
      for (size_t i = 0; i < alias->n_colnames; i++)
        ref->column_aliases.push_back(StringOf(alias->colnames[i]));
    };
    switch (node->node_case) {
      case PG_QUERY__NODE__NODE_RANGE_VAR: {
        const auto& range = *node->range_var;
        if (range.catalogname && *range.catalogname) {
          throw NotImplementedError("catalog-qualified table names");
        }
        ref->schema = range.schemaname ? range.schemaname : "";
        ref->name = range.relname;
        aliases(range.alias);
        return ref;
      }
      case PG_QUERY__NODE__NODE_RANGE_SUBSELECT: {
        const auto& sub = *node->range_subselect;
        if (sub.lateral) throw NotImplementedError("LATERAL subqueries");
        ref->kind = TableRefKind::kSubquery;
        if (sub.subquery->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
          throw NotImplementedError("this kind of subquery in FROM");
        }
        ref->subquery = Select(*sub.subquery->select_stmt);
        aliases(sub.alias);
        return ref;
      }
      case PG_QUERY__NODE__NODE_JOIN_EXPR: {
        const auto& join = *node->join_expr;
        ref->kind = TableRefKind::kJoin;
        switch (join.jointype) {
          case PG_QUERY__JOIN_TYPE__JOIN_INNER:
            ref->join_type = join.quals || join.n_using_clause || join.is_natural
                                 ? JoinType::kInner
                                 : JoinType::kCross;
            break;
          case PG_QUERY__JOIN_TYPE__JOIN_LEFT:
            ref->join_type = JoinType::kLeft;
            break;
          case PG_QUERY__JOIN_TYPE__JOIN_RIGHT:
            ref->join_type = JoinType::kRight;
            break;
          case PG_QUERY__JOIN_TYPE__JOIN_FULL:
            ref->join_type = JoinType::kFull;
            break;
          default:
            throw NotImplementedError("this kind of join");
        }
        ref->left = From(join.larg);
        ref->right = From(join.rarg);
        if (join.quals) ref->condition = Expr(join.quals);
        if (ref->join_type == JoinType::kInner && ref->condition &&
            ref->condition->kind == ExprKind::kFunction && ref->condition->children.size() == 1 &&
            (ref->condition->name == kSemiJoinMarker || ref->condition->name == kAntiJoinMarker)) {
          ref->join_type =
              ref->condition->name == kSemiJoinMarker ? JoinType::kSemi : JoinType::kAnti;
          ref->condition = std::move(ref->condition->children[0]);
        }
        for (size_t i = 0; i < join.n_using_clause; i++)
          ref->using_columns.push_back(StringOf(join.using_clause[i]));
        ref->natural = join.is_natural;
        if (join.alias) throw NotImplementedError("an alias on a join");
        return ref;
      }
      case PG_QUERY__NODE__NODE_RANGE_FUNCTION: {
        const auto& range = *node->range_function;
        if (range.lateral) throw NotImplementedError("LATERAL table functions");
        if (range.ordinality) throw NotImplementedError("WITH ORDINALITY");
        if (range.is_rowsfrom || range.n_functions != 1) throw NotImplementedError("ROWS FROM");
        if (range.n_coldeflist) throw NotImplementedError("column definitions on a table function");
        const Node* item = range.functions[0];
        if (item->node_case == PG_QUERY__NODE__NODE_LIST && item->list->n_items > 0) {
          item = item->list->items[0];
        }
        ref->kind = TableRefKind::kTableFunction;
        ref->function = Expr(item);
        if (ref->function->kind != ExprKind::kFunction) {
          throw NotImplementedError("this kind of table function call");
        }
        aliases(range.alias);
        return ref;
      }
      default:
        throw NotImplementedError("this kind of FROM clause");
    }
  }

  std::vector<CommonTableExpression> With(const PgQuery__WithClause& with) {
    if (with.recursive) throw NotImplementedError("WITH RECURSIVE");
    std::vector<CommonTableExpression> ctes;
    for (size_t i = 0; i < with.n_ctes; i++) {
      const auto& cte = *with.ctes[i]->common_table_expr;
      if (cte.ctequery->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
        throw NotImplementedError("WITH over a statement other than SELECT");
      }
      CommonTableExpression out;
      out.name = cte.ctename;
      for (size_t c = 0; c < cte.n_aliascolnames; c++)
        out.column_aliases.push_back(StringOf(cte.aliascolnames[c]));
      out.query = Select(*cte.ctequery->select_stmt);
      if (cte.ctematerialized == PG_QUERY__CTEMATERIALIZE__CTEMaterializeAlways) {
        out.materialize = CteMaterialize::kAlways;
      } else if (cte.ctematerialized == PG_QUERY__CTEMATERIALIZE__CTEMaterializeNever) {
        out.materialize = CteMaterialize::kNever;
      }
      ctes.push_back(std::move(out));
    }
    return ctes;
  }

  /// Whether `node` is what RewriteAllClauses put in place of GROUP BY ALL / ORDER BY ALL.
  static bool IsAllMarker(const Node* node) {
    if (node->node_case != PG_QUERY__NODE__NODE_COLUMN_REF) return false;
    const auto& ref = *node->column_ref;
    return ref.n_fields == 1 && ref.fields[0]->node_case == PG_QUERY__NODE__NODE_STRING &&
           std::string_view(ref.fields[0]->string->sval) == kAllMarker;
  }

  std::vector<OrderTerm> OrderBy(const PgQuery__SelectStmt& s) {
    std::vector<OrderTerm> terms;
    for (size_t i = 0; i < s.n_sort_clause; i++) {
      const auto& sort = *s.sort_clause[i]->sort_by;
      if (sort.sortby_dir == PG_QUERY__SORT_BY_DIR__SORTBY_USING) {
        throw NotImplementedError("ORDER BY … USING");
      }
      OrderTerm term;
      if (IsAllMarker(sort.node)) {
        if (s.n_sort_clause != 1)
          throw ParserError("ORDER BY ALL cannot be combined with other keys");
        term.all = true;
      } else {
        term.expression = Expr(sort.node);
      }
      term.descending = sort.sortby_dir == PG_QUERY__SORT_BY_DIR__SORTBY_DESC;
      term.direction_given = sort.sortby_dir != PG_QUERY__SORT_BY_DIR__SORTBY_DEFAULT;
      if (sort.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_FIRST) term.nulls_first = true;
      if (sort.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_LAST) term.nulls_first = false;
      terms.push_back(std::move(term));
    }
    return terms;
  }

  std::unique_ptr<SelectStatement> SetOperationSelect(const PgQuery__SelectStmt& s) {
    auto select = std::make_unique<SelectStatement>();
    select->set_operation = s.op == PG_QUERY__SET_OPERATION__SETOP_UNION ? SetOperation::kUnion
                            : s.op == PG_QUERY__SET_OPERATION__SETOP_INTERSECT
                                ? SetOperation::kIntersect
                                : SetOperation::kExcept;
    select->set_all = s.all;
    select->set_left = Select(*s.larg);
    select->set_right = Select(*s.rarg);
    select->order_by = OrderBy(s);
    if (s.limit_count) select->limit = Expr(s.limit_count);
    if (s.limit_offset) select->offset = Expr(s.limit_offset);
    return select;
  }

  BaseTableRef Table(const PgQuery__RangeVar& range) {
    BaseTableRef ref;
    if (range.catalogname && *range.catalogname) {
      throw NotImplementedError("catalog-qualified table names");
    }
    ref.schema = range.schemaname ? range.schemaname : "";
    ref.name = range.relname;
    if (range.alias) {
      if (range.alias->n_colnames) throw NotImplementedError("column aliases in FROM");
      ref.alias = range.alias->aliasname;
    }
    return ref;
  }

  std::unique_ptr<InsertStatement> Insert(const PgQuery__InsertStmt& s) {
    auto insert = std::make_unique<InsertStatement>();
    if (s.with_clause) insert->ctes = With(*s.with_clause);
    BaseTableRef table = Table(*s.relation);
    insert->schema = table.schema;
    insert->table = table.name;
    insert->alias = table.alias;
    insert->returning = Returning(s.returning_list, s.n_returning_list);
    for (size_t i = 0; i < s.n_cols; i++) {
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

  std::unique_ptr<OnConflictClause> OnConflict(const PgQuery__OnConflictClause& s) {
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

  /// RETURNING a, b AS c, *: a select list.
  std::vector<ParsedExpressionPtr> Returning(Node* const* items, size_t count) {
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

  std::unique_ptr<SetStatement> Set(const PgQuery__VariableSetStmt& s) {
    if (s.is_local) throw NotImplementedError("SET LOCAL (settings are database-wide)");
    auto set = std::make_unique<SetStatement>();
    set->name = s.name ? Lower(s.name) : "";
    switch (s.kind) {
      case PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE:
        if (s.n_args != 1) {
          throw ParserError(fmt::format("SET {} takes one value, not {}", set->name, s.n_args));
        }
        set->value = Expr(s.args[0]);
        break;
      case PG_QUERY__VARIABLE_SET_KIND__VAR_SET_DEFAULT:
      case PG_QUERY__VARIABLE_SET_KIND__VAR_RESET:
        break;
      case PG_QUERY__VARIABLE_SET_KIND__VAR_RESET_ALL:
        set->name.clear();
        break;
      default:
        throw NotImplementedError("this form of SET");
    }
    return set;
  }

  std::unique_ptr<ExplainStatement> Explain(const PgQuery__ExplainStmt& s) {
    auto explain = std::make_unique<ExplainStatement>();
    for (size_t i = 0; i < s.n_options; i++) {
      const auto& option = *s.options[i]->def_elem;
      std::string name = Lower(option.defname);
      if (name == "analyze") {
        explain->analyze = true;
      } else {
        throw NotImplementedError(fmt::format("EXPLAIN option {}", name));
      }
    }
    explain->statement = Statement(*s.query);
    if (explain->statement->type == StatementType::kExplain) {
      throw ParserError("EXPLAIN of an EXPLAIN");
    }
    return explain;
  }

  std::unique_ptr<DeleteStatement> Delete(const PgQuery__DeleteStmt& s) {
    if (s.n_using_clause) throw NotImplementedError("DELETE … USING");
    auto del = std::make_unique<DeleteStatement>();
    if (s.with_clause) del->ctes = With(*s.with_clause);
    del->table = Table(*s.relation);
    del->returning = Returning(s.returning_list, s.n_returning_list);
    if (s.where_clause) del->where = Expr(s.where_clause);
    return del;
  }

  std::unique_ptr<UpdateStatement> Update(const PgQuery__UpdateStmt& s) {
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

  std::unique_ptr<CreateViewStatement> CreateView(const PgQuery__ViewStmt& s) {
    if (s.n_options) throw NotImplementedError("options on CREATE VIEW");
    if (s.with_check_option != PG_QUERY__VIEW_CHECK_OPTION__NO_CHECK_OPTION) {
      throw NotImplementedError("WITH CHECK OPTION");
    }
    RejectTemporary(*s.view, "temporary views");
    auto view = std::make_unique<CreateViewStatement>();
    BaseTableRef name = Table(*s.view);
    view->schema = name.schema;
    view->name = name.name;
    view->or_replace = s.replace;
    for (size_t i = 0; i < s.n_aliases; i++) view->column_names.push_back(StringOf(s.aliases[i]));
    if (s.query->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
      throw NotImplementedError("a view over a statement other than SELECT");
    }
    view->query = std::shared_ptr<SelectStatement>(Select(*s.query->select_stmt));
    view->query_text = QueryTextAfterAs();
    return view;
  }

  std::unique_ptr<CreateTableAsStatement> CreateTableAs(const PgQuery__CreateTableAsStmt& s) {
    if (s.objtype != PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) {
      throw NotImplementedError("CREATE MATERIALIZED VIEW");
    }
    if (s.is_select_into) throw NotImplementedError("SELECT INTO");
    if (s.into->skip_data) throw NotImplementedError("CREATE TABLE … AS … WITH NO DATA");
    RejectTemporary(*s.into->rel, "temporary tables");
    auto create = std::make_unique<CreateTableAsStatement>();
    BaseTableRef name = Table(*s.into->rel);
    create->schema = name.schema;
    create->name = name.name;
    create->if_not_exists = s.if_not_exists;
    for (size_t i = 0; i < s.into->n_col_names; i++) {
      create->column_names.push_back(StringOf(s.into->col_names[i]));
    }
    if (s.query->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
      throw NotImplementedError("CREATE TABLE AS over a statement other than SELECT");
    }
    create->query = Select(*s.query->select_stmt);
    return create;
  }

  /// The text after the statement's first top-level AS keyword: a view's query.
  std::string QueryTextAfterAs() {
    std::string lower = Lower(sql_);
    int depth = 0;
    bool quoted = false;
    for (size_t i = 0; i + 2 <= lower.size(); i++) {
      char ch = lower[i];
      if (ch == '\'' || ch == '"') quoted = !quoted;
      if (quoted) continue;
      if (ch == '(') depth++;
      if (ch == ')') depth--;
      bool word_start = i == 0 || !(std::isalnum(static_cast<unsigned char>(lower[i - 1])) ||
                                    lower[i - 1] == '_');
      bool word_end =
          i + 2 == lower.size() ||
          !(std::isalnum(static_cast<unsigned char>(lower[i + 2])) || lower[i + 2] == '_');
      if (depth == 0 && word_start && word_end && lower.compare(i, 2, "as") == 0) {
        std::string text(sql_.substr(i + 2));
        size_t b = text.find_first_not_of(" \t\n\r");
        size_t e = text.find_last_not_of(" \t\n\r;");
        return b == std::string::npos ? "" : text.substr(b, e - b + 1);
      }
    }
    return "";
  }

  /// Teal has no temporary objects yet: `what` ("temporary tables", …) is not implemented.
  static void RejectTemporary(const PgQuery__RangeVar& relation, const char* what) {
    if (relation.relpersistence && relation.relpersistence[0] == 't') {
      throw NotImplementedError(what);
    }
  }

  std::unique_ptr<CreateTableStatement> CreateTable(const PgQuery__CreateStmt& s) {
    if (s.n_inh_relations) throw NotImplementedError("INHERITS");
    if (s.partspec || s.partbound) throw NotImplementedError("partitioned tables");
    RejectTemporary(*s.relation, "temporary tables");
    auto create = std::make_unique<CreateTableStatement>();
    BaseTableRef table = Table(*s.relation);
    create->schema = table.schema;
    create->name = table.name;
    create->if_not_exists = s.if_not_exists;
    for (size_t i = 0; i < s.n_table_elts; i++) {
      const Node* element = s.table_elts[i];
      if (element->node_case == PG_QUERY__NODE__NODE_CONSTRAINT) {
        create->constraints.push_back(Unique(*element->constraint, ""));
        continue;
      }
      if (element->node_case != PG_QUERY__NODE__NODE_COLUMN_DEF) {
        throw NotImplementedError("this kind of table element");
      }
      create->columns.push_back(Column(*element->column_def, create->constraints));
    }
    return create;
  }

  /// PRIMARY KEY or UNIQUE; `column` names the column it is written on (else the
  /// constraint lists its columns).
  UniqueConstraintSyntax Unique(const PgQuery__Constraint& c, const std::string& column) {
    switch (c.contype) {
      case PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY:
      case PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE:
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_CHECK:
        throw NotImplementedError("CHECK constraints");
      case PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN:
        throw NotImplementedError("FOREIGN KEY");
      default:
        throw NotImplementedError("this table constraint");
    }
    if (c.nulls_not_distinct) throw NotImplementedError("UNIQUE NULLS NOT DISTINCT");
    if (c.n_including) throw NotImplementedError("INCLUDE in a constraint");
    if (c.where_clause) throw NotImplementedError("a constraint with WHERE");
    if (c.deferrable) throw NotImplementedError("DEFERRABLE constraints");
    UniqueConstraintSyntax unique;
    unique.primary = c.contype == PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY;
    unique.name = c.conname ? c.conname : "";
    if (!column.empty()) {
      unique.columns.push_back(column);
    } else {
      for (size_t i = 0; i < c.n_keys; i++) unique.columns.push_back(StringOf(c.keys[i]));
    }
    return unique;
  }

  std::unique_ptr<CreateIndexStatement> CreateIndex(const PgQuery__IndexStmt& s) {
    if (s.where_clause) throw NotImplementedError("partial indexes (CREATE INDEX … WHERE)");
    if (s.n_index_including_params) throw NotImplementedError("CREATE INDEX … INCLUDE");
    if (s.nulls_not_distinct) throw NotImplementedError("UNIQUE NULLS NOT DISTINCT");
    if (s.concurrent) throw NotImplementedError("CREATE INDEX CONCURRENTLY");
    std::string method = s.access_method ? Lower(s.access_method) : "";
    if (!method.empty() && method != "btree" && method != "art") {
      throw NotImplementedError(
          fmt::format("index method \"{}\" (Teal's indexes are ART)", method));
    }
    if (!s.idxname || !*s.idxname) throw NotImplementedError("CREATE INDEX without a name");
    auto create = std::make_unique<CreateIndexStatement>();
    create->name = s.idxname;
    create->table = Table(*s.relation).name;
    create->unique = s.unique;
    create->if_not_exists = s.if_not_exists;
    for (size_t i = 0; i < s.n_index_params; i++) {
      const auto& element = *s.index_params[i]->index_elem;
      if (element.expr || !element.name || !*element.name) {
        throw NotImplementedError("indexes on expressions");
      }
      if (element.n_collation || element.n_opclass) {
        throw NotImplementedError("COLLATE or an operator class in CREATE INDEX");
      }
      // ASC / DESC and NULLS FIRST / LAST are accepted: an ART is scanned either way.
      create->columns.push_back(element.name);
    }
    return create;
  }

  ColumnDefinitionSyntax Column(const PgQuery__ColumnDef& def,
                                std::vector<UniqueConstraintSyntax>& constraints) {
    ColumnDefinitionSyntax column;
    column.name = def.colname;
    column.type = Type(*def.type_name);
    if (def.coll_clause) throw NotImplementedError("COLLATE");
    for (size_t i = 0; i < def.n_constraints; i++) {
      const auto& c = *def.constraints[i]->constraint;
      switch (c.contype) {
        case PG_QUERY__CONSTR_TYPE__CONSTR_NOTNULL:
          column.not_null = true;
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_NULL:
          column.not_null = false;
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_DEFAULT:
          column.default_value = Expr(c.raw_expr);
          column.default_text = TextAt(c.raw_expr);
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY:
        case PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE:
          constraints.push_back(Unique(c, column.name));
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_CHECK:
          throw NotImplementedError("CHECK constraints");
        case PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN:
          throw NotImplementedError("FOREIGN KEY");
        case PG_QUERY__CONSTR_TYPE__CONSTR_GENERATED:
        case PG_QUERY__CONSTR_TYPE__CONSTR_IDENTITY:
          throw NotImplementedError("generated columns");
        default:
          throw NotImplementedError("this column constraint");
      }
    }
    return column;
  }

  std::unique_ptr<CreateSequenceStatement> CreateSequence(const PgQuery__CreateSeqStmt& s) {
    RejectTemporary(*s.sequence, "temporary sequences");
    auto create = std::make_unique<CreateSequenceStatement>();
    BaseTableRef name = Table(*s.sequence);
    create->schema = name.schema;
    create->name = name.name;
    create->if_not_exists = s.if_not_exists;
    std::vector<std::string> seen;
    for (size_t i = 0; i < s.n_options; i++) {
      const auto& option = *s.options[i]->def_elem;
      std::string option_name = Lower(option.defname);
      if (std::find(seen.begin(), seen.end(), option_name) != seen.end()) {
        throw ParserError(
            fmt::format("CREATE SEQUENCE {}: {} is given twice", create->name, option_name));
      }
      seen.push_back(option_name);
      if (option_name == "cycle") {
        create->cycle = option.arg && option.arg->node_case == PG_QUERY__NODE__NODE_BOOLEAN &&
                        option.arg->boolean->boolval;
      } else if (option_name == "start") {
        create->start = SequenceNumber(option, create->name);
      } else if (option_name == "increment") {
        create->increment = *SequenceNumber(option, create->name);
      } else if (option_name == "minvalue") {
        create->min_value = option.arg ? SequenceNumber(option, create->name) : std::nullopt;
      } else if (option_name == "maxvalue") {
        create->max_value = option.arg ? SequenceNumber(option, create->name) : std::nullopt;
      } else {
        throw NotImplementedError(fmt::format("CREATE SEQUENCE option {}", option_name));
      }
    }
    return create;
  }

  /// The BIGINT value of a CREATE SEQUENCE option; ParserError when it is no whole number
  /// or does not fit.
  static std::optional<int64_t> SequenceNumber(const PgQuery__DefElem& option,
                                               const std::string& sequence) {
    const Node* arg = option.arg;
    if (arg && arg->node_case == PG_QUERY__NODE__NODE_INTEGER) return arg->integer->ival;
    if (arg && arg->node_case == PG_QUERY__NODE__NODE_FLOAT) {
      const char* text = arg->float_->fval;
      errno = 0;
      char* end = nullptr;
      long long value = std::strtoll(text, &end, 10);
      if (errno == 0 && end && *end == '\0') return static_cast<int64_t>(value);
      throw ParserError(fmt::format("{} of sequence \"{}\" must be a BIGINT, not {}",
                                    Lower(option.defname), sequence, text));
    }
    throw ParserError(fmt::format("{} of sequence \"{}\" must be a whole number",
                                  Lower(option.defname), sequence));
  }

  std::unique_ptr<AlterTableStatement> AlterTable(const PgQuery__AlterTableStmt& s) {
    if (s.objtype != PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) {
      throw NotImplementedError("ALTER of anything but a table");
    }
    if (s.n_cmds != 1) throw NotImplementedError("several changes in one ALTER TABLE");
    auto alter = std::make_unique<AlterTableStatement>();
    BaseTableRef table = Table(*s.relation);
    alter->schema = table.schema;
    alter->table = table.name;
    alter->if_exists = s.missing_ok;
    const auto& cmd = *s.cmds[0]->alter_table_cmd;
    switch (cmd.subtype) {
      case PG_QUERY__ALTER_TABLE_TYPE__AT_AddColumn: {
        alter->kind = AlterKind::kAddColumn;
        std::vector<UniqueConstraintSyntax> constraints;
        alter->column = Column(*cmd.def->column_def, constraints);
        if (!constraints.empty()) {
          throw NotImplementedError("ADD COLUMN with PRIMARY KEY or UNIQUE");
        }
        break;
      }
      case PG_QUERY__ALTER_TABLE_TYPE__AT_DropColumn:
        if (cmd.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE) {
          throw NotImplementedError("DROP COLUMN … CASCADE");
        }
        alter->kind = AlterKind::kDropColumn;
        alter->column_name = cmd.name;
        break;
      default:
        throw NotImplementedError(
            "this ALTER TABLE change (ADD COLUMN, DROP COLUMN and RENAME are supported)");
    }
    alter->column_if = cmd.missing_ok;
    return alter;
  }

  std::unique_ptr<AlterTableStatement> Rename(const PgQuery__RenameStmt& s) {
    auto alter = std::make_unique<AlterTableStatement>();
    if (s.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_COLUMN &&
        s.relation_type == PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) {
      alter->kind = AlterKind::kRenameColumn;
      alter->column_name = s.subname;
    } else if (s.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) {
      alter->kind = AlterKind::kRenameTable;
    } else {
      throw NotImplementedError("RENAME of anything but a table or a table's column");
    }
    BaseTableRef table = Table(*s.relation);
    alter->schema = table.schema;
    alter->table = table.name;
    alter->if_exists = s.missing_ok;
    alter->new_name = s.newname;
    return alter;
  }

  std::unique_ptr<CreateEnumStatement> CreateEnum(const PgQuery__CreateEnumStmt& s) {
    auto create = std::make_unique<CreateEnumStatement>();
    if (s.n_type_name > 1) {
      std::string schema = StringOf(s.type_name[0]);
      if (Lower(schema) != "main")
        throw CatalogError(fmt::format("schema \"{}\" does not exist", schema));
    }
    create->name = StringOf(s.type_name[s.n_type_name - 1]);
    for (size_t i = 0; i < s.n_vals; i++) create->labels.push_back(StringOf(s.vals[i]));
    return create;
  }

  std::unique_ptr<DropStatement> Drop(const PgQuery__DropStmt& s) {
    auto drop = std::make_unique<DropStatement>();
    drop->if_exists = s.missing_ok;
    drop->cascade = s.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE;
    if (s.remove_type == PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) {
      drop->kind = DropKind::kTable;
      for (size_t i = 0; i < s.n_objects; i++) {
        const Node* object = s.objects[i];
        const auto& list = *object->list;
        drop->names.push_back(StringOf(list.items[list.n_items - 1]));
      }
    } else if (s.remove_type == PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE) {
      drop->kind = DropKind::kSequence;
      for (size_t i = 0; i < s.n_objects; i++) {
        const auto& list = *s.objects[i]->list;
        drop->names.push_back(StringOf(list.items[list.n_items - 1]));
      }
    } else if (s.remove_type == PG_QUERY__OBJECT_TYPE__OBJECT_VIEW) {
      drop->kind = DropKind::kView;
      for (size_t i = 0; i < s.n_objects; i++) {
        const Node* object = s.objects[i];
        const auto& list = *object->list;
        drop->names.push_back(StringOf(list.items[list.n_items - 1]));
      }
    } else if (s.remove_type == PG_QUERY__OBJECT_TYPE__OBJECT_INDEX) {
      drop->kind = DropKind::kIndex;
      for (size_t i = 0; i < s.n_objects; i++) {
        const auto& list = *s.objects[i]->list;
        drop->names.push_back(StringOf(list.items[list.n_items - 1]));
      }
    } else if (s.remove_type == PG_QUERY__OBJECT_TYPE__OBJECT_TYPE) {
      drop->kind = DropKind::kType;
      for (size_t i = 0; i < s.n_objects; i++) {
        const auto& type = *s.objects[i]->type_name;
        drop->names.push_back(StringOf(type.names[type.n_names - 1]));
      }
    } else {
      throw NotImplementedError("DROP of this kind of object");
    }
    return drop;
  }

  // ---- types -----------------------------------------------------------------
  TypeName Type(const PgQuery__TypeName& t) {
    TypeName type;
    if (t.setof || t.pct_type) throw NotImplementedError("SETOF and %TYPE");
    std::vector<std::string> parts;
    for (size_t i = 0; i < t.n_names; i++) parts.push_back(StringOf(t.names[i]));
    if (parts.size() > 1 && parts[0] != "pg_catalog" && Lower(parts[0]) != "main") {
      throw NotImplementedError(fmt::format("qualified type name \"{}.{}\"", parts[0], parts[1]));
    }
    type.name = Lower(parts.back());
    // The grammar turns a bare FLOAT into float8 (PostgreSQL's meaning); Teal follows
    // DuckDB, where FLOAT is the 4-byte type, so look at how the type was written.
    if (type.name == "float8" && t.location >= 0 && static_cast<size_t>(t.location) < sql_.size()) {
      std::string written = Lower(sql_.substr(t.location, 6));
      if (written.rfind("float", 0) == 0 &&
          (written.size() == 5 || !std::isalnum(static_cast<unsigned char>(written[5])))) {
        bool has_precision = t.n_typmods > 0;
        if (!has_precision) type.name = "float4";
      }
    }
    for (size_t i = 0; i < t.n_typmods; i++) {
      const Node* mod = t.typmods[i];
      if (mod->node_case == PG_QUERY__NODE__NODE_A_CONST &&
          mod->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
        type.modifiers.push_back(mod->a_const->ival->ival);
      } else {
        throw ParserError(fmt::format("type modifiers of {} must be integer constants", type.name));
      }
    }
    type.array_depth = static_cast<int>(t.n_array_bounds);
    // INTERVAL field restrictions (INTERVAL '1' DAY) arrive as a typmod; keep plain INTERVAL.
    if (type.name == "interval") type.modifiers.clear();
    return type;
  }

  // ---- expressions -------------------------------------------------------------

  /// INTERVAL '…' with a field qualifier (INTERVAL '90' DAY), as a constant; null when
  /// `cast` is no such thing. PostgreSQL reads a bare integer in the qualifier's unit and
  /// drops the fields below it ('1 day 2 hours' DAY is 1 day). One field (YEAR, MONTH,
  /// DAY, HOUR, MINUTE, SECOND) over a string literal of an integer or of values with
  /// their units is supported; ranges (DAY TO SECOND), precisions, the standard's
  /// colon forms and non-constant operands are not-implemented errors, never a silently
  /// different interval.
  ParsedExpressionPtr QualifiedInterval(const PgQuery__TypeCast& cast) {
    const auto& t = *cast.type_name;
    if (t.n_names == 0 || Lower(StringOf(t.names[t.n_names - 1])) != "interval" ||
        t.n_typmods == 0) {
      return nullptr;
    }
    auto modifier = [&](size_t i) -> int64_t {
      const Node* mod = t.typmods[i];
      if (mod->node_case != PG_QUERY__NODE__NODE_A_CONST ||
          mod->a_const->val_case != PG_QUERY__A__CONST__VAL_IVAL) {
        throw ParserError("type modifiers of interval must be integer constants");
      }
      return mod->a_const->ival->ival;
    };
    constexpr int64_t kFullRange = 0x7FFF;  // PostgreSQL's INTERVAL_FULL_RANGE
    const int64_t mask = modifier(0);
    if (mask == kFullRange && t.n_typmods == 1) return nullptr;
    // PostgreSQL's INTERVAL_MASK(field) bits.
    struct Field {
      int64_t mask;
      const char* unit;
    };
    constexpr Field kFields[] = {{1 << 2, "year"},  {1 << 1, "month"},   {1 << 3, "day"},
                                 {1 << 10, "hour"}, {1 << 11, "minute"}, {1 << 12, "second"}};
    const Field* field = nullptr;
    for (const auto& f : kFields) {
      if (mask == f.mask) field = &f;
    }
    const bool literal = cast.arg->node_case == PG_QUERY__NODE__NODE_A_CONST &&
                         cast.arg->a_const->val_case == PG_QUERY__A__CONST__VAL_SVAL;
    if (!field || t.n_typmods > 1 || !literal) {
      throw NotImplementedError(
          "INTERVAL field qualifiers other than one field (YEAR … SECOND) on a string literal; "
          "write the units inside the string, as INTERVAL '90 days'");
    }
    std::string text = cast.arg->a_const->sval->sval;
    std::string_view body = text;
    while (!body.empty() && body.front() == ' ') body.remove_prefix(1);
    while (!body.empty() && body.back() == ' ') body.remove_suffix(1);
    size_t digits = (!body.empty() && (body[0] == '-' || body[0] == '+')) ? 1 : 0;
    bool integer = digits < body.size() &&
                   std::all_of(body.begin() + static_cast<std::ptrdiff_t>(digits), body.end(),
                               [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    bool has_units = std::any_of(body.begin(), body.end(), [](char c) {
      return std::isalpha(static_cast<unsigned char>(c));
    });
    if (!integer && (!has_units || body.find(':') != std::string_view::npos)) {
      throw NotImplementedError(fmt::format(
          "INTERVAL '{}' {}: only an integer or values with their units are supported with a "
          "field qualifier",
          text, Upper(field->unit)));
    }
    std::string spelled = integer ? std::string(body) + " " + field->unit : text;
    interval_t v;
    std::string reason;
    if (!Interval::TryParse(spelled, v, &reason)) {
      throw ConversionError(fmt::format("could not convert \"{}\" to INTERVAL {}: {}", text,
                                        Upper(field->unit), reason));
    }
    constexpr int64_t kMicrosPerHour = int64_t{3600} * 1000000;
    constexpr int64_t kMicrosPerMinute = int64_t{60} * 1000000;
    const std::string_view unit = field->unit;
    if (unit == "year") v.months = v.months / 12 * 12;
    if (unit == "year" || unit == "month") v.days = 0;
    if (unit == "year" || unit == "month" || unit == "day") v.micros = 0;
    if (unit == "hour") v.micros = v.micros / kMicrosPerHour * kMicrosPerHour;
    if (unit == "minute") v.micros = v.micros / kMicrosPerMinute * kMicrosPerMinute;
    auto e = Make(ExprKind::kConstant, cast.location);
    e->value = Value::Interval(v);
    return e;
  }

  ParsedExpressionPtr Make(ExprKind kind, int location) {
    auto e = std::make_unique<ParsedExpression>(kind);
    e->location = location;
    return e;
  }

  ParsedExpressionPtr Operator(std::string name, int location, ParsedExpressionPtr a,
                               ParsedExpressionPtr b = nullptr) {
    auto e = Make(ExprKind::kOperator, location);
    e->name = std::move(name);
    e->children.push_back(std::move(a));
    if (b) e->children.push_back(std::move(b));
    return e;
  }

  ParsedExpressionPtr Constant(const PgQuery__AConst& c) {
    auto e = Make(ExprKind::kConstant, c.location);
    if (c.isnull) return e;  // Value() is the untyped NULL
    switch (c.val_case) {
      case PG_QUERY__A__CONST__VAL_IVAL:
        e->value = Value::Integer(c.ival->ival);
        break;
      case PG_QUERY__A__CONST__VAL_FVAL:
        e->value = NumericLiteral(c.fval->fval);
        break;
      case PG_QUERY__A__CONST__VAL_BOOLVAL:
        e->value = Value::Boolean(c.boolval->boolval);
        break;
      case PG_QUERY__A__CONST__VAL_SVAL: {
        // The SQL text's bytes, or an escape's (E'\xff'): a VARCHAR must be valid UTF-8.
        std::string_view text = c.sval->sval;
        if (size_t bad = FindInvalidUtf8(text); bad != text.size()) {
          throw ParserError(fmt::format("invalid UTF-8 in the string literal at position {}: {}",
                                        c.location + 1, DescribeInvalidUtf8(text, bad)));
        }
        e->value = Value::Varchar(text);
        break;
      }
      case PG_QUERY__A__CONST__VAL_BSVAL:
        throw NotImplementedError("bit-string literals");
      default:
        break;
    }
    return e;
  }

  /// A numeric literal the grammar did not fit in an int32. A whole number: BIGINT, HUGEINT
  /// or UHUGEINT, the first that holds it (DuckDB's rule), and an error past UHUGEINT — never
  /// a rounded DOUBLE. With a point (`42.` too): DECIMAL(w,s) up to 38 digits, else DOUBLE;
  /// with an exponent: DOUBLE.
  static Value NumericLiteral(std::string_view text) {
    bool negative = !text.empty() && text[0] == '-';
    std::string_view digits = negative ? text.substr(1) : text;
    if (digits.find_first_of("eE") != std::string_view::npos) {
      return Value::Double(std::strtod(std::string(text).c_str(), nullptr));
    }
    size_t point = digits.find('.');
    std::string whole(digits.substr(0, point));
    std::string fraction(point == std::string_view::npos ? "" : digits.substr(point + 1));
    std::string all = whole + fraction;
    uint128 magnitude = 0;
    bool overflow = false;
    for (char ch : all) {
      uint128 next = magnitude * 10 + static_cast<uint128>(ch - '0');
      if (next / 10 != magnitude) overflow = true;
      magnitude = next;
    }
    constexpr uint128 kMaxHuge = (static_cast<uint128>(1) << 127) - 1;
    const bool fits_huge = !overflow && magnitude <= kMaxHuge + (negative ? 1 : 0);
    if (point == std::string_view::npos) {
      if (fits_huge) {
        int128 value =
            negative ? -static_cast<int128>(magnitude - 1) - 1 : static_cast<int128>(magnitude);
        if (value >= INT64_MIN && value <= INT64_MAX)
          return Value::BigInt(static_cast<int64_t>(value));
        return Value::HugeInt(value);
      }
      if (!overflow && !negative) return Value::UHugeInt(magnitude);
      throw ParserError(fmt::format(
          "integer literal {} is out of range: the widest integers are HUGEINT and UHUGEINT "
          "(write it with an exponent, e.g. {}e0, for a DOUBLE)",
          text, text));
    }
    if (fits_huge) {
      int128 unscaled =
          negative ? -static_cast<int128>(magnitude - 1) - 1 : static_cast<int128>(magnitude);
      size_t first = all.find_first_not_of('0');
      size_t significant = first == std::string::npos ? 0 : all.size() - first;
      uint8_t scale = static_cast<uint8_t>(std::min<size_t>(fraction.size(), 255));
      size_t width = std::max<size_t>({significant, fraction.size(), 1});
      if (width <= LogicalType::kMaxDecimalWidth) {
        return Value::Decimal(unscaled, static_cast<uint8_t>(width), scale);
      }
    }
    return Value::Double(std::strtod(std::string(text).c_str(), nullptr));
  }

  std::vector<ParsedExpressionPtr> List(const Node* node) {
    std::vector<ParsedExpressionPtr> out;
    if (node->node_case != PG_QUERY__NODE__NODE_LIST) {
      out.push_back(Expr(node));
      return out;
    }
    for (size_t i = 0; i < node->list->n_items; i++) out.push_back(Expr(node->list->items[i]));
    return out;
  }

  ParsedExpressionPtr AExpr(const PgQuery__AExpr& a) {
    std::string name = a.n_name ? StringOf(a.name[a.n_name - 1]) : "";
    switch (a.kind) {
      case PG_QUERY__A__EXPR__KIND__AEXPR_OP: {
        if (!a.lexpr) {  // prefix operator
          if (name == "-" || name == "+") {
            auto operand = Expr(a.rexpr);
            if (name == "+") return operand;
            return Operator("-", a.location, std::move(operand));
          }
          throw NotImplementedError(fmt::format("prefix operator {}", name));
        }
        return Operator(name, a.location, Expr(a.lexpr), Expr(a.rexpr));
      }
      case PG_QUERY__A__EXPR__KIND__AEXPR_IN: {
        auto e = Make(ExprKind::kOperator, a.location);
        e->name = name == "<>" ? "NOT IN" : "IN";
        e->children.push_back(Expr(a.lexpr));
        for (auto& item : List(a.rexpr)) e->children.push_back(std::move(item));
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
        return Operator(name == "~~" ? "LIKE" : "NOT LIKE", a.location, Expr(a.lexpr),
                        Expr(a.rexpr));
      case PG_QUERY__A__EXPR__KIND__AEXPR_ILIKE:
        return Operator(name == "~~*" ? "ILIKE" : "NOT ILIKE", a.location, Expr(a.lexpr),
                        Expr(a.rexpr));
      case PG_QUERY__A__EXPR__KIND__AEXPR_NULLIF: {
        auto e = Make(ExprKind::kFunction, a.location);
        e->name = "nullif";
        e->children.push_back(Expr(a.lexpr));
        e->children.push_back(Expr(a.rexpr));
        return e;
      }
      case PG_QUERY__A__EXPR__KIND__AEXPR_OP_ANY:
      case PG_QUERY__A__EXPR__KIND__AEXPR_OP_ALL:
        throw NotImplementedError("ANY/ALL");
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

  /// CASE [arg] WHEN … THEN … [ELSE …] END; the simple form compares arg = WHEN value.
  ParsedExpressionPtr SubLink(const PgQuery__SubLink& link) {
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
        if (link.testexpr && link.testexpr->node_case == PG_QUERY__NODE__NODE_ROW_EXPR) {
          throw NotImplementedError("row comparisons with a subquery ((a, b) IN (SELECT …))");
        }
        e->name = link.n_oper_name ? StringOf(link.oper_name[link.n_oper_name - 1]) : "=";
        e->children.push_back(Expr(link.testexpr));
        break;
      }
      case PG_QUERY__SUB_LINK_TYPE__ARRAY_SUBLINK:
        throw NotImplementedError("ARRAY(SELECT …)");
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

  /// The SQL text of a subquery's SELECT, from its first token to the parenthesis that
  /// closes it, for column names; "SELECT …" when the text cannot be found.
  std::string SubqueryText(const PgQuery__SelectStmt& select) {
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

  /// Where a SELECT's text starts: libpg_query gives no location for the statement
  /// itself, so search back from its first target for the SELECT keyword.
  int FirstLocation(const PgQuery__SelectStmt& select) {
    int anchor = -1;
    if (select.n_target_list &&
        select.target_list[0]->node_case == PG_QUERY__NODE__NODE_RES_TARGET) {
      anchor = select.target_list[0]->res_target->location;
    }
    if (anchor < 0) return -1;
    std::string lower = Lower(sql_.substr(0, static_cast<size_t>(anchor)));
    size_t at = lower.rfind("select");
    return at == std::string::npos ? -1 : static_cast<int>(at);
  }

  ParsedExpressionPtr Case(const PgQuery__CaseExpr& c) {
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

  ParsedExpressionPtr Expr(const Node* node) {
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
        if (f.over) throw NotImplementedError("window functions");
        if (f.n_agg_order) throw NotImplementedError("ORDER BY inside an aggregate");
        if (f.agg_filter) throw NotImplementedError("FILTER on aggregates");
        if (f.agg_within_group) throw NotImplementedError("WITHIN GROUP");
        auto e = Make(ExprKind::kFunction, f.location);
        e->name = Lower(StringOf(f.funcname[f.n_funcname - 1]));
        e->star = f.agg_star;
        e->distinct = f.agg_distinct;
        for (size_t i = 0; i < f.n_args; i++) e->children.push_back(Expr(f.args[i]));
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
          if (step->node_case != PG_QUERY__NODE__NODE_A_INDICES || step->a_indices->is_slice) {
            throw NotImplementedError("list slices and field access");
          }
          auto extract = Make(ExprKind::kFunction, e->location);
          extract->name = "list_extract";
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
          default:
            throw NotImplementedError("this SQL value function (current_user and similar)");
        }
        return e;
      }
      case PG_QUERY__NODE__NODE_COLLATE_CLAUSE:
        throw NotImplementedError("COLLATE");
      case PG_QUERY__NODE__NODE_ROW_EXPR:
        throw NotImplementedError("row constructors");
      default:
        throw NotImplementedError(fmt::format("{} expressions", NodeName(*node)));
    }
  }

  /// The SQL text of an expression node, from its location to the end of the expression,
  /// approximated by re-rendering (locations alone do not give the end).
  std::string TextAt(const Node* node) { return Expr(node)->ToString(); }

  /// One level of nesting (an expression, a query, a FROM item) for as long as it lives:
  /// past max_depth the statement is refused, and the stack is checked on the way down.
  class Level {
   public:
    explicit Level(Transformer& t) : t_(t) {
      if (++t_.depth_ > t_.max_depth_) {
        throw ParserError(fmt::format(
            "the statement nests more than {} levels deep (max_expression_depth); simplify it "
            "or raise the setting",
            t_.max_depth_));
      }
      CheckStackDepth("the statement");
    }
    ~Level() { t_.depth_--; }
    Level(const Level&) = delete;
    Level& operator=(const Level&) = delete;

   private:
    Transformer& t_;
  };

  std::string_view sql_;
  idx_t max_depth_;
  idx_t depth_ = 0;
};

}  // namespace

std::unique_ptr<SQLStatement> TransformStatement(const PgQuery__Node& node, std::string_view sql,
                                                 idx_t max_depth) {
  return Transformer(sql, max_depth).Statement(node);
}

}  // namespace teal
