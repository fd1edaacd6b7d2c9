// Art: an adaptive radix tree mapping order-preserving binary keys (art_key.hpp) to row
// ids. It backs PRIMARY KEY, UNIQUE and CREATE INDEX (DESIGN.md, "Indexes").
//
// Thread safety: none. The owner (the table's index list) serialises writers and keeps
// readers out while a writer runs; const methods may run concurrently with each other.
//
// Keys: any byte strings, provided no key is a proper prefix of another (the key
// encoding guarantees it for keys of one index). Inserting a key that is a prefix or an
// extension of a stored key throws InternalError and changes nothing.
//
// Structure. A NodeRef (8 bytes) is a tagged pointer: the low 3 bits give the kind.
//
//   kind  name        what the other 61 bits are
//   0     empty       zero: no node
//   1     inline leaf one row id, signed, shifted left by 3 (a key with one row)
//   2     Leaf        pointer to { u32 count; u32 capacity; i64 rows[capacity] },
//                     rows[0..count) sorted ascending, count >= 2
//   3     Prefix      pointer to { NodeRef child; u32 length; u32 0; u8 bytes[length] }:
//                     path compression — `length` >= 1 key bytes every key below
//                     shares; the child is a leaf or an inner node
//   4     Node4       pointer to { u8 count; u8 keys[4]; pad to 8; NodeRef children[4] }
//   5     Node16      pointer to { u8 count; u8 keys[16]; pad to 24; NodeRef children[16] }
//                     (Node4 and Node16: keys[0..count) sorted, children parallel)
//   6     Node48      pointer to { u8 count; u8 slot[256]; pad to 264;
//                     NodeRef children[48] }: slot[b] is the index of byte b's child,
//                     0xFF when absent
//   7     Node256     pointer to { u16 count; pad to 8; NodeRef children[256] },
//                     indexed by byte, empty NodeRefs where absent
//
// Walking a key: at an inner node the next key byte picks the child; a Prefix must match
// the next `length` key bytes exactly (prefixes are stored in full, so no leaf needs to
// repeat its key); a leaf is reached exactly when the key's bytes are used up. Inner
// nodes have 2..256 children; kinds grow when full and shrink with a lag (art_node.hpp).
//
// Memory comes from the tree's ArtAllocator (size-classed slabs); Clear and the
// destructor free it all at once. Nothing is persisted yet: an on-disk format would
// write these records as they are, with NodeRefs turned into block offsets.
//
// Limits: every scan takes a limit on the row ids it returns. A scan that would return
// more gives up (returns false, appends nothing) so the planner can fall back to a table
// scan, having spent at most about `limit` row ids of work.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "index/art/art_allocator.hpp"
#include "index/art/art_key.hpp"
#include "index/art/art_node.hpp"

namespace teal::art {

/// One end of a range scan.
struct ArtBound {
  ArtKey key;
  bool inclusive = true;
  /// Keys that start with `key` count as equal to it: a bound on the leading columns of
  /// a compound key. E.g. `a <= 5` on an index (a, b) is upper {enc(5), inclusive,
  /// match_prefix}; `a > 5` is lower {enc(5), exclusive, match_prefix}.
  bool match_prefix = false;
};

/// A key range; a missing bound leaves that side open.
struct ArtRange {
  std::optional<ArtBound> lower;
  std::optional<ArtBound> upper;
};

/// What InsertUnique did.
struct UniqueInsertResult {
  bool inserted = false;
  /// When not inserted: the (smallest) row id already holding the key.
  row_t existing_row = -1;
};

/// What InsertUniqueBatch did: index == kInvalidIndex when every key went in; else the
/// first key that was present already (in the tree or earlier in the batch) and the row
/// id holding it — and the batch's keys are all out again.
struct UniqueBatchResult {
  idx_t index = kInvalidIndex;
  row_t existing_row = -1;
  bool AllInserted() const { return index == kInvalidIndex; }
};

/// Node counts by kind, for tests and memory accounting.
struct ArtNodeCounts {
  idx_t inline_leaves = 0;
  idx_t leaves = 0;
  idx_t prefixes = 0;
  idx_t node4 = 0;
  idx_t node16 = 0;
  idx_t node48 = 0;
  idx_t node256 = 0;
};

class Art {
 public:
  Art() = default;
  Art(const Art&) = delete;
  Art& operator=(const Art&) = delete;

