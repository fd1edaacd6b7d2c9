// Built-in ARRAY functions and the vector metrics: array_value, array_length(array,
// dimension), and over two vectors of FLOAT or DOUBLE — ARRAYs of one size (array_*) or
// LISTs of one length (list_*) — the Euclidean distance, the inner (dot) product and its
// negation, the cosine similarity and distance; and array_cross_product of two 3-vectors.
//
// Any other function given an ARRAY sees a LIST (FunctionCatalog's resolve_arrays), so the
// list functions are the array functions too, as in DuckDB.
//
// The metrics compute in the element type (FLOAT stays FLOAT, as in DuckDB). Elements must
// not be NULL: a NULL element is an error, a NULL vector gives NULL. The cosine of an empty
// vector, or of one whose norm is zero, is NULL: the angle is undefined (DuckDB's kernel
// clamps the 0/0 to -1, an answer no reading of the query gives).
#include <algorithm>
#include <cmath>

#include "function/builtin_functions.hpp"
#include "function/scalar/scalar_util.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace {

using ResolveFn = std::function<std::optional<ScalarFunction>(const std::vector<LogicalType>&)>;

bool IsArray(const LogicalType& t) { return t.Id() == TypeId::kArray; }

/// The sizes of an ARRAY's dimensions, outermost first: INTEGER[3][2] -> {2, 3}.
std::vector<int64_t> ArrayDimensions(LogicalType type) {
  std::vector<int64_t> sizes;
  while (IsArray(type)) {
    sizes.push_back(type.ArraySize());
    type = type.ListChild();
  }
  return sizes;
}

ScalarFunction ArrayLength(const LogicalType& array) {
  const std::vector<int64_t> sizes = ArrayDimensions(array);
  return MakeFunction(
      "array_length", {array, TypeId::kBigInt}, TypeId::kBigInt,
      [sizes](const DataChunk& args, Vector& result, idx_t count) {
        const auto* dimensions = args.data[1].Values<int64_t>();
        auto* out = result.Values<int64_t>();
        const auto max = static_cast<int64_t>(sizes.size());
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          const int64_t d = dimensions[i];
          if (d < 1 || d > max) {
            throw OutOfRangeError(fmt::format(
                "array_length dimension '{}' out of range (min: '1', max: '{}')", d, max));
          }
          out[i] = sizes[d - 1];
        }
      });
}

enum class Metric {
  kDistance,
  kInnerProduct,
  kNegativeInnerProduct,
  kCosineSimilarity,
  kCosineDistance
};

/// The metric of two vectors of `n` elements; nullopt when it is undefined.
template <typename T>
std::optional<T> Measure(Metric metric, const T* a, const T* b, idx_t n) {
  T dot = 0, norm_a = 0, norm_b = 0, squares = 0;
  for (idx_t k = 0; k < n; k++) {
    dot += a[k] * b[k];
    norm_a += a[k] * a[k];
    norm_b += b[k] * b[k];
    const T diff = a[k] - b[k];
    squares += diff * diff;
  }
  switch (metric) {
    case Metric::kDistance:
      return std::sqrt(squares);
    case Metric::kInnerProduct:
      return dot;
    case Metric::kNegativeInnerProduct:
      return -dot;
    case Metric::kCosineSimilarity:
    case Metric::kCosineDistance: {
      if (norm_a == 0 || norm_b == 0) return std::nullopt;
      const T similarity = std::clamp(dot / std::sqrt(norm_a * norm_b), T(-1), T(1));
      return metric == Metric::kCosineSimilarity ? similarity : T(1) - similarity;
    }
  }
  return std::nullopt;
}

/// Throws unless no element of row `entry` of a vector's child is NULL.
void CheckNoNullElements(const std::string& name, const Vector& child, list_entry_t entry,
                         const char* side) {
  for (idx_t k = 0; k < entry.length; k++) {
    if (!child.RowIsValid(entry.offset + k)) {
      throw InvalidInputError(
          fmt::format("{}: {} argument can not contain NULL values", name, side));
    }
  }
}

