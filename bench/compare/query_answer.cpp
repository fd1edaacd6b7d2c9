// bench/compare/query_answer.cpp — reading and checking Q2a..Q6's results; their
// expected answers, computed from the generated rows.
#include "query_answer.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <map>
#include <queue>
#include <vector>

#include "data.hpp"
#include "harness.hpp"

namespace bench {
namespace {

bool IsDouble(const QuerySpec& q, size_t c) { return q.columns[c].type == ResultType::kDouble; }

/// True when row a sorts strictly before row b under q's ORDER BY.
bool Before(const QuerySpec& q, const CellRow& a, const CellRow& b) {
  for (size_t k = 0; k < q.order_count; k++) {
    const OrderKey& key = q.order[k];
    const Cell &x = a[key.column], &y = b[key.column];
    bool less, greater;
    if (IsDouble(q, key.column)) {
      less = x.d < y.d;
      greater = x.d > y.d;
    } else {
      less = x.i < y.i;
      greater = x.i > y.i;
    }
    if (less || greater) return key.descending ? greater : less;
  }
  return false;
}

/// The answer a query must give: its rows, per-column sums, and digest.
struct Expected {
  explicit Expected(const QuerySpec& q) : spec(&q), digest(q.column_count) {}
  void AddRow(const CellRow& row) {
    for (size_t c = 0; c < spec->column_count; c++) {
      if (IsDouble(*spec, c)) {
        sums[c] += std::bit_cast<uint64_t>(row[c].d);
        digest.Add(c, HashDouble(row[c].d));
      } else {
        sums[c] += static_cast<uint64_t>(row[c].i);
        digest.Add(c, HashInt(row[c].i));
      }
    }
    digest.EndRow();
    if (rows++ == 0) first = row;
  }

