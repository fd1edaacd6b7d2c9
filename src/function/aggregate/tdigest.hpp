// TDigest: a merging t-digest (Dunning & Ertl, "Computing extremely accurate quantiles
// using t-digests"), the bounded-memory summary approx_quantile keeps per group.
//
// Values arrive into a buffer; when it fills, buffer and centroids are sorted together
// and adjacent ones merged while a merged centroid spans at most one unit of the scale
// function k(q) = compression / (2π) · asin(2q − 1), so centroids stay small (precise)
// near the tails and grow in the middle. Until the buffer first fills nothing is merged:
// a digest of up to kBufferSize values answers exactly.
//
// Quantile(q) reads the centroids as points at their cumulative weight's midpoints and
// interpolates linearly between neighbours (toward the exact min and max at the ends):
// for unmerged values that is the Hazen quantile, position q·n − ½ of the sorted values.
#pragma once

#include <cstdint>
#include <vector>

#include "common/accounted_allocator.hpp"

namespace teal {

class TDigest {
 public:
  static constexpr double kCompression = 400;  // about 250 centroids: within ~0.05 % of rank
  static constexpr size_t kBufferSize = 1024;

  /// Adds a value: a number or ±infinity (NaN has no place; the caller counts it apart).
  void Add(double value) { Add(value, 1); }
  /// Folds `other` into this digest (parallel and spilled aggregation).
  void Merge(const TDigest& other);
  bool Empty() const { return count_ == 0; }
  /// The q-quantile (0 <= q <= 1) of the values added; Empty() must be false.
  double Quantile(double q) const;

 private:
  struct Centroid {
    double mean;
    double weight;
  };
  void Add(double mean, double weight);
  /// Merges the buffer into the centroids.
  void Compress();
  /// The centroids and the buffer, sorted by mean (not merged).
  std::vector<Centroid> Sorted() const;

  AccountedVector<Centroid> centroids_;  // sorted by mean; merged
  AccountedVector<Centroid> buffer_;     // not yet merged
  double count_ = 0;                     // the weight of all values added
  double min_ = 0;
  double max_ = 0;
};

}  // namespace teal
