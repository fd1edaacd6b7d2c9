// Quoting identifiers and literals; reserved words come from libpg_query's own scanner, so
// the list is the grammar's.
#include "parser/identifier.hpp"

#include <pg_query.h>
#include <pg_query/pg_query.pb-c.h>

#include <cctype>
#include <mutex>
#include <unordered_map>

namespace teal {

namespace {

/// The scanner's verdict on one word, without the cache.
bool ScanSaysReserved(const std::string& word) {
  PgQueryScanResult result = pg_query_scan(word.c_str());
  bool reserved = false;
  if (!result.error) {
    PgQuery__ScanResult* scan = pg_query__scan_result__unpack(
        nullptr, result.pbuf.len, reinterpret_cast<const uint8_t*>(result.pbuf.data));
    if (scan) {
      reserved = scan->n_tokens == 1 &&
                 scan->tokens[0]->keyword_kind != PG_QUERY__KEYWORD_KIND__NO_KEYWORD &&
                 scan->tokens[0]->keyword_kind != PG_QUERY__KEYWORD_KIND__UNRESERVED_KEYWORD;
      pg_query__scan_result__free_unpacked(scan, nullptr);
    }
  }
  pg_query_free_scan_result(result);
  return reserved;
}

/// Plain lower-case words: the only ones that can be keywords and need no quotes otherwise.
bool IsPlainWord(std::string_view name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  for (char c : name) {
    if (!(std::islower(static_cast<unsigned char>(c)) ||
          std::isdigit(static_cast<unsigned char>(c)) || c == '_')) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool IsReservedWord(std::string_view name) {
  // No keyword is longer than this ("current_timestamp"); longer names skip the scanner.
  constexpr size_t kLongestKeyword = 24;
  if (name.size() > kLongestKeyword || !IsPlainWord(name)) return false;
  // Column names repeat: ask the scanner once per word (bounded, for generated names).
  static std::mutex mutex;
  static std::unordered_map<std::string, bool> verdicts;
  std::string word(name);
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto found = verdicts.find(word);
    if (found != verdicts.end()) return found->second;
  }
  const bool reserved = ScanSaysReserved(word);
  std::lock_guard<std::mutex> lock(mutex);
  if (verdicts.size() >= 4096) verdicts.clear();
  verdicts.emplace(std::move(word), reserved);
  return reserved;
}

std::string QuoteIdentifier(std::string_view name) {
  if (IsPlainWord(name) && !IsReservedWord(name)) return std::string(name);
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string QuoteQualifiedName(std::string_view schema, std::string_view name) {
  return schema.empty() ? QuoteIdentifier(name)
                        : QuoteIdentifier(schema) + "." + QuoteIdentifier(name);
}

std::string QuoteLiteral(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

}  // namespace teal
