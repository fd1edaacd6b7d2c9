// PreparedStatement: binding parameter values and running a prepared plan.
#include "teal/prepared_statement.hpp"

#include <fmt/format.h>

#include "common/utf8.hpp"
#include "main/api_boundary.hpp"
#include "main/client_context.hpp"
#include "main/prepared_data.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

/// Throws InvalidInputError when a VARCHAR in parameter $index (itself, or an element of a
/// LIST) is not valid UTF-8: a parameter's text lands in columns and results as is.
void CheckUtf8Parameter(idx_t index, const Value& value) {
  if (value.IsNull()) return;
  if (value.Type().Id() == TypeId::kVarchar) {
    const std::string& text = value.GetString();
    if (size_t bad = FindInvalidUtf8(text); bad != text.size()) {
      throw InvalidInputError(fmt::format("parameter ${}: invalid UTF-8 in a VARCHAR value: {}",
                                          index, DescribeInvalidUtf8(text, bad)));
    }
  } else if (value.Type().Physical() == PhysicalType::kList) {
    for (const Value& element : value.GetList()) CheckUtf8Parameter(index, element);
  }
}

}  // namespace

PreparedStatement::PreparedStatement(std::shared_ptr<ClientContext> context,
                                     std::unique_ptr<PreparedData> data)
    : context_(std::move(context)), data_(std::move(data)) {}
PreparedStatement::PreparedStatement(PreparedStatement&&) noexcept = default;
PreparedStatement& PreparedStatement::operator=(PreparedStatement&&) noexcept = default;
PreparedStatement::~PreparedStatement() = default;

PreparedData& PreparedStatement::Data() const {
  if (!data_ || !context_) [[unlikely]] {
    throw InvalidInputError("the PreparedStatement was moved from; use the object it was moved to");
  }
  return *data_;
}

StatementType PreparedStatement::Type() const { return Data().statement->type; }
const std::string& PreparedStatement::Text() const { return Data().statement->text; }
idx_t PreparedStatement::ParameterCount() const { return Data().statement->parameter_count; }

namespace {
void CheckIndex(idx_t index, idx_t count) {
  if (index == 0 || index > count) {
    throw InvalidInputError(
        count == 0 ? fmt::format("the statement has no parameters (asked for ${})", index)
                   : fmt::format("parameter ${} does not exist: the statement has {} "
                                 "(numbered from $1)",
                                 index, count));
  }
}

void CheckColumn(std::string_view call, idx_t column, idx_t count) {
  if (column >= count) {
    throw InvalidInputError(fmt::format(
        "PreparedStatement::{}: column {} does not exist: the statement's result has {} "
        "columns (numbered from 0)",
        call, column, count));
  }
}
}  // namespace

const std::string& PreparedStatement::ParameterName(idx_t index) const {
  CheckIndex(index, ParameterCount());
  return data_->statement->parameter_names[index - 1];
}

idx_t PreparedStatement::ParameterIndex(std::string_view name) const {
  const auto& names = Data().statement->parameter_names;
  for (idx_t i = 0; i < names.size(); i++) {
    if (names[i] == name) return i + 1;
  }
  throw InvalidInputError(fmt::format("the statement has no parameter named ${}", name));
}

LogicalType PreparedStatement::ParameterType(idx_t index) const {
  CheckIndex(index, ParameterCount());
  return data_->parameter_types[index - 1];
}

idx_t PreparedStatement::ColumnCount() const { return Data().bound.types.size(); }
const std::string& PreparedStatement::ColumnName(idx_t column) const {
  CheckColumn("ColumnName", column, ColumnCount());
  return data_->bound.names[column];
}
const LogicalType& PreparedStatement::ColumnType(idx_t column) const {
  CheckColumn("ColumnType", column, ColumnCount());
  return data_->bound.types[column];
}

PreparedStatement& PreparedStatement::BindValue(idx_t index, Value value) {
  CheckIndex(index, ParameterCount());
  CheckUtf8Parameter(index, value);
  data_->values[index - 1] = std::move(value);
  data_->has_value[index - 1] = true;
  return *this;
}

void PreparedStatement::ClearBindings() {
  PreparedData& data = Data();
  for (idx_t i = 0; i < data.values.size(); i++) {
    data.values[i] = Value();
    data.has_value[i] = false;
  }
}

Result PreparedStatement::Execute() {
  PreparedData& data = Data();
  for (idx_t i = 0; i < data.has_value.size(); i++) {
    if (!data.has_value[i]) {
      const std::string& name = data.statement->parameter_names[i];
      throw InvalidInputError(fmt::format("parameter ${} has no value{}", i + 1,
                                          name.empty() ? "" : " ($" + name + ")"));
    }
  }
  return AtApiBoundary("PreparedStatement::Execute",
                       [&] { return context_->ExecutePrepared(data, data.values); });
}

Result PreparedStatement::ExecuteWith(std::vector<Value> values) {
  if (values.size() != ParameterCount()) {
    throw InvalidInputError(fmt::format("the statement has {} parameters but {} values were given",
                                        ParameterCount(), values.size()));
  }
  for (idx_t i = 0; i < values.size(); i++) CheckUtf8Parameter(i + 1, values[i]);
  return AtApiBoundary("PreparedStatement::Execute",
                       [&] { return context_->ExecutePrepared(*data_, values); });
}

}  // namespace teal
