// PhysicalRecursiveCte and PhysicalRecursiveScan: WITH RECURSIVE (LogicalRecursiveCte).
//
// The recursive CTE is a source that computes its rows a round at a time, as they are
// read: it runs the anchor's plan, hands out its rows, then runs the recursive part's plan —
// whose PhysicalRecursiveScan reads the last round's rows as the working table — again and
// again, until a round gives no rows (or nothing reads on: a LIMIT above it ends it). Every round
// is a whole execution of the recursive part (its own Executor, on the statement's threads), so
// joins and aggregates in it see exactly the last round's rows. With UNION (not ALL), a row equal
// to one produced before is dropped before it goes on, so a query over a cyclic graph ends. More
// than max_iterations rounds is an error.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "execution/chunks_scan.hpp"
#include "execution/executor.hpp"
#include "execution/physical_operator.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

/// The rows of a recursive query's last round, read by the recursive part's scans.
struct WorkingTable {
  std::vector<std::unique_ptr<DataChunk>> chunks;
};

/// The working tables the scans being built read, by the query they belong to
/// (ExecutorOptions): each round of a recursive part is built with the one of its query's
/// execution. Thread-safe.
struct WorkingTables {
  /// A registry with this one's tables and `table` for `definition`.
  std::shared_ptr<WorkingTables> With(const RecursiveCteDefinition* definition,
                                      std::shared_ptr<WorkingTable> table) {
    auto out = std::make_shared<WorkingTables>();
    {
      std::lock_guard<std::mutex> guard(lock);
      out->tables = tables;
    }
    out->tables[definition] = std::move(table);
    return out;
  }
  /// The working table of `definition`, or null.
  std::shared_ptr<WorkingTable> Find(const RecursiveCteDefinition* definition) {
    std::lock_guard<std::mutex> guard(lock);
    auto found = tables.find(definition);
    return found == tables.end() ? nullptr : found->second;
  }

 private:
  std::mutex lock;
  std::map<const RecursiveCteDefinition*, std::shared_ptr<WorkingTable>> tables;
};

/// The recursive part of a recursive query, as a logical plan to build a physical plan from
/// for every round (an uncorrelated subquery in it must run again in each round: its
/// answer is kept per physical plan), with what it is built with.
struct RecursivePart {
  std::shared_ptr<const LogicalOperator> plan;
  std::vector<Value> parameters;            // a prepared statement's values
  std::optional<std::vector<Value>> outer;  // in a correlated subquery: the outer values
  /// The WITH queries it defines: materialized anew in each round.
  std::vector<const CteDefinition*> round_ctes;
};

class PhysicalRecursiveCte : public PhysicalSource {
 public:
  PhysicalRecursiveCte(std::vector<LogicalType> types,
                       std::shared_ptr<RecursiveCteDefinition> definition, bool union_all,
                       idx_t max_iterations, PhysicalOperatorPtr anchor, RecursivePart recursive,
                       const ExecutorOptions& options);
  std::string Name() const override { return "RECURSIVE_CTE"; }
  idx_t SourceChunkCapacity() const override { return 0; }
  std::vector<const PhysicalOperator*> ExplainChildren() const override {
    return {anchor_.get(), shown_.get()};
  }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 protected:
  /// One round's plan over `working` (and with USING KEY `recurring`, the kept rows); a
  /// WITH query defined in the recursive part is read from `round_ctes` (fresh for the
  /// round), the rest from the statement's registry.
  PhysicalOperatorPtr BuildRecursivePart(const std::shared_ptr<WorkingTable>& working,
                                         const std::shared_ptr<MaterializedCtes>& round_ctes,
                                         const std::shared_ptr<WorkingTable>& recurring = {}) const;
  /// A registry for one round (null when the recursive part defines no WITH query).
  std::shared_ptr<MaterializedCtes> RoundCtes() const;
  /// Throws unless a round past max_iterations found nothing more.
  void CheckRounds(idx_t rounds, bool produced) const;

 private:
  /// The anchor (first) or the next round of the recursive part over the last round's rows.
  void RunRound(ExecutionContext& context, GlobalSourceState& global) const;

 protected:
  std::shared_ptr<RecursiveCteDefinition> definition_;
  bool union_all_;
  idx_t max_iterations_;
  PhysicalOperatorPtr anchor_;
  RecursivePart recursive_;
  ExecutorOptions options_;
  PhysicalOperatorPtr shown_;  // a plan of the recursive part, for EXPLAIN
  bool reads_recurring_;       // the recursive part reads recurring.name
};

/// Reads a recursive query's working table.
class PhysicalRecursiveScan : public PhysicalChunksScan {
 public:
  PhysicalRecursiveScan(std::vector<LogicalType> types, std::shared_ptr<WorkingTable> working)
      : PhysicalChunksScan(std::move(types)), working_(std::move(working)) {}
  std::string Name() const override { return "RECURSIVE_SCAN"; }

 protected:
  const std::vector<std::unique_ptr<DataChunk>>& Chunks() const override {
    return working_->chunks;
  }

 private:
  std::shared_ptr<WorkingTable> working_;
};

}  // namespace teal
