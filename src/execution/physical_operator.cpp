// Default implementations: calling a role an operator does not play is a bug; the
// optional steps (local states, Combine, Finalize) do nothing.
#include "execution/physical_operator.hpp"

#include "teal/error.hpp"

namespace teal {

std::unique_ptr<GlobalSourceState> PhysicalOperator::GetGlobalSourceState(ExecutionContext&) const {
  return std::make_unique<GlobalSourceState>();
}
std::unique_ptr<LocalSourceState> PhysicalOperator::GetLocalSourceState(ExecutionContext&,
                                                                        GlobalSourceState&) const {
  return nullptr;  // the pipeline passes a shared empty state: nothing to allocate per query
}
void PhysicalOperator::GetData(ExecutionContext&, DataChunk&, GlobalSourceState&,
                               LocalSourceState&) const {
  throw InternalError(Name() + " is not a source");
}
std::unique_ptr<OperatorState> PhysicalOperator::GetOperatorState(ExecutionContext&) const {
  return std::make_unique<OperatorState>();
}
OperatorResult PhysicalOperator::Execute(ExecutionContext&, DataChunk&, DataChunk&,
                                         OperatorState&) const {
  throw InternalError(Name() + " is not an operator");
}
bool PhysicalOperator::FinalExecute(ExecutionContext&, DataChunk&, OperatorState&) const {
  throw InternalError(Name() + " has no final output");
}
std::unique_ptr<GlobalSinkState> PhysicalOperator::GetGlobalSinkState(ExecutionContext&) const {
  throw InternalError(Name() + " is not a sink");
}
std::unique_ptr<LocalSinkState> PhysicalOperator::GetLocalSinkState(ExecutionContext&) const {
  return std::make_unique<LocalSinkState>();
}
void PhysicalOperator::Sink(ExecutionContext&, DataChunk&, GlobalSinkState&,
                            LocalSinkState&) const {
  throw InternalError(Name() + " is not a sink");
}
void PhysicalOperator::Combine(ExecutionContext&, GlobalSinkState&, LocalSinkState&) const {}
void PhysicalOperator::Finalize(ExecutionContext&, GlobalSinkState&) const {}

}  // namespace teal
