// FileSystem: the contract every implementation keeps (POSIX and in-memory alike), what a
// simulated power loss leaves, and the injected faults.
#include "os/file_system.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "os/fault_file_system.hpp"
#include "os/memory_file_system.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

std::string ReadAll(FileHandle& file) {
  std::string out(file.Size(), '\0');
  if (!out.empty()) file.Read(out.data(), out.size(), 0);
  return out;
}

void Write(FileHandle& file, const std::string& bytes, idx_t offset) {
  file.Write(bytes.data(), bytes.size(), offset);
}

/// The contract of file_system.hpp, on `fs`, with files under `dir`.
void ExpectContract(FileSystem& fs, const std::string& dir) {
  const std::string path = dir + "/a.bin";
  EXPECT_FALSE(fs.Exists(path));
  EXPECT_THROW(fs.Open(path, {}), IOError);
  {
    auto file = fs.Open(path, {.create = true});
    EXPECT_TRUE(fs.Exists(path));
    EXPECT_EQ(file->Size(), 0u);
    Write(*file, "hello", 0);
    Write(*file, "!", 7);  // a gap reads as zero bytes
    EXPECT_EQ(ReadAll(*file), std::string("hello\0\0!", 8));
    file->Sync();
    char two[2];
    file->Read(two, 2, 3);
    EXPECT_EQ(std::string(two, 2), "lo");
    try {
      file->Read(two, 2, 7);  // one byte short
      FAIL() << "a short read must throw";
    } catch (const IOError& e) {
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
    file->Truncate(4);
    EXPECT_EQ(ReadAll(*file), "hell");
    // A vectored write: more pieces than one system call takes (IOV_MAX, 1024 on Linux),
    // empty ones among them, lands as their concatenation.
    std::vector<std::string> texts;
    std::vector<std::string_view> pieces;
    std::string expected = "hell";
    for (int i = 0; i < 2500; i++) texts.push_back(i % 7 == 0 ? "" : std::to_string(i) + ",");
    for (const auto& text : texts) {
      pieces.push_back(text);
      expected += text;
    }
    file->WriteV(pieces, 4);
    EXPECT_EQ(ReadAll(*file), expected);
    file->Truncate(4);
    // Renaming over another file replaces it; handles stay valid.
    auto other = fs.Open(dir + "/b.bin", {.create = true});
    Write(*other, "bee", 0);
    fs.Rename(dir + "/b.bin", dir + "/c.bin");
    EXPECT_FALSE(fs.Exists(dir + "/b.bin"));
    EXPECT_EQ(ReadAll(*fs.Open(dir + "/c.bin", {})), "bee");
    fs.Remove(dir + "/c.bin");
  }
  EXPECT_EQ(ReadAll(*fs.Open(path, {})), "hell");
  EXPECT_THROW(Write(*fs.Open(path, {}), "x", 0), IOError);  // opened for reading only
  EXPECT_EQ(ReadAll(*fs.Open(path, {.truncate = true})), "");
  fs.Remove(path);
  EXPECT_FALSE(fs.Exists(path));
  fs.Remove(path);  // missing: not an error
}

TEST(FileSystemTest, PosixKeepsTheContract) {
  char dir[] = "/tmp/teal-fs-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  ExpectContract(PosixFileSystem(), dir);
  rmdir(dir);
}

TEST(FileSystemTest, MemoryKeepsTheContract) {
  MemoryFileSystem fs;
  ExpectContract(fs, "/mem");
}

TEST(FileSystemTest, APowerLossDropsWhatWasNotSynced) {
  MemoryFileSystem fs;
  auto file = fs.Open("db", {.create = true});
  Write(*file, "abc", 0);
  file->Sync();
  Write(*file, "def", 3);
  file->Truncate(1);
  auto never_synced = fs.Open("wal", {.create = true});
  Write(*never_synced, "xyz", 0);
  fs.LosePower(MemoryFileSystem::PowerLoss::kDrop);
  EXPECT_EQ(ReadAll(*fs.Open("db", {})), "abc");
  EXPECT_EQ(ReadAll(*fs.Open("wal", {})), "");  // created, never synced: empty
}

// A torn power loss keeps the synced bytes and a prefix of the later operations, the last
// of them perhaps in part; the same cut gives the same bytes.
TEST(FileSystemTest, ATornPowerLossKeepsAPrefixOfTheUnsyncedWrites) {
  std::set<std::string> seen;
  for (uint64_t cut = 0; cut < 64; cut++) {
    std::string result[2];
    for (int repeat = 0; repeat < 2; repeat++) {
      MemoryFileSystem fs;
      auto file = fs.Open("wal", {.create = true});
      Write(*file, "HEAD", 0);
      file->Sync();
      Write(*file, "AAAA", 4);
      Write(*file, "BBBB", 8);
      fs.LosePower(MemoryFileSystem::PowerLoss::kTear, cut);
      result[repeat] = ReadAll(*fs.Open("wal", {}));
    }
    ASSERT_EQ(result[0], result[1]) << "cut " << cut;
    const std::string& r = result[0];
    const std::string full = "HEADAAAABBBB";
    ASSERT_GE(r.size(), 4u);
    ASSERT_EQ(r, full.substr(0, r.size())) << "cut " << cut;
    seen.insert(r);
  }
  EXPECT_GE(seen.size(), 4u);  // the cuts land in different places
}

TEST(FileSystemTest, InjectedWriteAndSyncFailuresFireOnceOrFromThenOn) {
  MemoryFileSystem memory;
  FaultInjectingFileSystem fs(memory);
  auto file = fs.Open("f", {.create = true});
  fs.FailWrite(2);
  Write(*file, "a", 0);
  EXPECT_THROW(Write(*file, "b", 1), IOError);
  EXPECT_EQ(file->Size(), 1u);  // the failed write wrote nothing
  Write(*file, "c", 1);
  EXPECT_EQ(ReadAll(*file), "ac");
  fs.FailWrite(1, /*persistent=*/true);
  EXPECT_THROW(Write(*file, "d", 2), IOError);
  EXPECT_THROW(Write(*file, "e", 2), IOError);
  fs.Clear();
  Write(*file, "f", 2);
  EXPECT_EQ(fs.Writes(), 6u);

  fs.FailSync(1);
  EXPECT_THROW(file->Sync(), IOError);
  memory.LosePower(MemoryFileSystem::PowerLoss::kDrop);
  EXPECT_EQ(ReadAll(*file), "");  // the failed sync made nothing durable
  Write(*file, "g", 0);
  file->Sync();
  EXPECT_EQ(fs.Syncs(), 2u);
  memory.LosePower(MemoryFileSystem::PowerLoss::kDrop);
  EXPECT_EQ(ReadAll(*file), "g");
}

TEST(FileSystemTest, AFullDiskRefusesWritesThatGrowFilesPastTheSpaceLeft) {
  MemoryFileSystem memory;
  FaultInjectingFileSystem fs(memory);
  auto file = fs.Open("f", {.create = true});
  fs.SetSpaceLeft(10);
  Write(*file, "12345678", 0);
  try {
    Write(*file, "abcd", 8);
    FAIL() << "past the space left";
  } catch (const IOError& e) {
    EXPECT_NE(std::string(e.what()).find("No space left"), std::string::npos) << e.what();
  }
  EXPECT_EQ(file->Size(), 8u);
  Write(*file, "xy", 0);  // within the file: takes no space
  Write(*file, "zz", 8);  // the two bytes left
  EXPECT_EQ(ReadAll(*file), "xy345678zz");
}

}  // namespace
}  // namespace teal
