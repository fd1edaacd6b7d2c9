// PhysicalAsOfJoin: the right rows grouped by key and sorted by value, then a binary
// search per left row.
#include "execution/asof_join.hpp"

#include <algorithm>
#include <atomic>
#include <unordered_map>

#include "execution/expression_executor.hpp"
#include "execution/join_marks.hpp"
#include "execution/row_key.hpp"
#include "execution/sunk_chunks.hpp"
#include "vector/key_codec.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

namespace {

/// One right row of a key's group: its value's place in the order and its row number.
/// For a fixed-width value of at most 8 bytes `order` is the value's order-preserving
/// encoding (vector/key_codec.hpp) as a big-endian word; otherwise it indexes
/// RightSide::values and the values are compared as Values.
struct Entry {
  uint64_t order;
  sel_t row;
};

/// Whether values of `type` compare as order words.
bool HasOrderWord(const LogicalType& type) {
  const PhysicalType physical = type.Physical();
  if (physical == PhysicalType::kVarchar || physical == PhysicalType::kList ||
      physical == PhysicalType::kStruct || physical == PhysicalType::kInvalid) {
    return false;
  }
  return WithKeyCodec(type, []<typename Codec>() { return Codec::kWidth <= 8; });
}

/// The order word of the (flat, non-NULL) row `row` of `v`: its key bytes, zero-padded
/// to 8 and read big-endian, so that words compare as the values do.
uint64_t OrderWord(const Vector& v, idx_t row) {
  return WithKeyCodec(v.Type(), [&]<typename Codec>() -> uint64_t {
    if constexpr (Codec::kWidth <= 8) {
      data_t bytes[8] = {};
      Codec::Write(v.Values<typename Codec::T>()[row], bytes);
      return LoadBigEndian<uint64_t>(bytes);
    } else {
      throw InternalError("an ASOF value wider than an order word");
    }
  });
}

/// The right side, once sunk.
struct RightSide : GlobalSinkState {
  GlobalSunkChunks sunk;  // while sinking: each chunk with its keys, then its value
  std::unique_ptr<DataChunk> rows;
  std::unordered_map<std::string, std::vector<Entry>> groups;  // by encoded key, by value
  bool words = false;                 // values compare as order words (else as `values`)
  std::vector<Value> values;          // without words: the right rows' values
  std::vector<uint8_t> matched;       // right and full joins: per right row, atomic marks
  std::atomic<idx_t> probes_done{0};  // probe threads whose input has ended
};

/// Evaluates `expressions` over `input` into flat vectors.
std::vector<Vector> Evaluate(std::vector<ExpressionExecutor>& executors,
                             const std::vector<const Expression*>& expressions,
                             const DataChunk& input) {
  std::vector<Vector> out;
  for (size_t i = 0; i < executors.size(); i++) {
    Vector v(expressions[i]->type, 0);
    executors[i].Execute(input, v);
    v.Flatten(input.size());
    out.push_back(std::move(v));
  }
  return out;
}

/// The key of `row` (all but the last vector, which is the value), false when the value
/// or a key that is not `null_equal` is NULL: such a row matches nothing.
bool KeyOf(const std::vector<Vector>& columns, const std::vector<bool>& null_equal, idx_t row,
           std::string& key) {
  key.clear();
  if (!columns.back().RowIsValid(row)) return false;
  for (size_t i = 0; i + 1 < columns.size(); i++) {
    if (!null_equal[i] && !columns[i].RowIsValid(row)) return false;
    EncodeKey(columns[i], row, key);
  }
  return true;
}

std::vector<const Expression*> KeysAndValue(const std::vector<ExpressionPtr>& keys,
                                            const ExpressionPtr& value) {
  std::vector<const Expression*> out;
  for (const auto& k : keys) out.push_back(k.get());
  out.push_back(value.get());
  return out;
}

std::vector<ExpressionExecutor> ExecutorsOf(const std::vector<const Expression*>& expressions) {
  std::vector<ExpressionExecutor> out;
  for (const Expression* e : expressions) out.emplace_back(*e);
  return out;
}

struct SinkExecutors : LocalSunkChunks {
  std::vector<ExpressionExecutor> executors;
};

}  // namespace

/// One probe thread's state.
struct PhysicalAsOfJoin::Probe : OperatorState {
  RightSide* right = nullptr;
  std::vector<ExpressionExecutor> executors;
  ExpressionExecutor residual;
  DataChunk pairs;               // with a residual: left rows with their candidates, to test it on
  DataChunk out;                 // the joined rows of the output, reused chunk after chunk
  UnmatchedBuildRows unmatched;  // right and full joins, at the end
};

PhysicalAsOfJoin::PhysicalAsOfJoin(std::vector<LogicalType> types, std::vector<LogicalType> joined,
                                   JoinType kind, AsOfCondition condition,
                                   std::vector<idx_t> projection)
    : PhysicalOperator(std::move(types)),
      joined_(std::move(joined)),
      kind_(kind),
      condition_(std::move(condition)),
      projection_(std::move(projection)) {
  if (projection_.empty()) {
    for (idx_t c = 0; c < joined_.size(); c++) projection_.push_back(c);
  }
}

