// SequenceEntry: a named counter for nextval() / currval() (CREATE SEQUENCE).
//
// Values start at `start` and move by `increment` within [min, max]. Past the end a
// CYCLE sequence wraps to min (ascending) or max (descending); any other one throws
// OutOfRangeError naming the sequence, and stays exhausted. currval() is the last value
// nextval() returned, for the whole database (not per connection). Values are not
// transactional: a value handed out stays used even if its statement fails.
//
// Thread-safe: Next and Current take the entry's own lock.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace teal {

/// What CREATE SEQUENCE says; unset fields take PostgreSQL's defaults.
struct SequenceOptions {
  std::optional<int64_t> start;
  int64_t increment = 1;
  std::optional<int64_t> min_value;
  std::optional<int64_t> max_value;
  bool cycle = false;
};

class SequenceEntry {
 public:
  /// Throws BinderError naming the sequence when the options contradict each other
  /// (INCREMENT 0, MINVALUE >= MAXVALUE, START outside [MINVALUE, MAXVALUE]).
  SequenceEntry(std::string name, const SequenceOptions& options);

  const std::string& Name() const { return name_; }
  int64_t Start() const { return start_; }
  int64_t Increment() const { return increment_; }
  int64_t Min() const { return min_; }
  int64_t Max() const { return max_; }
  bool Cycle() const { return cycle_; }
  /// Advances the sequence and returns its new value.
  int64_t Next();
  /// The value the last Next returned, by any connection. Throws SequenceError before the
  /// first Next. (currval reads the connection's own: SessionSequences.)
  int64_t Current() const;
  /// For the write-ahead log: whether the position moved since the last call, and if so
  /// the last value handed out (unset: none yet) in `*last`.
  bool TakeUnlogged(std::optional<int64_t>* last);
  /// Whether the position moved since it was last logged (TakeUnlogged would log it).
  bool HasUnlogged() const;
  /// The value the last Next returned (unset before the first): a checkpoint's record.
  std::optional<int64_t> Last() const;
  /// setval (PostgreSQL's): the next Next returns `value` + increment, or `value` itself
  /// when `called` is false; an exhausted sequence runs again. Throws SequenceError
  /// naming the sequence when `value` is outside [min, max].
  void Set(int64_t value, bool called);
  /// Replay: puts the sequence where the log says it was.
  void Restore(std::optional<int64_t> last);
  /// The options of a CREATE SEQUENCE that recreates the definition (not the position),
  /// e.g. " INCREMENT BY 1 MINVALUE 1 MAXVALUE 9 START WITH 1 CYCLE".
  std::string OptionsSql() const;

 private:
  std::string name_;
  int64_t start_, increment_, min_, max_;
  bool cycle_;
  mutable std::mutex lock_;
  std::optional<int64_t> last_;  // what Next returned last
  bool exhausted_ = false;
  std::optional<int64_t> logged_;  // last_ as last logged
  bool ever_logged_ = false;
};

}  // namespace teal
