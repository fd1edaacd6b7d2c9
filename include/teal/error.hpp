// include/teal/error.hpp — the one error regime of Teal's C++ API.
//
// Every failure reaching a user is an exception derived from teal::Error. Its
// category says who is to blame (the SQL text, the catalog, a value, an internal
// bug...) and its message names the object and the values involved.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace teal {

enum class ErrorCategory {
  kParser,
  kBinder,
  kCatalog,
  kConversion,
  kConstraint,
  kTransaction,
  kIO,
  kInvalidInput,
  kOutOfRange,
  kOutOfMemory,
  kNotImplemented,
  kInterrupt,
  kInternal,
  kSequence,
  kDependency,
  kPermission,  // something the database's configuration forbids (enable_external_access)
};

/// The human name of a category, e.g. "Conversion" — used as "Conversion Error: …".
std::string_view ErrorCategoryName(ErrorCategory category);

/// Base of every exception Teal throws. what() is the message alone;
/// Describe() prefixes the category ("Binder Error: column "x" not found").
class Error : public std::runtime_error {
 public:
  /// Messages longer than kMaxMessage characters keep their start and end with the middle
  /// cut out, so a message that quotes a huge statement or value stays readable.
  Error(ErrorCategory category, std::string message)
      : std::runtime_error(Bounded(std::move(message))), category_(category) {}

  static constexpr size_t kMaxMessage = 2000;

  ErrorCategory Category() const noexcept { return category_; }
  std::string Describe() const;

 private:
  static std::string Bounded(std::string message);
  ErrorCategory category_;
};

#define TEAL_DECLARE_ERROR(Name, Cat)                                                     \
  class Name : public Error {                                                             \
   public:                                                                                \
    explicit Name(std::string message) : Error(ErrorCategory::Cat, std::move(message)) {} \
  };

/// Malformed SQL text.
TEAL_DECLARE_ERROR(ParserError, kParser)
/// SQL that parses but does not make sense: unknown column, type mismatch.
TEAL_DECLARE_ERROR(BinderError, kBinder)
/// Unknown or duplicate tables, types, schemas.
TEAL_DECLARE_ERROR(CatalogError, kCatalog)
/// A value that cannot be converted to the requested type.
TEAL_DECLARE_ERROR(ConversionError, kConversion)
/// NOT NULL, UNIQUE, CHECK and similar violations.
TEAL_DECLARE_ERROR(ConstraintError, kConstraint)
/// Conflicts, aborted transactions.
TEAL_DECLARE_ERROR(TransactionError, kTransaction)
/// File system failures.
TEAL_DECLARE_ERROR(IOError, kIO)
/// Bad arguments to the API.
TEAL_DECLARE_ERROR(InvalidInputError, kInvalidInput)
/// Arithmetic overflow, values outside a type's range during execution.
TEAL_DECLARE_ERROR(OutOfRangeError, kOutOfRange)
/// The memory_limit was reached (or the OS had no memory left).
TEAL_DECLARE_ERROR(OutOfMemoryError, kOutOfMemory)
/// The query was cancelled: Connection::Interrupt(), or Ctrl-C in the shell.
TEAL_DECLARE_ERROR(InterruptError, kInterrupt)
/// A bug in Teal: an invariant did not hold.
TEAL_DECLARE_ERROR(InternalError, kInternal)
/// A sequence that cannot give the value asked of it: currval before nextval, nextval past
/// its last value.
TEAL_DECLARE_ERROR(SequenceError, kSequence)
/// A DROP or ALTER that other objects stand in the way of (a view on a table, a FOREIGN KEY
/// referencing it, a DEFAULT using a sequence).
TEAL_DECLARE_ERROR(DependencyError, kDependency)
TEAL_DECLARE_ERROR(PermissionError, kPermission)

#undef TEAL_DECLARE_ERROR

/// A feature Teal does not support (yet). The message always starts "not implemented: ".
class NotImplementedError : public Error {
 public:
  explicit NotImplementedError(std::string_view what)
      : Error(ErrorCategory::kNotImplemented, "not implemented: " + std::string(what)) {}
};

}  // namespace teal
