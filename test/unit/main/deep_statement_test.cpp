// Deeply nested SQL never crashes the process, on any thread: statements up to
// max_expression_depth (1000) work even from a thread with a 1 MiB stack, deeper ones are a
// ParserError, and error messages quote a bounded excerpt of the statement.
#include <gtest/gtest.h>
#include <pthread.h>

#include <exception>
#include <functional>
#include <string>

#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {
/// Runs `fn` on a thread with a 1 MiB stack (an application's worker thread) and rethrows
/// what it throws.
void OnSmallStack(const std::function<void()>& fn) {
  struct Call {
    const std::function<void()>* fn;
    std::exception_ptr error;
  } call{&fn, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 1 << 20);
  pthread_t thread;
  ASSERT_EQ(pthread_create(
                &thread, &attr,
                [](void* p) -> void* {
                  auto* c = static_cast<Call*>(p);
                  try {
                    (*c->fn)();
                  } catch (...) {
                    c->error = std::current_exception();
                  }
                  return nullptr;
                },
                &call),
            0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  if (call.error) std::rethrow_exception(call.error);
}

std::string Sum(int terms, const std::string& term) {
  std::string sql = term;
  for (int i = 1; i < terms; i++) sql += "+" + term;
  return sql;
}

std::string NestedSubqueries(int depth) {
  std::string sql;
  for (int i = 0; i < depth; i++) sql += "(SELECT ";
  sql += "1";
  for (int i = 0; i < depth; i++) sql += ")";
  return "SELECT " + sql;
}

int64_t FirstValue(Result result) {
  return result.GetValue(0, 0).CastAs(TypeId::kBigInt).GetStored<int64_t>();
}
}  // namespace

TEST(DeepStatementTest, ExpressionsUpToTheLimitWorkOnASmallStack) {
  Database db;
  Connection con(db);
  OnSmallStack([&] {
    EXPECT_EQ(FirstValue(con.Query("SELECT " + Sum(999, "1"))), 999);
    // Evaluated per row (not folded): every chunk is computed on a large stack too.
    EXPECT_EQ(FirstValue(con.Query("SELECT max(" + Sum(900, "range") + ") FROM range(3000)")),
              900 * 2999);
  });
}

TEST(DeepStatementTest, NestedSubqueriesUpToTheLimitWorkOnASmallStack) {
  Database db;
  Connection con(db);
  OnSmallStack([&] { EXPECT_EQ(FirstValue(con.Query(NestedSubqueries(450))), 1); });
}

TEST(DeepStatementTest, DeepPreparedStatementWorksOnASmallStack) {
  Database db;
  Connection con(db);
  OnSmallStack([&] {
    PreparedStatement prepared = con.Prepare("SELECT $1 + " + Sum(800, "range") + " FROM range(2)");
    EXPECT_EQ(FirstValue(prepared.Execute(5)), 5);
  });
}

TEST(DeepStatementTest, DeeperThanTheLimitIsAParserError) {
  Database db;
  Connection con(db);
  for (const std::string& sql : {"SELECT " + Sum(5000, "1"), NestedSubqueries(3000), [] {
                                   std::string u = "SELECT 1";
                                   for (int i = 0; i < 10000; i++) u += " UNION ALL SELECT 1";
                                   return u;
                                 }()}) {
    OnSmallStack([&] {
      try {
        con.Query(sql);
        ADD_FAILURE() << "no error for a statement " << sql.size() << " bytes long";
      } catch (const ParserError& error) {
        EXPECT_NE(std::string(error.what()).find("max_expression_depth"), std::string::npos)
            << error.what();
      }
    });
  }
  // The setting raises the limit.
  con.Execute("SET max_expression_depth = 6000");
  EXPECT_EQ(FirstValue(con.Query("SELECT " + Sum(5000, "1"))), 5000);
  EXPECT_THROW(con.Execute("SET max_expression_depth = 0"), InvalidInputError);
}

TEST(DeepStatementTest, AChainOfViewsIsAnErrorOrAnAnswerButNeverACrash) {
  // (Creating view k binds the k views below it, so a longer chain makes a slow test.)
  constexpr int kViews = 250;
  Database db;
  Connection con(db);
  con.Execute("CREATE VIEW v1 AS SELECT 1 AS a");
  for (int i = 2; i <= kViews; i++) {
    con.Execute("CREATE VIEW v" + std::to_string(i) + " AS SELECT a FROM v" +
                std::to_string(i - 1));
  }
  const std::string top = "SELECT a FROM v" + std::to_string(kViews);
  OnSmallStack([&] {
    try {
      EXPECT_EQ(FirstValue(con.Query(top)), 1);
    } catch (const Error& error) {
      EXPECT_NE(std::string(error.what()).find("nests too deeply"), std::string::npos)
          << error.what();
      EXPECT_LT(std::string(error.what()).size(), 400u);
    }
  });
  EXPECT_EQ(FirstValue(con.Query(top)), 1);
  // Past max_expression_depth views, an error that names the innermost view once.
  con.Execute("SET max_expression_depth = 100");
  try {
    con.Query(top);
    FAIL() << "no error";
  } catch (const BinderError& error) {
    EXPECT_NE(
        std::string(error.what()).find("view \"v150\" is nested in more than 100 other views"),
        std::string::npos)
        << error.what();
    EXPECT_LT(std::string(error.what()).size(), 400u);
  }
}

TEST(DeepStatementTest, ErrorMessagesQuoteABoundedExcerpt) {
  Database db;
  Connection con(db);
  std::string sql = "SELECT " + Sum(20000, "x") + " +";  // 100 KB, a syntax error at its end
  for (int i = 0; i < 5; i++) sql += " 1";
  try {
    con.Query("SET max_expression_depth = 100000; " + sql);
    FAIL() << "no error";
  } catch (const ParserError& error) {
    EXPECT_LT(std::string(error.what()).size(), 400u) << error.what();
  }
}

}  // namespace teal
