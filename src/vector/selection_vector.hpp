// SelectionVector: a list of row positions into a vector, used by filters to pass on
// the rows that qualify without copying any column.
#pragma once

#include <algorithm>
#include <memory>

#include "teal/basic_types.hpp"

namespace teal {

class SelectionVector {
 public:
  SelectionVector() = default;
  explicit SelectionVector(idx_t capacity) { Initialize(capacity); }

  void Initialize(idx_t capacity = kVectorSize) {
    owner_ = std::shared_ptr<sel_t[]>(new sel_t[capacity]);
    sel_ = owner_.get();
    capacity_ = capacity;
  }
  /// Room for `capacity` positions: a selection reused chunk after chunk allocates only
  /// when it must grow (positions are then undefined).
  void Reserve(idx_t capacity) {
    if (!sel_ || capacity_ < capacity || sel_ != owner_.get())
      Initialize(std::max(capacity, kVectorSize));
  }
  /// The identity selection 0..count-1.
  void InitializeIdentity(idx_t count) {
    Initialize(count ? count : 1);
    for (idx_t i = 0; i < count; i++) sel_[i] = static_cast<sel_t>(i);
  }
  bool IsSet() const { return sel_ != nullptr; }
  idx_t Get(idx_t i) const { return sel_ ? sel_[i] : i; }
  void Set(idx_t i, idx_t row) { sel_[i] = static_cast<sel_t>(row); }
  sel_t* Data() { return sel_; }

 private:
  sel_t* sel_ = nullptr;
  std::shared_ptr<sel_t[]> owner_;
  idx_t capacity_ = 0;
};

}  // namespace teal
