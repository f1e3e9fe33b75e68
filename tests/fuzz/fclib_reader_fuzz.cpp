// libFuzzer target: an FCLib local problem through load_cases(), as the harness reads a *.hdf5
// file. The input bytes describe the problem (spacedim, W's shape and storage, its index arrays
// with any values, q), which FCLib's own writer stores as HDF5: the arrays are as long as FCLib
// expects (its reader trusts that), their contents are whatever the fuzzer chose, so the reader's
// checks of W (indices, pointers, sizes) are what is exercised.
#include <sys/wait.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <vector>

extern "C" {
#include <fclib.h>
}

#include "cases/format/case_loader.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

int index_value(touchstone::fuzz::ByteReader& in, int m) {
  const std::uint8_t b = in.byte();
  if (b == 0xFF) return static_cast<int>(in.u32());
  return static_cast<int>(b % (m + 4)) - 2;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  touchstone::fuzz::ByteReader in(data, size);
  const std::uint8_t storage = in.byte();
  const int d = 1 + in.byte() % 4;
  // Sizes of at least 1: FCLib's writer (not the reader under test) exits on empty datasets.
  const int m = 1 + in.byte() % 40, n = storage & 0x80 ? 1 + in.byte() % 40 : m;
  const int nz = storage % 3 == 0 ? -1 : storage % 3 == 1 ? -2 : 1 + in.byte() % 64;
  const int nzmax = nz >= 0 ? nz : 1 + in.byte() % 64;
  std::vector<int> p(nz == -1 ? n + 1 : nz == -2 ? m + 1 : nz), i(nzmax);
  std::vector<double> x(nzmax), q(m), mu(m / d + 1, 0.5);
  for (int& v : p) v = index_value(in, nzmax);
  for (int& v : i) v = index_value(in, m);
  for (double& v : x) v = in.coordinate();
  for (double& v : q) v = in.coordinate();

  fclib_matrix W{};
  W.nzmax = nzmax;
  W.m = m;
  W.n = n;
  W.p = p.data();
  W.i = i.data();
  W.x = x.data();
  W.nz = nz;
  fclib_local problem{};
  problem.W = &W;
  problem.q = q.data();
  problem.mu = mu.data();
  problem.spacedim = d;
  const auto file = touchstone::fuzz::scratch_file(data, 0, ".hdf5");
  std::filesystem::remove(file);
  // FCLib's writer checks the problem and calls exit() on what it does not like (rows not a
  // multiple of spacedim, ...): it runs in a child, and only a file it wrote is read. The child's
  // own exit handler runs before libFuzzer's (handlers run last registered first), so FCLib's
  // exit() in the writer is not reported as the fuzz target exiting.
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::atexit([] { std::_Exit(1); });
    std::_Exit(fclib_write_local(&problem, file.c_str()) ? 0 : 1);
  }
  int status = 0;
  if (pid < 0 || ::waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0)
    return 0;
  (void)touchstone::load_cases(file);
  return 0;
}
