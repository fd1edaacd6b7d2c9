// Executor: splits a physical plan into pipelines and runs them.
//
// Every pipeline but the last ends in a sink and runs to completion in Initialize();
// the last one has no sink: FetchChunk pulls its result a chunk at a time, so results
// can stream. Pipelines run on the calling thread for now.
#pragma once

#include <memory>
#include <vector>

#include "execution/physical_operator.hpp"

namespace teal {

struct Pipeline {
  PhysicalOperator* source = nullptr;
  std::vector<PhysicalOperator*> operators;
  PhysicalOperator* sink = nullptr;  // null for the result pipeline
};

class PipelineRun;  // one execution of a pipeline's source and operators

class Executor {
 public:
  explicit Executor(PhysicalOperator& root);
  ~Executor();
  /// Runs every pipeline that feeds the result pipeline.
  void Initialize();
  /// The next chunk of the result, or nullptr when there is no more.
  std::unique_ptr<DataChunk> FetchChunk();

 private:
  void Build(PhysicalOperator& op, Pipeline& pipeline);
  void RunToSink(Pipeline& pipeline);

  PhysicalOperator& root_;
  std::vector<Pipeline> feeding_;  // in the order they must run
  Pipeline result_;
  std::unique_ptr<PipelineRun> result_run_;
};

}  // namespace teal
