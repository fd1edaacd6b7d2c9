// Catalog: schemas, and their tables, views, sequences, types and macros.
#include "catalog/catalog.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <functional>

#include "common/string_distance.hpp"
#include "parser/identifier.hpp"
#include "teal/error.hpp"
#include "transaction/transaction.hpp"
#include "transaction/transaction_manager.hpp"

namespace teal {

std::string QuoteFiledName(std::string_view filed) {
  // Schema names have no dots: the first dot, if any, ends the schema (QualifiedName).
  const size_t dot = filed.find('.');
  if (dot == std::string_view::npos) return QuoteIdentifier(filed);
  return QuoteQualifiedName(filed.substr(0, dot), filed.substr(dot + 1));
}

std::string TypeSql(const LogicalType& type) {
  switch (type.Id()) {
    case TypeId::kEnum: {
      if (!type.Enum().name.empty()) return QuoteFiledName(type.Enum().name);
      std::string out = "ENUM(";
      for (size_t i = 0; i < type.Enum().labels.size(); i++) {
        out += (i ? ", " : "") + QuoteLiteral(type.Enum().labels[i]);
      }
      return out + ")";
    }
    case TypeId::kList:
      return TypeSql(type.ListChild()) + "[]";
    case TypeId::kArray:
      return TypeSql(type.ListChild()) + "[" + std::to_string(type.ArraySize()) + "]";
    case TypeId::kMap:
      return "MAP(" + TypeSql(type.MapKey()) + ", " + TypeSql(type.MapValue()) + ")";
    case TypeId::kStruct: {
      std::string out = "STRUCT(";
      const auto& fields = type.StructFields();
      for (size_t i = 0; i < fields.size(); i++) {
        out += (i ? ", " : "") + QuoteIdentifier(fields[i].first) + " " + TypeSql(fields[i].second);
      }
      return out + ")";
    }
    case TypeId::kUnion: {
      std::string out = "UNION(";
      for (size_t k = 0; k < type.UnionMemberCount(); k++) {
        const auto& [name, member] = type.UnionMember(k);
        out += (k ? ", " : "") + QuoteIdentifier(name) + " " + TypeSql(member);
      }
      return out + ")";
    }
    case TypeId::kVarchar:
      return type.Collation().empty() ? "VARCHAR" : "VARCHAR COLLATE " + type.Collation();
    default:
      return type.ToString();
  }
}

namespace {

/// `type` with every VARCHAR in it plain (no collation).
LogicalType PlainVarchars(const LogicalType& type) {
  switch (type.Id()) {
    case TypeId::kVarchar:
      return LogicalType(TypeId::kVarchar);
    case TypeId::kList:
      return LogicalType::List(PlainVarchars(type.ListChild()));
    case TypeId::kArray:
      return LogicalType::Array(PlainVarchars(type.ListChild()), type.ArraySize());
    case TypeId::kMap:
      return LogicalType::Map(PlainVarchars(type.MapKey()), PlainVarchars(type.MapValue()));
    case TypeId::kStruct: {
      auto fields = type.StructFields();
      for (auto& field : fields) field.second = PlainVarchars(field.second);
      return LogicalType::Struct(std::move(fields));
    }
    case TypeId::kUnion: {
      std::vector<std::pair<std::string, LogicalType>> members;
      for (size_t k = 0; k < type.UnionMemberCount(); k++) {
        members.emplace_back(type.UnionMember(k).first, PlainVarchars(type.UnionMember(k).second));
      }
      return LogicalType::Union(std::move(members));
    }
    default:
      return type;
  }
}

}  // namespace

LogicalType WithoutNestedCollations(const LogicalType& type) {
  return type.Id() == TypeId::kVarchar ? type : PlainVarchars(type);
}

namespace {

/// Whether the catalog name `key` (lower-cased) is of the schema whose key is `schema`.
bool InSchema(const std::string& key, const std::string& schema) {
  return key.size() > schema.size() && key.compare(0, schema.size(), schema) == 0 &&
         key[schema.size()] == '.';
}

/// Whether values of `t` hold values of the user ENUM `type` (t itself, or in a nesting).
bool UsesEnum(const LogicalType& t, const LogicalType& type) {
  if (t.Id() == TypeId::kList || t.Id() == TypeId::kMap || t.Id() == TypeId::kArray) {
    return UsesEnum(t.ListChild(), type);
  }
  if (t.Id() == TypeId::kStruct || t.Id() == TypeId::kUnion) {
    for (const auto& field : t.StructFields()) {
      if (UsesEnum(field.second, type)) return true;
    }
    return false;
  }
  return t.Id() == TypeId::kEnum && t == type;
}
}  // namespace

bool Catalog::CreateSchema(const std::string& name, bool if_not_exists) {
  std::lock_guard<std::mutex> guard(lock_);
  const std::string key = Key(name);
  if (key == kMainSchema || schemas_.count(key)) {
    if (if_not_exists) return false;
    throw CatalogError(fmt::format("schema \"{}\" already exists", name));
  }
  if (name.empty() || name.find('.') != std::string::npos) {
    throw CatalogError(fmt::format("\"{}\" cannot name a schema: it has a dot or is empty", name));
  }
  schemas_.emplace(key, name);
  creation_order_.push_back("c:" + key);
  version_ = NextVersion();
  return true;
}

std::vector<std::shared_ptr<TableEntry>> Catalog::DropSchema(std::string_view name, bool if_exists,
                                                             bool cascade) {
  std::lock_guard<std::mutex> guard(lock_);
  const std::string key = Key(name);
  if (key == kMainSchema) {
    throw CatalogError("Cannot drop entry \"main\": the default schema cannot be dropped");
  }
  auto it = schemas_.find(key);
  if (it == schemas_.end()) {
    if (if_exists) return {};
    throw CatalogError(fmt::format("Schema with name {} does not exist!", name));
  }
  std::vector<std::shared_ptr<TableEntry>> dropped;
  std::vector<std::string> views;
  for (const auto& [table_key, table] : tables_) {
    if (InSchema(table_key, key)) dropped.push_back(table);
  }
  for (const auto& [view_key, view] : views_) {
    if (InSchema(view_key, key)) views.push_back(view_key);
  }
  std::vector<std::string> types, macros, sequences;  // their keys
  for (const auto& [type_key, type] : types_) {
    if (InSchema(type_key, key)) types.push_back(type_key);
  }
  for (const auto& [sequence_key, sequence] : sequences_) {
    if (InSchema(sequence_key, key)) sequences.push_back(sequence_key);
  }
  for (const auto& [macro_key, macro] : macros_) {
    if (InSchema(macro_key, key)) macros.push_back(macro_key);
  }
  if (!cascade && (!dropped.empty() || !views.empty() || !types.empty() || !macros.empty() ||
                   !sequences.empty())) {
    const char* kind = !dropped.empty()  ? "table"
                       : !views.empty()  ? "view"
                       : !types.empty()  ? "type"
                       : !macros.empty() ? "macro"
                                         : "sequence";
    const std::string entry = !dropped.empty()  ? dropped[0]->name
                              : !views.empty()  ? views_.at(views[0])->name
                              : !types.empty()  ? types[0].substr(key.size() + 1)
                              : !macros.empty() ? macros_.at(macros[0])->name
                                                : sequences[0].substr(key.size() + 1);
    throw DependencyError(fmt::format(
        "Cannot drop entry \"{}\" because there are entries that depend on it. {} \"{}\" "
        "depends on schema \"{}\". Use DROP SCHEMA … CASCADE to drop all dependents.",
        it->second, kind, entry, it->second));
  }
  // A sequence of the schema that a column elsewhere takes its DEFAULT from stays.
  for (const auto& sequence_key : sequences) {
    for (const auto& [table_key, table] : tables_) {
      if (InSchema(table_key, key)) continue;
      for (const auto& column : table->columns) {
        if (column.default_sequence &&
            column.default_sequence->SameSequence(*sequences_.at(sequence_key))) {
          throw DependencyError(fmt::format(
              "Cannot drop schema \"{}\": its sequence \"{}\" gives the DEFAULT of column "
              "\"{}\" of table \"{}\"",
              it->second, sequence_key.substr(key.size() + 1), column.name, table->name));
        }
      }
    }
  }
  // A type of the schema that a table elsewhere uses stays (CASCADE drops no other
  // schema's columns).
  for (const auto& type_key : types) {
    const LogicalType& type = types_.at(type_key);
    for (const auto& [table_key, table] : tables_) {
      if (InSchema(table_key, key) || type.Id() != TypeId::kEnum) continue;
      for (const auto& column : table->columns) {
        if (UsesEnum(column.type, type)) {
          throw DependencyError(fmt::format(
              "Cannot drop schema \"{}\": its type \"{}\" is the type of column \"{}\" of table "
              "\"{}\"",
              it->second, type_key.substr(key.size() + 1), column.name, table->name));
        }
      }
    }
  }
  for (const auto& table : dropped) {
    const std::string table_key = Key(table->CatalogName());
    for (const auto& index : table->indexes->Entries()) {
      ForgetLocked("i:" + Key(index->name));
    }
    tables_.erase(table_key);
    std::erase(creation_order_, "t:" + table_key);
    MoveTriggersLocked(table_key, nullptr);
  }
  for (const auto& view_key : views) {
    views_.erase(view_key);
    std::erase(creation_order_, "v:" + view_key);
  }
  for (const auto& type_key : types) {
    types_.erase(type_key);
    type_aliases_.erase(type_key);
    ForgetLocked("y:" + type_key);
  }
  for (const auto& macro_key : macros) {
    macros_.erase(macro_key);
    ForgetLocked("m:" + macro_key);
  }
  for (const auto& sequence_key : sequences) {
    sequences_.erase(sequence_key);
    ForgetLocked("s:" + sequence_key);
  }
  schemas_.erase(it);
  std::erase(creation_order_, "c:" + key);
  DropOrphanedSequencesLocked();
  version_ = NextVersion();
  return dropped;
}

bool Catalog::SchemaExists(std::string_view name) const {
  if (name.empty() || Key(name) == kMainSchema) return true;
  std::lock_guard<std::mutex> guard(lock_);
  return schemas_.count(Key(name)) > 0;
}

std::string Catalog::SchemaName(std::string_view name) const {
  if (name.empty() || Key(name) == kMainSchema) return "";
  std::lock_guard<std::mutex> guard(lock_);
  auto it = schemas_.find(Key(name));
  if (it == schemas_.end())
    throw CatalogError(fmt::format("Schema with name {} does not exist!", name));
  return it->second;
}

uint64_t Catalog::NextVersion() {
  static std::atomic<uint64_t> counter{0};
  return ++counter;
}

std::shared_ptr<Catalog> Catalog::Copy() const {
  std::lock_guard<std::mutex> guard(lock_);
  auto copy = std::make_shared<Catalog>();
  copy->tables_ = tables_;
  copy->views_ = views_;
  copy->types_ = types_;
  copy->type_aliases_ = type_aliases_;
  copy->comments_ = comments_;
  copy->sequences_ = sequences_;
  copy->macros_ = macros_;
  copy->triggers_ = triggers_;
  copy->schemas_ = schemas_;
  copy->creation_order_ = creation_order_;
  return copy;
}

std::string Catalog::Key(std::string_view name) {
  std::string key(name);
  for (auto& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

idx_t TableEntry::ColumnIndex(std::string_view column) const {
  for (idx_t i = 0; i < columns.size(); i++) {
    if (columns[i].name.size() != column.size()) continue;
    bool equal = true;
    for (size_t k = 0; k < column.size() && equal; k++) {
      equal = std::tolower(static_cast<unsigned char>(columns[i].name[k])) ==
              std::tolower(static_cast<unsigned char>(column[k]));
    }
    if (equal) return i;
  }
  return kInvalidIndex;
}

std::vector<LogicalType> TableEntry::Types() const {
  std::vector<LogicalType> types;
  for (const auto& c : columns) types.push_back(c.type);
  return types;
}

std::string TableEntry::ToSql() const {
  std::string out = "CREATE TABLE " + QuoteQualifiedName(schema, name) + "(";
  for (size_t i = 0; i < columns.size(); i++) {
    const auto& c = columns[i];
    if (i) out += ", ";
    out += QuoteIdentifier(c.name) + " " + TypeSql(c.type);
    if (c.not_null) out += " NOT NULL";
    if (c.default_value || c.default_sequence || c.default_expression)
      out += " DEFAULT " + c.default_text;
    if (c.generated) out += " GENERATED ALWAYS AS (" + c.generated_text + ") STORED";
    if (!c.compression.empty()) out += " USING COMPRESSION " + c.compression;
  }
  for (const auto& index : indexes->Entries()) {
    if (!index->from_constraint || index->foreign_key) continue;
    out += fmt::format(", {}(", index->KindName());
    for (size_t i = 0; i < index->columns.size(); i++) {
      out += (i ? ", " : "") + QuoteIdentifier(columns[index->columns[i]].name);
    }
    out += ")";
  }
  for (const auto& check : checks) {
    out += ", ";
    if (!check.name.empty()) out += "CONSTRAINT " + QuoteIdentifier(check.name) + " ";
    out += "CHECK (" + check.text + ")";
  }
  for (const auto& key : foreign_keys) out += ", " + key.ToSql(*this);
  return out + ");";
}

void Catalog::CheckTableNameFree(std::string_view name) const {
  std::lock_guard<std::mutex> guard(lock_);
  CheckTableNameFreeLocked(name);
}

void Catalog::CheckTableNameFreeLocked(std::string_view name) const {
  std::string key = Key(name);
  if (tables_.count(key) || views_.count(key)) {
    throw CatalogError(fmt::format("{} with name \"{}\" already exists!",
                                   views_.count(key) ? "View" : "Table", name));
  }
}

namespace {
/// DuckDB's words when a name is taken by the other kind of relation, then Teal's.
std::string OtherKind(std::string_view name, bool existing_view, std::string_view action) {
  const char* existing = existing_view ? "View" : "Table";
  const char* wanted = existing_view ? "Table" : "View";
  return fmt::format("Existing object \"{}\" is of type {}, trying to {} type {}", name, existing,
                     action, wanted);
}
}  // namespace

void Catalog::CheckReplaceable(std::string_view name, bool view) const {
  std::lock_guard<std::mutex> guard(lock_);
  const std::string key = Key(name);
  if (view ? tables_.count(key) != 0 : views_.count(key) != 0) {
    throw CatalogError(
        OtherKind(SplitFiledName(name).second, /*existing_view=*/!view, "replace with") +
        (view ? ": drop the table first" : ": drop the view first"));
  }
}

bool Catalog::CreateTable(std::shared_ptr<TableEntry> table, bool if_not_exists) {
  std::lock_guard<std::mutex> guard(lock_);
  std::string key = Key(table->CatalogName());
  if (tables_.count(key) || views_.count(key)) {
    if (if_not_exists) return false;
    CheckTableNameFreeLocked(table->CatalogName());
  }
  for (const auto& index : table->indexes->Entries()) {
    if (FindIndexLocked(index->name).first) {
      throw CatalogError(fmt::format("index \"{}\" already exists", index->name));
    }
  }
  tables_.emplace(key, std::move(table));
  creation_order_.push_back("t:" + key);
  version_ = NextVersion();
  return true;
}

void Catalog::DropTable(std::string_view name, bool if_exists) {
  std::lock_guard<std::mutex> guard(lock_);
  std::string key = Key(name);
  auto it = tables_.find(key);
  if (it == tables_.end()) {
    // Even with IF EXISTS (PostgreSQL's and DuckDB's rule): the name exists, as another kind.
    if (views_.count(key)) {
      throw CatalogError(OtherKind(SplitFiledName(name).second, true, "drop") + ": use DROP VIEW");
    }
    if (if_exists) return;
    throw CatalogError(
        fmt::format("Table with name {} does not exist!", SplitFiledName(name).second));
  }
  // Its indexes go with it.
  for (const auto& index : it->second->indexes->Entries()) {
    ForgetLocked("i:" + Key(index->name));
  }
  tables_.erase(it);
  std::erase(creation_order_, "t:" + key);
  MoveTriggersLocked(key, nullptr);
  DropOrphanedSequencesLocked();
  version_ = NextVersion();
}

bool Catalog::AlterTable(
    std::string_view name, bool if_exists, std::string_view new_name,
    const std::function<std::shared_ptr<TableEntry>(const TableEntry&)>& change) {
  std::lock_guard<std::mutex> guard(lock_);
  std::string key = Key(name);
  auto it = tables_.find(key);
  if (it == tables_.end()) {
    if (if_exists) return false;
    if (views_.count(key)) {
      throw CatalogError(
          fmt::format("\"{}\" is a view, not a table: ALTER TABLE cannot change it", name));
    }
    throw CatalogError(
        fmt::format("Table with name {} does not exist!", SplitFiledName(name).second));
  }
  std::string new_key = new_name.empty() ? key : Key(new_name);
  if (new_key != key && (tables_.count(new_key) || views_.count(new_key))) {
    throw CatalogError(fmt::format("Could not rename \"{}\" to \"{}\": {} of that name exists",
                                   it->second->name, new_name,
                                   views_.count(new_key) ? "a view" : "a table"));
  }
  std::shared_ptr<TableEntry> altered = change(*it->second);
  const std::shared_ptr<TableEntry> before = it->second;
  MoveOwnershipLocked(key, altered->CatalogName(), before.get(), altered.get());
  if (new_key == key) {
    it->second = std::move(altered);
  } else {
    tables_.erase(it);
    MoveTriggersLocked(key, altered.get());
    tables_.emplace(new_key, std::move(altered));
    std::replace(creation_order_.begin(), creation_order_.end(), "t:" + key, "t:" + new_key);
  }
  DropOrphanedSequencesLocked();  // those owned by a dropped column
  version_ = NextVersion();
  return true;
}

bool Catalog::CreateSequence(std::shared_ptr<SequenceEntry> sequence, bool if_not_exists) {
  std::lock_guard<std::mutex> guard(lock_);
  std::string key = Key(sequence->Name());
  if (sequences_.count(key)) {
    if (if_not_exists) return false;
    throw CatalogError(fmt::format("sequence \"{}\" already exists", sequence->Name()));
  }
  sequences_.emplace(key, std::move(sequence));
  creation_order_.push_back("s:" + key);
  version_ = NextVersion();
  return true;
}

void Catalog::DropSequence(std::string_view name, bool if_exists) {
  std::lock_guard<std::mutex> guard(lock_);
  std::string key = Key(name);
  auto it = sequences_.find(key);
  if (it == sequences_.end()) {
    if (if_exists) return;
    throw CatalogError(
        fmt::format("Sequence with name {} does not exist!", SplitFiledName(name).second));
  }
  for (const auto& [table_key, table] : tables_) {
    for (const auto& column : table->columns) {
      if (column.default_sequence && column.default_sequence->SameSequence(*it->second)) {
        const std::string_view bare = SplitFiledName(it->second->Name()).second;
        throw DependencyError(fmt::format(  // DuckDB's words, then which column
            "Cannot drop entry \"{}\" because there are entries that depend on it.\ntable \"{}\" "
            "depends on sequence \"{}\". (Its column \"{}\" takes its DEFAULT from it.)",
            bare, table->name, bare, column.name));
      }
    }
  }
  sequences_.erase(it);
  ForgetLocked("s:" + key);
  DropOrphanedSequencesLocked();
  version_ = NextVersion();
}

void Catalog::AlterSequence(std::string_view name, std::shared_ptr<SequenceEntry> altered) {
  std::lock_guard<std::mutex> guard(lock_);
  const std::string key = Key(name);
  auto it = sequences_.find(key);
  if (it == sequences_.end()) {
    throw CatalogError(
        fmt::format("Sequence with name {} does not exist!", SplitFiledName(name).second));
  }
  const std::string new_key = Key(altered->Name());
  if (new_key == key) {
    it->second = std::move(altered);
  } else {
    if (sequences_.count(new_key)) {
      throw CatalogError(
          fmt::format("sequence \"{}\" already exists", SplitFiledName(altered->Name()).second));
    }
    const std::string renamed = altered->Name();
    sequences_.erase(it);
    sequences_.emplace(new_key, std::move(altered));
    std::replace(creation_order_.begin(), creation_order_.end(), "s:" + key, "s:" + new_key);
    if (auto comment = comments_.find("s:" + key); comment != comments_.end()) {
      comments_["s:" + new_key] = std::move(comment->second);
      comments_.erase("s:" + key);
    }
    MoveOwnershipLocked(key, renamed);
  }
  version_ = NextVersion();
}

std::shared_ptr<SequenceEntry> Catalog::CurrentSequence(
    const std::shared_ptr<SequenceEntry>& sequence) const {
  if (!sequence) return sequence;
  std::lock_guard<std::mutex> guard(lock_);
  auto it = sequences_.find(Key(sequence->Name()));
  if (it != sequences_.end() && it->second->SameSequence(*sequence)) return it->second;
  return sequence;
}

std::shared_ptr<SequenceEntry> CurrentSequence(std::span<const Catalog* const> catalogs,
                                               const std::shared_ptr<SequenceEntry>& sequence) {
  for (const Catalog* catalog : catalogs) {
    if (!catalog) continue;
    auto current = catalog->CurrentSequence(sequence);
    if (current != sequence) return current;
  }
  return sequence;
}

void Catalog::MoveSequenceOwnership(std::string_view old_name, std::string_view new_name) {
  std::lock_guard<std::mutex> guard(lock_);
  MoveOwnershipLocked(Key(old_name), std::string(new_name));
  version_ = NextVersion();
}

void Catalog::MoveOwnershipLocked(const std::string& old_key, const std::string& renamed,
                                  const TableEntry* before, const TableEntry* after) {
  for (auto& [key, sequence] : sequences_) {
    SequenceOwner owner = sequence->Owner();
    if (owner.name.empty() || Key(owner.name) != old_key) continue;
    owner.name = renamed;
    // RENAME COLUMN keeps the columns' places; DROP COLUMN does not (the sequence then
    // goes with its column: DropOrphanedSequencesLocked).
    if (!owner.column.empty() && before && after &&
        after->ColumnIndex(owner.column) == kInvalidIndex &&
        before->columns.size() == after->columns.size()) {
      const idx_t at = before->ColumnIndex(owner.column);
      if (at != kInvalidIndex) owner.column = after->columns[at].name;
    }
    if (owner == sequence->Owner()) continue;
    sequence = sequence->Altered(sequence->Name(), sequence->Options(), std::move(owner),
                                 /*restart=*/false, std::nullopt);
  }
}

void Catalog::DropOrphanedSequencesLocked() {
  auto owner_exists = [&](const SequenceOwner& owner) {
    const std::string key = Key(owner.name);
    switch (owner.kind) {
      case 'v':
        return views_.count(key) > 0;
      case 's':
        return sequences_.count(key) > 0;
      default: {
        auto table = tables_.find(key);
        return table != tables_.end() &&
               (owner.column.empty() || table->second->ColumnIndex(owner.column) != kInvalidIndex);
      }
    }
  };
  for (bool dropped = true; dropped;) {
    dropped = false;
    for (auto it = sequences_.begin(); it != sequences_.end();) {
      const SequenceOwner& owner = it->second->Owner();
      if (owner.name.empty() || owner_exists(owner)) {
        ++it;
        continue;
      }
      ForgetLocked("s:" + it->first);
      it = sequences_.erase(it);
      dropped = true;
    }
  }
}

std::shared_ptr<SequenceEntry> Catalog::FindSequence(std::string_view name) const {
  std::lock_guard<std::mutex> guard(lock_);
  auto it = sequences_.find(Key(name));
  // nextval('main.s'): main's sequences are main.name too.
  const std::string main_prefix = std::string(kMainSchema) + ".";
  if (it == sequences_.end() && Key(name).starts_with(main_prefix)) {
    it = sequences_.find(Key(name.substr(main_prefix.size())));
  }
  return it == sequences_.end() ? nullptr : it->second;
}

std::shared_ptr<SequenceEntry> Catalog::GetSequence(std::string_view name) const {
  auto sequence = FindSequence(name);
  if (!sequence) {
    throw CatalogError(
        fmt::format("Sequence with name {} does not exist!", SplitFiledName(name).second));
  }
  return sequence;
}

std::string ViewEntry::ToSql() const {
  std::string out = "CREATE VIEW " + QuoteQualifiedName(schema, name);
  if (!column_names.empty()) {
    out += "(";
    for (size_t i = 0; i < column_names.size(); i++) {
      out += (i ? ", " : "") + QuoteIdentifier(column_names[i]);
    }
    out += ")";
  }
  return out + " AS " + query_text + ";";
}

void Catalog::CreateView(std::shared_ptr<ViewEntry> view, bool or_replace) {
  std::lock_guard<std::mutex> guard(lock_);
  std::string key = Key(view->CatalogName());
  if (tables_.count(key)) {
    if (or_replace) {
      throw CatalogError(OtherKind(view->name, false, "replace with") + ": drop the table first");
    }
    throw CatalogError(fmt::format("Table with name \"{}\" already exists!", view->name));
  }
  auto it = views_.find(key);
  if (it != views_.end()) {
    if (!or_replace) {
      throw CatalogError(fmt::format("View with name \"{}\" already exists!", view->name));
    }
    it->second = std::move(view);
  } else {
    views_.emplace(key, std::move(view));
    creation_order_.push_back("v:" + key);
  }
  version_ = NextVersion();
}

bool Catalog::IsSystemView(std::string_view name) {
  const std::string key = Key(name);
  return key == "sqlite_master" || key == "sqlite_schema" || key == "sqlite_temp_master" ||
         key == "sqlite_temp_schema";
}

void Catalog::DropView(std::string_view name, bool if_exists) {
  std::lock_guard<std::mutex> guard(lock_);
  std::string key = Key(name);
  if (!views_.erase(key)) {
    if (IsSystemView(key)) {
      throw CatalogError(
          fmt::format("Cannot drop internal catalog entry \"{}\"! (SQLite's catalog view)", name));
    }
    if (tables_.count(key)) {
      throw CatalogError(OtherKind(SplitFiledName(name).second, false, "drop") +
                         ": use DROP TABLE");
    }
    if (if_exists) return;
    throw CatalogError(
        fmt::format("View with name {} does not exist!", SplitFiledName(name).second));
  }
  std::erase(creation_order_, "v:" + key);
  DropOrphanedSequencesLocked();
  version_ = NextVersion();
}

bool Catalog::CreateIndex(const std::shared_ptr<TableEntry>& table,
                          std::shared_ptr<IndexEntry> index, bool if_not_exists,
                          const Transaction& transaction, bool created_here) {
  // Asked outside this catalog's lock: a commit holds the manager's lock, then this one.
  const TransactionManager* manager = table->storage->Manager();
  const transaction_t last_commit = manager ? manager->LastCommit() : 0;
  {
    std::lock_guard<std::mutex> guard(lock_);
    if (FindIndexLocked(index->name).first) {
      if (if_not_exists) return false;
      throw CatalogError(fmt::format("index \"{}\" already exists", index->name));
    }
    if (tables_.count(Key(index->name)) || views_.count(Key(index->name))) {
      throw CatalogError(fmt::format("\"{}\" is already the name of a table or view", index->name));
    }
    // Writers hold the indexes' lock from their check to their key inserts: none runs while
    // the index fills, and every later one sees it.
    std::lock_guard<std::mutex> writers(table->indexes->Lock());
    if (created_here) {
      TableIndexes::Build(*table, *index, transaction);
    } else {
      table->storage->CheckNoPendingChanges(
          fmt::format("CREATE INDEX \"{}\" on table \"{}\"", index->name, table->name),
          transaction.Id());
      // Every commit so far, and the transaction's own changes.
      const Transaction latest = transaction.Latest();
      TableIndexes::Build(*table, *index, latest);
    }
    // A new entry: the table's current one may be shared with other catalog versions.
    auto updated = std::make_shared<TableEntry>(*table);
    updated->indexes = table->indexes->With(index);
    tables_[Key(table->CatalogName())] = std::move(updated);
    if (!index->from_constraint) creation_order_.push_back("i:" + Key(index->name));
    version_ = NextVersion();
  }
  // The transaction's own scans read through the index with its snapshot: when commits
  // came after it began (before the build or during it), the rows it sees that they
  // deleted or changed must be found too. Only it sees the index until it commits.
  if (!created_here &&
      (!manager || last_commit > transaction.StartTime() || manager->LastCommit() != last_commit)) {
    TableIndexes::AddKeys(*table, *index, transaction);
  }
  return true;
}

void Catalog::DropIndex(std::string_view name, bool if_exists) {
  std::lock_guard<std::mutex> guard(lock_);
  auto [table, index] = FindIndexLocked(name);
  if (!index) {
    if (if_exists) return;
    throw CatalogError(
        fmt::format("Index with name {} does not exist!", SplitFiledName(name).second));
  }
  if (index->from_constraint) {
    throw CatalogError(
        fmt::format("index \"{}\" belongs to the {} of table \"{}\": it goes when the table does",
                    name, index->KindName(), table->name));
  }
  auto updated = std::make_shared<TableEntry>(*table);
  updated->indexes = table->indexes->Without(name);
  tables_[Key(table->CatalogName())] = std::move(updated);
  ForgetLocked("i:" + Key(name));
  version_ = NextVersion();
}

std::shared_ptr<IndexEntry> Catalog::FindIndex(std::string_view name) const {
  std::lock_guard<std::mutex> guard(lock_);
  return FindIndexLocked(name).second;
}

std::pair<std::shared_ptr<TableEntry>, std::shared_ptr<IndexEntry>> Catalog::FindIndexLocked(
    std::string_view name) const {
  for (const auto& [key, table] : tables_) {
    if (auto index = table->indexes->Find(name)) return {table, index};
  }
  return {nullptr, nullptr};
}

namespace {
/// A macro's key: a table macro's apart from a scalar one's of the same name (DuckDB keeps
/// them apart: m() AS 42 and m() AS TABLE … are two macros).
std::string MacroKey(std::string_view name, bool table) {
  return Catalog::Key(name) + (table ? "\x1ftable" : "");
}
}  // namespace

void Catalog::CreateMacro(std::shared_ptr<MacroEntry> macro, bool or_replace) {
  std::lock_guard<std::mutex> guard(lock_);
  std::string key = MacroKey(macro->name, macro->table);
  auto it = macros_.find(key);
  if (it != macros_.end()) {
    if (!or_replace) throw CatalogError(fmt::format("macro \"{}\" already exists", macro->name));
    it->second = std::move(macro);
  } else {
    macros_.emplace(key, std::move(macro));
    creation_order_.push_back("m:" + key);
  }
  version_ = NextVersion();
}

void Catalog::DropMacro(std::string_view name, bool table, bool if_exists) {
  std::lock_guard<std::mutex> guard(lock_);
  // DROP MACRO drops the scalar macro of the name, else the table macro (DuckDB's);
  // DROP MACRO TABLE the table macro only.
  std::string key = MacroKey(name, table);
  auto it = macros_.find(key);
  if (it == macros_.end() && !table) {
    key = MacroKey(name, true);
    it = macros_.find(key);
  }
  if (it == macros_.end()) {
    if (if_exists) return;
    if (table && macros_.count(MacroKey(name, false))) {
      throw CatalogError(fmt::format("\"{}\" is a scalar macro: use DROP MACRO {}", name, name));
    }
    throw CatalogError(
        fmt::format("Macro Function with name {} does not exist!", SplitFiledName(name).second));
  }
  macros_.erase(it);
  std::erase(creation_order_, "m:" + key);
  version_ = NextVersion();
}

namespace {
/// A trigger's key: its table's and its own name (names are per table).
std::string TriggerKey(std::string_view table, std::string_view name) {
  return Catalog::Key(table) + '\n' + Catalog::Key(name);
}
}  // namespace

bool Catalog::CreateTrigger(std::shared_ptr<TriggerEntry> trigger, bool if_not_exists) {
  std::lock_guard<std::mutex> guard(lock_);
  const std::string key = TriggerKey(trigger->table, trigger->name);
  if (triggers_.count(key)) {
    if (if_not_exists) return false;
    throw CatalogError(fmt::format("Trigger with name \"{}\" already exists on table \"{}\"",
                                   trigger->name, trigger->table_name));
  }
  triggers_.emplace(key, std::move(trigger));
  creation_order_.push_back("g:" + key);
  version_ = NextVersion();
  return true;
}

void Catalog::DropTrigger(std::string_view table, std::string_view name, bool if_exists) {
  std::lock_guard<std::mutex> guard(lock_);
  const std::string key = TriggerKey(table, name);
  auto it = triggers_.find(key);
  if (it == triggers_.end()) {
    if (if_exists) return;
    throw CatalogError(
        fmt::format("Trigger with name \"{}\" on table \"{}\" does not exist!", name, table));
  }
  triggers_.erase(it);
  std::erase(creation_order_, "g:" + key);
  version_ = NextVersion();
}

std::vector<std::shared_ptr<TriggerEntry>> Catalog::TriggersOn(std::string_view table) const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::shared_ptr<TriggerEntry>> out;
  if (triggers_.empty()) return out;
  // The map's order: the table's key, then the trigger's name lower-cased.
  const std::string prefix = Key(table) + '\n';
  for (auto it = triggers_.lower_bound(prefix); it != triggers_.end(); ++it) {
    if (!it->first.starts_with(prefix)) break;
    out.push_back(it->second);
  }
  return out;
}

std::vector<std::shared_ptr<TriggerEntry>> Catalog::Triggers() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::shared_ptr<TriggerEntry>> out;
  for (const auto& entry : creation_order_) {
    if (entry[0] == 'g') out.push_back(triggers_.at(entry.substr(2)));
  }
  return out;
}

void Catalog::MoveTriggersLocked(const std::string& table, const TableEntry* renamed) {
  const std::string prefix = table + '\n';
  for (auto it = triggers_.begin(); it != triggers_.end();) {
    if (!it->first.starts_with(prefix)) {
      ++it;
      continue;
    }
    const std::string old_key = it->first;
    auto moved = std::make_shared<TriggerEntry>(*it->second);
    it = triggers_.erase(it);
    if (!renamed) {
      std::erase(creation_order_, "g:" + old_key);
      continue;
    }
    moved->table = renamed->CatalogName();
    moved->table_name = renamed->name;
    const std::string new_key = TriggerKey(moved->table, moved->name);
    std::replace(creation_order_.begin(), creation_order_.end(), "g:" + old_key, "g:" + new_key);
    triggers_.emplace(new_key, std::move(moved));
  }
}

std::shared_ptr<MacroEntry> Catalog::FindMacro(std::string_view name, bool table) const {
  std::lock_guard<std::mutex> guard(lock_);
  auto it = macros_.find(MacroKey(name, table));
  if (it == macros_.end()) it = macros_.find(MacroKey(name, !table));
  return it == macros_.end() ? nullptr : it->second;
}

std::shared_ptr<ViewEntry> Catalog::FindView(std::string_view name) const {
  std::lock_guard<std::mutex> guard(lock_);
  auto it = views_.find(Key(name));
  return it == views_.end() ? nullptr : it->second;
}

std::shared_ptr<TableEntry> Catalog::FindTable(std::string_view name) const {
  std::lock_guard<std::mutex> guard(lock_);
  auto it = tables_.find(Key(name));
  return it == tables_.end() ? nullptr : it->second;
}

std::shared_ptr<TableEntry> Catalog::GetTable(std::string_view name) const {
  auto table = FindTable(name);
  if (!table) {
    if (FindView(name)) {
      throw CatalogError(fmt::format("\"{}\" is a view, and only tables can be changed", name));
    }
    std::vector<std::string> names = TableNames();
    for (const auto& view : Views()) names.push_back(view->CatalogName());
    throw CatalogError(MissingTableMessage(name, names));
  }
  return table;
}

std::string Catalog::MissingTableMessage(std::string_view name,
                                         const std::vector<std::string>& filed_names) {
  const auto [schema, bare] = SplitFiledName(name);
  std::string message = fmt::format("Table with name {} does not exist!", bare);
  std::vector<std::string> same_schema;
  std::vector<std::string> same_name;
  for (const std::string& filed : filed_names) {
    const auto [other_schema, other_bare] = SplitFiledName(filed);
    if (Key(other_schema) == Key(schema)) same_schema.emplace_back(other_bare);
    if (schema.empty() && Key(other_bare) == Key(bare)) same_name.push_back(filed);
  }
  // Unqualified, and the name is in other schemas: every one of them, as DuckDB lists them.
  if (!same_name.empty()) {
    std::string list;
    for (size_t i = 0; i < same_name.size(); i++) {
      if (i > 0)
        list += same_name.size() == 2 ? " or " : (i + 1 == same_name.size() ? ", or " : ", ");
      list += same_name[i];
    }
    return fmt::format("{} Did you mean \"{}\"?", message, list);
  }
  // Qualified: the schema's names, as the reference would write them after the schema.
  if (!schema.empty()) return WithDidYouMean(message, bare, same_schema);
  return WithDidYouMean(message, bare, filed_names);
}

void Catalog::CreateEnumType(const std::string& name, std::vector<std::string> labels) {
  std::lock_guard<std::mutex> guard(lock_);
  std::string key = Key(name);
  if (types_.count(key))
    throw CatalogError(fmt::format("Type with name \"{}\" already exists!", name));
  std::vector<std::string> seen = labels;
  std::sort(seen.begin(), seen.end());
  auto duplicate = std::adjacent_find(seen.begin(), seen.end());
  if (duplicate != seen.end()) {
    throw CatalogError(fmt::format("enum \"{}\" lists the label \"{}\" twice", name, *duplicate));
  }
  types_.emplace(key, LogicalType::Enum(name, std::move(labels)));
  creation_order_.push_back("y:" + key);
  version_ = NextVersion();
}

void Catalog::CreateTypeAlias(const std::string& name, LogicalType type) {
  std::lock_guard<std::mutex> guard(lock_);
  std::string key = Key(name);
  if (types_.count(key))
    throw CatalogError(fmt::format("Type with name \"{}\" already exists!", name));
  types_.emplace(key, std::move(type));
  type_aliases_.emplace(key, name);
  creation_order_.push_back("y:" + key);
  version_ = NextVersion();
}

void Catalog::DropType(std::string_view name, bool if_exists, bool cascade) {
  std::lock_guard<std::mutex> guard(lock_);
  std::string key = Key(name);
  auto it = types_.find(key);
  if (it == types_.end()) {
    if (if_exists) return;
    throw CatalogError(
        fmt::format("Type with name {} does not exist!", SplitFiledName(name).second));
  }
  if (type_aliases_.erase(key)) {  // its columns have the type it stands for
    types_.erase(it);
    ForgetLocked("y:" + key);
    version_ = NextVersion();
    return;
  }
  for (const auto& [table_key, table] : tables_) {
    for (const auto& column : table->columns) {
      if (UsesEnum(column.type, it->second)) {
        throw CatalogError(
            fmt::format("cannot drop type \"{}\": column \"{}\" of table \"{}\" uses it", name,
                        column.name, table->name));
      }
    }
  }
  (void)cascade;
  types_.erase(it);
  ForgetLocked("y:" + key);
  version_ = NextVersion();
}

void Catalog::ForgetLocked(const std::string& entry) {
  std::erase(creation_order_, entry);
  comments_.erase(entry);
}

std::optional<std::string> Catalog::ObjectComment(char kind, std::string_view name) const {
  std::lock_guard<std::mutex> guard(lock_);
  auto it = comments_.find(std::string(1, kind) + ":" + Key(name));
  if (it == comments_.end()) return std::nullopt;
  return it->second;
}

void Catalog::SetObjectComment(char kind, std::string_view name,
                               std::optional<std::string> comment) {
  std::lock_guard<std::mutex> guard(lock_);
  const std::string entry = std::string(1, kind) + ":" + Key(name);
  if (comment) {
    comments_[entry] = std::move(*comment);
  } else {
    comments_.erase(entry);
  }
  version_ = NextVersion();
}

std::optional<LogicalType> Catalog::FindType(std::string_view name) const {
  std::lock_guard<std::mutex> guard(lock_);
  auto it = types_.find(Key(name));
  if (it == types_.end()) return std::nullopt;
  return it->second;
}

std::vector<LogicalType> Catalog::UserTypes() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<LogicalType> out;
  for (const auto& [key, type] : types_) {
    if (!type_aliases_.count(key)) out.push_back(type);
  }
  return out;
}