  const QuerySpec* spec;
  uint64_t rows = 0;
  std::array<uint64_t, kMaxQueryColumns> sums{};
  Digest digest;
  CellRow first{};
};

CellRow Row(Cell a, Cell b = {}, Cell c = {}, Cell d = {}) { return {a, b, c, d}; }
Cell I(int64_t v) { return {v, 0}; }
Cell F(double v) { return {0, v}; }

/// WIN1 and WIN2 from the rows, partition by partition (k1000).
template <typename Add>
void AddWindowAnswers(Add add) {
  std::vector<std::vector<double>> partitions(1000);  // x in id order
  for (size_t i = 0; i < kFactRows; i++) {
    FactRow r = FactAt(i);
    partitions[static_cast<size_t>(r.k1000)].push_back(r.x);
  }
  // WIN1: the sum of the row's x and the 10 before it in its partition. Rows are
  // visited per partition, so each row's id is found again from the partition's order.
  Expected& win1 = add("WIN1");
  std::vector<size_t> next(1000, 0);
  std::vector<std::vector<double>> sums(1000);
  for (size_t k = 0; k < 1000; k++) {
    const std::vector<double>& xs = partitions[k];
    double sum = 0;
    for (size_t j = 0; j < xs.size(); j++) {
      sum += xs[j];
      if (j >= 11) sum -= xs[j - 11];
      sums[k].push_back(sum);
    }
  }
  for (size_t i = 0; i < kFactRows; i++) {
    FactRow r = FactAt(i);
    const auto k = static_cast<size_t>(r.k1000);
    win1.AddRow(Row(I(r.id), I(r.k1000), F(sums[k][next[k]++])));
  }
  // WIN2: per partition, x in order with its row number and rank.
  Expected& win2 = add("WIN2");
  for (size_t k = 0; k < 1000; k++) {
    std::vector<double>& xs = partitions[k];
    std::sort(xs.begin(), xs.end());
    int64_t rank = 1;
    for (size_t j = 0; j < xs.size(); j++) {
      if (j > 0 && xs[j] != xs[j - 1]) rank = static_cast<int64_t>(j) + 1;
      win2.AddRow(
          Row(I(static_cast<int64_t>(k)), F(xs[j]), I(static_cast<int64_t>(j) + 1), I(rank)));
    }
  }
}

/// RCTE: the nodes at each depth 0..20 of a walk from node 0, each (node, depth) once.
template <typename Add>
void AddGraphAnswer(Add add) {
  std::vector<std::vector<int32_t>> out(kGraphNodes);
  for (size_t j = 0; j < kGraphEdges; j++) {
    EdgeRow e = EdgeAt(j);
    out[static_cast<size_t>(e.a)].push_back(e.b);
  }
  std::vector<int32_t> level = {0};
  std::vector<uint8_t> at_level(kGraphNodes, 0), ever(kGraphNodes, 0);
  int64_t rows = 0, depths = 0, nodes = 0;
  for (int64_t depth = 0;; depth++) {
    rows += static_cast<int64_t>(level.size());
    depths += depth * static_cast<int64_t>(level.size());
    for (int32_t n : level) {
      if (!ever[static_cast<size_t>(n)]) nodes++;
      ever[static_cast<size_t>(n)] = 1;
    }
    if (depth == 20) break;
    std::vector<int32_t> next;
    for (int32_t n : level) {
      for (int32_t b : out[static_cast<size_t>(n)]) {
        if (!at_level[static_cast<size_t>(b)]) next.push_back(b);
        at_level[static_cast<size_t>(b)] = 1;
      }
    }
    for (int32_t b : next) at_level[static_cast<size_t>(b)] = 0;
    level = std::move(next);
  }
  add("RCTE").AddRow(Row(I(rows), I(nodes), I(depths)));
}

std::map<std::string, Expected> Compute() {
  // Per id of d, how many of its rows pass Q3's filter (one each: d.id is a permutation).
  std::vector<uint8_t> joined(kDimRows, 0);
  for (size_t j = 0; j < kDimRows; j++) {
    DimRow r = DimAt(j);
    if (r.grp < 10) joined[static_cast<size_t>(r.id)]++;
  }

  std::vector<int64_t> count_1000(1000, 0);
  std::vector<double> sum_1000(1000, 0);
  std::vector<int32_t> count_1m(1'000'000, 0);
  std::vector<double> sum_1m(1'000'000, 0);
  int64_t join_count = 0, filter_count = 0, range_count = 0;
  double join_sum = 0, filter_sum = 0, range_sum = 0;
  const QuerySpec& q4a = *FindQuery("Q4a");
  const QuerySpec& q4b = *FindQuery("Q4b");
  // The 100 first rows of Q4's order: a heap whose top is the last of them.
  auto later = [&](const CellRow& a, const CellRow& b) { return Before(q4a, a, b); };
  std::priority_queue<CellRow, std::vector<CellRow>, decltype(later)> top(later);
  Expected all(q4b);

  for (size_t i = 0; i < kFactRows; i++) {
    FactRow r = FactAt(i);
    count_1000[static_cast<size_t>(r.k1000)]++;
    sum_1000[static_cast<size_t>(r.k1000)] += r.x;
    count_1m[static_cast<size_t>(r.k1m)]++;
    sum_1m[static_cast<size_t>(r.k1m)] += r.x;
    if (int n = joined[static_cast<size_t>(r.k1m)]) {
      join_count += n;
      join_sum += n * r.x;
    }
    if (r.small < 10 && r.x > 250000) {
      filter_count++;
      filter_sum += r.x;
    }
    if (r.id >= 6'000'000 && r.id <= 6'099'999) {
      range_count++;
      range_sum += r.x;
    }
    CellRow row = Row(I(r.id), I(r.k1000), F(r.x));
    all.AddRow(row);
    if (top.size() < 100) {
      top.push(row);
    } else if (Before(q4a, row, top.top())) {
      top.pop();
      top.push(row);
    }
  }

  std::map<std::string, Expected> answers;
  auto add = [&](const char* name) -> Expected& {
    return answers.emplace(name, Expected(*FindQuery(name))).first->second;
  };
  Expected& q2a = add("Q2a");
  for (size_t k = 0; k < 1000; k++) {
    if (count_1000[k] == 0) continue;
    q2a.AddRow(Row(I(static_cast<int64_t>(k)), I(count_1000[k]), F(sum_1000[k]),
                   F(sum_1000[k] / static_cast<double>(count_1000[k]))));
  }
  Expected& q2b = add("Q2b");
  for (size_t k = 0; k < count_1m.size(); k++) {
    if (count_1m[k] != 0) q2b.AddRow(Row(I(static_cast<int64_t>(k)), F(sum_1m[k])));
  }
  add("Q3").AddRow(Row(I(join_count), F(join_sum)));
  std::vector<CellRow> first_100;
  for (; !top.empty(); top.pop()) first_100.push_back(top.top());
  std::reverse(first_100.begin(), first_100.end());
  Expected& q4a_answer = add("Q4a");
  for (const CellRow& row : first_100) q4a_answer.AddRow(row);
  all.first = q4a_answer.first;  // the first row in ORDER BY order, not the table's
  answers.emplace("Q4b", std::move(all));
  add("Q5").AddRow(Row(I(filter_count), F(filter_sum)));
  add("Q6").AddRow(Row(I(static_cast<int64_t>(q2b.rows))));
  add("Q7").AddRow(Row(I(range_count), F(range_sum)));
  AddWindowAnswers(add);
  AddGraphAnswer(add);
  return answers;
}

const std::map<std::string, Expected>& Answers() {
  static const std::map<std::string, Expected> answers = Compute();
  return answers;
}

std::string Format(const QuerySpec& q, const CellRow& row) {
  std::string s = "(";
  for (size_t c = 0; c < q.column_count; c++) {
    char buffer[64];
    if (IsDouble(q, c)) {
      std::snprintf(buffer, sizeof(buffer), "%.17g", row[c].d);
    } else {
      std::snprintf(buffer, sizeof(buffer), "%lld", static_cast<long long>(row[c].i));
    }
    s += (c ? ", " : "") + std::string(buffer);
  }
  return s + ")";
}

}  // namespace

void PrepareExpectedAnswers() { Answers(); }

QueryAnswer::QueryAnswer(const QuerySpec& spec, bool verify) : spec_(spec) {
  if (verify) digest_.emplace(spec.column_count);
}

void QueryAnswer::Batch(size_t n, const void* const* columns) {
  for (size_t c = 0; c < spec_.column_count; c++) {
    uint64_t sum = 0;
    switch (spec_.columns[c].type) {
      case ResultType::kInt32: {
        const auto* v = static_cast<const int32_t*>(columns[c]);
        for (size_t i = 0; i < n; i++) sum += static_cast<uint64_t>(static_cast<int64_t>(v[i]));
        break;
      }
      case ResultType::kInt64: {
        const auto* v = static_cast<const int64_t*>(columns[c]);
        for (size_t i = 0; i < n; i++) sum += static_cast<uint64_t>(v[i]);
        break;
      }
      case ResultType::kDouble: {
        const auto* v = static_cast<const double*>(columns[c]);
        for (size_t i = 0; i < n; i++) sum += std::bit_cast<uint64_t>(v[i]);
        break;
      }
    }
    sums_[c] += sum;
  }
  rows_ += n;
  if (!digest_) return;
  for (size_t i = 0; i < n; i++) {
    CellRow row{};
    for (size_t c = 0; c < spec_.column_count; c++) {
      switch (spec_.columns[c].type) {
        case ResultType::kInt32:
          row[c].i = static_cast<const int32_t*>(columns[c])[i];
          break;
        case ResultType::kInt64:
          row[c].i = static_cast<const int64_t*>(columns[c])[i];
          break;
        case ResultType::kDouble:
          row[c].d = static_cast<const double*>(columns[c])[i];
          break;
      }
    }
    VerifyRow(row);
  }
}

void QueryAnswer::VerifyRow(const CellRow& row) {
  for (size_t c = 0; c < spec_.column_count; c++) {
    digest_->Add(c, IsDouble(spec_, c) ? HashDouble(row[c].d) : HashInt(row[c].i));
  }
  digest_->EndRow();
  if (!first_) first_ = row;
  if (spec_.order_count && previous_ && Before(spec_, row, *previous_)) out_of_order_++;
  previous_ = row;
}

void QueryAnswer::CountNulls(const uint64_t* validity, size_t n) {
  if (!validity) return;
  for (size_t i = 0; i < n; i++) nulls_ += !((validity[i / 64] >> (i % 64)) & 1);
}

void QueryAnswer::Finish(const std::string& what) const {
  const Expected& want = Answers().at(spec_.name);
  bool ok = rows_ == want.rows && nulls_ == 0 && out_of_order_ == 0;
  Check(what + ": rows", rows_, want.rows);
  Check(what + ": NULLs in the result", nulls_, uint64_t{0});
  for (size_t c = 0; c < spec_.column_count; c++) {
    ok &= sums_[c] == want.sums[c];
    Check(what + ": sum of column " + spec_.columns[c].name +
              (IsDouble(spec_, c) ? "'s bit patterns" : "'s values"),
          sums_[c], want.sums[c]);
  }
  std::vector<std::string> names;
  for (size_t c = 0; c < spec_.column_count; c++) names.emplace_back(spec_.columns[c].name);
  if (digest_) {
    digest_->CheckEquals(what, want.digest, names);
    Check(what + ": rows out of ORDER BY order", out_of_order_, uint64_t{0});
  }
  // The first row says what went wrong where it is the answer (one row) or its head.
  if (!ok && first_ && (spec_.order_count || want.rows == 1)) {
    std::fprintf(stderr, "error: %s: first row %s, want %s\n", what.c_str(),
                 Format(spec_, *first_).c_str(), Format(spec_, want.first).c_str());
  }
}

}  // namespace bench
