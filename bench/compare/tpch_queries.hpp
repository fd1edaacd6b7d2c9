// bench/compare/tpch_queries.hpp — the 22 TPC-H queries as teal-compare runs them.
//
// The text is the specification's (Clause 2.4) with its validation substitution
// parameters, the same on Teal and DuckDB, with three rewrites that both engines accept
// and that leave the answers unchanged (bench/README.md, "TPC-H (issue 10)"):
//   * date arithmetic on literals is done here: `date '1998-12-01' - interval '90' day`
//     is written DATE '1998-09-02' (Teal does not parse INTERVAL '90' DAY);
//   * extract(year from d) is year(d) (Q7, Q8, Q9: Teal has no extract);
//   * Q15's view revenue0 is a WITH clause (no DDL inside a timed query).
#pragma once

#include <string>
#include <vector>

namespace bench::tpch {

struct Query {
  int number;  // 1..22
  std::string sql;
  /// The output columns the ORDER BY sorts on, in order; empty when the query has no
  /// ORDER BY (its rows are compared as a multiset). Rows with equal values in these
  /// columns may come in any order and are compared as a multiset.
  std::vector<int> order_columns;
  /// The query's LIMIT, 0 for none: the last group of ties of a full answer may be cut at
  /// different rows by each engine.
  int limit = 0;
};

/// The 22 queries at `scale_factor` (Q11's FRACTION is 0.0001 / SF).
std::vector<Query> Queries(double scale_factor);

}  // namespace bench::tpch
