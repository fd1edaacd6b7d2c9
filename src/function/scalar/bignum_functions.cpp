// BIGNUM's arithmetic: a + b, a - b and -a, exact (types/bignum.hpp). Other operators reach
// BIGNUM through its implicit cast to DOUBLE (implicit_cast.cpp), as in DuckDB.
#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "types/bignum.hpp"

namespace teal {

namespace {

using scalar::MakeFunction;

BigInteger Read(const Vector& v, idx_t row) {
  return BigInteger::FromStored(v.Values<string_t>()[row].View());
}

void Write(Vector& result, idx_t row, const BigInteger& value) {
  result.Values<string_t>()[row] = result.AddString(value.ToStored());
}

}  // namespace

void AddBignumArithmetic(ArithOp op, std::vector<ScalarFunction>& out) {
  if (op != ArithOp::kAdd && op != ArithOp::kSubtract) return;
  const bool minus = op == ArithOp::kSubtract;
  const LogicalType bignum(TypeId::kBignum);
  out.push_back(MakeFunction(minus ? "-" : "+", {bignum, bignum}, bignum,
                             [minus](const DataChunk& args, Vector& result, idx_t count) {
                               for (idx_t i = 0; i < count; i++) {
                                 if (!result.RowIsValid(i)) continue;
                                 const BigInteger a = Read(args.data[0], i);
                                 const BigInteger b = Read(args.data[1], i);
                                 Write(result, i, minus ? a - b : a + b);
                               }
                             }));
  out.push_back(MakeFunction(minus ? "-" : "+", {bignum}, bignum,
                             [minus](const DataChunk& args, Vector& result, idx_t count) {
                               if (!minus) {
                                 result.Reference(args.data[0]);
                                 return;
                               }
                               for (idx_t i = 0; i < count; i++) {
                                 if (result.RowIsValid(i)) Write(result, i, -Read(args.data[0], i));
                               }
                             }));
}

}  // namespace teal
