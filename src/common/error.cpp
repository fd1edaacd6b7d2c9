// Error category names and descriptions.
#include "teal/error.hpp"

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
      return "Transaction";
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
    case ErrorCategory::kInternal:
      return "Internal";
  }
  return "Unknown";
}

std::string Error::Describe() const {
  std::string out(ErrorCategoryName(category_));
  out += " Error: ";
  out += what();
  return out;
}

}  // namespace teal
