// PhysicalCteScan: materializing a WITH query once, then handing out its chunks.
#include "execution/cte_scan.hpp"

#include <atomic>

#include "execution/physical_planner.hpp"

namespace teal {

CteRows::CteRows(std::shared_ptr<const LogicalOperator> plan, std::vector<Value> parameters,
                 const ExecutorOptions& options)
    : plan(std::move(plan)),
      parameters(std::move(parameters)),
      options(options),
      registry(options.ctes),
      once(options.scheduler) {
  this->options.profiling = false;  // EXPLAIN ANALYZE profiles the statement's own plan
  this->options.ctes = nullptr;
}

void CteRows::Materialize() {
  once.Ensure([&] {
    ExecutorOptions run = options;
    run.ctes = registry.lock();
    PhysicalOperatorPtr physical = CreatePhysicalPlan(*plan, parameters, nullptr, run);
    Executor executor(*physical, run);
    executor.Initialize();
    // Copied: the result's vectors may be buffers its operators reuse.
    while (auto chunk = executor.FetchChunk()) AppendToFullChunks(chunks, *chunk, plan->types);
  });
}

void AppendToFullChunks(std::vector<std::unique_ptr<DataChunk>>& chunks, const DataChunk& input,
                        const std::vector<LogicalType>& types, const std::vector<sel_t>* keep) {
  const idx_t count = keep ? keep->size() : input.size();
  idx_t done = 0;
  while (done < count) {
    if (chunks.empty() || chunks.back()->size() == kVectorSize) {
      chunks.push_back(std::make_unique<DataChunk>(types, kVectorSize));
    }
    DataChunk& last = *chunks.back();
    const idx_t n = std::min(kVectorSize - last.size(), count - done);
    SelectionVector rows;  // unset: rows done … done + n
    if (keep) {
      rows.Initialize(n);
      for (idx_t i = 0; i < n; i++) rows.Set(i, (*keep)[done + i]);
    }
    for (idx_t c = 0; c < types.size(); c++) {
      last.data[c].CopyFrom(input.data[c], rows, n, keep ? 0 : done, last.size());
    }
    last.SetCardinality(last.size() + n);
    done += n;
  }
}

std::shared_ptr<CteRows> MaterializedCtes::RowsOf(const CteDefinition& cte,
                                                  const std::vector<Value>* parameters,
                                                  const ExecutorOptions& options) {
  if (parent_ && !local_.count(&cte)) {
    ExecutorOptions outer = options;
    outer.ctes = parent_;
    return parent_->RowsOf(cte, parameters, outer);
  }
  std::lock_guard<std::mutex> guard(lock_);
  auto& rows = rows_[&cte];
  if (!rows) {
    rows = std::make_shared<CteRows>(cte.plan, parameters ? *parameters : std::vector<Value>{},
                                     options);
  }
  return rows;
}

}  // namespace teal
