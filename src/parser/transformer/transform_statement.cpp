// Transformer: the statement dispatch, SET and EXPLAIN, the helpers the transformer files
// share, and TransformStatement, the entry point (parser/transformer.hpp).
#include <cctype>
#include <cstring>

#include "parser/rewrites.hpp"
#include "parser/transformer.hpp"
#include "parser/transformer/transformer_internal.hpp"

namespace teal::transformer {

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

std::string CollationName(const PgQuery__CollateClause& clause) {
  std::string name;
  for (size_t i = 0; i < clause.n_collname; i++) {
    name += (i ? "." : "") + StringOf(clause.collname[i]);
  }
  return name;
}

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

std::unique_ptr<SQLStatement> Transformer::Statement(const Node& node) {
  switch (node.node_case) {
    case PG_QUERY__NODE__NODE_SELECT_STMT: {
      std::unique_ptr<SelectStatement> select = Select(*node.select_stmt);
      if (auto set = SetVariable(select)) return set;
      return select;
    }
    case PG_QUERY__NODE__NODE_INSERT_STMT:
      return Insert(*node.insert_stmt);
    case PG_QUERY__NODE__NODE_CREATE_STMT:
      return CreateTable(*node.create_stmt);
    case PG_QUERY__NODE__NODE_CREATE_ENUM_STMT:
      return CreateEnum(*node.create_enum_stmt);
    case PG_QUERY__NODE__NODE_COMMENT_STMT:
      return Comment(*node.comment_stmt);
    case PG_QUERY__NODE__NODE_CREATE_DOMAIN_STMT:
      return CreateDomain(*node.create_domain_stmt);
    case PG_QUERY__NODE__NODE_DROP_STMT:
      return Drop(*node.drop_stmt);
    case PG_QUERY__NODE__NODE_UPDATE_STMT:
      return Update(*node.update_stmt);
    case PG_QUERY__NODE__NODE_DELETE_STMT:
      return Delete(*node.delete_stmt);
    case PG_QUERY__NODE__NODE_TRUNCATE_STMT: {
      // TRUNCATE [TABLE] t: DELETE FROM t (a transactional delete of every row).
      const auto& s = *node.truncate_stmt;
      if (s.n_relations != 1) throw NotImplementedError("TRUNCATE of several tables at once");
      if (s.restart_seqs || s.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE) {
        throw NotImplementedError("TRUNCATE … RESTART IDENTITY or CASCADE");
      }
      auto del = std::make_unique<DeleteStatement>();
      del->table = Table(*s.relations[0]->range_var);
      return del;
    }
    case PG_QUERY__NODE__NODE_TRANSACTION_STMT:
      return Transaction(*node.transaction_stmt);
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
    case PG_QUERY__NODE__NODE_ALTER_SEQ_STMT:
      return AlterSequence(*node.alter_seq_stmt);
    case PG_QUERY__NODE__NODE_INDEX_STMT:
      return CreateIndex(*node.index_stmt);
    case PG_QUERY__NODE__NODE_CREATE_SCHEMA_STMT: {
      const auto& s = *node.create_schema_stmt;
      if (s.n_schema_elts > 0 || s.authrole) {
        throw NotImplementedError("CREATE SCHEMA with AUTHORIZATION or with objects in it");
      }
      auto create = std::make_unique<CreateSchemaStatement>();
      create->name = s.schemaname;
      create->if_not_exists = s.if_not_exists;
      return create;
    }
    case PG_QUERY__NODE__NODE_PREPARE_STMT: {
      const auto& s = *node.prepare_stmt;
      auto prepare = std::make_unique<PrepareStatement>();
      prepare->name = s.name;
      for (size_t i = 0; i < s.n_argtypes; i++) {
        prepare->types.push_back(Type(*s.argtypes[i]->type_name));
      }
      prepare->query = QueryTextAfterAs();
      return prepare;
    }
    case PG_QUERY__NODE__NODE_EXECUTE_STMT: {
      const auto& s = *node.execute_stmt;
      auto execute = std::make_unique<ExecutePreparedStatement>();
      execute->name = s.name;
      for (size_t i = 0; i < s.n_params; i++) {
        ParsedExpressionPtr value = Expr(s.params[i]);
        std::string name;
        if (value->kind == ExprKind::kFunction && value->name == kExecuteNamedValueMarker &&
            value->children.size() == 2) {
          name = value->children[0]->value.GetString();
          value = std::move(value->children[1]);
        }
        execute->values.push_back(std::move(value));
        execute->value_names.push_back(std::move(name));
      }
      return execute;
    }
    case PG_QUERY__NODE__NODE_COPY_STMT:
      return Copy(*node.copy_stmt);
    case PG_QUERY__NODE__NODE_CALL_STMT: {
      // DuckDB's CALL f(args): the rows of table function f, as SELECT * FROM f(args).
      Node call = PG_QUERY__NODE__INIT;
      call.node_case = PG_QUERY__NODE__NODE_FUNC_CALL;
      call.func_call = node.call_stmt->funccall;
      auto select = std::make_unique<SelectStatement>();
      select->select_list.push_back(std::make_unique<ParsedExpression>(ExprKind::kStar));
      select->from = std::make_unique<TableRef>();
      select->from->kind = TableRefKind::kTableFunction;
      select->from->function = Expr(&call);
      return select;
    }
    case PG_QUERY__NODE__NODE_VACUUM_STMT:
      return Vacuum(*node.vacuum_stmt);
    case PG_QUERY__NODE__NODE_DEALLOCATE_STMT: {
      auto deallocate = std::make_unique<DeallocateStatement>();
      if (node.deallocate_stmt->name) deallocate->name = node.deallocate_stmt->name;
      return deallocate;
    }
    default:
      throw NotImplementedError(fmt::format("{} statements", NodeName(node)));
  }
}

std::unique_ptr<TransactionStatement> Transformer::Transaction(const PgQuery__TransactionStmt& s) {
  auto statement = std::make_unique<TransactionStatement>();
  switch (s.kind) {
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_BEGIN:
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_START:
      statement->kind = TransactionKind::kBegin;
      break;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT:
      statement->kind = TransactionKind::kCommit;
      break;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK:
      statement->kind = TransactionKind::kRollback;
      break;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_SAVEPOINT:
      statement->kind = TransactionKind::kSavepoint;
      break;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_RELEASE:
      statement->kind = TransactionKind::kRelease;
      break;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK_TO:
      statement->kind = TransactionKind::kRollbackTo;
      break;
    default:
      throw NotImplementedError("prepared (two-phase) transactions");
  }
  if (s.chain) throw NotImplementedError("COMMIT/ROLLBACK AND CHAIN");
  if (s.savepoint_name && *s.savepoint_name) statement->savepoint = s.savepoint_name;
  // Every transaction is snapshot isolation (PostgreSQL's REPEATABLE READ): ISOLATION
  // LEVEL and READ WRITE are accepted as they ask for no more.
  for (size_t i = 0; i < s.n_options; i++) {
    const PgQuery__Node& option = *s.options[i];
    if (option.node_case != PG_QUERY__NODE__NODE_DEF_ELEM) continue;
    std::string name = option.def_elem->defname;
    if (name == "transaction_read_only" && option.def_elem->arg &&
        option.def_elem->arg->node_case == PG_QUERY__NODE__NODE_A_CONST &&
        option.def_elem->arg->a_const->ival) {
      statement->read_only = option.def_elem->arg->a_const->ival->ival == 1;
    }
  }
  return statement;
}

std::unique_ptr<SetStatement> Transformer::Set(const PgQuery__VariableSetStmt& s) {
  if (s.is_local) throw NotImplementedError("SET LOCAL (settings are database-wide)");
  auto set = std::make_unique<SetStatement>();
  set->name = s.name ? Lower(s.name) : "";
  switch (s.kind) {
    case PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE:
      if (s.n_args > 1 && set->name == "search_path") {
        // PostgreSQL's SET search_path = a, b: the list as one text, as DuckDB writes it.
        auto joined = Make(ExprKind::kFunction, -1);
        joined->name = "concat_ws";
        joined->builtin = true;
        auto comma = Make(ExprKind::kConstant, -1);
        comma->value = Value::Varchar(",");
        joined->children.push_back(std::move(comma));
        for (size_t i = 0; i < s.n_args; i++) joined->children.push_back(Expr(s.args[i]));
        set->value = std::move(joined);
        break;
      }
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

std::unique_ptr<SetStatement> Transformer::SetVariable(std::unique_ptr<SelectStatement>& select) {
  if (select->select_list.size() != 1 || select->from) return nullptr;
  const std::string& alias = select->select_list[0]->alias;
  const bool set = alias.starts_with(kSetVariableMarker);
  if (!set && !alias.starts_with(kResetVariableMarker)) return nullptr;
  auto statement = std::make_unique<SetStatement>();
  statement->variable = true;
  statement->name = alias.substr(std::strlen(set ? kSetVariableMarker : kResetVariableMarker));
  if (set) statement->query = std::move(select);
  return statement;
}

std::unique_ptr<ExplainStatement> Transformer::Explain(const PgQuery__ExplainStmt& s) {
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

std::unique_ptr<CopyStatement> Transformer::Copy(const PgQuery__CopyStmt& s) {
  auto copy = std::make_unique<CopyStatement>();
  if (s.is_program) throw NotImplementedError("COPY to or from a PROGRAM");
  if (s.where_clause) throw NotImplementedError("COPY … FROM with WHERE");
  if (!s.filename || !*s.filename) throw NotImplementedError("COPY to STDOUT or from STDIN");
  copy->is_from = s.is_from;
  copy->path = s.filename;
  if (s.relation) {
    const BaseTableRef table = Table(*s.relation);
    copy->schema = table.schema;
    copy->table = table.name;
  } else {
    if (s.is_from) throw ParserError("COPY (query) FROM: a query can only be copied TO a file");
    auto query = Statement(*s.query);
    if (query->type != StatementType::kSelect) {
      throw NotImplementedError("COPY of a statement other than SELECT");
    }
    copy->query.reset(static_cast<SelectStatement*>(query.release()));
  }
  for (size_t i = 0; i < s.n_attlist; i++) copy->columns.push_back(StringOf(s.attlist[i]));
  for (size_t i = 0; i < s.n_options; i++) {
    if (s.options[i]->node_case != PG_QUERY__NODE__NODE_DEF_ELEM) continue;
    const auto& option = *s.options[i]->def_elem;
    const Node* arg = option.arg;
    Value value;  // NULL: a bare option
    if (arg) {
      switch (arg->node_case) {
        case PG_QUERY__NODE__NODE_STRING:
          value = Value::Varchar(arg->string->sval);
          break;
        case PG_QUERY__NODE__NODE_INTEGER:
          value = Value::BigInt(arg->integer->ival);
          break;
        case PG_QUERY__NODE__NODE_FLOAT:
          value = Value::Varchar(arg->float_->fval);
          break;
        case PG_QUERY__NODE__NODE_BOOLEAN:
          value = Value::Boolean(arg->boolean->boolval);
          break;
        case PG_QUERY__NODE__NODE_A_STAR:
          value = Value::Varchar("*");
          break;
        case PG_QUERY__NODE__NODE_LIST: {
          std::vector<Value> items;
          for (size_t k = 0; k < arg->list->n_items; k++) {
            items.push_back(Value::Varchar(StringOf(arg->list->items[k])));
          }
          value = Value::List(LogicalType(TypeId::kVarchar), std::move(items));
          break;
        }
        default:
          throw NotImplementedError(
              fmt::format("COPY option {} with a {} value", option.defname, NodeName(*arg)));
      }
    }
    copy->options.emplace_back(Lower(option.defname), std::move(value));
  }
  return copy;
}

}  // namespace teal::transformer

namespace teal {

std::unique_ptr<SQLStatement> TransformStatement(const PgQuery__Node& node, std::string_view sql,
                                                 idx_t max_depth) {
  return transformer::Transformer(sql, max_depth).Statement(node);
}

}  // namespace teal
