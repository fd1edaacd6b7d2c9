// PreparedStatement: binding parameter values and running a prepared plan.
#include "teal/prepared_statement.hpp"

#include <fmt/format.h>

#include "common/utf8.hpp"
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
  } else if (value.Type().Id() == TypeId::kList) {
    for (const Value& element : value.GetList()) CheckUtf8Parameter(index, element);
  }
}

}  // namespace

PreparedStatement::PreparedStatement(ClientContext& context, std::unique_ptr<PreparedData> data)
    : context_(&context), data_(std::move(data)) {}
PreparedStatement::PreparedStatement(PreparedStatement&&) noexcept = default;
PreparedStatement& PreparedStatement::operator=(PreparedStatement&&) noexcept = default;
PreparedStatement::~PreparedStatement() = default;

StatementType PreparedStatement::Type() const { return data_->statement->type; }
const std::string& PreparedStatement::Text() const { return data_->statement->text; }
idx_t PreparedStatement::ParameterCount() const { return data_->statement->parameter_count; }

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
}  // namespace

const std::string& PreparedStatement::ParameterName(idx_t index) const {
  CheckIndex(index, ParameterCount());
  return data_->statement->parameter_names[index - 1];
}

idx_t PreparedStatement::ParameterIndex(std::string_view name) const {
  const auto& names = data_->statement->parameter_names;
  for (idx_t i = 0; i < names.size(); i++) {
    if (names[i] == name) return i + 1;
  }
  throw InvalidInputError(fmt::format("the statement has no parameter named ${}", name));
}

LogicalType PreparedStatement::ParameterType(idx_t index) const {
  CheckIndex(index, ParameterCount());
  return data_->parameter_types[index - 1];
}

idx_t PreparedStatement::ColumnCount() const { return data_->bound.types.size(); }
const std::string& PreparedStatement::ColumnName(idx_t column) const {
  if (column >= ColumnCount())
    throw InvalidInputError(fmt::format("column {} does not exist", column));
  return data_->bound.names[column];
}
const LogicalType& PreparedStatement::ColumnType(idx_t column) const {
  if (column >= ColumnCount())
    throw InvalidInputError(fmt::format("column {} does not exist", column));
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
  for (idx_t i = 0; i < data_->values.size(); i++) {
    data_->values[i] = Value();
    data_->has_value[i] = false;
  }
}

Result PreparedStatement::Execute() {
  for (idx_t i = 0; i < data_->has_value.size(); i++) {
    if (!data_->has_value[i]) {
      const std::string& name = data_->statement->parameter_names[i];
      throw InvalidInputError(fmt::format("parameter ${} has no value{}", i + 1,
                                          name.empty() ? "" : " ($" + name + ")"));
    }
  }
  return context_->ExecutePrepared(*data_, data_->values);
}

Result PreparedStatement::ExecuteWith(std::vector<Value> values) {
  if (values.size() != ParameterCount()) {
    throw InvalidInputError(fmt::format("the statement has {} parameters but {} values were given",
                                        ParameterCount(), values.size()));
  }
  for (idx_t i = 0; i < values.size(); i++) CheckUtf8Parameter(i + 1, values[i]);
  return context_->ExecutePrepared(*data_, values);
}

}  // namespace teal
