// Triggers: CREATE TRIGGER and DROP TRIGGER, and firing them (catalog/trigger.hpp).
//
// A write statement whose table has triggers for its event runs its BEFORE statement
// triggers' bodies, then itself, then its AFTER triggers' bodies, each a statement of
// its own in the same transaction: any of them failing fails the statement (and its
// transaction, as any failing statement does). AFTER triggers read the changed rows the
// write operator kept (TransitionCapture): a statement trigger as its REFERENCING
// tables, a row trigger as NEW (INSERT) or OLD (DELETE). A row trigger's body runs once
// for all the rows, rewritten so that it does for each what it would for one:
//
//   INSERT INTO a VALUES (NEW.x)          ->  INSERT INTO a SELECT NEW.x FROM rows AS new
//   INSERT INTO a SELECT … NEW.x …        ->  INSERT INTO a SELECT q.* FROM rows AS new,
//                                                 LATERAL (SELECT … NEW.x …) q
//   DELETE FROM a WHERE c(OLD.x)          ->  DELETE FROM a WHERE EXISTS
//                                                 (SELECT 1 FROM rows AS old WHERE c(OLD.x))
//
// which is what running it once per row gives as long as one row's run does not depend
// on another's: so an UPDATE body, a body writing the trigger's own table (directly or
// through other triggers: refused when created), and a body whose write fires row
// triggers of its own are refused (DuckDB's rules).
#include <fmt/format.h>

#include <set>

#include "main/client_context.hpp"
#include "main/count_result.hpp"
#include "optimizer/optimizer.hpp"
#include "parser/sql_scanner.hpp"
#include "planner/binder.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

/// Trigger bodies running inside one another's beyond this are refused (a chain of
/// statement triggers over different tables; cycles are refused when created).
constexpr idx_t kMaxTriggerDepth = 32;

/// The name a row trigger's changed rows have while its body is bound.
constexpr const char* kRowsName = "__teal_trigger_rows";

std::unique_ptr<SQLStatement> ParseBody(const TriggerEntry& trigger, idx_t max_depth) {
  auto statements = ParseSql(trigger.body, max_depth);
  if (statements.size() != 1) {
    throw InternalError(fmt::format("trigger \"{}\": its body is not one statement", trigger.name));
  }
  return std::move(statements[0]);
}

/// The table an INSERT, UPDATE or DELETE writes, as written: (schema, name).
std::pair<std::string, std::string> WrittenTable(const SQLStatement& statement) {
  switch (statement.type) {
    case StatementType::kInsert: {
      const auto& insert = static_cast<const InsertStatement&>(statement);
      return {insert.schema, insert.table};
    }
    case StatementType::kUpdate: {
      const auto& update = static_cast<const UpdateStatement&>(statement);
      return {update.table.schema, update.table.name};
    }
    case StatementType::kDelete: {
      const auto& del = static_cast<const DeleteStatement&>(statement);
      return {del.table.schema, del.table.name};
    }
    default:
      throw InternalError("a trigger body that is not INSERT, UPDATE or DELETE");
  }
}

std::unique_ptr<TableRef> RowsRef(const std::string& scope) {
  auto ref = std::make_unique<TableRef>();
  ref->kind = TableRefKind::kBase;
  ref->name = kRowsName;
  ref->alias = scope;
  return ref;
}

