// libFuzzer target: a report file as `touchstone report`, `compare` and `export` read it
// (harness/common/json_file.hpp): plain or gzip bytes, inflated under a limit, then the bounded
// JSON reader. First byte: 0 the rest as the file; 1 the rest gzip-compressed (must read back to
// the very bytes); 2 compressed and cut at a position; 3 compressed with one byte flipped. Never
// crashes, never inflates past the limit.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "cases/format/json_reader.hpp"
#include "harness/common/json_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace touchstone;
  if (size < 2) return 0;
  const int mode = data[0] % 4;
  const std::size_t where = data[1];
  std::string text(reinterpret_cast<const char*>(data + 2), size - 2);
  std::string file = text;
  if (mode != 0) {
    file = gzip_text(text);
    if (mode == 2) file.resize(where % file.size());
    if (mode == 3) file[where % file.size()] ^= static_cast<char>(1 + where % 255);
  }
  constexpr std::size_t kLimit = 1 << 20;
  try {
    const std::string read = gunzip_if_compressed(file, kLimit);
    if (read.size() > kLimit) std::abort();
    if (mode == 1 && read != text) std::abort();
    (void)read_json_document(read, 256);
  } catch (const DocumentError&) {
  } catch (const std::runtime_error&) {
    if (mode == 1 && text.size() <= kLimit) std::abort();  // a whole stream always inflates
  }
  return 0;
}
