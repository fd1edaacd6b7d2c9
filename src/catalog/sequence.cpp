// SequenceEntry: option defaults and checks, and the step with wrap-around.
#include "catalog/sequence.hpp"

#include <fmt/format.h>

#include <atomic>
#include <limits>

#include "teal/error.hpp"

namespace teal {

SequenceEntry::SequenceEntry(std::string name, const SequenceOptions& options)
    : name_(std::move(name)), increment_(options.increment), cycle_(options.cycle) {
  if (increment_ == 0) {
    throw BinderError(fmt::format("INCREMENT of sequence \"{}\" must not be zero", name_));
  }
  // PostgreSQL's defaults: an ascending sequence runs from 1 up, a descending one from -1
  // down, each to the end of BIGINT.
  const bool ascending = increment_ > 0;
  min_ = options.min_value.value_or(ascending ? 1 : std::numeric_limits<int64_t>::min());
  max_ = options.max_value.value_or(ascending ? std::numeric_limits<int64_t>::max() : -1);
  if (min_ >= max_) {
    throw BinderError(fmt::format(
        "MINVALUE ({}) of sequence \"{}\" must be less than MAXVALUE ({})", min_, name_, max_));
  }
  start_ = options.start.value_or(ascending ? min_ : max_);
  if (start_ < min_ || start_ > max_) {
    throw BinderError(fmt::format("START value ({}) of sequence \"{}\" must be between {} and {}",
                                  start_, name_, min_, max_));
  }
}

SequenceOptions SequenceEntry::Options() const {
  SequenceOptions options;
  options.start = start_;
  options.increment = increment_;
  options.min_value = min_;
  options.max_value = max_;
  options.cycle = cycle_;
  return options;
}

std::shared_ptr<SequenceEntry> SequenceEntry::Altered(std::string name,
                                                      const SequenceOptions& options,
                                                      SequenceOwner owner, bool restart,
                                                      std::optional<int64_t> restart_with) const {
  auto altered = std::make_shared<SequenceEntry>(std::move(name), options);
  // A restart's counter is newer than every counter before it (SupersededBy).
  altered->owner_ = std::move(owner);
  altered->identity_ = identity_;
  if (!restart) {
    altered->counter_ = counter_;
    // Whether it is at its end is for the new bounds to say (Next sees it again).
    std::lock_guard<std::mutex> guard(counter_->lock);
    counter_->exhausted = false;
  } else if (restart_with) {
    if (*restart_with < altered->min_ || *restart_with > altered->max_) {
      throw BinderError(
          fmt::format("RESTART value ({}) of sequence \"{}\" must be between {} and {}",
                      *restart_with, altered->name_, altered->min_, altered->max_));
    }
    altered->Set(*restart_with, /*called=*/false);
  }
  return altered;
}

bool SequenceEntry::SupersededBy(const SequenceEntry& other) const {
  return SameSequence(other) && other.counter_->generation > counter_->generation;
}

uint64_t SequenceEntry::NextGeneration() {
  static std::atomic<uint64_t> next{1};
  return next++;
}

int64_t SequenceEntry::Next() {
  std::lock_guard<std::mutex> guard(counter_->lock);
  int64_t value = start_;
  if (counter_->last) {
    // In 128 bits, so a step past the end of BIGINT is seen rather than wrapped.
    __int128 next = static_cast<__int128>(*counter_->last) + increment_;
    if (counter_->exhausted || next > max_ || next < min_) {
      if (!cycle_) {
        counter_->exhausted = true;
        // DuckDB's sentence first, then which end.
        throw SequenceError(fmt::format("nextval: reached {} value of sequence \"{}\" ({})",
                                        increment_ > 0 ? "maximum" : "minimum", name_,
                                        increment_ > 0 ? max_ : min_));
      }
      next = increment_ > 0 ? min_ : max_;
    }
    value = static_cast<int64_t>(next);
  }
  counter_->last = value;
  return value;
}

std::optional<int64_t> SequenceEntry::Last() const {
  std::lock_guard<std::mutex> guard(counter_->lock);
  return counter_->last;
}

int64_t SequenceEntry::Current() const {
  std::lock_guard<std::mutex> guard(counter_->lock);
  if (!counter_->last) {
    throw SequenceError(
        fmt::format("currval: sequence is not yet defined in this session: \"{}\" has no value "
                    "until nextval is called",
                    name_));
  }
  return *counter_->last;
}

bool SequenceEntry::HasUnlogged() const {
  std::lock_guard<std::mutex> guard(counter_->lock);
  return counter_->ever_logged ? counter_->logged != counter_->last : counter_->last.has_value();
}

bool SequenceEntry::TakeUnlogged(std::optional<int64_t>* last) {
  std::lock_guard<std::mutex> guard(counter_->lock);
  if (counter_->ever_logged && counter_->logged == counter_->last) return false;
  if (!counter_->ever_logged && !counter_->last) return false;
  counter_->ever_logged = true;
  counter_->logged = counter_->last;
  *last = counter_->last;
  return true;
}

void SequenceEntry::Set(int64_t value, bool called) {
  if (value < min_ || value > max_) {
    throw SequenceError(  // DuckDB's category (PostgreSQL's words)
        fmt::format("setval: value {} is out of bounds for sequence \"{}\" ({}..{})", value, name_,
                    min_, max_));
  }
  // Not called: the value before it, so that Next steps onto it. In 128 bits: below the end
  // of BIGINT there is no such value, and the sequence starts there again instead.
  const __int128 before = static_cast<__int128>(value) - increment_;
  std::lock_guard<std::mutex> guard(counter_->lock);
  counter_->exhausted = false;
  if (called) {
    counter_->last = value;
  } else if (before >= std::numeric_limits<int64_t>::min() &&
             before <= std::numeric_limits<int64_t>::max()) {
    counter_->last = static_cast<int64_t>(before);
  } else {
    throw NotImplementedError(fmt::format(
        "setval({}, {}, false): the value before the first of sequence \"{}\" is outside BIGINT",
        name_, value, name_));
  }
}

void SequenceEntry::Restore(std::optional<int64_t> last) {
  std::lock_guard<std::mutex> guard(counter_->lock);
  counter_->last = last;
  counter_->logged = last;
  counter_->ever_logged = true;
}

std::string SequenceEntry::OptionsSql() const {
  return fmt::format(" INCREMENT BY {} MINVALUE {} MAXVALUE {} START WITH {}{}", increment_, min_,
                     max_, start_, cycle_ ? " CYCLE" : "");
}

}  // namespace teal
