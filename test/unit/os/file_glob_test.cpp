// GlobFiles: the wildcards of glob(3) and `**` over a directory tree made for the test.
#include "os/file_glob.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace teal {
namespace {

namespace fs = std::filesystem;

class FileGlobTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("teal_glob_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    for (const char* file : {"a.csv", "b.csv", "c.txt", "sub/d.csv", "sub/deeper/e.csv",
                             "sub/deeper/f.txt", "other/g.csv"}) {
      fs::create_directories((root_ / file).parent_path());
      std::ofstream(root_ / file) << "x\n";
    }
    // A link to a directory is not walked by **: it could lead round in a circle.
    fs::create_directory_symlink(root_ / "sub", root_ / "other" / "loop");
  }
  void TearDown() override { fs::remove_all(root_); }

  /// The files GlobFiles gives for `pattern` (below the root), relative to the root.
  std::vector<std::string> Glob(const std::string& pattern) {
    std::vector<std::string> names;
    const std::string prefix = root_.string() + "/";
    for (const std::string& file : GlobFiles(prefix + pattern)) {
      EXPECT_TRUE(file.starts_with(prefix)) << file;
      names.push_back(file.substr(prefix.size()));
    }
    return names;
  }

  fs::path root_;
};

using Names = std::vector<std::string>;

TEST_F(FileGlobTest, WildcardsMatchFilesOfOneDirectorySorted) {
  EXPECT_EQ(Glob("*.csv"), (Names{"a.csv", "b.csv"}));
  EXPECT_EQ(Glob("?.txt"), (Names{"c.txt"}));
  EXPECT_EQ(Glob("[ab].csv"), (Names{"a.csv", "b.csv"}));
  EXPECT_EQ(Glob("*/*.csv"), (Names{"other/g.csv", "sub/d.csv"}));
}

TEST_F(FileGlobTest, ALiteralPathNamesAnExistingFileOnly) {
  EXPECT_EQ(Glob("c.txt"), (Names{"c.txt"}));
  EXPECT_EQ(Glob("missing.txt"), Names{});
  EXPECT_EQ(Glob("sub"), Names{});  // a directory is no file
  EXPECT_EQ(Glob("*.parquet"), Names{});
}

TEST_F(FileGlobTest, DoubleStarIsAnyDepthOfDirectoriesIncludingNone) {
  EXPECT_EQ(Glob("**/*.csv"),
            (Names{"a.csv", "b.csv", "other/g.csv", "sub/d.csv", "sub/deeper/e.csv"}));
  EXPECT_EQ(Glob("sub/**/*.txt"), (Names{"sub/deeper/f.txt"}));
  EXPECT_EQ(Glob("**.csv"), Glob("**/*.csv"));
  EXPECT_EQ(Glob("sub/**"), (Names{"sub/d.csv", "sub/deeper/e.csv", "sub/deeper/f.txt"}));
}

TEST_F(FileGlobTest, DoubleStarDoesNotFollowLinksToDirectories) {
  for (const std::string& name : Glob("other/**")) EXPECT_FALSE(name.starts_with("other/loop/"));
  EXPECT_EQ(Glob("other/**/*.csv"), (Names{"other/g.csv"}));
}

}  // namespace
}  // namespace teal
