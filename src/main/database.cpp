// Database and Connection: the public handles over DatabaseInstance and ClientContext.
#include "teal/database.hpp"

#include "main/api_boundary.hpp"
#include "main/client_context.hpp"
#include "main/database_instance.hpp"
#include "main/prepared_data.hpp"
#include "teal/connection.hpp"
#include "teal/error.hpp"

namespace teal {

Database::Database(std::string_view path, const DatabaseOptions& options) {
  instance_ = std::make_shared<DatabaseInstance>();
  instance_->Transactions().SetRowGroupSize(options.row_group_size);
  if (!path.empty() && path != ":memory:") {
    DatabaseInstance::Open(instance_, PosixFileSystem(), std::string(path), options);
  } else if (options.read_only) {
    throw InvalidInputError("an in-memory database cannot be opened read-only");
  }
}

Database::Database(std::shared_ptr<DatabaseInstance> instance) : instance_(std::move(instance)) {}

Database::~Database() = default;

Connection::Connection(Database& database) {
  context_ = std::make_shared<ClientContext>(database.SharedInstance());
}

Connection::~Connection() = default;

ClientContext& ConnectionContext(Connection& connection) { return *connection.context_; }

Result Connection::Query(std::string_view sql) {
  return AtApiBoundary("Connection::Query", [&] { return context_->Query(sql); });
}

void Connection::Interrupt() { context_->Interrupt(); }

double Connection::QueryProgress() const { return context_->QueryProgress(); }

PreparedStatement Connection::Prepare(std::string_view sql) {
  return AtApiBoundary("Connection::Prepare",
                       [&] { return PreparedStatement(context_, context_->Prepare(sql)); });
}

}  // namespace teal