template <typename T>
ScalarFunction MetricFunction(const std::string& name, Metric metric, const LogicalType& vector) {
  return MakeFunction(
      name, {vector, vector}, vector.ListChild(),
      [name, metric](const DataChunk& args, Vector& result, idx_t count) {
        const auto* left = args.data[0].Values<list_entry_t>();
        const auto* right = args.data[1].Values<list_entry_t>();
        const Vector& left_child = args.data[0].ListChild();
        const Vector& right_child = args.data[1].ListChild();
        const T* a = left_child.Values<T>();
        const T* b = right_child.Values<T>();
        T* out = result.Values<T>();
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          if (left[i].length != right[i].length) {
            throw InvalidInputError(fmt::format(
                "{}: list dimensions must be equal, got left length '{}' and right length '{}'",
                name, left[i].length, right[i].length));
          }
          CheckNoNullElements(name, left_child, left[i], "left");
          CheckNoNullElements(name, right_child, right[i], "right");
          const bool cosine =
              metric == Metric::kCosineSimilarity || metric == Metric::kCosineDistance;
          std::optional<T> value;
          if (left[i].length > 0 || !cosine) {
            value = Measure<T>(metric, a + left[i].offset, b + right[i].offset, left[i].length);
          }
          if (value) {
            out[i] = *value;
          } else {
            result.SetNull(i);
          }
        }
      });
}

ScalarFunction CrossProduct(const LogicalType& array) {
  const bool is_float = array.ListChild().Id() == TypeId::kFloat;
  return MakeFunction("array_cross_product", {array, array}, array,
                      [is_float](const DataChunk& args, Vector& result, idx_t count) {
                        auto run = [&](auto zero) {
                          using T = decltype(zero);
                          const auto* left = args.data[0].Values<list_entry_t>();
                          const auto* right = args.data[1].Values<list_entry_t>();
                          const Vector& left_child = args.data[0].ListChild();
                          const Vector& right_child = args.data[1].ListChild();
                          result.SetListSize(count * 3);
                          T* out = result.ListChild().Values<T>();
                          auto* entries = result.Values<list_entry_t>();
                          for (idx_t i = 0; i < count; i++) {
                            entries[i] = {i * 3, 3};
                            if (!result.RowIsValid(i)) continue;
                            CheckNoNullElements("array_cross_product", left_child, left[i], "left");
                            CheckNoNullElements("array_cross_product", right_child, right[i],
                                                "right");
                            const T* a = left_child.Values<T>() + left[i].offset;
                            const T* b = right_child.Values<T>() + right[i].offset;
                            out[i * 3] = a[1] * b[2] - a[2] * b[1];
                            out[i * 3 + 1] = a[2] * b[0] - a[0] * b[2];
                            out[i * 3 + 2] = a[0] * b[1] - a[1] * b[0];
                          }
                        };
                        if (is_float) {
                          run(0.0f);
                        } else {
                          run(0.0);
                        }
                      });
}

/// FLOAT when both element types are FLOAT, DOUBLE when both are numbers, else nothing.
std::optional<LogicalType> MetricElement(const LogicalType& a, const LogicalType& b) {
  auto number = [](const LogicalType& t) { return t.IsNumeric() || t.Id() == TypeId::kSqlNull; };
  if (!number(a) || !number(b)) return std::nullopt;
  if (a.Id() == TypeId::kFloat && b.Id() == TypeId::kFloat) return LogicalType(TypeId::kFloat);
  return LogicalType(TypeId::kDouble);
}

