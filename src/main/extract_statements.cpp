// ExtractStatements: the public face of the parser's SketchSql.
#include "teal/extract_statements.hpp"

#include "parser/parser.hpp"

namespace teal {

std::vector<StatementInfo> ExtractStatements(std::string_view sql) {
  std::vector<StatementInfo> infos;
  for (auto& sketch : SketchSql(sql)) {
    infos.push_back({sketch.type, std::move(sketch.text), sketch.parameter_count,
                     std::move(sketch.parameter_names)});
  }
  return infos;
}

}  // namespace teal