std::unique_ptr<GlobalSinkState> PhysicalAsOfJoin::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<RightSide>();
}

std::unique_ptr<LocalSinkState> PhysicalAsOfJoin::GetLocalSinkState(ExecutionContext&) const {
  auto local = std::make_unique<SinkExecutors>();
  local->executors = ExecutorsOf(KeysAndValue(condition_.right_keys, condition_.right_value));
  return local;
}

void PhysicalAsOfJoin::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState&,
                            LocalSinkState& local) const {
  auto& sink = static_cast<SinkExecutors&>(local);
  SunkChunk& chunk = sink.Add(context, input, children[1]->types);
  chunk.extra =
      Evaluate(sink.executors, KeysAndValue(condition_.right_keys, condition_.right_value), input);
}

void PhysicalAsOfJoin::Combine(ExecutionContext&, GlobalSinkState& global,
                               LocalSinkState& local) const {
  static_cast<RightSide&>(global).sunk.Combine(static_cast<LocalSunkChunks&>(local));
}

void PhysicalAsOfJoin::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  auto& right = static_cast<RightSide&>(global);
  std::vector<SunkChunk> parts = right.sunk.TakeInOrder();
  right.words = HasOrderWord(condition_.right_value->type);
  std::string key;
  idx_t base = 0;
  for (const auto& part : parts) {
    context.query.CheckInterrupt();
    const Vector& values = part.extra.back();
    for (idx_t r = 0; r < part.rows->size(); r++) {
      if (!KeyOf(part.extra, condition_.null_equal, r, key)) continue;
      uint64_t order = right.values.size();
      if (right.words) {
        order = OrderWord(values, r);
      } else {
        right.values.push_back(values.GetValue(r));
      }
      right.groups[key].push_back({order, static_cast<sel_t>(base + r)});
    }
    base += part.rows->size();
  }
  right.rows = Concatenate(parts, children[1]->types);
  for (auto& [_, entries] : right.groups) {
    if (right.words) {
      std::stable_sort(entries.begin(), entries.end(),
                       [](const Entry& a, const Entry& b) { return a.order < b.order; });
    } else {
      const auto& values = right.values;
      std::stable_sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) {
        return CompareValues(values[a.order], values[b.order]) < 0;
      });
    }
  }
  right.matched.assign(right.rows->size(), 0);
}

std::unique_ptr<OperatorState> PhysicalAsOfJoin::GetOperatorState(ExecutionContext& context) const {
  auto state = std::make_unique<Probe>();
  state->right = &SinkStateOf<RightSide>(context, *this);
  state->executors = ExecutorsOf(KeysAndValue(condition_.left_keys, condition_.left_value));
  if (condition_.residual) {
    state->residual.Add(*condition_.residual);
    std::vector<LogicalType> pair_types = children[0]->types;
    const auto& right_types = children[1]->types;
    pair_types.insert(pair_types.end(), right_types.begin(), right_types.end());
    state->pairs.Initialize(pair_types);
  }
  state->out.Initialize(joined_);
  return state;
}

void PhysicalAsOfJoin::Project(DataChunk& joined, DataChunk& output) const {
  for (idx_t j = 0; j < projection_.size(); j++) {
    output.data[j].Reference(joined.data[projection_[j]]);
  }
  output.SetCardinality(joined.size());
}

