// A sweep's shard file: gzip-compressed JSON lines, append-only. The first line is the shard's
// provenance header, each further line one trial. Every line is followed by a zlib sync flush, so
// after a kill the file decodes up to the last complete line; a torn last line (or a gzip stream
// cut mid-block) is dropped by the reader, and the run that resumes rewrites the file from its
// complete lines before appending.
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace touchstone {

// Calls `each(line, number)` for every complete line of a shard file, parsed, in order (numbers
// from 1), streaming. True when the file is torn: something after the last complete line was
// dropped (a cut line, a gzip stream without its end). Throws std::runtime_error naming the file
// and line for a complete line that is not JSON, or a file that cannot be read at all.
using ShardLineVisitor = std::function<void(nlohmann::json&& line, std::size_t number)>;
bool read_shard_file(const std::string& path, const ShardLineVisitor& each);

// Appends JSON lines to a gzip file, flushing after each one. Throws std::runtime_error naming the
// file when it cannot be opened or written.
class ShardWriter {
 public:
  // `truncate`: start a new file; else append a new gzip member to the file.
  ShardWriter(const std::string& path, bool truncate);
  ~ShardWriter();
  ShardWriter(const ShardWriter&) = delete;
  ShardWriter& operator=(const ShardWriter&) = delete;

  void write(const nlohmann::json& line);
  void close();  // writes the gzip trailer (the destructor does too, ignoring errors)

 private:
  std::string path_;
  void* file_ = nullptr;  // gzFile
};

// Rewrites `path` (atomically: a temporary file renamed over it) to hold exactly its complete
// lines, as one finished gzip stream, so that new lines can be appended.
void rewrite_shard_file(const std::string& path);

}  // namespace touchstone
