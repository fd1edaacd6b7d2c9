// SequenceEntry: option defaults and checks, and the step with wrap-around.
#include "catalog/sequence.hpp"

#include <fmt/format.h>

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

int64_t SequenceEntry::Next() {
  std::lock_guard<std::mutex> guard(lock_);
  int64_t value = start_;
  if (last_) {
    // In 128 bits, so a step past the end of BIGINT is seen rather than wrapped.
    __int128 next = static_cast<__int128>(*last_) + increment_;
    if (exhausted_ || next > max_ || next < min_) {
      if (!cycle_) {
        exhausted_ = true;
        // DuckDB's sentence first, then which end.
        throw SequenceError(fmt::format("nextval: reached {} value of sequence \"{}\" ({})",
                                        increment_ > 0 ? "maximum" : "minimum", name_,
                                        increment_ > 0 ? max_ : min_));
      }
      next = increment_ > 0 ? min_ : max_;
    }
    value = static_cast<int64_t>(next);
  }
  last_ = value;
  return value;
}

std::optional<int64_t> SequenceEntry::Last() const {
  std::lock_guard<std::mutex> guard(lock_);
  return last_;
}

int64_t SequenceEntry::Current() const {
  std::lock_guard<std::mutex> guard(lock_);
  if (!last_) {
    throw SequenceError(
        fmt::format("currval: sequence is not yet defined in this session: \"{}\" has no value "
                    "until nextval is called",
                    name_));
  }
  return *last_;
}

bool SequenceEntry::HasUnlogged() const {
  std::lock_guard<std::mutex> guard(lock_);
  return ever_logged_ ? logged_ != last_ : last_.has_value();
}

bool SequenceEntry::TakeUnlogged(std::optional<int64_t>* last) {
  std::lock_guard<std::mutex> guard(lock_);
  if (ever_logged_ && logged_ == last_) return false;
  if (!ever_logged_ && !last_) return false;
  ever_logged_ = true;
  logged_ = last_;
  *last = last_;
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
  std::lock_guard<std::mutex> guard(lock_);
  exhausted_ = false;
  if (called) {
    last_ = value;
  } else if (before >= std::numeric_limits<int64_t>::min() &&
             before <= std::numeric_limits<int64_t>::max()) {
    last_ = static_cast<int64_t>(before);
  } else {
    throw NotImplementedError(fmt::format(
        "setval({}, {}, false): the value before the first of sequence \"{}\" is outside BIGINT",
        name_, value, name_));
  }
}

void SequenceEntry::Restore(std::optional<int64_t> last) {
  std::lock_guard<std::mutex> guard(lock_);
  last_ = last;
  logged_ = last;
  ever_logged_ = true;
}

std::string SequenceEntry::OptionsSql() const {
  return fmt::format(" INCREMENT BY {} MINVALUE {} MAXVALUE {} START WITH {}{}", increment_, min_,
                     max_, start_, cycle_ ? " CYCLE" : "");
}

}  // namespace teal