OperatorResult PhysicalAsOfJoin::Execute(ExecutionContext& context, DataChunk& input,
                                         DataChunk& output, OperatorState& state) const {
  auto& s = static_cast<Probe&>(state);
  RightSide& right = *s.right;
  const idx_t left_columns = children[0]->types.size();
  const bool keep_left = kind_ == JoinType::kLeft || kind_ == JoinType::kFull;
  const bool mark_right = kind_ == JoinType::kRight || kind_ == JoinType::kFull;
  const std::vector<Vector> columns =
      Evaluate(s.executors, KeysAndValue(condition_.left_keys, condition_.left_value), input);
  const CompareOp op = condition_.op;
  // >= and >: the nearest entry is the last one at or below (below) the value, and the
  // next candidates lie further down; <= and <: the first at or above (above), then up.
  const bool downward = op == CompareOp::kGreaterEqual || op == CompareOp::kGreater;
  // Per left row: its group and candidate entry (an index into the group), or none.
  std::vector<const std::vector<Entry>*> groups(input.size(), nullptr);
  std::vector<ptrdiff_t> candidate(input.size(), -1);
  std::string key;
  for (idx_t row = 0; row < input.size(); row++) {
    if (!KeyOf(columns, condition_.null_equal, row, key)) continue;
    auto it = right.groups.find(key);
    if (it == right.groups.end()) continue;
    const std::vector<Entry>& group = it->second;
    // >= : the last entry not above the value; > : the last below it; <= : the first
    // not below it; < : the first above it.
    const bool upper = op == CompareOp::kGreaterEqual || op == CompareOp::kLess;
    std::vector<Entry>::const_iterator at;
    if (right.words) {
      const uint64_t word = OrderWord(columns.back(), row);
      at = upper ? std::upper_bound(group.begin(), group.end(), word,
                                    [](uint64_t w, const Entry& e) { return w < e.order; })
                 : std::lower_bound(group.begin(), group.end(), word,
                                    [](const Entry& e, uint64_t w) { return e.order < w; });
    } else {
      const Value value = columns.back().GetValue(row);
      const auto& values = right.values;
      at = upper ? std::upper_bound(group.begin(), group.end(), value,
                                    [&](const Value& v, const Entry& e) {
                                      return CompareValues(v, values[e.order]) < 0;
                                    })
                 : std::lower_bound(group.begin(), group.end(), value,
                                    [&](const Entry& e, const Value& v) {
                                      return CompareValues(values[e.order], v) < 0;
                                    });
    }
    const ptrdiff_t index = (at - group.begin()) - (downward ? 1 : 0);
    if (index < 0 || index >= static_cast<ptrdiff_t>(group.size())) continue;
    groups[row] = &group;
    candidate[row] = index;
  }
  if (condition_.residual) {
    // The nearest candidate for which the other conjuncts hold: test each pending left
    // row with its candidate, move the failures one entry further, until none is left.
    std::vector<sel_t> pending;
    for (idx_t row = 0; row < input.size(); row++) {
      if (candidate[row] >= 0) pending.push_back(static_cast<sel_t>(row));
    }
    SelectionVector lefts(kVectorSize), rights(kVectorSize), holds(kVectorSize);
    while (!pending.empty()) {
      context.query.CheckInterrupt();
      const idx_t n = pending.size();
      for (idx_t i = 0; i < n; i++) {
        lefts.Set(i, pending[i]);
        rights.Set(i, (*groups[pending[i]])[static_cast<size_t>(candidate[pending[i]])].row);
      }
      DataChunk& pairs = s.pairs;
      pairs.Reset();
      for (idx_t c = 0; c < left_columns; c++) {
        pairs.data[c].CopyFrom(input.data[c], lefts, n, 0, 0);
      }
      for (idx_t c = 0; c < right.rows->ColumnCount(); c++) {
        pairs.data[left_columns + c].CopyFrom(right.rows->data[c], rights, n, 0, 0);
      }
      pairs.SetCardinality(n);
      const idx_t held = s.residual.Select(pairs, holds);
      std::vector<bool> done(n, false);
      for (idx_t i = 0; i < held; i++) done[holds.IsSet() ? holds.Get(i) : i] = true;
      std::vector<sel_t> next;
      for (idx_t i = 0; i < n; i++) {
        if (done[i]) continue;
        const sel_t row = pending[i];
        candidate[row] += downward ? -1 : 1;
        if (candidate[row] >= 0 && candidate[row] < static_cast<ptrdiff_t>(groups[row]->size())) {
          next.push_back(row);
        } else {
          candidate[row] = -1;
        }
      }
      pending = std::move(next);
    }
  }
  SelectionVector left_rows(kVectorSize), right_rows(kVectorSize), padded(kVectorSize);
  idx_t matches = 0, unmatched = 0;
  for (idx_t row = 0; row < input.size(); row++) {
    if (candidate[row] >= 0) {
      const sel_t found = (*groups[row])[static_cast<size_t>(candidate[row])].row;
      left_rows.Set(matches, row);
      right_rows.Set(matches, found);
      matches++;
      if (mark_right) Mark(right.matched[found]);
    } else if (keep_left) {
      padded.Set(unmatched++, row);
    }
  }
  DataChunk& out = s.out;
  out.Reset();
  for (idx_t c = 0; c < left_columns; c++) {
    out.data[c].CopyFrom(input.data[c], left_rows, matches, 0, 0);
    out.data[c].CopyFrom(input.data[c], padded, unmatched, 0, matches);
  }
  for (idx_t c = 0; c < right.rows->ColumnCount(); c++) {
    Vector& target = out.data[left_columns + c];
    target.CopyFrom(right.rows->data[c], right_rows, matches, 0, 0);
    for (idx_t i = 0; i < unmatched; i++) target.SetNull(matches + i);
  }
  out.SetCardinality(matches + unmatched);
  Project(out, output);
  return OperatorResult::kNeedMoreInput;
}

bool PhysicalAsOfJoin::HasFinalOutput() const {
  return kind_ == JoinType::kRight || kind_ == JoinType::kFull;
}

bool PhysicalAsOfJoin::FinalExecute(ExecutionContext& context, DataChunk& output,
                                    OperatorState& state) const {
  auto& s = static_cast<Probe&>(state);
  const bool more = s.unmatched.Next(context, s.right->probes_done, *s.right->rows,
                                     s.right->matched, children[0]->types.size(), s.out);
  Project(s.out, output);
  return more;
}

}  // namespace teal
