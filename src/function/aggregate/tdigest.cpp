// TDigest: see tdigest.hpp.
#include "function/aggregate/tdigest.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace teal {

namespace {

/// The scale function k1: the digest's size limit is one unit of k per centroid.
double Scale(double q) {
  return TDigest::kCompression / (2 * std::numbers::pi) *
         std::asin(2 * std::clamp(q, 0.0, 1.0) - 1);
}

/// The largest q a centroid that starts at quantile `q` may reach: Scale(q) + 1, back in q
/// (one sine per centroid instead of an arcsine per value merged).
double ReachFrom(double q) {
  const double k = Scale(q) + 1;
  if (k >= TDigest::kCompression / 4) return 1;  // past k(1): no limit
  return (std::sin(k * 2 * std::numbers::pi / TDigest::kCompression) + 1) / 2;
}

/// a + (b - a) · t, exact at the ends and for infinities (where the formula gives NaN).
double Lerp(double a, double b, double t) {
  if (t <= 0 || a == b) return a;
  if (t >= 1) return b;
  if (!std::isfinite(a) || !std::isfinite(b)) return t < 0.5 ? a : b;
  return a + (b - a) * t;
}

}  // namespace

void TDigest::Add(double mean, double weight) {
  if (count_ == 0) {
    min_ = max_ = mean;
  } else {
    min_ = std::min(min_, mean);
    max_ = std::max(max_, mean);
  }
  count_ += weight;
  buffer_.push_back({mean, weight});
  if (buffer_.size() >= kBufferSize) Compress();
}

void TDigest::Merge(const TDigest& other) {
  if (other.count_ == 0) return;
  for (const Centroid& c : other.centroids_) Add(c.mean, c.weight);
  for (const Centroid& c : other.buffer_) Add(c.mean, c.weight);
  // The other digest's extremes may have been merged into centroids.
  min_ = std::min(min_, other.min_);
  max_ = std::max(max_, other.max_);
}

std::vector<TDigest::Centroid> TDigest::Sorted() const {
  const auto by_mean = [](const Centroid& a, const Centroid& b) { return a.mean < b.mean; };
  std::vector<Centroid> buffer(buffer_.begin(), buffer_.end());
  std::sort(buffer.begin(), buffer.end(), by_mean);
  std::vector<Centroid> all(centroids_.size() + buffer.size());
  std::merge(centroids_.begin(), centroids_.end(), buffer.begin(), buffer.end(), all.begin(),
             by_mean);  // the centroids are sorted already
  return all;
}

void TDigest::Compress() {
  std::vector<Centroid> all = Sorted();
  buffer_.clear();
  centroids_.clear();
  double before = 0;  // the weight of the centroids merged so far, before `current`
  Centroid current = all.front();
  double reach = ReachFrom(before / count_) * count_;  // in weight
  for (size_t i = 1; i < all.size(); i++) {
    const Centroid& next = all[i];
    // An infinity is a centroid of its own: a mean with it would be infinite or NaN.
    const bool finite = std::isfinite(current.mean) && std::isfinite(next.mean);
    if (before + current.weight + next.weight <= reach && (finite || current.mean == next.mean)) {
      // weighted mean, in a form that does not overflow for large values (and that an
      // infinity, merged only with itself, keeps: inf - inf would be NaN)
      current.weight += next.weight;
      if (next.mean != current.mean) {
        current.mean += (next.mean - current.mean) * next.weight / current.weight;
      }
      continue;
    }
    before += current.weight;
    centroids_.push_back(current);
    current = next;
    reach = ReachFrom(before / count_) * count_;
  }
  centroids_.push_back(current);
}

double TDigest::Quantile(double q) const {
  const std::vector<Centroid> all = Sorted();
  if (all.size() == 1) return all.front().mean;
  const double index = q * count_;
  // The first centroid's point is at half its weight; below it, toward the minimum.
  const Centroid& first = all.front();
  if (index <= first.weight / 2) return Lerp(min_, first.mean, 2 * index / first.weight);
  double at = first.weight / 2;  // the current centroid's point
  for (size_t i = 1; i < all.size(); i++) {
    const double next = at + (all[i - 1].weight + all[i].weight) / 2;
    if (index <= next) {
      return Lerp(all[i - 1].mean, all[i].mean, (index - at) / (next - at));
    }
    at = next;
  }
  // Above the last centroid's point, toward the maximum.
  const Centroid& last = all.back();
  return Lerp(last.mean, max_, (index - at) / (last.weight / 2));
}

}  // namespace teal
