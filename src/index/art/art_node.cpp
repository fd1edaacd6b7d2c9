// Operations on one ART node: child lookup, growth, shrinking, prefixes and leaves.
#include "index/art/art_node.hpp"

#include <algorithm>
#include <cstring>
#include <new>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace teal::art {
namespace {

template <typename T>
T* Allocate(ArtAllocator& alloc) {
  return new (alloc.Allocate(sizeof(T))) T;
}

template <typename T>
void Release(ArtAllocator& alloc, T* node) {
  alloc.Free(node, sizeof(T));
}

/// Inserts (byte, child) into sorted parallel arrays holding `count` entries.
void InsertSorted(data_t* keys, NodeRef* children, int count, data_t byte, NodeRef child) {
  int pos = 0;
  while (pos < count && keys[pos] < byte) pos++;
  std::memmove(keys + pos + 1, keys + pos, count - pos);
  std::memmove(static_cast<void*>(children + pos + 1), children + pos,
               (count - pos) * sizeof(NodeRef));
  keys[pos] = byte;
  children[pos] = child;
}

/// Removes the entry for `byte` from sorted parallel arrays holding `count` entries.
void EraseSorted(data_t* keys, NodeRef* children, int count, data_t byte) {
  int pos = 0;
  while (pos < count && keys[pos] != byte) pos++;
  TEAL_ASSERT(pos < count);
  std::memmove(keys + pos, keys + pos + 1, count - pos - 1);
  std::memmove(static_cast<void*>(children + pos), children + pos + 1,
               (count - pos - 1) * sizeof(NodeRef));
}

NodeRef* FindInNode16(Node16* n, data_t byte) {
#if defined(__SSE2__)
  __m128i keys = _mm_loadu_si128(reinterpret_cast<const __m128i*>(n->keys));
  __m128i hits = _mm_cmpeq_epi8(keys, _mm_set1_epi8(static_cast<char>(byte)));
  unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hits)) & ((1u << n->count) - 1);
  return mask ? &n->children[__builtin_ctz(mask)] : nullptr;
#else
  for (int i = 0; i < n->count; i++) {
    if (n->keys[i] == byte) return &n->children[i];
  }
  return nullptr;
#endif
}

// --- growth: a full node moves into the next kind, then takes the new child ---

NodeRef Grow(ArtAllocator& alloc, Node4* old) {
  auto* n = Allocate<Node16>(alloc);
  std::memset(n->keys, 0, sizeof(n->keys));
  n->count = old->count;
  std::memcpy(n->keys, old->keys, old->count);
  std::copy(old->children, old->children + old->count, n->children);
  Release(alloc, old);
  return NodeRef::To(n);
}

NodeRef Grow(ArtAllocator& alloc, Node16* old) {
  auto* n = Allocate<Node48>(alloc);
  std::memset(n->slot, Node48::kNoSlot, sizeof(n->slot));
  n->count = old->count;
  for (int i = 0; i < old->count; i++) {
    n->slot[old->keys[i]] = static_cast<uint8_t>(i);
    n->children[i] = old->children[i];
  }
  std::fill(n->children + old->count, n->children + Node48::kCapacity, NodeRef());
  Release(alloc, old);
  return NodeRef::To(n);
}

NodeRef Grow(ArtAllocator& alloc, Node48* old) {
  auto* n = Allocate<Node256>(alloc);
  std::fill(n->children, n->children + 256, NodeRef());
  n->count = old->count;
  for (int b = 0; b < 256; b++) {
    if (old->slot[b] != Node48::kNoSlot) n->children[b] = old->children[old->slot[b]];
  }
  Release(alloc, old);
  return NodeRef::To(n);
}

// --- shrinking: a node at its kind's lower threshold moves into the previous kind ---

NodeRef Shrink(ArtAllocator& alloc, Node16* old) {
  auto* n = Allocate<Node4>(alloc);
  n->count = old->count;
  std::memcpy(n->keys, old->keys, old->count);
  std::copy(old->children, old->children + old->count, n->children);
  Release(alloc, old);
  return NodeRef::To(n);
}