std::vector<std::pair<std::string, LogicalType>> Catalog::TypeAliases() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::pair<std::string, LogicalType>> out;
  for (const auto& [key, name] : type_aliases_) out.emplace_back(name, types_.at(key));
  return out;
}

std::vector<std::shared_ptr<MacroEntry>> Catalog::Macros() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::shared_ptr<MacroEntry>> out;
  for (const auto& [key, macro] : macros_) out.push_back(macro);
  return out;
}

std::vector<std::shared_ptr<SequenceEntry>> Catalog::Sequences() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::shared_ptr<SequenceEntry>> out;
  for (const auto& [key, sequence] : sequences_) out.push_back(sequence);
  return out;
}

std::vector<std::shared_ptr<TableEntry>> Catalog::Tables() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::shared_ptr<TableEntry>> out;
  for (const auto& [key, table] : tables_) out.push_back(table);
  return out;
}

std::vector<std::shared_ptr<TableEntry>> Catalog::TablesInCreationOrder() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::shared_ptr<TableEntry>> out;
  for (const auto& entry : creation_order_) {
    if (entry[0] == 't') out.push_back(tables_.at(entry.substr(2)));
  }
  return out;
}

std::vector<std::shared_ptr<ViewEntry>> Catalog::Views() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::shared_ptr<ViewEntry>> out;
  for (const auto& [key, view] : views_) out.push_back(view);
  return out;
}

