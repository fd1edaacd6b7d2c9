// PhysicalPositionalJoin: the right rows in order, then the left rows beside them.
#include "execution/positional_join.hpp"

#include <algorithm>

#include "execution/sunk_chunks.hpp"

namespace teal {

namespace {

struct RightRows : GlobalSinkState {
  GlobalSunkChunks sunk;
  std::unique_ptr<DataChunk> rows;  // after Finalize: every right row, in order
};

struct Zipping : OperatorState {
  const RightRows* right = nullptr;
  idx_t position = 0;  // the next row's, on both sides
  DataChunk joined;    // the joined rows, which `output` views
};

}  // namespace

PhysicalPositionalJoin::PhysicalPositionalJoin(std::vector<LogicalType> types,
                                               std::vector<LogicalType> joined,
                                               std::vector<idx_t> projection)
    : PhysicalOperator(std::move(types)),
      joined_(std::move(joined)),
      projection_(std::move(projection)) {
  if (projection_.empty()) {
    for (idx_t c = 0; c < joined_.size(); c++) projection_.push_back(c);
  }
}

std::unique_ptr<GlobalSinkState> PhysicalPositionalJoin::GetGlobalSinkState(
    ExecutionContext&) const {
  return std::make_unique<RightRows>();
}

std::unique_ptr<LocalSinkState> PhysicalPositionalJoin::GetLocalSinkState(ExecutionContext&) const {
  return std::make_unique<LocalSunkChunks>();
}

void PhysicalPositionalJoin::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState&,
                                  LocalSinkState& local) const {
  static_cast<LocalSunkChunks&>(local).Add(context, input, children[1]->types);
}

void PhysicalPositionalJoin::Combine(ExecutionContext&, GlobalSinkState& global,
                                     LocalSinkState& local) const {
  static_cast<RightRows&>(global).sunk.Combine(static_cast<LocalSunkChunks&>(local));
}

void PhysicalPositionalJoin::Finalize(ExecutionContext&, GlobalSinkState& global) const {
  auto& right = static_cast<RightRows&>(global);
  std::vector<SunkChunk> parts = right.sunk.TakeInOrder();
  right.rows = Concatenate(parts, children[1]->types);
}

std::unique_ptr<OperatorState> PhysicalPositionalJoin::GetOperatorState(
    ExecutionContext& context) const {
  auto state = std::make_unique<Zipping>();
  state->right = &SinkStateOf<RightRows>(context, *this);
  state->joined.Initialize(joined_);
  return state;
}

void PhysicalPositionalJoin::Emit(const DataChunk* left, idx_t count, idx_t right_first,
                                  OperatorState& state, DataChunk& output) const {
  auto& s = static_cast<Zipping&>(state);
  DataChunk& joined = s.joined;
  const DataChunk& right = *s.right->rows;
  const idx_t left_columns = children[0]->types.size();
  const idx_t right_count =
      right_first < right.size() ? std::min(count, right.size() - right_first) : 0;
  SelectionVector none;
  for (idx_t c = 0; c < left_columns; c++) {
    if (left) {
      joined.data[c].Reference(left->data[c]);
    } else {
      // Buffers of its own, as large as the rows (it viewed the last left chunk's).
      joined.data[c].Recycle(count);
      for (idx_t i = 0; i < count; i++) joined.data[c].SetNull(i);
    }
  }
  for (idx_t c = 0; c < right.ColumnCount(); c++) {
    Vector& target = joined.data[left_columns + c];
    target.Recycle(count);
    target.CopyFrom(right.data[c], none, right_count, right_first, 0, /*share_strings=*/true);
    for (idx_t i = right_count; i < count; i++) target.SetNull(i);
  }
  joined.SetCardinality(count);
  for (idx_t j = 0; j < projection_.size(); j++) {
    output.data[j].Reference(joined.data[projection_[j]]);
  }
  output.SetCardinality(count);
}

OperatorResult PhysicalPositionalJoin::Execute(ExecutionContext&, DataChunk& input,
                                               DataChunk& output, OperatorState& state) const {
  auto& s = static_cast<Zipping&>(state);
  input.Flatten();
  Emit(&input, input.size(), s.position, state, output);
  s.position += input.size();
  return OperatorResult::kNeedMoreInput;
}

bool PhysicalPositionalJoin::FinalExecute(ExecutionContext&, DataChunk& output,
                                          OperatorState& state) const {
  auto& s = static_cast<Zipping&>(state);
  const idx_t total = s.right->rows->size();
  const idx_t count = s.position < total ? std::min<idx_t>(kVectorSize, total - s.position) : 0;
  Emit(nullptr, count, s.position, state, output);
  s.position += count;
  return s.position < total;
}

}  // namespace teal
