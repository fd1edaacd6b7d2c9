// Binder: FROM items — tables, views, WITH names, subqueries, joins and table functions.
#include "common/external_access.hpp"
#include "common/stack.hpp"
#include "function/table/test_all_types.hpp"
#include "function/table/test_vector_types.hpp"
#include "os/file_glob.hpp"
#include "parser/parser.hpp"
#include "planner/asof_condition.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/binder/tableref/pg_objects.hpp"

namespace teal {

std::vector<std::pair<const Catalog*, std::string>> Binder::RelationsReadBy(const ViewEntry& view,
                                                                            Catalog* home) {
  relations_read_->clear();
  BindView(view, home);
  return *relations_read_;
}

BoundStatement Binder::BindView(const ViewEntry& view, Catalog* home) {
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
    if (!SameName(views_in_progress_[i], view.CatalogName())) continue;
    std::string chain;
    for (size_t j = i; j < views_in_progress_.size(); j++) chain += views_in_progress_[j] + " -> ";
    throw BinderError(
        fmt::format("view \"{}\" refers to itself ({}{})", view.name, chain, view.name));
  }
  // A view sees the catalog, not the WITH names or parameters around the query that uses it.
  CatalogSearch search = catalogs_;
  if (home && home != catalogs_.main && home != catalogs_.temp) {
    search.main = home;  // an attached database's view reads that database
    search.temp = nullptr;
  }
  // Names without a schema are its own schema's, then main's, whatever the path of the
  // query that uses it (PostgreSQL fixes them when the view is made).
  search = search.OwnSchemaFirst(view.schema);
  // On the heap: each view nested in another binds one level deeper on this stack.
  auto child = std::make_unique<Binder>(search);
  child->options_ = options_;
  child->views_in_progress_ = views_in_progress_;
  child->views_in_progress_.push_back(view.CatalogName());
  child->relations_read_ = relations_read_;
  BoundStatement bound;
  try {
    bound = child->BindSelect(static_cast<SelectStatement&>(*statements[0]));
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

ExpressionPtr Binder::BindJoinCondition(const TableRef& ref, Scope& scope, size_t left_first,
                                        idx_t offset) {
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
      throw BinderError(
          fmt::format("the condition of a JOIN can only use the columns of its own two sides: {}",
                      ref.condition->ToString()));
    }
  }
  auto condition = BindBoolean(BindExpression(*ref.condition, on_scope), "a join condition");
  LocalizeJoinCondition(*condition, offset, ref);
  return condition;
}

namespace {
/// The column aliases of FROM item `ref` (AS alias(a, b, …)) given to its binding.
void RenameColumns(const TableRef& ref, Binding& binding) {
  if (ref.exact_column_aliases && ref.column_aliases.size() != binding.VisibleCount()) {
    if (ref.column_aliases.size() == 1) {
      throw BinderError(fmt::format("Subquery returns {} columns: it must return only one",
                                    binding.VisibleCount()));
    }
    throw BinderError(fmt::format("a row of {} values is compared with a subquery of {} columns",
                                  ref.column_aliases.size(), binding.VisibleCount()));
  }
  if (ref.column_aliases.size() > binding.VisibleCount()) {
    throw BinderError(fmt::format(
        "\"{}\" has {} columns available but {} columns specified: more column aliases than "
        "columns",
        binding.alias, binding.VisibleCount(), ref.column_aliases.size()));
  }
  for (size_t i = 0; i < ref.column_aliases.size(); i++) binding.names[i] = ref.column_aliases[i];
}

/// The binding of FROM item `ref`, a source of constant rows (a catalog listing) named
/// `name` unless aliased, its columns from `offset` on.
void AddRowsBinding(const TableRef& ref, std::vector<Binding>& bindings, idx_t offset,
                    const std::string& name, std::vector<std::string> names,
                    std::vector<LogicalType> types) {
  Binding binding;
  binding.alias = ref.alias.empty() ? name : ref.alias;
  binding.offset = offset;
  binding.names = std::move(names);
  binding.types = std::move(types);
  RenameColumns(ref, binding);
  bindings.push_back(std::move(binding));
}
/// The binding (without types) of table function `function`'s one column, FROM item
/// `ref`: named after the function, or after the item's alias when it has no column
/// names (Binding::function_column).
Binding FunctionColumnBinding(const TableRef& ref, const std::string& function, idx_t offset) {
  Binding binding;
  binding.alias = ref.alias.empty() ? function : ref.alias;
  binding.offset = offset;
  if (ref.alias.empty() || !ref.column_aliases.empty()) {
    binding.names = {function};
  } else {
    binding.names = {ref.alias};
    binding.function_column = function;
  }
  return binding;
}
}  // namespace

