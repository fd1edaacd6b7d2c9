// Binder: USING SAMPLE and TABLESAMPLE — a random share of the rows of a FROM clause or
// item, made of operators that exist:
//
//   bernoulli (p %)  a filter keeping each row with probability p / 100
//   system (p %)     a filter keeping each chunk of rows, all or none, with that probability
//   reservoir (n)    the n rows of the smallest random keys (ORDER BY key LIMIT n: a top-n)
//   reservoir (p %)  the rows whose random key's cume_dist() is at most p / 100 (a window)
//
// A size without a unit is a number of rows, except for bernoulli(…) and system(…), whose
// argument is a percentage as in PostgreSQL's TABLESAMPLE. Without a method, rows are taken
// by reservoir and a percentage by system (DuckDB's defaults); system sampling of n rows is
// the reservoir's (exactly n rows, as DuckDB's). Each sample draws from a generator of its
// own, seeded by REPEATABLE (seed) when given. A seeded sample of a table draws by row id,
// so the same seed over the same table gives the same sample on any number of threads (as
// PostgreSQL's REPEATABLE); over other inputs, rows take the draws in the order they
// arrive, which repeats on one thread or a small input.
#include <fmt/format.h>

#include <atomic>
#include <cmath>
#include <optional>

#include "common/hash.hpp"
#include "planner/binder/binder_internal.hpp"
#include "storage/data_table.hpp"

namespace teal {

namespace {

/// DuckDB's bound on a reservoir's row count.
constexpr double kMaxSampleRows = 1e9;

/// A sample's random numbers: draw k is MixHash(seed + k · golden ratio) (a counter-based
/// generator: calls on several threads take disjoint runs of k without a lock).
struct SampleRandom {
  uint64_t seed = 0;
  std::atomic<uint64_t> drawn{0};

  /// Draw `k` as a double uniform in [0, 1) (53 bits).
  double Uniform(uint64_t k) const {
    return static_cast<double>(MixHash(seed + k * 0x9E3779B97F4A7C15ULL) >> 11) * 0x1.0p-53;
  }
};

/// Which draw each row takes: its own, or one for its chunk (system sampling). With a seed
/// over a table, the draws are the row ids' (a row's draw, or its 2,048-row block's), so
/// that the sample repeats however the scan's chunks arrive; otherwise they come in turn.
enum class Draw { kPerRow, kPerChunk };

/// A function that writes `count` results from the draws `numbers` of its generator. It
/// takes one argument, the row id, when `by_row_id`; none otherwise. Each execution gets a
/// generator of its own (ScalarFunction::per_execution), seeded by `seed`, else by
/// random()'s generator (so that setseed(x) repeats the samples after it).
struct RandomFunction {
  std::string name;
  LogicalType type;
  std::optional<uint64_t> seed;
  Draw draw;
  bool by_row_id;
  std::function<void(const SampleRandom&, const uint64_t* numbers, Vector&, idx_t)> fill;

  std::shared_ptr<const ScalarFunction> operator()() const {
    auto random = std::make_shared<SampleRandom>();
    random->seed = seed ? *seed : DrawRandomSeed();
    auto function = std::make_shared<ScalarFunction>();
    function->name = name;
    function->return_type = type;
    if (by_row_id) function->arguments.push_back(TypeId::kBigInt);
    function->deterministic = false;  // never folded, never moved past another operator
    function->body = [random, draw = draw, by_row_id = by_row_id, fill = fill](
                         const DataChunk& arguments, Vector& result, idx_t count) {
      std::vector<uint64_t> numbers(count);
      if (by_row_id) {
        const int64_t* ids = arguments.data[0].Values<int64_t>();
        for (idx_t i = 0; i < count; i++) {
          const auto id = static_cast<uint64_t>(ids[i]);
          numbers[i] = draw == Draw::kPerRow ? id : id / kVectorSize;
        }
      } else {
        const uint64_t first =
            random->drawn.fetch_add(draw == Draw::kPerRow ? count : 1, std::memory_order_relaxed);
        for (idx_t i = 0; i < count; i++) numbers[i] = draw == Draw::kPerRow ? first + i : first;
      }
      fill(*random, numbers.data(), result, count);
    };
    function->per_execution = *this;
    return function;
  }

