// DatabaseInstance::SizeRow: what pragma_database_size() / PRAGMA database_size show.
#include "common/block_allocator.hpp"
#include "common/byte_size.hpp"
#include "main/database_instance.hpp"
#include "storage/database_file.hpp"
#include "storage/write_ahead_log.hpp"

namespace teal {

std::vector<Value> DatabaseInstance::SizeRow() {
  uint64_t total = 0, used = 0, log_bytes = 0;
  if (file_) {
    // The checkpoint lock keeps a checkpoint from changing the block lists meanwhile.
    std::lock_guard<std::mutex> guard(checkpoint_lock_);
    total = file_->BlockCount();
    used = file_->UsedBlocks().size();
  }
  if (log_) log_bytes = log_->FileOffset(log_->Size());
  const size_t limit = BlockAllocator::Instance().Limit();
  auto bigint = [](uint64_t v) { return Value::BigInt(static_cast<int64_t>(v)); };
  return {Value::Varchar(GetSettings().ForBinder().database_name),
          Value::Varchar(FormatByteSize(total * kBlockSize)),
          bigint(file_ ? kBlockSize : 0),
          bigint(total),
          bigint(used),
          bigint(total - used),
          Value::Varchar(FormatByteSize(log_bytes)),
          Value::Varchar(FormatByteSize(BlockAllocator::Instance().GetStats().bytes_in_use)),
          Value::Varchar(limit == 0 ? std::string("unlimited") : FormatByteSize(limit))};
}

}  // namespace teal
