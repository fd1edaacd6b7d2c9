// QueryProfile: see query_profile.hpp.
#include "main/query_profile.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "main/settings.hpp"
#include "main/text_file.hpp"

namespace teal {

namespace {

/// `text` as a JSON string.
std::string JsonString(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20) {
      out += fmt::format("\\u{:04x}", byte);
    } else {
      out += c;
    }
  }
  return out + "\"";
}

void JsonOperator(const ProfiledOperator& op, int depth, std::string& out) {
  const std::string pad(static_cast<size_t>(depth) * 2, ' ');
  out += pad + "{\n";
  out += pad + "  \"operator_name\": " + JsonString(op.name) + ",\n";
  out += pad + "  \"extra_info\": " + JsonString(op.details) + ",\n";
  out += pad + fmt::format("  \"operator_timing\": {:.6f},\n", static_cast<double>(op.nanos) / 1e9);
  out += pad + fmt::format("  \"operator_cardinality\": {},\n", op.rows);
  out += pad + "  \"children\": [";
  for (size_t i = 0; i < op.children.size(); i++) {
    out += i ? ",\n" : "\n";
    JsonOperator(op.children[i], depth + 2, out);
  }
  out += op.children.empty() ? "]\n" : "\n" + pad + "  ]\n";
  out += pad + "}";
}

}  // namespace

std::optional<QueryProfileRequest> ProfileRequested(const Settings& settings, std::string sql) {
  const std::string format = settings.Get("enable_profiling").value_or("false");
  if (format == "false" || format == "no_output") return std::nullopt;
  QueryProfileRequest request;
  request.sql = std::move(sql);
  request.format = format == "json" ? "json" : "query_tree";
  request.output = settings.Get("profiling_output").value_or("");
  request.start = std::chrono::steady_clock::now();
  return request;
}

bool ProfileIsDetailed(const Settings& settings) {
  return settings.Get("profiling_mode").value_or("standard") == "detailed";
}

std::string RenderQueryProfile(const QueryProfileRequest& request, const ProfiledOperator& plan,
                               double total_seconds) {
  std::string out;
  if (request.format == "json") {
    out += "{\n";
    out += "  \"query_name\": " + JsonString(request.sql) + ",\n";
    out += fmt::format("  \"latency\": {:.6f},\n", total_seconds);
    out += fmt::format("  \"rows_returned\": {},\n", plan.rows);
    if (request.optimizer_seconds) {
      out += fmt::format("  \"optimizer\": {:.6f},\n", *request.optimizer_seconds);
    }
    out += "  \"children\": [\n";
    JsonOperator(plan, 2, out);
    out += "\n  ]\n}\n";
    return out;
  }
  out += "Query Profiling Information\n";
  out += request.sql + "\n";
  out += fmt::format("Total Time: {:.4f}s\n", total_seconds);
  if (request.optimizer_seconds) {
    out += fmt::format("Optimizer: {:.4f}s\n", *request.optimizer_seconds);
  }
  for (const auto& line : RenderOperators(plan, /*analyzed=*/true)) out += line + "\n";
  return out;
}

void EmitQueryProfile(const QueryProfileRequest& request, const PhysicalOperator& plan,
                      const QueryContext& query) {
  const double total =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - request.start).count();
  const std::string text =
      RenderQueryProfile(request, ProfilePlan(request.details, plan, &query), total);
  if (request.output.empty()) {
    std::fputs(text.c_str(), stderr);
    return;
  }
  WriteTextFile(request.output, text, "profiling_output");
}

}  // namespace teal
