// Art: insert, erase, point lookup, and the invariant checker (scans are in art_scan.cpp).
#include "index/art/art.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <new>

namespace teal::art {
namespace {

/// Bytes of `prefix` equal to the key from `depth` on (stops where the key ends).
uint32_t MatchPrefix(Prefix* prefix, ArtKey key, uint32_t depth) {
  uint32_t limit = std::min(prefix->length, key.size - depth);
  const data_t* bytes = prefix->Bytes();
  uint32_t i = 0;
  while (i < limit && bytes[i] == key[depth + i]) i++;
  return i;
}

[[noreturn]] void ThrowNotPrefixFree(uint32_t key_size, uint32_t depth) {
  throw InternalError(
      fmt::format("ART key of {} bytes and a stored key are prefixes of one another (at byte {}); "
                  "keys of one index must be prefix-free",
                  key_size, depth));
}

}  // namespace

bool Art::Insert(ArtKey key, row_t row) { return InsertImpl<false>(key, row).inserted; }

UniqueInsertResult Art::InsertUnique(ArtKey key, row_t row) { return InsertImpl<true>(key, row); }

template <bool kUnique>
UniqueInsertResult Art::InsertImpl(ArtKey key, row_t row) {
  // Checked here, not only when an inline leaf is made: a row id in a Leaf may become
  // inline later, when its key's other rows are erased.
  TEAL_CHECK_LE(row, NodeRef::kMaxInlineRow);
  TEAL_CHECK_GE(row, NodeRef::kMinInlineRow);
  NodeRef* slot = &root_;
  uint32_t depth = 0;
  while (true) {
    NodeRef node = *slot;
    switch (node.Kind()) {
      case NodeKind::kEmpty:
        *slot = NewLeafPath(key, depth, row);
        key_count_++;
        row_count_++;
        return {true, -1};
      case NodeKind::kInlineLeaf:
      case NodeKind::kLeaf:
        if (depth != key.size) ThrowNotPrefixFree(key.size, depth);
        if (kUnique) return {false, LeafFirst(node)};
        if (!LeafInsert(alloc_, *slot, row)) return {false, row};
        row_count_++;
        return {true, -1};
      case NodeKind::kPrefix: {
        Prefix* prefix = node.As<Prefix>();
        uint32_t matched = MatchPrefix(prefix, key, depth);
        if (matched < prefix->length) {
          SplitPrefix(*slot, matched, key, depth, row);
          key_count_++;
          row_count_++;
          return {true, -1};
        }
        depth += matched;
        slot = &prefix->child;
        continue;
      }
      default: {
        if (depth == key.size) ThrowNotPrefixFree(key.size, depth);
        NodeRef* child = FindChild(node, key[depth]);
        if (child) {
          slot = child;
          depth++;
          continue;
        }
        AddChild(alloc_, *slot, key[depth], NewLeafPath(key, depth + 1, row));
        key_count_++;
        row_count_++;
        return {true, -1};
      }
    }
  }
}

UniqueBatchResult Art::InsertUniqueBatch(std::span<const ArtKey> keys,
                                         std::span<const row_t> rows) {
  TEAL_CHECK_EQ(keys.size(), rows.size());
  idx_t done = 0;
  auto roll_back = [&] {
    for (idx_t i = 0; i < done; i++) Erase(keys[i], rows[i]);
  };
  try {
    for (; done < keys.size(); done++) {
      UniqueInsertResult result = InsertUnique(keys[done], rows[done]);
      if (!result.inserted) {
        roll_back();
        return {done, result.existing_row};
      }
    }
  } catch (...) {
    roll_back();
    throw;
  }
  return {};
}

idx_t Art::InsertBatch(std::span<const ArtKey> keys, std::span<const row_t> rows) {
  TEAL_CHECK_EQ(keys.size(), rows.size());
  std::vector<idx_t> added;  // only to undo: pairs present before must stay
  idx_t i = 0;
  try {
    for (; i < keys.size(); i++) {
      if (Insert(keys[i], rows[i])) added.push_back(i);
    }
  } catch (...) {
    for (idx_t a : added) Erase(keys[a], rows[a]);
    throw;
  }
  return added.size();
}

/// The key diverges from the Prefix in `slot` after `matched` bytes: a Node4 at the
/// divergence holds the rest of the old prefix and the new key's own path.
void Art::SplitPrefix(NodeRef& slot, uint32_t matched, ArtKey key, uint32_t depth, row_t row) {
  if (depth + matched == key.size) ThrowNotPrefixFree(key.size, depth + matched);
  Prefix* prefix = slot.As<Prefix>();
  const data_t* bytes = prefix->Bytes();
  NodeRef old_rest =
      NewPrefix(alloc_, bytes + matched + 1, prefix->length - matched - 1, prefix->child);
  NodeRef new_rest = NewLeafPath(key, depth + matched + 1, row);
  NodeRef branch = NewNode4(alloc_, bytes[matched], old_rest, key[depth + matched], new_rest);
  slot = NewPrefix(alloc_, bytes, matched, branch);
  FreePrefix(alloc_, prefix);
}

NodeRef Art::NewLeafPath(ArtKey key, uint32_t depth, row_t row) {
  return NewPrefix(alloc_, key.data + depth, key.size - depth, NodeRef::InlineLeaf(row));
}

bool Art::Erase(ArtKey key, row_t row) {
  std::vector<PathStep>& path = erase_path_;
  path.clear();
  NodeRef* slot = &root_;
  uint32_t depth = 0;
  while (!slot->IsLeaf()) {
    NodeRef node = *slot;
    if (node.IsEmpty()) return false;
    path.push_back({slot, depth});
    if (node.Kind() == NodeKind::kPrefix) {
      Prefix* prefix = node.As<Prefix>();
      if (MatchPrefix(prefix, key, depth) != prefix->length) return false;
      depth += prefix->length;
      slot = &prefix->child;
      continue;
    }
    if (depth == key.size) return false;
    NodeRef* child = FindChild(node, key[depth]);
    if (!child) return false;
    slot = child;
    depth++;
  }
  if (depth != key.size || !LeafErase(alloc_, *slot, row)) return false;
  row_count_--;
  if (!slot->IsEmpty()) return true;
  key_count_--;

  // The key is gone: free the prefixes that led only to it, up to the inner node (or
  // root) that had it as a child, and remove it there.
  size_t i = path.size();
  while (i > 0 && path[i - 1].slot->Kind() == NodeKind::kPrefix) {
    i--;
    FreeNode(alloc_, *path[i].slot);
    *path[i].slot = NodeRef();
  }
  if (i == 0) return true;  // the tree is empty
  i--;
  NodeRef& parent = *path[i].slot;
  RemoveChild(alloc_, parent, key[path[i].depth]);
  // A Node4 that collapsed into a Prefix merges with a Prefix right above it. Without
  // memory for the merged one, two prefixes in a row still work: an erase never fails.
  if (parent.Kind() == NodeKind::kPrefix && i > 0 &&
      path[i - 1].slot->Kind() == NodeKind::kPrefix) {
    Prefix* above = path[i - 1].slot->As<Prefix>();
    try {
      *path[i - 1].slot = NewPrefix(alloc_, above->Bytes(), above->length, parent);
      FreePrefix(alloc_, above);
    } catch (const OutOfMemoryError&) {
    } catch (const std::bad_alloc&) {
    }
  }
  return true;
}

NodeRef Art::FindLeaf(ArtKey key) const {
  NodeRef node = root_;
  uint32_t depth = 0;
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
        continue;
      }
      default: {
        if (depth == key.size) return NodeRef();
        NodeRef* child = FindChild(node, key[depth]);
        if (!child) return NodeRef();
        node = *child;
        depth++;
      }
    }
  }
}

