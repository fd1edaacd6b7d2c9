// PhysicalCteScan: reads the rows of a materialized WITH query (CteDefinition).
//
// The query runs once per execution of the statement, when the first scan of it starts
// (a query no scan reaches never runs), on the statement's threads; its rows are kept in
// full chunks, and every scan of it — in the statement's plan or in its subqueries' — reads
// them, a chunk per morsel, on as many threads as the pipeline has. MaterializedCtes
// holds one execution's materialized queries, found through the ExecutorOptions that
// the statement's plans are built and run with.
#pragma once

#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "execution/chunks_scan.hpp"
#include "execution/compute_once.hpp"
#include "execution/executor.hpp"
#include "execution/physical_operator.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

/// Appends the rows of `input` (of `types`; those `keep` lists, or all) to `chunks`,
/// filling the last chunk before starting another: full chunks make whole morsels.
void AppendToFullChunks(std::vector<std::unique_ptr<DataChunk>>& chunks, const DataChunk& input,
                        const std::vector<LogicalType>& types,
                        const std::vector<sel_t>* keep = nullptr);

/// One WITH query's rows in one execution.
struct CteRows {
  CteRows(std::shared_ptr<const LogicalOperator> plan, std::vector<Value> parameters,
          const ExecutorOptions& options);
  /// Runs the query unless it has run; thread-safe.
  void Materialize();

  std::shared_ptr<const LogicalOperator> plan;
  std::vector<Value> parameters;  // a prepared statement's values, for $n in the plan
  ExecutorOptions options;        // without `ctes`: the registry holds these rows
  /// The execution's materialized queries (for those this one reads); not owned, or the
  /// registry and its rows would keep each other alive.
  std::weak_ptr<MaterializedCtes> registry;
  ComputeOnce once;
  std::vector<std::unique_ptr<DataChunk>> chunks;  // full but for the last
};

/// The materialized WITH queries of one execution. Thread-safe.
class MaterializedCtes {
 public:
  MaterializedCtes() = default;
  /// A registry for one round of a recursive query: the queries in `local` are computed
  /// in it, the others are `parent`'s (computed once for the statement).
  MaterializedCtes(std::shared_ptr<MaterializedCtes> parent,
                   std::unordered_set<const CteDefinition*> local)
      : parent_(std::move(parent)), local_(std::move(local)) {}

  std::shared_ptr<CteRows> RowsOf(const CteDefinition& cte, const std::vector<Value>* parameters,
                                  const ExecutorOptions& options);

 private:
  std::shared_ptr<MaterializedCtes> parent_;
  std::unordered_set<const CteDefinition*> local_;
  std::mutex lock_;
  std::unordered_map<const CteDefinition*, std::shared_ptr<CteRows>> rows_;
};

/// Reads rows computed before the statement ran (LogicalChunkScan).
class PhysicalChunkScan : public PhysicalChunksScan {
 public:
  PhysicalChunkScan(std::vector<LogicalType> types, std::shared_ptr<const ReturnedRows> rows)
      : PhysicalChunksScan(std::move(types)), rows_(std::move(rows)) {}
  std::string Name() const override { return "CHUNK_SCAN"; }

 protected:
  const std::vector<std::unique_ptr<DataChunk>>& Chunks() const override { return rows_->chunks; }

 private:
  std::shared_ptr<const ReturnedRows> rows_;
};

/// Reads a materialized WITH query, which its first scan computes.
class PhysicalCteScan : public PhysicalChunksScan {
 public:
  PhysicalCteScan(std::vector<LogicalType> types, std::shared_ptr<CteRows> rows)
      : PhysicalChunksScan(std::move(types)), rows_(std::move(rows)) {}
  std::string Name() const override { return "CTE_SCAN"; }

 protected:
  const std::vector<std::unique_ptr<DataChunk>>& Chunks() const override {
    rows_->Materialize();
    return rows_->chunks;
  }

 private:
  std::shared_ptr<CteRows> rows_;
};

}  // namespace teal
