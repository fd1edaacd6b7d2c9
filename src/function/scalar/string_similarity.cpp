// String similarity functions: levenshtein (editdist3), damerau_levenshtein, hamming
// (mismatches), jaccard, jaro_similarity and jaro_winkler_similarity.
//
// They count code points, as every other string function does (and as PostgreSQL's
// fuzzystrmatch does); DuckDB counts bytes, so its answers differ for non-ASCII text
// (DIALECT.md). Where DuckDB refuses an input (hamming of strings of different lengths or
// of empty strings, jaccard of an empty string) Teal refuses it too, with DuckDB's words.
#include <algorithm>

#include "common/string_distance.hpp"
#include "common/utf8.hpp"
#include "function/builtin_functions.hpp"
#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace {

using T = TypeId;

int64_t Mismatches(std::u32string_view a, std::u32string_view b) {
  if (a.empty() || b.empty()) {
    throw InvalidInputError("Mismatch Function: Strings must be of length > 0!");
  }
  if (a.size() != b.size()) {
    throw InvalidInputError("Mismatch Function: Strings must be of equal length!");
  }
  int64_t n = 0;
  for (size_t i = 0; i < a.size(); i++) n += a[i] != b[i];
  return n;
}

/// The share of distinct characters of either string that both have.
double Jaccard(std::u32string a, std::u32string b) {
  if (a.empty() || b.empty()) {
    throw InvalidInputError("Jaccard Function: An argument too short!");
  }
  for (std::u32string* s : {&a, &b}) {
    std::sort(s->begin(), s->end());
    s->erase(std::unique(s->begin(), s->end()), s->end());
  }
  std::u32string both;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
  const size_t either = a.size() + b.size() - both.size();
  return static_cast<double>(both.size()) / static_cast<double>(either);
}

/// f(code points of the first argument, of the second) into every valid row.
template <typename R, typename F>
ScalarFunctionBody PairBody(F f) {
  return [f](const DataChunk& args, Vector& result, idx_t count) {
    BinaryLoop<string_t, string_t, R>(args, result, count, [&](string_t a, string_t b) {
      return f(DecodeUtf8(a.View()), DecodeUtf8(b.View()));
    });
  };
}

/// A Jaro similarity with DuckDB's optional third argument: a score below it is 0.
template <typename F>
void AddSimilarity(FunctionCatalog& catalog, const char* name, F similarity) {
  const LogicalType V = T::kVarchar, D = T::kDouble;
  catalog.AddScalar(MakeFunction(name, {V, V}, D, PairBody<double>(similarity)));
  catalog.AddScalar(MakeFunction(
      name, {V, V, D}, D, [similarity](const DataChunk& args, Vector& result, idx_t count) {
        TernaryLoop<string_t, string_t, double, double>(
            args, result, count, [&](string_t a, string_t b, double cutoff) {
              const double score = similarity(DecodeUtf8(a.View()), DecodeUtf8(b.View()));
              return score >= cutoff ? score : 0.0;
            });
      }));
}

}  // namespace

void RegisterStringSimilarityFunctions(FunctionCatalog& catalog) {
  const LogicalType V = T::kVarchar, I = T::kBigInt, D = T::kDouble;
  for (const char* name : {"levenshtein", "editdist3"}) {
    catalog.AddScalar(MakeFunction(name, {V, V}, I, PairBody<int64_t>(LevenshteinDistance)));
  }
  catalog.AddScalar(MakeFunction("damerau_levenshtein", {V, V}, I,
                                 PairBody<int64_t>(DamerauLevenshteinDistance)));
  for (const char* name : {"hamming", "mismatches"}) {
    catalog.AddScalar(MakeFunction(name, {V, V}, I, PairBody<int64_t>(Mismatches)));
  }
  catalog.AddScalar(MakeFunction("jaccard", {V, V}, D, PairBody<double>(Jaccard)));
  AddSimilarity(catalog, "jaro_similarity", JaroSimilarity);
  AddSimilarity(catalog, "jaro_winkler_similarity", JaroWinklerSimilarity);
}

}  // namespace teal
