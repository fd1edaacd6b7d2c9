// Art's range scan and batch lookup.
//
// A range scan walks the tree in key order, pruning by the bounds. While the bytes of the
// path so far equal a bound's first bytes the path is "tied" to that bound and the next
// byte decides: below the lower bound skips the subtree, above it unties (every key below
// is inside), and likewise for the upper bound, except that passing it ends the scan.
#include <algorithm>
#include <cstring>
#include <numeric>

#include "index/art/art.hpp"

namespace teal::art {
namespace {

/// Where a path tied to a bound stands after one more byte.
enum class Step { kTied, kInside, kOutside };

/// For the lower bound: the path, tied up to `depth`, continues with `byte` (ignored when
/// the bound ends at `depth`: a longer key is above it unless match_prefix makes it equal).
Step LowerStep(const ArtBound& lower, uint32_t depth, data_t byte) {
  if (depth == lower.key.size) {
    return lower.match_prefix && !lower.inclusive ? Step::kOutside : Step::kInside;
  }
  data_t bound = lower.key[depth];
  return byte < bound ? Step::kOutside : (byte > bound ? Step::kInside : Step::kTied);
}

Step UpperStep(const ArtBound& upper, uint32_t depth, data_t byte) {
  if (depth == upper.key.size) {
    return upper.match_prefix && upper.inclusive ? Step::kInside : Step::kOutside;
  }
  data_t bound = upper.key[depth];
  return byte > bound ? Step::kOutside : (byte < bound ? Step::kInside : Step::kTied);
}

class RangeScanner {
 public:
  RangeScanner(const ArtRange& range, std::vector<row_t>& rows, idx_t limit)
      : range_(range), rows_(rows), start_(rows.size()), limit_(limit) {}

  /// Scans from `root`; false when over the limit (rows restored).
  bool Run(NodeRef root) {
    if (!root.IsEmpty()) Visit(root, 0, range_.lower.has_value(), range_.upper.has_value());
    if (over_limit_) rows_.resize(start_);
    return !over_limit_;
  }

 private:
  /// Applies both bounds to the path continuing with `byte` at `depth`. Returns false
  /// when the subtree is outside the range (done_ is set when past the upper bound).
  bool Advance(uint32_t depth, data_t byte, bool& lower_tied, bool& upper_tied) {
    if (lower_tied) {
      Step step = LowerStep(*range_.lower, depth, byte);
      if (step == Step::kOutside) return false;
      lower_tied = step == Step::kTied;
    }
    if (upper_tied) {
      Step step = UpperStep(*range_.upper, depth, byte);
      if (step == Step::kOutside) {
        done_ = true;
        return false;
      }
      upper_tied = step == Step::kTied;
    }
    return true;
  }

  void Visit(NodeRef node, uint32_t depth, bool lower_tied, bool upper_tied) {
    switch (node.Kind()) {
      case NodeKind::kInlineLeaf:
      case NodeKind::kLeaf:
        return VisitLeaf(node, depth, lower_tied, upper_tied);
      case NodeKind::kPrefix: {
        Prefix* prefix = node.As<Prefix>();
        const data_t* bytes = prefix->Bytes();
        for (uint32_t i = 0; i < prefix->length && (lower_tied || upper_tied); i++) {
          if (!Advance(depth + i, bytes[i], lower_tied, upper_tied)) return;
        }
        return Visit(prefix->child, depth + prefix->length, lower_tied, upper_tied);
      }
      default:
        return VisitInner(node, depth, lower_tied, upper_tied);
    }
  }

  void VisitInner(NodeRef node, uint32_t depth, bool lower_tied, bool upper_tied) {
    // A bound that ends here decides for every child alike (every key below is longer).
    if (lower_tied && depth == range_.lower->key.size) {
      if (LowerStep(*range_.lower, depth, 0) == Step::kOutside) return;
      lower_tied = false;
    }
    if (upper_tied && depth == range_.upper->key.size) {
      if (UpperStep(*range_.upper, depth, 0) == Step::kOutside) {
        done_ = true;
        return;
      }
      upper_tied = false;
    }
    int from = lower_tied ? range_.lower->key[depth] : 0;
    int to = upper_tied ? range_.upper->key[depth] : 255;
    ForEachChild(node, from, to, [&](data_t byte, NodeRef child) {
      Visit(child, depth + 1, lower_tied && byte == from, upper_tied && byte == to);
      return !done_;
    });
  }