/// Rewrites a row trigger's body to run once for all the rows (the file's comment).
void RewriteRowBody(SQLStatement& body, const std::string& scope) {
  if (body.type == StatementType::kDelete) {
    auto& del = static_cast<DeleteStatement&>(body);
    auto inner = std::make_unique<SelectStatement>();
    auto one = std::make_unique<ParsedExpression>(ExprKind::kConstant);
    one->value = Value::Integer(1);
    inner->select_list.push_back(std::move(one));
    inner->from = RowsRef(scope);
    inner->where = std::move(del.where);
    auto exists = std::make_unique<ParsedExpression>(ExprKind::kSubquery);
    exists->subquery_kind = SubqueryKind::kExists;
    exists->subquery = std::shared_ptr<SelectStatement>(std::move(inner));
    exists->subquery_text = "(SELECT 1 FROM " + scope + " WHERE …)";
    del.where = std::move(exists);
    return;
  }
  auto& insert = static_cast<InsertStatement&>(body);
  if (!insert.select) return;  // DEFAULT VALUES: refused, it reads no row
  SelectStatement& select = *insert.select;
  if (!select.values.empty()) {
    // One SELECT over the rows per VALUES row, in order.
    std::unique_ptr<SelectStatement> all;
    for (auto& row : select.values) {
      auto one = std::make_unique<SelectStatement>();
      one->select_list = std::move(row);
      one->from = RowsRef(scope);
      if (!all) {
        all = std::move(one);
        continue;
      }
      auto both = std::make_unique<SelectStatement>();
      both->set_operation = SetOperation::kUnion;
      both->set_all = true;
      both->set_left = std::move(all);
      both->set_right = std::move(one);
      all = std::move(both);
    }
    insert.select = std::move(all);
    return;
  }
  static constexpr const char* kQuery = "__teal_trigger_query";
  auto query = std::make_unique<TableRef>();
  query->kind = TableRefKind::kSubquery;
  query->subquery = std::move(insert.select);
  query->alias = kQuery;
  query->lateral = true;
  auto join = std::make_unique<TableRef>();
  join->kind = TableRefKind::kJoin;
  join->join_type = JoinType::kCross;
  join->left = RowsRef(scope);
  join->right = std::move(query);
  auto outer = std::make_unique<SelectStatement>();
  auto star = std::make_unique<ParsedExpression>(ExprKind::kStar);
  star->names = {kQuery};
  outer->select_list.push_back(std::move(star));
  outer->from = std::move(join);
  insert.select = std::move(outer);
}

/// Whether the body text reads NEW.x or OLD.x.
bool ReadsRowValues(const std::string& body) {
  const std::vector<Token> tokens = Tokenize(body);
  for (size_t i = 0; i + 1 < tokens.size(); i++) {
    if ((tokens[i].word == "new" || tokens[i].word == "old") && tokens[i + 1].word == ".") {
      return true;
    }
  }
  return false;
}

}  // namespace

BoundStatement ClientContext::BindTriggerBody(const TriggerEntry& trigger, const TableEntry& table,
                                              TriggerEvent event,
                                              const std::shared_ptr<TransitionCapture>& changed,
                                              std::unique_ptr<SQLStatement>& body) {
  BindOptions options = BinderOptions();
  body = ParseBody(trigger, options.max_expression_depth);
  auto relations = std::make_shared<std::vector<TransitionRelation>>();
  auto add = [&](const std::string& name, const ReturnedRows& rows) {
    TransitionRelation relation;
    relation.name = name;
    for (const auto& column : table.columns) {
      relation.names.push_back(column.name);
      relation.types.push_back(column.type);
    }
    relation.rows = std::shared_ptr<const ReturnedRows>(changed, &rows);
    relations->push_back(std::move(relation));
  };
  if (trigger.for_each_row) {
    const bool old = event == TriggerEvent::kDelete;
    add(kRowsName, old ? changed->old_rows : changed->new_rows);
    RewriteRowBody(*body, old ? "old" : "new");
  } else if (changed) {
    if (!trigger.new_table.empty()) add(trigger.new_table, changed->new_rows);
    if (!trigger.old_table.empty()) add(trigger.old_table, changed->old_rows);
  }
  options.transition_tables = std::move(relations);
  Binder binder(TriggerSearch(trigger));
  binder.SetOptions(std::move(options));
  BoundStatement bound;
  switch (body->type) {
    case StatementType::kInsert:
      bound = binder.BindInsert(static_cast<InsertStatement&>(*body));
      break;
    case StatementType::kUpdate:
      bound = binder.BindUpdate(static_cast<UpdateStatement&>(*body));
      break;
    default:
      bound = binder.BindDelete(static_cast<DeleteStatement&>(*body));
      break;
  }
  if (trigger.for_each_row && bound.triggers) {
    for (const auto& next : bound.triggers->after) {
      if (!next->for_each_row) continue;
      throw NotImplementedError(fmt::format(
          "FOR EACH ROW trigger \"{}\" on table \"{}\" writes to a table that has its own FOR "
          "EACH ROW trigger (cascading row triggers are not yet supported)",
          trigger.name, trigger.table_name));
    }
  }
  return bound;
}

