// PhysicalCsvScan: the rows of read_csv()'s files as typed chunks.
//
// Rows are split by CsvRowReader, a batch of up to a vector's rows at a time; each column's
// fields become a VARCHAR vector (pointing into the reader's buffer) cast to the column's
// type in one TryCastVector. Only when that fails are the rows looked at one by one, to
// name the first bad value and its line, or (ignore_errors) to drop the rows that do not
// convert. One thread reads the files, in order, so the rows come out in file order.
#pragma once

#include "execution/physical_operator.hpp"
#include "function/table/csv_sniffer.hpp"

namespace teal {

class PhysicalCsvScan : public PhysicalSource {
 public:
  PhysicalCsvScan(std::vector<LogicalType> types, std::shared_ptr<const CsvScanData> data)
      : PhysicalSource(std::move(types)), data_(std::move(data)) {}
  std::string Name() const override { return "READ_CSV"; }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  std::shared_ptr<const CsvScanData> data_;
};

}  // namespace teal
