// Transformer: DDL — CREATE TABLE / VIEW / TABLE AS / INDEX / SEQUENCE / TYPE … AS ENUM,
// ALTER TABLE, RENAME and DROP.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "catalog/qualified_name.hpp"
#include "parser/identifier.hpp"
#include "parser/rewrites.hpp"
#include "parser/transformer/transformer_internal.hpp"

namespace teal::transformer {

std::unique_ptr<CreateViewStatement> Transformer::CreateView(const PgQuery__ViewStmt& s) {
  if (s.n_options) throw NotImplementedError("options on CREATE VIEW");
  if (s.with_check_option != PG_QUERY__VIEW_CHECK_OPTION__NO_CHECK_OPTION) {
    throw NotImplementedError("WITH CHECK OPTION");
  }
  auto view = std::make_unique<CreateViewStatement>();
  BaseTableRef name = CreatedName(*s.view);
  view->schema = name.schema;
  view->name = name.name;
  view->or_replace = s.replace;
  for (size_t i = 0; i < s.n_aliases; i++) view->column_names.push_back(StringOf(s.aliases[i]));
  if (s.query->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
    throw NotImplementedError("a view over a statement other than SELECT");
  }
  view->query = std::shared_ptr<SelectStatement>(Select(*s.query->select_stmt));
  view->query_text = QueryTextAfterAs();
  // CREATE RECURSIVE VIEW v (a, b) AS q: PostgreSQL's grammar has made the query
  // WITH RECURSIVE v (a, b) AS (q) SELECT a, b FROM v; the stored text, which is what the
  // view is bound from, must say so too (the text after AS is q alone).
  const PgQuery__WithClause* with = s.query->select_stmt->with_clause;
  if (with && with->recursive && with->n_ctes == 1 &&
      std::string_view(with->ctes[0]->common_table_expr->ctename) == s.view->relname &&
      !Lower(view->query_text).starts_with("with")) {
    std::string columns;
    for (const auto& column : view->column_names) {
      columns += (columns.empty() ? "" : ", ") + QuoteIdentifier(column);
    }
    const std::string name = QuoteIdentifier(view->name);
    view->query_text = "WITH RECURSIVE " + name + " (" + columns + ") AS (" + view->query_text +
                       "\n) SELECT " + columns + " FROM " + name;
  }
  return view;
}

std::unique_ptr<CreateTableAsStatement> Transformer::CreateTableAs(
    const PgQuery__CreateTableAsStmt& s) {
  if (s.objtype != PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) {
    throw NotImplementedError("CREATE MATERIALIZED VIEW");
  }
  if (s.is_select_into)
    throw NotImplementedError("SELECT INTO not supported: use CREATE TABLE … AS SELECT");
  auto create = std::make_unique<CreateTableAsStatement>();
  BaseTableRef name = CreatedName(*s.into->rel, s.into->on_commit);
  create->schema = name.schema;
  create->name = name.name;
  create->if_not_exists = s.if_not_exists;
  create->with_data = !s.into->skip_data;
  for (size_t i = 0; i < s.into->n_col_names; i++) {
    create->column_names.push_back(StringOf(s.into->col_names[i]));
  }
  if (s.query->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
    throw ParserError("CREATE TABLE AS requires a SELECT clause (a query, not another statement)");
  }
  create->query = Select(*s.query->select_stmt);
  return create;
}

std::string Transformer::QueryTextAfterAs() {
  std::string lower = Lower(sql_);
  int depth = 0;
  bool quoted = false;
  for (size_t i = 0; i + 2 <= lower.size(); i++) {
    char ch = lower[i];
    if (ch == '\'' || ch == '"') quoted = !quoted;
    if (quoted) continue;
    if (ch == '(') depth++;
    if (ch == ')') depth--;
    bool word_start =
        i == 0 || !(std::isalnum(static_cast<unsigned char>(lower[i - 1])) || lower[i - 1] == '_');
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

BaseTableRef Transformer::CreatedName(const PgQuery__RangeVar& relation,
                                      PgQuery__OnCommitAction on_commit) {
  BaseTableRef name = Table(relation);
  const std::string schema = Lower(name.schema);
  if (relation.relpersistence && relation.relpersistence[0] == 't') {
    // main is the temporary objects' own schema (DuckDB's temp.main).
    if (!schema.empty() && schema != "temp" && schema != "pg_temp" && schema != "main") {
      throw BinderError(fmt::format(
          "a temporary object can only be in the schema temp, not \"{}\" (CREATE TEMP … {}.{})",
          name.schema, name.schema, name.name));
    }
    name.schema = "temp";
  } else if (schema == "temp") {
    throw ParserError(fmt::format(
        "Only TEMPORARY objects can be created in the schema temp: CREATE TEMP … {}", name.name));
  }
  if (on_commit == PG_QUERY__ON_COMMIT_ACTION__ONCOMMIT_DELETE_ROWS ||
      on_commit == PG_QUERY__ON_COMMIT_ACTION__ONCOMMIT_DROP) {
    throw NotImplementedError(
        "ON COMMIT DELETE ROWS and ON COMMIT DROP: a temporary table keeps its rows until its "
        "connection closes (ON COMMIT PRESERVE ROWS)");
  }
  return name;
}

std::unique_ptr<CreateTableStatement> Transformer::CreateTable(const PgQuery__CreateStmt& s) {
  if (s.n_inh_relations) throw NotImplementedError("INHERITS");
  if (s.partspec || s.partbound) throw NotImplementedError("partitioned tables");
  auto create = std::make_unique<CreateTableStatement>();
  BaseTableRef table = CreatedName(*s.relation, s.oncommit);
  create->schema = table.schema;
  create->name = table.name;
  create->if_not_exists = s.if_not_exists;
  for (size_t i = 0; i < s.n_table_elts; i++) {
    const Node* element = s.table_elts[i];
    if (element->node_case == PG_QUERY__NODE__NODE_CONSTRAINT) {
      if (element->constraint->contype == PG_QUERY__CONSTR_TYPE__CONSTR_CHECK) {
        create->checks.push_back(Check(*element->constraint));
      } else if (element->constraint->contype == PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN) {
        create->foreign_keys.push_back(ForeignKey(*element->constraint, ""));
      } else {
        create->constraints.push_back(Unique(*element->constraint, ""));
      }
      continue;
    }
    if (element->node_case != PG_QUERY__NODE__NODE_COLUMN_DEF) {
      throw NotImplementedError("this kind of table element");
    }
    create->columns.push_back(
        Column(*element->column_def, create->constraints, &create->checks, &create->foreign_keys));
  }
  return create;
}

CheckConstraintSyntax Transformer::Check(const PgQuery__Constraint& c) {
  if (c.is_no_inherit) throw NotImplementedError("CHECK … NO INHERIT");
  if (c.skip_validation) throw NotImplementedError("CHECK … NOT VALID");
  if (c.deferrable) throw NotImplementedError("DEFERRABLE constraints");
  CheckConstraintSyntax check;
  check.name = c.conname ? c.conname : "";
  check.expression = Expr(c.raw_expr);
  return check;
}

UniqueConstraintSyntax Transformer::Unique(const PgQuery__Constraint& c,
                                           const std::string& column) {
  switch (c.contype) {
    case PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY:
    case PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE:
      break;
    case PG_QUERY__CONSTR_TYPE__CONSTR_CHECK:
      throw NotImplementedError("CHECK constraints");
    case PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN:
      throw NotImplementedError("ALTER TABLE … ADD FOREIGN KEY");
    default:
      throw NotImplementedError("this table constraint");
  }
  if (c.nulls_not_distinct) throw NotImplementedError("UNIQUE NULLS NOT DISTINCT");
  if (c.n_including) throw NotImplementedError("INCLUDE in a constraint");
  if (c.where_clause) throw NotImplementedError("a constraint with WHERE");
  if (c.deferrable) throw NotImplementedError("DEFERRABLE constraints");
  if (c.indexname && *c.indexname) {
    // PostgreSQL's ALTER TABLE … ADD CONSTRAINT … USING INDEX (CREATE TABLE refuses it): the
    // index gives the columns, which Teal would otherwise not know.
    throw NotImplementedError(fmt::format(
        "{} USING INDEX is not supported (a constraint over an existing index): name the "
        "columns instead",
        c.contype == PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY ? "PRIMARY KEY" : "UNIQUE"));
  }
  UniqueConstraintSyntax unique;
  unique.primary = c.contype == PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY;
  unique.name = c.conname ? c.conname : "";
  if (!column.empty()) {
    unique.columns.push_back(column);
  } else {
    for (size_t i = 0; i < c.n_keys; i++) unique.columns.push_back(StringOf(c.keys[i]));
  }
  if (unique.columns.empty()) {
    throw ParserError(fmt::format("a {} constraint needs at least one column",
                                  unique.primary ? "PRIMARY KEY" : "UNIQUE"));
  }
  return unique;
}

std::unique_ptr<CreateIndexStatement> Transformer::CreateIndex(const PgQuery__IndexStmt& s) {
  if (s.where_clause) throw NotImplementedError("partial indexes (CREATE INDEX … WHERE)");
  if (s.n_index_including_params) throw NotImplementedError("CREATE INDEX … INCLUDE");
  if (s.nulls_not_distinct) throw NotImplementedError("UNIQUE NULLS NOT DISTINCT");
  if (s.concurrent) throw NotImplementedError("CREATE INDEX CONCURRENTLY");
  std::string method = s.access_method ? Lower(s.access_method) : "";
  if (!method.empty() && method != "btree" && method != "art") {
    // PostgreSQL's other methods are not built; any other name is no method at all.
    for (const char* known : {"hash", "gist", "gin", "spgist", "brin"}) {
      if (method == known) {
        throw NotImplementedError(
            fmt::format("index method \"{}\" (Teal's indexes are ART)", method));
      }
    }
    throw BinderError(fmt::format(
        "Unknown index type \"{}\": Teal's index is the ART (USING art, or btree)", method));
  }
  if (!s.idxname || !*s.idxname) {
    throw NotImplementedError("CREATE INDEX without a name: please provide an index name");
  }
  auto create = std::make_unique<CreateIndexStatement>();
  create->name = s.idxname;
  const BaseTableRef table = Table(*s.relation);
  create->schema = table.schema;
  create->table = table.name;
  create->unique = s.unique;
  create->if_not_exists = s.if_not_exists;
  for (size_t i = 0; i < s.n_index_params; i++) {
    const auto& element = *s.index_params[i]->index_elem;
    if (element.n_collation) {
      throw NotImplementedError("Index with collation not supported yet (COLLATE in CREATE INDEX)");
    }
    if (element.n_opclass) throw NotImplementedError("an operator class in CREATE INDEX");
    // ASC / DESC and NULLS FIRST / LAST are accepted: an ART is scanned either way.
    if (element.expr) {
      create->columns.emplace_back();
      create->expressions.push_back(Expr(element.expr));
    } else if (element.name && *element.name) {
      create->columns.push_back(element.name);
      create->expressions.emplace_back();
    } else {
      throw ParserError("CREATE INDEX: a key part that is neither a column nor an expression");
    }
  }
  return create;
}

std::unique_ptr<VacuumStatement> Transformer::Vacuum(const PgQuery__VacuumStmt& s) {
  auto vacuum = std::make_unique<VacuumStatement>();
  vacuum->analyze = !s.is_vacuumcmd;
  for (size_t i = 0; i < s.n_options; i++) {
    const std::string option = Lower(s.options[i]->def_elem->defname);
    if (option == "analyze") {
      vacuum->analyze = true;
    } else if (option == "verbose" && !s.is_vacuumcmd) {
      throw NotImplementedError("ANALYZE VERBOSE is not implemented yet");
    } else {
      throw NotImplementedError(
          fmt::format("{} with the option {} (Teal's VACUUM takes ANALYZE alone)",
                      s.is_vacuumcmd ? "VACUUM" : "ANALYZE", option));
    }
  }
  if (s.n_rels > 1) throw NotImplementedError("VACUUM or ANALYZE of several tables at once");
  if (s.n_rels == 1) {
    const auto& relation = *s.rels[0]->vacuum_relation;
    const BaseTableRef table = Table(*relation.relation);
    vacuum->schema = table.schema;
    vacuum->table = table.name;
    for (size_t i = 0; i < relation.n_va_cols; i++) {
      vacuum->columns.push_back(StringOf(relation.va_cols[i]));
    }
  }
  return vacuum;
}

ForeignKeySyntax Transformer::ForeignKey(const PgQuery__Constraint& c, const std::string& column) {
  // PostgreSQL's codes: a NO ACTION, r RESTRICT (both: refuse), c CASCADE, n SET NULL,
  // d SET DEFAULT.
  auto action = [](const char* code, const char* when) {
    if (!code || !*code || *code == 'a' || *code == 'r') return;
    throw NotImplementedError(fmt::format(
        "FOREIGN KEY … {} {}: a referenced key can only be refused (NO ACTION, RESTRICT)", when,
        *code == 'c'   ? "CASCADE"
        : *code == 'n' ? "SET NULL"
                       : "SET DEFAULT"));
  };
  action(c.fk_del_action, "ON DELETE");
  action(c.fk_upd_action, "ON UPDATE");
  if (c.fk_matchtype && *c.fk_matchtype && *c.fk_matchtype != 's') {
    throw NotImplementedError("FOREIGN KEY … MATCH FULL / PARTIAL (only MATCH SIMPLE)");
  }
  if (c.deferrable) throw NotImplementedError("DEFERRABLE constraints");
  ForeignKeySyntax key;
  key.name = c.conname ? c.conname : "";
  if (!column.empty()) {
    key.columns.push_back(column);
  } else {
    for (size_t i = 0; i < c.n_fk_attrs; i++) key.columns.push_back(StringOf(c.fk_attrs[i]));
  }
  const BaseTableRef parent = Table(*c.pktable);
  key.parent_schema = parent.schema;
  key.parent = parent.name;
  for (size_t i = 0; i < c.n_pk_attrs; i++) key.parent_columns.push_back(StringOf(c.pk_attrs[i]));
  return key;
}

ColumnDefinitionSyntax Transformer::Column(const PgQuery__ColumnDef& def,
                                           std::vector<UniqueConstraintSyntax>& constraints,
                                           std::vector<CheckConstraintSyntax>* checks,
                                           std::vector<ForeignKeySyntax>* foreign_keys) {
  ColumnDefinitionSyntax column;
  column.name = def.colname;
  column.type = Type(*def.type_name);
  if (def.coll_clause) column.type.collation = CollationName(*def.coll_clause);
  if (def.compression && *def.compression) column.compression = Lower(def.compression);
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
      case PG_QUERY__CONSTR_TYPE__CONSTR_CHECK: {
        // USING COMPRESSION m, as RewriteUsingCompression marked it
        const ParsedExpressionPtr condition = Expr(c.raw_expr);
        if (condition->kind == ExprKind::kFunction && condition->name == kCompressionMarker &&
            condition->children.size() == 1 &&
            condition->children[0]->kind == ExprKind::kConstant) {
          column.compression = Lower(condition->children[0]->value.GetString());
          break;
        }
        if (!checks) throw NotImplementedError("CHECK constraints on ADD COLUMN");
        checks->push_back(Check(c));
        break;
      }
      case PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN:
        if (!foreign_keys) throw NotImplementedError("FOREIGN KEY on ADD COLUMN");
        foreign_keys->push_back(ForeignKey(c, column.name));
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_GENERATED:
        if (!checks) throw NotImplementedError("generated columns on ADD COLUMN");
        if (!column.type.collation.empty()) {
          throw ParserError("Collations are not supported on generated columns");
        }
        column.generated = Expr(c.raw_expr);
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_IDENTITY:
        throw NotImplementedError("identity columns (GENERATED … AS IDENTITY)");
      default:
        throw NotImplementedError("this column constraint");
    }
  }
  return column;
}

std::unique_ptr<CreateSequenceStatement> Transformer::CreateSequence(
    const PgQuery__CreateSeqStmt& s) {
  auto create = std::make_unique<CreateSequenceStatement>();
  BaseTableRef name = CreatedName(*s.sequence);
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

std::unique_ptr<AlterSequenceStatement> Transformer::AlterSequence(const PgQuery__AlterSeqStmt& s) {
  auto alter = std::make_unique<AlterSequenceStatement>();
  BaseTableRef name = Table(*s.sequence);
  alter->schema = name.schema;
  alter->name = name.name;
  alter->if_exists = s.missing_ok;
  std::vector<std::string> seen;
  for (size_t i = 0; i < s.n_options; i++) {
    const auto& option = *s.options[i]->def_elem;
    const std::string option_name = Lower(option.defname);
    if (std::find(seen.begin(), seen.end(), option_name) != seen.end()) {
      if (option_name == "owned_by") {
        throw ParserError("Owned by value should be passed at most once");  // DuckDB's words
      }
      throw ParserError(
          fmt::format("ALTER SEQUENCE {}: {} is given twice", alter->name, option_name));
    }
    seen.push_back(option_name);
    if (option_name == "cycle") {
      alter->cycle = option.arg && option.arg->node_case == PG_QUERY__NODE__NODE_BOOLEAN &&
                     option.arg->boolean->boolval;
    } else if (option_name == "start") {
      alter->start = SequenceNumber(option, alter->name);
    } else if (option_name == "restart") {
      alter->restart = true;
      if (option.arg) alter->restart_with = SequenceNumber(option, alter->name);
    } else if (option_name == "increment") {
      alter->increment = *SequenceNumber(option, alter->name);
    } else if (option_name == "minvalue") {
      alter->min_value = option.arg ? SequenceNumber(option, alter->name) : std::nullopt;
    } else if (option_name == "maxvalue") {
      alter->max_value = option.arg ? SequenceNumber(option, alter->name) : std::nullopt;
    } else if (option_name == "owned_by") {
      std::vector<std::string> parts;
      const Node* list = option.arg;
      if (list && list->node_case == PG_QUERY__NODE__NODE_LIST) {
        for (size_t p = 0; p < list->list->n_items; p++) {
          parts.push_back(StringOf(list->list->items[p]));
        }
      }
      // OWNED BY NONE: PostgreSQL's grammar gives the one word "none".
      if (parts.size() == 1 && Lower(parts[0]) == "none") parts.clear();
      alter->owned_by = std::move(parts);
    } else {
      throw NotImplementedError(fmt::format("ALTER SEQUENCE option {}", option_name));
    }
  }
  return alter;
}

std::optional<int64_t> Transformer::SequenceNumber(const PgQuery__DefElem& option,
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
  throw ParserError(
      fmt::format("{} of sequence \"{}\" must be a whole number", Lower(option.defname), sequence));
}

std::vector<std::string> Transformer::FieldPath(const std::string& name) {
  std::vector<std::string> parts;
  if (!name.starts_with(kFieldPathMarker)) return parts;
  size_t at = std::string_view(kFieldPathMarker).size();
  while (true) {
    const size_t end = name.find('\x1f', at);
    parts.push_back(name.substr(at, end == std::string::npos ? std::string::npos : end - at));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return parts;
}

std::unique_ptr<AlterTableStatement> Transformer::AlterTable(const PgQuery__AlterTableStmt& s) {
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
      alter->field_path = FieldPath(alter->column.name);
      if (!alter->field_path.empty()) alter->column.name = alter->field_path.back();
      break;
    }
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropColumn:
      if (cmd.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE) {
        throw NotImplementedError("DROP COLUMN … CASCADE");
      }
      alter->kind = AlterKind::kDropColumn;
      alter->column_name = cmd.name;
      alter->field_path = FieldPath(alter->column_name);
      if (!alter->field_path.empty()) alter->column_name = alter->field_path.back();
      break;
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ColumnDefault:
      alter->kind = AlterKind::kSetDefault;
      alter->column_name = cmd.name;
      if (cmd.def) alter->column.default_value = Expr(cmd.def);
      break;
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AlterColumnType: {
      const auto& def = *cmd.def->column_def;
      if (def.raw_default) alter->using_expression = Expr(def.raw_default);
      if (def.n_constraints || def.coll_clause) {
        throw NotImplementedError("ALTER COLUMN … TYPE with a constraint or COLLATE");
      }
      alter->kind = AlterKind::kAlterType;
      alter->column_name = cmd.name;
      alter->column.type = Type(*def.type_name);
      break;
    }
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetNotNull:
      alter->kind = AlterKind::kSetNotNull;
      alter->column_name = cmd.name;
      break;
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropNotNull:
      alter->kind = AlterKind::kDropNotNull;
      alter->column_name = cmd.name;
      break;
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AddConstraint:
      if (!cmd.def || cmd.def->node_case != PG_QUERY__NODE__NODE_CONSTRAINT) {
        throw NotImplementedError("this ALTER TABLE … ADD");
      }
      alter->kind = AlterKind::kAddUnique;
      alter->unique = Unique(*cmd.def->constraint, "");
      break;
    default:
      throw NotImplementedError(
          "this ALTER TABLE change (ADD COLUMN, DROP COLUMN, RENAME, ALTER COLUMN SET / DROP "
          "DEFAULT, SET / DROP NOT NULL and TYPE, ADD PRIMARY KEY / UNIQUE are supported)");
  }
  alter->column_if = cmd.missing_ok;
  return alter;
}

std::unique_ptr<SQLStatement> Transformer::Rename(const PgQuery__RenameStmt& s) {
  auto alter = std::make_unique<AlterTableStatement>();
  if (s.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_COLUMN &&
      s.relation_type == PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) {
    alter->kind = AlterKind::kRenameColumn;
    alter->column_name = s.subname;
    alter->field_path = FieldPath(alter->column_name);
    if (!alter->field_path.empty()) alter->column_name = alter->field_path.back();
  } else if (s.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) {
    alter->kind = AlterKind::kRenameTable;
  } else if (s.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_VIEW) {
    alter->kind = AlterKind::kRenameView;
  } else if (s.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE) {
    auto sequence = std::make_unique<AlterSequenceStatement>();
    BaseTableRef name = Table(*s.relation);
    sequence->schema = name.schema;
    sequence->name = name.name;
    sequence->if_exists = s.missing_ok;
    sequence->new_name = s.newname;
    return sequence;
  } else {
    if (s.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA) {
      throw NotImplementedError("Altering schemas is not yet supported (ALTER SCHEMA … RENAME)");
    }
    throw NotImplementedError(
        "RENAME of anything but a table, a table's column, a view or a sequence");
  }
  BaseTableRef table = Table(*s.relation);
  alter->schema = table.schema;
  alter->table = table.name;
  alter->if_exists = s.missing_ok;
  alter->new_name = s.newname;
  return alter;
}

namespace {

/// CREATE TYPE's [[db.]schema.]name.
std::unique_ptr<CreateTypeStatement> NewCreateType(const Node* const* names, size_t n) {
  auto create = std::make_unique<CreateTypeStatement>();
  if (n > 3) throw ParserError("CREATE TYPE: a name has at most three parts (db.schema.name)");
  for (size_t i = 0; i + 1 < n; i++) {
    create->schema += (i ? "." : "") + StringOf(names[i]);
  }
  create->name = StringOf(names[n - 1]);
  return create;
}

}  // namespace

std::unique_ptr<CreateTypeStatement> Transformer::CreateEnum(const PgQuery__CreateEnumStmt& s) {
  auto create = NewCreateType(s.type_name, s.n_type_name);
  for (size_t i = 0; i < s.n_vals; i++) create->labels.push_back(StringOf(s.vals[i]));
  return create;
}

std::unique_ptr<CreateTypeStatement> Transformer::CreateDomain(const PgQuery__CreateDomainStmt& s) {
  auto create = NewCreateType(s.domainname, s.n_domainname);
  if (s.n_constraints > 0) {
    throw NotImplementedError(
        fmt::format("CREATE DOMAIN {} with constraints (a domain without them is an alias "
                    "of its type)",
                    create->name));
  }
  create->alias = Type(*s.type_name);
  if (s.coll_clause) create->alias->collation = CollationName(*s.coll_clause);
  return create;
}

std::unique_ptr<CommentStatement> Transformer::Comment(const PgQuery__CommentStmt& s) {
  using Kind = CommentStatement::Kind;
  auto comment = std::make_unique<CommentStatement>();
  switch (s.objtype) {
    case PG_QUERY__OBJECT_TYPE__OBJECT_TABLE:
      comment->kind = Kind::kTable;
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_VIEW:
      comment->kind = Kind::kView;
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_COLUMN:
      comment->kind = Kind::kColumn;
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_INDEX:
      comment->kind = Kind::kIndex;
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE:
      comment->kind = Kind::kSequence;
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_TYPE:
    case PG_QUERY__OBJECT_TYPE__OBJECT_DOMAIN:
      comment->kind = Kind::kType;
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_FUNCTION:
      comment->kind = Kind::kFunction;
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_DATABASE:
      throw NotImplementedError("Adding comments to databases is not implemented");
    case PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA:
      throw NotImplementedError("Adding comments to schemas is not implemented");
    default:
      throw NotImplementedError("COMMENT ON this kind of object");
  }
  // The object's name, as its parts.
  std::vector<std::string> parts;
  const Node& object = *s.object;
  if (object.node_case == PG_QUERY__NODE__NODE_LIST) {
    for (size_t i = 0; i < object.list->n_items; i++)
      parts.push_back(StringOf(object.list->items[i]));
  } else if (object.node_case == PG_QUERY__NODE__NODE_TYPE_NAME) {
    for (size_t i = 0; i < object.type_name->n_names; i++) {
      parts.push_back(StringOf(object.type_name->names[i]));
    }
  } else if (object.node_case == PG_QUERY__NODE__NODE_OBJECT_WITH_ARGS) {
    if (object.object_with_args->n_objargs > 0) {
      throw NotImplementedError("COMMENT ON FUNCTION with argument types (a macro has none)");
    }
    for (size_t i = 0; i < object.object_with_args->n_objname; i++) {
      parts.push_back(StringOf(object.object_with_args->objname[i]));
    }
  } else {
    parts.push_back(StringOf(&object));
  }
  std::string written;
  for (const auto& part : parts) written += (written.empty() ? "" : ".") + part;
  if (comment->kind == Kind::kColumn) {
    if (parts.size() < 2) throw ParserError("Invalid column reference: " + written);
    comment->column = parts.back();
    parts.pop_back();
  }
  if (parts.size() > 3) {
    throw ParserError(fmt::format("Too many qualifications found in '{}'", written));
  }
  comment->name = parts.back();
  if (parts.size() == 2) comment->schema = parts[0];
  if (parts.size() == 3) comment->schema = parts[0] + "." + parts[1];
  if (s.comment && *s.comment) comment->comment = s.comment;
  return comment;
}

std::unique_ptr<DropStatement> Transformer::Drop(const PgQuery__DropStmt& s) {
  auto drop = std::make_unique<DropStatement>();
  drop->if_exists = s.missing_ok;
  drop->cascade = s.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE;
  // [schema.]name: the schema goes into the name, so that DROP TABLE other.t cannot drop
  // main's t.
  auto qualified = [&](const Node* const* items, size_t n) {
    const std::string name = StringOf(items[n - 1]);
    // DuckDB's temp.main.name: a temporary object's (catalog/catalog_search.hpp).
    if (n >= 3 && Lower(StringOf(items[n - 3])) == "temp") return "temp." + name;
    if (n >= 3) {
      // db.schema.name: an attached database's (one database per statement).
      const std::string catalog = StringOf(items[n - 3]);
      if (!drop->catalog.empty() && Lower(drop->catalog) != Lower(catalog)) {
        throw NotImplementedError("DROP of objects of several databases in one statement");
      }
      drop->catalog = catalog;
    }
    // main.name stays written out: a name without a schema is looked up in the search
    // path (catalog/catalog_search.hpp), main.name in main alone.
    if (n >= 2 && Lower(StringOf(items[n - 2])) == "main") return "main." + name;
    // A name with a dot in it ("a.b") is filed as main's ("main.a.b").
    return n >= 2 ? QualifiedName(StringOf(items[n - 2]), name) : QualifiedName("", name);
  };
  switch (s.remove_type) {
    case PG_QUERY__OBJECT_TYPE__OBJECT_TABLE:
      drop->kind = DropKind::kTable;
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE:
      drop->kind = DropKind::kSequence;
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_VIEW:
      drop->kind = DropKind::kView;
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_INDEX:
      drop->kind = DropKind::kIndex;
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_TYPE:
    case PG_QUERY__OBJECT_TYPE__OBJECT_DOMAIN:
      drop->kind = DropKind::kType;
      for (size_t i = 0; i < s.n_objects; i++) {
        const auto& type = *s.objects[i]->type_name;
        drop->names.push_back(qualified(type.names, type.n_names));
      }
      return drop;
    case PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA:
      drop->kind = DropKind::kSchema;
      for (size_t i = 0; i < s.n_objects; i++) drop->names.push_back(StringOf(s.objects[i]));
      return drop;
    case PG_QUERY__OBJECT_TYPE__OBJECT_MATVIEW:
      throw NotImplementedError("Cannot drop MATERIALIZED VIEW yet (Teal has none)");
    case PG_QUERY__OBJECT_TYPE__OBJECT_COLLATION:
      throw NotImplementedError("Cannot drop collation yet (Teal's collations are built in)");
    default:
      throw NotImplementedError("DROP of this kind of object");
  }
  for (size_t i = 0; i < s.n_objects; i++) {
    const auto& list = *s.objects[i]->list;
    drop->names.push_back(qualified(list.items, list.n_items));
  }
  return drop;
}

}  // namespace teal::transformer