void ClientContext::FireTrigger(const TriggerEntry& trigger, const TriggerFiring& firing,
                                const std::shared_ptr<TransitionCapture>& changed) {
  // The body's names mean what they meant when it was created: CREATE TRIGGER binds them
  // in its table's database (a catalog change looks names up where it changes), so it
  // fires with that database as the default, whatever USE says now.
  std::string database;  // empty: the connection's own (or its temporary objects)
  const std::shared_ptr<Transaction>& own = own_ ? own_ : current_;
  if (!firing.table->storage->Temporary() &&
      own->GetCatalog().FindTable(firing.table->CatalogName()) != firing.table) {
    // Another database's table: the statement writing it has a transaction there.
    for (const auto& attached : own->AttachedTransactions()) {
      if (attached.transaction->GetCatalog().FindTable(firing.table->CatalogName()) ==
          firing.table) {
        database = attached.database->Name();
        break;
      }
    }
  }
  struct DefaultDatabase {
    std::string& current;
    std::string saved;
    DefaultDatabase(std::string& d, std::string use) : current(d), saved(d) {
      current = std::move(use);
    }
    ~DefaultDatabase() { current = std::move(saved); }
  } scope(default_database_, database);
  std::unique_ptr<SQLStatement> body;
  BoundStatement bound = BindTriggerBody(trigger, *firing.table, firing.event, changed, body);
  ExecutePlan(body->type, std::move(bound));
}

Result ClientContext::RunWithTriggers(
    const TriggerFiring& firing,
    const std::function<Result(std::shared_ptr<TransitionCapture>)>& run) {
  if (trigger_depth_ >= kMaxTriggerDepth) {
    throw InvalidInputError(
        fmt::format("triggers fired by triggers nest more than {} deep (a write to table \"{}\")",
                    kMaxTriggerDepth, firing.table->name));
  }
  struct Depth {
    idx_t& depth;
    explicit Depth(idx_t& d) : depth(d) { depth++; }
    ~Depth() { depth--; }
  } depth(trigger_depth_);
  for (const auto& trigger : firing.before) FireTrigger(*trigger, firing, nullptr);
  auto changed = firing.capture ? std::make_shared<TransitionCapture>() : nullptr;
  Result result = run(changed);
  for (const auto& trigger : firing.after) FireTrigger(*trigger, firing, changed);
  return result;
}

Result ClientContext::ExecuteCreateTrigger(const CreateTriggerStatement& create) {
  const CatalogSearch::Place place = Catalogs().Relation(create.table_schema, create.table);
  Catalog& catalog = WritableCatalog(place.temporary);
  if (catalog.FindView(place.name)) {
    throw BinderError("CREATE TRIGGER requires a base table, not a view or subquery");
  }
  auto table = catalog.GetTable(place.name);
  auto trigger = std::make_shared<TriggerEntry>(create.trigger);
  trigger->table = table->CatalogName();
  trigger->table_name = table->name;
  trigger->schema = table->schema;
  const std::string event(TriggerEventName(trigger->event));
  const bool references = !trigger->new_table.empty() || !trigger->old_table.empty();
  if (create.instead_of) throw NotImplementedError("INSTEAD OF triggers are not yet supported");
  if (trigger->timing == TriggerTiming::kBefore && trigger->for_each_row) {
    throw NotImplementedError("BEFORE FOR EACH ROW triggers are not yet supported");
  }
  if (references && trigger->timing == TriggerTiming::kBefore) {
    throw BinderError("Transition tables can only be specified for AFTER triggers");
  }
  if (references && trigger->for_each_row) {
    throw BinderError("REFERENCING is not valid for FOR EACH ROW triggers");
  }
  if (!trigger->old_table.empty() && trigger->event == TriggerEvent::kInsert) {
    throw BinderError("REFERENCING OLD TABLE AS is not valid for AFTER INSERT triggers");
  }
  if (!trigger->new_table.empty() && trigger->event == TriggerEvent::kDelete) {
    throw BinderError("REFERENCING NEW TABLE AS is not valid for AFTER DELETE triggers");
  }
  if (references && !trigger->update_columns.empty()) {
    throw BinderError("UPDATE OF is not valid with transition tables");
  }
  for (const auto& column : trigger->update_columns) {
    if (table->ColumnIndex(column) == kInvalidIndex) {
      throw BinderError(
          fmt::format("UPDATE OF: table \"{}\" has no column \"{}\"", table->name, column));
    }
  }
  const idx_t max_depth = BinderOptions().max_expression_depth;
  if (trigger->for_each_row) {
    if (trigger->event == TriggerEvent::kUpdate) {
      throw NotImplementedError("UPDATE FOR EACH ROW triggers are not yet supported");
    }
    if (ParseBody(*trigger, max_depth)->type == StatementType::kUpdate) {
      throw NotImplementedError(
          "UPDATE trigger bodies in FOR EACH ROW triggers are not yet supported");
    }
    if (!ReadsRowValues(trigger->body)) {
      throw BinderError(fmt::format(
          "FOR EACH ROW trigger \"{}\" on table \"{}\" must reference at least one NEW or OLD "
          "column in the trigger body (use FOR EACH STATEMENT if row data is not needed)",
          trigger->name, table->name));
    }
  }
  if (create.if_not_exists) {
    for (const auto& existing : catalog.TriggersOn(trigger->table)) {
      if (Catalog::Key(existing->name) == Catalog::Key(trigger->name)) {
        return EmptyResult(StatementType::kCreate);
      }
    }
  }
  // Replaying the log or a checkpoint: the trigger was accepted when it was created, and
  // a table its body writes may have been dropped since (the body then fails when fired).
  if (!replaying_) {
    CheckTriggerBody(*trigger, *table, catalog);
  }
  // A write by a transaction that does not see the trigger would not fire it: those begun
  // before this commits may not write the table (DataTable::MarkAltered).
  current_->TableReplaced(table->storage, Transaction::TableChange::kIndexes,
                          fmt::format("CREATE TRIGGER \"{}\"", trigger->name));
  if (create.or_replace) catalog.DropTrigger(trigger->table, trigger->name, /*if_exists=*/true);
  catalog.CreateTrigger(std::move(trigger), create.if_not_exists);
  LogStatement(create, place.temporary);
  return EmptyResult(StatementType::kCreate);
}

