// The ART's building blocks: NodeRef (a tagged pointer), the node kinds' memory layouts
// (the full layout description is at the top of art.hpp), and the operations that touch
// one node: find, add and remove a child with growth and shrinking, prefixes, leaves.
//
// Invariants every function here keeps (Art::Verify checks them):
//   1. A Prefix holds 1 or more bytes; its child is a leaf or an inner node, never
//      another Prefix (consecutive prefixes are merged) and never empty.
//   2. An inner node has at least 2 children: a Node4 left with one collapses into a
//      Prefix of its key byte in front of the child.
//   3. Node4/Node16 keep their key bytes sorted; Node48 maps a byte to a child slot.
//   4. A Leaf holds 2 or more row ids, sorted and distinct; a single row id is an
//      inline leaf inside the NodeRef itself.
//   5. Shrinking lags growth (Node256 -> Node48 at 36 children, Node48 -> Node16 at 12,
//      Node16 -> Node4 at 3), so alternating one insert and one erase at a boundary
//      does not reallocate every time.
#pragma once

#include <cstdint>
#include <vector>

#include "common/assert.hpp"
#include "index/art/art_allocator.hpp"
#include "teal/basic_types.hpp"

namespace teal::art {

/// A row id, as DataTable hands them out (its position in the table).
using row_t = int64_t;

enum class NodeKind : uint8_t {
  kEmpty = 0,
  kInlineLeaf = 1,
  kLeaf = 2,
  kPrefix = 3,
  kNode4 = 4,
  kNode16 = 5,
  kNode48 = 6,
  kNode256 = 7,
};

/// A reference to a node: a pointer whose low three bits (blocks are 8-byte aligned)
/// hold its kind, or an inline leaf — one row id shifted left by three — or empty (0).
class NodeRef {
 public:
  static constexpr int kTagBits = 3;
  static constexpr uint64_t kTagMask = (uint64_t{1} << kTagBits) - 1;
  /// The row ids an inline leaf can hold: 61-bit signed.
  static constexpr row_t kMaxInlineRow = (row_t{1} << (63 - kTagBits)) - 1;
  static constexpr row_t kMinInlineRow = -kMaxInlineRow - 1;

  constexpr NodeRef() = default;
  static NodeRef InlineLeaf(row_t row) {
    TEAL_CHECK_LE(row, kMaxInlineRow);
    TEAL_CHECK_GE(row, kMinInlineRow);
    return NodeRef((static_cast<uint64_t>(row) << kTagBits) |
                   static_cast<uint64_t>(NodeKind::kInlineLeaf));
  }
  template <typename T>
  static NodeRef To(T* node) {
    return NodeRef(reinterpret_cast<uint64_t>(node) | static_cast<uint64_t>(T::kKind));
  }

  NodeKind Kind() const { return static_cast<NodeKind>(bits_ & kTagMask); }
  bool IsEmpty() const { return bits_ == 0; }
  bool IsLeaf() const { return Kind() == NodeKind::kInlineLeaf || Kind() == NodeKind::kLeaf; }
  bool IsInner() const { return Kind() >= NodeKind::kNode4; }
  row_t InlineRow() const { return static_cast<int64_t>(bits_) >> kTagBits; }
  template <typename T>
  T* As() const {
    TEAL_ASSERT(Kind() == T::kKind);
    return reinterpret_cast<T*>(bits_ & ~kTagMask);
  }
  friend bool operator==(NodeRef a, NodeRef b) { return a.bits_ == b.bits_; }