NodeRef Shrink(ArtAllocator& alloc, Node48* old) {
  auto* n = Allocate<Node16>(alloc);
  std::memset(n->keys, 0, sizeof(n->keys));
  n->count = 0;
  for (int b = 0; b < 256; b++) {
    if (old->slot[b] == Node48::kNoSlot) continue;
    n->keys[n->count] = static_cast<data_t>(b);
    n->children[n->count++] = old->children[old->slot[b]];
  }
  Release(alloc, old);
  return NodeRef::To(n);
}

NodeRef Shrink(ArtAllocator& alloc, Node256* old) {
  auto* n = Allocate<Node48>(alloc);
  std::memset(n->slot, Node48::kNoSlot, sizeof(n->slot));
  std::fill(n->children, n->children + Node48::kCapacity, NodeRef());
  n->count = 0;
  for (int b = 0; b < 256; b++) {
    if (old->children[b].IsEmpty()) continue;
    n->slot[b] = n->count;
    n->children[n->count++] = old->children[b];
  }
  Release(alloc, old);
  return NodeRef::To(n);
}

/// Replaces `node` by shrink(n) unless memory for the smaller node cannot be had: then
/// the bigger node stays (still correct, only not compact), so an erase never fails.
template <typename N, typename ShrinkFn>
void ShrinkIfPossible(NodeRef& node, N* n, ShrinkFn shrink) {
  try {
    node = shrink(n);
  } catch (const OutOfMemoryError&) {
  } catch (const std::bad_alloc&) {
  }
}

/// A Node4 left with one child: the child behind a one-byte prefix (merged with the
/// child's own prefix, if it has one).
NodeRef Collapse(ArtAllocator& alloc, Node4* old) {
  TEAL_ASSERT(old->count == 1);
  NodeRef collapsed = NewPrefix(alloc, old->keys, 1, old->children[0]);
  Release(alloc, old);
  return collapsed;
}

void AddToNode48(Node48* n, data_t byte, NodeRef child) {
  uint8_t s = 0;
  while (!n->children[s].IsEmpty()) s++;  // a free slot exists: count < capacity
  n->slot[byte] = s;
  n->children[s] = child;
  n->count++;
}

Leaf* NewLeaf(ArtAllocator& alloc, uint32_t capacity) {
  auto* leaf = static_cast<Leaf*>(alloc.Allocate(Leaf::SizeFor(capacity)));
  leaf->count = 0;
  leaf->capacity = capacity;
  return leaf;
}

void FreeLeaf(ArtAllocator& alloc, Leaf* leaf) { alloc.Free(leaf, Leaf::SizeFor(leaf->capacity)); }

}  // namespace

NodeRef* FindChild(NodeRef node, data_t byte) {
  switch (node.Kind()) {
    case NodeKind::kNode4: {
      Node4* n = node.As<Node4>();
      for (int i = 0; i < n->count; i++) {
        if (n->keys[i] == byte) return &n->children[i];
      }
      return nullptr;
    }
    case NodeKind::kNode16:
      return FindInNode16(node.As<Node16>(), byte);
    case NodeKind::kNode48: {
      Node48* n = node.As<Node48>();
      return n->slot[byte] == Node48::kNoSlot ? nullptr : &n->children[n->slot[byte]];
    }
    case NodeKind::kNode256: {
      Node256* n = node.As<Node256>();
      return n->children[byte].IsEmpty() ? nullptr : &n->children[byte];
    }
    default:
      TEAL_ASSERT(false);
      return nullptr;
  }
}

NodeRef NewNode4(ArtAllocator& alloc, data_t byte_a, NodeRef a, data_t byte_b, NodeRef b) {
  TEAL_ASSERT(byte_a != byte_b);
  auto* n = Allocate<Node4>(alloc);
  if (byte_b < byte_a) {
    std::swap(byte_a, byte_b);
    std::swap(a, b);
  }
  n->count = 2;
  n->keys[0] = byte_a;
  n->keys[1] = byte_b;
  n->keys[2] = n->keys[3] = 0;
  n->children[0] = a;
  n->children[1] = b;
  return NodeRef::To(n);
}

