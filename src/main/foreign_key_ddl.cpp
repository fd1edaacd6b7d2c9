// ClientContext: the FOREIGN KEYs of CREATE TABLE — each resolved to its parent's PRIMARY
// KEY or UNIQUE constraint, its columns put in that key's order, and given an index over
// them in the new table (catalog/foreign_key.hpp).
#include <fmt/format.h>

#include <algorithm>

#include "catalog/catalog.hpp"
#include "catalog/catalog_search.hpp"
#include "main/client_context.hpp"
#include "teal/error.hpp"

namespace teal {

void ClientContext::AddForeignKeys(const CreateTableStatement& create, const Catalog& catalog,
                                   TableEntry& table) {
  for (const auto& syntax : create.foreign_keys) {
    // A parent named without a schema is looked up in the search path, as a query's is.
    auto exists = [](const Catalog& in, std::string_view name) {
      return in.FindTable(name) || in.FindView(name);
    };
    CatalogSearch search(const_cast<Catalog&>(catalog));
    search.path = Catalogs().path;
    const std::string parent_name = syntax.parent_schema.empty()
                                        ? search.InPath(syntax.parent, exists)
                                        : catalog.Resolve(syntax.parent_schema, syntax.parent);
    // A table may reference itself (a row its own table's other row): by its name, or by
    // its name alone when no table in the path has it.
    const bool self = Catalog::Key(parent_name) == Catalog::Key(table.CatalogName()) ||
                      (syntax.parent_schema.empty() && !exists(catalog, parent_name) &&
                       Catalog::Key(syntax.parent) == Catalog::Key(table.name));
    if (!self && catalog.FindView(parent_name)) {
      throw BinderError(fmt::format(
          "FOREIGN KEY of table \"{}\": \"{}\" is a view; cannot reference a VIEW with a "
          "FOREIGN KEY",
          table.name, syntax.parent));
    }
    std::shared_ptr<const TableEntry> held = self ? nullptr : catalog.GetTable(parent_name);
    const TableEntry* parent = self ? &table : held.get();
    if (!self) {
      // A DELETE or UPDATE of the parent by a transaction that does not see the key would
      // leave rows of this table without their parent: those begun before this commits may
      // not write the parent (DataTable::MarkAltered), nor may others before it commits.
      current_->TableReplaced(
          held->storage, Transaction::TableChange::kIndexes,
          fmt::format("CREATE TABLE \"{}\" REFERENCES \"{}\"", table.name, parent->name));
    }
    // The referenced columns: as written, or the parent's PRIMARY KEY.
    std::vector<idx_t> referenced;
    std::shared_ptr<IndexEntry> key;
    if (syntax.parent_columns.empty()) {
      for (const auto& index : parent->indexes->Entries()) {
        if (index->constraint == IndexConstraint::kPrimaryKey) key = index;
      }
      if (!key) {
        throw BinderError(fmt::format(
            "FOREIGN KEY of table \"{}\": there is no primary key for referenced table \"{}\"; "
            "name the referenced columns",
            table.name, parent->name));
      }
      referenced = key->columns;
    } else {
      for (const auto& name : syntax.parent_columns) {
        const idx_t c = parent->ColumnIndex(name);
        if (c == kInvalidIndex) {
          throw BinderError(fmt::format(
              "FOREIGN KEY of table \"{}\": table \"{}\" does not have a column named \"{}\"",
              table.name, parent->name, name));
        }
        referenced.push_back(c);
      }
    }
    if (referenced.size() != syntax.columns.size()) {
      throw BinderError(fmt::format(
          "FOREIGN KEY of table \"{}\": the number of referencing ({}) and referenced ({}) "
          "columns differ",
          table.name, syntax.columns.size(), referenced.size()));
    }
    // The parent's key over exactly these columns (in any order), and the child's columns
    // matched to its order.
    std::vector<idx_t> sorted = referenced;
    std::sort(sorted.begin(), sorted.end());
    if (!key) {
      for (const auto& index : parent->indexes->Entries()) {
        std::vector<idx_t> columns = index->columns;
        std::sort(columns.begin(), columns.end());
        if (index->Unique() && !index->OnExpressions() && columns == sorted) key = index;
      }
    }
    if (!key) {
      std::string names;
      for (idx_t c : referenced) names += (names.empty() ? "" : ", ") + parent->columns[c].name;
      throw BinderError(fmt::format(
          "Failed to create foreign key: referenced table \"{}\" does not have a primary key or "
          "unique constraint on the columns {}",
          parent->name, names));
    }
    ForeignKey foreign;
    foreign.name = syntax.name;
    foreign.parent_schema = parent->schema;
    foreign.parent = parent->name;
    for (idx_t parent_column : key->columns) {
      const size_t at =
          std::find(referenced.begin(), referenced.end(), parent_column) - referenced.begin();
      const idx_t c = table.ColumnIndex(syntax.columns[at]);
      if (c == kInvalidIndex) {
        throw BinderError(fmt::format("FOREIGN KEY of table \"{}\": it has no column \"{}\"",
                                      table.name, syntax.columns[at]));
      }
      if (table.columns[c].type != parent->columns[parent_column].type) {
        throw BinderError(fmt::format(
            "Failed to create foreign key: incompatible types between column \"{}\" (\"{}\") and "
            "column \"{}\" (\"{}\"): give them the same type",
            table.columns[c].name, table.columns[c].type.ToString(),
            parent->columns[parent_column].name, parent->columns[parent_column].type.ToString()));
      }
      foreign.columns.push_back(c);
      foreign.parent_columns.push_back(parent->columns[parent_column].name);
    }
    // PostgreSQL's name for the constraint: t_a_b_fkey (numbered when taken).
    std::string base = table.name;
    for (idx_t c : foreign.columns) base += "_" + table.columns[c].name;
    base += "_fkey";
    std::string name = foreign.name.empty() ? base : foreign.name;
    for (int n = 1;
         catalog.FindIndex(QualifiedName(table.schema, name)) || table.indexes->Find(name); n++) {
      if (!foreign.name.empty()) {
        throw CatalogError(fmt::format("an index or constraint named \"{}\" already exists", name));
      }
      name = base + std::to_string(n);
    }
    auto index = std::make_shared<IndexEntry>();
    index->name = QualifiedName(table.schema, name);
    index->columns = foreign.columns;
    index->from_constraint = true;
    index->foreign_key = true;
    table.indexes->Add(index);
    foreign.index = std::move(index);
    table.foreign_keys.push_back(std::move(foreign));
  }
}

}  // namespace teal
