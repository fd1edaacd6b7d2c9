// Transformer: SELECT — its clauses, FROM items, WITH, ORDER BY and set operations.
#include <algorithm>
#include <cctype>
#include <functional>

#include "parser/parser.hpp"
#include "parser/transformer/transformer_internal.hpp"

namespace teal::transformer {

namespace {
/// The sample a name made by RewriteSamples carries, and the rest of the name (the alias
/// written before TABLESAMPLE) in `rest`; null for any other name.
std::shared_ptr<const SampleSyntax> DecodeSample(std::string_view name, std::string* rest) {
  const std::string_view marker = kSampleMarker;
  if (name.substr(0, marker.size()) != marker || name.size() == marker.size() ||
      name[marker.size()] != '|') {
    return nullptr;
  }
  name.remove_prefix(marker.size() + 1);
  auto sample = std::make_shared<SampleSyntax>();
  std::string* fields[] = {&sample->size, &sample->unit, &sample->method, &sample->seed};
  for (std::string* field : fields) {
    const size_t bar = name.find('|');
    if (bar == std::string_view::npos) throw InternalError("a sample's name is cut short");
    *field = std::string(name.substr(0, bar));
    name.remove_prefix(bar + 1);
  }
  if (rest) *rest = std::string(name);
  return sample;
}
}  // namespace

std::unique_ptr<SelectStatement> Transformer::Select(const PgQuery__SelectStmt& s) {
  Level level(*this);
  if (s.n_locking_clause) {
    // Rows are never locked: a transaction reads its snapshot and a write-write conflict
    // fails the later writer.
    throw NotImplementedError("FOR UPDATE/SHARE (a SELECT locking clause is not supported)");
  }
  if (s.op != PG_QUERY__SET_OPERATION__SETOP_NONE) {
    auto select = SetOperationSelect(s);
    if (s.with_clause) select->ctes = With(*s.with_clause);
    return select;
  }
  if (s.group_distinct) throw NotImplementedError("GROUP BY DISTINCT");
  const PgQuery__SelectStmt* outer_window_scope = window_scope_;
  window_scope_ = &s;
  struct RestoreWindowScope {
    const PgQuery__SelectStmt*& scope;
    const PgQuery__SelectStmt* outer;
    ~RestoreWindowScope() { scope = outer; }
  } restore{window_scope_, outer_window_scope};
  ParsedExpressionPtr qualify;
  std::shared_ptr<const SampleSyntax> sample;
  for (size_t i = 0; i < s.n_window_clause; i++) {
    const auto& def = *s.window_clause[i]->window_def;
    if (std::string_view(def.name) == kQualifyMarker) {  // RewriteQualify's
      qualify = Expr(def.partition_clause[0]);
      continue;
    }
    if (auto spec = DecodeSample(def.name, nullptr)) {  // RewriteSamples'
      if (sample) throw ParserError("a query can have one USING SAMPLE clause only");
      sample = std::move(spec);
      continue;
    }
    for (size_t j = 0; j < i; j++) {
      if (Lower(s.window_clause[j]->window_def->name) == Lower(def.name)) {
        throw ParserError(fmt::format("window \"{}\" is already defined", def.name));
      }
    }
    if (def.refname && *def.refname) {
      // PostgreSQL's: a window of the WINDOW clause builds on one defined before it.
      bool earlier = false;
      for (size_t j = 0; j < i && !earlier; j++) {
        earlier = Lower(s.window_clause[j]->window_def->name) == Lower(def.refname);
      }
      if (!earlier) {
        throw ParserError(
            fmt::format("window \"{}\" does not exist (at position {}): window \"{}\" "
                        "can build on a window defined before it only",
                        def.refname, def.location + 1, def.name));
      }
    }
    Window(def);  // errors in a window no call uses are errors too
  }
  if (s.into_clause)
    throw NotImplementedError("SELECT INTO not supported: use CREATE TABLE … AS SELECT");
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
  bool grouping_sets = false;
  for (size_t i = 0; i < s.n_group_clause; i++) {
    grouping_sets =
        grouping_sets || s.group_clause[i]->node_case == PG_QUERY__NODE__NODE_GROUPING_SET;
  }
  if (grouping_sets) {
    GroupingSets(s, *select);
  }
  for (size_t i = 0; i < s.n_group_clause && !grouping_sets; i++) {
    const Node* group = s.group_clause[i];
    if (IsAllMarker(group)) {
      if (s.n_group_clause != 1)
        throw ParserError("GROUP BY ALL cannot be combined with other groups");
      select->group_by_all = true;
      continue;
    }
    // GROUP BY (a, b) groups by a and by b, as PostgreSQL reads a parenthesized list
    // there (ROW(a, b) is one row value).
    if (group->node_case == PG_QUERY__NODE__NODE_ROW_EXPR &&
        group->row_expr->row_format == PG_QUERY__COERCION_FORM__COERCE_IMPLICIT_CAST) {
      for (size_t a = 0; a < group->row_expr->n_args; a++) {
        select->group_by.push_back(Expr(group->row_expr->args[a]));
      }
      continue;
    }
    select->group_by.push_back(Expr(group));
  }
  if (s.having_clause) select->having = Expr(s.having_clause);
  select->qualify = std::move(qualify);
  select->sample = std::move(sample);
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

std::unique_ptr<TableRef> Transformer::From(const Node* node) {
  Level level(*this);
  auto ref = std::make_unique<TableRef>();
  auto aliases = [&](const PgQuery__Alias* alias) {
    if (!alias) return;
    ref->alias = alias->aliasname;
    if (auto sample = DecodeSample(ref->alias, &ref->alias)) ref->sample = std::move(sample);
    for (size_t i = 0; i < alias->n_colnames; i++)
      ref->column_aliases.push_back(StringOf(alias->colnames[i]));
  };
  switch (node->node_case) {
    case PG_QUERY__NODE__NODE_RANGE_VAR: {
      const auto& range = *node->range_var;
      ref->schema = RangeSchema(range);
      ref->name = range.relname;
      aliases(range.alias);
      return ref;
    }
    case PG_QUERY__NODE__NODE_RANGE_SUBSELECT: {
      const auto& sub = *node->range_subselect;
      ref->lateral = sub.lateral;
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
          ref->join_type = join.quals || join.n_using_clause || join.is_natural ? JoinType::kInner
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
      bool natural = join.is_natural;
      ref->left = From(join.larg);
      ref->right = From(join.rarg);
      if (join.quals) ref->condition = Expr(join.quals);
      if (ref->join_type == JoinType::kInner && ref->condition &&
          ref->condition->kind == ExprKind::kFunction && ref->condition->children.size() == 1 &&
          (ref->condition->name == kSemiJoinMarker || ref->condition->name == kAntiJoinMarker)) {
        ref->join_type =
            ref->condition->name == kSemiJoinMarker ? JoinType::kSemi : JoinType::kAnti;
        ref->condition = std::move(ref->condition->children[0]);
        const ParsedExpression& inner = *ref->condition;
        if (inner.kind == ExprKind::kColumnRef && inner.names.size() == 1 &&
            inner.names[0] == kNaturalJoinMarker) {
          ref->condition.reset();  // NATURAL SEMI / ANTI JOIN
          natural = true;
        }
      }
      for (size_t i = 0; i < join.n_using_clause; i++)
        ref->using_columns.push_back(StringOf(join.using_clause[i]));
      // SEMI / ANTI JOIN … USING, as RewriteSemiAntiJoins marked it
      if (ref->join_type == JoinType::kInner && !ref->using_columns.empty() &&
          (ref->using_columns.back() == kSemiJoinMarker ||
           ref->using_columns.back() == kAntiJoinMarker)) {
        ref->join_type =
            ref->using_columns.back() == kSemiJoinMarker ? JoinType::kSemi : JoinType::kAnti;
        ref->using_columns.pop_back();
      }
      // POSITIONAL JOIN, as RewritePositionalJoins marked it
      if (ref->condition && ref->condition->kind == ExprKind::kFunction &&
          ref->condition->children.empty() && ref->condition->name == kPositionalJoinMarker) {
        if (ref->join_type != JoinType::kInner || join.is_natural) {
          throw ParserError("POSITIONAL JOIN cannot be LEFT, RIGHT, FULL, NATURAL or the like");
        }
        ref->join_type = JoinType::kPositional;
        ref->condition.reset();
      }
      // ASOF JOIN, as RewriteAsOfJoins marked it
      const bool asof_on = ref->condition && ref->condition->kind == ExprKind::kFunction &&
                           ref->condition->children.size() == 1 &&
                           ref->condition->name == kAsOfJoinMarker;
      const bool asof_using =
          !ref->using_columns.empty() && ref->using_columns.back() == kAsOfJoinMarker;
      if (asof_on || asof_using) {
        if (ref->join_type == JoinType::kCross) ref->join_type = JoinType::kInner;
        ref->asof_kind = ref->join_type;
        ref->join_type = JoinType::kAsOf;
        if (asof_on) ref->condition = std::move(ref->condition->children[0]);
        if (asof_using) ref->using_columns.pop_back();
        const ParsedExpression* inner = ref->condition.get();
        if (asof_on && ref->asof_kind == JoinType::kInner && inner->kind == ExprKind::kFunction &&
            inner->children.size() == 1 &&
            (inner->name == kSemiJoinMarker || inner->name == kAntiJoinMarker)) {
          // ASOF SEMI / ANTI JOIN: a left row has its nearest match exactly when it has a
          // match at all, so they are the plain SEMI / ANTI JOIN
          ref->join_type = inner->name == kSemiJoinMarker ? JoinType::kSemi : JoinType::kAnti;
          ref->condition = std::move(ref->condition->children[0]);
        }
        if (join.is_natural) throw ParserError("ASOF JOIN cannot be NATURAL");
      }
      ref->natural = natural;
      if (join.alias) {
        // (a JOIN b …) AS j (x, y): the join's columns under one name, the names of a and b
        // hidden (PostgreSQL) — as (SELECT * FROM a JOIN b …) AS j (x, y) has them.
        auto query = std::make_unique<SelectStatement>();
        query->select_list.push_back(std::make_unique<ParsedExpression>(ExprKind::kStar));
        query->from = std::move(ref);
        ref = std::make_unique<TableRef>();
        ref->kind = TableRefKind::kSubquery;
        ref->subquery = std::move(query);
        aliases(join.alias);
      }
      return ref;
    }
    case PG_QUERY__NODE__NODE_RANGE_FUNCTION: {
      const auto& range = *node->range_function;
      ref->lateral = range.lateral;
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
      if (range.ordinality) return WithOrdinality(std::move(ref));
      return ref;
    }
    default:
      throw NotImplementedError("this kind of FROM clause");
  }
}

std::unique_ptr<TableRef> Transformer::WithOrdinality(std::unique_ptr<TableRef> function) {
  // f(…) WITH ORDINALITY AS a (c1, …, n) is (SELECT *, row_number() OVER () AS ordinality
  // FROM f(…)) AS a (c1, …, n): a window without PARTITION BY or ORDER BY numbers the rows
  // in the order the function gives them (the window operator keeps its input's order).
  // Lateral like the function (PostgreSQL's rule for a function in FROM): right of other
  // items it runs once per left row, so the numbers start at 1 for each.
  auto number = std::make_unique<ParsedExpression>(ExprKind::kFunction);
  number->name = "row_number";
  number->builtin = true;
  number->window = std::make_shared<WindowSpec>();
  number->alias = "ordinality";
  auto query = std::make_unique<SelectStatement>();
  query->select_list.push_back(std::make_unique<ParsedExpression>(ExprKind::kStar));
  query->select_list.push_back(std::move(number));
  auto ref = std::make_unique<TableRef>();
  ref->kind = TableRefKind::kSubquery;
  ref->lateral = true;
  ref->alias = function->alias.empty() ? function->function->name : std::move(function->alias);
  ref->column_aliases = std::move(function->column_aliases);
  ref->sample = std::move(function->sample);
  function->column_aliases.clear();
  query->from = std::move(function);
  ref->subquery = std::move(query);
  return ref;
}

std::vector<CommonTableExpression> Transformer::With(const PgQuery__WithClause& with) {
  std::vector<CommonTableExpression> ctes;
  std::shared_ptr<std::vector<ParsedExpressionPtr>> using_key;  // of the next query
  for (size_t i = 0; i < with.n_ctes; i++) {
    const auto& cte = *with.ctes[i]->common_table_expr;
    if (cte.ctequery->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
      throw NotImplementedError("WITH over a statement other than SELECT");
    }
    if (std::string_view(cte.ctename) == kUsingKeyMarker) {
      using_key = std::make_shared<std::vector<ParsedExpressionPtr>>(
          std::move(Select(*cte.ctequery->select_stmt)->select_list));
      continue;
    }
    CommonTableExpression out;
    out.using_key = std::move(using_key);
    if (out.using_key && !with.recursive) {
      throw ParserError(
          fmt::format("USING KEY is for WITH RECURSIVE queries only (\"{}\")", cte.ctename));
    }
    out.name = cte.ctename;
    out.recursive = with.recursive;
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

bool Transformer::IsAllMarker(const Node* node) {
  if (node->node_case != PG_QUERY__NODE__NODE_COLUMN_REF) return false;
  const auto& ref = *node->column_ref;
  return ref.n_fields == 1 && ref.fields[0]->node_case == PG_QUERY__NODE__NODE_STRING &&
         std::string_view(ref.fields[0]->string->sval) == kAllMarker;
}

void Transformer::GroupingSets(const PgQuery__SelectStmt& s, SelectStatement& select) {
  using Sets = std::vector<std::vector<idx_t>>;
  // The position of a group expression in select.group_by, added when new.
  auto position = [&](const Node* node) {
    auto e = Expr(node);
    const std::string text = e->ToString();
    for (idx_t i = 0; i < select.group_by.size(); i++) {
      if (select.group_by[i]->ToString() == text) return i;
    }
    select.group_by.push_back(std::move(e));
    return select.group_by.size() - 1;
  };
  // (a, b) inside ROLLUP, CUBE or GROUPING SETS is one unit of several expressions.
  auto unit = [&](const Node* node) {
    std::vector<idx_t> out;
    if (node->node_case == PG_QUERY__NODE__NODE_ROW_EXPR) {
      for (size_t i = 0; i < node->row_expr->n_args; i++) {
        out.push_back(position(node->row_expr->args[i]));
      }
    } else {
      out.push_back(position(node));
    }
    return out;
  };
  std::function<Sets(const Node*)> sets_of = [&](const Node* node) -> Sets {
    if (node->node_case != PG_QUERY__NODE__NODE_GROUPING_SET) return {unit(node)};
    const auto& set = *node->grouping_set;
    std::vector<std::vector<idx_t>> units;
    switch (set.kind) {
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_EMPTY:
        return {{}};
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_ROLLUP: {
        for (size_t i = 0; i < set.n_content; i++) units.push_back(unit(set.content[i]));
        Sets out;
        for (size_t k = units.size() + 1; k-- > 0;) {
          std::vector<idx_t> one;
          for (size_t u = 0; u < k; u++) one.insert(one.end(), units[u].begin(), units[u].end());
          out.push_back(std::move(one));
        }
        return out;
      }
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_CUBE: {
        for (size_t i = 0; i < set.n_content; i++) units.push_back(unit(set.content[i]));
        if (units.size() > 12) throw ParserError("CUBE takes at most 12 elements");
        Sets out;
        // Largest sets first, as PostgreSQL lists them.
        for (uint32_t mask = (1u << units.size()); mask-- > 0;) {
          std::vector<idx_t> one;
          for (size_t u = 0; u < units.size(); u++) {
            if (mask & (1u << (units.size() - 1 - u))) {
              one.insert(one.end(), units[u].begin(), units[u].end());
            }
          }
          out.push_back(std::move(one));
        }
        return out;
      }
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_SETS: {
        Sets out;
        for (size_t i = 0; i < set.n_content; i++) {
          Sets part = sets_of(set.content[i]);
          out.insert(out.end(), part.begin(), part.end());
        }
        return out;
      }
      default:
        throw NotImplementedError("this kind of grouping set");
    }
  };
  // GROUP BY a, ROLLUP(b): every combination of one set of each item.
  Sets all = {{}};
  for (size_t i = 0; i < s.n_group_clause; i++) {
    if (IsAllMarker(s.group_clause[i])) {
      throw ParserError("GROUP BY ALL cannot be combined with grouping sets");
    }
    Sets item = sets_of(s.group_clause[i]), next;
    for (const auto& left : all) {
      for (const auto& right : item) {
        std::vector<idx_t> one = left;
        for (idx_t g : right) {
          if (std::find(one.begin(), one.end(), g) == one.end()) one.push_back(g);
        }
        next.push_back(std::move(one));
      }
    }
    all = std::move(next);
    if (all.size() > 4096) throw ParserError("GROUP BY makes more than 4096 grouping sets");
  }
  for (auto& set : all) std::sort(set.begin(), set.end());
  select.grouping_sets = std::move(all);
}

std::vector<OrderTerm> Transformer::OrderBy(const PgQuery__SelectStmt& s) {
  return OrderTerms(s.sort_clause, s.n_sort_clause, true);
}

std::vector<OrderTerm> Transformer::OrderTerms(Node* const* clause, size_t count, bool allow_all) {
  std::vector<OrderTerm> terms;
  for (size_t i = 0; i < count; i++) {
    const auto& sort = *clause[i]->sort_by;
    if (sort.sortby_dir == PG_QUERY__SORT_BY_DIR__SORTBY_USING) {
      throw NotImplementedError("ORDER BY … USING");
    }
    OrderTerm term;
    if (IsAllMarker(sort.node)) {
      if (!allow_all) throw ParserError("ORDER BY ALL is only allowed in a query's ORDER BY");
      if (count != 1) throw ParserError("ORDER BY ALL cannot be combined with other keys");
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

std::unique_ptr<SelectStatement> Transformer::SetOperationSelect(const PgQuery__SelectStmt& s) {
  auto select = std::make_unique<SelectStatement>();
  select->set_operation = s.op == PG_QUERY__SET_OPERATION__SETOP_UNION ? SetOperation::kUnion
                          : s.op == PG_QUERY__SET_OPERATION__SETOP_INTERSECT
                              ? SetOperation::kIntersect
                              : SetOperation::kExcept;
  select->set_all = s.all;
  select->set_left = Select(*s.larg);
  select->set_right = Select(*s.rarg);
  // RewriteByName's SELECT * FROM (right) AS __teal_by_name__.
  const SelectStatement& right = *select->set_right;
  if (right.set_operation == SetOperation::kNone && right.from &&
      right.from->kind == TableRefKind::kSubquery && right.from->alias == kByNameMarker) {
    select->set_by_name = true;
    select->set_right = std::move(select->set_right->from->subquery);
  }
  select->order_by = OrderBy(s);
  if (s.limit_count) select->limit = Expr(s.limit_count);
  if (s.limit_offset) select->offset = Expr(s.limit_offset);
  return select;
}

std::string Transformer::RangeSchema(const PgQuery__RangeVar& range) {
  std::string schema = range.schemaname ? range.schemaname : "";
  if (range.catalogname && *range.catalogname) {
    // DuckDB's temp.main.name: the temporary objects.
    if (Lower(range.catalogname) == "temp" && Lower(schema) == "main") return "temp";
    // db.schema.name: an attached database's (catalog/catalog_search.hpp).
    return std::string(range.catalogname) + "." + schema;
  }
  return schema;
}

BaseTableRef Transformer::Table(const PgQuery__RangeVar& range) {
  BaseTableRef ref;
  ref.schema = RangeSchema(range);
  ref.name = range.relname;
  if (range.alias) {
    if (range.alias->n_colnames) throw NotImplementedError("column aliases in FROM");
    ref.alias = range.alias->aliasname;
  }
  return ref;
}

}  // namespace teal::transformer