void AddChild(ArtAllocator& alloc, NodeRef& node, data_t byte, NodeRef child) {
  TEAL_ASSERT(FindChild(node, byte) == nullptr);
  switch (node.Kind()) {
    case NodeKind::kNode4: {
      Node4* n = node.As<Node4>();
      if (n->count == Node4::kCapacity) {
        node = Grow(alloc, n);
        return AddChild(alloc, node, byte, child);
      }
      InsertSorted(n->keys, n->children, n->count++, byte, child);
      return;
    }
    case NodeKind::kNode16: {
      Node16* n = node.As<Node16>();
      if (n->count == Node16::kCapacity) {
        node = Grow(alloc, n);
        return AddChild(alloc, node, byte, child);
      }
      InsertSorted(n->keys, n->children, n->count++, byte, child);
      return;
    }
    case NodeKind::kNode48: {
      Node48* n = node.As<Node48>();
      if (n->count == Node48::kCapacity) {
        node = Grow(alloc, n);
        return AddChild(alloc, node, byte, child);
      }
      AddToNode48(n, byte, child);
      return;
    }
    case NodeKind::kNode256: {
      Node256* n = node.As<Node256>();
      n->children[byte] = child;
      n->count++;
      return;
    }
    default:
      TEAL_ASSERT(false);
  }
}

void RemoveChild(ArtAllocator& alloc, NodeRef& node, data_t byte) {
  switch (node.Kind()) {
    case NodeKind::kNode4: {
      Node4* n = node.As<Node4>();
      EraseSorted(n->keys, n->children, n->count--, byte);
      if (n->count == 1) ShrinkIfPossible(node, n, [&](Node4* m) { return Collapse(alloc, m); });
      return;
    }
    case NodeKind::kNode16: {
      Node16* n = node.As<Node16>();
      EraseSorted(n->keys, n->children, n->count--, byte);
      if (n->count <= Node16::kShrinkAt) {
        ShrinkIfPossible(node, n, [&](Node16* m) { return Shrink(alloc, m); });
      }
      return;
    }
    case NodeKind::kNode48: {
      Node48* n = node.As<Node48>();
      n->children[n->slot[byte]] = NodeRef();
      n->slot[byte] = Node48::kNoSlot;
      n->count--;
      if (n->count <= Node48::kShrinkAt) {
        ShrinkIfPossible(node, n, [&](Node48* m) { return Shrink(alloc, m); });
      }
      return;
    }
    case NodeKind::kNode256: {
      Node256* n = node.As<Node256>();
      n->children[byte] = NodeRef();
      n->count--;
      if (n->count <= Node256::kShrinkAt) {
        ShrinkIfPossible(node, n, [&](Node256* m) { return Shrink(alloc, m); });
      }
      return;
    }
    default:
      TEAL_ASSERT(false);
  }
}

idx_t ChildCount(NodeRef node) {
  switch (node.Kind()) {
    case NodeKind::kNode4:
      return node.As<Node4>()->count;
    case NodeKind::kNode16:
      return node.As<Node16>()->count;
    case NodeKind::kNode48:
      return node.As<Node48>()->count;
    case NodeKind::kNode256:
      return node.As<Node256>()->count;
    default:
      return 0;
  }
}

NodeRef NewPrefix(ArtAllocator& alloc, const data_t* bytes, uint32_t length, NodeRef child) {
  if (length == 0) return child;
  TEAL_ASSERT(!child.IsEmpty());
  Prefix* tail = child.Kind() == NodeKind::kPrefix ? child.As<Prefix>() : nullptr;
  uint32_t total = length + (tail ? tail->length : 0);
  auto* p = static_cast<Prefix*>(alloc.Allocate(Prefix::SizeFor(total)));
  p->length = total;
  p->reserved = 0;
  std::memcpy(p->Bytes(), bytes, length);
  if (tail) {
    std::memcpy(p->Bytes() + length, tail->Bytes(), tail->length);
    p->child = tail->child;
    FreePrefix(alloc, tail);
  } else {
    p->child = child;
  }
  return NodeRef::To(p);
}

