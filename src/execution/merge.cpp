// MERGE: the rows sorted by action and passed to the DELETE, UPDATE and INSERT sinks.
#include "execution/merge.hpp"

#include <fmt/format.h>

#include <unordered_set>

#include "teal/error.hpp"

namespace teal {

namespace {

struct MergeSink : GlobalSinkState {
  /// The target rows an UPDATE or DELETE takes: each at most once.
  std::unordered_set<int64_t> changed;
};

struct MergeSource : GlobalSourceState {
  // The part (delete, update, insert) being emitted, and its source state.
  size_t part = 0;
  std::unique_ptr<GlobalSourceState> state;
  std::unique_ptr<LocalSourceState> local;
  int64_t count = 0;
  bool done = false;
};

constexpr std::string_view kActionNames[] = {"DELETE", "UPDATE", "INSERT"};

std::vector<idx_t> Range(idx_t first, idx_t count) {
  std::vector<idx_t> out(count);
  for (idx_t i = 0; i < count; i++) out[i] = first + i;
  return out;
}

}  // namespace

PhysicalMerge::PhysicalMerge(std::shared_ptr<TableEntry> table, MergeLayout layout, bool returning,
                             std::shared_ptr<const ForeignKeyChecks> foreign_keys)
    : PhysicalSink(returning ? table->Types()
                             : std::vector<LogicalType>{LogicalType(TypeId::kBigInt)}),
      table_(std::move(table)),
      layout_(std::move(layout)),
      returning_(returning) {
  if (returning_) types.emplace_back(TypeId::kVarchar);
  const idx_t width = table_->columns.size();
  auto has = [&](MergeAction action) {
    return std::find(layout_.actions.begin(), layout_.actions.end(), action) !=
           layout_.actions.end();
  };
  if (has(MergeAction::kDelete)) {
    // With RETURNING, the deleted rows as they were lead, the row id follows.
    if (returning_) delete_columns_ = Range(layout_.old_row_first, width);
    delete_columns_.push_back(1);
    delete_ = std::make_unique<PhysicalDelete>(table_, delete_columns_.size() - 1, returning_,
                                               foreign_keys);
  }
  if (has(MergeAction::kUpdate)) {
    update_input_ = Range(2, layout_.update_columns.size());
    update_input_.push_back(1);
    if (layout_.old_row_first != kInvalidIndex) {
      for (idx_t c : Range(layout_.old_row_first, width)) update_input_.push_back(c);
    }
    update_ =
        std::make_unique<PhysicalUpdate>(table_, layout_.update_columns, returning_, foreign_keys);
  }
  if (has(MergeAction::kInsert)) {
    idx_t supplied = 0;
    for (idx_t c : layout_.insert_map) supplied += c != kInvalidIndex;
    insert_input_ = Range(layout_.insert_first, supplied);
    insert_ = std::make_unique<PhysicalInsert>(table_, layout_.insert_map, returning_, nullptr,
                                               foreign_keys);
  }
}

std::unique_ptr<GlobalSinkState> PhysicalMerge::GetGlobalSinkState(
    ExecutionContext& context) const {
  // The parts' states are the query's, where their own GetData finds them.
  for (const PhysicalSink* part : {static_cast<const PhysicalSink*>(delete_.get()),
                                   static_cast<const PhysicalSink*>(update_.get()),
                                   static_cast<const PhysicalSink*>(insert_.get())}) {
    if (part) context.query.SetSinkState(*part, part->GetGlobalSinkState(context));
  }
  return std::make_unique<MergeSink>();
}

void PhysicalMerge::Pass(ExecutionContext& context, const PhysicalSink& sink, DataChunk& input,
                         const std::vector<idx_t>& columns, const SelectionVector& rows,
                         idx_t count) const {
  if (count == 0) return;
  DataChunk part;
  for (idx_t c : columns) {
    part.data.emplace_back(input.data[c].Type(), 0);
    part.data.back().Reference(input.data[c]);
  }
  part.SetCardinality(input.size());
  part.Slice(rows, count);
  auto local = sink.GetLocalSinkState(context);
  sink.Sink(context, part, context.query.SinkState(sink), *local);
}

void PhysicalMerge::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                         LocalSinkState& local) const {
  auto& sink = static_cast<MergeSink&>(global);
  const idx_t count = input.size();
  Vector actions(LogicalType(TypeId::kInteger), 0);
  actions.Reference(input.data[0]);
  actions.Flatten(count);
  Vector ids(LogicalType(TypeId::kBigInt), 0);
  ids.Reference(input.data[1]);
  ids.Flatten(count);
  const int32_t* action = actions.Values<int32_t>();
  const int64_t* id = ids.Values<int64_t>();
  SelectionVector deletes(count), updates(count), inserts(count);
  idx_t deleted = 0, updated = 0, inserted = 0;
  for (idx_t row = 0; row < count; row++) {
    if (!actions.RowIsValid(row)) continue;
    switch (layout_.actions[action[row]]) {
      case MergeAction::kDoNothing:
        continue;
      case MergeAction::kError: {
        Vector messages(LogicalType(TypeId::kVarchar), 0);
        messages.Reference(input.data[layout_.message_column]);
        messages.Flatten(count);
        throw InvalidInputError(messages.RowIsValid(row)
                                    ? std::string(messages.Values<string_t>()[row].View())
                                    : "MERGE: a row met a WHEN … THEN ERROR clause");
      }
      case MergeAction::kInsert:
        inserts.Set(inserted++, row);
        continue;
      case MergeAction::kDelete:
      case MergeAction::kUpdate:
        if (!sink.changed.insert(id[row]).second) {
          throw InvalidInputError(fmt::format(
              "MERGE INTO \"{}\" cannot affect the same target row more than once: several "
              "source rows match one target row and a clause would change it for each",
              table_->name));
        }
        if (layout_.actions[action[row]] == MergeAction::kDelete) {
          deletes.Set(deleted++, row);
        } else {
          updates.Set(updated++, row);
        }
        continue;
    }
  }
  if (delete_) Pass(context, *delete_, input, delete_columns_, deletes, deleted);
  if (update_) Pass(context, *update_, input, update_input_, updates, updated);
  if (insert_) Pass(context, *insert_, input, insert_input_, inserts, inserted);
}

