// Error categories: every one has its DuckDB-style name in Describe(), and ThrowErrorOf
// (which passes an error on from a worker thread) throws the matching exception class.
#include <gtest/gtest.h>

#include "common/throw_error.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

template <typename Expected>
void ExpectRethrownAs(ErrorCategory category, std::string_view name) {
  try {
    ThrowErrorOf(category, "it went wrong");
    ADD_FAILURE() << "nothing was thrown";
  } catch (const Expected& e) {
    EXPECT_EQ(e.Category(), category);
    EXPECT_EQ(e.Describe(), std::string(name) + " Error: it went wrong");
  } catch (const Error& e) {
    ADD_FAILURE() << "the wrong class: " << e.Describe();
  }
}

TEST(ErrorCategoryTest, SequenceAndDependencyErrorsKeepTheirCategoryWhenPassedOn) {
  ExpectRethrownAs<SequenceError>(ErrorCategory::kSequence, "Sequence");
  ExpectRethrownAs<DependencyError>(ErrorCategory::kDependency, "Dependency");
  ExpectRethrownAs<PermissionError>(ErrorCategory::kPermission, "Permission");
  ExpectRethrownAs<TransactionError>(ErrorCategory::kTransaction, "TransactionContext");
  ExpectRethrownAs<OutOfRangeError>(ErrorCategory::kOutOfRange, "Out of Range");
}

}  // namespace
}  // namespace teal
