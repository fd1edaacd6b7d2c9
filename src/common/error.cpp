// Error category names and descriptions.
#include "teal/error.hpp"

#include "common/throw_error.hpp"

namespace teal {

std::string_view ErrorCategoryName(ErrorCategory category) {
  switch (category) {
    case ErrorCategory::kParser:
      return "Parser";
    case ErrorCategory::kBinder:
      return "Binder";
    case ErrorCategory::kCatalog:
      return "Catalog";
    case ErrorCategory::kConversion:
      return "Conversion";
    case ErrorCategory::kConstraint:
      return "Constraint";
    case ErrorCategory::kTransaction:
      return "TransactionContext";  // DuckDB's name, which applications match on
    case ErrorCategory::kIO:
      return "IO";
    case ErrorCategory::kInvalidInput:
      return "Invalid Input";
    case ErrorCategory::kOutOfRange:
      return "Out of Range";
    case ErrorCategory::kOutOfMemory:
      return "Out of Memory";
    case ErrorCategory::kNotImplemented:
      return "Not Implemented";
    case ErrorCategory::kInterrupt:
      return "Interrupt";
    case ErrorCategory::kInternal:
      return "Internal";
    case ErrorCategory::kSequence:
      return "Sequence";
    case ErrorCategory::kDependency:
      return "Dependency";
    case ErrorCategory::kPermission:
      return "Permission";
  }
  return "Unknown";
}

std::string Error::Bounded(std::string message) {
  if (message.size() <= kMaxMessage) return message;
  size_t head = kMaxMessage * 3 / 4, tail = kMaxMessage / 4;
  // Cut at UTF-8 character boundaries.
  while (head > 0 && (static_cast<unsigned char>(message[head]) & 0xC0) == 0x80) head--;
  size_t tail_start = message.size() - tail;
  while (tail_start < message.size() &&
         (static_cast<unsigned char>(message[tail_start]) & 0xC0) == 0x80) {
    tail_start++;
  }
  size_t omitted = tail_start - head;
  return message.substr(0, head) + " … (" + std::to_string(omitted) + " characters omitted) … " +
         message.substr(tail_start);
}

std::string Error::Describe() const {
  std::string out(ErrorCategoryName(category_));
  out += " Error: ";
  out += what();
  return out;
}

void ThrowErrorOf(ErrorCategory category, std::string message) {
  switch (category) {
    case ErrorCategory::kParser:
      throw ParserError(std::move(message));
    case ErrorCategory::kBinder:
      throw BinderError(std::move(message));
    case ErrorCategory::kCatalog:
      throw CatalogError(std::move(message));
    case ErrorCategory::kConversion:
      throw ConversionError(std::move(message));
    case ErrorCategory::kConstraint:
      throw ConstraintError(std::move(message));
    case ErrorCategory::kTransaction:
      throw TransactionError(std::move(message));
    case ErrorCategory::kIO:
      throw IOError(std::move(message));
    case ErrorCategory::kInvalidInput:
      throw InvalidInputError(std::move(message));
    case ErrorCategory::kOutOfRange:
      throw OutOfRangeError(std::move(message));
    case ErrorCategory::kOutOfMemory:
      throw OutOfMemoryError(std::move(message));
    case ErrorCategory::kNotImplemented:
      throw Error(category, std::move(message));
    case ErrorCategory::kInterrupt:
      throw InterruptError(std::move(message));
    case ErrorCategory::kSequence:
      throw SequenceError(std::move(message));
    case ErrorCategory::kDependency:
      throw DependencyError(std::move(message));
    case ErrorCategory::kPermission:
      throw PermissionError(std::move(message));
    case ErrorCategory::kInternal:
      break;
  }
  throw InternalError(std::move(message));
}

}  // namespace teal
