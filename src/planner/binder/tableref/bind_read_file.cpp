// Binder: read_text(path or [paths]) and read_blob(…) in FROM (DuckDB's): one row per file
// the patterns name — filename, content (VARCHAR, which must be UTF-8, or BLOB), size in
// bytes and last_modified — read when the statement is bound, as glob() lists its files.
#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "common/utf8.hpp"
#include "os/file_glob.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

LogicalOperatorPtr Binder::BindReadFile(const ParsedExpression& call,
                                        std::vector<std::string>& names,
                                        std::vector<LogicalType>& types) {
  const std::string& function = call.name;
  const bool text = function == "read_text";
  if (call.children.size() != 1 || call.star || call.distinct) {
    throw BinderError(
        fmt::format("{} takes a path, a pattern or a list of them: {}", function, call.ToString()));
  }
  const Value argument = BindConstant(*call.children[0], "the path of " + function);
  std::vector<std::string> patterns;
  if (argument.Type().Id() == TypeId::kVarchar && !argument.IsNull()) {
    patterns.push_back(argument.GetString());
  } else if (argument.Type().Id() == TypeId::kList && !argument.IsNull()) {
    for (const Value& element : argument.GetList()) {
      if (element.IsNull() || element.Type().Id() != TypeId::kVarchar) {
        throw BinderError(
            fmt::format("{}: each path must be a string: {}", function, call.ToString()));
      }
      patterns.push_back(element.GetString());
    }
  } else {
    throw BinderError(fmt::format("the path of {} must be a string or a list of strings: {}",
                                  function, call.ToString()));
  }
  names = {"filename", "content", "size", "last_modified"};
  types = {LogicalType(TypeId::kVarchar), LogicalType(text ? TypeId::kVarchar : TypeId::kBlob),
           LogicalType(TypeId::kBigInt), LogicalType(TypeId::kTimestamp)};
  std::vector<std::vector<Value>> rows;
  for (const std::string& file : FilesOfPatterns(patterns)) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    struct stat info {};
    if (!in || stat(file.c_str(), &info) != 0) {
      throw IOError(fmt::format("{}: cannot read \"{}\"", function, file));
    }
    const std::string content = bytes.str();
    if (text) {
      if (size_t bad = FindInvalidUtf8(content); bad != content.size()) {
        throw InvalidInputError(
            fmt::format("read_text: \"{}\" is not valid UTF-8 ({}); read_blob reads any bytes",
                        file, DescribeInvalidUtf8(content, bad)));
      }
    }
    const int64_t micros = static_cast<int64_t>(info.st_mtim.tv_sec) * 1'000'000 +
                           static_cast<int64_t>(info.st_mtim.tv_nsec) / 1'000;
    rows.push_back({Value::Varchar(file), text ? Value::Varchar(content) : Value::Blob(content),
                    Value::BigInt(static_cast<int64_t>(content.size())),
                    Value::Timestamp(timestamp_t{micros})});
  }
  return ConstantTable(types, std::move(rows));
}

}  // namespace teal