void FreePrefix(ArtAllocator& alloc, Prefix* prefix) {
  alloc.Free(prefix, Prefix::SizeFor(prefix->length));
}

bool LeafInsert(ArtAllocator& alloc, NodeRef& leaf, row_t row) {
  if (leaf.Kind() == NodeKind::kInlineLeaf) {
    row_t existing = leaf.InlineRow();
    if (existing == row) return false;
    Leaf* l = NewLeaf(alloc, 4);
    l->count = 2;
    l->Rows()[0] = std::min(existing, row);
    l->Rows()[1] = std::max(existing, row);
    leaf = NodeRef::To(l);
    return true;
  }
  Leaf* l = leaf.As<Leaf>();
  row_t* end = l->Rows() + l->count;
  row_t* pos = std::lower_bound(l->Rows(), end, row);
  if (pos != end && *pos == row) return false;
  if (l->count == l->capacity) {
    Leaf* bigger = NewLeaf(alloc, l->capacity * 2);
    bigger->count = l->count;
    std::copy(l->Rows(), end, bigger->Rows());
    pos = bigger->Rows() + (pos - l->Rows());
    FreeLeaf(alloc, l);
    l = bigger;
    end = l->Rows() + l->count;
    leaf = NodeRef::To(l);
  }
  std::copy_backward(pos, end, end + 1);
  *pos = row;
  l->count++;
  return true;
}

bool LeafErase(ArtAllocator& alloc, NodeRef& leaf, row_t row) {
  if (leaf.Kind() == NodeKind::kInlineLeaf) {
    if (leaf.InlineRow() != row) return false;
    leaf = NodeRef();
    return true;
  }
  Leaf* l = leaf.As<Leaf>();
  row_t* end = l->Rows() + l->count;
  row_t* pos = std::lower_bound(l->Rows(), end, row);
  if (pos == end || *pos != row) return false;
  std::copy(pos + 1, end, pos);
  l->count--;
  if (l->count == 1) {
    leaf = NodeRef::InlineLeaf(l->Rows()[0]);
    FreeLeaf(alloc, l);
  } else if (l->capacity > 4 && l->count <= l->capacity / 4) {
    ShrinkIfPossible(leaf, l, [&](Leaf* old) {
      Leaf* smaller = NewLeaf(alloc, old->capacity / 2);
      smaller->count = old->count;
      std::copy(old->Rows(), old->Rows() + old->count, smaller->Rows());
      FreeLeaf(alloc, old);
      return NodeRef::To(smaller);
    });
  }
  return true;
}

idx_t LeafSize(NodeRef leaf) {
  return leaf.Kind() == NodeKind::kInlineLeaf ? 1 : leaf.As<Leaf>()->count;
}

row_t LeafFirst(NodeRef leaf) {
  return leaf.Kind() == NodeKind::kInlineLeaf ? leaf.InlineRow() : leaf.As<Leaf>()->Rows()[0];
}

void LeafAppend(NodeRef leaf, std::vector<row_t>& out) {
  if (leaf.Kind() == NodeKind::kInlineLeaf) {
    out.push_back(leaf.InlineRow());
    return;
  }
  Leaf* l = leaf.As<Leaf>();
  out.insert(out.end(), l->Rows(), l->Rows() + l->count);
}

void FreeNode(ArtAllocator& alloc, NodeRef node) {
  switch (node.Kind()) {
    case NodeKind::kEmpty:
    case NodeKind::kInlineLeaf:
      return;
    case NodeKind::kLeaf:
      return FreeLeaf(alloc, node.As<Leaf>());
    case NodeKind::kPrefix:
      return FreePrefix(alloc, node.As<Prefix>());
    case NodeKind::kNode4:
      return Release(alloc, node.As<Node4>());
    case NodeKind::kNode16:
      return Release(alloc, node.As<Node16>());
    case NodeKind::kNode48:
      return Release(alloc, node.As<Node48>());
    case NodeKind::kNode256:
      return Release(alloc, node.As<Node256>());
  }
}

}  // namespace teal::art
