// The query profile of enable_profiling (main/query_profile.hpp): its text and JSON forms
// for a plan with figures, JSON escaping of the query's text, the optimizer's time only
// when measured; and the profile a streamed result writes when read to its end, or when
// dropped before it.
#include "main/query_profile.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

ProfiledOperator Plan() {
  ProfiledOperator scan{"TABLE_SCAN", "t (i)", 1000, 2'500'000, {}};
  return ProfiledOperator{"UNGROUPED_AGGREGATE", "aggregates: count_star()", 1, 500'000, {scan}};
}

TEST(QueryProfileTest, TextGivesTheQueryItsTimeAndEachOperatorsFigures) {
  QueryProfileRequest request;
  request.sql = "SELECT count(*) FROM t";
  request.format = "query_tree";
  EXPECT_EQ(RenderQueryProfile(request, Plan(), 0.25),
            "Query Profiling Information\n"
            "SELECT count(*) FROM t\n"
            "Total Time: 0.2500s\n"
            "UNGROUPED_AGGREGATE  aggregates: count_star()  (rows: 1, time: 0.500 ms)\n"
            "  TABLE_SCAN  t (i)  (rows: 1000, time: 2.500 ms)\n");
  request.optimizer_seconds = 0.001;
  EXPECT_NE(RenderQueryProfile(request, Plan(), 0.25).find("Optimizer: 0.0010s\n"),
            std::string::npos);
}

TEST(QueryProfileTest, JsonEscapesTheQueryAndNestsTheOperators) {
  QueryProfileRequest request;
  request.sql = "SELECT 'a\"b\\c',\n\t1";
  request.format = "json";
  EXPECT_EQ(RenderQueryProfile(request, Plan(), 0.25),
            "{\n"
            "  \"query_name\": \"SELECT 'a\\\"b\\\\c',\\n\\t1\",\n"
            "  \"latency\": 0.250000,\n"
            "  \"rows_returned\": 1,\n"
            "  \"children\": [\n"
            "    {\n"
            "      \"operator_name\": \"UNGROUPED_AGGREGATE\",\n"
            "      \"extra_info\": \"aggregates: count_star()\",\n"
            "      \"operator_timing\": 0.000500,\n"
            "      \"operator_cardinality\": 1,\n"
            "      \"children\": [\n"
            "        {\n"
            "          \"operator_name\": \"TABLE_SCAN\",\n"
            "          \"extra_info\": \"t (i)\",\n"
            "          \"operator_timing\": 0.002500,\n"
            "          \"operator_cardinality\": 1000,\n"
            "          \"children\": []\n"
            "        }\n"
            "      ]\n"
            "    }\n"
            "  ]\n"
            "}\n");
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(QueryProfileTest, AStreamedResultWritesItsProfileAtItsEndOrWhenDropped) {
  const auto path = std::filesystem::temp_directory_path() / "teal_query_profile_test.txt";
  std::filesystem::remove(path);
  Database db;
  Connection con(db);
  con.Execute("PRAGMA enable_profiling");
  con.Execute("SET profiling_output = '" + path.string() + "'");
  {
    Result result = con.Query("SELECT * FROM range(100000) t(r)");
    ASSERT_NE(result.NextChunk(), nullptr);
    EXPECT_FALSE(std::filesystem::exists(path));  // still running
    while (result.NextChunk()) {
    }
    EXPECT_NE(ReadFile(path).find("RANGE  100000 values from 0 step 1  (rows: 100000,"),
              std::string::npos);
  }
  {
    Result result = con.Query("SELECT * FROM range(7) t(r)");
    ASSERT_NE(result.NextChunk(), nullptr);
  }
  EXPECT_NE(ReadFile(path).find("FROM range(7)"), std::string::npos);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace teal
