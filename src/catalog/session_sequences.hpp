// SessionSequences: the value nextval last gave one connection for each sequence, which is
// what currval returns there. PostgreSQL's currval is the session's: another connection's
// nextval does not change it, and a new session (a reopened database) has none until its
// own first nextval.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "catalog/sequence.hpp"

namespace teal {

class SessionSequences {
 public:
  void Set(const std::shared_ptr<SequenceEntry>& sequence, int64_t value) {
    std::lock_guard<std::mutex> guard(lock_);
    values_[sequence->Identity()] = value;
  }
  /// The value, or nullopt when this session has not called nextval on `sequence`.
  std::optional<int64_t> Get(const std::shared_ptr<SequenceEntry>& sequence) const {
    std::lock_guard<std::mutex> guard(lock_);
    auto found = values_.find(sequence->Identity());
    if (found == values_.end()) return std::nullopt;
    return found->second;
  }

 private:
  mutable std::mutex lock_;  // a parallel query's threads may call nextval at once
  // By the sequence's identity, which its ALTERed entries share. Weak: a dropped sequence
  // goes; one created under its name later is another key.
  std::map<std::weak_ptr<const int>, int64_t, std::owner_less<std::weak_ptr<const int>>> values_;
};

}  // namespace teal
