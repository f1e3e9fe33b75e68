// Shard files (see shard_file.hpp): zlib's gz* functions, one sync flush per line.
#include "harness/sweep/shard_file.hpp"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace touchstone {
namespace {

std::string gz_message(gzFile file) {
  int code = Z_OK;
  const char* message = gzerror(file, &code);
  return message && *message ? message : "unknown zlib error";
}

}  // namespace

bool read_shard_file(const std::string& path, const ShardLineVisitor& each) {
  gzFile file = gzopen(path.c_str(), "rb");
  if (!file)
    throw std::runtime_error("cannot open shard file " + path + ": " + std::strerror(errno));
  bool torn = false;
  std::string pending;
  char buffer[1 << 16];
  std::size_t line_number = 0;
  for (;;) {
    const int n = gzread(file, buffer, sizeof buffer);
    if (n <= 0) {
      // A stream cut short sets Z_BUF_ERROR ("unexpected end of file") yet ends like a clean
      // end of file: ask zlib which it was.
      int code = Z_OK;
      gzerror(file, &code);
      torn = code != Z_OK;
      break;
    }
    pending.append(buffer, static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (std::size_t end; (end = pending.find('\n', start)) != std::string::npos; start = end + 1) {
      ++line_number;
      nlohmann::json line;
      try {
        line = nlohmann::json::parse(pending.begin() + static_cast<long>(start),
                                     pending.begin() + static_cast<long>(end));
      } catch (const nlohmann::json::exception& e) {
        gzclose(file);
        throw std::runtime_error("shard file " + path + " line " + std::to_string(line_number) +
                                 ": not JSON (" + e.what() + ")");
      }
      try {
        each(std::move(line), line_number);
      } catch (...) {
        gzclose(file);
        throw;
      }
    }
    pending.erase(0, start);
  }
  gzclose(file);
  return torn || !pending.empty();  // a stream cut short, a line cut before its newline
}

ShardWriter::ShardWriter(const std::string& path, bool truncate) : path_(path) {
  gzFile file = gzopen(path.c_str(), truncate ? "wb" : "ab");
  if (!file)
    throw std::runtime_error("cannot open shard file " + path +
                             " for writing: " + std::strerror(errno));
  file_ = file;
}

ShardWriter::~ShardWriter() {
  if (file_) gzclose(static_cast<gzFile>(file_));
}

void ShardWriter::write(const nlohmann::json& line) {
  auto file = static_cast<gzFile>(file_);
  if (!file) throw std::runtime_error("shard file " + path_ + " is closed");
  const std::string text =
      line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  if (gzwrite(file, text.data(), static_cast<unsigned>(text.size())) !=
          static_cast<int>(text.size()) ||
      gzflush(file, Z_SYNC_FLUSH) != Z_OK)
    throw std::runtime_error("cannot write shard file " + path_ + ": " + gz_message(file));
}

void ShardWriter::close() {
  auto file = static_cast<gzFile>(file_);
  file_ = nullptr;
  if (file && gzclose(file) != Z_OK) throw std::runtime_error("cannot close shard file " + path_);
}

void rewrite_shard_file(const std::string& path) {
  const std::string temporary = path + ".rewrite";
  {
    ShardWriter writer(temporary, true);
    read_shard_file(path, [&](nlohmann::json&& line, std::size_t) { writer.write(line); });
    writer.close();
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    throw std::runtime_error("cannot replace shard file " + path + ": " + std::strerror(errno));
  }
}

}  // namespace touchstone