  /// Inserts throw OutOfMemoryError past the memory_limit, leaving the tree as it was.
  ///
  /// Adds the pair (key, row) for a non-unique index. Returns false, changing nothing,
  /// when the pair is there already. Row ids must lie in [NodeRef::kMinInlineRow,
  /// NodeRef::kMaxInlineRow] (±2^60; table positions always do).
  bool Insert(ArtKey key, row_t row);
  /// Adds (key, row) unless the key has a row id already; then returns that row id and
  /// changes nothing (for UNIQUE / PRIMARY KEY errors, ON CONFLICT, INSERT OR REPLACE).
  UniqueInsertResult InsertUnique(ArtKey key, row_t row);
  /// Inserts keys[i] -> rows[i] for a chunk of a UNIQUE / PRIMARY KEY index: all or
  /// nothing. On a conflict, or when an insert throws (the memory_limit), erases what it
  /// inserted before returning or rethrowing. Keys with a NULL are the caller's to skip.
  UniqueBatchResult InsertUniqueBatch(std::span<const ArtKey> keys, std::span<const row_t> rows);
  /// Inserts keys[i] -> rows[i] for a non-unique index; returns how many pairs were new.
  /// When an insert throws, erases the pairs this call added, then rethrows.
  idx_t InsertBatch(std::span<const ArtKey> keys, std::span<const row_t> rows);

  /// Removes the pair (key, row); false when it is not there. Nodes shrink and empty
  /// paths are freed. Never throws: when the memory_limit leaves no room for a smaller
  /// node, the bigger one stays.
  bool Erase(ArtKey key, row_t row);

  /// Appends the row ids of `key` (ascending) to `rows` and returns true, or returns
  /// false, appending nothing, when there are more than `limit`.
  bool Lookup(ArtKey key, std::vector<row_t>& rows, idx_t limit) const;
  /// Appends the row ids of the keys in `range`, in key order (row ids ascending within
  /// a key), and returns true; or returns false, appending nothing, when there are more
  /// than `limit`.
  bool Scan(const ArtRange& range, std::vector<row_t>& rows, idx_t limit) const;
  /// Looks up many keys as one batch (an IN list, join keys, encoded by one
  /// ArtKeyBuilder pass): probes advance through the tree in groups, prefetching, so
  /// their cache misses overlap. Replaces `rows` and `offsets`: probe i's row ids are
  /// rows[offsets[i] .. offsets[i + 1]) (offsets has probes.size() + 1 entries; a probe given twice
  /// gets its rows twice). Returns false, leaving both empty, when more than `limit` row ids would
  /// be returned in all.
  bool LookupBatch(std::span<const ArtKey> probes, idx_t limit, std::vector<row_t>& rows,
                   std::vector<idx_t>& offsets) const;

  /// Distinct keys, and (key, row id) pairs.
  idx_t KeyCount() const { return key_count_; }
  idx_t RowCount() const { return row_count_; }
  bool Empty() const { return root_.IsEmpty(); }
  /// Bytes held from the system for nodes (slabs and large blocks).
  size_t MemoryBytes() const { return alloc_.MemoryBytes(); }
  /// Bytes of those in nodes now (the rest is free blocks kept for reuse).
  size_t UsedBytes() const { return alloc_.LiveBytes(); }
  /// Removes everything and gives the memory back.
  void Clear();

  /// Checks the tree's invariants, counts and memory accounting; throws InternalError
  /// naming the first violation. O(size): for tests.
  void Verify() const;
  ArtNodeCounts CountNodes() const;

 private:
  template <bool kUnique>
  UniqueInsertResult InsertImpl(ArtKey key, row_t row);
  void SplitPrefix(NodeRef& slot, uint32_t matched, ArtKey key, uint32_t depth, row_t row);
  NodeRef NewLeafPath(ArtKey key, uint32_t depth, row_t row);
  NodeRef FindLeaf(ArtKey key) const;

  // Erase's walk: the slots from the root down to the leaf, each with the depth at which
  // it is entered. A member so that an erase allocates nothing.
  struct PathStep {
    NodeRef* slot;
    uint32_t depth;
  };
  std::vector<PathStep> erase_path_;

  ArtAllocator alloc_;
  NodeRef root_;
  idx_t key_count_ = 0;
  idx_t row_count_ = 0;
};

}  // namespace teal::art
