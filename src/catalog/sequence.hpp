// SequenceEntry: a named counter for nextval() / currval() (CREATE SEQUENCE).
//
// Values start at `start` and move by `increment` within [min, max]. Past the end a
// CYCLE sequence wraps to min (ascending) or max (descending); any other one throws
// OutOfRangeError naming the sequence, and stays exhausted. currval() is the last value
// nextval() returned, for the whole database (not per connection). Values are not
// transactional: a value handed out stays used even if its statement fails.
//
// ALTER SEQUENCE does not change an entry: it makes a new one (SequenceEntry::Altered) that
// the transaction's catalog files instead, so the change is transactional like any other.
// The new entry shares the old one's counter (its position), unless the change restarts it;
// both keep the sequence's identity (SameSequence), by which a column's DEFAULT nextval(…)
// finds the entry its catalog files now (Catalog::CurrentSequence).
//
// Thread-safe: Next and Current take the counter's lock.
#pragma once

#include <cstdint>
#include <memory>
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

/// What owns a sequence (ALTER SEQUENCE … OWNED BY): the sequence goes when its owner goes.
struct SequenceOwner {
  /// The owner's catalog name (a table, a view or another sequence, in the sequence's own
  /// catalog); empty: no owner.
  std::string name;
  /// 't' table, 'v' view, 's' sequence.
  char kind = 't';
  /// PostgreSQL's OWNED BY table.column: the column (the sequence also goes when the column
  /// does, and DROP SEQUENCE drops it freely). Empty: DuckDB's OWNED BY relation, which
  /// the relation then depends on (DROP SEQUENCE needs CASCADE and drops the owner too).
  std::string column;

  bool operator==(const SequenceOwner&) const = default;
};

class SequenceEntry {
 public:
  /// Throws BinderError naming the sequence when the options contradict each other
  /// (INCREMENT 0, MINVALUE >= MAXVALUE, START outside [MINVALUE, MAXVALUE]).
  SequenceEntry(std::string name, const SequenceOptions& options);

  /// The options this entry was made with (min and max as resolved), to start a change.
  SequenceOptions Options() const;
  /// ALTER SEQUENCE: an entry of this sequence named `name`, with `options` and `owner`,
  /// sharing this one's position — unless `restart`: then its next value is `restart_with`
  /// (unset: its start), in a counter of its own. Throws as the constructor does, and
  /// SequenceError when `restart_with` is outside [min, max].
  std::shared_ptr<SequenceEntry> Altered(std::string name, const SequenceOptions& options,
                                         SequenceOwner owner, bool restart,
                                         std::optional<int64_t> restart_with) const;
  /// Whether `other` is an entry of the same sequence (this one or one ALTER made of it).
  bool SameSequence(const SequenceEntry& other) const { return identity_ == other.identity_; }
  /// What every entry of the sequence shares (SameSequence), as a key that outlives none.
  std::weak_ptr<const int> Identity() const { return identity_; }
  /// Whether `other` is an entry of this sequence whose counter a later restart made: a
  /// position of this entry's is then no longer the sequence's (not to be logged).
  bool SupersededBy(const SequenceEntry& other) const;
  const SequenceOwner& Owner() const { return owner_; }

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
  /// Where the sequence is; shared by the entries ALTER makes without restarting it.
  struct Counter {
    std::mutex lock;
    std::optional<int64_t> last;  // what Next returned last
    bool exhausted = false;
    std::optional<int64_t> logged;  // last as last logged
    bool ever_logged = false;
    const uint64_t generation = NextGeneration();
  };
  static uint64_t NextGeneration();

  std::string name_;
  int64_t start_, increment_, min_, max_;
  bool cycle_;
  SequenceOwner owner_;
  std::shared_ptr<Counter> counter_ = std::make_shared<Counter>();
  /// Shared by every entry of the sequence (SameSequence).
  std::shared_ptr<const int> identity_ = std::make_shared<const int>(0);
};

}  // namespace teal