  /// The call, over the row id column `row_id` when by_row_id.
  ExpressionPtr Call(idx_t row_id = 0) const {
    auto call = std::make_unique<Expression>(BoundKind::kFunction, type);
    call->function = (*this)();
    if (by_row_id) call->children.push_back(MakeColumnRef(row_id, TypeId::kBigInt));
    return call;
  }
};

/// The columns [0, width) of `plan`'s rows, as they are.
std::vector<ExpressionPtr> PassOn(const std::vector<LogicalType>& types, idx_t width) {
  std::vector<ExpressionPtr> columns;
  for (idx_t i = 0; i < width; i++) columns.push_back(MakeColumnRef(i, types[i]));
  return columns;
}

}  // namespace

LogicalOperatorPtr Binder::ApplySample(LogicalOperatorPtr plan, const SampleSyntax& sample) {
  char* end = nullptr;
  const double size = std::strtod(sample.size.c_str(), &end);
  if (end != sample.size.c_str() + sample.size.size() || !std::isfinite(size)) {
    throw ParserError(fmt::format("sample size {} is not a number", sample.size));
  }
  std::string method = sample.method;
  const bool percent = sample.unit == "percent" ||
                       (sample.unit.empty() && (method == "bernoulli" || method == "system"));
  if (method.empty()) method = percent ? "system" : "reservoir";
  if (percent && !(size >= 0 && size <= 100)) {
    throw ParserError(fmt::format(
        "Sample percentage {} is out of range: it must be between 0 and 100", sample.size));
  }
  if (!percent) {
    if (method == "system") {
      method = "reservoir";  // an exact number of rows: DuckDB's system sampling of rows
    } else if (method != "reservoir") {
      throw ParserError(fmt::format(
          "{} sampling takes a percentage, not a number of rows ({} ROWS): use reservoir "
          "sampling for a number of rows",
          method, sample.size));
    }
    if (!(size >= 0) || size != std::floor(size)) {
      throw ParserError(
          fmt::format("Sample rows {} must be a whole number of at least 0", sample.size));
    }
    if (size > kMaxSampleRows) {
      throw ParserError(fmt::format("Sample rows {} is out of range: at most {}", sample.size,
                                    static_cast<int64_t>(kMaxSampleRows)));
    }
  }
  std::optional<uint64_t> seed;
  if (!sample.seed.empty()) {
    const double number = std::strtod(sample.seed.c_str(), &end);
    if (end != sample.seed.c_str() + sample.seed.size() || number != std::floor(number) ||
        std::fabs(number) > 9.2e18) {
      throw ParserError(fmt::format("sample seed {} must be a whole number", sample.seed));
    }
    seed = MixHash(static_cast<uint64_t>(static_cast<int64_t>(number)));
  }
  const std::vector<LogicalType> types = plan->types;
  const idx_t width = types.size();
  const std::string label = fmt::format("{}({}{})", method, sample.size, percent ? "%" : " rows");

  // A seeded sample of a table draws by row id (the scan's hidden last column).
  const bool by_row_id = seed && plan->kind == LogicalKind::kGet &&
                         static_cast<const LogicalGet&>(*plan).column_ids.back() == kRowIdColumn;
  const idx_t row_id = width - 1;

  if (method == "bernoulli" || method == "system") {
    const double share = size / 100;
    auto filter = std::make_unique<LogicalFilter>();
    filter->expressions.push_back(RandomFunction{
        label, TypeId::kBoolean, seed, method == "bernoulli" ? Draw::kPerRow : Draw::kPerChunk,
        by_row_id,
        [share](const SampleRandom& r, const uint64_t* numbers, Vector& out, idx_t count) {
          bool* keep = out.Values<bool>();
          for (idx_t i = 0; i < count; i++) keep[i] = r.Uniform(numbers[i]) < share;
        }}.Call(row_id));
    filter->types = types;
    filter->children.push_back(std::move(plan));
    return filter;
  }

  // Reservoir: each row gets a random key.
  auto keyed = std::make_unique<LogicalProjection>();
  keyed->expressions = PassOn(types, width);
  keyed->expressions.push_back(RandomFunction{
      label, TypeId::kDouble, seed, Draw::kPerRow, by_row_id,
      [](const SampleRandom& r, const uint64_t* numbers, Vector& out, idx_t count) {
        double* key = out.Values<double>();
        for (idx_t i = 0; i < count; i++) key[i] = r.Uniform(numbers[i]);
      }}.Call(row_id));
  keyed->types = types;
  keyed->types.push_back(TypeId::kDouble);
  keyed->children.push_back(std::move(plan));
  LogicalOperatorPtr chosen;
  if (!percent) {
    auto order = std::make_unique<LogicalOrder>();
    order->keys.push_back({width});
    order->types = keyed->types;
    order->children.push_back(std::move(keyed));
    auto limit = std::make_unique<LogicalLimit>();
    limit->limit = static_cast<idx_t>(size);
    limit->types = order->types;
    limit->children.push_back(std::move(order));
    chosen = std::move(limit);
  } else {
    auto window = std::make_unique<LogicalWindow>();
    window->orders.push_back(MakeColumnRef(width, TypeId::kDouble));
    window->order_keys.push_back({0});
    WindowCall call;
    call.function = WindowFunction::kCumeDist;
    call.type = TypeId::kDouble;
    call.text = fmt::format("cume_dist() OVER (ORDER BY {})", label);
    window->calls.push_back(std::move(call));
    window->types = keyed->types;
    window->types.push_back(TypeId::kDouble);
    window->children.push_back(std::move(keyed));
    // cume_dist() of the k-th key is k / rows: k ≤ rows · p / 100, less a rounding error's
    // worth so that 20 / 200 passes for 10 %.
    auto keep = std::make_unique<Expression>(BoundKind::kCompare, TypeId::kBoolean);
    keep->op = CompareOp::kLessEqual;
    keep->children.push_back(MakeColumnRef(width + 1, TypeId::kDouble));
    keep->children.push_back(MakeConstant(Value::Double(size / 100 * (1 + 1e-12))));
    auto filter = std::make_unique<LogicalFilter>();
    filter->expressions.push_back(std::move(keep));
    filter->types = window->types;
    filter->children.push_back(std::move(window));
    chosen = std::move(filter);
  }
  auto project = std::make_unique<LogicalProjection>();
  project->expressions = PassOn(types, width);
  project->types = types;
  project->children.push_back(std::move(chosen));
  return project;
}

}  // namespace teal