  void VisitLeaf(NodeRef leaf, uint32_t depth, bool lower_tied, bool upper_tied) {
    // A tied key shorter than its bound is a proper prefix of it: below it.
    if (lower_tied && (depth < range_.lower->key.size || !range_.lower->inclusive)) return;
    if (upper_tied && depth == range_.upper->key.size && !range_.upper->inclusive) {
      done_ = true;
      return;
    }
    if (rows_.size() - start_ + LeafSize(leaf) > limit_) {
      over_limit_ = done_ = true;
      return;
    }
    LeafAppend(leaf, rows_);
  }

  const ArtRange& range_;
  std::vector<row_t>& rows_;
  const size_t start_;
  const idx_t limit_;
  bool done_ = false;
  bool over_limit_ = false;
};

uint32_t CommonPrefixLength(ArtKey a, ArtKey b) {
  uint32_t n = std::min(a.size, b.size);
  uint32_t i = 0;
  while (i < n && a[i] == b[i]) i++;
  return i;
}

/// Point lookups in key order that resume from the deepest node the previous probe's
/// path shares with this one.
class BatchProber {
 public:
  explicit BatchProber(NodeRef root) { path_.push_back({root, 0}); }

  /// The leaf of `key`, or an empty NodeRef; `shared` is how many leading bytes `key`
  /// has in common with the previous probe.
  NodeRef Find(ArtKey key, uint32_t shared) {
    while (path_.size() > 1 && path_.back().depth > shared) path_.pop_back();
    NodeRef node = path_.back().node;
    uint32_t depth = path_.back().depth;
    while (true) {
      switch (node.Kind()) {
        case NodeKind::kEmpty:
          return NodeRef();
        case NodeKind::kInlineLeaf:
        case NodeKind::kLeaf:
          return depth == key.size ? node : NodeRef();
        case NodeKind::kPrefix: {
          Prefix* prefix = node.As<Prefix>();
          if (key.size - depth < prefix->length ||
              std::memcmp(prefix->Bytes(), key.data + depth, prefix->length) != 0) {
            return NodeRef();
          }
          depth += prefix->length;
          node = prefix->child;
          break;
        }
        default: {
          if (depth == key.size) return NodeRef();
          NodeRef* child = FindChild(node, key[depth]);
          if (!child) return NodeRef();
          node = *child;
          depth++;
        }
      }
      path_.push_back({node, depth});
    }
  }

 private:
  // path_[i]: a node and the key bytes consumed to reach it; path_[0] is the root.
  struct Entry {
    NodeRef node;
    uint32_t depth;
  };
  std::vector<Entry> path_;
};

}  // namespace

bool Art::Scan(const ArtRange& range, std::vector<row_t>& rows, idx_t limit) const {
  return RangeScanner(range, rows, limit).Run(root_);
}

bool Art::LookupBatch(std::span<const ArtKey> probes, idx_t limit, std::vector<row_t>& rows,
                      std::vector<idx_t>& offsets) const {
  rows.clear();
  offsets.clear();
  std::vector<uint32_t> order(probes.size());
  std::iota(order.begin(), order.end(), 0);
  auto less = [&](uint32_t a, uint32_t b) { return CompareKeys(probes[a], probes[b]) < 0; };
  if (!std::is_sorted(order.begin(), order.end(), less)) {
    std::sort(order.begin(), order.end(), less);
  }

  std::vector<NodeRef> leaves(probes.size());
  BatchProber prober(root_);
  ArtKey previous;
  idx_t total = 0;
  for (uint32_t i : order) {
    leaves[i] = prober.Find(probes[i], CommonPrefixLength(previous, probes[i]));
    previous = probes[i];
    if (leaves[i].IsEmpty()) continue;
    total += LeafSize(leaves[i]);
    if (total > limit) return false;
  }

  rows.reserve(total);
  offsets.reserve(probes.size() + 1);
  offsets.push_back(0);
  for (NodeRef leaf : leaves) {
    if (!leaf.IsEmpty()) LeafAppend(leaf, rows);
    offsets.push_back(rows.size());
  }
  return true;
}

}  // namespace teal::art
