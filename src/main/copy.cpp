// COPY table [(columns)] FROM 'file' [(options)]: an INSERT of read_csv's rows, read with
// the table's column types; COPY table or (query) TO 'file': the rows written by CsvWriter.
// Both answer with the number of rows copied.
//
// The defaults are PostgreSQL's (DIALECT.md): the text format unless FORMAT csv, no
// header, no sniffing of the file (DuckDB's AUTO_DETECT true asks for it), and a quoted
// empty field is an empty string, not NULL.
#include <fmt/format.h>

#include <algorithm>

#include "common/external_access.hpp"
#include "execution/executor.hpp"
#include "execution/physical_planner.hpp"
#include "function/table/csv_writer.hpp"
#include "function/table/partitioned_writer.hpp"
#include "main/client_context.hpp"
#include "main/count_result.hpp"
#include "main/query_profile.hpp"  // MakeStream's profile argument
#include "optimizer/optimizer.hpp"
#include "planner/binder.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

ParsedExpressionPtr ConstantExpression(Value value) {
  auto e = std::make_unique<ParsedExpression>(ExprKind::kConstant);
  e->value = std::move(value);
  return e;
}

}  // namespace

Result ClientContext::ExecuteCopy(CopyStatement& copy) {
  if (!database_->GetSettings().ExternalAccess()) RefuseExternalAccess("COPY");
  const CatalogSearch catalogs = Catalogs();
  auto has_option = [&](const char* name) {
    return std::any_of(copy.options.begin(), copy.options.end(),
                       [&](const auto& option) { return option.first == name; });
  };
  if (!has_option("format")) copy.options.emplace_back("format", Value::Varchar("text"));
  if (copy.is_from && !has_option("auto_detect")) {
    copy.options.emplace_back("auto_detect", Value::Boolean(false));
  }
  if (copy.is_from && !has_option("hive_partitioning") && !has_option("hive_types")) {
    // The file's columns are the table's: key=value directories in its path are no more.
    copy.options.emplace_back("hive_partitioning", Value::Boolean(false));
  }
  if (copy.is_from && !has_option("allow_quoted_nulls")) {
    // PostgreSQL's CSV: a quoted empty field ("") is an empty string, only an unquoted
    // one is NULL (DuckDB reads both as NULL; read_csv() still does).
    copy.options.emplace_back("allow_quoted_nulls", Value::Boolean(false));
  }
  if (copy.is_from) {
    // INSERT INTO table (columns) SELECT * FROM read_csv(path, options…, columns = {…}).
    const CatalogSearch::Place place = catalogs.Relation(copy.schema, copy.table);
    auto table = place.catalog->GetTable(place.name);
    std::vector<std::string> columns = copy.columns;
    if (columns.empty()) {
      for (const auto& column : table->columns) {
        if (!column.generated) columns.push_back(column.name);
      }
    }
    std::vector<std::pair<std::string, LogicalType>> struct_fields;
    std::vector<Value> type_names;
    for (const auto& name : columns) {
      const idx_t index = table->ColumnIndex(name);
      if (index == kInvalidIndex) {
        throw BinderError(
            fmt::format("COPY: table \"{}\" has no column \"{}\"", table->name, name));
      }
      struct_fields.emplace_back(name, LogicalType(TypeId::kVarchar));
      // As SQL that parses back: a user type's name quoted where it must be ("group").
      const LogicalType& type = table->columns[index].type;
      type_names.push_back(
          Value::Varchar(type.Id() == TypeId::kVarchar ? std::string("VARCHAR") : TypeSql(type)));
    }
    auto read = std::make_unique<ParsedExpression>(ExprKind::kFunction);
    read->name = "read_csv";
    read->children.push_back(ConstantExpression(Value::Varchar(copy.path)));
    for (auto& [name, value] : copy.options) {
      auto option = ConstantExpression(value);
      option->argument_name = name;
      read->children.push_back(std::move(option));
    }
    auto columns_option = ConstantExpression(
        Value::Struct(LogicalType::Struct(std::move(struct_fields)), std::move(type_names)));
    columns_option->argument_name = "columns";
    read->children.push_back(std::move(columns_option));

    InsertStatement insert;
    insert.text = copy.text;
    insert.schema = copy.schema;
    insert.table = copy.table;
    insert.columns = columns;
    insert.select = std::make_unique<SelectStatement>();
    insert.select->select_list.push_back(std::make_unique<ParsedExpression>(ExprKind::kStar));
    insert.select->from = std::make_unique<TableRef>();
    insert.select->from->kind = TableRefKind::kTableFunction;
    insert.select->from->function = std::move(read);
    Binder binder(catalogs);
    binder.SetOptions(BinderOptions());
    return ExecutePlan(StatementType::kCopy, binder.BindInsert(insert));
  }

  CsvOptions options;
  Binder binder(catalogs);
  binder.SetOptions(BinderOptions());
  std::vector<std::string> given;
  // PARTITION_BY (columns) and its options: a directory of key=value directories.
  std::vector<std::string> partition_by;
  bool write_partition_columns = false;
  bool overwrite_or_ignore = false;
  auto flag = [](const std::string& name, const Value& value) {
    return value.IsNull() || value.CastAs(LogicalType(TypeId::kBoolean)).GetStored<bool>();
  };
  for (const auto& [name, value] : copy.options) {
    if (std::find(given.begin(), given.end(), name) != given.end()) {
      throw BinderError(fmt::format("COPY: duplicate option {}", name));
    }
    given.push_back(name);
    if (name == "partition_by") {
      if (value.Type().Id() == TypeId::kList) {
        for (const Value& column : value.GetList()) partition_by.push_back(column.GetString());
      } else if (!value.IsNull()) {
        partition_by.push_back(value.ToString());
      }
      if (partition_by.empty()) throw BinderError("COPY: PARTITION_BY names no column");
      continue;
    }
    if (name == "write_partition_columns") {
      write_partition_columns = flag(name, value);
      continue;
    }
    if (name == "overwrite_or_ignore") {
      overwrite_or_ignore = flag(name, value);
      continue;
    }
    if (name == "overwrite") {
      throw NotImplementedError(
          "COPY … (OVERWRITE): deleting what the directory holds (OVERWRITE_OR_IGNORE writes "
          "into it, replacing files of the same name)");
    }
    SetCsvOption(options, name, value, /*reading=*/false,
                 [&](const std::string& text) { return binder.ResolveTypeText(text); });
  }
  SelectStatement table_query;
  SelectStatement* query = copy.query.get();
  if (!query) {
    // COPY table [(columns)] TO: its rows, as SELECT columns FROM table would give them.
    table_query.from = std::make_unique<TableRef>();
    table_query.from->schema = copy.schema;
    table_query.from->name = copy.table;
    if (copy.columns.empty()) {
      table_query.select_list.push_back(std::make_unique<ParsedExpression>(ExprKind::kStar));
    }
    for (const auto& name : copy.columns) {
      auto column = std::make_unique<ParsedExpression>(ExprKind::kColumnRef);
      column->names = {name};
      table_query.select_list.push_back(std::move(column));
    }
    query = &table_query;
  }
  if (std::string_view(copy.path).ends_with(".zst") && !has_option("compression")) {
    // DuckDB compresses by the name; an uncompressed file under it would not read back.
    throw NotImplementedError(fmt::format(
        "writing compressed files (\"{}\"); COMPRESSION none writes it uncompressed", copy.path));
  }
  BoundStatement bound = binder.BindSelect(*query);
  Optimize(*bound.plan, database_->GetSettings().OptimizerEnabled());
  ExecutorOptions executor_options = MakeExecutorOptions();
  auto stream =
      MakeStream(StatementType::kCopy, CreatePhysicalPlan(*bound.plan, nullptr, executor_options),
                 executor_options, /*may_stream=*/false);
  if (!partition_by.empty()) {
    std::vector<idx_t> columns;
    for (const auto& name : partition_by) {
      auto it = std::find_if(bound.names.begin(), bound.names.end(), [&](const std::string& n) {
        return Catalog::Key(n) == Catalog::Key(name);
      });
      if (it == bound.names.end()) {
        throw BinderError(
            fmt::format("COPY: PARTITION_BY names column \"{}\", which the rows lack", name));
      }
      columns.push_back(static_cast<idx_t>(it - bound.names.begin()));
    }
    if (columns.size() == bound.names.size() && !write_partition_columns) {
      throw BinderError(
          "COPY: PARTITION_BY names every column, which would leave the files no column "
          "(WRITE_PARTITION_COLUMNS keeps them in the files)");
    }
    PartitionedCsvWriter writer(copy.path, options, bound.names, bound.types, std::move(columns),
                                write_partition_columns, overwrite_or_ignore);
    while (auto chunk = stream->Next()) writer.Write(*chunk);
    writer.Finish();
    return CountResult(StatementType::kCopy, writer.Rows());
  }
  if (write_partition_columns || overwrite_or_ignore) {
    throw BinderError("COPY: WRITE_PARTITION_COLUMNS and OVERWRITE_OR_IGNORE go with PARTITION_BY");
  }
  CsvWriter writer(copy.path, options, bound.names, bound.types);
  while (auto chunk = stream->Next()) writer.Write(*chunk);
  writer.Finish();
  return CountResult(StatementType::kCopy, writer.Rows());
}

}  // namespace teal