LogicalOperatorPtr Binder::BindWithQueryItem(const TableRef& ref, size_t index, Scope& scope,
                                             idx_t offset) {
  const WithQuery& with = ctes_[index];
  const CommonTableExpression& cte = with.syntax;
  Binder child = Child(/*same_level=*/false);
  child.ctes_.assign(ctes_.begin(), ctes_.begin() + static_cast<std::ptrdiff_t>(index));
  if (!cte.recursive) child.ctes_in_progress_.push_back(cte.name);
  // The WITH query sees the queries around the one that has the WITH, but its rows are
  // made where it is used: used in a subquery deeper than that (or in a LATERAL item), the
  // columns it reads must pass through each query between, as a name of theirs would. So
  // it reads them through stand-ins of those queries' scopes that have no FROM items of
  // their own (so no name of theirs is seen), each collecting into its query's list.
  std::vector<std::unique_ptr<Scope>> between;
  Scope* outer = with.outer;
  std::vector<ExpressionPtr>* correlated = with.correlated;
  std::vector<Scope*> chain;
  Scope* s = scope.outer;
  for (; s && s != with.outer; s = s->outer) chain.push_back(s);
  if (with.outer && s == with.outer && !chain.empty()) {
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      auto stand_in = std::make_unique<Scope>();
      stand_in->outer = outer;
      stand_in->correlated = (*it)->correlated;
      stand_in->clause = (*it)->clause;
      outer = stand_in.get();
      between.push_back(std::move(stand_in));
    }
    correlated = scope.correlated;
  }
  child.subquery_outer_ = outer;
  child.subquery_correlated_ = correlated;
  BoundStatement bound = cte.recursive ? child.BindRecursiveCte(cte) : child.BindSelect(*cte.query);
  needs_parameter_values_ = needs_parameter_values_ || child.needs_parameter_values_;
  Binding binding;
  binding.alias = ref.alias.empty() ? cte.name : ref.alias;
  binding.offset = offset;
  binding.names = bound.names;
  binding.types = bound.types;
  if (cte.column_aliases.size() > binding.names.size()) {
    throw BinderError(fmt::format("WITH query \"{}\" has {} columns but {} names were given",
                                  cte.name, binding.names.size(), cte.column_aliases.size()));
  }
  for (size_t i = 0; i < cte.column_aliases.size(); i++) binding.names[i] = cte.column_aliases[i];
  RenameColumns(ref, binding);
  scope.bindings.push_back(std::move(binding));
  // Planned into this use or materialized for all: the optimizer decides, once it has
  // seen every use (MaterializeCtes).
  auto scan = std::make_unique<LogicalCteScan>();
  scan->cte = with.definition;
  scan->types = bound.plan->types;
  scan->children.push_back(std::move(bound.plan));
  return scan;
}