std::vector<std::string> Catalog::Schemas() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::string> out;
  for (const auto& [key, name] : schemas_) out.push_back(name);
  return out;
}

std::vector<std::string> Catalog::TableNames() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::string> names;
  for (const auto& [key, table] : tables_) names.push_back(table->CatalogName());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> Catalog::SchemaStatements(std::vector<std::string>* indexes) const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::string> out;
  // COMMENT ON what IS 'comment', after the object's CREATE.
  auto comment = [](std::vector<std::string>& into, const std::string& what,
                    const std::optional<std::string>& text) {
    if (text) into.push_back("COMMENT ON " + what + " IS " + QuoteLiteral(*text) + ";");
  };
  auto object_comment = [&](std::vector<std::string>& into, const std::string& entry,
                            const std::string& what) {
    auto it = comments_.find(entry);
    if (it != comments_.end()) comment(into, what, it->second);
  };
  for (const auto& entry : creation_order_) {
    std::string key = entry.substr(2);
    if (entry[0] == 'c') {
      out.push_back("CREATE SCHEMA " + QuoteIdentifier(schemas_.at(key)) + ";");
    } else if (entry[0] == 't') {
      const TableEntry& table = *tables_.at(key);
      out.push_back(table.ToSql());
      const std::string name = QuoteQualifiedName(table.schema, table.name);
      comment(out, "TABLE " + name, table.comment);
      for (const auto& column : table.columns) {
        comment(out, "COLUMN " + name + "." + QuoteIdentifier(column.name), column.comment);
      }
    } else if (entry[0] == 'v') {
      const ViewEntry& view = *views_.at(key);
      out.push_back(view.ToSql());
      const std::string name = QuoteQualifiedName(view.schema, view.name);
      comment(out, "VIEW " + name, view.comment);
      for (const auto& [column, text] : view.column_comments) {
        comment(out, "COLUMN " + name + "." + QuoteIdentifier(column), text);
      }
    } else if (entry[0] == 'i') {
      auto [table, index] = FindIndexLocked(key);
      if (index) {
        std::vector<std::string>& into = indexes ? *indexes : out;
        into.push_back(index->ToSql(*table));
        object_comment(
            into, entry,
            "INDEX " + QuoteQualifiedName(table->schema, std::string(index->LocalName(*table))));
      }
    } else if (entry[0] == 'm') {
      const MacroEntry& macro = *macros_.at(key);
      out.push_back(macro.ToSql());
      comment(out, "FUNCTION " + QuoteFiledName(macro.name), macro.comment);
    } else if (entry[0] == 'g') {
      (indexes ? *indexes : out).push_back(triggers_.at(key)->ToSql());
    } else if (entry[0] == 's') {
      const auto& sequence = *sequences_.at(key);
      out.push_back("CREATE SEQUENCE " + QuoteFiledName(sequence.Name()) + sequence.OptionsSql() +
                    ";");
      object_comment(out, entry, "SEQUENCE " + QuoteFiledName(sequence.Name()));
    } else if (auto alias = type_aliases_.find(key); alias != type_aliases_.end()) {
      out.push_back("CREATE TYPE " + QuoteFiledName(alias->second) + " AS " +
                    TypeSql(types_.at(key)) + ";");
      object_comment(out, entry, "TYPE " + QuoteFiledName(alias->second));
    } else {
      const auto& info = types_.at(key).Enum();
      std::string sql = "CREATE TYPE " + QuoteFiledName(info.name) + " AS ENUM (";
      for (size_t i = 0; i < info.labels.size(); i++) {
        sql += (i ? ", " : "") + QuoteLiteral(info.labels[i]);
      }
      out.push_back(sql + ");");
      object_comment(out, entry, "TYPE " + QuoteFiledName(info.name));
    }
  }
  // Owners last: an owner may have been made after its sequence.
  for (const auto& entry : creation_order_) {
    if (entry[0] != 's') continue;
    const SequenceEntry& sequence = *sequences_.at(entry.substr(2));
    const SequenceOwner& owner = sequence.Owner();
    if (owner.name.empty()) continue;
    out.push_back("ALTER SEQUENCE " + QuoteFiledName(sequence.Name()) + " OWNED BY " +
                  QuoteFiledName(owner.name) +
                  (owner.column.empty() ? "" : "." + QuoteIdentifier(owner.column)) + ";");
  }
  return out;
}

}  // namespace teal