bool Art::Lookup(ArtKey key, std::vector<row_t>& rows, idx_t limit) const {
  NodeRef leaf = FindLeaf(key);
  if (leaf.IsEmpty()) return true;
  if (LeafSize(leaf) > limit) return false;
  LeafAppend(leaf, rows);
  return true;
}

void Art::Clear() {
  alloc_.Clear();
  root_ = NodeRef();
  key_count_ = 0;
  row_count_ = 0;
}

// --- invariant checks -----------------------------------------------------------------

namespace {

struct VerifyTotals {
  ArtNodeCounts counts;
  idx_t keys = 0;
  idx_t rows = 0;
  size_t bytes = 0;  // in blocks, rounded as the allocator rounds
};

[[noreturn]] void Violation(const std::string& what, uint32_t depth) {
  throw InternalError(fmt::format("ART invariant violated at depth {}: {}", depth, what));
}

size_t Rounded(size_t bytes) {
  return bytes > ArtAllocator::kMaxSmallSize ? bytes : (bytes + 7) & ~size_t{7};
}

void VerifyLeaf(NodeRef node, uint32_t depth, VerifyTotals& totals) {
  totals.keys++;
  if (node.Kind() == NodeKind::kInlineLeaf) {
    totals.counts.inline_leaves++;
    totals.rows++;
    return;
  }
  Leaf* leaf = node.As<Leaf>();
  totals.counts.leaves++;
  totals.rows += leaf->count;
  totals.bytes += Rounded(Leaf::SizeFor(leaf->capacity));
  if (leaf->count < 2 || leaf->count > leaf->capacity) {
    Violation(fmt::format("leaf holds {} of {} row ids", leaf->count, leaf->capacity), depth);
  }
  for (uint32_t i = 1; i < leaf->count; i++) {
    if (leaf->Rows()[i - 1] >= leaf->Rows()[i]) Violation("leaf row ids not ascending", depth);
  }
}

void VerifyNode(NodeRef node, uint32_t depth, VerifyTotals& totals);

void VerifyInner(NodeRef node, uint32_t depth, VerifyTotals& totals) {
  idx_t count = ChildCount(node);
  idx_t seen = 0;
  int last = -1;
  ForEachChild(node, 0, 255, [&](data_t byte, NodeRef child) {
    if (byte <= last) Violation("children not in byte order", depth);
    if (child.IsEmpty()) Violation("empty child", depth);
    last = byte;
    seen++;
    VerifyNode(child, depth + 1, totals);
    return true;
  });
  if (seen != count) Violation(fmt::format("{} children but count {}", seen, count), depth);
  idx_t min = 2, max = 0;
  switch (node.Kind()) {
    case NodeKind::kNode4:
      totals.counts.node4++, totals.bytes += Rounded(sizeof(Node4)), max = 4;
      break;
    case NodeKind::kNode16:
      totals.counts.node16++, totals.bytes += Rounded(sizeof(Node16));
      min = Node16::kShrinkAt + 1, max = 16;
      break;
    case NodeKind::kNode48:
      totals.counts.node48++, totals.bytes += Rounded(sizeof(Node48));
      min = Node48::kShrinkAt + 1, max = 48;
      break;
    default:
      totals.counts.node256++, totals.bytes += Rounded(sizeof(Node256));
      min = Node256::kShrinkAt + 1, max = 256;
  }
  // Growth lets a node hold fewer than its shrink threshold only right after growing,
  // which needs more children than the smaller kind's capacity: so the lower bound holds.
  if (count < min || count > max) {
    Violation(fmt::format("node of kind {} has {} children", static_cast<int>(node.Kind()), count),
              depth);
  }
}

void VerifyNode(NodeRef node, uint32_t depth, VerifyTotals& totals) {
  switch (node.Kind()) {
    case NodeKind::kEmpty:
      Violation("empty node below the root", depth);
    case NodeKind::kInlineLeaf:
    case NodeKind::kLeaf:
      return VerifyLeaf(node, depth, totals);
    case NodeKind::kPrefix: {
      Prefix* prefix = node.As<Prefix>();
      totals.counts.prefixes++;
      totals.bytes += Rounded(Prefix::SizeFor(prefix->length));
      if (prefix->length == 0) Violation("empty prefix", depth);
      NodeKind child = prefix->child.Kind();
      if (child == NodeKind::kPrefix || child == NodeKind::kEmpty) {
        Violation("prefix followed by a prefix or nothing", depth);
      }
      return VerifyNode(prefix->child, depth + prefix->length, totals);
    }
    default:
      return VerifyInner(node, depth, totals);
  }
}

}  // namespace

void Art::Verify() const {
  VerifyTotals totals;
  if (!root_.IsEmpty()) VerifyNode(root_, 0, totals);
  if (totals.keys != key_count_ || totals.rows != row_count_) {
    throw InternalError(fmt::format("ART counts {} keys, {} rows; the tree holds {}, {}",
                                    key_count_, row_count_, totals.keys, totals.rows));
  }
  if (totals.bytes != alloc_.LiveBytes()) {
    throw InternalError(fmt::format("ART allocator has {} live bytes; the tree holds {}",
                                    alloc_.LiveBytes(), totals.bytes));
  }
}

ArtNodeCounts Art::CountNodes() const {
  VerifyTotals totals;
  if (!root_.IsEmpty()) VerifyNode(root_, 0, totals);
  return totals.counts;
}

}  // namespace teal::art