LogicalOperatorPtr Binder::BindTableRef(const TableRef& ref, Scope& scope, bool without_sample) {
  if (ref.sample && !without_sample) {
    return ApplySample(BindTableRef(ref, scope, /*without_sample=*/true), *ref.sample);
  }
  CheckStackDepth("a FROM clause");
  idx_t offset = 0;
  for (const auto& b : scope.bindings) offset += b.names.size();
  // (Small lambdas: this frame is on the stack once per view of a chain of views.)
  auto rename = [&](Binding& binding) { RenameColumns(ref, binding); };
  auto add_rows = [&](const std::string& name, std::vector<std::string> names,
                      std::vector<LogicalType> types) {
    AddRowsBinding(ref, scope.bindings, offset, name, std::move(names), std::move(types));
  };
  switch (ref.kind) {
    case TableRefKind::kBase: {
      // In the recursive part of a WITH RECURSIVE query, its name is the working table.
      // recurring.name is every row so far (with USING KEY, the rows kept so far).
      const bool recurring = SameName(ref.schema, "recurring");
      if (ref.schema.empty() || recurring) {
        for (auto it = recursive_ctes_.rbegin(); it != recursive_ctes_.rend(); ++it) {
          if (!SameName(it->name, ref.name)) continue;
          Binding binding;
          binding.alias = ref.alias.empty() ? it->name : ref.alias;
          binding.offset = offset;
          binding.names = it->names;
          binding.types = recurring ? it->recurring_types : it->types;
          rename(binding);
          auto scan = std::make_unique<LogicalRecursiveScan>();
          scan->definition = recurring ? it->definition->recurring : it->definition;
          scan->types = binding.types;
          scope.bindings.push_back(std::move(binding));
          return scan;
        }
      }
      // A WITH name hides a table of the same name; the innermost WITH wins.
      if (ref.schema.empty()) {
        for (size_t i = ctes_.size(); i-- > 0;) {
          if (SameName(ctes_[i].syntax.name, ref.name))
            return BindWithQueryItem(ref, i, scope, offset);
        }
      }
      // A trigger body's transition tables (planner/trigger_firing.hpp).
      if (ref.schema.empty() && options_.transition_tables) {
        for (const TransitionRelation& relation : *options_.transition_tables) {
          if (!SameName(relation.name, ref.name)) continue;
          auto scan = std::make_unique<LogicalChunkScan>();
          scan->name = relation.name;
          scan->rows = relation.rows;
          scan->types = relation.types;
          add_rows(relation.name, relation.names, relation.types);
          return scan;
        }
      }
      // PostgreSQL's system catalogs: pg_catalog.pg_class, or pg_class unqualified, which
      // PostgreSQL looks up in pg_catalog before the path's schemas (only the connection's
      // temporary tables come first).
      const bool in_pg_catalog = Catalog::Key(ref.schema) == "pg_catalog";
      if (in_pg_catalog && !IsPgCatalogName(Catalog::Key(ref.name))) {
        throw CatalogError(fmt::format(
            "Table with name {} does not exist! (pg_catalog has pg_class, pg_namespace, "
            "pg_attribute, pg_type, … only)",
            QuoteQualifiedName(ref.schema, ref.name)));
      }
      if ((in_pg_catalog || ref.schema.empty()) && IsPgCatalogName(Catalog::Key(ref.name)) &&
          (in_pg_catalog || !(catalogs_.temp && (catalogs_.temp->FindTable(ref.name) ||
                                                 catalogs_.temp->FindView(ref.name))))) {
        std::vector<std::string> names;
        std::vector<LogicalType> types;
        auto listing = BindPgCatalog(Catalog::Key(ref.name), names, types);
        add_rows(ref.name, std::move(names), std::move(types));
        return listing;
      }
      if (Catalog::Key(ref.schema) == "information_schema") {
        std::vector<std::string> names;
        std::vector<LogicalType> types;
        if (auto listing =
                BindCatalogListing("information_schema." + Catalog::Key(ref.name), names, types)) {
          add_rows(ref.name, std::move(names), std::move(types));
          return listing;
        }
      }
      const CatalogSearch::Place place = catalogs_.Relation(ref.schema, ref.name);
      // How a column reference may qualify the table: DuckDB's temp.main.t is temp.t here.
      const std::string schema_alias = place.temporary ? "temp" : std::string(kMainSchemaName);
      if (auto view = place.catalog->FindView(place.name)) {
        relations_read_->emplace_back(place.catalog, place.name);
        BoundStatement bound = BindView(*view, place.catalog);
        Binding binding;
        binding.alias = ref.alias.empty() ? view->name : ref.alias;
        if (ref.alias.empty()) binding.schema = view->schema.empty() ? schema_alias : view->schema;
        binding.offset = offset;
        binding.names = bound.names;
        binding.types = bound.types;
        rename(binding);
        scope.bindings.push_back(std::move(binding));
        return std::move(bound.plan);
      }
      // DuckDB's system views: duckdb_tables and the others without parentheses, and
      // sqlite_master.
      if (ref.schema.empty() &&
          (Catalog::Key(ref.name).starts_with("duckdb_") ||
           Catalog::Key(ref.name).starts_with("sqlite_") ||
           Catalog::Key(ref.name) == "pragma_database_list") &&
          !place.catalog->FindTable(place.name)) {
        std::vector<std::string> names;
        std::vector<LogicalType> types;
        if (auto listing = BindCatalogListing(Catalog::Key(ref.name), names, types)) {
          add_rows(ref.name, std::move(names), std::move(types));
          return listing;
        }
      }
      if (ref.schema.empty() && !place.catalog->FindTable(place.name)) {
        for (const std::string& name : ctes_in_progress_) {
          if (!SameName(name, ref.name)) continue;
          throw BinderError(fmt::format(
              "Circular reference to CTE \"{}\": a WITH query reads itself only when the WITH "
              "is WITH RECURSIVE",
              name));
        }
      }
      auto table = place.catalog->GetTable(place.name);
      relations_read_->emplace_back(place.catalog, place.name);
      Binding binding;
      binding.alias = ref.alias.empty() ? table->name : ref.alias;
      if (ref.alias.empty()) binding.schema = table->schema.empty() ? schema_alias : table->schema;
      binding.offset = offset;
      auto get = std::make_unique<LogicalGet>();
      get->table = table;
      for (idx_t i = 0; i < table->columns.size(); i++) {
        get->column_ids.push_back(i);
        get->types.push_back(table->columns[i].type);
        binding.names.push_back(table->columns[i].name);
        binding.types.push_back(table->columns[i].type);
      }
      if (table->ColumnIndex(kRowIdName) == kInvalidIndex) {
        get->column_ids.push_back(kRowIdColumn);
        get->types.push_back(TypeId::kBigInt);
        binding.names.push_back(kRowIdName);
        binding.types.push_back(TypeId::kBigInt);
        binding.hidden = 1;
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
    case TableRefKind::kTableFunction:
      return BindTableFunctionItem(ref, scope, offset);
    case TableRefKind::kSubquery: {
      Binder child = Child(/*same_level=*/false);
      // Inside a subquery, a derived table may read the enclosing queries' columns; right
      // of a join, also those of the FROM items left of it (bind_lateral.cpp).
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
      if (auto plan = BindCommaLateral(ref, scope, offset)) return plan;
      const bool merging = ref.natural || !ref.using_columns.empty();
      std::vector<std::pair<idx_t, idx_t>> merged_pairs;
      const bool semi_or_anti =
          ref.join_type == JoinType::kSemi || ref.join_type == JoinType::kAnti;
      auto join = std::make_unique<LogicalJoin>();
      join->join_type = ref.join_type;
      const size_t left_first = scope.bindings.size();
      auto left = BindTableRef(*ref.left, scope);
      const size_t right_first = scope.bindings.size();
      LogicalOperatorPtr right;
      if (MayBeLateral(*ref.right) && ref.join_type != JoinType::kSemi &&
          ref.join_type != JoinType::kAnti && ref.join_type != JoinType::kAsOf &&
          ref.join_type != JoinType::kPositional) {
        std::vector<ExpressionPtr> outer_values;
        right = BindLateralItem(*ref.right, scope, left_first, offset, outer_values);
        if (!outer_values.empty()) {
          return BindLateralJoin(ref, scope, std::move(left), std::move(right),
                                 std::move(outer_values), left_first, offset);
        }
      } else {
        right = BindTableRef(*ref.right, scope);
      }
      if (merging) {
        join->condition =
            BindUsing(ref, scope, left_first, right_first, semi_or_anti ? nullptr : &merged_pairs);
        if (!join->condition) {
          // NATURAL without a common column: every pair of rows.
          if (join->join_type == JoinType::kInner) join->join_type = JoinType::kCross;
          if (join->join_type != JoinType::kCross)
            join->condition = MakeConstant(Value::Boolean(true));
        }
        if (join->condition) LocalizeJoinCondition(*join->condition, offset, ref);
      }
      join->types = left->types;
      join->types.insert(join->types.end(), right->types.begin(), right->types.end());
      join->children.push_back(std::move(left));
      join->children.push_back(std::move(right));
      if (ref.condition) join->condition = BindJoinCondition(ref, scope, left_first, offset);
      if (ref.join_type == JoinType::kAsOf) {
        join->asof_kind = ref.asof_kind;
        if (merging) UsingAsOfInequality(*join);
        const AsOfCondition parts =
            SplitAsOfCondition(*join->condition, join->children[0]->types.size());
        if (parts.residual &&
            (ref.asof_kind == JoinType::kRight || ref.asof_kind == JoinType::kFull)) {
          // which right rows count as unmatched is not clear-cut then; DuckDB's words
          throw NotImplementedError(
              fmt::format("Unsupported ASOF JOIN type ({}) with arbitrary predicate",
                          ref.asof_kind == JoinType::kRight ? "RIGHT" : "FULL"));
        }
      }
      if (semi_or_anti) {
        // Only the left side's rows come out; the right side's names end with the join.
        scope.bindings.resize(right_first);
        join->types = join->children[0]->types;
      }
      if (!merged_pairs.empty()) {
        const JoinType join_type =
            join->join_type == JoinType::kAsOf ? join->asof_kind : join->join_type;
        return BindMergedColumns(std::move(join), join_type, scope, left_first, offset,
                                 merged_pairs);
      }
      return join;
    }
  }
  throw InternalError("unknown table reference kind");
}

LogicalOperatorPtr Binder::BindQueryFunction(const TableRef& ref, Scope& scope) {
  const ParsedExpression& call = *ref.function;
  if (call.children.size() != 1 || call.star || call.distinct) {
    throw BinderError(
        fmt::format("query takes one argument, the text of a query: {}", call.ToString()));
  }
  const Value text = BindConstant(*call.children[0], "the text of query()");
  if (text.IsNull()) throw ParserError("query() cannot parse NULL: it takes the text of a query");
  if (text.Type().Id() != TypeId::kVarchar) {
    throw BinderError(fmt::format(
        "the argument of query() must be a string, the text of a query: {}", call.ToString()));
  }
  auto statements = ParseSql(text.GetString(), options_.max_expression_depth);
  if (statements.size() != 1 || statements[0]->type != StatementType::kSelect) {
    throw ParserError(fmt::format(
        "Expected a single SELECT statement: query() takes the text of one (or FROM …, VALUES "
        "…); it has {}",
        statements.size() == 1
            ? "a " + std::string(StatementTypeName(statements[0]->type)) + " statement"
            : std::to_string(statements.size()) + " statements"));
  }
  if (statements[0]->parameter_count > 0) {
    throw BinderError("the query of query() cannot have parameters ($1, ?)");
  }
  // DuckDB's query('…'): the rows of the query, as a subquery in FROM named query.
  TableRef subquery;
  subquery.kind = TableRefKind::kSubquery;
  subquery.subquery.reset(static_cast<SelectStatement*>(statements[0].release()));
  subquery.alias = ref.alias.empty() ? "query" : ref.alias;
  subquery.column_aliases = ref.column_aliases;
  return BindTableRef(subquery, scope);
}

LogicalOperatorPtr Binder::BindQueryTable(const TableRef& ref, Scope& scope) {
  // DuckDB's query_table(name | [name, …] [, by_name]): the rows of the tables, one after
  // the other (UNION ALL [BY NAME]). A name is text or, written bare, taken as text.
  const ParsedExpression& call = *ref.function;
  std::vector<Value> arguments;
  for (const auto& child : call.children) {
    if (!child->argument_name.empty()) {
      throw BinderError(fmt::format("query_table takes no named arguments: {}", call.ToString()));
    }
    arguments.push_back(BindConstant(*child, "an argument of query_table"));
  }
  const auto no_match = [&]() {
    std::string types;
    for (const Value& v : arguments) types += (types.empty() ? "" : ", ") + v.Type().ToString();
    return BinderError(fmt::format(
        "No function matches the given name and argument types 'query_table({})'. It takes a "
        "table's name, or a list of them and optionally by_name (BOOLEAN)",
        types));
  };
  if (arguments.empty() || arguments.size() > 2) throw no_match();
  if (arguments[0].IsNull()) {
    throw BinderError("Cannot use NULL as argument of query_table: it takes a table's name");
  }
  const bool list = arguments[0].Type().Id() == TypeId::kList &&
                    (arguments[0].Type().ListChild().Id() == TypeId::kVarchar ||
                     arguments[0].Type().ListChild().Id() == TypeId::kSqlNull);
  if (!list && arguments[0].Type().Id() != TypeId::kVarchar) throw no_match();
  if (arguments.size() == 2 && (!list || arguments[1].Type().Id() != TypeId::kBoolean)) {
    throw no_match();
  }
  const bool by_name =
      arguments.size() == 2 && !arguments[1].IsNull() && arguments[1].GetStored<bool>();
  const std::vector<Value> names = list ? arguments[0].GetList() : std::vector<Value>{arguments[0]};
  if (names.empty()) {
    throw BinderError("Expected a table or a list with tables as input (query_table([]))");
  }
  std::unique_ptr<SelectStatement> query;
  for (const Value& name : names) {
    if (name.IsNull()) {
      throw BinderError("Cannot use NULL as a table's name in query_table");
    }
    std::vector<std::string> parts = NameTextParts(name.GetString());
    if (parts.empty() || parts.size() > 3 ||
        std::any_of(parts.begin(), parts.end(), [](const std::string& p) { return p.empty(); })) {
      throw ParserError(fmt::format("syntax error in the table name {} of query_table",
                                    QuoteLiteral(name.GetString())));
    }
    auto from = std::make_unique<TableRef>();
    from->name = parts.back();
    parts.pop_back();
    for (const auto& part : parts) from->schema += (from->schema.empty() ? "" : ".") + part;
    auto select = std::make_unique<SelectStatement>();
    select->select_list.push_back(std::make_unique<ParsedExpression>(ExprKind::kStar));
    select->from = std::move(from);
    if (!query) {
      query = std::move(select);
      continue;
    }
    auto both = std::make_unique<SelectStatement>();
    both->set_operation = SetOperation::kUnion;
    both->set_all = true;
    both->set_by_name = by_name;
    both->set_left = std::move(query);
    both->set_right = std::move(select);
    query = std::move(both);
  }
  TableRef subquery;
  subquery.kind = TableRefKind::kSubquery;
  subquery.subquery = std::move(query);
  subquery.alias = ref.alias.empty() ? "query_table" : ref.alias;
  subquery.column_aliases = ref.column_aliases;
  names_as_strings_ = false;  // the tables' own names are read as names
  return BindTableRef(subquery, scope);
}

LogicalOperatorPtr Binder::BindTableFunctionItem(const TableRef& ref, Scope& scope, idx_t offset) {
  auto rename = [&](Binding& binding) { RenameColumns(ref, binding); };
  auto add_rows = [&](const std::string& name, std::vector<std::string> names,
                      std::vector<LogicalType> types) {
    AddRowsBinding(ref, scope.bindings, offset, name, std::move(names), std::move(types));
  };
  if (auto macro = MacroCalled(*ref.function, /*table=*/true)) {
    if (!macro->table) {
      throw BinderError(fmt::format(
          "macro \"{}\" is a scalar macro, not a table (it is a scalar function but it was used "
          "as a table function): {}",
          macro->name, ref.function->ToString()));
    }
    // The expanded query, as a subquery in FROM named after the macro.
    TableRef subquery;
    subquery.kind = TableRefKind::kSubquery;
    subquery.subquery = ExpandMacro(*macro, *ref.function, scope);
    subquery.alias = ref.alias.empty() ? ref.function->name : ref.alias;
    subquery.column_aliases = ref.column_aliases;
    macros_in_progress_.push_back(macro->name);
    struct Pop {
      std::vector<std::string>& list;
      ~Pop() { list.pop_back(); }
    } pop{macros_in_progress_};
    return BindTableRef(subquery, scope);
  }
  if (ref.function->name == "query") return BindQueryFunction(ref, scope);
  if (ref.function->name == kSummarizeFunction) return BindSummarize(ref, scope);
  struct NamesAsStrings {
    bool& flag;
    bool saved;
    ~NamesAsStrings() { flag = saved; }
  } names_as_strings{names_as_strings_, names_as_strings_};
  names_as_strings_ = true;
  if (ref.function->name == "query_table") return BindQueryTable(ref, scope);
  if (ref.function->name == "repeat_row") {
    // DuckDB's repeat_row(v, …, num_rows = n): n rows of the values, as
    // (SELECT v AS column0, … FROM range(n)) AS repeat_row with each v computed once.
    auto query = std::make_unique<SelectStatement>();
    ParsedExpressionPtr rows;
    for (const auto& child : ref.function->children) {
      const auto [name, argument] = NamedArgument(*child);
      if (name == "num_rows") {
        rows = argument->Copy();
        rows->argument_name.clear();
        continue;
      }
      if (!name.empty()) {
        throw BinderError(fmt::format("repeat_row takes no argument named {}: {}", name,
                                      ref.function->ToString()));
      }
      // Each value once, as a table function's arguments are: random() repeats one number.
      auto value = std::make_unique<ParsedExpression>(ExprKind::kConstant);
      value->value = BindConstant(*argument, "a value of repeat_row");
      value->alias = "column" + std::to_string(query->select_list.size());
      query->select_list.push_back(std::move(value));
    }
    if (!rows) {
      throw BinderError(fmt::format("repeat_row requires num_rows to be specified: {}",
                                    ref.function->ToString()));
    }
    if (query->select_list.empty()) {
      throw BinderError(fmt::format("repeat_row requires at least one value to repeat: {}",
                                    ref.function->ToString()));
    }
    const Value count = BindConstant(*rows, "num_rows of repeat_row");
    Value as_count;
    if (count.IsNull() || !count.TryCastAs(LogicalType(TypeId::kBigInt), as_count) ||
        as_count.GetStored<int64_t>() < 0) {
      throw BinderError(fmt::format(
          "num_rows of repeat_row must be a count of rows (0 or more), not {}", count.ToString()));
    }
    auto range = std::make_unique<ParsedExpression>(ExprKind::kFunction);
    range->name = "range";
    range->builtin = true;
    range->children.push_back(std::move(rows));
    query->from = std::make_unique<TableRef>();
    query->from->kind = TableRefKind::kTableFunction;
    query->from->function = std::move(range);
    TableRef subquery;
    subquery.kind = TableRefKind::kSubquery;
    subquery.subquery = std::move(query);
    subquery.alias = ref.alias.empty() ? "repeat_row" : ref.alias;
    subquery.column_aliases = ref.column_aliases;
    return BindTableRef(subquery, scope);
  }
  {
    std::vector<std::string> names;
    std::vector<LogicalType> types;
    LogicalOperatorPtr listing;
    if (ref.function->name == kDescribeFunction) {
      const auto& args = ref.function->children;
      const bool query = args.size() >= 3 && args[2]->kind == ExprKind::kConstant;
      if ((args.size() != 2 && !query) || args[0]->kind != ExprKind::kConstant ||
          args[1]->kind != ExprKind::kConstant) {
        throw InternalError("DESCRIBE without its (schema, name) or ('', '', query)");
      }
      listing = query ? BindDescribeQuery(args[2]->value.GetString(), names, types)
                      : BindDescribe(args[0]->value.GetString(), args[1]->value.GetString(), names,
                                     types);
    } else if (ref.function->name == "pragma_table_info") {
      if (ref.function->children.size() != 1) {
        throw BinderError("pragma_table_info takes the name of a table or view");
      }
      const Value target = BindConstant(*ref.function->children[0], "pragma_table_info");
      if (target.IsNull() || target.Type().Id() != TypeId::kVarchar) {
        throw BinderError("pragma_table_info takes the name of a table or view, as a string");
      }
      // [schema.]name, read as PostgreSQL reads a name in text ('"a.b"' is one name)
      const std::vector<std::string> parts = NameTextParts(target.GetString());
      if (parts.empty() || parts.size() > 2) {
        throw CatalogError(fmt::format("Table with name {} does not exist!", target.GetString()));
      }
      listing = BindTableInfo(parts.size() == 2 ? parts[0] : "", parts.back(), names, types);
    } else if (ref.function->name == "pragma_storage_info") {
      listing = BindStorageInfo(*ref.function, names, types);
    } else {
      listing = BindCatalogListing(ref.function->name, names, types);
    }
    if (listing) {
      if (ref.function->name != kDescribeFunction && ref.function->name != "pragma_table_info" &&
          ref.function->name != "pragma_storage_info" && !ref.function->children.empty()) {
        throw BinderError(fmt::format("{}() takes no arguments", ref.function->name));
      }
      add_rows(ref.function->name, std::move(names), std::move(types));
      return listing;
    }
  }
  const bool whole_files = ref.function->name == "read_text" || ref.function->name == "read_blob";
  const bool reads_files =
      whole_files || ref.function->name == "glob" || ref.function->name == "read_csv" ||
      ref.function->name == "read_csv_auto" || ref.function->name == "sniff_csv";
  if (reads_files && !options_.external_access) RefuseExternalAccess(ref.function->name);
  if (ref.function->name == "test_all_types") {
    bool large_enum = false;
    for (const auto& child : ref.function->children) {
      const auto [name, argument] = NamedArgument(*child);
      const Value value = BindConstant(*argument, "an argument of test_all_types");
      Value flag;
      if (name != "use_large_enum" && name != "use_large_bignum") {
        throw BinderError(
            fmt::format("test_all_types takes use_large_enum := and use_large_bignum := only: {}",
                        ref.function->ToString()));
      }
      if (value.IsNull() || !value.TryCastAs(LogicalType(TypeId::kBoolean), flag)) {
        throw BinderError(fmt::format("{} of test_all_types must be true or false: {}", name,
                                      ref.function->ToString()));
      }
      if (name == "use_large_bignum" && flag.GetStored<bool>()) {
        throw NotImplementedError(
            "test_all_types(use_large_bignum := true): DuckDB's largest BIGNUM (16 MB of digits)");
      }
      if (name == "use_large_enum") large_enum = flag.GetStored<bool>();
    }
    AllTypesTable table = TestAllTypes(large_enum);
    add_rows("test_all_types", std::move(table.names), table.types);
    return ConstantTable(table.types, std::move(table.rows));
  }
  if (ref.function->name == "test_vector_types") {
    std::vector<LogicalType> types;
    for (const auto& child : ref.function->children) {
      const auto [name, argument] = NamedArgument(*child);
      const Value value = BindConstant(*argument, "an argument of test_vector_types");
      if (name.empty()) {
        types.push_back(value.Type());
        continue;
      }
      Value flag;
      if (name != "all_flat") {
        throw BinderError(
            fmt::format("test_vector_types takes all_flat := only: {}", ref.function->ToString()));
      }
      if (value.IsNull()) {  // DuckDB's words
        throw InvalidInputError("Cannot use NULL as argument for all_flat");
      }
      if (!value.TryCastAs(LogicalType(TypeId::kBoolean), flag)) {
        throw BinderError(fmt::format("all_flat of test_vector_types must be true or false: {}",
                                      ref.function->ToString()));
      }
      // Teal's vectors are of one layout whatever the flag says: the rows are the same.
    }
    if (types.empty()) {
      throw BinderError(
          fmt::format("test_vector_types needs at least one value, of the type of "
                      "a column: {}",
                      ref.function->ToString()));
    }
    auto rows = TestVectorRows(types);
    add_rows("test_vector_types", TestVectorNames(types.size()), types);
    return ConstantTable(types, std::move(rows));
  }
  if (ref.function->name == "glob") {
    // DuckDB's glob(pattern): the files a pattern names (GlobFiles), one row each.
    if (ref.function->children.size() != 1 || ref.function->star) {
      throw BinderError(fmt::format("glob takes one path pattern: {}", ref.function->ToString()));
    }
    const Value pattern = BindConstant(*ref.function->children[0], "the pattern of glob");
    if (pattern.IsNull() || pattern.Type().Id() != TypeId::kVarchar) {
      throw BinderError(
          fmt::format("the pattern of glob must be a string: {}", ref.function->ToString()));
    }
    std::vector<std::vector<Value>> rows;
    for (auto& file : GlobFiles(pattern.GetString())) rows.push_back({Value::Varchar(file)});
    add_rows("glob", {"file"}, {LogicalType(TypeId::kVarchar)});
    return ConstantTable({LogicalType(TypeId::kVarchar)}, std::move(rows));
  }
  if (whole_files || ref.function->name == "read_csv" || ref.function->name == "read_csv_auto" ||
      ref.function->name == "sniff_csv") {
    std::vector<std::string> names;
    std::vector<LogicalType> types;
    auto scan = whole_files ? BindReadFile(*ref.function, names, types)
                            : BindReadCsv(*ref.function, names, types);
    add_rows(ref.function->name, std::move(names), std::move(types));
    return scan;
  }
  if (ref.function->name == "duckdb_variables") {
    if (!ref.function->children.empty()) throw BinderError("duckdb_variables() takes no arguments");
    // The connection's variables by name: the value as text, and its type.
    needs_parameter_values_ = true;  // a prepared statement lists them as they are then
    std::vector<std::vector<Value>> rows;
    if (options_.variables) {
      for (const auto& [name, value] : *options_.variables) {
        rows.push_back({Value::Varchar(name),
                        value.IsNull() ? Value(LogicalType(TypeId::kVarchar))
                                       : Value::Varchar(value.ToString()),
                        Value::Varchar(value.Type().ToString())});
      }
    }
    const std::vector<LogicalType> types(3, LogicalType(TypeId::kVarchar));
    add_rows("duckdb_variables", {"name", "value", "type"}, types);
    return ConstantTable(types, std::move(rows));
  }
  // duckdb_settings(): DuckDB's name for the listing.
  if (ref.function->name == "teal_settings" || ref.function->name == "duckdb_settings") {
    if (!ref.function->children.empty()) {
      throw BinderError(fmt::format("{}() takes no arguments", ref.function->name));
    }
    auto settings = BindSettingsTable();
    add_rows(ref.function->name, {"name", "value", "description", "input_type"},
             std::vector<LogicalType>(4, LogicalType(TypeId::kVarchar)));
    return settings;
  }
  // range / generate_series over columns (of the FROM items left of it, or of an
  // enclosing query): the list function of the same name, unnested.
  ParsedExpressionPtr unnested_range;
  const std::string& function = ref.function->name;
  if (function == "range" || function == "generate_series") {
    std::vector<const ParsedExpression*> columns;
    if (!CollectColumnRefs(*ref.function, columns) || !columns.empty()) {
      unnested_range = std::make_unique<ParsedExpression>(ExprKind::kFunction);
      unnested_range->name = "unnest";
      unnested_range->builtin = true;
      unnested_range->children.push_back(ref.function->Copy());
    }
  } else if (function == "regexp_split_to_table") {
    // PostgreSQL's set-returning function: the pieces of string_split_regex, unnested.
    unnested_range = std::make_unique<ParsedExpression>(ExprKind::kFunction);
    unnested_range->name = "unnest";
    unnested_range->builtin = true;
    unnested_range->children.push_back(ref.function->Copy());
    unnested_range->children.back()->name = "string_split_regex";
    unnested_range->children.back()->builtin = true;
  }
  if (function == "unnest" || unnested_range) {
    // Over one row with no columns; its list may read the columns of an enclosing
    // query (a correlated subquery) and, right of a join, of the FROM items left of
    // it (bind_lateral.cpp).
    Scope argument_scope;
    argument_scope.outer = scope.outer;
    argument_scope.correlated = scope.correlated;
    argument_scope.clause = fmt::format("the argument of {}() in FROM", function);
    auto unnest = std::make_unique<LogicalUnnest>();
    unnest->lists.push_back(
        BindUnnestList(unnested_range ? *unnested_range : *ref.function, argument_scope));
    unnest->types = {unnest->lists[0]->type.ListChild()};
    unnest->children.push_back(std::make_unique<LogicalDummyScan>());
    Binding binding = FunctionColumnBinding(ref, function, offset);
    binding.types = unnest->types;
    rename(binding);
    scope.bindings.push_back(std::move(binding));
    return unnest;
  }
  // (In bind_table_function.cpp: this function's frame is on the stack once per view
  // of a chain of views.)
  auto rows = function == "repeat" ? BindRepeat(*ref.function) : BindRange(*ref.function);
  Binding binding = FunctionColumnBinding(ref, function, offset);
  binding.types = rows->types;
  rename(binding);
  scope.bindings.push_back(std::move(binding));
  return rows;
}

}  // namespace teal