/// The vector type both arguments of an array metric convert to: ARRAYs of one size (a
/// LIST beside an ARRAY takes its size; its length is checked by the cast).
std::optional<LogicalType> ArrayArguments(const std::string& name,
                                          const std::vector<LogicalType>& types) {
  if (types.size() != 2) return std::nullopt;
  const LogicalType& a = types[0];
  const LogicalType& b = types[1];
  auto vector = [](const LogicalType& t) { return IsArray(t) || t.Id() == TypeId::kList; };
  if (!vector(a) || !vector(b) || (!IsArray(a) && !IsArray(b))) return std::nullopt;
  if (IsArray(a) && IsArray(b) && a.ArraySize() != b.ArraySize()) {
    throw BinderError(fmt::format("{}: Array arguments must be of the same size", name));
  }
  auto element = MetricElement(a.ListChild(), b.ListChild());
  if (!element) return std::nullopt;
  return LogicalType::Array(*element, IsArray(a) ? a.ArraySize() : b.ArraySize());
}

void RegisterMetric(FunctionCatalog& catalog, std::initializer_list<const char*> suffixes,
                    Metric metric) {
  for (const char* suffix : suffixes) {
    const std::string array_name = std::string("array_") + suffix;
    ScalarFunctionSet arrays;
    arrays.name = array_name;
    arrays.resolve_arrays =
        [array_name,
         metric](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
      auto vector = ArrayArguments(array_name, types);
      if (!vector) return std::nullopt;
      return vector->ListChild().Id() == TypeId::kFloat
                 ? MetricFunction<float>(array_name, metric, *vector)
                 : MetricFunction<double>(array_name, metric, *vector);
    };
    catalog.AddScalarSet(std::move(arrays));

    const std::string list_name = std::string("list_") + suffix;
    ScalarFunctionSet lists;
    lists.name = list_name;
    lists.resolve = [list_name, metric](
                        const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
      if (types.size() != 2) return std::nullopt;
      auto list_element = [](const LogicalType& t) -> std::optional<LogicalType> {
        if (t.Id() == TypeId::kSqlNull) return LogicalType(TypeId::kSqlNull);
        if (t.Id() != TypeId::kList) return std::nullopt;
        return t.ListChild();
      };
      auto a = list_element(types[0]), b = list_element(types[1]);
      if (!a || !b) return std::nullopt;
      auto element = MetricElement(*a, *b);
      if (!element) return std::nullopt;
      const LogicalType vector = LogicalType::List(*element);
      return element->Id() == TypeId::kFloat ? MetricFunction<float>(list_name, metric, vector)
                                             : MetricFunction<double>(list_name, metric, vector);
    };
    catalog.AddScalarSet(std::move(lists));
  }
}

}  // namespace

void RegisterArrayFunctions(FunctionCatalog& catalog) {
  ScalarFunctionSet length;
  length.name = "array_length";
  length.resolve_arrays =
      [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
    if (types.size() != 2 || !IsArray(types[0])) return std::nullopt;
    if (!types[1].IsIntegral() && types[1].Id() != TypeId::kSqlNull) return std::nullopt;
    return ArrayLength(types[0]);
  };
  catalog.AddScalarSet(std::move(length));

  RegisterMetric(catalog, {"distance"}, Metric::kDistance);
  RegisterMetric(catalog, {"inner_product", "dot_product"}, Metric::kInnerProduct);
  RegisterMetric(catalog, {"negative_inner_product", "negative_dot_product"},
                 Metric::kNegativeInnerProduct);
  RegisterMetric(catalog, {"cosine_similarity"}, Metric::kCosineSimilarity);
  RegisterMetric(catalog, {"cosine_distance"}, Metric::kCosineDistance);

  ScalarFunctionSet cross;
  cross.name = "array_cross_product";
  cross.resolve_arrays =
      [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
    auto vector = ArrayArguments("array_cross_product", types);
    if (!vector) return std::nullopt;
    if (vector->ArraySize() != 3) {
      throw InvalidInputError(fmt::format(
          "array_cross_product: Array arguments must be of size 3, not {}", vector->ArraySize()));
    }
    return CrossProduct(*vector);
  };
  catalog.AddScalarSet(std::move(cross));
}

}  // namespace teal
