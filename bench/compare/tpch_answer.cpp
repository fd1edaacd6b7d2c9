// bench/compare/tpch_answer.cpp — comparing two engines' answers to a TPC-H query
// (the rules are at the top of tpch_answer.hpp).
#include "tpch_answer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace bench::tpch {
namespace {

using Row = std::vector<std::optional<std::string>>;

/// An exact number's text without a sign on zero and without trailing fractional zeros,
/// so that DECIMAL(38,2) "1.50" and DECIMAL(38,4) "1.5000" compare equal.
std::string NormalizeExact(std::string s) {
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

bool CellsEqual(Kind kind, const std::optional<std::string>& a,
                const std::optional<std::string>& b) {
  if (!a || !b) return !a && !b;
  switch (kind) {
    case Kind::kExact:
      return NormalizeExact(*a) == NormalizeExact(*b);
    case Kind::kFloat: {
      double x = std::strtod(a->c_str(), nullptr), y = std::strtod(b->c_str(), nullptr);
      if (x == y) return true;
      return std::fabs(x - y) <= 1e-9 * std::max(std::fabs(x), std::fabs(y));
    }
    case Kind::kText:
      return *a == *b;
  }
  return false;
}

std::string RowText(const Row& row) {
  std::string s = "(";
  for (size_t c = 0; c < row.size(); c++) s += (c ? " | " : "") + row[c].value_or("NULL");
  return s + ")";
}

/// A canonical order for rows within a group of ties: by the normalized text of each
/// cell (floating-point cells by value).
bool CanonicalLess(const std::vector<Kind>& kinds, const Row& a, const Row& b) {
  for (size_t c = 0; c < a.size(); c++) {
    if (a[c].has_value() != b[c].has_value()) return !a[c].has_value();
    if (!a[c]) continue;
    if (kinds[c] == Kind::kFloat) {
      double x = std::strtod(a[c]->c_str(), nullptr), y = std::strtod(b[c]->c_str(), nullptr);
      if (x != y) return x < y;
      continue;
    }
    std::string x = kinds[c] == Kind::kExact ? NormalizeExact(*a[c]) : *a[c];
    std::string y = kinds[c] == Kind::kExact ? NormalizeExact(*b[c]) : *b[c];
    if (x != y) return x < y;
  }
  return false;
}

/// [begin, end) ranges of rows that tie on `keys` (the whole answer when keys is empty).
std::vector<std::pair<size_t, size_t>> TieGroups(const std::vector<Row>& rows,
                                                 const std::vector<Kind>& kinds,
                                                 const std::vector<int>& keys) {
  std::vector<std::pair<size_t, size_t>> groups;
  if (keys.empty()) {
    if (!rows.empty()) groups.push_back({0, rows.size()});
    return groups;
  }
  size_t begin = 0;
  for (size_t i = 1; i <= rows.size(); i++) {
    bool same = i < rows.size();
    for (size_t k = 0; same && k < keys.size(); k++) {
      auto c = static_cast<size_t>(keys[k]);
      same = CellsEqual(kinds[c], rows[begin][c], rows[i][c]);
    }
    if (!same) {
      groups.push_back({begin, i});
      begin = i;
    }
  }
  return groups;
}

}  // namespace

std::string CompareAnswers(const Answer& teal, const Answer& duckdb, const Query& q,
                           const std::string& got_name, const std::string& want_name) {
  const size_t columns = teal.kinds.size();
  if (columns != duckdb.kinds.size()) {
    return got_name + " returned " + std::to_string(columns) + " columns, " + want_name + " " +
           std::to_string(duckdb.kinds.size());
  }
  std::vector<Kind> kinds(columns);
  for (size_t c = 0; c < columns; c++) {
    Kind a = teal.kinds[c], b = duckdb.kinds[c];
    kinds[c] = a == Kind::kFloat || b == Kind::kFloat   ? Kind::kFloat
               : a == Kind::kExact && b == Kind::kExact ? Kind::kExact
                                                        : Kind::kText;
  }
  std::string diff;
  if (teal.rows.size() != duckdb.rows.size()) {
    diff += got_name + " returned " + std::to_string(teal.rows.size()) + " rows, " + want_name +
            " " + std::to_string(duckdb.rows.size()) + "\n";
  }

  auto teal_groups = TieGroups(teal.rows, kinds, q.order_columns);
  auto duck_groups = TieGroups(duckdb.rows, kinds, q.order_columns);
  int shown = 0;
  const size_t groups = std::min(teal_groups.size(), duck_groups.size());
  for (size_t g = 0; g < groups && shown < 5; g++) {
    auto [tb, te] = teal_groups[g];
    auto [db, de] = duck_groups[g];
    std::vector<Row> t(teal.rows.begin() + static_cast<ptrdiff_t>(tb),
                       teal.rows.begin() + static_cast<ptrdiff_t>(te));
    std::vector<Row> d(duckdb.rows.begin() + static_cast<ptrdiff_t>(db),
                       duckdb.rows.begin() + static_cast<ptrdiff_t>(de));
    auto less = [&](const Row& a, const Row& b) { return CanonicalLess(kinds, a, b); };
    std::sort(t.begin(), t.end(), less);
    std::sort(d.begin(), d.end(), less);
    auto rows_equal = [&](size_t i, bool keys_only) {
      if (i >= t.size() || i >= d.size()) return false;
      for (size_t c = 0; c < columns; c++) {
        bool key = std::find(q.order_columns.begin(), q.order_columns.end(), static_cast<int>(c)) !=
                   q.order_columns.end();
        if (keys_only && !key) continue;
        if (!CellsEqual(kinds[c], t[i][c], d[i][c])) return false;
      }
      return true;
    };
    const size_t n = std::max(t.size(), d.size());
    bool group_equal = true;
    for (size_t i = 0; i < n; i++) group_equal = group_equal && rows_equal(i, false);
    // A LIMIT may cut the last group of ties at different rows in each engine: when both
    // answers are full (LIMIT rows) and the group has the same size and ORDER BY values in
    // both, its other columns may differ.
    if (!group_equal && q.limit > 0 && g + 1 == groups &&
        teal.rows.size() == static_cast<size_t>(q.limit) &&
        duckdb.rows.size() == teal.rows.size() && t.size() == d.size()) {
      group_equal = rows_equal(0, true);
    }
    for (size_t i = 0; i < n && !group_equal && shown < 5; i++) {
      if (rows_equal(i, false)) continue;
      shown++;
      diff += "row " + std::to_string(tb + i + 1) + ": " + got_name + " " +
              (i < t.size() ? RowText(t[i]) : "(none)") + "\n  " + want_name + " " +
              (i < d.size() ? RowText(d[i]) : "(none)") + "\n";
    }
  }
  if (!diff.empty()) {
    std::string types = "column types: " + got_name;
    for (const auto& t : teal.types) types += " " + t;
    types += "; " + want_name;
    for (const auto& t : duckdb.types) types += " " + t;
    diff += types + "\n";
  }
  return diff;
}

}  // namespace bench::tpch
