// PhysicalNestedLoopJoin: the right rows sunk into one chunk, then each left chunk paired
// with them block by block.
#include "execution/nested_loop_join.hpp"

#include <atomic>

#include "execution/expression_executor.hpp"
#include "execution/join_marks.hpp"
#include "execution/sunk_chunks.hpp"

namespace teal {

namespace {

/// The right side, once sunk.
struct RightRows : GlobalSinkState {
  GlobalSunkChunks sunk;  // while sinking
  std::unique_ptr<DataChunk> rows;
  std::vector<uint8_t> matched;       // right and full joins: per right row, atomic marks
  std::atomic<idx_t> probes_done{0};  // probe threads whose input has ended
};

}  // namespace

/// Where the pairing of the current left chunk stands, on one thread.
struct PhysicalNestedLoopJoin::Pairing : OperatorState {
  RightRows* right = nullptr;
  ExpressionExecutor condition;
  DataChunk pairs;  // one left row with a block of right rows
  DataChunk out;    // the joined rows of the output, reused chunk after chunk
  SelectionVector repeat{kVectorSize}, matches{kVectorSize};
  idx_t left_row = 0;
  idx_t right_pos = 0;
  bool left_matched = false;
  UnmatchedBuildRows unmatched;  // right and full joins, at the end
};

PhysicalNestedLoopJoin::PhysicalNestedLoopJoin(std::vector<LogicalType> types,
                                               std::vector<LogicalType> joined, JoinType join_type,
                                               ExpressionPtr condition,
                                               std::vector<idx_t> projection)
    : PhysicalOperator(std::move(types)),
      joined_(std::move(joined)),
      join_type_(join_type),
      condition_(std::move(condition)),
      projection_(std::move(projection)) {
  if (projection_.empty()) {
    for (idx_t c = 0; c < joined_.size(); c++) projection_.push_back(c);
  }
}

std::unique_ptr<GlobalSinkState> PhysicalNestedLoopJoin::GetGlobalSinkState(
    ExecutionContext&) const {
  return std::make_unique<RightRows>();
}

std::unique_ptr<LocalSinkState> PhysicalNestedLoopJoin::GetLocalSinkState(ExecutionContext&) const {
  return std::make_unique<LocalSunkChunks>();
}

void PhysicalNestedLoopJoin::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState&,
                                  LocalSinkState& local) const {
  static_cast<LocalSunkChunks&>(local).Add(context, input, children[1]->types);
}

void PhysicalNestedLoopJoin::Combine(ExecutionContext&, GlobalSinkState& global,
                                     LocalSinkState& local) const {
  static_cast<RightRows&>(global).sunk.Combine(static_cast<LocalSunkChunks&>(local));
}

void PhysicalNestedLoopJoin::Finalize(ExecutionContext&, GlobalSinkState& global) const {
  auto& right = static_cast<RightRows&>(global);
  std::vector<SunkChunk> parts = right.sunk.TakeInOrder();
  right.rows = Concatenate(parts, children[1]->types);
  right.matched.assign(right.rows->size(), 0);
}

std::unique_ptr<OperatorState> PhysicalNestedLoopJoin::GetOperatorState(
    ExecutionContext& context) const {
  auto state = std::make_unique<Pairing>();
  state->right = &SinkStateOf<RightRows>(context, *this);
  if (condition_) state->condition.Add(*condition_);
  std::vector<LogicalType> pair_types = children[0]->types;
  const auto& right_types = children[1]->types;
  pair_types.insert(pair_types.end(), right_types.begin(), right_types.end());
  state->pairs.Initialize(pair_types);
  state->out.Initialize(joined_);
  return state;
}

void PhysicalNestedLoopJoin::Project(DataChunk& joined, DataChunk& output) const {
  for (idx_t j = 0; j < projection_.size(); j++) {
    output.data[j].Reference(joined.data[projection_[j]]);
  }
  output.SetCardinality(joined.size());
}