void PhysicalMerge::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  if (delete_) delete_->Finalize(context, context.query.SinkState(*delete_));
  if (update_) update_->Finalize(context, context.query.SinkState(*update_));
  if (insert_) insert_->Finalize(context, context.query.SinkState(*insert_));
}

std::unique_ptr<GlobalSourceState> PhysicalMerge::GetGlobalSourceState(
    ExecutionContext& context) const {
  return std::make_unique<MergeSource>();
}

void PhysicalMerge::GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
                            LocalSourceState& local) const {
  auto& source = static_cast<MergeSource&>(global);
  const PhysicalSink* parts[] = {delete_.get(), update_.get(), insert_.get()};
  // Each part's own output: its count, or its rows (to which the action's name is added).
  while (source.part < 3) {
    const PhysicalSink* part = parts[source.part];
    if (!part) {
      source.part++;
      continue;
    }
    if (!source.state) {
      source.state = part->GetGlobalSourceState(context);
      source.local = part->GetLocalSourceState(context, *source.state);
    }
    DataChunk rows(part->types, kVectorSize);
    LocalSourceState none;
    part->GetData(context, rows, *source.state, source.local ? *source.local : none);
    if (rows.size() == 0) {
      source.state.reset();
      source.local.reset();
      source.part++;
      continue;
    }
    if (!returning_) {
      source.count += rows.data[0].Values<int64_t>()[0];
      continue;
    }
    const idx_t width = table_->columns.size();
    for (idx_t c = 0; c < width; c++) chunk.data[c].Reference(rows.data[c]);
    chunk.data[width].SetValue(0, Value::Varchar(std::string(kActionNames[source.part])));
    chunk.data[width].SetConstant();
    chunk.SetCardinality(rows.size());
    return;
  }
  if (returning_ || source.done) {
    chunk.SetCardinality(0);
    return;
  }
  chunk.data[0].Values<int64_t>()[0] = source.count;
  chunk.SetCardinality(1);
  source.done = true;
}

}  // namespace teal
