// PhysicalNestedLoopJoin: materialise both sides, then pair rows block by block, filling
// each output chunk up to kVectorSize rows across left rows.
#include "execution/nested_loop_join.hpp"

#include "execution/executor.hpp"
#include "execution/expression_executor.hpp"

namespace teal {

namespace {

/// Every row `plan` produces, in one chunk of exactly that many rows.
std::unique_ptr<DataChunk> Materialize(PhysicalOperator& plan, const QueryContext& query) {
  Executor executor(plan, query.NestedOptions());
  executor.Initialize();
  std::vector<std::unique_ptr<DataChunk>> chunks;
  idx_t rows = 0;
  while (auto chunk = executor.FetchChunk()) {
    auto owned = std::make_unique<DataChunk>(plan.types, std::max<idx_t>(chunk->size(), 1));
    owned->Append(*chunk);
    rows += owned->size();
    chunks.push_back(std::move(owned));
  }
  auto all = std::make_unique<DataChunk>(plan.types, std::max<idx_t>(rows, 1));
  for (const auto& c : chunks) all->Append(*c);
  return all;
}

struct JoinSource : GlobalSourceState {
  bool loaded = false;
  std::unique_ptr<DataChunk> left, right;
  idx_t left_row = 0;
  idx_t right_pos = 0;
  bool left_matched = false;
  std::vector<bool> right_matched;
  bool emitting_right = false;  // the final phase: right rows that matched nothing
  idx_t unmatched_pos = 0;
  ExpressionExecutor condition;
};

}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalNestedLoopJoin::GetGlobalSourceState(
    ExecutionContext& context) const {
  return std::make_unique<JoinSource>();
}

void PhysicalNestedLoopJoin::GetData(ExecutionContext& context, DataChunk& chunk,
                                     GlobalSourceState& state, LocalSourceState& local) const {
  auto& s = static_cast<JoinSource&>(state);
  if (!s.loaded) {
    s.left = Materialize(*children[0], context.query);
    s.right = Materialize(*children[1], context.query);
    s.right_matched.assign(s.right->size(), false);
    if (condition_) s.condition.Add(*condition_);
    s.loaded = true;
  }
  const idx_t left_columns = children[0]->types.size();
  const idx_t left_count = s.left->size(), right_count = s.right->size();
  const bool keep_left = join_type_ == JoinType::kLeft || join_type_ == JoinType::kFull;
  const bool keep_right = join_type_ == JoinType::kRight || join_type_ == JoinType::kFull;
  // SEMI / ANTI: each left row once, with its own columns, when some right row matches
  // (SEMI) or none does (ANTI, NOT EXISTS's NULL rule: an unknown condition is no match).
  const bool semi = join_type_ == JoinType::kSemi, anti = join_type_ == JoinType::kAnti;
  std::vector<LogicalType> pair_types = children[0]->types;
  pair_types.insert(pair_types.end(), children[1]->types.begin(), children[1]->types.end());
  SelectionVector none;
  chunk.Reset();

  // Fill the chunk across left rows: a small right side must not make one tiny chunk
  // per left row (every later buffer of the rows would pay a whole vector for each).
  idx_t produced = 0;
  while (!s.emitting_right && s.left_row < left_count && produced < kVectorSize) {
    // Without matches this loop can pass every pair before returning a chunk.
    if (s.right_pos == 0) context.query.CheckInterrupt();
    if (s.right_pos < right_count) {
      idx_t n = std::min(kVectorSize - produced, right_count - s.right_pos);
      DataChunk pairs(pair_types, n);
      SelectionVector repeat(n);
      for (idx_t i = 0; i < n; i++) repeat.Set(i, s.left_row);
      for (idx_t c = 0; c < left_columns; c++)
        pairs.data[c].CopyFrom(s.left->data[c], repeat, n, 0, 0);
      for (idx_t c = 0; c < s.right->ColumnCount(); c++) {
        pairs.data[left_columns + c].CopyFrom(s.right->data[c], none, n, s.right_pos, 0);
      }
      pairs.SetCardinality(n);
      idx_t first_right = s.right_pos;
      s.right_pos += n;
      if (semi || anti) {
        SelectionVector matches(n);
        if (!condition_ || s.condition.Select(pairs, matches) > 0) {
          s.left_matched = true;
          s.right_pos = right_count;  // one match decides this left row
        }
        continue;
      }
      if (condition_) {
        SelectionVector matches(n);
        idx_t found = s.condition.Select(pairs, matches);
        for (idx_t i = 0; i < found; i++) s.right_matched[first_right + matches.Get(i)] = true;
        if (found == 0) continue;
        s.left_matched = true;
        if (found < n) pairs.Slice(matches, found);
      } else {
        s.left_matched = true;
        for (idx_t i = 0; i < n; i++) s.right_matched[first_right + i] = true;
      }
      chunk.Append(pairs);
      produced = chunk.size();
      continue;
    }
    // This left row has met every right row.
    bool unmatched = keep_left && !s.left_matched;
    bool left_alone = (semi && s.left_matched) || (anti && !s.left_matched);
    idx_t row = s.left_row;
    s.left_row++;
    s.right_pos = 0;
    s.left_matched = false;
    if (left_alone) {
      SelectionVector one(1);
      one.Set(0, row);
      for (idx_t c = 0; c < left_columns; c++)
        chunk.data[c].CopyFrom(s.left->data[c], one, 1, 0, produced);
      chunk.SetCardinality(++produced);
    } else if (unmatched) {
      SelectionVector one(1);
      one.Set(0, row);
      for (idx_t c = 0; c < left_columns; c++)
        chunk.data[c].CopyFrom(s.left->data[c], one, 1, 0, produced);
      for (idx_t c = left_columns; c < types.size(); c++) chunk.data[c].SetNull(produced);
      chunk.SetCardinality(++produced);
    }
  }
  if (produced > 0) return;
  if (!keep_right) {
    chunk.SetCardinality(0);
    return;
  }
  s.emitting_right = true;
  SelectionVector pick(kVectorSize);
  while (s.unmatched_pos < right_count && produced < kVectorSize) {
    if (!s.right_matched[s.unmatched_pos]) pick.Set(produced++, s.unmatched_pos);
    s.unmatched_pos++;
  }
  for (idx_t c = 0; c < left_columns; c++) {
    for (idx_t i = 0; i < produced; i++) chunk.data[c].SetNull(i);
  }
  for (idx_t c = 0; c < s.right->ColumnCount(); c++) {
    chunk.data[left_columns + c].CopyFrom(s.right->data[c], pick, produced, 0, 0);
  }
  chunk.SetCardinality(produced);
}

}  // namespace teal
