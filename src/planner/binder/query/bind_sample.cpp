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
// own, seeded by REPEATABLE (seed) when given: the same seed over the same rows arriving in
// the same order (one thread, or a small input) gives the same sample.
#include <fmt/format.h>

#include <atomic>
#include <cmath>
#include <optional>

#include "common/hash.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {

/// DuckDB's bound on a reservoir's row count.
constexpr double kMaxSampleRows = 1e9;

/// A sample's random numbers: draw k is MixHash(seed + k · golden ratio) (a counter-based
/// generator: calls on several threads take disjoint runs of k without a lock).
struct SampleRandom {
  uint64_t seed = 0;
  std::atomic<uint64_t> drawn{0};

  /// Draw `first + i` as a double uniform in [0, 1) (53 bits).
  double Uniform(uint64_t first, idx_t i) const {
    return static_cast<double>(MixHash(seed + (first + i) * 0x9E3779B97F4A7C15ULL) >> 11) *
           0x1.0p-53;
  }
};

/// A function without arguments that takes the next `draws(count)` numbers of its
/// generator for each call; `fill` writes `count` results from them, draw `first` on. Each
/// execution gets a generator of its own (ScalarFunction::per_execution), seeded by `seed`,
/// else by random()'s generator (so that setseed(x) repeats the samples after it).
struct RandomFunction {
  std::string name;
  LogicalType type;
  std::optional<uint64_t> seed;
  std::function<idx_t(idx_t count)> draws;
  std::function<void(const SampleRandom&, uint64_t first, Vector&, idx_t)> fill;

  std::shared_ptr<const ScalarFunction> operator()() const {
    auto random = std::make_shared<SampleRandom>();
    random->seed = seed ? *seed : DrawRandomSeed();
    auto function = std::make_shared<ScalarFunction>();
    function->name = name;
    function->return_type = type;
    function->deterministic = false;  // never folded, never moved past another operator
    function->body = [random, draws = draws, fill = fill](const DataChunk&, Vector& result,
                                                          idx_t count) {
      const uint64_t first = random->drawn.fetch_add(draws(count), std::memory_order_relaxed);
      fill(*random, first, result, count);
    };
    function->per_execution = *this;
    return function;
  }

  ExpressionPtr Call() const {
    auto call = std::make_unique<Expression>(BoundKind::kFunction, type);
    call->function = (*this)();
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

  if (method == "bernoulli" || method == "system") {
    const double share = size / 100;
    const bool per_row = method == "bernoulli";
    auto filter = std::make_unique<LogicalFilter>();
    filter->expressions.push_back(RandomFunction{
        label, TypeId::kBoolean, seed, [per_row](idx_t count) { return per_row ? count : 1; },
        [share, per_row](const SampleRandom& r, uint64_t first, Vector& out, idx_t count) {
          bool* keep = out.Values<bool>();
          const bool chunk = !per_row && r.Uniform(first, 0) < share;
          for (idx_t i = 0; i < count; i++) {
            keep[i] = per_row ? r.Uniform(first, i) < share : chunk;
          }
        }}.Call());
    filter->types = types;
    filter->children.push_back(std::move(plan));
    return filter;
  }

  // Reservoir: each row gets a random key.
  auto keyed = std::make_unique<LogicalProjection>();
  keyed->expressions = PassOn(types, width);
  keyed->expressions.push_back(RandomFunction{
      label, TypeId::kDouble, seed, [](idx_t count) { return count; },
      [](const SampleRandom& r, uint64_t first, Vector& out, idx_t count) {
        double* key = out.Values<double>();
        for (idx_t i = 0; i < count; i++) key[i] = r.Uniform(first, i);
      }}.Call());
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