OperatorResult PhysicalNestedLoopJoin::Execute(ExecutionContext& context, DataChunk& input,
                                               DataChunk& output, OperatorState& state) const {
  auto& s = static_cast<Pairing&>(state);
  const DataChunk& right = *s.right->rows;
  const idx_t left_columns = children[0]->types.size();
  const idx_t left_count = input.size(), right_count = right.size();
  const bool keep_left = join_type_ == JoinType::kLeft || join_type_ == JoinType::kFull;
  const bool mark_right = join_type_ == JoinType::kRight || join_type_ == JoinType::kFull;
  const bool semi = join_type_ == JoinType::kSemi, anti = join_type_ == JoinType::kAnti;
  if (right_count == 0 && probe_may_stop_ && !keep_left && !anti) {
    // No pair can ever be made, nor a left row kept: the left side need not run at all
    // (a cross join with an empty table over range(2^63)).
    output.SetCardinality(0);
    return OperatorResult::kFinished;
  }
  SelectionVector none;
  DataChunk& out = s.out;
  out.Reset();
  idx_t produced = 0;
  while (s.left_row < left_count && produced < kVectorSize) {
    // Without matches this loop can pass every pair before returning a chunk.
    if (s.right_pos == 0) context.query.CheckInterrupt();
    if (s.right_pos < right_count) {
      // Semi and anti joins output no pairs: their blocks need not fit the output.
      const idx_t room = semi || anti ? kVectorSize : kVectorSize - produced;
      const idx_t n = std::min(room, right_count - s.right_pos);
      DataChunk& pairs = s.pairs;
      pairs.Reset();
      SelectionVector& repeat = s.repeat;
      for (idx_t i = 0; i < n; i++) repeat.Set(i, s.left_row);
      for (idx_t c = 0; c < left_columns; c++) {
        pairs.data[c].CopyFrom(input.data[c], repeat, n, 0, 0);
      }
      for (idx_t c = 0; c < right.ColumnCount(); c++) {
        pairs.data[left_columns + c].CopyFrom(right.data[c], none, n, s.right_pos, 0);
      }
      pairs.SetCardinality(n);
      const idx_t first_right = s.right_pos;
      s.right_pos += n;
      if (semi || anti) {
        if (!condition_ || s.condition.Select(pairs, s.matches) > 0) {
          s.left_matched = true;
          s.right_pos = right_count;  // one match decides this left row
        }
        continue;
      }
      idx_t found = n;
      SelectionVector none_selected;  // every pair
      SelectionVector& matches = condition_ ? s.matches : none_selected;
      if (condition_) {
        found = s.condition.Select(pairs, matches);
        if (found == 0) continue;
      }
      s.left_matched = true;
      if (mark_right) {
        for (idx_t i = 0; i < found; i++) {
          Mark(s.right->matched[first_right + (matches.IsSet() ? matches.Get(i) : i)]);
        }
      }
      for (idx_t c = 0; c < pairs.ColumnCount(); c++) {
        out.data[c].CopyFrom(pairs.data[c], matches, found, 0, produced);
      }
      produced += found;
      out.SetCardinality(produced);
      continue;
    }
    // This left row has met every right row.
    const bool alone = (semi && s.left_matched) || (anti && !s.left_matched);
    const bool padded = keep_left && !s.left_matched;
    if (alone || padded) {
      SelectionVector one(1);
      one.Set(0, s.left_row);
      for (idx_t c = 0; c < left_columns; c++) {
        out.data[c].CopyFrom(input.data[c], one, 1, 0, produced);
      }
      if (padded) {
        for (idx_t c = left_columns; c < joined_.size(); c++) out.data[c].SetNull(produced);
      }
      out.SetCardinality(++produced);
    }
    s.left_row++;
    s.right_pos = 0;
    s.left_matched = false;
  }
  Project(out, output);
  if (s.left_row < left_count) return OperatorResult::kHaveMoreOutput;
  s.left_row = 0;
  return OperatorResult::kNeedMoreInput;
}

bool PhysicalNestedLoopJoin::HasFinalOutput() const {
  return join_type_ == JoinType::kRight || join_type_ == JoinType::kFull;
}

bool PhysicalNestedLoopJoin::FinalExecute(ExecutionContext& context, DataChunk& output,
                                          OperatorState& state) const {
  auto& s = static_cast<Pairing&>(state);
  const bool more = s.unmatched.Next(context, s.right->probes_done, *s.right->rows,
                                     s.right->matched, children[0]->types.size(), s.out);
  Project(s.out, output);
  return more;
}

}  // namespace teal