 private:
  explicit NodeRef(uint64_t bits) : bits_(bits) {}
  uint64_t bits_ = 0;
};
static_assert(sizeof(NodeRef) == 8);

/// Path compression: bytes every key below shares, then one child.
struct Prefix {
  static constexpr NodeKind kKind = NodeKind::kPrefix;
  NodeRef child;
  uint32_t length;
  uint32_t reserved;
  data_t* Bytes() { return reinterpret_cast<data_t*>(this + 1); }
  static size_t SizeFor(uint32_t length) { return sizeof(Prefix) + length; }
};

/// Two or more row ids of one key (a non-unique index), sorted.
struct Leaf {
  static constexpr NodeKind kKind = NodeKind::kLeaf;
  uint32_t count;
  uint32_t capacity;
  row_t* Rows() { return reinterpret_cast<row_t*>(this + 1); }
  static size_t SizeFor(uint32_t capacity) { return sizeof(Leaf) + capacity * sizeof(row_t); }
};

struct Node4 {
  static constexpr NodeKind kKind = NodeKind::kNode4;
  static constexpr int kCapacity = 4;
  uint8_t count;
  data_t keys[4];
  NodeRef children[4];
};

struct Node16 {
  static constexpr NodeKind kKind = NodeKind::kNode16;
  static constexpr int kCapacity = 16;
  static constexpr int kShrinkAt = 3;
  uint8_t count;
  data_t keys[16];
  NodeRef children[16];
};

struct Node48 {
  static constexpr NodeKind kKind = NodeKind::kNode48;
  static constexpr int kCapacity = 48;
  static constexpr int kShrinkAt = 12;
  static constexpr uint8_t kNoSlot = 0xFF;
  uint8_t count;
  uint8_t slot[256];  // byte -> index into children, kNoSlot when absent
  NodeRef children[48];
};

struct Node256 {
  static constexpr NodeKind kKind = NodeKind::kNode256;
  static constexpr int kShrinkAt = 36;
  uint16_t count;
  NodeRef children[256];
};

static_assert(sizeof(Node4) == 40 && sizeof(Node16) == 152 && sizeof(Node48) == 648 &&
              sizeof(Node256) == 2056 && sizeof(Prefix) == 16 && sizeof(Leaf) == 8);

// --- inner nodes ----------------------------------------------------------------------

/// The slot of `node`'s child for `byte`, or nullptr. Precondition: node.IsInner().
NodeRef* FindChild(NodeRef node, data_t byte);
/// A new Node4 with the two children (bytes distinct).
NodeRef NewNode4(ArtAllocator& alloc, data_t byte_a, NodeRef a, data_t byte_b, NodeRef b);
/// Adds a child for `byte` (which must be absent), growing `node` into the next kind
/// when it is full.
void AddChild(ArtAllocator& alloc, NodeRef& node, data_t byte, NodeRef child);
/// Removes the child for `byte` (present, though the caller may have freed it and cleared
/// its slot already), shrinking
/// `node`; a Node4 left with one child becomes a Prefix in front of it.
void RemoveChild(ArtAllocator& alloc, NodeRef& node, data_t byte);
/// Children of an inner node.
idx_t ChildCount(NodeRef node);

/// Calls f(byte, child) for each child of inner `node` with from <= byte <= to, in byte
/// order, until f returns false. Returns false when f stopped it.
template <typename F>
bool ForEachChild(NodeRef node, int from, int to, F&& f) {
  switch (node.Kind()) {
    case NodeKind::kNode4:
    case NodeKind::kNode16: {
      const data_t* keys =
          node.Kind() == NodeKind::kNode4 ? node.As<Node4>()->keys : node.As<Node16>()->keys;
      const NodeRef* children = node.Kind() == NodeKind::kNode4 ? node.As<Node4>()->children
                                                                : node.As<Node16>()->children;
      int count =
          node.Kind() == NodeKind::kNode4 ? node.As<Node4>()->count : node.As<Node16>()->count;
      for (int i = 0; i < count && keys[i] <= to; i++) {
        if (keys[i] >= from && !f(keys[i], children[i])) return false;
      }
      return true;
    }
    case NodeKind::kNode48: {
      const Node48* n = node.As<Node48>();
      for (int b = from; b <= to; b++) {
        uint8_t s = n->slot[b];
        if (s != Node48::kNoSlot && !f(static_cast<data_t>(b), n->children[s])) return false;
      }
      return true;
    }
    case NodeKind::kNode256: {
      const Node256* n = node.As<Node256>();
      for (int b = from; b <= to; b++) {
        if (!n->children[b].IsEmpty() && !f(static_cast<data_t>(b), n->children[b])) return false;
      }
      return true;
    }
    default:
      TEAL_ASSERT(false);
      return true;
  }
}

// --- prefixes -------------------------------------------------------------------------

/// `child` behind the `length` bytes at `bytes`: `child` itself when length is 0, one
/// Prefix holding both byte runs when `child` is a Prefix (which is freed).
NodeRef NewPrefix(ArtAllocator& alloc, const data_t* bytes, uint32_t length, NodeRef child);
void FreePrefix(ArtAllocator& alloc, Prefix* prefix);

// --- leaves ---------------------------------------------------------------------------

/// Adds `row` to the leaf; false (and no change) when it is there already.
bool LeafInsert(ArtAllocator& alloc, NodeRef& leaf, row_t row);
/// Removes `row` from the leaf; false when absent. The last row leaves `leaf` empty.
bool LeafErase(ArtAllocator& alloc, NodeRef& leaf, row_t row);
idx_t LeafSize(NodeRef leaf);
/// The smallest row id of the leaf.
row_t LeafFirst(NodeRef leaf);
/// Appends the leaf's row ids, ascending.
void LeafAppend(NodeRef leaf, std::vector<row_t>& out);

/// Frees the block `node` points to (not its children). Inline leaves own no block.
void FreeNode(ArtAllocator& alloc, NodeRef node);

}  // namespace teal::art
