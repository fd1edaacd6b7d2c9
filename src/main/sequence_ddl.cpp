// ALTER SEQUENCE, and what owning a sequence (OWNED BY) means for DROP.
//
// A sequence may be owned by a relation: it then goes when its owner goes (Catalog's sweep).
// Two forms, with the rules of the system each comes from:
//  - PostgreSQL's OWNED BY table.column: the sequence also goes with its column; DROP
//    SEQUENCE drops it as any other.
//  - DuckDB's OWNED BY relation (a table, a view or another sequence): the owner depends on
//    the sequence, so DROP SEQUENCE needs CASCADE, which drops the owner too; a sequence
//    already owned by another relation cannot be given a second owner, and an owning
//    sequence can neither be owned nor own an owned one (no chains).
// A sequence that goes with its owner may not be left in use: a DEFAULT nextval(…) of a
// table that stays refuses the DROP, or with CASCADE loses its DEFAULT (PostgreSQL's).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "catalog/catalog.hpp"
#include "main/client_context.hpp"
#include "main/count_result.hpp"
#include "main/expression_dependents.hpp"
#include "parser/statements.hpp"
#include "teal/error.hpp"
#include "transaction/transaction.hpp"

namespace teal {

namespace {

const char* OwnerKindName(char kind) {
  return kind == 'v' ? "view" : kind == 's' ? "sequence" : "table";
}

/// The relation named by `parts` ([[db.]schema.]name), if it exists.
std::optional<SequenceOwner> FindRelation(const CatalogSearch& search,
                                          const std::vector<std::string>& parts,
                                          const Catalog** where) {
  if (parts.empty() || parts.size() > 3) return std::nullopt;
  std::string schema;
  for (size_t i = 0; i + 1 < parts.size(); i++) schema += (i ? "." : "") + parts[i];
  CatalogSearch::Place place{nullptr, {}, false};
  try {
    place = search.Relation(schema, parts.back());
  } catch (const CatalogError&) {
    return std::nullopt;  // no such schema or database
  }
  SequenceOwner owner;
  if (auto table = place.catalog->FindTable(place.name)) {
    owner = {table->CatalogName(), 't', {}};
  } else if (auto view = place.catalog->FindView(place.name)) {
    owner = {view->CatalogName(), 'v', {}};
  } else if (auto sequence = place.catalog->FindSequence(place.name)) {
    owner = {sequence->Name(), 's', {}};
  } else {
    return std::nullopt;
  }
  *where = place.catalog;
  return owner;
}

}  // namespace

SequenceOwner ClientContext::SequenceOwnerNamed(const Catalog& catalog,
                                                const SequenceEntry& sequence,
                                                const std::vector<std::string>& parts) {
  const CatalogSearch search = Catalogs();
  const Catalog* where = nullptr;
  const std::string written = fmt::format("{}", fmt::join(parts, "."));
  std::optional<SequenceOwner> owner = FindRelation(search, parts, &where);
  if (!owner && parts.size() >= 2) {
    // PostgreSQL's table.column.
    std::vector<std::string> table_parts(parts.begin(), parts.end() - 1);
    if (auto table = FindRelation(search, table_parts, &where); table && table->kind == 't') {
      auto entry = where->FindTable(table->name);
      const idx_t column = entry->ColumnIndex(parts.back());
      if (column == kInvalidIndex) {
        throw BinderError(fmt::format("column \"{}\" of relation \"{}\" does not exist",
                                      parts.back(), entry->name));
      }
      owner = table;
      owner->column = entry->columns[column].name;
    }
  }
  if (!owner) {
    throw CatalogError(fmt::format("Table with name {} does not exist!", written));
  }
  if (where != &catalog) {
    throw NotImplementedError(fmt::format(
        "ALTER SEQUENCE {} OWNED BY {}: a sequence and its owner must be in the same database "
        "and both temporary or both not",
        SplitFiledName(sequence.Name()).second, written));
  }
  const std::string_view name = SplitFiledName(sequence.Name()).second;
  if (owner->kind == 's' && Catalog::Key(owner->name) == Catalog::Key(sequence.Name())) {
    throw DependencyError(fmt::format("\"{}\" can not own itself", name));
  }
  if (owner->column.empty()) {
    // DuckDB's rules for its form.
    const SequenceOwner& current = sequence.Owner();
    if (!current.name.empty() && Catalog::Key(current.name) != Catalog::Key(owner->name)) {
      throw DependencyError(fmt::format("\"{}\" is already owned by \"{}\"", name,
                                        SplitFiledName(current.name).second));
    }
    if (owner->kind == 's') {
      auto target = catalog.FindSequence(owner->name);
      if (!target->Owner().name.empty()) {
        throw DependencyError(fmt::format(
            "\"{}\" can not become the owner, it is already owned by \"{}\"",
            SplitFiledName(owner->name).second, SplitFiledName(target->Owner().name).second));
      }
      for (const auto& other : catalog.Sequences()) {
        const SequenceOwner& theirs = other->Owner();
        if (theirs.kind == 's' && Catalog::Key(theirs.name) == Catalog::Key(sequence.Name())) {
          throw DependencyError(
              fmt::format("\"{}\" already owns \"{}\". Cannot have circular dependencies", name,
                          SplitFiledName(other->Name()).second));
        }
      }
    }
  }
  return *owner;
}

Result ClientContext::ExecuteAlterSequence(const AlterSequenceStatement& alter) {
  const std::string qualified =
      alter.schema.empty() ? alter.name : QualifiedName(alter.schema, alter.name);
  const CatalogSearch::Place place =
      Catalogs().Find(qualified, [](const Catalog& catalog, std::string_view name) {
        return catalog.FindSequence(name) != nullptr;
      });
  Catalog& catalog = WritableCatalog(place.temporary);
  auto sequence = catalog.FindSequence(place.name);
  if (!sequence) {
    if (alter.if_exists) return EmptyResult(StatementType::kAlter);
    throw CatalogError(fmt::format("Sequence with name {} does not exist!", alter.name));
  }
  std::string name = sequence->Name();
  if (!alter.new_name.empty()) {
    // Its users name it in SQL text (a DEFAULT, a view, a macro), which a rename would leave
    // behind: PostgreSQL follows the sequence by its oid, Teal refuses instead.
    const std::shared_ptr<Catalog> temp = ReadTempCatalog();
    for (const Catalog* holder :
         {static_cast<const Catalog*>(&catalog), static_cast<const Catalog*>(temp.get())}) {
      if (!holder) continue;
      for (const auto& table : holder->Tables()) {
        for (const auto& column : table->columns) {
          if (column.default_sequence && column.default_sequence->SameSequence(*sequence)) {
            throw NotImplementedError(fmt::format(
                "renaming sequence \"{}\", which column \"{}\" of table \"{}\" takes its DEFAULT "
                "from",
                SplitFiledName(name).second, column.name, table->name));
          }
        }
      }
    }
    RefuseSequenceInUse(catalog, name, "ALTER SEQUENCE … RENAME");
    name = QualifiedName(SplitFiledName(name).first, alter.new_name);
  }
  SequenceOptions options = sequence->Options();
  if (alter.increment) options.increment = *alter.increment;
  if (alter.min_value) options.min_value = *alter.min_value;
  if (alter.max_value) options.max_value = *alter.max_value;
  if (alter.start) options.start = *alter.start;
  if (alter.cycle) options.cycle = *alter.cycle;
  SequenceOwner owner = sequence->Owner();
  if (alter.owned_by) {
    owner = alter.owned_by->empty() ? SequenceOwner{}
                                    : SequenceOwnerNamed(catalog, *sequence, *alter.owned_by);
  }
  catalog.AlterSequence(place.name, sequence->Altered(name, options, std::move(owner),
                                                      alter.restart, alter.restart_with));
  LogStatement(alter, place.temporary);
  return EmptyResult(StatementType::kAlter);
}

void ClientContext::DropSequenceOwner(Catalog& catalog, const SequenceEntry& sequence, bool cascade,
                                      bool trial) {
  const SequenceOwner& owner = sequence.Owner();
  if (owner.name.empty() || !owner.column.empty()) return;  // PostgreSQL's: it just goes
  const std::string_view name = SplitFiledName(sequence.Name()).second;
  if (!cascade) {
    throw DependencyError(fmt::format(
        "Cannot drop entry \"{}\" because there are entries that depend on it.\n{} \"{}\" "
        "depends on sequence \"{}\".\nUse DROP...CASCADE to drop all dependents.",
        name, OwnerKindName(owner.kind), SplitFiledName(owner.name).second, name));
  }
  // The owner goes, and the sequence with it.
  if (owner.kind == 't') {
    if (auto table = catalog.FindTable(owner.name); table && !trial) {
      RefuseReferenced(catalog, *table, {});
      current_->TableReplaced(table->storage, Transaction::TableChange::kDropped,
                              fmt::format("DROP SEQUENCE \"{}\" CASCADE", name));
    }
    catalog.DropTable(owner.name, /*if_exists=*/true);
  } else if (owner.kind == 'v') {
    catalog.DropView(owner.name, /*if_exists=*/true);
  } else {
    catalog.DropSequence(owner.name, /*if_exists=*/true);
  }
}

void ClientContext::CheckOwnedSequencesDropped(Catalog& catalog, const Catalog& after,
                                               const std::vector<std::string>& named,
                                               std::string_view what, bool cascade) {
  // (Table, column) DEFAULTs CASCADE drops.
  std::vector<std::pair<std::string, std::string>> defaults;
  for (const auto& sequence : catalog.Sequences()) {
    if (after.FindSequence(sequence->Name())) continue;
    const std::string key = Catalog::Key(sequence->Name());
    if (std::any_of(named.begin(), named.end(),
                    [&](const std::string& name) { return Catalog::Key(name) == key; })) {
      continue;  // DROP SEQUENCE's own checks
    }
    for (const auto& table : after.Tables()) {
      for (const auto& column : table->columns) {
        if (!column.default_sequence || !column.default_sequence->SameSequence(*sequence)) {
          continue;
        }
        if (!cascade) {
          throw DependencyError(fmt::format(
              "Cannot drop entry \"{}\" because there are entries that depend on it: column "
              "\"{}\" of table \"{}\" takes its DEFAULT from sequence \"{}\", which goes with "
              "it ({} refused; with CASCADE that DEFAULT is dropped too)",
              SplitFiledName(sequence->Owner().name).second, column.name, table->name,
              SplitFiledName(sequence->Name()).second, what));
        }
        defaults.emplace_back(table->CatalogName(), column.name);
      }
    }
    RefuseSequenceInUse(after, sequence->Name(), what);
  }
  for (const auto& use : defaults) {
    catalog.AlterTable(use.first, /*if_exists=*/false, "", [&](const TableEntry& entry) {
      auto changed = std::make_shared<TableEntry>(entry);
      ColumnDefinition& definition = changed->columns[changed->ColumnIndex(use.second)];
      definition.default_sequence = nullptr;
      definition.default_text.clear();
      return changed;
    });
  }
}

}  // namespace teal