void ClientContext::CheckTriggerBody(const TriggerEntry& trigger_entry, const TableEntry& table,
                                     const Catalog& catalog) {
  const TriggerEntry* trigger = &trigger_entry;
  const idx_t max_depth = BinderOptions().max_expression_depth;
  // A body that writes the trigger's table, itself or through the triggers its write
  // fires, would fire it again.
  std::set<std::pair<const Catalog*, std::string>> seen;
  std::function<void(const TriggerEntry&)> follow = [&](const TriggerEntry& from) {
    auto [schema, name] = WrittenTable(*ParseBody(from, max_depth));
    CatalogSearch::Place written;
    try {
      // With `catalog`, the transaction's own copy.
      written = TriggerSearch(from).Relation(schema, name);
    } catch (const CatalogError&) {
      return;  // another trigger's body whose schema is gone writes nothing now
    }
    const Catalog* holder = written.catalog;
    if (holder == &catalog && Catalog::Key(written.name) == Catalog::Key(trigger->table)) {
      throw NotImplementedError(fmt::format(
          "Recursive trigger chains are not yet supported (trigger cycle detected through "
          "trigger \"{}\" on table \"{}\")",
          trigger->name, table.name));
    }
    if (!seen.insert({holder, Catalog::Key(written.name)}).second) return;
    for (const auto& next : holder->TriggersOn(written.name)) follow(*next);
  };
  follow(*trigger);
  // The body must bind (its tables and columns exist), over no rows.
  std::unique_ptr<SQLStatement> body;
  BindTriggerBody(*trigger, table, trigger->event, std::make_shared<TransitionCapture>(), body);
}

Result ClientContext::ExecuteDropTrigger(const DropTriggerStatement& drop) {
  const CatalogSearch::Place place = Catalogs().Relation(drop.table_schema, drop.table);
  Catalog& catalog = WritableCatalog(place.temporary);
  auto table = catalog.GetTable(place.name);
  current_->TableReplaced(table->storage, Transaction::TableChange::kIndexes,
                          fmt::format("DROP TRIGGER \"{}\"", drop.name));
  catalog.DropTrigger(table->CatalogName(), drop.name, drop.if_exists);
  LogStatement(drop, place.temporary);
  return EmptyResult(StatementType::kDrop);
}

}  // namespace teal
