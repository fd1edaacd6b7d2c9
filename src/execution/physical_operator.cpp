// Default implementations: calling a role an operator does not play is a bug.
#include "execution/physical_operator.hpp"

#include "teal/error.hpp"

namespace teal {

std::unique_ptr<SourceState> PhysicalOperator::GetSourceState() const {
  return std::make_unique<SourceState>();
}
void PhysicalOperator::GetData(DataChunk&, SourceState&) const {
  throw InternalError(Name() + " is not a source");
}
std::unique_ptr<OperatorState> PhysicalOperator::GetOperatorState() const {
  return std::make_unique<OperatorState>();
}
OperatorResult PhysicalOperator::Execute(DataChunk&, DataChunk&, OperatorState&) const {
  throw InternalError(Name() + " is not an operator");
}
bool PhysicalOperator::FinalExecute(DataChunk&, OperatorState&) const {
  throw InternalError(Name() + " has no final output");
}
std::unique_ptr<SinkState> PhysicalOperator::GetSinkState() const {
  return std::make_unique<SinkState>();
}
void PhysicalOperator::Sink(DataChunk&, SinkState&) const {
  throw InternalError(Name() + " is not a sink");
}
void PhysicalOperator::Finalize(SinkState&) const {}

}  // namespace teal
