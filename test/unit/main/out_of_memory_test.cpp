// Out of memory through the C++ API: always a teal::OutOfMemoryError, whether the
// memory_limit or the system refused, and the engine is usable afterwards with every
// accounted byte of the failed statement given back.
#include <gtest/gtest.h>

#include <fstream>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/block_allocator.hpp"
#include "main/api_boundary.hpp"
#include "teal/connection.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

/// Sets memory_limit for one test and restores the previous limit afterwards.
class LimitGuard {
 public:
  LimitGuard(Connection& con, std::string_view limit) : con_(con) {
    con_.Execute("SET memory_limit = '" + std::string(limit) + "'");
  }
  ~LimitGuard() { con_.Execute("RESET memory_limit"); }

 private:
  Connection& con_;
};

size_t BytesInUse() { return BlockAllocator::Instance().GetStats().bytes_in_use; }

/// The value of `field` ("VmHWM:", "VmRSS:") of /proc/self/status in bytes, or 0.
size_t ProcStatusBytes(std::string_view field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field, 0) == 0) return std::stoull(line.substr(field.size())) * 1024;
  }
  return 0;
}

/// Makes the process's peak resident size (VmHWM) its current size, so that the peak of
/// what runs next can be read. False where the kernel does not allow it.
bool ResetPeakResidentSize() {
  std::ofstream clear_refs("/proc/self/clear_refs");
  clear_refs << "5";
  clear_refs.flush();
  return clear_refs.good() && ProcStatusBytes("VmHWM:") > 0;
}

TEST(OutOfMemoryTest, StringAggPastTheLimitIsOutOfMemoryErrorAndGivesItsMemoryBack) {
  Database db;
  Connection con(db);
  const size_t before = BytesInUse();
  {
    LimitGuard limit(con, "50MB");
    try {
      con.Query("SELECT length(string_agg(repeat('x', 1000), ',')) FROM range(1000000)")
          .Materialize();
      ADD_FAILURE() << "string_agg of ~1 GB ran under a 50 MB limit";
    } catch (const OutOfMemoryError& error) {
      EXPECT_NE(std::string(error.what()).find("memory_limit"), std::string::npos) << error.what();
    }
  }
  EXPECT_EQ(BytesInUse(), before);
  EXPECT_EQ(con.Query("SELECT length(string_agg(s, '')) FROM (VALUES ('ab'), ('cd')) v(s)")
                .GetValue(0, 0),
            Value::BigInt(4));
}

TEST(OutOfMemoryTest, StringAggStopsAtTheLimitNotAfterGrowingPastIt) {
  Database db;
  Connection con(db);
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's quarantine and shadow memory blur the resident size";
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "AddressSanitizer's quarantine and shadow memory blur the resident size";
#endif
#endif
  LimitGuard limit(con, "50MB");
  if (!ResetPeakResidentSize()) GTEST_SKIP() << "cannot reset the peak resident size here";
  const size_t start = ProcStatusBytes("VmRSS:");
  EXPECT_THROW(con.Query("SELECT length(string_agg(repeat('x', 1000), ',')) FROM range(1000000)")
                   .Materialize(),
               OutOfMemoryError);
  // Before, the text was a std::string the limit did not see: it grew to ~1 GB and only
  // the final copy into the result hit the limit.
  const size_t peak = ProcStatusBytes("VmHWM:");
  EXPECT_LT(peak - std::min(peak, start), size_t{200} << 20)
      << "peak " << peak << " bytes, " << start << " at the start";
}

TEST(OutOfMemoryTest, StringAggTextBelowTheLimitStillFits) {
  Database db;
  Connection con(db);
  // ~10 MB of text fits under 64 MB; before, the text was a std::string the limit did
  // not see, so only the final copy into the result counted.
  LimitGuard limit(con, "64MB");
  EXPECT_EQ(con.Query("SELECT length(string_agg(repeat('x', 1000), '')) FROM range(10000)")
                .GetValue(0, 0),
            Value::BigInt(10000000));
}

TEST(OutOfMemoryTest, BadAllocAtTheApiBoundaryBecomesOutOfMemoryError) {
  try {
    AtApiBoundary("Connection::Query", []() -> int { throw std::bad_alloc(); });
    ADD_FAILURE() << "nothing thrown";
  } catch (const OutOfMemoryError& error) {
    EXPECT_NE(std::string(error.what()).find("Connection::Query"), std::string::npos);
  }
  EXPECT_THROW(AtApiBoundary("x",
                             [] {
                               std::vector<int> v;
                               v.reserve(v.max_size() + 1);
                             }),
               OutOfMemoryError);
  EXPECT_THROW(AtApiBoundary("x", []() -> int { throw std::out_of_range("oops"); }), InternalError);
  EXPECT_THROW(AtApiBoundary("x", []() -> int { throw ConstraintError("kept"); }), ConstraintError);
  EXPECT_EQ(AtApiBoundary("x", [] { return 7; }), 7);
}

TEST(OutOfMemoryTest, CreateTableAsOfACrossProductKeepsOnlyItsDataSize) {
  Database db;
  Connection con(db);
  const size_t before = BytesInUse();
  {
    // Before, the cross product made one 4-row chunk per left row, and the CREATE held
    // all 20,000 of them (16 KiB of buffers each) before storing any: ~650 MB.
    LimitGuard limit(con, "64MB");
    con.Execute(
        "CREATE TABLE x AS SELECT a.range AS i, b.range AS j FROM range(0, 20000) a, "
        "range(0, 4) b");
  }
  // 80,000 rows of two BIGINTs are 1.25 MiB in 40 full vectors per column.
  const size_t kept = BytesInUse() - before;
  EXPECT_LE(kept, size_t{2} << 20) << kept << " bytes kept for 1.25 MiB of data";
  EXPECT_EQ(con.Query("SELECT count(*), sum(i), sum(j) FROM x").GetValue(1, 0),
            Value::HugeInt(hugeint_t(799960000)));
}

}  // namespace
}  // namespace teal
